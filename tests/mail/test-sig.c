/*
 * test-sig.c — signature verification (mail/sig.h) against signatures made
 * by the real tools.
 *
 *   test-sig [DIR]
 *
 * DIR holds vectors as tests/data/sig/make-vectors.sh makes them (default:
 * $top_srcdir/tests/data/sig, the checked-in set); test-sig-tools.sh runs
 * this program again on fresh vectors from minisign and ssh-keygen.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/pubkey.h"
#include "mail/sig.h"
#include "tests/mail/test-sig-data.h"
#include "tests/tap.h"

static char *dir;
static char *msg;		/* the signed bytes of orders.txt */
static size_t msglen;

static char *
slurp(const char *name, size_t *len)
{
	return vector_read(dir, name, len);
}

static struct pubkey
key(const char *name)
{
	struct pubkey pk;
	char *path = xasprintf("%s/%s", dir, name), *cause = NULL;

	if (pubkey_load(path, &pk, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	free(path);
	return pk;
}

/*
 * Verify sig over m; want NULL means it must be valid, otherwise the
 * reason must contain want.
 */
static void
check_msg(const struct pubkey *pk, const char *m, size_t mlen, const char *sig,
    const char *want, const char *name)
{
	char *cause = NULL;
	int rc = sig_verify(pk, m, mlen, sig, strlen(sig), &cause);

	if (want == NULL) {
		if (!ok(rc == 0, "%s verifies", name))
			diag("reason: %s", cause);
	} else if (ok(rc == -1 && cause != NULL && strstr(cause, want) != NULL,
	    "%s is refused", name))
		diag("%s", cause);
	else
		diag("got %s, expected a reason containing \"%s\"",
		    cause ? cause : "no reason", want);
	free(cause);
}

static void
check(const struct pubkey *pk, const char *sig, const char *want, const char *name)
{
	check_msg(pk, msg, msglen, sig, want, name);
}

/* check() a signature made for the case, then free it. */
static void
check_free(const struct pubkey *pk, char *sig, const char *want, const char *name)
{
	check(pk, sig, want, name);
	free(sig);
}

struct mutation {
	const char	*from, *to;	/* replace the first from by to */
	const char	*want;		/* in the reason */
	const char	*name;
};

static char *replace(const char *s, const char *from, const char *to);

static void
check_mutations(const struct pubkey *pk, const char *sig, const struct mutation *m, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		check_free(pk, replace(sig, m[i].from, m[i].to), m[i].want, m[i].name);
}

/* s with the first occurrence of from replaced by to (same length or not). */
static char *
replace(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	struct strbuf sb = STRBUF_INIT;

	if (at == NULL) {
		printf("Bail out! \"%s\" not found in a vector\n", from);
		exit(1);
	}
	strbuf_add(&sb, s, (size_t)(at - s));
	strbuf_addstr(&sb, to);
	strbuf_addstr(&sb, at + strlen(from));
	return strbuf_detach(&sb, NULL);
}

/* The first n lines of s. */
static char *
head(const char *s, int n)
{
	const char *p = s;

	while (n-- > 0 && (p = strchr(p, '\n')) != NULL)
		p++;
	return xstrndup(s, p != NULL ? (size_t)(p - s) : strlen(s));
}

/* LF to CRLF. */
static char *
crlf(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (; *s != '\0'; s++) {
		if (*s == '\n')
			strbuf_addc(&sb, '\r');
		strbuf_addc(&sb, *s);
	}
	return strbuf_detach(&sb, NULL);
}

static void
test_good(void)
{
	struct pubkey mk = key("minisign.pub"), sk = key("ssh.pub"), uk = key("muthur.pub");
	static const struct { const char *file; int kind; enum sig_format fmt; } good[] = {
		{ "orders.minisig", 0, SIG_MINISIGN },
		{ "orders.legacy.minisig", 0, SIG_MINISIGN },
		{ "orders.ssh.sig", 1, SIG_SSHSIG },
		{ "orders.ssh256.sig", 1, SIG_SSHSIG },
		{ "orders.muthur.sig", 2, SIG_MUTHUR },
	};
	const struct pubkey *keys[] = { &mk, &sk, &uk };
	size_t i, off, span, len;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		char *sig = slurp(good[i].file, &len), *mail, *body, *m2;
		struct orders_block b;
		char *cause = NULL;

		is_int(sig_detect(sig, len, &off, &span), good[i].fmt, "%s is detected as %s",
		    good[i].file, sig_format_name(good[i].fmt));
		ok(off == 0 && span == len, "%s: the span is the whole file", good[i].file);
		check(keys[good[i].kind], sig, NULL, good[i].file);

		/* Inline after the block in a CRLF mail with a footer. */
		body = xasprintf("Hello,\n\nmy orders:\n\n%s\n%s\n-- \nAlice\n", msg, sig);
		mail = crlf(body);
		if (ok(orders_block_find(mail, strlen(mail), &b, &cause) == 1,
		    "%s: block found in a CRLF mail", good[i].file)) {
			check_msg(keys[good[i].kind], b.signed_bytes, b.signed_len,
			    mail + b.end_off, NULL, "the same signature inline in a CRLF mail");
			orders_block_clear(&b);
		}
		free(cause);

		/* One byte of the orders changed. */
		m2 = replace(msg, "hicks", "hickz");
		check_msg(keys[good[i].kind], m2, strlen(m2), sig,
		    "the signature does not match the signed bytes", "tampered bytes");
		free(m2);
		free(body);
		free(mail);
		free(sig);
	}
}

static void
test_minisign(void)
{
	static const struct mutation cases[] = {
		{ "\ntrusted comment: muthur", "\ntrusted comment: Muthur",
		  "minisign signature: the global signature over the trusted comment does not "
		  "verify (the trusted comment was changed)", "minisign: an edited trusted comment" },
		{ "\ntrusted comment: ", "\ntrusted remark: ",
		  "line 3: expected \"trusted comment: ...\"", "minisign: no trusted comment line" },
		{ "untrusted comment:", "untrusted remark:",
		  "no signature found", "minisign: no untrusted comment line" },
	};
	struct pubkey mk = key("minisign.pub"), other = key("other-minisign.pub");
	struct pubkey sk = key("ssh.pub"), idk = mk;
	char *sig = slurp("orders.minisig", NULL), *legacy = slurp("orders.legacy.minisig", NULL);
	char *t, *l2, gotid[17], wantid[17], *want;
	const char *line2, *eol;
	unsigned char bin[74];
	long n;

	/* The key id printed in the public key file's comment. */
	t = slurp("minisign.pub", NULL);
	pubkey_minisign_id_hex(mk.minisign_id, gotid);
	/* minisign prints it with %PRIX64: no leading zeros */
	ok(strstr(t, gotid + strspn(gotid, "0")) != NULL, "the key id reads as in "
	    "minisign's comment (%s)", gotid);
	free(t);

	pubkey_minisign_id_hex(other.minisign_id, wantid);
	want = xasprintf("made with key id %s, but the seat's key has id %s", gotid, wantid);
	check(&other, sig, want, "minisign: a wrong key");
	free(want);

	/* The same key bytes under another key id. */
	idk.minisign_id[0] ^= 1;
	check(&idk, sig, "made with key id", "minisign: a wrong key id in the seat's key");

	/* The signature line re-encoded with one field changed. */
	line2 = strchr(sig, '\n') + 1;
	eol = strchr(line2, '\n');
	n = mail_b64_decode(line2, (size_t)(eol - line2), bin, sizeof bin);
	is_int(n, 74, "the signature line decodes to 74 bytes");
	is_int(bin[0] == 'E' && bin[1] == 'D', 1, "the default signature is prehashed (ED)");
	l2 = xstrndup(line2, (size_t)(eol - line2));
	bin[2] ^= 0x80;
	check_free(&mk, replace(sig, l2, t = mail_b64_encode(bin, sizeof bin)),
	    "made with key id", "minisign: a wrong key id in the signature");
	free(t);
	bin[2] ^= 0x80;
	bin[1] = 'd';	/* ED made into Ed: then the signature is over the raw bytes */
	check_free(&mk, replace(sig, l2, t = mail_b64_encode(bin, sizeof bin)),
	    "the signature does not match the signed bytes",
	    "minisign: a prehashed signature relabelled legacy");
	free(t);
	bin[1] = 'X';
	check_free(&mk, replace(sig, l2, t = mail_b64_encode(bin, sizeof bin)),
	    "line 2: the signature algorithm is not Ed25519 (expected \"ED\" or \"Ed\")",
	    "minisign: an unknown algorithm");
	free(t);
	free(l2);

	check_mutations(&mk, sig, cases, sizeof cases / sizeof cases[0]);
	check_free(&mk, replace(legacy, "(legacy)", "(legacy!)"),
	    "the global signature over the trusted comment does not verify",
	    "minisign legacy: an edited trusted comment");
	check_free(&mk, head(sig, 3), "minisign signature: line 4: the global signature is "
	    "missing (the signature is cut short)", "minisign: the global signature cut off");
	check_free(&mk, head(sig, 2), "line 3: the trusted comment is missing (the signature "
	    "is cut short)", "minisign: cut after the signature line");
	check_free(&mk, xstrndup(sig, (size_t)(line2 + 50 - sig)), "line 2: the signature line "
	    "is not valid base64", "minisign: cut inside the signature line");
	check(&sk, sig, "minisign signature: the seat's key is an ssh-ed25519 key, not a "
	    "minisign key", "minisign: a signature for a seat with an ssh key");
	/* What the offline auditor asks (SIG_BYTES_ONLY): that the key signed
	 * the bytes; the trusted comment is not read, its signature not checked. */
	t = replace(sig, "\ntrusted comment: muthur", "\ntrusted comment: Muthur");
	ok(sig_verify_flags(&mk, msg, strlen(msg), t, strlen(t), SIG_BYTES_ONLY, NULL) == 0,
	    "minisign, bytes only: an edited trusted comment is not checked");
	ok(sig_verify_flags(&mk, msg, strlen(msg), t, strlen(t), 0, NULL) == -1,
	    "minisign, without flags: it is");
	free(t);
	{
		char *m2 = replace(msg, "hicks", "hickz"), *cause = NULL;

		ok(sig_verify_flags(&mk, m2, strlen(m2), sig, strlen(sig), SIG_BYTES_ONLY,
		    &cause) == -1 && cause != NULL && strstr(cause, "the signature does not "
		    "match the signed bytes") != NULL,
		    "minisign, bytes only: tampered bytes are refused");
		free(cause);
		free(m2);
	}
	free(sig);
	free(legacy);
}

/* Re-armor an SSHSIG blob. */
static char *
armor(const unsigned char *blob, size_t len)
{
	char *b64 = mail_b64_encode(blob, len), *s;

	s = xasprintf("-----BEGIN SSH SIGNATURE-----\n%s\n-----END SSH SIGNATURE-----\n", b64);
	free(b64);
	return s;
}

/* The SSHSIG blob's fields after magic and version. */
enum { F_KEY, F_NAMESPACE, F_RESERVED, F_HASH, F_SIG, NFIELDS };

struct sshsig_case {
	unsigned long	 version;
	int		 field;		/* replaced by value, or -1 */
	const char	*value;
	size_t		 value_len;
	const char	*trailer;	/* bytes after the last field */
	const char	*want;		/* NULL: valid */
	const char	*name;
};

/* The armored blob from the real fields with one case applied. */
static char *
rebuild(const unsigned char *const f[NFIELDS], const size_t n[NFIELDS],
    const struct sshsig_case *c)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char v[4];
	char *s;
	int i;

	strbuf_add(&sb, "SSHSIG", 6);
	v[0] = (unsigned char)(c->version >> 24);
	v[1] = (unsigned char)(c->version >> 16);
	v[2] = (unsigned char)(c->version >> 8);
	v[3] = (unsigned char)c->version;
	strbuf_add(&sb, v, 4);
	for (i = 0; i < NFIELDS; i++) {
		if (i == c->field)
			ssh_put_string(&sb, c->value, c->value_len);
		else
			ssh_put_string(&sb, f[i], n[i]);
	}
	strbuf_addstr(&sb, c->trailer);
	s = armor((const unsigned char *)sb.s, sb.len);
	strbuf_free(&sb);
	return s;
}

