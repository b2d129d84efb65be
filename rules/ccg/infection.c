/*
 * infection.c — rulebook "Infected Characters": in every Ready Round each
 * infected character rolls a die; on 1 or 2 the embryo bursts out: the
 * character dies (its items fall where it was) and, when an Aliens seat
 * has a Breeding Chamber, a Chest Burster token is placed there.
 */
#include "config.h"

#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/turn.h"

void
ccg_infection_roll(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	size_t i, s;

	if (rng == NULL)	/* a test edit entering the phase: no dice */
		return;
	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int roll, to = -1;

		if (p->zone != CCG_Z_PLAY || !p->infected || !ccg_is_character(p))
			continue;
		roll = 1 + (int)rng->uniform(rng->ctx, 6);
		ccg_event(ev, -1, "{\"type\":\"burst-roll\",\"piece\":\"%s\","
		    "\"roll\":%d}", p->id, roll);
		if (roll > 2)
			continue;
		for (s = 0; s < g->nseats && to < 0; s++)
			if (g->seats[s].faction == CCG_FACTION_ALIENS &&
			    ccg_breeding_chamber(g, (int)s) >= 0)
				to = (int)s;
		ccg_kill(g, (int)i, ev);
		p->infected = 0;
		if (to >= 0) {
			g->seats[to].bc_bursters++;
			/* a Pet host's Chest Burster may become a Pet
			 * Hybrid (molting.c) */
			if (ccg_card_has_resource(p->card, "Pet"))
				g->seats[to].bc_pet++;
		}
		ccg_event(ev, -1, "{\"type\":\"chest-burster\",\"host\":\"%s\","
		    "\"seat\":%s%s%s,\"born\":%s}", p->id, to >= 0 ? "\"" : "",
		    to >= 0 ? g->seats[to].name : "null", to >= 0 ? "\"" : "",
		    to >= 0 ? "true" : "false");
	}
}
