/* bench-util.c — shared by the benchmark programs (see bench-util.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench/bench-util.h"
#include "daemon/conf.h"
#include "daemon/game.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"

double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
bench_die(const char *prog, const char *what, const char *cause)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, cause != NULL ? cause : "?");
	exit(1);
}

struct config *
bench_embedded(const char *prog, const char *dir)
{
	static const char *const md[2] = { "in", "out" };
	static const char *const sub[3] = { "new", "cur", "tmp" };
	unsigned char pk[32], sk[64];
	struct config *cf;
	char *p, *cause = NULL, *text;
	size_t i;

	for (i = 0; i < 6; i++) {
		p = xasprintf("%s/var/mail/%s/%s", dir, md[i / 3], sub[i % 3]);
		if (fs_mkdir_p(p, 0700, &cause) == -1)
			bench_die(prog, p, cause);
		free(p);
	}
	key_generate(pk, sk);
	p = xasprintf("%s/var/server.key", dir);
	if (key_secret_write(p, sk, "bench", &cause) == -1)
		bench_die(prog, p, cause);
	free(p);
	text = xasprintf("[store]\npath = var/muthur.db\n[mail]\nin = maildir:var/mail/in\n"
	    "out = maildir:var/mail/out\nfrom = muthur@club.example\n[server]\n"
	    "key = var/server.key\n");
	if ((cf = config_parse(text, "bench.conf", dir, &cause)) == NULL)
		bench_die(prog, "config", cause);
	free(text);
	return cf;
}

void
bench_ccg_games(const char *prog, const struct game_ctx *c, int n,
    const char *const seats[4], char *const keytext[4])
{
	char *name, *email, *cause = NULL;
	int g, k;

	for (g = 0; g < n; g++) {
		name = xasprintf("bench-%d", g);
		if (game_new(c, name, "ccg", "contact", NULL, 0, &cause) == -1)
			bench_die(prog, name, cause);
		for (k = 0; k < 4; k++) {
			email = xasprintf("%s-%d@players.example", seats[k], g);
			if (game_seat(c, name, seats[k], email, keytext[k], NULL, NULL,
			    &cause) < 0)
				bench_die(prog, name, cause);
			free(email);
		}
		if (game_start_now(c, name, &cause) == -1)
			bench_die(prog, name, cause);
		free(name);
	}
}

int
bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
bench_peak_reset(void)
{
	FILE *f;
	int rv;

	if ((f = fopen("/proc/self/clear_refs", "w")) == NULL)
		return -1;
	rv = fputs("5", f) == EOF ? -1 : 0;
	if (fclose(f) == EOF)
		rv = -1;
	return rv;
}

long
bench_peak_kib(void)
{
	char line[256];
	long kib = -1;
	FILE *f;

	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmHWM: %ld kB", &kib) == 1)
			break;
	fclose(f);
	return kib;
}
