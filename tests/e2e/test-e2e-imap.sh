#!/bin/sh
# test-e2e-imap.sh — a game played through real mail servers on loopback:
# starts Dovecot and an SMTP server with tests/servers/mailservers.sh, runs
# test-e2e-imap (muthurd reading IMAP and sending by SMTP), stops them.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_mailservers
"$top_builddir/tests/e2e/test-e2e-imap" "$TAP_TMP/servers" "$TAP_TMP/game"
