/*
 * backstab.c — rulebook "Prohibited Concealable Weapons", the Rogues'
 * backstab: in the Rogues' segment of the Movement Round (their orders of
 * movement.move, R-M-P-A puts them first) each Rogue character may make
 * one free attack with a concealed Concealable weapon it carries. It does
 * not rotate the attacker, it follows the rules of any attack (reach by
 * the weapon's range, no attack through a Barrier, no ranged attack into,
 * out of or within a Submerged location, a Synthetic never attacks a
 * Human, no hidden or own target), and it turns the weapon face up at once
 * (the reveal event carries the commitment's opening). Only a weapon that
 * is concealed when the attack is declared may be used.
 *
 * Order: "backstab TARGET with ITEM"; ITEM is the weapon's id or its alias
 * concealed-N; the attacker is the character carrying it.
 *
 * Timing (design): free attacks resolve as they are made ("Free
 * Attacks"); here they resolve when the Rogue seat's orders of the step
 * are done, before the next seat moves, so a seat's orders are checked
 * against a state no die has touched. A backstab is the attacker's last
 * act of the step: its remaining movement points are lost. The attack
 * rolls to hit against the target's defense and deals damage less
 * resistance like a Combat Round attack (combat-damage.c totals; no Combat
 * Pool, no events: the Combat Round has not begun); a character whose
 * power is gone dies at once, a Barrier whose power is gone is discarded.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/victory.h"

/* The item named id, or the alias concealed-N of one carried by a
 * character of seat; -1 when there is none, or when id names a card
 * another seat holds face down (so the refusal tells nothing of it). */
static int
weapon_named(const struct rules_game *g, int seat, const char *id)
{
	size_t i;
	int it = ccg_piece_find(g, id);

	if (it >= 0)	/* another seat's face-down card is not named by id */
		return ccg_concealed_from(g, it, seat) ? -1 : it;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];
		char *alias;
		int same;

		if (p->concealed <= 0 || p->carrier < 0 ||
		    !ccg_controls(g, seat, p->carrier))
			continue;
		alias = ccg_concealed_alias(g, (int)i);
		same = strcmp(alias, id) == 0;
		free(alias);
		if (same)
			return (int)i;
	}
	return -1;
}

/* Can attacker pi hit ti with weapon wi from where they stand (reach,
 * Barriers, Submerged)? 0, or -1 with the reason. */
static int
in_reach(const struct rules_game *g, int pi, int ti, int wi, char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi], *t = &g->pieces[ti];
	int range = g->pieces[wi].card->item.range;

	if (!ccg_attack_reach(g, pi, ti, range))
		return cause_set(cause, "%s at %s is out of reach of %s at %s "
		    "(%s)", t->id, g->nodes[t->node].id, p->id,
		    g->nodes[p->node].id, range == CCG_RANGE_LONG ?
		    "long range reaches adjacent locations" :
		    "close and short range reach the same location only");
	if (t->node != p->node && t->card->type != CCG_CARD_BARRIER &&
	    ccg_barrier_between(g, p->node, t->node) >= 0)
		return cause_set(cause, "no attack is declared through the "
		    "Barrier between %s and %s", g->nodes[p->node].id,
		    g->nodes[t->node].id);
	if (range != CCG_RANGE_CLOSE &&
	    ccg_fire_blocked(g, p->node, t->node, cause) != 0)
		return -1;
	return 0;
}

