/*
 * ready.c — "Ready and Depleted": a character that shoots is depleted and
 * does nothing that needs depleting until its squad reloads; its
 * firepower, with the character abilities that change it.
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

int
bh_firepower(const struct rules_game *g, int seat, int ci)
{
	const struct bh_squad *sq = &g->sq[seat];
	const struct bh_chardef *c = &g->d->chars[sq->c[ci].def];
	int fp = c->firepower;

	if (c->ability == BH_AB_STEADY)
		fp += c->amount;
	if (c->ability == BH_AB_DESPERATE && sq->nchar <= 2)
		fp += c->amount;
	return fp;
}

int
bh_deplete(struct rules_game *g, int seat, int ci)
{
	struct bh_char *c = &g->sq[seat].c[ci];

	if (!c->ready)
		return -1;
	c->ready = 0;
	return 0;
}

void
bh_reload(struct rules_game *g, int seat, struct rules_events *ev)
{
	struct bh_squad *sq = &g->sq[seat];
	int i, n = 0;

	for (i = 0; i < sq->nchar; i++) {
		n += !sq->c[i].ready;
		sq->c[i].ready = 1;
	}
	bh_event(ev, "{\"type\":\"reload\",\"seat\":\"%s\",\"readied\":%d}",
	    bh_colours[sq->colour], n);
}
