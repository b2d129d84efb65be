/* muthurd.c — the turn daemon (doc/product.md §1): fetch, intake, barrier, resolve, send. */
#include "config.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

#include "daemon/conf.h"
#include "lib/timetext.h"
#include "daemon/loop.h"
#include "daemon/proc.h"
#include "store/store.h"
#include "mail/fetch.h"
#include "templates/tmpl.h"
#include "lib/json-alloc.h"
#include "lib/log.h"
#include "lib/cause.h"
#include "lib/xmalloc.h"

static void
usage(FILE *out)
{
	fprintf(out,
	    "usage: muthurd [-f] [-v] [--once] [--now WHEN] [--config FILE]\n\n"
	    "The muthur turn daemon: reads orders mail, advances games, sends views.\n\n"
	    "options:\n"
	    "  --config FILE  the config file (default ./muthur.conf, else $MUTHUR_CONFIG)\n"
	    "  --once         do one full pass (fetch, process, advance, send) and exit\n"
	    "  --now WHEN     run as if it were WHEN ('YYYY-MM-DD HH:MM', UTC): for\n"
	    "                 tests, with --once\n"
	    "  -f             stay in the foreground and log to stderr\n"
	    "  -v             log more; repeat for debug output\n"
	    "  --version      print the version\n"
	    "  --help         this text\n\nSee muthurd(8) and muthur.conf(5).\n");
}

/* Reload the config and templates after SIGHUP; keep the old on failure. */
static void
reload(struct loop *lp, const struct config *orig, const char *path)
{
	struct config *cf;
	char *cause = NULL;

	proc_reload = 0;
	if ((cf = config_load(path, &cause)) == NULL) {
		log_warnx("reload: %s (keeping the running config)", cause);
		free(cause);
		return;
	}
	if (tmpl_set_reload(lp->tmpl, &cause) == -1) {
		log_warnx("reload: templates: %s (keeping the old ones)", cause);
		free(cause);
		cause = NULL;
	}
	/* the store, key and mailboxes stay open; the new values apply to
	 * the mail handled from now on */
	if (cf->store_url != NULL) {	/* this worker's files stay its own */
		free(cf->store_path);
		cf->store_path = xstrdup(orig->store_path);
	}
	if (lp->cf != orig)
		config_free(lp->cf);
	lp->cf = cf;
	log_info("reloaded %s", path);
}

/* A worker's own files at most this many to a folder (muthurd-N.lock). */
#define WORKER_SLOTS 64

/*
 * Hold this process's lock file until exit: 0, 1 another muthurd holds it
 * (a SQLite store: one muthurd), -1 with a reason. A PostgreSQL store is
 * served by as many workers as run (store_workers()): each takes the first
 * free one of STORE-1.lock, STORE-2.lock, ... beside the config, and
 * cf->store_path becomes that STORE-N, the worker's own files (its crash
 * guard, game-guard.h); *slot is N (0 for SQLite).
 */
static int
worker_lock(struct config *cf, int *fd, int *slot, char **cause)
{
	char *base;
	int rc;

	*slot = 0;
	if (cf->store_url == NULL)
		return proc_store_lock(cf->store_path, fd, cause);
	for (*slot = 1; *slot <= WORKER_SLOTS; (*slot)++) {
		base = xasprintf("%s-%d", cf->store_path, *slot);
		if ((rc = proc_store_lock(base, fd, cause)) == 0) {
			free(cf->store_path);
			cf->store_path = base;
			return 0;
		}
		free(base);
		if (rc == -1)
			return -1;
	}
	return cause_set(cause, "%s-1.lock to %s-%d.lock are all held: %d workers run "
	    "from this folder already", cf->store_path, cf->store_path, WORKER_SLOTS,
	    WORKER_SLOTS);
}

/*
 * The pid file of worker slot (worker_lock()), allocated: pid_file itself
 * for a SQLite store's one muthurd (slot 0) and for worker 1; worker N of
 * a PostgreSQL store writes pid_file with "-N" before its extension
 * (muthurd.pid: muthurd-2.pid), or after its name when it has none.
 */
static char *
worker_pid_file(const char *pid_file, int slot)
{
	const char *base = strrchr(pid_file, '/'), *dot;

	if (slot <= 1)
		return xstrdup(pid_file);
	base = base != NULL ? base + 1 : pid_file;
	if ((dot = strrchr(base, '.')) == NULL || dot == base)
		return xasprintf("%s-%d", pid_file, slot);
	return xasprintf("%.*s-%d%s", (int)(dot - pid_file), pid_file, slot, dot);
}

/* What a pass did, into buf. */
static const char *
pass_text(const struct loop_stats *ls, char *buf, size_t len)
{
	snprintf(buf, len, "%zu mail%s handled, %zu phase%s resolved, %zu deadline%s "
	    "fired, %zu mail%s sent", ls->mails, ls->mails == 1 ? "" : "s", ls->advanced,
	    ls->advanced == 1 ? "" : "s", ls->fired, ls->fired == 1 ? "" : "s", ls->sent,
	    ls->sent == 1 ? "" : "s");
	return buf;
}

static double
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1000 + (double)ts.tv_nsec / 1e6;
}

