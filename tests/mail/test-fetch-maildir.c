/*
 * test-fetch-maildir.c — Maildir in and out: send-maildir writes a mail,
 * fetch-maildir returns it until it is marked, marking moves it to cur/
 * with the S flag, a reopen never returns a marked mail again; the mails of
 * a batch are marked together (fetch_mark_many()), an unknown one failing
 * alone.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"
#include "mail/mime-text.h"
#include "mail/send.h"
#include "mail/url.h"
#include "tests/tap.h"

static const char mail1[] =
    "From: alice@test.example\n"
    "To: muthur@club.example\n"
    "Subject: orders one\n"
    "Message-ID: <one@test.example>\n"
    "\n"
    "-----BEGIN MUTHUR ORDERS-----\n"
    "pass\n"
    "-----END MUTHUR ORDERS-----\n";
static const char mail2[] =
    "From: bob@test.example\r\n"
    "To: muthur@club.example\r\n"
    "Subject: orders two\r\n"
    "\r\n"
    "pass\r\n";

static const char mail3[] =
    "From: carol@test.example\n"
    "Message-ID: <three@test.example>\n"
    "\n"
    "pass\n";

static char *root;

/* Move the files of dir/new to dir/cur with the S flag, as a reader does. */
static int
mv_to_cur(const char *dir)
{
	char *cmd = xasprintf("cd %s/new && for f in *; do mv \"$f\" \"../cur/$f:2,S\"; "
	    "done", dir);
	int rc = system(cmd);

	free(cmd);
	return rc;
}

/* Count the files in dir/sub whose name contains part (NULL: all). */
static int
count_files(const char *dir, const char *sub, const char *part)
{
	char *p = xasprintf("%s/%s", dir, sub);
	struct dirent *de;
	DIR *d = opendir(p);
	int n = 0;

	free(p);
	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && (part == NULL || strstr(de->d_name, part) != NULL))
			n++;
	closedir(d);
	return n;
}

static void
url_for(struct mail_url *url, const char *sub, enum mail_direction dir)
{
	char *text = xasprintf("maildir:%s", sub);
	char *cause = NULL;

	if (mail_url_parse(text, dir, root, url, &cause) == -1) {
		diag("%s", cause);
		exit(1);
	}
	free(text);
}

