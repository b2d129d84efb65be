#!/bin/sh
# test-sig-tools.sh — signatures made now by the real minisign (-S default
# prehashed and -l legacy) and ssh-keygen -Y sign, checked by the C
# verification path: tests/mail/test-sig and test-pubkey on fresh vectors,
# and `muthur verify` on mails signed the way players sign them.
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
command -v minisign >/dev/null 2>&1 || skip_all "minisign is not installed (Debian package minisign)"
command -v ssh-keygen >/dev/null 2>&1 || skip_all "ssh-keygen is not installed (Debian package openssh-client)"
tap_tmpdir
v="$TAP_TMP/vectors"

sh "$top_srcdir/tests/data/sig/make-vectors.sh" "$v" "$MUTHUR" 2>"$TAP_TMP/make.err"
ok $? "fresh vectors made with minisign, ssh-keygen and muthur sign"
sed 's/^/# /' "$TAP_TMP/make.err"

# The C tests again, on the fresh vectors.
for t in test-sig test-pubkey; do
	"$top_builddir/tests/mail/$t" "$v" >"$TAP_TMP/$t.out" 2>&1
	st=$?
	n=$(grep -c '^ok ' "$TAP_TMP/$t.out")
	ok $st "tests/mail/$t passes on the fresh vectors ($n checks)"
	grep -A3 '^not ok' "$TAP_TMP/$t.out" | sed 's/^/# /'
done

# A player's workflow: write the block, sign it with the tool, put the
# signature under the block in the mail; muthur verify checks the mail.
o="$v/orders.txt"
cat "$o" "$v/orders.minisig" >"$TAP_TMP/mail-minisign.txt"
cat "$o" "$v/orders.legacy.minisig" >"$TAP_TMP/mail-legacy.txt"
cat "$o" "$v/orders.ssh.sig" >"$TAP_TMP/mail-ssh.txt"
for f in minisign legacy; do
	out=$("$MUTHUR" verify --key "$v/minisign.pub" "$TAP_TMP/mail-$f.txt" 2>&1)
	ok $? "muthur verify: a fresh $f signature under the block"
done
out=$("$MUTHUR" verify --key "$v/ssh.pub" "$TAP_TMP/mail-ssh.txt" 2>&1)
ok $? "muthur verify: a fresh ssh-keygen signature under the block"
case $out in *"good sshsig signature by ssh-ed25519 AAAA"*) ok 0 "and says so";;
	*) ok 1 "and says so: $out";; esac

# The mail altered by one byte.
sed 's/pulse-rifle/pulse-rifl3/' "$TAP_TMP/mail-minisign.txt" >"$TAP_TMP/bad.txt"
err=$("$MUTHUR" verify --key "$v/minisign.pub" "$TAP_TMP/bad.txt" 2>&1); st=$?
is "$st" 1 "a tampered minisign mail: exit 1"
is "$err" "muthur verify: $TAP_TMP/bad.txt: signature does not verify: minisign signature: the signature does not match the signed bytes (the orders differ from what was signed)" "with the reason"

# A trusted comment edited after signing (minisign rejects it too).
sed 's/^trusted comment: muthur/trusted comment: MUTHUR/' "$v/orders.minisig" >"$TAP_TMP/tc.minisig"
minisign -V -q -p "$v/minisign.pub" -m "$o" -x "$TAP_TMP/tc.minisig" >/dev/null 2>&1
is $? 1 "minisign itself refuses the edited trusted comment"
err=$("$MUTHUR" verify --key "$v/minisign.pub" --sig "$TAP_TMP/tc.minisig" "$o" 2>&1)
is $? 1 "and so does muthur verify"
case $err in *"the global signature over the trusted comment does not verify"*) ok 0 "naming the check";;
	*) ok 1 "naming the check: $err";; esac

# The tools agree with us on the good signatures.
minisign -V -q -p "$v/minisign.pub" -m "$o" -x "$v/orders.minisig" >/dev/null 2>&1
ok $? "minisign -V accepts the signature muthur accepts"
printf 'seat@example.org %s\n' "$(cat "$v/ssh.pub")" >"$TAP_TMP/allowed"
ssh-keygen -Y verify -f "$TAP_TMP/allowed" -I seat@example.org -n muthur -s "$v/orders.ssh.sig" \
    <"$o" >/dev/null 2>&1
ok $? "ssh-keygen -Y verify accepts the signature muthur accepts"

# An ssh-rsa key is refused as a seat key, naming its type.
err=$("$MUTHUR" verify --key "$v/rsa.pub" --sig "$v/orders.rsa.sig" "$o" 2>&1)
is $? 2 "an ssh-rsa --key is misuse"
is "$err" "muthur verify: --key: $v/rsa.pub: line 1: the key is an OpenSSH ssh-rsa key: only ssh-ed25519 keys are accepted" "naming the type"
done_testing
