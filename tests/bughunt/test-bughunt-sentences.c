/*
 * test-bughunt-sentences.c — Bug Hunt's events read as sentences (issue
 * 16, struct rules events_text, rules/bughunt/event-sentences.c): whole
 * games played by the scripted player, won and lost, each seat's events
 * told without JSON, null or raw keys; every event type the code emits
 * (found in the sources of rules/bughunt) has a sentence; a few sentences word for
 * word; the same payloads read the same whatever the game's state.
 */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"
#include "tests/tap.h"

static const struct rules *R;
static void *data;

/* Every event type Bug Hunt emits (bh_event() in rules/bughunt). */
static const char *const types[] = {
	"breach", "capture", "hive-counter", "killed", "lost", "mission-used",
	"missions", "move", "objective-token", "order-failed", "phase-card",
	"phase-deck-shuffled", "player-turn", "purge", "reload", "roll", "setup",
	"shoot", "squad", "squad-order", "tile", "tracking-card", "tracking-text", "victory", "wound",
	"wound-flipped", "xenomorph-card-added", "xenomorph-phase",
	"xenomorphs-attack", "xenomorphs-escape", "xenomorphs-move",
	"xenomorphs-placed",
};
#define NTYPES	(sizeof types / sizeof types[0])

static int
type_index(const char *t)
{
	size_t i;

	for (i = 0; t != NULL && i < NTYPES; i++)
		if (strcmp(types[i], t) == 0)
			return (int)i;
	return -1;
}

/* A fixed LCG from a seed: the dice and, with no hidden stream, the rest. */
static uint64_t ctr;

static uint32_t
lcg(void *ctx, uint32_t bound)
{
	(void)ctx;
	ctr = ctr * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(ctr >> 33) % bound;
}

static struct rules_rng rng = { lcg, NULL, NULL, NULL };

static struct rules_game *
new_game(int n, const char *opt, uint64_t seed, struct rules_events *ev)
{
	static const char *seats[] = { "blue", "red", "green", "yellow" };
	struct rules_seat rs[BH_SEATS];
	struct rules_setup su;
	const char *opts[1];
	char *cause = NULL;
	struct rules_game *g;
	int i;

	memset(&su, 0, sizeof su);
	memset(rs, 0, sizeof rs);
	for (i = 0; i < n; i++)
		rs[i].name = rs[i].faction = seats[i];
	su.scenario = "bug-hunt";
	su.seats = rs;
	su.nseats = (size_t)n;
	su.data = data;
	su.places = 1;
	if (opt != NULL)
		opts[su.noptions++] = opt;
	su.options = opts;
	ctr = seed;
	g = R->create(&su, &rng, ev, &cause);
	if (g == NULL)
		diag("create: %s", cause);
	free(cause);
	return g;
}

/* What the checks found over every game. */
static int met[NTYPES], told[NTYPES], bad, nulls, unknown, longest, over75,
    ntold, emptyfirst;
static char longest_s[512];

/* Is the word w (a whole word) in s? */
static int
has_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = s; (p = strstr(p, w)) != NULL; p++)
		if ((p == s || !isalnum((unsigned char)p[-1])) &&
		    !isalnum((unsigned char)p[n]) && p[n] != '-')
			return 1;
	return 0;
}

/* Does the sentence read as one: no JSON, null, raw keys nor "-" holes? */
static const char *
unclean(const char *s)
{
	static const char *const raw[] = { "opens", "lt_command", "spawn_only",
	    "set_aside", "face_down", "past_armor", "moved_in", "phase_deck",
	    "wound_tokens", "type", "true", "false" };
	size_t i;

	if (strstr(s, "null") != NULL)
		return "null";
	if (strpbrk(s, "[]{}\"_") != NULL)
		return "JSON or a _-joined key";
	for (i = 0; i < sizeof raw / sizeof raw[0]; i++)
		if (has_word(s, raw[i]))
			return raw[i];
	if (strstr(s, " - ") != NULL || strstr(s, "-'s") != NULL || strcmp(s, "-") == 0 ||
	    (strlen(s) >= 2 && strcmp(s + strlen(s) - 2, " -") == 0))
		return "a member that is not there";
	if (!isupper((unsigned char)s[0]) && !isdigit((unsigned char)s[0]))
		return "not uppercase (nor a number) at the start";
	return NULL;
}

