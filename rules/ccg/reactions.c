/*
 * reactions.c — rulebook "Timing Issues" (the few cards played as a
 * reaction to another card, such as Not So Fast) and the cancelling of
 * permanent events ("Events").
 *
 * Events resolve the instant they are played, so by mail a reaction has to
 * be given before the event it answers: "play CANCEL on EVENT", where EVENT
 * is the name (slug) of an event card, stands ready for the whole resolve
 * it is given in. muthur applies such reactions first, before any other
 * order of that resolve, in R-M-P-A order; then, whenever another seat
 * plays an EVENT card in that resolve, the first reaction waiting for it
 * (R-M-P-A order again) whose player can still pay cancels it: the event
 * has no result (nothing it would change changes and its own cost is not
 * paid), it goes from the hand to the discard pile, and the reaction is
 * paid and discarded. A reaction nothing triggered goes back to the hand
 * at the end of the resolve, unpaid. The orders of one resolve are one
 * Step or Segment of the Combat Round, so a reaction answers events of
 * the same Segment, as at the table.
 *
 * A cancel card whose effect says "permanent" cancels only permanent
 * events: as they are played, as above, or in play, named by their piece
 * id ("play CANCEL on EVENT-PIECE"), which takes effect at once
 * (events-rules.c ends its modifiers and discards it).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/events.h"
#include "rules/ccg/orders.h"

/* The CANCEL_EVENT effect of c, or NULL. */
static const struct ccg_effect *
cancel_effect(const struct ccg_card *c)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_CANCEL_EVENT)
			return &c->effects[k];
	return NULL;
}

int
ccg_is_cancel_card(const struct ccg_card *c)
{
	return c->type == CCG_CARD_EVENT && cancel_effect(c) != NULL;
}

/* Does cancel card rc reach event card c ("permanent": only those)? */
static int
reaches(const struct ccg_card *rc, const struct ccg_card *c)
{
	const struct ccg_effect *e = cancel_effect(rc);

	if (e == NULL || c->type != CCG_CARD_EVENT || ccg_is_cancel_card(c))
		return 0;	/* a reaction is not itself reacted to */
	return e->term == NULL || strcmp(e->term, "permanent") != 0 ||
	    (c->keywords & CCG_KW_PERMANENT);
}

/* The permanent event piece in play that cancel card rc, played on name,
 * cancels at once (rc cancels permanent events, name is such a piece), or
 * -1: then name is an event card to wait for. */
static int
in_play_target(const struct rules_game *g, const struct ccg_card *rc,
    const char *name)
{
	const struct ccg_effect *e = cancel_effect(rc);
	int pi;

	if (e == NULL || e->term == NULL || strcmp(e->term, "permanent") != 0)
		return -1;
	pi = ccg_piece_find(g, name);
	return pi >= 0 && ccg_is_permanent_event(g, pi) ? pi : -1;
}

int
ccg_order_is_reaction(const struct rules_game *g, int seat,
    const struct ccg_order *o)
{
	const struct ccg_card *c;

	if (o->verb != CCG_V_PLAY || o->side != CCG_ON || o->what == NULL ||
	    o->to == NULL || ccg_cards_find(&g->seats[seat].hand, o->what) < 0)
		return 0;
	c = ccg_carddb_find_slug(g->db, o->what);
	return c != NULL && ccg_is_cancel_card(c) &&
	    in_play_target(g, c, o->to) < 0;
}

