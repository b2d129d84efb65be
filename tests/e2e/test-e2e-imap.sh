#!/bin/sh
# test-e2e-imap.sh — a game played through real mail servers on loopback:
# starts Dovecot and an SMTP server with tests/servers/mailservers.sh, runs
# test-e2e-imap (muthurd reading IMAP and sending by SMTP), stops them.
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
trap 'sh "$servers" stop "$TAP_TMP/servers"; rm -rf "$TAP_TMP"' EXIT
"$top_builddir/tests/e2e/test-e2e-imap" "$TAP_TMP/servers" "$TAP_TMP/game"
