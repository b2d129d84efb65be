#!/bin/sh
# test-readme.sh — the README's "Run your own game" lines, run as they are
# written (the indented lines between its walkthrough markers), with the
# build folder and contrib/ on PATH: both players' blocks (minisign by
# hand, ssh-keygen through muthur-sign) are accepted, first their ready
# blocks (the deal), then their orders, and the first phase resolves.
# The PATH line is a code block's, and muthur-sign comes before the first
# signing line.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

for t in minisign ssh-keygen openssl; do
	command -v "$t" >/dev/null 2>&1 || { echo "1..0 # SKIP no $t"; exit 0; }
done
tap_tmpdir
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
PATH="$top_builddir:$top_srcdir/contrib:$PATH"; export PATH
readme="$top_srcdir/README.md"
# the line that puts the programs on PATH is one to copy: in a code block,
# before the walkthrough, with the signing helper's folder too
n=$(grep -n '^    export PATH=\$PWD:\$PWD/contrib:\$PATH$' "$readme" | head -1 | cut -d: -f1)
w=$(grep -n '^<!-- walkthrough:begin -->$' "$readme" | cut -d: -f1)
[ -n "$n" ] && [ -n "$w" ] && [ "$n" -lt "$w" ] && ! grep -q '`export PATH' "$readme"
ok $? "export PATH is a code block's line before the walkthrough (line ${n:-none}), not inline"
# muthur-sign is introduced before a player first signs anything
m=$(grep -n 'muthur-sign' "$readme" | head -1 | cut -d: -f1)
f=$(grep -n '^    .*\(muthur-sign \|minisign -S\|ssh-keygen .*-Y sign\)' "$readme" | head -1 | cut -d: -f1)
[ -n "$m" ] && [ -n "$f" ] && [ "$m" -lt "$f" ]
ok $? "muthur-sign is introduced (line ${m:-none}) before the first signing line (${f:-none})"
sed -n '/^<!-- walkthrough:begin -->$/,/^<!-- walkthrough:end -->$/p' \
    "$top_srcdir/README.md" | sed -n 's/^    //p' > "$TAP_TMP/walk.sh"
[ "$(wc -l < "$TAP_TMP/walk.sh")" -gt 10 ]
ok $? "the README's walkthrough has its lines"
( cd "$TAP_TMP" && sh -e walk.sh ) > "$TAP_TMP/walk.out" 2>&1
ok $? "they run without an error"
sed 's/^/# /' "$TAP_TMP/walk.out"
club="$TAP_TMP/club"
is "$(grep -c 'accepted: game autumn-1, seat [a-z]*, turn 0, phase setup' "$TAP_TMP/walk.out")" 2 \
    "both players' signed ready blocks are accepted (minisign, muthur-sign --ssh)"
is "$(grep -c 'accepted: game autumn-1, seat [a-z]*, turn [1-9]' "$TAP_TMP/walk.out")" 2 \
    "both players' signed orders are accepted (minisign, muthur-sign --ssh)"
# the first phase resolved, and with it every later one the two plans
# (the templates' rest of the turn) answered
st=$(grep '^autumn-1: running, ccg/contact, turn ' "$TAP_TMP/walk.out")
[ -n "$st" ] && ! printf '%s\n' "$st" | grep -q 'turn 1, phase movement.locations '
ok $? "the first phase resolved ($st)"
[ "$(ls "$club/var/mail/in/new" | wc -l)" -eq 0 ]
ok $? "no mail is left waiting"
done_testing
