#!/bin/sh
# test-workers-pg.sh — tests/e2e/test-workers: several muthurd workers on
# one PostgreSQL store and one mailbox, then a random worker SIGKILLed
# MUTHUR_KILLS times (default 25) while orders come in: 0 lost, 0 handled
# twice, 0 sent twice (a server the test starts, tests/servers/postgresql.sh).
#
#   test-workers-pg.sh [--kills N] [--workers N]
#
# --kills and --workers set MUTHUR_KILLS and MUTHUR_WORKERS (default 3);
# issue 29's size is --kills 300 (make check keeps the small default:
# make check TESTS=tests/e2e/test-workers-pg.sh MUTHUR_KILLS=300 works too).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

while [ $# -gt 0 ]; do
	case $1 in
	--kills) MUTHUR_KILLS=$2; shift 2 ;;
	--workers) MUTHUR_WORKERS=$2; export MUTHUR_WORKERS; shift 2 ;;
	*) echo "Bail out! usage: test-workers-pg.sh [--kills N] [--workers N]"; exit 1 ;;
	esac
done
tap_tmpdir
tap_postgresql
url=$(tap_pgdb workers) || { echo "Bail out! cannot create the test database"; exit 1; }
MUTHUR_TEST_STORE_URL=$url MUTHUR_KILLS=${MUTHUR_KILLS:-25} \
    "$top_builddir/tests/e2e/test-workers"
