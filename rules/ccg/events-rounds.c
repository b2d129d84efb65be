/*
 * events-rounds.c — rulebook "Events" outside the Combat Round: the card's
 * "timing" (card.h CCG_TIMING_*, doc/ccg-card-data.md) names the rounds an
 * event may be played in; without it an event belongs to the Combat Round.
 *
 * The rulebook lets events be played "at any appropriate time", but no card
 * at all in Discard and Draw. muthur gives event cards two moments outside
 * combat, both phases where every seat with cards in hand is awaited
 * anyway: the Movement Step (movement.move, "movement") and the Search
 * Round as searches are declared (search.declare, "search"). Seats there
 * play in the order turn-sequence.c applies, R-M-P-A, as "Timing Issues"
 * wants; a Not So Fast given in the same resolve answers these events as
 * in combat (reactions.c, through ccg_event_commit()).
 *
 * Outside combat an event resolves at once and goes to the discard pile
 * (a permanent one stays on its character, events-rules.c). It carries
 * out, "play EVENT on ...":
 * - a player (its own): Combat Pool, Research Points, drawing cards
 *   (research.c; the cards come off the top of the deck; an empty deck
 *   ends the draw, cycling waits for Discard and Draw);
 * - a character (not a hidden enemy): heal (Synthetics never heal), ready
 *   (a rotated, unbound character), a speed change in the Movement Step
 *   (movement points now; it expires with the round), and a permanent
 *   event's modifiers (they last, e.g. speed for the movement points of
 *   every later Movement Step, movement.c);
 * - a location: environmental damage to every character there; damaging
 *   or repairing it (locations.c) when one of the player's characters is
 *   there;
 * - an item: destroying it (also in combat) when one of the player's
 *   characters is at its location, emptying or replenishing a weapon
 *   (ammo.c). A Predator's captive counts as an item for destroying
 *   ("Predator Capturing Rules": Acid Splash); destroyed, he dies.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/cause.h"
#include "rules/ccg/card-names.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/turn.h"

int
ccg_round_event_phase(int phase)
{
	return phase == CCG_PH_MOVE || phase == CCG_PH_SEARCH_DECLARE;
}

/* The CCG_TIMING_* bit of phase, 0 when no event is played in it. */
static unsigned
phase_timing(int phase)
{
	if (ccg_combat_phase(phase))
		return CCG_TIMING_COMBAT;
	if (phase == CCG_PH_MOVE)
		return CCG_TIMING_MOVEMENT;
	if (phase == CCG_PH_SEARCH_DECLARE)
		return CCG_TIMING_SEARCH;
	return 0;
}

int
ccg_event_timing_ok(const struct rules_game *g, const struct ccg_card *c,
    char **cause)
{
	unsigned t = phase_timing(g->phase);
	char rounds[64] = "";
	size_t i;

	if (t != 0 && (c->timing & t))
		return 0;
	for (i = 0; ccg_timing_names[i] != NULL; i++)
		if (c->timing & (1u << i)) {
			if (rounds[0] != '\0')
				strcat(rounds, ", ");
			strcat(rounds, ccg_timing_names[i]);
		}
	return cause_set(cause, "%s is played in the rounds %s (its timing), "
	    "not in phase %s", c->slug, rounds, ccg_phase_name(g->phase));
}

void
ccg_event_draw(struct rules_game *g, int seat, int n, struct rules_events *ev)
{
	struct ccg_seat *s = &g->seats[seat];
	int drawn = 0;

	for (; drawn < n && s->deck.n > 0; drawn++) {
		const struct ccg_card *c = ccg_cards_take(&s->deck, 0);

		ccg_cards_push(&s->hand, c);
		ccg_event(ev, seat, "{\"type\":\"draw-card\",\"seat\":\"%s\","
		    "\"card\":\"%s\"}", s->name, c->slug);
	}
	/* a reaction standing ready (reactions.c) is secret: it still
	 * counts as a card in the hand */
	ccg_event(ev, -1, "{\"type\":\"draw\",\"seat\":\"%s\",\"cards\":%d,"
	    "\"hand\":%zu,\"deck\":%zu}", s->name, drawn,
	    s->hand.n + s->armed.n, s->deck.n);
}

/* Move the card just committed to the table (the last one) to the
 * discard pile: outside combat an event resolves at once. */