/* Check the sentences of one seat's events. */
static void
check_texts(const cJSON *payloads, const cJSON *texts)
{
	int n = cJSON_GetArraySize(payloads), i, k, len;
	const char *why;

	if (cJSON_GetArraySize(texts) != n) {
		bad++;
		diag("%d sentences for %d events", cJSON_GetArraySize(texts), n);
		return;
	}
	for (i = 0; i < n; i++) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i);
		const cJSON *t = cJSON_GetArrayItem(texts, i);
		const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
		    "type"));

		k = type_index(type);
		if (k < 0) {
			unknown++;
			diag("an event type not in the list: %s", type ? type : "(none)");
			continue;
		}
		met[k] = 1;
		if (!cJSON_IsString(t)) {
			if (nulls++ < 5)
				diag("no sentence for %s", type);
			continue;
		}
		told[k] = 1;
		if (t->valuestring[0] == '\0') {
			if (i == 0)
				emptyfirst++;
			continue;
		}
		ntold++;
		if ((why = unclean(t->valuestring)) != NULL) {
			if (bad++ < 10)
				diag("%s: \"%s\" (%s)", type, t->valuestring, why);
		}
		len = (int)strlen(t->valuestring);
		if (len > 75 && over75++ < 8)
			diag("over 75: %s", t->valuestring);
		if (len > longest) {
			longest = len;
			snprintf(longest_s, sizeof longest_s, "%s", t->valuestring);
		}
	}
}

/*
 * A whole game by the scripted player, its events told to each seat in
 * views of one resolve's events and of the whole game. 1 won, 0 lost, -1
 * not over.
 */
static int
whole_game(int nseats, const char *opt, uint64_t seed, int *turns)
{
	struct rules_events ev = { 0 };
	struct rules_game *g = new_game(nseats, opt, seed, &ev);
	const char *orders[BH_SEATS];
	size_t from = 0, i;
	char *o, *cause = NULL;
	int k, s, won;

	if (g == NULL)
		return -1;
	for (k = 0; k < 3000 && g->phase != BH_PH_OVER; k++) {
		memset(orders, 0, sizeof orders);
		o = R->demo_orders(g, (size_t)g->active);
		orders[g->active] = o;
		if (R->resolve(g, orders, &rng, &ev, &cause) == -1) {
			diag("resolve: %s", cause);
			free(cause);
			free(o);
			break;
		}
		free(o);
		/* this resolve's events as the first seat's next view tells them */
		if (R->events_text != NULL) {
			cJSON *p = cJSON_CreateArray(), *t;

			for (i = from; i < ev.n; i++)
				if (ev.v[i].vis == RULES_VIS_PUBLIC || (ev.v[i].seats & 1))
					cJSON_AddItemToArray(p, cJSON_Parse(ev.v[i].json));
			t = R->events_text(g, p);
			check_texts(p, t);
			cJSON_Delete(p);
			cJSON_Delete(t);
		}
		from = ev.n;
	}
	for (s = 0; s < nseats && R->events_text != NULL; s++) {
		cJSON *p = cJSON_CreateArray(), *t;

		for (i = 0; i < ev.n; i++)
			if (ev.v[i].vis == RULES_VIS_PUBLIC || (ev.v[i].seats >> s & 1))
				cJSON_AddItemToArray(p, cJSON_Parse(ev.v[i].json));
		t = R->events_text(g, p);
		check_texts(p, t);
		cJSON_Delete(p);
		cJSON_Delete(t);
	}
	rules_events_free(&ev);
	won = g->phase != BH_PH_OVER ? -1 : g->won;
	*turns = g->turn;
	R->free(g);
	return won;
}

static void
test_games(void)
{
	static const char *const opts[] = { NULL, "difficulty=easy", "difficulty=hard" };
	int k, n, seed, won = 0, lost = 0, notover = 0, r, turns, missing = 0;
	size_t i;

	for (seed = 1; seed <= 4; seed++)
		for (k = 0; k < 3; k++)
			for (n = 1; n <= 4; n++) {
				r = whole_game(n, opts[k], (uint64_t)seed * 7919 + 11, &turns);
				won += r == 1;
				lost += r == 0;
				notover += r == -1;
			}
	ok(R->events_text != NULL, "Bug Hunt tells its events as sentences (events_text)");
	diag("48 games: %d won, %d lost, %d not over; %d sentences, the longest %d "
	    "characters (%s), %d over 75", won, lost, notover, ntold, longest, longest_s,
	    over75);
	ok(won > 0 && lost > 0, "the scripted player wins some games and loses some");
	ok(nulls == 0 && ntold > 0, "every event of every game has a sentence (%d without)",
	    nulls);
	ok(bad == 0, "no sentence holds JSON, null, a raw key or a hole, and each starts "
	    "uppercase (%d do not)", bad);
	ok(unknown == 0, "every event met is in the test's list of types");
	ok(emptyfirst == 0, "no view starts with an event told in an earlier one's sentence");
	for (i = 0; i < NTYPES; i++)
		if (met[i] && !told[i]) {
			diag("%s met but never told", types[i]);
			missing++;
		}
	ok(missing == 0, "every type met is told");
	ok(met[type_index("lost")] && met[type_index("victory")] &&
	    met[type_index("xenomorphs-placed")] && met[type_index("player-turn")],
	    "the games met a loss, a victory, Xenomorphs placed and player turns");
	ok(longest <= 100, "no sentence is longer than 100 characters (%d)", longest);
}