int
ccg_backstab(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_piece *p, *w, *t;
	int wi, pi, ti;

	if (g->seats[seat].faction != CCG_FACTION_ROGUE)
		return cause_set(cause, "only the Rogues backstab");
	if ((wi = weapon_named(g, seat, o->what)) < 0)
		return cause_set(cause, "no item %s in play", o->what);
	w = &g->pieces[wi];
	if (w->zone != CCG_Z_PLAY || (pi = w->carrier) < 0 ||
	    !ccg_controls(g, seat, pi) || !ccg_is_character(&g->pieces[pi]))
		return cause_set(cause, "%s is not carried by a character you "
		    "control", o->what);
	if (w->card->type != CCG_CARD_ITEM ||
	    w->card->item.kind != CCG_ITEM_WEAPON ||
	    !(w->card->keywords & CCG_KW_CONCEALABLE))
		return cause_set(cause, "%s is not a Concealable weapon", o->what);
	p = &g->pieces[pi];
	if (p->bs_turn == g->turn)
		return cause_set(cause, "%s has made its backstab this turn",
		    p->id);
	if (w->concealed <= 0)
		return cause_set(cause, "%s is face up: only a concealed weapon "
		    "backstabs", o->what);
	if (p->bound || p->hostage || p->node < 0)
		return cause_set(cause, "%s cannot attack now (%s)", p->id,
		    p->hostage ? "a hostage" : p->bound ? "bound" : "off the "
		    "battleground");
	if (ccg_card_has_restriction(w->card, "Military Arms") &&
	    !ccg_card_has_resource(p->card, "Marine"))
		return cause_set(cause, "%s is Military Arms: only characters "
		    "with the Marine resource use it", w->card->slug);
	if ((ti = ccg_piece_find(g, o->to)) < 0)
		return cause_set(cause, "no character %s in play", o->to);
	t = &g->pieces[ti];
	if (t->zone != CCG_Z_PLAY || t->node < 0 || (!ccg_is_character(t) &&
	    t->card->type != CCG_CARD_BARRIER))
		return cause_set(cause, "%s is not a character or Barrier on the "
		    "battleground", t->id);
	if (t->controller == seat)
		return cause_set(cause, "attacks may not be declared against "
		    "one's own characters (%s)", t->id);
	if (t->hidden)
		return cause_set(cause, "%s is moving hidden and cannot be named "
		    "as a target", t->id);
	if (ccg_is_character(t) &&
	    p->card->chr.species == CCG_SPECIES_SYNTHETIC &&
	    t->card->chr.species == CCG_SPECIES_HUMAN)
		return cause_set(cause, "%s is a Synthetic and never attacks a "
		    "Human (%s)", p->id, t->id);
	if (in_reach(g, pi, ti, wi, cause) != 0)
		return -1;
	ccg_concealed_reveal(g, wi, ev);
	ccg_hidden_reveal_piece(g, pi, ev);
	p->bs_target = ti;
	p->bs_weapon = wi;
	p->bs_turn = g->turn;
	p->mp = 0;
	ccg_event(ev, -1, "{\"type\":\"backstab\",\"seat\":\"%s\",\"attacker\":"
	    "\"%s\",\"target\":\"%s\",\"weapon\":\"%s\",\"attack\":\"%s\"}",
	    g->seats[seat].name, p->id, t->id, w->id,
	    w->card->item.range == CCG_RANGE_CLOSE ? "close" : "ranged");
	return 0;
}

/* Why the backstab of pi can no longer be made, or NULL. */
static const char *
backstab_lost(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi], *t, *w;

	if (p->zone != CCG_Z_PLAY || p->node < 0)
		return "attacker gone";
	if (p->bound)
		return "attacker bound";
	t = &g->pieces[p->bs_target];
	w = &g->pieces[p->bs_weapon];
	if (t->zone != CCG_Z_PLAY || t->node < 0)
		return "target gone";
	if (w->zone != CCG_Z_PLAY || w->carrier != pi)
		return "weapon gone";
	if (in_reach(g, pi, p->bs_target, p->bs_weapon, NULL) != 0)
		return "target out of reach";
	return NULL;
}

