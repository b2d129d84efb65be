#!/bin/sh
# test-sig-cli.sh — `muthur sign` and `muthur verify` on the checked-in
# vectors of tests/data/sig (no external tool needed).
. "${top_srcdir:-$(dirname "$0")/../..}/tests/tap.sh"
tap_tmpdir
d="$top_srcdir/tests/data/sig"
o="$d/orders.txt"

for pair in minisign.pub:orders.minisig minisign.pub:orders.legacy.minisig \
    ssh.pub:orders.ssh.sig ssh.pub:orders.ssh256.sig muthur.pub:orders.muthur.sig; do
	k=${pair%%:*} s=${pair#*:}
	out=$("$MUTHUR" verify --key "$d/$k" --sig "$d/$s" "$o" 2>&1)
	ok $? "verify --sig $s with $k"
	cat "$o" "$d/$s" | tr -d '\r' | sed 's/$/\r/' >"$TAP_TMP/mail.txt"
	out=$("$MUTHUR" verify --key "$d/$k" "$TAP_TMP/mail.txt" 2>&1)
	ok $? "verify $s under the block in a CRLF file"
	sed 's/alien-warrior-2/alien-warrior-3/' "$TAP_TMP/mail.txt" >"$TAP_TMP/bad.txt"
	err=$("$MUTHUR" verify --key "$d/$k" "$TAP_TMP/bad.txt" 2>&1); st=$?
	is "$st" 1 "$s: a changed block exits 1"
	case $err in *"signature does not verify: "*"the signature does not match the signed bytes"*)
		ok 0 "and says why";; *) ok 1 "and says why: $err";; esac
done
out=$("$MUTHUR" verify --key "$d/minisign.pub" --sig "$d/orders.minisig" "$o")
is "$out" "$o: good minisign signature by $(sed -n 2p "$d/minisign.pub")" "the good line names format and key"
rw=$(sed -n 2p "$d/minisign.pub")
"$MUTHUR" verify --key "$rw" --sig "$d/orders.minisig" "$o" >/dev/null 2>&1
ok $? "--key accepts the RW line itself"
err=$("$MUTHUR" verify --key "$d/other-minisign.pub" --sig "$d/orders.minisig" "$o" 2>&1)
is $? 1 "the wrong minisign key exits 1"
case $err in *"minisign signature: made with key id "*", but the seat's key has id "*) ok 0 "naming the key ids";;
	*) ok 1 "naming the key ids: $err";; esac
err=$("$MUTHUR" verify --key "$d/ssh.pub" --sig "$d/orders.file-ns.sig" "$o" 2>&1)
is $? 1 "a wrong namespace exits 1"
is "$err" "muthur verify: $o: signature does not verify: SSH signature: the namespace is \"file\" (expected \"muthur\": sign with ssh-keygen -Y sign -n muthur)" "naming the namespace"
err=$("$MUTHUR" verify --key "$d/ssh.pub" "$o" 2>&1)
is $? 1 "a block without a signature exits 1"
case $err in *"no signature found"*) ok 0 "saying so";; *) ok 1 "saying so: $err";; esac
err=$("$MUTHUR" verify --key "$d/ssh.pub" "$d/ssh.pub" 2>&1)
is $? 1 "a file without a block exits 1"
is "$err" "muthur verify: $d/ssh.pub: no orders block (expected a line \"-----BEGIN MUTHUR ORDERS-----\")" "saying so"

# Misuse.
err=$("$MUTHUR" verify "$o" 2>&1); is $? 2 "verify without --key exits 2"
is "$(printf '%s\n' "$err" | head -1)" "muthur verify: --key PUBLIC-KEY is required (see muthur verify --help)" "and says what is missing"
"$MUTHUR" verify --key "$d/ssh.pub" >/dev/null 2>&1; is $? 2 "verify without a file exits 2"
"$MUTHUR" verify --key "$d/ssh.pub" "$o" "$o" >/dev/null 2>&1; is $? 2 "verify with two files exits 2"
"$MUTHUR" verify --bogus --key "$d/ssh.pub" "$o" >/dev/null 2>&1; is $? 2 "an unknown option exits 2"
err=$("$MUTHUR" verify --key "$TAP_TMP/none.pub" "$o" 2>&1); is $? 2 "a missing key file exits 2"
is "$(printf '%s\n' "$err" | wc -l)" 1 "with one line"
"$MUTHUR" verify --key "$d/ssh.pub" "$TAP_TMP/none.txt" >/dev/null 2>&1; is $? 2 "a missing file exits 2"

