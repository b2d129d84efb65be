/*
 * bench-audit.c — how long `muthur audit` takes on a 200-turn game: the
 * audit fixture (tests/audit/fixture.h) records a 4-seat Contact game
 * until turn 200 (the engine cannot finish a game yet, so it is then
 * abandoned, which opens every secret), exports it and audits it: every
 * signature, opening and event checked and every phase replayed. Prints
 * each audit's wall-clock and CPU time (its threads together).
 * Built by `make bench`; run from the top folder (or set top_srcdir).
 */
#include "config.h"

#include <sys/resource.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/audit.h"
#include "lib/xmalloc.h"
#include "store/export.h"
#include "tests/audit/fixture.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU seconds of the process so far, all its threads. */
static double
cpu(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	int turns = argc > 1 ? atoi(argv[1]) : 200, phases = 0, n, i;
	char dir[] = "/tmp/muthur-bench-audit-XXXXXX", *path, *cause = NULL, *text;
	struct audit_report r;
	struct store *st;
	struct afix *f;
	size_t len;
	double t, c;

	if (sodium_init() < 0 || mkdtemp(dir) == NULL)
		return 1;
	path = xasprintf("%s/muthur.db", dir);
	if ((st = store_open(path, &cause)) == NULL ||
	    (f = afix_new(st, top, "bench-1", 1, &cause)) == NULL) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	t = now();
	while (!afix_over(f) && afix_turn(f) <= turns) {
		if ((n = afix_play(f, 20, &cause)) == -1) {
			fprintf(stderr, "bench-audit: %s\n", cause);
			return 1;
		}
		phases += n;
	}
	if (!afix_over(f) && afix_abandon(f, &cause) == -1) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	printf("recording (fixture, %d phases to turn %d): %.2f s\n", phases,
	    afix_turn(f), now() - t);
	t = now();
	if (store_export_text(st, afix_server_key(), "bench-1", &text, &len, &cause) == -1) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	printf("export: %.3f s (%zu bytes)\n", now() - t, len);
	for (i = 0; i < 3; i++) {
		t = now();
		c = cpu();
		if (audit_archive(text, len, 0, &r) != 0) {
			fprintf(stderr, "bench-audit: the archive does not audit clean\n");
			audit_report_print(&r, stderr);
			return 1;
		}
		t = now() - t;
		printf("audit of a %d-turn game: %.3f s, %.3f s of CPU (%zu phases replayed, "
		    "%zu player signatures, %zu server signatures, %zu openings, %zu "
		    "events)\n", afix_turn(f), t, cpu() - c, r.phases, r.player_sigs,
		    r.server_sigs, r.openings, r.events);
		audit_report_clear(&r);
	}
	free(text);
	afix_free(f);
	store_close(st);
	free(path);
	afix_store_remove(dir);
	return 0;
}
