/*
 * combat-declare.c — rulebook "The Combat Round", "Step 1: Declare
 * Attacks" and the species rules that limit who may attack whom:
 *
 * - four segments (unhidden close, unhidden ranged, hidden close, hidden
 *   ranged), each played in R-M-P-A order (turn-sequence.c interleaves);
 *   a hidden character reveals itself by declaring;
 * - the attacker rotates and names the type, the target and the weapon;
 *   close and short-ranged attacks reach the same location, long-ranged
 *   ones also the adjacent locations; never one's own characters;
 * - one weapon at a time, and who may use it; ammo loaded as a ranged
 *   attack is declared (Military Arms: Marine
 *   resource; Prohibited: Rogue characters; Predator Item: Predators);
 * - Special Rules for Aliens: a ready Alien with a valid unhidden target
 *   must attack: one its player gave no attack attacks the first such
 *   target in play order as the close segment ends (Face Huggers cannot
 *   attack); Aliens may not attack a ready
 *   Synthetic that has not moved this turn; "attack to capture" a main
 *   character at -2, or "kill" a supporting character instead of capturing;
 * - Synthetics never attack Humans; the Marines' code of honor (no attack
 *   on non-Rogue Humans unless they attacked the Marines first; the
 *   Rogues' hostages are not in league with them);
 * - Predator Capturing Rules: close combat, Lethal and Veteran (or a Bound
 *   target), one captive per Predator;
 * - a hidden character's marker may be the target (marker-attacks.c), reach
 *   counted from the marker; a Breeding Chamber token is never captured.
 * - "Barriers": no attack through a Barrier into the adjacent location; a
 *   Barrier itself may be attacked (close or ranged) from either side.
 * - free and extra attacks (free-attacks.c): a character may declare
 *   again when a card allows it; vehicles are targets and close combat
 *   needs attacker and target together (vehicle-attacks.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/turn.h"

static int
segment_ranged(int phase)
{
	return phase == CCG_PH_DECLARE_UR || phase == CCG_PH_DECLARE_HR;
}

static int
segment_hidden(int phase)
{
	return phase == CCG_PH_DECLARE_HC || phase == CCG_PH_DECLARE_HR;
}

static int
species(const struct ccg_piece *p)
{
	return p->card->chr.species;
}

/* A Face Hugger never attacks in the Combat Round. */
static int
never_attacks(const struct ccg_piece *p)
{
	return ccg_card_has_resource(p->card, "Face Hugger");
}

/* May attacker pi use weapon card w ("Military Arms", "Prohibited",
 * "Predator Item")? */
static int
weapon_usable(const struct rules_game *g, int pi, const struct ccg_card *w,
    char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi];

	if (ccg_item_usable(g, pi, w, cause) != 0)	/* items.c */
		return -1;
	if (ccg_card_has_restriction(w, "Military Arms") &&
	    !ccg_card_has_resource(p->card, "Marine"))
		return cause_set(cause, "%s is Military Arms: only characters "
		    "with the Marine resource use it", w->slug);
	if ((w->keywords & CCG_KW_PROHIBITED) &&
	    g->seats[p->controller].faction != CCG_FACTION_ROGUE)
		return cause_set(cause, "%s is Prohibited: only Rogue characters "
		    "use it", w->slug);
	return 0;
}

/* Has target ti declared an attack on a character of seat? */
static int
attacked_seat(const struct rules_game *g, int ti, int seat)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)	/* any of its attacks */
		if (g->pieces[i].controller == seat &&
		    ccg_attack_matches(g, ti, 0, (int)i, -1, 0))
			return 1;
	return 0;
}

/* The species rules and the code of honor for pi attacking ti. */
static int
species_allow(const struct rules_game *g, int seat, int pi, int ti,
    char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi], *t = &g->pieces[ti];

	if (species(p) == CCG_SPECIES_SYNTHETIC &&
	    species(t) == CCG_SPECIES_HUMAN)
		return cause_set(cause, "%s is a Synthetic and never attacks a "
		    "Human (%s)", p->id, t->id);
	if (species(p) == CCG_SPECIES_ALIEN &&
	    species(t) == CCG_SPECIES_SYNTHETIC && !t->rotated && !t->moved)
		return cause_set(cause, "Aliens may not attack %s: a ready "
		    "Synthetic that has not moved this turn", t->id);
	/* a hostage is held by the Rogues, not in league with them */
	if (g->seats[seat].faction == CCG_FACTION_MARINES &&
	    species(t) == CCG_SPECIES_HUMAN && t->hostage &&
	    !attacked_seat(g, ti, seat))
		return cause_set(cause, "the Marines' code of honor: %s is a "
		    "hostage of the Rogues, not in league with them", t->id);
	if (g->seats[seat].faction == CCG_FACTION_MARINES &&
	    species(t) == CCG_SPECIES_HUMAN &&
	    (t->controller < 0 ||
	    g->seats[t->controller].faction != CCG_FACTION_ROGUE) &&
	    !attacked_seat(g, ti, seat))
		return cause_set(cause, "the Marines' code of honor: %s is a "
		    "Human not in league with the Rogues who has not attacked "
		    "the Marines", t->id);
	return 0;
}

