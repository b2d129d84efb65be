#!/bin/sh
# test-bughunt-demo.sh — `muthur demo --rules bughunt` plays a whole Bug
# Hunt game by signed mail to a win or a loss, its archive audits with a
# full replay; `muthur new-game --rules bughunt --option` takes the
# difficulty options and refuses unknown ones with the game's words.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
d="$TAP_TMP/demo"

out=$("$MUTHUR" demo --dir "$d" --rules bughunt --quiet 2>&1)
ok $? "muthur demo --rules bughunt exits 0"
printf '%s\n' "$out" | grep '^demo: ' | sed 's/^/# /'
result=$(printf '%s\n' "$out" | tail -n 1)
printf '%s\n' "$result" | grep -Eq '^demo: game demo-1: (blue and red won together in turn [0-9]+ \(victory: every mission done[^)]*\)|the game ended in turn [0-9]+ without a winner \([a-z].*the Xenomorphs win\))$'
ok $? "the demo plays to a win or a loss"
printf '%s\n' "$out" | grep -q '^demo: game demo-1 started with seats blue, red'
ok $? "the demo seats blue and red"
case $result in
*"won together"*) want='blue and red won together' ;;
*) want='no winner' ;;
esac
is "$("$MUTHUR" --config "$d/muthur.conf" status demo-1)" \
    "demo-1: finished, bughunt/bug-hunt: $want" "muthur status gives the result of a cooperative game"
for seat in blue red; do
	n=$(grep -l "^To: $seat@players.example" "$d"/var/mail/out/new/* 2>/dev/null | wc -l)
	[ "$n" -gt 0 ]
	ok $? "the outgoing Maildir holds views for $seat ($n)"
done
f=$(grep -l "^To: blue@players.example" "$d"/var/mail/out/new/* |
    xargs grep -L '^Subject: .*Game starting' | head -n 1)	# not the ready mail
grep -q "Hive track:" "$f" && grep -q "APC (squads enter" "$f"
ok $? "a view mail shows the map and the hive track"

"$MUTHUR" --config "$d/muthur.conf" export demo-1 >"$TAP_TMP/demo-1.archive"
ok $? "muthur export of the demo game exits 0"
audit=$("$MUTHUR" audit "$TAP_TMP/demo-1.archive" 2>&1)
ok $? "muthur audit of the archive exits 0"
printf '%s\n' "$audit" | tail -n 2 | sed 's/^/# /'
printf '%s\n' "$audit" | grep -Eq '^OK demo-1: 0 failures.* [1-9][0-9]* phases replayed'
ok $? "the audit says OK with 0 failures and a full replay"
printf '%s\n' "$audit" | grep -q '^OK demo-1: 0 failures.*; 0 phases with server-only randomness$'
ok $? "every phase, the Xenomorph Phases too, took a seat's nonce: 0 phases with server-only randomness"

c="$d/muthur.conf"
"$MUTHUR" --config "$c" new-game hunt-2 --rules bughunt --option difficulty=hard --scenario bug-hunt >/dev/null 2>&1
ok $? "new-game --rules bughunt --option difficulty=hard"
for seat in blue red; do
	"$MUTHUR" keygen --out "$TAP_TMP/$seat" >/dev/null 2>&1 &&
	    "$MUTHUR" --config "$c" seat hunt-2 "$seat" --email "$seat@players.example" \
	    --key "$TAP_TMP/$seat.pub" >/dev/null 2>&1
	ok $? "muthur seat hunt-2 $seat (the installed seat file)"
done
"$MUTHUR" --config "$c" start --deal-now hunt-2 >/dev/null 2>&1
ok $? "muthur start hunt-2 deals the game"
msg=$("$MUTHUR" --config "$c" new-game hunt-3 --rules bughunt --option difficulty=silly --scenario bug-hunt 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$msg" | grep -q 'unknown option "difficulty=silly" (Bug Hunt has difficulty=easy|normal|hard'
ok $? "an unknown option is refused in the game's words"
msg=$("$MUTHUR" --config "$c" new-game hunt-4 --rules bughunt --scenario contact 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$msg" | grep -q 'Bug Hunt has bug-hunt'
ok $? "an unknown scenario is refused"
done_testing
