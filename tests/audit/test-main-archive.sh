#!/bin/sh
# test-main-archive.sh — an archive exported by muthur 1bb3e9a (rules
# version ccg-4, made when every hand and deck was renewed in every phase,
# before watch words, rules/rules.h) still audits in full: replayed to its
# last phase; one changed byte anywhere fails it.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tap.sh"

tap_tmpdir
a="$TAP_TMP/demo-1bb3e9a.muthur"
gzip -dc "$top_srcdir/tests/data/archives/demo-1bb3e9a.muthur.gz" >"$a"
ok $? "the archive of 1bb3e9a unpacks"

tap_audit "$a"
ok $? "muthur audit of it exits 0"
printf '%s\n' "$audit_out" | grep -q '^OK demo-1: 0 failures; checked 318 player signatures, 920 server signatures, 919 openings, 99 seeds, 820 events, 99 phases replayed, 99 state hashes'
ok $? "every signature and opening checked, every phase replayed, nothing fails"

# one changed byte in a renewal's commitment (a nonce digit): it fails
tap_tamper_fails "$a" '0,/"domain":"muthur.secret","secret_id":"hand:marines@50"/s//"domain":"muthur.secret","secret_id":"hand:marines@5x"/'
sed 's/^/# /' "$TAP_TMP/bad.out" | head -5
done_testing
