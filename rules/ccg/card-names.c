/* card-names.c — the names the card data uses for enum values (card.h). */
#include "config.h"

#include <stddef.h>
#include <strings.h>

#include "rules/ccg/card-names.h"
#include "rules/ccg/card.h"

#define NAME_OF(table, v) \
	(((size_t)(v) < sizeof(table) / sizeof(table[0]) && table[(v)] != NULL) ? table[(v)] : "?")

const char *const ccg_card_type_names[] = {
	"main character", "supporting character", "location", "item",
	"vehicle", "event", "battle condition", "barrier", NULL
};
const char *const ccg_faction_names[] = {
	"neutral", "rogue", "marines", "predator", "aliens", "human", NULL
};
const char *const ccg_species_names[] = {
	"none", "human", "synthetic", "predator", "alien", "other", NULL
};
const char *const ccg_rank_names[] = {
	"none", "private", "corporal", "sergeant", "lieutenant", "captain",
	"irregular", NULL
};
const char *const ccg_location_class_names[] = {
	"ground", "cross high", "cross low", "ship", "entry", NULL
};
const char *const ccg_environment_names[] = { "indoor", "outdoor", NULL };
const char *const ccg_item_kind_names[] = {
	"weapon", "armor", "ammo", "attachment", "gear", NULL
};
const char *const ccg_range_names[] = { "none", "close", "short", "long", NULL };
const char *const ccg_effect_kind_names[] = {
	"modify", "hidden movement", "immune", "cannot move", "no honor win",
	"skip ready", "stop attacks", "hive movement", "molts from",
	"matures from", "forced upgrade", "gore", "data store",
	"starts with", "draw", "gain pool", "heal", "ready", "cancel event",
	"gain research", "spend research", "shots", "deplete",
	"add resource", "free attack", "destroy item", "environmental damage",
	"replenish", "attach to", "loads into", "evacuate", "search deck",
	"makes barrier", "damage location", "repair location", NULL
};
const char *const ccg_stat_names[] = {
	"none", "speed", "power", "to hit", "damage", "resistance", "defense",
	"movement", "hand size", "combat pool", NULL
};
const char *const ccg_attack_names[] = { "any", "close", "ranged", NULL };
const char *const ccg_target_names[] = {
	"self", "carrier", "character", "own character", "enemy character",
	"at location", "location", "item", "player", "opponents", "all players",
	NULL
};
const char *const ccg_trigger_names[] = {
	"always", "played", "rotated", "start", "combat", "search", NULL
};
const char *const ccg_duration_names[] = {
	"instant", "end of round", "end of turn", "removed", NULL
};
const char *const ccg_keyword_names[] = {
	"unique", "limited", "prohibited", "concealable", "permanent",
	"molted", "distinct", NULL
};
const char *const ccg_timing_names[] = {
	"combat", "movement", "search", NULL
};

int
ccg_name_index(const char *const *table, const char *s)
{
	int i;

	for (i = 0; table[i] != NULL; i++)
		if (strcasecmp(table[i], s) == 0)
			return i;
	return -1;
}

/* The public name functions of card.h, one per enum. */
#define NAME_FN(fn, type, table) \
	const char *fn(type v) { return NAME_OF(table, v); }

NAME_FN(ccg_card_type_name, enum ccg_card_type, ccg_card_type_names)
NAME_FN(ccg_faction_name, enum ccg_faction, ccg_faction_names)
NAME_FN(ccg_species_name, enum ccg_species, ccg_species_names)
NAME_FN(ccg_location_class_name, enum ccg_location_class, ccg_location_class_names)
NAME_FN(ccg_effect_kind_name, enum ccg_effect_kind, ccg_effect_kind_names)
NAME_FN(ccg_stat_name, enum ccg_stat, ccg_stat_names)

int
ccg_faction_parse(const char *s)
{
	int i;

	if ((i = ccg_name_index(ccg_faction_names, s)) != -1)
		return i;
	if (strcasecmp(s, "marine") == 0)
		return CCG_FACTION_MARINES;
	if (strcasecmp(s, "alien") == 0)
		return CCG_FACTION_ALIENS;
	if (strcasecmp(s, "rogues") == 0)
		return CCG_FACTION_ROGUE;
	return -1;
}

int
ccg_rank_quota_extra(enum ccg_rank r)
{
	switch (r) {
	case CCG_RANK_CORPORAL:
	case CCG_RANK_SERGEANT:
	case CCG_RANK_LIEUTENANT:
	case CCG_RANK_CAPTAIN:
	case CCG_RANK_IRREGULAR:
		return 1;
	default:
		return 0;
	}
}

int
ccg_faction_may_use(enum ccg_faction card, enum ccg_faction player)
{
	if (card == CCG_FACTION_NEUTRAL || card == player)
		return 1;
	return card == CCG_FACTION_HUMAN &&
	    (player == CCG_FACTION_ROGUE || player == CCG_FACTION_MARINES);
}
