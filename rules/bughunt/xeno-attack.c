/*
 * xeno-attack.c — "The Xenomorph Phase", step 1, and the phase's order:
 * attack, move (an escape advances the hive counter once), spawn; a
 * Xenomorph icon reached meanwhile runs one more phase after this one. It
 * waits for nobody. The attack: each squad's Point Man takes a wound per
 * Xenomorph on its tile. Squads sharing a tile: the players decide, each
 * by its standing `prefer shared-wounds first|even|last|N` (choices.c):
 * the wounds go one at a time to the Point Man of a squad that takes
 * them first (or has taken fewer than its N), else evenly, else last,
 * else to one past its N; among equal choices to the one with the
 * fewest wound tokens (ties: play order) — with every squad even, the
 * rule the game had before the choice.
 */
#include "config.h"

#include <string.h>

#include "rules/bughunt/bughunt.h"

/* Does squad a's Point Man take the next shared wound before b's (got:
 * the tile's wounds each squad took so far in this attack)? */
static int
takes_before(const struct rules_game *g, int a, int b, const int *got)
{
	int ra = bh_pref_rank(g->sq[a].wound_pref, got[a]);
	int rb = bh_pref_rank(g->sq[b].wound_pref, got[b]);

	if (ra != rb)
		return ra < rb;
	return g->sq[a].c[0].ntok < g->sq[b].c[0].ntok;
}

void
bh_xeno_attack(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int cell, seats[BH_SEATS], n, k, i, best, got[BH_SEATS];

	(void)rng;
	for (cell = 0; cell < BH_CELLS && g->phase != BH_PH_OVER; cell++) {
		if (g->xenos[cell] == 0 || bh_squads_at(g, cell, NULL) == 0)
			continue;
		memset(got, 0, sizeof got);
		bh_event(ev, "{\"type\":\"xenomorphs-attack\",\"cell\":\"%s\",\"wounds\":%d}",
		    bh_cell_name(cell), g->xenos[cell]);
		for (k = 0; k < g->xenos[cell] && g->phase != BH_PH_OVER; k++) {
			if ((n = bh_squads_at(g, cell, seats)) == 0)
				break;
			for (best = seats[0], i = 1; i < n; i++)
				if (takes_before(g, seats[i], best, got))
					best = seats[i];
			got[best]++;
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
