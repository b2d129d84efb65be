/*
 * test-card.c — the JSON card loader: good cards load with the right
 * values, bad cards are refused with the exact reason (file, card, field),
 * slugs, resources, lookups and the canonical bytes / hash.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "tests/tap.h"

#define HEAD "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"set\":\"t\",\"cards\":["
#define TAIL "]}"

/* A database of one document; NULL with *cause on failure. */
static struct ccg_carddb *
load1(const char *name, const char *json, char **cause)
{
	struct ccg_carddb *db = ccg_carddb_new();

	if (ccg_carddb_add_json(db, name, json, strlen(json), cause) == -1 ||
	    ccg_carddb_seal(db, cause) == -1) {
		ccg_carddb_free(db);
		return NULL;
	}
	return db;
}

static const char *hudson =
    "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
    "\"faction\":\"marines\",\"resources\":[\"Marine\",\"Human\"],"
    "\"rank\":\"private\",\"speed\":2,\"power\":4}";

static const struct {
	const char *cards;	/* inside the cards array */
	const char *error;
} bad[] = {
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"marines\",\"rank\":\"private\",\"speed\":\"fast\",\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"speed\": expected an integer 0..9, got \"fast\"" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"marines\",\"rank\":\"private\",\"speed\":12,\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"speed\": expected an integer 0..9, got 12" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"marines\",\"rank\":\"private\",\"speed\":2.5,\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"speed\": expected an integer 0..9, got 2.5" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"marines\",\"rank\":\"private\",\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"speed\": missing (a main character needs it)" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"marines\",\"speed\":2,\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"rank\": missing (a Marines main character "
	  "needs one: private, corporal, sergeant, lieutenant, captain or irregular)" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"marines\",\"rank\":\"major\",\"speed\":2,\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"rank\": expected one of none, private, "
	  "corporal, sergeant, lieutenant, captain, irregular, got \"major\"" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	  "\"faction\":\"neutral\",\"speed\":2,\"power\":4}",
	  "marines.json: card \"Pvt Hudson\": field \"faction\": expected rogue, marines, predator "
	  "or aliens (a main character belongs to one player's faction), got \"neutral\"" },
	{ "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"hero\"}",
	  "marines.json: card \"Pvt Hudson\": field \"type\": expected one of main character, "
	  "supporting character, location, item, vehicle, event, battle condition, barrier, got \"hero\"" },
	{ "{\"id\":\"m1\",\"name\":\"Kitchen\",\"type\":\"location\",\"class\":\"ground\","
	  "\"environment\":\"indoor\",\"speed\":3}",
	  "marines.json: card \"Kitchen\": field \"speed\": not a field of a location" },
	{ "{\"id\":\"m1\",\"name\":\"Kitchen\",\"type\":\"location\",\"class\":\"ground\"}",
	  "marines.json: card \"Kitchen\": field \"environment\": missing (a location needs it)" },
	{ "{\"id\":\"m1\",\"name\":\"Kitchen\",\"type\":\"location\",\"class\":\"sideways\","
	  "\"environment\":\"indoor\"}",
	  "marines.json: card \"Kitchen\": field \"class\": expected one of ground, cross high, "
	  "cross low, ship, entry, got \"sideways\"" },
	{ "{\"id\":\"m1\",\"name\":\"Kitchen\",\"type\":\"location\",\"class\":\"ground\","
	  "\"environment\":\"indoor\",\"class\":\"ship\"}",
	  "marines.json: card \"Kitchen\": field \"class\": given twice" },
	{ "{\"id\":\"x\",\"type\":\"event\"}",
	  "marines.json: card #1: field \"name\": missing" },
	{ "{\"id\":\"x\",\"name\":\"!!!\",\"type\":\"event\"}",
	  "marines.json: card #1: field \"name\": has no letter or digit, so no slug" },
	{ "{\"id\":\"x\",\"name\":\" Good Shot\",\"type\":\"event\"}",
	  "marines.json: card #1: field \"name\": no spaces allowed at either end, got  Good Shot" },
	{ "42",
	  "marines.json: card #1: expected an object, got 42" },
	{ "{\"name\":\"Good Shot\",\"type\":\"event\"}",
	  "marines.json: card \"Good Shot\": field \"id\": missing" },
	{ "{\"id\":\"a b\",\"name\":\"Good Shot\",\"type\":\"event\"}",
	  "marines.json: card \"Good Shot\": field \"id\": expected letters, digits, '.', '_' or "
	  "'-', starting with a letter or digit, got \"a b\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\"},"
	  "{\"id\":\"e1\",\"name\":\"Bad Shot\",\"type\":\"event\"}",
	  "marines.json: card \"Bad Shot\": field \"id\": \"e1\" is already the id of \"Good Shot\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\"},"
	  "{\"id\":\"e2\",\"name\":\"GOOD SHOT!\",\"type\":\"event\"}",
	  "marines.json: card \"GOOD SHOT!\": field \"name\": same slug \"good-shot\" as card \"Good Shot\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"keywords\":[\"molted\"]}",
	  "marines.json: card \"Good Shot\": field \"keywords[0]\": molted is not a keyword of an event" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"keywords\":[\"sticky\"]}",
	  "marines.json: card \"Good Shot\": field \"keywords[0]\": expected one of unique, limited, "
	  "prohibited, concealable, permanent, molted, distinct, got \"sticky\"" },
	{ "{\"id\":\"i1\",\"name\":\"Knife\",\"type\":\"item\",\"kind\":\"weapon\","
	  "\"keywords\":[\"unique\",\"limited\"],\"range\":\"close\"}",
	  "marines.json: card \"Knife\": field \"keywords\": a card is unique or limited, not both" },
	{ "{\"id\":\"i1\",\"name\":\"Knife\",\"type\":\"item\",\"kind\":\"weapon\"}",
	  "marines.json: card \"Knife\": field \"range\": a weapon needs a range: close, short or long" },
	{ "{\"id\":\"i1\",\"name\":\"Medikit\",\"type\":\"item\",\"kind\":\"gear\",\"range\":\"long\"}",
	  "marines.json: card \"Medikit\": field \"range\": only weapons and ammo have a range" },
	{ "{\"id\":\"i1\",\"name\":\"Knife\",\"type\":\"item\",\"kind\":\"weapon\",\"range\":\"close\","
	  "\"restrictions\":[\"Weaponry\",\"weaponry\"]}",
	  "marines.json: card \"Knife\": field \"restrictions[1]\": \"weaponry\" is listed twice" },
	{ "{\"id\":\"i1\",\"name\":\"Knife\",\"type\":\"item\",\"kind\":\"weapon\",\"range\":\"close\","
	  "\"resources\":\"Edged\"}",
	  "marines.json: card \"Knife\": field \"resources\": expected an array of strings, got \"Edged\"" },
	{ "{\"id\":\"v1\",\"name\":\"P.T.V.\",\"type\":\"vehicle\",\"speed\":2,\"armor\":3,\"hull\":4}",
	  "marines.json: card \"P.T.V.\": field \"capacity\": missing (a vehicle needs it)" },
	{ "{\"id\":\"b1\",\"name\":\"Pressure Doors\",\"type\":\"barrier\",\"power\":0}",
	  "marines.json: card \"Pressure Doors\": field \"power\": expected an integer 1..20, got 0" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"cp_cost\":-1}",
	  "marines.json: card \"Good Shot\": field \"cp_cost\": expected an integer 0..20, got -1" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"modify\","
	  "\"amount\":2}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].stat\": missing (a \"modify\" effect needs it)" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"modify\","
	  "\"stat\":\"luck\",\"amount\":2}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].stat\": expected one of none, speed, "
	  "power, to hit, damage, resistance, defense, movement, hand size, combat pool, got \"luck\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"ready\","
	  "\"amount\":2}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].amount\": a \"ready\" effect takes no amount" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"ready\","
	  "\"colour\":\"red\"}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].colour\": not a field of an effect" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"ready\","
	  "\"when\":\"later\"}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].when\": expected one of always, played, "
	  "rotated, start, combat, search, got \"later\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"ready\","
	  "\"until\":\"never\",\"attack\":\"psychic\"}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].until\": expected one of instant, "
	  "end of round, end of turn, removed, got \"never\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"ready\","
	  "\"target\":\"own character\",\"attack\":\"psychic\"}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].attack\": expected one of any, close, "
	  "ranged, got \"psychic\"" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"modify\","
	  "\"stat\":\"to hit\",\"amount\":0}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].amount\": expected a non-zero amount, got 0" },
	{ "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"effects\":[{\"kind\":\"starts with\","
	  "\"term\":\"Lacrima 99\"}]}",
	  "marines.json: card \"Good Shot\": field \"effects[0].term\": no card named \"Lacrima 99\"" },
	{ "{\"id\":\"e1\",\"name\":\"Colonel\",\"type\":\"supporting character\",\"faction\":\"rogue\","
	  "\"rank\":\"captain\",\"speed\":2,\"power\":2}",
	  "marines.json: card \"Colonel\": field \"rank\": only Marines characters have a rank" },
	{ "{\"id\":\"e1\",\"name\":\"Scout\",\"type\":\"main character\",\"faction\":\"predator\","
	  "\"speed\":4,\"power\":6,\"hidden_markers\":1}",
	  "marines.json: card \"Scout\": field \"hidden_markers\": expected 0 (none) or 2..9 markers, got 1" },
};

