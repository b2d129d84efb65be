/*
 * cleanup.c — Cleanup Phase (played cards and the hand discarded, the
 * coordinated cards to their owners' discard piles, six new cards), and
 * the turn order: the next living player, the preparation turns (no Enemy
 * phase), All or Nothing's last turns, the coordinate window opened before
 * the Action phase (muthur-orders(5), Legendary) and Coordinate (a card
 * set aside during another player's turn, a virtual copy for that player,
 * a replacement drawn).
 */
#include "config.h"

#include <string.h>

#include "lib/cause.h"
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
	g->discards = g->swaps = g->swapped[0] = g->swapped[1] = g->kill_enemies = 0;
	g->goal_used = 0;
	g->avoid_on = 0;
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

int
lg_coordinate(struct rules_game *g, int seat, int card, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	struct lg_seat *s = &g->s[seat];
	int i, k;

	if (seat == g->active || s->dead)
		return cause_set(cause, "only another living player coordinates");
	if (g->coord_card[seat] >= 0)
		return cause_set(cause, "one card a player, and you have coordinated one");
	if (card < 0 || (i = lg_find(&s->hand, card)) < 0)
		return cause_set(cause, "that card is not in your hand");
	if (!(g->db->cards[card].kw & KW_COORDINATE))
		return cause_set(cause, "%s has no Coordinate", g->db->cards[card].slug);
	lg_remove_at(&s->hand, i);
	g->coord_card[seat] = card;
	lg_event(ev, "{\"type\":\"legendary.coordinate\",\"seat\":\"%s\",\"to\":\"%s\","
	    "\"card\":\"%s\"}", s->name, g->s[g->active].name, g->db->cards[card].slug);
	if (lg_ongoing(g, E_NO_COORDINATE_DRAW) == 0)
		lg_draw(g, seat, 1, rng, ev);
	/*
	 * enemies that react to coordination (City of Fear), in the rulebook's
	 * order: the Combat Zone right to left, then the Wilds left to right
	 */
	for (k = 0; k < g->cz.n + LG_SPACES; k++) {
		int e = k < g->cz.n ? g->cz.v[g->cz.n - 1 - k] : g->wilds[k - g->cz.n];

		if (e >= 0 && (k < g->cz.n || g->up[k - g->cz.n]))
			lg_fire(g, e, LW_COORDINATED, 0, rng, ev);
	}
	return 0;
}
