/*
 * test-signed-chain-live.c — issue #7's end-to-end check: an orders mail
 * signed in each of the three forms (minisign, SSHSIG, muthur) travels
 * SMTP → OpenSMTPD (or aiosmtpd) → LMTP → Dovecot → IMAP → intake and its
 * signature verifies; the same mail with one byte of the block changed is
 * refused with a reason. Started by test-signed-chain.sh, which runs the
 * servers (tests/servers/mailservers.sh).
 *
 * Usage: test-signed-chain-live SERVERS-DIR
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/fetch.h"
#include "mail/intake.h"
#include "mail/pubkey.h"
#include "mail/send.h"
#include "mail/sig.h"
#include "mail/url.h"
#include "tests/tap.h"

static char *env_text;

/* A value from DIR/env (KEY=value lines). */
static char *
env(const char *key)
{
	size_t klen = strlen(key);
	const char *p;

	for (p = env_text; p != NULL && *p != '\0'; p = strchr(p, '\n'), p = p ? p + 1 : p)
		if (strncmp(p, key, klen) == 0 && p[klen] == '=')
			return xstrndup(p + klen + 1, strcspn(p + klen + 1, "\n"));
	printf("Bail out! the servers' env has no %s\n", key);
	exit(1);
}

/* LF or CRLF text to CRLF, with an X-Test-Id header put first. */
static char *
to_wire(const char *text, size_t len, const char *id)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addf(&sb, "X-Test-Id: %s\r\n", id);
	for (i = 0; i < len; i++) {
		if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r'))
			strbuf_addc(&sb, '\r');
		strbuf_addc(&sb, text[i]);
	}
	return strbuf_detach(&sb, NULL);
}

/* Change one letter of the block's "game:" value. */
static void
tamper(char *mail)
{
	char *b = strstr(mail, ORDERS_BEGIN), *g = b ? strstr(b, "game: ") : NULL;

	if (g != NULL)
		g[6] = g[6] == 'c' ? 'd' : 'c';
}

/* Send mail to the test user, then fetch the message carrying id by IMAP. */
static char *
travel(const char *mail, const char *id, size_t *len, char **cause)
{
	char *smtp = xasprintf("smtp://127.0.0.1:%s", env("SMTP_PORT"));
	char *imap = xasprintf("imap://%s@127.0.0.1:%s/INBOX", env("MAIL_USER"),
	    env("IMAP_PORT"));
	char *pw = env("PASSWORD_FILE"), *rcpt = xasprintf("%s@%s", env("MAIL_USER"),
	    env("MAIL_DOMAIN"));
	char *want = xasprintf("X-Test-Id: %s\r\n", id), *got = NULL;
	struct send_options so = { .timeout = 20 };
	struct fetch_options fo = { .password_file = pw, .poll_interval = 1,
	    .max_message_size = 1 << 20 };
	struct mail_url su, iu;
	struct sender *s = NULL;
	struct fetcher *f = NULL;
	struct fetch_msg msg;
	int tries;

	if (mail_url_parse(smtp, MAIL_OUT, ".", &su, cause) == -1 ||
	    mail_url_parse(imap, MAIL_IN, ".", &iu, cause) == -1)
		goto done;
	if ((s = send_open(&su, &so, cause)) == NULL ||
	    send_mail(s, mail, strlen(mail), "player@test.example", rcpt, cause) != SEND_OK)
		goto done;
	if ((f = fetch_open(&iu, &fo, cause)) == NULL)
		goto done;
	for (tries = 0; tries < 30 && got == NULL; tries++) {
		enum fetch_result r;

		while ((r = fetch_next(f, &msg, cause)) == FETCH_OK) {
			if (got == NULL && strstr(msg.data, want) != NULL) {
				got = xmemdup(msg.data, msg.len);
				*len = msg.len;
				fetch_mark(f, msg.id, NULL);
			}
			fetch_msg_clear(&msg);
		}
		if (r == FETCH_ERROR)
			goto done;
		if (got == NULL && fetch_wait(f, 2, cause) == -1)
			goto done;
	}
	if (got == NULL && cause != NULL && *cause == NULL)
		*cause = xstrdup("the mail did not arrive over IMAP within 60 s");
done:
	if (s != NULL)
		send_close(s);
	if (f != NULL)
		fetch_close(f);
	mail_url_clear(&su);
	mail_url_clear(&iu);
	free(smtp);
	free(imap);
	free(pw);
	free(rcpt);
	free(want);
	return got;
}

