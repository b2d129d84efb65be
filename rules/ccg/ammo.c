/*
 * ammo.c — rulebook "Ammo Items" (loading, depletion, unloading) and the
 * ammunition events (an "empty" effect, Extra Ammo's replenishing).
 *
 * - Loading (combat-declare.c checks the fit): once per turn an ammo item
 *   is rotated as a ranged attack is declared ("... loading AMMO"); it is
 *   then loaded in that weapon (loaded_in) and stays loaded, at least to
 *   the end of the turn and after it until unloaded, depleted or parted
 *   from the weapon (carried by another character, dropped). A weapon
 *   holds one ammo at a time: loading another needs an unload first. The
 *   loaded ammo serves every later ranged attack with the weapon.
 * - Depletion: ammo with a "shots" effect is used up after that many
 *   attacks (counted at each to-hit roll), and a "deplete" event played on
 *   a weapon empties its loaded ammo first. Depleted ammo is discarded at
 *   once; the weapon's remaining declared attacks (not yet rolled) are
 *   cancelled, and no ammo is loaded into it again this turn ("remains
 *   loaded until the end of the turn, even if it is depleted"). A deplete
 *   event on a weapon without ammo empties the weapon's own ammunition:
 *   it fires no ranged attack until replenished, unless ammo is loaded.
 * - Replenishing ("replenish", Extra Ammo) restores only a weapon's own
 *   ammunition, never an ammo card.
 * - Unloading: outside the Combat Round a loaded (rotated) ammo item is
 *   taken out of its weapon for 1 Combat Pool ("unload AMMO"); it stays
 *   rotated and readies in the Ready Round as usual.
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

#define UNLOAD_COST 1

static int
is_ammo(const struct ccg_piece *p)
{
	return p->zone == CCG_Z_PLAY && p->card->type == CCG_CARD_ITEM &&
	    p->card->item.kind == CCG_ITEM_AMMO;
}

/* The ammo loaded in weapon wi, or -1. */
static int
ccg_ammo_loaded(const struct rules_game *g, int wi)
{
	size_t i;

	if (wi < 0)
		return -1;
	for (i = 0; i < g->npieces; i++)
		if (is_ammo(&g->pieces[i]) && g->pieces[i].loaded_in == wi)
			return (int)i;
	return -1;
}

int
ccg_ammo_attack_ok(const struct rules_game *g, int wi, int ai, int kind,
    char **cause)
{
	int in;

	if (wi < 0 || kind != CCG_ATTACK_RANGED)
		return 0;
	in = ccg_ammo_loaded(g, wi);
	if (ai >= 0 && in >= 0 && in != ai)
		return cause_set(cause, "%s holds %s already (one ammo at a time); "
		    "unload it first (\"unload %s\", 1 Combat Pool, outside the "
		    "Combat Round)", g->pieces[wi].id, g->pieces[in].id,
		    g->pieces[in].id);
	if (ai >= 0 && g->pieces[wi].depleted == g->turn)
		return cause_set(cause, "the ammo of %s was depleted this turn; "
		    "it takes no other ammo before the next turn",
		    g->pieces[wi].id);
	if (g->pieces[wi].empty && ai < 0 && in < 0)
		return cause_set(cause, "%s is empty: it fires only loaded ammo "
		    "until replenished", g->pieces[wi].id);
	return 0;
}

void
ccg_ammo_declared(struct rules_game *g, int pi)
{
	struct ccg_piece *p = &g->pieces[pi];

	if (p->atk_kind != CCG_ATTACK_RANGED || p->atk_weapon < 0)
		return;
	if (p->atk_ammo >= 0)
		g->pieces[p->atk_ammo].loaded_in = p->atk_weapon;
	else
		p->atk_ammo = ccg_ammo_loaded(g, p->atk_weapon);
}

/* Has pi's declared attack been rolled already? */
static int
rolled(const struct rules_game *g, const struct ccg_piece *p)
{
	return (p->atk_kind == CCG_ATTACK_RANGED &&
	    g->phase >= CCG_PH_RESOLVE_RANGED) ||
	    (p->atk_kind == CCG_ATTACK_CLOSE && g->phase >= CCG_PH_RESOLVE_CLOSE);
}

/* Cancel the declared attacks with weapon wi not yet rolled. */
static void
cancel_attacks(struct rules_game *g, int wi, const char *why,
    struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		ccg_xatk_cancel_weapon(g, (int)i, wi, ev);	/* free-attacks.c */
		if (p->atk_kind == 0 || p->atk_weapon != wi || rolled(g, p))
			continue;
		ccg_event(ev, -1, "{\"type\":\"attack-cancelled\",\"attacker\":"
		    "\"%s\",\"weapon\":\"%s\",\"reason\":\"%s\"}", p->id,
		    g->pieces[wi].id, why);
		ccg_attack_clear(p);
	}
}

/* Ammo ai is depleted: discarded, its weapon spent for the turn. */
static void
deplete_ammo(struct rules_game *g, int ai, struct rules_events *ev)
{
	struct ccg_piece *a = &g->pieces[ai];
	int wi = a->loaded_in;

	ccg_event(ev, -1, "{\"type\":\"ammo-depleted\",\"ammo\":\"%s\","
	    "\"weapon\":\"%s\"}", a->id, wi >= 0 ? g->pieces[wi].id : "");
	ccg_cards_push(&g->seats[a->owner].discard, a->card);
	a->zone = CCG_Z_DEAD;
	a->carrier = -1;
	a->node = -1;
	a->loaded_in = -1;
	if (wi >= 0) {
		g->pieces[wi].depleted = g->turn;
		cancel_attacks(g, wi, "ammo depleted", ev);
	}
}