/* The capture and kill modes (Aliens and Predator capturing rules). */
static int
mode_allow(const struct rules_game *g, int seat, int pi, int ti, int kind,
    int mode, char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi], *t = &g->pieces[ti];
	int faction = g->seats[seat].faction;

	if (mode == CCG_ATK_NORMAL)
		return 0;
	if (faction == CCG_FACTION_ALIENS && species(p) == CCG_SPECIES_ALIEN) {
		if (mode == CCG_ATK_CAPTURE && !ccg_is_main(t))
			return cause_set(cause, "%s is a supporting character: "
			    "Aliens capture it anyway unless they attack to kill",
			    t->id);
		if (mode == CCG_ATK_KILL && ccg_is_main(t))
			return cause_set(cause, "\"kill\" is for supporting "
			    "characters; a main character dies unless attacked "
			    "to capture");
		return 0;
	}
	if (faction == CCG_FACTION_PREDATOR &&
	    species(p) == CCG_SPECIES_PREDATOR && mode == CCG_ATK_CAPTURE) {
		if (kind != CCG_ATTACK_CLOSE)
			return cause_set(cause, "Predators capture only in close "
			    "combat");
		if (!t->bound && !(ccg_card_has_resource(p->card, "Lethal") &&
		    ccg_card_has_resource(p->card, "Veteran")))
			return cause_set(cause, "%s lacks Lethal and Veteran: it "
			    "may capture only a Bound target", p->id);
		if (ccg_captive_of(g, pi) >= 0)
			return cause_set(cause, "%s already holds a captured "
			    "character", p->id);
		return 0;
	}
	return cause_set(cause, "only Aliens %s", mode == CCG_ATK_KILL ?
	    "attack to kill instead of capturing" :
	    "and Lethal Veteran Predators attack to capture");
}

/*
 * Could seat's character pi attack ti with weapon wi (-1 none), of this
 * kind and mode, in the current segment? tnode is the node of the marker
 * of ti attacked (marker-attacks.c), -1 when ti itself is named. 0, or -1
 * with the reason.
 */
