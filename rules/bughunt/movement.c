/*
 * movement.c — "Movement": 3 movement points, 1 to exit a tile and 2
 * through a barrier (which stays); a squad entering an empty space draws
 * the top tile of the stack, places its single entrance toward the tile it
 * came from, and stops; a new tile's hive icon brings its Xenomorphs, its
 * objective icon an objective token; a squad does not leave a tile with
 * Xenomorphs unless another squad is there or it moves to another squad
 * through a passage without a barrier (the APC tile is a tile: a squad on
 * it counts); the APC through Sector 3 only.
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

int
bh_mp(const struct rules_game *g, int seat)
{
	const struct bh_squad *sq = &g->sq[seat];
	int i, mp = BH_MP;

	for (i = 0; i < sq->nchar; i++)
		if (g->d->chars[sq->c[i].def].ability == BH_AB_SCOUT)
			mp += g->d->chars[sq->c[i].def].amount;
	return mp;
}

int
bh_step_cost(const struct rules_game *g, int seat, int dir, const char **why)
{
	const struct bh_squad *sq = &g->sq[seat];
	int p = bh_passage(g, sq->pos, dir), nb = bh_neighbour(sq->pos, dir);

	if (nb == -2) {
		*why = "the complex ends there";
		return -1;
	}
	if (p == 0) {
		*why = nb == BH_APC ? "squads reach the APC through Sector 3 only" :
		    "there is no exit that way";
		return -1;
	}
	if (sq->pos != BH_APC && g->xenos[sq->pos] > 0 &&
	    bh_squads_at(g, sq->pos, NULL) < 2 &&
	    !(p == 1 && bh_squads_at(g, nb, NULL) > 0)) {	/* nb may be the APC tile */
		*why = "Xenomorphs on the tile hold the squad";
		return -1;
	}
	if (nb >= 0 && g->tile[nb] < 0 && g->tpos >= g->ntiles) {
		*why = "the tile stack is empty";
		return -1;
	}
	return p;
}

void
bh_reveal_tile(struct rules_game *g, int cell, int dir, struct rules_rng *rng,
    struct rules_events *ev)
{
	const struct bh_tiledef *t;
	int k = g->tiles[g->tpos];

	(void)rng;
	t = &g->d->tiles[k];
	g->tile[cell] = k;
	g->side[cell][(dir + 2) % 4] = BH_EXIT;		/* the entrance */
	g->side[cell][(dir + 3) % 4] = t->side[0];	/* left */
	g->side[cell][dir] = t->side[1];		/* ahead */
	g->side[cell][(dir + 1) % 4] = t->side[2];	/* right */
	bh_event(ev, "{\"type\":\"tile\",\"cell\":\"%s\",\"tile\":\"%s\",\"entrance\":\"%s\","
	    "\"opens\":[\"tile:%d\"]}", bh_cell_name(cell), t->id,
	    bh_dir_names[(dir + 2) % 4], g->tpos);
	g->tpos++;
	if (t->objective && g->objectives_left > 0) {
		g->objective[cell] = 1;
		g->objectives_left--;
		bh_event(ev, "{\"type\":\"objective-token\",\"cell\":\"%s\"}", bh_cell_name(cell));
	}
	if (t->hive > 0)
		bh_place_xenos(g, cell, t->hive, ev);
}
