/*
 * discard-draw.c — rulebook "Discard And Draw Round": each player may
 * discard any cards (never forced to), then refills his hand to his current
 * hand size; a player who still holds more than that draws nothing. Hand
 * size is the scenario's base, +1 for each Leader or Adaptable character
 * (one with both counts once; none while bound: "Binding", bound characters
 * use no Resources), +1 for each Alien Warrior card or token with
 * the Aliens' Queen, +1 for each Rogue hostage, and -1 each time the deck
 * was cycled (the discards shuffled into a new deck when it runs out). No cards are played in this
 * round. A location drawn while one of that name is already in the player's
 * HUD is discarded out of play, not replaced ("Play New Locations").
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
is_warrior(const struct ccg_card *c)
{
	return c->chr.species == CCG_SPECIES_ALIEN &&
	    !(c->keywords & CCG_KW_QUEEN) && ccg_card_has_resource(c, "Warrior");
}

int
ccg_hand_size(const struct rules_game *g, int seat)
{
	const struct ccg_seat *s = &g->seats[seat];
	int n = s->base_hand - s->cycles, queen = -1;
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || !ccg_is_character(p) ||
		    p->controller != seat || p->node < 0)
			continue;
		/* "Adaptable or Leader": one card with both gives +1 */
		if ((p->card->keywords & (CCG_KW_LEADER | CCG_KW_ADAPTABLE)) &&
		    !p->bound)
			n++;
		if (p->hostage && s->faction == CCG_FACTION_ROGUE)
			n++;
		if ((p->card->keywords & CCG_KW_QUEEN) && queen < 0 &&
		    p->card->chr.species == CCG_SPECIES_ALIEN)
			queen = p->node;
	}
	if (queen >= 0) {
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (p->zone == CCG_Z_PLAY && p->controller == seat &&
			    p->node == queen && p->carrier < 0 &&
			    is_warrior(p->card))
				n += 1 + p->tokens;
		}
		if (queen == s->start_node)
			n += s->bc_warriors;
	}
	return n < 0 ? 0 : n;
}

int
ccg_discard(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int i = ccg_cards_find(&s->hand, o->what);

	if (i < 0)
		return cause_set(cause, "no card %s in your hand", o->what);
	ccg_cards_push(&s->discard, ccg_cards_take(&s->hand, (size_t)i));
	ccg_event(ev, -1, "{\"type\":\"discard\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    s->name, o->what);
	return 0;
}

static int
location_in_own_hud(const struct rules_game *g, int seat,
    const struct ccg_card *c)
{
	size_t n;

	if (c->type != CCG_CARD_LOCATION)
		return 0;
	for (n = 0; n < g->nnodes; n++)
		if (strcmp(g->nodes[n].card->name, c->name) == 0 &&
		    ccg_in_hud(g, seat, (int)n))
			return 1;
	return 0;
}

/*
 * Draw until the hand holds `upto` cards (upto < 0: the current hand size,
 * which drops by one at each cycle).
 */
void
ccg_draw_up(struct rules_game *g, int seat, int upto, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct ccg_seat *s = &g->seats[seat];
	int drawn = 0, dup = 0;

	for (;;) {
		const struct ccg_card *c;
		int want = upto >= 0 ? upto : ccg_hand_size(g, seat);

		/* a duplicate location counts as drawn: it is not replaced */
		if ((int)s->hand.n + dup >= want)
			break;
		if (s->deck.n == 0) {
			if (s->discard.n == 0)
				break;
			while (s->discard.n > 0)
				ccg_cards_push(&s->deck,
				    ccg_cards_take(&s->discard, s->discard.n - 1));
			ccg_shuffle(&s->deck, rng);
			s->cycles++;
			ccg_event(ev, -1, "{\"type\":\"cycle\",\"seat\":\"%s\","
			    "\"cycles\":%d,\"deck\":%zu,\"hand_size\":%d}",
			    s->name, s->cycles, s->deck.n, ccg_hand_size(g, seat));
			continue;
		}
		c = ccg_cards_take(&s->deck, 0);
		drawn++;
		if (location_in_own_hud(g, seat, c)) {
			ccg_cards_push(&s->removed, c);
			dup++;
			ccg_event(ev, -1, "{\"type\":\"duplicate-location\","
			    "\"seat\":\"%s\",\"card\":\"%s\"}", s->name, c->slug);
			continue;
		}
		ccg_cards_push(&s->hand, c);
		ccg_event(ev, seat, "{\"type\":\"draw-card\",\"seat\":\"%s\","
		    "\"card\":\"%s\"}", s->name, c->slug);
	}
	if (drawn > 0)
		ccg_event(ev, -1, "{\"type\":\"draw\",\"seat\":\"%s\",\"cards\":%d,"
		    "\"hand\":%zu,\"deck\":%zu}", s->name, drawn - dup,
		    s->hand.n, s->deck.n);
}

void
ccg_draw_round(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->nseats; i++)
		if (g->seats[i].place == 0)
			ccg_draw_up(g, (int)i, -1, rng, ev);
}

/* Feed try() a discard line for each card in seat's hand, each card once. */
void
ccg_discard_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t i;

	for (i = 0; i < s->hand.n; i++)
		if (ccg_cards_find(&s->hand, s->hand.v[i]->slug) == (int)i)
			ccg_tryf(try, ctx, "discard %s", s->hand.v[i]->slug);
}
