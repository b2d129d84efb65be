#!/bin/sh
# test-workers-pg.sh — tests/e2e/test-workers: several muthurd workers on
# one PostgreSQL store and one mailbox, games played to the end, then a
# random worker SIGKILLed MUTHUR_KILLS times (default 25) while orders come
# in: 0 lost, 0 handled twice, 0 sent twice (a server the test starts,
# tests/servers/postgresql.sh).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_postgresql
url=$(tap_pgdb workers) || { echo "Bail out! cannot create the test database"; exit 1; }
MUTHUR_TEST_STORE_URL=$url MUTHUR_KILLS=${MUTHUR_KILLS:-25} \
    "$top_builddir/tests/e2e/test-workers"