/* ---- every type the code emits has a sentence ---- */

/* One payload of each type, as the code makes them. */
static const char *const samples[] = {
	"{\"type\":\"breach\",\"seat\":\"red\",\"cell\":\"c2\",\"side\":\"n\"}",
	"{\"type\":\"capture\",\"seat\":\"red\",\"cell\":\"c1\",\"mission\":\"survivor\","
	    "\"tokens\":1}",
	"{\"type\":\"hive-counter\",\"space\":4,\"icon\":\"xenomorph\"}",
	"{\"type\":\"killed\",\"seat\":\"blue\",\"character\":\"apone\"}",
	"{\"type\":\"lost\",\"reason\":\"overrun\"}",
	"{\"type\":\"mission-used\",\"seat\":\"red\",\"mission\":\"specimen\"}",
	"{\"type\":\"missions\",\"missions\":[\"survivor\",\"specimen\",\"atmosphere\"]}",
	"{\"type\":\"move\",\"seat\":\"red\",\"to\":\"c1\"}",
	"{\"type\":\"objective-token\",\"cell\":\"c1\"}",
	"{\"type\":\"order-failed\",\"seat\":\"red\",\"line\":2,\"order\":\"move n\","
	    "\"why\":\"the tile stack is empty\"}",
	"{\"type\":\"phase-card\",\"card\":\"lt-command\",\"opens\":[\"phase:0:3\"]}",
	"{\"type\":\"phase-deck-shuffled\",\"cards\":9}",
	"{\"type\":\"player-turn\",\"turn\":1,\"seat\":\"blue\",\"lt_command\":false}",
	"{\"type\":\"purge\",\"cell\":\"c1\",\"killed\":2}",
	"{\"type\":\"reload\",\"seat\":\"red\",\"readied\":3}",
	"{\"type\":\"roll\",\"cell\":\"d2\",\"faces\":[\"blank\",\"head\",\"claw\"],"
	    "\"killed\":1,\"moved_in\":2}",
	"{\"type\":\"setup\",\"phase_deck\":9,\"tiles\":30,\"tracking\":60,"
	    "\"wound_tokens\":48,\"options\":3,\"extra_xenomorph_cards\":0}",
	"{\"type\":\"shoot\",\"seat\":\"red\",\"firepower\":7}",
	"{\"type\":\"squad\",\"seat\":\"blue\",\"characters\":[\"grunt\",\"grunt\","
	    "\"apone\"]}",
	"{\"type\":\"squad-order\",\"seat\":\"blue\",\"characters\":[\"apone\","
	    "\"grunt-1\",\"grunt-2\"]}",
	"{\"type\":\"tile\",\"cell\":\"c1\",\"tile\":\"t14\",\"entrance\":\"s\","
	    "\"opens\":[\"tile:0\"]}",
	"{\"type\":\"tracking-card\",\"card\":\"k30\",\"blips\":[1,0,0,2,0],"
	    "\"opens\":[\"tracking:0\"]}",
	"{\"type\":\"tracking-text\",\"card\":\"k05\",\"text\":\"The hive stirs.\","
	    "\"sample\":true}",
	"{\"type\":\"victory\",\"place\":1,\"condition\":\"missions-complete\"}",
	"{\"type\":\"wound\",\"seat\":\"blue\",\"character\":\"grunt\",\"face_down\":2}",
	"{\"type\":\"wound-flipped\",\"seat\":\"blue\",\"character\":\"apone\","
	    "\"face\":\"kia\",\"opens\":[\"wound:7\"]}",
	"{\"type\":\"xenomorph-card-added\",\"set_aside\":14}",
	"{\"type\":\"xenomorph-phase\",\"spawn_only\":true}",
	"{\"type\":\"xenomorphs-attack\",\"cell\":\"b1\",\"wounds\":2}",
	"{\"type\":\"xenomorphs-escape\",\"from\":\"a1\",\"count\":1}",
	"{\"type\":\"xenomorphs-move\",\"from\":\"e3\",\"to\":\"e2\",\"count\":2}",
	"{\"type\":\"xenomorphs-placed\",\"cell\":\"d1\",\"count\":2}",
	NULL
};
#define NSAMPLES	(sizeof samples / sizeof samples[0] - 1)

