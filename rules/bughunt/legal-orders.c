/*
 * legal-orders.c — the active seat's legal order lines now (for the view's
 * template): each tried, dry, on a copy of the game (orders.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

/* Add line when it is legal on its own. */
static void
try_line(const struct rules_game *g, int seat, struct strbuf *sb, const char *line)
{
	struct rules_game *copy = xmemdup(g, sizeof *g);

	if (bh_orders_run(copy, seat, line, 1, NULL, NULL, NULL) == 0)
		strbuf_addf(sb, "%s\n", line);
	free(copy);
}

/* Every move of 1..3 steps, stopping at a new tile. */
static void
moves(const struct rules_game *g, int seat, struct strbuf *sb, const char *prefix,
    int depth)
{
	struct rules_game *copy;
	char *line;
	int d, ok;

	for (d = 0; d < 4; d++) {
		line = xasprintf("%s %s", prefix, bh_dir_names[d]);
		copy = xmemdup(g, sizeof *g);
		ok = bh_orders_run(copy, seat, line, 1, NULL, NULL, NULL) == 0;
		if (ok) {
			strbuf_addf(sb, "%s\n", line);
			/* a step into an empty space ends the movement */
			if (depth < BH_MP && copy->sq[seat].pos >= 0 &&
			    g->tile[copy->sq[seat].pos] >= 0)
				moves(g, seat, sb, line, depth + 1);
		}
		free(copy);
		free(line);
	}
}

char *
bh_legal(const struct rules_game *g, size_t seat)
{
	struct strbuf sb = STRBUF_INIT, all = STRBUF_INIT;
	const struct bh_squad *sq;
	char *slug, *line;
	int i, m, s, cells[4], nt, nready = 0;

	if (g->phase == BH_PH_OVER || (int)seat != g->active)
		return xstrdup("");
	sq = &g->sq[seat];
	strbuf_addstr(&sb, "pass\n");
	moves(g, (int)seat, &sb, "move", 1);
	/* shoot with every ready character (at the own tile alone, at each
	 * adjacent tile alone, at all), with each alone */
	strbuf_addstr(&all, "shoot");
	for (i = 0; i < sq->nchar; i++)
		if (sq->c[i].ready) {
			slug = bh_char_slug(g, (int)seat, i);
			strbuf_addf(&all, " %s", slug);
			free(slug);
			nready++;
		}
	if (nready > 0) {
		try_line(g, (int)seat, &sb, strbuf_str(&all));
		nt = bh_targets(g, (int)seat, cells);
		if (nt > 0 && sq->pos != BH_APC) {	/* the own tile alone */
			line = xasprintf("%s at %s", strbuf_str(&all), bh_cell_name(sq->pos));
			try_line(g, (int)seat, &sb, line);
			free(line);
		}
		for (i = 0; i < nt; i++) {
			line = xasprintf("%s at %s", strbuf_str(&all), bh_cell_name(cells[i]));
			try_line(g, (int)seat, &sb, line);
			free(line);
		}
		for (i = 0; i < sq->nchar && nready > 1; i++) {
			slug = bh_char_slug(g, (int)seat, i);
			line = xasprintf("shoot %s", slug);
			try_line(g, (int)seat, &sb, line);
			free(line);
			free(slug);
		}
	}
	strbuf_free(&all);
	for (m = 0; m < BH_MISSIONS; m++) {
		line = xasprintf("capture %s", g->d->missions[g->mission[m]].id);
		try_line(g, (int)seat, &sb, line);
		free(line);
	}
	for (i = 0; i < 4; i++) {
		line = xasprintf("breach %s", bh_dir_names[i]);
		try_line(g, (int)seat, &sb, line);
		free(line);
	}
	try_line(g, (int)seat, &sb, "reload");
	for (m = 0; m < BH_MISSIONS; m++) {
		line = xasprintf("use %s", g->d->missions[g->mission[m]].id);
		try_line(g, (int)seat, &sb, line);
		free(line);
		for (i = 0; i < sq->nchar; i++) {
			slug = bh_char_slug(g, (int)seat, i);
			line = xasprintf("use %s %s", g->d->missions[g->mission[m]].id, slug);
			try_line(g, (int)seat, &sb, line);
			free(line);
			free(slug);
		}
	}
	strbuf_addstr(&sb, "prefer lt-command next\n");
	for (s = 0; s < g->nseats; s++)
		strbuf_addf(&sb, "prefer lt-command %s\n", bh_colours[g->sq[s].colour]);
	return strbuf_detach(&sb, NULL);
}
