/*
 * test-rules-crash.c — a crash in the rules is a poison mail too (issue 21):
 * passes of the daemon (loop_pass(), each in a child process) with a crash
 * injected by the test hook of daemon/game-guard.h, which only a test
 * binary sets. A mail whose handling crashes the pass is quarantined by the
 * next pass (one log line, its sender told, nothing else changed) and the
 * other mails are handled; a game whose phase resolve crashes is held
 * (paused) while another game resolves; a mail that loops for ever is
 * stopped by the CPU limit and quarantined the same way; and no pass after
 * that crashes again.
 */
#include "config.h"

#include <sys/wait.h>

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/conf.h"
#include "daemon/game-guard.h"
#include "daemon/loop.h"
#include "lib/fsutil.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/phases.h"
#include "tests/e2e/e2e-util.h"
#include "tests/tap.h"

static const char conftext[] = "[store]\npath = var/muthur.db\n[mail]\n"
    "in = maildir:var/mail/in\nout = maildir:var/mail/out\n"
    "from = muthur@club.example\n[server]\nkey = var/server.key\n";

static char *crash_mail;	/* the Message-ID whose handling crashes */
static const char *crash_game;	/* the game whose resolve crashes */
static int spin;		/* crash_mail loops for ever instead */

static void
hook(const char *step, const char *what)
{
	if (strcmp(step, "mail") == 0 && crash_mail != NULL &&
	    strcmp(what, crash_mail) == 0) {
		if (spin)
			for (;;)
				;
		raise(SIGSEGV);
	}
	if (strcmp(step, "resolve") == 0 && crash_game != NULL &&
	    strcmp(what, crash_game) == 0)
		abort();
}

/* One pass in a child with the hook, its log appended to DIR/pass.log;
 * its wait status. */
static int
pass(void)
{
	struct loop lp;
	struct config *cf;
	char *cause = NULL, *log;
	pid_t pid;
	int status, fd;

	fflush(stdout);
	if ((pid = fork()) == 0) {
		log = xasprintf("%s/pass.log", e2e_dir);
		if ((fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600)) != -1)
			dup2(fd, 2);
		log_init("muthurd", 0, LOG_LEVEL_INFO);
		game_guard_hook = hook;
		game_guard_cpu_seconds = 1;
		if ((cf = config_load(e2e_conf, &cause)) == NULL ||
		    loop_open(&lp, cf, &cause) == -1 || loop_pass(&lp, NULL, &cause) == -1) {
			fprintf(stderr, "pass: %s\n", cause);
			_exit(1);
		}
		loop_close(&lp);
		_exit(0);
	}
	if (pid == -1 || waitpid(pid, &status, 0) == -1)
		return -1;
	return status;
}

static int
died_of(int status, int sig)
{
	return WIFSIGNALED(status) && WTERMSIG(status) == sig;
}

