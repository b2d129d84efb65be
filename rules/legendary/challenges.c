/*
 * challenges.c — Playing as Predators, Tests and Challenges. Tests (the
 * "tests" option) are shuffled into the Armory; one revealed (filling the
 * HQ) goes to the Testing Ground and another card is revealed instead; a
 * Test whose condition the active Predator meets on its turn, counting
 * only what is done after the Test was revealed, goes to its Trophy Room.
 * Challenges (the "challenges" option; "visible-challenges" turns them
 * face up) are dealt one a seat, secret, and pay their Honor at the end.
 */
#include "config.h"

#include <string.h>

#include "rules/legendary/legendary.h"

void
pd_test_revealed(struct rules_game *g, int card, struct rules_events *ev)
{
	int k = g->testing.n;

	if (k >= (int)(sizeof g->test_base / sizeof g->test_base[0]))
		return;
	lg_push(&g->testing, card);
	memcpy(g->test_base[k], g->count, sizeof g->count);
	lg_event(ev, "{\"type\":\"legendary.test\",\"card\":\"%s\"}", g->db->cards[card].slug);
}

int
pd_armory_fill(struct rules_game *g, struct rules_events *ev)
{
	int i, c, n = 0;

	for (i = 0; i < LG_HQ; i++)
		while (g->hq[i] < 0 && (c = lg_pop(&g->barracks)) >= 0) {
			if (g->db->cards[c].kind == LG_TEST) {
				pd_test_revealed(g, c, ev);
				continue;
			}
			g->hq[i] = c;
			n++;
		}
	return n;
}

void
pd_count(struct rules_game *g, enum lg_goal_what what, int n, struct rules_events *ev)
{
	const struct lg_card *c;
	int i, k;

	g->count[what] += n;
	for (i = 0; i < g->testing.n; i++) {
		c = &g->db->cards[g->testing.v[i]];
		if (c->goal_what != (int)what ||
		    g->count[what] - g->test_base[i][what] < c->goal_n)
			continue;
		lg_event(ev, "{\"type\":\"legendary.test-passed\",\"seat\":\"%s\",\"card\":"
		    "\"%s\"}", g->s[g->active].name, c->slug);
		pd_trophy(g, g->active, lg_remove_at(&g->testing, i), ev);
		for (k = i; k < g->testing.n; k++)
			memcpy(g->test_base[k], g->test_base[k + 1], sizeof g->test_base[k]);
		i--;
	}
}

static int
owned_armory(const struct rules_game *g, int seat)
{
	const struct lg_seat *s = &g->s[seat];
	const struct lg_pile *p[3] = { &s->deck, &s->hand, &s->discard };
	int i, k, n = 0;

	for (k = 0; k < 3; k++)
		for (i = 0; i < p[k]->n; i++)
			n += g->db->cards[p[k]->v[i]].kind == LG_ARMORY;
	/* a game that ends in a turn: the cards its Predator has played count too */
	for (i = 0; seat == g->active && i < g->nplayed; i++)
		n += g->played[i].from < 0 && g->db->cards[g->played[i].card].kind == LG_ARMORY;
	return n;
}

int
pd_challenge_honor(const struct rules_game *g, int seat)
{
	const struct lg_seat *s = &g->s[seat];
	const struct lg_card *c;
	int i, n = 0;

	if (s->challenge < 0)
		return 0;
	c = &g->db->cards[s->challenge];
	switch (c->goal_what) {
	case PG_KILLS: n = s->preys; break;
	case PG_WORTHY: n = s->worthy; break;
	case PG_ARMORY: n = owned_armory(g, seat); break;
	/* everything in the Trophy Room, the Avatars of Predators killed too */
	case PG_TROPHIES: n = s->trophies.n + pd_predators_killed(g, seat); break;
	case PG_GEAR:
	case PG_DANGERS:
		for (i = 0; i < s->trophies.n; i++) {
			enum lg_kind k = g->db->cards[s->trophies.v[i]].kind;

			n += c->goal_what == PG_GEAR ? k == LG_GEAR : (k == LG_DANGER ||
			    k == LG_TRAP);
		}
		break;
	default: n = 0; break;	/* duels, recruits, healed: Tests only */
	}
	return c->honor * (n / c->goal_n);
}
