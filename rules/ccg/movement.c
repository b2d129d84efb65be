/*
 * movement.c — rulebook "Step 3: Movement": every character starts the
 * step with movement points equal to its Speed (a permanent event's speed
 * change counts, events-rounds.c); entering an adjacent
 * location costs one; characters may move together as a group; a character
 * with too few points may not move. Also "Dragging/Moving Other Characters"
 * (rotate and pay one extra point per location to drag a character of
 * yours that has not moved; it is rotated too; never a card that may not be
 * moved, such as the Alien Queen), "Hive Movement" (Aliens go between their
 * undamaged Breeding Chamber and any location of their Hive for 2 points)
 * and the overview's cross-location rule (Predators move high to high and
 * Aliens low to low for free while they have a point left). Leaving a
 * location where one is outnumbered costs more (outnumbering.c).
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
#include "rules/ccg/search.h"
#include "rules/ccg/setup.h"

int
ccg_movement_points(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int sp;

	/* ev_speed holds the permanent events' speed here: the round's
	 * own event modifiers ended with the Combat Round (events-play.c,
	 * events-rules.c) */
	sp = ccg_eff_speed(p) + p->ev_speed +
	    ccg_battle_mod(g, CCG_STAT_MOVEMENT, 0);
	return p->bound || sp < 0 ? 0 : sp;
}

void
ccg_movement_begin(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || !ccg_is_character(p))
			continue;
		p->mp = ccg_movement_points(g, (int)i);
	}
}

static int
cannot_move(const struct ccg_card *c)
{
	size_t i;

	for (i = 0; i < c->neffects; i++)
		if (c->effects[i].kind == CCG_EFFECT_CANNOT_MOVE)
			return 1;
	return 0;
}

/*
 * The basic cost of one step for piece pi from node `from` to node `to`
 * (without outnumbering): 1 to an adjacent location, 0 high-to-high for
 * Predators and low-to-low for Aliens, 2 by Hive Movement. -1 with a
 * reason when `to` cannot be reached in one step.
 */
int
ccg_move_cost(const struct rules_game *g, int seat, int pi, int from, int to,
    char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi];
	const struct ccg_card *fc = g->nodes[from].card, *tc = g->nodes[to].card;
	enum ccg_species sp = p->card->chr.species;

	if (from == to)
		return cause_set(cause, "%s is already at %s", p->id,
		    g->nodes[to].id);
	if (ccg_adjacent(g, from, to)) {
		if (sp == CCG_SPECIES_PREDATOR && fc->loc.cls == CCG_LOC_CROSS_HIGH &&
		    tc->loc.cls == CCG_LOC_CROSS_HIGH)
			return 0;
		if (sp == CCG_SPECIES_ALIEN && fc->loc.cls == CCG_LOC_CROSS_LOW &&
		    tc->loc.cls == CCG_LOC_CROSS_LOW)
			return 0;
		return 1;
	}
	if (sp == CCG_SPECIES_ALIEN) {
		/* the Breeding Chamber's effect text: ignored when it is
		 * Damaged (locations.c) */
		int fbc = (fc->loc.kinds & CCG_LK_BREEDING_CHAMBER) &&
		    ccg_in_hud(g, seat, from) &&
		    ccg_node_effect(g, from, CCG_EFFECT_HIVE_MOVEMENT) != NULL;
		int tbc = (tc->loc.kinds & CCG_LK_BREEDING_CHAMBER) &&
		    ccg_in_hud(g, seat, to) &&
		    ccg_node_effect(g, to, CCG_EFFECT_HIVE_MOVEMENT) != NULL;

		if ((fbc && ccg_node_hived_for(g, to, seat)) ||
		    (tbc && ccg_node_hived_for(g, from, seat)))
			return 2;
		if ((fc->loc.kinds & CCG_LK_BREEDING_CHAMBER) &&
		    g->nodes[from].damaged)
			return cause_set(cause, "%s is not adjacent to %s, and "
			    "%s is Damaged: no Hive Movement", g->nodes[to].id,
			    g->nodes[from].id, g->nodes[from].id);
		if ((tc->loc.kinds & CCG_LK_BREEDING_CHAMBER) &&
		    g->nodes[to].damaged)
			return cause_set(cause, "%s is not adjacent to %s, and "
			    "%s is Damaged: no Hive Movement", g->nodes[to].id,
			    g->nodes[from].id, g->nodes[to].id);
	}
	return cause_set(cause, "%s is not adjacent to %s%s", g->nodes[to].id,
	    g->nodes[from].id, sp == CCG_SPECIES_ALIEN ?
	    " and is not reachable by Hive Movement" : "");
}

