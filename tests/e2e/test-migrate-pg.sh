#!/bin/sh
# test-migrate-pg.sh — `muthur migrate` between SQLite and PostgreSQL, both
# ways, on a server the test starts (tests/servers/postgresql.sh): a demo
# game's database goes to PostgreSQL and back to a new SQLite file; the
# game's export is byte for byte the same from all three and audits; the
# file that came back holds every row the first one held; a store that is
# not empty is refused and left as it was.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
: "${MUTHUR_TEMPLATES:=$top_srcdir/templates}"; export MUTHUR_TEMPLATES
tap_tmpdir
tap_postgresql
command -v sqlite3 >/dev/null 2>&1 ||
    skip_all "no sqlite3 program to compare the files: install the Debian package sqlite3"
url=$(tap_pgdb migrated) || { echo "Bail out! cannot create the test database"; exit 1; }
d="$TAP_TMP/demo"
tap_demo "$d" "$TAP_TMP/demo.out"
ok $? "a demo game on SQLite"
game=$(sed -n 's/^demo: game \(demo-[0-9]*\): .*/\1/p' "$TAP_TMP/demo.out" | tail -n 1)
db="$d/var/muthur.db"
back="$TAP_TMP/back.db"

out=$("$MUTHUR" migrate --from "$db" --to "$url" 2>&1)
ok $? "migrate SQLite -> PostgreSQL exits 0"
echo "# $out"
printf '%s\n' "$out" | grep -Eq '^migrate: [0-9]+ games?, [0-9]+ rows in 25 tables copied from .* \(sqlite\) to postgresql:///migrated\?host=.* \(postgresql\)$'
ok $? "it says what it copied"
out=$("$MUTHUR" migrate --from "$url" --to "$back" 2>&1)
ok $? "migrate PostgreSQL -> a new SQLite file exits 0"

# muthur.conf for each store beside demo's (its paths are relative), [store] changed.
conf() {
	sed "/^path = /d; s|^\[store\]\$|[store]\\
$1|" "$d/muthur.conf" >"$d/$2.conf"
}
conf "url = $(printf '%s' "$url" | sed 's/[&|]/\\&/g')" pg
conf "path = $back" back
"$MUTHUR" --config "$d/muthur.conf" export "$game" >"$TAP_TMP/sqlite.archive" &&
"$MUTHUR" --config "$d/pg.conf" export "$game" >"$TAP_TMP/pg.archive" &&
"$MUTHUR" --config "$d/back.conf" export "$game" >"$TAP_TMP/back.archive"
ok $? "the game exports from all three stores"
[ -s "$TAP_TMP/sqlite.archive" ] && cmp "$TAP_TMP/sqlite.archive" "$TAP_TMP/pg.archive"
ok $? "the export from PostgreSQL is byte for byte the SQLite one"
cmp "$TAP_TMP/sqlite.archive" "$TAP_TMP/back.archive"
ok $? "and so is the export from the file that came back"
"$MUTHUR" audit "$TAP_TMP/pg.archive" 2>&1 | grep -q "^OK $game: 0 failures"
ok $? "the export from PostgreSQL audits"

sqlite3 "$db" .dump | sort >"$TAP_TMP/a.dump"
sqlite3 "$back" .dump | sort >"$TAP_TMP/b.dump"
n=$(grep -c '^INSERT' "$TAP_TMP/a.dump")
cmp -s "$TAP_TMP/a.dump" "$TAP_TMP/b.dump"
ok $? "the file that came back holds every row of the first, the same ($n rows)"

before=$(sqlite3 "$back" 'SELECT count(*) FROM events')
"$MUTHUR" migrate --from "$db" --to "$url" >"$TAP_TMP/refused" 2>&1
[ $? -eq 1 ] && grep -q "is not empty (its table games holds" "$TAP_TMP/refused"
ok $? "a PostgreSQL store that is not empty is refused"
"$MUTHUR" migrate --from "$url" --to "$back" >"$TAP_TMP/refused" 2>&1
[ $? -eq 1 ] && grep -q "is not empty" "$TAP_TMP/refused" &&
    [ "$(sqlite3 "$back" 'SELECT count(*) FROM events')" = "$before" ]
ok $? "so is a SQLite file that is not empty, and it is left as it was"
"$MUTHUR" migrate --from "$db" >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "migrate without --to is misuse (exit 2)"

done_testing
