/*
 * events-play.c — rulebook "Events" and the event rules of "The Combat
 * Round": playing an event card from the hand on a character during the
 * Combat Round ("play EVENT on CHAR").
 *
 * - the target takes part in a combat: it has declared an attack or is the
 *   target of one ("any player may play event cards to modify a combat");
 * - who may play it and what the target must have: events-rules.c
 *   (species and faction restrictions are about the player, the others
 *   resources of the target; the Premiere Marine -> Human errata); each
 *   effect's "requires" is a resource the target must have; "own
 *   character" effects need one's own character;
 * - its Combat Pool and Research Point costs are paid (events-rules.c);
 *   a "when rotated" effect rotates the (ready) target;
 * - cards changing speed, defense or the roll to hit are played before the
 *   die is rolled (ccg_roll_made(): in the declare segments, and in the
 *   ranged step for the close step's dice); damage, resistance and power
 *   may still change after the hit is known;
 * - each ability (to hit, damage, resistance, defense, movement) of a
 *   character may be increased by one event per combat; any number of
 *   events may lower it; the attributes speed and power have no limit;
 * - seats play in R-M-P-A order when they play in the same phase (the
 *   interleaving of turn-sequence.c);
 * - the modifiers last to the end of the Combat Round, when the played
 *   cards, waiting on the table, are discarded; a permanent event stays
 *   in play on its character with its modifiers (events-rules.c);
 * - a cancel card is a reaction (reactions.c), and any event may be
 *   cancelled by one as it is played;
 * - "play EVENT on SEAT" plays an event on a player (research.c), "play
 *   EVENT on ITEM" on a weapon (ammo.c).
 * The effects carried out are MODIFY (speed, power, to hit, damage,
 * resistance, defense) on a character, a free attack ("Free Attacks": the
 * character may then declare an attack without rotating, even rotated,
 * in a later declare segment of the round; it is resolved with the
 * others of its step), and environmental damage to every
 * character at a location where a combat is ("play EVENT on LOCATION");
 * cards with other effects are refused with the reason.
 */
#include "config.h"

#include <string.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/turn.h"

/* Before the roll: speed, defense and to hit. */
static int
before_roll_only(enum ccg_stat st)
{
	return st == CCG_STAT_SPEED || st == CCG_STAT_DEFENSE ||
	    st == CCG_STAT_TO_HIT;
}

/* The piece's modifier for stat (and attack kind), or NULL. */
int *
ccg_event_mod_of(struct ccg_piece *p, const struct ccg_effect *e)
{
	switch (e->stat) {
	case CCG_STAT_SPEED:
		return &p->ev_speed;
	case CCG_STAT_POWER:
		return &p->ev_power;
	case CCG_STAT_TO_HIT:
		return e->attack == CCG_ATTACK_RANGED ? &p->ev_hit_ranged :
		    e->attack == CCG_ATTACK_CLOSE ? &p->ev_hit_close :
		    &p->ev_hit_close;	/* any: both, see apply_mod() */
	case CCG_STAT_DAMAGE:
		return &p->ev_dmg;
	case CCG_STAT_RESISTANCE:
		return &p->ev_res;
	case CCG_STAT_DEFENSE:
		return &p->ev_def;
	default:
		return NULL;
	}
}

/* Is stat an ability (one increasing event per combat)? */
static int
ability(enum ccg_stat st)
{
	return st == CCG_STAT_TO_HIT || st == CCG_STAT_DAMAGE ||
	    st == CCG_STAT_RESISTANCE || st == CCG_STAT_DEFENSE ||
	    st == CCG_STAT_MOVEMENT;
}

