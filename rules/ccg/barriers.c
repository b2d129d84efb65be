/*
 * barriers.c — rulebook "Barriers": in the Movement or Search Round a
 * ready character of the kind the Barrier card names (its species or its
 * player's faction, in the card's restrictions) rotates to play it from
 * the hand between its location and an adjacent one; a Barrier blocks
 * movement between the two (characters that may not pass it may go along
 * with one that may); it has defense 0 and its power serves as resistance
 * and hit points: it is discarded once its damage reaches its power, and
 * at once when one of its two locations moves or is destroyed (the two
 * are no longer adjacent, or a rule that moves or replaces a location
 * says so through ccg_barriers_location_changed()). Attacks through a
 * Barrier are combat's to refuse (ccg_barrier_between()).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static void	 ccg_barriers_location_changed(struct rules_game *g, int node,
	    struct rules_events *ev);

static int
piece_seat(const struct ccg_piece *p)
{
	return p->controller >= 0 ? p->controller : p->owner;
}

/* May character pi pass (or play) barrier card b? */
static int
may_pass(const struct rules_game *g, const struct ccg_card *b, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	const char *fac = ccg_faction_name(g->seats[piece_seat(p)].faction);
	char *one = xstrdup(fac);
	size_t n = strlen(one);
	int ok;

	if (n > 1 && one[n - 1] == 's')		/* "Marines" -> "Marine" too */
		one[n - 1] = '\0';
	ok = ccg_card_has_restriction(b, ccg_species_name(p->card->chr.species)) ||
	    ccg_card_has_restriction(b, fac) || ccg_card_has_restriction(b, one);
	free(one);
	return ok;
}

int
ccg_barrier_between(const struct rules_game *g, int a, int b)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone == CCG_Z_PLAY && p->card->type == CCG_CARD_BARRIER &&
		    ((p->node == a && p->barrier_to == b) ||
		    (p->node == b && p->barrier_to == a)))
			return (int)i;
	}
	return -1;
}

int
ccg_barrier_blocks(const struct rules_game *g, const int *who, size_t n,
    int from, int to, char **cause)
{
	int b = ccg_barrier_between(g, from, to);
	size_t i;

	if (b < 0)
		return 0;
	for (i = 0; i < n; i++)
		if (may_pass(g, g->pieces[b].card, who[i]))
			return 0;
	return cause_set(cause, "%s blocks the way from %s to %s and nobody "
	    "moving may pass it", g->pieces[b].id, g->nodes[from].id,
	    g->nodes[to].id);
}

int
ccg_barrier_play(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c;
	struct ccg_piece *p;
	int h, pi, to, bi;

	if ((h = ccg_cards_find(&s->hand, o->what)) < 0)
		return cause_set(cause, "no %s in your hand", o->what);
	c = s->hand.v[h];
	if (c->type != CCG_CARD_BARRIER)
		return cause_set(cause, "%s is not a Barrier", o->what);
	if (!ccg_faction_may_use(c->faction, s->faction))
		return cause_set(cause, "%s is not a card of your faction",
		    o->what);
	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (p->rotated || p->bound || p->hostage)
		return cause_set(cause, "%s is not ready: playing a Barrier "
		    "rotates a ready character", p->id);
	if (!may_pass(g, c, pi))
		return cause_set(cause, "%s is not of the kind %s names", p->id,
		    c->name);
	if ((to = ccg_node_find(g, o->to)) < 0 || !ccg_adjacent(g, p->node, to))
		return cause_set(cause, "%s is not a location adjacent to %s",
		    o->to, g->nodes[p->node].id);
	if (ccg_barrier_between(g, p->node, to) >= 0)
		return cause_set(cause, "a Barrier already stands between %s and "
		    "%s", g->nodes[p->node].id, o->to);
	ccg_cards_take(&s->hand, (size_t)h);
	p->rotated = 1;
	bi = ccg_piece_add(g, c, seat);
	g->pieces[bi].zone = CCG_Z_PLAY;
	g->pieces[bi].node = g->pieces[pi].node;
	g->pieces[bi].barrier_to = to;
	ccg_event(ev, -1, "{\"type\":\"barrier\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"by\":\"%s\",\"between\":[\"%s\",\"%s\"]}", s->name,
	    g->pieces[bi].id, g->pieces[pi].id,
	    g->nodes[g->pieces[bi].node].id, o->to);
	return 0;
}

/* Barrier pi leaves play for the discard pile. */
static void
discard(struct rules_game *g, int pi)
{
	struct ccg_piece *p = &g->pieces[pi];

	ccg_cards_push(&g->seats[p->owner].discard, p->card);
	p->zone = CCG_Z_DEAD;
	p->node = -1;
	p->barrier_to = -1;
}

void
ccg_barriers_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || p->card->type != CCG_CARD_BARRIER)
			continue;
		if (p->damage >= p->card->barrier.power) {
			ccg_event(ev, -1, "{\"type\":\"barrier-destroyed\","
			    "\"piece\":\"%s\"}", p->id);
			discard(g, (int)i);
		} else if (!ccg_adjacent(g, p->node, p->barrier_to))
			ccg_barriers_location_changed(g, p->node, ev);
	}
}

/* Discard every Barrier standing by node (a rule that moves, replaces or
 * destroys a location calls it; ccg_barriers_tidy() also discards a
 * Barrier whose two locations are no longer adjacent). */
static void
ccg_barriers_location_changed(struct rules_game *g, int node,
    struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || p->card->type != CCG_CARD_BARRIER ||
		    (p->node != node && p->barrier_to != node))
			continue;
		ccg_event(ev, -1, "{\"type\":\"barrier-discarded\",\"piece\":"
		    "\"%s\",\"between\":[\"%s\",\"%s\"],\"reason\":\"a "
		    "location it stands by moved or was destroyed\"}", p->id,
		    g->nodes[p->node].id, g->nodes[p->barrier_to].id);
		discard(g, (int)i);
	}
}

void
ccg_barrier_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t k, i, n;
	char *line;

	if (g->phase != CCG_PH_MOVE && g->phase != CCG_PH_SEARCH_DECLARE)
		return;
	for (k = 0; k < s->hand.n; k++) {
		if (s->hand.v[k]->type != CCG_CARD_BARRIER ||
		    ccg_cards_find(&s->hand, s->hand.v[k]->slug) != (int)k)
			continue;
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (p->zone != CCG_Z_PLAY || !ccg_is_character(p) ||
			    p->controller != seat || p->node < 0 || p->rotated)
				continue;
			for (n = 0; n < g->nnodes; n++)
				if (ccg_adjacent(g, p->node, (int)n)) {
					line = xasprintf("barrier %s with %s to %s",
					    s->hand.v[k]->slug, p->id,
					    g->nodes[n].id);
					try(ctx, line);
					free(line);
				}
		}
	}
}
