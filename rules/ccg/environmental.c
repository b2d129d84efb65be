/*
 * environmental.c — rulebook "Environmental Damage": damage from the
 * surroundings ignores defense, armor and resistance: every point lands.
 * A character is immune to a kind of it ("gas", "vacuum", ...) through an
 * IMMUNE effect of its own card or of an item it carries naming that kind;
 * "all" protects from every kind, and a named kind from that kind only.
 * A character moving hidden is where its real marker is: damage there
 * reveals it as it lands (as a hit on that marker would, "Hidden
 * Movement"); one immune to it stays hidden and nothing is told.
 */
#include "config.h"

#include <strings.h>

#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"

static int
card_immune(const struct ccg_card *c, enum ccg_target target, const char *kind)
{
	size_t k;

	for (k = 0; k < c->neffects; k++) {
		const struct ccg_effect *e = &c->effects[k];

		if (e->kind == CCG_EFFECT_IMMUNE && e->target == target &&
		    e->term != NULL && (strcasecmp(e->term, "all") == 0 ||
		    (kind != NULL && strcasecmp(e->term, kind) == 0)))
			return 1;
	}
	return 0;
}

/* Is piece pi immune to environmental damage of kind (its card's or a
 * carried item's IMMUNE effect naming kind or "all")? */
static int
ccg_env_immune(const struct rules_game *g, int pi, const char *kind)
{
	size_t i;

	if (card_immune(g->pieces[pi].card, CCG_TARGET_SELF, kind))
		return 1;
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && g->pieces[i].carrier == pi &&
		    ccg_item_usable(g, pi, g->pieces[i].card, NULL) == 0 &&
		    card_immune(g->pieces[i].card, CCG_TARGET_CARRIER, kind))
			return 1;
	return 0;
}

void
ccg_env_damage(struct rules_game *g, int pi, int amount, const char *kind,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	const char *k = kind != NULL ? kind : "environmental";

	if (ccg_env_immune(g, pi, kind)) {
		if (!p->hidden)	/* a hidden one untouched stays unseen */
			ccg_event(ev, -1, "{\"type\":\"env-immune\","
			    "\"piece\":\"%s\",\"kind\":\"%s\"}", p->id, k);
		return;
	}
	if (p->hidden)		/* revealed as it takes damage */
		ccg_hidden_reveal_piece(g, pi, ev);	/* hidden-movement.c */
	p->damage += amount;
	ccg_event(ev, -1, "{\"type\":\"env-damage\",\"piece\":\"%s\",\"kind\":"
	    "\"%s\",\"points\":%d,\"damage\":%d,\"power\":%d}", p->id, k,
	    amount, p->damage, ccg_eff_power(p));
	if (ccg_eff_power(p) <= 0)
		ccg_kill(g, pi, ev);
}
