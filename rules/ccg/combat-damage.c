/*
 * combat-damage.c — rulebook "Segment 1: Rolling To Hit", "Segment 2:
 * Attack Resolution" and "The Effects of Damage": the totals an attack is
 * resolved with, and death.
 *
 * - to hit: the die plus the character's printed bonus for the attack
 *   type, the weapon's, carried gear's (two copies of one card count
 *   once: "Events", not cumulative), +1 per Alien token, -1 per damage
 *   point (each Alien token cancels one such penalty, "Alien Groups"), and
 *   -2 when attacking to capture;
 * - defense: speed after damage plus modifiers, +1 for a hidden character
 *   ("Hidden tokens are always +1 defense"), +1 for a Queen per other
 *   Lethal Alien (and Alien token) of hers at the location, none for a
 *   Bound one (it uses no Resources, "Binding"); 0 when Bound;
 * - damage: a ranged weapon's damage (plus its loaded ammo's) replaces
 *   power; close combat is power plus the printed hand-to-hand bonus plus
 *   a close weapon's damage; +1 per Alien token;
 * - resistance: power plus the armor of the armor item carried;
 * - a Barrier: defense 0, resistance its power less its damage;
 * - a vehicle (vehicle-attacks.c): defense its speed less its hull
 *   damage; resistance its armor left, and once the armor is gone its
 *   hull left (the points wear the armor first, then the hull,
 *   vehicles.c); "power" is its hull left; its driver's speed is the
 *   vehicle's ("Special Rules for Vehicles");
 * - +1 damage or resistance bought with Combat Pool for this step;
 * - the modifiers of events played in this Combat Round (events-play.c):
 *   speed and defense to defense, power to close damage and resistance;
 * - a character whose power reaches 0 dies: printed power less the damage
 *   its Alien tokens do not cancel ("Alien Groups": the tokens keep a card
 *   alive that its damage would kill without them; doc/ccg-rules-map.md),
 *   plus the power events of this round give it (Protect The Queen:
 *   Power is an Attribute, and the Alien lives while its Power does; as
 *   the events expire at the round's end it dies if its power without
 *   them is 0 or less, combat-resolve.c).
 */
#include "config.h"

#include <string.h>

#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/setup.h"

/* Damage points not cancelled by Alien tokens. */
static int
penalty(const struct ccg_piece *p)
{
	int pen = p->damage - p->tokens;

	return pen > 0 ? pen : 0;
}

int
ccg_eff_power(const struct ccg_piece *p)
{
	int hull;

	if (p->card->type == CCG_CARD_BARRIER)
		return p->card->barrier.power - p->damage;
	if (p->card->type == CCG_CARD_VEHICLE) {	/* armor first */
		hull = p->damage - p->card->veh.armor;
		return p->card->veh.hull - (hull > 0 ? hull : 0);
	}
	return p->card->chr.power - penalty(p) + p->ev_power;
}

/* Is piece i an item pi carries whose always-on effects count here
 * (attachments count only when attached, attachments.c)? */
static int
carried_gear(const struct rules_game *g, int pi, size_t i)
{
	const struct ccg_piece *it = &g->pieces[i];

	return it->zone == CCG_Z_PLAY && it->carrier == pi &&
	    it->card->type == CCG_CARD_ITEM &&
	    it->card->item.kind != CCG_ITEM_ATTACHMENT;
}

/* Does pi carry an earlier copy of the card of piece i (rulebook "Events":
 * cards are not cumulative unless stated, so a second copy adds nothing)? */
static int
gear_copy(const struct rules_game *g, int pi, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (carried_gear(g, pi, j) &&
		    strcmp(g->pieces[j].card->name, g->pieces[i].card->name) == 0)
			return 1;
	return 0;
}

/* Sum of the always-on MODIFY effects of stat on items pi carries that
 * act on their carrier, for this kind of attack (0: any); one copy of a
 * card counts once. */
static int
gear_mod(const struct rules_game *g, int pi, int stat, int kind)
{
	size_t i, k;
	int sum = 0;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (!carried_gear(g, pi, i) || gear_copy(g, pi, i) ||
		    ccg_item_usable(g, pi, it->card, NULL) != 0)
			continue;
		for (k = 0; k < it->card->neffects; k++) {
			const struct ccg_effect *e = &it->card->effects[k];

			if (e->kind == CCG_EFFECT_MODIFY && (int)e->stat == stat &&
			    e->when == CCG_WHEN_ALWAYS &&
			    e->target == CCG_TARGET_CARRIER &&
			    (e->attack == CCG_ATTACK_ANY || kind == 0 ||
			    (int)e->attack == kind))
				sum += e->amount;
		}
	}
	return sum;
}

/* Power as it fights: printed less the damage penalties (Alien tokens
 * cancel one each, "Alien Groups"), the power it dies by too. */
static int
fighting_power(const struct ccg_piece *p)
{
	return p->card->chr.power - penalty(p);
}

int
ccg_to_hit_bonus(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int kind = p->atk_kind, b;

	b = kind == CCG_ATTACK_CLOSE ? p->card->chr.to_hit_close :
	    p->card->chr.to_hit_ranged;
	if (p->atk_weapon >= 0)
		b += g->pieces[p->atk_weapon].card->item.to_hit;
	b += gear_mod(g, pi, CCG_STAT_TO_HIT, kind);
	b += ccg_attachment_mod(g, pi, CCG_STAT_TO_HIT, kind);
	b += kind == CCG_ATTACK_CLOSE ? p->ev_hit_close : p->ev_hit_ranged;
	b += p->tokens - penalty(p);
	b += ccg_gore_mod(g, pi, CCG_STAT_TO_HIT);	/* newborn.c */
	b += ccg_battle_mod(g, CCG_STAT_TO_HIT, kind);	/* battle-conditions.c */
	if (p->atk_mode == CCG_ATK_CAPTURE)
		b -= 2;
	return b;
}