static int
check_effect(const struct rules_game *g, int seat, int ti,
    const struct ccg_card *c, const struct ccg_effect *e, char **cause)
{
	const struct ccg_piece *t = &g->pieces[ti];

	if (e->kind == CCG_EFFECT_ENV_DAMAGE && e->target == CCG_TARGET_AT_LOCATION)
		return 0;	/* environmental.c */
	if (e->kind == CCG_EFFECT_FREE_ATTACK) {	/* "Free Attacks" */
		if (t->controller != seat)
			return cause_set(cause, "%s gives one's own character a "
			    "free attack", c->slug);
		if (e->requires != NULL &&
		    !ccg_card_has_resource(t->card, e->requires))
			return cause_set(cause, "%s needs a target with the %s "
			    "resource", c->slug, e->requires);
		if (t->free_atk || t->bound || t->hostage)
			return cause_set(cause, "%s cannot take a free attack: it "
			    "has one already or cannot act", t->id);
		if (ccg_free_attack_room(g, ti, cause) != 0)
			return -1;	/* free-attacks.c */
		if (g->phase > CCG_PH_DECLARE_HR)
			return cause_set(cause, "%s: a free attack is declared in "
			    "a declare segment", c->slug);
		if (!ccg_enemy_present(g, seat, t->node))
			return cause_set(cause, "%s has no enemy at its location to "
			    "attack", t->id);
		return 0;
	}
	if (e->kind == CCG_EFFECT_SPEND_RP)
		return 0;	/* a cost (research.c) */
	if (e->kind != CCG_EFFECT_MODIFY || ccg_event_mod_of((struct ccg_piece *)t,
	    e) == NULL)
		return cause_set(cause, "%s has a %s effect, which muthur does "
		    "not carry out in combat; expected a card that modifies "
		    "speed, power, to hit, damage, resistance or defense",
		    c->slug, ccg_effect_kind_name(e->kind));
	if (before_roll_only(e->stat) && ccg_roll_made(g, ti, e))
		return cause_set(cause, "%s changes %s: it must be played before "
		    "the die is rolled (%s's %s die has been rolled in this "
		    "step)", c->slug, ccg_stat_name(e->stat), t->id,
		    e->stat == CCG_STAT_TO_HIT ? "to-hit" : "defending");
	if (ccg_event_target_ok(g, seat, ti, c, e, cause) != 0)
		return -1;
	if (ability(e->stat) && e->amount > 0 &&
	    (t->ev_up & (1 << e->stat)))
		return cause_set(cause, "%s's %s has been increased by an event "
		    "in this combat already (one per ability)", t->id,
		    ccg_stat_name(e->stat));
	if (e->when == CCG_WHEN_ROTATED && (t->rotated || t->bound))
		return cause_set(cause, "%s rotates %s, which is not ready",
		    c->slug, t->id);
	return 0;
}

void
ccg_event_mod_add(struct ccg_piece *p, const struct ccg_effect *e, int sign)
{
	int *f = ccg_event_mod_of(p, e);

	if (e->kind != CCG_EFFECT_MODIFY || f == NULL)
		return;
	*f += sign * e->amount;
	if (e->stat == CCG_STAT_TO_HIT && e->attack == CCG_ATTACK_ANY)
		p->ev_hit_ranged += sign * e->amount;
}

static void
apply_mod(struct ccg_piece *t, const struct ccg_effect *e)
{
	if (e->kind == CCG_EFFECT_FREE_ATTACK)
		t->free_atk = 1;
	if (e->kind != CCG_EFFECT_MODIFY)
		return;
	ccg_event_mod_add(t, e, 1);
	if (ability(e->stat) && e->amount > 0)
		t->ev_up |= 1 << e->stat;
	if (e->when == CCG_WHEN_ROTATED)
		t->rotated = 1;
}

/* Does piece ti take part in a combat (attacker or target)? */
static int
involved(const struct rules_game *g, int ti)
{
	size_t i;

	if (g->pieces[ti].atk_kind != 0)
		return 1;
	for (i = 0; i < g->npieces; i++)
		if (ccg_attack_matches(g, (int)i, 0, ti, -1, 0) &&
		    g->pieces[i].zone == CCG_Z_PLAY)
			return 1;
	return 0;
}

/* Has card c an effect of this kind (-1: any) acting on target (-1: any)?
 * A free attack starts a combat; an "at location" event hits everyone. */
static int
has_effect(const struct ccg_card *c, int kind, int target)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if ((kind < 0 || (int)c->effects[k].kind == kind) &&
		    (target < 0 || (int)c->effects[k].target == target))
			return 1;
	return 0;
}

/*
 * An event on every character at a location ("on" the location, or on a
 * character standing there) where a combat is: environmental damage
 * (environmental.c) to each of them.
 */
