#!/bin/sh
# template-mails.sh — issue 33's figures for a player who follows every
# template as mailed (no hand-written plan): a two-seat CCG contact game
# where each seat, whenever it is awaited, mails the orders block of its
# latest view mail as it is, muthur sign filling in the nonce (the first
# is the ready block before the deal, counted with the rest), until turn
# TURNS ends; prints orders mails, mails received and refusals per seat
# per game turn, counted from the Maildirs. With ASKS=1 it also prints,
# for each orders mail, the turn, seat and phase it answers and the
# orders the template offered there (its comment lines and its orders).
# MUTHUR_TEST_SEED, when set, fixes the deal (before/after on one game).
# Usage: bench/template-mails.sh [BUILDDIR] [TURNS]   (default: ., 4)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
b=$(cd "${1:-$top}" && pwd); turns=${2:-4}
export MUTHUR_DATADIR=$top/rules MUTHUR_TEMPLATES=$top/templates
MUTHUR=$b/muthur; MUTHURD=$b/muthurd
d=$(mktemp -d /tmp/muthur-template-mails-XXXXXX); cd "$d"
printf '[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\nout = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\nkey = var/server.key\n' > muthur.conf
mkdir -p var/mail/in/new var/mail/in/cur var/mail/in/tmp var/mail/out/new var/mail/out/cur var/mail/out/tmp
$MUTHUR init >/dev/null 2>&1 && $MUTHUR keygen --out m >/dev/null 2>&1 && $MUTHUR keygen --out a >/dev/null 2>&1 &&
$MUTHUR new-game g --rules ccg --scenario contact >/dev/null &&
$MUTHUR seat g marines --email marines@x.example --key m.pub >/dev/null &&
$MUTHUR seat g aliens --email aliens@x.example --key a.pub >/dev/null &&
$MUTHUR start g >/dev/null || { echo setup failed; exit 1; }
$MUTHURD --once >/dev/null 2>&1
n=0
key() { [ $1 = marines ] && echo m || echo a; }
for pass in $(seq 1 400); do
	st=$($MUTHUR status g 2>&1)
	t=$(printf '%s\n' "$st" | sed -n 's/.*, turn \([0-9]*\),.*/\1/p')
	case $st in *running*|*setup*) ;; *) break;; esac
	[ -n "$t" ] && [ "$t" -gt "$turns" ] && break
	sent=0
	for s in marines aliens; do
		printf '%s\n' "$st" | grep -q "awaiting.*$s" || continue
		# the latest view mailed to the seat with an orders block
		v=$(grep -l "^To: $s@x.example" var/mail/out/new/* | xargs grep -l '^-----BEGIN MUTHUR ORDERS' | xargs ls -t | head -1)
		tr -d '\r' < $v | sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
		    grep -v '^-----\|^nonce:' > o.txt
		[ "${ASKS:-0}" = 1 ] && echo "ask: turn $t $s $(sed -n 's/^phase: //p' o.txt | head -1):" \
		    "$(sed -n '/^$/,/^phase: /p' o.txt | grep -v '^$\|^phase: \|^#   \|^# The rest \|^# set stops' | sed 's/^# //' | tr '\n' ';')"
		$MUTHUR sign --key $(key $s).key o.txt > o.signed 2>/dev/null || { echo sign failed; exit 1; }
		n=$((n + 1))
		{ printf 'From: %s@x.example\nTo: muthur@club.example\nSubject: Re: orders\nMessage-ID: <h%d@x.example>\n\n' $s $n; cat o.signed; } > var/mail/in/new/h$n.mail
		sent=1
	done
	$MUTHURD --once >/dev/null 2>&1
	[ $sent = 1 ] || { echo "stuck: $st"; break; }
done
T=$(( ${t:-1} - 1 )); [ $T -lt 1 ] && T=1
for s in marines aliens; do
	o=$(grep -l "^From: $s@x.example" var/mail/in/.Processed/cur/* var/mail/in/cur/* var/mail/in/new/* 2>/dev/null | wc -l)
	r=$(grep -l "^To: $s@x.example" var/mail/out/new/* | wc -l)
	ref=$(grep -l "^To: $s@x.example" var/mail/out/new/* | xargs grep -l '^Subject:.*REFUSED' | wc -l)
	echo "$s orders $o received $r refused $ref over $T whole turns" | awk -v T=$T '{ printf "%s orders %.2f received %.2f (refused %d) per turn over %d turns\n", $1, $3/T, $5/T, $7, T }'
done
echo "last: $($MUTHUR status g 2>&1)"
cd / && rm -rf "$d"
