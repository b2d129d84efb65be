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
	for f in "$TAP_TMP/d$g"/var/mail/out/new/*; do
		tr -d '\r' < "$f" | awk '/^== (What happened|Report of turn)/ {e=1; next}
		    e && /^$/ {exit} e' > "$TAP_TMP/one"
		cat "$TAP_TMP/one" >> "$TAP_TMP/events"
		# the sentences of one view, each on one line
		awk '/^- / {if (s != "") print s; s = $0; next} {sub(/^ +/, " "); s = s $0}
		    END {if (s != "") print s}' "$TAP_TMP/one" > "$TAP_TMP/joined"
		p=$(grep -c -E 'pass(es)? for the rest of|Standing passes:' "$TAP_TMP/joined")
		[ "$p" -le 1 ] || echo "$f: $p sentences of passes" >> "$TAP_TMP/passes"
		grep -E ' does not use ' "$TAP_TMP/joined" | grep -v ' holds .* ready against ' |
		    sed "s|^|$f: |" >> "$TAP_TMP/unused"
	done
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