static int
location_event(struct rules_game *g, int seat, int hi,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c = s->hand.v[hi];
	size_t i, k;
	int node, pi, fight = 0;

	if ((node = ccg_node_find(g, o->to)) < 0) {
		/* a character moving hidden is at no location the others
		 * know of (hidden-movement.c) */
		if ((pi = ccg_piece_find(g, o->to)) < 0 ||
		    g->pieces[pi].zone != CCG_Z_PLAY || g->pieces[pi].node < 0 ||
		    ccg_piece_hidden_from(g, pi, seat))
			return cause_set(cause, "no location or character %s on "
			    "the battleground", o->to);
		node = g->pieces[pi].node;
	}
	/* a combat there as everyone sees it: a hidden character's own
	 * place in one (its markers attacked elsewhere) is not told */
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && g->pieces[i].node == node &&
		    g->pieces[i].carrier < 0 && !g->pieces[i].hidden &&
		    involved(g, (int)i))
			fight = 1;
	if (!fight)
		return cause_set(cause, "no combat at %s", g->nodes[node].id);
	if (ccg_event_restrictions(g, seat, c, g->nodes[node].card, cause) != 0)
		return -1;	/* the location's resources */
	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind != CCG_EFFECT_ENV_DAMAGE)
			return cause_set(cause, "%s has a %s effect, which muthur "
			    "does not carry out at a location", c->slug,
			    ccg_effect_kind_name(c->effects[k].kind));
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_event_commit(g, seat, hi, "at", g->nodes[node].id, ev))
		return 0;	/* cancelled (reactions.c) */
	for (k = 0; k < c->neffects; k++)
		for (i = 0; i < g->npieces; i++)
			if (g->pieces[i].zone == CCG_Z_PLAY &&
			    ccg_is_character(&g->pieces[i]) &&
			    g->pieces[i].node == node && g->pieces[i].carrier < 0)
				ccg_env_damage(g, (int)i, c->effects[k].amount,
				    c->effects[k].term, ev);
	return 0;
}

static int
ccg_event_play(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c;
	size_t k;
	int hi, ti;

	if (!ccg_combat_phase(g->phase) && !ccg_round_event_phase(g->phase))
		return cause_set(cause, "events are played in the Combat Round "
		    "(combat.declare.* and combat.resolve.*), or by their "
		    "timing in movement.move or search.declare");
	if ((hi = ccg_cards_find(&s->hand, o->what)) < 0)
		return cause_set(cause, "no %s in %s's hand", o->what, s->name);
	c = s->hand.v[hi];
	if (c->type != CCG_CARD_EVENT)
		return cause_set(cause, "%s is not an event card", c->slug);
	if (ccg_event_restrictions(g, seat, c, NULL, cause) != 0)
		return -1;	/* who may play it (events-rules.c) */
	if (ccg_is_cancel_card(c))		/* reactions.c */
		return ccg_reaction_play(g, seat, o, ev, cause);
	if (ccg_event_timing_ok(g, c, cause) != 0)	/* events-rounds.c */
		return -1;
	if (!ccg_combat_phase(g->phase))
		return ccg_round_event(g, seat, hi, o, ev, cause);
	for (k = 0; k < g->nseats; k++)		/* research.c */
		if (strcmp(g->seats[k].name, o->to) == 0)
			return ccg_player_event(g, seat, hi, o, ev, cause);
	if ((ti = ccg_piece_find(g, o->to)) >= 0 &&	/* ammo.c */
	    (g->pieces[ti].card->type == CCG_CARD_ITEM ||
	    ccg_predator_captive(g, ti)))
		return has_effect(c, CCG_EFFECT_DESTROY_ITEM, -1) ?
		    ccg_destroy_item_event(g, seat, hi, o, ev, cause) :
		    ccg_item_event(g, seat, hi, o, ev, cause);
	if (has_effect(c, -1, CCG_TARGET_AT_LOCATION))
		return location_event(g, seat, hi, o, ev, cause);
	if ((ti = ccg_piece_find(g, o->to)) < 0 ||
	    !ccg_is_character(&g->pieces[ti]) ||
	    g->pieces[ti].zone != CCG_Z_PLAY || g->pieces[ti].node < 0)
		return cause_set(cause, "no character %s on the battleground",
		    o->to);
	if (!involved(g, ti) && !has_effect(c, CCG_EFFECT_FREE_ATTACK, -1))
		return cause_set(cause, "%s takes no part in a combat: it has "
		    "declared no attack and is no target of one", o->to);
	if (ccg_event_restrictions(g, seat, c, g->pieces[ti].card, cause) != 0)
		return -1;
	if (c->neffects == 0)
		return cause_set(cause, "%s has no effect to carry out", c->slug);
	for (k = 0; k < c->neffects; k++)
		if (check_effect(g, seat, ti, c, &c->effects[k], cause) != 0)
			return -1;
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_reaction_cancels(g, seat, c, ev))	/* reactions.c */
		return 0;
	ccg_event_pay(g, seat, c);
	for (k = 0; k < c->neffects; k++)
		apply_mod(&g->pieces[ti], &c->effects[k]);
	ccg_cards_take(&s->hand, (size_t)hi);
	ccg_event(ev, -1, "{\"type\":\"event-played\",\"seat\":\"%s\",\"card\":"
	    "\"%s\",\"on\":\"%s\",\"pool\":%d}", s->name, c->slug,
	    g->pieces[ti].id, s->pool);
	if (c->keywords & CCG_KW_PERMANENT)	/* stays: events-rules.c */
		ccg_permanent_place(g, seat, c, ti, ev);
	else
		ccg_cards_push(&s->table, c);
	return 0;
}

