/*
 * items.c — rulebook "Picking Up, Transferring, and Dropping Items": in the
 * Movement Round a character picks up an item at its location, or receives
 * one from another character of yours there, for one movement point per
 * item — or, in the Movement or Search Round, by rotating instead. Items
 * dropped by anyone may be picked up. Dropping is free in the Movement and
 * Search Rounds. Aliens never pick up or find items ("Items"). The overview
 * limits a character to one weapon and one armor carried.
 *
 * Who may use an item (section 2, "Resources and Restrictions", "Items"):
 * only characters with the Predator resource use Predator Items, and
 * Predators never use Human Items (the green-framed cards: faction Human,
 * Marines or Rogue). Predators may still pick up and carry them. An item
 * its carrier may not use gives it nothing (no attack, bonus, armor,
 * hidden movement, immunity, healing, blade) and takes none of its weapon
 * or armor slots: the slots are for the items a character uses.
 *
 * Dropping outside the Movement and Search Rounds takes a rotation
 * ("drop ITEM rotating"); a bound character neither drops nor hands on
 * an item ("Binding": bound characters may not drop items).
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
is_human_item(const struct ccg_card *c)
{
	return c->faction == CCG_FACTION_HUMAN ||
	    c->faction == CCG_FACTION_MARINES || c->faction == CCG_FACTION_ROGUE;
}

int
ccg_item_usable(const struct rules_game *g, int pi, const struct ccg_card *c,
    char **cause)
{
	const struct ccg_card *w = g->pieces[pi].card;

	if (c->type != CCG_CARD_ITEM)
		return 0;
	if (w->chr.species == CCG_SPECIES_ALIEN)
		return cause_set(cause, "%s is an Alien: Aliens never use items",
		    g->pieces[pi].id);
	if (ccg_card_has_restriction(c, "Predator Item") &&
	    w->chr.species != CCG_SPECIES_PREDATOR &&
	    !ccg_card_has_resource(w, "Predator"))
		return cause_set(cause, "%s is a Predator Item: only characters "
		    "with the Predator resource use it", c->slug);
	if (w->chr.species == CCG_SPECIES_PREDATOR && is_human_item(c) &&
	    !ccg_card_has_restriction(c, "Predator Item"))
		return cause_set(cause, "%s is a Human Item: Predators cannot use "
		    "Human Items (they may carry them)", c->slug);
	return 0;
}

/* May carrier take item (one weapon and one armor at a time, of the items
 * it can use)? */
int
ccg_item_slot_free(const struct rules_game *g, int carrier,
    const struct ccg_card *item, char **cause)
{
	size_t i;

	if (item->type != CCG_CARD_ITEM || (item->item.kind != CCG_ITEM_WEAPON &&
	    item->item.kind != CCG_ITEM_ARMOR) ||
	    ccg_item_usable(g, carrier, item, NULL) != 0)
		return 0;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->carrier == carrier && p->zone == CCG_Z_PLAY &&
		    p->card->type == CCG_CARD_ITEM &&
		    p->card->item.kind == item->item.kind &&
		    ccg_item_usable(g, carrier, p->card, NULL) == 0)
			return cause_set(cause, "%s already carries %s %s (%s); "
			    "drop it first", g->pieces[carrier].id,
			    item->item.kind == CCG_ITEM_WEAPON ? "a weapon" :
			    "an armor", "item", p->id);
	}
	return 0;
}

/* Items carried by pi fall to its location (death) or leave with it. */
void
ccg_items_drop_all(struct rules_game *g, int pi, int zone)
{
	size_t i;
	int node = g->pieces[pi].node;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if (p->carrier != pi || p->zone != CCG_Z_PLAY)
			continue;
		if (zone == CCG_Z_PLAY) {
			p->carrier = -1;
			p->node = node;
		} else {
			p->zone = zone;
			p->carrier = -1;
			p->node = -1;
		}
	}
}

int
ccg_free_drop_phase(int phase)
{
	switch (phase) {
	case CCG_PH_EVACUATE:	/* the Steps of the Movement Round */
	case CCG_PH_LOCATIONS:
	case CCG_PH_MOVE:
	case CCG_PH_MATURE:
	case CCG_PH_SEARCH_DECLARE:	/* the Search Round */
	case CCG_PH_SEARCH_FIND:
		return 1;
	}
	return 0;
}

/* The receiving character pays: a movement point (Movement Round) or a
 * rotation (Movement or Search Round). */
static int
pay(struct rules_game *g, int pi, int rotate, char **cause)
{
	struct ccg_piece *p = &g->pieces[pi];

	if (g->phase != CCG_PH_MOVE)
		rotate = 1;
	if (rotate) {
		if (p->rotated)
			return cause_set(cause, "%s is rotated; it must be ready "
			    "to rotate for this", p->id);
		p->rotated = 1;
		return 0;
	}
	if (p->mp < 1)
		return cause_set(cause, "%s has no movement point left; add "
		    "\"rotating\" to rotate instead", p->id);
	p->mp--;
	return 0;
}

/* The character that would take an item, or -1 with a reason. */
static int
may_take(const struct rules_game *g, int seat, const char *name, char **cause)
{
	const struct ccg_piece *w;
	int who;

	if ((who = ccg_own_character(g, seat, name, cause)) < 0)
		return -1;
	w = &g->pieces[who];
	if (w->card->chr.species == CCG_SPECIES_ALIEN)
		return cause_set(cause, "%s is an Alien: Aliens never pick up "
		    "items", name);
	if (w->hostage)
		return cause_set(cause, "%s is a hostage and cannot be made to "
		    "pick up items", name);
	if (w->bound)
		return cause_set(cause, "%s is bound", name);
	return who;
}

