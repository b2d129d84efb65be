#!/bin/sh
# test-seat-entropy.sh — issue 32: the deal waits for every seat's signed
# ready block and mixes its nonce; every phase of a whole Bug Hunt demo
# game takes a seat's nonce (0 phases with server-only randomness); a
# changed nonce of one seat, in phase 1 or in a later phase, makes the
# replay of that phase's draws fail; and the deal's seeds are committed
# at start, before any ready block can be taken (the server cannot grind
# them against the nonces).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
d="$TAP_TMP/demo"

"$MUTHUR" demo --dir "$d" --rules bughunt --quiet >"$TAP_TMP/demo.out" 2>&1
ok $? "muthur demo --rules bughunt exits 0"
c="$d/muthur.conf"
"$MUTHUR" --config "$c" export demo-1 >"$TAP_TMP/a.muthur" 2>/dev/null
ok $? "export of the finished game"
audit=$("$MUTHUR" audit "$TAP_TMP/a.muthur" 2>&1)
ok $? "the archive audits"
printf '%s\n' "$audit" | grep -Eq '^OK demo-1: 0 failures.* [1-9][0-9]* phases replayed.*; 0 phases with server-only randomness$'
ok $? "0 phases with server-only randomness"
printf '%s\n' "$audit" | tail -n 2 | cut -c1-200 | sed 's/^/# /'

# Change one hex digit of a nonce, in its order and its block alike (same
# length, so the archive still parses; its signatures then fail, and the
# replay of the phase the nonce fed must fail too).
tamper() {	# PHASE-INDEX ORDER-INDEX OUT
	python3 - "$TAP_TMP/a.muthur" "$1" "$2" "$3" <<'PY'
import json, sys
raw = open(sys.argv[1]).read()
a = json.loads(raw)
n = a["phases"][int(sys.argv[2])]["orders"][int(sys.argv[3])]["nonce"]
m = ("0" if n[0] != "0" else "1") + n[1:]
open(sys.argv[4], "w").write(raw.replace(n, m))
print(a["phases"][int(sys.argv[2])]["orders"][int(sys.argv[3])]["seat"])
PY
}
if command -v python3 >/dev/null 2>&1; then
	seat=$(tamper 0 1 "$TAP_TMP/t1.muthur")
	out=$("$MUTHUR" audit "$TAP_TMP/t1.muthur" 2>&1)
	[ $? -ne 0 ] && printf '%s\n' "$out" |
	    grep -q '^phase 1 (turn 0, setup): the recorded state hash is not the replayed state'"'"'s'
	ok $? "seat $seat's ready nonce changed: the replay of the deal fails"
	# a phase with no draw (a move) replays the same under any nonce: the
	# first of phases 2..12 whose changed nonce changes a replay names it
	hit=""
	for k in 1 2 3 4 5 6 7 8 9 10 11; do
		seat=$(tamper $k 0 "$TAP_TMP/t2.muthur" 2>/dev/null) || continue
		out=$("$MUTHUR" audit "$TAP_TMP/t2.muthur" 2>&1)
		f=$(printf '%s\n' "$out" | sed -n 's/^phase \([0-9]*\) (turn [0-9]*, [a-z]*): the recorded state hash is not the replayed state.s$/\1/p' | head -n 1)
		if [ -n "$f" ]; then hit="$k $f $seat"; break; fi
	done
	set -- $hit
	[ -n "$hit" ] && [ "$2" -ge $(($1 + 1)) ]
	ok $? "seat ${3:-?}'s nonce of phase $((${1:-0} + 1)) changed: the replay of phase ${2:-none} (fed by it) fails"
else
	ok 0 "# SKIP no python3 to change a nonce"; ok 0 "# SKIP no python3"
fi

# The probe: started, before any mail is read, the seeds that feed the
# deal (phase 1's, the shuffle seed, turn 1's) are committed and phase 1
# owes a ready block from each seat; a ready block of a seat is taken
# only then.
"$MUTHUR" --config "$c" new-game hunt-2 --rules bughunt --scenario bug-hunt >/dev/null 2>&1
for seat in blue red; do
	"$MUTHUR" keygen --out "$TAP_TMP/$seat" >/dev/null 2>&1 &&
	    "$MUTHUR" --config "$c" seat hunt-2 "$seat" --email "$seat@players.example" \
	    --key "$TAP_TMP/$seat.pub" >/dev/null 2>&1
done
"$MUTHUR" --config "$c" start hunt-2 >"$TAP_TMP/start.out" 2>&1
ok $? "muthur start hunt-2"
grep -q "waits" "$TAP_TMP/start.out"
ok $? "start says the deal waits for the seats ($(cat "$TAP_TMP/start.out"))"
"$MUTHUR" --config "$c" export hunt-2 >"$TAP_TMP/s.muthur" 2>/dev/null
for cm in '"muthur.seed","secret_id":"phase-1"' '"muthur.shuffle-seed"' '"muthur.turn-seed","secret_id":"turn-1"'; do
	tr -d ' \n' <"$TAP_TMP/s.muthur" | grep -q "$cm"
	ok $? "committed at start, before any ready block: $cm"
