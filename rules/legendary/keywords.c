/*
 * keywords.c — the counts behind Class and Team abilities (another card of
 * the class or team played earlier this turn) and the Keyword Abilities on
 * Characters: Call for Backup (once per card coordinated to you), Brothers
 * in Arms (once per other Barracks character played), Showboat (once per
 * other card of the same character). Coordinating a card is in cleanup.c.
 * Calls no rule file.
 */
#include "config.h"

#include <string.h>

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