static int
run(struct config *cf, int once, int foreground, const char *path, int64_t now)
{
	struct loop lp;
	struct loop_stats ls;
	char *cause = NULL, *pid_file = NULL, buf[160];
	int daemonised = 0, lock, lockfd, slot;
	double t0;

	signal(SIGPIPE, SIG_IGN);
	/* one daemon per database: held until exit (also by the detached child) */
	if ((lock = worker_lock(cf, &lockfd, &slot, &cause)) != 0) {
		if (lock == 1) {
			log_info("another muthurd is running on %s (it holds %s.lock): "
			    "nothing to do", cf->store_path, cf->store_path);
			return 0;
		}
		fprintf(stderr, "muthurd: %s\n", cause);
		free(cause);
		return 1;
	}
	if (loop_open(&lp, cf, &cause) == -1) {
		fprintf(stderr, "muthurd: %s\n", cause);
		free(cause);
		return 1;
	}
	/* A PostgreSQL store is reachable from other machines: claim it too. */
	if ((lock = store_claim_service(lp.st, &cause)) != 0) {
		if (lock == 1)
			log_info("another muthurd serves %s: nothing to do",
			    store_path(lp.st));
		else
			fprintf(stderr, "muthurd: %s\n", cause);
		free(cause);
		loop_close(&lp);
		return lock == 1 ? 0 : 1;
	}
	/* A game another worker holds is left to it (store.h). */
	if (store_workers(lp.st)) {
		store_skip_busy(lp.st, 1);
		log_info("serving %s as one of its workers (this one's files: %s.*)",
		    store_path(lp.st), cf->store_path);
	}
	lp.now = now;
	proc_signals();
	if (once) {
		memset(&ls, 0, sizeof ls);
		if (loop_pass(&lp, &ls, &cause) == -1) {
			log_warnx("%s", cause);
			free(cause);
			loop_close(&lp);
			return 1;
		}
		log_info("pass done: %s", pass_text(&ls, buf, sizeof buf));
		loop_close(&lp);
		return 0;
	}
	if (!foreground) {
		if (proc_detach(&cause) == -1) {
			fprintf(stderr, "muthurd: %s\n", cause);
			free(cause);
			loop_close(&lp);
			return 1;
		}
		daemonised = 1;
		log_init("muthurd", 1, log_get_level());
	}
	/* each worker its own: the lock file says no other one writes it */
	if (cf->pid_file != NULL) {
		pid_file = worker_pid_file(cf->pid_file, slot);
		if (proc_pidfile_write(pid_file, &cause) == -1) {
			log_warnx("%s", cause);
			free(cause);
			free(pid_file);
			loop_close(&lp);
			return 1;
		}
	}
	log_info("muthurd %s started%s", PACKAGE_VERSION, daemonised ? "" : " (foreground)");
	while (!proc_stop) {
		if (proc_reload)
			reload(&lp, cf, path);
		memset(&ls, 0, sizeof ls);
		t0 = now_ms();
		if (loop_pass(&lp, &ls, &cause) == -1) {
			log_warnx("%s", cause);
			free(cause);
			cause = NULL;
		}
		/* -v: each pass timed (bench/workers.sh reads these) */
		log_debug("pass done in %.1f ms: %s", now_ms() - t0,
		    pass_text(&ls, buf, sizeof buf));
		if (proc_stop)
			break;
		if (fetch_wait(lp.in, lp.cf->poll_interval, &cause) == -1) {
			log_warnx("%s", cause);
			free(cause);
			cause = NULL;
			proc_sleep(5);
		}
	}
	log_info("muthurd stopping");
	proc_pidfile_remove(pid_file);
	free(pid_file);
	if (lp.cf != cf)
		config_free(lp.cf);
	loop_close(&lp);
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "once", no_argument, NULL, '1' },
		{ "now", required_argument, NULL, 'n' },
		{ "foreground", no_argument, NULL, 'f' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "version", no_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *config_path = NULL;
	struct config *cf;
	char *cause = NULL;
	int c, once = 0, foreground = 0, verbose = 0, rc;
	int64_t now = 0;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "c:fvh", opts, NULL)) != -1) {
		switch (c) {
		case 'c': config_path = optarg; break;
		case '1': once = 1; break;
		case 'n':
			if (clock_time_parse(optarg, &now, &cause) == -1) {
				fprintf(stderr, "muthurd: --now \"%s\": %s\n", optarg, cause);
				free(cause);
				return 2;
			}
			break;
		case 'f': foreground = 1; break;
		case 'v': verbose++; break;
		case 'V': printf("muthurd %s\n", PACKAGE_VERSION); return 0;
		case 'h': usage(stdout); return 0;
		default:
			fprintf(stderr, "muthurd: unknown or incomplete option \"%s\" "
			    "(see muthurd --help)\n", argv[optind - 1]);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "muthurd: unexpected argument \"%s\" (see muthurd --help)\n",
		    argv[optind]);
		return 2;
	}
	log_init("muthurd", 0, verbose >= 1 ? LOG_LEVEL_DEBUG : LOG_LEVEL_INFO);
	json_alloc_init();
	if (sodium_init() < 0)
		fatalx("libsodium failed to initialise");
	if ((cf = config_load(config_default_path(config_path), &cause)) == NULL) {
		fprintf(stderr, "muthurd: %s\n", cause);
		free(cause);
		return 1;
	}
	rc = run(cf, once, foreground, config_default_path(config_path), now);
	config_free(cf);
	return rc;
}