static int
attack_ok(const struct rules_game *g, int seat, int pi, int ti, int tnode,
    int wi, int kind, int mode, char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi], *t;
	int range = CCG_RANGE_CLOSE, tn, veh;

	if ((kind == CCG_ATTACK_RANGED) != segment_ranged(g->phase))
		return cause_set(cause, "a %s attack is not declared in %s; "
		    "expected %s", kind == CCG_ATTACK_RANGED ? "ranged" : "close",
		    ccg_phase_name(g->phase), segment_ranged(g->phase) ?
		    "ranged" : "close");
	if (!p->hidden != !segment_hidden(g->phase))
		return cause_set(cause, "%s is %s: it declares in the %s "
		    "segments", p->id, p->hidden ? "hidden" : "not hidden",
		    p->hidden ? "hidden" : "unhidden");
	if (ccg_attack_slot_ok(g, pi, kind, cause) != 0)
		return -1;	/* free-attacks.c */
	if (p->bound)
		return cause_set(cause, "%s is Bound and cannot act", p->id);
	if (p->hostage)
		return cause_set(cause, "%s is a hostage and cannot be made to "
		    "attack", p->id);
	if (never_attacks(p))
		return cause_set(cause, "%s cannot attack in the Combat Round",
		    p->id);
	if (ccg_newborn_attack_ok(g, pi, mode, cause) != 0)
		return -1;
	t = &g->pieces[ti];
	veh = ccg_is_vehicle_target(g, ti);	/* vehicle-attacks.c */
	if (!veh && (t->zone != CCG_Z_PLAY || t->node < 0 ||
	    (!ccg_is_character(t) && t->card->type != CCG_CARD_BARRIER)))
		return cause_set(cause, "%s is not a character, Barrier or "
		    "vehicle on the battleground", t->id);
	if (veh && ccg_vehicle_target_ok(g, pi, ti, cause) != 0)
		return -1;
	if (ccg_target_seat(g, ti) == seat || ti == pi)
		return cause_set(cause, "attacks may not be declared against "
		    "one's own characters (%s)", t->id);
	if (t->hidden && tnode < 0)	/* hidden-movement.c: only markers */
		return cause_set(cause, "%s is moving hidden and cannot be named "
		    "as a target", t->id);
	if (wi >= 0) {
		const struct ccg_piece *w = &g->pieces[wi];

		if (w->zone != CCG_Z_PLAY || w->carrier != pi ||
		    w->card->type != CCG_CARD_ITEM ||
		    w->card->item.kind != CCG_ITEM_WEAPON)
			return cause_set(cause, "%s is not a weapon %s carries",
			    w->id, p->id);
		range = w->card->item.range;
		if (weapon_usable(g, pi, w->card, cause) != 0)
			return -1;
	}
	if (kind == CCG_ATTACK_RANGED && range == CCG_RANGE_CLOSE)
		return cause_set(cause, "a ranged attack needs a ranged weapon; "
		    "usage: attack CHAR at TARGET ranged with WEAPON");
	if (kind == CCG_ATTACK_CLOSE && range != CCG_RANGE_CLOSE)
		return cause_set(cause, "%s is a ranged weapon; close combat "
		    "uses a hand-to-hand weapon or none",
		    g->pieces[wi].id);
	/* a marker: where it stands; a vehicle: where its driver is */
	tn = tnode >= 0 ? tnode : ccg_piece_at(g, ti);
	if (tnode >= 0 ? !((tn == p->node && (range != CCG_RANGE_CLOSE ||
	    ccg_vehicle_compartment(g, pi) < 0)) || (range == CCG_RANGE_LONG &&
	    ccg_adjacent(g, tn, p->node))) : !ccg_attack_reach(g, pi, ti, range))
		return cause_set(cause, "%s at %s is out of reach of %s at %s "
		    "(%s)", tnode >= 0 ? "the marker" : t->id, g->nodes[tn].id,
		    p->id,
		    g->nodes[p->node].id, range == CCG_RANGE_LONG ?
		    "long range reaches adjacent locations" :
		    range == CCG_RANGE_CLOSE && tn == p->node ?
		    "close combat needs both outside or aboard the same "
		    "Enclosed vehicle" :
		    "close and short range reach the same location only");
	if (tn != p->node && ccg_barrier_between(g, p->node, tn) >= 0 &&
	    t->card->type != CCG_CARD_BARRIER)
		return cause_set(cause, "no attack is declared through the "
		    "Barrier between %s and %s", g->nodes[p->node].id,
		    g->nodes[tn].id);
	if (kind == CCG_ATTACK_RANGED &&	/* submerged.c */
	    ccg_fire_blocked(g, p->node, tn, cause) != 0)
		return -1;
	if (t->bc_token && mode == CCG_ATK_CAPTURE)	/* breeding-tokens.c */
		return cause_set(cause, "%s is an Alien token of a Breeding "
		    "Chamber: it is killed, never captured", t->id);
	if (t->card->type == CCG_CARD_BARRIER)	/* "Barriers": any attack */
		return mode == CCG_ATK_NORMAL ? 0 : cause_set(cause, "a Barrier "
		    "is neither captured nor spared");
	if (veh)
		return mode == CCG_ATK_NORMAL ? 0 : cause_set(cause, "a vehicle "
		    "is neither captured nor spared");
	if (species_allow(g, seat, pi, ti, cause) != 0)
		return -1;
	return mode_allow(g, seat, pi, ti, kind, mode, cause);
}

int
ccg_attack_reach(const struct rules_game *g, int pi, int ti, int range)
{
	const struct ccg_piece *p = &g->pieces[pi], *t = &g->pieces[ti];
	int tn = ccg_piece_at(g, ti);	/* a vehicle: where its driver is */

	if (tn == p->node && range == CCG_RANGE_CLOSE &&
	    !ccg_close_reach(g, pi, ti))
		return 0;	/* an Enclosed vehicle (vehicle-attacks.c) */
	if (tn == p->node || (t->card->type == CCG_CARD_BARRIER &&
	    t->barrier_to == p->node))
		return 1;	/* a Barrier stands between its two locations */
	return range == CCG_RANGE_LONG && ccg_adjacent(g, tn, p->node);
}

