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
is "$(mails '[rep] you no longer play this seat' a@x.example)" 1 "the old player is told"
n=$(grep -l '^To: d@x.example' var/mail/out/new/* 2>/dev/null | xargs grep -l 'BEGIN MUTHUR ORDERS' | wc -l | tr -d ' ')
is "$n" 1 "the new player gets the current view with its orders template"
# told how to sign, as a seat's first player is, though the seat sent orders
signing() { grep -l "^To: $1" var/mail/out/new/* 2>/dev/null |
	xargs grep -l 'Put your own random hex' 2>/dev/null | wc -l | tr -d ' '; }
is "$(signing d@x.example)" 1 "the new player's first view says how to sign"
f=$(grep -l '^To: d@x.example' var/mail/out/new/* | xargs grep -l 'BEGIN MUTHUR ORDERS' | head -1)
tr -d '\r' < "$f" | tr '\n' ' ' | grep -q "Your seat's orders for this phase are in; you may send new ones until it resolves (deadline 2026-12-03 12:00 UTC); awaited: marines\."
ok $? "and that the seat's orders (the old player's) are in, not that they are due"
tr -d '\r' < "$f" | grep -q '^Subject: \[rep\] turn 1, movement.move: aliens: your orders are in$'
ok $? "its subject too"
orders aliens a 2; daemon '2026-12-01 12:40'
phase_is 3 "orders signed with the old key change nothing"
# refused as signed with the seat's former key (not "does not verify");
# a@ is no seat's address now, so it is not answered (tests/daemon/test-view
# renders the reply an address of another seat would get)
grep -q 'aliens.2.mail: .*refused (former-seat-key): game rep, seat aliens' daemon.log
ok $? "the old key's orders are refused as the seat's former key"
# refusals that say what happened (issue 33): the old player, at the
# seat's former address, is told it no longer holds the seat, not to mend
# the mail; so is its quoted unsigned reply to its old view; the seat's
# player replying so to an old view is told the phase is over and the
# mail unsigned, not only that the nonce is a placeholder
refusals() {	# TO TEXT: refusals to TO holding TEXT
	grep -l "^To: $1" var/mail/out/new/* 2>/dev/null | xargs grep -l '^Subject: .*REFUSED' 2>/dev/null |
	    xargs grep -l "$2" 2>/dev/null | wc -l | tr -d ' '; }
is "$(refusals a@x.example 'you no longer hold seat aliens of game rep')" 1 \
    "the old player's signed orders are answered at its former address: it no longer holds the seat"
is "$(refusals a@x.example 'Mend the mail')" 0 "not told to mend the mail"
# quote an old view's orders block as a mail client's reply does, unsigned
quoted_reply() {	# FROM OLDVIEW ID
	{ printf 'From: %s\nTo: muthur@club.example\nSubject: Re: orders\n' "$1"
	  printf 'Message-ID: <%s@x.example>\n\nOn Tue, muthur wrote:\n' "$3"
	  tr -d '\r' < "$2" | sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
	      sed 's/^/> /'; } > "var/mail/in/new/$3.mail"; }
old_a=$(grep -l '^To: a@x.example' var/mail/out/new/* | xargs grep -l 'REPLACE-WITH-YOUR-OWN' | head -1)
old_m=$(grep -l '^To: m@x.example' var/mail/out/new/* | xargs grep -l 'REPLACE-WITH-YOUR-OWN' | head -1)
[ -n "$old_a" ] && [ -n "$old_m" ]
ok $? "old views of both players, with the placeholder nonce"
quoted_reply a@x.example "$old_a" quoted-a
quoted_reply m@x.example "$old_m" quoted-m
daemon '2026-12-01 12:45'
phase_is 3 "quoted unsigned replies change nothing"
is "$(refusals a@x.example 'you no longer hold seat aliens of game rep')" 2 \
    "the old player's quoted unsigned reply: it no longer holds the seat"
is "$(refusals m@x.example 'that phase is over: game rep is in turn')" 1 \
    "the seat's player's quoted unsigned reply to an old view: that phase is over"
is "$(refusals m@x.example 'the mail is unsigned')" 1 "and the mail is unsigned"
orders aliens d 3 && orders marines m 3; daemon '2026-12-01 13:00'
phase_is 4 "the new player's orders are taken and the phase resolves"
is "$(signing d@x.example)" 1 "once: the new player's next view, after its orders, does not"
orders aliens d 4 && orders marines m 4; daemon '2026-12-01 14:00'
phase_is 5 "play goes on"
"$MUTHUR" export "$name" > rep-spectator.muthur; out=$("$MUTHUR" audit rep-spectator.muthur 2>&1)
ok $? "the running game's spectator archive audits, key history and all: $(echo "$out" | head -1)"
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

# ---- a plan of the seat's previous player does not bind the new one
setup rpl --deadline 48h
orders marines m 1 'phase: discard-draw
pass'; daemon '2026-12-01 12:10'
"$MUTHUR" keygen --out d >/dev/null 2>&1
"$MUTHUR" --now '2026-12-01 12:20' seat "$name" marines --email d@x.example --key d.pub >/dev/null
orders aliens a 2; daemon '2026-12-01 12:30'
orders aliens a 3; daemon '2026-12-01 12:40'
case $(status) in *"discard-draw (5), awaiting marines, aliens,"*) ok 0 "rpl: the new player is asked in the phase the old one's plan covered";;
	*) ok 1 "rpl: the new player is asked in the phase the old one's plan covered: $(status)";; esac
n=$(grep -l '^To: d@x.example' var/mail/out/new/* | xargs grep -l '^MUTHUR -- game rpl, .*, phase discard-draw' | wc -l | tr -d ' ')
is "$n" 1 "and mailed its view of that phase"
orders marines d 4 && orders aliens a 4; daemon '2026-12-01 12:50'
phase_is 6 "the new player's orders resolve it"

# ---- organiser commands by signed mail
# org KEY TAG LINE...: mail a block with seat: organiser for the game's
# current turn and phase holding LINEs, signed with KEY.key
org() {
	k=$1 tag=$2; shift 2
	st=$(status)
	turn=$(echo "$st" | sed -n 's/.*, turn \([0-9]*\), phase \([^ ]*\) .*/\1/p')
	ph=$(echo "$st" | sed -n 's/.*, turn \([0-9]*\), phase \([^ ]*\) .*/\2/p')
	{ printf 'game: %s\nseat: organiser\nturn: %s\nphase: %s\n\n' "$name" "$turn" "$ph"
	  printf '%s\n' "$@"; } > org.txt
	"$MUTHUR" sign --key "$k.key" org.txt > org.signed || return 1
	{ printf 'From: org@club.example\nTo: muthur@club.example\n'
	  printf 'Subject: commands\nMessage-ID: <org.%s@club.example>\n\n' "$tag"
	  cat org.signed; } > "var/mail/in/new/org.$tag.mail"
}
(cd "$TAP_TMP" && "$MUTHUR" keygen --out o >/dev/null 2>&1 && "$MUTHUR" keygen --out x >/dev/null 2>&1)
setup om --deadline 48h --organiser-key "$TAP_TMP/o.pub"
org "$TAP_TMP/x" 1 pause; daemon '2026-12-01 12:10'
case $(status) in "om: running"*) ok 0 "a block signed with another key changes nothing";;
	*) ok 1 "a block signed with another key changes nothing: $(status)";; esac
