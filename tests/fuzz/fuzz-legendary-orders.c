/*
 * fuzz-legendary-orders.c — libFuzzer harness for the Legendary orders:
 * a game advanced by the demo player for the first byte's low 7 bits of
 * phases (its high bit: the Predator 2 movie, whose SAMPLE cards discard
 * from every hand and move an enemy in front of a player, instead of the
 * Predator movie's, whose goal attaches and whose Hazard moves two cards
 * together), then the rest of the input as the owing seat's orders. check()
 * gives a reason exactly when it refuses; orders it accepts resolve, and
 * the state saves and loads back to the same bytes.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern const struct rules rules_legendary;

static void *db;

static uint32_t
counter(void *ctx, uint32_t bound)
{
	uint64_t *n = ctx, x = ++*n * 0x9E3779B97F4A7C15ull;

	return (uint32_t)((x ^ (x >> 29)) % bound);
}

static void
load_db(void)
{
	const char *me = __FILE__, *tail = strstr(me, "tests/fuzz/");
	char *path, *bytes;
	size_t len;
	struct rules_file f;

	path = xasprintf("%.*srules/legendary/data/legendary-cards.json",
	    tail != NULL ? (int)(tail - me) : 0, me);
	if (fs_read_file(path, 1 << 20, &bytes, &len, NULL) == -1)
		abort();
	f.name = "legendary-cards.json";
	f.bytes = bytes;
	f.len = len;
	if ((db = rules_legendary.data_load(&f, 1, NULL)) == NULL)
		abort();
	free(path);
	free(bytes);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rules *R = &rules_legendary;
	static const char *const names[2] = { "lieutenant", "tracker" };
	struct rules_seat rs[2];
	struct rules_setup su;
	struct rules_game *g, *back;
	uint64_t n = 0;
	struct rules_rng rng = { counter, &n, NULL, NULL };
	char *orders[2], *text, *cause = NULL, *a, *b, *deck;
	const char *movie = "movie-predator-2";
	size_t i, la, lb, seat;
	int steps, k, rc;

	if (size < 1 || size > 65536)
		return 0;
	if (db == NULL)
		load_db();
	memset(&su, 0, sizeof su);
	for (i = 0; i < 2; i++) {
		deck = xasprintf("experience 7\nbrute-strength 5\n%s 1\n",
		    ((struct lg_db *)db)->cards[((struct lg_db *)db)->avatars[i].role].slug);
		R->seat_build(db, names[i], names[i], deck, strlen(deck), &rs[i], NULL);
		free(deck);
	}
	su.scenario = "humans";
	su.seats = rs;
	su.nseats = 2;
	su.data = db;
	if (data[0] & 0x80) {
		su.options = &movie;
		su.noptions = 1;
	}
	g = R->create(&su, &rng, NULL, NULL);
	for (i = 0; i < 2; i++)
		R->seat_clear(&rs[i]);
	if (g == NULL)
		abort();
	for (steps = data[0] & 0x7f; steps > 0 && strcmp(R->phase(g), "over") != 0; steps--) {
		for (i = 0; i < 2; i++)
			orders[i] = R->owes(g, i) ? R->demo_orders(g, i) : NULL;
		R->resolve(g, (const char *const *)orders, &rng, NULL, NULL);
		free(orders[0]);
		free(orders[1]);
	}
	seat = R->owes(g, 0) ? 0 : 1;
	text = xmalloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	rc = R->check(g, seat, text, &cause);
	if ((rc == -1) != (cause != NULL))
		abort();	/* a reason exactly when refused */
	free(cause);
	cause = NULL;
	if (rc == 0 && R->owes(g, seat)) {
		orders[seat] = text;
		orders[1 - seat] = NULL;
		if (R->resolve(g, (const char *const *)orders, &rng, NULL, &cause) != 0)
			abort();	/* what check() accepts resolves */
	}
	free(cause);
	a = R->save(g, &la);
	if ((back = R->load(db, a, la, NULL)) == NULL)
		abort();
	b = R->save(back, &lb);
	k = la != lb || memcmp(a, b, la) != 0;
	free(a);
	free(b);
	R->free(back);
	R->free(g);
	free(text);
	if (k)
		abort();	/* the state's bytes are canonical */
	return 0;
}
