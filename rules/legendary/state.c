/*
 * state.c — questions on the state of a Legendary game that every section
 * asks (what is visible, the sum of an ongoing ability, a seat's Health,
 * who lives, a space by name, a Predator's Health and Defense) and losing
 * the game. Calls no rule file
 * but pile.c.
 */
#include "config.h"

#include <string.h>

#include "rules/legendary/legendary.h"

int
lg_visible(const struct rules_game *g, int card)
{
	int i;

	if (card < 0)
		return 0;
	if (lg_find(&g->cz, card) >= 0)
		return 1;
	for (i = 0; i < LG_SPACES; i++)
		if (g->wilds[i] == card && g->up[i])
			return 1;
	return 0;
}

/*
 * The sum of an ongoing verb over the visible cards; the Events an
 * objective sent to Operations add to the Scan Cost (to_operations).
 */
int
lg_ongoing(const struct rules_game *g, enum lg_verb verb)
{
	const struct lg_card *c;
	int i, k, e, card, in_cz, sum = verb == E_SCAN_COST ? g->ops_scan : 0;

	for (i = 0; i < g->cz.n + LG_SPACES; i++) {
		in_cz = i < g->cz.n;
		card = in_cz ? g->cz.v[i] : g->wilds[i - g->cz.n];
		if (card < 0 || (!in_cz && !g->up[i - g->cz.n]))
			continue;
		c = &g->db->cards[card];
		for (k = 0; k < c->nab; k++)
			for (e = 0; c->ab[k].when == LW_ONGOING && e < c->ab[k].neff; e++)
				if (c->ab[k].eff[e].verb == verb && (!c->ab[k].in_cz || in_cz))
					sum += c->ab[k].eff[e].n;
	}
	return sum;
}

int
lg_health(const struct rules_game *g, int seat)
{
	const struct lg_avatar *a = &g->db->avatars[g->s[seat].avatar];

	return a->health + ((g->options & OPT_DEFENSE_HEALTH) ? a->defense : 0);
}

int
lg_living(const struct rules_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->nseats; i++)
		n += !g->s[i].dead;
	return n;
}

int
lg_discard_pick(const struct rules_game *g, const struct lg_pile *p, int pref)
{
	int i, at = 0, c;

	if (pref >= LGD_CARD && (i = lg_find(p, pref - LGD_CARD)) >= 0)
		return i;
	for (i = 1; i < p->n; i++) {
		c = g->db->cards[p->v[i]].cost - g->db->cards[p->v[at]].cost;
		if (pref == LGD_DEAREST ? c > 0 : c < 0)
			at = i;
	}
	return at;
}

void
lg_lose(struct rules_game *g, const char *why, struct rules_events *ev)
{
	if (g->result != 0)
		return;
	g->result = -1;
	lg_event(ev, "{\"type\":\"legendary.lost\",\"why\":\"%s\"}", why);
}

int
lg_show_pick(const struct rules_game *g, const char *cls, int card, int *played)
{
	const struct lg_seat *s = &g->s[g->active];
	int i, c, self = 0;

	*played = 0;
	if (s->show == LGS_NEVER || cls == NULL)
		return -1;
	/* in play in front of the player: the table has seen these already */
	for (i = 0; i < g->nplayed; i++) {
		c = g->played[i].card;
		if (g->played[i].from >= 0 || g->played[i].killed)
			continue;
		if (c == card && !self) {	/* the card whose ability it is */
			self = 1;
			continue;
		}
		if (g->db->cards[c].cls != NULL && strcmp(g->db->cards[c].cls, cls) == 0 &&
		    (s->show == LGS_ANY || s->show == LGS_CARD + c)) {
			*played = 1;
			return c;
		}
	}
	for (i = 0; i < s->hand.n; i++) {
		c = s->hand.v[i];
		if (g->db->cards[c].cls != NULL && strcmp(g->db->cards[c].cls, cls) == 0 &&
		    (s->show == LGS_ANY || s->show == LGS_CARD + c))
			return c;
	}
	return -1;
}

int
pd_health(const struct rules_game *g, int seat)
{
	return g->db->pd.roles[g->s[seat].role].health;
}

int
pd_defense(const struct rules_game *g, int seat)
{
	return g->db->pd.roles[g->s[seat].role].defense;
}
