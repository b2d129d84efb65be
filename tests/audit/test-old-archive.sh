#!/bin/sh
# test-old-archive.sh — an archive exported by an earlier muthur (rules
# version ccg-1, before the shuffle seed) still audits: every signature,
# opening, seed and the event chain verify; the replay is skipped with a
# note naming the rules version, and one changed byte still fails.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
a="$TAP_TMP/demo-ff7d160.muthur"
gzip -dc "$top_srcdir/tests/data/archives/demo-ff7d160.muthur.gz" >"$a"
ok $? "the archive of ff7d160 unpacks"

out=$("$MUTHUR" audit "$a" 2>&1)
ok $? "muthur audit of it exits 0"
printf '%s\n' "$out" | sed 's/^/# /'
printf '%s\n' "$out" | grep -q '^OK demo-1: 0 failures; checked 686 player signatures'
ok $? "every player signature is checked and nothing fails"
printf '%s\n' "$out" | grep -q 'rules version ccg-1, this muthur plays'
ok $? "the report says why there is no replay: the rules version"
printf '%s\n' "$out" | grep -q 'made before the shuffle seed'
ok $? "the report says the deal came from the opened phase seeds"

# one changed byte in an event payload: the server's signature fails
sed 's/"type":"reaction-unused"/"type":"reaction-unusex"/' "$a" >"$TAP_TMP/bad"
cmp -s "$a" "$TAP_TMP/bad"
[ $? -ne 0 ]
ok $? "the tampered copy differs"
"$MUTHUR" audit "$TAP_TMP/bad" >"$TAP_TMP/bad.out" 2>&1
[ $? -ne 0 ]
ok $? "a changed byte fails the audit"

done_testing
