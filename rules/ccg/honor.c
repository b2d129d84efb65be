/*
 * honor.c — the honor table of rulebook "Special Rules for Predators:
 * HONOR": a kill is worth the killed character's honor value plus that of
 * every item it carried. A card's kill_honor, when the data gives one,
 * is its value (the Aliens' lines of the table); otherwise a main
 * character is worth 2 and a supporting character 1 (2 when Unique).
 * Alien tokens on the card add 1 each. Items: a Weaponry item (the
 * Weaponry restriction) 2, a Military Arms item 4, Prohibited +2, Unique
 * ammo and Unique attachments +1; others 0. An item's value is its
 * kill_honor, which the card data gives or the loader works out from this
 * table (card-json.c, doc/ccg-card-data.md); for an item with neither
 * Weaponry nor Military Arms the loader leaves none, and its Prohibited
 * or Unique ammo/attachment addition alone counts.
 *
 * The honor a Predator needs is that "required by the chosen
 * Character(s) and Items the Predator Player uses": set from his starting
 * cards (setup-contact.c), it grows by the printed honor of each Predator
 * Item he takes into use later (picked up, found, handed on), the first
 * time (doc/ccg-rules-map.md).
 */
#include "config.h"

#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/items.h"
#include "rules/ccg/setup.h"

/* Honor for one item (0 for items the table does not list). */
static int
ccg_item_honor(const struct ccg_card *item)
{
	int v = 0;

	if (item->type != CCG_CARD_ITEM)
		return 0;
	if (item->kill_honor >= 0)	/* the data's, or the table's */
		return item->kill_honor;
	if (item->keywords & CCG_KW_PROHIBITED)
		v += 2;
	if ((item->keywords & CCG_KW_UNIQUE) &&
	    (item->item.kind == CCG_ITEM_AMMO ||
	    item->item.kind == CCG_ITEM_ATTACHMENT))
		v += 1;
	return v;
}

int
ccg_kill_honor(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	size_t i;
	int v;

	if (p->card->kill_honor >= 0)
		v = p->card->kill_honor;
	else if (ccg_is_main(p))
		v = 2;
	else
		v = (p->card->keywords & CCG_KW_UNIQUE) ? 2 : 1;
	v += p->tokens;
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && g->pieces[i].carrier == pi)
			v += ccg_item_honor(g->pieces[i].card);
	return v;
}

void
ccg_honor_goal_track(struct rules_game *g, struct rules_events *ev)
{
	const struct ccg_deck_rules *r = ccg_scenario_find(g->scenario);
	size_t i;

	if (r != NULL && r->pack != NULL)	/* the pack's own goal */
		return;
	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *it = &g->pieces[i];
		const struct ccg_piece *c;
		struct ccg_seat *s;

		if (it->goal_counted || it->starting || it->zone != CCG_Z_PLAY ||
		    it->card->type != CCG_CARD_ITEM || it->card->honor <= 0 ||
		    it->carrier < 0)
			continue;
		c = &g->pieces[it->carrier];
		if (c->zone != CCG_Z_PLAY || c->controller < 0 ||
		    ccg_item_usable(g, it->carrier, it->card, NULL) != 0)
			continue;
		s = &g->seats[c->controller];
		if (s->faction != CCG_FACTION_PREDATOR || s->honor_goal < 0)
			continue;
		it->goal_counted = 1;
		s->honor_goal += it->card->honor;
		ccg_event(ev, -1, "{\"type\":\"honor-goal\",\"seat\":\"%s\","
		    "\"item\":\"%s\",\"by\":\"%s\",\"honor\":%d,\"goal\":%d}",
		    s->name, it->id, c->id, it->card->honor, s->honor_goal);
	}
}