static const struct {
	const char *json;
	const char *error;
} bad_files[] = {
	{ "", "marines.json: not valid JSON (line 1)" },
	{ "{\n\"format\": \"muthur-ccg-cards\",\n\"version\": 1,\n\"set\": \"t\",\n\"cards\": [,]}",
	  "marines.json: not valid JSON (line 5)" },
	{ "[]", "marines.json: expected a JSON object at the top" },
	{ "{\"format\":\"other\",\"version\":1,\"set\":\"t\",\"cards\":[]}",
	  "marines.json: field \"format\": expected \"muthur-ccg-cards\", got \"other\"" },
	{ "{\"format\":\"muthur-ccg-cards\",\"version\":2,\"set\":\"t\",\"cards\":[]}",
	  "marines.json: field \"version\": expected an integer 1..1, got 2" },
	{ "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"cards\":[]}",
	  "marines.json: field \"set\": missing" },
	{ "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"set\":\"t\",\"cards\":[]}",
	  "marines.json: field \"cards\": expected a non-empty array of cards, got an array" },
	{ "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"set\":\"t\",\"sample\":\"yes\",\"cards\":[]}",
	  "marines.json: field \"sample\": expected true or false, got \"yes\"" },
	{ "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"set\":\"t\",\"extra\":1,\"cards\":[]}",
	  "marines.json: field \"extra\": not a field of a card file" },
};

