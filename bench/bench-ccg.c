/*
 * bench-ccg.c — how fast the CCG engine creates, saves, loads, lists legal
 * orders and resolves phases (rules/rules.h), on the sample decks.
 * Built by `make bench`; run from the top folder (or set top_srcdir).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/deck.h"
#include "rules/rules.h"

static uint32_t
uniform(void *ctx, uint32_t bound)
{
	uint64_t *x = ctx;

	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)((*x >> 33) % bound);	/* a bench needs no exact fairness */
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
seat_from_deck(const struct ccg_carddb *db, const char *top, const char *f,
    struct rules_seat *rs)
{
	char *path = xasprintf("%s/rules/ccg/data/%s.deck", top, f), *text;
	char *cause = NULL;
	size_t len;

	if (fs_read_file(path, 1 << 20, &text, &len, &cause) != 0 ||
	    ccg_decklist_seat(db, path, f, f, text, len, rs, &cause) != 0) {
		fprintf(stderr, "bench-ccg: %s\n", cause);
		exit(1);
	}
	free(text);
	free(path);
}

int
main(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	const char *f[4] = { "rogue", "marines", "predator", "aliens" };
	char *cards = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	const char *paths[1] = { cards };
	const struct rules *R = rules_find("ccg");
	struct ccg_carddb *db = ccg_carddb_load(paths, 1, NULL);
	struct rules_seat seats[4];
	struct rules_setup su;
	uint64_t x = 1;
	struct rules_rng rng = { uniform, &x, NULL, NULL };
	struct rules_game *g;
	double t;
	char *bytes;
	size_t len, i, s;
	int n, phases = 0;

	if (db == NULL) {
		fprintf(stderr, "bench-ccg: cannot load %s\n", cards);
		return 1;
	}
	for (i = 0; i < 4; i++)
		seat_from_deck(db, top, f[i], &seats[i]);
	su.scenario = "contact";
	su.seats = seats;
	su.nseats = 4;
	su.data = db;
	su.places = 1;
	su.await_legal = 0;
	su.options = NULL;
	su.noptions = 0;

	t = now();
	for (n = 0; n < 200; n++)
		R->free(R->create(&su, &rng, NULL, NULL));
	printf("create (4 seats, setup to the first phase that waits): %.3f ms\n",
	    (now() - t) * 1000 / n);

	g = R->create(&su, &rng, NULL, NULL);
	bytes = R->save(g, &len);
	t = now();
	for (n = 0; n < 1000; n++)
		R->free(R->load(db, bytes, len, NULL));
	printf("load (%zu bytes): %.3f ms\n", len, (now() - t) * 1000 / n);
	free(bytes);
	t = now();
	for (n = 0; n < 1000; n++)
		free(R->save(g, NULL));
	printf("save: %.3f ms\n", (now() - t) * 1000 / n);
	t = now();
	for (n = 0; n < 200; n++)
		for (s = 0; s < 4; s++)
			free(R->legal(g, s));
	printf("legal orders of one seat: %.3f ms\n", (now() - t) * 1000 / n / 4);
	t = now();
	for (n = 0; n < 100 && R->turn(g) < 50; n++) {
		R->resolve(g, NULL, &rng, NULL, NULL);
		phases++;
	}
	printf("resolve (everyone passes): %.3f ms per phase (%d phases, to turn %d)\n",
	    (now() - t) * 1000 / phases, phases, R->turn(g));
	R->free(g);
	for (i = 0; i < 4; i++) {
		ccg_decklist_seat_clear(&seats[i]);
	}
	ccg_carddb_free(db);
	free(cards);
	return 0;
}
