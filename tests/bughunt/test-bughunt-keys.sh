#!/bin/sh
# test-bughunt-keys.sh — a Bug Hunt game played to its end through the
# programs a club runs, as muthur(1) and the README say: blue signs with a
# minisign key, red with an OpenSSH key (ssh-keygen -Y sign); each turn
# the seat muthur status names as awaited takes the orders block of its
# view (muthur show), keeps the first legal move (else passes), signs it
# and drops the mail in the incoming Maildir; muthurd --once handles it.
# Then the export audits with a full replay.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

for t in minisign ssh-keygen openssl; do
	command -v "$t" >/dev/null 2>&1 || { echo "1..0 # SKIP no $t"; exit 0; }
done
tap_tmpdir
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
PATH="$top_builddir:$PATH"; export PATH
cd "$TAP_TMP" || exit 1
printf '[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\nout = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\nkey = var/server.key\n' > muthur.conf
muthur init >/dev/null 2>&1
ok $? "muthur init"
muthur new-game hunt-1 --rules bughunt --scenario bug-hunt --option named-for-grunt >/dev/null
ok $? "muthur new-game --rules bughunt --option named-for-grunt"
minisign -G -W -p blue.pub -s blue.key >/dev/null 2>&1 &&
    ssh-keygen -q -t ed25519 -N '' -C red -f red
ok $? "a minisign key for blue, an OpenSSH key for red"
muthur seat hunt-1 blue --email blue@example.org --key blue.pub >/dev/null &&
    muthur seat hunt-1 red --email red@example.org --key red.pub >/dev/null &&
    muthur start --deal-now hunt-1 >/dev/null && muthurd --once >/dev/null 2>&1
ok $? "seated, started, the first views mailed"

n=0 accepted=0
while [ $n -lt 400 ]; do
	st=$(muthur status hunt-1)
	case $st in *": running, "*) ;; *) break ;; esac
	seat=$(printf '%s\n' "$st" | sed -n 's/.*, awaiting \([a-z]*\),.*/\1/p')
	[ -n "$seat" ] || break
	n=$((n + 1))
	muthur show hunt-1 --seat "$seat" | tr -d '\r' |
	    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' > o.txt
	sed -i "s/REPLACE-WITH-YOUR-OWN-RANDOM-HEX/$(tap_hex "o $n")/" o.txt
	if grep -q '^# move ' o.txt; then
		first=$(grep -m 1 '^# move ' o.txt | sed 's/^# //')
		sed -i "s/^pass\$/$first/" o.txt
	fi
	rm -f o.txt.minisig o.txt.sig
	if [ "$seat" = blue ]; then
		minisign -S -s blue.key -m o.txt >/dev/null 2>&1
		sig=o.txt.minisig
	else
		ssh-keygen -q -Y sign -n muthur -f red o.txt >/dev/null 2>&1
		sig=o.txt.sig
	fi
	{ printf 'From: %s@example.org\nTo: muthur@club.example\nSubject: orders\n\n' "$seat"
	  cat o.txt "$sig"; } > "var/mail/in/new/$seat.$n"
	out=$(muthurd --once 2>&1)
	case $out in *"accepted: game hunt-1"*) accepted=$((accepted + 1)) ;; esac
done
st=$(muthur status hunt-1)
echo "# $st"
printf '%s\n' "$st" | grep -q '^hunt-1: finished, bughunt/bug-hunt'
ok $? "the game ran to its end over $n signed mails"
[ "$accepted" -eq "$n" ] && [ "$n" -gt 5 ]
ok $? "every mail was accepted ($accepted of $n, minisign and ssh-keygen)"
muthur export hunt-1 > hunt-1.muthur
ok $? "muthur export"
audit=$(muthur audit hunt-1.muthur 2>&1)
ok $? "muthur audit exits 0"
printf '%s\n' "$audit" | tail -n 1 | sed 's/^/# /'
printf '%s\n' "$audit" | grep -Eq '^OK hunt-1: 0 failures.* [1-9][0-9]* phases replayed'
ok $? "OK with 0 failures and a full replay"
done_testing
