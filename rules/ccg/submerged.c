/*
 * submerged.c — the overview's Submerged Locations, the Ready Round part:
 * every character at a Submerged location makes a drowning roll; on 1 or
 * 2 it takes 2 damage (and dies when its power is gone, "The Effects of
 * Damage"). Also no ranged attack into, out of or within one
 * (ccg_fire_blocked(), for combat and the backstab). The movement parts
 * (entering ends movement, but not a data-carrying Synthetic's; no hidden
 * movement there) are in
 * hidden-movement.c, the loss of data in data-theft.c, no finding in
 * search.c.
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/turn.h"

#define DROWN_DAMAGE	2

void
ccg_drowning_roll(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	size_t i;

	if (rng == NULL)	/* a test edit entering the phase: no dice */
		return;
	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int roll;

		if (p->zone != CCG_Z_PLAY || !ccg_is_character(p) ||
		    p->node < 0 || p->carrier >= 0 ||
		    !ccg_node_submerged(g, p->node))
			continue;
		roll = 1 + (int)rng->uniform(rng->ctx, 6);
		ccg_event(ev, -1, "{\"type\":\"drowning-roll\",\"piece\":\"%s\","
		    "\"at\":\"%s\",\"roll\":%d,\"damage\":%d}", p->id,
		    g->nodes[p->node].id, roll, roll <= 2 ? DROWN_DAMAGE : 0);
		if (roll > 2)
			continue;
		p->damage += DROWN_DAMAGE;
		if (ccg_eff_power(p) <= 0)
			ccg_kill(g, (int)i, ev);
	}
}

/*
 * The overview: nothing is fired through a Submerged location. Ranged
 * attacks reach the attacker's location or an adjacent one, so this
 * refuses every ranged attack whose attacker or target stands in one:
 * into it, out of it, and within it (design: a shot "through" the water
 * from inside is still one through it).
 */
int
ccg_fire_blocked(const struct rules_game *g, int from, int to, char **cause)
{
	int at = ccg_node_submerged(g, from) ? from :
	    ccg_node_submerged(g, to) ? to : -1;

	if (at < 0)
		return 0;
	return cause_set(cause, "%s is Submerged: no ranged attack is fired "
	    "into, out of or through it", g->nodes[at].id);
}
