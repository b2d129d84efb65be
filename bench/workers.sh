#!/bin/sh
# workers.sh — issue 29's targets in one run, one block: orders mails/s
# end to end with 1, 2 and 4 muthurd workers on one PostgreSQL database,
# and the ratio of each to one muthurd on SQLite measured in the same run;
# then a database of IDLE games (default 10,000) served by 2 workers: each
# worker's first pass, its idle passes and its peak RSS.
# Not a test: the figures depend on the machine and on what else runs, so
# the block starts with the commit, the date, nproc and the load average.
#
# Usage: bench/workers.sh [--quick] [BUILDDIR]   (run from the source tree;
#        BUILDDIR defaults to it; bench-workers is built with `make bench`
#        there when missing)
#   full     GAMES=100 CCG games, ROUNDS=4 rounds of orders for each store
#            (some 400 mails each), IDLE=10000 games, PASSES=6 passes
#   --quick  GAMES=20, ROUNDS=2, IDLE=1000, PASSES=3
# GAMES, ROUNDS, IDLE and PASSES in the environment override either.
#
# The PostgreSQL server is the benchmark's own (tests/servers/postgresql.sh:
# initdb and pg_ctl on a temporary folder, a Unix socket, fsync off, as the
# tests run it); without PostgreSQL the script says so and exits 77.
# Every store starts from the same database: GAMES games made once on
# SQLite (bench-workers setup, their first views sent), copied with
# `muthur migrate` into a new SQLite file or PostgreSQL database for each
# run. A rate is the orders mails of ROUNDS rounds over the seconds from
# the moment each round's mails are in new/ until every one is recorded,
# none waits and no outgoing mail is pending (bench/bench-workers.c): the
# handling, the phases resolved and the views sent (and the up to 200 ms
# an idle worker takes to see new mail in new/). The workers' CPU time
# is theirs alone; under a PostgreSQL rate, the server's CPU in the same
# run (its processes' in /proc, Linux).
# The IDLE games are made straight in a PostgreSQL database
# (tests/store/fixture.h, as bench-idle); a first pass is the first pass
# of a worker just started on it, an idle pass one of the passes after
# (poll_interval 1 s apart); peak RSS is each worker's (wait4()).
set -e
case "${1:-}" in
--quick) shift; : "${GAMES:=20}" "${ROUNDS:=2}" "${IDLE:=1000}" "${PASSES:=3}" ;;
esac
: "${GAMES:=100}" "${ROUNDS:=4}" "${IDLE:=10000}" "${PASSES:=6}"
case "${1:-}" in -*)
	echo "usage: bench/workers.sh [--quick] [BUILDDIR]" >&2
	exit 2
esac
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "${1:-$top}" && pwd)
[ -x "$bin/bench/bench-workers" ] || make -C "$bin" bench >/dev/null
grep -q '^#define HAVE_LIBPQ 1' "$bin/config.h" || {
	echo "workers.sh: this muthur was built without the postgresql store driver" \
	    "(install the Debian package libpq-dev, then configure and make again)" >&2
	exit 77
}
tmp=$(mktemp -d /tmp/muthur-workers-bench-XXXXXX)
pg="$top/tests/servers/postgresql.sh"
cleanup() {
	sh "$pg" stop "$tmp/pgsrv" >/dev/null 2>&1 || true
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
set +e
out=$(sh "$pg" start "$tmp/pgsrv" 2>&1)
st=$?
set -e
case $st in
0) ;;
77) echo "workers.sh: ${out#SKIP: }" >&2; exit 77 ;;
*) printf 'workers.sh: the PostgreSQL server did not start:\n%s\n' "$out" >&2; exit 1 ;;
esac
. "$tmp/pgsrv/pgenv"
export top_srcdir="$top" MUTHURD="$bin/muthurd"
MUTHUR_DATADIR="$top/rules" MUTHUR_TEMPLATES="$top/templates"
export MUTHUR_DATADIR MUTHUR_TEMPLATES
bw="$bin/bench/bench-workers"