/*
 * Ammo ("Ammo Item cards"): once per turn an ammo item the attacker
 * carries is rotated as a ranged attack is declared, to load it into the
 * weapon it fits (its "loads into" names a resource of the weapon; never
 * an edged weapon). It stays loaded to the end of the turn.
 */
static int
ammo_ok(const struct rules_game *g, int pi, int wi, int ai, char **cause)
{
	const struct ccg_piece *a = &g->pieces[ai];
	const struct ccg_card *w;
	size_t k;

	if (wi < 0)
		return cause_set(cause, "ammo is loaded into a named weapon");
	w = g->pieces[wi].card;
	if (a->zone != CCG_Z_PLAY || a->carrier != pi ||
	    a->card->type != CCG_CARD_ITEM || a->card->item.kind != CCG_ITEM_AMMO)
		return cause_set(cause, "%s is not ammo %s carries", a->id,
		    g->pieces[pi].id);
	if (a->rotated)
		return cause_set(cause, "%s has been loaded this turn already",
		    a->id);
	if (ccg_item_usable(g, pi, a->card, cause) != 0)
		return -1;	/* items.c */
	if (w->keywords & CCG_KW_EDGED)
		return cause_set(cause, "%s is an edged weapon: it takes no ammo",
		    w->slug);
	for (k = 0; k < a->card->neffects; k++)
		if (a->card->effects[k].kind == CCG_EFFECT_LOADS_INTO &&
		    a->card->effects[k].term != NULL &&
		    ccg_card_has_resource(w, a->card->effects[k].term))
			return 0;
	return cause_set(cause, "%s does not fit %s", a->id, w->slug);
}

/* Record pi's attack on ti, or on its marker mi (-1 none), rotating it
 * unless it is a free attack. */
static void
declare(struct rules_game *g, int seat, int pi, int ti, int mi, int wi,
    int ai, int kind, int mode, int forced, struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	const char *num;
	char *jw, *jt;
	int k = ccg_xatk_begin(g, pi);	/* a further attack: its entry */

	p->atk_marker = 0;
	p->atk_real = 0;
	if (mi >= 0) {	/* the marker number; its truth stays secret */
		num = strrchr(g->markers[mi].id, '-');
		p->atk_marker = atoi(num + 1);
		p->atk_real = g->markers[mi].real;
	}

	if (ai >= 0)
		g->pieces[ai].rotated = 1;	/* loaded */
	if (p->free_atk)
		p->free_atk = 0;	/* a free attack: no rotation */
	else
		p->rotated = 1;
	jt = ccg_json_str(mi >= 0 ? g->markers[mi].id : g->pieces[ti].id);
	ccg_hidden_reveal_piece(g, pi, ev);	/* declaring reveals it */
	p->atk_kind = kind;
	p->atk_target = ti;
	p->atk_weapon = wi;
	p->atk_mode = mode;
	p->atk_ammo = ai;
	jw = wi >= 0 ? ccg_json_str(g->pieces[wi].id) : xstrdup("null");
	ccg_event(ev, -1, "{\"type\":\"attack\",\"seat\":\"%s\",\"attacker\":"
	    "\"%s\",\"target\":%s,\"attack\":\"%s\",\"weapon\":%s,"
	    "\"mode\":\"%s\"%s}", g->seats[seat].name, p->id, jt,
	    kind == CCG_ATTACK_CLOSE ? "close" : "ranged", jw,
	    mode == CCG_ATK_CAPTURE ? "capture" :
	    mode == CCG_ATK_KILL ? "kill" : "normal",
	    forced ? ",\"forced\":true" : "");
	free(jw);
	free(jt);
	ccg_ammo_declared(g, pi);
	ccg_xatk_end(g, pi, k);
}

void
ccg_aliens_force(struct rules_game *g, struct rules_events *ev)
{
	size_t s, i, j;

	for (s = 0; s < g->nseats; s++) {
		if (g->seats[s].faction != CCG_FACTION_ALIENS)
			continue;
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (!ccg_controls(g, (int)s, (int)i) ||
			    !ccg_is_character(p) || p->atk_kind != 0 ||
			    p->card->chr.species != CCG_SPECIES_ALIEN)
				continue;
			for (j = 0; j < g->npieces; j++) {
				const struct ccg_piece *t = &g->pieces[j];

				if (t->hidden || t->node != p->node ||
				    ccg_is_vehicle_target(g, (int)j) ||
				    attack_ok(g, (int)s, (int)i, (int)j, -1, -1,
				    CCG_ATTACK_CLOSE, CCG_ATK_NORMAL, NULL) != 0)
					continue;
				declare(g, (int)s, (int)i, (int)j, -1, -1, -1,
				    CCG_ATTACK_CLOSE, CCG_ATK_NORMAL, 1, ev);
				break;
			}
		}
	}
}