/* Roll and apply the backstab of pi. */
static void
strike(struct rules_game *g, int pi, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi], *t = &g->pieces[p->bs_target];
	const struct ccg_card *w = g->pieces[p->bs_weapon].card;
	int roll, th, def, dmg, res, pts;

	p->atk_kind = w->item.range == CCG_RANGE_CLOSE ? CCG_ATTACK_CLOSE :
	    CCG_ATTACK_RANGED;
	p->atk_target = p->bs_target;
	p->atk_weapon = p->bs_weapon;
	p->atk_mode = CCG_ATK_NORMAL;
	p->atk_ammo = -1;
	roll = (int)rng->uniform(rng->ctx, 6) + 1;
	th = roll + ccg_to_hit_bonus(g, pi);
	def = ccg_defense(g, p->bs_target);
	ccg_event(ev, -1, "{\"type\":\"to-hit\",\"attacker\":\"%s\",\"target\":"
	    "\"%s\",\"roll\":%d,\"to_hit\":%d,\"defense\":%d,\"hit\":%s,"
	    "\"backstab\":true}", p->id, t->id, roll, th, def,
	    th > def ? "true" : "false");
	if (th > def && w->item.bind > 0) {
		t->bound = w->item.bind > t->bound ? w->item.bind : t->bound;
		t->rotated = 1;
		ccg_event(ev, -1, "{\"type\":\"bound\",\"piece\":\"%s\","
		    "\"strength\":%d}", t->id, t->bound);
	} else if (th > def) {
		dmg = ccg_attack_damage(g, pi);
		res = ccg_resistance(g, p->bs_target);
		pts = dmg > res ? dmg - res : 0;
		ccg_event(ev, -1, "{\"type\":\"hit\",\"attacker\":\"%s\","
		    "\"target\":\"%s\",\"damage\":%d,\"resistance\":%d,"
		    "\"points\":%d}", p->id, t->id, dmg, res, pts);
		if (pts > 0) {
			t->damage += pts;
			ccg_event(ev, -1, "{\"type\":\"damage\",\"piece\":\"%s\","
			    "\"points\":%d,\"damage\":%d,\"power\":%d}", t->id,
			    pts, t->damage, ccg_eff_power(t));
		}
		if (ccg_is_character(t) && ccg_eff_power(t) <= 0)
			ccg_kill(g, p->bs_target, ev);
	}
	ccg_attack_clear(p);
}

void
ccg_backstab_resolve(struct rules_game *g, int seat, struct rules_rng *rng,
    struct rules_events *ev)
{
	size_t i;
	int any = 0;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		const char *why;

		if (p->bs_target < 0)
			continue;
		if (p->owner != seat && p->controller != seat)
			continue;
		if (rng == NULL)
			why = "no dice";
		else
			why = backstab_lost(g, (int)i);
		if (why != NULL)
			ccg_event(ev, -1, "{\"type\":\"attack-lost\",\"attacker\":"
			    "\"%s\",\"reason\":\"%s\"}", p->id, why);
		else
			strike(g, (int)i, rng, ev);
		p->bs_target = -1;
		p->bs_weapon = -1;
		any = 1;
	}
	if (!any)
		return;
	ccg_barriers_tidy(g, ev);
	ccg_concealed_tidy(g, ev);
	ccg_data_tidy(g, ev);
	ccg_hostages_update(g, ev);
	ccg_control_update(g, ev);
	ccg_victory_check(g, ev);
}

void
ccg_backstab_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, j;
	char *line;

	if (g->phase != CCG_PH_MOVE ||
	    g->seats[seat].faction != CCG_FACTION_ROGUE)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *w = &g->pieces[i], *p;

		if (w->concealed <= 0 || w->carrier < 0 || w->zone != CCG_Z_PLAY)
			continue;
		p = &g->pieces[w->carrier];
		if (!ccg_controls(g, seat, w->carrier) || p->bs_turn == g->turn ||
		    p->node < 0)
			continue;
		for (j = 0; j < g->npieces; j++) {
			const struct ccg_piece *t = &g->pieces[j];

			if (t->zone != CCG_Z_PLAY || t->node < 0 || t->hidden ||
			    t->controller == seat || (!ccg_is_character(t) &&
			    t->card->type != CCG_CARD_BARRIER) ||
			    !ccg_attack_reach(g, w->carrier, (int)j,
			    w->card->item.range))
				continue;
			line = xasprintf("backstab %s with %s", t->id, w->id);
			try(ctx, line);
			free(line);
		}
	}
}
