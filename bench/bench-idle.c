/*
 * bench-idle.c — what an idle pass costs as games pile up (issue 21: "an
 * idle pass over 10,000 games < 100 ms; peak RSS < 64 MiB"). Not a test:
 * `make bench`, then ./bench/bench-idle [-g GAMES] [-p PASSES].
 *
 * Makes GAMES four-seat games straight in the store (tests/store/fixture.h:
 * each with its seats, setup commitments and events, a recorded state and
 * an open phase waiting for all four seats), then runs muthurd's whole
 * pass (loop_pass(): the empty incoming Maildir, the games to resolve, the
 * outbox) PASSES times and prints the median and the slowest pass, and the
 * peak RSS.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/conf.h"
#include "daemon/loop.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/serverkey.h"
#include "store/store.h"
#include "tests/store/fixture.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
die(const char *what, char *cause)
{
	fprintf(stderr, "bench-idle: %s: %s\n", what, cause != NULL ? cause : "?");
	exit(1);
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	char tmpl[] = "/tmp/muthur-idle-XXXXXX", *dir, *p, *cause = NULL, *conftext;
	const char *top = getenv("top_srcdir");
	unsigned char spk[32], ssk[64];
	struct server_key fkey;
	struct config *cf;
	struct store *st;
	struct fix_game fg;
	struct loop lp;
	struct loop_stats stats;
	struct rusage ru;
	double t0, t_setup, *t;
	int games = 10000, passes = 5, opt, g, i;
	size_t k;

	while ((opt = getopt(argc, argv, "g:p:")) != -1) {
		switch (opt) {
		case 'g': games = atoi(optarg); break;
		case 'p': passes = atoi(optarg); break;
		default:
			fprintf(stderr, "usage: bench-idle [-g GAMES] [-p PASSES]\n");
			return 2;
		}
	}
	if (games < 1 || games > 100000 || passes < 1 || passes > 100) {
		fprintf(stderr, "bench-idle: -g takes 1..100000 games, -p 1..100 passes\n");
		return 2;
	}
	if (sodium_init() < 0 || (dir = mkdtemp(tmpl)) == NULL)
		die("setup", NULL);
	log_init("bench-idle", 0, LOG_LEVEL_WARN);
	if (top != NULL) {
		setenv("MUTHUR_TEMPLATES", p = xasprintf("%s/templates", top), 1);
		free(p);
	}
	for (k = 0; k < 6; k++) {
		static const char *const md[2] = { "in", "out" };
		static const char *const sub[3] = { "new", "cur", "tmp" };

		p = xasprintf("%s/var/mail/%s/%s", dir, md[k / 3], sub[k % 3]);
		if (fs_mkdir_p(p, 0700, &cause) == -1)
			die(p, cause);
		free(p);
	}
	key_generate(spk, ssk);
	p = xasprintf("%s/var/server.key", dir);
	if (key_secret_write(p, ssk, "bench", &cause) == -1)
		die(p, cause);
	free(p);
	conftext = xasprintf("[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\n"
	    "out = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\n"
	    "key = var/server.key\n");
	if ((cf = config_parse(conftext, "bench.conf", dir, &cause)) == NULL ||
	    (st = store_open(cf->store_path, &cause)) == NULL)
		die("open", cause);
	fix_server_key(&fkey);
	t0 = now();
	for (g = 0; g < games; g++) {
		char name[64];

		if (g % 500 == 0 && store_begin(st, &cause) == -1)
			die("begin", cause);
		snprintf(name, sizeof name, "idle-%d", g);
		if (fix_game_new(st, &fkey, name, 1700000000, &fg, &cause) == -1)
			die(name, cause);
		if ((g % 500 == 499 || g == games - 1) && store_commit(st, &cause) == -1)
			die("commit", cause);
	}
	store_close(st);
	t_setup = now() - t0;
	printf("setup: %d games in the store in %.1f s\n", games, t_setup);

	memset(&lp, 0, sizeof lp);
	if (loop_open(&lp, cf, &cause) == -1)
		die("loop_open", cause);
	lp.now = 1700000000;
	t = xcalloc((size_t)passes, sizeof *t);
	for (i = 0; i < passes; i++) {
		memset(&stats, 0, sizeof stats);
		t0 = now();
		if (loop_pass(&lp, &stats, &cause) == -1)
			die("loop_pass", cause);
		t[i] = now() - t0;
		if (stats.mails || stats.advanced || stats.sent)
			die("idle pass", "it did some work");
	}
	qsort(t, (size_t)passes, sizeof *t, cmp_double);
	getrusage(RUSAGE_SELF, &ru);
	printf("idle pass over %d games: median %.1f ms, slowest %.1f ms (%d passes)\n",
	    games, t[passes / 2] * 1000, t[passes - 1] * 1000, passes);
	printf("peak RSS: %ld KiB\n", ru.ru_maxrss);
	loop_close(&lp);
	free(t);
	p = xasprintf("rm -rf '%s'", dir);
	if (system(p) != 0)
		fprintf(stderr, "bench-idle: could not remove %s\n", dir);
	free(p);
	free(conftext);
	return 0;
}
