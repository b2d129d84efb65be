/*
 * card-canon.c — the canonical bytes of a card database, the input of the
 * hash games record (card.h: ccg_carddb_canonical()).
 *
 * One compact JSON array of every card, sorted by id; each card an object
 * with every field in a fixed order, defaults written out, derived values
 * left out (they follow from the rest). File names, layout, key order,
 * "notes" and the order files were added in do not change the bytes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/json-print.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card-names.h"
#include "rules/ccg/card.h"

static void
add_str(cJSON *o, const char *k, const char *v)
{
	if (v != NULL)
		cJSON_AddItemToObject(o, k, cJSON_CreateString(v));
	else
		cJSON_AddItemToObject(o, k, cJSON_CreateNull());
}

static void
add_int(cJSON *o, const char *k, int v)
{
	cJSON_AddItemToObject(o, k, cJSON_CreateNumber(v));
}

static void
add_list(cJSON *o, const char *k, const char *const *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
	cJSON_AddItemToObject(o, k, a);
}

static cJSON *
card_json(const struct ccg_card *c)
{
	cJSON *o = cJSON_CreateObject(), *a, *e;
	unsigned kw = c->keywords & 0xffu;
	size_t i;

	add_str(o, "id", c->id);
	add_str(o, "name", c->name);
	add_str(o, "set", c->set);
	add_str(o, "type", ccg_card_type_names[c->type]);
	add_str(o, "faction", ccg_faction_names[c->faction]);
	add_list(o, "resources", c->resources, c->nresources);
	add_list(o, "restrictions", c->restrictions, c->nrestrictions);
	a = cJSON_CreateArray();
	for (i = 0; ccg_keyword_names[i] != NULL; i++)
		if (kw & (1u << i))
			cJSON_AddItemToArray(a, cJSON_CreateString(ccg_keyword_names[i]));
	cJSON_AddItemToObject(o, "keywords", a);
	add_int(o, "honor", c->honor);
	add_int(o, "kill_honor", c->kill_honor);
	add_int(o, "cp_cost", c->cp_cost);
	if (c->type == CCG_CARD_EVENT && c->timing != CCG_TIMING_COMBAT) {
		a = cJSON_CreateArray();	/* only when not the default */
		for (i = 0; ccg_timing_names[i] != NULL; i++)
			if (c->timing & (1u << i))
				cJSON_AddItemToArray(a,
				    cJSON_CreateString(ccg_timing_names[i]));
		cJSON_AddItemToObject(o, "timing", a);
	}
	add_str(o, "rarity", c->rarity);
	add_str(o, "text", c->text);
	switch (c->type) {
	case CCG_CARD_MAIN_CHARACTER:
	case CCG_CARD_SUPPORTING_CHARACTER:
		add_int(o, "speed", c->chr.speed);
		add_int(o, "power", c->chr.power);
		add_str(o, "species", ccg_species_names[c->chr.species]);
		add_str(o, "rank", ccg_rank_names[c->chr.rank]);
		add_int(o, "to_hit_close", c->chr.to_hit_close);
		add_int(o, "to_hit_ranged", c->chr.to_hit_ranged);
		add_int(o, "damage_bonus", c->chr.damage_bonus);
		add_int(o, "defense_bonus", c->chr.defense_bonus);
		add_int(o, "hidden_markers", c->chr.hidden_markers);
		break;
	case CCG_CARD_LOCATION:
		add_str(o, "class", ccg_location_class_names[c->loc.cls]);
		add_str(o, "environment", ccg_environment_names[c->loc.env]);
		break;
	case CCG_CARD_ITEM:
		add_str(o, "kind", ccg_item_kind_names[c->item.kind]);
		add_str(o, "range", ccg_range_names[c->item.range]);
		add_int(o, "damage", c->item.damage);
		add_int(o, "armor", c->item.armor);
		add_int(o, "to_hit", c->item.to_hit);
		add_int(o, "bind", c->item.bind);
		break;
	case CCG_CARD_VEHICLE:
		add_int(o, "speed", c->veh.speed);
		add_int(o, "capacity", c->veh.capacity);
		add_int(o, "armor", c->veh.armor);
		add_int(o, "hull", c->veh.hull);
		break;
	case CCG_CARD_BARRIER:
		add_int(o, "power", c->barrier.power);
		break;
	default:
		break;
	}
	a = cJSON_CreateArray();
	for (i = 0; i < c->neffects; i++) {
		const struct ccg_effect *ef = &c->effects[i];

		e = cJSON_CreateObject();
		add_str(e, "kind", ccg_effect_kind_names[ef->kind]);
		add_str(e, "when", ccg_trigger_names[ef->when]);
		add_str(e, "target", ccg_target_names[ef->target]);
		add_str(e, "until", ccg_duration_names[ef->until]);
		add_str(e, "stat", ccg_stat_names[ef->stat]);
		add_str(e, "attack", ccg_attack_names[ef->attack]);
		add_int(e, "amount", ef->amount);
		add_str(e, "term", ef->term);
		add_str(e, "requires", ef->requires);
		cJSON_AddItemToArray(a, e);
	}
	cJSON_AddItemToObject(o, "effects", a);
	return o;
}

static int
cmp_id(const void *a, const void *b)
{
	return strcmp((*(const struct ccg_card *const *)a)->id,
	    (*(const struct ccg_card *const *)b)->id);
}

char *
ccg_carddb_canonical(const struct ccg_carddb *db, size_t *len)
{
	const struct ccg_card **sorted;
	cJSON *root = cJSON_CreateArray();
	char *out;
	size_t i;

	sorted = xcalloc(db->ncards + 1, sizeof(*sorted));
	for (i = 0; i < db->ncards; i++)
		sorted[i] = db->cards[i];
	qsort(sorted, db->ncards, sizeof(*sorted), cmp_id);
	for (i = 0; i < db->ncards; i++)
		cJSON_AddItemToArray(root, card_json(sorted[i]));
	free(sorted);
	/* cJSON_PrintUnformatted()'s bytes (lib/json-print.h) */
	if ((out = json_print(root, len)) == NULL)
		abort();	/* cJSON only fails when out of memory */
	cJSON_Delete(root);
	return out;
}
