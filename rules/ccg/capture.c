/*
 * capture.c — rulebook "Special Rules for Aliens: Capturing and Infecting
 * Opposing Characters" and "Special Rules for Predators: Predator
 * Capturing Rules".
 *
 * A character captured by Aliens goes at once to its captors' Breeding
 * Chamber (zone CCG_Z_CAPTURED, node = the chamber) and its items are
 * dropped there; without a Breeding Chamber it is killed instead. A
 * character captured by a Predator rides on him like an item (zone
 * CCG_Z_CAPTURED, carrier = the Predator) with its own items; each Predator
 * holds one; when he dies or releases it, it comes back into play where he
 * is with damage enough to leave it power 1.
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

int
ccg_breeding_chamber(const struct rules_game *g, int seat)
{
	size_t n;

	for (n = 0; n < g->nnodes; n++)
		if ((g->nodes[n].card->loc.kinds & CCG_LK_BREEDING_CHAMBER) &&
		    ccg_in_hud(g, seat, (int)n))
			return (int)n;
	return -1;
}

int
ccg_captive_of(const struct rules_game *g, int pred)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_CAPTURED &&
		    g->pieces[i].carrier == pred)
			return (int)i;
	return -1;
}

void
ccg_capture_alien(struct rules_game *g, int seat, int pi,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	int bc = ccg_breeding_chamber(g, seat);

	if (bc < 0) {
		ccg_event(ev, -1, "{\"type\":\"capture-failed\",\"piece\":\"%s\","
		    "\"seat\":\"%s\",\"reason\":\"no Breeding Chamber\"}", p->id,
		    g->seats[seat].name);
		ccg_kill(g, pi, ev);
		return;
	}
	p->node = bc;
	ccg_items_drop_all(g, pi, CCG_Z_PLAY);
	p->zone = CCG_Z_CAPTURED;
	p->carrier = -1;
	p->rotated = 1;
	ccg_event(ev, -1, "{\"type\":\"captured\",\"piece\":\"%s\",\"seat\":"
	    "\"%s\",\"at\":\"%s\"}", p->id, g->seats[seat].name, g->nodes[bc].id);
}

void
ccg_capture_predator(struct rules_game *g, int pred, int pi,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];

	p->zone = CCG_Z_CAPTURED;
	p->carrier = pred;
	p->node = -1;
	p->rotated = 1;
	ccg_event(ev, -1, "{\"type\":\"captured\",\"piece\":\"%s\",\"seat\":"
	    "\"%s\",\"by\":\"%s\"}", p->id,
	    g->seats[g->pieces[pred].controller >= 0 ?
	    g->pieces[pred].controller : g->pieces[pred].owner].name,
	    g->pieces[pred].id);
}

void
ccg_capture_free(struct rules_game *g, int pred, struct rules_events *ev)
{
	int ci = ccg_captive_of(g, pred);
	struct ccg_piece *c;

	if (ci < 0)
		return;
	c = &g->pieces[ci];
	c->zone = CCG_Z_PLAY;
	c->carrier = -1;
	c->node = g->pieces[pred].node;
	c->damage = c->card->chr.power - 1;
	if (c->damage < 0)
		c->damage = 0;
	ccg_event(ev, -1, "{\"type\":\"freed\",\"piece\":\"%s\",\"from\":\"%s\","
	    "\"at\":\"%s\"}", c->id, g->pieces[pred].id,
	    c->node >= 0 ? g->nodes[c->node].id : "");
}

/*
 * "A Predator with a captured character who begins the Movement Round in
 * any Predator Ship location may rotate to evacuate the captured
 * character": it leaves the game with its items, the Predator readies
 * again at once, and the player earns its honor value plus 1. It is an
 * evacuation of Step 1, so the Note there holds: not while an enemy is
 * present at that location (ccg_evacuation_blocked(); doc/ccg-rules-map.md).
 */
static int
evacuate_captive(struct rules_game *g, int seat, int ci,
    struct rules_events *ev, char **cause)
{
	struct ccg_piece *c = &g->pieces[ci], *pred = &g->pieces[c->carrier];
	int h;

	if (pred->controller != seat)
		return cause_set(cause, "%s is not held by a Predator of yours",
		    c->id);
	if (pred->rotated || pred->bound)
		return cause_set(cause, "%s must be ready to rotate and evacuate "
		    "his captive", pred->id);
	if (pred->node < 0 ||
	    !(g->nodes[pred->node].card->loc.kinds & CCG_LK_PREDATOR_SHIP))
		return cause_set(cause, "%s is not at a Predator Ship location",
		    pred->id);
	if (ccg_evacuation_blocked(g, seat, pred->node, cause))
		return -1;
	h = ccg_kill_honor(g, ci) + 1;
	g->seats[seat].honor += h;
	ccg_items_drop_all(g, ci, CCG_Z_REMOVED);
	ccg_cards_push(&g->seats[c->owner].removed, c->card);
	c->zone = CCG_Z_REMOVED;
	c->carrier = -1;
	c->node = -1;
	ccg_event(ev, -1, "{\"type\":\"captive-evacuated\",\"seat\":\"%s\","
	    "\"piece\":\"%s\",\"by\":\"%s\",\"honor\":%d,\"total\":%d}",
	    g->seats[seat].name, c->id, pred->id, h, g->seats[seat].honor);
	return 0;
}

int
ccg_evacuate_any(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int ci = ccg_piece_find(g, o->who[0]);

	if (ci >= 0 && g->pieces[ci].zone == CCG_Z_CAPTURED &&
	    g->pieces[ci].carrier >= 0)
		return evacuate_captive(g, seat, ci, ev, cause);
	return ccg_evacuate(g, seat, o, ev, cause);
}
