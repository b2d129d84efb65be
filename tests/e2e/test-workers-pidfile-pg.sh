#!/bin/sh
# test-workers-pidfile-pg.sh — pid_file with several muthurd workers on one
# PostgreSQL store (muthur.conf(5), muthurd(8) FILES): worker 1 writes
# pid_file, worker N writes it with -N before the extension, each its own
# process id; a worker that stops removes its own file, and the next worker
# started takes the free slot and its file. On SQLite a second muthurd still
# does nothing and leaves the first one's pid file as it was.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

MUTHUR_DATADIR="$top_srcdir/rules"; export MUTHUR_DATADIR
MUTHURD="$top_builddir/muthurd"
tap_tmpdir
tap_postgresql
url=$(tap_pgdb pidfile) || { echo "Bail out! cannot create the test database"; exit 1; }
d="$TAP_TMP/club"
mkdir -p "$d" && cd "$d" || exit 1
printf '%s\n' '[store]' "url = $url" '[mail]' 'in = maildir:var/mail/in' \
    'out = maildir:var/mail/out' 'from = muthur@club.example' 'poll_interval = 1' \
    '[server]' 'key = var/server.key' 'pid_file = var/muthurd.pid' >muthur.conf
"$MUTHUR" init >/dev/null 2>&1
ok $? "muthur init on PostgreSQL with a pid_file"

pids=
# start_worker N: muthurd -f in the background, its log in wN.log; waits
# until it has written a pid file (at most 30 s) and sets $pid.
start_worker() {
	"$MUTHURD" -f >"w$1.log" 2>&1 &
	pid=$!
	pids="$pids $pid"
	_i=0
	while [ $_i -lt 300 ] && ! grep -q "muthurd .* started" "w$1.log" 2>/dev/null &&
	    kill -0 $pid 2>/dev/null; do
		sleep 0.1; _i=$((_i + 1))
	done
}
stop() { kill -TERM "$1" 2>/dev/null; wait "$1" 2>/dev/null; }
trap 'for p in $pids; do kill -TERM $p 2>/dev/null; done; wait' EXIT

start_worker 1; p1=$pid
start_worker 2; p2=$pid
start_worker 3; p3=$pid
kill -0 $p1 2>/dev/null && kill -0 $p2 2>/dev/null && kill -0 $p3 2>/dev/null
ok $? "three workers run with one pid_file configured"
for w in 1 2 3; do grep -q "started" "w$w.log" || sed 's/^/# w'$w': /' "w$w.log"; done
is "$(cat var/muthurd.pid 2>/dev/null)" "$p1" "worker 1 writes var/muthurd.pid"
is "$(cat var/muthurd-2.pid 2>/dev/null)" "$p2" "worker 2 writes var/muthurd-2.pid"
is "$(cat var/muthurd-3.pid 2>/dev/null)" "$p3" "worker 3 writes var/muthurd-3.pid"
grep -l "already running" w1.log w2.log w3.log >/dev/null 2>&1
[ $? -ne 0 ]
ok $? "none was turned away as 'already running'"

stop $p2
[ ! -e var/muthurd-2.pid ] && [ -e var/muthurd.pid ] && [ -e var/muthurd-3.pid ]
ok $? "a worker stopped (SIGTERM) removes its own pid file and only it"
start_worker 4; p4=$pid
is "$(cat var/muthurd-2.pid 2>/dev/null)" "$p4" "the next worker takes the free slot 2 and writes var/muthurd-2.pid"
grep -q "this one's files: .*muthur-postgresql-2\.\*" w4.log
ok $? "and says so: its files are muthur-postgresql-2.*"
stop $p1; stop $p3; stop $p4
ls var/*.pid >/dev/null 2>&1
[ $? -ne 0 ]
ok $? "all stopped: no pid file left"

# pid_file without an extension: -N after the name
sed 's|^pid_file = .*|pid_file = var/run-muthurd|' muthur.conf >noext.conf
"$MUTHURD" -f --config noext.conf >n1.log 2>&1 & q1=$!
"$MUTHURD" -f --config noext.conf >n2.log 2>&1 & q2=$!
pids="$pids $q1 $q2"
i=0
while [ $i -lt 300 ] && { [ ! -s var/run-muthurd ] || [ ! -s var/run-muthurd-2 ]; }; do
	sleep 0.1; i=$((i + 1))
done
{ [ "$(cat var/run-muthurd)" = $q1 ] && [ "$(cat var/run-muthurd-2)" = $q2 ]; } ||
    { [ "$(cat var/run-muthurd)" = $q2 ] && [ "$(cat var/run-muthurd-2)" = $q1 ]; }
ok $? "a pid_file without an extension: var/run-muthurd and var/run-muthurd-2"
stop $q1; stop $q2

# SQLite: one muthurd; the second does nothing and keeps off the pid file.
s="$TAP_TMP/sqlite"
mkdir -p "$s" && cd "$s" || exit 1
tap_muthur_conf
printf '%s\n' 'pid_file = var/muthurd.pid' >>muthur.conf
"$MUTHUR" init >/dev/null 2>&1
ok $? "muthur init on SQLite with a pid_file"
start_worker 1; s1=$pid
"$MUTHURD" -f >second.log 2>&1
st=$?
is "$st" 0 "a second muthurd on the SQLite store exits 0"
grep -q "another muthurd is running" second.log
ok $? "saying another muthurd is running"
is "$(cat var/muthurd.pid 2>/dev/null)" "$s1" "the pid file still names the first"
[ ! -e var/muthurd-2.pid ]
ok $? "and no numbered pid file is written"
stop $s1
[ ! -e var/muthurd.pid ]
ok $? "stopped, it removes its pid file"

done_testing
