#!/bin/sh
# test-cards-cli.sh — `muthur cards`: the sample set and the four sample
# decks check out (exit 0), bad data and a bad deck list every problem
# (exit 1), misuse exits 2; --data and MUTHUR_DATADIR find the sample set.
. "$top_srcdir/tests/tap.sh"
tap_tmpdir

DATA="$top_srcdir/rules/ccg/data"
export MUTHUR_DATADIR="$top_srcdir/rules"

out=$("$MUTHUR" cards --rules ccg); st=$?
is "$st" 0 "the sample set is valid"
case $out in "card data: "*" cards in 1 file (sample data), hash "*) r=0 ;; *) r=1 ;; esac
ok $r "summary names sample data and the hash"
hash1=$(printf '%s\n' "$out" | sed 's/.*hash //')
is "${#hash1}" 64 "hash is 64 hex digits"

out=$(MUTHUR_DATADIR= "$MUTHUR" cards --rules ccg --data "$DATA"); st=$?
is "$st" 0 "--data DIR pointing at the files"
is "$(printf '%s\n' "$out" | sed 's/.*hash //')" "$hash1" "same hash"

out=$("$MUTHUR" cards --rules ccg "$DATA/sample-cards.json"); st=$?
is "$st" 0 "a data file given on the command line"

for f in rogue marines predator aliens; do
	out=$("$MUTHUR" cards --rules ccg --scenario contact --deck "$DATA/$f.deck"); st=$?
	is "$st" 0 "$f.deck is legal under Contact"
	line=$(printf '%s\n' "$out" | sed -n 2p)
	case $line in "$f.deck: a legal $f deck under Contact ("*) r=0 ;; *) r=1 ;; esac
	ok $r "$f.deck: reported legal"
done

cat > "$TAP_TMP/bad.deck" <<'EOF'
faction marines
[start]
1 Pvt Hudson
1 Barracks
[deck]
4 Colonist
2 Hand Welder
1 Pvt Hicks
EOF
out=$("$MUTHUR" cards --rules ccg --scenario contact --deck "$TAP_TMP/bad.deck"); st=$?
is "$st" 1 "an illegal deck exits 1"
expected='bad.deck:8: no card named "Pvt Hicks"
bad.deck: the draw deck has 6 cards; at least 40 are needed
bad.deck:6: 4 Colonist: at most 3 copies (copy limit)
bad.deck:7: 2 Hand Welder: at most 1 copy (unique in this scenario)
bad.deck: the draw deck has 1 different supporting characters; Contact needs at least 3
bad.deck: the draw deck has 0 locations; Contact needs at least 6
bad.deck: the draw deck has 0 different locations; Contact needs at least 4
bad.deck: the draw deck has no Operations location; Contact needs one
bad.deck: the draw deck has no Docking Bay location; in Contact the Marines need one
bad.deck: [start] has 0 Weapons Locker; Contact needs 1
bad.deck: [start] has 1 Marines main characters; Contact needs 4'
is "$(printf '%s\n' "$out" | sed 1d)" "$expected" "every violation on its own line"

out=$("$MUTHUR" cards --rules ccg --deck "$TAP_TMP/bad.deck" --faction marines); st=$?
is "$st" 1 "general rules: still illegal"
is "$(printf '%s\n' "$out" | grep -c 'Hand Welder')" 0 "general rules: no Contact override"

printf '{"format":"muthur-ccg-cards","version":1,"set":"x","cards":[{"id":"m1","name":"Pvt Hudson","type":"main character","faction":"marines","rank":"private","speed":"fast","power":4}]}' > "$TAP_TMP/marines.json"
out=$("$MUTHUR" cards --rules ccg "$TAP_TMP/marines.json"); st=$?
is "$st" 1 "bad card data exits 1"
is "$out" 'marines.json: card "Pvt Hudson": field "speed": expected an integer 0..9, got "fast"' \
	"bad card data: file, card and field named"

"$MUTHUR" cards >/dev/null 2>&1; is "$?" 2 "no --rules: misuse"
"$MUTHUR" cards --rules chess >/dev/null 2>&1; is "$?" 2 "unknown rules: misuse"
"$MUTHUR" cards --rules ccg --scenario bughunt >/dev/null 2>&1; is "$?" 2 "unknown scenario: misuse"
"$MUTHUR" cards --rules ccg --faction zerg --deck x >/dev/null 2>&1; is "$?" 2 "unknown faction: misuse"
"$MUTHUR" cards --rules ccg --faction rogue >/dev/null 2>&1; is "$?" 2 "--faction without --deck: misuse"
MUTHUR_DATADIR="$TAP_TMP" "$MUTHUR" cards --rules ccg >/dev/null 2>&1
is "$?" 1 "no sample set found: exits 1"
"$MUTHUR" cards --rules ccg --deck "$TAP_TMP/missing.deck" >/dev/null 2>&1
is "$?" 1 "missing deck file: exits 1"

# Predator Hunting Packs (rules/ccg/hunting-packs.c): the Training Hunt
# example scenario fields three different Predators, never The Outcast,
# with only the Predator Items it grants, nine copies at most
sed -e 's/^1 Mask$/1 Cunning Hunter\
1 Gray Stripe/' -e 's/^1 Melee Claws$/3 Melee Claws/' \
    -e '/Camouflage Suit/d' -e '/Plasma Caster/d' -e '/Smart Disc/d' \
    -e 's/^2 Colonist$/3 Colonist/' -e 's/^1 Pet Dog$/3 Pet Dog/' \
    -e 's/^1 Engineering$/3 Engineering/' "$DATA/predator.deck" > "$TAP_TMP/pack.deck"
out=$("$MUTHUR" cards --rules ccg --scenario training-hunt --deck "$TAP_TMP/pack.deck"); st=$?
is "$st" 0 "a Hunting Pack of three different Predators is legal"
out=$("$MUTHUR" cards --rules ccg --scenario contact --deck "$TAP_TMP/pack.deck"); st=$?
is "$st" 1 "Contact has no Hunting Pack"
sed -e 's/^1 Gray Stripe$/1 Outcast/' -e 's/^1 Cunning Hunter$/1 Young Tusk/' \
    -e 's/^2 Net Gun$/2 Smart Disc\
3 Net Gun/' "$TAP_TMP/pack.deck" > "$TAP_TMP/badpack.deck"
out=$("$MUTHUR" cards --rules ccg --scenario training-hunt --deck "$TAP_TMP/badpack.deck"); st=$?
is "$st" 1 "a bad Hunting Pack exits 1"
expected='badpack.deck:7: Young Tusk: each Predator of a Hunting Pack must be a different card
badpack.deck:8: Outcast may not be part of a Hunting Pack
badpack.deck:29: Smart Disc: the Training Hunt pack may not use this Predator Item
badpack.deck: 12 Predator Items in all; the Training Hunt pack may have at most 9'
is "$(printf '%s\n' "$out" | sed 1d)" "$expected" "Hunting Pack: every violation on its own line"

done_testing
