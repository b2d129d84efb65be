/*
 * bench-store.c — durable transactions per second of the store (not a
 * test: `make bench`, then ./bench/bench-store [FOLDER]).
 *
 *   store one order mail   record the mail, store the orders, queue the ack
 *   advance a 4-seat phase close, seed, state, 5 events, commitments, next
 *                          phase with its seed, 4 view mails
 *
 * each once per transaction, then grouped (several mails, or several
 * games' phases, per transaction). synchronous=FULL: every commit is on
 * disk when it returns. FOLDER (default $TMPDIR or /tmp) holds the
 * database, so the figure is that file system's. Given a postgresql://
 * URL of an empty database instead, the same on PostgreSQL (the server's
 * own durability settings apply).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>
#include <sqlite3.h>

#include "lib/xmalloc.h"
#include "store/orders.h"
#include "store/phases.h"
#include "store/store.h"
#include "tests/store/fixture.h"

static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
die(const char *what, char *cause)
{
	fprintf(stderr, "bench-store: %s: %s\n", what, cause != NULL ? cause : "?");
	exit(1);
}

static void
bench_mails(struct store *st, const struct fix_game *g, uint64_t *mail, int n, int group)
{
	char *cause = NULL;
	double t0, dt;
	int i, j;

	t0 = now_s();
	for (i = 0; i < n; i += group) {
		if (store_begin(st, &cause) == -1)
			die("begin", cause);
		for (j = 0; j < group; j++, (*mail)++)
			if (fix_order_mail(st, g, (int)(*mail % FIX_SEATS), *mail, 1, &cause) != 0)
				die("order mail", cause);
		if (store_commit(st, &cause) == -1)
			die("commit", cause);
	}
	dt = now_s() - t0;
	printf("store one order mail, %2d per transaction: %8.1f tx/s  %8.1f mails/s  "
	    "(%d mails in %.2f s)\n", group, (n / group) / dt, n / dt, n, dt);
}

/* Give every seat of each game's open phase orders (not timed). */
static void
fill_orders(struct store *st, struct fix_game *games, int ngames, uint64_t *mail)
{
	char *cause = NULL;
	int i, s;

	if (store_begin(st, &cause) == -1)
		die("begin", cause);
	for (i = 0; i < ngames; i++)
		for (s = 0; s < FIX_SEATS; s++, (*mail)++)
			if (fix_order_mail(st, &games[i], s, *mail, 1, &cause) != 0)
				die("order mail", cause);
	if (store_commit(st, &cause) == -1)
		die("commit", cause);
}

static void
bench_advance(struct store *st, const struct server_key *key, struct fix_game *games,
    int ngames, int rounds, uint64_t *mail)
{
	char *cause = NULL;
	double t0, total = 0;
	int r, i;

	for (r = 0; r < rounds; r++) {
		fill_orders(st, games, ngames, mail);
		t0 = now_s();
		if (store_begin(st, &cause) == -1)
			die("begin", cause);
		for (i = 0; i < ngames; i++)
			if (fix_advance(st, key, &games[i], 2, &cause) == -1)
				die("advance", cause);
		if (store_commit(st, &cause) == -1)
			die("commit", cause);
		total += now_s() - t0;
	}
	printf("advance a 4-seat phase, %2d per transaction: %8.1f tx/s  %8.1f phases/s  "
	    "(%d phases in %.2f s)\n", ngames, rounds / total, rounds * ngames / total,
	    rounds * ngames, total);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	struct server_key key;
	struct fix_game games[8];
	struct store *st;
	char *tmpl, *path, *cause = NULL, name[32];
	uint64_t mail = 1;
	int i;

	if (sodium_init() < 0)
		die("libsodium", NULL);
	if (strncmp(dir, "postgresql://", 13) == 0) {
		tmpl = NULL;
		path = xstrdup(dir);
	} else {
		tmpl = xasprintf("%s/muthur-bench-XXXXXX", dir);
		if (mkdtemp(tmpl) == NULL)
			die("mkdtemp", tmpl);
		path = xasprintf("%s/bench.db", tmpl);
	}
	if ((st = store_open(path, &cause)) == NULL)
		die("open", cause);
	if (tmpl != NULL)
		printf("database %s (WAL, synchronous=FULL), SQLite %s\n", path,
		    sqlite3_libversion());
	else
		printf("database %s (%s driver)\n", store_path(st), store_driver_name(st));
	fix_server_key(&key);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof name, "bench-%d", i);
		if (fix_game_new(st, &key, name, 1, &games[i], &cause) == -1)
			die("new game", cause);
	}
	bench_mails(st, &games[0], &mail, 300, 1);
	bench_mails(st, &games[0], &mail, 2000, 20);
	bench_mails(st, &games[0], &mail, 2000, 100);
	/* games[0] now holds orders already: advance it first, then measure. */
	bench_advance(st, &key, games, 1, 100, &mail);
	bench_advance(st, &key, games, 8, 25, &mail);
	store_close(st);
	if (tmpl != NULL) {
		char *cmd = xasprintf("rm -rf '%s'", tmpl);

		if (system(cmd) != 0)
			fprintf(stderr, "bench-store: could not remove %s\n", tmpl);
		free(cmd);
	}
	free(path);
	free(tmpl);
	return 0;
}