static void
test_bad(void)
{
	char *json, *cause;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct ccg_carddb *db;

		json = xasprintf(HEAD "%s" TAIL, bad[i].cards);
		cause = NULL;
		db = load1("marines.json", json, &cause);
		ok(db == NULL, "bad card %zu refused", i);
		is_str(cause, bad[i].error, "bad card %zu: reason", i);
		ccg_carddb_free(db);
		free(cause);
		free(json);
	}
	for (i = 0; i < sizeof(bad_files) / sizeof(bad_files[0]); i++) {
		struct ccg_carddb *db;

		cause = NULL;
		db = load1("marines.json", bad_files[i].json, &cause);
		ok(db == NULL, "bad file %zu refused", i);
		is_str(cause, bad_files[i].error, "bad file %zu: reason", i);
		ccg_carddb_free(db);
		free(cause);
	}
}

/* A refused file leaves the database as it was. */
static void
test_unchanged(void)
{
	struct ccg_carddb *db = ccg_carddb_new();
	char *json = xasprintf(HEAD "%s" TAIL, hudson), *cause = NULL;
	const char *dup = HEAD "{\"id\":\"x\",\"name\":\"Cook\",\"type\":\"event\"},"
	    "{\"id\":\"m1\",\"name\":\"Other\",\"type\":\"event\"}" TAIL;

	ok(ccg_carddb_add_json(db, "a.json", json, strlen(json), &cause) == 0, "a.json loads");
	ok(ccg_carddb_add_json(db, "b.json", dup, strlen(dup), &cause) == -1, "b.json refused");
	is_str(cause, "b.json: card \"Other\": field \"id\": \"m1\" is already the id of "
	    "\"Pvt Hudson\" (a.json)", "id clash across files named");
	is_int(db->ncards, 1, "nothing of b.json was added");
	is_int(db->nfiles, 1, "one file recorded");
	free(cause);
	cause = NULL;
	ok(ccg_carddb_seal(db, &cause) == 0, "seals");
	ok(ccg_carddb_add_json(db, "c.json", json, strlen(json), &cause) == -1,
	    "no adding after sealing");
	is_str(cause, "c.json: the card database is already sealed", "reason");
	free(cause);
	free(json);
	ccg_carddb_free(db);
}

