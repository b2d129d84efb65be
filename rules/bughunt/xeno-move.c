/*
 * xeno-move.c — "The Xenomorph Phase", step 2: every Xenomorph not on a
 * tile with a squad moves at once, freely through barriers: into an
 * adjacent tile with a squad (two or more such tiles: the players decide,
 * by their standing `prefer adjacent-xenos here|even|elsewhere|N`
 * (choices.c): a tile is wanted as much as the most willing squad on it
 * says, a count N as here for N of one space's Xenomorphs and then after
 * elsewhere; they go one at a time to a tile wanted most, among those to
 * the one that has fewest of them yet, then to the one whose squads have
 * the most characters, then in n e s w order — doc/muthur-orders.5),
 * else one space toward the APC; a Xenomorph moving from row 1 onto the
 * APC escapes to the box.
 */
#include "config.h"

#include <string.h>

#include "rules/bughunt/bughunt.h"

/* How little cell's squads want one more Xenomorph, got of this space's
 * already coming: the best rank among them. */
static int
wanted(const struct rules_game *g, int cell, int got)
{
	int seats[BH_SEATS], n = bh_squads_at(g, cell, seats), i, r, best = 3;

	for (i = 0; i < n; i++)
		if ((r = bh_pref_rank(g->sq[seats[i]].xeno_pref, got)) < best)
			best = r;
	return best;
}

/* Characters of the squads on cell. */
static int
strength(const struct rules_game *g, int cell)
{
	int seats[BH_SEATS], n = bh_squads_at(g, cell, seats), i, k = 0;

	for (i = 0; i < n; i++)
		k += g->sq[seats[i]].nchar;
	return k;
}

int
bh_xeno_move(struct rules_game *g, struct rules_events *ev)
{
	int next[BH_CELLS], cell, d, nb, to[4], got[4], nto, i, j, k, x, escaped = 0, t;

	memcpy(next, g->xenos, sizeof next);
	for (cell = 0; cell < BH_CELLS; cell++) {
		if ((x = g->xenos[cell]) == 0 || (g->tile[cell] >= 0 &&
		    bh_squads_at(g, cell, NULL) > 0))
			continue;
		for (nto = 0, d = 0; d < 4; d++)
			if ((nb = bh_neighbour(cell, d)) >= 0 && g->tile[nb] >= 0 &&
			    bh_squads_at(g, nb, NULL) > 0)
				to[nto++] = nb;
		/* the strongest first, stable in n e s w order */
		for (i = 1; i < nto; i++)
			for (k = i; k > 0 && strength(g, to[k]) > strength(g, to[k - 1]); k--) {
				t = to[k];
				to[k] = to[k - 1];
				to[k - 1] = t;
			}
		next[cell] -= x;
		if (nto > 0) {
			/* one at a time: to the tile wanted most, then the one that
			 * has fewest of them yet, then the strongest */
			memset(got, 0, sizeof got);
			for (i = 0; i < x; i++) {
				for (j = 0, k = 1; k < nto; k++)
					if (wanted(g, to[k], got[k]) < wanted(g, to[j], got[j]) ||
					    (wanted(g, to[k], got[k]) == wanted(g, to[j], got[j]) &&
					    got[k] < got[j]))
						j = k;
				got[j]++;
				next[to[j]]++;
			}
			for (k = 0; k < nto; k++)
				if (got[k] > 0)
					bh_event(ev, "{\"type\":\"xenomorphs-move\",\"from\":\"%s\","
					    "\"to\":\"%s\",\"count\":%d}", bh_cell_name(cell),
					    bh_cell_name(to[k]), got[k]);
		} else if ((nb = bh_neighbour(cell, BH_S)) == BH_APC) {
			escaped += x;
			bh_event(ev, "{\"type\":\"xenomorphs-escape\",\"from\":\"%s\",\"count\":%d}",
			    bh_cell_name(cell), x);
		} else {
			next[nb] += x;
			bh_event(ev, "{\"type\":\"xenomorphs-move\",\"from\":\"%s\",\"to\":\"%s\","
			    "\"count\":%d}", bh_cell_name(cell), bh_cell_name(nb), x);
		}
	}
	memcpy(g->xenos, next, sizeof next);
	g->escaped += escaped;
	return escaped;
}
