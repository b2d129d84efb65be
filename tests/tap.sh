# tap.sh — TAP helpers for the shell tests (source it).
#   ok CONDITION-EXIT-STATUS NAME ; is "$got" "$want" NAME ; done_testing
#   skip_all "reason"
# Tests find the built programs in $top_builddir and data in $top_srcdir.
: "${top_builddir:=$(pwd)}"
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
MUTHUR="$top_builddir/muthur"
MUTHURD="$top_builddir/muthurd"
tap_n=0
tap_failed=0

# Every game a test creates is dealt from MUTHUR_TEST_SEED (doc/testing.md):
# a fresh one each run unless given, printed so that a failure can be
# replayed with MUTHUR_TEST_SEED=... make check TESTS=...
: "${MUTHUR_TEST_SEED:=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')}"
export MUTHUR_TEST_SEED
echo "# MUTHUR_TEST_SEED=$MUTHUR_TEST_SEED (set it to replay this test's deals)"

# tap_hex LABEL: 32 hex digits for a player's nonce, from MUTHUR_TEST_SEED
# and LABEL (a different label each call), so a rerun sends the same ones.
tap_hex() {
	printf '%s %s' "$MUTHUR_TEST_SEED" "$1" | sha256sum | cut -c1-32
}

ok() {
	_st=$1; shift
	tap_n=$((tap_n + 1))
	if [ "$_st" -eq 0 ]; then
		echo "ok $tap_n - $*"
	else
		echo "not ok $tap_n - $*"
		tap_failed=$((tap_failed + 1))
	fi
}

is() {
	_got=$1 _want=$2; shift 2
	if [ "$_got" = "$_want" ]; then ok 0 "$@"; else
		ok 1 "$@"
		printf '#   got      "%s"\n#   expected "%s"\n' "$_got" "$_want"
	fi
}

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ] && [ "$tap_n" -gt 0 ]
	exit $?
}

# tap_demo DIR OUT [MUTHUR...]: play a whole `muthur demo` game in DIR,
# its output in OUT; returns muthur's status. About one demo game in 35
# ends with no victory by turn 40 (the scripted players' known weakness,
# rules/ccg/demo-player.c): it stays open, with no game-over view and a
# spectator export. A deal under a test seed is the same each time it is
# played, so another is played under the seed $MUTHUR_TEST_SEED-2, then
# -3, up to 5 games (the odds of 5 stalls in a row are about 1 in 50
# million), and said so; the test's later commands use the seed of the
# game they got (an audit under another seed refuses a test-seed game).
# MUTHUR... is the program to run (default "$MUTHUR"). Call it directly,
# not in $(...).
tap_demo() {
	_dir=$1 _out=$2
	shift 2
	[ $# -gt 0 ] || set -- "$MUTHUR"
	_seed0=$MUTHUR_TEST_SEED _try=1
	while :; do
		"$@" demo --dir "$_dir" --quiet >"$_out" 2>&1
		_st=$?
		tail -n 1 "$_out" | grep -q 'no victory by turn' || break
		[ "$_try" -lt 5 ] || break
		_try=$((_try + 1))
		echo "# demo game $((_try - 1)): no victory; playing another (MUTHUR_TEST_SEED=$_seed0-$_try)"
		rm -rf "$_dir"
		MUTHUR_TEST_SEED="$_seed0-$_try"
		export MUTHUR_TEST_SEED
	done
	return $_st
}

# tap_audit ARCHIVE: `muthur audit ARCHIVE`, its report in $audit_out and
# shown as diagnostics; returns muthur's status.
tap_audit() {
	audit_out=$("$MUTHUR" audit "$1" 2>&1)
	_st=$?
	printf '%s\n' "$audit_out" | sed 's/^/# /'
	return $_st
}

# tap_tamper_fails ARCHIVE SED [LABEL]: the copy of ARCHIVE edited by the
# sed script SED ($TAP_TMP/bad) differs from it, and `muthur audit` fails
# it (its report in $TAP_TMP/bad.out): two checks, named after LABEL.
tap_tamper_fails() {
	sed "$2" "$1" >"$TAP_TMP/bad"
	cmp -s "$1" "$TAP_TMP/bad"
	[ $? -ne 0 ]
	ok $? "${3:-}the tampered copy differs"
	"$MUTHUR" audit "$TAP_TMP/bad" >"$TAP_TMP/bad.out" 2>&1
	[ $? -ne 0 ]
	ok $? "${3:-}a changed byte fails the audit"
}

# A fresh folder for this test in $TAP_TMP, removed at exit unless
# MUTHUR_KEEP_TMP is set. Call it directly, not in $(...).
tap_tmpdir() {
	TAP_TMP=$(mktemp -d "${TMPDIR:-/tmp}/muthur-test.XXXXXX")
	[ -n "${MUTHUR_KEEP_TMP:-}" ] || trap 'rm -rf "$TAP_TMP"' EXIT
}

# tap_server SCRIPT DIR SKIP WHAT: SCRIPT start DIR (a tests/servers/
# script); on its exit 77 call SKIP with its reason, on another failure
# bail out saying WHAT did not start; at the test's exit, SCRIPT stop DIR
# and remove $TAP_TMP unless MUTHUR_KEEP_TMP is set.
tap_server() {
	_out=$(sh "$1" start "$2" 2>&1)
	case $? in
	0) ;;
	77) "$3" "${_out#SKIP: }" ;;
	*) echo "$_out" | sed 's/^/# /'
	   echo "Bail out! $4 did not start"; exit 1 ;;
	esac
	tap_server_stop="sh '$1' stop '$2'"
	trap 'eval "$tap_server_stop"; [ -n "${MUTHUR_KEEP_TMP:-}" ] || rm -rf "$TAP_TMP"' EXIT
}