static void
test_good(void)
{
	const char *json = HEAD
	    "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	    "\"faction\":\"marines\",\"resources\":[\"Marine\",\"Human\"],"
	    "\"rank\":\"private\",\"speed\":2,\"power\":4},"
	    "{\"id\":\"m2\",\"name\":\"Cpl Hicks\",\"type\":\"main character\","
	    "\"faction\":\"marines\",\"resources\":[\"Marine\",\"Tactics\",\"Leader\"],"
	    "\"rank\":\"corporal\",\"speed\":3,\"power\":5},"
	    "{\"id\":\"a1\",\"name\":\"Alien Warrior\",\"type\":\"main character\","
	    "\"faction\":\"aliens\",\"resources\":[\"Alien\",\"Lethal\"],"
	    "\"speed\":4,\"power\":5,\"damage_bonus\":3,\"kill_honor\":2},"
	    "{\"id\":\"l1\",\"name\":\"Docking Bay\",\"type\":\"location\",\"class\":\"ground\","
	    "\"environment\":\"indoor\",\"resources\":[\"Vehicles\"]},"
	    "{\"id\":\"l2\",\"name\":\"Resin Pit\",\"type\":\"location\",\"class\":\"cross low\","
	    "\"environment\":\"outdoor\",\"resources\":[\"Hive\",\"Operations\"]},"
	    "{\"id\":\"i1\",\"name\":\"Smart Gun\",\"type\":\"item\",\"faction\":\"human\","
	    "\"kind\":\"weapon\",\"range\":\"long\",\"damage\":8,\"keywords\":[\"limited\"],"
	    "\"restrictions\":[\"Military Arms\",\"Vehicles\"]},"
	    "{\"id\":\"v1\",\"name\":\"P.T.V.\",\"type\":\"vehicle\",\"speed\":2,\"capacity\":1,"
	    "\"armor\":3,\"hull\":4},"
	    "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\",\"cp_cost\":1,"
	    "\"effects\":[{\"kind\":\"modify\",\"stat\":\"to hit\",\"amount\":2,"
	    "\"attack\":\"ranged\",\"target\":\"own character\"}]}"
	    TAIL;
	const struct ccg_card *c, *loc;
	struct ccg_carddb *db;
	char *cause = NULL;

	db = load1("good.json", json, &cause);
	ok(db != NULL, "good file loads");
	if (db == NULL) {
		diag("%s", cause);
		free(cause);
		return;
	}
	is_int(db->ncards, 8, "8 cards");
	ok(db->sealed, "sealed");
	ok(!db->sample, "not marked sample");
	c = ccg_carddb_find_slug(db, "pvt-hudson");
	ok(c != NULL && strcmp(c->id, "m1") == 0, "find by slug");
	if (c != NULL) {
		is_int(c->chr.speed, 2, "Hudson speed 2");
		is_int(c->chr.rank, CCG_RANK_PRIVATE, "Hudson is a private");
		is_int(c->chr.species, CCG_SPECIES_HUMAN, "Hudson is human");
		is_int(c->kill_honor, 2, "a human main character is worth 2 honor");
		is_str(c->file, "good.json", "card knows its file");
		ok(db->cards[c->index] == c, "index points back");
	}
	c = ccg_carddb_find_name(db, "CPL HICKS");
	ok(c != NULL && (c->keywords & CCG_KW_LEADER), "Hicks found by name, Leader derived");
	ok(c != NULL && ccg_rank_quota_extra(c->chr.rank) == 1, "a corporal adds to the quota");
	c = ccg_carddb_find_id(db, "a1");
	ok(c != NULL && c->chr.damage_bonus == 3 && c->chr.power == 5 &&
	    c->chr.species == CCG_SPECIES_ALIEN, "Alien Warrior power 5, +3 damage");
	ok(c != NULL && ccg_card_has_resource(c, "warrior"), "name words are resources");
	ok(c != NULL && !ccg_card_has_resource(c, "War"), "but only whole words");
	loc = ccg_carddb_find_slug(db, "docking-bay");
	ok(loc != NULL && loc->loc.kinds == CCG_LK_DOCKING_BAY, "Docking Bay kind from its name");
	c = ccg_carddb_find_slug(db, "resin-pit");
	ok(c != NULL && c->loc.kinds == (CCG_LK_HIVE | CCG_LK_OPERATIONS) &&
	    c->loc.cls == CCG_LOC_CROSS_LOW && c->loc.env == CCG_ENV_OUTDOOR,
	    "cross low outdoor Hive Operations");
	c = ccg_carddb_find_slug(db, "smart-gun");
	ok(c != NULL && (c->keywords & CCG_KW_LIMITED) && c->item.damage == 8 &&
	    c->item.range == CCG_RANGE_LONG, "Smart Gun limited, long, 8");
	is_int(c != NULL ? c->kill_honor : 0, 4, "Military Arms item worth 4 honor");
	ok(c != NULL && loc != NULL && ccg_card_findable_at(c, loc),
	    "found at a location with a matching resource");
	ok(c != NULL && !ccg_card_findable_at(c, ccg_carddb_find_slug(db, "resin-pit")),
	    "not found where nothing matches");
	c = ccg_carddb_find_slug(db, "ptv");
	ok(c != NULL && c->veh.speed == 2 && c->veh.armor == 3, "P.T.V. speed 2 armor 3");
	c = ccg_carddb_find_slug(db, "good-shot");
	ok(c != NULL && c->neffects == 1 && c->effects[0].kind == CCG_EFFECT_MODIFY &&
	    c->effects[0].stat == CCG_STAT_TO_HIT && c->effects[0].amount == 2 &&
	    c->effects[0].attack == CCG_ATTACK_RANGED &&
	    c->effects[0].when == CCG_WHEN_PLAYED &&
	    c->effects[0].until == CCG_UNTIL_END_OF_ROUND &&
	    c->effects[0].target == CCG_TARGET_OWN_CHARACTER, "event effect with defaults");
	ok(ccg_carddb_find_slug(db, "nobody") == NULL, "unknown slug");
	ok(ccg_carddb_find_id(db, "zz") == NULL, "unknown id");
	ccg_carddb_free(db);
}

