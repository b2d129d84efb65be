#!/bin/sh
# test-e2e-imap.sh — a game played through real mail servers on loopback:
# starts Dovecot and an SMTP server with tests/servers/mailservers.sh, runs
# test-e2e-imap (muthurd reading IMAP and sending by SMTP), stops them.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
tap_mailservers
# A proxy named in the environment is not muthur's (muthur.conf names none):
# with one that leads nowhere, SMTP still goes straight to the server.
ALL_PROXY=socks5h://127.0.0.1:9 all_proxy=socks5h://127.0.0.1:9
export ALL_PROXY all_proxy
"$top_builddir/tests/e2e/test-e2e-imap" "$TAP_TMP/servers" "$TAP_TMP/game"
