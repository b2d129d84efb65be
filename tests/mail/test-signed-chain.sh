#!/bin/sh
# test-signed-chain.sh — signed orders mails in all three forms through real
# servers (SMTP → LMTP → Dovecot → IMAP) into intake and verification.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_mailservers
top_srcdir="$top_srcdir" "$top_builddir/tests/mail/test-signed-chain-live" "$TAP_TMP/servers"