static void
test_sshsig(void)
{
#define V(s) s, sizeof s - 1
	static const struct sshsig_case cases[] = {
		{ 1, -1, NULL, 0, "", NULL, "ssh: the blob rebuilt as it was" },
		{ 1, -1, NULL, 0, "x", "1 bytes follow the signature in the blob",
		  "ssh: a trailing byte" },
		{ 2, -1, NULL, 0, "", "version 2 is not supported (expected 1)", "ssh: version 2" },
		{ 1, F_RESERVED, V("x"), "", "the reserved field is not empty",
		  "ssh: a reserved field" },
		{ 1, F_HASH, V("md5"), "", "the hash algorithm is \"md5\" (expected sha512 or "
		  "sha256)", "ssh: hash md5" },
		{ 1, F_HASH, V("sha256"), "", "the signature does not match the signed bytes",
		  "ssh: sha512 signature relabelled sha256" },
		{ 1, F_SIG, V("\0\0\0\7ssh-rsa\0\0\0\1x"), "",
		  "the signature is not an ssh-ed25519 signature", "ssh: an ssh-rsa signature type" },
		{ 1, F_SIG, V("\0\0\0\13ssh-ed25519\0\0\0\100x"), "",
		  "the signature field is cut short", "ssh: a short signature field" },
		{ 1, F_NAMESPACE, V(""), "", "the namespace is \"\" (expected \"muthur\"",
		  "ssh: an empty namespace" },
	};
#undef V
	struct pubkey sk = key("ssh.pub"), other = key("other-ssh.pub"), mk = key("minisign.pub");
	char *sig = slurp("orders.ssh.sig", NULL), *body;
	const unsigned char *f[NFIELDS];
	unsigned char blob[1024];
	size_t fn[NFIELDS], i;
	struct ssh_buf b;
	long n;

	check(&other, sig, "SSH signature: made with key SHA256:", "ssh: a wrong key");
	check(&other, sig, "but the seat's key is SHA256:", "ssh: names the seat's key");
	check(&mk, sig, "made with key SHA256:", "ssh: a seat with a minisign key");
	check_free(&sk, slurp("orders.file-ns.sig", NULL), "SSH signature: the namespace is "
	    "\"file\" (expected \"muthur\": sign with ssh-keygen -Y sign -n muthur)",
	    "ssh: a wrong namespace");
	check_free(&sk, slurp("orders.rsa.sig", NULL), "SSH signature: the key is an OpenSSH "
	    "ssh-rsa key: only ssh-ed25519 keys are accepted", "ssh: an ssh-rsa signature");

	/* Truncations. */
	check_free(&sk, replace(sig, "-----END SSH SIGNATURE-----\n", ""), "SSH signature: the "
	    "signature is cut short: no \"-----END SSH SIGNATURE-----\" line", "ssh: no END line");
	check_free(&sk, replace(sig, "\n-----END", "AAAA\n-----END"), "SSH signature: the "
	    "armored block is not valid base64", "ssh: broken base64");
	body = strchr(sig, '\n') + 1;
	n = mail_b64_decode(body, (size_t)(strstr(sig, "-----END") - body), blob, sizeof blob);
	ok(n > 10, "the armored blob decodes (%ld bytes)", n);
	check_free(&sk, armor(blob, (size_t)n - 10), "SSH signature: the blob is cut short in "
	    "its signature", "ssh: the blob cut short");

	/* Field by field, rebuilt from the real blob. */
	b.p = blob + 10;
	b.left = (size_t)n - 10;
	for (i = 0; i < NFIELDS; i++)
		if (!ok(ssh_buf_string(&b, &f[i], &fn[i]) == 0, "blob field %zu reads", i))
			return;
	is_int(b.left, 0, "nothing follows the signature");
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		check_free(&sk, rebuild(f, fn, &cases[i]), cases[i].want, cases[i].name);
	memcpy(blob, "SSHSIH", 6);
	check_free(&sk, armor(blob, (size_t)n), "the blob does not start with \"SSHSIG\"",
	    "ssh: a wrong magic");
	free(sig);
}

