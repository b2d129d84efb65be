/*
 * test-send-policy.c — what the transports decide without a network:
 * password files and their mode checks, the retry spacing, the choice of
 * driver by scheme, and SMTP errors that need no server.
 */
#include "config.h"

#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"
#include "mail/password.h"
#include "mail/send.h"
#include "mail/url.h"
#include "tests/tap.h"

static char *root;

/* The reason in *cause holds part; free it. */
static void
reason_has(char **cause, const char *part, const char *what)
{
	ok(*cause != NULL && strstr(*cause, part) != NULL, "%s: %s", what,
	    *cause != NULL ? *cause : "(none)");
	free(*cause);
	*cause = NULL;
}

static char *
write_file(const char *name, const char *text, mode_t mode)
{
	char *path = xasprintf("%s/%s", root, name);

	unlink(path);
	if (fs_write_file_excl(path, text, strlen(text), mode, NULL) == -1)
		exit(1);
	chmod(path, mode);
	return path;
}

static void
test_password(void)
{
	static const struct {
		const char	*text;
		mode_t		 mode;
		const char	*want;		/* the password, or NULL */
		const char	*reason;	/* part of the refusal */
	} rows[] = {
		{ "s3cret\n",		0600,	"s3cret",	NULL },
		{ "s3cret",		0400,	"s3cret",	NULL },
		{ "s3cret\r\nmore\n",	0600,	"s3cret",	NULL },
		{ "with space \n",	0600,	"with space ",	NULL },
		{ "s3cret\n",		0640,	NULL,		"mode 0640" },
		{ "s3cret\n",		0604,	NULL,		"chmod 600" },
		{ "s3cret\n",		0620,	NULL,		"group or others" },
		{ "\nsecond line\n",	0600,	NULL,		"first line is empty" },
		{ "",			0600,	NULL,		"first line is empty" },
	};
	char *path, *pw, *cause;
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		path = write_file("pw", rows[i].text, rows[i].mode);
		pw = NULL;
		cause = NULL;
		if (rows[i].want != NULL) {
			is_int(password_read(path, &pw, &cause), 0, "row %zu: read", i);
			is_str(pw, rows[i].want, "row %zu: the first line", i);
		} else {
			is_int(password_read(path, &pw, &cause), -1, "row %zu: refused", i);
			ok(cause != NULL && strstr(cause, rows[i].reason) != NULL &&
			    strstr(cause, path) != NULL, "row %zu: reason names the file: %s",
			    i, cause ? cause : "(none)");
		}
		password_free(pw);
		free(cause);
		free(path);
	}
	cause = NULL;
	path = xasprintf("%s/missing", root);
	is_int(password_read(path, &pw, &cause), -1, "a missing file is refused");
	reason_has(&cause, "No such file", "reason");
	free(path);
	cause = NULL;
	is_int(password_read(root, &pw, &cause), -1, "a folder is refused");
	free(cause);
	cause = NULL;
	path = xasprintf("%s/fifo", root);
	if (mkfifo(path, 0600) == 0) {
		is_int(password_read(path, &pw, &cause), -1, "a FIFO is refused, not waited on");
		reason_has(&cause, "not a regular file", "reason");
	}
	free(path);
}

/* A password in a mailbox address is refused, and never repeated. */
static void
test_url_password(void)
{
	static const char *const rows[] = {
		"imaps://club:s3cr3t-pw@mail.example/INBOX",
		"smtp+starttls://club:s3cr3t-pw@mail.example:587",
	};
	struct mail_url url;
	char *cause = NULL;
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		is_int(mail_url_parse(rows[i], i == 0 ? MAIL_IN : MAIL_OUT, NULL, &url,
		    &cause), -1, "%s is refused", i == 0 ? "imaps://user:pass@" :
		    "smtp+starttls://user:pass@");
		ok(cause != NULL && strstr(cause, "s3cr3t") == NULL &&
		    strstr(cause, "club:***@mail.example") != NULL &&
		    strstr(cause, "password_file") != NULL,
		    "the reason hides the password and says where it goes: %s",
		    cause != NULL ? cause : "(none)");
		free(cause);
		cause = NULL;
	}
}

static void
test_retry(void)
{
	static const struct { unsigned attempts; long delay; } rows[] = {
		{ 0, 60 }, { 1, 60 }, { 2, 120 }, { 3, 240 }, { 4, 480 }, { 8, 7680 },
		{ 9, 15360 }, { 10, 21600 }, { 11, 21600 }, { 1000, 21600 },
		{ 4000000000u, 21600 },
	};
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		is_int(send_retry_at(rows[i].attempts, 1000000) - 1000000, rows[i].delay,
		    "after %u failed attempts, try again in %ld s", rows[i].attempts,
		    rows[i].delay);
}

