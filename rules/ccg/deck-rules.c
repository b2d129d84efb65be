/*
 * deck-rules.c — deck construction rules as data: the general rules and
 * the Contact scenario's additions and starting cards (overview of the
 * Contact scenario: deck construction, starting cards, hands, pool).
 */
#include "config.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/hunting-packs.h"

#define NSLOTS(a) (sizeof(a) / sizeof((a)[0]))

/* Rogue: four Rogue main characters (one a Leader), four Prohibited
 * weapons carried unconcealed, the Airlock (start) and the Cargo Bay. */
static const struct ccg_start_slot contact_rogue[] = {
	{ "airlock", 0, -1, 0, 0, -1, -1, 1, "Airlock" },
	{ "cargo-bay", 0, -1, 0, 0, -1, -1, 1, "Cargo Bay" },
	{ NULL, CCG_CARD_MAIN_CHARACTER, CCG_FACTION_ROGUE, 0, 0, -1, -1, 4,
	  "Rogue main characters" },
	{ NULL, CCG_CARD_ITEM, -1, CCG_KW_PROHIBITED, 0, -1, CCG_ITEM_WEAPON, 4,
	  "Prohibited weapons" },
};

/* Marines: four Marines main characters, Barracks (start), Weapons Locker. */
static const struct ccg_start_slot contact_marines[] = {
	{ "barracks", 0, -1, 0, 0, -1, -1, 1, "Barracks" },
	{ "weapons-locker", 0, -1, 0, 0, -1, -1, 1, "Weapons Locker" },
	{ NULL, CCG_CARD_MAIN_CHARACTER, CCG_FACTION_MARINES, 0, 0, -1, -1, 4,
	  "Marines main characters" },
};
static const char *const contact_marines_once[] = { "ash", "bishop", "ripley", NULL };

/* Predator: one Predator main character carrying Melee Claws and Mask,
 * the Predator Shuttle (start) and one Entry location next to it. */
static const struct ccg_start_slot contact_predator[] = {
	{ "melee-claws", 0, -1, 0, 0, -1, -1, 1, "Melee Claws" },
	{ "mask", 0, -1, 0, 0, -1, -1, 1, "Mask" },
	{ "predator-shuttle", 0, -1, 0, 0, -1, -1, 1, "Predator Shuttle" },
	{ NULL, CCG_CARD_MAIN_CHARACTER, CCG_FACTION_PREDATOR, 0, 0, -1, -1, 1,
	  "Predator main character" },
	{ NULL, CCG_CARD_LOCATION, -1, 0, 0, CCG_LOC_ENTRY, -1, 1, "Entry location" },
};

/* Aliens: the Alien Queen, three Alien Warriors, the Breeding Chamber
 * (start) and one Hive location next to it. */
static const struct ccg_start_slot contact_aliens[] = {
	{ "alien-queen", 0, -1, 0, 0, -1, -1, 1, "Alien Queen" },
	{ "alien-warrior", 0, -1, 0, 0, -1, -1, 3, "Alien Warriors" },
	{ "breeding-chamber", 0, -1, 0, 0, -1, -1, 1, "Breeding Chamber" },
	{ NULL, CCG_CARD_LOCATION, -1, 0, CCG_LK_HIVE, -1, -1, 1, "Hive location" },
};

/* The starting cards of Contact for the factions other than the Predator
 * (scenarios built on Contact share them), and the Predator's row for
 * starting slots ps. */
#define CONTACT_START(ps) { \
	{ CCG_FACTION_NEUTRAL, NULL, 0, -1, NULL, 0, 0 }, \
	{ CCG_FACTION_ROGUE, contact_rogue, NSLOTS(contact_rogue), 1, NULL, 4, 2 }, \
	{ CCG_FACTION_MARINES, contact_marines, NSLOTS(contact_marines), -1, \
	  contact_marines_once, 4, 2 }, \
	{ CCG_FACTION_PREDATOR, ps, NSLOTS(ps), -1, NULL, 5, 2 }, \
	{ CCG_FACTION_ALIENS, contact_aliens, NSLOTS(contact_aliens), -1, NULL, 3, 3 }, \
}

