/*
 * test-imap-smtp-live.c — fetch-imap and send-smtp against real servers
 * started by tests/mail/test-imap-smtp.sh (tests/servers/mailservers.sh):
 * SMTP → OpenSMTPD (or aiosmtpd) → LMTP → Dovecot → IMAP returns the same
 * bytes; imaps and STARTTLS with a CA made for the run; \Seen only after
 * fetch_mark; IDLE wakes on new mail; reconnect after Dovecot restarts;
 * SMTP AUTH failure and a refused recipient are reported with reasons.
 *
 * Usage: test-imap-smtp-live DIR (the folder given to mailservers.sh start).
 */
#include "config.h"

#include <sys/wait.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"
#include "mail/send.h"
#include "mail/url.h"
#include "tests/tap.h"

static const char *dir;
static char *env_text;
static int system_cas;		/* 1: SMTP trusts the system's CAs, not the run's */
static size_t max_size;		/* fetch_options.max_message_size for imap_open() */

/* A value from DIR/env; the test cannot go on without it. */
static const char *
env(const char *key)
{
	static char val[16][512];
	static int n;
	size_t klen = strlen(key);
	const char *p;

	for (p = env_text; p != NULL && *p != '\0'; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
			size_t len = strcspn(p + klen + 1, "\n");
			char *v = val[n++ % 16];

			snprintf(v, sizeof val[0], "%.*s", (int)len, p + klen + 1);
			return v;
		}
	}
	printf("Bail out! %s/env has no %s\n", dir, key);
	exit(1);
}

static char *
make_mail(const char *marker)
{
	return xasprintf(
	    "From: Muthur <muthur@club.example>\r\n"
	    "To: alice@test.example\r\n"
	    "Subject: view %s\r\n"
	    "Date: Mon, 30 Nov 2026 12:00:00 +0000\r\n"
	    "Message-ID: <%s@club.example>\r\n"
	    "MIME-Version: 1.0\r\n"
	    "Content-Type: text/plain; charset=utf-8\r\n"
	    "\r\n"
	    "-----BEGIN MUTHUR ORDERS-----\r\n"
	    "game: contact-17\r\n"
	    "marker: %s\r\n"
	    "-----END MUTHUR ORDERS-----\r\n", marker, marker, marker);
}

static struct sender *
smtp_open(const char *scheme, const char *user, const char *port, const char *pwfile,
    char **cause)
{
	struct send_options so = { .password_file = pwfile,
	    .ca_file = system_cas ? NULL : env("CA_FILE"), .timeout = 20 };
	struct mail_url url;
	struct sender *s;
	char *text = xasprintf("%s%s%s127.0.0.1:%s", scheme, user ? user : "",
	    user ? "@" : "", port);

	if (mail_url_parse(text, MAIL_OUT, dir, &url, cause) == -1) {
		free(text);
		return NULL;
	}
	s = send_open(&url, &so, cause);
	mail_url_clear(&url);
	free(text);
	return s;
}

static enum send_result
deliver(const char *scheme, const char *user, const char *port, const char *pwfile,
    const char *rcpt, const char *mail, char **cause)
{
	struct sender *s = smtp_open(scheme, user, port, pwfile, cause);
	enum send_result r;

	if (s == NULL)
		return SEND_TEMPFAIL;
	r = send_mail(s, mail, strlen(mail), "muthur@club.example", rcpt, cause);
	send_close(s);
	return r;
}

static struct fetcher *
imap_open(const char *scheme, const char *port, const char *pwfile, const char *ca,
    char **cause)
{
	struct fetch_options fo = { .password_file = pwfile, .ca_file = ca,
	    .poll_interval = 2, .max_message_size = max_size };
	struct mail_url url;
	struct fetcher *f;
	char *text = xasprintf("%s%s@127.0.0.1:%s/INBOX", scheme, env("MAIL_USER"), port);

	if (mail_url_parse(text, MAIL_IN, dir, &url, cause) == -1) {
		free(text);
		return NULL;
	}
	f = fetch_open(&url, &fo, cause);
	mail_url_clear(&url);
	free(text);
	return f;
}

/*
 * Passes over the mailbox until a mail containing marker comes, at most
 * seconds long; 1 with it in *out, 0 when it never came. Other mails are
 * skipped (and stay unmarked).
 */
