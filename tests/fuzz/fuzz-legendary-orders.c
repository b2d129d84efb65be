/*
 * fuzz-legendary-orders.c — libFuzzer harness for the Legendary orders:
 * a game advanced by the demo player for the first byte's low 7 bits of
 * phases (its high bit: the Predator 2 movie, whose SAMPLE cards discard
 * from every hand and move an enemy in front of a player, instead of the
 * Predator movie's, whose goal attaches and whose Hazard moves two cards
 * together), then the rest of the input as the owing seat's orders. check()
 * gives a reason exactly when it refuses; orders it accepts resolve, and
 * the state saves and loads back to the same bytes.
 *
 * An input whose second byte is 0x01 plants the cards of the effects a
 * demo deal seldom reaches before the orders (its third byte, bits; the
 * orders start at the fourth): bits 0-2 a card face down in the Hills
 * (plants[]: each player discards, in front, the attached goal, a Hazard,
 * you and the next player, the Final Enemy's Marks, an Event); bit 3
 * Defensive Position attached to the Ruins (use GOAL, cover); bit 4 the
 * cards of Show, The Door Swings Both Ways, kill any enemy and The
 * Highest Tech's swap in the owing seat's hand; bit 5 an enemy in front of
 * each player; bit 6 the SAMPLE Aliens Sample Location (its Hazards Mark
 * after, one goes back into the Enemy deck); bit 7 the strikes that can
 * be cancelled (Shattered Rib) on top of the Strike deck.
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

static const char *const plants[8] = { NULL, "personal-little-war-sample-enemy",
	"war-zone-sample-enemy", "defensive-position", "hazard",
	"get-to-the-choppa-sample-enemy", "one-ugly-mother", "event" };
static const char *const hand_plants[] = { "harrigan-sample-2",
	"the-door-swings-both-ways", "blain-sample-1", "the-highest-tech",
	"jurisdictional-intrusion", NULL };

/* The planted cards of mask (see above) in g, whose seat owes orders. */
static void
plant(struct rules_game *g, const struct lg_db *d, unsigned mask, size_t seat)
{
	int c, i;

	if ((mask & 7) != 0 && (c = lg_card_find(d, plants[mask & 7])) >= 0) {
		g->wilds[LG_SPACES - 1] = c;
		g->up[LG_SPACES - 1] = 0;
		g->wid[LG_SPACES - 1] = ++g->entered;
	}
	if ((mask & 8) && (c = lg_card_find(d, "defensive-position")) >= 0)
		g->attached[3] = c + 1;
	for (i = 0; (mask & 16) && hand_plants[i] != NULL; i++)
		if ((c = lg_card_find(d, hand_plants[i])) >= 0 && g->s[seat].hand.n < LG_PILE)
			lg_push(&g->s[seat].hand, c);
	if ((mask & 32) && (c = lg_card_find(d, "war-zone-sample-enemy")) >= 0)
		for (i = 0; i < g->nseats; i++)
			lg_push(&g->s[i].front, c);
	if ((mask & 128) && (c = lg_card_find(d, "shattered-rib")) >= 0) {
		lg_push(&g->strike, c);
		lg_push(&g->strike, c);
	}
}

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
	const char *opts[2] = { "movie-predator-2", "location=aliens-sample-location" };
	size_t i, la, lb, seat, skip = 1;
	unsigned mask = 0;
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
	if (size >= 3 && data[1] == 0x01) {
		mask = data[2];
		skip = 3;
	}
	su.options = (data[0] & 0x80) ? opts : opts + 1;
	su.noptions = ((data[0] & 0x80) != 0) + ((mask & 64) != 0);
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
	if (mask != 0 && strcmp(R->phase(g), "over") != 0)
		plant(g, db, mask, seat);
	text = xmalloc(size);
	memcpy(text, data + skip, size - skip);
	text[size - skip] = '\0';
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