int
ccg_reaction_play(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *rc, *target;
	int hi = ccg_cards_find(&s->hand, o->what), pi;

	if (hi < 0)
		return cause_set(cause, "no %s in %s's hand", o->what, s->name);
	rc = s->hand.v[hi];
	if (ccg_event_costs(g, seat, rc, cause) != 0)
		return -1;
	if ((pi = in_play_target(g, rc, o->to)) >= 0) {
		ccg_event_pay(g, seat, rc);
		ccg_cards_push(&s->discard, ccg_cards_take(&s->hand, (size_t)hi));
		ccg_event(ev, -1, "{\"type\":\"event-cancelled\",\"seat\":\"%s\","
		    "\"card\":\"%s\",\"by\":\"%s\",\"pool\":%d}", s->name,
		    g->pieces[pi].id, rc->slug, s->pool);
		ccg_permanent_remove(g, pi, "cancelled", ev);
		return 0;
	}
	target = ccg_carddb_find_slug(g->db, o->to);
	if (target == NULL || target->type != CCG_CARD_EVENT)
		return cause_set(cause, "%s answers an event: expected the name "
		    "of an event card (such as good-shot)%s, got %s", rc->slug,
		    cancel_effect(rc)->term != NULL ? " or a permanent event in "
		    "play" : "", o->to);
	if (!reaches(rc, target))
		return cause_set(cause, "%s cancels only permanent events; %s is "
		    "not one", rc->slug, target->slug);
	ccg_cards_push(&s->armed, ccg_cards_take(&s->hand, (size_t)hi));
	ccg_cards_push(&s->armed_on, target);
	ccg_event(ev, seat, "{\"type\":\"reaction-ready\",\"seat\":\"%s\","
	    "\"card\":\"%s\",\"on\":\"%s\"}", s->name, rc->slug, target->slug);
	return 0;
}

int
ccg_reaction_cancels(struct rules_game *g, int seat, const struct ccg_card *c,
    struct rules_events *ev)
{
	size_t r, k;
	int hi;

	for (r = 0; r < g->nseats; r++) {
		struct ccg_seat *rs = &g->seats[r];

		if ((int)r == seat)
			continue;	/* one answers the others' cards */
		for (k = 0; k < rs->armed.n; k++) {
			const struct ccg_card *rc = rs->armed.v[k];

			if (rs->armed_on.v[k] != c || !reaches(rc, c) ||
			    ccg_event_costs(g, (int)r, rc, NULL) != 0)
				continue;
			ccg_event_pay(g, (int)r, rc);
			ccg_cards_take(&rs->armed_on, k);
			ccg_cards_push(&rs->discard, ccg_cards_take(&rs->armed, k));
			hi = ccg_cards_find(&g->seats[seat].hand, c->slug);
			ccg_cards_push(&g->seats[seat].discard,
			    ccg_cards_take(&g->seats[seat].hand, (size_t)hi));
			ccg_event(ev, -1, "{\"type\":\"event-cancelled\","
			    "\"seat\":\"%s\",\"card\":\"%s\",\"played_by\":\"%s\","
			    "\"by\":\"%s\",\"pool\":%d}", rs->name, c->slug,
			    g->seats[seat].name, rc->slug, rs->pool);
			return 1;
		}
	}
	return 0;
}

void
ccg_reactions_disarm(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->nseats; i++) {
		struct ccg_seat *s = &g->seats[i];

		while (s->armed.n > 0) {
			const struct ccg_card *rc = ccg_cards_take(&s->armed, 0);
			const struct ccg_card *on = ccg_cards_take(&s->armed_on, 0);

			ccg_cards_push(&s->hand, rc);
			ccg_event(ev, (int)i, "{\"type\":\"reaction-unused\","
			    "\"seat\":\"%s\",\"card\":\"%s\",\"on\":\"%s\"}",
			    s->name, rc->slug, on->slug);
		}
	}
}

/* Has card c an effect of this kind? */
static int
has_kind(const struct ccg_card *c, int kind)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if ((int)c->effects[k].kind == kind)
			return 1;
	return 0;
}

/* May a seat other than seat play event card c at all? */
static int
others_may_play(const struct rules_game *g, int seat, const struct ccg_card *c)
{
	size_t i;

	for (i = 0; i < g->nseats; i++)
		if ((int)i != seat &&
		    ccg_event_restrictions(g, (int)i, c, NULL, NULL) == 0)
			return 1;
	return 0;
}

