/*
 * mature.c — rulebook "Step 4: Aliens Mature" and "Capturing and Infecting
 * Opposing Characters", the automatic part: at the start of each Aliens
 * Mature Step the Chest Burster tokens on a seat's Breeding Chamber must
 * mature into Alien Warrior tokens; then every character captured and
 * lying at that Breeding Chamber dies and leaves a new Chest Burster token
 * (which matures at the next step). A captured Synthetic is no host: it
 * dies without one ("Synthetic").
 */
#include "config.h"

#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"

void
ccg_mature_begin(struct rules_game *g, struct rules_events *ev)
{
	size_t s, i;

	for (s = 0; s < g->nseats; s++) {
		struct ccg_seat *st = &g->seats[s];
		int bc = ccg_breeding_chamber(g, (int)s), grown = st->bc_bursters;

		if (st->faction != CCG_FACTION_ALIENS || bc < 0)
			continue;
		if (grown > 0) {
			st->bc_warriors += grown;
			st->bc_bursters = 0;
			ccg_event(ev, -1, "{\"type\":\"mature-tokens\",\"seat\":"
			    "\"%s\",\"chest_bursters\":%d,\"alien_warriors\":%d}",
			    st->name, grown, st->bc_warriors);
		}
		for (i = 0; i < g->npieces; i++) {
			struct ccg_piece *p = &g->pieces[i];
			int host;

			if (p->zone != CCG_Z_CAPTURED || p->carrier >= 0 ||
			    p->node != bc)
				continue;
			host = p->card->chr.species != CCG_SPECIES_SYNTHETIC;
			ccg_kill(g, (int)i, ev);
			if (host)
				st->bc_bursters++;
			ccg_event(ev, -1, "{\"type\":\"chest-burster\",\"seat\":"
			    "\"%s\",\"host\":\"%s\",\"born\":%s}", st->name, p->id,
			    host ? "true" : "false");
		}
	}
}
