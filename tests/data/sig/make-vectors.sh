#!/bin/sh
# make-vectors.sh OUTDIR [MUTHUR] — make signature test vectors with the
# real tools: minisign (default prehashed and legacy -l), ssh-keygen -Y sign
# (sha512, sha256, a wrong namespace, an ssh-rsa key) and, when the muthur
# program is given, `muthur sign`. tests/mail/test-sig reads the result.
#
# The vectors checked in beside this script were made once with it
# (minisign 0.11, OpenSSH 9.2) so that the tests also run where those tools
# are missing; tests/mail/test-sig-tools.sh makes fresh ones on every run.
# Only public keys and signatures are kept; the secret keys stay in a
# temporary folder that is removed.
set -eu
out=$1
muthur=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/muthur-vectors.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

[ -f "$out/orders.txt" ] || cp "$here/orders.txt" "$out/orders.txt"
o="$out/orders.txt"

# minisign: a key pair without a password, and a second key for "wrong key".
minisign -G -W -p "$out/minisign.pub" -s "$tmp/minisign.key" </dev/null >/dev/null
minisign -G -W -p "$out/other-minisign.pub" -s "$tmp/other.key" </dev/null >/dev/null
minisign -S -s "$tmp/minisign.key" -m "$o" -x "$out/orders.minisig" \
    -t "muthur test vector (prehashed)" </dev/null >/dev/null
minisign -S -l -s "$tmp/minisign.key" -m "$o" -x "$out/orders.legacy.minisig" \
    -t "muthur test vector (legacy)" </dev/null >/dev/null

# OpenSSH: ed25519 keys, signatures with each hash and a wrong namespace,
# and an ssh-rsa key with its signature.
ssh-keygen -q -t ed25519 -N '' -C seat@example.org -f "$tmp/ssh" </dev/null
ssh-keygen -q -t ed25519 -N '' -C other@example.org -f "$tmp/other-ssh" </dev/null
ssh-keygen -q -t rsa -b 2048 -N '' -C rsa@example.org -f "$tmp/rsa" </dev/null
cp "$tmp/ssh.pub" "$out/ssh.pub"
cp "$tmp/other-ssh.pub" "$out/other-ssh.pub"
cp "$tmp/rsa.pub" "$out/rsa.pub"
ssh-keygen -Y sign -n muthur -f "$tmp/ssh" <"$o" >"$out/orders.ssh.sig" 2>/dev/null
ssh-keygen -Y sign -n muthur -O hashalg=sha256 -f "$tmp/ssh" <"$o" \
    >"$out/orders.ssh256.sig" 2>/dev/null
ssh-keygen -Y sign -n file -f "$tmp/ssh" <"$o" >"$out/orders.file-ns.sig" 2>/dev/null
ssh-keygen -Y sign -n muthur -f "$tmp/rsa" <"$o" >"$out/orders.rsa.sig" 2>/dev/null

# muthur's own format, when the program is given.
if [ -n "$muthur" ]; then
	"$muthur" keygen --out "$tmp/muthur" >/dev/null
	cp "$tmp/muthur.pub" "$out/muthur.pub"
	"$muthur" sign --key "$tmp/muthur.key" "$o" |
	    sed -n '/^-----BEGIN MUTHUR SIGNATURE-----$/,$p' >"$out/orders.muthur.sig"
fi
