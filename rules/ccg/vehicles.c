/*
 * vehicles.c — rulebook "Vehicles" (the P.T.V.): a character carrying a
 * vehicle rides it. In each Movement Step the vehicle's speed replaces the
 * rider's, less one for each point of damage its hull has taken (damage
 * goes to its armor first, then to the hull); a vehicle never enters a
 * Confined, Cover, Submerged or cross location; it is destroyed when its
 * hull is gone, its riders unharmed. (Damaging it is combat's; Enclosed
 * vehicles as a location of their own are not modelled.)
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"

int
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
		sp = v->card->veh.speed - hull_damage(v);
		r->mp = r->bound || sp < 0 ? 0 : sp;
	}
}

int
ccg_vehicle_blocks(const struct rules_game *g, const int *who, size_t n,
    int to, char **cause)
{
	const struct ccg_card *c = g->nodes[to].card;
	size_t i;
	int v;

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
}