static int
fetch_until(struct fetcher *f, const char *marker, struct fetch_msg *out, int seconds)
{
	time_t end = time(NULL) + seconds;
	char *cause = NULL;
	enum fetch_result r;

	for (;;) {
		while ((r = fetch_next(f, out, &cause)) == FETCH_OK) {
			if (strstr(out->data, marker) != NULL)
				return 1;
			fetch_msg_clear(out);
		}
		if (r == FETCH_ERROR) {
			diag("fetch_next: %s", cause);
			free(cause);
			cause = NULL;
		}
		if (time(NULL) >= end)
			return 0;
		if (fetch_wait(f, 1, &cause) == -1) {
			diag("fetch_wait: %s", cause);
			free(cause);
			cause = NULL;
		}
	}
}

static int
ends_with(const char *s, size_t len, const char *tail)
{
	size_t n = strlen(tail);

	return len >= n && memcmp(s + len - n, tail, n) == 0;
}

/* SMTP → OpenSMTPD/aiosmtpd → LMTP → Dovecot → IMAP; unmarked comes back. */
static void
test_chain(void)
{
	char *mail = make_mail("chain-1"), *cause = NULL, *id;
	struct fetch_msg m;
	struct fetcher *f;
	int rc;

	is_int(deliver("smtp://", NULL, env("SMTP_PORT"), NULL, "alice@test.example", mail,
	    &cause), SEND_OK, "smtp:// to %s accepts the mail", env("SMTP_KIND"));
	if (cause != NULL)
		diag("%s", cause);
	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	ok(f != NULL, "imap:// login to Dovecot");
	if (f == NULL) {
		diag("%s", cause);
		exit(1);
	}
	ok(fetch_until(f, "chain-1", &m, 20), "the mail went SMTP -> LMTP -> Dovecot -> IMAP");
	ok(m.data != NULL && ends_with(m.data, m.len, mail),
	    "IMAP returns the bytes sent, after the trace headers");
	ok(m.data != NULL && strstr(m.data, "Received: ") != NULL, "a Received: trace header was added");
	ok(m.id != NULL && strncmp(m.id, "imap:", 5) == 0, "id %s", m.id ? m.id : "(none)");
	id = xstrdup(m.id != NULL ? m.id : "");
	fetch_msg_clear(&m);
	fetch_close(f);

	/* A size cap: BODY.PEEK[]<0.100> and the whole size from RFC822.SIZE. */
	max_size = 100;
	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	max_size = 0;
	rc = f != NULL ? fetch_next(f, &m, &cause) : FETCH_ERROR;
	ok(rc == FETCH_OK && m.truncated && m.len == 100 && strlen(m.data) == 100 &&
	    m.size > strlen(mail),
	    "max_message_size 100: the first 100 bytes, truncated, size %zu", m.size);
	fetch_msg_clear(&m);
	fetch_close(f);

	/* Not marked: a new connection sees it UNSEEN again. */
	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	ok(fetch_until(f, "chain-1", &m, 5), "unmarked, it comes back after reconnecting");
	is_str(m.id, id, "with the same id");
	fetch_msg_clear(&m);
	is_int(fetch_mark(f, id, &cause), 0, "fetch_mark sets \\Seen");
	if (cause != NULL)
		diag("%s", cause);
	fetch_close(f);
	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	ok(!fetch_until(f, "chain-1", &m, 0), "marked, it is not returned again");
	cause = NULL;
	rc = fetch_mark(f, "imap:1:1", &cause);
	ok(rc == -1 && cause != NULL && strstr(cause, "UIDVALIDITY") != NULL,
	    "an id from another UIDVALIDITY is refused: %s", cause ? cause : "(none)");
	free(cause);
	fetch_close(f);
	free(id);
	free(mail);
}

