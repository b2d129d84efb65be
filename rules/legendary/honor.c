/*
 * honor.c — Playing as Predators: Honor and Trophies (everything in a
 * Trophy Room is a Trophy: Prey, Gear, Dangers, Traps, Tests, Predators
 * killed), Ending the Game (the Ultimate Prey dies; a Predator dies: the
 * turn ends, each other living Predator gets one more turn; the Prey deck
 * runs out twice), the count (Trophies, Predators killed, the Avatar if
 * alive, Challenges, less Dishonor), the six tie breakers, Solo Play (the
 * one seat scores its Honor) and Playing Cooperatively (the group wins by
 * killing the Ultimate Prey).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

void
pd_trophy(struct rules_game *g, int seat, int card, struct rules_events *ev)
{
	if (seat < 0 || seat >= g->nseats)
		return;
	lg_push(&g->s[seat].trophies, card);
	lg_event_seat(ev, seat, "{\"type\":\"legendary.trophy\",\"card\":\"%s\",\"honor\":%d}",
	    g->db->cards[card].slug, g->db->cards[card].honor);
}

int
pd_honor(const struct rules_game *g, int seat)
{
	const struct lg_seat *s = &g->s[seat];
	int i, n = s->bonus;

	for (i = 0; i < s->trophies.n; i++)
		n += g->db->cards[s->trophies.v[i]].honor;
	for (i = 0; i < g->nseats; i++)	/* the Avatars in my Trophy Room */
		if (g->s[i].dead && g->s[i].killer == seat && i != seat)
			n += g->db->pd.roles[g->s[i].role].honor;
	if (!s->dead)
		n += g->db->pd.roles[s->role].honor;
	for (i = 0; i < s->strikes.n; i++)
		n -= g->db->cards[s->strikes.v[i]].dishonor;
	return n;
}

void
pd_predator_dies(struct rules_game *g, int seat, int by, struct rules_events *ev)
{
	int i;

	g->s[seat].dead = 1;
	g->s[seat].killer = by;
	lg_event(ev, "{\"type\":\"legendary.predator-died\",\"seat\":\"%s\"%s%s%s}",
	    g->s[seat].name, by >= 0 ? ",\"by\":\"" : "", by >= 0 ? g->s[by].name : "",
	    by >= 0 ? "\"" : "");
	if (g->dead_seat >= 0)
		return;
	/* the self-destruct timer: each other living Predator gets one more turn */
	g->dead_seat = seat;
	for (i = 0; i < g->nseats; i++)
		g->s[i].extra_turn = !g->s[i].dead;
	if (seat == g->active)
		g->end_turn = 1;
}

int
pd_predators_killed(const struct rules_game *g, int seat)
{
	int i, n = 0;

	for (i = 0; i < g->nseats; i++)
		n += g->s[i].dead && g->s[i].killer == seat && i != seat;
	return n;
}

/* The final score and its tie breakers, most important first. */
static void
keys(const struct rules_game *g, int seat, int k[8])
{
	k[0] = pd_honor(g, seat) + pd_challenge_honor(g, seat);
	k[1] = g->s[seat].prey_killed_ultimate;
	k[2] = pd_predators_killed(g, seat);
	k[3] = g->s[seat].worthy;
	k[4] = g->s[seat].preys;
	k[5] = g->s[seat].trophies.n + pd_predators_killed(g, seat);
	k[6] = !g->s[seat].dead;
	k[7] = 0;
}

void
pd_places(const struct rules_game *g, int *place, int *winner)
{
	int a[8], b[8], i, j, k, better;

	*winner = -1;
	if (g->options & OPT_COOPERATIVE) {
		for (i = 0; i < g->nseats; i++)
			place[i] = g->ultimate_dead ? 1 : 0;
		*winner = g->ultimate_dead ? 0 : -1;
		return;
	}
	for (i = 0; i < g->nseats; i++) {
		keys(g, i, a);
		place[i] = 1;
		for (j = 0; j < g->nseats; j++) {
			if (j == i)
				continue;
			keys(g, j, b);
			for (better = 0, k = 0; k < 7 && !better && a[k] == b[k]; k++)
				;
			if (k < 7 && b[k] > a[k])
				place[i]++;	/* tied on all: they share the glory */
		}
		if (place[i] == 1 && *winner < 0)
			*winner = i;
	}
}

void
pd_end(struct rules_game *g, const char *why, struct rules_events *ev)
{
	struct strbuf sb = STRBUF_INIT;
	int i, place[LG_SEATS] = { 0 }, winner;
	char *s;

	if (g->phase == LP_OVER)
		return;
	g->phase = LP_OVER;
	g->result = (g->options & OPT_COOPERATIVE) && !g->ultimate_dead ? -1 : 1;
	pd_places(g, place, &winner);
	for (i = 0; i < g->nseats; i++)
		strbuf_addf(&sb, "%s{\"seat\":\"%s\",\"honor\":%d,\"challenge\":%d,"
		    "\"place\":%d}", i ? "," : "", g->s[i].name, pd_honor(g, i),
		    pd_challenge_honor(g, i), place[i]);
	s = strbuf_detach(&sb, NULL);
	lg_event(ev, "{\"type\":\"legendary.game-over\",\"why\":\"%s\",\"cooperative\":%s,"
	    "\"scores\":[%s]}", why, (g->options & OPT_COOPERATIVE) ? "true" : "false", s);
	free(s);
	for (i = 0; i < g->nseats; i++)
		if (place[i] == 1)
			lg_event(ev, "{\"type\":\"victory\",\"seat\":\"%s\",\"place\":1,"
			    "\"condition\":\"%s\"}", g->s[i].name, (g->options & OPT_COOPERATIVE) ?
			    "ultimate-prey" : "honor");
}
