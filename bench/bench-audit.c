/*
 * bench-audit.c — how long `muthur audit` takes on long games: the audit
 * fixture (tests/audit/fixture.h) records a 4-seat Contact game until it
 * is over or past turn 200 (then abandoned, which opens every secret),
 * exports it and audits it: every signature, opening and event checked
 * and every phase replayed. Prints each audit's wall-clock and CPU time
 * (its threads together), and the time a phase. By default two games: the
 * fixture's seed 1 (won in turn 75) and seed 2 (nobody wins it; abandoned
 * after turn 200: the 200-turn figure).
 *
 *   bench/bench-audit [-e] [-o FILE] [-s SEED] [TURNS]   (one game: seed,
 *                                                        last turn)
 *
 * -e: every seat passes, or orders only what the rules require
 * (afix_endless()), so nobody wins and the game lasts its TURNS turns
 * (seed 2 is won in turn 440 otherwise, and in turn 548 by a policy that
 * only never evacuates): the 1,000-turn figure is bench-audit -e -s 2
 * 1000. Such a game has more phases a turn and fewer events a phase.
 * -o FILE: the exported archive is kept in FILE (to profile `muthur audit
 * FILE` on it). Either way the archive is also audited once by the command
 * itself, `muthur audit FILE` (the muthur next to bench/), in a process
 * of its own: its wall-clock time and its peak RSS, which the in-process
 * figures cannot tell apart from the recording's and the export's.
 *
 * Built by `make bench`; run from the top folder (or set top_srcdir).
 */
#include "config.h"

#include <sys/resource.h>
#include <sys/wait.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spawn.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/audit.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "store/archive.h"
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

extern char **environ;

/*
 * Run argv (stdout to /dev/null) and wait for it: 0 when it exits 0, its
 * peak RSS in *maxrss (KiB); -1 with the reason on stderr.
 */
static int
spawn_wait(char *const argv[], int quiet, long *maxrss)
{
	posix_spawn_file_actions_t fa;
	struct rusage ru;
	pid_t pid;
	int st, rc;

	posix_spawn_file_actions_init(&fa);
	if (quiet)
		posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		fprintf(stderr, "bench-audit: cannot run %s: %s\n", argv[0], strerror(rc));
		return -1;
	}
	if (wait4(pid, &st, 0, &ru) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "bench-audit: %s did not succeed\n", argv[0]);
		return -1;
	}
	*maxrss = ru.ru_maxrss;
	return 0;
}

/*
 * bench-audit -R PLAYED MUTHUR FILE: `MUTHUR audit FILE`, printing its
 * time and peak RSS. A process of its own, started fresh by
 * audit_command(): a process started by this big one would count its
 * peak as the child's (the memory they share until the exec).
 */
static int
audit_command_run(const char *played, char *muthur, char *file)
{
	char *argv[] = { muthur, "audit", file, NULL };
	double t = now();
	long rss;

	if (spawn_wait(argv, 1, &rss) == -1)
		return 1;
	printf("muthur audit of the %s-turn game's archive file: %.3f s, peak RSS %ld "
	    "KiB\n", played, now() - t, rss);
	return 0;
}

/* `muthur audit path` in a process of its own (audit_command_run()); 0,
 * or 1 with the reason on stderr (the archive must audit clean). */
static int
audit_command(const char *muthur, const char *path, int played)
{
	char n[24], *argv[] = { "/proc/self/exe", "-R", n, (char *)muthur, (char *)path,
	    NULL };
	long rss;

	snprintf(n, sizeof n, "%d", played);
	fflush(stdout);
	return spawn_wait(argv, 0, &rss) == -1 ? 1 : 0;
}

/*
 * Record the fixture game of seed until it is over or past turn turns
 * (then abandoned, which opens every secret; never over when endless),
 * export it and audit it three times; 0, or 1 with the reason on stderr.
 */