int
ccg_defense(const struct rules_game *g, int ti)
{
	const struct ccg_piece *t = &g->pieces[ti];
	size_t i;
	int d, v;

	if (t->bound || t->card->type == CCG_CARD_BARRIER)
		return 0;	/* "Binding", "Barriers": cannot be modified */
	if (t->card->type == CCG_CARD_VEHICLE)	/* its speed, as damaged */
		return ccg_vehicle_speed(g, ti);	/* vehicles.c */
	/* a vehicle's speed replaces its driver's */
	v = ccg_vehicle_driven(g, ti);
	d = (v >= 0 ? ccg_vehicle_speed(g, v) : ccg_eff_speed(t)) +
	    t->ev_speed + t->card->chr.defense_bonus +
	    gear_mod(g, ti, CCG_STAT_DEFENSE, 0) + t->ev_def +
	    ccg_gore_mod(g, ti, CCG_STAT_DEFENSE) +
	    ccg_attachment_mod(g, ti, CCG_STAT_DEFENSE, 0);
	if (d < 0)
		d = 0;
	if (t->hidden)
		d++;
	if (t->card->keywords & CCG_KW_QUEEN)
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *a = &g->pieces[i];

			if ((int)i != ti && a->zone == CCG_Z_PLAY &&
			    a->node == t->node && a->controller == t->controller &&
			    !a->bound &&	/* "Binding": uses no Resources */
			    a->card->chr.species == CCG_SPECIES_ALIEN &&
			    ccg_card_has_resource(a->card, "Lethal"))
				d += 1 + a->tokens;
		}
	return d;
}

int
ccg_attack_damage(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	const struct ccg_card *w = p->atk_weapon >= 0 ?
	    g->pieces[p->atk_weapon].card : NULL;
	int d;

	if (p->atk_kind == CCG_ATTACK_RANGED)
		d = (w != NULL ? w->item.damage : 0) + (p->atk_ammo >= 0 ?
		    g->pieces[p->atk_ammo].card->item.damage : 0);
	else
		d = fighting_power(p) + p->ev_power + p->card->chr.damage_bonus +
		    (w != NULL ? w->item.damage : 0);
	d += p->ev_dmg;
	if (p->boost == CCG_STAT_DAMAGE && p->boost_kind == p->atk_kind)
		d++;		/* Combat Pool (combat-pool.c) */
	return d + p->tokens + gear_mod(g, pi, CCG_STAT_DAMAGE, p->atk_kind) +
	    ccg_gore_mod(g, pi, CCG_STAT_DAMAGE) +
	    ccg_attachment_mod(g, pi, CCG_STAT_DAMAGE, p->atk_kind);
}

int
ccg_resistance(const struct rules_game *g, int ti)
{
	const struct ccg_piece *t = &g->pieces[ti];
	size_t i;
	int r = fighting_power(t) + t->ev_power + t->ev_res +
	    gear_mod(g, ti, CCG_STAT_RESISTANCE, 0) +
	    ccg_gore_mod(g, ti, CCG_STAT_RESISTANCE) +
	    ccg_attachment_mod(g, ti, CCG_STAT_RESISTANCE, 0);
	int kind = g->phase == CCG_PH_RESOLVE_RANGED ? CCG_ATTACK_RANGED :
	    CCG_ATTACK_CLOSE;

	if (t->card->type == CCG_CARD_BARRIER)	/* its power, as damaged */
		return ccg_eff_power(t);
	if (t->card->type == CCG_CARD_VEHICLE) {	/* armor, then hull */
		r = t->card->veh.armor - t->damage;
		return r > 0 ? r : ccg_eff_power(t);
	}
	if (t->boost == CCG_STAT_RESISTANCE && t->boost_kind == kind)
		r++;		/* Combat Pool (combat-pool.c) */

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->zone == CCG_Z_PLAY && it->carrier == ti &&
		    it->card->type == CCG_CARD_ITEM &&
		    it->card->item.kind == CCG_ITEM_ARMOR &&
		    ccg_item_usable(g, ti, it->card, NULL) == 0)
			r += it->card->item.armor;
	}
	return r;
}

void
ccg_attack_clear(struct ccg_piece *p)
{
	p->atk_kind = 0;
	p->atk_target = -1;
	p->atk_weapon = -1;
	p->atk_mode = CCG_ATK_NORMAL;
	p->atk_ammo = -1;
	p->atk_hit = 0;
}

void
ccg_kill(struct rules_game *g, int pi, struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	struct ccg_seat *owner = &g->seats[p->owner];
	int removed;

	if (p->bc_token) {	/* breeding-tokens.c: no card to discard */
		ccg_bc_token_kill(g, pi, ev);
		return;
	}
	if (ccg_captive_of(g, pi) >= 0)
		ccg_capture_free(g, pi, ev);
	ccg_items_drop_all(g, pi, CCG_Z_PLAY);
	removed = ccg_is_main(p) && p->card->chr.species != CCG_SPECIES_ALIEN;
	ccg_cards_push(removed ? &owner->removed : &owner->discard, p->card);
	ccg_event(ev, -1, "{\"type\":\"killed\",\"piece\":\"%s\",\"at\":\"%s\","
	    "\"to\":\"%s\"}", p->id, p->node >= 0 ? g->nodes[p->node].id : "",
	    removed ? "out-of-play" : "discard");
	p->zone = CCG_Z_DEAD;
	p->node = -1;
	p->carrier = -1;
	p->rotated = 0;
	/* a declared attack stays on record: the close step reports it lost */
}