int
ccg_attack_declare(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int pi, ti, mi, wi = -1, ai = -1;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	/* a hidden-movement marker may be the target (marker-attacks.c) */
	if ((mi = ccg_marker_find(g, o->to)) >= 0)
		ti = g->markers[mi].piece;
	else if ((ti = ccg_piece_find(g, o->to)) < 0)
		return cause_set(cause, "no character %s in play", o->to);
	if (o->what != NULL && (wi = ccg_piece_find(g, o->what)) < 0)
		return cause_set(cause, "no item %s in play", o->what);
	if (attack_ok(g, seat, pi, ti, mi >= 0 ? g->markers[mi].node : -1, wi,
	    o->attack, o->mode, cause) != 0)
		return -1;
	if (o->a != NULL && ((ai = ccg_piece_find(g, o->a)) < 0 ||
	    ammo_ok(g, pi, wi, ai, cause) != 0))
		return ai < 0 ? cause_set(cause, "no ammo %s in play", o->a) : -1;
	if (ccg_ammo_attack_ok(g, wi, ai, o->attack, cause) != 0)
		return -1;	/* ammo.c */
	declare(g, seat, pi, ti, mi, wi, ai, o->attack, o->mode, 0, ev);
	return 0;
}

/* ranged attack lines loading each ammo item the attacker carries */
static void
ammo_lines(const struct rules_game *g, size_t att, size_t tgt, size_t wpn,
    void (*try)(void *, const char *), void *ctx)
{
	size_t a;

	for (a = 0; a < g->npieces; a++)
		if (g->pieces[a].carrier == (int)att &&
		    g->pieces[a].zone == CCG_Z_PLAY &&
		    g->pieces[a].card->type == CCG_CARD_ITEM &&
		    g->pieces[a].card->item.kind == CCG_ITEM_AMMO)
			ccg_tryf(try, ctx, "attack %s at %s ranged with %s loading %s",
			    g->pieces[att].id, g->pieces[tgt].id,
			    g->pieces[wpn].id, g->pieces[a].id);
}

/*
 * Feed try() the attack lines of the declare segments: own characters at
 * enemies in reach, with each weapon carried or none, and the capture and
 * kill modes; then the attacks at markers (marker-attacks.c) and the
 * attacks of vehicle-attacks.c and free-attacks.c (ccg_xatk_candidates).
 */
void
ccg_attack_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	static const char *const modes[] = { "", " capture", " kill" };
	size_t i, j, w, m;
	int ranged = g->phase == CCG_PH_DECLARE_UR || g->phase == CCG_PH_DECLARE_HR;

	for (i = 0; i < g->npieces; i++) {
		if (!ccg_own_on_board(g, seat, i) || g->pieces[i].rotated)
			continue;
		for (j = 0; j < g->npieces; j++) {
			const struct ccg_piece *tp = &g->pieces[j];

			if (tp->zone != CCG_Z_PLAY || (!ccg_is_character(tp) &&
			    tp->card->type != CCG_CARD_BARRIER) ||
			    tp->node < 0 || tp->controller == seat ||
			    (tp->node != g->pieces[i].node &&
			    !ccg_adjacent(g, tp->node, g->pieces[i].node)))
				continue;
			for (m = 0; m < 3; m++) {
				if (!ranged)
					ccg_tryf(try, ctx, "attack %s at %s close%s",
					    g->pieces[i].id, tp->id, modes[m]);
				for (w = 0; w < g->npieces; w++)
					if (g->pieces[w].carrier == (int)i &&
					    g->pieces[w].card->type == CCG_CARD_ITEM &&
					    g->pieces[w].card->item.kind ==
					    CCG_ITEM_WEAPON) {
						ccg_tryf(try, ctx, "attack %s at %s %s with "
						    "%s%s", g->pieces[i].id, tp->id,
						    ranged ? "ranged" : "close",
						    g->pieces[w].id, modes[m]);
						if (ranged && m == 0)
							ammo_lines(g, i, j, w, try, ctx);
					}
			}
		}
	}
	ccg_marker_attack_candidates(g, seat, try, ctx);
	ccg_xatk_candidates(g, seat, try, ctx);
}