/* Intake the fetched mail and verify its signature with pk. */
static int
check(const char *raw, size_t len, const struct pubkey *pk, char **cause)
{
	struct intake_limits lim = { 1 << 20, 64 * 1024, "muthur@club.example", 0 };
	struct intake_mail *m = NULL;
	int rc = -1;

	if (intake_parse(raw, len, &lim, &m, cause) == -1)
		return -1;
	if (m->class != INTAKE_ORDERS)
		*cause = xasprintf("intake says %s: %s", intake_class_name(m->class), m->reason);
	else if (m->sig_text == NULL)
		*cause = xstrdup("intake found no signature");
	else
		rc = sig_verify(pk, m->block.signed_bytes, m->block.signed_len, m->sig_text,
		    m->sig_len, cause);
	intake_mail_free(m);
	return rc;
}

static void
one_form(const char *name, const char *mail_text, size_t mail_len, const struct pubkey *pk)
{
	char *id, *wire, *raw, *cause = NULL;
	size_t len;

	id = xasprintf("%s-good", name);
	wire = to_wire(mail_text, mail_len, id);
	raw = travel(wire, id, &len, &cause);
	ok(raw != NULL, "%s: the signed mail travels SMTP → LMTP → Dovecot → IMAP%s%s", name,
	    cause ? ": " : "", cause ? cause : "");
	if (raw != NULL) {
		int rc = check(raw, len, pk, &cause);
		ok(rc == 0, "%s: its signature verifies after the trip%s%s", name,
		    cause ? ": " : "", cause ? cause : "");
	}
	free(cause);
	cause = NULL;
	free(raw);
	free(wire);
	free(id);

	id = xasprintf("%s-tampered", name);
	wire = to_wire(mail_text, mail_len, id);
	tamper(wire);
	raw = travel(wire, id, &len, &cause);
	ok(raw != NULL, "%s: the altered mail travels too", name);
	free(cause);
	cause = NULL;
	if (raw != NULL) {
		int rc = check(raw, len, pk, &cause);
		ok(rc == -1 && cause != NULL, "%s: one changed byte is refused: %s", name,
		    cause ? cause : "(no reason)");
	}
	free(cause);
	free(raw);
	free(wire);
	free(id);
}

static void
from_file(const char *name, const char *eml, const char *keyfile)
{
	char *path = xasprintf("%s/tests/data/mail/%s", getenv("top_srcdir"), eml);
	char *kpath = xasprintf("%s/tests/data/mail/keys/%s", getenv("top_srcdir"), keyfile);
	char *text = NULL, *cause = NULL;
	struct pubkey pk;
	size_t len;

	if (fs_read_file(path, 1 << 20, &text, &len, &cause) == -1 ||
	    pubkey_load(kpath, &pk, &cause) == -1) {
		ok(0, "%s: test data: %s", name, cause);
		free(cause);
	} else
		one_form(name, text, len, &pk);
	free(text);
	free(path);
	free(kpath);
}

static void
muthur_form(void)
{
	unsigned char pkb[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	const char *block =
	    "-----BEGIN MUTHUR ORDERS-----\n"
	    "game: contact-17\n"
	    "seat: aliens\n"
	    "turn: 2\n"
	    "phase: movement.move\n"
	    "nonce: 00112233445566778899aabbccddeeff\n"
	    "\n"
	    "move alien-warrior to kitchen\n"
	    "-----END MUTHUR ORDERS-----\n";
	char *line, *sig, *mail, *cause = NULL;
	struct pubkey pk;

	key_generate(pkb, sk);
	line = key_public_format(pkb, NULL);
	if (pubkey_parse(line, strlen(line), &pk, &cause) == -1) {
		ok(0, "muthur key parses: %s", cause);
		free(cause);
		free(line);
		return;
	}
	sig = sig_muthur_sign(sk, block, strlen(block));
	mail = xasprintf("From: Bob <bob@test.example>\nTo: muthur@club.example\n"
	    "Subject: orders\nMessage-ID: <muthur-form@test.example>\n"
	    "Date: Mon, 30 Nov 2026 12:00:00 +0000\nMIME-Version: 1.0\n"
	    "Content-Type: text/plain; charset=utf-8\n\nMy orders:\n\n%s%s", block, sig);
	one_form("muthur", mail, strlen(mail), &pk);
	free(mail);
	free(sig);
	free(line);
}

int
main(int argc, char **argv)
{
	char *envpath, *cause = NULL;
	size_t len;

	if (argc != 2 || getenv("top_srcdir") == NULL) {
		printf("Bail out! usage: test-signed-chain-live SERVERS-DIR (with top_srcdir set)\n");
		return 1;
	}
	if (sodium_init() < 0)
		skip_all("libsodium does not initialise");
	envpath = xasprintf("%s/env", argv[1]);
	if (fs_read_file(envpath, 65536, &env_text, &len, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	diag("SMTP server on the plain port: %s", env("SMTP_KIND"));
	from_file("minisign", "plain-minisign.eml", "alice.minisign.pub");
	from_file("sshsig", "qp-latin1-ssh.eml", "alice.ssh.pub");
	muthur_form();
	free(envpath);
	free(env_text);
	return done_testing();
}
