/*
 * combat-resolve.c — rulebook "Step 2: Resolve ranged Attacks" and "Step
 * 3: Resolve close combat Attacks".
 *
 * Each step takes the attacks of its type declared in Step 1; nobody
 * attacks who did not declare. Segment 1 (ccg_combat_roll(), when the
 * phase starts) rolls to hit for every attack in R-M-P-A order (seat
 * order, then piece order): one die (1..6 from the game's random stream)
 * plus ccg_to_hit_bonus() must be higher than the target's ccg_defense().
 * The players may then spend Combat Pool (combat-pool.c). Segment 2
 * (ccg_combat_resolve(), when the phase ends) works out damage from the
 * attributes as they stood through the step, because damage points "do
 * not lower attributes until the very end of that Step": all hits of the
 * step land together. A binding weapon's hit does no damage and binds
 * (the strongest binding wins); a bound character's own declared attack is
 * negated. Then every character at power 0 or less dies, or is captured:
 * by Aliens when the blow that did the most damage to it (the first such in
 * R-M-P-A order on a tie) was an Alien's attack to capture a main
 * character, or any Alien blow at a supporting character not made to kill;
 * by a Predator when that blow was his close attack to capture. A kill by
 * a Predator player's character earns that player the honor of honor.c.
 * The ranged step happens before the close step, so close combat sees the
 * ranged damage. After the close step the round's declarations are over.
 * A character with further attacks (free-attacks.c) rolls and deals
 * damage for each, in declaration order; a hit on a vehicle (its
 * resistance 0, vehicle-attacks.c) damages it the same way, all at once.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"

/* Is the declared attack of pi still possible (attacker and target in
 * play, weapon in hand, target in reach)? NULL, or why not. */
static const char *
attack_lost(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi], *t;
	int range = CCG_RANGE_CLOSE;

	if (p->zone != CCG_Z_PLAY || p->node < 0)
		return "attacker gone";
	if (p->bound)
		return "attacker bound";
	t = &g->pieces[p->atk_target];
	if (t->zone != CCG_Z_PLAY || ccg_piece_at(g, p->atk_target) < 0)
		return "target gone";
	if (p->atk_weapon >= 0) {
		if (g->pieces[p->atk_weapon].carrier != pi ||
		    g->pieces[p->atk_weapon].zone != CCG_Z_PLAY)
			return "weapon gone";
		range = g->pieces[p->atk_weapon].card->item.range;
	}
	if (!ccg_attack_reach(g, pi, p->atk_target, range))
		return "target out of reach";
	return NULL;
}

/* Does the blow of attacker ai capture rather than kill? 1 Aliens,
 * 2 Predator, 0 kill. */
static int
captures(const struct rules_game *g, int ai)
{
	const struct ccg_piece *a = &g->pieces[ai], *t;
	int seat = a->controller >= 0 ? a->controller : a->owner;
	int f = g->seats[seat].faction;

	t = &g->pieces[a->atk_target];
	if (ccg_is_newborn(a->card))
		return 0;	/* newborn.c: it kills, never captures */
	if (f == CCG_FACTION_ALIENS &&
	    a->card->chr.species == CCG_SPECIES_ALIEN) {
		if (ccg_is_main(t))
			return a->atk_mode == CCG_ATK_CAPTURE ? 1 : 0;
		return a->atk_mode == CCG_ATK_KILL ? 0 : 1;
	}
	if (f == CCG_FACTION_PREDATOR && a->atk_mode == CCG_ATK_CAPTURE &&
	    a->zone == CCG_Z_PLAY && ccg_captive_of(g, ai) < 0)
		return 2;
	return 0;
}

/* The end of a step: every character at power 0 or less dies or is
 * captured; killer[i] is the attacker of the heaviest blow on i. */
static void
deaths(struct rules_game *g, const int *killer, const int *kslot, int *cap,
    struct rules_events *ev)
{
	size_t i;