static void
test_send_maildir(void)
{
	struct send_options so = { 0 };
	struct mail_url url;
	struct sender *s;
	char *cause = NULL, *path, *data;
	struct dirent *de;
	size_t len;
	DIR *d;

	url_for(&url, "out", MAIL_OUT);
	s = send_open(&url, &so, &cause);
	ok(s != NULL, "send_open makes a Maildir that is missing");
	is_str(send_name(s), "maildir", "the maildir driver is chosen for maildir:");
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "send_mail to a Maildir");
	is_int(send_mail(s, mail2, strlen(mail2), "", "bob@test.example", &cause),
	    SEND_OK, "a second mail, null sender, CRLF lines");
	is_int(count_files(url.path, "new", NULL), 2, "two files in new/");
	is_int(count_files(url.path, "tmp", NULL), 0, "nothing left in tmp/");
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "the first mail again");
	is_int(send_mail(s, mail2, strlen(mail2), "", "bob@test.example", &cause),
	    SEND_OK, "the second again (no Message-ID: the same bytes)");
	is_int(count_files(url.path, "new", NULL), 2, "nothing written twice");
	send_close(s);
	s = send_open(&url, &so, &cause);
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "after a restart (a crash "
	    "before the mark), the first again");
	is_int(count_files(url.path, "new", NULL), 2, "it is found in new/, not written");
	is_int(mv_to_cur(url.path), 0, "a reader moves the files to cur/ with "
	    "flags");
	send_close(s);
	s = send_open(&url, &so, &cause);
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "after another restart, again");
	is_int(count_files(url.path, "new", NULL) + count_files(url.path, "cur", NULL), 2,
	    "found in cur/, not written");
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "carol@test.example", &cause), SEND_OK, "the first to another recipient");
	is_int(count_files(url.path, "new", NULL), 1, "is another delivery");
	path = xasprintf("rm -f %s/cur/* %s/new/*", url.path, url.path);
	ok(system(path) == 0, "empty the Maildir again");
	free(path);
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "the first once more");
	is_int(count_files(url.path, "new", NULL), 0, "this sender delivered it already: "
	    "it is not written (a reader took it)");
	send_close(s);
	s = send_open(&url, &so, &cause);
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "a new sender");
	is_int(send_mail(s, mail2, strlen(mail2), "", "bob@test.example", &cause),
	    SEND_OK, "the second too");
	is_int(count_files(url.path, "new", NULL), 2, "writes both, as the files are gone");
	is_int(send_mail(s, mail1, strlen(mail1), "a@b\nX-Evil: 1", "c@d", &cause),
	    SEND_PERMFAIL, "a line break in the envelope is refused");
	ok(cause != NULL && strstr(cause, "line break") != NULL, "with a reason: %s",
	    cause ? cause : "(none)");
	free(cause);
	cause = NULL;
	send_close(s);

	/* grouped syncs (send_defer): nothing in new/ before the flush */
	path = xasprintf("rm -f %s/cur/* %s/new/*", url.path, url.path);
	ok(system(path) == 0, "empty the Maildir again");
	free(path);
	s = send_open(&url, &so, &cause);
	send_defer(s, 1);
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "deferred: a mail");
	is_int(send_mail(s, mail2, strlen(mail2), "", "bob@test.example", &cause),
	    SEND_OK, "and another");
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "alice@test.example", &cause), SEND_OK, "the first again before the flush");
	ok(count_files(url.path, "new", NULL) == 0 && count_files(url.path, "tmp",
	    NULL) == 2, "two files in tmp/, none in new/ before the flush");
	is_int(send_flush(s, &cause), 0, "the flush");
	ok(count_files(url.path, "new", NULL) == 2 && count_files(url.path, "tmp",
	    NULL) == 0, "both in new/, none left in tmp/");
	is_int(send_mail(s, mail1, strlen(mail1), "muthur@club.example",
	    "carol@test.example", &cause), SEND_OK, "a third, deferred");
	send_defer(s, 0);
	ok(count_files(url.path, "new", NULL) == 2 && count_files(url.path, "tmp",
	    NULL) == 0, "turned off unflushed: it is dropped (its row is still pending)");
	send_close(s);

	/* The bytes: the two delivery lines, then the mail with LF line ends. */
	path = xasprintf("%s/new", url.path);
	d = opendir(path);
	while (d != NULL && (de = readdir(d)) != NULL) {
		char *file, *want;

		if (de->d_name[0] == '.')
			continue;
		file = xasprintf("%s/%s", path, de->d_name);
		if (fs_read_file(file, 1 << 20, &data, &len, &cause) == -1)
			diag("%s", cause);
		if (strstr(data, "orders one") != NULL)
			want = xasprintf("Return-Path: <muthur@club.example>\nDelivered-To: "
			    "alice@test.example\n%s", mail1);
		else {	/* a CRLF mail is written with LF line ends */
			size_t n;
			char *lf = mime_lf(mail2, strlen(mail2), &n);

			want = xasprintf("Return-Path: <>\nDelivered-To: bob@test.example\n%s",
			    lf);
			free(lf);
		}
		is_str(data, want, "file %s holds the mail after Return-Path and Delivered-To",
		    de->d_name);
		ok(strchr(de->d_name, ':') == NULL && strstr(de->d_name, ".M") != NULL &&
		    strstr(de->d_name, "P") != NULL, "Maildir unique name %s", de->d_name);
		free(want);
		free(data);
		free(file);
	}
	if (d != NULL)
		closedir(d);
	free(path);
	mail_url_clear(&url);
}

/* Deliver a mail into the "in" Maildir with send-maildir. */
static void
deliver(const char *data)
{
	struct send_options so = { 0 };
	struct mail_url url;
	struct sender *s;
	char *cause = NULL;

	url_for(&url, "in", MAIL_OUT);
	s = send_open(&url, &so, &cause);
	if (s == NULL || send_mail(s, data, strlen(data), "x@test.example",
	    "muthur@club.example", &cause) != SEND_OK) {
		diag("deliver: %s", cause);
		exit(1);
	}
	send_close(s);
	mail_url_clear(&url);
}

static struct fetcher *
open_in(size_t max)
{
	struct fetch_options fo = { .poll_interval = 1, .max_message_size = max };
	struct mail_url url;
	struct fetcher *f;
	char *cause = NULL;

	url_for(&url, "in", MAIL_IN);
	f = fetch_open(&url, &fo, &cause);
	if (f == NULL) {
		diag("fetch_open: %s", cause);
		exit(1);
	}
	mail_url_clear(&url);
	return f;
}

