#!/bin/sh
# test-legendary-demo.sh — a whole Playing as Humans game (and then one of
# Playing as Predators, `--mode predators`) through the real
# daemon (`muthur demo --rules legendary`: new-game, seats, start, signed
# orders mails into the incoming Maildir, muthurd's passes), the views
# mailed to both seats, the export, and `muthur audit` with a full replay;
# then the game's own messages: an unknown mode refused, a bad option, a
# seat that is no Avatar.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
d="$TAP_TMP/demo"

out=$("$MUTHUR" demo --dir "$d" --rules legendary --turns 300 --quiet 2>&1)
ok $? "muthur demo --rules legendary exits 0"
printf '%s\n' "$out" | sed 's/^/# /'
printf '%s\n' "$out" | grep -q '^demo: game demo-1 started with seats lieutenant, tracker'
ok $? "the demo seats two Avatars"
printf '%s\n' "$out" | tail -n 1 | grep -Eq '^demo: game demo-1: (the game ended in turn [0-9]+|.* won( together)? in turn [0-9]+)'
ok $? "the game reached its end by mail"
for seat in lieutenant tracker; do
	n=$(grep -l "^To: $seat@players.example" "$d"/var/mail/out/new/* 2>/dev/null | wc -l)
	[ "$n" -gt 0 ]
	ok $? "views were mailed to $seat ($n)"
done
q=$(ls "$d/var/mail/in/quarantine" 2>/dev/null | wc -l)
[ "$q" -eq 0 ]
ok $? "no orders mail was quarantined ($q)"
# the legal orders are listed once, in the orders block: the body says
# where they are (a due view's text part, up to its view.json)
twice=0 due=0
for f in $(grep -l '^Your orders are due' "$d"/var/mail/out/new/*); do
	due=$((due + 1))
	t=$(tr -d '\r' <"$f" | sed -n '/^Content-Type: text\/plain/,/^Content-Type: application\/json/p')
	printf '%s\n' "$t" | grep -q '^Your orders: in the orders block below\.$' || twice=$((twice + 1))
	[ "$(printf '%s\n' "$t" | grep -c '^# play CARD$')" -le 1 ] || twice=$((twice + 1))
done
[ "$due" -gt 0 ] && [ "$twice" -eq 0 ]
ok $? "each of $due due views lists its orders once, in the block ($twice do not)"
grep -l '"legendary"' "$d"/var/mail/out/new/* >/dev/null 2>&1
ok $? "the view mails carry the game's display text in view.json"

"$MUTHUR" --config "$d/muthur.conf" export demo-1 >"$TAP_TMP/demo-1.archive"
ok $? "muthur export exits 0"
tap_audit "$TAP_TMP/demo-1.archive"
ok $? "muthur audit exits 0"
audit=$audit_out
printf '%s\n' "$audit" | grep -Eq '^OK demo-1: 0 failures.* [1-9][0-9]* phases replayed'
ok $? "the audit says OK with 0 failures after a full replay"
printf '%s\n' "$audit" | grep -q '^OK demo-1: 0 failures.*; 0 phases with server-only randomness$'
ok $? "every phase took a seat's nonce: 0 phases with server-only randomness"

# the same for Playing as Predators (`--mode predators`): the demo seats
# are dealt Predator Roles, the game runs to its count of Honor
d2="$TAP_TMP/demo-predators"
out=$("$MUTHUR" demo --dir "$d2" --rules legendary --mode predators --turns 300 --quiet 2>&1)
ok $? "muthur demo --rules legendary --mode predators exits 0"
printf '%s\n' "$out" | sed 's/^/# /'
printf '%s\n' "$out" | tail -n 1 | grep -Eq '^demo: game demo-1: .* won in turn [0-9]+ \(victory: (honor|ultimate-prey)\)'
ok $? "the Predators game reached its end by mail, a winner on Honor"
# The seats take turns, so over T game turns one seat has ceil(T/2) of its
# own and the other floor(T/2): each seat's figure is its own turns / T
# (0.5 over an even T; 0.4 and 0.6 over T = 7, under MUTHUR_TEST_SEED=s14-8).
printf '%s\n' "$out" | awk '/^demo: order mails per seat per game turn/ {
	t = $9; sub(/^\(/, "", t); t += 0
	lo = sprintf("%.1f", int(t / 2) / t); hi = sprintf("%.1f", int((t + 1) / 2) / t)
	for (i = 12; i <= NF; i += 2) {
		v = $i; sub(/;$/, "", v)
		if ($(i - 1) == "mean") { mean = v; break }
		if (v != lo && v != hi) bad = 1
		n++
	}
	found = (t > 0 && n == 2 && !bad && mean == "0.5")
} END { exit !found }'
ok $? "one orders mail per seat per own turn (own turns / game turns each)"
grep -l 'legendary.role' "$d2"/var/mail/out/new/* >/dev/null 2>&1
ok $? "each demo seat was dealt a Predator Role"
"$MUTHUR" --config "$d2/muthur.conf" export demo-1 >"$TAP_TMP/demo-p.archive"
ok $? "muthur export of the Predators demo exits 0"
audit=$("$MUTHUR" audit "$TAP_TMP/demo-p.archive" 2>&1)
ok $? "muthur audit of the Predators demo exits 0"
printf '%s\n' "$audit" | sed 's/^/# /'
printf '%s\n' "$audit" | grep -Eq '^OK demo-1: 0 failures.* [1-9][0-9]* phases replayed'
ok $? "the Predators audit says OK with 0 failures after a full replay"
printf '%s\n' "$audit" | grep -q '^OK demo-1: 0 failures.*; 0 phases with server-only randomness$'
ok $? "every Predators phase took a seat's nonce: 0 phases with server-only randomness"

c="--config $d/muthur.conf"
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c new-game lp --rules legendary --mode aliens 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$msg" | grep -q 'unknown mode "aliens" (the modes there are: humans, predators)'
ok $? "an unknown mode is refused with the modes there are ($msg)"
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c new-game lp --rules legendary --scenario humans --option hard-mode 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$msg" | grep -q 'unknown option "hard-mode"'
ok $? "an unknown option is refused with the options there are"
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c new-game lp --rules legendary --scenario humans --option harder-wilds=9 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$msg" | grep -q 'option harder-wilds=9: "9" is not a value of harder-wilds; expected harder-wilds=N, the Enemy cards 1..5'
ok $? "a bad option value is refused naming the option, the value and what was expected ($msg)"
# shellcheck disable=SC2086
"$MUTHUR" $c new-game lp4 --rules legendary --mode predators --option armory=woodland-intel,urban-intel,woodland-tech,urban-strength --option mercenaries=+1 >/dev/null 2>&1
ok $? "new-game takes the Predators' armory= and mercenaries= options"
# shellcheck disable=SC2086
"$MUTHUR" $c new-game lp5 --rules legendary --scenario humans --option first=tracker --option preparation-turns=2 >/dev/null 2>&1
ok $? "new-game takes the Humans' first= and preparation-turns= options"
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c new-game lp6 --rules legendary --scenario humans --option preparation-turns=3 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$msg" | grep -q 'option preparation-turns=3: "3" is not a value of preparation-turns; expected preparation-turns=N, the free preparation turns 1..2'
ok $? "preparation-turns=3 is refused naming the option, the value and what was expected ($msg)"
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c cards --rules legendary 2>&1)
! printf '%s\n' "$msg" | grep -q ' not expressed: '
ok $? "muthur cards lists no ability the language does not express (all are)"
printf '%s\n' "$msg" | grep -q '^card one-ugly-mother: ability 1 has a SAMPLE value: how a Mark is cleared'
ok $? "muthur cards names One Ugly Mother...'s Mark rule as a SAMPLE value"
printf '%s\n' "$msg" | grep -q '^objective war-zone: event has a SAMPLE value: '
ok $? "muthur cards names War Zone's Event as a SAMPLE value, by objective"
printf '%s\n' "$msg" | grep -q '^card jurisdictional-intrusion: ability 1 has a SAMPLE value: '
ok $? "muthur cards names each ability with a SAMPLE value, by card"
"$MUTHUR" $c new-game lp3 --rules legendary --scenario humans >/dev/null 2>&1
# shellcheck disable=SC2086
"$MUTHUR" $c keygen --out "$TAP_TMP/k" >/dev/null 2>&1
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c seat lp3 dutch --email d@players.example --key "$TAP_TMP/k.pub" 2>&1)
printf '%s\n' "$msg" | grep -q '"dutch" is not an Avatar'
ok $? "a seat that is no Avatar is refused with the Avatars there are ($msg)"
# shellcheck disable=SC2086
msg=$("$MUTHUR" $c seat lp3 jungle-hunter --email j@players.example --key "$TAP_TMP/k.pub" 2>&1)
printf '%s\n' "$msg" | grep -q 'jungle-hunter is a Predator Role: it plays only in --mode predators'
ok $? "a Predator Role is refused as a seat of Playing as Humans ($msg)"
done_testing
