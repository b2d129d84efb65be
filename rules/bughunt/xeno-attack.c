/*
 * xeno-attack.c — "The Xenomorph Phase", step 1, and the phase's order:
 * attack, move (an escape advances the hive counter once), spawn; a
 * Xenomorph icon reached meanwhile runs one more phase after this one. It
 * waits for nobody. The attack: each squad's Point Man takes a wound per
 * Xenomorph on its tile; squads sharing a tile share them one at a time,
 * each to the Point Man with the fewest wound tokens (ties: play order),
 * the rule doc/muthur-orders.5 gives for "the players decide".
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

void
bh_xeno_attack(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int cell, seats[BH_SEATS], n, k, i, best;

	(void)rng;
	for (cell = 0; cell < BH_CELLS && g->phase != BH_PH_OVER; cell++) {
		if (g->xenos[cell] == 0 || bh_squads_at(g, cell, NULL) == 0)
			continue;
		bh_event(ev, "{\"type\":\"xenomorphs-attack\",\"cell\":\"%s\",\"wounds\":%d}",
		    bh_cell_name(cell), g->xenos[cell]);
		for (k = 0; k < g->xenos[cell] && g->phase != BH_PH_OVER; k++) {
			if ((n = bh_squads_at(g, cell, seats)) == 0)
				break;
			for (best = seats[0], i = 1; i < n; i++)
				if (g->sq[seats[i]].c[0].ntok < g->sq[best].c[0].ntok)
					best = seats[i];
			bh_wound(g, best, 0, ev);
		}
	}
}

static void
one_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev,
    int spawn_only)
{
	bh_event(ev, "{\"type\":\"xenomorph-phase\",\"spawn_only\":%s}",
	    spawn_only ? "true" : "false");
	if (!spawn_only) {
		bh_xeno_attack(g, rng, ev);
		if (g->phase == BH_PH_OVER)
			return;
		if (bh_xeno_move(g, ev) > 0)
			bh_hive_advance(g, rng, ev, 1);
		if (g->phase == BH_PH_OVER)
			return;
	}
	bh_xeno_spawn(g, rng, ev);
}

void
bh_xeno_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev,
    int spawn_only)
{
	one_phase(g, rng, ev, spawn_only);
	while (g->pending_xeno > 0 && g->phase != BH_PH_OVER) {
		g->pending_xeno--;
		one_phase(g, rng, ev, 0);
	}
	g->pending_xeno = 0;
}
