/*
 * bench-idle.c — what an idle pass costs as games pile up (issue 21: "an
 * idle pass over 10,000 games < 100 ms; peak RSS < 64 MiB"). Not a test:
 * `make bench`, then ./bench/bench-idle [-g GAMES] [-p PASSES].
 *
 * Makes GAMES four-seat games straight in the store (tests/store/fixture.h:
 * each with its seats, setup commitments and events, a recorded state and
 * an open phase waiting for all four seats), then runs muthurd's whole
 * pass (loop_pass(): the empty incoming Maildir, the games to resolve, the
 * outbox) PASSES times and prints the median and the slowest pass, the
 * peak RSS, and (on Linux) the peak RSS of the passes alone, the setup's
 * forgotten (bench_peak_reset()).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "bench/bench-util.h"
#include "daemon/conf.h"
#include "daemon/loop.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/serverkey.h"
#include "store/store.h"
#include "tests/store/fixture.h"

#define die(what, cause) bench_die("bench-idle", (what), (cause))

int
main(int argc, char **argv)
{
	char tmpl[] = "/tmp/muthur-idle-XXXXXX", *dir, *p, *cause = NULL;
	const char *top = getenv("top_srcdir");
	struct server_key fkey;
	struct config *cf;
	struct store *st;
	struct loop lp;
	struct loop_stats stats;
	struct rusage ru;
	double t0, t_setup, *t;
	long peak;
	int games = 10000, passes = 5, opt, i, reset;

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
		die("setup", "no temporary folder");
	log_init("bench-idle", 0, LOG_LEVEL_WARN);
	if (top != NULL) {
		setenv("MUTHUR_TEMPLATES", p = xasprintf("%s/templates", top), 1);
		free(p);
	}
	cf = bench_embedded("bench-idle", dir);
	if ((st = store_open(config_store(cf), &cause)) == NULL)
		die("open", cause);
	fix_server_key(&fkey);
	t0 = bench_now();
	if (fix_games_new(st, &fkey, "idle", games, 1700000000, &cause) == -1)
		die("setup", cause);
	store_close(st);
	t_setup = bench_now() - t0;
	printf("setup: %d games in the store in %.1f s\n", games, t_setup);
	reset = bench_peak_reset() == 0;

	memset(&lp, 0, sizeof lp);
	if (loop_open(&lp, cf, &cause) == -1)
		die("loop_open", cause);
	lp.now = 1700000000;
	t = xcalloc((size_t)passes, sizeof *t);
	for (i = 0; i < passes; i++) {
		memset(&stats, 0, sizeof stats);
		t0 = bench_now();
		if (loop_pass(&lp, &stats, &cause) == -1)
			die("loop_pass", cause);
		t[i] = bench_now() - t0;
		if (stats.mails || stats.advanced || stats.sent)
			die("idle pass", "it did some work");
	}
	qsort(t, (size_t)passes, sizeof *t, bench_cmp_double);
	getrusage(RUSAGE_SELF, &ru);
	printf("idle pass over %d games: median %.1f ms, slowest %.1f ms (%d passes)\n",
	    games, t[passes / 2] * 1000, t[passes - 1] * 1000, passes);
	printf("peak RSS: %ld KiB\n", ru.ru_maxrss);
	if (reset && (peak = bench_peak_kib()) != -1)
		printf("peak RSS of the passes: %ld KiB (the setup's forgotten)\n", peak);
	loop_close(&lp);
	free(t);
	p = xasprintf("rm -rf '%s'", dir);
	if (system(p) != 0)
		fprintf(stderr, "bench-idle: could not remove %s\n", dir);
	free(p);
	config_free(cf);
	return 0;
}