/* The sentences of payloads given as JSON texts, NULL-terminated: a new array. */
static cJSON *
texts_of(const struct rules_game *g, const char *const *json)
{
	cJSON *p = cJSON_CreateArray(), *t;

	for (; *json != NULL; json++)
		cJSON_AddItemToArray(p, cJSON_Parse(*json));
	t = R->events_text != NULL ? R->events_text(g, p) : cJSON_CreateArray();
	cJSON_Delete(p);
	return t;
}

static char *
text_of(const struct rules_game *g, const char *json)
{
	const char *one[2] = { json, NULL };
	cJSON *t = texts_of(g, one);
	char *s = cJSON_IsString(cJSON_GetArrayItem(t, 0)) ?
	    xstrdup(cJSON_GetArrayItem(t, 0)->valuestring) : NULL;

	cJSON_Delete(t);
	return s;
}

/* The types in the code: each "{\"type\":\"NAME\"" of rules/bughunt/\*.c. */
static int
types_in_code(const char *top, char found[][64], int max)
{
	char *dir = xasprintf("%s/rules/bughunt", top), *path, *src, *p, *e;
	static const char needle[] = "{\\\"type\\\":\\\"";
	struct dirent *de;
	DIR *dp = opendir(dir);
	size_t len;
	int n = 0, k;

	while (dp != NULL && (de = readdir(dp)) != NULL) {
		size_t l = strlen(de->d_name);

		if (l < 3 || strcmp(de->d_name + l - 2, ".c") != 0)
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (fs_read_file(path, 1 << 22, &src, &len, NULL) == 0) {
			for (p = src; (p = strstr(p, needle)) != NULL; p = e) {
				p += strlen(needle);
				for (e = p; *e != '\0' && *e != '\\' && *e != '"'; e++)
					;
				if (e - p <= 0 || e - p >= 64)
					continue;
				for (k = 0; k < n && (strncmp(found[k], p, (size_t)(e - p)) != 0 ||
				    found[k][e - p] != '\0'); k++)
					;
				if (k == n && n < max) {
					memcpy(found[n], p, (size_t)(e - p));
					found[n++][e - p] = '\0';
				}
			}
			free(src);
		}
		free(path);
	}
	if (dp != NULL)
		closedir(dp);
	free(dir);
	return n;
}

static void
test_every_type(const struct rules_game *g, const char *top)
{
	char found[64][64], *s;
	int covered[NTYPES] = { 0 };
	int n = types_in_code(top, found, 64), k, notlisted = 0, untold = 0, dirty = 0;
	size_t i;

	ok(n >= 25, "the code of rules/bughunt emits %d event types", n);
	for (k = 0; k < n; k++)
		if (type_index(found[k]) < 0) {
			diag("a type the code emits is not in the test's list: %s", found[k]);
			notlisted++;
		}
	ok(notlisted == 0, "every type the code emits is in the test's list");
	for (i = 0; i < NSAMPLES; i++) {
		cJSON *p = cJSON_Parse(samples[i]);
		const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
		    "type")), *why;

		if (type_index(type) >= 0)
			covered[type_index(type)] = 1;

		s = text_of(g, samples[i]);
		if (s == NULL) {
			diag("no sentence for %s", type);
			untold++;
		} else if ((why = unclean(s)) != NULL) {
			diag("%s: \"%s\" (%s)", type, s, why);
			dirty++;
		} else
			diag("%-20s %s", type, s);
		free(s);
		cJSON_Delete(p);
	}
	ok(untold == 0, "every type has a sentence (%d have none)", untold);
	ok(dirty == 0, "each reads as words (%d do not)", dirty);
	for (i = 0, k = 0; i < NTYPES; i++)
		if (!covered[i]) {
			diag("no sample payload for %s", types[i]);
			k++;
		}
	ok(k == 0 && NSAMPLES == NTYPES, "one sample payload per type");
	s = text_of(g, "{\"type\":\"game.result\",\"winner\":null}");
	ok(s == NULL && R->events_text != NULL, "a type not Bug Hunt's has no sentence "
	    "(the daemon's own)");
	free(s);
}

