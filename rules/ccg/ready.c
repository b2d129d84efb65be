/*
 * ready.c — rulebook section 3, "The Ready Cards Round" and "Rotating":
 * every rotated card is set upright again (bound characters stay rotated,
 * "Binding"), and the per-turn marks of movement and searching are cleared.
 * Rotating itself — the cost of a Main Action (attacking, searching,
 * dragging, picking up by rotation) — is checked where each action is.
 */
#include "config.h"

#include "rules/ccg/ccg.h"
#include "rules/ccg/turn.h"

void
ccg_ready_round(struct rules_game *g, struct rules_events *ev)
{
	size_t i;
	int readied = 0;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY)
			continue;
		if (p->rotated && !p->bound) {
			p->rotated = 0;
			readied++;
		}
		p->moved = 0;
		p->dragger = -1;
		p->searching = 0;
		p->found = 0;
		p->mp = 0;
	}
	ccg_event(ev, -1, "{\"type\":\"ready\",\"turn\":%d,\"readied\":%d}",
	    g->turn, readied);
}