# muthur sign: header lines and orders become a signed block with a nonce.
cd "$TAP_TMP" || exit 1
"$MUTHUR" keygen --out alice >/dev/null; ok $? "keygen for sign"
printf 'game: contact-17\nseat: marines\nturn: 3\nphase: movement.move\nmove hicks to corridor-2  \r\npass\n\n' >orders.txt
"$MUTHUR" sign --key alice.key orders.txt >signed.txt; ok $? "sign a header and orders"
is "$(sed -n 1p signed.txt)" "-----BEGIN MUTHUR ORDERS-----" "the BEGIN line is written"
grep -Eq '^nonce: [0-9a-f]{32}$' signed.txt; ok $? "a fresh nonce line is added"
is "$(sed -n 7p signed.txt)" "" "an empty line separates header and orders"
is "$(sed -n 8p signed.txt)" "move hicks to corridor-2" "the orders follow, normalised"
is "$(sed -n 10p signed.txt)" "-----END MUTHUR ORDERS-----" "the END line is written"
is "$(sed -n 11p signed.txt)" "-----BEGIN MUTHUR SIGNATURE-----" "the signature follows"
"$MUTHUR" verify --key alice.pub signed.txt >/dev/null; ok $? "the signed block verifies"
"$MUTHUR" sign --key alice.key orders.txt >signed2.txt
n1=$(grep '^nonce:' signed.txt) n2=$(grep '^nonce:' signed2.txt)
[ "$n1" != "$n2" ]; ok $? "each signing draws a new nonce"
"$MUTHUR" sign --key alice.key signed.txt >again.txt; ok $? "sign an existing block"
cmp -s signed.txt again.txt; ok $? "a block is signed as it is (same block, same signature)"
"$MUTHUR" sign --key alice.key - <orders.txt >stdin.txt; ok $? "sign reads standard input"
cp "$o" block.txt
"$MUTHUR" sign --key alice.key block.txt | head -10 | cmp -s - "$o"
ok $? "a block with its own nonce keeps it"
"$MUTHUR" verify --key "$d/muthur.pub" signed.txt >/dev/null 2>&1
is $? 1 "another muthur key does not verify it"
# A view mail's block, its nonce still the placeholder, is signed as it is.
printf -- '-----BEGIN MUTHUR ORDERS-----\ngame: contact-17\nseat: marines\nturn: 3\nphase: movement.move\nnonce: REPLACE-WITH-YOUR-OWN-RANDOM-HEX\n\n# move hicks to kitchen\npass\n-----END MUTHUR ORDERS-----\n' >view-block.txt
"$MUTHUR" sign --key alice.key view-block.txt >view-signed.txt; ok $? "a view's block with the nonce placeholder is signed"
grep -Eq '^nonce: [0-9a-f]{32}$' view-signed.txt; ok $? "the placeholder became a random nonce"
"$MUTHUR" verify --key alice.pub view-signed.txt >/dev/null; ok $? "and the result verifies"
printf 'game: contact-17\nseat: marines\nturn: three\nphase: movement.move\n\npass\n' >bad.txt
err=$("$MUTHUR" sign --key alice.key bad.txt 2>&1); is $? 1 "sign refuses a block the daemon would refuse"
is "$err" "muthur sign: bad.txt: the orders block would be refused: line 4: turn \"three\" is not a turn number (expected a number such as 3) (line 1 is the BEGIN line sign adds)" "with the line and reason"
chmod 644 alice.key
err=$("$MUTHUR" sign --key alice.key orders.txt 2>&1); is $? 2 "a readable secret key is refused"
case $err in *"mode 0644"*) ok 0 "naming its mode";; *) ok 1 "naming its mode: $err";; esac
"$MUTHUR" sign orders.txt >/dev/null 2>&1; is $? 2 "sign without --key exits 2"
done_testing