static void
to_discard(struct rules_game *g, int seat)
{
	struct ccg_seat *s = &g->seats[seat];

	if (s->table.n > 0)
		ccg_cards_push(&s->discard, ccg_cards_take(&s->table,
		    s->table.n - 1));
}

/* Has one of seat's characters a place at node? */
static int
own_character_at(const struct rules_game *g, int seat, int node)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && g->pieces[i].node == node &&
		    ccg_is_character(&g->pieces[i]) &&
		    ccg_controls(g, seat, (int)i))
			return 1;
	return 0;
}

int
ccg_destroy_item_event(struct rules_game *g, int seat, int hi,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	const struct ccg_card *c = g->seats[seat].hand.v[hi];
	int ii = ccg_piece_find(g, o->to), node;
	struct ccg_piece *it;
	size_t k;

	if (ii < 0 || !ccg_event_item_seen(g, seat, ii))
		return cause_set(cause, "%s is not an item in play you see",
		    o->to);
	it = &g->pieces[ii];
	node = it->carrier >= 0 ? g->pieces[it->carrier].node : it->node;
	if (node < 0 || !own_character_at(g, seat, node))
		return cause_set(cause, "%s destroys an item at a location where "
		    "you have a character; none of yours is with %s", c->slug,
		    it->id);
	if (ccg_event_restrictions(g, seat, c, it->card, cause) != 0)
		return -1;
	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind != CCG_EFFECT_DESTROY_ITEM &&
		    c->effects[k].kind != CCG_EFFECT_SPEND_RP)
			return cause_set(cause, "%s has a %s effect, which muthur "
			    "does not carry out on an item it destroys", c->slug,
			    ccg_effect_kind_name(c->effects[k].kind));
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_event_commit(g, seat, hi, "on", it->id, ev))
		return 0;	/* cancelled (reactions.c) */
	if (ccg_round_event_phase(g->phase))	/* in combat: at round end */
		to_discard(g, seat);
	ccg_event(ev, -1, "{\"type\":\"item-destroyed\",\"piece\":\"%s\","
	    "\"by\":\"%s\"}", it->id, c->slug);
	if (ccg_predator_captive(g, ii)) {
		/* "Predator Capturing Rules": considered dead already; his
		 * own items fall where the Predator is */
		it->node = node;
		it->carrier = -1;
		ccg_kill(g, ii, ev);
		return 0;
	}
	ccg_cards_push(&g->seats[it->owner].discard, it->card);
	it->zone = CCG_Z_DEAD;
	it->carrier = -1;
	it->node = -1;
	return 0;
}

/* Environmental damage to every character at a location, outside combat. */
static int
location_event(struct rules_game *g, int seat, int hi, int node,
    struct rules_events *ev, char **cause)
{
	const struct ccg_card *c = g->seats[seat].hand.v[hi];
	size_t i, k;
	int on_loc = 0;

	if (ccg_event_restrictions(g, seat, c, g->nodes[node].card, cause) != 0)
		return -1;
	for (k = 0; k < c->neffects; k++) {
		const struct ccg_effect *e = &c->effects[k];

		if (e->kind == CCG_EFFECT_DAMAGE_LOCATION ||
		    e->kind == CCG_EFFECT_REPAIR_LOCATION) {	/* locations.c */
			if (ccg_node_damage_check(g, node, e, cause) != 0)
				return -1;
			on_loc = 1;
		} else if (e->kind != CCG_EFFECT_ENV_DAMAGE &&
		    e->kind != CCG_EFFECT_SPEND_RP)
			return cause_set(cause, "%s has a %s effect, which muthur "
			    "does not carry out at a location", c->slug,
			    ccg_effect_kind_name(e->kind));
	}
	if (on_loc && !own_character_at(g, seat, node))
		return cause_set(cause, "%s acts on a location where you have a "
		    "character; none of yours is at %s", c->slug,
		    g->nodes[node].id);
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_event_commit(g, seat, hi, "at", g->nodes[node].id, ev))
		return 0;
	to_discard(g, seat);
	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_DAMAGE_LOCATION ||
		    c->effects[k].kind == CCG_EFFECT_REPAIR_LOCATION)
			ccg_node_damage_apply(g, node, &c->effects[k], c->slug,
			    ev);
	for (k = 0; k < c->neffects; k++)
		for (i = 0; i < g->npieces; i++)
			if (c->effects[k].kind == CCG_EFFECT_ENV_DAMAGE &&
			    g->pieces[i].zone == CCG_Z_PLAY &&
			    ccg_is_character(&g->pieces[i]) &&
			    g->pieces[i].node == node && g->pieces[i].carrier < 0)
				ccg_env_damage(g, (int)i, c->effects[k].amount,
				    c->effects[k].term, ev);
	return 0;
}

