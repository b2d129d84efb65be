/*
 * choices.c — where the rulebook says the players decide, the squad's
 * standing choice (bughunt.h, enum bh_pref): the words a `prefer` line
 * takes (first|even|last, here|even|elsewhere, or a count N: the split
 * named exactly) and the order they sort in. The choices themselves are
 * applied where their rules are: xeno-attack.c (who takes a shared tile's
 * wounds), xeno-move.c (where Xenomorphs adjacent to two squads go);
 * the squad's order (who is Point Man) is orders.c's `order` line.
 * A squad that wants to be asked instead (`set stops xenomorph`) is
 * asked before a Xenomorph Phase the Phase Deck starts when the phase
 * holds one of its choices (phase-deck.c, the phase BH_PH_XENO).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rules/bughunt/bughunt.h"

const char *const bh_wound_pref_names[3] = { "even", "first", "last" };
const char *const bh_xeno_pref_names[3] = { "even", "here", "elsewhere" };

int
bh_pref_rank(int pref, int got)
{
	if (pref >= BH_PREF_COUNT)
		return got < pref - BH_PREF_COUNT ? 0 : 3;
	return pref == BH_PREF_FIRST ? 0 : pref == BH_PREF_LAST ? 2 : 1;
}

const char *
bh_pref_word(const char *const names[3], int pref, char buf[12])
{
	if (pref < BH_PREF_COUNT)
		return names[pref];
	snprintf(buf, 12, "%d", pref - BH_PREF_COUNT);
	return buf;
}

int
bh_pref_parse(const char *const names[3], const char *w)
{
	int i, n = 0;

	for (i = 0; i < 3; i++)
		if (strcmp(names[i], w) == 0)
			return i;
	if (*w == '\0' || strspn(w, "0123456789") != strlen(w) || strlen(w) > 2)
		return -1;
	for (; *w != '\0'; w++)
		n = n * 10 + (*w - '0');
	return n <= BH_PREF_MAX_N ? BH_PREF_COUNT + n : -1;
}

int
bh_choice_sizes(const struct rules_game *g, int cell, int *adjacent)
{
	int d, e, nb, far;

	*adjacent = 0;
	if (cell < 0)
		return 0;
	for (d = 0; d < 4; d++) {	/* step 2: Xenomorphs next to two squads */
		nb = bh_neighbour(cell, d);
		if (nb < 0 || g->xenos[nb] <= *adjacent || (g->tile[nb] >= 0 &&
		    bh_squads_at(g, nb, NULL) > 0))
			continue;
		for (e = 0; e < 4; e++)
			if ((far = bh_neighbour(nb, e)) >= 0 && far != cell &&
			    g->tile[far] >= 0 && bh_squads_at(g, far, NULL) > 0)
				*adjacent = g->xenos[nb];
	}
	/* step 1: the wounds of a shared tile */
	return bh_squads_at(g, cell, NULL) > 1 ? g->xenos[cell] : 0;
}

int
bh_xeno_ask(struct rules_game *g)
{
	int s, n = 0, adjacent;

	for (s = 0; s < g->nseats; s++) {
		g->sq[s].asked = g->sq[s].xeno_stop && g->sq[s].nchar > 0 &&
		    (bh_choice_sizes(g, g->sq[s].pos, &adjacent) > 0 || adjacent > 0);
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