done
"$MUTHUR" --config "$c" start hunt-2 >/dev/null 2>&1
is $? 1 "a second start is refused"
n=$(grep -l "^Subject: \[hunt-2\] Game starting" "$d"/var/mail/out/new/* 2>/dev/null | wc -l)
[ "$n" -eq 0 ] || [ "$n" -eq 2 ]
ok $? "each seat is mailed one ready template (or none yet sent: $n)"
# A ready block of a seat, by mail, taken; a block that is not one refused.
ready() {	# SEAT KEY TAG [EXTRA-LINE]
	"$MUTHUR" --config "$c" show hunt-2 --seat "$1" | tr -d '\r' |
	    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
	    grep -v '^-----\|^nonce:' > "$TAP_TMP/r.txt"
	[ -z "${4:-}" ] || printf '%s\n' "$4" >> "$TAP_TMP/r.txt"
	"$MUTHUR" sign --key "$2.key" "$TAP_TMP/r.txt" > "$TAP_TMP/r.signed" || return 1
	{ printf 'From: %s@players.example\nTo: muthur@club.example\n' "$1"
	  printf 'Subject: ready\nMessage-ID: <%s.%s@players.example>\n\n' "$1" "$3"
	  cat "$TAP_TMP/r.signed"; } > "$d/var/mail/in/new/$1.$3.mail"
}
ready blue "$TAP_TMP/blue" 1 "pass"
"$MUTHURD" --config "$c" --once >/dev/null 2>&1
grep -l '^To: blue@players.example' "$d"/var/mail/out/new/* | xargs grep -l 'REFUSED' |
    xargs grep -q 'the block holds the one line "ready"'
ok $? "a block with other lines than ready, before the deal, is refused with why"
ready blue "$TAP_TMP/blue" 2
"$MUTHURD" --config "$c" --once >/dev/null 2>&1
st=$("$MUTHUR" --config "$c" status hunt-2)
case $st in *"setup"*"awaiting red"*) ok 0 "blue's ready block taken: the deal waits for red";;
	*) ok 1 "blue's ready block taken: the deal waits for red ($st)";; esac
"$MUTHUR" --config "$c" adjudicate hunt-2 >/dev/null 2>&1
ok $? "the organiser deals without red's"
st=$("$MUTHUR" --config "$c" status hunt-2)
case $st in *"running"*) ok 0 "hunt-2 is dealt and running";;
	*) ok 1 "hunt-2 is dealt and running ($st)";; esac
"$MUTHUR" --config "$c" abandon hunt-2 >/dev/null 2>&1
"$MUTHUR" --config "$c" export hunt-2 >"$TAP_TMP/h2.muthur" 2>/dev/null
out=$("$MUTHUR" audit "$TAP_TMP/h2.muthur" 2>&1)
printf '%s\n' "$out" | tail -n 2 | cut -c1-200 | sed 's/^/# /'
printf '%s\n' "$out" | grep -q 'phase 1 (turn 0, setup): no nonce from red since phase 1 (no ready block before the deal)'
ok $? "the audit names red's entropy missing from the deal"
out=$("$MUTHUR" audit --explain 1 "$TAP_TMP/h2.muthur" 2>&1)
printf '%s\n' "$out" | grep -q '^  1\. seat blue, its ready block of this phase: ' &&
    printf '%s\n' "$out" | grep -q '^  seat red: no nonce since phase 1' &&
    printf '%s\n' "$out" | grep -q '^the replay of phase 1 (turn 0, setup) from these matches'
ok $? "muthur audit --explain 1: blue's ready nonce, none of red's, the deal recomputed"
# Under the game's clock the ready blocks have the deadline: passed, the
# deal comes without them.
T0='2026-12-01 12:00'
"$MUTHUR" --config "$c" --now "$T0" new-game hunt-3 --rules bughunt --scenario bug-hunt \
    --deadline 48h --nmr pass >/dev/null 2>&1
for seat in blue red; do
	"$MUTHUR" --config "$c" seat hunt-3 "$seat" --email "$seat@players.example" \
	    --key "$TAP_TMP/$seat.pub" >/dev/null 2>&1
done
"$MUTHUR" --config "$c" --now "$T0" start hunt-3 >/dev/null 2>&1
st=$("$MUTHUR" --config "$c" --now "$T0" status hunt-3)
case $st in *"setup"*"deadline 2026-12-03 12:00 UTC"*) ok 0 "the ready blocks are due by the deadline";;
	*) ok 1 "the ready blocks are due by the deadline ($st)";; esac
"$MUTHURD" --config "$c" --once --now '2026-12-02 12:00' >/dev/null 2>&1
st=$("$MUTHUR" --config "$c" --now '2026-12-02 12:00' status hunt-3)
case $st in *"setup"*) ok 0 "before the deadline the deal waits";;
	*) ok 1 "before the deadline the deal waits ($st)";; esac
"$MUTHURD" --config "$c" --once --now '2026-12-03 12:01' >/dev/null 2>&1
st=$("$MUTHUR" --config "$c" --now '2026-12-03 12:01' status hunt-3)
case $st in *"running"*) ok 0 "the deadline passed: dealt without the ready blocks";;
	*) ok 1 "the deadline passed: dealt without the ready blocks ($st)";; esac
done_testing
