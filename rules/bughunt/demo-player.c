/*
 * demo-player.c — the scripted player of the demo and the end-to-end
 * tests: shoot what is on the squad's tile, capture objectives, explore
 * the nearest unknown space, reload when depleted, and once every mission
 * is complete head back to the APC. Deterministic; every line it writes
 * passes check().
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

#define NODES (BH_CELLS + 1)		/* the cells, then the APC */
#define NODE(c) ((c) == BH_APC ? BH_CELLS : (c))
#define CELL(n) ((n) == BH_CELLS ? BH_APC : (n))

/* The first steps toward the cheapest goal: directions in dirs, count. */
static int
route(const struct rules_game *g, int seat, int *dirs)
{
	int dist[NODES], from[NODES], via[NODES], done[NODES], goal = -1, best, n, k;
	int d, nb, p, c, cost, path[NODES], np = 0, home = bh_missions_done(g);

	for (n = 0; n < NODES; n++) {
		dist[n] = 1 << 20;
		done[n] = 0;
	}
	dist[NODE(g->sq[seat].pos)] = 0;
	from[NODE(g->sq[seat].pos)] = -1;
	for (;;) {
		for (best = -1, n = 0; n < NODES; n++)
			if (!done[n] && dist[n] < (1 << 20) && (best < 0 || dist[n] < dist[best]))
				best = n;
		if (best < 0)
			break;
		done[best] = 1;
		c = CELL(best);
		if (home ? c == BH_APC : (c >= 0 && (g->tile[c] < 0 || g->objective[c]) &&
		    best != NODE(g->sq[seat].pos))) {
			goal = best;
			break;
		}
		if (c >= 0 && g->tile[c] < 0)
			continue;	/* an unknown space: the end of a route */
		for (d = 0; d < 4; d++) {
			if ((p = bh_passage(g, c, d)) == 0)
				continue;
			nb = NODE(bh_neighbour(c, d));
			cost = dist[best] + p;
			if (cost < dist[nb]) {
				dist[nb] = cost;
				from[nb] = best;
				via[nb] = d;
			}
		}
	}
	if (goal < 0)
		return 0;
	for (n = goal; from[n] >= 0; n = from[n])
		path[np++] = via[n];
	for (k = 0; k < np; k++)
		dirs[k] = path[np - 1 - k];
	return np < BH_MP ? np : BH_MP;
}

/* Does text pass check() for seat? Then *after holds the game after it. */
static int
legal(const struct rules_game *g, int seat, const char *text, struct rules_game *after)
{
	memcpy(after, g, sizeof *g);
	return bh_orders_run(after, seat, text, 1, NULL, NULL, NULL) == 0;
}

/* A use line for every mission with a face-up token and ability ab. */
static void
uses(const struct rules_game *g, int seat, int ab, struct strbuf *sb)
{
	int m;

	(void)seat;
	for (m = 0; m < BH_MISSIONS; m++)
		if (g->mup[m] > 0 && g->d->missions[g->mission[m]].ability == ab)
			strbuf_addf(sb, "use %s\n", g->d->missions[g->mission[m]].id);
}

/* Mission abilities worth a token before anything else: purge Xenomorphs
 * on the tile, patch the most wounded character. */
static void
first_uses(const struct rules_game *g, int seat, struct strbuf *sb)
{
	const struct bh_squad *sq = &g->sq[seat];
	int m, i, worst = -1;
	char *slug;

	for (i = 0; i < sq->nchar; i++)
		if (bh_wounds_down(&sq->c[i]) >= 3 && (worst < 0 ||
		    bh_wounds_down(&sq->c[i]) > bh_wounds_down(&sq->c[worst])))
			worst = i;
	for (m = 0; m < BH_MISSIONS; m++) {
		if (g->mup[m] == 0)
			continue;
		if (g->d->missions[g->mission[m]].ability == BH_MA_PURGE && sq->pos != BH_APC &&
		    g->xenos[sq->pos] > 0)
			strbuf_addf(sb, "use %s\n", g->d->missions[g->mission[m]].id);
		else if (g->d->missions[g->mission[m]].ability == BH_MA_PATCH && worst >= 0) {
			slug = bh_char_slug(g, seat, worst);
			strbuf_addf(sb, "use %s %s\n", g->d->missions[g->mission[m]].id, slug);
			free(slug);
			worst = -1;
		}
	}
}

static char *
action(const struct rules_game *g, const struct rules_game *a, int seat, int unknown)
{
	const struct bh_squad *sq = &a->sq[seat];
	struct strbuf sb = STRBUF_INIT;
	int i, m, cells[4], nt, near = 0, ready = 0, depleted = 0;
	char *slug;

	(void)g;
	for (i = 0; i < sq->nchar; i++) {
		ready += sq->c[i].ready;
		depleted += !sq->c[i].ready;
	}
	if (!unknown && sq->pos != BH_APC && a->objective[sq->pos])
		for (m = 0; m < BH_MISSIONS; m++)
			if (a->mtok[m] < BH_MISSION_TOKENS)
				return xasprintf("capture %s\n", a->d->missions[a->mission[m]].id);
	nt = unknown ? 0 : bh_targets(a, seat, cells);
	for (i = 0; i < nt; i++)
		near += a->xenos[cells[i]];
	if (ready > 0 && !unknown && ((sq->pos != BH_APC && a->xenos[sq->pos] > 0) ||
	    near > 0)) {
		uses(a, seat, BH_MA_FIREPOWER, &sb);
		strbuf_addstr(&sb, "shoot");
		for (i = 0; i < sq->nchar; i++)
			if (sq->c[i].ready) {
				slug = bh_char_slug(a, seat, i);
				strbuf_addf(&sb, " %s", slug);
				free(slug);
			}
		strbuf_addc(&sb, '\n');
		return strbuf_detach(&sb, NULL);
	}
	return xstrdup(depleted > 0 ? "reload\n" : "");
}

char *
bh_demo_orders(const struct rules_game *g, size_t seat)
{
	struct rules_game *after = xmalloc(sizeof *after);
	struct strbuf mv = STRBUF_INIT;
	int dirs[NODES], n, k, unknown = 0, s = (int)seat;
	char *act, *out;

	if (g->phase == BH_PH_OVER || s != g->active) {
		free(after);
		return xstrdup("");
	}
	/* with Xenomorphs or an objective on the tile, stay */
	n = g->sq[s].pos != BH_APC && (g->xenos[g->sq[s].pos] > 0 ||
	    (g->objective[g->sq[s].pos] && !bh_missions_done(g))) ? 0 : route(g, s, dirs);
	for (; n > 0; n--) {
		strbuf_reset(&mv);
		strbuf_addstr(&mv, "move");
		for (k = 0; k < n; k++)
			strbuf_addf(&mv, " %s", bh_dir_names[dirs[k]]);
		strbuf_addc(&mv, '\n');
		if (legal(g, s, strbuf_str(&mv), after))
			break;
	}
	if (n == 0) {
		strbuf_reset(&mv);
		first_uses(g, s, &mv);
		legal(g, s, strbuf_str(&mv), after);
	}
	unknown = after->sq[s].pos >= 0 && g->tile[after->sq[s].pos] < 0;
	act = action(g, after, s, unknown);
	out = xasprintf("%s%s", strbuf_str(&mv), act);
	if (!legal(g, s, out, after)) {
		free(out);
		out = legal(g, s, strbuf_str(&mv), after) ? xstrdup(strbuf_str(&mv)) :
		    xstrdup("");
	}
	free(act);
	free(after);
	strbuf_free(&mv);
	return out;
}
