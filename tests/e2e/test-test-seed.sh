#!/bin/sh
# test-test-seed.sh — MUTHUR_TEST_SEED (doc/testing.md): two games played
# under the same seed are the same game, event for event, and another seed
# gives another game; the game records its seed (game file test-seed) and
# `muthur audit` refuses it unless the auditor runs under the same seed; a
# game made without the variable has no such file and audits as ever.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
command -v sqlite3 >/dev/null 2>&1 || skip_all "no sqlite3 shell"
tap_tmpdir
cd "$TAP_TMP" || exit 1
seed=$MUTHUR_TEST_SEED

events() {
	sqlite3 "$1/var/muthur.db" "SELECT type, payload FROM events ORDER BY seq" | sha256sum
}
"$MUTHUR" demo --dir a --rules bughunt --quiet >a.out 2>&1 &&
    "$MUTHUR" demo --dir b --rules bughunt --quiet >b.out 2>&1
ok $? "two Bug Hunt demo games under MUTHUR_TEST_SEED=$seed"
is "$(events a)" "$(events b)" "the same seed plays the same game, event for event"
grep -q "WARNING: game demo-1 is played under MUTHUR_TEST_SEED=$seed" a.out
ok $? "and says loudly that its draws are fixed"
MUTHUR_TEST_SEED="$seed-other" "$MUTHUR" demo --dir c --rules bughunt --quiet >c.out 2>&1
ok $? "a third game under another seed"
[ "$(events a)" != "$(events c)" ]
ok $? "another seed, another game"
is "$(sqlite3 a/var/muthur.db "SELECT count(*) FROM game_files WHERE name = 'test-seed'")" 1 \
    "the game records its test seed"

"$MUTHUR" --config a/muthur.conf export demo-1 >a.archive
ok $? "export"
out=$("$MUTHUR" audit a.archive 2>&1)
ok $? "audit under the same seed passes"
printf '%s\n' "$out" | grep -q "accepted only because this audit runs under the same seed"
ok $? "and says why"
out=$(env -u MUTHUR_TEST_SEED "$MUTHUR" audit a.archive 2>&1)
[ $? -ne 0 ]
ok $? "audit without the seed fails"
printf '%s\n' "$out" | grep -q "not a fair game"
ok $? "naming the test seed ($(printf '%s\n' "$out" | grep -m1 'test seed'))"
out=$(MUTHUR_TEST_SEED="$seed-x" "$MUTHUR" audit a.archive 2>&1)
[ $? -ne 0 ]
ok $? "audit under another seed fails"

mkdir p && cp a/muthur.conf p/ && cd p || exit 1
env -u MUTHUR_TEST_SEED "$MUTHUR" init >/dev/null 2>&1 &&
    env -u MUTHUR_TEST_SEED "$MUTHUR" new-game g1 --rules bughunt --scenario bug-hunt >new.out 2>&1
ok $? "a game made without MUTHUR_TEST_SEED"
is "$(sqlite3 var/muthur.db "SELECT count(*) FROM game_files WHERE name = 'test-seed'")" 0 \
    "has no test seed"
! grep -q WARNING new.out
ok $? "and no warning"
done_testing
