#!/bin/sh
# test-club.sh — the organiser's hand (PRODUCT.md §8, issue 15): a seat
# replaced mid-game audits with its key history, organiser commands by
# signed mail, absences, leagues and their standings, status — on a fixed
# clock (muthurd --once --now, muthur --now).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"
. "$top_srcdir/tests/e2e/club-lib.sh"

# ---- a seat replaced mid-game: notices, play on, audit, tampering found
setup rep --deadline 48h
orders aliens a 1; daemon '2026-12-01 12:10'
"$MUTHUR" keygen --out d >/dev/null 2>&1
out=$("$MUTHUR" --now '2026-12-01 12:20' seat "$name" aliens --email d@x.example --key d.pub 2>&1)
is "$out" "game rep: seat aliens replaced (d@x.example)" "replace aliens, who sent orders in this phase"
is "$(events '\\"type\\":\\"seat.replaced\\"')" 1 "the key change is an event in the chain"
daemon '2026-12-01 12:30'
is "$(mails 'rep: you no longer play this seat' a@x.example)" 1 "the old player is told"
n=$(grep -l '^To: d@x.example' var/mail/out/new/* 2>/dev/null | xargs grep -l 'BEGIN MUTHUR ORDERS' | wc -l | tr -d ' ')
is "$n" 1 "the new player gets the current view with its orders template"
orders aliens a 2; daemon '2026-12-01 12:40'
phase_is 3 "orders signed with the old key change nothing"
orders aliens d 3 && orders marines m 3; daemon '2026-12-01 13:00'
phase_is 4 "the new player's orders are taken and the phase resolves"
orders aliens d 4 && orders marines m 4; daemon '2026-12-01 14:00'
phase_is 5 "play goes on"
"$MUTHUR" abandon "$name" >/dev/null && "$MUTHUR" export "$name" > rep.muthur
ok $? "abandon and export"
out=$("$MUTHUR" audit rep.muthur 2>&1); ok $? "the archive audits: $(echo "$out" | tail -1)"
# the first key of the history becomes another: the server's signature fails
sed 's/\(old_key\\":\\"muthur-ed25519 \)\(.\)/\1\2\2/' rep.muthur > bad.muthur
cmp -s rep.muthur bad.muthur; is $? 1 "(tampered with the old key)"
out=$("$MUTHUR" audit bad.muthur 2>&1); is $? 1 "a tampered key history fails the audit"
echo "$out" | grep -q 'event [0-9]* (seat.replaced): .*key history was altered'
ok $? "naming the key change: $(echo "$out" | grep seat.replaced | head -1)"
# the seat's listed key put back to the old one: it no longer ends the history
old=$(tr -d '\n' < a.pub | sed 's/ *#.*//'); new=$(sed -n 's/.*"key_type":"muthur","key":"\([^"]*\)"}.*/\1/p' rep.muthur | head -1)
sed "s|\"name\":\"aliens\",\"faction\":\"aliens\",\"key_type\":\"muthur\",\"key\":\"[^\"]*\"|\"name\":\"aliens\",\"faction\":\"aliens\",\"key_type\":\"muthur\",\"key\":\"$(sed -n 's/.*old_key\\":\\"\(muthur-ed25519 [^\\]*\)\\".*/\1/p' rep.muthur | head -1)\"|" rep.muthur > bad2.muthur
cmp -s rep.muthur bad2.muthur; is $? 1 "(the seat's key set back to the old one)"
out=$("$MUTHUR" audit bad2.muthur 2>&1); is $? 1 "that fails the audit too"
echo "$out" | grep -q 'seat aliens: key is not the one its last key change'
ok $? "naming the seat: $(echo "$out" | grep 'seat aliens' | head -1)"
err=$("$MUTHUR" seat "$name" aliens --email e@x.example --key a.pub 2>&1); is $? 1 "an abandoned game's seat cannot be replaced"
is "$err" "muthur seat: game rep is abandoned: its seats can no longer be replaced" "saying why"

done_testing
