/*
 * control.c — rulebook "Supporting Characters": a supporting character is
 * controlled while a Human Main Character is at its location; alone it is
 * uncontrolled and cannot move, search, pick up or attack. Control stays
 * with the current controller while one of its Human mains is there, and
 * otherwise passes to the first seat (R-M-P-A) with a Human main there.
 * Aboard an Enclosed vehicle is a location of its own ("Vehicles":
 * ccg_together()).
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
human_main_at(const struct rules_game *g, int seat, int node, int sup)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone == CCG_Z_PLAY && p->node == node &&
		    ccg_together(g, (int)i, sup) &&	/* vehicles.c: Enclosed */
		    p->carrier < 0 && ccg_is_main(p) && p->controller == seat &&
		    (p->card->chr.species == CCG_SPECIES_HUMAN ||
		    p->card->chr.species == CCG_SPECIES_SYNTHETIC))
			return 1;
	}
	return 0;
}

void
ccg_control_update(struct rules_game *g, struct rules_events *ev)
{
	size_t i, s;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int c = -1;

		if (p->zone != CCG_Z_PLAY ||
		    p->card->type != CCG_CARD_SUPPORTING_CHARACTER ||
		    p->node < 0)
			continue;
		if (p->controller >= 0 &&
		    human_main_at(g, p->controller, p->node, (int)i))
			continue;
		for (s = 0; s < g->nseats && c < 0; s++)
			if (human_main_at(g, (int)s, p->node, (int)i))
				c = (int)s;
		if (c == p->controller)
			continue;
		p->controller = c;
		if (c >= 0)
			ccg_event(ev, -1, "{\"type\":\"control\",\"piece\":\"%s\","
			    "\"seat\":\"%s\"}", p->id, g->seats[c].name);
		else
			ccg_event(ev, -1, "{\"type\":\"control\",\"piece\":\"%s\","
			    "\"seat\":null}", p->id);
	}
}

/* The character id if seat controls it on the battleground: its piece
 * index, or -1 with a reason. */
int
ccg_own_character(const struct rules_game *g, int seat, const char *id,
    char **cause)
{
	int pi = ccg_piece_find(g, id);

	if (pi < 0)
		return cause_set(cause, "no character %s in play", id);
	if (!ccg_is_character(&g->pieces[pi]) || !ccg_controls(g, seat, pi))
		return cause_set(cause, "%s is not a character you control on "
		    "the battleground", id);
	return pi;
}

int
ccg_own_group(const struct rules_game *g, int seat, const struct ccg_order *o,
    int *who, char **cause)
{
	size_t i, j;

	for (i = 0; i < o->nwho; i++) {
		if ((who[i] = ccg_own_character(g, seat, o->who[i], cause)) < 0)
			return -1;
		for (j = 0; j < i; j++)
			if (who[j] == who[i])
				return cause_set(cause, "%s is named twice",
				    o->who[i]);
	}
	return 0;
}

/* Does seat control piece pi (a character in play)? */
int
ccg_controls(const struct rules_game *g, int seat, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return p->zone == CCG_Z_PLAY && p->controller == seat && p->node >= 0;
}

/* Is a character controlled by another seat at node? (Characters moving
 * hidden are not known to be anywhere: hidden-movement.c.) */
int
ccg_enemy_present(const struct rules_game *g, int seat, int node)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone == CCG_Z_PLAY && p->node == node && p->carrier < 0 &&
		    ccg_is_character(p) && p->controller >= 0 &&
		    p->controller != seat && !p->hidden)
			return 1;
	}
	return 0;
}
