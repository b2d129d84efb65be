/*
 * cleanup.c — Cleanup Phase (played cards and the hand discarded, the
 * coordinated cards to their owners' discard piles, six new cards), and
 * the turn order: the next living player, the preparation turns (no Enemy
 * phase), All or Nothing's last turns, the coordinate window opened before
 * the Action phase (muthur-orders(5), Legendary).
 */
#include "config.h"

#include <string.h>

#include "rules/legendary/legendary.h"

void
lg_cleanup(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[g->active];
	int i;

	for (i = 0; i < g->nseats; i++)
		if (g->coord_card[i] >= 0 && !g->s[i].dead)
			lg_push(&g->s[i].discard, g->coord_card[i]);
	if (s->dead)
		return;
	for (i = 0; i < g->nplayed; i++)
		if (g->played[i].from < 0 && !g->played[i].killed)
			lg_push(&s->discard, g->played[i].card);
	while (s->hand.n > 0)
		lg_push(&s->discard, lg_pop(&s->hand));
	lg_draw(g, g->active, g->db->hand, rng, ev);
}

static void
reset_turn(struct rules_game *g)
{
	int i;

	g->attack = g->recruit = g->free_scans = g->kill_own = g->gain_max = g->gains = 0;
	g->avoid = g->discount = g->no_strikes = g->gain_top = g->end_turn = 0;
	g->nplayed = g->followups = 0;
	for (i = 0; i < LG_SEATS; i++) {
		g->coord_card[i] = -1;
		g->coord_used[i] = 0;
		g->answered[i] = 1;
	}
}

/* The first Coordinate card of a hand, -1. */
static int
first_coordinate(const struct rules_game *g, int seat)
{
	int i;

	for (i = 0; i < g->s[seat].hand.n; i++)
		if (g->db->cards[g->s[seat].hand.v[i]].kw & KW_COORDINATE)
			return g->s[seat].hand.v[i];
	return -1;
}

void
lg_next_turn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int i, owes;

	for (;;) {
		if (g->result == 0 && g->last_turns > 0 && --g->last_turns == 0)
			lg_lose(g, "All or Nothing: the last turns are over", ev);
		if (g->result != 0 || lg_living(g) == 0) {
			g->phase = LP_OVER;
			reset_turn(g);
			return;
		}
		do
			g->active = (g->active + 1) % g->nseats;
		while (g->s[g->active].dead);
		g->turn++;
		reset_turn(g);
		lg_event(ev, "{\"type\":\"legendary.turn\",\"turn\":%d,\"seat\":\"%s\"}",
		    g->turn, g->s[g->active].name);
		if (g->prep_left > 0) {
			g->prep_left--;
			lg_event(ev, "{\"type\":\"legendary.preparation-turn\"}");
		} else {
			lg_enemy_phase(g, rng, ev);
			if (g->result == 0)
				lg_runners(g, rng, ev);
		}
		if (g->result != 0)
			continue;
		if (g->end_turn) {
			lg_strike_phase(g, rng, ev);
			lg_cleanup(g, rng, ev);
			continue;
		}
		owes = 0;
		for (i = 0; i < g->nseats; i++) {
			if (i == g->active || g->s[i].dead || g->s[i].coord == LGC_NEVER)
				continue;
			if (g->s[i].coord == LGC_AUTO) {
				if (first_coordinate(g, i) >= 0)
					lg_coordinate(g, i, first_coordinate(g, i), rng, ev, NULL);
				continue;
			}
			g->answered[i] = 0;
			owes = 1;
		}
		g->phase = owes ? LP_COORDINATE : LP_ACTION;
		return;
	}
}
