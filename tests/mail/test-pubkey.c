/*
 * test-pubkey.c — a seat's public key in its three forms (mail/pubkey.h),
 * on the keys in tests/data/sig/ made by minisign, ssh-keygen and
 * `muthur keygen`.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/xmalloc.h"
#include "mail/pubkey.h"
#include "tests/mail/test-sig-data.h"
#include "tests/tap.h"

static char *dir;

static char *
slurp(const char *name)
{
	return vector_read(dir, name, NULL);
}

/* Parse text; it must be accepted as kind, and its canonical form must
 * read back to the same key. Returns the canonical form (caller frees). */
static char *
accept(const char *text, enum pubkey_kind kind, const char *name, struct pubkey *out)
{
	struct pubkey pk, back;
	char *cause = NULL, *canon;

	if (!ok(pubkey_parse(text, strlen(text), &pk, &cause) == 0, "%s is accepted", name)) {
		diag("reason: %s", cause);
		free(cause);
		return xstrdup("");
	}
	is_int(pk.kind, kind, "%s is a %s key", name, pubkey_kind_name(kind));
	canon = pubkey_format(&pk);
	ok(pubkey_parse(canon, strlen(canon), &back, &cause) == 0 && pubkey_equal(&pk, &back),
	    "%s: the canonical form reads back to the same key", name);
	if (out != NULL)
		*out = pk;
	return canon;
}

static void
refuse(const char *text, const char *want, const char *name)
{
	struct pubkey pk;
	char *cause = NULL;

	ok(pubkey_parse(text, strlen(text), &pk, &cause) == -1, "%s is refused", name);
	is_str(cause, want, "%s: the reason", name);
	free(cause);
}

static void
test_forms(void)
{
	char *mfile = slurp("minisign.pub"), *sfile = slurp("ssh.pub"), *ufile = slurp("muthur.pub");
	char *canon, *rw, *crlf, *t, *cause = NULL;
	struct pubkey m, s, u, x;
	char id[17];

	/* minisign: the file, its RW line alone, CRLF, surrounding blank lines. */
	canon = accept(mfile, PUBKEY_MINISIGN, "the minisign public key file", &m);
	rw = strchr(mfile, '\n') + 1;
	ok(strncmp(rw, canon, strlen(canon)) == 0 && rw[strlen(canon)] == '\n',
	    "the minisign canonical form is the file's RW line");
	free(canon);
	canon = accept(rw, PUBKEY_MINISIGN, "the RW line alone", &x);
	ok(pubkey_equal(&m, &x), "the RW line is the same key as the file");
	free(canon);
	pubkey_minisign_id_hex(m.minisign_id, id);
	/* minisign prints it with %PRIX64: no leading zeros */
	ok(strstr(mfile, id + strspn(id, "0")) != NULL, "the key id %s is the one in "
	    "minisign's comment", id);
	crlf = xasprintf("\r\n\r\n%.*s\r\n%s\r\n\r\n", (int)(rw - mfile - 1), mfile, rw);
	free(accept(crlf, PUBKEY_MINISIGN, "the minisign file with CRLF and blank lines", &x));
	ok(pubkey_equal(&m, &x), "is the same key");
	free(crlf);

	/* OpenSSH: the .pub line with its comment. */
	canon = accept(sfile, PUBKEY_SSH_ED25519, "the ssh-ed25519 .pub line", &s);
	ok(strncmp(sfile, canon, strlen(canon)) == 0 && sfile[strlen(canon)] == ' ',
	    "the ssh canonical form is the line without its comment");
	free(canon);

	/* muthur: the NAME.pub line. */
	canon = accept(ufile, PUBKEY_MUTHUR, "the muthur public key file", &u);
	ok(strncmp(canon, "muthur-ed25519 ", 15) == 0 && strstr(ufile, canon) == ufile,
	    "the muthur canonical form is the key line");
	free(canon);

	ok(!pubkey_equal(&m, &s) && !pubkey_equal(&s, &u), "different keys differ");
	x = m;
	x.minisign_id[3] ^= 1;
	ok(!pubkey_equal(&m, &x), "a minisign key with another id is another key");

	/* From a command-line argument: a file name, or the key itself. */
	t = xasprintf("%s/ssh.pub", dir);
	ok(pubkey_from_arg(t, &x, &cause) == 0 && pubkey_equal(&x, &s), "--key FILE");
	free(t);
	t = xstrndup(rw, strcspn(rw, "\n"));
	ok(pubkey_from_arg(t, &x, &cause) == 0 && pubkey_equal(&x, &m), "--key RW...");
	free(t);
	ok(pubkey_from_arg("no/such/key.pub", &x, &cause) == -1 &&
	    strncmp(cause, "no/such/key.pub: No such file", 29) == 0,
	    "--key with a missing file names it");
	free(cause);
	cause = NULL;
	t = xasprintf("%s/rsa.pub", dir);
	ok(pubkey_load(t, &x, &cause) == -1 && strstr(cause, "rsa.pub: line 1: the key is an "
	    "OpenSSH ssh-rsa key: only ssh-ed25519 keys are accepted") != NULL,
	    "pubkey_load names the file and the ssh-rsa type");
	free(cause);
	free(t);
	free(mfile);
	free(sfile);
	free(ufile);
}

