#!/bin/sh
# test-cli.sh — every verb has --help; misuse exits 2 with one line.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"

"$MUTHUR" --help >/dev/null 2>&1; ok $? "muthur --help exits 0"
"$MUTHURD" --help >/dev/null 2>&1; ok $? "muthurd --help exits 0"
v=$("$MUTHURD" --version); ok $? "muthurd --version exits 0"
case $v in "muthurd "[0-9]*) ok 0 "muthurd --version prints a version";; *) ok 1 "muthurd --version: $v";; esac

verbs="init keygen sign verify new-game seat start status show deadline extend pause resume abandon adjudicate league export audit fsck migrate view cards demo"
for verb in $verbs; do
	out=$("$MUTHUR" "$verb" --help 2>&1); st=$?
	ok $st "muthur $verb --help exits 0"
	case $out in "usage: muthur $verb"*) ok 0 "muthur $verb --help prints its usage";;
		*) ok 1 "muthur $verb --help prints its usage: $out";; esac
	"$MUTHUR" --help | grep -q "^  $verb "; ok $? "muthur --help lists $verb"
done

# misuse of every verb of the command table exits 2: what is wrong, then
# the verb's usage line
table=$("$MUTHUR" --help | awk '/^  [a-z-]+ / {print $1}')
is "$(printf '%s\n' $table | wc -l)" "$(printf '%s\n' $verbs | wc -l)" \
    "muthur --help lists every verb of the table"
for verb in $table; do
	err=$("$MUTHUR" "$verb" --no-such-option 2>&1 </dev/null); st=$?
	is "$st" 2 "muthur $verb --no-such-option exits 2"
	is "$(printf '%s\n' "$err" | wc -l)" 2 "with two lines"
	case $(printf '%s\n' "$err" | head -1) in "muthur $verb: "*) ok 0 "the first says what is wrong";;
		*) ok 1 "the first says what is wrong: $err";; esac
	is "$(printf '%s\n' "$err" | tail -1)" \
	    "$("$MUTHUR" "$verb" --help | head -1)" "the second is its usage line"
done
# one data lookup for every verb: the build tree's data without MUTHUR_DATADIR
(cd / && env -u MUTHUR_DATADIR "$MUTHUR" cards --rules ccg >/dev/null 2>&1)
ok $? "muthur cards finds the card data of the build tree, as muthur seat does"

err=$("$MUTHUR" frobnicate 2>&1 >/dev/null); st=$?
is "$st" 2 "muthur frobnicate exits 2"
is "$(printf '%s\n' "$err" | wc -l)" 1 "with one line"
is "$err" 'muthur: unknown verb "frobnicate" (see muthur --help)' "naming the verb"
"$MUTHUR" >/dev/null 2>&1; is $? 2 "muthur without a verb exits 2"
err=$("$MUTHUR" keygen 2>&1); st=$?
is "$st" 2 "keygen without --out exits 2"
is "$(printf '%s\n' "$err" | head -1)" "muthur keygen: --out NAME is required (see muthur keygen --help)" "and says what is missing"
err=$("$MUTHURD" --bogus 2>&1); is $? 2 "muthurd --bogus exits 2"
is "$(printf '%s\n' "$err" | wc -l)" 1 "with one line"
err=$("$MUTHUR" --config 2>&1); is $? 2 "a dangling --config exits 2"

done_testing