/* The mails of a batch marked by one UID STORE (fetch_mark_many()). */
static void
test_mark_many(void)
{
	static const char *const markers[3] = { "many-1", "many-2", "many-3" };
	struct fetch_msg m;
	struct fetcher *f;
	const char *ids[4];
	char *mail, *cause = NULL, *why[4];
	size_t i, failed;
	int got = 1;

	for (i = 0; i < 3; i++) {
		mail = make_mail(markers[i]);
		deliver("smtp://", NULL, env("SMTP_PORT"), NULL, "alice@test.example", mail,
		    &cause);
		free(mail);
	}
	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	if (f == NULL) {
		ok(0, "imap:// login for the batch: %s", cause);
		free(cause);
		return;
	}
	for (i = 0; i < 3; i++) {
		ids[i] = NULL;
		if (fetch_until(f, markers[i], &m, 20)) {
			ids[i] = m.id;
			m.id = NULL;
			fetch_msg_clear(&m);
		} else
			got = 0;
	}
	ok(got, "three mails of a batch arrived");
	ids[3] = "imap:1:1";
	failed = got ? fetch_mark_many(f, ids, 4, why) : 4;
	ok(failed == 1 && why[3] != NULL && strstr(why[3], "UIDVALIDITY") != NULL,
	    "fetch_mark_many: the three marked, an id of another UIDVALIDITY refused "
	    "alone (%s)", got && why[3] != NULL ? why[3] : "no reason");
	for (i = 0; got && i < 4; i++)
		free(why[i]);
	fetch_close(f);
	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	for (i = 0, got = 0; f != NULL && i < 3; i++)
		got += fetch_until(f, markers[i], &m, 0);
	ok(f != NULL && got == 0, "marked together, none is returned again");
	fetch_close(f);
	for (i = 0; i < 3; i++)
		free((char *)ids[i]);
	free(cause);
}

/* Mark everything pending, so later tests see only their own mail. */
static void
mark_all(struct fetcher *f)
{
	struct fetch_msg m;
	char *cause = NULL;

	while (fetch_next(f, &m, &cause) == FETCH_OK) {
		fetch_mark(f, m.id, NULL);
		fetch_msg_clear(&m);
	}
	free(cause);
}

