/*
 * combat-pool.c — rulebook "Combat Pool" and "Increasing Damage or
 * Resistance With Combat Pool": once per character each Combat Round, its
 * player may spend 2 Combat Pool during a damage resolution step for +1
 * damage or +1 resistance. The orders of a resolve phase are given after
 * the step's to-hit rolls (combat-resolve.c), so the player knows the hits:
 * damage only for an attacker whose attack hit, resistance only for a
 * character that was hit. The pool is a seat's Combat Pool (setup and
 * view: "combat_pool"); cards' Combat Pool costs are paid from it too.
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

#define BOOST_COST 2

/* Was piece ti hit in this step? */
static int
was_hit(const struct rules_game *g, int ti, int kind)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)	/* any attack (free-attacks.c) */
		if (ccg_attack_matches(g, (int)i, kind, ti, -1, 1))
			return 1;
	return 0;
}

int
ccg_boost(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	struct ccg_piece *p;
	int pi, kind = g->phase == CCG_PH_RESOLVE_RANGED ? CCG_ATTACK_RANGED :
	    CCG_ATTACK_CLOSE;

	if (g->options & CCG_OPT_NO_POOL)	/* scenarios.c */
		return cause_set(cause, "this game is played without the Combat "
		    "Pool (option no-combat-pool): no boosts");
	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (p->boost != 0)
		return cause_set(cause, "%s has had its Combat Pool boost this "
		    "round (once per character)", p->id);
	if (s->pool < BOOST_COST)
		return cause_set(cause, "a boost costs %d Combat Pool; %s has %d",
		    BOOST_COST, s->name, s->pool);
	if (o->boost == CCG_STAT_DAMAGE &&
	    !ccg_attack_matches(g, pi, kind, -1, -1, 1))
		return cause_set(cause, "%s has no hit in this step to add damage "
		    "to", p->id);
	if (o->boost == CCG_STAT_RESISTANCE && !was_hit(g, pi, kind))
		return cause_set(cause, "%s was not hit in this step", p->id);
	s->pool -= BOOST_COST;
	p->boost = o->boost;
	p->boost_kind = kind;
	ccg_event(ev, -1, "{\"type\":\"boost\",\"seat\":\"%s\",\"piece\":\"%s\","
	    "\"stat\":\"%s\",\"pool\":%d}", s->name, p->id,
	    o->boost == CCG_STAT_DAMAGE ? "damage" : "resistance", s->pool);
	return 0;
}

/* Feed try() the boost lines of seat's characters (the resolve steps). */
void
ccg_boost_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (ccg_own_on_board(g, seat, i)) {
			ccg_tryf(try, ctx, "boost %s damage", g->pieces[i].id);
			ccg_tryf(try, ctx, "boost %s resistance", g->pieces[i].id);
		}
}
