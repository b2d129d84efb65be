#!/bin/sh
# test-demo-pg.sh — a whole `muthur demo` game on a PostgreSQL store
# ([store] url), on a server the test starts (tests/servers/postgresql.sh):
# it ends in a victory, `muthur fsck` finds every recorded state, and the
# exported archive audits with a full replay, as on SQLite (test-demo.sh).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
tap_postgresql
url=$(tap_pgdb demo) || { echo "Bail out! cannot create the test database"; exit 1; }
d="$TAP_TMP/demo"
mkdir -p "$d"
# demo's own config, but for the store (muthur demo keeps a config it finds)
printf '%s\n' '[store]' "url = $url" '[mail]' 'in = maildir:var/mail/in' \
    'out = maildir:var/mail/out' 'from = muthur@club.example' '[server]' \
    'key = var/server.key' >"$d/muthur.conf"

out=$("$MUTHUR" demo --dir "$d" --quiet 2>&1)
st=$?
result=$(printf '%s\n' "$out" | tail -n 1)
# As in test-demo.sh (tap_demo): a game with no victory by turn 40 is
# played again under another seed, up to 5 games; each is a new game
# (demo-2, ...) in the same database, which keeps its configuration.
seed0=$MUTHUR_TEST_SEED try=1 first_out=$out
while [ "$try" -lt 5 ]; do
	case $result in *"no victory by turn"*) ;; *) break;; esac
	try=$((try + 1))
	MUTHUR_TEST_SEED="$seed0-$try"; export MUTHUR_TEST_SEED
	echo "# demo game $((try - 1)): $result; playing another (MUTHUR_TEST_SEED=$MUTHUR_TEST_SEED)"
	out=$("$MUTHUR" demo --dir "$d" --quiet 2>&1)
	st=$?
	result=$(printf '%s\n' "$out" | tail -n 1)
done
ok $st "muthur demo on PostgreSQL exits 0"
echo "# $result"
game=$(printf '%s\n' "$result" | sed -n 's/^demo: game \(demo-[0-9]*\): [a-z]* won in turn [0-9]* (victory: [a-z-]*)$/\1/p')
[ -n "$game" ]
ok $? "the demo ends in a victory with a winner"
# (by the first game played)
printf '%s\n' "$first_out" | grep -q "^database postgresql:///demo?host=.* created (schema version [0-9]*)$"
ok $? "muthur created the PostgreSQL store"
[ ! -e "$d/var/muthur.db" ]
ok $? "and no SQLite file"

n=$(grep -l "^To: marines@players.example" "$d"/var/mail/out/new/* 2>/dev/null | wc -l)
[ "$n" -gt 0 ]
ok $? "the outgoing Maildir holds views ($n for the marines)"

fsck=$("$MUTHUR" --config "$d/muthur.conf" fsck 2>&1)
ok $? "muthur fsck of the PostgreSQL store exits 0"
printf '%s\n' "$fsck" | grep -q "^$game: ok: [0-9]* recorded states are the states its log replays to"
ok $? "fsck replays the game's recorded states"

"$MUTHUR" --config "$d/muthur.conf" export "$game" >"$TAP_TMP/game.archive"
ok $? "muthur export of the game exits 0"
audit=$("$MUTHUR" audit "$TAP_TMP/game.archive" 2>&1)
ok $? "muthur audit of the archive exits 0"
printf '%s\n' "$audit" | tail -n 3 | sed 's/^/# /'
printf '%s\n' "$audit" | grep -q "^OK $game: 0 failures"
ok $? "the audit's summary says OK with 0 failures"
replayed=$(printf '%s\n' "$audit" | sed -n 's/.* \([0-9][0-9]*\) phases replayed.*/\1/p')
[ "${replayed:-0}" -gt 0 ]
ok $? "the audit replayed the phases (${replayed:-none})"

# Several muthurd workers per PostgreSQL database, from wherever they run:
# a second one with its own folder (another machine) serves it beside the
# first, and so does a third from the first's folder (its own files there).
"$MUTHURD" -f --config "$d/muthur.conf" >"$TAP_TMP/first.log" 2>&1 &
first=$!
i=0
while ! grep -q 'started' "$TAP_TMP/first.log" && [ $i -lt 100 ]; do
	sleep 0.1; i=$((i + 1))
done
o="$TAP_TMP/other"
mkdir -p "$o/var"
cp "$d/var/server.key" "$o/var/server.key"
cp "$d/muthur.conf" "$o/muthur.conf"
"$MUTHUR" --config "$o/muthur.conf" init >/dev/null 2>&1
"$MUTHURD" --once --config "$o/muthur.conf" >"$TAP_TMP/second.log" 2>&1
st=$?
grep -q "serving postgresql:///demo?host=.* as one of its workers (this one's files: $o/muthur-postgresql-1\.\*)" "$TAP_TMP/second.log"
ok $(( $? + st )) "a second muthurd on the same PostgreSQL database serves it beside the first"
grep -q "another muthurd" "$TAP_TMP/second.log"
[ $? -ne 0 ]
ok $? "and does not call it taken"
"$MUTHURD" --once --config "$d/muthur.conf" >"$TAP_TMP/third.log" 2>&1
st=$?
grep -q "as one of its workers (this one's files: $d/muthur-postgresql-2\.\*)" "$TAP_TMP/third.log"
ok $(( $? + st )) "a third from the first's folder takes the next worker's files"
kill "$first"; wait "$first" 2>/dev/null
grep -q "as one of its workers (this one's files: $d/muthur-postgresql-1\.\*)" "$TAP_TMP/first.log"
ok $? "the first had the first worker's files"

# Reopening finds the schema current: muthur init says so.
"$MUTHUR" --config "$d/muthur.conf" init 2>&1 | grep -q "^database postgresql:///demo?host=.* ready (schema version [0-9]*)$"
ok $? "muthur init finds the PostgreSQL store ready"

done_testing