	/* decide captures before anyone is removed */
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		cap[i] = 0;
		if (p->zone == CCG_Z_PLAY && ccg_is_character(p) &&
		    ccg_eff_power(p) <= 0 && killer[i] >= 0) {
			/* the blow: the killer's attack of entry kslot */
			ccg_xatk_swap(&g->pieces[killer[i]], kslot[i]);
			cap[i] = captures(g, killer[i]);
			ccg_xatk_swap(&g->pieces[killer[i]], kslot[i]);
		}
	}
	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int k = killer[i], ks;

		if (p->zone != CCG_Z_PLAY || !ccg_is_character(p) ||
		    ccg_eff_power(p) > 0)
			continue;
		ks = k >= 0 ? (g->pieces[k].controller >= 0 ?
		    g->pieces[k].controller : g->pieces[k].owner) : -1;
		if (cap[i] == 1) {
			ccg_capture_alien(g, ks, (int)i, ev);
			continue;
		}
		if (cap[i] == 2 && g->pieces[k].zone == CCG_Z_PLAY &&
		    ccg_captive_of(g, k) < 0) {
			ccg_capture_predator(g, k, (int)i, ev);
			continue;
		}
		if (ks >= 0 && g->seats[ks].faction == CCG_FACTION_PREDATOR &&
		    ks != p->controller) {
			int h = ccg_kill_honor(g, (int)i);

			g->seats[ks].honor += h;
			ccg_event(ev, -1, "{\"type\":\"honor\",\"seat\":\"%s\","
			    "\"for\":\"%s\",\"honor\":%d,\"total\":%d}",
			    g->seats[ks].name, p->id, h, g->seats[ks].honor);
		}
		ccg_kill(g, (int)i, ev);
	}
}

/* The step's kind of attack. */
static int
step_kind(const struct rules_game *g)
{
	return g->phase == CCG_PH_RESOLVE_RANGED ? CCG_ATTACK_RANGED :
	    CCG_ATTACK_CLOSE;
}

/* Segment 1 for the attack of pi in its atk_* fields. */
static void
roll_one(struct rules_game *g, int pi, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	const char *why;
	int roll, th, def, ti;

	if (ccg_marker_attack_roll(g, pi, rng, ev))
		return;	/* at a marker (marker-attacks.c) */
	if ((why = attack_lost(g, pi)) != NULL) {
		ccg_event(ev, -1, "{\"type\":\"attack-lost\","
		    "\"attacker\":\"%s\",\"reason\":\"%s\"}", p->id, why);
		return;
	}
	ti = p->atk_target;
	roll = (int)rng->uniform(rng->ctx, 6) + 1;
	th = roll + ccg_to_hit_bonus(g, pi);
	def = ccg_defense(g, ti);
	ccg_event(ev, -1, "{\"type\":\"to-hit\",\"attacker\":\"%s\","
	    "\"target\":\"%s\",\"roll\":%d,\"to_hit\":%d,"
	    "\"defense\":%d,\"hit\":%s}", p->id, g->pieces[ti].id, roll, th,
	    def, th > def ? "true" : "false");
	p->atk_hit = th > def;
	ccg_ammo_fired(g, pi, ev);	/* ammo.c */
}

void
ccg_combat_roll(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	int kind = step_kind(g), k;
	size_t i, s;

	for (i = 0; i < g->npieces; i++) {
		g->pieces[i].atk_hit = 0;
		ccg_xatk_hits_clear(&g->pieces[i]);
	}
	if (rng == NULL)	/* a test edit jumping here rolls no dice */
		return;
	for (s = 0; s < g->nseats; s++)
		for (i = 0; i < g->npieces; i++) {
			struct ccg_piece *p = &g->pieces[i];

			if (p->controller != (int)s)
				continue;
			for (k = -1; k < p->nxatk; k++) {	/* free-attacks.c */
				ccg_xatk_swap(p, k);
				if (p->atk_kind == kind)
					roll_one(g, (int)i, rng, ev);
				ccg_xatk_swap(p, k);
			}
		}
}

/* Segment 2 for the hit of pi in its atk_* fields: the target, with the
 * damage points in *pts, or -1 when the hit binds (bind[] raised; only a
 * character is bound) instead. */
