/*
 * hunting-packs.h — rulebook "Predator Hunting Packs": scenarios that let
 * the Predator player field several Predator main characters. The pack's
 * limits belong to the scenario, as data a scenario's deck rules point at
 * (struct ccg_deck_rules.pack, rules/ccg/deck.h):
 *
 *   - its Predators (the [start] section's Predator main characters;
 *     how many is a starting-card slot of the scenario) are each a
 *     different card, never The Outcast;
 *   - which Predator Items it may use and how many copies in all;
 *   - the honor the pack needs to win (the scenario's create() puts it in
 *     the seat's honor_goal instead of the sum of printed honor values).
 */
#ifndef MUTHUR_CCG_HUNTING_PACKS_H
#define MUTHUR_CCG_HUNTING_PACKS_H

#include <stddef.h>

#include "rules/ccg/deck.h"

struct ccg_hunting_pack {
	const char		*name;		/* for messages: "the Training Hunt pack" */
	int			 honor_goal;	/* the pack's honor to win; -1 none */
	const char *const	*items;		/* Predator Items it may use (slugs,
						 * NULL-terminated); NULL: any */
	int			 max_items;	/* Predator Item copies in [start] and
						 * [deck] together; -1 no limit */
};

/*
 * Check a Predator decklist against pack hp: every problem adds one line
 * to p ("NAME:LINE: ..." or "NAME: ..."); returns how many were added.
 */
size_t ccg_hunting_pack_validate(const struct ccg_decklist *dl,
    const struct ccg_hunting_pack *hp, struct ccg_problems *p);


#endif
