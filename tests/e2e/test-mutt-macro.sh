#!/bin/sh
# test-mutt-macro.sh — doc/signing-replies.md's mutt macro, as written,
# in a real mutt in a tmux pane: a reply quoting a view mail is composed,
# Esc s runs the macro, and it must run to its end (mutt asks whether to
# overwrite the body, and with wait_key set waits for a key after the
# filter: a macro that does not deal with both stops at one), leaving the
# signed block as the body; sent, the block verifies with the seat's key
# and muthurd accepts the orders. Skipped without mutt or tmux.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

for t in mutt tmux ssh-keygen python3; do
	command -v "$t" >/dev/null 2>&1 ||
	    skip_all "$t is not installed (the macro runs in mutt, in tmux)"
done
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
sock="muthur-test-$$"
trap 'tmux -L "$sock" kill-server 2>/dev/null; [ -n "${MUTHUR_KEEP_TMP:-}" ] || rm -rf "$TAP_TMP"' EXIT
cd "$TAP_TMP" || exit 1

# a game whose marines player signs with ~/.ssh/id_ed25519, the macro's key
home="$TAP_TMP/home"
mkdir -p "$home/.ssh" && ssh-keygen -q -t ed25519 -N '' -C m -f "$home/.ssh/id_ed25519"
tap_muthur_conf
"$MUTHUR" init >/dev/null && "$MUTHUR" keygen --out a >/dev/null 2>&1 &&
    "$MUTHUR" new-game g --rules ccg --scenario contact >/dev/null &&
    "$MUTHUR" seat g marines --email m@x.example --key "$home/.ssh/id_ed25519.pub" >/dev/null &&
    "$MUTHUR" seat g aliens --email a@x.example --key a.pub >/dev/null &&
    "$MUTHUR" start --deal-now g >/dev/null
ok $? "a game whose marines sign with an OpenSSH key"

# the reply being written: the view's text quoted with "> "
"$MUTHUR" show g --seat marines | tr -d '\r' > view.eml
{ printf 'To: muthur@club.example\nSubject: Re: your orders\n\n'
  sed -n '/^MUTHUR --/,/^-----END MUTHUR ORDERS-----$/p' view.eml | sed 's/^/> /'; } > draft.eml
grep -q '^> nonce: REPLACE-WITH-YOUR-OWN-RANDOM-HEX$' draft.eml
ok $? "the reply quotes the view's orders block"

# the macro, as the page writes it (the line after "# ~/.muttrc" and its
# continuation)
sed -n '/^    # ~\/\.muttrc$/{n;p;n;p;}' "$top_srcdir/doc/signing-replies.md" |
    sed 's/^    //' > macro.rc
grep -q '^macro compose ' macro.rc
ok $? "doc/signing-replies.md has the macro: $(head -1 macro.rc)"
printf '#!/bin/sh\ncat > "%s/sent.eml.tmp" && mv "%s/sent.eml.tmp" "%s/sent.eml"\n' \
    "$TAP_TMP" "$TAP_TMP" "$TAP_TMP" > sendmail.sh && chmod +x sendmail.sh
{ printf '%s\n' 'set editor="true"' "set sendmail=\"$TAP_TMP/sendmail.sh\"" \
    'set from="m@x.example"' 'set use_from=yes' 'set record=""' 'set copy=no' \
    "set folder=\"$TAP_TMP\"" "set spoolfile=\"$TAP_TMP/inbox\"" \
    'set edit_headers=yes' 'set autoedit=yes' 'set abort_unmodified=no'
  cat macro.rc; } > muttrc

screen() { tmux -L "$sock" capture-pane -p -t m 2>/dev/null; }
wait_for() {	# TEXT: up to 30 s for it on the screen
	i=0
	while [ $i -lt 150 ]; do
		screen | grep -qF -- "$1" && return 0
		sleep 0.2; i=$((i + 1))
	done
	return 1
}
tmux -L "$sock" -f /dev/null new-session -d -s m -x 120 -y 40 \
    "env HOME='$home' PATH='$top_srcdir/contrib:$top_builddir:$PATH' mutt -n -F '$TAP_TMP/muttrc' -H '$TAP_TMP/draft.eml'; sleep 600"
wait_for "Mutt: Compose"
ok $? "mutt shows the compose menu"
size() { screen | sed -n 's/.*Approx\. msg size: \([^ ]*\) .*/\1/p'; }
before=$(size)
tmux -L "$sock" send-keys -t m Escape s
# the body's size changes once the filter has run; then the macro's end
i=0; while [ "$(size)" = "$before" ] && [ $i -lt 150 ]; do sleep 0.2; i=$((i + 1)); done
sleep 1
[ "$(size)" != "$before" ] && screen | grep -qF "Mutt: Compose"
st=$?
echo "# the body: $before before, $(size) after"
screen | grep -v '^$' | tail -n 3 | sed 's/^/# screen: /'
ok $st "Esc s: the macro runs to its end, the body filtered"
screen | grep -qF -e 'WARNING!' -e 'Press any key' -e 'muthur-sign:'
is $? 1 "with no prompt of mutt's left waiting and no error"
tmux -L "$sock" send-keys -t m y
i=0; while [ ! -f sent.eml ] && [ $i -lt 150 ]; do sleep 0.2; i=$((i + 1)); done
[ -f sent.eml ]
ok $? "y sends it"
sed -n '/^$/,$p' sent.eml | sed 1d > sent.body
"$MUTHUR" verify --key "$home/.ssh/id_ed25519.pub" sent.body >/dev/null 2>&1 &&
    ! grep -q '^>' sent.body && grep -Eq '^nonce: [0-9a-f]{32}$' sent.body
ok $? "the body sent is the block, with a fresh nonce, signed with the seat's key"
cp sent.eml var/mail/in/new/mutt.1
"$MUTHURD" --once > muthurd.log 2>&1
grep -q 'accepted: game g' muthurd.log
ok $? "muthurd accepts the orders: $(grep -o 'accepted: game g[^;]*' muthurd.log | head -1)"
done_testing