static int
hit_one(struct rules_game *g, int pi, int *bind, struct rules_events *ev,
    int *pts)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int ti = p->atk_target, w = p->atk_weapon, dmg, res;

	if (w >= 0 && g->pieces[w].card->item.bind > 0) {
		if (ccg_is_character(&g->pieces[ti]) &&
		    g->pieces[w].card->item.bind > bind[ti])
			bind[ti] = g->pieces[w].card->item.bind;
		return -1;
	}
	dmg = ccg_attack_damage(g, pi);
	res = ccg_resistance(g, ti);
	*pts = dmg > res ? dmg - res : 0;
	ccg_event(ev, -1, "{\"type\":\"hit\",\"attacker\":\"%s\","
	    "\"target\":\"%s\",\"damage\":%d,\"resistance\":%d,"
	    "\"points\":%d}", p->id, g->pieces[ti].id, dmg, res, *pts);
	return ti;
}

void
ccg_combat_resolve(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	int kind = step_kind(g);
	size_t n = g->npieces, i, s;
	int *pend = xcalloc(n ? n : 1, sizeof *pend);
	int *best = xcalloc(n ? n : 1, sizeof *best);
	int *killer = xcalloc(n ? n : 1, sizeof *killer);
	int *bind = xcalloc(n ? n : 1, sizeof *bind);
	int *cap = xcalloc(n ? n : 1, sizeof *cap);
	int *kslot = xcalloc(n ? n : 1, sizeof *kslot);

	(void)rng;
	for (i = 0; i < n; i++)
		killer[i] = -1;
	/* Segment 2: work out every hit's damage from the attributes as
	 * they stood through the step, R-M-P-A */
	for (s = 0; s < g->nseats; s++)
		for (i = 0; i < n; i++) {
			struct ccg_piece *p = &g->pieces[i];
			int k, ti, pts;

			if (p->controller != (int)s)
				continue;
			for (k = -1; k < p->nxatk; k++) {	/* free-attacks.c */
				ccg_xatk_swap(p, k);
				/* a marker hit is revealed as it would take
				 * damage (marker-attacks.c) */
				ti = p->atk_hit && p->atk_kind == kind &&
				    ccg_marker_attack_lands(g, (int)i, ev) ?
				    hit_one(g, (int)i, bind, ev, &pts) : -1;
				ccg_xatk_swap(p, k);
				if (ti < 0)
					continue;
				pend[ti] += pts;
				if (killer[ti] < 0 || pts > best[ti]) {
					best[ti] = pts;
					killer[ti] = (int)i;
					kslot[ti] = k;
				}
			}
		}
	/* all damage at once */
	for (i = 0; i < n; i++) {
		struct ccg_piece *t = &g->pieces[i];

		if (pend[i] > 0) {
			t->damage += pend[i];
			ccg_event(ev, -1, "{\"type\":\"damage\",\"piece\":\"%s\","
			    "\"points\":%d,\"damage\":%d,\"power\":%d}", t->id,
			    pend[i], t->damage, ccg_eff_power(t));
		}
		if (bind[i] > 0 && t->zone == CCG_Z_PLAY) {
			t->bound = bind[i];
			t->rotated = 1;	/* its declared attack is negated */
			ccg_event(ev, -1, "{\"type\":\"bound\",\"piece\":\"%s\","
			    "\"strength\":%d}", t->id, bind[i]);
		}
	}
	deaths(g, killer, kslot, cap, ev);
	if (kind == CCG_ATTACK_CLOSE) {
		ccg_events_round_end(g, ev);
		/* the power events gave expires with them: a character that
		 * lived by it dies now, as a death of this step */
		deaths(g, killer, kslot, cap, ev);
		ccg_bc_tokens_leave(g, ev);	/* breeding-tokens.c */
	}
	for (i = 0; i < n; i++) {
		g->pieces[i].atk_hit = 0;
		ccg_xatk_hits_clear(&g->pieces[i]);
		if (kind == CCG_ATTACK_CLOSE) {	/* the round is over */
			ccg_attack_clear(&g->pieces[i]);
			ccg_xatk_clear(&g->pieces[i]);
			g->pieces[i].boost = 0;
			g->pieces[i].boost_kind = 0;
		}
	}
	free(pend);
	free(best);
	free(killer);
	free(bind);
	free(cap);
	free(kslot);
}
