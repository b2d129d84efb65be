/*
 * test-kill-batch.c — a pass killed in the middle of a batch (issue 28
 * item 3): the mails of a batch share one transaction and one commit,
 * and are marked after it. A batch of five mails (both seats' orders,
 * which complete the phase, and three mails without orders from the
 * players' addresses, each refused with a reply) is handled by a pass
 * in a child process that SIGKILLs itself right after mail k of the
 * batch (k = 1..5: its transaction not committed) and, in a last case,
 * right after the commit, before any mark. Then `muthurd --once` runs
 * twice. Each time: nothing left in new/, each mail recorded once, each
 * mail without orders answered exactly once, each orders mail's
 * acknowledgement noted once (in a mail or waiting for the seat's next),
 * the phase resolved once (one view of the next phase to each seat) and
 * no outgoing mail delivered twice.
 */
#include "config.h"

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "lib/fsutil.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

#define MAILS	5	/* in the batch */

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";

static int kill_after;	/* mails handled; 0: at the commit */
static int handled;

static void
on_mail(void *arg, int advanced)
{
	(void)arg;
	(void)advanced;
	if (++handled == kill_after)
		raise(SIGKILL);
}

static void
on_commit(void *arg, size_t n)
{
	(void)arg;
	(void)n;
	if (kill_after == 0)
		raise(SIGKILL);
}

/* One pass in a child process that kills itself; 1 when it was killed. */
static int
killed_pass(void)
{
	struct config *cf;
	struct loop lp;
	char *cause = NULL;
	int status;
	pid_t pid;

	fflush(stdout);
	if ((pid = fork()) == 0) {
		log_init("test-kill-batch", 0, LOG_LEVEL_WARN);
		if ((cf = config_load(e2e_conf, &cause)) == NULL ||
		    loop_open(&lp, cf, &cause) == -1) {
			fprintf(stderr, "test-kill-batch: %s\n", cause);
			_exit(3);
		}
		lp.on_mail = on_mail;
		lp.on_commit = on_commit;
		loop_pass(&lp, NULL, &cause);
		_exit(0);	/* not killed */
	}
	if (pid == -1 || waitpid(pid, &status, 0) == -1)
		return 0;
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

/* Rows of the database that sql counts (one bound text, or none). */
static long
count_rows(const char *sql, const char *arg)
{
	char *path = xasprintf("%s/var/muthur.db", e2e_dir);
	sqlite3_stmt *s = NULL;
	sqlite3 *db;
	long n = -1;

	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &s, NULL) == SQLITE_OK) {
		if (arg != NULL)
			sqlite3_bind_text(s, 1, arg, -1, SQLITE_STATIC);
		if (sqlite3_step(s) == SQLITE_ROW)
			n = sqlite3_column_int64(s, 0);
	}
	sqlite3_finalize(s);
	sqlite3_close(db);
	free(path);
	return n;
}

/* Outgoing files that share their Message-ID and To with another. */
static int
duplicate_deliveries(const char *out)
{
	struct strbuf keys = STRBUF_INIT;
	static const char *const subs[2] = { "new", "cur" };
	struct dirent *de;
	char *p, *data, *mid, *to, *key;
	size_t len, i;
	int dups = 0;
	DIR *d;

	for (i = 0; i < 2; i++) {
		p = xasprintf("%s/%s", out, subs[i]);
		d = opendir(p);
		while (d != NULL && (de = readdir(d)) != NULL) {
			char *f = xasprintf("%s/%s", p, de->d_name);

			if (de->d_name[0] != '.' && fs_read_file(f, 1 << 24, &data, &len,
			    NULL) == 0) {
				mid = strstr(data, "\nMessage-ID: ");
				to = strstr(data, "\nTo: ");
				key = xasprintf("|%.*s %.*s|", mid != NULL ? (int)strcspn(mid + 1,
				    "\r\n") : 0, mid != NULL ? mid + 1 : "", to != NULL ?
				    (int)strcspn(to + 1, "\r\n") : 0, to != NULL ? to + 1 : "");
				if (keys.len > 0 && strstr(keys.s, key) != NULL)
					dups++;
				strbuf_addstr(&keys, key);
				free(key);
				free(data);
			}
			free(f);
		}
		if (d != NULL)
			closedir(d);
		free(p);
	}
	strbuf_free(&keys);
	return dups;
}