static void
test_tls(void)
{
	char *mail = make_mail("tls-1"), *cause = NULL;
	struct fetch_msg m;
	struct fetcher *f;
	enum send_result r;

	/* smtps:// with AUTH, then imaps:// */
	is_int(deliver("smtps://", env("MAIL_USER"), env("SMTPS_PORT"), env("PASSWORD_FILE"),
	    "alice@test.example", mail, &cause), SEND_OK,
	    "smtps:// with AUTH to %s", env("SMTP_TLS_KIND"));
	if (cause != NULL)
		diag("%s", cause);
	free(cause);
	cause = NULL;
	f = imap_open("imaps://", env("IMAPS_PORT"), env("PASSWORD_FILE"), env("CA_FILE"),
	    &cause);
	ok(f != NULL, "imaps:// with the run's CA: certificate and host checked, login");
	if (f == NULL) {
		diag("%s", cause);
		free(cause);
		cause = NULL;
	} else {
		ok(fetch_until(f, "tls-1", &m, 20), "the smtps mail arrives over imaps");
		ok(m.data != NULL && ends_with(m.data, m.len, mail), "same bytes");
		fetch_mark(f, m.id, NULL);
		fetch_msg_clear(&m);
		fetch_close(f);
	}
	free(mail);

	/* smtp+starttls:// with AUTH, then imap+starttls:// */
	mail = make_mail("tls-2");
	is_int(deliver("smtp+starttls://", env("MAIL_USER"), env("SUBMISSION_PORT"),
	    env("PASSWORD_FILE"), "alice@test.example", mail, &cause), SEND_OK,
	    "smtp+starttls:// with AUTH");
	if (cause != NULL)
		diag("%s", cause);
	free(cause);
	cause = NULL;
	f = imap_open("imap+starttls://", env("IMAP_PORT"), env("PASSWORD_FILE"),
	    env("CA_FILE"), &cause);
	ok(f != NULL, "imap+starttls:// with the run's CA");
	if (f == NULL) {
		diag("%s", cause);
		free(cause);
		cause = NULL;
	} else {
		ok(fetch_until(f, "tls-2", &m, 20), "the STARTTLS mail arrives over STARTTLS");
		fetch_mark(f, m.id, NULL);
		fetch_msg_clear(&m);
		fetch_close(f);
	}
	free(mail);

	/* Without the run's CA, the system's CAs do not know the certificate. */
	f = imap_open("imaps://", env("IMAPS_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	ok(f == NULL && cause != NULL && strstr(cause, "certificate") != NULL,
	    "imaps:// refuses a certificate no trusted CA signed: %s", cause ? cause : "(none)");
	fetch_close(f);
	free(cause);
	cause = NULL;
	mail = make_mail("tls-3");
	system_cas = 1;
	r = deliver("smtps://", env("MAIL_USER"), env("SMTPS_PORT"), env("PASSWORD_FILE"),
	    "alice@test.example", mail, &cause);
	ok(r == SEND_TEMPFAIL && cause != NULL && strstr(cause, "certificate") != NULL,
	    "smtps:// refuses a certificate no trusted CA signed, for now: %s",
	    cause ? cause : "(none)");
	system_cas = 0;
	free(cause);
	free(mail);
}

static void
test_smtp_failures(void)
{
	char *mail = make_mail("fail-1"), *cause = NULL;
	enum send_result r;

	r = deliver("smtps://", env("MAIL_USER"), env("SMTPS_PORT"), env("BAD_PASSWORD_FILE"),
	    "alice@test.example", mail, &cause);
	is_int(r, SEND_TEMPFAIL, "a refused SMTP login is a temporary failure");
	ok(cause != NULL && (strstr(cause, "535") != NULL || strstr(cause, "denied") != NULL),
	    "with a reason: %s", cause ? cause : "(none)");
	free(cause);
	cause = NULL;
	r = deliver("smtp+starttls://", env("MAIL_USER"), env("SUBMISSION_PORT"),
	    env("BAD_PASSWORD_FILE"), "alice@test.example", mail, &cause);
	ok(r == SEND_TEMPFAIL && cause != NULL, "the same over STARTTLS: %s",
	    cause ? cause : "(none)");
	free(cause);
	cause = NULL;
	r = deliver("smtp://", NULL, env("SMTP_PORT"), NULL, "bob@elsewhere.example", mail,
	    &cause);
	is_int(r, SEND_PERMFAIL, "a recipient %s refuses is a permanent failure",
	    env("SMTP_KIND"));
	ok(cause != NULL && strstr(cause, "550") != NULL &&
	    strstr(cause, "bob@elsewhere.example") != NULL,
	    "the reason names the recipient and quotes the reply: %s", cause ? cause : "(none)");
	free(cause);
	cause = NULL;
	free(mail);
}

static void
test_login_refused(void)
{
	char *cause = NULL;
	struct fetcher *f;

	f = imap_open("imap://", env("IMAP_PORT"), env("BAD_PASSWORD_FILE"), NULL, &cause);
	ok(f == NULL && cause != NULL && strstr(cause, "login as alice refused") != NULL,
	    "a wrong IMAP password: %s", cause ? cause : "(none)");
	fetch_close(f);
	free(cause);
}

/* IDLE: fetch_wait returns when a mail arrives, long before its timeout. */
static void
test_idle(void)
{
	char *mail = make_mail("idle-1"), *cause = NULL;
	struct fetch_msg m;
	struct fetcher *f;
	time_t t0;
	pid_t pid;
	int st;

	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	if (f == NULL) {
		diag("%s", cause);
		exit(1);
	}
	mark_all(f);
	t0 = time(NULL);
	is_int(fetch_wait(f, 2, &cause), 0, "fetch_wait (IDLE) with no new mail");
	ok(time(NULL) - t0 >= 1 && time(NULL) - t0 <= 4, "returns at its timeout (%lld s)",
	    (long long)(time(NULL) - t0));
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "nothing new");
	fflush(stdout);
	if ((pid = fork()) == 0) {
		sleep(1);
		cause = NULL;
		_exit(deliver("smtp://", NULL, env("SMTP_PORT"), NULL, "alice@test.example",
		    mail, &cause) == SEND_OK ? 0 : 1);
	}
	t0 = time(NULL);
	is_int(fetch_wait(f, 40, &cause), 0, "fetch_wait (IDLE) while a mail is sent");
	ok(time(NULL) - t0 < 30, "IDLE woke up on the new mail after %lld s, not at the "
	    "40 s timeout", (long long)(time(NULL) - t0));
	waitpid(pid, &st, 0);
	ok(fetch_until(f, "idle-1", &m, 10), "the new mail is fetched");
	fetch_mark(f, m.id, NULL);
	fetch_msg_clear(&m);
	fetch_close(f);
	free(mail);
}