int
ccg_move(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int who[CCG_MAX_GROUP], from = -1, to, drag = -1, extra, base;
	int cost[CCG_MAX_GROUP];
	size_t i;
	struct ccg_piece *p;

	to = ccg_node_find(g, o->to);
	if (to < 0)
		return cause_set(cause, "no location %s in play; expected a "
		    "location of the battleground", o->to);
	if (ccg_own_group(g, seat, o, who, cause) != 0)
		return -1;
	for (i = 0; i < o->nwho; i++) {
		p = &g->pieces[who[i]];
		if (from >= 0 && p->node != from)
			return cause_set(cause, "%s is not at %s with %s: a group "
			    "moves from one location", o->who[i],
			    g->nodes[from].id, o->who[0]);
		from = p->node;
		if (p->bound)
			return cause_set(cause, "%s is bound and cannot move",
			    p->id);
		if (p->hostage && !ccg_hostage_escorted(g, seat, o))
			return cause_set(cause, "%s is a hostage and only "
			    "follows a Rogue main character openly carrying a "
			    "weapon", p->id);
		if (cannot_move(p->card))
			return cause_set(cause, "%s may not be moved", p->id);
	}
	if (o->drag != NULL) {
		struct ccg_piece *d;

		if (o->nwho != 1)
			return cause_set(cause, "only one character can drag; "
			    "expected \"move CHAR to LOCATION dragging CHAR\"");
		if ((drag = ccg_own_character(g, seat, o->drag, NULL)) < 0)
			return cause_set(cause, "%s is not a character you "
			    "control: you can only drag your own characters",
			    o->drag);
		d = &g->pieces[drag];
		if (d->node != from)
			return cause_set(cause, "%s is not at %s with %s", o->drag,
			    g->nodes[from].id, o->who[0]);
		if (drag == who[0])
			return cause_set(cause, "%s cannot drag itself", o->drag);
		if (cannot_move(d->card))
			return cause_set(cause, "%s may not be moved, not even "
			    "dragged", o->drag);
		if (d->moved && d->dragger != who[0])
			return cause_set(cause, "%s has already moved this turn "
			    "and cannot be dragged", o->drag);
		if (g->pieces[who[0]].rotated &&
		    d->dragger != who[0])
			return cause_set(cause, "%s is rotated: dragging needs a "
			    "ready character to rotate", o->who[0]);
	}
	extra = o->nwho == 0 ? 0 : ccg_outnumber_penalty_in(g, seat, from,
	    ccg_vehicle_compartment(g, who[0]));	/* by compartment */
	for (i = 0; i < o->nwho; i++) {
		char *why = NULL;

		p = &g->pieces[who[i]];
		base = ccg_move_cost(g, seat, who[i], from, to, &why);
		if (base < 0) {
			cause_set(cause, "%s", why);
			free(why);
			return -1;
		}
		/* the free cross-location step needs a point left */
		if (base == 0 && p->mp < 1)
			base = 1;
		cost[i] = base + extra + (i == 0 && drag >= 0 ? 1 : 0);
		if (p->mp < cost[i]) {
			if (extra > 0)
				return cause_set(cause, "%s has %d movement "
				    "point%s and needs %d to leave %s: "
				    "outnumbered by %d enemy main character%s",
				    p->id, p->mp, p->mp == 1 ? "" : "s", cost[i],
				    g->nodes[from].id, extra, extra == 1 ? "" : "s");
			return cause_set(cause, "%s has %d movement point%s and "
			    "needs %d to reach %s", p->id, p->mp,
			    p->mp == 1 ? "" : "s", cost[i], g->nodes[to].id);
		}
	}
	for (i = 0; i < o->nwho; i++) {
		p = &g->pieces[who[i]];
		p->mp -= cost[i];
		p->node = to;
		p->moved = 1;
	}
	if (drag >= 0) {
		struct ccg_piece *d = &g->pieces[drag];

		g->pieces[who[0]].rotated = 1;
		d->rotated = 1;
		d->node = to;
		d->moved = 1;
		d->dragger = who[0];
	}
	for (i = 0; i < o->nwho; i++)
		ccg_event(ev, -1, "{\"type\":\"move\",\"seat\":\"%s\",\"piece\":"
		    "\"%s\",\"from\":\"%s\",\"to\":\"%s\",\"cost\":%d}",
		    g->seats[seat].name, g->pieces[who[i]].id, g->nodes[from].id,
		    g->nodes[to].id, cost[i]);
	if (drag >= 0)
		ccg_event(ev, -1, "{\"type\":\"drag\",\"seat\":\"%s\",\"piece\":"
		    "\"%s\",\"by\":\"%s\",\"to\":\"%s\"}", g->seats[seat].name,
		    g->pieces[drag].id, g->pieces[who[0]].id, g->nodes[to].id);
	return 0;
}

/* Feed try() the move lines of seat: each character to each node, alone or dragging one at its location. */
void
ccg_move_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, j, n;

	for (i = 0; i < g->npieces; i++) {
		if (!ccg_own_on_board(g, seat, i))
			continue;
		for (n = 0; n < g->nnodes; n++) {
			ccg_tryf(try, ctx, "move %s to %s", g->pieces[i].id,
			    g->nodes[n].id);
			for (j = 0; j < g->npieces; j++)
				if (j != i && ccg_own_on_board(g, seat, j) &&
				    g->pieces[j].node == g->pieces[i].node)
					ccg_tryf(try, ctx, "move %s to %s dragging %s",
					    g->pieces[i].id, g->nodes[n].id,
					    g->pieces[j].id);
		}
	}
}
