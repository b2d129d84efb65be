# club-lib.sh — what the club's tests share (test-clock.sh, test-club.sh):
# a game per folder on a fixed clock, orders by mail, counting mails.
# Sourced after tests/tap.sh.
MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
T0='2026-12-01 12:00'

# setup CASE NEW-GAME-OPTIONS...: a folder CASE with game CASE started at T0
setup() {
	name=$1; now=; shift
	mkdir "$TAP_TMP/$name" && cd "$TAP_TMP/$name" || exit 1
	tap_muthur_conf
	printf '%s\n' '[club]' 'organiser = org@club.example' >> muthur.conf
	# more [club] lines from $CLUB_CONF (one per line)
	[ -z "${CLUB_CONF:-}" ] || printf '%s\n' "$CLUB_CONF" >> muthur.conf
	"$MUTHUR" init >/dev/null 2>&1 && "$MUTHUR" keygen --out m >/dev/null 2>&1 &&
	    "$MUTHUR" keygen --out a >/dev/null 2>&1 &&
	    "$MUTHUR" --now "$T0" new-game "$name" --rules ccg --scenario contact "$@" \
	    >/dev/null &&
	    "$MUTHUR" seat "$name" marines --email m@x.example --key m.pub >/dev/null &&
	    "$MUTHUR" seat "$name" aliens --email a@x.example --key a.pub >/dev/null &&
	    "$MUTHUR" --now "$T0" start --deal-now "$name" >/dev/null &&
	    "$MUTHUR" --now "$T0" adjudicate "$name" >/dev/null
	ok $? "$name: a game started at $T0 with $*, in movement.move"
}
# (setup adjudicates the first phase, movement.locations, at once: the
# orders template of movement.move is always legal as it is)
# daemon WHEN: one pass as if it were WHEN
# (and the clock muthur status reads from then on: the last pass's)
daemon() { now=$1; "$MUTHURD" --once --now "$1" >>daemon.log 2>&1; }
# orders SEAT KEY N [LINE]: mail the orders template of SEAT's view, as it
# is (with LINE added), but for the phase alone: without the plan for the
# rest of the turn that follows its orders, and a standing pass made a
# plain one, so that these tests of the club's clock, seats and refusals
# go phase by phase (tests/e2e/test-template-mails.sh sends the plans)
orders() {
	"$MUTHUR" show "$name" --seat "$1" | tr -d '\r' |
	    sed -n '/^-----BEGIN MUTHUR ORDERS-----$/,/^-----END MUTHUR ORDERS-----$/p' |
	    grep -v '^-----\|^nonce:' | awk '/^$/ { body = 1 } body && /^phase: / { exit }
		body && /^pass [a-z-]+$/ { $0 = "pass" } { print }' > o.txt
	[ -z "${4:-}" ] || printf '%s\n' "$4" >> o.txt
	"$MUTHUR" sign --key "$2.key" o.txt > o.signed || return 1
	{ printf 'From: %s@x.example\nTo: muthur@club.example\n' "$2"
	  printf 'Subject: orders\nMessage-ID: <%s.%s@x.example>\n\n' "$1" "$3"
	  cat o.signed; } > "var/mail/in/new/$1.$3.mail"
}
# mails SUBJECT [TO]: how many mails went out with that subject (and To)
mails() {
	for f in var/mail/out/new/*; do
		[ -f "$f" ] || continue
		tr -d '\r' < "$f" | grep -qxF "Subject: $1" || continue
		[ -z "$2" ] || tr -d '\r' < "$f" | grep -qxF "To: $2" || continue
		echo "$f"
	done | wc -l | tr -d ' '
}
status() { "$MUTHUR" --now "${now:-$T0}" status "$name" 2>&1; }
phase_is() {	# SEQ WHAT
	case $(status) in *"($1), "*) ok 0 "$name: $2";;
		*) ok 1 "$name: $2: $(status)";; esac
}
events() { "$MUTHUR" export "$name" | grep -o "$1" | wc -l | tr -d ' '; }

