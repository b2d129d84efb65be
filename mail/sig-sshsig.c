/*
 * sig-sshsig.c — OpenSSH signatures (`ssh-keygen -Y sign -n muthur`),
 * following OpenSSH's PROTOCOL.sshsig. The armored base64 blob is
 *
 *   byte[6] "SSHSIG" ‖ uint32 1 ‖ string publickey ‖ string namespace ‖
 *   string reserved ‖ string hash_algorithm ‖ string signature
 *
 * and the Ed25519 signature is over
 *
 *   byte[6] "SSHSIG" ‖ string namespace ‖ string reserved ‖
 *   string hash_algorithm ‖ string H(message)
 *
 * muthur accepts ssh-ed25519 keys only, the namespace "muthur", an empty
 * reserved field and the hash algorithms sha512 and sha256.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/sig.h"

#define BEGIN "-----BEGIN SSH SIGNATURE-----"
#define END "-----END SSH SIGNATURE-----"
#define MAGIC "SSHSIG"
#define MAGIC_LEN 6
#define NAMESPACE "muthur"
#define SSH_ED25519 "ssh-ed25519"
#define BLOB_MAX 16384

static int
sshsig_find(const char *text, size_t len, size_t *off, size_t *span)
{
	return sig_armor_find(text, len, BEGIN, END, off, span);
}

static int
is(const unsigned char *s, size_t len, const char *want)
{
	return len == strlen(want) && memcmp(s, want, len) == 0;
}

/* OpenSSH's fingerprint of a key blob: "SHA256:" + unpadded base64. */
static void
fingerprint(const unsigned char *blob, size_t len, char *out, size_t outsize)
{
	unsigned char h[crypto_hash_sha256_BYTES];
	char b64[sodium_base64_ENCODED_LEN(crypto_hash_sha256_BYTES,
	    sodium_base64_VARIANT_ORIGINAL_NO_PADDING)];

	crypto_hash_sha256(h, blob, len);
	sodium_bin2base64(b64, sizeof b64, h, sizeof h, sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
	snprintf(out, outsize, "SHA256:%s", b64);
}

static void
key_blob(struct strbuf *sb, const unsigned char key[PUBKEY_BYTES])
{
	ssh_put_string(sb, SSH_ED25519, strlen(SSH_ED25519));
	ssh_put_string(sb, key, PUBKEY_BYTES);
}

struct sshsig {
	const unsigned char	*pkblob, *ns, *reserved, *halg;
	size_t			 pkblob_len, ns_len, reserved_len, halg_len;
	unsigned char		 key[PUBKEY_BYTES];
	const unsigned char	*sig;	/* 64 bytes */
};

/* Parse and check the blob's fields (everything but the key and the
 * signature itself). */
static int
sshsig_parse(const unsigned char *blob, size_t len, struct sshsig *s, char **cause)
{
	struct ssh_buf b = { blob, len }, inner;
	const unsigned char *sigblob, *type;
	size_t sigblob_len, type_len, sig_len;
	unsigned long version;

	if (len < MAGIC_LEN || memcmp(blob, MAGIC, MAGIC_LEN) != 0)
		return cause_set(cause, "the blob does not start with \"%s\"", MAGIC);
	b.p += MAGIC_LEN;
	b.left -= MAGIC_LEN;
	if (ssh_buf_u32(&b, &version) == -1)
		return cause_set(cause, "the blob is cut short before its version");
	if (version != 1)
		return cause_set(cause, "version %lu is not supported (expected 1)", version);
	if (ssh_buf_string(&b, &s->pkblob, &s->pkblob_len) == -1)
		return cause_set(cause, "the blob is cut short in its public key");
	if (pubkey_ssh_blob_parse(s->pkblob, s->pkblob_len, s->key, cause) == -1)
		return -1;
	if (ssh_buf_string(&b, &s->ns, &s->ns_len) == -1)
		return cause_set(cause, "the blob is cut short in its namespace");
	if (!is(s->ns, s->ns_len, NAMESPACE)) {
		if (ssh_printable(s->ns, s->ns_len))
			return cause_set(cause, "the namespace is \"%.*s\" (expected \"%s\": sign "
			    "with ssh-keygen -Y sign -n %s)", (int)s->ns_len,
			    (const char *)s->ns, NAMESPACE, NAMESPACE);
		return cause_set(cause, "the namespace is not \"%s\" (sign with ssh-keygen -Y "
		    "sign -n %s)", NAMESPACE, NAMESPACE);
	}
	if (ssh_buf_string(&b, &s->reserved, &s->reserved_len) == -1)
		return cause_set(cause, "the blob is cut short in its reserved field");
	if (s->reserved_len != 0)
		return cause_set(cause, "the reserved field is not empty (expected an empty "
		    "string)");
	if (ssh_buf_string(&b, &s->halg, &s->halg_len) == -1)
		return cause_set(cause, "the blob is cut short in its hash algorithm");
	if (!is(s->halg, s->halg_len, "sha512") && !is(s->halg, s->halg_len, "sha256"))
		return cause_set(cause, "the hash algorithm is \"%.*s\" (expected sha512 or "
		    "sha256)", ssh_printable(s->halg, s->halg_len) ? (int)s->halg_len : 1,
		    ssh_printable(s->halg, s->halg_len) ? (const char *)s->halg : "?");
	if (ssh_buf_string(&b, &sigblob, &sigblob_len) == -1)
		return cause_set(cause, "the blob is cut short in its signature");
	if (b.left != 0)
		return cause_set(cause, "%zu bytes follow the signature in the blob (expected "
		    "none)", b.left);
	inner.p = sigblob;
	inner.left = sigblob_len;
	if (ssh_buf_string(&inner, &type, &type_len) == -1 ||
	    ssh_buf_string(&inner, &s->sig, &sig_len) == -1)
		return cause_set(cause, "the signature field is cut short");
	if (!is(type, type_len, SSH_ED25519))
		return cause_set(cause, "the signature is not an ssh-ed25519 signature");
	if (sig_len != crypto_sign_ed25519_BYTES || inner.left != 0)
		return cause_set(cause, "the ssh-ed25519 signature is not %d bytes",
		    crypto_sign_ed25519_BYTES);
	return 0;
}

static int
sshsig_verify(const struct pubkey *pk, const char *msg, size_t msglen, const char *sig,
    size_t siglen, char **cause)
{
	struct strbuf signed_data = STRBUF_INIT, seat = STRBUF_INIT;
	unsigned char *blob, h[crypto_hash_sha512_BYTES];
	const char *body;
	char got[64], want[64];
	size_t bodylen, hlen;
	struct sshsig s;
	long n;
	int rc = -1;

	if (sig_armor_body(sig, siglen, BEGIN, END, &body, &bodylen, cause) == -1)
		return -1;
	blob = xmalloc(BLOB_MAX);
	n = mail_b64_decode(body, bodylen, blob, BLOB_MAX);
	if (n == -1) {
		cause_set(cause, "the armored block is not valid base64, or longer than %d bytes",
		    BLOB_MAX);
		goto out;
	}
	if (sshsig_parse(blob, (size_t)n, &s, cause) == -1)
		goto out;
	if (sodium_memcmp(s.key, pk->key, PUBKEY_BYTES) != 0) {
		key_blob(&seat, pk->key);
		fingerprint(s.pkblob, s.pkblob_len, got, sizeof got);
		fingerprint((const unsigned char *)seat.s, seat.len, want, sizeof want);
		cause_set(cause, "made with key %s, but the seat's key is %s", got, want);
		goto out;
	}
	if (is(s.halg, s.halg_len, "sha512")) {
		crypto_hash_sha512(h, (const unsigned char *)msg, msglen);
		hlen = crypto_hash_sha512_BYTES;
	} else {
		crypto_hash_sha256(h, (const unsigned char *)msg, msglen);
		hlen = crypto_hash_sha256_BYTES;
	}
	strbuf_add(&signed_data, MAGIC, MAGIC_LEN);
	ssh_put_string(&signed_data, s.ns, s.ns_len);
	ssh_put_string(&signed_data, s.reserved, s.reserved_len);
	ssh_put_string(&signed_data, s.halg, s.halg_len);
	ssh_put_string(&signed_data, h, hlen);
	if (crypto_sign_ed25519_verify_detached(s.sig, (const unsigned char *)signed_data.s,
	    signed_data.len, pk->key) != 0) {
		cause_set(cause, "the signature does not match the signed bytes (the orders "
		    "differ from what was signed)");
		goto out;
	}
	rc = 0;
out:
	strbuf_free(&signed_data);
	strbuf_free(&seat);
	free(blob);
	return rc;
}

const struct sig_driver sig_sshsig = {
	.format = SIG_SSHSIG,
	.name = "sshsig",
	.label = "SSH signature",
	.find = sshsig_find,
	.verify = sshsig_verify,
};