/* Indexed by faction (enum ccg_faction); [0] unused. */
static const struct ccg_start_rules contact_start[CCG_NPLAYER_FACTIONS + 1] =
    CONTACT_START(contact_predator);

/* Contact treats these cards as Unique or Limited. */
static const struct ccg_deck_override contact_overrides[] = {
	{ "ua-571c-sentry-gun", CCG_KW_LIMITED, -1 },
	{ "hand-welder", CCG_KW_UNIQUE, -1 },
	{ "hull-breach", CCG_KW_UNIQUE, -1 },
	{ "emergency-escape-vehicle", CCG_KW_UNIQUE, CCG_FACTION_ROGUE },
};

static const struct ccg_deck_rules rules_general = {
	.scenario = "general",
	.title = "the general rules",
	.min_size = 40,
	.max_copies = 3,
	.max_limited = 3,
	.max_molted = 5,
};

/* Contact's construction rules (scenarios built on Contact share them). */
#define CONTACT_CONSTRUCTION \
	.min_size = 40, .max_copies = 3, .max_limited = 3, .max_molted = 5, \
	.min_supporting = 4, .min_supporting_kinds = 3, .min_locations = 6, \
	.min_location_kinds = 4, .need_lkinds = CCG_LK_OPERATIONS, \
	.need_lkinds_faction = { [CCG_FACTION_MARINES] = CCG_LK_DOCKING_BAY }, \
	.overrides = contact_overrides, .noverrides = NSLOTS(contact_overrides), \
	.need_start = 1

static const struct ccg_deck_rules rules_contact = {
	.scenario = "contact",
	.title = "Contact",
	CONTACT_CONSTRUCTION,
	.start = contact_start,
	.setup = "contact",
};

/*
 * Training Hunt: an example of a scenario with a Predator Hunting Pack
 * (rulebook "Predator Hunting Packs"; the numbers are this sample's, not
 * the rulebook's): Contact, except that the Predator player fields three
 * different Predators (never The Outcast), each carrying Melee Claws, who
 * may use only the Predator Items granted below, nine copies at most, and
 * win with 12 honor.
 */
static const struct ccg_start_slot hunt_predator[] = {
	{ "melee-claws", 0, -1, 0, 0, -1, -1, 3, "Melee Claws" },
	{ "predator-shuttle", 0, -1, 0, 0, -1, -1, 1, "Predator Shuttle" },
	{ NULL, CCG_CARD_MAIN_CHARACTER, CCG_FACTION_PREDATOR, 0, 0, -1, -1, 3,
	  "Predator main characters" },
	{ NULL, CCG_CARD_LOCATION, -1, 0, 0, CCG_LOC_ENTRY, -1, 1, "Entry location" },
};

static const struct ccg_start_rules hunt_start[CCG_NPLAYER_FACTIONS + 1] =
    CONTACT_START(hunt_predator);

static const char *const hunt_items[] = {
	"melee-claws", "mask", "combi-stick", "net-gun", "predator-medikit", NULL
};

static const struct ccg_hunting_pack hunt_pack = {
	.name = "the Training Hunt pack",
	.honor_goal = 12,
	.items = hunt_items,
	.max_items = 9,
};

static const struct ccg_deck_rules rules_training_hunt = {
	.scenario = "training-hunt",
	.title = "Training Hunt",
	CONTACT_CONSTRUCTION,
	.start = hunt_start,
	.pack = &hunt_pack,
	.setup = "contact",
};

const struct ccg_deck_rules *
ccg_deck_rules_find(const char *scenario)
{
	if (strcasecmp(scenario, "general") == 0)
		return &rules_general;
	if (strcasecmp(scenario, "contact") == 0)
		return &rules_contact;
	if (strcasecmp(scenario, "training-hunt") == 0)
		return &rules_training_hunt;
	return NULL;
}

const struct ccg_start_rules *
ccg_deck_start_rules(const struct ccg_deck_rules *r, int faction)
{
	if (r->start == NULL || faction < CCG_FACTION_ROGUE ||
	    faction > CCG_FACTION_ALIENS)
		return NULL;
	return &r->start[faction];
}
