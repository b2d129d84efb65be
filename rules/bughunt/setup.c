/*
 * setup.c — "Game Setup", the Pre-Mission Checklist: squads of two Grunts
 * and a random Named Character (the Point Man a Grunt), every squad on the
 * APC at Sector 3, three random missions, the Phase Deck (three cards per
 * player, the Lt. Command card, a Xenomorph card per player), the face-down
 * tile stack, the wound tokens, the breach tokens, the Tracking Deck, the
 * hive counter on space 1 and the set-up Xenomorph Phase (spawn only).
 *
 * Public draws (which characters and missions) from rng->uniform; the
 * hidden orderings from rng->hidden (bh_hid()).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

uint32_t
bh_hid(struct rules_rng *rng, uint32_t bound)
{
	if (rng->hidden != NULL)
		return rng->hidden(rng->hidden_ctx, bound);
	return rng->uniform(rng->ctx, bound);
}

void
bh_shuffle(struct rules_rng *rng, int *v, int n)
{
	int i, j, t;

	for (i = n - 1; i > 0; i--) {
		j = (int)bh_hid(rng, (uint32_t)i + 1);
		t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* Draw k distinct entries of pool[0..n-1] (public draws), removing them. */
static int
draw_public(struct rules_rng *rng, int *pool, int *n)
{
	uint32_t j = rng->uniform(rng->ctx, (uint32_t)*n);
	int v;

	if (j >= (uint32_t)*n)
		j = 0;	/* the rng's contract is [0, n); never trust it with an index */
	v = pool[j];

	pool[j] = pool[--*n];
	return v;
}

static void
squads(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	const struct bh_data *d = g->d;
	int named[BH_MAX_CHARS * 12] = { 0 }, grunts[BH_MAX_CHARS * 12] = { 0 };
	int nn = 0, ng = 0;
	int s, i, k, nnamed = g->options & BH_OPT_NAMED_FOR_GRUNT ? 2 : 1;
	struct bh_squad *sq;

	for (i = 0; i < d->nchars; i++)
		for (k = 0; k < d->chars[i].copies; k++) {
			if (d->chars[i].named)
				named[nn++] = i;
			else
				grunts[ng++] = i;
		}
	for (s = 0; s < g->nseats; s++) {
		sq = &g->sq[s];
		sq->pos = BH_APC;
		sq->lt_pref = -1;
		sq->nchar = BH_SQUAD;
		/* the Point Man (c[0]) and the next are Grunts, the named last */
		for (i = 0; i < BH_SQUAD; i++) {
			sq->c[i].def = i < BH_SQUAD - nnamed ? draw_public(rng, grunts, &ng) :
			    draw_public(rng, named, &nn);
			sq->c[i].ready = 1;
		}
		for (i = 0; i < BH_SQUAD; i++)
			for (k = 0; k < BH_SQUAD; k++)
				if (k != i && sq->c[k].def == sq->c[i].def)
					sq->c[i].copy = 1 + (k < i);
		bh_event(ev, "{\"type\":\"squad\",\"seat\":\"%s\",\"characters\":"
		    "[\"%s\",\"%s\",\"%s\"]}", bh_colours[sq->colour], d->chars[sq->c[0].def].id,
		    d->chars[sq->c[1].def].id, d->chars[sq->c[2].def].id);
	}
}

static void
missions(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int pool[BH_MAX_MISSIONS] = { 0 }, n = g->d->nmissions, i;

	for (i = 0; i < n; i++)
		pool[i] = i;
	for (i = 0; i < BH_MISSIONS; i++)
		g->mission[i] = draw_public(rng, pool, &n);
	bh_event(ev, "{\"type\":\"missions\",\"missions\":[\"%s\",\"%s\",\"%s\"]}",
	    g->d->missions[g->mission[0]].id, g->d->missions[g->mission[1]].id,
	    g->d->missions[g->mission[2]].id);
}

