/*
 * choices.c — where the rulebook says the players decide, the squad's
 * standing choice (bughunt.h, enum bh_pref): the words a `prefer` line
 * takes and the order they sort in. The choices themselves are applied
 * where their rules are: xeno-attack.c (who takes a shared tile's
 * wounds), xeno-move.c (where Xenomorphs adjacent to two squads go);
 * the squad's order (who is Point Man) is orders.c's `order` line.
 * A squad that wants to be asked instead (`set stops xenomorph`) is
 * asked before a Xenomorph Phase the Phase Deck starts when the phase
 * holds one of its choices (phase-deck.c, the phase BH_PH_XENO).
 */
#include "config.h"

#include <string.h>

#include "rules/bughunt/bughunt.h"

const char *const bh_wound_pref_names[3] = { "even", "first", "last" };
const char *const bh_xeno_pref_names[3] = { "even", "here", "elsewhere" };

int
bh_pref_rank(int pref)
{
	return pref == BH_PREF_FIRST ? 0 : pref == BH_PREF_LAST ? 2 : 1;
}

/* Does a squad at cell have a choice in the coming Xenomorph Phase? */
static int
has_choice(const struct rules_game *g, int cell)
{
	int d, e, nb, far;

	if (cell < 0)
		return 0;
	if (g->xenos[cell] > 0 && bh_squads_at(g, cell, NULL) > 1)
		return 1;	/* step 1: the wounds of a shared tile */
	for (d = 0; d < 4; d++) {	/* step 2: Xenomorphs next to two squads */
		nb = bh_neighbour(cell, d);
		if (nb < 0 || g->xenos[nb] == 0 || (g->tile[nb] >= 0 &&
		    bh_squads_at(g, nb, NULL) > 0))
			continue;
		for (e = 0; e < 4; e++)
			if ((far = bh_neighbour(nb, e)) >= 0 && far != cell &&
			    g->tile[far] >= 0 && bh_squads_at(g, far, NULL) > 0)
				return 1;
	}
	return 0;
}

int
bh_xeno_ask(struct rules_game *g)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++) {
		g->sq[s].asked = g->sq[s].xeno_stop && g->sq[s].nchar > 0 &&
		    has_choice(g, g->sq[s].pos);
		n += g->sq[s].asked;
	}
	return n;
}

void
bh_setting(struct rules_game *g, size_t seat, const char *key, const char *value)
{
	const char *w = value;
	size_t n;

	if (strcmp(key, "stops") != 0 || seat >= (size_t)g->nseats)
		return;
	g->sq[seat].xeno_stop = 0;
	for (; *w != '\0'; w += n) {
		w += strspn(w, " \t");
		n = strcspn(w, " \t");
		if (n == strlen("xenomorph") && strncmp(w, "xenomorph", n) == 0)
			g->sq[seat].xeno_stop = 1;
	}
}
