#!/bin/sh
# test-legendary-old-archive.sh — an archive of a Legendary game exported
# under rules version legendary-humans-3 (tests/data/archives/README) still
# audits under this muthur: every signature, opening, seed and the event
# chain verify, the replay is skipped with a note naming both rules
# versions, the archive carries its own card data (the one it was played
# with, without the verbs of version 4), and one changed byte fails.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR

tap_tmpdir
a="$TAP_TMP/legendary-humans-3.muthur"
gzip -dc "$top_srcdir/tests/data/archives/legendary-humans-3.muthur.gz" >"$a"
ok $? "the legendary-humans-3 archive unpacks"

out=$("$MUTHUR" audit "$a" 2>&1)
ok $? "muthur audit of it exits 0"
printf '%s\n' "$out" | sed 's/^/# /'
printf '%s\n' "$out" | grep -q '^OK demo-1: 0 failures; checked 38 player signatures, 394 server signatures, 393 openings, 39 seeds, 421 events'
ok $? "every signature, opening, seed and event is checked and nothing fails"
printf '%s\n' "$out" | grep -q 'rules version legendary-humans-3, this muthur plays legendary-humans-4'
ok $? "the report says why there is no replay: the rules version"

# the archive's own card data: the shipped file has the verbs of version 4,
# the archive's has none of them
head -n 1 "$a" | grep -q '"name":"cards.json"'
ok $? "the archive carries its card data"
if head -n 1 "$a" | grep -q 'discard_hand\|to_front\|\\"attach\\"'; then r=1; else r=0; fi
ok $r "its card data is the one it was played with (no verb of version 4)"
grep -q '"discard_hand"' "$top_srcdir/rules/legendary/data/legendary-cards.json"
ok $? "while the shipped card data has them"

# one changed byte in an event payload: the server's signature fails
sed '0,/"type":"legendary.revealed"/s//"type":"legendary.revealex"/' "$a" >"$TAP_TMP/bad"
cmp -s "$a" "$TAP_TMP/bad"
[ $? -ne 0 ]
ok $? "the tampered copy differs"
"$MUTHUR" audit "$TAP_TMP/bad" >"$TAP_TMP/bad.out" 2>&1
[ $? -ne 0 ]
ok $? "a changed byte fails the audit"
sed 's/^/# /' "$TAP_TMP/bad.out" | head -3
done_testing
