/*
 * healing.c — healing by the cards' heal effects (card.h CCG_EFFECT_HEAL,
 * "when": "rotated"): a character such as the Medic, or an item such as a
 * Medikit, rotates (a Main Action, rulebook "Rotating") to take damage
 * points off one character at its location:
 *
 *   heal TARGET with SOURCE
 *
 * The effect's "target" says who may be healed: "character" anyone there,
 * "own character" one of the player's, "carrier" the item's carrier,
 * "self" the source itself; "requires" names a resource the target must
 * have. Items obey who may use them ("Predator Item", the factions). The
 * rulebook ("Synthetic") says Synthetics never heal. Healing is done
 * outside combat: in the Movement Step and as searches are declared.
 * Breeding Chamber tokens heal by themselves after combat
 * (breeding-tokens.c); heal events outside combat follow the same
 * Synthetic rule (events-rounds.c). Nothing else heals: damage stays
 * marked.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

/* The rotated heal effect of card c, or NULL. */
static const struct ccg_effect *
heal_effect(const struct ccg_card *c)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_HEAL &&
		    c->effects[k].when == CCG_WHEN_ROTATED)
			return &c->effects[k];
	return NULL;
}

/*
 * May seat use source si to heal now? Its heal effect in *e, the
 * character who acts (the source or the item's carrier) returned; -1 with
 * a reason.
 */
static int
source_ok(const struct rules_game *g, int seat, int si,
    const struct ccg_effect **e, char **cause)
{
	const struct ccg_piece *s = &g->pieces[si];
	int actor = si;

	if ((*e = heal_effect(s->card)) == NULL)
		return cause_set(cause, "%s has no effect that heals when rotated",
		    s->id);
	if (s->card->type == CCG_CARD_ITEM) {
		actor = s->carrier;
		if (s->zone != CCG_Z_PLAY || actor < 0 ||
		    !ccg_controls(g, seat, actor))
			return cause_set(cause, "%s is not an item one of your "
			    "characters carries", s->id);
		if (ccg_item_usable(g, actor, s->card, cause) != 0)
			return -1;	/* items.c */
		if (!ccg_faction_may_use(s->card->faction,
		    g->seats[seat].faction))
			return cause_set(cause, "%s is a %s item: your faction "
			    "cannot use it", s->id,
			    ccg_faction_name(s->card->faction));
	} else if (!ccg_is_character(s) || !ccg_controls(g, seat, si))
		return cause_set(cause, "%s is not a character or item you "
		    "control on the battleground", s->id);
	if (s->rotated)
		return cause_set(cause, "%s is rotated; it heals by rotating",
		    s->id);
	if (g->pieces[actor].bound)
		return cause_set(cause, "%s is Bound and cannot act",
		    g->pieces[actor].id);
	if (g->pieces[actor].hostage)
		return cause_set(cause, "%s is a hostage and cannot be made to "
		    "act", g->pieces[actor].id);
	if (g->pieces[actor].hidden)
		return cause_set(cause, "%s is moving hidden; reveal it before "
		    "it heals", g->pieces[actor].id);
	return actor;
}

/* May effect e of source si (acted by actor) heal ti? 0 or -1. */
static int
target_ok(const struct rules_game *g, int seat, int si, int actor, int ti,
    const struct ccg_effect *e, char **cause)
{
	const struct ccg_piece *t = &g->pieces[ti];
	int node = g->pieces[actor].node;

	if (t->zone != CCG_Z_PLAY || !ccg_is_character(t) || t->node != node ||
	    (t->hidden && t->controller != seat))
		return cause_set(cause, "%s is not a character you see at %s",
		    t->id, g->nodes[node].id);
	switch (e->target) {
	case CCG_TARGET_CHARACTER:
		break;
	case CCG_TARGET_OWN_CHARACTER:
		if (t->controller != seat)
			return cause_set(cause, "%s heals only your own "
			    "characters", g->pieces[si].id);
		break;
	case CCG_TARGET_ENEMY_CHARACTER:
		if (t->controller == seat)
			return cause_set(cause, "%s heals only enemy characters",
			    g->pieces[si].id);
		break;
	case CCG_TARGET_CARRIER:
		if (ti != actor)
			return cause_set(cause, "%s heals only the character "
			    "carrying it (%s)", g->pieces[si].id,
			    g->pieces[actor].id);
		break;
	case CCG_TARGET_SELF:
		if (ti != si)
			return cause_set(cause, "%s heals only itself",
			    g->pieces[si].id);
		break;
	default:
		return cause_set(cause, "%s does not heal a chosen character",
		    g->pieces[si].id);
	}
	if (e->requires != NULL && !ccg_card_has_resource(t->card, e->requires))
		return cause_set(cause, "%s heals only a character with the %s "
		    "resource", g->pieces[si].id, e->requires);
	if (t->card->chr.species == CCG_SPECIES_SYNTHETIC)
		return cause_set(cause, "%s is a Synthetic: Synthetics never heal",
		    t->id);
	if (t->damage <= 0)
		return cause_set(cause, "%s has no damage to heal", t->id);
	return 0;
}

int
ccg_heal_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	const struct ccg_effect *e;
	struct ccg_piece *t;
	int si, ti, actor, pts;

	if ((si = ccg_piece_find(g, o->what)) < 0)
		return cause_set(cause, "no character or item %s in play", o->what);
	if ((ti = ccg_piece_find(g, o->to)) < 0)
		return cause_set(cause, "no character %s in play", o->to);
	if ((actor = source_ok(g, seat, si, &e, cause)) < 0 ||
	    target_ok(g, seat, si, actor, ti, e, cause) != 0)
		return -1;
	t = &g->pieces[ti];
	pts = e->amount < t->damage ? e->amount : t->damage;
	t->damage -= pts;
	g->pieces[si].rotated = 1;
	ccg_event(ev, -1, "{\"type\":\"healed\",\"piece\":\"%s\",\"by\":\"%s\","
	    "\"points\":%d,\"damage\":%d}", t->id, g->pieces[si].id, pts,
	    t->damage);
	return 0;
}

void
ccg_heal_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t s, t;
	char *line;

	for (s = 0; s < g->npieces; s++) {
		int node;

		if (g->pieces[s].zone != CCG_Z_PLAY || g->pieces[s].rotated ||
		    heal_effect(g->pieces[s].card) == NULL ||
		    (node = ccg_piece_at(g, (int)s)) < 0)
			continue;
		for (t = 0; t < g->npieces; t++)
			if (g->pieces[t].zone == CCG_Z_PLAY &&
			    g->pieces[t].node == node && g->pieces[t].damage > 0 &&
			    ccg_is_character(&g->pieces[t])) {
				line = xasprintf("heal %s with %s",
				    g->pieces[t].id, g->pieces[s].id);
				try(ctx, line);
				free(line);
			}
	}
}
