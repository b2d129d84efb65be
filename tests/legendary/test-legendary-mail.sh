#!/bin/sh
# test-legendary-mail.sh — Playing as Humans by mail as a club plays it:
# two players with real keys (minisign and ssh-keygen), each phase's orders
# block taken from the seat's view as mailed, a fresh nonce, signed and
# mailed, muthurd --once after each round; the template is signable as
# mailed (its uncommented line is accepted), an impossible order gets a
# refusal naming its line, the coordinate window closes when the other
# seat answers; then export and `muthur audit` OK. Then a Playing as
# Predators game (`--mode predators`, its set-up chosen by options) by mail
# the same way: the lowest Initiative first, a refusal naming its line, a
# real order, every turn's template as mailed to the end, the result,
# export and audit OK.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

for t in minisign ssh-keygen openssl; do
	command -v "$t" >/dev/null 2>&1 || skip_all "no $t"
done
tap_tmpdir
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
PATH="$top_builddir:$PATH"; export PATH
club="$TAP_TMP/club"
mkdir -p "$club" && cd "$club" || exit 1
printf '[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\nout = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\nkey = var/server.key\n' > muthur.conf
muthur init >/dev/null 2>&1
ok $? "muthur init"
muthur new-game hunt-1 --rules legendary --scenario humans --option movie-predator-2 >/dev/null 2>&1
ok $? "new-game --rules legendary --scenario humans --option movie-predator-2"
minisign -G -W -p alice.pub -s alice.key >/dev/null 2>&1
ssh-keygen -q -t ed25519 -N '' -C bob -f bob
muthur seat hunt-1 detective --email alice@example.org --key alice.pub >/dev/null 2>&1 &&
    muthur seat hunt-1 reporter --email bob@example.org --key bob.pub >/dev/null 2>&1
ok $? "two Avatars seated with their sample personal decks"
muthur start --deal-now hunt-1 >/dev/null 2>&1 && muthurd --once >/dev/null 2>&1
ok $? "start and a first pass"

n=0
# mail SEAT WHO BODY-FILTER: the seat's orders block as its view has it
# (sed script applied to the body), signed with the player's key
G=hunt-1
mail_orders() {
	muthur show $G --seat "$1" | tr -d '\r' |
	    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' > "$2.txt"
	sed -i "s/REPLACE-WITH-YOUR-OWN-RANDOM-HEX/$(tap_hex "$G $1 $n")/" "$2.txt"
	[ -n "$3" ] && sed -i "$3" "$2.txt"
	n=$((n + 1))
	if [ "$2" = alice ]; then
		rm -f alice.txt.minisig
		minisign -S -s alice.key -m alice.txt >/dev/null 2>&1
		{ printf 'From: alice@example.org\nTo: muthur@club.example\nSubject: orders\n\n'; cat alice.txt alice.txt.minisig; } > "var/mail/in/new/alice.$n"
	else
		rm -f bob.txt.sig
		ssh-keygen -q -Y sign -n muthur -f bob bob.txt
		{ printf 'From: bob@example.org\nTo: muthur@club.example\nSubject: orders\n\n'; cat bob.txt bob.txt.sig; } > "var/mail/in/new/bob.$n"
	fi
}
owes() {
	muthur show $G --seat "$1" | tr -d '\r' | grep -q "; awaited: .*$1"
}

status=$(muthur status hunt-1 2>&1)
printf '%s\n' "$status" | grep -q 'running, legendary/humans, turn 1, phase coordinate'
ok $? "turn 1 opens the coordinate window for the first player's turn ($status)"
owes reporter && ! owes detective
ok $? "the window awaits the other seat only"
muthur show hunt-1 --seat reporter | tr -d '\r' | grep -q '^# coordinate ask|auto|never$'
ok $? "the view's template lists the legal orders as comments"

