#!/bin/sh
# mailservers.sh — real mail servers on loopback for tests.
#
#   mailservers.sh start DIR [--no-smtp]   start Dovecot (IMAP, IMAPS, LMTP)
#                                          and an SMTP server handing mail to
#                                          Dovecot over LMTP; write DIR/env
#   mailservers.sh stop DIR                stop them by their saved PIDs
#   mailservers.sh restart-imap DIR        stop and start Dovecot, same ports
#
# DIR is a fresh or empty folder owned by the caller (a test's temporary
# folder; DIR and, when the caller owns it, its parent get o+x so that the
# servers' unprivileged workers can reach their files); everything lives
# under it: configs, a test CA and certificate made
# now with openssl, the user's Maildir, logs, pid files. Nothing of the
# system's own dovecot or opensmtpd is used or touched.
#
# Exit status: 0 started, 1 a server failed to start (the reason on stderr,
# the servers already started are stopped again), 77 a server program is
# missing (the reason on stdout, prefixed "SKIP:").
#
# DIR/env holds shell assignments for the tests (source it):
#   IMAP_PORT IMAPS_PORT LMTP_PORT       Dovecot: plain IMAP with STARTTLS,
#                                        implicit TLS, LMTP
#   NOIDLE_HOST                          127.0.0.2: IMAP_PORT there is the
#                                        same Dovecot without IDLE
#   SMTP_KIND                            who serves SMTP_PORT: opensmtpd |
#                                        aiosmtpd | none (--no-smtp)
#   SMTP_TLS_KIND                        who serves SMTPS_PORT and
#                                        SUBMISSION_PORT: aiosmtpd | none
#   SMTP_PORT SMTPS_PORT SUBMISSION_PORT plain (no AUTH), implicit TLS with
#                                        AUTH, STARTTLS required with AUTH;
#                                        all hand mail to Dovecot over LMTP
#   MAIL_USER MAIL_PASSWORD MAIL_DOMAIN  the one mailbox: alice@test.example
#   PASSWORD_FILE                        that password in a 0600 file
#   BAD_PASSWORD_FILE                    a wrong password in a 0600 file
#   CA_FILE                              the CA that signed the servers' cert
#   MAILDIR                              alice's Maildir as Dovecot keeps it
# Recipients outside test.example are refused at RCPT time (550).
#
# OpenSMTPD needs root and allows one instance per machine (its control
# socket and queue paths are compiled in); where it is missing, we are not
# root or another instance runs, python3's aiosmtpd stands in and SMTP_KIND
# says so. Set MUTHUR_SMTP=aiosmtpd to choose it. OpenSMTPD 6.8.0p2 with
# OpenSSL 3 cannot do TLS (see start_opensmtpd), so the TLS listeners are
# always aiosmtpd's (SMTP_TLS_KIND).

set -u

die() { echo "mailservers.sh: $*" >&2; exit 1; }

usage() { die "usage: mailservers.sh start|stop|restart-imap DIR [--no-smtp]"; }

