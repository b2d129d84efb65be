#!/bin/sh
# storage-figures.sh — the database a whole demo game leaves (issue 21
# item 6, target 5 MB): `muthur demo` plays one 4-seat Contact game to its
# end, then this prints the database's pages in use, per phase and per
# orders mail, and what takes the room table by table (SQLite's dbstat,
# when the sqlite3 shell has it). Runs = N demo games (default 3).
# Usage: bench/storage-figures.sh [BUILDDIR] [RUNS] (run from the source tree).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top}
runs=${2:-3}
i=0
while [ "$i" -lt "$runs" ]; do
	i=$((i + 1))
	dir=$(mktemp -d /tmp/muthur-storage-XXXXXX)
	out=$(MUTHUR_DATADIR=$top/rules MUTHUR_TEMPLATES=$top/templates \
	    "$bin/muthur" demo --dir "$dir" --quiet 2>&1)
	mails=$(printf '%s\n' "$out" | sed -n 's/^demo: \([0-9]*\) orders mails handled, \([0-9]*\) phases.*/\1/p')
	phases=$(printf '%s\n' "$out" | sed -n 's/^demo: [0-9]* orders mails handled, \([0-9]*\) phases.*/\1/p')
	turns=$(printf '%s\n' "$out" | sed -n 's/.* in turn \([0-9]*\).*/\1/p')
	db=$dir/var/muthur.db
	file=$(wc -c < "$db")
	if command -v sqlite3 >/dev/null 2>&1; then
		used=$(sqlite3 "$db" "SELECT (SELECT page_count FROM pragma_page_count) -
		    (SELECT freelist_count FROM pragma_freelist_count)" 2>/dev/null)
		psize=$(sqlite3 "$db" "PRAGMA page_size")
		used=$((used * psize))
	else
		used=$file
	fi
	echo "demo game $i: $turns turns, $phases phases, $mails orders mails:" \
	    "database file $file bytes, $used in use," \
	    "$((used / (phases > 0 ? phases : 1))) bytes a phase," \
	    "$((used / (mails > 0 ? mails : 1))) bytes an orders mail"
	if command -v sqlite3 >/dev/null 2>&1 &&
	    sqlite3 "$db" "SELECT 1 FROM dbstat LIMIT 1" >/dev/null 2>&1; then
		sqlite3 -separator ' ' "$db" "SELECT '  ' || name, SUM(pgsize) || ' bytes of pages,',
		    SUM(payload) || ' of data' FROM dbstat GROUP BY name ORDER BY SUM(pgsize)
		    DESC LIMIT 6"
	fi
	rm -rf "$dir"
done
