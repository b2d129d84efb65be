/*
 * events-rules.c — rulebook "Events" (restrictions, Combat Pool costs,
 * permanent events) and "Species/Faction Restrictions":
 *
 * - a restriction of an event is a resource the TARGET must have (the
 *   character, location or item it is played on), except the species and
 *   faction restrictions (Human, Rogue, Marine, Predator, Alien), which
 *   name the PLAYER who may play it; the card's faction says the same;
 * - the errata to the Premiere events: a Marine restriction now reads
 *   Human, so Rogue players may play them too. muthur applies it to every
 *   event card: the card data keeps one set name per file, not per card;
 * - "The Combat Round": a change to speed, defense or a roll to hit comes
 *   before the die it changes is rolled: in the ranged step only for the
 *   dice of the close step still to come;
 * - an event costs its Combat Pool and its Research Points (research.c);
 * - a permanent event played on a character stays on the table: muthur
 *   keeps it as a piece carried by that character (saved with the state,
 *   listed among the pieces of every view as type "event" carried_by the
 *   character). Its modifiers outlast the Combat Round and still count as
 *   that ability's one event increase; they end when the card leaves play
 *   (cancelled, reactions.c, or its character gone).
 */
#include "config.h"

#include <strings.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/events.h"

/* The player faction a species/faction restriction names, CCG_FACTION_HUMAN
 * for Human (and Marine, by the errata), or -1 for other restrictions. */
static int
player_restriction(const char *r)
{
	static const struct { const char *name; int faction; } who[] = {
		{ "Human", CCG_FACTION_HUMAN },
		{ "Marine", CCG_FACTION_HUMAN },	/* Premiere errata */
		{ "Marines", CCG_FACTION_HUMAN },
		{ "Rogue", CCG_FACTION_ROGUE },
		{ "Rogues", CCG_FACTION_ROGUE },
		{ "Predator", CCG_FACTION_PREDATOR },
		{ "Predators", CCG_FACTION_PREDATOR },
		{ "Alien", CCG_FACTION_ALIENS },
		{ "Aliens", CCG_FACTION_ALIENS },
	};
	size_t i;

	for (i = 0; i < sizeof who / sizeof who[0]; i++)
		if (strcasecmp(who[i].name, r) == 0)
			return who[i].faction;
	return -1;
}

int
ccg_event_restrictions(const struct rules_game *g, int seat,
    const struct ccg_card *c, const struct ccg_card *target, char **cause)
{
	int mine = g->seats[seat].faction, f = (int)c->faction;
	size_t r;

	if (c->type == CCG_CARD_EVENT && f == CCG_FACTION_MARINES)
		f = CCG_FACTION_HUMAN;		/* Premiere errata */
	if (!ccg_faction_may_use((enum ccg_faction)f, (enum ccg_faction)mine))
		return cause_set(cause, "%s is a %s card; %s may not play it",
		    c->slug, ccg_faction_name((enum ccg_faction)f),
		    ccg_faction_name((enum ccg_faction)mine));
	for (r = 0; r < c->nrestrictions; r++) {
		const char *res = c->restrictions[r];

		if ((f = player_restriction(res)) >= 0) {
			if (!ccg_faction_may_use((enum ccg_faction)f,
			    (enum ccg_faction)mine))
				return cause_set(cause, "%s has the %s restriction: "
				    "only a %s player plays it", c->slug, res,
				    ccg_faction_name((enum ccg_faction)f));
			continue;
		}
		if (target != NULL && !ccg_card_has_resource(target, res))
			return cause_set(cause, "%s is restricted to %s; the "
			    "target %s lacks that resource", c->slug, res,
			    target->slug);
	}
	return 0;
}

int
ccg_roll_made(const struct rules_game *g, int ti, const struct ccg_effect *e)
{
	size_t i;

	if (g->phase == CCG_PH_RESOLVE_CLOSE)
		return 1;
	if (g->phase != CCG_PH_RESOLVE_RANGED)
		return 0;
	if (e->stat == CCG_STAT_TO_HIT)
		return g->pieces[ti].atk_kind == CCG_ATTACK_RANGED;
	for (i = 0; i < g->npieces; i++)
		if (ccg_attack_matches(g, (int)i, CCG_ATTACK_RANGED, ti, -1, 0))
			return 1;
	return 0;
}

int
ccg_event_costs(const struct rules_game *g, int seat, const struct ccg_card *c,
    char **cause)
{
	const struct ccg_seat *s = &g->seats[seat];
	int rp = ccg_rp_cost(c);

	/* played without the Combat Pool (scenarios.c): no cost in it */
	if (!(g->options & CCG_OPT_NO_POOL) && s->pool < c->cp_cost)
		return cause_set(cause, "%s costs %d Combat Pool; %s has %d",
		    c->slug, c->cp_cost, s->name, s->pool);
	if (s->rp < rp)
		return cause_set(cause, "%s costs %d Research Points; %s has %d",
		    c->slug, rp, s->name, s->rp);
	return 0;
}

