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

/*
 * The moves: one path to each place the squad can reach with its movement
 * points now (bh_mp(): scouts add theirs), breadth first, so each is a
 * shortest legal path and no place is listed twice (other paths there are
 * legal too, checked when mailed). A step into an empty space draws a
 * tile and ends the movement, so no path goes on from one.
 */
struct path {
	char		*line;		/* "move e n" */
	int		 pos;		/* where it ends: a cell, or BH_APC */
	int		 open;		/* may go on (not ended on a new tile) */
};

static void
moves(const struct rules_game *g, int seat, struct strbuf *sb)
{
	struct path *q = xcalloc(BH_CELLS + 2, sizeof *q);
	struct rules_game *copy;
	char seen[BH_CELLS + 1];	/* [BH_CELLS]: the APC */
	char *line;
	size_t head = 0, n = 0, i;
	int d, depth, mp = bh_mp(g, seat), at, pos = g->sq[seat].pos;
	size_t from = 0, to;

	memset(seen, 0, sizeof seen);
	seen[pos == BH_APC ? BH_CELLS : pos] = 1;
	q[n++] = (struct path){ xstrdup("move"), pos, 1 };
	for (depth = 1; depth <= mp; depth++) {
		to = n;
		for (head = from; head < to; head++) {
			if (!q[head].open)
				continue;
			for (d = 0; d < 4; d++) {
				line = xasprintf("%s %s", q[head].line, bh_dir_names[d]);
				copy = xmemdup(g, sizeof *g);
				if (bh_orders_run(copy, seat, line, 1, NULL, NULL, NULL) == 0 &&
				    !seen[(at = copy->sq[seat].pos) == BH_APC ? BH_CELLS : at] &&
				    n < BH_CELLS + 2) {
					seen[at == BH_APC ? BH_CELLS : at] = 1;
					q[n++] = (struct path){ line, at,
					    at == BH_APC || g->tile[at] >= 0 };
					line = NULL;
				}
				free(line);
				free(copy);
			}
		}
		from = to;
	}
	for (i = 1; i < n; i++)
		strbuf_addf(sb, "%s\n", q[i].line);
	for (i = 0; i < n; i++)
		free(q[i].line);
	free(q);
}

/*
 * The squad's first turn: each arrangement of its characters (the Point
 * Man first) other than the one it has, as an `order` line.
 */
static void
orders_of_squad(const struct rules_game *g, int seat, struct strbuf *sb)
{
	static const int perm[6][3] = {
		{ 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 }
	};
	const struct bh_squad *sq = &g->sq[seat];
	struct strbuf line = STRBUF_INIT;
	char *slug;
	int p, k;

	if (sq->turns > 0 || sq->pos != BH_APC || sq->nchar != BH_SQUAD)
		return;
	for (p = 1; p < 6; p++) {	/* perm[0]: as it stands */
		strbuf_reset(&line);
		strbuf_addstr(&line, "order");
		for (k = 0; k < BH_SQUAD; k++) {
			slug = bh_char_slug(g, seat, perm[p][k]);
			strbuf_addf(&line, " %s", slug);
			free(slug);
		}
		try_line(g, seat, sb, strbuf_str(&line));
	}
	strbuf_free(&line);
}

/*
 * The Xenomorph Phase's wait: the counts that split what the squad is
 * asked about other than all or nothing (`prefer shared-wounds N` for
 * its tile's wounds when shared, `prefer adjacent-xenos N` for the
 * largest group next to its tile and another squad's).
 */
static void
counts(const struct rules_game *g, int seat, struct strbuf *sb)
{
	int shared, adjacent, n;

	shared = bh_choice_sizes(g, g->sq[seat].pos, &adjacent);
	for (n = 1; n < shared; n++)
		strbuf_addf(sb, "prefer shared-wounds %d\n", n);
	for (n = 1; n < adjacent; n++)
		strbuf_addf(sb, "prefer adjacent-xenos %d\n", n);
}

char *
bh_legal(const struct rules_game *g, size_t seat)
{
	struct strbuf sb = STRBUF_INIT, all = STRBUF_INIT;
	const struct bh_squad *sq;
	char *slug, *line;
	int i, m, s, cells[4], nt, nready = 0;

	if (g->phase == BH_PH_XENO && seat < (size_t)g->nseats && g->sq[seat].asked) {
		/* the Xenomorph Phase's wait: the squad's choices (game.c) */
		strbuf_addstr(&sb, "pass\n");
		for (i = 0; i < 3; i++) {
			line = xasprintf("prefer shared-wounds %s", bh_wound_pref_names[i]);
			try_line(g, (int)seat, &sb, line);
			free(line);
			line = xasprintf("prefer adjacent-xenos %s", bh_xeno_pref_names[i]);
			try_line(g, (int)seat, &sb, line);
			free(line);
		}
		counts(g, (int)seat, &sb);
		strbuf_free(&all);
		return strbuf_detach(&sb, NULL);
	}
	if (g->phase != BH_PH_TURN || (int)seat != g->active)
		return xstrdup("");
	sq = &g->sq[seat];
	strbuf_addstr(&sb, "pass\n");
	moves(g, (int)seat, &sb);
	/* shoot with every ready character (at the own tile alone, at each
	 * adjacent tile alone, at all), with each alone; a shot at a tile the
	 * firepower cannot reach (orders.c, Shooting 1a) fails its dry run */
	strbuf_addstr(&all, "shoot");
	for (i = 0; i < sq->nchar; i++)
		if (sq->c[i].ready) {
			slug = bh_char_slug(g, (int)seat, i);
			strbuf_addf(&all, " %s", slug);
			free(slug);
			nready++;
		}
	nt = bh_targets(g, (int)seat, cells);
	/* from the APC the only target is Sector 3's first tile: none there, no shot */
	if (sq->pos == BH_APC && (nt == 0 || g->xenos[cells[0]] == 0))
		nready = 0;
	if (nready > 0) {
		try_line(g, (int)seat, &sb, strbuf_str(&all));
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
	orders_of_squad(g, (int)seat, &sb);
	for (i = 0; i < 3; i++)
		strbuf_addf(&sb, "prefer shared-wounds %s\n", bh_wound_pref_names[i]);
	for (i = 0; i < 3; i++)
		strbuf_addf(&sb, "prefer adjacent-xenos %s\n", bh_xeno_pref_names[i]);
	strbuf_addstr(&sb, "prefer lt-command next\n");
	for (s = 0; s < g->nseats; s++)
		strbuf_addf(&sb, "prefer lt-command %s\n", bh_colours[g->sq[s].colour]);
	return strbuf_detach(&sb, NULL);
}