static int
audit_game(const char *top, const char *muthur, uint64_t seed, int turns, int endless,
    const char *out)
{
	char dir[] = "/tmp/muthur-bench-audit-XXXXXX", *path, *cause = NULL, *text, *file;
	struct audit_report r;
	struct store *st;
	struct afix *f;
	size_t len;
	double t, c, best = 0;
	int phases = 0, n, i, played;

	if (mkdtemp(dir) == NULL)
		return 1;
	path = xasprintf("%s/muthur.db", dir);
	if ((st = store_open(path, &cause)) == NULL ||
	    (f = afix_new(st, top, "bench-1", seed, &cause)) == NULL) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	if (endless)
		afix_endless(f);
	t = now();
	while (!afix_over(f) && afix_turn(f) <= turns) {
		if ((n = afix_play(f, 1, &cause)) == -1) {
			fprintf(stderr, "bench-audit: %s\n", cause);
			return 1;
		}
		phases += n;
	}
	if (!afix_over(f) && afix_abandon(f, &cause) == -1) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	/* abandoned in the turn after the last played; won in the last */
	played = afix_turn(f) > turns ? afix_turn(f) - 1 : afix_turn(f);
	printf("recording (fixture seed %llu, %d phases to turn %d, %s): %.2f s\n",
	    (unsigned long long)seed, phases, afix_turn(f), afix_turn(f) > turns ?
	    "then abandoned" : "over", now() - t);
	t = now();
	if (store_export_text(st, afix_server_key(), "bench-1", &text, &len, &cause) == -1) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	t = now() - t;
	printf("export: %.3f s (%zu bytes)\n", t, len);
	file = out != NULL ? xstrdup(out) : xasprintf("%s/game.archive", dir);
	if (fs_write_file_atomic(file, text, len, 0644, &cause) == -1) {
		fprintf(stderr, "bench-audit: %s\n", cause);
		return 1;
	}
	{
		/* the chain head and every state's hash (the nonces of the
		 * commitments are fresh in every run, these are not) */
		crypto_generichash_state hs;
		unsigned char h[32];
		struct archive *a;
		size_t k;

		if ((a = archive_parse(text, len, &cause)) == NULL) {
			fprintf(stderr, "bench-audit: %s\n", cause);
			return 1;
		}
		crypto_generichash_init(&hs, NULL, 0, sizeof h);
		crypto_generichash_update(&hs, a->head_hash, sizeof a->head_hash);
		for (k = 0; k < a->nstates; k++)
			crypto_generichash_update(&hs, a->states[k].hash, 32);
		crypto_generichash_final(&hs, h, sizeof h);
		printf("digest of the event chain's head and the %zu state hashes: ",
		    a->nstates);
		for (k = 0; k < sizeof h; k++)
			printf("%02x", h[k]);
		printf("\n");
		archive_free(a);
	}
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
		    "events)\n", played, t, cpu() - c, r.phases, r.player_sigs,
		    r.server_sigs, r.openings, r.events);
		if (i == 0 || t < best)
			best = t;
		if (i == 2)
			printf("audit of a %d-turn game: %.3f ms a phase (the fastest run)\n",
			    played, best * 1000 / (double)r.phases);
		audit_report_clear(&r);
	}
	free(text);
	if (audit_command(muthur, file, played) != 0)
		return 1;
	if (out == NULL)
		unlink(file);
	free(file);
	afix_free(f);
	store_close(st);
	free(path);
	afix_store_remove(dir);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	const char *out = NULL;
	char *muthur, *slash;
	int turns = 200, opt, one = 0, endless = 0, rc;
	uint64_t seed = 1;

	if (argc == 5 && strcmp(argv[1], "-R") == 0)
		return audit_command_run(argv[2], argv[3], argv[4]);
	while ((opt = getopt(argc, argv, "eo:s:")) != -1) {
		switch (opt) {
		case 'e':
			endless = 1;
			one = 1;
			break;
		case 'o':
			out = optarg;
			break;
		case 's':
			seed = strtoull(optarg, NULL, 10);
			one = 1;
			break;
		default:
			fprintf(stderr, "usage: bench-audit [-e] [-o FILE] [-s SEED] [TURNS]\n");
			return 2;
		}
	}
	if (optind < argc) {
		turns = atoi(argv[optind]);
		one = 1;
	}
	if (sodium_init() < 0)
		return 1;
	/* the muthur of this build: bench/../muthur */
	if ((slash = strrchr(argv[0], '/')) != NULL)
		muthur = xasprintf("%.*s/../muthur", (int)(slash - argv[0]), argv[0]);
	else
		muthur = xstrdup("../muthur");
	if (one)
		rc = audit_game(top, muthur, seed, turns, endless, out);
	else	/* seed 1: a game won in turn 75 (the figures of earlier runs);
		 * seed 2: one that nobody wins before turn 200 */
		rc = audit_game(top, muthur, 1, 200, 0, NULL) ||
		    audit_game(top, muthur, 2, 200, 0, NULL);
	free(muthur);
	return rc;
}