/* May effect e of c (permanent when perm) act on character ti now? */
static int
check_char_effect(const struct rules_game *g, int seat, int ti,
    const struct ccg_card *c, const struct ccg_effect *e, int perm,
    char **cause)
{
	const struct ccg_piece *t = &g->pieces[ti];

	if (e->kind == CCG_EFFECT_SPEND_RP)
		return 0;	/* a cost */
	if (ccg_event_target_ok(g, seat, ti, c, e, cause) != 0)
		return -1;
	switch (e->kind) {
	case CCG_EFFECT_HEAL:
		if (t->card->chr.species == CCG_SPECIES_SYNTHETIC)
			return cause_set(cause, "%s is a Synthetic: Synthetics "
			    "never heal", t->id);
		if (t->damage <= 0)
			return cause_set(cause, "%s has no damage to heal", t->id);
		return 0;
	case CCG_EFFECT_READY:
		if (!t->rotated || t->bound)
			return cause_set(cause, "%s readies a rotated character; "
			    "%s is %s", c->slug, t->id, t->bound ? "bound" :
			    "ready already");
		return 0;
	case CCG_EFFECT_MODIFY:
		if (perm && ccg_event_mod_of((struct ccg_piece *)t, e) != NULL)
			return 0;	/* lasts: events-rules.c */
		if (e->stat == CCG_STAT_SPEED && g->phase == CCG_PH_MOVE &&
		    ccg_submerged_stopped(g, ti))	/* hidden-movement.c */
			return cause_set(cause, "%s's movement ended at the "
			    "Submerged %s: no event moves it further this "
			    "step", t->id, g->nodes[t->node].id);
		if (e->stat == CCG_STAT_SPEED && g->phase == CCG_PH_MOVE)
			return 0;	/* this Movement Step's points */
		return cause_set(cause, "%s changes %s, which outside the Combat "
		    "Round counts only as speed in the Movement Step (or "
		    "when permanent)", c->slug, ccg_stat_name(e->stat));
	default:
		return cause_set(cause, "%s has a %s effect, which muthur does "
		    "not carry out on a character outside combat; expected "
		    "heal, ready or a speed change", c->slug,
		    ccg_effect_kind_name(e->kind));
	}
}

static void
apply_char_effect(struct rules_game *g, int ti, const struct ccg_effect *e,
    int perm, struct rules_events *ev)
{
	struct ccg_piece *t = &g->pieces[ti];
	int pts;

	switch (e->kind) {
	case CCG_EFFECT_HEAL:
		pts = e->amount < t->damage ? e->amount : t->damage;
		t->damage -= pts;
		ccg_event(ev, -1, "{\"type\":\"healed\",\"piece\":\"%s\","
		    "\"by\":\"event\",\"points\":%d,\"damage\":%d}", t->id, pts,
		    t->damage);
		break;
	case CCG_EFFECT_READY:
		t->rotated = 0;
		ccg_event(ev, -1, "{\"type\":\"readied\",\"piece\":\"%s\"}",
		    t->id);
		break;
	case CCG_EFFECT_MODIFY:
		if (perm) {
			ccg_event_mod_add(t, e, 1);
			if (e->amount > 0 && e->stat >= CCG_STAT_TO_HIT &&
			    e->stat <= CCG_STAT_MOVEMENT)
				t->ev_up |= 1 << e->stat;
		}
		if (e->stat == CCG_STAT_SPEED && g->phase == CCG_PH_MOVE &&
		    !ccg_submerged_stopped(g, ti)) {
			t->mp += e->amount;
			if (t->mp < 0)
				t->mp = 0;
			/* moving hidden: each marker moves as it could */
			ccg_markers_add_mp(g, ti, e->amount);
			ccg_event(ev, -1, "{\"type\":\"movement-points\","
			    "\"piece\":\"%s\",\"mp\":%d}", t->id, t->mp);
		}
		break;
	default:
		break;
	}
}