void
ccg_event_pay(struct rules_game *g, int seat, const struct ccg_card *c)
{
	if (!(g->options & CCG_OPT_NO_POOL))
		g->seats[seat].pool -= c->cp_cost;
	g->seats[seat].rp -= ccg_rp_cost(c);
}

int
ccg_event_commit(struct rules_game *g, int seat, int hi, const char *key,
    const char *on, struct rules_events *ev)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c = s->hand.v[hi];

	if (ccg_reaction_cancels(g, seat, c, ev))
		return 1;
	ccg_event_pay(g, seat, c);
	ccg_cards_push(&s->table, ccg_cards_take(&s->hand, (size_t)hi));
	ccg_event(ev, -1, "{\"type\":\"event-played\",\"seat\":\"%s\",\"card\":"
	    "\"%s\",\"%s\":\"%s\",\"pool\":%d}", s->name, c->slug, key, on,
	    s->pool);
	return 0;
}

int
ccg_is_permanent_event(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return p->zone == CCG_Z_PLAY && p->card->type == CCG_CARD_EVENT &&
	    (p->card->keywords & CCG_KW_PERMANENT);
}

/* Add sign times the modifiers of permanent event piece pi to its
 * character, marking the abilities it increases, or unmarking them. */
static void
perm_mods(struct rules_game *g, int pi, int sign)
{
	const struct ccg_card *c = g->pieces[pi].card;
	struct ccg_piece *t;
	size_t k;

	if (g->pieces[pi].carrier < 0)
		return;
	t = &g->pieces[g->pieces[pi].carrier];
	for (k = 0; k < c->neffects; k++) {
		const struct ccg_effect *e = &c->effects[k];

		ccg_event_mod_add(t, e, sign);
		if (e->kind != CCG_EFFECT_MODIFY || e->amount <= 0 ||
		    e->stat < CCG_STAT_TO_HIT || e->stat > CCG_STAT_MOVEMENT)
			continue;
		if (sign > 0)	/* the one event increasing it */
			t->ev_up |= 1 << e->stat;
		else		/* none does any more ("at any time") */
			t->ev_up &= ~(1 << e->stat);
	}
}

int
ccg_permanent_place(struct rules_game *g, int seat, const struct ccg_card *c,
    int ti, struct rules_events *ev)
{
	int pi = ccg_piece_add(g, c, seat);

	g->pieces[pi].carrier = ti;
	g->pieces[pi].node = -1;
	ccg_event(ev, -1, "{\"type\":\"permanent\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"on\":\"%s\"}", g->seats[seat].name, g->pieces[pi].id,
	    g->pieces[ti].id);
	return pi;
}

void
ccg_permanent_remove(struct rules_game *g, int pi, const char *why,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	int t = p->carrier;

	if (t >= 0)
		perm_mods(g, pi, -1);
	ccg_cards_push(&g->seats[p->owner].discard, p->card);
	ccg_event(ev, -1, "{\"type\":\"permanent-ends\",\"piece\":\"%s\","
	    "\"on\":\"%s\",\"reason\":\"%s\"}", p->id,
	    t >= 0 ? g->pieces[t].id : "", why);
	p->zone = CCG_Z_DEAD;
	p->carrier = -1;
	p->node = -1;
}

void
ccg_permanent_restore(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (ccg_is_permanent_event(g, (int)i))
			perm_mods(g, (int)i, 1);
}

void
ccg_permanent_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		int t;

		if (!ccg_is_permanent_event(g, (int)i))
			continue;
		t = g->pieces[i].carrier;
		if (t < 0 || g->pieces[t].zone != CCG_Z_PLAY ||
		    g->pieces[t].node < 0)
			ccg_permanent_remove(g, (int)i, "character gone", ev);
	}
}

int
ccg_event_target_ok(const struct rules_game *g, int seat, int ti,
    const struct ccg_card *c, const struct ccg_effect *e, char **cause)
{
	const struct ccg_piece *t = &g->pieces[ti];

	if (e->target == CCG_TARGET_OWN_CHARACTER && t->controller != seat)
		return cause_set(cause, "%s is for one's own character; %s is not "
		    "yours", c->slug, t->id);
	if (e->target == CCG_TARGET_ENEMY_CHARACTER && t->controller == seat)
		return cause_set(cause, "%s is for an enemy character", c->slug);
	if (e->requires != NULL && !ccg_card_has_resource(t->card, e->requires))
		return cause_set(cause, "%s needs a target with the %s resource",
		    c->slug, e->requires);
	return 0;
}
