/*
 * data-theft.c — rulebook "Rogues And Data Theft": in the Search Round a
 * Rogue carrying a Data Drive, or a Rogue Synthetic (a built-in drive),
 * rotates at a location with Hi-Tech or Computers to gain one Data token;
 * a drive holds at most 5 (or what its card says, if less). A drive that
 * enters a Water or Submerged location loses its tokens (a Synthetic keeps
 * them); a Synthetic's tokens are lost when it dies; a damaged drive keeps
 * its tokens but yields none (evacuation.c's download) and takes no more.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"

#define DATA_MAX	5

/* Data tokens card c may store (its "data store" effect), 0 none. */
static int
store_size(const struct ccg_card *c)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_DATA_STORE)
			return c->effects[k].amount < DATA_MAX ?
			    c->effects[k].amount : DATA_MAX;
	return 0;
}

/* Where a token stolen by pi goes: pi itself (a Synthetic), else an
 * undamaged drive it carries with room; -1 with a reason. */
static int
data_store(const struct rules_game *g, int pi, char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi];
	size_t i;
	int full = 0;

	if (p->card->chr.species == CCG_SPECIES_SYNTHETIC &&
	    store_size(p->card) > 0) {
		if (p->data < store_size(p->card))
			return pi;
		full = store_size(p->card);
	}
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *d = &g->pieces[i];

		if (d->carrier != pi || d->zone != CCG_Z_PLAY ||
		    store_size(d->card) == 0 || d->damage)
			continue;
		if (d->data < store_size(d->card))
			return (int)i;
		if (store_size(d->card) > full)
			full = store_size(d->card);
	}
	if (full)
		return cause_set(cause, "%s has no room for more data (at most "
		    "%d tokens)", p->id, full);
	return cause_set(cause, "%s carries no working Data Drive and is no "
	    "Rogue Synthetic", p->id);
}

int
ccg_data_damaged_drive(const struct rules_game *g, int pi)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].carrier == pi && g->pieces[i].zone == CCG_Z_PLAY &&
		    g->pieces[i].damage && g->pieces[i].data > 0)
			return (int)i;
	return -1;
}

int
ccg_steal_data(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_piece *p;
	int pi, st;

	if (g->seats[seat].faction != CCG_FACTION_ROGUE)
		return cause_set(cause, "only the Rogues steal data");
	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (!(g->nodes[p->node].card->loc.kinds & CCG_LK_HI_TECH))
		return cause_set(cause, "%s has neither Hi-Tech nor Computers",
		    g->nodes[p->node].id);
	if (p->rotated || p->bound || p->hostage)
		return cause_set(cause, "%s is not ready: stealing data rotates "
		    "a ready character", p->id);
	if ((st = data_store(g, pi, cause)) < 0)
		return -1;
	p->rotated = 1;
	g->pieces[st].data++;
	ccg_event(ev, -1, "{\"type\":\"steal-data\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"store\":\"%s\",\"at\":\"%s\",\"tokens\":%d}",
	    g->seats[seat].name, p->id, g->pieces[st].id, g->nodes[p->node].id,
	    g->pieces[st].data);
	return 0;
}

void
ccg_data_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int at = ccg_piece_at(g, (int)i), lost = 0;

		if (p->data <= 0)
			continue;
		if (ccg_is_character(p))
			lost = p->zone == CCG_Z_DEAD;
		else
			lost = at >= 0 &&
			    (g->nodes[at].card->loc.kinds & CCG_LK_SUBMERGED);
		if (!lost)
			continue;
		ccg_event(ev, -1, "{\"type\":\"data-lost\",\"piece\":\"%s\","
		    "\"tokens\":%d}", p->id, p->data);
		p->data = 0;
	}
}

void
ccg_data_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i;
	char *line;

	if (g->phase != CCG_PH_SEARCH_DECLARE ||
	    g->seats[seat].faction != CCG_FACTION_ROGUE)
		return;
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY &&
		    ccg_is_character(&g->pieces[i]) &&
		    g->pieces[i].controller == seat && g->pieces[i].node >= 0) {
			line = xasprintf("steal %s", g->pieces[i].id);
			try(ctx, line);
			free(line);
		}
}