static void
test_slug(void)
{
	static const struct { const char *in, *out; } t[] = {
		{ "Pvt Hudson", "pvt-hudson" },
		{ "P.T.V.", "ptv" },
		{ "UA 571C Sentry Gun", "ua-571c-sentry-gun" },
		{ "  Dodge And  Roll ", "dodge-and-roll" },
		{ "Sawed-off Shotgun", "sawed-off-shotgun" },
		{ "Bishop's Knife", "bishops-knife" },
		{ "--", "" },
	};
	size_t i;
	char *s;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		s = ccg_slugify(t[i].in);
		is_str(s, t[i].out, "slug of \"%s\"", t[i].in);
		free(s);
	}
	ok(ccg_faction_may_use(CCG_FACTION_HUMAN, CCG_FACTION_ROGUE), "Human cards for Rogues");
	ok(!ccg_faction_may_use(CCG_FACTION_HUMAN, CCG_FACTION_PREDATOR), "not for Predators");
	is_int(ccg_faction_parse("Marine"), CCG_FACTION_MARINES, "faction parse");
	is_int(ccg_faction_parse("zerg"), -1, "unknown faction");
}

/* Same cards in another layout, key order and file order: same bytes. */
static void
test_canonical(void)
{
	const char *a = HEAD
	    "{\"id\":\"e1\",\"name\":\"Good Shot\",\"type\":\"event\"},"
	    "{\"id\":\"m1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\","
	    "\"faction\":\"marines\",\"rank\":\"private\",\"speed\":2,\"power\":4}" TAIL;
	const char *b1 = "{ \"cards\" : [ { \"power\" : 4, \"speed\" : 2, \"rank\" : \"private\",\n"
	    "  \"faction\" : \"marines\", \"type\" : \"main character\", \"name\" : \"Pvt Hudson\","
	    " \"id\" : \"m1\", \"notes\": \"ignored\" } ],\n"
	    "\"set\" : \"t\", \"version\" : 1, \"format\" : \"muthur-ccg-cards\" }";
	const char *b2 = HEAD "{\"type\":\"event\",\"name\":\"Good Shot\",\"id\":\"e1\"}" TAIL;
	struct ccg_carddb *x = ccg_carddb_new(), *y = ccg_carddb_new();
	char *ca, *cb, *cause = NULL;

	ok(ccg_carddb_add_json(x, "a.json", a, strlen(a), &cause) == 0 &&
	    ccg_carddb_seal(x, &cause) == 0, "one file");
	ok(ccg_carddb_add_json(y, "b1.json", b1, strlen(b1), &cause) == 0 &&
	    ccg_carddb_add_json(y, "b2.json", b2, strlen(b2), &cause) == 0 &&
	    ccg_carddb_seal(y, &cause) == 0, "two files, other order");
	ca = ccg_carddb_canonical(x, NULL);
	cb = ccg_carddb_canonical(y, NULL);
	is_str(ca, cb, "same canonical bytes");
	is_str(x->hash_hex, y->hash_hex, "same hash");
	/* Pinned: a change here changes every recorded game's card hash. */
	is_str(x->hash_hex, "05951df84921342c4496ce2d56b4c08b0e42ea292f39a80e5eb6d2e4ce54f561", "hash of the canonical bytes is pinned");
	free(ca);
	free(cb);
	ccg_carddb_free(x);
	ccg_carddb_free(y);
	free(cause);
}

int
main(void)
{
	test_bad();
	test_unchanged();
	test_good();
	test_slug();
	test_canonical();
	return done_testing();
}
