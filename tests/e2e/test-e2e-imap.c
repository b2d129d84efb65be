/*
 * test-e2e-imap.c — a game by mail through real servers (started by
 * test-e2e-imap.sh): muthurd --once reads the orders over IMAP (Dovecot)
 * and sends views and acknowledgements by SMTP, which land in the same
 * mailbox, where muthurd must file its own mail without answering it.
 *
 *   test-e2e-imap SERVERS-DIR GAME-DIR
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "mail/send.h"
#include "mail/url.h"
#include "store/mailseen.h"
#include "store/outbox.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

/* A value of SERVERS-DIR/env ("NAME=value" lines). */
static char *
env_get(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p = text, *e;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, name, n) == 0 && p[n] == '=') {
			p += n + 1;
			if (*p == '\'' || *p == '"')
				p++;
			e = p + strcspn(p, "'\"\n");
			return xasprintf("%.*s", (int)(e - p), p);
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return xstrdup("");
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir"), *build = getenv("top_builddir");
	char *envtext, *path, *conftext, *imap_port, *smtp_port, *user, *pwfile, *maildir;
	char *cause = NULL;
	struct store *st;
	size_t len, pending = 1, sent0 = 0, sent1 = 0;
	uint64_t seq0;
	int64_t seen = 0, seen1 = 0;
	int k, rounds;

	if (argc != 3 || top == NULL || build == NULL)
		skip_all("run by test-e2e-imap.sh under make check");
	if (sodium_init() < 0)
		skip_all("libsodium");
	path = xasprintf("%s/env", argv[1]);
	if (fs_read_file(path, 65536, &envtext, &len, &cause) == -1)
		skip_all("no servers env file");
	free(path);
	imap_port = env_get(envtext, "IMAP_PORT");
	smtp_port = env_get(envtext, "SMTP_PORT");
	user = env_get(envtext, "MAIL_USER");
	pwfile = env_get(envtext, "PASSWORD_FILE");
	maildir = env_get(envtext, "MAILDIR");
	if (*smtp_port == '\0' || strcmp(smtp_port, "0") == 0)
		skip_all("no SMTP server");
	e2e_dir = argv[2];
	e2e_bin = xstrdup(build);
	e2e_conf = xasprintf("%s/muthur.conf", e2e_dir);
	e2e_in = maildir;
	e2e_addr[0] = e2e_addr[1] = "alice@test.example";
	e2e_rcpt = "alice@test.example";
	{
		struct send_options so;
		struct mail_url url;

		memset(&so, 0, sizeof so);
		path = xasprintf("smtp://127.0.0.1:%s", smtp_port);
		if (mail_url_parse(path, MAIL_OUT, NULL, &url, &cause) == -1 ||
		    (e2e_sender = send_open(&url, &so, &cause)) == NULL)
			skip_all("cannot send by SMTP");
		mail_url_clear(&url);
		free(path);
	}
	conftext = xasprintf("[store]\npath = var/muthur.db\n[mail]\n"
	    "in = imap://%s@127.0.0.1:%s/INBOX\nout = smtp://127.0.0.1:%s\n"
	    "password_file = %s\nfrom = muthur@test.example\npoll_interval = 2\n"
	    "[server]\nkey = var/server.key\n", user, imap_port, smtp_port, pwfile);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 0; k < 2; k++)
		e2e_sh("%s/muthur --config %s seat e2e %s --email alice@test.example "
		    "--key %s/%s.pub >/dev/null", e2e_bin, e2e_conf, e2e_seats[k], e2e_dir,
		    e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null", e2e_bin, e2e_conf), 0,
	    "start");
	is_int(e2e_daemon_once(), 0, "muthurd --once: the first views by SMTP");
	path = xasprintf("%s/var/muthur.db", e2e_dir);
	st = store_open(path, &cause);
	free(path);
	if (st == NULL)
		return diag("%s", cause), done_testing();
	for (k = 0; k < 50 && e2e_count(maildir, "Auto-Submitted: auto-generated") < 2; k++)
		usleep(100000);	/* the SMTP server delivers when it likes */
	ok(e2e_count(maildir, "Auto-Submitted: auto-generated") >= 2,
	    "the views arrived in the mailbox through SMTP and LMTP");
	seq0 = e2e_phase_seq(st);
	for (rounds = 0; rounds < 40 && e2e_phase_seq(st) < seq0 + 4; rounds++) {
		if (!e2e_round(st))
			usleep(200000);	/* the orders are on their way */
		usleep(300000);
		e2e_daemon_once();
		st = e2e_reopen(st);
	}
	ok(e2e_phase_seq(st) >= seq0 + 4, "orders read over IMAP move the game on (phase "
	    "%llu after %d rounds)", (unsigned long long)e2e_phase_seq(st), rounds);
	ok(e2e_count(maildir, ") was accepted for turn") >= 4, "acknowledgements came "
	    "back by SMTP, as notes of the views");
	/* The SMTP server delivers when it likes: pass until the mails read
	 * back stop coming in before taking the counts. */
	seen = -1;
	for (k = 0; k < 20; k++) {
		int64_t before = seen;

		e2e_daemon_once();
		st = e2e_reopen(st);
		store_mail_count(st, &seen, NULL);
		if (seen == before)
			break;
		usleep(300000);
	}
	store_outbox_count(st, OUTBOX_SENT, &sent0, NULL);
	e2e_daemon_once();
	e2e_daemon_once();
	st = e2e_reopen(st);
	store_outbox_count(st, OUTBOX_PENDING, &pending, NULL);
	store_outbox_count(st, OUTBOX_SENT, &sent1, NULL);
	store_mail_count(st, &seen1, NULL);
	is_int((int)pending, 0, "nothing left in the outbox");
	is_int(store_statements_running(st), 0, "no statement of the test's store "
	    "is left running (it would read an old snapshot)");
	ok(seen > 10 && seen1 == seen && sent1 == sent0, "muthur's own mails, read back "
	    "over IMAP, were filed and never answered (%lld mails recorded, then %lld; "
	    "%lld sent, then %lld)", (long long)seen, (long long)seen1,
	    (long long)sent0, (long long)sent1);
	store_close(st);
	send_close(e2e_sender);
	free(envtext);
	return done_testing();
}
