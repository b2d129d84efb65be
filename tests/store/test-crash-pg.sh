#!/bin/sh
# test-crash-pg.sh — tests/store/test-crash against the postgresql driver:
# the child's store transactions are killed with SIGKILL mid-way, 100
# times, and every invariant is checked on the PostgreSQL database after
# each kill (a server the test starts, tests/servers/postgresql.sh).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_postgresql
url=$(tap_pgdb crash) || { echo "Bail out! cannot create the test database"; exit 1; }
MUTHUR_TEST_STORE_URL=$url MUTHUR_CRASH_KILLS=${MUTHUR_CRASH_KILLS:-100} \
    "$top_builddir/tests/store/test-crash"
