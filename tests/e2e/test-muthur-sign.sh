#!/bin/sh
# test-muthur-sign.sh — contrib/muthur-sign on real view mails: a demo
# game stopped after turn 2 waits for a seat's orders; its view mail from
# the outgoing Maildir, as mailed and as quoted in a reply (CRLF, "> "),
# is signed with the seat's muthur key and the reply body goes back to
# muthurd, which stores the orders; signed with minisign and ssh-keygen
# keys, the body verifies with `muthur verify`. A mail without a block is
# refused with a reason.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

command -v python3 >/dev/null 2>&1 || skip_all "python3 (muthur-sign reads the mail with it) is not installed"
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
MUTHUR=$MUTHUR; export MUTHUR	# muthur-sign --muthur runs it
sign="$top_srcdir/contrib/muthur-sign"
tap_tmpdir
d="$TAP_TMP/demo"
conf="$d/muthur.conf"

"$MUTHUR" demo --dir "$d" --turns 2 --quiet >/dev/null 2>&1
st=$("$MUTHUR" --config "$conf" status demo-1)
echo "# $st"
seat=$(printf '%s\n' "$st" | sed -n 's/.*, awaiting \([a-z-]*\).*/\1/p')
turn=$(printf '%s\n' "$st" | sed -n 's/.*, turn \([0-9]*\), phase \([a-z.-]*\) .*/\1/p')
phase=$(printf '%s\n' "$st" | sed -n 's/.*, turn \([0-9]*\), phase \([a-z.-]*\) .*/\2/p')
[ -n "$seat" ] && [ -n "$turn" ] && [ -n "$phase" ]
ok $? "the demo game waits for $seat (turn $turn, $phase)"
# (its subject may start "report of turn N;": the view due brings the
# seat's turn report, daemon/turn-report.c)
view=$(grep -l "^To: $seat@players.example" "$d"/var/mail/out/new/* |
    xargs grep -l ": turn $turn, phase $phase$" | xargs grep -l '^Your orders are due' |
    tail -n 1)
[ -n "$view" ] && grep -q "nonce: REPLACE-WITH-YOUR-OWN-RANDOM-HEX" "$view"
ok $? "its view mail is in the outgoing Maildir, with the placeholder nonce"

# the seat's public key, as the game's archive records it
pub=$("$MUTHUR" --config "$conf" export demo-1 | python3 -c '
import json, sys
print([s["key"] for s in json.load(sys.stdin)["seats"] if s["name"] == sys.argv[1]][0])' "$seat")
"$sign" --muthur "$d/var/keys/demo-1-$seat.key" <"$view" >"$TAP_TMP/reply"
ok $? "muthur-sign --muthur signs the view mail's block"
head -n 1 "$TAP_TMP/reply" | grep -qx -- "-----BEGIN MUTHUR ORDERS-----" &&
    grep -q -- "^-----BEGIN MUTHUR SIGNATURE-----" "$TAP_TMP/reply" &&
    grep -Eq '^nonce: [0-9a-f]{32}$' "$TAP_TMP/reply" && ! grep -q "REPLACE-WITH" "$TAP_TMP/reply"
ok $? "the reply body: the block with a random nonce, then the signature"
"$MUTHUR" verify --key "$pub" "$TAP_TMP/reply" >/dev/null
ok $? "muthur verify accepts it with the seat's public key"

# The reply goes to muthurd.
{
	printf 'From: %s@players.example\r\nTo: muthur@club.example\r\n' "$seat"
	printf 'Subject: Re: orders\r\nMessage-ID: <sign-1@players.example>\r\n\r\n'
	sed 's/$/\r/' "$TAP_TMP/reply"
} >"$d/var/mail/in/new/sign-1"
nout=$(ls "$d/var/mail/out/new" | wc -l)
"$MUTHURD" --config "$conf" --once >"$TAP_TMP/muthurd.log" 2>&1
ok $? "muthurd --once handles the reply"
# accepted: no refusal, and the phase no longer waits for the seat (the
# acknowledgement is a note of the seat's next mail, muthur-orders(5))
st2=$("$MUTHUR" --config "$conf" status demo-1)
echo "# $st2"
! grep -q "^Subject: \[demo-1\] REFUSED" "$d"/var/mail/out/new/* &&
    ! printf '%s\n' "$st2" | grep -q ", turn $turn, phase $phase .*awaiting.*$seat"
ok $? "muthurd accepts the orders of $seat"
# the phase resolved: its next views go out (and carry the note); still
# waiting for another seat: nothing is mailed yet
if printf '%s\n' "$st2" | grep -q ", turn $turn, phase $phase "; then
	[ "$(ls "$d/var/mail/out/new" | wc -l)" -eq "$nout" ]
	ok $? "the phase still waits for another seat: nothing mailed yet ($nout mails)"
else
	[ "$(ls "$d/var/mail/out/new" | wc -l)" -gt "$nout" ]
	ok $? "the phase resolved: it mails more than before ($nout mails)"
fi

# A reply being written: the mail quoted with "> ", CRLF line ends.
tr -d '\r' <"$view" | sed -n '/^$/,$p' | sed 's/^/> /; s/$/\r/' >"$TAP_TMP/quoted"
"$sign" --muthur "$d/var/keys/demo-1-$seat.key" <"$TAP_TMP/quoted" >"$TAP_TMP/reply2"
ok $? "muthur-sign reads a quoted reply body"
"$MUTHUR" verify --key "$pub" "$TAP_TMP/reply2" >/dev/null &&
    ! grep -q '^>' "$TAP_TMP/reply2"
ok $? "its output verifies and quotes nothing"

if command -v minisign >/dev/null 2>&1; then
	minisign -G -W -p "$TAP_TMP/m.pub" -s "$TAP_TMP/m.key" >/dev/null 2>&1
	"$sign" --minisign "$TAP_TMP/m.key" <"$view" >"$TAP_TMP/reply-m" 2>"$TAP_TMP/m.err"
	ok $? "muthur-sign --minisign signs"
	"$MUTHUR" verify --key "$TAP_TMP/m.pub" "$TAP_TMP/reply-m" >/dev/null
	ok $? "the minisign signature verifies"
else
	ok 0 "# SKIP minisign is not installed"
fi
if command -v ssh-keygen >/dev/null 2>&1; then
	ssh-keygen -q -t ed25519 -N "" -f "$TAP_TMP/s.key" >/dev/null
	"$sign" --ssh "$TAP_TMP/s.key" <"$view" >"$TAP_TMP/reply-s" 2>"$TAP_TMP/s.err"
	ok $? "muthur-sign --ssh signs"
	"$MUTHUR" verify --key "$TAP_TMP/s.key.pub" "$TAP_TMP/reply-s" >/dev/null
	ok $? "the SSH signature verifies"
else
	ok 0 "# SKIP ssh-keygen is not installed"
fi

printf 'From: a@b.example\nSubject: hello\n\nno orders here\n' |
    "$sign" --muthur "$d/var/keys/demo-1-$seat.key" >"$TAP_TMP/none" 2>"$TAP_TMP/none.err"
[ $? -ne 0 ] && [ ! -s "$TAP_TMP/none" ] && grep -q "no -----BEGIN MUTHUR ORDERS----- line" "$TAP_TMP/none.err"
ok $? "a mail without a block: no output, and the reason"

done_testing