# Start the test mail servers (tests/servers/mailservers.sh) in
# $TAP_TMP/servers (call tap_tmpdir first): skip the test when they cannot
# run here, bail out when they fail; they are stopped, and $TAP_TMP
# removed unless MUTHUR_KEEP_TMP is set, when the test exits. Sets
# $servers to the script.
tap_mailservers() {
	servers="$top_srcdir/tests/servers/mailservers.sh"
	tap_server "$servers" "$TAP_TMP/servers" skip_all "the mail servers"
}

# Start a PostgreSQL server of the test's own (tests/servers/postgresql.sh)
# in $TAP_TMP/pgsrv (call tap_tmpdir first): skip the test, naming the
# Debian package, when PostgreSQL or this muthur's postgresql driver is
# missing; bail out when the server fails to start. It is stopped, and
# $TAP_TMP removed unless MUTHUR_KEEP_TMP is set, when the test exits. Puts
# its programs (psql) first in PATH; `tap_pgdb NAME` prints the URL of a
# new empty database NAME. With MUTHUR_REQUIRE_POSTGRESQL set (CI), what
# would be a skip bails out instead.
tap_pg_skip() {
	if [ -n "${MUTHUR_REQUIRE_POSTGRESQL:-}" ]; then
		echo "Bail out! $* (MUTHUR_REQUIRE_POSTGRESQL is set)"
		exit 1
	fi
	skip_all "$@"
}

tap_postgresql() {
	grep -q '^#define HAVE_LIBPQ 1' "$top_builddir/config.h" 2>/dev/null ||
	    tap_pg_skip "this muthur was built without the postgresql store driver" \
	    "(install the Debian package libpq-dev, then configure and make again)"
	pgserver="$top_srcdir/tests/servers/postgresql.sh"
	tap_server "$pgserver" "$TAP_TMP/pgsrv" tap_pg_skip "the PostgreSQL server"
	. "$TAP_TMP/pgsrv/pgenv"
	PATH=$PG_BIN:$PATH; export PATH
}

tap_pgdb() {
	sh "$pgserver" newdb "$TAP_TMP/pgsrv" "$@"
}

# A muthur.conf in the current folder for a test club: the database, the
# Maildirs and the server key under var/ (run `muthur init` next).
tap_muthur_conf() {
	printf '%s\n' '[store]' 'path = var/muthur.db' '[mail]' \
	    'in   = maildir:var/mail/in' 'out  = maildir:var/mail/out' \
	    'from = muthur@club.example' '[server]' 'key  = var/server.key' \
	    > muthur.conf
}