static int
character_event(struct rules_game *g, int seat, int hi, int ti,
    struct rules_events *ev, char **cause)
{
	const struct ccg_card *c = g->seats[seat].hand.v[hi];
	const struct ccg_piece *t = &g->pieces[ti];
	int perm = (c->keywords & CCG_KW_PERMANENT) != 0;
	size_t k;

	if (t->zone != CCG_Z_PLAY || !ccg_is_character(t) || t->node < 0 ||
	    (t->hidden && t->controller != seat))
		return cause_set(cause, "no character %s you see on the "
		    "battleground", t->id);
	if (ccg_event_restrictions(g, seat, c, t->card, cause) != 0)
		return -1;
	if (c->neffects == 0)
		return cause_set(cause, "%s has no effect to carry out", c->slug);
	for (k = 0; k < c->neffects; k++)
		if (check_char_effect(g, seat, ti, c, &c->effects[k], perm,
		    cause) != 0)
			return -1;
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_event_commit(g, seat, hi, "on", t->id, ev))
		return 0;	/* cancelled (reactions.c) */
	for (k = 0; k < c->neffects; k++)
		apply_char_effect(g, ti, &c->effects[k], perm, ev);
	if (perm) {
		/* it stays in play as a piece */
		ccg_cards_take(&g->seats[seat].table,
		    g->seats[seat].table.n - 1);
		ccg_permanent_place(g, seat, c, ti, ev);
	} else
		to_discard(g, seat);
	return 0;
}

int
ccg_round_event(struct rules_game *g, int seat, int hi,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	const struct ccg_card *c = g->seats[seat].hand.v[hi];
	size_t k;
	int pi, node;

	for (k = 0; k < g->nseats; k++)		/* research.c */
		if (strcmp(g->seats[k].name, o->to) == 0) {
			if (ccg_player_event(g, seat, hi, o, ev, cause) != 0)
				return -1;
			to_discard(g, seat);
			return 0;
		}
	if ((node = ccg_node_find(g, o->to)) >= 0)
		return location_event(g, seat, hi, node, ev, cause);
	if ((pi = ccg_piece_find(g, o->to)) < 0 || g->pieces[pi].concealed)
		return cause_set(cause, "no player, location, character or item "
		    "%s", o->to);
	if (g->pieces[pi].card->type == CCG_CARD_ITEM ||
	    ccg_predator_captive(g, pi)) {
		for (k = 0; k < c->neffects; k++)
			if (c->effects[k].kind == CCG_EFFECT_DESTROY_ITEM)
				return ccg_destroy_item_event(g, seat, hi, o, ev,
				    cause);
		if (ccg_item_event(g, seat, hi, o, ev, cause) != 0)
			return -1;
		to_discard(g, seat);
		return 0;
	}
	return character_event(g, seat, hi, pi, ev, cause);
}

int
ccg_predator_captive(const struct rules_game *g, int pi)
{
	return g->pieces[pi].zone == CCG_Z_CAPTURED &&
	    g->pieces[pi].carrier >= 0;
}

int
ccg_event_item_seen(const struct rules_game *g, int seat, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return ((p->zone == CCG_Z_PLAY && p->card->type == CCG_CARD_ITEM) ||
	    ccg_predator_captive(g, pi)) &&
	    !p->concealed && (p->carrier < 0 || !g->pieces[p->carrier].hidden ||
	    g->pieces[p->carrier].controller == seat);
}

void
ccg_round_event_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_cards *h = &g->seats[seat].hand;
	unsigned t = phase_timing(g->phase);
	char line[512];
	size_t k, i;

	for (k = 0; k < h->n; k++) {
		const struct ccg_card *c = h->v[k];

		if (c->type != CCG_CARD_EVENT || !(c->timing & t) ||
		    ccg_is_cancel_card(c) || ccg_cards_find(h, c->slug) != (int)k)
			continue;
		for (i = 0; i < g->nnodes; i++) {
			snprintf(line, sizeof line, "play %s on %s", c->slug,
			    g->nodes[i].id);
			try(ctx, line);
		}
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (p->zone != CCG_Z_PLAY || !ccg_is_character(p) ||
			    p->node < 0 || (p->hidden && p->controller != seat))
				continue;
			snprintf(line, sizeof line, "play %s on %s", c->slug,
			    p->id);
			try(ctx, line);
		}
	}
}
