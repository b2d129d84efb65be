#!/bin/sh
# test-readme.sh — the README's "Run your own game" lines, run as they are
# written (the indented lines between its walkthrough markers), with the
# build folder on PATH: both players' orders (minisign and ssh-keygen
# signed) are accepted and the first phase resolves.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

for t in minisign ssh-keygen openssl; do
	command -v "$t" >/dev/null 2>&1 || { echo "1..0 # SKIP no $t"; exit 0; }
done
tap_tmpdir
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
PATH="$top_builddir:$PATH"; export PATH
sed -n '/^<!-- walkthrough:begin -->$/,/^<!-- walkthrough:end -->$/p' \
    "$top_srcdir/README.md" | sed -n 's/^    //p' > "$TAP_TMP/walk.sh"
[ "$(wc -l < "$TAP_TMP/walk.sh")" -gt 10 ]
ok $? "the README's walkthrough has its lines"
( cd "$TAP_TMP" && sh -e walk.sh ) > "$TAP_TMP/walk.out" 2>&1
ok $? "they run without an error"
sed 's/^/# /' "$TAP_TMP/walk.out"
club="$TAP_TMP/club"
is "$(grep -c 'accepted: game autumn-1' "$TAP_TMP/walk.out")" 2 \
    "both players' signed orders are accepted (minisign, ssh-keygen)"
grep -q '^autumn-1: running, ccg/contact, turn 1, phase movement.move' "$TAP_TMP/walk.out"
ok $? "the first phase resolved"
[ "$(ls "$club/var/mail/in/new" | wc -l)" -eq 0 ]
ok $? "no mail is left waiting"
done_testing
