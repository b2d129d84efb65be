/*
 * victory.c — "Winning the Game" (every mission complete and every squad
 * back on the APC) and "Losing the Game" (dice to place and none left, a
 * squad with no characters, the tracking deck run out, a Xenomorph card
 * to add and none left): the game ends at once.
 */
#include "config.h"

#include <stdio.h>

#include "rules/bughunt/bughunt.h"

void
bh_lose(struct rules_game *g, const char *reason, struct rules_events *ev)
{
	if (g->phase == BH_PH_OVER)
		return;
	g->phase = BH_PH_OVER;
	g->won = 0;
	g->active = -1;
	snprintf(g->reason, sizeof g->reason, "%s", reason);
	bh_event(ev, "{\"type\":\"lost\",\"reason\":\"%s\"}", reason);
}

void
bh_check_win(struct rules_game *g, struct rules_events *ev)
{
	int s;

	if (g->phase == BH_PH_OVER || !bh_missions_done(g))
		return;
	for (s = 0; s < g->nseats; s++)
		if (g->sq[s].pos != BH_APC)
			return;
	g->phase = BH_PH_OVER;
	g->won = 1;
	g->active = -1;
	snprintf(g->reason, sizeof g->reason, "missions-complete");
	bh_event(ev, "{\"type\":\"victory\",\"place\":1,\"condition\":\"missions-complete\"}");
}
