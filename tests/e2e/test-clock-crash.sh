#!/bin/sh
# test-clock-crash.sh — muthurd killed with SIGKILL while it sends
# reminders and while it fires deadlines (daemon/game-clock.h): after a
# clean pass every deadline fired exactly once (one game.nmr event by the
# clock per game), every reminder was queued once (one Message-ID per
# seat owing, one outbox row each).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
cd "$TAP_TMP" || exit 1
tap_muthur_conf
printf '%s\n' '[club]' 'organiser = org@club.example' 'deadline = 24h' \
    'reminder = 12h' >> muthur.conf
T0='2026-12-01 12:00'
GAMES="g1 g2 g3 g4 g5 g6 g7 g8"
"$MUTHUR" init >/dev/null 2>&1 && "$MUTHUR" keygen --out m >/dev/null 2>&1 &&
    "$MUTHUR" keygen --out a >/dev/null 2>&1
ok $? "init and keys"
n=0
for g in $GAMES; do
	"$MUTHUR" --now "$T0" new-game "$g" --rules ccg --scenario contact >/dev/null &&
	    "$MUTHUR" seat "$g" marines --email "m.$g@x.example" --key m.pub >/dev/null &&
	    "$MUTHUR" seat "$g" aliens --email "a.$g@x.example" --key a.pub >/dev/null &&
	    "$MUTHUR" --now "$T0" start --deal-now "$g" >/dev/null && n=$((n + 1))
done
is "$n" 8 "8 games started with the [club] defaults: 24h deadline, reminder 12h"

kills=0
# crash WHEN: kill muthurd --once --now WHEN at a few moments, then a clean pass
crash() {
	for d in 0.05 0.1 0.15 0.2 0.3 0.4; do
		"$MUTHURD" --once --now "$1" >>daemon.log 2>&1 &
		pid=$!
		sleep "$d"
		if kill -9 "$pid" 2>/dev/null; then kills=$((kills + 1)); fi
		wait "$pid" 2>/dev/null
	done
	"$MUTHURD" --once --now "$1" >>daemon.log 2>&1
}
crash '2026-12-02 00:00'
ok $? "a clean pass after the kills while reminding"
crash '2026-12-02 12:00'
ok $? "a clean pass after the kills while firing the deadlines"
note() { printf '# %s\n' "$*"; }
note "$kills kills"

ids() {	# the Message-IDs of the mails whose subject ends in $1
	for f in var/mail/out/new/*; do
		tr -d '\r' < "$f" | grep -q "^Subject: .*$1\$" || continue
		tr -d '\r' < "$f" | sed -n 's/^Message-ID: //p'
	done
}
is "$(ids '] your orders are due' | sort -u | wc -l | tr -d ' ')" 16 \
    "16 reminders: one to each seat of each game"
# the outbox: each reminder row once, all sent
if command -v sqlite3 >/dev/null 2>&1; then
	is "$(sqlite3 var/muthur.db "SELECT count(*) FROM outbox WHERE mail_key LIKE \
	    'reminder/%' AND state = 'sent'")" 16 "16 reminder rows in the outbox, all sent"
else
	ok 0 "# SKIP no sqlite3 to read the outbox"
fi
# Maildir delivery is exactly once across kills (doc/exactly-once.md)
is "$(ids '] your orders are due' | sort | uniq -d | wc -l | tr -d ' ')" 0 \
    "no reminder was delivered twice"
is "$(ids '] late seats' | sort -u | wc -l | tr -d ' ')" 8 "8 late notices, one per game"
bad=0
for g in $GAMES; do
	c=$("$MUTHUR" export "$g" | grep -o 'game.nmr\\",\\"policy\\":\\"pass\\",\\"by\\":\\"clock' | wc -l)
	[ "$c" -eq 1 ] || { bad=$((bad + 1)); note "$g: $c NMR events"; }
	"$MUTHUR" status "$g" | grep -q '(3), ' || { bad=$((bad + 1)); note "$("$MUTHUR" status "$g")"; }
done
is "$bad" 0 "every game's deadline fired exactly once, each game in its next phase"
"$MUTHURD" --once --now '2026-12-02 12:30' >>daemon.log 2>&1
is "$(ids '] your orders are due' | sort -u | wc -l | tr -d ' ')" 16 "a later pass sends no reminder again"
done_testing
