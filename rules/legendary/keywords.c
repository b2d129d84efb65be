/*
 * keywords.c — Class and Team abilities (another card of the class or team
 * played earlier this turn) and the Keyword Abilities on Characters:
 * Coordinate (a card set aside during another player's turn, a virtual
 * copy for that player, a replacement drawn), Call for Backup (once per
 * card coordinated to you), Brothers in Arms (once per other Barracks
 * character played), Showboat (once per other card of the same character).
 */
#include "config.h"

#include <string.h>

#include "lib/cause.h"
#include "rules/legendary/legendary.h"

/*
 * Cards of class cls among the first `before` cards played (virtual copies
 * carry their class); cls NULL: how many different classes.
 */
int
lg_played_class(const struct rules_game *g, const char *cls, int before)
{
	const char *seen[LG_PILE];
	int i, k, n = 0;

	for (i = 0; i < before && i < g->nplayed; i++) {
		const char *c = g->db->cards[g->played[i].card].cls;

		if (c == NULL)
			continue;
		if (cls != NULL) {
			n += strcmp(c, cls) == 0;
			continue;
		}
		for (k = 0; k < n && strcmp(seen[k], c) != 0; k++)
			;
		if (k == n)
			seen[n++] = c;
	}
	return n;
}

int
lg_played_team(const struct rules_game *g, const char *team, int before)
{
	int i, n = 0;

	for (i = 0; i < before && i < g->nplayed; i++) {
		const char *t = g->db->cards[g->played[i].card].team;

		n += t != NULL && strcmp(t, team) == 0;
	}
	return n;
}

/* Brothers in Arms: Barracks characters played with another name. */
int
lg_other_characters(const struct rules_game *g, int card)
{
	const char *seen[48], *me = g->db->cards[card].character;
	int i, k, n = 0;

	for (i = 0; i < g->nplayed; i++) {
		const struct lg_card *c = &g->db->cards[g->played[i].card];

		if (c->kind != LG_CHARACTER || (me != NULL && strcmp(c->character, me) == 0))
			continue;
		for (k = 0; k < n && strcmp(seen[k], c->character) != 0; k++)
			;
		if (k == n)
			seen[n++] = c->character;
	}
	return n;
}

/* Showboat: the other cards of the same character played this turn. */
int
lg_same_character(const struct rules_game *g, int card)
{
	const char *me = g->db->cards[card].character;
	int i, n = 0;

	for (i = 0; me != NULL && i < g->nplayed; i++) {
		const struct lg_card *c = &g->db->cards[g->played[i].card];

		n += c->character != NULL && strcmp(c->character, me) == 0;
	}
	return n > 0 ? n - 1 : 0;
}

int
lg_coordinations(const struct rules_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->nseats; i++)
		n += g->coord_card[i] >= 0;
	return n;
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
