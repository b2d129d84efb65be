/*
 * sig-minisign.c — minisign signatures (minisign -S, with or without -l).
 *
 *   untrusted comment: <anything>
 *   base64( alg[2] ‖ key id[8] ‖ Ed25519 signature[64] )
 *   trusted comment: <text>
 *   base64( Ed25519 global signature[64] )
 *
 * alg "ED": the signature is over BLAKE2b-512(message) (the default);
 * alg "Ed": over the message itself (legacy, minisign -l). The global
 * signature is over signature[64] ‖ <text> and must verify too.
 */
#include "config.h"

#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "mail/sig.h"

#define UNTRUSTED "untrusted comment:"
#define TRUSTED "trusted comment: "
#define SIG_BYTES crypto_sign_ed25519_BYTES
#define SIGLINE_BYTES (2 + PUBKEY_MINISIGN_ID_BYTES + SIG_BYTES)
#define NLINES 4

static int
starts(const char *p, const char *eol, const char *prefix)
{
	size_t n = strlen(prefix);

	return (size_t)(eol - p) >= n && memcmp(p, prefix, n) == 0;
}

static int
minisign_find(const char *text, size_t len, size_t *off, size_t *span)
{
	const char *p = text, *stop = text + len, *eol, *next, *s, *e;
	int i;

	for (; p < stop; p = next) {
		next = sig_line_next(p, stop, &eol);
		s = p;
		e = eol;
		sig_line_trim(&s, &e);
		if (!starts(s, e, UNTRUSTED))
			continue;
		for (i = 1; i < NLINES && next < stop; i++)
			next = sig_line_next(next, stop, &eol);
		*off = (size_t)(s - text);
		*span = (size_t)(next - s);
		return 1;
	}
	return 0;
}

struct minisig {
	unsigned char	 alg[2];
	unsigned char	 keyid[PUBKEY_MINISIGN_ID_BYTES];
	unsigned char	 sig[SIG_BYTES];
	const char	*trusted;	/* the trusted comment's text, in the input */
	size_t		 trusted_len;
	unsigned char	 global[SIG_BYTES];
};

/* Decode the base64 line [s, e) into exactly want bytes. */
static int
decode_line(const char *s, const char *e, unsigned char *out, size_t want, int line,
    const char *what, char **cause)
{
	unsigned char buf[SIGLINE_BYTES + 1];
	long n;

	sig_line_trim(&s, &e);
	if (s == e)
		return cause_set(cause, "line %d: the %s is missing (the signature is cut short)",
		    line, what);
	n = mail_b64_decode(s, (size_t)(e - s), buf, sizeof buf);
	if (n == -1)
		return cause_set(cause, "line %d: the %s is not valid base64 (%zu bytes expected)",
		    line, what, want);
	if ((size_t)n != want)
		return cause_set(cause, "line %d: the %s is %ld bytes (expected %zu)", line, what,
		    n, want);
	memcpy(out, buf, want);
	return 0;
}

