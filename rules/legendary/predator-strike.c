/*
 * predator-strike.c — Playing as Predators, strikes (the Strike phase
 * itself, each Prey in the Combat Zone striking from right to left with
 * Double Strike twice, is in predator-turn.c): a Prey Strike is Damage,
 * Dishonor or both; damage equal to Health kills (a Lethal Prey kills with
 * any Damage strike) and the dead draw no more. Healing Damage and
 * Restoring Honor: points spent on one Strike all or nothing, a Strike of
 * both needing both on the same turn; Poison and Snare Trap forbid it.
 * A Prey's Gear grants its keywords and, after the Prey strikes, its own
 * strike abilities, the first Gear it found first. The Predator verbs of
 * the effect language (heal, restore, duel, honor, trap, strike).
 */
#include "config.h"

#include <stdio.h>

#include "lib/cause.h"
#include "rules/legendary/legendary.h"

int
pd_damage(const struct rules_game *g, int seat)
{
	int i, n = 0;

	for (i = 0; i < g->s[seat].strikes.n; i++)
		n += g->db->cards[g->s[seat].strikes.v[i]].damage;
	return n;
}

void
pd_strike(struct rules_game *g, int seat, int lethal, int by, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct lg_seat *s = &g->s[seat];
	const struct lg_card *c;
	int k;

	if (s->dead)
		return;
	if ((k = lg_strike_card(g, rng, ev)) < 0)
		return;
	c = &g->db->cards[k];
	lg_push(&s->strikes, k);
	lg_event(ev, "{\"type\":\"legendary.strike\",\"seat\":\"%s\",\"card\":\"%s\","
	    "\"damage\":%d,\"dishonor\":%d%s}", s->name, c->slug, c->damage, c->dishonor,
	    lethal ? ",\"lethal\":true" : "");
	if (c->damage > 0 && (lethal || pd_damage(g, seat) >= pd_health(g, seat)))
		pd_predator_dies(g, seat, by, ev);
}

int
pd_no_heal(const struct rules_game *g, int seat)
{
	int i;

	for (i = 0; i < g->s[seat].traps.n; i++)
		if (g->db->cards[g->s[seat].traps.v[i]].kw & KW_NO_HEAL)
			return 1;
	return 0;
}

int
pd_heal(struct rules_game *g, int seat, int k, int restore, struct rules_events *ev,
    char **cause)
{
	struct lg_seat *s = &g->s[seat];
	const struct lg_card *c;
	int need, *pts = restore ? &g->restore_pts : &g->heal_pts, bit, lo, hi;

	if (pd_no_heal(g, g->active))
		return cause_set(cause, "a Trap in front of you (Poison or Snare) lets you "
		    "neither Heal nor Restore Honor");
	if (k < 0 || k >= s->strikes.n || k >= 30)
		return cause_set(cause, "%s has no Strike %d (1..%d)", s->name, k + 1,
		    s->strikes.n);
	c = &g->db->cards[s->strikes.v[k]];
	need = restore ? c->dishonor : c->damage;
	bit = 1 << k;
	if (need == 0 || ((restore ? s->restored_bits : s->healed_bits) & bit))
		return cause_set(cause, "Strike %d (%s) has no %s left to %s", k + 1, c->slug,
		    restore ? "dishonor" : "damage", restore ? "restore" : "heal");
	if (*pts < need)
		return cause_set(cause, "Strike %d (%s) takes %d points of %s, all or nothing; "
		    "you have %d", k + 1, c->slug, need, restore ? "Restoring" : "Healing",
		    *pts);
	*pts -= need;
	if (restore)
		s->restored_bits |= bit;
	else
		s->healed_bits |= bit;
	pd_count(g, PG_HEALED, need, ev);
	if ((c->damage > 0 && !(s->healed_bits & bit)) ||
	    (c->dishonor > 0 && !(s->restored_bits & bit))) {
		lg_event(ev, "{\"type\":\"legendary.%s\",\"seat\":\"%s\",\"strike\":\"%s\","
		    "\"whole\":false}", restore ? "restored" : "healed", s->name, c->slug);
		return 0;
	}
	/* the whole Strike mended: discarded; the later strikes' marks move down */
	lg_push(&g->strike_discard, lg_remove_at(&s->strikes, k));
	lo = bit - 1;
	hi = ~(bit | lo);
	s->healed_bits = (s->healed_bits & lo) | ((s->healed_bits & hi) >> 1);
	s->restored_bits = (s->restored_bits & lo) | ((s->restored_bits & hi) >> 1);
	lg_event(ev, "{\"type\":\"legendary.%s\",\"seat\":\"%s\",\"strike\":\"%s\","
	    "\"whole\":true}", restore ? "restored" : "healed", s->name, c->slug);
	return 0;
}

void
pd_effect(struct rules_game *g, const struct lg_effect *e, int card,
    struct rules_rng *rng, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[g->active];
	int i, t;

	switch (e->verb) {
	case E_HEAL: g->heal_pts += e->n; break;
	case E_RESTORE: g->restore_pts += e->n; break;
	case E_DUEL: g->duels += e->n; break;
	case E_HONOR:
		s->bonus += e->n;
		lg_event(ev, "{\"type\":\"legendary.honor\",\"seat\":\"%s\",\"honor\":%d}",
		    s->name, e->n);
		break;
	case E_TRAP:
		for (i = 0; i < e->n && (t = lg_pop(&g->traps)) >= 0; i++) {
			lg_push(&s->traps, t);
			lg_event(ev, "{\"type\":\"legendary.trap\",\"seat\":\"%s\",\"trap\":\"%s\"}",
			    s->name, g->db->cards[t].slug);
		}
		break;
	case E_STRIKE:
		for (i = 0; i < e->n && !s->dead; i++)
			pd_strike(g, g->active, 0, -1, rng, ev);
		break;
	case E_REVEAL_ARMORY:
		/* a Test revealed goes to the Testing Ground, and the next is revealed */
		while ((t = lg_pop(&g->barracks)) >= 0 && g->db->cards[t].kind == LG_TEST)
			pd_test_revealed(g, t, ev);
		if (t < 0)
			break;
		i = g->db->cards[t].cost <= e->n;
		lg_event(ev, "{\"type\":\"legendary.armory-revealed\",\"seat\":\"%s\","
		    "\"card\":\"%s\",\"cost\":%d,\"gained\":%s}", s->name,
		    g->db->cards[t].slug, g->db->cards[t].cost, i ? "true" : "false");
		/* gained (not recruited: no Recruit spent, no recruit counted), or
		   back on top, where every player has now seen it */
		lg_push(i ? &s->discard : &g->barracks, t);
		break;
	default:
		(void)card;
		break;
	}
}