int
ccg_play_card(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	if (o->side == CCG_ON)
		return ccg_event_play(g, seat, o, ev, cause);
	if (g->phase != CCG_PH_LOCATIONS)
		return cause_set(cause, "locations are played in "
		    "movement.locations; in the Combat Round expected \"play "
		    "EVENT on CHARACTER\"");
	return ccg_play_location(g, seat, o, ev, cause);
}

void
ccg_events_round_end(struct rules_game *g, struct rules_events *ev)
{
	size_t i, k;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		p->ev_hit_close = p->ev_hit_ranged = p->ev_def = 0;
		p->ev_dmg = p->ev_res = p->ev_speed = p->ev_power = 0;
		p->ev_up = 0;
		p->free_atk = 0;
	}
	for (i = 0; i < g->nseats; i++) {
		struct ccg_seat *s = &g->seats[i];

		for (k = s->table.n; k-- > 0;) {
			if (s->table.v[k]->keywords & CCG_KW_PERMANENT)
				continue;
			ccg_event(ev, -1, "{\"type\":\"event-discarded\","
			    "\"seat\":\"%s\",\"card\":\"%s\"}", s->name,
			    s->table.v[k]->slug);
			ccg_cards_push(&s->discard, ccg_cards_take(&s->table, k));
		}
	}
	ccg_permanent_restore(g);	/* events-rules.c */
}

/* "play EVENT on CHAR" for each event card in the hand (Combat Round) */
static void
event_lines(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_cards *h = &g->seats[seat].hand;
	size_t i, k;

	for (k = 0; k < h->n; k++) {
		if (h->v[k]->type != CCG_CARD_EVENT ||
		    ccg_cards_find(h, h->v[k]->slug) != (int)k)
			continue;
		for (i = 0; i < g->npieces; i++)
			if (g->pieces[i].zone == CCG_Z_PLAY &&
			    ccg_is_character(&g->pieces[i]) &&
			    g->pieces[i].node >= 0)
				ccg_tryf(try, ctx, "play %s on %s", h->v[k]->slug,
				    g->pieces[i].id);
	}
}

/*
 * Feed try() the play lines of seat in the current phase: the places of
 * location cards (movement.locations), events played outside the Combat
 * Round (events-rounds.c) or on a character in it, then reactions
 * (reactions.c).
 */
void
ccg_play_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	if (g->phase == CCG_PH_LOCATIONS) {
		ccg_location_candidates(g, seat, try, ctx);
		return;
	}
	if (ccg_combat_phase(g->phase))
		event_lines(g, seat, try, ctx);
	else
		ccg_round_event_candidates(g, seat, try, ctx);
	ccg_reaction_candidates(g, seat, try, ctx);
}
