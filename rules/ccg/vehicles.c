/*
 * vehicles.c — rulebook "Vehicles" and "Special Rules for Vehicles" (the
 * P.T.V.): a character carrying a vehicle drives it. In each Movement Step
 * the vehicle's speed replaces the driver's, less one for each point of
 * damage its hull has taken (damage goes to its armor first, then to the
 * hull); a vehicle never enters a Confined, Cover, Submerged or cross
 * location; it is destroyed when its hull is gone, its riders unharmed.
 *
 * Passengers (design): in the Movement Step, characters of the driver's
 * seat at the vehicle's location that have not moved this turn "board"
 * it, as many as its capacity allows with the driver counted; from then
 * on they go wherever the driver takes the vehicle, at no cost of their
 * own, and do not move on their own (their movement points are 0) until
 * they "alight", which ends their movement for the step. Hostages and
 * Bound characters do not board. When the vehicle is destroyed, dropped
 * or loses its driver, its passengers are left standing where it is.
 *
 * Enclosed vehicles (design): the driver and passengers of an Enclosed
 * vehicle are a location of their own for being together and for control
 * (ccg_together(), used by control.c): a supporting character aboard is
 * controlled only by a Human main aboard with it, one outside only by a
 * Human main outside.
 *
 * Attacks on a vehicle, and close combat by compartment, are in
 * vehicle-attacks.c.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

/* The vehicle piece pi rides, or -1. */
static int
ccg_vehicle_of(const struct rules_game *g, int pi)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].carrier == pi && g->pieces[i].zone == CCG_Z_PLAY &&
		    g->pieces[i].card->type == CCG_CARD_VEHICLE)
			return (int)i;
	return -1;
}

/* Hull damage: what got through the armor. */
static int
hull_damage(const struct ccg_piece *v)
{
	int d = v->damage - v->card->veh.armor;

	return d > 0 ? d : 0;
}

int
ccg_vehicle_speed(const struct rules_game *g, int vi)
{
	const struct ccg_piece *v = &g->pieces[vi];
	int sp = v->card->veh.speed - hull_damage(v);

	return sp < 0 ? 0 : sp;
}

int
ccg_vehicle_driven(const struct rules_game *g, int pi)
{
	return ccg_vehicle_of(g, pi);
}

void
ccg_vehicles_begin(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *v = &g->pieces[i];
		struct ccg_piece *r;
		int sp;

		if (v->zone != CCG_Z_PLAY || v->card->type != CCG_CARD_VEHICLE ||
		    v->carrier < 0)
			continue;
		r = &g->pieces[v->carrier];
		sp = ccg_vehicle_speed(g, (int)i);
		r->mp = r->bound ? 0 : sp;
	}
	for (i = 0; i < g->npieces; i++)	/* passengers ride */
		if (g->pieces[i].riding >= 0)
			g->pieces[i].mp = 0;
}

int
ccg_vehicle_blocks(const struct rules_game *g, const int *who, size_t n,
    int to, char **cause)
{
	const struct ccg_card *c = g->nodes[to].card;
	size_t i;
	int v;

	for (i = 0; i < n; i++)
		if ((v = g->pieces[who[i]].riding) >= 0)
			return cause_set(cause, "%s rides %s and goes where its "
			    "driver takes it; expected \"alight %s\" first",
			    g->pieces[who[i]].id, g->pieces[v].id,
			    g->pieces[who[i]].id);
	if (!(c->loc.kinds & (CCG_LK_CONFINED | CCG_LK_COVER)) &&
	    !ccg_node_submerged(g, to) && c->loc.cls != CCG_LOC_CROSS_HIGH &&
	    c->loc.cls != CCG_LOC_CROSS_LOW)
		return 0;
	for (i = 0; i < n; i++)
		if ((v = ccg_vehicle_of(g, who[i])) >= 0)
			return cause_set(cause, "%s rides %s, and no vehicle enters "
			    "a Confined, Cover, Submerged or cross location such "
			    "as %s", g->pieces[who[i]].id, g->pieces[v].id,
			    g->nodes[to].id);
	return 0;
}

/* Passengers go where their driver took the vehicle, or are left
 * standing when it has none. */
static void
riders_follow(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *r = &g->pieces[i];
		const struct ccg_piece *v, *d;

		if (r->riding < 0)
			continue;
		v = &g->pieces[r->riding];
		d = v->carrier >= 0 ? &g->pieces[v->carrier] : NULL;
		if (r->zone != CCG_Z_PLAY || v->zone != CCG_Z_PLAY || d == NULL ||
		    d->zone != CCG_Z_PLAY || d->node < 0) {
			if (r->zone == CCG_Z_PLAY)
				ccg_event(ev, -1, "{\"type\":\"alight\",\"piece\":"
				    "\"%s\",\"vehicle\":\"%s\",\"at\":\"%s\","
				    "\"left\":true}", r->id, v->id,
				    g->nodes[r->node].id);
			r->riding = -1;
			continue;
		}
		if (r->node == d->node)
			continue;
		ccg_event(ev, -1, "{\"type\":\"ride\",\"piece\":\"%s\","
		    "\"vehicle\":\"%s\",\"from\":\"%s\",\"to\":\"%s\"}", r->id,
		    v->id, g->nodes[r->node].id, g->nodes[d->node].id);
		r->node = d->node;
		r->moved = 1;
	}
}