static void
one_case(const char *top, const char *build, int k)
{
	char tmpl[] = "/tmp/muthur-kill-batch-XXXXXX", *mail, *out, *what;
	char ids[MAILS][64];
	struct store *st;
	uint64_t seq;
	size_t i;
	int n, ok_all;

	what = k > 0 ? xasprintf("killed after mail %d of %d", k, MAILS) :
	    xasprintf("killed after the commit, before the marks");
	if (mkdtemp(tmpl) == NULL) {
		ok(0, "%s: a folder", what);
		free(what);
		return;
	}
	e2e_maildir_paths(tmpl, build);
	out = xasprintf("%s/var/mail/out", e2e_dir);
	if (e2e_init_game(top, conftext) != 0 || e2e_seat(0) != 0 || e2e_seat(1) != 0 ||
	    e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null", e2e_bin, e2e_conf) != 0 ||
	    e2e_daemon_once() != 0) {
		ok(0, "%s: the game set up and started", what);
		free(out);
		free(what);
		return;
	}
	st = e2e_reopen(NULL);
	seq = e2e_phase_seq(st);
	/* the orders first, so that the phase resolves inside the batch */
	n = e2e_round(st);
	store_close(st);
	for (i = 0; i < 3; i++) {
		mail = xasprintf("From: %s\nTo: muthur@club.example\nSubject: a question\n"
		    "Message-ID: <question-%zu@players.example>\n"
		    "Date: Mon, 1 Jan 2024 00:00:00 +0000\n\nwhen is the next turn?\n",
		    e2e_addr[i % 2], i);
		e2e_deliver(mail, strlen(mail));
		free(mail);
	}
	kill_after = k;
	handled = 0;
	ok(n == 2 && killed_pass(), "%s: the pass was killed (%d orders mails in the batch)",
	    what, n);
	ok(e2e_daemon_once() == 0 && e2e_daemon_once() == 0, "%s: two passes after it", what);
	ok(e2e_files_in("new") == 0, "%s: no mail left waiting", what);
	is_int((int)count_rows("SELECT count(*) FROM mail_seen", NULL), MAILS,
	    "%s: %d mails recorded", what, MAILS);
	for (i = 0; i < 3; i++)
		snprintf(ids[i], sizeof ids[i], "<question-%zu@players.example>", i);
	ok_all = 1;
	for (i = 0; i < 3; i++) {
		char *irt = xasprintf("In-Reply-To: %s", ids[i]);

		if (e2e_count(out, irt) != 1 || count_rows("SELECT count(*) FROM mail_seen "
		    "WHERE message_id = ?", ids[i]) != 1) {
			diag("%s: %zu answers, %ld records", ids[i], e2e_count(out, irt),
			    count_rows("SELECT count(*) FROM mail_seen WHERE message_id = ?",
			    ids[i]));
			ok_all = 0;
		}
		free(irt);
	}
	ok(ok_all, "%s: each mail without orders recorded once and answered once", what);
	is_int((int)count_rows("SELECT count(*) FROM orders", NULL), 2,
	    "%s: both orders stored once", what);
	st = e2e_reopen(NULL);
	ok(e2e_phase_seq(st) > seq, "%s: the phase resolved", what);
	store_close(st);
	is_int((int)count_rows("SELECT count(*) FROM outbox WHERE state != 'sent'", NULL), 0,
	    "%s: every outgoing mail sent", what);
	/* each acknowledgement a note (issue 33): in one mail, or still
	 * waiting for the seat's next one, never both, never twice */
	is_int((int)count_rows("SELECT count(*) FROM outbox WHERE mail_key LIKE 'ack/%'",
	    NULL), 0, "%s: no acknowledgement of its own", what);
	is_int((int)(e2e_count(out, ") was accepted for turn") + (size_t)count_rows(
	    "SELECT count(*) FROM seat_settings WHERE key = 'notes' AND value LIKE "
	    "'%was accepted for turn%'", NULL)), 2, "%s: one acknowledgement for each "
	    "orders mail, mailed or waiting for the next mail", what);
	is_int(duplicate_deliveries(out), 0, "%s: no outgoing mail delivered twice", what);
	if (getenv("MUTHUR_KEEP_TMP") == NULL)
		e2e_sh("rm -rf %s", tmpl);
	free(out);
	free(what);
}

int
main(void)
{
	const char *top = getenv("top_srcdir"), *build = getenv("top_builddir");
	int k;

	if (top == NULL || build == NULL)
		skip_all("run under make check (top_srcdir, top_builddir)");
	if (sodium_init() < 0)
		skip_all("no libsodium");
	signal(SIGPIPE, SIG_IGN);
	for (k = 1; k <= MAILS; k++)
		one_case(top, build, k);
	one_case(top, build, 0);
	return done_testing();
}