/* The "shots" of ammo card c, 0 for unlimited. */
static int
shots_of(const struct ccg_card *c)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_SHOTS)
			return c->effects[k].amount;
	return 0;
}

void
ccg_ammo_fired(struct rules_game *g, int pi, struct rules_events *ev)
{
	int ai = g->pieces[pi].atk_ammo, n;

	if (ai < 0 || !is_ammo(&g->pieces[ai]))
		return;
	g->pieces[ai].shots++;
	n = shots_of(g->pieces[ai].card);
	if (n > 0 && g->pieces[ai].shots >= n)
		deplete_ammo(g, ai, ev);
}

int
ccg_item_event(struct rules_game *g, int seat, int hi,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c = s->hand.v[hi];
	int wi = ccg_piece_find(g, o->to), ai;
	struct ccg_piece *w = &g->pieces[wi];
	size_t k;

	if (w->zone != CCG_Z_PLAY || w->card->item.kind != CCG_ITEM_WEAPON ||
	    (w->carrier < 0 && w->node < 0))
		return cause_set(cause, "%s is not a weapon in play", o->to);
	if (ccg_event_restrictions(g, seat, c, w->card, cause) != 0)
		return -1;
	for (k = 0; k < c->neffects; k++) {
		int kind = c->effects[k].kind;

		if (kind != CCG_EFFECT_DEPLETE && kind != CCG_EFFECT_REPLENISH &&
		    kind != CCG_EFFECT_SPEND_RP)
			return cause_set(cause, "%s has a %s effect, which muthur "
			    "does not carry out on an item; expected an event that "
			    "empties or replenishes a weapon", c->slug,
			    ccg_effect_kind_name(c->effects[k].kind));
		if (kind == CCG_EFFECT_REPLENISH && !w->empty)
			return cause_set(cause, "%s has its ammunition: nothing "
			    "to replenish (ammo cards are never replenished)",
			    w->id);
	}
	if (ccg_event_costs(g, seat, c, cause) != 0)
		return -1;
	if (ccg_event_commit(g, seat, hi, "on", w->id, ev))
		return 0;	/* cancelled (reactions.c) */
	for (k = 0; k < c->neffects; k++) {
		if (c->effects[k].kind == CCG_EFFECT_REPLENISH) {
			w->empty = 0;
			ccg_event(ev, -1, "{\"type\":\"weapon-replenished\","
			    "\"weapon\":\"%s\"}", w->id);
		} else if (c->effects[k].kind == CCG_EFFECT_DEPLETE) {
			if ((ai = ccg_ammo_loaded(g, wi)) >= 0) {
				deplete_ammo(g, ai, ev);
				continue;
			}
			w->empty = 1;
			ccg_event(ev, -1, "{\"type\":\"weapon-empty\","
			    "\"weapon\":\"%s\"}", w->id);
			cancel_attacks(g, wi, "weapon empty", ev);
		}
	}
	return 0;
}

int
ccg_unload(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int ai = ccg_piece_find(g, o->what);
	struct ccg_piece *a;

	if (ai < 0 || !is_ammo(&g->pieces[ai]))
		return cause_set(cause, "no ammo %s in play", o->what);
	a = &g->pieces[ai];
	if (a->carrier < 0 || !ccg_controls(g, seat, a->carrier))
		return cause_set(cause, "%s is not carried by a character you "
		    "control", a->id);
	if (a->loaded_in < 0)
		return cause_set(cause, "%s is not loaded in a weapon", a->id);
	/* without the Combat Pool (scenarios.c) the cost is not paid */
	if (!(g->options & CCG_OPT_NO_POOL)) {
		if (s->pool < UNLOAD_COST)
			return cause_set(cause, "unloading costs %d Combat Pool; "
			    "%s has %d", UNLOAD_COST, s->name, s->pool);
		s->pool -= UNLOAD_COST;
	}
	ccg_event(ev, -1, "{\"type\":\"unload\",\"seat\":\"%s\",\"ammo\":\"%s\","
	    "\"weapon\":\"%s\",\"pool\":%d}", s->name, a->id,
	    g->pieces[a->loaded_in].id, s->pool);
	a->loaded_in = -1;
	return 0;
}

void
ccg_loadout_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];
		int *to = p->loaded_in >= 0 ? &p->loaded_in :
		    p->attached_to >= 0 ? &p->attached_to : NULL;
		const struct ccg_piece *w;

		if (to == NULL)
			continue;
		w = &g->pieces[*to];
		if (p->zone == CCG_Z_PLAY && w->zone == CCG_Z_PLAY &&
		    p->carrier >= 0 && w->carrier == p->carrier)
			continue;
		ccg_event(ev, -1, "{\"type\":\"%s\",\"piece\":\"%s\",\"from\":"
		    "\"%s\"}", to == &p->loaded_in ? "ammo-parted" :
		    "attachment-parted", p->id, w->id);
		*to = -1;
	}
}
