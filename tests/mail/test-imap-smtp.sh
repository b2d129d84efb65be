#!/bin/sh
# test-imap-smtp.sh — the transports against real servers on loopback:
# starts Dovecot and OpenSMTPD (or aiosmtpd) with tests/servers/mailservers.sh
# in a temporary folder, runs test-imap-smtp-live against them, stops them.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

servers="$top_srcdir/tests/servers/mailservers.sh"
tap_tmpdir
out=$(sh "$servers" start "$TAP_TMP/servers")
rc=$?
case $rc in
0) ;;
77) skip_all "${out#SKIP: }" ;;
*) echo "Bail out! the mail servers did not start (see above)"; exit 1 ;;
esac
if [ -n "${MUTHUR_KEEP_TMP:-}" ]; then
	trap 'sh "$servers" stop "$TAP_TMP/servers"' EXIT
else
	trap 'sh "$servers" stop "$TAP_TMP/servers"; rm -rf "$TAP_TMP"' EXIT
fi
MUTHUR_SERVERS="$servers" "$top_builddir/tests/mail/test-imap-smtp-live" "$TAP_TMP/servers"
