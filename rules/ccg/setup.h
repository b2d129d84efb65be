/*
 * setup.h — the game's setup: rulebook section 2, "Battle Conditions";
 * section 3, "Starting Cards", the Contact setup; "Creating A New
 * Scenario". The functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_SETUP_H
#define MUTHUR_RULES_CCG_SETUP_H

#include "rules/ccg/ccg.h"

/* battle-conditions.c (section 2, "Battle Conditions") */
/* What the battle conditions in play add to every character's stat
 * (CCG_STAT_TO_HIT, MOVEMENT, ...) for an attack of this kind (0 none):
 * each card once, however many copies. */
int	 ccg_battle_mod(const struct rules_game *g, int stat, int kind);
/* As the game begins: the conditions' "start" effects (Combat Pool for
 * their player), each card once per player. */
void	 ccg_battle_start(struct rules_game *g, struct rules_events *ev);

/* setup-contact.c: struct rules create() for the Contact scenario. */
struct rules_game *ccg_setup_contact(const struct rules_setup *setup,
	    struct rules_rng *rng, struct rules_events *ev, char **cause);

/*
 * scenarios.c: which scenarios a game can be created for, from the
 * scenario data of deck-rules.c (struct ccg_deck_rules.setup and .pack).
 */
struct ccg_deck_rules;
struct ccg_hunting_pack;
/* The rules of scenario name (any case) when a game of it can be created,
 * else NULL (unknown, or a deck-building rule set only such as "general"). */
const struct ccg_deck_rules *ccg_scenario_find(const char *name);
/* The CCG_OPT_* bit of option name, 0 when there is none; the name of
 * bit (NULL when none). */
unsigned ccg_option_bit(const char *name);
const char *ccg_option_name(unsigned bit);
/* The options of a setup as CCG_OPT_* bits in *out; -1 with a reason
 * naming an unknown option (or one given twice). */
int	 ccg_options_parse(const struct rules_setup *su, unsigned *out,
	    char **cause);
/* Does game g follow the Contact scenario's setup and turn rules (Contact
 * itself and the scenarios built on it, such as Training Hunt)? */
int	 ccg_scenario_is_contact(const struct rules_game *g);
/*
 * Check the starting cards and deck of a Predator seat rs
 * against the Hunting Pack of scenario r: its Predators all different, never
 * The Outcast, only the Predator Items it grants, up to its count. 0 when
 * r has no pack or all holds; else -1 with every problem, "seat NAME: ...",
 * one per line in *cause. Slugs not in db are left to the caller.
 */
int	 ccg_scenario_pack_check(const struct ccg_carddb *db,
	    const struct ccg_deck_rules *r, const struct rules_seat *rs,
	    char **cause);

#endif