static void
test_refusals(void)
{
	char *rsa = slurp("rsa.pub"), *msig = slurp("orders.minisig"), *t;

	refuse(rsa, "line 1: the key is an OpenSSH ssh-rsa key: only ssh-ed25519 keys are "
	    "accepted", "an ssh-rsa key");
	refuse("ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAI user@host\n",
	    "line 1: the key is an OpenSSH ecdsa-sha2-nistp256 key: only ssh-ed25519 keys "
	    "are accepted", "an ecdsa key");
	refuse("sk-ssh-ed25519@openssh.com AAAAGnNrLXNzaC1lZDI1NTE5QG9wZW5zc2guY29t\n",
	    "line 1: the key is an OpenSSH sk-ssh-ed25519@openssh.com key: only ssh-ed25519 "
	    "keys are accepted", "a FIDO key");
	/* An ssh-ed25519 line whose blob says ssh-rsa. */
	refuse("ssh-ed25519 AAAAB3NzaC1yc2EAAAADAQABAAABAQ==\n",
	    "line 1: the key is an OpenSSH ssh-rsa key: only ssh-ed25519 keys are accepted",
	    "an ssh-ed25519 line holding an rsa blob");
	refuse("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMrcOo7KCfa2vsQwR5V8gto0dxa7tsPU60d8ebaD\n",
	    "line 1: the ssh-ed25519 key blob is truncated before its key", "a cut ssh key");
	refuse("ssh-ed25519 !!!!\n", "line 1: the ssh-ed25519 key is not valid base64",
	    "an ssh key with bad base64");
	refuse("ssh-ed25519\n", "line 1: no key after \"ssh-ed25519\" (expected its base64 blob)",
	    "an ssh line without its key");
	refuse("untrusted comment: minisign encrypted secret key\nRWQAAEIyAAAAAAAAAAAAAAAAAAAA\n",
	    "line 1: this is a minisign secret key: give the public key (minisign.pub) instead",
	    "a minisign secret key");
	refuse(msig, "line 1: this is a minisign signature, not a public key (expected the "
	    "minisign.pub file)", "a minisign signature");
	refuse("untrusted comment: minisign public key 1234\n",
	    "line 2: the minisign public key line (RW...) is missing after the untrusted "
	    "comment", "a minisign file without its key line");
	refuse("RWRfx3WdVOZSVwdioq3S7yOJbs9GoD7n6yCmYw3yeKh5Tnx+7T6y1g==\n",
	    "line 1: the minisign public key is 40 bytes (expected 42: \"Ed\", the key id and "
	    "the key)", "a short RW line");
	refuse("RWRfx3WdVOZSVwdioq3S7yOJbs9GoD7n6yCmYw3yeKh5Tnx+7T6y1gFC extra\n",
	    "line 1: text after the minisign public key (expected the base64 line alone)",
	    "an RW line with text after it");
	refuse("RWRf!\n", "line 1: not a minisign public key (expected 42 bytes in base64: "
	    "\"Ed\", the key id and the key)", "an RW line with bad base64");
	refuse("untrusted comment: x\nRXRfx3WdVOZSVwdioq3S7yOJbs9GoD7n6yCmYw3yeKh5Tnx+7T6y1gFC\n",
	    "line 2: the minisign key's algorithm is not Ed25519 (expected \"Ed\")",
	    "a minisign key of another algorithm");
	refuse("muthur-ed25519-secret AAAA\n", "line 1: this is a muthur secret key: give the "
	    "public key (the NAME.pub file made by muthur keygen) instead", "a muthur secret key");
	refuse("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Blbn\n-----END OPENSSH PRIVATE KEY-----\n",
	    "line 1: this is a secret key: give the public key (the .pub file) instead",
	    "an OpenSSH secret key");
	refuse("muthur-ed25519 AAAA\n", "line 1: bad muthur public key: expected 32 bytes in "
	    "base64 after \"muthur-ed25519\"", "a short muthur key");
	refuse("", "no key: the text is empty (expected a muthur, minisign or ssh-ed25519 "
	    "public key)", "empty text");
	refuse("\n  \r\n", "no key: the text is empty (expected a muthur, minisign or "
	    "ssh-ed25519 public key)", "blank lines");
	refuse("hello world\n", "line 1: not a public key (expected \"muthur-ed25519 ...\", a "
	    "minisign public key file or its RW... line, or an \"ssh-ed25519 AAAA...\" line)",
	    "plain text");
	t = xasprintf("%s\nssh-ed25519 AAAA\n", "muthur-ed25519 "
	    "24G+dklEzfKjbLO7T16Sr/YpZLOjrBYkvpbwTzZ7Mig=");
	refuse(t, "line 2: text after the key (expected one key)", "two keys");
	free(t);
	{
		struct pubkey pk;
		char *cause = NULL;

		ok(pubkey_parse("muthur-ed25519 AAAA\0x", 21, &pk, &cause) == -1, "a NUL byte "
		    "is refused");
		is_str(cause, "the key contains a NUL byte (expected text)", "a NUL byte: reason");
		free(cause);
	}
	free(rsa);
	free(msig);
}

int
main(int argc, char **argv)
{
	if (sodium_init() < 0)
		skip_all("libsodium failed to initialise");
	dir = vectors_dir(argc, argv);
	test_forms();
	test_refusals();
	free(dir);
	return done_testing();
}
