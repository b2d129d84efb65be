#!/bin/sh
# postgresql.sh — a PostgreSQL server of the tests' own, on a Unix socket.
#
#   postgresql.sh start DIR        initdb DIR/pg and start the server on a
#                                  socket in DIR/pg/sock; write DIR/pgenv
#   postgresql.sh newdb DIR NAME [ENCODING]
#                                  create the empty database NAME (encoding
#                                  SQL_ASCII, as muthur needs, unless given);
#                                  print its URL
#                                  (postgresql:///NAME?host=...&user=...)
#   postgresql.sh stop DIR         stop it (pg_ctl stop -m fast)
#
# DIR is a fresh or empty folder owned by the caller (a test's temporary
# folder). The server listens on no TCP port, trusts the socket's users
# (the socket lives in DIR/pg, which only the caller and the server can
# reach) and runs with fsync off: it holds test data for one run. Nothing of
# the system's own clusters is used or touched.
#
# PostgreSQL refuses to run as root: under uid 0 the server runs as the
# user named by MUTHUR_PG_USER (default nobody), DIR/pg owned by it, and the
# tests still reach it through the socket (as the database user muthur).
#
# Exit status: 0 started, 1 the server failed to start (the reason and its
# log on stderr), 77 PostgreSQL is missing (the reason on stdout, prefixed
# "SKIP:", naming the Debian package).
#
# DIR/pgenv holds shell assignments for the tests (source it):
#   PG_BIN    the folder of initdb, pg_ctl, createdb and psql
#   PG_SOCK   the socket's folder
#   PG_URL    the URL of the database "muthur" (made by start)

set -u

die() { echo "postgresql.sh: $*" >&2; exit 1; }

[ $# -ge 2 ] || die "usage: postgresql.sh start|newdb|stop DIR [NAME]"
cmd=$1 DIR=$2
shift 2
case $DIR in /*) ;; *) DIR=$(pwd)/$DIR ;; esac

# initdb, pg_ctl, createdb and psql: in Debian's versioned folder (the
# newest), or all of them on PATH.
# (MUTHUR_PG_PREFIX replaces /usr/lib/postgresql, to try the skip.)
find_bin() {
	for d in $(ls -d "${MUTHUR_PG_PREFIX:-/usr/lib/postgresql}"/*/bin 2>/dev/null |
	    sort -V -r); do
		[ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && [ -x "$d/createdb" ] &&
		    [ -x "$d/psql" ] && { echo "$d"; return 0; }
	done
	for p in initdb pg_ctl createdb psql; do
		command -v $p >/dev/null 2>&1 || return 1
	done
	dirname "$(command -v initdb)"
}

# Run a server program as the server's user.
as_server() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u "${MUTHUR_PG_USER:-nobody}" -- "$@"
	else
		"$@"
	fi
}

url_of() {
	echo "postgresql:///$1?host=$PG_SOCK&user=muthur"
}

case $cmd in
start)
	if ! PG_BIN=$(find_bin); then
		echo "SKIP: no PostgreSQL server programs (initdb, pg_ctl, createdb, psql): install the Debian package postgresql"
		exit 77
	fi
	if [ "$(id -u)" -eq 0 ] && ! command -v runuser >/dev/null 2>&1; then
		echo "SKIP: running as root without runuser(1) to start PostgreSQL as ${MUTHUR_PG_USER:-nobody}"
		exit 77
	fi
	PG_SOCK=$DIR/pg/sock
	mkdir -p "$DIR/pg/sock" || die "cannot make $DIR/pg"
	if [ "$(id -u)" -eq 0 ]; then
		# The server's user must reach DIR/pg: DIR and, when ours, its parent.
		chmod o+x "$DIR"
		[ -O "$(dirname "$DIR")" ] && chmod o+x "$(dirname "$DIR")"
		chown -R "${MUTHUR_PG_USER:-nobody}" "$DIR/pg" || die "cannot give $DIR/pg away"
	fi
	chmod 0700 "$DIR/pg"
	as_server "$PG_BIN/initdb" -D "$DIR/pg/data" -U muthur --auth=trust \
	    --encoding=UTF8 --locale=C.UTF-8 >"$DIR/pg/initdb.log" 2>&1 ||
	    { cat "$DIR/pg/initdb.log" >&2; die "initdb failed"; }
	as_server "$PG_BIN/pg_ctl" -D "$DIR/pg/data" -l "$DIR/pg/server.log" -w -t 60 \
	    -o "-k $PG_SOCK -c listen_addresses= -c fsync=off -c full_page_writes=off" \
	    start >"$DIR/pg/pg_ctl.log" 2>&1 ||
	    { cat "$DIR/pg/pg_ctl.log" "$DIR/pg/server.log" >&2; die "the server did not start"; }
	"$PG_BIN/createdb" -h "$PG_SOCK" -U muthur -E SQL_ASCII --locale=C -T template0 muthur ||
	    { "$PG_BIN/pg_ctl" -D "$DIR/pg/data" -m immediate stop >/dev/null 2>&1; die "createdb failed"; }
	{
		echo "PG_BIN='$PG_BIN'"
		echo "PG_SOCK='$PG_SOCK'"
		echo "PG_URL='$(url_of muthur)'"
	} >"$DIR/pgenv"
	;;
newdb)
	[ $# -ge 1 ] || die "usage: postgresql.sh newdb DIR NAME [ENCODING]"
	. "$DIR/pgenv"
	"$PG_BIN/createdb" -h "$PG_SOCK" -U muthur -E "${2:-SQL_ASCII}" --locale=C \
	    -T template0 "$1" >&2 || die "createdb $1 failed"
	url_of "$1"
	;;
stop)
	[ -f "$DIR/pgenv" ] || exit 0
	. "$DIR/pgenv"
	as_server "$PG_BIN/pg_ctl" -D "$DIR/pg/data" -m fast -w stop >/dev/null 2>&1
	;;
*)
	die "unknown command $cmd"
	;;
esac