is "$(events '\\"type\\":\\"game.paused\\"')" 0 "no event"
f=$(grep -l '^To: org@club.example' var/mail/out/new/* | xargs grep -l '^Subject: \(\[[^]]*\] \)\?REFUSED')
tr -d '\r' < "$f" | tr '\n' ' ' | tr -s ' ' | grep -q 'signature does not verify for the organiser of game om'
ok $? "the organiser hears it was refused, and why"
org "$TAP_TMP/o" 2 pause; cp var/mail/in/new/org.2.mail org2.saved; daemon '2026-12-01 12:20'
case $(status) in "om: paused"*) ok 0 "pause by mail";; *) ok 1 "pause by mail: $(status)";; esac
is "$(mails '[om] organiser commands carried out' org@club.example)" 1 "the organiser gets a receipt"
is "$(mails '[om] the game is paused')" 2 "the seats are told"
orders marines m 1; daemon '2026-12-01 12:30'
f=$(grep -l '^To: m@x.example' var/mail/out/new/* | xargs grep -l '^Subject: \[om\] REFUSED')
tr -d '\r' < "$f" | grep -q 'game om is paused: it takes no orders now'
ok $? "a paused game refuses orders, saying it is paused"
org "$TAP_TMP/o" 2r resume 'snooze'; daemon '2026-12-01 12:40'
case $(status) in "om: paused"*) ok 0 "a block that resumes, then holds a bad line, changes nothing";;
	*) ok 1 "a block that resumes, then holds a bad line, changes nothing: $(status)";; esac
is "$(grep -c 'resumed by the organiser' daemon.log)" 0 \
    "the daemon's log does not say the refused block resumed the game"
is "$(mails '[om] the game resumes')" 0 "nor are the seats told it resumes"
is "$(events '\\"type\\":\\"game.resumed\\"')" 0 "and no game.resumed event"
# muthur-orders(5)'s example of an organiser's block, signed and mailed as it is
lit() {	# N: the Nth literal display of that example
	sed -n "/^\.Ss Example: an organiser's block\$/,/^\.Sh /p" "$top_srcdir/doc/muthur-orders.5" |
	    awk -v n="$1" '/^\.Bd -literal/ { k++; next } /^\.Ed/ { if (k == n) exit } k == n'
}
lit 1 > org.txt
grep -q '^nonce: REPLACE-WITH-YOUR-OWN-RANDOM-HEX$' org.txt && grep -q '^game: om$' org.txt
ok $? "muthur-orders(5) has an example organiser's block for game om"
"$MUTHUR" sign --key "$TAP_TMP/o.key" org.txt > org.signed &&
{ printf 'From: org@club.example\nTo: muthur@club.example\n'
  printf 'Subject: commands\nMessage-ID: <org.3@club.example>\n\n'
  cat org.signed; } > var/mail/in/new/org.3.mail
daemon '2026-12-01 13:00'
f=$(grep -l '^Subject: \[om\] organiser commands carried out' var/mail/out/new/* | xargs grep -l 'extend 24h')
lit 2 | sed -n '3,$p' > receipt.doc
[ "$(grep -c '^line ' receipt.doc)" -eq 2 ] &&
    tr -d '\r' < "$f" | grep -F -x -f receipt.doc | diff - receipt.doc >/dev/null
ok $? "it is carried out, and its receipt says what the page says: $(tr -d '\r' < "$f" | grep '^line' | tr '\n' ' ')"
case $(status) in "om: running"*"deadline 2026-12-04 12:40 UTC"*) ok 0 "resume and extend by mail (47h20m left, +24h)";;
	*) ok 1 "resume and extend by mail: $(status)";; esac
is "$(mails '[om] organiser commands carried out')" 2 "a second receipt"
sed 's/<org.2@/<org.2b@/' org2.saved > var/mail/in/new/org.2b.mail; daemon '2026-12-01 13:05'
case $(status) in "om: running"*) ok 0 "the pause block sent again does nothing";;
	*) ok 1 "the pause block sent again does nothing: $(status)";; esac
cat $(grep -l '^Subject: \(\[[^]]*\] \)\?REFUSED' var/mail/out/new/*) | tr -d '\r' | tr '\n' ' ' | tr -s ' ' | grep -q 'sent a block with this nonce before'
ok $? "saying its nonce was used"
org "$TAP_TMP/o" 4 'deadline 2026-12-24 18:00' 'frobnicate'; daemon '2026-12-01 13:10'
case $(status) in *"deadline 2026-12-04 12:40 UTC"*) ok 0 "a block with a bad line changes nothing";;
	*) ok 1 "a block with a bad line changes nothing: $(status)";; esac
cat $(grep -l '^Subject: \(\[[^]]*\] \)\?REFUSED' var/mail/out/new/*) | tr -d '\r' | tr '\n' ' ' | tr -s ' ' | grep -q 'unknown organiser command "frobnicate"'
ok $? "and says which line"
is "$(grep -c 'deadline set by the organiser' daemon.log)" 0 \
    "the daemon's log does not say the refused block set a deadline"
grep -q "accepted: game om, the organiser's commands (line [0-9]* (\"resume\"): resume: the game runs again; line [0-9]* (\"extend 24h\"): extend: " daemon.log
ok $? "it says what an accepted block carried out, line by line"
org "$TAP_TMP/o" 5 'replace aliens e@x.example '"$(cat a.pub | grep -v '^#' | head -1)"; daemon '2026-12-01 13:20'
is "$(events '\\"type\\":\\"seat.replaced\\"')" 1 "replace by mail: a key change in the chain"
is "$(mails '[om] you no longer play this seat' a@x.example)" 1 "the old player is told"
org "$TAP_TMP/o" 6 adjudicate; daemon '2026-12-01 13:30'
phase_is 4 "adjudicate by mail resolves the phase"
org "$TAP_TMP/o" 7 abandon; daemon '2026-12-01 13:40'
case $(status) in "om: abandoned"*) ok 0 "abandon by mail";; *) ok 1 "abandon by mail: $(status)";; esac
"$MUTHUR" export "$name" > om.muthur && out=$("$MUTHUR" audit om.muthur 2>&1)
ok $? "its archive audits: $(echo "$out" | tail -1)"
# the organiser key from [club] organiser_key
CLUB_CONF="organiser_key = $TAP_TMP/o.pub" setup ocf --deadline 48h
org "$TAP_TMP/o" 1 pause; daemon '2026-12-01 12:10'
case $(status) in "ocf: paused"*) ok 0 "[club] organiser_key: pause by mail";;
	*) ok 1 "[club] organiser_key: pause by mail: $(status)";; esac
org "$TAP_TMP/o" 2 'set views digest'; daemon '2026-12-01 12:20'
is "$(mails '[ocf] your daily digest' org@club.example)" 1 "set views digest by the organiser: a digest comes"
sed -n '/^\[club\]/q;p' muthur.conf > bad.conf; printf '[club]\norganiser_key = nosuch.pub\n' >> bad.conf
err=$("$MUTHUR" --config bad.conf status 2>&1); isnt_zero=$?
[ "$isnt_zero" -ne 0 ]; ok $? "a config naming a missing organiser key fails"
echo "$err" | grep -q "bad.conf:[0-9]*: key 'organiser_key'"; ok $? "is refused naming the line: $err"

# ---- absences (dates in UTC; the cap is 14 days by default)
# reply SEAT TEXT: a reply to SEAT's address holds TEXT
reply() {
	for f in $(grep -l "^To: $1" var/mail/out/new/*); do tr -d '\r' < "$f" | tr '\n' ' ' | tr -s ' '; done |
	    grep -q "$2"
}
setup abs --deadline 48h
orders aliens a 1 'absent 2026-12-02 to 2026-12-20'; daemon '2026-12-01 12:05'
reply a@x.example 'seat aliens would be absent 19 days in game abs, more than the game.s cap of 14 days'
ok $? "an absence beyond the cap is refused, saying so"
orders aliens a 2 'absent soon'; daemon '2026-12-01 12:06'
reply a@x.example 'expected absent FROM to TO, dates in UTC'
ok $? "an unreadable absence is refused, saying what is expected"
orders aliens a 4 'set stops combat.declar'; daemon '2026-12-01 12:07'
reply a@x.example 'set stops: "combat.declar" names no phase or round of this game; did you mean combat.declare?'
ok $? "a stop with a typo is refused, with the name meant"
orders aliens a 5 "$(printf 'phase: combt\npass')"; daemon '2026-12-01 12:08'
reply a@x.example 'plan section "phase: combt": "combt" names no phase or round of this game; did you mean combat?'
ok $? "so is a plan section with a typo"
phase_is 3 "(refused blocks change nothing)"
orders aliens a 3 'absent 2026-12-02 to 2026-12-08' && orders marines m 3; daemon '2026-12-01 12:10'
phase_is 4 "aliens sends orders and an absence of 7 days"
reply a@x.example 'was accepted for turn 1, phase movement.move: pass; recorded: absent 2026-12-02 to 2026-12-08\.'
ok $? "the acknowledgement (a note of the seat's next mail) lists the absence it recorded"
st=$("$MUTHUR" --now '2026-12-01 12:10' status "$name" 2>&1)
case $st in *"; absent aliens 2026-12-02 00:00 to 2026-12-09 00:00 UTC") ok 0 "status shows the absence";;
	*) ok 1 "status shows the absence: $st";; esac
case $(status) in *"deadline 2026-12-03 12:10 UTC"*) ok 0 "the next phase has its usual deadline";;
	*) ok 1 "the next phase has its usual deadline: $(status)";; esac
daemon '2026-12-03 12:10'
case $(status) in *"(4)"*"deadline 2026-12-11 00:00 UTC"*) ok 0 "at the deadline, aliens absent: extended to the end of the absence and 48h";;
	*) ok 1 "at the deadline, aliens absent: extended: $(status)";; esac
is "$(events 'by\\":\\"absence')" 1 "a game.deadline event by absence"
daemon '2026-12-11 00:00'
phase_is 5 "at the new deadline aliens passes (NMR pass)"
"$MUTHUR" abandon "$name" >/dev/null && "$MUTHUR" export "$name" > abs.muthur && out=$("$MUTHUR" audit abs.muthur 2>&1)
ok $? "its archive audits: $(echo "$out" | tail -1)"

setup abp --deadline 48h --absence pass
orders aliens a 3 'absent 2026-12-02 to 2026-12-08' && orders marines m 3; daemon '2026-12-01 12:10'
daemon '2026-12-03 12:10'
phase_is 5 "absence policy pass: at the deadline the absent seat passes"
is "$(events 'policy\\":\\"absent')" 1 "a game.nmr event with policy absent"
"$MUTHUR" abandon "$name" >/dev/null && "$MUTHUR" export "$name" > abp.muthur && out=$("$MUTHUR" audit abp.muthur 2>&1)
ok $? "its archive audits: $(echo "$out" | tail -1)"

# ---- status for organisers, and the daily digest
CLUB_CONF="digest = yes" setup dg --deadline 48h
# setup's adjudication came long before any deadline: nobody was late
case $(status) in "dg: running, ccg/contact, turn 1, phase movement.move (3), awaiting marines, aliens, deadline 2026-12-03 12:00 UTC")
	ok 0 "status: phase, who owes, deadline; adjudicated early, nobody late";;
	*) ok 1 "status: phase, who owes, deadline; adjudicated early, nobody late: $(status)";; esac
daemon '2026-12-01 13:00'
is "$(mails '[dg] your daily digest' org@club.example)" 1 "the organiser's digest goes out"
grep -l '^Subject: \[dg] your daily digest' var/mail/out/new/* | xargs cat | tr -d '\r' | grep -q 'dg: running, ccg/contact, turn 1'
ok $? "with the game's status line"
daemon '2026-12-01 23:59'
is "$(mails '[dg] your daily digest')" 1 "once a day"
daemon '2026-12-02 00:00'
is "$(mails '[dg] your daily digest')" 2 "and again the next day"
orders aliens a 5 'absent 2026-12-05T18:00 to 2026-12-06T09:00'; daemon '2026-12-02 00:05'
st=$("$MUTHUR" --now '2026-12-02 00:05' status "$name" 2>&1)
case $st in *"; absent aliens 2026-12-05 18:00 to 2026-12-06 09:00 UTC") ok 0 "an absence given in times";;
	*) ok 1 "an absence given in times: $st";; esac
"$MUTHUR" --now '2026-12-02 12:00' pause "$name" >/dev/null
case $(status) in *"paused with 24h00m of its deadline left"*) ok 0 "a paused game's status shows the time left";;
	*) ok 1 "a paused game's status shows the time left: $(status)";; esac
out=$("$MUTHUR" status 2>&1); ok $? "muthur status lists every game: $out"

# ---- leagues on the command line; standings mailed when a game ends
setup lg --deadline 48h
out=$("$MUTHUR" league create autumn --abandoned last 2>&1)
is "$out" "league autumn created (points per place 3,1,0, abandoned games last)" "league create"
out=$("$MUTHUR" league add autumn lg 2>&1); is "$out" "league autumn: game lg added" "league add"
err=$("$MUTHUR" league add autumn lg 2>&1); is $? 1 "adding it twice fails"
is "$err" "muthur league add: game lg is in the league already" "saying why"
err=$("$MUTHUR" league create spring --points 3,x 2>&1); is $? 2 "bad --points exit 2"
err=$("$MUTHUR" league frob 2>&1); is $? 2 "an unknown league command exits 2"
err=$("$MUTHUR" league standings nosuch 2>&1); is $? 1 "an unknown league fails"
"$MUTHUR" league standings autumn | grep -q '^   1  a@x.example  *0  *0  *0  *0$'
ok $? "standings before any game ended (setup's early adjudication made nobody late): $("$MUTHUR" league standings autumn | tail -1)"
orders aliens a 1; daemon '2026-12-01 12:05'
"$MUTHUR" --now '2026-12-01 12:10' abandon "$name" >/dev/null; daemon '2026-12-01 12:10'
is "$(mails '[lg] league standings')" 2 "when the game ends both players get the standings"
f=$(grep -l '^Subject: \[lg] league standings' var/mail/out/new/* | xargs grep -l '^To: a@x.example' | head -1)
tr -d '\r' < "$f" > standings.mail
grep -q 'Game lg of league autumn is over (abandoned)' standings.mail &&
    grep -q '^ *1  a@x.example  *1  *0  *1  *0$' standings.mail
ok $? "ranked as the abandoned rule last gives (both 2nd of 2: 1 point)"
grep -q '^ *1  m\*\*\*@x.example  *1  *0  *1 ' standings.mail && ! grep -q 'm@x.example' standings.mail
ok $? "a player's standings shorten the other player's address (m***@x.example)"
f=$(grep -l '^Subject: \[lg] league standings' var/mail/out/new/* | xargs grep -l '^To: m@x.example' | head -1)
tr -d '\r' < "$f" | grep -q '^ *1  m@x.example ' && ! tr -d '\r' < "$f" | grep -q 'a@x.example'
ok $? "and the other player's mail shows its own address whole, never a@x.example"
"$MUTHUR" league standings autumn | grep -q 'm@x.example'
ok $? "the organiser's standings show every address whole"
"$MUTHUR" league standings autumn --json > st.json
grep -q '"points":	\[3, 1, 0\]' st.json && grep -q '"played":	1' st.json
ok $? "standings --json"
out=$("$MUTHUR" league show 2>&1); is "$out" "autumn" "league show lists the leagues"
"$MUTHUR" league show autumn | grep -q '^  lg: abandoned, counted$'; ok $? "league show NAME lists its games"
out=$("$MUTHUR" league remove autumn lg 2>&1); is "$out" "league autumn: game lg removed" "league remove"

# ---- a seat that owes nothing, a stale block: the refusal says what to do
setup own --deadline 48h
orders marines m 1 && orders aliens a 1; daemon '2026-12-01 12:10'
case $(status) in *"movement.mature (4), awaiting aliens,"*) ok 0 "own: in movement.mature only aliens owes";;
	*) ok 1 "own: in movement.mature only aliens owes: $(status)";; esac
printf '%s\n' 'game: own' 'seat: marines' 'turn: 1' 'phase: movement.mature' '' \
    'absent 2026-12-20 to 2026-12-22' > o.txt
"$MUTHUR" sign --key m.key o.txt > o.signed &&
    { printf 'From: m@x.example\nTo: muthur@club.example\nSubject: away\n\n'; cat o.signed; } \
    > var/mail/in/new/away.mail
printf '%s\n' 'game: own' 'seat: aliens' 'turn: 1' 'phase: movement.move' '' 'pass' > o.txt
"$MUTHUR" sign --key a.key o.txt > o.signed &&
    { printf 'From: a@x.example\nTo: muthur@club.example\nSubject: orders\n\n'; cat o.signed; } \
    > var/mail/in/new/stale.mail
daemon '2026-12-01 12:20'
reply m@x.example 'seat marines owes no orders in game own, turn 1, phase movement.mature (it waits for aliens): you are mailed a view when orders are due from you; send your orders, settings and absences then'
ok $? "orders from a seat that owes nothing: who is awaited, and when to send"
st=$("$MUTHUR" --now '2026-12-01 12:20' status "$name" 2>&1)
case $st in *absent*) ok 1 "and nothing is recorded: $st";; *) ok 0 "and nothing is recorded";; esac
reply a@x.example 'game own is in turn 1, phase movement.mature, not turn 1, phase movement.move (orders are taken for the open phase only: copy the orders block of your latest view)'
ok $? "orders for a phase gone by: which phase is open, and where its block is"
phase_is 4 "(refused blocks change nothing)"
# a setting's line is counted in the mail's text, as an order's is, when
# the player wrote above the block
printf '%s\n' 'game: own' 'seat: aliens' 'turn: 1' 'phase: movement.mature' '' \
    'set view due' > o.txt
"$MUTHUR" sign --key a.key o.txt > o.signed &&
    printf 'Hi,\n\nmy orders below.\n\n' | cat - o.signed > o.body &&
    { printf 'From: a@x.example\nTo: muthur@club.example\nSubject: top\n\n'; cat o.body; } \
    > var/mail/in/new/top.mail
n=$(grep -n '^set view due$' o.body | cut -d: -f1)
daemon '2026-12-01 12:30'
reply a@x.example "line $n: unknown setting \"set view due\""
ok $? "a bad setting under a greeting: its line $n of the mail, not of the block"

# a comment line of the block wrapped by the mail program after signing:
# the refusal says what may have changed the block
printf '%s\n' 'game: own' 'seat: aliens' 'turn: 1' 'phase: movement.mature' '' \
    '# a note to myself that is long enough for a mail program to wrap it here' 'pass' > o.txt
"$MUTHUR" sign --key a.key o.txt | sed 's/ to wrap it here$/ to wrap it\nhere/' > o.signed &&
    { printf 'From: a@x.example\nTo: muthur@club.example\nSubject: wrapped\n\n'; cat o.signed; } \
    > var/mail/in/new/wrapped.mail
daemon '2026-12-01 12:40'
reply a@x.example 'the orders differ from what was signed); if you changed nothing after signing, your mail program did (it may wrap long lines, trim spaces or send HTML)'
ok $? "a block changed after signing: the refusal names the likely culprits"
phase_is 4 "(nothing changes)"

# a seat misspelt in the header: the refusal lists the game's seats
printf '%s\n' 'game: own' 'seat: alien' 'turn: 1' 'phase: movement.mature' '' 'pass' > o.txt
"$MUTHUR" sign --key a.key o.txt > o.signed &&
    { printf 'From: a@x.example\nTo: muthur@club.example\nSubject: typo\n\n'; cat o.signed; } \
    > var/mail/in/new/typo.mail
daemon '2026-12-01 12:45'
reply a@x.example 'game own has no seat alien (its seats: marines, aliens)'
ok $? "a misspelt seat: the refusal lists the game's seats"

# a game misspelt in the header: the refusal lists the sender's games
printf '%s\n' 'game: ownn' 'seat: aliens' 'turn: 1' 'phase: movement.mature' '' 'pass' > o.txt
"$MUTHUR" sign --key a.key o.txt > o.signed &&
    { printf 'From: a@x.example\nTo: muthur@club.example\nSubject: typo\n\n'; cat o.signed; } \
    > var/mail/in/new/gametypo.mail
daemon '2026-12-01 12:46'
reply a@x.example 'no game named ownn (your games: [a-z, ]*own[,)]'
ok $? "a misspelt game: the refusal lists the games the sender plays"

# the organiser gives marines the key of aliens' player by mistake: done
# (one player may play two seats), with a note
err=$("$MUTHUR" --now '2026-12-01 12:50' seat "$name" marines --email m@x.example --key a.pub 2>&1 >/dev/null)
is $? 0 "a seat given another seat's key is replaced"
is "$err" "muthur seat: note: seat aliens of game own holds this key too, so its player can sign orders for both seats (give each player's own key unless one player plays both)" "with a note saying what it allows"

# ---- a plan section for a phase the turn has played already is refused
setup pst --deadline 48h
orders marines m 1 'phase: combat
pass
phase: movement.locations
pass'; daemon '2026-12-01 12:10'
n=$(tr -d '\r' < var/mail/in/.Processed/cur/marines.1.mail* | sed '1,/^$/d' | grep -n '^phase: movement.locations$' | cut -d: -f1)
reply m@x.example "line $n: plan section \"phase: movement.locations\" is for movement.locations, which turn 1 has played already (expected a later phase of the turn than movement.move, the header's: sections come in turn order)"
ok $? "pst: a section for a phase gone by: its line ($n), the phase, what is expected"
case $(status) in *"movement.move (3), awaiting marines, aliens,"*) ok 0 "pst: and nothing is stored";;
	*) ok 1 "pst: and nothing is stored: $(status)";; esac
# (with receipts on: the seat waits for aliens, so no other mail comes now)
orders marines m 2 'set receipts on
phase: movement
pass
phase: combat
pass'; daemon '2026-12-01 12:20'
reply m@x.example 'Applies to: movement.move, movement, combat.'
ok $? "pst: the round of the header's phase covers its later phases: taken, and a receipt says so at once"

done_testing
