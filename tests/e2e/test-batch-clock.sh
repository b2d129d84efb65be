#!/bin/sh
# test-batch-clock.sh — a pass's deadlines in few transactions (issue 28
# item 3, daemon/game-batch.h): three games whose deadlines fall due in
# one pass are resolved by their NMR policy in one transaction (the pass's
# debug line "deadlines: 3 games in 1 transactions"), each exactly once,
# and a pass with nothing due commits none.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

. "$top_srcdir/tests/e2e/club-lib.sh"

setup batch1 --deadline 24h --nmr pass
for g in batch2 batch3; do
	"$MUTHUR" --now "$T0" new-game "$g" --rules ccg --scenario contact \
	    --deadline 24h --nmr pass >/dev/null &&
	    "$MUTHUR" seat "$g" marines --email m@x.example --key m.pub >/dev/null &&
	    "$MUTHUR" seat "$g" aliens --email a@x.example --key a.pub >/dev/null &&
	    "$MUTHUR" --now "$T0" start --deal-now "$g" >/dev/null &&
	    "$MUTHUR" --now "$T0" adjudicate "$g" >/dev/null
	ok $? "$g: a second game in the same database, in movement.move"
done
"$MUTHURD" --once -v -v --now '2026-12-01 13:00' >>daemon.log 2>&1
ok $? "a pass before the deadlines"
is "$(grep -c 'deadlines: [1-9]' daemon.log)" 0 "nothing due: no game's unit ran"
"$MUTHURD" --once -v -v --now '2026-12-02 13:00' >>daemon.log 2>&1
ok $? "a pass after the three deadlines"
line=$(grep 'deadlines: ' daemon.log | tail -1)
case $line in *"deadlines: 3 games in 1 transactions, 3 phases resolved"*)
	ok 0 "the three deadlines fired in one transaction";;
	*) ok 1 "the three deadlines fired in one transaction: ${line:-no line}";; esac
for g in batch1 batch2 batch3; do
	name=$g
	is "$(events '\"type\":\"game.nmr\"')" 2 "$g: the deadline fired once (its NMR events)"
	phase_is 4 "the phase resolved"
done
"$MUTHURD" --once -v -v --now '2026-12-02 13:05' >>daemon.log 2>&1
ok $? "one more pass"
for g in batch1 batch2 batch3; do
	name=$g
	is "$(events '\"type\":\"game.nmr\"')" 2 "$g: not fired again"
done
done_testing
