/*
 * hive.c — rulebook "Hive Construction": in the Aliens Mature Step the
 * Aliens of one seat at a location that is not yet part of its Hive may
 * rotate to build (at least four Aliens, Alien tokens on the cards
 * counting); if at least four of the rotated Aliens are still there at the
 * end of the Search Round, the location is Hived for that seat. Each
 * Aliens seat builds its own Hive.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

/* Aliens a card stands for: itself and its tokens. */
static int
aliens_of(const struct ccg_piece *p)
{
	return 1 + p->tokens;
}

static int
is_alien(const struct ccg_piece *p)
{
	return ccg_is_character(p) && p->card->chr.species == CCG_SPECIES_ALIEN;
}

int
ccg_hive_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct strbuf who = STRBUF_INIT;
	int node, pi[CCG_MAX_GROUP], n = 0;
	size_t i, j;
	char *s;

	if ((node = ccg_node_find(g, o->to)) < 0)
		return cause_set(cause, "no location %s in play", o->to);
	if (ccg_node_hived_for(g, node, seat))
		return cause_set(cause, "%s is already part of your Hive", o->to);
	for (i = 0; i < o->nwho; i++) {
		const struct ccg_piece *p;

		if ((pi[i] = ccg_own_character(g, seat, o->who[i], cause)) < 0)
			return -1;
		p = &g->pieces[pi[i]];
		for (j = 0; j < i; j++)
			if (pi[j] == pi[i])
				return cause_set(cause, "%s is named twice", p->id);
		if (!is_alien(p))
			return cause_set(cause, "%s is no Alien; only Aliens build "
			    "the Hive", p->id);
		if (p->node != node)
			return cause_set(cause, "%s is not at %s", p->id, o->to);
		if (p->rotated || p->bound)
			return cause_set(cause, "%s is %s: building rotates a "
			    "ready Alien", p->id, p->bound ? "bound" : "rotated");
		n += aliens_of(p);
	}
	if (n < 4)
		return cause_set(cause, "%d Alien%s (tokens included) would build "
		    "at %s; Hive Construction needs at least four", n,
		    n == 1 ? "" : "s", o->to);
	for (i = 0; i < o->nwho; i++) {
		g->pieces[pi[i]].rotated = 1;
		g->pieces[pi[i]].hive_work = node;
		strbuf_addf(&who, "%s\"%s\"", i ? "," : "", g->pieces[pi[i]].id);
	}
	s = strbuf_detach(&who, NULL);
	ccg_event(ev, -1, "{\"type\":\"hive-construction\",\"seat\":\"%s\","
	    "\"at\":\"%s\",\"aliens\":%d,\"builders\":[%s]}", g->seats[seat].name,
	    o->to, n, s);
	free(s);
	return 0;
}

void
ccg_hive_end(struct rules_game *g, struct rules_events *ev)
{
	size_t n, s, i;

	for (n = 0; n < g->nnodes; n++)
		for (s = 0; s < g->nseats; s++) {
			int left = 0, any = 0;

			for (i = 0; i < g->npieces; i++) {
				const struct ccg_piece *p = &g->pieces[i];

				if (p->hive_work != (int)n || p->controller != (int)s)
					continue;
				any = 1;
				if (p->zone == CCG_Z_PLAY && p->node == (int)n)
					left += aliens_of(p);
			}
			if (!any)
				continue;
			if (left >= 4)
				g->nodes[n].hived |= ccg_seat_bit((int)s);
			ccg_event(ev, -1, "{\"type\":\"%s\",\"seat\":\"%s\",\"at\":"
			    "\"%s\",\"aliens\":%d}", left >= 4 ? "hived" :
			    "hive-failed", g->seats[s].name, g->nodes[n].id, left);
		}
	for (i = 0; i < g->npieces; i++)
		g->pieces[i].hive_work = -1;
}

void
ccg_hive_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t n, i;

	if (g->phase != CCG_PH_MATURE)
		return;
	for (n = 0; n < g->nnodes; n++) {
		struct strbuf sb = STRBUF_INIT;
		int k = 0;
		char *line;

		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (p->zone != CCG_Z_PLAY || p->node != (int)n ||
			    p->controller != seat || !is_alien(p) || p->rotated ||
			    p->bound || k == CCG_MAX_GROUP)
				continue;
			strbuf_addf(&sb, "%s%s", k++ ? ", " : "", p->id);
		}
		line = xasprintf("hive %s with %s", g->nodes[n].id,
		    k ? strbuf_str(&sb) : "nobody");
		if (k > 0)
			try(ctx, line);
		free(line);
		strbuf_free(&sb);
	}
}
