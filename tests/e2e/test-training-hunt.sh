#!/bin/sh
# test-training-hunt.sh — a game of the Training Hunt scenario (a Predator
# Hunting Pack, rules/ccg/scenarios.c) end to end through the organiser's
# verbs and muthurd: new-game --scenario training-hunt, seats with the
# scenario's sample decks, start, a phase of signed orders mailed in and
# resolved, export and audit.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
cd "$TAP_TMP" || exit 1
tap_muthur_conf
"$MUTHUR" init >/dev/null 2>&1; ok $? "muthur init"
"$MUTHUR" keygen --out pred >/dev/null 2>&1 && "$MUTHUR" keygen --out ali >/dev/null 2>&1
ok $? "two player keys"

"$MUTHUR" new-game hunt --rules ccg --scenario training-hunt >/dev/null 2>&1
ok $? "new-game --scenario training-hunt"
err=$("$MUTHUR" new-game bug --rules ccg --scenario bug-hunt 2>&1)
is "$?" 1 "an unknown scenario is refused"
printf '%s\n' "$err" | grep -q 'unknown scenario "bug-hunt" (contact, training-hunt)'
ok $? "and the reason names the scenarios"
err=$("$MUTHUR" seat hunt predator --email p@x.example --key pred.pub \
    --deck "$top_srcdir/rules/ccg/data/predator.deck" 2>&1)
is "$?" 1 "the Contact Predator deck is refused for the Training Hunt"
printf '%s\n' "$err" | grep -q 'Camouflage Suit: the Training Hunt pack may not use this Predator Item'
ok $? "because of the pack's item limits"
"$MUTHUR" seat hunt predator --email p@x.example --key pred.pub >/dev/null 2>&1
ok $? "seat predator with the scenario's sample deck"
err=$("$MUTHUR" seat hunt alien --email a@x.example --key ali.pub 2>&1)
is "$?" 2 "a seat named by no faction (alien) is misuse"
printf '%s\n' "$err" | grep -q 'did you mean aliens?' &&
    printf '%s\n' "$err" | grep -q '^usage: muthur seat GAME SEAT'
ok $? "it says what was meant and the usage: $err"
"$MUTHUR" seat hunt aliens --email a@x.example --key ali.pub >/dev/null 2>&1
ok $? "seat aliens with the Contact sample deck"
"$MUTHUR" start --deal-now hunt >/dev/null 2>&1; ok $? "start"
st=$("$MUTHUR" status hunt 2>&1)
printf '%s\n' "$st" | grep -q '^hunt: running, ccg/training-hunt, turn 1, phase movement.locations'
ok $? "the game runs: $st"

"$MUTHUR" show hunt --seat predator > view.txt 2>&1; ok $? "show the Predator's view"
for p in '"id":"young-tusk","name":"Young Tusk"' \
    '"id":"cunning-hunter","name":"Cunning Hunter"' \
    '"id":"gray-stripe","name":"Gray Stripe"'; do
	grep -qF "$p" view.txt; ok $? "the pack fields $p"
done
# the Battleground's line, its continuations unfolded (a copy reads "Melee
# Claws #2", a line may break anywhere)
is "$(sed '/^Content-Type: application\/json/,$d' view.txt |
    awk '/^    / {sub(/^ +/, " "); s = s $0; next} {print s; s = $0} END {print s}' |
    grep '^Predator Shuttle -- ' | grep -o 'carries Melee Claws' | wc -l |
    tr -d ' ')" 3 "each Predator carries Melee Claws"

# one phase of signed orders: the Contact rule Training Hunt keeps makes
# each seat play every new location that has a place, and the view's
# template gives exactly that as mailed (its lines that are no comment:
# the plays, or pass); a refused seat adds the order its refusal asks for
# and signs again
mailorders() {	# SEAT KEY EMAIL TRY
	if [ "$4" = 1 ]; then
		"$MUTHUR" show hunt --seat "$1" > v.txt 2>/dev/null
		tr -d '\r' < v.txt |
		    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
		    sed '1,/^$/d' | awk '/^phase: / { exit } { print }' |
		    grep -v -e '^#' -e '^-----END' -e '^pass$' -e '^pass [a-z-]*$' > "$1.orders"
	else	# what every refusal so far asked for (mails' order is no matter)
		for f in $(grep -l "^To: $3@x.example" var/mail/out/new/*); do
			tr '\r\n' '  ' < "$f" | tr -s ' ' |
			    sed -n 's/.*expected an order such as "\(play [^"]*\)".*/\1/p'
		done > asked.txt
		sort -u asked.txt | while read -r o; do
			grep -qxF "$o" "$1.orders" || printf '%s\n' "$o" >> "$1.orders"
		done
	fi
	orders=$(cat "$1.orders")
	printf 'game: hunt\nseat: %s\nturn: 1\nphase: movement.locations\n\n%s\n' \
	    "$1" "${orders:-pass}" > o.txt
	"$MUTHUR" sign --key "$2.key" o.txt > o.signed || return 1
	{ printf 'From: %s@x.example\nTo: muthur@club.example\n' "$3"
	  printf 'Subject: orders\nMessage-ID: <%s.%s@x.example>\n\n' "$1" "$4"
	  cat o.signed; } > "var/mail/in/new/$1.$4.mail"
}
n=0
for try in 1 2 3 4; do
	st=$("$MUTHUR" status hunt 2>&1)
	printf '%s\n' "$st" | grep -q 'phase movement.locations' || break
	for s in predator:pred:p aliens:ali:a; do
		seat=${s%%:*}; r=${s#*:}
		printf '%s\n' "$st" | grep -Eq "awaiting (.*, )?$seat(,| )" ||
		    continue
		mailorders "$seat" "${r%%:*}" "${r#*:}" "$try" || n=$((n + 1))
	done
	"$MUTHURD" --once --config muthur.conf >> muthurd.log 2>&1 || n=$((n + 1))
done
is "$n" 0 "the seats signed their orders and muthurd --once ran"
sed 's/^/# /' muthurd.log
is "$(grep -c ': accepted: game hunt' muthurd.log)" 2 "both seats' orders accepted"
st=$("$MUTHUR" status hunt 2>&1)
printf '%s\n' "$st" | grep -q 'phase movement.move (3)'
ok $? "the phase was resolved: $st"

"$MUTHUR" export hunt > hunt.archive 2>/dev/null; ok $? "export"
"$MUTHUR" audit hunt.archive > audit.txt 2>&1; ok $? "the archive audits"
grep -q '^OK hunt: 0 failures' audit.txt; ok $? "with 0 failures"

done_testing
