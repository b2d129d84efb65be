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
 */
#include "config.h"

#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"

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
