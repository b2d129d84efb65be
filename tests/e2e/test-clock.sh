#!/bin/sh
# test-clock.sh — deadlines, reminders, late notices, NMR policies and the
# organiser's verbs (doc/product.md §8) with a fixed clock: muthurd --once
# --now and muthur --now. Each case plays in a folder of its own.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

. "$top_srcdir/tests/e2e/club-lib.sh"

# ---- NMR pass, reminders once and only to those owing, the late notice
setup pass --deadline 48h --reminder 12h --nmr pass
case $(status) in *"deadline 2026-12-03 12:00 UTC"*) ok 0 "the deadline is 48h on";;
	*) ok 1 "the deadline is 48h on: $(status)";; esac
orders marines m 1; ok $? "marines send their orders"
daemon '2026-12-01 13:00'
is "$(mails '[pass] your orders are due')" 0 "no reminder 36h before the deadline"
daemon '2026-12-02 23:59'
is "$(mails '[pass] your orders are due')" 0 "nor a minute before its time"
daemon '2026-12-03 00:00'
is "$(mails '[pass] your orders are due')" 1 "one reminder 12h before the deadline"
is "$(mails '[pass] your orders are due' a@x.example)" 1 "to aliens, who owe orders"
daemon '2026-12-03 06:00'
is "$(mails '[pass] your orders are due')" 1 "a later pass sends it no second time"
is "$(mails '[pass] late seats')" 0 "no late notice before the deadline"
phase_is 3 "the phase waits before its deadline"
daemon '2026-12-03 12:00'
is "$(mails '[pass] late seats' org@club.example)" 1 "the organiser gets a late notice"
f=$(grep -l '^Subject: \[pass] late seats' var/mail/out/new/*)
tr -d '\r' < "$f" | tr '\n' ' ' | tr -s ' ' | grep -q 'passed without orders from: aliens\.'
ok $? "naming the seat without orders"
phase_is 4 "at the deadline the phase resolved (aliens passed)"
is "$(events '\\"type\\":\\"game.nmr\\"')" 2 "one more game.nmr event"
"$MUTHUR" export "$name" | grep -q 'defaulted\\":\[\\"aliens\\"\]'
ok $? "naming aliens as defaulted"
daemon '2026-12-03 12:30'
is "$(events '\\"type\\":\\"game.nmr\\"')" 2 "the deadline fires once"
is "$(mails '[pass] late seats')" 1 "and the late notice goes once"
case $(status) in *"deadline 2026-12-05 12:00 UTC"*) ok 0 "the next phase has its own deadline, 48h from the NMR";;
	*) ok 1 "the next phase has its own deadline: $(status)";; esac
"$MUTHUR" --now '2026-12-03 12:45' abandon "$name" >/dev/null; ok $? "abandon the game"
case $(status) in "pass: abandoned"*) ok 0 "it is abandoned";; *) ok 1 "abandoned: $(status)";; esac
"$MUTHUR" export "$name" > pass.muthur; ok $? "export the abandoned game"
grep -q 'spectator' pass.muthur; is $? 1 "a full archive"
out=$("$MUTHUR" audit pass.muthur 2>&1); ok $? "it audits: $out"
is "$(mails '[pass] the game is abandoned')" 0 "the notices wait in the outbox"
daemon '2026-12-03 13:00'
is "$(mails '[pass] the game is abandoned')" 2 "every seat is told"
err=$("$MUTHUR" --now '2026-12-03 13:00' pause "$name" 2>&1); is $? 1 "an abandoned game cannot be paused"
is "$err" "muthur pause: game pass is abandoned: it cannot be paused" "saying why"

# ---- NMR hold: the organiser is told, the game waits, adjudicate
setup hold --deadline 24h --nmr hold
case $("$MUTHUR" --now '2026-12-02 11:59' status "$name") in
	*", deadline 2026-12-02 12:00 UTC; "*|*", deadline 2026-12-02 12:00 UTC") ok 0 "before the deadline: running, with its deadline";;
	*) ok 1 "before the deadline: $("$MUTHUR" --now '2026-12-02 11:59' status "$name")";; esac
case $("$MUTHUR" --now '2026-12-02 12:00' status "$name") in
	"hold: running, "*", deadline 2026-12-02 12:00 UTC passed (NMR policy hold at muthurd's next pass)"*)
	ok 0 "at the deadline, before muthurd acts: the deadline says it passed";;
	*) ok 1 "at the deadline, before muthurd acts: $("$MUTHUR" --now '2026-12-02 12:00' status "$name")";; esac
daemon '2026-12-02 12:00'
phase_is 3 "held at the deadline"
case $(status) in "hold: held, ccg/contact, turn 1, phase movement.move (3), awaiting marines, aliens, since its deadline 2026-12-02 12:00 UTC passed (NMR policy hold): waiting for the organiser (muthur deadline, extend or adjudicate)"*)
	ok 0 "muthur status: held, since when, waiting for the organiser";;
	*) ok 1 "muthur status: held: $(status)";; esac
case $("$MUTHUR" --now '2026-12-02 12:00' status) in "hold: held, "*) ok 0 "the list of games says held too";;
	*) ok 1 "the list of games says held: $("$MUTHUR" --now '2026-12-02 12:00' status)";; esac
"$MUTHUR" show "$name" --seat aliens | tr -d '\r' > held.view
subject=$(sed -n '/^Subject:/,/^[^ ]/p' held.view | sed '$d' | tr '\n' ' ' | tr -s ' ')
is "$subject" "Subject: [hold] turn 1, movement.move: aliens: your orders are due, the game is held for the organiser " \
    "the view's subject says held, not due by a time gone by"
tr '\n' ' ' < held.view | tr -s ' ' | grep -q 'The game is held: its deadline 2026-12-02 12:00 UTC passed with orders awaited, and it waits for the organiser (NMR policy hold)'
ok $? "its body says the game is held"
tr '\n' ' ' < held.view | tr -s ' ' | grep -q -- '- No orders from marines and aliens by the deadline: the game is held for the organiser (NMR policy hold)'
ok $? "its events say the phase is held, not that the seats passed"
tr '\n' ' ' < held.view | tr -s ' ' | grep -q -- '- The organiser resolved the phase; marines and aliens passed without orders (hold policy)'
ok $? "and the organiser's early adjudication that the phase before was resolved, not 'by the deadline'"
grep -q 'due by' held.view; is $? 1 "and never that orders are due by the deadline gone by"
"$MUTHUR" show "$name" --seat aliens --json | grep -q '"held":[ ]*true'
ok $? "view.json: held true"
is "$(mails '[hold] late seats' org@club.example)" 1 "the organiser is told"
f=$(grep -l '^Subject: \[hold] late seats' var/mail/out/new/*)
tr -d '\r' < "$f" | tr '\n' ' ' | tr -s ' ' | grep -q 'The game waits for you (NMR policy hold): `muthur extend hold 24h` gives them more time, `muthur adjudicate hold` resolves'
ok $? "that the game waits for them, and the verbs that move it on"
daemon '2026-12-04 12:00'
phase_is 3 "and it keeps waiting"
is "$(mails '[hold] late seats')" 1 "with no second notice"
is "$(events '\\"policy\\":\\"hold\\",\\"by\\":\\"clock\\"')" 1 "one game.nmr hold event"
case $(status) in "hold: held, "*", since its deadline 2026-12-02 12:00 UTC passed (NMR policy hold): waiting for the organiser"*)
	ok 0 "muthur status still says the phase is held, since when";;
	*) ok 1 "muthur status says the phase is held: $(status)";; esac
out=$("$MUTHUR" --now '2026-12-04 12:30' extend "$name" 1h 2>&1)
is "$out" "game hold: deadline 2026-12-04 13:30 UTC" "extend a held phase: 1h from now, its deadline gone by"
case $("$MUTHUR" --now '2026-12-04 12:30' status "$name") in "hold: running, "*", deadline 2026-12-04 13:30 UTC; late "*) ok 0 "it runs again, with the new deadline";;
	*) ok 1 "it runs again, with the new deadline: $("$MUTHUR" --now '2026-12-04 12:30' status "$name")";; esac
"$MUTHUR" show "$name" --seat aliens | tr -d '\r' | grep -q 'The game is held'
is $? 1 "and its view no longer says held"
out=$("$MUTHUR" --now '2026-12-04 13:00' adjudicate "$name" 2>&1)
ok $? "adjudicate: $out"
phase_is 4 "the organiser resolved the phase"
case $(status) in "hold: running, "*) ok 0 "and the game runs again";; *) ok 1 "and the game runs again: $(status)";; esac
is "$(events '\\"type\\":\\"game.nmr\\",\\"policy\\":\\"hold\\",\\"by\\":\\"organiser\\"')" 2 "a game.nmr event by the organiser"

# ---- NMR extend: once, then pass
setup extend --deadline 24h --nmr extend
daemon '2026-12-02 12:00'
phase_is 3 "extend: not resolved at the first deadline"
case $(status) in *"deadline 2026-12-03 12:00 UTC"*) ok 0 "the deadline is extended by 24h";;
	*) ok 1 "the deadline is extended by 24h: $(status)";; esac
is "$(mails '[extend] the deadline is extended')" 2 "both late seats are told"
daemon '2026-12-03 11:59'
phase_is 3 "a minute before the new deadline it still waits"
daemon '2026-12-03 12:00'
phase_is 4 "at the new deadline they pass"
is "$(events '\\"policy\\":\\"extend\\",\\"by\\":\\"clock\\"')" 1 "one game.nmr extend event"

# ---- pause and resume keep the time left; a paused game takes no orders
setup pause --deadline 48h
out=$("$MUTHUR" --now '2026-12-02 12:00' pause "$name" 2>&1); ok $? "pause: $out"
daemon '2026-12-05 12:00'
case $(status) in "pause: paused"*"(3)"*) ok 0 "no deadline fires while paused";;
	*) ok 1 "no deadline fires while paused: $(status)";; esac
orders marines m 1
daemon '2026-12-05 12:00'
f=$(grep -l '^To: m@x.example' var/mail/out/new/* | xargs grep -l '^Subject: \[[^]]*\] REFUSED')
tr -d '\r' < "$f" | grep -q 'game pause is paused: it takes no orders now'
ok $? "orders are refused, saying the game is paused"
is "$(mails '[pause] the game is paused')" 2 "every seat is told of the pause"
err=$("$MUTHUR" --now '2026-12-05 12:00' pause "$name" 2>&1); is $? 1 "a paused game cannot be paused again"
out=$("$MUTHUR" --now '2026-12-10 12:00' resume "$name" 2>&1); ok $? "resume: $out"
case $(status) in *"deadline 2026-12-11 12:00 UTC"*) ok 0 "the 24h left run from the resume";;
	*) ok 1 "the 24h left run from the resume: $(status)";; esac
daemon '2026-12-11 11:59'
phase_is 3 "a minute before it, nothing fires"
daemon '2026-12-11 12:00'
phase_is 4 "then the deadline fires"

# ---- muthur deadline
setup dl --deadline 48h
out=$("$MUTHUR" --now '2026-12-01 12:30' deadline "$name" '2026-12-24 18:00' 2>&1)
is "$out" "game dl: deadline 2026-12-24 18:00 UTC" "deadline WHEN"
out=$("$MUTHUR" --now '2026-12-01 12:30' deadline "$name" +24h 2>&1)
is "$out" "game dl: deadline 2026-12-25 18:00 UTC" "deadline +24h moves it"
case $(status) in *"deadline 2026-12-25 18:00 UTC"*) ok 0 "status shows it";;
	*) ok 1 "status shows it: $(status)";; esac
daemon '2026-12-25 17:00'
is "$(mails '[dl] the deadline has moved')" 4 "the seats owing are told each time"
err=$("$MUTHUR" deadline "$name" tomorrow 2>&1); is $? 2 "a bad WHEN exits 2"
is "$(printf '%s\n' "$err" | wc -l | tr -d ' ')" 2 "with one line and the usage line"
err=$("$MUTHUR" deadline "$name" 2>&1); is $? 2 "a missing WHEN exits 2"
# a slip of the month: the next pass would have fired the deadline at once
err=$("$MUTHUR" --now '2026-12-25 17:00' deadline "$name" '2026-11-25 18:00' 2>&1)
is $? 2 "a WHEN gone by exits 2"
is "$(printf '%s\n' "$err" | head -1)" "muthur deadline: 2026-11-25 18:00 is not after now (2026-12-25 17:00 UTC): give a later time, or muthur adjudicate to resolve the phase now (see muthur deadline --help)" "saying so"
daemon '2026-12-25 17:01'
case $(status) in *"(3), "*"deadline 2026-12-25 18:00 UTC"*) ok 0 "and changes nothing";;
	*) ok 1 "and changes nothing: $(status)";; esac
err=$("$MUTHUR" deadline nosuch +1h 2>&1); is $? 1 "an unknown game fails"
out=$("$MUTHUR" --now '2026-12-25 17:02' extend "$name" 1d12h 2>&1)
is "$out" "game dl: deadline 2026-12-27 06:00 UTC" "extend GAME 1d12h moves it later, as deadline +1d12h"
is "$(events '\\"type\\":\\"game.deadline\\",\\"deadline\\":\\"2026-12-27T06:00:00Z\\",\\"by\\":\\"organiser\\"')" 1 \
    "a game.deadline event by the organiser, as the organiser mail's extend records"
daemon '2026-12-25 17:03'
is "$(mails '[dl] the deadline has moved')" 6 "the seats owing are told"
"$MUTHUR" --now '2026-12-25 17:04' abandon "$name" >/dev/null && "$MUTHUR" export "$name" > dl.muthur
out=$("$MUTHUR" audit dl.muthur 2>&1); ok $? "the archive with the extension audits: $(echo "$out" | tail -1)"
err=$("$MUTHUR" extend "$name" soon 2>&1); is $? 2 "extend with a bad DURATION exits 2"
is "$(printf '%s\n' "$err" | wc -l | tr -d ' ')" 2 "with one line and the usage line"
err=$("$MUTHUR" new-game x --rules ccg --scenario contact --nmr maybe 2>&1)
is $? 2 "new-game --nmr maybe exits 2"
is "$(printf '%s\n' "$err" | head -1)" 'muthur new-game: --nmr "maybe": expected pass, hold or extend (see muthur new-game --help)' "saying what is expected"
err=$("$MUTHUR" new-game x --rules ccg --scenario contact --deadline soon 2>&1)
is $? 2 "new-game --deadline soon exits 2"
err=$("$MUTHURD" --once --now 'yesterday' 2>&1); is $? 2 "muthurd --now with a bad time exits 2"

# ---- wait for the deadline, and per-kind deadlines
setup wait --deadline 48h --deadline-movement 6h --wait-for-deadline
case $(status) in *"deadline 2026-12-01 18:00 UTC"*) ok 0 "--deadline-movement sets movement phases' deadline";;
	*) ok 1 "--deadline-movement: $(status)";; esac
orders marines m 1 && orders aliens a 1
daemon '2026-12-01 13:00'
phase_is 3 "every order in, the phase waits for its deadline"
daemon '2026-12-01 18:00'
case $(status) in *"(3)"*) ok 1 "resolved at the deadline: $(status)";;
	*) ok 0 "it resolves at the deadline";; esac
is "$(events '\\"type\\":\\"game.nmr\\"')" 1 "with no NMR"
done_testing