static int
exited_ok(int status)
{
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Lines of DIR/pass.log holding text. */
static int
log_count(const char *text)
{
	char *path = xasprintf("%s/pass.log", e2e_dir), *data = NULL, *p;
	size_t len = 0;
	int n = 0;

	if (fs_read_file(path, 1 << 24, &data, &len, NULL) == 0)
		for (p = data; (p = strstr(p, text)) != NULL; p++)
			n++;
	free(data);
	free(path);
	return n;
}

/* Seat k's orders mail for the game named game, delivered; its Message-ID. */
static char *
deliver_orders(struct store *st, const char *game, int k)
{
	const char *old = e2e_game;
	char *mail, *id, *end;
	size_t len;

	e2e_game = game;
	mail = e2e_orders_mail(st, k, k, 0, NULL, &len);
	e2e_game = old;
	e2e_deliver(mail, len);
	id = strstr(mail, "Message-ID: ");
	id = xstrdup(id != NULL ? id + 12 : "?");
	if ((end = strpbrk(id, "\r\n")) != NULL)
		*end = '\0';
	free(mail);
	return id;
}

/* Is seat k of game awaited in its open phase? */
static int
awaited(struct store *st, const char *game, int k)
{
	struct store_game *g = store_game_get(st, game, NULL);
	struct store_phase *ph = g != NULL ? store_phase_current(st, g->id, NULL) : NULL;
	char **missing = NULL;
	size_t n = 0, i;
	int found = 0;

	if (ph != NULL && store_phase_missing(st, ph->id, &missing, &n, NULL) == 0)
		for (i = 0; i < n; i++)
			found |= strcmp(missing[i], e2e_seats[k]) == 0;
	store_names_free(missing, n);
	store_phase_free(ph);
	store_game_free(g);
	return found;
}

static char *
status_of(struct store *st, const char *game)
{
	struct store_game *g = store_game_get(st, game, NULL);
	char *s = xstrdup(g != NULL ? g->status : "?");

	store_game_free(g);
	return s;
}

static uint64_t
seq_of(struct store *st, const char *game)
{
	const char *old = e2e_game;
	uint64_t seq;

	e2e_game = game;
	seq = e2e_phase_seq(st);
	e2e_game = old;
	return seq;
}

int
main(void)
{
	const char *top;
	char tmpl[] = "/tmp/muthur-rules-crash-XXXXXX", *outdir, *path, *s;
	struct store *st;
	uint64_t seq_e2e, seq_held;
	int k, status;

	top = e2e_setup(tmpl);
	outdir = xasprintf("%s/var/mail/out", e2e_dir);
	is_int(e2e_init_game(top, conftext), 0, "muthur init, players' keys, new-game e2e");
	for (k = 0; k < 2; k++)
		is_int(e2e_seat(k), 0, "seat %s of e2e", e2e_seats[k]);
	is_int(e2e_sh("%s/muthur --config %s new-game held --rules ccg --scenario contact "
	    ">/dev/null", e2e_bin, e2e_conf), 0, "new-game held");
	e2e_game = "held";
	for (k = 0; k < 2; k++)
		is_int(e2e_seat(k), 0, "seat %s of held", e2e_seats[k]);
	e2e_game = "e2e";
	is_int(e2e_sh("%s/muthur --config %s start --deal-now e2e >/dev/null && %s/muthur --config %s "
	    "start --deal-now held >/dev/null", e2e_bin, e2e_conf, e2e_bin, e2e_conf), 0, "start both");
	is_int(e2e_daemon_once(), 0, "muthurd --once sends the first views");
	path = xasprintf("%s/var/muthur.db", e2e_dir);
	st = store_open(path, NULL);
	free(path);
	if (st == NULL)
		return diag("no store"), done_testing();

	/* a mail whose handling crashes, and a good one beside it */
	crash_mail = deliver_orders(st, "e2e", 0);
	free(deliver_orders(st, "held", 0));
	ok(died_of(pass(), SIGSEGV), "the pass handling the poison orders dies of SIGSEGV");
	status = pass();
	ok(exited_ok(status), "the next pass ends normally (status %d)", status);
	is_int((int)e2e_files_in("new"), 0, "both mails left new/");
	is_int((int)e2e_files_in("quarantine"), 1, "the poison mail is in quarantine/");
	is_int(log_count("quarantined: handling it crashed muthurd (SIGSEGV)"), 1,
	    "one log line says why");
	st = e2e_reopen(st);
	ok(awaited(st, "e2e", 0), "the poison orders changed nothing: e2e still awaits %s",
	    e2e_seats[0]);
	ok(!awaited(st, "held", 0), "the other mail of the pass was handled");
	is_int((int)e2e_count(outdir, "muthur could not handle this mail: handling it "
	    "crashed muthurd (SIGSEGV)"), 1, "the registered sender is told");
	ok(exited_ok(pass()), "a third pass ends normally too");
	is_int(log_count("quarantined:"), 1, "and quarantines nothing more");

	/* a phase whose resolve crashes: that game is held, the other goes on */
	free(crash_mail);
	crash_mail = NULL;
	crash_game = "held";
	st = e2e_reopen(st);
	seq_e2e = seq_of(st, "e2e");
	seq_held = seq_of(st, "held");
	free(deliver_orders(st, "held", 1));
	for (k = 0; k < 2; k++)
		free(deliver_orders(st, "e2e", k));
	ok(died_of(pass(), SIGABRT), "the pass resolving held's phase dies of SIGABRT");
	status = pass();
	ok(exited_ok(status), "the next pass ends normally (status %d)", status);
	is_int(log_count("game held: held for the organiser (paused): resolving its phase "
	    "crashed muthurd (SIGABRT)"), 1, "one log line says held is held, and why");
	st = e2e_reopen(st);
	is_str(s = status_of(st, "held"), GAME_PAUSED, "held is paused for the organiser");
	free(s);
	ok(seq_of(st, "held") == seq_held, "held's phase is not resolved");
	ok(seq_of(st, "e2e") > seq_e2e, "e2e's phase resolved in the same pass");
	is_int((int)e2e_files_in("new"), 0, "every mail left new/");
	ok(exited_ok(pass()), "a third pass ends normally: nothing loops");

	/* a mail whose handling never ends: the CPU limit stops it */
	crash_game = NULL;
	spin = 1;
	st = e2e_reopen(st);
	crash_mail = deliver_orders(st, "e2e", 0);
	ok(died_of(pass(), SIGXCPU), "the pass spinning on a mail is stopped (SIGXCPU)");
	ok(exited_ok(pass()), "the next pass ends normally");
	is_int(log_count("quarantined: handling it crashed muthurd (out of CPU time)"), 1,
	    "the spinning mail is quarantined, with one log line");
	st = e2e_reopen(st);
	ok(awaited(st, "e2e", 0), "and changed nothing");
	is_int((int)e2e_files_in("quarantine"), 2, "it is in quarantine/");
	store_close(st);
	free(crash_mail);
	free(outdir);
	if (!getenv("MUTHUR_KEEP_TMP"))
		e2e_sh("rm -rf %s", e2e_dir);
	return done_testing();
}
