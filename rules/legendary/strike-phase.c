/*
 * strike-phase.c — Strike Phase: from right to left each enemy in the
 * Combat Zone strikes (Double Strike twice), a strike card is drawn for
 * each (Close Calls, damage, strike abilities), "Avoid any one Strike",
 * the Strike deck made again from the discarded strikes the moment it
 * runs out (lg_strike_card, both modes), healing, and the death of a
 * player.
 */
#include "config.h"

#include <string.h>

#include "rules/legendary/legendary.h"

static int
damage(const struct rules_game *g, int seat)
{
	int i, n = 0;

	for (i = 0; i < g->s[seat].strikes.n; i++)
		n += g->db->cards[g->s[seat].strikes.v[i]].damage;
	return n;
}

static void
dies(struct rules_game *g, int seat, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[seat];
	int i;

	s->dead = 1;
	for (i = 0; i < s->strikes.n; i++)
		lg_push(&g->strike_discard, s->strikes.v[i]);
	/* all of a dead player's cards are removed from the game */
	s->strikes.n = s->hand.n = s->deck.n = s->discard.n = 0;
	if (seat == g->active) {
		for (i = 0; i < g->nplayed; i++)
			if (g->played[i].from < 0)
				g->played[i].killed = 1;
		g->end_turn = 1;
	}
	lg_event(ev, "{\"type\":\"legendary.player-died\",\"seat\":\"%s\"}", s->name);
	if ((g->options & OPT_ALL_OR_NOTHING) && g->last_turns == 0)
		g->last_turns = lg_living(g) + 1;
	if (lg_living(g) == 0)
		lg_lose(g, "every player is dead", ev);
}

/* The discarded strikes shuffled into a new Strike deck. */
static void
refill(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	if (g->strike_discard.n == 0)
		return;
	g->strike = g->strike_discard;
	g->strike_discard.n = 0;
	lg_shuffle(&g->strike, rng);
	lg_event(ev, "{\"type\":\"legendary.strikes-reshuffled\",\"cards\":%d}",
	    g->strike.n);
}

int
lg_strike_card(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int c;

	if (g->strike.n == 0)
		refill(g, rng, ev);
	c = lg_pop(&g->strike);
	/* the deck ran out: made again at once, not when a strike is next needed */
	if (c >= 0 && g->strike.n == 0)
		refill(g, rng, ev);
	return c;
}

/*
 * "Cancel a Strike": strike c says its drawer may discard cards of the
 * hand to cancel it; the drawer's standing choice (`cancel never|always|
 * CARD`, muthur-orders(5)) says whether and with which: always, the
 * cheapest (the first of the hand among equals); CARD, only that card.
 * 1: cancelled, discarded, like the strike never happened.
 */
static int
cancelled(struct rules_game *g, int seat, int c, struct rules_events *ev)
{
	const struct lg_card *k = &g->db->cards[c];
	struct lg_seat *s = &g->s[seat];
	int i, j, e, n = 0, at;

	for (i = 0; i < k->nab; i++)
		for (e = 0; k->ab[i].when == LW_DRAWN && e < k->ab[i].neff; e++)
			if (k->ab[i].eff[e].verb == E_CANCEL_DISCARD)
				n += k->ab[i].eff[e].n;
	if (n <= 0 || s->cancel == LGX_NEVER || s->hand.n < n)
		return 0;
	if (s->cancel >= LGX_CARD && (n != 1 || lg_find(&s->hand, s->cancel - LGX_CARD) < 0))
		return 0;
	for (j = 0; j < n; j++) {
		at = lg_discard_pick(g, &s->hand, s->cancel >= LGX_CARD ? LGD_CARD +
		    s->cancel - LGX_CARD : LGD_CHEAPEST);
		i = lg_remove_at(&s->hand, at);
		lg_push(&s->discard, i);
		lg_event(ev, "{\"type\":\"legendary.strike-cancelled\",\"seat\":\"%s\","
		    "\"card\":\"%s\",\"discarded\":\"%s\"}", s->name, k->slug,
		    g->db->cards[i].slug);
	}
	lg_push(&g->strike_discard, c);
	return 1;
}

/*
 * A Goal's ability used in the middle of any player's turn: the moment
 * strike c is drawn by seat, the seats in the Timing order (the active
 * first, then clockwise), each by its standing `cover never|always|GOAL`,
 * may use a goal attached to a space whose "cover" ability pays by a
 * discard from the user's hand (its standing `discards` picks) to cancel
 * the strike; only while the goal's objective is the current one and once
 * a turn for the goal (with `use GOAL`). 1: cancelled.
 */
