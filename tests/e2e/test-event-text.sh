#!/bin/sh
# test-event-text.sh — the events of whole demo games as their views tell
# them (issue 16): three `muthur demo` games; every line of every view's
# "What happened" or "Report of turn" section reads as a sentence — no "null", no raw field
# name ("_"), no JSON ("{"), no event told by its type and fields.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir

for g in 1 2 3; do
	"$MUTHUR" demo --dir "$TAP_TMP/d$g" --quiet >/dev/null 2>&1
	ok $? "demo game $g"
	for f in "$TAP_TMP/d$g"/var/mail/out/new/*; do
		tr -d '\r' < "$f" | awk '/^== (What happened|Report of turn)/ {e=1; next}
		    e && /^$/ {exit} e'
	done >> "$TAP_TMP/events"
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
done_testing
