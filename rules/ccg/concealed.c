/*
 * concealed.c — rulebook "Prohibited Concealable Weapons": during the
 * Search Round a Rogue character may rotate to conceal a Concealable item
 * it carries; the card is then face down until it is used, dropped,
 * passed on or its carrier leaves play, when it is revealed to everyone.
 *
 * Secrecy: a concealed item is shown to the other seats as
 * "concealed-N" (N from the game's marker counter, so it says nothing of
 * the card), and its identity is a secret of the seat holding it (secret
 * id "concealed:OWNER:concealed-N", bytes "concealed-N SLUG\n"); the reveal
 * event opens it. (The free "backstab" attack with a concealed weapon is
 * an attack: combat's to declare; declaring any attack with the weapon
 * reveals it through ccg_concealed_tidy().)
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"

static int
holder_seat(const struct rules_game *g, int it)
{
	const struct ccg_piece *c;

	if (g->pieces[it].carrier < 0)
		return g->pieces[it].owner;
	c = &g->pieces[g->pieces[it].carrier];
	return c->controller >= 0 ? c->controller : c->owner;
}

int
ccg_concealed_from(const struct rules_game *g, int it, int seat)
{
	return g->pieces[it].concealed > 0 && seat != holder_seat(g, it);
}

char *
ccg_concealed_alias(const struct rules_game *g, int it)
{
	return xasprintf("concealed-%d", g->pieces[it].concealed);
}

void
ccg_concealed_reveal(struct rules_game *g, int it, struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[it];
	char *alias;

	if (p->concealed <= 0)
		return;
	alias = ccg_concealed_alias(g, it);
	ccg_event(ev, -1, "{\"type\":\"conceal-reveal\",\"seat\":\"%s\","
	    "\"alias\":\"%s\",\"item\":\"%s\",\"opens\":[\"concealed:%s:%s\"]}",
	    g->seats[holder_seat(g, it)].name, alias, p->id,
	    g->seats[p->owner].name, alias);
	free(alias);
	p->concealed = 0;
}

void
ccg_concealed_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i], *c;

		if (p->concealed <= 0)
			continue;
		c = p->carrier >= 0 ? &g->pieces[p->carrier] : NULL;
		if (p->zone != CCG_Z_PLAY || c == NULL || c->zone != CCG_Z_PLAY ||
		    ccg_attack_matches(g, p->carrier, 0, -1, (int)i, 0))
			ccg_concealed_reveal(g, (int)i, ev);
	}
}

int
ccg_conceal(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int it = ccg_piece_find(g, o->what), ci;
	struct ccg_piece *p, *c;
	char *alias;

	if (it < 0 || g->pieces[it].zone != CCG_Z_PLAY ||
	    g->pieces[it].card->type != CCG_CARD_ITEM)
		return cause_set(cause, "no item %s in play", o->what);
	p = &g->pieces[it];
	if ((ci = p->carrier) < 0 || !ccg_controls(g, seat, ci))
		return cause_set(cause, "%s is not carried by a character you "
		    "control", p->id);
	c = &g->pieces[ci];
	if (g->seats[seat].faction != CCG_FACTION_ROGUE)
		return cause_set(cause, "only Rogue characters conceal weapons");
	if (!(p->card->keywords & CCG_KW_CONCEALABLE))
		return cause_set(cause, "%s is not Concealable", p->id);
	if (p->concealed)
		return cause_set(cause, "%s is already concealed", p->id);
	if (c->rotated || c->bound || c->hostage)
		return cause_set(cause, "%s is %s: concealing rotates a ready "
		    "character", c->id, c->rotated ? "rotated" : "not free to act");
	c->rotated = 1;
	p->concealed = ++g->marker_seq;
	alias = ccg_concealed_alias(g, it);
	ccg_event(ev, -1, "{\"type\":\"conceal\",\"seat\":\"%s\",\"carrier\":"
	    "\"%s\",\"alias\":\"%s\"}", g->seats[seat].name, c->id, alias);
	ccg_event(ev, seat, "{\"type\":\"conceal-item\",\"alias\":\"%s\","
	    "\"item\":\"%s\"}", alias, p->id);
	free(alias);
	return 0;
}

/* The concealed item an order makes visible (drop, transfer), or -1. */
int
ccg_concealed_touched(const struct rules_game *g, const struct ccg_order *o)
{
	int it;

	if ((o->verb != CCG_V_DROP && o->verb != CCG_V_TRANSFER) ||
	    o->what == NULL || (it = ccg_piece_find(g, o->what)) < 0 ||
	    g->pieces[it].concealed <= 0)
		return -1;
	return it;
}

void
ccg_concealed_secrets(const struct rules_game *g, struct rules_secret **out,
    size_t *n)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];
		struct rules_secret *s;
		char *alias;

		if (p->concealed <= 0)
			continue;
		alias = ccg_concealed_alias(g, (int)i);
		*out = xreallocarray(*out, *n + 1, sizeof **out);
		s = &(*out)[(*n)++];
		s->seat = holder_seat(g, (int)i);
		s->fixed = 0;
		s->watch = NULL;	/* renewed in every phase */
		s->still = NULL;
		s->id = xasprintf("concealed:%s:%s", g->seats[p->owner].name, alias);
		s->bytes = (unsigned char *)xasprintf("%s %s\n", alias,
		    p->card->slug);
		s->len = strlen((char *)s->bytes);
		free(alias);
	}
}

void
ccg_concealed_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i;
	char *line;

	if (g->phase != CCG_PH_SEARCH_DECLARE ||
	    g->seats[seat].faction != CCG_FACTION_ROGUE)
		return;
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].carrier >= 0 &&
		    (g->pieces[i].card->keywords & CCG_KW_CONCEALABLE) &&
		    !g->pieces[i].concealed) {
			line = xasprintf("conceal %s", g->pieces[i].id);
			try(ctx, line);
			free(line);
		}
}