int
ccg_items_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int it = ccg_piece_find(g, o->what), who, from;
	struct ccg_piece *item;

	if (it < 0 || g->pieces[it].zone != CCG_Z_PLAY ||
	    (g->pieces[it].card->type != CCG_CARD_ITEM &&
	    g->pieces[it].card->type != CCG_CARD_VEHICLE))
		return cause_set(cause, "no item %s in play", o->what);
	item = &g->pieces[it];
	switch (o->verb) {
	case CCG_V_DROP:
		if (item->carrier < 0 || !ccg_controls(g, seat, item->carrier))
			return cause_set(cause, "%s is not carried by a character "
			    "you control", o->what);
		from = item->carrier;
		if (g->pieces[from].bound)
			return cause_set(cause, "%s is bound: bound characters do "
			    "not drop items", g->pieces[from].id);
		if (!ccg_free_drop_phase(g->phase)) {
			if (!o->rotate)
				return cause_set(cause, "outside the Movement and "
				    "Search Rounds a character drops an item by "
				    "rotating: add \"rotating\"");
			if (g->pieces[from].rotated)
				return cause_set(cause, "%s is rotated; it must be "
				    "ready to rotate for this", g->pieces[from].id);
			g->pieces[from].rotated = 1;
		}
		item->node = g->pieces[from].node;
		item->carrier = -1;
		ccg_event(ev, -1, "{\"type\":\"drop\",\"seat\":\"%s\",\"item\":"
		    "\"%s\",\"by\":\"%s\",\"at\":\"%s\"}", g->seats[seat].name,
		    item->id, g->pieces[from].id, g->nodes[item->node].id);
		return 0;
	case CCG_V_PICKUP:
		if ((who = may_take(g, seat, o->who[0], cause)) < 0)
			return -1;
		if (item->carrier >= 0)
			return cause_set(cause, "%s is carried by %s; expected an "
			    "item lying at the location", o->what,
			    g->pieces[item->carrier].id);
		if (item->node != g->pieces[who].node)
			return cause_set(cause, "%s is not at %s's location %s",
			    o->what, o->who[0], g->nodes[g->pieces[who].node].id);
		if (ccg_item_slot_free(g, who, item->card, cause) != 0 ||
		    pay(g, who, o->rotate, cause) != 0)
			return -1;
		item->carrier = who;
		item->node = -1;
		ccg_event(ev, -1, "{\"type\":\"pickup\",\"seat\":\"%s\",\"item\":"
		    "\"%s\",\"by\":\"%s\"}", g->seats[seat].name, item->id,
		    g->pieces[who].id);
		return 0;
	case CCG_V_TRANSFER:
		if ((who = may_take(g, seat, o->who[0], cause)) < 0)
			return -1;
		from = item->carrier;
		if (from < 0 || !ccg_controls(g, seat, from))
			return cause_set(cause, "%s is not carried by a character "
			    "you control", o->what);
		if (g->pieces[from].bound)
			return cause_set(cause, "%s is bound: bound characters do "
			    "not drop or hand on items", g->pieces[from].id);
		if (from == who)
			return cause_set(cause, "%s already carries %s", o->who[0],
			    o->what);
		if (g->pieces[from].node != g->pieces[who].node)
			return cause_set(cause, "%s and %s are not at the same "
			    "location", g->pieces[from].id, o->who[0]);
		if (ccg_item_slot_free(g, who, item->card, cause) != 0 ||
		    pay(g, who, o->rotate, cause) != 0)
			return -1;
		item->carrier = who;
		ccg_event(ev, -1, "{\"type\":\"transfer\",\"seat\":\"%s\",\"item\":"
		    "\"%s\",\"from\":\"%s\",\"to\":\"%s\"}", g->seats[seat].name,
		    item->id, g->pieces[from].id, g->pieces[who].id);
		return 0;
	}
	return cause_set(cause, "not an item order");
}

/*
 * Feed try() the pickup, transfer and drop lines of seat's characters
 * (the verb table lists them with pickup): free in movement.move, by
 * rotating only in search.declare.
 */
void
ccg_item_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	int rotating_only = g->phase == CCG_PH_SEARCH_DECLARE;
	size_t i, j;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->zone != CCG_Z_PLAY || (it->card->type != CCG_CARD_ITEM &&
		    it->card->type != CCG_CARD_VEHICLE))
			continue;
		if (it->carrier >= 0 && g->pieces[it->carrier].controller == seat)
			ccg_tryf(try, ctx, "drop %s", it->id);
		for (j = 0; j < g->npieces; j++) {
			if (!ccg_own_on_board(g, seat, j) || (int)j == it->carrier)
				continue;
			if (it->carrier < 0 && it->node == g->pieces[j].node) {
				if (!rotating_only)
					ccg_tryf(try, ctx, "pickup %s with %s", it->id,
					    g->pieces[j].id);
				ccg_tryf(try, ctx, "pickup %s with %s rotating", it->id,
				    g->pieces[j].id);
			} else if (it->carrier >= 0 &&
			    g->pieces[it->carrier].controller == seat &&
			    g->pieces[it->carrier].node == g->pieces[j].node) {
				if (!rotating_only)
					ccg_tryf(try, ctx, "transfer %s to %s", it->id,
					    g->pieces[j].id);
				ccg_tryf(try, ctx, "transfer %s to %s rotating", it->id,
				    g->pieces[j].id);
			}
		}
	}
}
