/*
 * test-e2e-maildir.c — a game played by mail through the real programs on
 * the embedded default: `muthur init/new-game/seat/start` and `muthurd
 * --once` over Maildirs, with players' mails written into the incoming
 * Maildir. Checks a refused bad signature, a wrong-phase mail, a bounce
 * that gets no reply, a mail delivered twice handled once, a resubmission
 * superseding, phases advancing with their views, and a daemon killed
 * mid-pass (SIGKILL) losing and doubling nothing after the restart, and a
 * mail whose handling fails quarantined, then handled once moved back.
 */
#include "config.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

#include "daemon/game.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "store/events.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";
static char *outdir;

static size_t
out_count(const char *text)
{
	return e2e_count(outdir, text);
}

/*
 * In a phase two seats owe: orders of the first, then new orders of the
 * same seat in a later pass. 1 when the second superseded the first, 0
 * when no phase was right for it, -1 when it failed.
 */
static int
resubmit(struct store **stp)
{
	struct store_game *g = store_game_get(*stp, "e2e", NULL);
	struct store_phase *ph = store_phase_current(*stp, g->id, NULL);
	struct store_order *ord = NULL;
	char **missing = NULL, *mail;
	size_t nm = 0, nord = 0, len, i;
	int k, rc = 0, sup = 0;

	if (ph != NULL && store_phase_missing(*stp, ph->id, &missing, &nm, NULL) == 0 &&
	    nm == 2) {
		k = strcmp(missing[0], "aliens") == 0 ? 1 : 0;
		for (i = 0; i < 2; i++) {
			mail = e2e_orders_mail(*stp, k, k, 0, NULL, &len);
			e2e_deliver(mail, len);
			free(mail);
			e2e_daemon_once();
		}
		*stp = e2e_reopen(*stp);
		store_orders_all(*stp, ph->id, &ord, &nord, NULL);
		for (i = 0; i < nord; i++)
			if (ord[i].superseded_by != 0)
				sup++;
		rc = nord == 2 && sup == 1 ? 1 : -1;
		store_orders_free(ord, nord);
	}
	store_names_free(missing, nm);
	store_phase_free(ph);
	store_game_free(g);
	return rc;
}

