/*
 * search.c — rulebook "The Search Round": in Step 1 characters rotate to
 * declare a search of their location; in Step 2 each searching character
 * finds an Item or Supporting Character from its player's hand whose
 * Restrictions the location's Resources match. A found Item goes to the
 * character who searched; a found Supporting Character enters play there
 * (controlled per control.c) and, found this turn, may not search this
 * turn. Aliens find no Items ("Items"); no Supporting Character is found at
 * a Hived location unless it is restricted to that very location ("Hive
 * Construction"); nothing is found at a Submerged location (the overview:
 * no supporting character or item enters play there).
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"

int
ccg_search_declare(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int pi;
	struct ccg_piece *p;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (p->rotated)
		return cause_set(cause, "%s is rotated; searching rotates a ready "
		    "character", o->who[0]);
	if (p->found_turn == g->turn)
		return cause_set(cause, "%s was found this turn and cannot search "
		    "until next turn", o->who[0]);
	if (p->hostage || p->bound)
		return cause_set(cause, "%s cannot search now (%s)", o->who[0],
		    p->hostage ? "a hostage" : "bound");
	p->rotated = 1;
	p->searching = 1;
	ccg_event(ev, -1, "{\"type\":\"search\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"at\":\"%s\"}", g->seats[seat].name, p->id,
	    g->nodes[p->node].id);
	return 0;
}

/* May the character pi find card where it is? */
static int
ccg_findable(const struct rules_game *g, int pi, const struct ccg_card *card,
    char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi];
	const struct ccg_node *n = &g->nodes[p->node];
	size_t s;
	int hived = 0, printed;

	if (ccg_node_submerged(g, p->node))	/* the overview; submerged.c */
		return cause_set(cause, "%s is Submerged: nothing is found there",
		    n->id);
	switch (card->type) {
	case CCG_CARD_ITEM:
	case CCG_CARD_VEHICLE:
		if (p->card->chr.species == CCG_SPECIES_ALIEN)
			return cause_set(cause, "Aliens never find items");
		break;
	case CCG_CARD_SUPPORTING_CHARACTER:
		printed = (n->card->loc.kinds &
		    (CCG_LK_HIVE | CCG_LK_BREEDING_CHAMBER)) != 0;
		hived = printed;	/* whoever played it */
		for (s = 0; s < g->nseats; s++)
			if (ccg_node_hived_for(g, p->node, (int)s))
				hived = 1;
		/* Hived by construction: never; a printed Hive location only
		 * for a card restricted to it (Cocooned Victim) */
		if (hived && (!printed || (!ccg_card_has_restriction(card, "Hive") &&
		    !ccg_card_has_restriction(card, n->card->name))))
			return cause_set(cause, "%s is Hived: no supporting "
			    "character is found there", n->id);
		break;
	default:
		return cause_set(cause, "%s is neither an item nor a supporting "
		    "character", card->slug);
	}
	if (!ccg_card_findable_at(card, n->card))
		return cause_set(cause, "%s's restrictions are not resources of "
		    "%s", card->slug, n->id);
	return 0;
}

int
ccg_search_find(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int pi = ccg_piece_find(g, o->who[0]), hi, np;
	const struct ccg_card *card;
	struct ccg_piece *p;

	if (pi < 0 || !ccg_controls(g, seat, pi) || !g->pieces[pi].searching)
		return cause_set(cause, "%s has not declared a search this turn",
		    o->who[0]);
	if (g->pieces[pi].found)
		return cause_set(cause, "%s has already found a card this turn",
		    o->who[0]);
	hi = ccg_cards_find(&s->hand, o->what);
	if (hi < 0)
		return cause_set(cause, "no card %s in your hand", o->what);
	card = s->hand.v[hi];
	if (ccg_findable(g, pi, card, cause) != 0)
		return -1;
	if (card->type != CCG_CARD_SUPPORTING_CHARACTER &&
	    ccg_item_slot_free(g, pi, card, cause) != 0)
		return -1;
	ccg_cards_take(&s->hand, (size_t)hi);
	np = ccg_piece_add(g, card, seat);
	p = &g->pieces[pi];
	p->found = 1;
	if (card->type == CCG_CARD_SUPPORTING_CHARACTER) {
		g->pieces[np].node = p->node;
		g->pieces[np].found_turn = g->turn;
	} else
		g->pieces[np].carrier = pi;
	ccg_event(ev, -1, "{\"type\":\"find\",\"seat\":\"%s\",\"piece\":\"%s\","
	    "\"card\":\"%s\",\"by\":\"%s\",\"at\":\"%s\"}", s->name,
	    g->pieces[np].id, card->slug, p->id, g->nodes[p->node].id);
	return 0;
}

void
ccg_search_end(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		g->pieces[i].searching = 0;
}

/* Feed try() a search line for each of seat's characters (search.declare). */
void
ccg_search_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (ccg_own_on_board(g, seat, i))
			ccg_tryf(try, ctx, "search %s", g->pieces[i].id);
}

/* Feed try() the find lines of seat's searching characters: each card of its hand once (search.find). */
void
ccg_find_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t i, j;

	for (i = 0; i < g->npieces; i++) {
		if (!ccg_own_on_board(g, seat, i) || !g->pieces[i].searching)
			continue;
		for (j = 0; j < s->hand.n; j++)
			if (ccg_cards_find(&s->hand, s->hand.v[j]->slug) == (int)j)
				ccg_tryf(try, ctx, "find %s with %s",
				    s->hand.v[j]->slug, g->pieces[i].id);
	}
}
