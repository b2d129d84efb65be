/*
 * hostages.c — rulebook "Rogues And Hostages" and "Hostages and
 * Liberation": a non-Rogue Human supporting character with no Marine
 * main character at its location becomes the Rogues' hostage when the
 * Rogues control it or a Rogue main character openly carrying a weapon is
 * there (it then drops its items); a hostage moves only together with such an armed
 * Rogue; when no Rogue main character is left with a hostage and a Marine
 * main character is there, the Marines liberate it (marked: it counts
 * double for their rescue quota). Counting hostages double for the
 * Rogues' evacuation and +1 hand size each are evacuation.c's and
 * discard-draw.c's.
 */
#include "config.h"

#include <string.h>

#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"

static int
seat_of(const struct ccg_piece *p)
{
	return p->controller >= 0 ? p->controller : p->owner;
}

/* Does main character pi openly carry a weapon (not concealed)? */
static int
armed(const struct rules_game *g, int pi)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->carrier == pi && it->zone == CCG_Z_PLAY &&
		    it->card->type == CCG_CARD_ITEM &&
		    it->card->item.kind == CCG_ITEM_WEAPON && !it->concealed)
			return 1;
	}
	return 0;
}

/* The seat of a main character of faction together with piece who (the
 * same location, and inside the same Enclosed vehicle or both outside:
 * vehicles.c), armed if asked and not moving hidden, or -1. */
static int
main_at(const struct rules_game *g, int faction, int who, int need_arms)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || p->carrier >= 0 ||
		    !ccg_together(g, (int)i, who) ||
		    !ccg_is_main(p) || p->hidden ||
		    g->seats[seat_of(p)].faction != faction)
			continue;
		if (!need_arms || armed(g, (int)i))
			return seat_of(p);
	}
	return -1;
}

void
ccg_hostages_update(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int r, m, by_control;

		if (p->zone != CCG_Z_PLAY || p->node < 0 || p->carrier >= 0 ||
		    p->card->type != CCG_CARD_SUPPORTING_CHARACTER ||
		    p->card->chr.species != CCG_SPECIES_HUMAN ||
		    p->card->faction == CCG_FACTION_ROGUE)
			continue;
		if (p->hostage) {
			if (main_at(g, CCG_FACTION_ROGUE, (int)i, 0) >= 0 ||
			    (m = main_at(g, CCG_FACTION_MARINES, (int)i, 0)) < 0)
				continue;
			p->hostage = 0;
			p->liberated = 1;
			p->controller = m;
			ccg_event(ev, -1, "{\"type\":\"liberated\",\"piece\":\"%s\","
			    "\"seat\":\"%s\",\"at\":\"%s\"}", p->id,
			    g->seats[m].name, g->nodes[p->node].id);
			continue;
		}
		by_control = p->controller >= 0 &&
		    g->seats[p->controller].faction == CCG_FACTION_ROGUE;
		r = main_at(g, CCG_FACTION_MARINES, (int)i, 0) >= 0 ? -1 :
		    by_control ? p->controller :
		    main_at(g, CCG_FACTION_ROGUE, (int)i, 1);
		if (r < 0)
			continue;
		p->hostage = 1;
		p->controller = r;
		ccg_items_drop_all(g, (int)i, CCG_Z_PLAY);
		ccg_event(ev, -1, "{\"type\":\"hostage\",\"piece\":\"%s\",\"seat\":"
		    "\"%s\",\"at\":\"%s\"}", p->id, g->seats[r].name,
		    g->nodes[p->node].id);
	}
}

int
ccg_hostage_escorted(const struct rules_game *g, int seat,
    const struct ccg_order *o)
{
	size_t i;
	int pi;

	if (g->seats[seat].faction != CCG_FACTION_ROGUE)
		return 0;
	for (i = 0; i < o->nwho; i++)
		if ((pi = ccg_piece_find(g, o->who[i])) >= 0 &&
		    ccg_is_main(&g->pieces[pi]) && !g->pieces[pi].hostage &&
		    ccg_controls(g, seat, pi) && armed(g, pi))
			return 1;
	return 0;
}