static void
test_fetch_maildir(void)
{
	struct fetch_msg m1, m2, m;
	struct fetcher *f;
	char *cause = NULL, *in;

	deliver(mail1);
	sleep(1);	/* distinct seconds: the unique names sort by arrival */
	deliver(mail2);
	in = xasprintf("%s/in", root);

	f = open_in(0);
	is_str(fetch_name(f), "maildir", "the maildir driver is chosen for maildir:");
	is_int(fetch_next(f, &m1, &cause), FETCH_OK, "first mail");
	ok(strstr(m1.data, "orders one") != NULL, "oldest first");
	ok(m1.len == strlen(m1.data) && m1.size == m1.len && !m1.truncated, "length and size");
	ok(strlen(m1.data) > strlen(mail1) &&
	    strcmp(m1.data + strlen(m1.data) - strlen(mail1), mail1) == 0,
	    "the mail's bytes come back unchanged");
	is_int(fetch_next(f, &m2, &cause), FETCH_OK, "second mail");
	ok(strstr(m2.data, "orders two") != NULL, "then the newer one");
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "then none");
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "still none until fetch_wait");
	ok(m1.id != NULL && strchr(m1.id, '/') == NULL && strchr(m1.id, ':') == NULL,
	    "the id is the unique name: %s", m1.id);
	is_int(count_files(in, "new", NULL), 2, "fetching alone moves nothing");
	is_int(count_files(in, ".", "maildirfolder"), 0,
	    "no maildirfolder marker is left in the inbox");
	fetch_close(f);

	/* Not marked: a restart returns both again, with the same ids. */
	f = open_in(0);
	is_int(fetch_next(f, &m, &cause), FETCH_OK, "after reopen, the first again");
	is_str(m.id, m1.id, "same id");
	fetch_msg_clear(&m);
	is_int(fetch_mark(f, m1.id, &cause), 0, "mark the first (after its commit)");
	is_int(count_files(in, ".Processed/cur", ":2,S"), 1,
	    "it moved to .Processed/cur/ with the S flag");
	is_int(count_files(in, "cur", NULL), 0, "nothing in the inbox's cur/");
	is_int(count_files(in, ".Processed", "maildirfolder"), 1,
	    ".Processed is a Maildir++ subfolder (its maildirfolder marker)");
	is_int(count_files(in, "new", NULL), 1, "one left in new/");
	is_int(fetch_mark(f, m1.id, &cause), 0, "marking twice is fine");
	is_int(fetch_mark(f, "no-such-mail", &cause), -1, "marking an unknown id fails");
	ok(cause != NULL && strstr(cause, "no-such-mail") != NULL, "with a reason: %s",
	    cause ? cause : "(none)");
	free(cause);
	cause = NULL;
	fetch_close(f);

	f = open_in(0);
	is_int(fetch_next(f, &m, &cause), FETCH_OK, "after reopen, one mail");
	is_str(m.id, m2.id, "the unmarked one");
	fetch_msg_clear(&m);
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "the marked one never again");
	fetch_close(f);

	/* A mail a mail client moved to cur/ without S is still pending. */
	{
		char *from = xasprintf("%s/new/%s", in, m2.id);
		char *to = xasprintf("%s/cur/%s:2,", in, m2.id);

		ok(rename(from, to) == 0, "move the second mail to cur/ without S");
		free(from);
		free(to);
	}
	f = open_in(10);
	is_int(fetch_next(f, &m, &cause), FETCH_OK, "a mail in cur/ without S is returned");
	is_str(m.id, m2.id, "same id after the move");
	ok(m.truncated && m.len == 10 && m.size > 10 && strlen(m.data) == 10,
	    "max_message_size keeps the first 10 bytes and says truncated (size %zu)",
	    m.size);
	fetch_msg_clear(&m);
	is_int(fetch_mark(f, m2.id, &cause), 0, "mark it");
	is_int(count_files(in, ".Processed/cur", ":2,S"), 2,
	    "both are in .Processed/cur/ with S now");
	is_int(count_files(in, "cur", NULL), 0, "the inbox's cur/ is empty");
	fetch_close(f);

	/* Mail in cur/ with S (an older muthur's, or read in a mail client)
	 * is handled: never returned, and moved out of the scanned folders. */
	{
		char *from = xasprintf("%s/.Processed/cur/%s:2,S", in, m2.id);
		char *to = xasprintf("%s/cur/%s:2,RS", in, m2.id);

		ok(rename(from, to) == 0, "put the second mail back in cur/ with RS");
		free(from);
		free(to);
	}
	f = open_in(0);
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "a mail in cur/ with S is not returned");
	is_int(count_files(in, "cur", NULL), 0, "the scan moved it out of cur/");
	is_int(count_files(in, ".Processed/cur", ":2,RS"), 1,
	    "into .Processed/cur/, its flags kept");
	fetch_close(f);

	fetch_msg_clear(&m1);
	fetch_msg_clear(&m2);
	free(in);
}

