/*
 * hunting-packs.c — the deck checks of rulebook "Predator Hunting Packs"
 * (hunting-packs.h): the pack's Predators are all different cards, The
 * Outcast is never one of them, and only the Predator Items the scenario
 * grants are used, up to its count (how many Predators: deck.c checks the
 * scenario's starting-card slots).
 */
#include "config.h"

#include <string.h>

#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/hunting-packs.h"

/* Is c The Outcast (never part of a Hunting Pack)? */
static int
ccg_is_outcast(const struct ccg_card *c)
{
	return strcmp(c->slug, "outcast") == 0 ||
	    strcmp(c->slug, "the-outcast") == 0;
}

static int
is_predator_main(const struct ccg_card *c)
{
	return c->type == CCG_CARD_MAIN_CHARACTER &&
	    c->faction == CCG_FACTION_PREDATOR;
}

static int
item_granted(const struct ccg_hunting_pack *hp, const struct ccg_card *c)
{
	size_t k;

	if (hp->items == NULL)
		return 1;
	for (k = 0; hp->items[k] != NULL; k++)
		if (strcmp(hp->items[k], c->slug) == 0)
			return 1;
	return 0;
}

/* The Predator Items of one section: granted ones, and their copies. */
static int
check_items(const struct ccg_decklist *dl, const struct ccg_deck_entry *v,
    size_t n, const struct ccg_hunting_pack *hp, struct ccg_problems *p)
{
	size_t i;
	int copies = 0;

	for (i = 0; i < n; i++) {
		const struct ccg_card *c = v[i].card;

		if (c->type != CCG_CARD_ITEM ||
		    !ccg_card_has_restriction(c, "Predator Item"))
			continue;
		copies += v[i].count;
		if (!item_granted(hp, c))
			ccg_problems_add(p, "%s:%u: %s: %s may not use this "
			    "Predator Item", dl->name, v[i].line, c->name, hp->name);
	}
	return copies;
}

size_t
ccg_hunting_pack_validate(const struct ccg_decklist *dl,
    const struct ccg_hunting_pack *hp, struct ccg_problems *p)
{
	size_t i, j, n0 = p->n;
	int items;

	for (i = 0; i < dl->nstart; i++) {
		const struct ccg_deck_entry *e = &dl->start[i];

		if (!is_predator_main(e->card))
			continue;
		if (ccg_is_outcast(e->card))
			ccg_problems_add(p, "%s:%u: %s may not be part of a Hunting "
			    "Pack", dl->name, e->line, e->card->name);
		for (j = 0; j < i; j++)
			if (dl->start[j].card == e->card)
				break;
		if (e->count > 1 || j < i)
			ccg_problems_add(p, "%s:%u: %s: each Predator of a Hunting "
			    "Pack must be a different card", dl->name, e->line,
			    e->card->name);
	}
	items = check_items(dl, dl->start, dl->nstart, hp, p) +
	    check_items(dl, dl->draw, dl->ndraw, hp, p);
	if (hp->max_items >= 0 && items > hp->max_items)
		ccg_problems_add(p, "%s: %d Predator Items in all; %s may have "
		    "at most %d", dl->name, items, hp->name, hp->max_items);
	return p->n - n0;
}