int
main(void)
{
	const char *top;
	struct store *st;
	struct store_game *g;
	struct store_phase *ph;
	char *mail, *bounce, *path, *cause = NULL, tmpl[] = "/tmp/muthur-e2e-XXXXXX";
	size_t len, before, i, out0;
	int64_t seen0, seen1;
	uint64_t seq0, bad;
	int k, w, rounds, status, superseded = 0;
	pid_t pid;

	top = e2e_setup(tmpl);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game");
	for (k = 0; k < 2; k++)
		is_int(e2e_seat(k), 0, "seat %s", e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s seat e2e rogue --email r@x.example --key %s/"
	    "marines.pub --deck %s/rules/ccg/data/aliens.deck >/dev/null 2>&1", e2e_bin, e2e_conf,
	    e2e_dir, top), 1, "a decklist of another faction is refused");
	is_int(e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null", e2e_bin, e2e_conf), 0, "start");
	is_int(e2e_daemon_once(), 0, "muthurd --once");
	is_int((int)out_count(NULL), 2, "the first views went out, one per seat");
	ok(out_count("Subject: e2e") == 2 || out_count("e2e") == 2, "they are about game e2e");

	path = xasprintf("%s/var/muthur.db", e2e_dir);
	st = store_open(path, &cause);
	free(path);
	if (st == NULL)
		return diag("%s", cause), done_testing();
	store_mail_count(st, &seen0, NULL);
	seq0 = e2e_phase_seq(st);
	out0 = out_count(NULL);

	/* a wrong key, a wrong turn, a bounce, one mail twice, from a seat
	 * that owes orders now */
	{
		char **missing = NULL;
		size_t nm = 0;

		g = store_game_get(st, "e2e", NULL);
		ph = store_phase_current(st, g->id, NULL);
		store_phase_missing(st, ph->id, &missing, &nm, NULL);
		w = nm > 0 && strcmp(missing[0], "aliens") == 0 ? 1 : 0;
		store_names_free(missing, nm);
		store_phase_free(ph);
		store_game_free(g);
	}
	mail = e2e_orders_mail(st, w, 1 - w, 0, NULL, &len);
	e2e_deliver(mail, len);
	free(mail);
	mail = e2e_orders_mail(st, w, w, 3, NULL, &len);
	e2e_deliver(mail, len);
	free(mail);
	path = xasprintf("%s/tests/data/bounces/lhost-postfix-35.eml", top);
	if (fs_read_file(path, 1 << 20, &bounce, &len, NULL) == 0) {
		e2e_deliver(bounce, len);
		free(bounce);
	} else
		diag("no %s", path);
	free(path);
	mail = e2e_orders_mail(st, w, w, 0, NULL, &len);
	e2e_deliver(mail, len);
	e2e_deliver(mail, len);
	is_int(e2e_daemon_once(), 0, "muthurd --once over the bad and the doubled mail");
	is_int((int)(out_count(NULL) - out0), 2 + (e2e_phase_seq(st) != seq0 ? 2 : 0),
	    "two refusals (and the views if the phase resolved; the orders' "
	    "acknowledgement is a note of the seat's next mail), nothing for the "
	    "bounce or the second copy");
	path = xasprintf("this key holds seat %s", e2e_seats[1 - w]);
	is_int((int)out_count(path), 1, "a block signed with another seat's key is "
	    "refused, naming the seat that key holds");
	free(path);
	is_int((int)out_count("e2e is in turn"), 1, "the wrong turn is refused with the "
	    "turn and phase the game is in");
	store_mail_count(st, &seen1, NULL);
	is_int((int)(seen1 - seen0), 4, "four mails recorded: the copy was recognised");
	is_int((int)e2e_files_in("new"), 0, "every mail was marked processed");

	free(mail);
	/* play on by mail */
	before = out_count(NULL);
	for (rounds = 0; rounds < 30 && e2e_phase_seq(st) < seq0 + 8; rounds++) {
		if (!superseded)
			superseded = resubmit(&st);
		e2e_round(st);
		e2e_daemon_once();
	}
	ok(superseded == 1, "a resubmission supersedes the earlier orders");
	ok(out_count("replac") >= 1, "its acknowledgement says so");
	ok(e2e_phase_seq(st) >= seq0 + 8, "phases advance by mail (phase %llu after %d rounds)",
	    (unsigned long long)e2e_phase_seq(st), rounds);
	ok(out_count(NULL) > before + 8, "views and acknowledgements went out");

	/* several mails in one transaction: one that fails is undone alone */
	{
		sqlite3 *db = NULL;
		char *ids[3], *sql, *m, *p;

		store_mail_count(st, &seen0, NULL);
		for (i = 0; i < 3; i++) {
			m = e2e_orders_mail(st, 1, 1, 0, "not\nreally\n", &len);
			p = strstr(m, "Message-ID: <") + 13;
			ids[i] = xstrndup(p, (size_t)(strchr(p, '>') - p));
			e2e_deliver(m, len);
			free(m);
		}
		path = xasprintf("%s/var/muthur.db", e2e_dir);
		sql = xasprintf("CREATE TRIGGER boom BEFORE INSERT ON mail_seen WHEN "
		    "NEW.message_id LIKE '%%%s%%' BEGIN SELECT RAISE(ABORT, "
		    "'injected failure'); END;", ids[1]);
		ok(sqlite3_open(path, &db) == SQLITE_OK &&
		    sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK,
		    "a trigger makes storing the second of three mails fail");
		is_int(e2e_daemon_once(), 0, "muthurd --once over the three");
		st = e2e_reopen(st);
		store_mail_count(st, &seen1, NULL);
		is_int((int)(seen1 - seen0), 2, "the two others of its transaction are kept");
		is_int((int)e2e_files_in("new"), 0, "no mail is left waiting");
		is_int((int)e2e_files_in("quarantine"), 1, "the failed mail alone is "
		    "quarantined, not retried in every pass");
		ok(sqlite3_exec(db, "DROP TRIGGER boom", NULL, NULL, NULL) == SQLITE_OK,
		    "the failure is gone");
		is_int(e2e_sh("mv %s/quarantine/* %s/new/", e2e_in, e2e_in), 0,
		    "the organiser moves it back to new/");
		is_int(e2e_daemon_once(), 0, "muthurd --once again");
		st = e2e_reopen(st);
		store_mail_count(st, &seen1, NULL);
		is_int((int)(seen1 - seen0), 3, "the waiting mail is handled, once");
		is_int((int)e2e_files_in("new"), 0, "and marked");
		sqlite3_close(db);
		free(sql);
		free(path);
		for (i = 0; i < 3; i++)
			free(ids[i]);
	}

	/* killed mid-pass: nothing lost, nothing doubled */
	store_mail_count(st, &seen0, NULL);
	k = e2e_round(st);
	for (i = 0; i < 20; i++) {
		mail = e2e_orders_mail(st, 1, 1, 0, "not\nreally\n", &len);
		e2e_deliver(mail, len);
		free(mail);
	}
	if ((pid = fork()) == 0) {
		if (freopen("/dev/null", "w", stderr) == NULL)
			_exit(127);
		execl(xasprintf("%s/muthurd", e2e_bin), "muthurd", "--config", e2e_conf, "--once",
		    (char *)NULL);
		_exit(127);
	}
	usleep(30000);
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	is_int(e2e_daemon_once(), 0, "muthurd --once after a SIGKILL");
	store_mail_count(st, &seen1, NULL);
	is_int((int)(seen1 - seen0), k + 20, "every mail handled exactly once across the "
	    "crash");
	is_int((int)e2e_files_in("new"), 0, "and marked");
	{
		size_t pending = 1;

		store_outbox_count(st, OUTBOX_PENDING, &pending, NULL);
		is_int((int)pending, 0, "no mail left unsent in the outbox");
	}
	is_int(store_statements_running(st), 0, "no statement of the test's store "
	    "is left running (it would read an old snapshot)");
	g = store_game_get(st, "e2e", NULL);
	ok(store_events_verify(st, g->id, &bad, &cause) == 0, "the event chain verifies%s%s",
	    cause ? ": " : "", cause ? cause : "");
	store_game_free(g);
	store_close(st);
	if (getenv("KEEP") == NULL)
		e2e_sh("rm -rf %s", e2e_dir);
	return done_testing();
}
