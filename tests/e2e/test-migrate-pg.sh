#!/bin/sh
# test-migrate-pg.sh — `muthur migrate` between SQLite and PostgreSQL, both
# ways, on a server the test starts (tests/servers/postgresql.sh): a whole
# demo's database (a game of each demo: the CCG, Bug Hunt and Legendary,
# in one league) goes to PostgreSQL and back to a new SQLite file; every
# game's export is byte for byte the same from all three stores and the
# one from PostgreSQL audits; the file that came back holds every row the
# first one held; a store that is not empty is refused and left as it was.
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
st=0
for r in bughunt legendary; do
	"$MUTHUR" demo --dir "$d" --quiet --rules $r >>"$TAP_TMP/demo.out" 2>&1 || st=1
done
ok $st "and a Bug Hunt and a Legendary demo game in the same database"
games=$(sed -n 's/^demo: game \(demo-[0-9]*\): .*/\1/p' "$TAP_TMP/demo.out")
is "$(printf '%s\n' "$games" | wc -l | tr -d ' ')" 3 "three games: $(echo $games)"
"$MUTHUR" --config "$d/muthur.conf" league create club >/dev/null
st=$?
for g in $games; do
	"$MUTHUR" --config "$d/muthur.conf" league add club "$g" >/dev/null || st=1
done
ok $st "in one league"
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
all=$(sqlite3 "$db" 'SELECT name FROM games ORDER BY name')
is "$(echo $all)" "$(echo $games)" "the database holds those games and no other"
for g in $all; do
	"$MUTHUR" --config "$d/muthur.conf" export "$g" >"$TAP_TMP/$g.sqlite" &&
	"$MUTHUR" --config "$d/pg.conf" export "$g" >"$TAP_TMP/$g.pg" &&
	"$MUTHUR" --config "$d/back.conf" export "$g" >"$TAP_TMP/$g.back"
	ok $? "$g exports from all three stores"
	[ -s "$TAP_TMP/$g.sqlite" ] && cmp "$TAP_TMP/$g.sqlite" "$TAP_TMP/$g.pg"
	ok $? "$g: the export from PostgreSQL is byte for byte the SQLite one ($(wc -c <"$TAP_TMP/$g.pg" | tr -d ' ') bytes)"
	cmp "$TAP_TMP/$g.sqlite" "$TAP_TMP/$g.back"
	ok $? "$g: and so is the export from the file that came back"
	"$MUTHUR" audit "$TAP_TMP/$g.pg" 2>&1 | grep -q "^OK $g: 0 failures"
	ok $? "$g: the export from PostgreSQL audits"
done
"$MUTHUR" --config "$d/muthur.conf" league standings club >"$TAP_TMP/standings.sqlite" &&
"$MUTHUR" --config "$d/pg.conf" league standings club >"$TAP_TMP/standings.pg" &&
"$MUTHUR" --config "$d/back.conf" league standings club >"$TAP_TMP/standings.back" &&
    cmp "$TAP_TMP/standings.sqlite" "$TAP_TMP/standings.pg" &&
    cmp "$TAP_TMP/standings.sqlite" "$TAP_TMP/standings.back"
ok $? "the league's standings are the same from all three"

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
