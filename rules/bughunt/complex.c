/*
 * complex.c — "The Complex grid": 5 sectors by 6 rows, the APC below row
 * 1 reached by squads through Sector 3 only; exits, barriers and breaches
 * between cells. A cell is named SECTOR/TILE, the Sector numbered 1..5
 * as the rulebook does and the tile counted from the APC: "3/1" is
 * Sector 3's first tile; the old names, a Sector letter a..e and the
 * row ("c1"), are still read.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rules/bughunt/bughunt.h"

const char *const bh_colours[BH_SEATS] = { "blue", "red", "green", "yellow" };
const char *const bh_dir_names[4] = { "n", "e", "s", "w" };

const char *
bh_cell_name(int cell)
{
	static char names[BH_CELLS][4];
	int i;

	if (cell < 0 || cell >= BH_CELLS)
		return "apc";
	if (names[0][0] == '\0')
		for (i = BH_CELLS - 1; i >= 0; i--)
			snprintf(names[i], sizeof names[i], "%d/%d", i % BH_COLS + 1,
			    i / BH_COLS + 1);
	return names[cell];
}

int
bh_cell_parse(const char *s)
{
	int col, row;

	if (strcmp(s, "apc") == 0)
		return BH_APC;
	if (strlen(s) == 3 && s[1] == '/') {		/* SECTOR/TILE: "3/1" */
		col = s[0] - '1';
		row = s[2] - '1';
	} else if (strlen(s) == 2) {			/* the old letters: "c1" */
		col = s[0] - 'a';
		row = s[1] - '1';
	} else
		return -2;
	if (col < 0 || col >= BH_COLS || row < 0 || row >= BH_ROWS)
		return -2;
	return row * BH_COLS + col;
}

int
bh_dir_parse(const char *s)
{
	int d;

	for (d = 0; d < 4; d++)
		if (strcmp(s, bh_dir_names[d]) == 0)
			return d;
	return -1;
}

int
bh_neighbour(int cell, int dir)
{
	int col, row;

	if (cell == BH_APC)
		return dir == BH_N ? BH_APC_SECTOR - 1 : -2;
	col = cell % BH_COLS;
	row = cell / BH_COLS;
	switch (dir) {
	case BH_N: return row + 1 < BH_ROWS ? cell + BH_COLS : -2;
	case BH_S: return row > 0 ? cell - BH_COLS : BH_APC;
	case BH_E: return col + 1 < BH_COLS ? cell + 1 : -2;
	default: return col > 0 ? cell - 1 : -2;
	}
}

int
bh_passage(const struct rules_game *g, int cell, int dir)
{
	int nb = bh_neighbour(cell, dir), mine, theirs, barrier;

	if (nb == -2)
		return 0;
	if (cell == BH_APC) {
		if (g->tile[nb] < 0)
			return 1;
		return g->side[nb][BH_S] == BH_WALL ? 0 : 1;
	}
	if (nb == BH_APC && cell % BH_COLS != BH_APC_SECTOR - 1)
		return 0;
	if ((mine = g->side[cell][dir]) == BH_WALL)
		return 0;
	theirs = nb >= 0 && g->tile[nb] >= 0 ? g->side[nb][(dir + 2) % 4] : BH_EXIT;
	if (theirs == BH_WALL)
		return 0;
	barrier = (mine == BH_BARRIER || theirs == BH_BARRIER) &&
	    !(g->breach[cell] & (1 << dir));
	return barrier ? 2 : 1;
}

int
bh_open(const struct rules_game *g, int cell, int dir)
{
	return bh_passage(g, cell, dir) == 1;
}

int
bh_squads_at(const struct rules_game *g, int cell, int *seats)
{
	int s, n = 0;

	for (s = 0; s < g->nseats; s++)
		if (g->sq[s].nchar > 0 && g->sq[s].pos == cell) {
			if (seats != NULL)
				seats[n] = s;
			n++;
		}
	return n;
}

int
bh_dice_left(const struct rules_game *g)
{
	int i, n = g->d->dice - g->escaped;

	for (i = 0; i < BH_CELLS; i++)
		n -= g->xenos[i];
	return n;
}