/* try() the line "play CARD on ON". */
static void
try_play(void (*try)(void *, const char *), void *ctx, const char *card,
    const char *on)
{
	char *line = xasprintf("play %s on %s", card, on);

	try(ctx, line);
	free(line);
}

/*
 * The event cards a reaction line is listed for: those the seat knows of
 * (its own hand, deck and discard) and those every seat has seen (any
 * seat's discard, table and removed piles), each once. Never the card
 * database as a whole, nor anything only other seats know: the listed
 * lines appear in the seat's view (a reaction naming any other event card
 * is still a legal order, it is just not listed).
 */
static int
by_slug(const void *a, const void *b)
{
	const struct ccg_card *const *x = a, *const *y = b;

	return strcmp((*x)->slug, (*y)->slug);
}

static void
known_events(const struct rules_game *g, int seat, struct ccg_cards *out)
{
	const struct ccg_seat *me = &g->seats[seat];
	const struct ccg_cards *piles[3 + 3 * CCG_MAX_SEATS];
	size_t np = 0, s, k, i;

	piles[np++] = &me->hand;
	piles[np++] = &me->deck;
	piles[np++] = &me->discard;
	for (s = 0; s < g->nseats && np + 3 <= sizeof piles / sizeof piles[0]; s++) {
		if ((int)s != seat)
			piles[np++] = &g->seats[s].discard;
		piles[np++] = &g->seats[s].table;
		piles[np++] = &g->seats[s].removed;
	}
	for (k = 0; k < np; k++)
		for (i = 0; i < piles[k]->n; i++) {
			const struct ccg_card *t = piles[k]->v[i];

			if (t->type == CCG_CARD_EVENT &&
			    ccg_cards_find(out, t->slug) < 0)
				ccg_cards_push(out, t);
		}
	/* by slug: the order of the piles (a deck's!) must not show */
	if (out->n > 1)
		qsort(out->v, out->n, sizeof *out->v, by_slug);
}

void
ccg_reaction_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_cards *h = &g->seats[seat].hand;
	size_t k, i;

	for (k = 0; k < h->n; k++) {
		const struct ccg_card *c = h->v[k];

		if (c->type != CCG_CARD_EVENT ||
		    ccg_cards_find(h, c->slug) != (int)k)
			continue;
		if (ccg_is_cancel_card(c)) {
			struct ccg_cards known = { NULL, 0, 0 };

			known_events(g, seat, &known);
			for (i = 0; i < known.n; i++) {
				const struct ccg_card *t = known.v[i];

				if (!reaches(c, t) || !others_may_play(g, seat, t))
					continue;
				try_play(try, ctx, c->slug, t->slug);
			}
			free(known.v);
			for (i = 0; i < g->npieces; i++)
				if (ccg_is_permanent_event(g, (int)i))
					try_play(try, ctx, c->slug, g->pieces[i].id);
			continue;
		}
		if (has_kind(c, CCG_EFFECT_GAIN_POOL) ||	/* research.c */
		    has_kind(c, CCG_EFFECT_GAIN_RP) ||
		    has_kind(c, CCG_EFFECT_DRAW))
			try_play(try, ctx, c->slug, g->seats[seat].name);
		if (has_kind(c, CCG_EFFECT_DESTROY_ITEM))	/* events-rounds.c */
			for (i = 0; i < g->npieces; i++)
				if (ccg_event_item_seen(g, seat, (int)i))
					try_play(try, ctx, c->slug,
					    g->pieces[i].id);
		if (!has_kind(c, CCG_EFFECT_DEPLETE) &&	/* ammo.c */
		    !has_kind(c, CCG_EFFECT_REPLENISH))
			continue;
		for (i = 0; i < g->npieces; i++)
			if (g->pieces[i].zone == CCG_Z_PLAY &&
			    g->pieces[i].card->type == CCG_CARD_ITEM &&
			    g->pieces[i].card->item.kind == CCG_ITEM_WEAPON)
				try_play(try, ctx, c->slug, g->pieces[i].id);
	}
}