void
ccg_vehicles_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *v = &g->pieces[i];

		if (v->zone != CCG_Z_PLAY || v->card->type != CCG_CARD_VEHICLE ||
		    hull_damage(v) < v->card->veh.hull)
			continue;
		ccg_cards_push(&g->seats[v->owner].discard, v->card);
		ccg_event(ev, -1, "{\"type\":\"vehicle-destroyed\",\"piece\":"
		    "\"%s\",\"rider\":%s%s%s}", v->id, v->carrier >= 0 ? "\"" : "",
		    v->carrier >= 0 ? g->pieces[v->carrier].id : "null",
		    v->carrier >= 0 ? "\"" : "");
		v->zone = CCG_Z_DEAD;
		v->carrier = -1;
		v->node = -1;
	}
	riders_follow(g, ev);
}

/* Characters aboard vehicle vi besides its driver. */
static int
riders(const struct rules_game *g, int vi)
{
	size_t i;
	int n = 0;

	for (i = 0; i < g->npieces; i++)
		n += g->pieces[i].riding == vi && g->pieces[i].zone == CCG_Z_PLAY;
	return n;
}

static int
alight(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_piece *p;
	int pi;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (p->riding < 0)
		return cause_set(cause, "%s rides no vehicle (a driver drops "
		    "its vehicle instead)", p->id);
	ccg_event(ev, -1, "{\"type\":\"alight\",\"piece\":\"%s\",\"vehicle\":"
	    "\"%s\",\"at\":\"%s\"}", p->id, g->pieces[p->riding].id,
	    g->nodes[p->node].id);
	p->riding = -1;
	p->mp = 0;
	return 0;
}

int
ccg_vehicle_board(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	const struct ccg_piece *v, *d;
	int vi, who[CCG_MAX_GROUP], cap;
	size_t i;

	if (o->verb == CCG_V_ALIGHT)
		return alight(g, seat, o, ev, cause);
	if ((vi = ccg_piece_find(g, o->what)) < 0 ||
	    g->pieces[vi].zone != CCG_Z_PLAY ||
	    g->pieces[vi].card->type != CCG_CARD_VEHICLE)
		return cause_set(cause, "no vehicle %s in play", o->what);
	v = &g->pieces[vi];
	if (v->carrier < 0 || !ccg_controls(g, seat, v->carrier))
		return cause_set(cause, "%s has no driver of yours (a character "
		    "picks it up to drive it)", v->id);
	d = &g->pieces[v->carrier];
	cap = v->card->veh.capacity;
	if (1 + riders(g, vi) + (int)o->nwho > cap)
		return cause_set(cause, "%s carries at most %d character%s, its "
		    "driver included", v->id, cap, cap == 1 ? "" : "s");
	if (ccg_own_group(g, seat, o, who, cause) != 0)
		return -1;
	for (i = 0; i < o->nwho; i++) {
		const struct ccg_piece *p = &g->pieces[who[i]];

		if (who[i] == v->carrier || p->riding >= 0 ||
		    ccg_vehicle_of(g, who[i]) >= 0)
			return cause_set(cause, "%s is aboard a vehicle already",
			    p->id);
		if (p->node != d->node)
			return cause_set(cause, "%s is not at %s with %s", p->id,
			    g->nodes[d->node].id, v->id);
		if (p->moved)
			return cause_set(cause, "%s has moved this turn: riders "
			    "board before moving", p->id);
		if (p->bound || p->hostage || p->hidden)
			return cause_set(cause, "%s cannot board (%s)", p->id,
			    p->bound ? "bound" : p->hostage ? "a hostage" :
			    "moving hidden");
	}
	for (i = 0; i < o->nwho; i++) {
		g->pieces[who[i]].riding = vi;
		g->pieces[who[i]].mp = 0;
		ccg_event(ev, -1, "{\"type\":\"board\",\"seat\":\"%s\","
		    "\"piece\":\"%s\",\"vehicle\":\"%s\",\"at\":\"%s\"}",
		    g->seats[seat].name, g->pieces[who[i]].id, v->id,
		    g->nodes[d->node].id);
	}
	return 0;
}

int
ccg_vehicle_compartment(const struct rules_game *g, int pi)
{
	int v = ccg_vehicle_of(g, pi);

	if (v < 0)
		v = g->pieces[pi].riding;
	return v >= 0 && (g->pieces[v].card->keywords & CCG_KW_ENCLOSED) ?
	    v : -1;
}

int
ccg_together(const struct rules_game *g, int a, int b)
{
	return ccg_piece_at(g, a) == ccg_piece_at(g, b) &&
	    ccg_vehicle_compartment(g, a) == ccg_vehicle_compartment(g, b);
}

void
ccg_vehicle_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, j;
	char *line;

	if (g->phase != CCG_PH_MOVE)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i], *v;

		if (!ccg_controls(g, seat, (int)i) || !ccg_is_character(p))
			continue;
		if (p->riding >= 0) {
			line = xasprintf("alight %s", p->id);
			try(ctx, line);
			free(line);
			continue;
		}
		for (j = 0; j < g->npieces; j++) {
			v = &g->pieces[j];
			if (v->zone != CCG_Z_PLAY || v->card->type !=
			    CCG_CARD_VEHICLE || v->carrier < 0 ||
			    v->carrier == (int)i ||
			    g->pieces[v->carrier].node != p->node)
				continue;
			line = xasprintf("board %s with %s", v->id, p->id);
			try(ctx, line);
			free(line);
		}
	}
}
