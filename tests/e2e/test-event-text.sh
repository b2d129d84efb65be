#!/bin/sh
# test-event-text.sh — the events of whole demo games as their views tell
# them (issue 16): three `muthur demo` games; every line of every view's
# "What happened" or "Report of turn" section reads as a sentence — no "null", no raw field
# name ("_"), no JSON ("{"), no event told by its type and fields; a view
# tells its standing passes in one sentence and a reaction readied and not
# used in one (issue 16: a due view's text within 60 lines).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
: > "$TAP_TMP/passes"
: > "$TAP_TMP/unused"

for g in 1 2 3; do
	"$MUTHUR" demo --dir "$TAP_TMP/d$g" --quiet >/dev/null 2>&1
	ok $? "demo game $g"
	# One awk over the game's mails (a process per mail made this test
	# the suite's slowest): each mail's first "What happened" or "Report
	# of turn" section goes to events; its sentences, each joined onto one
	# line, are checked for more than one sentence of passes and for a
	# reaction told unused without its readying.
	awk -v events="$TAP_TMP/events" -v passes="$TAP_TMP/passes" \
	    -v unused="$TAP_TMP/unused" '
	function sentence(x) {
		if (x ~ /pass(es)? for the rest of|Standing passes:/) np++
		if (x ~ / does not use / && x !~ / holds .* ready against /)
			print prev ": " x >> unused
	}
	function close_mail() {
		if (s != "") sentence(s)
		if (np > 1) print prev ": " np " sentences of passes" >> passes
	}
	FNR == 1 { if (NR > 1) close_mail(); e = 0; done = 0; s = ""; np = 0; prev = FILENAME }
	{ sub(/\r$/, "") }
	done { next }
	/^== (What happened|Report of turn)/ { e = 1; next }
	e && /^$/ { done = 1; next }
	!e { next }
	{ print >> events }
	/^- / { if (s != "") sentence(s); s = $0; next }
	{ sub(/^ +/, " "); s = s $0 }
	END { if (NR > 0) close_mail() }
	' "$TAP_TMP/d$g"/var/mail/out/new/*
done
n=$(grep -c '^- ' "$TAP_TMP/events")
[ "$n" -gt 300 ]
ok $? "the views told $n events"
# a sentence folded over lines: its continuation is indented
grep -v -e '^- ' -e '^    ' -e '^Nothing you could see' "$TAP_TMP/events" > "$TAP_TMP/other"
[ ! -s "$TAP_TMP/other" ]
ok $? "every line is an event or its continuation"
grep -n -E 'null|_|[{}]|: [a-z]+(-[a-z]+)* [a-z_]+ [a-z0-9-]+,' "$TAP_TMP/events" > "$TAP_TMP/bad"
[ ! -s "$TAP_TMP/bad" ]
ok $? "no event line holds null, a field name or JSON ($(wc -l < "$TAP_TMP/bad") do)"
head -5 "$TAP_TMP/bad" | sed 's/^/# /'
grep -c 'Standing passes: \|pass for the rest of' "$TAP_TMP/events" > "$TAP_TMP/npass"
[ ! -s "$TAP_TMP/passes" ] && [ "$(cat "$TAP_TMP/npass")" -gt 0 ]
ok $? "each view tells its standing passes in one sentence ($(cat "$TAP_TMP/npass") of several seats or rounds; $(wc -l < "$TAP_TMP/passes") views tell more)"
head -3 "$TAP_TMP/passes" | sed 's/^/# /'
[ ! -s "$TAP_TMP/unused" ]
ok $? "a reaction not used is told with its readying ($(wc -l < "$TAP_TMP/unused") alone)"
head -3 "$TAP_TMP/unused" | sed 's/^/# /'
done_testing
