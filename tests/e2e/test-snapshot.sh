#!/bin/sh
# test-snapshot.sh — the recorded states are a cache, never believed
# blindly (issue 28): a demo game left open, `muthur fsck` finds every
# recorded state the state its log replays to; then a state row edited
# with sqlite3 (the previous phase's row copied over the latest, which
# hashes right; or bytes that do not) is named by fsck (game and phase,
# exit 1), and muthurd does not advance the game from it: the orders
# mails are put aside (quarantine), unanswered, the log says why. The row
# put back and the mails moved back, the same mails advance the game.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 to edit the database"
tap_tmpdir
d="$TAP_TMP/demo"

"$MUTHUR" demo --dir "$d" --quiet --turns 2 >"$TAP_TMP/demo.out" 2>&1
ok $? "a demo game played for two turns"
cd "$d" || exit 1
case $("$MUTHUR" status demo-1 2>&1) in *running*) ok 0 "it stays open";;
	*) ok 1 "it stays open: $("$MUTHUR" status demo-1 2>&1)";; esac

out=$("$MUTHUR" fsck 2>&1); st=$?
is "$st" 0 "fsck of the untouched database exits 0"
case $out in "demo-1: ok: "*) ok 0 "it says the states are the replay's: $out";;
	*) ok 1 "it says the states are the replay's: $out";; esac

# orders from every seat owing, mailed but not yet read
n=0
for seat in rogue marines predator aliens; do
	"$MUTHUR" show demo-1 --seat "$seat" | tr -d '\r' |
	    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
	    grep -v '^-----\|^nonce:' > o.txt
	[ -s o.txt ] || continue
	"$MUTHUR" sign --key "var/keys/demo-1-$seat.key" o.txt > o.signed || exit 1
	{ printf 'From: %s@players.example\nTo: muthur@club.example\n' "$seat"
	  printf 'Subject: orders\nMessage-ID: <snap.%s@players.example>\n\n' "$seat"
	  cat o.signed; } > "var/mail/in/new/snap.$seat.mail"
	n=$((n + 1))
done
[ "$n" -gt 0 ]; ok $? "orders mailed by the $n seats owing"
before=$("$MUTHUR" status demo-1 2>&1)
cp var/muthur.db "$TAP_TMP/good.db"

last=$(sqlite3 var/muthur.db "SELECT max(after_phase) FROM states")
sqlite3 var/muthur.db "UPDATE states SET (state, hash, deflated) = (SELECT s.state,
    s.hash, s.deflated FROM states s WHERE s.game_id = states.game_id AND
    s.after_phase = $last - 1) WHERE after_phase = $last"
ok $? "the state after phase $last is replaced by the one after phase $((last - 1))"

out=$("$MUTHUR" fsck demo-1 2>&1); st=$?
is "$st" 1 "fsck exits 1"
printf '%s\n' "$out" | grep -q "^demo-1: phase $last: the recorded state is not the state the log replays to$"
ok $? "naming game and phase: $(printf '%s' "$out" | head -n 1)"

"$MUTHURD" --once >daemon.log 2>&1
is "$("$MUTHUR" status demo-1 2>&1)" "$before" "muthurd does not advance the game from it"
is "$(ls var/mail/in/quarantine | grep -c '^snap\.')" "$n" "the orders mails are put aside, not stored"
is "$(sqlite3 var/muthur.db "SELECT count(*) FROM mail_seen")" \
    "$(sqlite3 "$TAP_TMP/good.db" "SELECT count(*) FROM mail_seen")" "nor answered"
grep -q "demo-1: its recorded state (after phase $last) cannot be believed" daemon.log
ok $? "the log says why: $(grep -m 1 'cannot be believed' daemon.log)"
out=$("$MUTHUR" show demo-1 --seat rogue 2>&1); st=$?
is "$st" 1 "muthur show refuses to render from it"

# bytes that are not those the row's hash was made of
sqlite3 var/muthur.db "UPDATE states SET state = CAST('{\"turn\":1}' AS BLOB),
    deflated = 0 WHERE after_phase = $last"
out=$("$MUTHUR" fsck 2>&1); st=$?
is "$st" 1 "fsck of edited state bytes exits 1"
printf '%s\n' "$out" | grep -q "^demo-1: phase $last: the recorded state cannot be believed: .*does not match its hash"
ok $? "naming game and phase: $(printf '%s' "$out" | head -n 1)"
mv var/mail/in/quarantine/snap.* var/mail/in/new/
"$MUTHURD" --once >daemon.log 2>&1
is "$("$MUTHUR" status demo-1 2>&1)" "$before" "muthurd does not advance the game from those either"
is "$(ls var/mail/in/quarantine | grep -c '^snap\.')" "$n" "the orders mails are put aside again"

# the row put back, the mails moved back: they advance the game
cp "$TAP_TMP/good.db" var/muthur.db
rm -f var/muthur.db-wal var/muthur.db-shm
mv var/mail/in/quarantine/snap.* var/mail/in/new/
"$MUTHURD" --once >daemon.log 2>&1
is "$(ls var/mail/in/new var/mail/in/quarantine | grep -c '^snap\.')" 0 \
    "with the state put back the mails are read"
after=$("$MUTHUR" status demo-1 2>&1)
[ "$after" != "$before" ]; ok $? "and the game advances: $after"
out=$("$MUTHUR" fsck 2>&1); ok $? "fsck holds again: $out"

done_testing
