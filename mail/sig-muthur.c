/*
 * sig-muthur.c — muthur's own signature (`muthur sign`; doc/signatures.md):
 *
 *   -----BEGIN MUTHUR SIGNATURE-----
 *   version: 1
 *   key-id: <16 hex digits: pubkey_muthur_id() of the signing key>
 *   signature: <base64 of the 64-byte Ed25519 signature>
 *   -----END MUTHUR SIGNATURE-----
 *
 * The signature line is 99 characters long: a mail program that wraps
 * lines may carry its base64 on to the next lines, which are read as part
 * of it (as minisign's and OpenSSH's readers here do).
 *
 * The signature is over "muthur-orders-v1" ‖ NUL ‖ the signed bytes, so it
 * can never be taken for a signature over anything else.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/sig.h"

#define SIG_BYTES crypto_sign_ed25519_BYTES
#define NFIELDS 3

static const char *fields[NFIELDS] = { "version", "key-id", "signature" };

static int
muthur_find(const char *text, size_t len, size_t *off, size_t *span)
{
	return sig_armor_find(text, len, SIG_MUTHUR_BEGIN, SIG_MUTHUR_END, off, span);
}

/* domain ‖ NUL ‖ msg into sb. */
static void
domain_message(struct strbuf *sb, const char *msg, size_t len)
{
	strbuf_add(sb, SIG_MUTHUR_DOMAIN, strlen(SIG_MUTHUR_DOMAIN) + 1);
	strbuf_add(sb, msg, len);
}

char *
sig_muthur_sign(const unsigned char sk[64], const char *msg, size_t len)
{
	struct strbuf m = STRBUF_INIT, out = STRBUF_INIT;
	unsigned char sig[SIG_BYTES], id[PUBKEY_MUTHUR_ID_BYTES];
	char hex[2 * PUBKEY_MUTHUR_ID_BYTES + 1], *b64;

	domain_message(&m, msg, len);
	crypto_sign_ed25519_detached(sig, NULL, (const unsigned char *)m.s, m.len, sk);
	pubkey_muthur_id(sk + crypto_sign_ed25519_SEEDBYTES, id);
	sodium_bin2hex(hex, sizeof hex, id, sizeof id);
	b64 = mail_b64_encode(sig, sizeof sig);
	strbuf_addf(&out, "%s\n%s: 1\n%s: %s\n%s: %s\n%s\n", SIG_MUTHUR_BEGIN, fields[0],
	    fields[1], hex, fields[2], b64, SIG_MUTHUR_END);
	free(b64);
	strbuf_free(&m);
	return strbuf_detach(&out, NULL);
}

/* The value of line [s, e) when it is "field: value"; NULL otherwise. */
static const char *
field_value(const char *s, const char *e, const char *field, const char **vend)
{
	size_t n = strlen(field);

	sig_line_trim(&s, &e);
	if ((size_t)(e - s) <= n || memcmp(s, field, n) != 0 || s[n] != ':')
		return NULL;
	s += n + 1;
	sig_line_trim(&s, &e);
	*vend = e;
	return s;
}

/* Is [s, e) base64 characters alone? */
static int
base64_only(const char *s, const char *e)
{
	for (; s < e; s++)
		if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		    (*s >= '0' && *s <= '9') || *s == '+' || *s == '/' || *s == '='))
			return 0;
	return 1;
}

static int
muthur_verify(const struct pubkey *pk, const char *msg, size_t msglen, const char *sig,
    size_t siglen, char **cause)
{
	struct strbuf m = STRBUF_INIT, b64 = STRBUF_INIT;
	const char *body, *p, *stop, *line, *eol, *v[NFIELDS], *vend[NFIELDS];
	unsigned char id[PUBKEY_MUTHUR_ID_BYTES], want[PUBKEY_MUTHUR_ID_BYTES];
	unsigned char sigbin[SIG_BYTES + 1];
	char got_hex[2 * PUBKEY_MUTHUR_ID_BYTES + 1], want_hex[sizeof got_hex];
	size_t bodylen, idlen;
	long n;
	int i, rc;

	if (sig_armor_body(sig, siglen, SIG_MUTHUR_BEGIN, SIG_MUTHUR_END, &body, &bodylen,
	    cause) == -1)
		return -1;
	p = body;
	stop = body + bodylen;
	for (i = 0; i < NFIELDS; i++) {
		if (p == stop)
			return cause_set(cause, "line %d: expected \"%s: ...\" (the signature is "
			    "cut short)", i + 2, fields[i]);
		line = p;
		p = sig_line_next(p, stop, &eol);
		if ((v[i] = field_value(line, eol, fields[i], &vend[i])) == NULL)
			return cause_set(cause, "line %d: expected \"%s: ...\"", i + 2, fields[i]);
	}
	/* a mail program's wrapping carries the long base64 on to more lines */
	strbuf_add(&b64, v[2], (size_t)(vend[2] - v[2]));
	for (i = NFIELDS + 2; p != stop; i++) {
		line = p;
		p = sig_line_next(p, stop, &eol);
		sig_line_trim(&line, &eol);
		if (line == eol || !base64_only(line, eol)) {
			strbuf_free(&b64);
			return cause_set(cause, "line %d: expected \"%s\"", i, SIG_MUTHUR_END);
		}
		strbuf_add(&b64, line, (size_t)(eol - line));
	}
	if (vend[0] - v[0] != 1 || v[0][0] != '1') {
		strbuf_free(&b64);
		return cause_set(cause, "line 2: version \"%.*s\" is not supported (expected 1)",
		    (int)(vend[0] - v[0] > 16 ? 16 : vend[0] - v[0]), v[0]);
	}
	if (sodium_hex2bin(id, sizeof id, v[1], (size_t)(vend[1] - v[1]), NULL, &idlen,
	    NULL) != 0 || idlen != sizeof id || (size_t)(vend[1] - v[1]) != 2 * sizeof id) {
		strbuf_free(&b64);
		return cause_set(cause, "line 3: the key id is not %zu hex digits",
		    2 * sizeof id);
	}
	n = mail_b64_decode(b64.len > 0 ? b64.s : "", b64.len, sigbin, sizeof sigbin);
	strbuf_free(&b64);
	if (n != SIG_BYTES)
		return cause_set(cause, "line 4: the signature is not %d bytes in base64",
		    SIG_BYTES);
	pubkey_muthur_id(pk->key, want);
	if (memcmp(id, want, sizeof id) != 0) {
		sodium_bin2hex(got_hex, sizeof got_hex, id, sizeof id);
		sodium_bin2hex(want_hex, sizeof want_hex, want, sizeof want);
		return cause_set(cause, "made with key id %s, but the seat's key has id %s",
		    got_hex, want_hex);
	}
	domain_message(&m, msg, msglen);
	rc = crypto_sign_ed25519_verify_detached(sigbin, (const unsigned char *)m.s, m.len,
	    pk->key);
	strbuf_free(&m);
	if (rc != 0)
		return cause_set(cause, "the signature does not match the signed bytes (the "
		    "orders differ from what was signed)");
	return 0;
}

const struct sig_driver sig_muthur = {
	.format = SIG_MUTHUR,
	.name = "muthur",
	.label = "muthur signature",
	.find = muthur_find,
	.verify = muthur_verify,
};
