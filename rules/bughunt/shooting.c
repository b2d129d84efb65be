/*
 * shooting.c — "Shooting": the characters depleted give their firepower,
 * the number of Xenomorph dice targeted: the squad's own tile first, then
 * adjacent tiles through passages without barriers (never an empty
 * space): those the orders name after "at" (the rest of the firepower
 * "may" go there: naming only the own tile keeps it there; orders.c
 * refuses naming one that the own tile leaves no firepower for), else
 * every one; each die once. A blank face kills; in the own tile each
 * head face is a wound to one of the characters that fired, as the
 * players choose (the `wounds` names of the shot, bughunt.h; by default
 * the firers in the order the orders list them, in turn; none left
 * alive, nobody); survivors of adjacent tiles move into the squad's
 * tile. From the APC only Sector 3's first tile, and survivors escape
 * (the hive counter advances once).
 */
#include "config.h"

#include <string.h>

#include "lib/strbuf.h"
#include "rules/bughunt/bughunt.h"

int
bh_targets(const struct rules_game *g, int seat, int *cells)
{
	int pos = g->sq[seat].pos, d, nb, n = 0;

	for (d = 0; d < 4; d++) {
		nb = bh_neighbour(pos, d);
		if (nb >= 0 && g->tile[nb] >= 0 && bh_open(g, pos, d))
			cells[n++] = nb;
	}
	return n;
}

static int
roll(const struct rules_game *g, struct rules_rng *rng)
{
	const int *f = g->d->die;
	int r = (int)rng->uniform(rng->ctx, (uint32_t)(f[0] + f[1] + f[2]));

	return r < f[0] ? BH_FACE_BLANK : r < f[0] + f[1] ? BH_FACE_HEAD : BH_FACE_CLAW;
}

/* Roll n dice of cell: how many live, and the heads (*heads); faces in sb. */
static int
roll_dice(struct rules_game *g, int n, struct rules_rng *rng, int *heads, struct strbuf *sb)
{
	static const char *const faces[] = { "blank", "head", "claw" };
	int i, f, live = 0;

	*heads = 0;
	for (i = 0; i < n; i++) {
		f = roll(g, rng);
		strbuf_addf(sb, "%s\"%s\"", i > 0 ? "," : "", faces[f]);
		live += f != BH_FACE_BLANK;
		*heads += f == BH_FACE_HEAD;
	}
	return live;
}

static int
find_uid(const struct bh_squad *sq, int uid)
{
	int c;

	for (c = 0; c < sq->nchar; c++)
		if (sq->c[c].def * 4 + sq->c[c].copy == uid)
			return c;
	return -1;
}

void
bh_shoot(struct rules_game *g, int seat, const struct bh_shot *s, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct bh_squad *sq = &g->sq[seat];
	int fp = s->bonus, uid[BH_SQUAD], i, k, n, live, heads, cells[4], nt, order[8];
	int no = 0, pos = sq->pos, escaped = 0, c, h, wuid[BH_SHOT_WOUNDS];
	struct strbuf sb = STRBUF_INIT;

	for (i = 0; i < s->nchars; i++) {
		fp += bh_firepower(g, seat, s->chars[i]);
		bh_deplete(g, seat, s->chars[i]);
		uid[i] = sq->c[s->chars[i]].def * 4 + sq->c[s->chars[i]].copy;
	}
	for (i = 0; i < s->nwound; i++)
		wuid[i] = sq->c[s->wound[i]].def * 4 + sq->c[s->wound[i]].copy;
	bh_event(ev, "{\"type\":\"shoot\",\"seat\":\"%s\",\"firepower\":%d}",
	    bh_colours[sq->colour], fp);
	if (pos != BH_APC && (n = fp < g->xenos[pos] ? fp : g->xenos[pos]) > 0) {
		fp -= n;
		strbuf_reset(&sb);
		live = roll_dice(g, n, rng, &heads, &sb);
		g->xenos[pos] -= n - live;
		bh_event(ev, "{\"type\":\"roll\",\"cell\":\"%s\",\"faces\":[%s],\"killed\":%d}",
		    bh_cell_name(pos), strbuf_str(&sb), n - live);
		/*
		 * each head: a wound to the one the `wounds` list names for it
		 * while it lives, else to the next character that fired and
		 * lives; when none of them lives, the rest wound nobody (only
		 * a character that fired takes these wounds)
		 */
		for (i = 0, h = 0; heads > 0 && g->phase != BH_PH_OVER && sq->nchar > 0;
		    heads--, h++) {
			c = s->nwound > 0 ? find_uid(sq, wuid[h < s->nwound ? h :
			    s->nwound - 1]) : -1;
			for (k = 0; k < s->nchars && c < 0; k++, i++)
				c = find_uid(sq, uid[i % s->nchars]);
			if (c < 0)
				break;
			bh_wound(g, seat, c, ev);
		}
	}
	nt = bh_targets(g, seat, cells);
	for (i = 0; i < s->nat; i++)
		order[no++] = s->at[i];
	for (i = 0; i < nt && !s->only; i++) {
		for (k = 0; k < no && order[k] != cells[i]; k++)
			;
		if (k == no)
			order[no++] = cells[i];
	}
	for (i = 0; i < no && fp > 0 && g->phase != BH_PH_OVER; i++) {
		for (k = 0; k < nt && cells[k] != order[i]; k++)
			;
		if (k == nt || (n = fp < g->xenos[order[i]] ? fp : g->xenos[order[i]]) == 0)
			continue;
		fp -= n;
		strbuf_reset(&sb);
		live = roll_dice(g, n, rng, &heads, &sb);
		g->xenos[order[i]] -= n;
		if (pos == BH_APC)
			escaped += live;
		else
			g->xenos[pos] += live;
		bh_event(ev, "{\"type\":\"roll\",\"cell\":\"%s\",\"faces\":[%s],\"killed\":%d,"
		    "\"%s\":%d}", bh_cell_name(order[i]), strbuf_str(&sb), n - live,
		    pos == BH_APC ? "escaped" : "moved_in", live);
	}
	strbuf_free(&sb);
	if (escaped > 0 && g->phase != BH_PH_OVER) {
		g->escaped += escaped;
		bh_hive_advance(g, rng, ev, 0);
	}
}
