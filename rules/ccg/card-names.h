/*
 * card-names.h — private to rules/ccg/card*.c: the spelling of every enum
 * value of card.h in the JSON data, as NULL-terminated tables indexed by
 * the enum value.
 */
#ifndef MUTHUR_CCG_CARD_NAMES_H
#define MUTHUR_CCG_CARD_NAMES_H

extern const char *const ccg_card_type_names[];
extern const char *const ccg_faction_names[];
extern const char *const ccg_species_names[];
extern const char *const ccg_rank_names[];
extern const char *const ccg_location_class_names[];
extern const char *const ccg_environment_names[];
extern const char *const ccg_item_kind_names[];
extern const char *const ccg_range_names[];
extern const char *const ccg_effect_kind_names[];
extern const char *const ccg_stat_names[];
extern const char *const ccg_attack_names[];
extern const char *const ccg_target_names[];
extern const char *const ccg_trigger_names[];
extern const char *const ccg_duration_names[];
/* Keywords written in the data, in bit order: names[i] is bit 1 << i. */
extern const char *const ccg_keyword_names[];
/* An event's "timing" rounds, by bit (CCG_TIMING_*). */
extern const char *const ccg_timing_names[];

/* Index of s in table (case-insensitive), or -1. */
int ccg_name_index(const char *const *table, const char *s);

#endif