/* ---- word for word ---- */

static void
is_texts(const struct rules_game *g, const char *const *json, const char *const *want,
    const char *what)
{
	cJSON *t = texts_of(g, json);
	int i, same = 1;

	for (i = 0; json[i] != NULL && want[i] != NULL; i++) {
		const cJSON *x = cJSON_GetArrayItem(t, i);

		if (!cJSON_IsString(x) || strcmp(x->valuestring, want[i]) != 0) {
			same = 0;
			diag("  event %d: got \"%s\", want \"%s\"", i,
			    cJSON_IsString(x) ? x->valuestring : "(no sentence)", want[i]);
		}
	}
	ok(same && json[i] == NULL && want[i] == NULL && cJSON_GetArraySize(t) == i,
	    "%s", what);
	cJSON_Delete(t);
}

static void
test_exact(const struct rules_game *g)
{
	{
		const char *j[] = { "{\"type\":\"move\",\"seat\":\"red\",\"to\":\"c1\"}", NULL };
		const char *w[] = { "Red moves to 3/1", NULL };

		is_texts(g, j, w, "a move: \"Red moves to 3/1\"");
	}
	{
		const char *j[] = { "{\"type\":\"move\",\"seat\":\"blue\",\"to\":\"c1\"}",
		    "{\"type\":\"move\",\"seat\":\"blue\",\"to\":\"b1\"}",
		    "{\"type\":\"tile\",\"cell\":\"b1\",\"tile\":\"t02\",\"entrance\":\"e\","
		    "\"opens\":[\"tile:3\"]}",
		    "{\"type\":\"objective-token\",\"cell\":\"b1\"}", NULL };
		const char *w[] = { "Blue moves to 3/1, then 2/1", "",
		    "New tile at 2/1: Junction (T02), with an objective token", "", NULL };

		is_texts(g, j, w, "a squad's moves and a new tile with its objective token, "
		    "told together");
	}
	{
		const char *j[] = {
		    "{\"type\":\"tracking-card\",\"card\":\"k30\",\"blips\":[1,0,0,2,0],"
		    "\"opens\":[\"tracking:0\"]}",
		    "{\"type\":\"xenomorphs-placed\",\"cell\":\"a1\",\"count\":1}",
		    "{\"type\":\"xenomorphs-placed\",\"cell\":\"d1\",\"count\":2}", NULL };
		const char *w[] = { "Tracking card K30: blips in Sectors 1 (1) and 4 (2)",
		    "Xenomorphs appear: 1 at 1/1, 2 at 4/1", "", NULL };

		is_texts(g, j, w, "a tracking card and the Xenomorphs it places, folded");
	}
	{
		const char *j[] = { "{\"type\":\"xenomorphs-placed\",\"cell\":\"d1\","
		    "\"count\":2}", NULL };
		const char *w[] = { "2 Xenomorphs appear at 4/1", NULL };

		is_texts(g, j, w, "Xenomorphs placed once: \"2 Xenomorphs appear at 4/1\"");
	}
	{
		const char *j[] = { "{\"type\":\"xenomorphs-placed\",\"cell\":\"a3\","
		    "\"count\":0}", "{\"type\":\"lost\",\"reason\":\"overrun\"}", NULL };
		const char *w[] = { "No Xenomorph appears at 1/3 (the pool is empty)",
		    "The complex is overrun: the Xenomorphs win", NULL };

		is_texts(g, j, w, "the complex overrun");
	}
	{
		const char *j[] = {
		    "{\"type\":\"phase-card\",\"card\":\"xenomorph\",\"opens\":[\"phase:0:1\"]}",
		    "{\"type\":\"hive-counter\",\"space\":4,\"icon\":\"xenomorph\"}",
		    "{\"type\":\"phase-card\",\"card\":\"red\",\"opens\":[\"phase:0:2\"]}",
		    "{\"type\":\"player-turn\",\"turn\":2,\"seat\":\"red\",\"lt_command\":false}",
		    "{\"type\":\"phase-card\",\"card\":\"lt-command\",\"opens\":[\"phase:0:3\"]}",
		    "{\"type\":\"player-turn\",\"turn\":3,\"seat\":\"blue\",\"lt_command\":true}",
		    NULL };
		const char *w[] = {
		    "Xenomorph card: the hive counter moves to space 4 (Xenomorph icon)", "",
		    "Turn 2 begins: Red's turn", "",
		    "Turn 3 begins: Blue's Lt. Command turn", "", NULL };

		is_texts(g, j, w, "phase cards told by the turn and the hive counter");
	}
	{
		const char *j[] = { "{\"type\":\"wound-flipped\",\"seat\":\"blue\","
		    "\"character\":\"apone\",\"face\":\"kia\",\"opens\":[\"wound:7\"]}",
		    "{\"type\":\"killed\",\"seat\":\"blue\",\"character\":\"apone\"}",
		    "{\"type\":\"lost\",\"reason\":\"squad-lost\"}", NULL };
		const char *w[] = { "Blue's Apone flips a wound token: KIA",
		    "Blue's Apone is killed", "Blue's squad is lost: the Xenomorphs win",
		    NULL };

		is_texts(g, j, w, "a KIA token, a death and the loss");
	}
	{
		const char *j[] = { "{\"type\":\"lost\",\"reason\":\"squad-lost\"}", NULL };
		const char *w[] = { "A squad is lost: the Xenomorphs win", NULL };

		is_texts(g, j, w, "a squad lost, the death not seen");
	}
	{
		const char *j[] = { "{\"type\":\"squad\",\"seat\":\"blue\",\"characters\":"
		    "[\"grunt\",\"grunt\",\"apone\"]}",
		    "{\"type\":\"setup\",\"phase_deck\":9,\"tiles\":30,\"tracking\":60,"
		    "\"wound_tokens\":48,\"options\":0,\"extra_xenomorph_cards\":0}",
		    "{\"type\":\"roll\",\"cell\":\"d2\",\"faces\":[\"blank\",\"claw\"],"
		    "\"killed\":1,\"moved_in\":1}", NULL };
		const char *w[] = { "Blue's squad: Grunt (Point Man), Grunt and Apone",
		    "Setup: 9 phase cards, 30 tiles, 60 tracking cards, 48 wound tokens",
		    "The dice at 4/2 show blank and claw: 1 killed, 1 moves in", NULL };

		is_texts(g, j, w, "a squad, the setup and a roll");
	}
	{
		const char *j[] = { "{\"type\":\"squad-order\",\"seat\":\"red\",\"characters\":"
		    "[\"apone\",\"grunt-1\",\"grunt-2\"]}", NULL };
		const char *w[] = { "Red arranges the squad: Apone (Point Man), Grunt-1 and "
		    "Grunt-2", NULL };

		is_texts(g, j, w, "a squad's order, its Point Man first");
	}
}