[ $# -ge 2 ] || usage
cmd=$1 DIR=$2
shift 2
case $DIR in /*) ;; *) DIR=$(pwd)/$DIR ;; esac
here=$(cd "$(dirname "$0")" && pwd)

# The system's python3 carries python3-aiosmtpd; a python3 earlier in PATH
# (a virtualenv, pyenv) may not.
PYTHON=python3
[ -x /usr/bin/python3 ] && PYTHON=/usr/bin/python3

# Free TCP ports on 127.0.0.1, one per line.
free_ports() {
	"$PYTHON" - "$1" <<'EOF'
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
for s in socks:
    print(s.getsockname()[1])
EOF
}

# Wait until every port given accepts connections, while pid lives.
wait_ports() {
	_pid=$1; shift
	"$PYTHON" - "$_pid" "$@" <<'EOF'
import os, socket, sys, time
pid = int(sys.argv[1])
ports = [int(p) for p in sys.argv[2:]]
deadline = time.time() + 20
for port in ports:
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            pass
        try:
            os.kill(pid, 0)
        except OSError:
            sys.exit("server (pid %d) died before port %d opened" % (pid, port))
        if time.time() > deadline:
            sys.exit("port %d did not open within 20 s" % port)
        time.sleep(0.05)
EOF
}

# Stop the server whose pid is in file $1, with every process of its
# session (servers start under setsid, so Dovecot's imap processes, which
# outlive their master, go too), and wait until all are gone.
stop_pidfile() {
	[ -f "$1" ] || return 0
	_pid=$(cat "$1")
	rm -f "$1"
	kill -TERM "-$_pid" 2>/dev/null || kill -TERM "$_pid" 2>/dev/null || return 0
	_i=0
	while kill -0 "-$_pid" 2>/dev/null || kill -0 "$_pid" 2>/dev/null; do
		_i=$((_i + 1))
		if [ $_i -gt 100 ]; then
			kill -KILL "-$_pid" 2>/dev/null
			kill -KILL "$_pid" 2>/dev/null
			break
		fi
		sleep 0.1
	done
	return 0
}

# Run a server in the background in a session of its own; its pid in $1.
spawn() {
	_pidfile=$1; shift
	if command -v setsid >/dev/null 2>&1; then
		setsid "$@" &
	else
		"$@" &
	fi
	echo $! >"$_pidfile"
}

# The server key is RSA: OpenSMTPD 6.8 with OpenSSL 3 fails TLS with an EC key.
make_certs() {
	mkdir -p "$DIR/tls"
	(
		cd "$DIR/tls" || exit 1
		openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 \
		    -nodes -keyout ca.key -out ca.crt -days 2 \
		    -subj "/CN=muthur test CA" \
		    -addext basicConstraints=critical,CA:TRUE \
		    -addext keyUsage=critical,keyCertSign,cRLSign &&
		openssl req -newkey rsa:2048 -nodes \
		    -keyout server.key -out server.csr -subj "/CN=localhost" &&
		printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >ext.cnf &&
		openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key \
		    -CAcreateserial -out server.crt -days 2 -extfile ext.cnf
	) >"$DIR/tls/openssl.log" 2>&1 || die "openssl failed: see $DIR/tls/openssl.log"
	chmod 0644 "$DIR/tls/server.crt" "$DIR/tls/ca.crt"
	chmod 0600 "$DIR/tls/server.key" "$DIR/tls/ca.key"
}

write_dovecot_conf() {
	if [ "$(id -u)" -eq 0 ]; then
		internal=dovecot login=dovenull mailuser=nobody
	else
		internal=$(id -un) login=$(id -un) mailuser=$(id -un)
	fi
	uid=$(id -u "$mailuser") gid=$(id -g "$mailuser")
	mkdir -p "$DIR/dovecot/run" "$DIR/dovecot/state" "$DIR/mail"
	chown "$uid:$gid" "$DIR/mail"
	chmod 0755 "$DIR/dovecot/run"
	printf '%s:{PLAIN}%s:%s:%s::%s/mail/%s\n' "$MAIL_USER" "$MAIL_PASSWORD" \
	    "$uid" "$gid" "$DIR" "$MAIL_USER" >"$DIR/dovecot/users"
	chmod 0644 "$DIR/dovecot/users"
	cat >"$DIR/dovecot/dovecot.conf" <<EOF
# made by tests/servers/mailservers.sh for one test run
instance_name = muthur-test-$$
base_dir = $DIR/dovecot/run
state_dir = $DIR/dovecot/state
log_path = $DIR/dovecot/log
info_log_path = $DIR/dovecot/log
default_internal_user = $internal
default_internal_group = $(id -gn "$internal")
default_login_user = $login
protocols = imap lmtp
listen = 127.0.0.1
ssl = yes
ssl_cert = <$DIR/tls/server.crt
ssl_key = <$DIR/tls/server.key
ssl_min_protocol = TLSv1.2
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_username_format = %Ln
first_valid_uid = 1
last_valid_uid = 0
first_valid_gid = 1
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n $DIR/dovecot/users
}
userdb {
  driver = passwd-file
  args = username_format=%n $DIR/dovecot/users
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $IMAP_PORT
  }
  inet_listener imap-noidle {
    address = 127.0.0.2
    port = $IMAP_PORT
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $IMAPS_PORT
    ssl = yes
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = $LMTP_PORT
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
# 127.0.0.2 is the same server without IDLE, for clients' polling paths.
local 127.0.0.2 {
  protocol imap {
    imap_capability = IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE UIDPLUS
  }
}
protocol lmtp {
  postmaster_address = postmaster@$MAIL_DOMAIN
}
EOF
}

start_dovecot() {
	command -v dovecot >/dev/null 2>&1 ||
	    { echo "SKIP: dovecot is not installed"; exit 77; }
	# -F keeps the master in the foreground, so the pid we save is its own
	# and no master lingers after stop.
	spawn "$DIR/dovecot.pid" dovecot -F -c "$DIR/dovecot/dovecot.conf" \
	    >>"$DIR/dovecot/stderr" 2>&1
	wait_ports "$(cat "$DIR/dovecot.pid")" "$IMAP_PORT" "$IMAPS_PORT" "$LMTP_PORT" ||
	    { stop_all; die "dovecot did not start: $(tail -n 5 "$DIR/dovecot/log" "$DIR/dovecot/stderr" 2>/dev/null)"; }
}

opensmtpd_usable() {
	[ "${MUTHUR_SMTP:-}" != aiosmtpd ] || return 1
	[ "$(id -u)" -eq 0 ] || return 1
	command -v smtpd >/dev/null 2>&1 || return 1
	id opensmtpd >/dev/null 2>&1 || return 1
	# Another smtpd owns the compiled-in control socket: no second one.
	smtpctl show status >/dev/null 2>&1 && return 1
	return 0
}

start_opensmtpd() {
	mkdir -p "$DIR/smtpd"
	printf '@%s nobody\n' "$MAIL_DOMAIN" >"$DIR/smtpd/virtual"
	chmod 0640 "$DIR/smtpd/virtual"
	# Plain SMTP only: OpenSMTPD 6.8.0p2 linked with OpenSSL 3 (Debian 12)
	# fails every TLS handshake ("EVP lib", upstream issues #1171, #1239),
	# and it offers AUTH only after TLS.
	cat >"$DIR/smtpd/smtpd.conf" <<EOF
# made by tests/servers/mailservers.sh for one test run
table vusers file:$DIR/smtpd/virtual
listen on 127.0.0.1 port $SMTP_PORT
action "lmtp" lmtp "127.0.0.1:$LMTP_PORT" rcpt-to virtual <vusers>
match from any for domain "$MAIL_DOMAIN" action "lmtp"
EOF
	chmod 0600 "$DIR/smtpd/smtpd.conf"
	smtpd -n -f "$DIR/smtpd/smtpd.conf" >"$DIR/smtpd/check" 2>&1 ||
	    { echo "mailservers.sh: smtpd -n: $(cat "$DIR/smtpd/check")" >&2; return 1; }
	spawn "$DIR/smtpd.pid" smtpd -d -f "$DIR/smtpd/smtpd.conf" >"$DIR/smtpd/log" 2>&1
	wait_ports "$(cat "$DIR/smtpd.pid")" "$SMTP_PORT" 2>>"$DIR/smtpd/log" ||
	    { stop_pidfile "$DIR/smtpd.pid"; return 1; }
	SMTP_KIND=opensmtpd
}

# aiosmtpd for the TLS listeners (SMTPS_PORT, SUBMISSION_PORT) and, when
# $1 is "plain", for SMTP_PORT too.
start_aiosmtpd() {
	if ! "$PYTHON" -c 'import aiosmtpd' 2>/dev/null; then
		[ "$1" = plain ] || return 0
		stop_all
		echo "SKIP: neither OpenSMTPD (as root) nor python3-aiosmtpd is available"
		exit 77
	fi
	plain=0
	[ "$1" = plain ] && plain=$SMTP_PORT
	mkdir -p "$DIR/aiosmtpd"
	spawn "$DIR/aiosmtpd.pid" "$PYTHON" "$here/smtp-lmtp.py" --dir "$DIR" \
	    --smtp "$plain" --smtps "$SMTPS_PORT" --submission "$SUBMISSION_PORT" \
	    --lmtp "$LMTP_PORT" --user "$MAIL_USER" --password "$MAIL_PASSWORD" \
	    --domain "$MAIL_DOMAIN" >"$DIR/aiosmtpd/log" 2>&1
	wait_ports "$(cat "$DIR/aiosmtpd.pid")" "$SMTPS_PORT" "$SUBMISSION_PORT" ||
	    { stop_all; die "aiosmtpd did not start: $(tail -n 5 "$DIR/aiosmtpd/log")"; }
	[ "$1" = plain ] && SMTP_KIND=aiosmtpd
	SMTP_TLS_KIND=aiosmtpd
}

stop_all() {
	stop_pidfile "$DIR/smtpd.pid"
	stop_pidfile "$DIR/aiosmtpd.pid"
	stop_pidfile "$DIR/dovecot.pid"
}

case $cmd in
start)
	smtp=yes
	[ "${1:-}" = --no-smtp ] && smtp=no
	command -v openssl >/dev/null 2>&1 || { echo "SKIP: openssl is not installed"; exit 77; }
	command -v "$PYTHON" >/dev/null 2>&1 || { echo "SKIP: python3 is not installed"; exit 77; }
	command -v dovecot >/dev/null 2>&1 || { echo "SKIP: dovecot is not installed"; exit 77; }
	[ -d /usr/lib/dovecot ] && [ ! -x /usr/lib/dovecot/lmtp ] &&
	    { echo "SKIP: dovecot-lmtpd is not installed"; exit 77; }
	mkdir -p "$DIR" || die "cannot make $DIR"
	# Dovecot's and OpenSMTPD's workers run as other users: they must be
	# able to pass through DIR and its parent (a test's 0700 mktemp folder).
	chmod 0711 "$DIR"
	parent=$(dirname "$DIR")
	[ -O "$parent" ] && [ "$parent" != / ] && chmod go+x "$parent"
	set -- $(free_ports 6)
	IMAP_PORT=$1 IMAPS_PORT=$2 LMTP_PORT=$3 SMTP_PORT=$4 SMTPS_PORT=$5 SUBMISSION_PORT=$6
	MAIL_USER=alice MAIL_DOMAIN=test.example
	MAIL_PASSWORD=$("$PYTHON" -c 'import secrets; print(secrets.token_hex(8))')
	umask 077
	printf '%s\n' "$MAIL_PASSWORD" >"$DIR/password"
	printf 'not-%s\n' "$MAIL_PASSWORD" >"$DIR/bad-password"
	umask 022
	make_certs
	write_dovecot_conf
	start_dovecot
	SMTP_KIND=none SMTP_TLS_KIND=none
	if [ $smtp = yes ]; then
		opensmtpd_usable && start_opensmtpd
		if [ $SMTP_KIND = none ]; then
			start_aiosmtpd plain
		else
			start_aiosmtpd tls
		fi
	fi
	cat >"$DIR/env" <<EOF
IMAP_PORT=$IMAP_PORT
NOIDLE_HOST=127.0.0.2
IMAPS_PORT=$IMAPS_PORT
LMTP_PORT=$LMTP_PORT
SMTP_KIND=$SMTP_KIND
SMTP_TLS_KIND=$SMTP_TLS_KIND
SMTP_PORT=$SMTP_PORT
SMTPS_PORT=$SMTPS_PORT
SUBMISSION_PORT=$SUBMISSION_PORT
MAIL_USER=$MAIL_USER
MAIL_PASSWORD=$MAIL_PASSWORD
MAIL_DOMAIN=$MAIL_DOMAIN
PASSWORD_FILE=$DIR/password
BAD_PASSWORD_FILE=$DIR/bad-password
CA_FILE=$DIR/tls/ca.crt
MAILDIR=$DIR/mail/$MAIL_USER/Maildir
EOF
	;;
stop)
	stop_all
	;;
restart-imap)
	[ -f "$DIR/env" ] || die "$DIR/env: no servers were started there"
	. "$DIR/env"
	stop_pidfile "$DIR/dovecot.pid"
	start_dovecot
	;;
*)
	usage
	;;
esac
exit 0
