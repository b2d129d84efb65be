#!/bin/sh
# test-views.sh — `set views due|every|digest` (PRODUCT.md §6, issue 14;
# daemon/turn-report.c): with due, the default, a seat is mailed a view
# only when it owes orders, and one turn report per ended turn; every
# mails it every phase; digest at most one view a day. Two seats play
# their templates as mailed through a whole turn, by muthurd --once.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
T0='2026-12-01 12:00'

# setup CASE: game CASE (marines m, aliens a) started at T0
setup() {
	name=$1
	mkdir "$TAP_TMP/$name" && cd "$TAP_TMP/$name" || exit 1
	tap_muthur_conf
	"$MUTHUR" init >/dev/null 2>&1 && "$MUTHUR" keygen --out m >/dev/null 2>&1 &&
	    "$MUTHUR" keygen --out a >/dev/null 2>&1 &&
	    "$MUTHUR" --now "$T0" new-game "$name" --rules ccg --scenario contact \
	    >/dev/null &&
	    "$MUTHUR" seat "$name" marines --email m@x.example --key m.pub >/dev/null &&
	    "$MUTHUR" seat "$name" aliens --email a@x.example --key a.pub >/dev/null &&
	    "$MUTHUR" --now "$T0" start --deal-now "$name" >/dev/null
	ok $? "$name: a game started"
}
n=0
# orders SEAT KEY [EXTRA-LINE [noplan]]: mail SEAT's template as mailed
# (plus a line; noplan: without the plan for the rest of the turn that
# follows the phase's orders, and a standing pass made a plain one, so
# that the seat is asked in every phase it owes)
orders() {
	n=$((n + 1))
	"$MUTHUR" show "$name" --seat "$1" | tr -d '\r' |
	    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
	    grep -v '^-----\|^nonce:' |
	    awk -v cut="$4" '/^$/ { body = 1 } body && cut != "" && /^phase: / { exit }
		body && cut != "" && /^pass [a-z-]+$/ { $0 = "pass" } { print }' > o.txt
	[ -z "$3" ] || printf '%s\n' "$3" >> o.txt
	"$MUTHUR" sign --key "$2.key" o.txt > o.signed || return 1
	{ printf 'From: %s@x.example\nTo: muthur@club.example\n' "$2"
	  printf 'Subject: orders\nMessage-ID: <%s.%s@x.example>\n\n' "$1" "$n"
	  cat o.signed; } > "var/mail/in/new/$1.$n.mail"
}
due() { "$MUTHUR" show "$name" --seat "$1" | tr -d '\r' | grep -q '^Your orders are due'; }
turn() { "$MUTHUR" status "$name" | sed -n 's/.*turn \([0-9]*\).*/\1/p' | head -1; }
# views TO: view mails (not receipts) sent to TO
views() {
	grep -l "^To: $1" var/mail/out/new/* 2>/dev/null | xargs grep -L \
	    '^Subject: \[[^]]*\] \(OK\|REFUSED\)' 2>/dev/null | wc -l | tr -d ' '
}
# subjects ADDR: the subjects of the mails to ADDR, one a line (unfolded)
subjects() {
	for f in $(grep -l "^To: $1" var/mail/out/new/* 2>/dev/null); do
		tr -d '\r' < "$f" | awk '/^Subject:/ {s = $0; on = 1; next}
		    on && /^[ \t]/ {s = s $0; next} {on = 0} END {print s}'
	done
}
# play WHEN [MARINES-EXTRA]: every owing seat mails its template, one pass
play() {
	if due marines; then orders marines m "$2"; fi
	if due aliens; then orders aliens a "" noplan; fi
	"$MUTHURD" --once --now "$1" >>daemon.log 2>&1
}

# ---- due (aliens) against every (marines), over a whole turn
setup views
play "$T0" 'set views every'
start=$(turn)
i=0
while [ "$(turn)" = "$start" ] && [ $i -lt 30 ]; do play "$T0"; i=$((i + 1)); done
ok $? "the game reaches turn $(turn) ($i passes)"
# the report of turn $start rides in the first mail aliens get in the next
# turn, when they first owe orders there: that need not be its first phase
# (under MUTHUR_TEST_SEED=f13-2 only the marines owe movement.evacuate)
j=0
while ! due aliens && [ $j -lt 30 ]; do play "$T0"; j=$((j + 1)); done
echo "# aliens owe orders again in turn $(turn), $j passes later"
# views mailed when the seat owed nothing
nodue() {
	grep -l "^To: $1" var/mail/out/new/* 2>/dev/null |
	    xargs grep -l '^No orders are due from you in this phase' 2>/dev/null |
	    wc -l | tr -d ' '
}
echo "# views: marines (every) $(views m@x.example), aliens (due) $(views a@x.example)"
[ "$(nodue m@x.example)" -gt 0 ]
ok $? "with every, marines are mailed views when they owe nothing ($(nodue m@x.example))"
is "$(nodue a@x.example)" 0 "with due, aliens are mailed none"
subjects a@x.example | grep -q "report of turn $start"
ok $? "with due, aliens got a report of turn $start"
subjects m@x.example | grep -q 'report of'
ok $((! $?)) "with every, marines get no turn report"
is "$(subjects a@x.example | grep -c "report of turn $start" || true)" 1 \
    "one report of turn $start, no more"
f=$(for g in $(grep -l '^Subject:' var/mail/out/new/*); do
	tr -d '\r' < "$g" | awk '/^Subject:/ {s = $0; on = 1; next}
	    on && /^[ \t]/ {s = s $0; next} {on = 0} END {print s}' |
	    grep -q "report of turn $start\$" && echo "$g"; done | head -1)
tr -d '\r' < "$f" | grep -q "^== Report of turn $start: what you saw happen =="
ok $? "the report says what the seat saw happen in turn $start"
tr -d '\r' < "$f" | grep -q '^== Battleground '
ok $? "with the board after it"

# ---- digest: at most one view a day
setup digest
play "$T0" 'set views digest'
before=$(views m@x.example)
i=0
while [ $i -lt 6 ]; do play "$T0"; i=$((i + 1)); done
is "$(views m@x.example)" "$before" "digest: no more views the same day"
play '2026-12-02 12:30'
i=0
while [ $i -lt 3 ]; do play '2026-12-02 12:30'; i=$((i + 1)); done
is "$(views m@x.example)" "$((before + 1))" "digest: one more view a day later"

done_testing
