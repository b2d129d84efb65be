/*
 * xeno-spawn.c — "The Xenomorph Phase", step 3: the top tracking card's
 * blips per sector fill that sector's hives nearest the APC first (each
 * up to its hive number), the rest go to the empty space nearest the APC
 * in the sector, or to its last tile when the sector row is full; then
 * the card's text, data (doc/muthur-bughunt.5: the printed words and the
 * steps they mean), told in an event and done step by step. A card to
 * play when the deck is empty loses the game.
 */
#include "config.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
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

char *
bh_track_text(const struct bh_trackdef *t)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	if (t->printed != NULL)
		return xstrdup(t->printed);
	if (t->nstep == 0)
		return NULL;
	for (i = 0; i < t->nstep; i++) {
		strbuf_addstr(&sb, i == 0 ? "" : "; then ");
		switch (t->step[i].op) {
		case BH_TE_HIVE:
			strbuf_addstr(&sb, "the hive counter advances one space");
			break;
		case BH_TE_STIR:
			strbuf_addstr(&sb, "the Xenomorphs move once more");
			break;
		case BH_TE_ATTACK:
			strbuf_addstr(&sb, "the Xenomorphs attack once more");
			break;
		default:
			strbuf_addf(&sb, "%d more Xenomorph%s in Sector %d", t->step[i].n,
			    t->step[i].n == 1 ? "" : "s", t->step[i].sector);
		}
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * "Some Tracking Cards have card text. After all the Xenomorphs have been
 * deployed simply follow the instructions on the card": the text told (an
 * event with the card's words, marked when the data is sample data), then
 * its steps in order.
 */
static void
card_text(struct rules_game *g, const struct bh_trackdef *t, struct rules_rng *rng,
    struct rules_events *ev)
{
	char *text = bh_track_text(t), *js;
	cJSON *str;
	int i;

	if (text == NULL)
		return;
	str = cJSON_CreateString(text);
	js = cJSON_PrintUnformatted(str);
	bh_event(ev, "{\"type\":\"tracking-text\",\"card\":\"%s\",\"text\":%s,"
	    "\"sample\":%s}", t->id, js, g->d->sample ? "true" : "false");
	cJSON_free(js);
	cJSON_Delete(str);
	free(text);
	for (i = 0; i < t->nstep && g->phase != BH_PH_OVER; i++)
		switch (t->step[i].op) {
		case BH_TE_HIVE:
			bh_hive_advance(g, rng, ev, 1);
			break;
		case BH_TE_STIR:
			if (bh_xeno_move(g, ev) > 0)
				bh_hive_advance(g, rng, ev, 1);
			break;
		case BH_TE_ATTACK:
			bh_xeno_attack(g, rng, ev);
			break;
		case BH_TE_SPAWN:
			deploy(g, t->step[i].sector - 1, t->step[i].n, ev);
			break;
		}
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
	card_text(g, t, rng, ev);
}
