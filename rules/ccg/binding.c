/*
 * binding.c — rulebook "Binding" (Section 4): a Bound character (piece
 * field bound = the binding strength; combat-resolve.c binds) stays
 * rotated, has speed and defense 0 (combat-damage.c) and cannot act. At
 * the start of the Discard and Draw Round every Bound character makes a
 * Break Roll: a natural 6 frees it. Then, with the "free" order, its
 * player may try to muscle it out: other characters of his at its
 * location rotate to add their power (+1 per Alien token) to its own, +2
 * for each edged weapon any of them carries; more than the binding
 * strength frees it.
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

void
ccg_binding_break_rolls(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	size_t i;

	if (rng == NULL)	/* a test edit jumping here rolls no dice */
		return;
	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int roll;

		if (p->zone != CCG_Z_PLAY || !p->bound)
			continue;
		roll = (int)rng->uniform(rng->ctx, 6) + 1;
		ccg_event(ev, -1, "{\"type\":\"break-roll\",\"piece\":\"%s\","
		    "\"roll\":%d,\"freed\":%s}", p->id, roll,
		    roll == 6 ? "true" : "false");
		if (roll == 6)
			p->bound = 0;
	}
}

/* +2 per edged weapon pi carries. */
static int
edged_bonus(const struct rules_game *g, int pi)
{
	size_t i;
	int b = 0;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && g->pieces[i].carrier == pi &&
		    (g->pieces[i].card->keywords & CCG_KW_EDGED) &&
		    ccg_item_usable(g, pi, g->pieces[i].card, NULL) == 0)
			b += 2;
	return b;
}

int
ccg_binding_free(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_piece *p;
	size_t k, j;
	int pi, total;

	if ((pi = ccg_own_character(g, seat, o->what, cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (!p->bound)
		return cause_set(cause, "%s is not Bound", p->id);
	total = ccg_eff_power(p) + edged_bonus(g, pi);
	for (k = 0; k < o->nwho; k++) {
		int hi = ccg_own_character(g, seat, o->who[k], cause);
		const struct ccg_piece *h;

		if (hi < 0)
			return -1;
		h = &g->pieces[hi];
		for (j = 0; j < k; j++)
			if (ccg_piece_find(g, o->who[j]) == hi)
				return cause_set(cause, "%s is named twice", h->id);
		if (hi == pi || h->node != p->node)
			return cause_set(cause, "%s is not another character at "
			    "%s's location", h->id, p->id);
		if (h->rotated || h->bound)
			return cause_set(cause, "%s is not ready; helpers rotate "
			    "to help", h->id);
		total += ccg_eff_power(h) + h->tokens + edged_bonus(g, hi);
	}
	for (k = 0; k < o->nwho; k++)
		g->pieces[ccg_piece_find(g, o->who[k])].rotated = 1;
	ccg_event(ev, -1, "{\"type\":\"break-free\",\"piece\":\"%s\",\"total\":%d,"
	    "\"strength\":%d,\"freed\":%s}", p->id, total, p->bound,
	    total > p->bound ? "true" : "false");
	if (total > p->bound)
		p->bound = 0;
	return 0;
}

/* Feed try() the lines freeing seat's bound characters, alone or with each helper at their location. */
void
ccg_free_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, j;

	for (i = 0; i < g->npieces; i++) {
		if (!ccg_own_on_board(g, seat, i) || !g->pieces[i].bound)
			continue;
		ccg_tryf(try, ctx, "free %s", g->pieces[i].id);
		for (j = 0; j < g->npieces; j++)
			if (j != i && ccg_own_on_board(g, seat, j) &&
			    g->pieces[j].node == g->pieces[i].node)
				ccg_tryf(try, ctx, "free %s with %s",
				    g->pieces[i].id, g->pieces[j].id);
	}
}
