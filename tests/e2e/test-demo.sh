#!/bin/sh
# test-demo.sh — `muthur demo` plays a whole Contact game to a victory:
# the one-line result names the winner, the outgoing Maildir holds views
# for all four seats with LF line ends, and the exported archive audits
# with a full replay.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
d="$TAP_TMP/demo"

# A demo game with no victory by turn 40 is played again under another
# seed (tap_demo, up to 5 games). (Before the Marines went back for a
# supporting character left uncontrolled,
# tests/rules/scenarios/demo-fetch-stray.scn, about one game in eight
# stalled so.)
tap_demo "$d" "$TAP_TMP/demo.out"
st=$?
out=$(cat "$TAP_TMP/demo.out")
result=$(printf '%s\n' "$out" | tail -n 1)
ok $st "muthur demo exits 0"
echo "# $result"
printf '%s\n' "$result" | grep -Eq '^demo: game demo-1: [a-z]+ won in turn [0-9]+ \(victory: [a-z-]+\)$'
ok $? "the demo ends in a victory with a winner"
printf '%s\n' "$out" | grep -q "the mails muthur sent in $d/var/mail/out/new"
ok $? "the demo says where the mails are"

for seat in rogue marines predator aliens; do
	n=$(grep -l "^To: $seat@players.example" "$d"/var/mail/out/new/* 2>/dev/null |
	    wc -l)
	[ "$n" -gt 0 ]
	ok $? "the outgoing Maildir holds views for $seat ($n)"
done

# the order instructions go to a seat until it has given orders: its
# first view with an orders block, not the later ones
for seat in rogue marines predator aliens; do
	n=$(grep -l "^To: $seat@players.example" $(grep -l 'Put your own random hex' \
	    "$d"/var/mail/out/new/*) 2>/dev/null | wc -l)
	m=$(grep -l "^To: $seat@players.example" $(grep -l '^-----BEGIN MUTHUR ORDERS' \
	    "$d"/var/mail/out/new/*) 2>/dev/null | wc -l)
	[ "$n" -eq 1 ] && [ "$m" -gt 1 ]
	ok $? "$seat is told how to sign in 1 of its $m views with an orders block"
done

# Maildir files have LF line ends (CRLF is for the SMTP wire), and so has
# what `muthur show` prints
cr=$(printf '\r')
n=$(grep -l "$cr" "$d"/var/mail/out/new/* 2>/dev/null | wc -l)
is "$n" 0 "no outgoing Maildir file holds a CR"
"$MUTHUR" --config "$d/muthur.conf" show demo-1 --seat marines > "$TAP_TMP/show.txt"
ok $? "muthur show of the finished game"
[ -s "$TAP_TMP/show.txt" ] && ! grep -q "$cr" "$TAP_TMP/show.txt"
ok $? "muthur show prints LF line ends"

"$MUTHUR" --config "$d/muthur.conf" export demo-1 >"$TAP_TMP/demo-1.archive"
ok $? "muthur export of the demo game exits 0"
audit=$("$MUTHUR" audit "$TAP_TMP/demo-1.archive" 2>&1)
ok $? "muthur audit of the archive exits 0"
printf '%s\n' "$audit" | sed 's/^/# /'
replayed=$(printf '%s\n' "$audit" | sed -n 's/.* \([0-9][0-9]*\) phases replayed.*/\1/p')
[ "${replayed:-0}" -gt 0 ]
ok $? "the audit replayed the phases (${replayed:-none})"
printf '%s\n' "$audit" | grep -q '^OK demo-1: 0 failures'
ok $? "the audit's summary says OK with 0 failures"
printf '%s\n' "$audit" | grep -q '^OK demo-1: 0 failures.*; 0 phases with server-only randomness$'
ok $? "every phase of the game took a seat's nonce: 0 phases with server-only randomness (issue 32)"

printf '%s\n' "$audit" | grep -Eq '^[0-9]+ orders? from plans'
ok $? "the demo's seats sent plans, and the audit checked their seeds"
printf '%s\n' "$out" | grep -E '^demo: (order mails|mails received|[0-9]+ phases resolved, )' |
    sed 's/^/# /'
printf '%s\n' "$out" | grep -Eq '^demo: order mails per seat per game turn \([0-9]+ turns\):.*; mean [0-9.]+$'
ok $? "the demo prints its order mails per seat per turn"
printf '%s\n' "$out" | grep -Eq '^demo: [0-9]+ phases resolved, [0-9]+ of them without waiting for mail$'
ok $? "the demo prints the phases resolved without waiting for mail"

# issue 14's targets, counted from the Maildirs as an outside checker would
figures=$(sh "$top_srcdir/bench/demo-mails.sh" "$d")
ok $? "bench/demo-mails.sh counts the demo's mails"
printf '%s\n' "$figures" | sed 's/^/# /'
printf '%s\n' "$figures" | awk '$2 == "orders" && ($3 > 2.5 || $5 > 4) { bad = 1 }
    END { exit bad }'
ok $? "every seat: at most 2.5 order mails and 4 received mails per game turn"

# A finished game in a league scores its places (daemon/game-league.h):
# the winner 3 points and a win.
winner=$(printf '%s\n' "$result" | sed -n 's/^demo: game demo-1: \([a-z]*\) won .*/\1/p')
is "$("$MUTHUR" --config "$d/muthur.conf" status demo-1)" \
    "demo-1: finished, ccg/contact: $winner won" "muthur status gives a finished game's result"
"$MUTHUR" --config "$d/muthur.conf" league create demo >/dev/null &&
    "$MUTHUR" --config "$d/muthur.conf" league add demo demo-1 >/dev/null
ok $? "league create and add the finished demo game"
st=$("$MUTHUR" --config "$d/muthur.conf" league standings demo 2>&1)
printf '%s\n' "$st" | sed 's/^/# /'
printf '%s\n' "$st" | grep -Eq "^   1  $winner@players.example +1 +1 +3 +[0-9]+$"
ok $? "the winner ($winner) ranks first: played 1, a win, 3 points"

done_testing