static void
test_mark_many(void)
{
	struct fetch_msg m;
	struct fetcher *f;
	const char *ids[6];
	char *why[6], *cause = NULL, *dir = xasprintf("%s/in", root), *cmd;
	size_t i, n = 0, failed;

	cmd = xasprintf("rm -rf %s/new/* %s/cur/* %s/.Processed/cur/*", dir, dir, dir);
	ok(system(cmd) == 0, "empty the incoming Maildir");
	free(cmd);
	for (i = 0; i < 5; i++) {	/* five mails (one Message-ID, one file) */
		cmd = xasprintf("From: a@test.example\nMessage-ID: <many%zu@test.example>\n"
		    "\npass\n", i);
		deliver(cmd);
		free(cmd);
	}
	f = open_in(0);
	memset(&m, 0, sizeof m);
	while (n < 4 && fetch_next(f, &m, &cause) == FETCH_OK) {
		ids[n++] = m.id;
		m.id = NULL;
		fetch_msg_clear(&m);
	}
	ids[n++] = "no-such-mail";
	failed = fetch_mark_many(f, ids, n, why);
	ok(failed == 1 && why[4] != NULL && strstr(why[4], "no-such-mail") != NULL,
	    "marking 4 mails and an unknown one: the unknown one fails alone (%s)",
	    why[4] != NULL ? why[4] : "no reason");
	for (i = 0; i < 4; i++)
		ok(why[i] == NULL, "mail %zu of the batch marked", i + 1);
	ok(count_files(dir, ".Processed/cur", ":2,S") == 4 &&
	    count_files(dir, "new", NULL) == 1,
	    "4 in .Processed/cur/ with the S flag, the fifth still waiting in new/");
	for (i = 0; i < n; i++)
		free(why[i]);
	for (i = 0; i < 4; i++)
		free((char *)ids[i]);
	fetch_close(f);
	f = open_in(0);
	n = 0;
	while (fetch_next(f, &m, &cause) == FETCH_OK) {
		n++;
		fetch_msg_clear(&m);
	}
	ok(n == 1, "a reopen returns only the unmarked one (%zu)", n);
	fetch_close(f);
	cmd = xasprintf("rm -f %s/new/*", dir);
	ok(system(cmd) == 0, "empty new/ again");
	free(cmd);
	free(cause);
	free(dir);
}

static void
test_wait(void)
{
	struct fetch_msg m;
	struct fetcher *f;
	char *cause = NULL;
	time_t t0;
	pid_t pid;
	int st;

	f = open_in(0);
	is_int(fetch_next(f, &m, &cause), FETCH_NONE, "nothing pending");
	t0 = time(NULL);
	is_int(fetch_wait(f, 1, &cause), 0, "fetch_wait with no mail");
	ok(time(NULL) - t0 >= 1 && time(NULL) - t0 <= 3, "returns after the timeout");

	if ((pid = fork()) == 0) {
		usleep(500000);
		deliver(mail3);
		_exit(0);
	}
	t0 = time(NULL);
	is_int(fetch_wait(f, 30, &cause), 0, "fetch_wait while a mail arrives");
	ok(time(NULL) - t0 < 10, "wakes on the new mail, not at the timeout");
	waitpid(pid, &st, 0);
	is_int(fetch_next(f, &m, &cause), FETCH_OK, "the new mail is there");
	fetch_msg_clear(&m);
	fetch_close(f);
}

static void
test_errors(void)
{
	struct fetch_options fo = { 0 };
	struct mail_url url;
	char *cause = NULL, *p;

	p = xasprintf("%s/broken/new", root);
	fs_mkdir_p(p, 0700, NULL);
	free(p);
	url_for(&url, "broken", MAIL_IN);
	ok(fetch_open(&url, &fo, &cause) == NULL, "a Maildir without cur/ and tmp/ is refused");
	ok(cause != NULL && strstr(cause, "cur/") != NULL, "with a reason: %s",
	    cause ? cause : "(none)");
	free(cause);
	mail_url_clear(&url);
}

int
main(void)
{
	char tmpl[] = "/tmp/muthur-test-maildir.XXXXXX";
	char *cmd;

	if ((root = mkdtemp(tmpl)) == NULL)
		return 1;
	test_send_maildir();
	test_fetch_maildir();
	test_mark_many();
	test_wait();
	test_errors();
	if (getenv("MUTHUR_KEEP_TMP") == NULL) {
		cmd = xasprintf("rm -rf '%s'", root);
		if (system(cmd) != 0)
			diag("could not remove %s", root);
		free(cmd);
	}
	return done_testing();
}
