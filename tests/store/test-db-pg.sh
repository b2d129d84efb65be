#!/bin/sh
# test-db-pg.sh — tests/store/test-db against the postgresql driver: its own
# open, schema and refusal tests, then every table test, on a PostgreSQL
# server the test starts (tests/servers/postgresql.sh).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_postgresql
url=$(tap_pgdb store) && url2=$(tap_pgdb other) && url3=$(tap_pgdb utf8 UTF8) &&
    url4=$(tap_pgdb upgraded) || {
	echo "Bail out! cannot create the test databases"; exit 1; }
MUTHUR_TEST_STORE_URL=$url MUTHUR_TEST_STORE_URL2=$url2 MUTHUR_TEST_STORE_URL3=$url3 \
    MUTHUR_TEST_STORE_URL4=$url4 \
    "$top_builddir/tests/store/test-db"