mail_orders reporter bob 's/^pass$/fight nowhere/'
muthurd --once >/dev/null 2>&1
grep -q '("fight nowhere"): not an order of the coordinate window; expected' var/mail/out/new/* 2>/dev/null
ok $? "an order of the wrong phase is refused with its line and what was expected"
mail_orders reporter bob 's/^pass$/coordinate never\ncancel always/'
muthurd --once >/dev/null 2>&1
status=$(muthur status hunt-1 2>&1)
printf '%s\n' "$status" | grep -q 'turn 1, phase action'
ok $? "the window closes once the other seat has answered ($status)"
muthur show hunt-1 --seat reporter | tr -d '\r' | grep -q '^A strike you may cancel: cancel always$'
ok $? "the reporter's standing cancel always, sent in another player's turn, is kept and shown to it"
owes detective
ok $? "the detective owes the first turn's orders"
mail_orders detective alice 's/^pass$/fight nowhere/'
muthurd --once >/dev/null 2>&1
grep -q '("fight nowhere"): no face-up enemy "nowhere" in the Wilds, the' var/mail/out/new/* 2>/dev/null
ok $? "an impossible order is refused with its line and reason"
owes detective
ok $? "and the seat still owes its orders"
mail_orders detective alice ''
muthurd --once >/dev/null 2>&1
status=$(muthur status hunt-1 2>&1)
printf '%s\n' "$status" | grep -q 'turn 2, phase coordinate'
ok $? "the template as mailed ends the turn; turn 2 opens its window ($status)"
mail_orders detective alice 's/^pass$/coordinate never/'
muthurd --once >/dev/null 2>&1

# every later turn: one mail, the template as mailed, until the game ends
k=0
while [ $k -lt 150 ] && muthur status hunt-1 2>&1 | grep -q ': running,'; do
	owes detective && mail_orders detective alice ''
	owes reporter && mail_orders reporter bob ''
	muthurd --once >/dev/null 2>&1
	k=$((k + 1))
done
status=$(muthur status hunt-1 2>&1)
printf '%s\n' "$status" | grep -q ': finished,'
ok $? "the game plays to its end by mail, one mail a turn ($status, $k passes)"
refused=$(grep -l 'your mail was refused' var/mail/out/new/* | wc -l)
# (each acknowledged in the seat's next mail, named by its nonce: the game's
# last mails carry those still waiting)
stored=$(grep -ho '(nonce [0-9a-f]*) was accepted' var/mail/out/new/* | sort -u | wc -l)
[ "$refused" -eq 2 ] && [ "$stored" -eq $((n - 2)) ]
ok $? "every block as mailed was stored ($stored of $n mails; $refused refused)"

muthur export hunt-1 > "$TAP_TMP/hunt-1.archive"
ok $? "muthur export"
audit=$(muthur audit "$TAP_TMP/hunt-1.archive" 2>&1)
ok $? "muthur audit exits 0"
printf '%s\n' "$audit" | sed 's/^/# /'
printf '%s\n' "$audit" | grep -Eq '^OK hunt-1: 0 failures.* [1-9][0-9]* phases replayed'
ok $? "the audit says OK with 0 failures after a full replay"

# ---- Playing as Predators by mail ----
G=hunt-2
muthur new-game hunt-2 --rules legendary --mode predators --option armory=random \
    --option prey=drawn-by-heat-and-conflict,payback-time,a-taste-for-beef \
    --option mercenaries=+1 >/dev/null 2>&1
ok $? "new-game --rules legendary --mode predators, the set-up chosen (armory=random, prey=, mercenaries=+1)"
muthur seat hunt-2 jungle-hunter --email alice@example.org --key alice.pub >/dev/null 2>&1 &&
    muthur seat hunt-2 city-hunter --email bob@example.org --key bob.pub >/dev/null 2>&1
ok $? "two Predator Roles seated"
muthur start --deal-now hunt-2 >/dev/null 2>&1 && muthurd --once >/dev/null 2>&1
status=$(muthur status hunt-2 2>&1)
printf '%s\n' "$status" | grep -q 'running, legendary/predators, turn 1, phase action'
ok $? "turn 1 is an action phase: no coordinate window ($status)"
owes city-hunter && ! owes jungle-hunter
ok $? "the lowest Initiative (the City Hunter, 2) plays first"
muthur show hunt-2 --seat city-hunter | tr -d '\r' | grep -q 'Playing as Predators'
ok $? "the view is of Playing as Predators"
muthur show hunt-2 --seat city-hunter | tr -d '\r' | grep -q '^Prey mini-decks: drawn-by-heat-and-conflict, payback-time,'
ok $? "the view says the set-up chosen"
muthur show hunt-2 --seat city-hunter | tr -d '\r' | grep -q 'honor 5; trophy room: -'
ok $? "the reader's own Honor and Trophy Room are in its view"
trooms=$(muthur show hunt-2 --seat jungle-hunter | tr -d '\r' | sed '/^Content-Type: application\/json/,$d' | grep -c 'trophy room:')
[ "$trooms" -eq 1 ]
ok $? "another Predator's Trophy Room shows only as a count (Trophy Rooms in view: $trooms)"
before=$n
mail_orders city-hunter bob 's/^pass$/duel jungle-hunter/'
muthurd --once >/dev/null 2>&1
grep -q '("duel jungle-hunter"): you played no card with Duel left to use' var/mail/out/new/* 2>/dev/null
ok $? "a Duel without a Duel card is refused with its line and reason"
owes city-hunter
ok $? "and the seat still owes its orders"
# the cards come from the seat's own template (the deal differs each game)
cards=$(muthur show hunt-2 --seat city-hunter | tr -d '\r' | sed -n 's/^#   CARD: //p' | head -1)
set -- $cards
[ $# -ge 1 ]
ok $? "the template lists the cards the City Hunter may play ($cards)"
mail_orders city-hunter bob "s/^pass\$/play $1\\nend/"
muthurd --once >/dev/null 2>&1
owes jungle-hunter
ok $? "orders playing a card end the turn; the Jungle Hunter owes the next (play $1)"
k=0
while [ $k -lt 200 ] && muthur status hunt-2 2>&1 | grep -q ': running,'; do
	owes jungle-hunter && mail_orders jungle-hunter alice ''
	owes city-hunter && mail_orders city-hunter bob ''
	muthurd --once >/dev/null 2>&1
	k=$((k + 1))
done
status=$(muthur status hunt-2 2>&1)
printf '%s\n' "$status" | grep -q ': finished,'
ok $? "the Predators game plays to its end by mail, one mail a turn ($status, $k passes)"
grep -l 'legendary.game-over' var/mail/out/new/* >/dev/null 2>&1
ok $? "the end is mailed with each Predator's Honor"
muthur export hunt-2 > "$TAP_TMP/hunt-2.archive"
ok $? "muthur export of the Predators game"
audit=$(muthur audit "$TAP_TMP/hunt-2.archive" 2>&1)
ok $? "muthur audit of the Predators game exits 0"
printf '%s\n' "$audit" | sed 's/^/# /'
printf '%s\n' "$audit" | grep -Eq '^OK hunt-2: 0 failures.* [1-9][0-9]* phases replayed'
ok $? "the Predators audit says OK with 0 failures after a full replay ($((n - before)) mails)"
done_testing
