/*
 * fuzz-decklist.c — libFuzzer harness for the decklist parser and the
 * construction rules, against a small card set built in.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char cards[] =
    "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"set\":\"fuzz\",\"cards\":["
    "{\"id\":\"1\",\"name\":\"Pvt Hudson\",\"type\":\"main character\",\"faction\":\"marines\","
    "\"rank\":\"private\",\"speed\":2,\"power\":4},"
    "{\"id\":\"2\",\"name\":\"Ripley\",\"type\":\"main character\",\"faction\":\"marines\","
    "\"rank\":\"irregular\",\"resources\":[\"Leader\"],\"speed\":3,\"power\":5},"
    "{\"id\":\"3\",\"name\":\"Alien Warrior\",\"type\":\"main character\",\"faction\":\"aliens\","
    "\"speed\":4,\"power\":5},"
    "{\"id\":\"4\",\"name\":\"Elite Guard\",\"type\":\"main character\",\"faction\":\"aliens\","
    "\"keywords\":[\"molted\"],\"speed\":4,\"power\":5},"
    "{\"id\":\"5\",\"name\":\"Colonist\",\"type\":\"supporting character\",\"speed\":2,\"power\":2},"
    "{\"id\":\"6\",\"name\":\"Operations\",\"type\":\"location\",\"class\":\"ground\",\"environment\":\"indoor\"},"
    "{\"id\":\"7\",\"name\":\"Docking Bay\",\"type\":\"location\",\"class\":\"ground\",\"environment\":\"indoor\"},"
    "{\"id\":\"8\",\"name\":\"Airlock\",\"type\":\"location\",\"class\":\"entry\",\"environment\":\"indoor\"},"
    "{\"id\":\"9\",\"name\":\"Hive Tunnels\",\"type\":\"location\",\"class\":\"ground\",\"environment\":\"indoor\"},"
    "{\"id\":\"10\",\"name\":\"Hand Welder\",\"type\":\"item\",\"kind\":\"gear\"},"
    "{\"id\":\"11\",\"name\":\"Knife\",\"type\":\"item\",\"kind\":\"weapon\",\"range\":\"close\","
    "\"keywords\":[\"prohibited\",\"unique\"]},"
    "{\"id\":\"12\",\"name\":\"Lockdown\",\"type\":\"battle condition\"},"
    "{\"id\":\"13\",\"name\":\"Good Shot\",\"type\":\"event\",\"keywords\":[\"limited\"]}"
    "]}";

static struct ccg_carddb *db;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	const char *const sc[] = { "general", "contact" };
	char *cause = NULL;
	size_t i;
	int f;

	if (size > 65536)
		return 0;
	if (db == NULL) {
		db = ccg_carddb_new();
		if (ccg_carddb_add_json(db, "fuzz.json", cards, strlen(cards), &cause) == -1 ||
		    ccg_carddb_seal(db, &cause) == -1)
			abort();
	}
	dl = ccg_decklist_parse(db, "fuzz.deck", (const char *)data, size, &p);
	if (dl == NULL)
		abort();
	for (i = 0; i < 2; i++)
		for (f = -1; f <= CCG_FACTION_ALIENS; f++)
			ccg_deck_validate(dl, ccg_deck_rules_find(sc[i]), f, &p);
	for (i = 0; i < p.n; i++)
		if (p.lines[i] == NULL || strchr(p.lines[i], '\n') != NULL)
			abort();	/* one problem, one line */
	ccg_problems_free(&p);
	ccg_decklist_free(dl);
	return 0;
}
