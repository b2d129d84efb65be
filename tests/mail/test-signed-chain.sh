#!/bin/sh
# test-signed-chain.sh — signed orders mails in all three forms through real
# servers (SMTP → LMTP → Dovecot → IMAP) into intake and verification.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

servers="$top_srcdir/tests/servers/mailservers.sh"
tap_tmpdir
out=$(sh "$servers" start "$TAP_TMP/servers" 2>&1)
rc=$?
case $rc in
0) ;;
77) skip_all "${out#SKIP: }" ;;
*) echo "$out" | sed 's/^/# /'; echo "Bail out! the mail servers did not start"; exit 1 ;;
esac
trap 'sh "$servers" stop "$TAP_TMP/servers"; [ -n "${MUTHUR_KEEP_TMP:-}" ] || rm -rf "$TAP_TMP"' EXIT
top_srcdir="$top_srcdir" "$top_builddir/tests/mail/test-signed-chain-live" "$TAP_TMP/servers"