static int
minisig_parse(const char *sig, size_t siglen, struct minisig *m, char **cause)
{
	const char *p = sig, *stop = sig + siglen, *eol[NLINES], *start[NLINES];
	unsigned char line2[SIGLINE_BYTES];
	int i;

	for (i = 0; i < NLINES; i++) {
		start[i] = p;
		p = sig_line_next(p, stop, &eol[i]);
	}
	sig_line_trim(&start[0], &eol[0]);
	if (!starts(start[0], eol[0], UNTRUSTED))
		return cause_set(cause, "line 1: expected \"%s ...\"", UNTRUSTED);
	if (decode_line(start[1], eol[1], line2, sizeof line2, 2, "signature line", cause) == -1)
		return -1;
	memcpy(m->alg, line2, 2);
	memcpy(m->keyid, line2 + 2, PUBKEY_MINISIGN_ID_BYTES);
	memcpy(m->sig, line2 + 2 + PUBKEY_MINISIGN_ID_BYTES, SIG_BYTES);
	if (m->alg[0] != 'E' || (m->alg[1] != 'D' && m->alg[1] != 'd'))
		return cause_set(cause, "line 2: the signature algorithm is not Ed25519 (expected "
		    "\"ED\" or \"Ed\")");
	/* The trusted comment is taken as is after its prefix, like minisign. */
	while (start[2] < eol[2] && (*start[2] == ' ' || *start[2] == '\t'))
		start[2]++;
	if (start[2] == eol[2])
		return cause_set(cause, "line 3: the trusted comment is missing (the signature is "
		    "cut short)");
	if (!starts(start[2], eol[2], TRUSTED))
		return cause_set(cause, "line 3: expected \"%s...\"", TRUSTED);
	m->trusted = start[2] + strlen(TRUSTED);
	m->trusted_len = (size_t)(eol[2] - m->trusted);
	return decode_line(start[3], eol[3], m->global, SIG_BYTES, 4, "global signature", cause);
}

/* The checks of a minisign signature; the global signature over the
 * trusted comment only when global is 1. */
static int
minisign_check(const struct pubkey *pk, const char *msg, size_t msglen, const char *sig,
    size_t siglen, int global, char **cause)
{
	struct minisig m;
	struct strbuf gl = STRBUF_INIT;
	unsigned char hash[crypto_generichash_BYTES_MAX];
	char got[17], want[17];
	int rc;

	if (minisig_parse(sig, siglen, &m, cause) == -1)
		return -1;
	if (pk->kind != PUBKEY_MINISIGN)
		return cause_set(cause, "the seat's key is %s %s key, not a minisign key "
		    "(expected a signature made with the seat's key)",
		    pk->kind == PUBKEY_SSH_ED25519 ? "an" : "a", pubkey_kind_name(pk->kind));
	if (memcmp(m.keyid, pk->minisign_id, PUBKEY_MINISIGN_ID_BYTES) != 0) {
		pubkey_minisign_id_hex(m.keyid, got);
		pubkey_minisign_id_hex(pk->minisign_id, want);
		return cause_set(cause, "made with key id %s, but the seat's key has id %s",
		    got, want);
	}
	if (m.alg[1] == 'D') {
		crypto_generichash(hash, sizeof hash, (const unsigned char *)msg, msglen, NULL, 0);
		rc = crypto_sign_ed25519_verify_detached(m.sig, hash, sizeof hash, pk->key);
	} else
		rc = crypto_sign_ed25519_verify_detached(m.sig, (const unsigned char *)msg,
		    msglen, pk->key);
	if (rc != 0)
		return cause_set(cause, "the signature does not match the signed bytes (the "
		    "orders differ from what was signed)");
	if (!global)
		return 0;
	strbuf_add(&gl, m.sig, SIG_BYTES);
	strbuf_add(&gl, m.trusted, m.trusted_len);
	rc = crypto_sign_ed25519_verify_detached(m.global, (const unsigned char *)gl.s,
	    gl.len, pk->key);
	strbuf_free(&gl);
	if (rc != 0)
		return cause_set(cause, "the global signature over the trusted comment does not "
		    "verify (the trusted comment was changed)");
	return 0;
}

static int
minisign_verify(const struct pubkey *pk, const char *msg, size_t msglen, const char *sig,
    size_t siglen, char **cause)
{
	return minisign_check(pk, msg, msglen, sig, siglen, 1, cause);
}

static int
minisign_verify_bytes(const struct pubkey *pk, const char *msg, size_t msglen,
    const char *sig, size_t siglen, char **cause)
{
	return minisign_check(pk, msg, msglen, sig, siglen, 0, cause);
}

const struct sig_driver sig_minisign = {
	.format = SIG_MINISIGN,
	.name = "minisign",
	.label = "minisign signature",
	.find = minisign_find,
	.verify = minisign_verify,
	.verify_bytes = minisign_verify_bytes,
};
