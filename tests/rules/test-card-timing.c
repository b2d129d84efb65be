/*
 * test-card-timing.c — the event card field "timing" (card.h
 * CCG_TIMING_*, events-rounds.c): the rounds load as bits, an event
 * without one is a Combat Round card, bad values are refused with the
 * field named, other card types may not carry it, and the canonical bytes
 * hold it only when it is not the default (so older card data keeps its
 * hash).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "tests/tap.h"

#define HEAD "{\"format\":\"muthur-ccg-cards\",\"version\":1,\"set\":\"t\",\"cards\":["
#define TAIL "]}"
#define EV(id, name, more) "{\"id\":\"" id "\",\"name\":\"" name "\"," \
	"\"type\":\"event\"" more ",\"effects\":[{\"kind\":\"draw\"," \
	"\"amount\":1,\"target\":\"player\"}]}"

static struct ccg_carddb *
load(const char *cards, char **cause)
{
	struct ccg_carddb *db = ccg_carddb_new();
	char *json = xasprintf(HEAD "%s" TAIL, cards);

	*cause = NULL;
	if (ccg_carddb_add_json(db, "t.json", json, strlen(json), cause) == -1 ||
	    ccg_carddb_seal(db, cause) == -1) {
		ccg_carddb_free(db);
		db = NULL;
	}
	free(json);
	return db;
}

/* How often needle occurs in s. */
static int
count(const char *s, const char *needle)
{
	int n = 0;

	while ((s = strstr(s, needle)) != NULL) {
		n++;
		s++;
	}
	return n;
}

static const struct {
	const char *cards;
	const char *error;
} bad[] = {
	{ EV("e1", "Odd", ",\"timing\":[\"draw\"]"),
	  "t.json: card \"Odd\": field \"timing[0]\": expected one of combat, "
	  "movement, search, got \"draw\"" },
	{ EV("e1", "Odd", ",\"timing\":[\"search\",\"search\"]"),
	  "t.json: card \"Odd\": field \"timing[1]\": \"search\" is listed twice" },
	{ EV("e1", "Odd", ",\"timing\":[]"),
	  "t.json: card \"Odd\": field \"timing\": empty; expected one or more "
	  "rounds (combat, movement, search)" },
	{ EV("e1", "Odd", ",\"timing\":\"movement\""),
	  "t.json: card \"Odd\": field \"timing\": expected an array of rounds "
	  "(combat, movement, search), got \"movement\"" },
};

int
main(void)
{
	struct ccg_carddb *db;
	const struct ccg_card *c;
	char *cause, *canon;
	size_t i, len;

	db = load(EV("e1", "Plain", "") ","
	    EV("e2", "Outside", ",\"timing\":[\"search\",\"movement\"]"),
	    &cause);
	ok(db != NULL, "events with and without a timing load");
	if (db == NULL)
		diag("%s", cause);
	else {
		c = ccg_carddb_find_slug(db, "plain");
		is_int(c != NULL ? (int)c->timing : -1, CCG_TIMING_COMBAT,
		    "no timing: the Combat Round");
		c = ccg_carddb_find_slug(db, "outside");
		is_int(c != NULL ? (int)c->timing : -1,
		    CCG_TIMING_MOVEMENT | CCG_TIMING_SEARCH,
		    "movement and search, in any order");
		canon = ccg_carddb_canonical(db, &len);
		ok(strstr(canon, "\"timing\":[\"movement\",\"search\"]") != NULL,
		    "canonical bytes: the timing in table order");
		is_int(count(canon, "\"timing\""), 1,
		    "canonical bytes: only the card with a timing has one");
		free(canon);
		ccg_carddb_free(db);
	}
	free(cause);

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		db = load(bad[i].cards, &cause);
		ok(db == NULL, "bad timing %zu refused", i);
		is_str(cause, bad[i].error, "bad timing %zu: reason", i);
		ccg_carddb_free(db);
		free(cause);
	}
	db = load("{\"id\":\"i1\",\"name\":\"Knife\",\"type\":\"item\","
	    "\"kind\":\"weapon\",\"range\":\"close\",\"damage\":1,"
	    "\"timing\":[\"combat\"]}", &cause);
	ok(db == NULL && cause != NULL && strstr(cause, "\"timing\"") != NULL,
	    "an item may not have a timing");
	ccg_carddb_free(db);
	free(cause);
	done_testing();
}
