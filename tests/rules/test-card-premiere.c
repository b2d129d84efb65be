/*
 * test-card-premiere.c — the sample card set carries the published stats of
 * tests/data/ccg/premiere.json for every card that list has: speed, power,
 * resources (same list, same order), honor value, kill honor and rarity
 * wherever the list gives a value (null means unknown: not compared). Also
 * the rulebook's own numbers (Pvt Hudson, Alien Warrior, Young Tusk, P.T.V.).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "tests/tap.h"

static char *
srcpath(const char *rel)
{
	const char *top = getenv("top_srcdir");

	return xasprintf("%s/%s", top != NULL ? top : ".", rel);
}

static void
compare_int(const cJSON *o, const char *key, int have, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (cJSON_IsNumber(v))
		is_int(have, v->valueint, "%s: %s", name, key);
}

static void
compare(const struct ccg_carddb *db, const cJSON *o)
{
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(o, "name");
	const cJSON *v, *r;
	const struct ccg_card *c;
	size_t i;

	if (!cJSON_IsString(name)) {
		ok(0, "a premiere.json entry without a name");
		return;
	}
	c = ccg_carddb_find_name(db, name->valuestring);
	ok(c != NULL, "%s is in the sample set", name->valuestring);
	if (c == NULL)
		return;
	ok(strcmp(c->name, name->valuestring) == 0, "%s: same spelling", name->valuestring);
	is_int(c->type, CCG_CARD_MAIN_CHARACTER, "%s: main character", name->valuestring);
	v = cJSON_GetObjectItemCaseSensitive(o, "faction");
	if (cJSON_IsString(v))
		ok(ccg_faction_parse(v->valuestring) == (int)c->faction, "%s: faction %s",
		    name->valuestring, v->valuestring);
	compare_int(o, "speed", c->chr.speed, name->valuestring);
	compare_int(o, "power", c->chr.power, name->valuestring);
	compare_int(o, "honor_value", c->honor, name->valuestring);
	compare_int(o, "kill_honor_rulebook_v2", c->kill_honor, name->valuestring);
	v = cJSON_GetObjectItemCaseSensitive(o, "honor_value");
	if (cJSON_IsNull(v) && c->faction == CCG_FACTION_PREDATOR)
		is_int(c->honor, -1, "%s: no honor value, as published", name->valuestring);
	v = cJSON_GetObjectItemCaseSensitive(o, "rarity");
	if (cJSON_IsString(v))
		is_str(c->rarity, v->valuestring, "%s: rarity", name->valuestring);
	v = cJSON_GetObjectItemCaseSensitive(o, "resources");
	if (cJSON_IsArray(v)) {
		int same = (size_t)cJSON_GetArraySize(v) == c->nresources;

		i = 0;
		cJSON_ArrayForEach(r, v) {
			if (!same || !cJSON_IsString(r) ||
			    strcmp(r->valuestring, c->resources[i]) != 0)
				same = 0;
			i++;
		}
		ok(same, "%s: resources as published", name->valuestring);
	}
}

int
main(void)
{
	char *cards = srcpath("rules/ccg/data/sample-cards.json");
	char *prem = srcpath("tests/data/ccg/premiere.json");
	const struct ccg_card *c;
	struct ccg_carddb *db;
	char *text, *cause = NULL;
	const cJSON *o;
	cJSON *root;
	size_t len;
	int n = 0;

	db = ccg_carddb_load((const char *const *)&cards, 1, &cause);
	if (db == NULL) {
		ok(0, "sample set: %s", cause);
		return done_testing();
	}
	if (fs_read_file(prem, 1 << 20, &text, &len, &cause) == -1) {
		ok(0, "premiere.json: %s", cause);
		return done_testing();
	}
	root = cJSON_Parse(text);
	ok(cJSON_IsArray(root), "premiere.json is an array");
	cJSON_ArrayForEach(o, root) {
		compare(db, o);
		n++;
	}
	is_int(n, 13, "all 13 published cards compared");

	/* The rulebook's numbers. */
	c = ccg_carddb_find_slug(db, "pvt-hudson");
	ok(c != NULL && c->chr.speed == 2, "Pvt Hudson: speed 2");
	c = ccg_carddb_find_slug(db, "alien-warrior");
	ok(c != NULL && c->chr.power == 5 && c->chr.damage_bonus == 3,
	    "Alien Warrior: power 5, +3 damage");
	c = ccg_carddb_find_slug(db, "young-tusk");
	ok(c != NULL && c->chr.power == 6 && c->faction == CCG_FACTION_PREDATOR,
	    "a Predator with power 6");
	c = ccg_carddb_find_slug(db, "ptv");
	ok(c != NULL && c->type == CCG_CARD_VEHICLE && c->veh.speed == 2 && c->veh.armor == 3,
	    "P.T.V.: speed 2, armor 3");
	c = ccg_carddb_find_slug(db, "alien-queen");
	ok(c != NULL && (c->keywords & CCG_KW_QUEEN) && c->neffects >= 1 &&
	    c->effects[0].kind == CCG_EFFECT_CANNOT_MOVE, "Alien Queen cannot move");
	c = ccg_carddb_find_slug(db, "breeding-chamber");
	ok(c != NULL && (c->loc.kinds & CCG_LK_BREEDING_CHAMBER) &&
	    (c->loc.kinds & CCG_LK_HIVE), "Breeding Chamber is a Hive location");

	cJSON_Delete(root);
	free(text);
	ccg_carddb_free(db);
	free(cards);
	free(prem);
	return done_testing();
}
