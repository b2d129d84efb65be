/*
 * overrun.c — "Complex Overrun": Xenomorph dice to place when none are
 * left in the pool (all escaped or already in the complex) lose the game.
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

int
bh_place_xenos(struct rules_game *g, int cell, int n, struct rules_events *ev)
{
	int left = bh_dice_left(g), put = n < left ? n : left;

	g->xenos[cell] += put;
	bh_event(ev, "{\"type\":\"xenomorphs-placed\",\"cell\":\"%s\",\"count\":%d}",
	    bh_cell_name(cell), put);
	if (put < n) {
		bh_lose(g, "overrun", ev);
		return -1;
	}
	return 0;
}
