/*
 * research.c — rulebook "Research Points" and "Combat Pool", and the events
 * played on a player ("Note: ... some are played on one or more of your
 * opponents"): "play EVENT on SEAT".
 *
 * Research Points are a seat's own count (seat field rp, view key
 * "research_points"), kept like the Combat Pool: cards add to it ("gain
 * research") and cards cost them ("spend research": the event may be
 * played only when its player has that many, and they are spent as it is
 * played; events-rules.c checks and pays every cost). An event played on a
 * player carries out "gain pool", "gain research" and "draw" for its own
 * player, in the rounds its timing names (events-rounds.c).
 */
#include "config.h"

#include <string.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/events.h"
#include "rules/ccg/orders.h"

int
ccg_rp_cost(const struct ccg_card *c)
{
	size_t k;
	int sum = 0;

	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_SPEND_RP)
			sum += c->effects[k].amount;
	return sum;
}

int
ccg_player_event(struct rules_game *g, int seat, int hi,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c = s->hand.v[hi];
	size_t k;

	for (k = 0; k < c->neffects; k++) {
		const struct ccg_effect *e = &c->effects[k];

		if (e->kind == CCG_EFFECT_SPEND_RP)
			continue;
		if ((e->kind != CCG_EFFECT_GAIN_POOL &&
		    e->kind != CCG_EFFECT_GAIN_RP &&
		    e->kind != CCG_EFFECT_DRAW) || e->when == CCG_WHEN_ALWAYS)
			return cause_set(cause, "%s has a %s effect, which muthur "
			    "does not carry out on a player; expected an event "
			    "that gains Combat Pool or Research Points or draws "
			    "cards", c->slug,
			    ccg_effect_kind_name(e->kind));
	}
	if (c->neffects == 0)
		return cause_set(cause, "%s has no effect to carry out", c->slug);
	if (strcmp(s->name, o->to) != 0)
		return cause_set(cause, "%s is played on one's own player (%s), "
		    "not on %s", c->slug, s->name, o->to);
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_event_commit(g, seat, hi, "on", s->name, ev))
		return 0;	/* cancelled (reactions.c) */
	for (k = 0; k < c->neffects; k++) {
		if (c->effects[k].kind == CCG_EFFECT_GAIN_POOL) {
			/* without the Combat Pool (scenarios.c) none is gained */
			if (!(g->options & CCG_OPT_NO_POOL))
				s->pool += c->effects[k].amount;
		}
		else if (c->effects[k].kind == CCG_EFFECT_GAIN_RP)
			s->rp += c->effects[k].amount;
		else if (c->effects[k].kind == CCG_EFFECT_DRAW)
			ccg_event_draw(g, seat, c->effects[k].amount, ev);
	}
	ccg_event(ev, -1, "{\"type\":\"seat-gains\",\"seat\":\"%s\",\"card\":"
	    "\"%s\",\"pool\":%d,\"research_points\":%d}", s->name, c->slug,
	    s->pool, s->rp);
	return 0;
}
