#!/bin/sh
# test-old-archive.sh — archives exported by earlier muthur versions
# (tests/data/archives/README) still audit: every signature, opening, seed
# and the event chain verify; the replay is skipped with a note naming the
# rules version, and one changed byte still fails. The CCG's of ff7d160
# (rules version ccg-1, before the shuffle seed) and a Legendary game of
# legendary-humans-3, which carries its own card data: the one it was
# played with, not the shipped file's.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
# old NAME SUMMARY VERSION TYPE: NAME.muthur.gz unpacks into $a and audits
# with SUMMARY, no replay for rules VERSION; a changed event type TYPE fails
old() {
	a="$TAP_TMP/$1.muthur"
	gzip -dc "$top_srcdir/tests/data/archives/$1.muthur.gz" >"$a"
	ok $? "the archive $1 unpacks"
	tap_audit "$a"
	ok $? "muthur audit of $1 exits 0"
	out=$audit_out
	printf '%s\n' "$out" | grep -q "^OK demo-1: 0 failures; checked $2"
	ok $? "$1: every signature, opening, seed and event is checked and nothing fails"
	printf '%s\n' "$out" | grep -q "rules version $3, this muthur plays"
	ok $? "$1: the report says why there is no replay: the rules version"
	tap_tamper_fails "$a" "0,/\"type\":\"$4\"/s//\"type\":\"$4x\"/" "$1: "
}

old demo-ff7d160 '686 player signatures' ccg-1 reaction-unused
printf '%s\n' "$out" | grep -q 'made before the shuffle seed'
ok $? "the report says the deal came from the opened phase seeds"

old legendary-humans-3 '38 player signatures, 394 server signatures, 393 openings, 39 seeds, 421 events' \
    legendary-humans-3 legendary.revealed
# its own card data: the shipped file has the verbs of legendary-humans-4,
# the archive's has none of them
head -n 1 "$a" | grep -q '"name":"cards.json"'
ok $? "the Legendary archive carries its card data"
if head -n 1 "$a" | grep -q 'discard_hand\|to_front\|\\"attach\\"'; then r=1; else r=0; fi
ok $r "its card data is the one it was played with (no verb of legendary-humans-4)"
grep -q '"discard_hand"' "$top_srcdir/rules/legendary/data/legendary-cards.json"
ok $? "while the shipped card data has them"
done_testing