/* The hidden stacks: phase deck, tiles, tracking deck, wound token faces. */
static void
stacks(struct rules_game *g, struct rules_rng *rng)
{
	const struct bh_data *d = g->d;
	int s, i, k;

	g->ndeck = 0;
	for (s = 0; s < g->nseats; s++)
		for (k = 0; k < 3; k++)
			g->deck[g->ndeck++] = s;
	g->deck[g->ndeck++] = BH_CARD_LT;
	for (i = 0; i < g->nseats + g->extra_xeno; i++)
		g->deck[g->ndeck++] = BH_CARD_XENO;
	g->xeno_left = d->xeno_cards - g->nseats - g->extra_xeno;
	bh_shuffle(rng, g->deck, g->ndeck);
	g->ntiles = d->ntiles;
	for (i = 0; i < d->ntiles; i++)
		g->tiles[i] = i;
	bh_shuffle(rng, g->tiles, g->ntiles);
	g->ntrack = d->ntrack;
	for (i = 0; i < d->ntrack; i++)
		g->track[i] = i;
	bh_shuffle(rng, g->track, g->ntrack);
	g->nwounds = d->wound_blank + d->wound_kia;
	for (i = 0; i < g->nwounds; i++) {
		g->wface[i] = i >= d->wound_blank;
		g->pool[i] = i;
	}
	g->npool = g->nwounds;
	bh_shuffle(rng, g->wface, g->nwounds);
}

struct rules_game *
bh_create(const struct rules_setup *su, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	struct rules_game *g;
	size_t i, k;
	int c, seen = 0;

	if (su->nseats < 1 || su->nseats > BH_SEATS)
		return cause_set(cause, "Bug Hunt is for 1 to 4 squads, not %zu", su->nseats),
		    NULL;
	if (su->scenario == NULL || strcmp(su->scenario, "bug-hunt") != 0)
		return cause_set(cause, "unknown scenario \"%s\" (bug-hunt)",
		    su->scenario != NULL ? su->scenario : ""), NULL;
	g = xcalloc(1, sizeof *g);
	g->d = su->data;
	g->nseats = (int)su->nseats;
	if (bh_options_apply(g, su->options, su->noptions, cause) == -1)
		goto bad;
	if (g->extra_xeno + g->nseats > g->d->xeno_cards) {
		cause_set(cause, "%d extra Xenomorph Phase cards asked for, with %d for "
		    "the players: the data has %d cards, so at most "
		    "extra-xenomorph-cards=%d", g->extra_xeno, g->nseats, g->d->xeno_cards,
		    g->d->xeno_cards - g->nseats);
		goto bad;
	}
	/* seats in play order: the colours' order */
	for (c = 0, k = 0; c < BH_SEATS; c++)
		for (i = 0; i < su->nseats; i++)
			if (strcmp(su->seats[i].name, bh_colours[c]) == 0) {
				g->sq[k++].colour = c;
				seen++;
			}
	if (seen != g->nseats) {
		cause_set(cause, "Bug Hunt seats are the colours blue, red, green and "
		    "yellow, each at most once");
		goto bad;
	}
	for (c = 0; c < BH_CELLS; c++)
		g->tile[c] = -1;
	g->breaches_left = g->d->breach;
	g->objectives_left = g->d->objectives;
	g->last_track = -1;
	g->active = g->last_active = -1;
	squads(g, rng, ev);
	missions(g, rng, ev);
	stacks(g, rng);
	bh_event(ev, "{\"type\":\"setup\",\"phase_deck\":%d,\"tiles\":%d,\"tracking\":%d,"
	    "\"wound_tokens\":%d,\"options\":%d,\"extra_xenomorph_cards\":%d}", g->ndeck,
	    g->ntiles, g->ntrack, g->nwounds, g->options, g->extra_xeno);
	/* the hive counter's first space: the set-up Xenomorph Phase, spawn only */
	if (!(g->options & BH_OPT_NO_SETUP_SPAWN))
		bh_xeno_phase(g, rng, ev, 1);
	if ((g->options & BH_OPT_EXTRA_SPAWN) && g->phase != BH_PH_OVER)
		bh_xeno_phase(g, rng, ev, 1);
	bh_next_turn(g, rng, ev);
	return g;
bad:
	free(g);
	return NULL;
}