# conf DIR STORE-LINE: DIR/muthur.conf for DIR's Maildirs and key.
conf() {
	mkdir -p "$1/var/mail/in/new" "$1/var/mail/in/cur" "$1/var/mail/in/tmp" \
	    "$1/var/mail/out/new" "$1/var/mail/out/cur" "$1/var/mail/out/tmp"
	chmod 0700 "$1/var"
	printf '%s\n' '[store]' "$2" '[mail]' 'in = maildir:var/mail/in' \
	    'out = maildir:var/mail/out' 'from = muthur@club.example' \
	    'poll_interval = 1' '[server]' 'key = var/server.key' >"$1/muthur.conf"
}

echo "== bench/workers.sh ($(git -C "$top" rev-parse --short HEAD 2>/dev/null ||
    echo '?'), $(date -u '+%Y-%m-%d %H:%M UTC'), nproc $(nproc), load $(cut -d' ' -f1-3 \
    /proc/loadavg 2>/dev/null)) =="
echo "PostgreSQL: $("$PG_BIN/postgres" --version 2>/dev/null || echo '?') (fsync off, Unix socket)"

# The games, once, on SQLite.
conf "$tmp/setup" 'path = var/muthur.db'
"$bin/muthur" --config "$tmp/setup/muthur.conf" init >/dev/null
"$bw" setup "$tmp/setup/muthur.conf" "$GAMES"

# The PostgreSQL server's CPU seconds so far (Linux /proc): the
# postmaster's own and of the children it reaped, and its live children's.
pg_cpu() {
	cat /proc/[0-9]*/stat 2>/dev/null | awk -v pm="$(head -n 1 \
	    "$tmp/pgsrv/pg/data/postmaster.pid")" -v hz="$(getconf CLK_TCK)" '{
		pid = $1; line = $0; sub(/^.*\) /, "", line); split(line, f, " ")
		if (pid == pm) t += f[12] + f[13] + f[14] + f[15]
		else if (f[2] == pm) t += f[12] + f[13]
	} END { printf "%.2f\n", t / hz }'
}

# run NAME STORE-LINE TARGET WORKERS: a copy of the games, and its rate
# (with the server's CPU for a PostgreSQL store).
run() {
	conf "$tmp/$1" "$2"
	cp -p "$tmp/setup/var/server.key" "$tmp/$1/var/server.key"
	"$bin/muthur" migrate --from "$tmp/setup/var/muthur.db" --to "$3" >/dev/null
	c0=$(pg_cpu)
	"$bw" rate "$tmp/$1/muthur.conf" "$4" "$ROUNDS" | tee "$tmp/$1.rate"
	sleep 1		# the backends gone and reaped
	c1=$(pg_cpu)
	case $3 in postgres*)
		n=$(sed -n 's/.*: \([0-9]*\) orders mails .*/\1/p' "$tmp/$1.rate")
		awk -v a="$c0" -v b="$c1" -v n="$n" 'BEGIN {
		    f = "  the PostgreSQL server: %.2f s of CPU in that run, %.2f ms a mail\n"
		    printf f, b - a, (n > 0 ? (b - a) * 1000 / n : 0) }' ;;
	esac
}
run sqlite 'path = var/muthur.db' "$tmp/sqlite/var/muthur.db" 1
for w in 1 2 4; do
	url=$(sh "$pg" newdb "$tmp/pgsrv" "rate$w")
	run "pg$w" "url = $url" "$url" "$w"
done
rate_of() { sed -n 's/.*: \([0-9.]*\) mails\/s .*/\1/p' "$tmp/$1.rate"; }
base=$(rate_of sqlite)
for w in 1 2 4; do
	awk -v w="$w" -v r="$(rate_of "pg$w")" -v b="$base" 'BEGIN {
	    f = "ratio: PostgreSQL with %d worker%s / SQLite with one muthurd: " \
	        "%.1f / %.1f = %.2f\n"
	    printf f, w, (w == 1 ? "" : "s"), r, b, (b > 0 ? r / b : 0) }'
done

# IDLE games served by 2 workers.
url=$(sh "$pg" newdb "$tmp/pgsrv" idle)
conf "$tmp/idle" "url = $url"
"$bin/muthur" --config "$tmp/idle/muthur.conf" init >/dev/null
"$bw" fill "$tmp/idle/muthur.conf" "$IDLE"
"$bw" idle "$tmp/idle/muthur.conf" 2 "$PASSES"
