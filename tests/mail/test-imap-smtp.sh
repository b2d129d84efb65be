#!/bin/sh
# test-imap-smtp.sh — the transports against real servers on loopback:
# starts Dovecot and OpenSMTPD (or aiosmtpd) with tests/servers/mailservers.sh
# in a temporary folder, runs test-imap-smtp-live against them, stops them.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_mailservers
MUTHUR_SERVERS="$servers" "$top_builddir/tests/mail/test-imap-smtp-live" "$TAP_TMP/servers"