/* The same payloads read the same from two states of a game (names come from
 * the payloads and the component data only). */
static void
test_secrecy(const struct rules_game *a, const struct rules_game *b)
{
	cJSON *ta = texts_of(a, samples), *tb = texts_of(b, samples);

	ok(cJSON_GetArraySize(ta) > 0 && cJSON_Compare(ta, tb, 1),
	    "the sentences do not depend on the game's state");
	cJSON_Delete(ta);
	cJSON_Delete(tb);
}

int
main(void)
{
	const char *top = getenv("top_srcdir") != NULL ? getenv("top_srcdir") : ".";
	char *path = xasprintf("%s/rules/bughunt/data/bughunt-components.json", top);
	char *src, *cause = NULL;
	size_t len;
	struct rules_file f;
	struct rules_events ev = { 0 };
	struct rules_game *g, *h;

	R = rules_find("bughunt");
	ok(R != NULL, "bughunt is a game of this muthur");
	if (R == NULL || fs_read_file(path, 1 << 20, &src, &len, &cause) == -1) {
		diag("%s", cause != NULL ? cause : "no game");
		return done_testing();
	}
	f.name = "bughunt-components.json";
	f.bytes = src;
	f.len = len;
	data = R->data_load(&f, 1, &cause);
	ok(data != NULL, "the sample data loads");
	if (data == NULL)
		return done_testing();
	g = new_game(2, NULL, 5, &ev);
	h = new_game(4, "difficulty=hard", 77, &ev);
	rules_events_free(&ev);
	if (g == NULL || h == NULL)
		return done_testing();
	test_games();
	test_every_type(g, top);
	test_exact(g);
	test_secrecy(g, h);
	R->free(g);
	R->free(h);
	R->data_free(data);
	free(src);
	free(path);
	return done_testing();
}