/* A server without IDLE: fetch_wait polls at the poll interval. */
static void
test_poll(void)
{
	char *mail = make_mail("poll-1"), *cause = NULL, *text;
	struct fetch_options fo = { .password_file = env("PASSWORD_FILE"), .poll_interval = 2 };
	struct fetch_msg m;
	struct mail_url url;
	struct fetcher *f;
	time_t t0;

	text = xasprintf("imap://%s@%s:%s", env("MAIL_USER"), env("NOIDLE_HOST"),
	    env("IMAP_PORT"));
	if (mail_url_parse(text, MAIL_IN, dir, &url, &cause) == -1 ||
	    (f = fetch_open(&url, &fo, &cause)) == NULL) {
		printf("Bail out! %s: %s\n", text, cause);
		exit(1);
	}
	mail_url_clear(&url);
	free(text);
	mark_all(f);
	t0 = time(NULL);
	is_int(fetch_wait(f, 30, &cause), 0, "fetch_wait on a server without IDLE, no mail");
	ok(time(NULL) - t0 >= 1 && time(NULL) - t0 <= 4,
	    "returns after the 2 s poll interval, not the 30 s timeout (%lld s)",
	    (long long)(time(NULL) - t0));
	is_int(deliver("smtp://", NULL, env("SMTP_PORT"), NULL, "alice@test.example", mail,
	    &cause), SEND_OK, "a mail for the polling client");
	ok(fetch_until(f, "poll-1", &m, 20), "the mail is found by polling");
	fetch_mark(f, m.id, NULL);
	fetch_msg_clear(&m);
	fetch_close(f);
	free(mail);
}

/* Dovecot restarts under an open connection: error, then reconnect. */
static void
test_reconnect(void)
{
	char *mail = make_mail("restart-1"), *cause = NULL, *cmd;
	struct fetch_msg m;
	struct fetcher *f;
	enum fetch_result r;
	int i, rc;

	f = imap_open("imap://", env("IMAP_PORT"), env("PASSWORD_FILE"), NULL, &cause);
	if (f == NULL) {
		diag("%s", cause);
		exit(1);
	}
	mark_all(f);
	is_int(fetch_wait(f, 1, &cause), 0, "start a new pass");
	cmd = xasprintf("sh '%s' restart-imap '%s'", getenv("MUTHUR_SERVERS"), dir);
	rc = system(cmd);
	free(cmd);
	is_int(rc, 0, "Dovecot restarted (mailservers.sh restart-imap)");
	is_int(deliver("smtp://", NULL, env("SMTP_PORT"), NULL, "alice@test.example", mail,
	    &cause), SEND_OK, "a mail sent meanwhile");
	r = fetch_next(f, &m, &cause);
	ok(r == FETCH_ERROR && cause != NULL, "the dead connection is reported: %s",
	    cause ? cause : "(none)");
	free(cause);
	cause = NULL;
	if (r == FETCH_OK)
		fetch_msg_clear(&m);
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "the pass ended with the error");
	for (i = 0; i < 3 && fetch_wait(f, 5, &cause) == -1; i++) {
		diag("fetch_wait: %s", cause);
		free(cause);
		cause = NULL;
	}
	ok(i < 3, "fetch_wait reconnects");
	ok(fetch_until(f, "restart-1", &m, 20), "the mail is fetched after reconnecting");
	fetch_mark(f, m.id, NULL);
	fetch_msg_clear(&m);
	fetch_close(f);
	free(mail);
}

int
main(int argc, char **argv)
{
	size_t len;
	char *path, *cause = NULL;

	if (argc != 2) {
		fprintf(stderr, "usage: test-imap-smtp-live DIR\n");
		return 2;
	}
	signal(SIGPIPE, SIG_IGN);
	dir = argv[1];
	path = xasprintf("%s/env", dir);
	if (fs_read_file(path, 1 << 16, &env_text, &len, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	free(path);
	diag("SMTP: %s on the plain port, %s on the TLS ports; Dovecot for IMAP and LMTP",
	    env("SMTP_KIND"), env("SMTP_TLS_KIND"));
	test_chain();
	test_mark_many();
	test_login_refused();
	if (strcmp(env("SMTP_TLS_KIND"), "none") != 0) {
		test_tls();
		test_smtp_failures();
	} else
		ok(1, "# SKIP smtps and STARTTLS tests: python3-aiosmtpd is not installed");
	test_idle();
	test_poll();
	test_reconnect();
	free(env_text);
	return done_testing();
}