static void
test_drivers(void)
{
	static const struct { const char *url; enum mail_direction dir; const char *name; } rows[] = {
		{ "maildir:in",				MAIL_IN,  "maildir" },
		{ "imap://u@127.0.0.1:1",		MAIL_IN,  "imap" },
		{ "imaps://u@mail.example",		MAIL_IN,  "imap" },
		{ "imap+starttls://u@mail.example",	MAIL_IN,  "imap" },
		{ "maildir:out",			MAIL_OUT, "maildir" },
		{ "smtp://127.0.0.1:1",			MAIL_OUT, "smtp" },
		{ "smtps://u@mail.example",		MAIL_OUT, "smtp" },
		{ "smtp+starttls://u@mail.example",	MAIL_OUT, "smtp" },
	};
	struct mail_url url;
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const char *got = NULL;

		if (mail_url_parse(rows[i].url, rows[i].dir, root, &url, NULL) == 0) {
			if (rows[i].dir == MAIL_IN && fetch_driver(url.scheme) != NULL)
				got = fetch_driver(url.scheme)->name;
			if (rows[i].dir == MAIL_OUT && send_driver(url.scheme) != NULL)
				got = send_driver(url.scheme)->name;
			mail_url_clear(&url);
		}
		ok(got != NULL && strcmp(got, rows[i].name) == 0, "%s uses the %s driver",
		    rows[i].url, got != NULL ? got : "no");
	}
	ok(fetch_driver(MAIL_SMTPS) == NULL && send_driver(MAIL_IMAPS) == NULL,
	    "no fetch driver for smtps, no send driver for imaps");
}

static void
test_smtp_offline(void)
{
	static const char mail[] = "From: a@test.example\r\nTo: b@test.example\r\n\r\nhi\r\n";
	struct send_options so = { .timeout = 5 };
	struct fetch_options fo = { 0 };
	struct mail_url url;
	struct sender *s;
	char *cause = NULL, *pw;

	/* A user but no password file: refused at open. */
	mail_url_parse("smtps://muthur@127.0.0.1:1", MAIL_OUT, root, &url, NULL);
	ok(send_open(&url, &so, &cause) == NULL, "smtps with a user needs a password file");
	reason_has(&cause, "password", "reason");
	pw = write_file("smtp-pw", "x\n", 0644);
	so.password_file = pw;
	ok(send_open(&url, &so, &cause) == NULL, "a readable-by-all password file is refused");
	reason_has(&cause, "0644", "reason");
	mail_url_clear(&url);

	/* Nobody listens on port 1: a temporary failure with a reason. */
	mail_url_parse("smtp://127.0.0.1:1", MAIL_OUT, root, &url, NULL);
	so.password_file = NULL;
	s = send_open(&url, &so, &cause);
	ok(s != NULL, "smtp:// without a user opens without a password");
	is_int(send_mail(s, mail, strlen(mail), "a@test.example", "b@test.example", &cause),
	    SEND_TEMPFAIL, "a refused connection is a temporary failure");
	reason_has(&cause, "127.0.0.1:1", "reason names the server");
	is_int(send_mail(s, mail, strlen(mail), "a@test.example", "b>\r\nRCPT TO:<c", &cause),
	    SEND_PERMFAIL, "an envelope address with a line break is refused");
	free(cause);
	cause = NULL;
	send_close(s);
	mail_url_clear(&url);

	/* An IMAP mailbox without a password file cannot open. */
	mail_url_parse("imaps://alice@127.0.0.1:1", MAIL_IN, root, &url, NULL);
	ok(fetch_open(&url, &fo, &cause) == NULL, "imaps needs a password file");
	reason_has(&cause, "password", "reason");
	fo.password_file = write_file("imap-pw", "x\n", 0600);
	ok(fetch_open(&url, &fo, &cause) == NULL, "an unreachable IMAP server fails to open");
	reason_has(&cause, "127.0.0.1:1", "reason");
	free((char *)fo.password_file);
	mail_url_clear(&url);
	mail_url_parse("smtps://x@y", MAIL_OUT, root, &url, NULL);
	cause = NULL;
	ok(fetch_open(&url, &fo, &cause) == NULL, "fetch_open refuses an outgoing address");
	free(cause);
	mail_url_clear(&url);
	free(pw);
}

int
main(void)
{
	char tmpl[] = "/tmp/muthur-test-send.XXXXXX";
	char *cmd;

	if ((root = mkdtemp(tmpl)) == NULL)
		return 1;
	test_password();
	test_retry();
	test_drivers();
	test_url_password();
	test_smtp_offline();
	cmd = xasprintf("rm -rf '%s'", root);
	if (system(cmd) != 0)
		diag("could not remove %s", root);
	free(cmd);
	return done_testing();
}
