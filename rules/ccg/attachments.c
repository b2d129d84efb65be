/*
 * attachments.c — rulebook "Attachment Items": gadgets clipped onto other
 * items.
 *
 * - "attach ATTACHMENT to ITEM": once per turn an attachment may be
 *   declared attached to an item it fits (its "attach to" effect names a
 *   resource of the item). muthur asks both to be carried by the same
 *   character of yours. An item has one attachment at a time.
 * - It stays attached to the end of the turn; in a later turn it may stay,
 *   be declared attached to another item, or be taken off ("detach
 *   ATTACHMENT"). Parted from the item (dropped, passed on) it comes off
 *   (ammo.c's ccg_loadout_tidy()).
 * - Attaching and detaching are done outside the Combat Round (Movement,
 *   Discard and Draw, and Search declarations), like handling items.
 * - It works only while the item is undamaged: its MODIFY effects then
 *   count for attacks made with that weapon (to hit, damage), or, on an
 *   armor, for its carrier's defense and resistance.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
is_attachment(const struct ccg_piece *p)
{
	return p->zone == CCG_Z_PLAY && p->card->type == CCG_CARD_ITEM &&
	    p->card->item.kind == CCG_ITEM_ATTACHMENT;
}

/* Does attachment card a fit item card it? */
static int
fits(const struct ccg_card *a, const struct ccg_card *it)
{
	size_t k;

	for (k = 0; k < a->neffects; k++)
		if (a->effects[k].kind == CCG_EFFECT_ATTACH_TO &&
		    a->effects[k].term != NULL &&
		    ccg_card_has_resource(it, a->effects[k].term))
			return 1;
	return 0;
}

/* The attachment on item it, or -1. */
static int
attachment_on(const struct rules_game *g, int it)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (is_attachment(&g->pieces[i]) && g->pieces[i].attached_to == it)
			return (int)i;
	return -1;
}

int
ccg_attach_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int ai = ccg_piece_find(g, o->what), ti, on;
	struct ccg_piece *a, *t;

	if (ai < 0 || !is_attachment(&g->pieces[ai]))
		return cause_set(cause, "no attachment %s in play", o->what);
	a = &g->pieces[ai];
	if (a->carrier < 0 || !ccg_controls(g, seat, a->carrier))
		return cause_set(cause, "%s is not carried by a character you "
		    "control", a->id);
	if (a->attached_to >= 0 && a->attach_turn == g->turn)
		return cause_set(cause, "%s was attached to %s this turn; it "
		    "stays there to the end of the turn", a->id,
		    g->pieces[a->attached_to].id);
	if (o->verb == CCG_V_DETACH) {
		if (a->attached_to < 0)
			return cause_set(cause, "%s is not attached", a->id);
		ccg_event(ev, -1, "{\"type\":\"detach\",\"seat\":\"%s\","
		    "\"attachment\":\"%s\",\"from\":\"%s\"}",
		    g->seats[seat].name, a->id, g->pieces[a->attached_to].id);
		a->attached_to = -1;
		return 0;
	}
	if ((ti = ccg_piece_find(g, o->to)) < 0 || ti == ai ||
	    g->pieces[ti].zone != CCG_Z_PLAY ||
	    g->pieces[ti].card->type != CCG_CARD_ITEM)
		return cause_set(cause, "no item %s in play to attach to", o->to);
	t = &g->pieces[ti];
	if (t->carrier != a->carrier)
		return cause_set(cause, "%s is not carried by %s, who carries %s",
		    t->id, g->pieces[a->carrier].id, a->id);
	if (!fits(a->card, t->card))
		return cause_set(cause, "%s does not fit %s", a->id, t->id);
	if ((on = attachment_on(g, ti)) >= 0 && on != ai)
		return cause_set(cause, "%s has an attachment already (%s); one "
		    "per item", t->id, g->pieces[on].id);
	a->attached_to = ti;
	a->attach_turn = g->turn;
	ccg_event(ev, -1, "{\"type\":\"attach\",\"seat\":\"%s\",\"attachment\":"
	    "\"%s\",\"to\":\"%s\"}", g->seats[seat].name, a->id, t->id);
	return 0;
}

/* The MODIFY effects of stat for this attack kind on attachment ai. */
static int
mods_of(const struct ccg_card *a, int stat, int kind)
{
	size_t k;
	int sum = 0;

	for (k = 0; k < a->neffects; k++) {
		const struct ccg_effect *e = &a->effects[k];

		if (e->kind == CCG_EFFECT_MODIFY && (int)e->stat == stat &&
		    (e->attack == CCG_ATTACK_ANY || kind == 0 ||
		    (int)e->attack == kind))
			sum += e->amount;
	}
	return sum;
}

int
ccg_attachment_mod(const struct rules_game *g, int pi, int stat, int kind)
{
	const struct ccg_piece *p = &g->pieces[pi];
	size_t i;
	int sum = 0;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *a = &g->pieces[i], *it;

		if (!is_attachment(a) || a->attached_to < 0 || a->carrier != pi)
			continue;
		it = &g->pieces[a->attached_to];
		if (it->zone != CCG_Z_PLAY || it->carrier != pi || it->damage > 0)
			continue;	/* only on an undamaged item */
		if (ccg_item_usable(g, pi, a->card, NULL) != 0 ||
		    ccg_item_usable(g, pi, it->card, NULL) != 0)
			continue;	/* items.c: who may use them */
		if ((stat == CCG_STAT_TO_HIT || stat == CCG_STAT_DAMAGE) ?
		    a->attached_to == p->atk_weapon :
		    it->card->item.kind == CCG_ITEM_ARMOR)
			sum += mods_of(a->card, stat, kind);
	}
	return sum;
}

static void
tryf(void (*try)(void *, const char *), void *ctx, char *line)
{
	try(ctx, line);
	free(line);
}

void
ccg_gear_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, j;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *a = &g->pieces[i];

		if (a->zone != CCG_Z_PLAY || a->carrier < 0 ||
		    a->card->type != CCG_CARD_ITEM ||
		    g->pieces[a->carrier].controller != seat)
			continue;
		if (a->card->item.kind == CCG_ITEM_AMMO && a->loaded_in >= 0)
			tryf(try, ctx, xasprintf("unload %s", a->id));
		if (a->card->item.kind != CCG_ITEM_ATTACHMENT)
			continue;
		if (a->attached_to >= 0)
			tryf(try, ctx, xasprintf("detach %s", a->id));
		for (j = 0; j < g->npieces; j++)
			if (j != i && g->pieces[j].carrier == a->carrier &&
			    (int)j != a->attached_to &&
			    fits(a->card, g->pieces[j].card))
				tryf(try, ctx, xasprintf("attach %s to %s", a->id,
				    g->pieces[j].id));
	}
}