static void
test_muthur(void)
{
	static const struct mutation cases[] = {
		{ "version: 1", "version: 2", "muthur signature: line 2: version \"2\" is not "
		  "supported (expected 1)", "muthur: version 2" },
		{ "key-id: ", "key-id: 0", "line 3: the key id is not 16 hex digits",
		  "muthur: a bad key id" },
		{ "signature: ", "signature: AAAA", "line 4: the signature is not 64 bytes in base64",
		  "muthur: a long signature" },
		{ "-----END", "extra: 1\n-----END", "line 5: expected \"-----END MUTHUR "
		  "SIGNATURE-----\"", "muthur: an extra line" },
		{ "key-id", "keyid", "line 3: expected \"key-id: ...\"", "muthur: a misspelt field" },
		{ "version: 1\nkey-id", "key-id", "line 2: expected \"version: ...\"",
		  "muthur: a missing line" },
		{ "-----END MUTHUR SIGNATURE-----", "", "the signature is cut short: no "
		  "\"-----END MUTHUR SIGNATURE-----\" line", "muthur: cut short" },
	};
	struct pubkey other, mk = key("minisign.pub");
	unsigned char pk[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	char *sig = slurp("orders.muthur.sig", NULL), *mine;
	const char *b;

	key_generate(pk, sk);
	memset(&other, 0, sizeof other);
	other.kind = PUBKEY_MUTHUR;
	memcpy(other.key, pk, sizeof pk);
	check(&other, sig, "muthur signature: made with key id", "muthur: a wrong key");
	check(&mk, sig, "made with key id", "muthur: a minisign key is another key");

	mine = sig_muthur_sign(sk, msg, msglen);
	check(&other, mine, NULL, "muthur: sign then verify");
	/* its 99-column signature line as a mail program wraps it at 72 */
	b = strstr(mine, "signature: ") + 11;
	check_free(&other, xasprintf("%.*s\n%s", (int)(b - mine + 61), mine, b + 61), NULL,
	    "muthur: the signature line wrapped (base64 on two lines)");
	check_free(&other, xasprintf("%.*s\n%.61s\n%s", (int)(b - mine), mine, b, b + 61),
	    NULL, "muthur: the base64 carried on to the next line");
	check_free(&other, xasprintf("%.*s\n%.61s\nnot base64\n%s", (int)(b - mine), mine, b,
	    b + 61), "line 6: expected \"-----END MUTHUR SIGNATURE-----\"",
	    "muthur: a wrapped signature with other text after it");
	check_msg(&other, msg, msglen - 1, mine, "the signature does not match the signed bytes",
	    "muthur: one byte less");
	check_mutations(&other, mine, cases, sizeof cases / sizeof cases[0]);
	sodium_memzero(sk, sizeof sk);
	free(mine);
	free(sig);
}

static void
test_detect(void)
{
	char *ms = slurp("orders.minisig", NULL), *ss = slurp("orders.ssh.sig", NULL);
	char *both = xasprintf("text\n\n%s\n%s", ss, ms), *cause = NULL;
	struct pubkey mk = key("minisign.pub");
	size_t off, span;

	is_int(sig_detect(both, strlen(both), &off, &span), SIG_SSHSIG,
	    "the first of two signatures is found");
	is_int(off, 6, "at its offset");
	is_int(span, strlen(ss), "with its span");
	is_int(sig_detect("hello\n", 6, NULL, NULL), SIG_NONE, "plain text holds no signature");
	ok(sig_verify(&mk, msg, msglen, "hello\n", 6, &cause) == -1 && cause != NULL &&
	    strncmp(cause, "no signature found", 18) == 0, "sig_verify says no signature found");
	free(cause);
	is_str(sig_format_name(SIG_MUTHUR), "muthur", "format names");
	is_str(sig_format_name(SIG_NONE), "none", "no format");
	free(both);
	free(ms);
	free(ss);
}

int
main(int argc, char **argv)
{
	struct orders_block b;
	char *text, *cause = NULL, *def = NULL;
	size_t len;

	if (sodium_init() < 0)
		skip_all("libsodium failed to initialise");
	if (argc > 1)
		dir = argv[1];
	else
		dir = def = xasprintf("%s/tests/data/sig",
		    getenv("top_srcdir") ? getenv("top_srcdir") : ".");
	text = slurp("orders.txt", &len);
	if (orders_block_find(text, len, &b, &cause) != 1) {
		printf("Bail out! orders.txt holds no block: %s\n", cause ? cause : "");
		return 1;
	}
	msg = b.signed_bytes;
	msglen = b.signed_len;
	diag("vectors from %s", dir);
	test_good();
	test_minisign();
	test_sshsig();
	test_muthur();
	test_detect();
	orders_block_clear(&b);
	free(text);
	free(def);
	return done_testing();
}
