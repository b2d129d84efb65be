/*
 * xeno-spawn.c — "The Xenomorph Phase", step 3: the top tracking card's
 * blips per sector fill that sector's hives nearest the APC first (each
 * up to its hive number), the rest go to the empty space nearest the APC
 * in the sector, or to its last tile when the sector row is full; then
 * the card's text. A card to play when the deck is empty loses the game.
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

static void
deploy(struct rules_game *g, int col, int blips, struct rules_events *ev)
{
	int row, cell, n, hive;

	for (row = 0; row < BH_ROWS && blips > 0 && g->phase != BH_PH_OVER; row++) {
		cell = row * BH_COLS + col;
		if (g->tile[cell] < 0 || (hive = g->d->tiles[g->tile[cell]].hive) == 0)
			continue;
		n = blips < hive ? blips : hive;
		blips -= n;
		bh_place_xenos(g, cell, n, ev);
	}
	if (blips == 0 || g->phase == BH_PH_OVER)
		return;
	for (row = 0; row < BH_ROWS; row++)
		if (g->tile[row * BH_COLS + col] < 0)
			break;
	bh_place_xenos(g, (row < BH_ROWS ? row : BH_ROWS - 1) * BH_COLS + col, blips, ev);
}

void
bh_xeno_spawn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	const struct bh_trackdef *t;
	int col;

	if (g->kpos >= g->ntrack) {
		bh_lose(g, "tracking-deck-empty", ev);
		return;
	}
	t = &g->d->track[g->track[g->kpos]];
	g->last_track = g->track[g->kpos];
	bh_event(ev, "{\"type\":\"tracking-card\",\"card\":\"%s\",\"blips\":[%d,%d,%d,%d,%d],"
	    "\"opens\":[\"tracking:%d\"]}", t->id, t->blips[0], t->blips[1], t->blips[2],
	    t->blips[3], t->blips[4], g->kpos);
	g->kpos++;
	for (col = 0; col < BH_COLS && g->phase != BH_PH_OVER; col++)
		if (t->blips[col] > 0)
			deploy(g, col, t->blips[col], ev);
	if (g->phase == BH_PH_OVER)
		return;
	if (t->effect == BH_TE_HIVE)
		bh_hive_advance(g, rng, ev, 1);
	else if (t->effect == BH_TE_STIR && bh_xeno_move(g, ev) > 0)
		bh_hive_advance(g, rng, ev, 1);
}