static int
covered(struct rules_game *g, int seat, int c, struct rules_events *ev)
{
	const struct lg_ability *a;
	struct lg_seat *u;
	int k, j, sp, goal, ab, d;

	for (k = 0; k < g->nseats; k++) {
		u = &g->s[(g->active + k) % g->nseats];
		if (u->dead || u->cover == LGV_NEVER)
			continue;
		for (sp = 0; sp < LG_SPACES; sp++) {
			if ((goal = g->attached[sp] - 1) < 0 ||
			    (u->cover >= LGV_CARD && u->cover != LGV_CARD + goal) ||
			    lg_usable_goal(g, goal, NULL) != sp)
				continue;
			for (ab = 0; ab < g->db->cards[goal].nab &&
			    g->db->cards[goal].ab[ab].when != LW_COVER; ab++)
				;
			if (ab == g->db->cards[goal].nab)
				continue;
			a = &g->db->cards[goal].ab[ab];
			if (u->hand.n < a->eff[0].n)
				continue;
			g->goal_used |= 1 << sp;
			for (j = 0; j < a->eff[0].n; j++) {
				d = lg_remove_at(&u->hand, lg_discard_pick(g, &u->hand,
				    u->discards));
				lg_push(&u->discard, d);
				lg_event(ev, "{\"type\":\"legendary.goal-cover\",\"seat\":"
				    "\"%s\",\"goal\":\"%s\",\"card\":\"%s\",\"for\":"
				    "\"%s\",\"discarded\":\"%s\"}", u->name,
				    g->db->cards[goal].slug, g->db->cards[c].slug,
				    g->s[seat].name, g->db->cards[d].slug);
			}
			lg_push(&g->strike_discard, c);
			return 1;
		}
	}
	return 0;
}

void
lg_strike(struct rules_game *g, int seat, int enemy, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct lg_seat *s = &g->s[seat];
	int c;

	if (s->dead || g->result != 0)
		return;
	/* an Avoid of the turn: on the enemy `avoid` named, else the first strike */
	if (seat == g->active && g->avoid > 0 && (g->avoid_on == 0 ||
	    g->avoid_on == enemy + 1)) {
		g->avoid--;
		lg_event(ev, "{\"type\":\"legendary.strike-avoided\",\"seat\":\"%s\"}", s->name);
		return;
	}
	if ((c = lg_strike_card(g, rng, ev)) < 0)
		return;
	lg_event(ev, "{\"type\":\"legendary.strike\",\"seat\":\"%s\",\"card\":\"%s\","
	    "\"damage\":%d,\"enemy\":\"%s\"}", s->name, g->db->cards[c].slug,
	    g->db->cards[c].damage, enemy >= 0 ? g->db->cards[enemy].slug : "");
	if (cancelled(g, seat, c, ev) || covered(g, seat, c, ev))
		return;	/* nor does the enemy's Strike ability happen */
	if (g->db->cards[c].damage > 0 || g->db->cards[c].nab > 0)
		lg_push(&s->strikes, c);
	else
		lg_push(&g->strike_discard, c);
	lg_fire(g, c, LW_DRAWN, 0, rng, ev);
	if (g->db->cards[c].damage == 0 && g->db->cards[c].nab == 0 &&
	    lg_ongoing(g, E_CLOSE_CALL_REDRAW) > 0)
		lg_strike(g, seat, enemy, rng, ev);
	if (!s->dead && damage(g, seat) >= lg_health(g, seat))
		dies(g, seat, ev);
	if (!s->dead && enemy >= 0 && g->result == 0)
		lg_fire(g, enemy, LW_STRIKE, 0, rng, ev);
}

/* Heal one strike: one that must be healed first, else the worst. */
void
lg_heal(struct rules_game *g, int seat, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[seat];
	int i, k, best = -1, first;

	for (i = 0; i < s->strikes.n; i++) {
		const struct lg_card *c = &g->db->cards[s->strikes.v[i]];

		for (first = 0, k = 0; k < c->nab; k++)
			first |= c->ab[k].eff[0].verb == E_HEAL_FIRST;
		if (first) {
			best = i;
			break;
		}
		if (best < 0 || c->damage > g->db->cards[s->strikes.v[best]].damage)
			best = i;
	}
	if (best < 0)
		return;
	i = lg_remove_at(&s->strikes, best);
	lg_push(&g->strike_discard, i);
	lg_event(ev, "{\"type\":\"legendary.healed\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    s->name, g->db->cards[i].slug);
}

void
lg_strike_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	struct lg_pile now = g->cz;
	int i, k;

	if (g->no_strikes) {
		lg_event(ev, "{\"type\":\"legendary.no-strikes\"}");
		return;
	}
	/* right to left: the oldest card of the Combat Zone first */
	for (i = now.n - 1; i >= 0 && g->result == 0 && !g->s[g->active].dead; i--) {
		if (lg_find(&g->cz, now.v[i]) < 0)
			continue;
		for (k = 0; k < ((g->db->cards[now.v[i]].kw & KW_DOUBLE) ? 2 : 1); k++)
			lg_strike(g, g->active, now.v[i], rng, ev);
	}
	/* then the enemies in front of the player, the first to come first */
	now = g->s[g->active].front;
	for (i = 0; i < now.n && g->result == 0 && !g->s[g->active].dead; i++) {
		if (lg_find(&g->s[g->active].front, now.v[i]) < 0)
			continue;
		for (k = 0; k < ((g->db->cards[now.v[i]].kw & KW_DOUBLE) ? 2 : 1); k++)
			lg_strike(g, g->active, now.v[i], rng, ev);
	}
}
