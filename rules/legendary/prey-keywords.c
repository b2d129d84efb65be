/*
 * prey-keywords.c — Playing as Predators, Keyword Abilities on Prey:
 * a Prey's keywords with those its Gear grants (pd_keywords); Runner
 * (moves one space at the end of the Prey phase, pushing), Escape
 * (discarded on entering the Combat Zone), Lethal (read by the Strike
 * phase: a Damage strike from it kills), Disarming (on reveal each player
 * discards at random down to 4; while it is in play they draw two fewer,
 * predator-turn.c), Arrest (a Police Officer arrests the closest other
 * Prey ahead of it: that Prey leaves the spaces, moves with the officer,
 * can't be fought, doesn't strike and gains no Gear, until the officer is
 * killed).
 */
#include "config.h"

#include <string.h>

#include "rules/legendary/legendary.h"

/* A Prey's keywords: its own and those its Gear grants it. */
unsigned
pd_keywords(const struct rules_game *g, int card, int id)
{
	unsigned kw = g->db->cards[card].kw;
	int j;

	for (j = 0; j < g->ngears; j++)
		if (g->gear_host[j] == id)
			kw |= g->db->cards[g->gear_card[j]].kw;
	return kw;
}

void
pd_runners(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int i, c, id;

	/* nearest the Combat Zone first: a Runner moved on is not met again */
	for (i = LG_SPACES - 1; i >= 0 && g->result == 0; i--) {
		c = g->wilds[i];
		if (c < 0 || !g->up[i] || !(pd_keywords(g, c, g->wid[i]) & KW_RUNNER))
			continue;
		id = g->wid[i];
		g->wilds[i] = -1;
		g->wid[i] = 0;
		lg_event(ev, "{\"type\":\"legendary.runner\",\"card\":\"%s\"}",
		    g->db->cards[c].slug);
		pd_enter(g, i + 1, c, id, rng, ev);
	}
}

int
pd_escapes(struct rules_game *g, int card, int id, struct rules_events *ev)
{
	if (!(pd_keywords(g, card, id) & KW_ESCAPE))
		return 0;
	lg_push(&g->discarded, card);
	lg_event(ev, "{\"type\":\"legendary.escaped\",\"card\":\"%s\"}",
	    g->db->cards[card].slug);
	return 1;
}

void
pd_disarming(struct rules_game *g, int card, struct rules_rng *rng,
    struct rules_events *ev)
{
	int i, k;

	lg_event(ev, "{\"type\":\"legendary.disarming\",\"card\":\"%s\"}",
	    g->db->cards[card].slug);
	for (i = 0; i < g->nseats; i++)
		while (!g->s[i].dead && g->s[i].hand.n > 4) {
			k = (int)lg_hidden(rng, (uint32_t)g->s[i].hand.n);
			lg_push(&g->s[i].discard, lg_remove_at(&g->s[i].hand, k));
			lg_event(ev, "{\"type\":\"legendary.discard\",\"seat\":\"%s\",\"card\":"
			    "\"%s\"}", g->s[i].name,
			    g->db->cards[g->s[i].discard.v[g->s[i].discard.n - 1]].slug);
		}
}

void
pd_arrest(struct rules_game *g, int space, struct rules_events *ev)
{
	int i, k;

	if (g->narrests == (int)(sizeof g->arrest_card / sizeof g->arrest_card[0]))
		return;
	/* a card turned face down is not known to be a Prey (and stays secret) */
	for (i = space + 1; i < LG_SPACES; i++) {
		if (g->wilds[i] < 0 || !g->up[i] ||
		    g->db->cards[g->wilds[i]].kind != LG_PREY ||
		    (g->db->cards[g->wilds[i]].kw & KW_ARREST))
			continue;
		k = g->narrests++;
		g->arrest_card[k] = g->wilds[i];
		g->arrest_id[k] = g->wid[i];
		g->arrest_by[k] = g->wid[space];
		lg_event(ev, "{\"type\":\"legendary.arrest\",\"officer\":\"%s\",\"prey\":"
		    "\"%s\"}", g->db->cards[g->wilds[space]].slug,
		    g->db->cards[g->wilds[i]].slug);
		g->wilds[i] = -1;
		g->wid[i] = 0;
		return;
	}
}

int
pd_arrested(const struct rules_game *g, int id)
{
	int k;

	for (k = 0; k < g->narrests; k++)
		if (g->arrest_by[k] == id)
			return k;
	return -1;
}

/* The officer id was killed at space (-1: the Combat Zone): its Prey acts again. */
void
pd_release(struct rules_game *g, int id, int space, struct rules_rng *rng,
    struct rules_events *ev)
{
	int k = pd_arrested(g, id), c, cid;

	if (k < 0)
		return;
	c = g->arrest_card[k];
	cid = g->arrest_id[k];
	g->arrest_card[k] = g->arrest_card[--g->narrests];
	g->arrest_by[k] = g->arrest_by[g->narrests];
	g->arrest_id[k] = g->arrest_id[g->narrests];
	lg_event(ev, "{\"type\":\"legendary.released\",\"prey\":\"%s\"}", g->db->cards[c].slug);
	if (space >= 0 && g->wilds[space] < 0) {
		g->wilds[space] = c;
		g->wid[space] = cid;
		g->up[space] = 1;
	} else
		pd_push_cz(g, c, cid, rng, ev);
}
