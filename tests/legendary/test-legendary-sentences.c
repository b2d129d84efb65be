/*
 * test-legendary-sentences.c — Legendary's events as sentences a player
 * reads (rules/legendary/event-sentences.c, issue 16): whole games of both
 * modes (Playing as Humans, won and lost; Playing as Predators, each way
 * it is played) told to each seat as its view would, every event of a
 * Legendary type given a sentence with no JSON, field names, slugs' "_"
 * or "legendary." in it; every type the rules emit (the sources are
 * read for them) has a sentence; a few exact sentences.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"
#include "tests/tap.h"

extern const struct rules rules_legendary;
static const struct rules *R = &rules_legendary;
static void *DATA;

/*
 * Every event type the Legendary rules emit, with a payload of each as
 * the rules make it (the sources are checked against this list below).
 */
static const struct {
	const char *type, *payload;
} TYPES[] = {
	{ "legendary.arrest", "{\"officer\":\"commando\",\"prey\":\"jungle-guerilla\"}" },
	{ "legendary.averted", "{\"seat\":\"jungle-hunter\",\"card\":\"booby-trap-danger\"}" },
	{ "legendary.character-killed", "{\"seat\":\"lieutenant\",\"card\":\"experience\"}" },
	{ "legendary.combat-zone", "{\"card\":\"hidden\"}" },
	{ "legendary.discard-draw", "{\"seat\":\"lieutenant\",\"card\":\"experience\"}" },
	{ "legendary.swap", "{\"seat\":\"lieutenant\",\"card\":\"experience\","
	  "\"attack\":1,\"recruit\":0}" },
	{ "legendary.coordinate", "{\"seat\":\"lieutenant\",\"to\":\"tracker\","
	  "\"card\":\"mac-sample-2\"}" },
	{ "legendary.danger-sprung", "{\"card\":\"booby-trap-danger\"}" },
	{ "legendary.disabled", "{\"seat\":\"jungle-hunter\",\"card\":\"flash-trap\"}" },
	{ "legendary.disarming", "{\"card\":\"jungle-guerilla\"}" },
	{ "legendary.discard", "{\"seat\":\"jungle-hunter\",\"card\":\"woodland-intel-1\"}" },
	{ "legendary.hand-discarded", "{\"seat\":\"tracker\",\"card\":\"experience\"}" },
	{ "legendary.shown", "{\"seat\":\"lieutenant\",\"card\":\"the-door-swings-both-ways\","
	  "\"from\":\"hand\",\"for\":\"harrigan-sample-2\"}" },
	{ "legendary.goal-cover", "{\"seat\":\"tracker\",\"goal\":\"defensive-position\","
	  "\"card\":\"deep-gash\",\"for\":\"lieutenant\",\"discarded\":\"experience\"}" },
	{ "legendary.armory-revealed", "{\"seat\":\"city-hunter\",\"card\":\"urban-intel-1\","
	  "\"cost\":2,\"gained\":true}" },
	{ "legendary.hazard-to-enemy-deck", "{\"card\":\"hazard\",\"cards\":20}" },
	{ "legendary.attached", "{\"card\":\"defensive-position\",\"space\":\"hills\"}" },
	{ "legendary.in-front", "{\"seat\":\"tracker\",\"card\":\"war-zone-sample-enemy\"}" },
	{ "legendary.timing", "{\"seat\":\"lieutenant\",\"moved\":2,\"first\":\"farthest\"}" },
	{ "legendary.discard-top", "{\"seat\":\"lieutenant\",\"card\":\"experience\"}" },
	{ "legendary.discarded", "{\"card\":\"val-verde-guerilla\"}" },
	{ "legendary.drawn", "{\"card\":\"experience\"}" },
	{ "legendary.duel", "{\"seat\":\"jungle-hunter\",\"target\":\"city-hunter\"}" },
	{ "legendary.enemy-deck-reshuffled", "{\"cards\":12}" },
	{ "legendary.enters", "{\"space\":\"underground\"}" },
	{ "legendary.escaped", "{\"card\":\"jungle-guerilla\"}" },
	{ "legendary.gain", "{\"seat\":\"lieutenant\",\"card\":\"knock-knock\","
	  "\"hq\":\"empty\"}" },
	{ "legendary.game-over", "{\"why\":\"the Ultimate Prey died\",\"cooperative\":"
	  "false,\"scores\":[{\"seat\":\"jungle-hunter\",\"honor\":12,\"challenge\":0,"
	  "\"place\":1},{\"seat\":\"city-hunter\",\"honor\":9,\"challenge\":0,"
	  "\"place\":2}]}" },
	{ "legendary.gear", "{\"gear\":\"armor-vest\",\"prey\":\"jungle-guerilla\"}" },
	{ "legendary.gear-waits", "{\"gear\":\"armor-vest\"}" },
	{ "legendary.goal-ignored", "{\"card\":\"defensive-position\"}" },
	{ "legendary.healed", "{\"seat\":\"tracker\",\"card\":\"deep-gash\"}" },
	{ "legendary.honor", "{\"seat\":\"jungle-hunter\",\"honor\":2}" },
	{ "legendary.killed", "{\"seat\":\"tracker\",\"card\":\"val-verde-guerilla\"}" },
	{ "legendary.lost", "{\"why\":\"every player is dead\"}" },
	{ "legendary.mark", "{\"seat\":\"tracker\",\"marks\":1}" },
	{ "legendary.no-strikes", "{}" },
	{ "legendary.not-expressed", "{\"card\":\"objective\"}" },
	{ "legendary.not-killed", "{\"seat\":\"tracker\",\"card\":\"one-ugly-mother\"}" },
	{ "legendary.objective-completed", "{\"objective\":\"expendable-assets\","
	  "\"stage\":1}" },
	{ "legendary.objective-progress", "{\"progress\":1,\"needed\":4}" },
	{ "legendary.operations", "{\"card\":\"event\",\"events\":2,\"scan\":2}" },
	{ "legendary.operations-cleared", "{}" },
	{ "legendary.order-dropped", "{\"line\":3,\"why\":\"the turn has ended\"}" },
	{ "legendary.order-failed", "{\"line\":2,\"order\":\"recruit 4\",\"why\":"
	  "\"no card there\"}" },
	{ "legendary.play", "{\"seat\":\"lieutenant\",\"card\":\"experience\"}" },
	{ "legendary.player-died", "{\"seat\":\"lieutenant\"}" },
	{ "legendary.predator-died", "{\"seat\":\"city-hunter\",\"by\":\"jungle-hunter\"}" },
	{ "legendary.preparation-turn", "{}" },
	{ "legendary.prey-deck", "{\"mercenaries\":6}" },
	{ "legendary.recruit", "{\"seat\":\"lieutenant\",\"card\":\"mac-sample-2\","
	  "\"hq\":\"mac-sample-3\"}" },
	{ "legendary.released", "{\"prey\":\"jungle-guerilla\"}" },
	{ "legendary.reshuffle", "{\"seat\":\"lieutenant\"}" },
	{ "legendary.restored", "{\"seat\":\"jungle-hunter\",\"strike\":\"prey-flesh-wound\","
	  "\"whole\":false}" },
	{ "legendary.revealed", "{\"card\":\"val-verde-guerilla\",\"kind\":\"enemy\","
	  "\"by\":\"lieutenant\",\"opens\":[\"wilds:1\"]}" },
	{ "legendary.role", "{\"seat\":\"jungle-hunter\",\"role\":\"jungle-hunter\","
	  "\"initiative\":3}" },
	{ "legendary.runner", "{\"card\":\"one-ugly-mother\"}" },
	{ "legendary.scan", "{\"seat\":\"lieutenant\",\"space\":\"river\"}" },
	{ "legendary.setup", "{\"movie\":\"predator\",\"location\":"
	  "\"the-val-verdean-jungle\",\"objectives\":[\"expendable-assets\","
	  "\"flares-frags-and-claymores\",\"get-to-the-choppa\"],\"enemy_deck\":36}" },
	{ "legendary.strike-cancelled", "{\"seat\":\"tracker\",\"card\":\"shattered-rib\","
	  "\"discarded\":\"experience\"}" },
	{ "legendary.strike", "{\"seat\":\"lieutenant\",\"card\":\"brutal-puncture\","
	  "\"damage\":3,\"enemy\":\"\"}" },
	{ "legendary.strike-avoided", "{\"seat\":\"tracker\"}" },
	{ "legendary.strike-shown", "{\"card\":\"deep-gash\",\"damage\":2}" },
	{ "legendary.strikes-reshuffled", "{\"cards\":8}" },
	{ "legendary.test", "{\"card\":\"test-of-blood\"}" },
	{ "legendary.test-passed", "{\"seat\":\"jungle-hunter\",\"card\":\"test-of-blood\"}" },
	{ "legendary.trap", "{\"seat\":\"jungle-hunter\",\"trap\":\"flash-trap\"}" },
	{ "legendary.trophy", "{\"card\":\"jungle-guerilla\",\"honor\":1}" },
	{ "legendary.turn", "{\"turn\":3,\"seat\":\"jungle-hunter\",\"preparation\":true}" },
	{ "legendary.unmarked", "{\"seat\":\"tracker\",\"marks\":1}" },
	{ "legendary.use", "{\"seat\":\"lieutenant\",\"card\":\"position-and-situation\"}" },
	{ "legendary.wilds-face-down", "{}" },
	{ "legendary.won", "{\"victory\":\"major\",\"score\":42}" },
	{ "victory", "{\"seat\":\"jungle-hunter\",\"place\":1,\"condition\":\"honor\"}" },
};
#define NTYPES	(sizeof TYPES / sizeof TYPES[0])

static int met[NTYPES];

static int
type_index(const char *type)
{
	size_t i;

	for (i = 0; type != NULL && i < NTYPES; i++)
		if (strcmp(TYPES[i].type, type) == 0)
			return (int)i;
	return -1;
}

/* What a sentence must not be: why, or NULL when it reads well. */
static const char *
unreadable(const char *s)
{
	static const char *const bad[] = { "null", "[", "]", "{", "}", "_",
		"legendary.", "opens", "wilds:" };
	size_t i;

	if (s[0] == '\0')
		return "empty";
	if (!isupper((unsigned char)s[0]))
		return "does not start uppercase";
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (strstr(s, bad[i]) != NULL)
			return bad[i];
	return NULL;
}

/*
 * Tell payloads (a JSON array) as the view would; every item of a
 * Legendary type must have a sentence (or "" where an earlier one tells
 * it), each readable. Returns the failures; *longest the longest one.
 */
static int
tell(const struct rules_game *g, cJSON *payloads, const char *what, size_t *longest)
{
	cJSON *texts = R->events_text != NULL ? R->events_text(g, payloads) : NULL;
	const cJSON *p, *t;
	int i = 0, bad = 0, told_before = 0;
	const char *why;

	if (!cJSON_IsArray(texts) || cJSON_GetArraySize(texts) !=
	    cJSON_GetArraySize(payloads)) {
		cJSON_Delete(texts);
		diag("%s: no array of %d sentences", what, cJSON_GetArraySize(payloads));
		return 1;
	}
	cJSON_ArrayForEach(p, payloads) {
		const char *type = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
		    "type"));
		int k = type_index(type);

		t = cJSON_GetArrayItem(texts, i++);
		if (k < 0) {
			diag("%s: a type not in the test's list: %s", what, type);
			bad++;
			continue;
		}
		met[k] = 1;
		if (!cJSON_IsString(t)) {
			diag("%s: no sentence for %s", what, type);
			bad++;
			continue;
		}
		if (t->valuestring[0] == '\0') {
			if (!told_before) {
				diag("%s: %s told by no earlier sentence", what, type);
				bad++;
			}
			continue;
		}
		told_before = 1;
		if ((why = unreadable(t->valuestring)) != NULL) {
			char *j = cJSON_PrintUnformatted(p);

			diag("%s: %s reads badly (%s): \"%s\"", what, j, why, t->valuestring);
			free(j);
			bad++;
		}
		if (longest != NULL && strlen(t->valuestring) > *longest)
			*longest = strlen(t->valuestring);
		if (strlen(t->valuestring) > 90 && getenv("LG_LONG") != NULL)
			diag("long: %s", t->valuestring);
	}
	cJSON_Delete(texts);
	return bad;
}

/* Each seat's events (those it may see), told as its views would tell them. */
static int
tell_seats(const struct rules_game *g, const struct rules_events *ev, int nseats,
    const char *what, size_t *longest)
{
	int seat, bad = 0;
	size_t i;

	for (seat = 0; seat < nseats; seat++) {
		cJSON *a = cJSON_CreateArray();

		for (i = 0; i < ev->n; i++)
			if (ev->v[i].vis == RULES_VIS_PUBLIC ||
			    (ev->v[i].seats & ((uint64_t)1 << seat)) != 0)
				cJSON_AddItemToArray(a, cJSON_Parse(ev->v[i].json));
		bad += tell(g, a, what, longest);
		cJSON_Delete(a);
	}
	return bad;
}

struct counter {
	uint64_t	 n, salt;
};

static uint32_t
next(void *ctx, uint32_t bound)
{
	struct counter *c = ctx;
	uint64_t x = (c->n++ + 1) * 0x9E3779B97F4A7C15ull ^ c->salt;

	x ^= x >> 31;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 29;
	return (uint32_t)(x % bound);
}

/*
 * A new game: Playing as Humans (seats from the personal decks shipped)
 * or as Predators (the seats are the roles), options "a,b" or NULL.
 */
static struct rules_game *
new_game(const char *mode, const char *seats, const char *opts, uint64_t salt,
    struct counter *cu, struct counter *ch, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct rules_seat rs[5];
	struct rules_setup su;
	const char *o[8];
	char *s = xstrdup(seats), *t = opts ? xstrdup(opts) : NULL, *p, *save = NULL;
	char *deck, *cause = NULL;
	struct rules_game *g;
	int n = 0, no = 0, humans = strcmp(mode, "humans") == 0, i;

	memset(&su, 0, sizeof su);
	memset(rs, 0, sizeof rs);
	for (p = strtok_r(s, ",", &save); p != NULL && n < 5; p = strtok_r(NULL, ",", &save)) {
		if (humans) {
			char *path = xasprintf("%s/rules/legendary/data/%s.deck",
			    getenv("top_srcdir") ? getenv("top_srcdir") : ".", p);
			size_t len;

			deck = NULL;
			if (fs_read_file(path, 4096, &deck, &len, NULL) == 0)
				R->seat_build(DATA, p, p, deck, len, &rs[n], NULL);
			free(deck);
			free(path);
		} else {
			rs[n].name = p;
			rs[n].faction = p;
		}
		n++;
	}
	save = NULL;
	for (p = t ? strtok_r(t, ",", &save) : NULL; p != NULL && no < 8;
	    p = strtok_r(NULL, ",", &save))
		o[no++] = p;
	su.scenario = mode;
	su.seats = rs;
	su.nseats = (size_t)n;
	su.data = DATA;
	su.places = 1;
	su.options = no > 0 ? o : NULL;
	su.noptions = (size_t)no;
	cu->n = 0;
	cu->salt = salt;
	ch->n = 0;
	ch->salt = salt + 7;
	rng->uniform = next;
	rng->ctx = cu;
	rng->hidden = next;
	rng->hidden_ctx = ch;
	g = R->create(&su, rng, ev, &cause);
	if (g == NULL)
		diag("%s %s: %s", mode, seats, cause);
	free(cause);
	if (humans)
		for (i = 0; i < n; i++)
			R->seat_clear(&rs[i]);
	free(s);
	free(t);
	return g;
}

/*
 * A whole game of the demo player's orders; every seat's events told.
 * Returns the failures; *result the game's (g->result).
 */
static int
play(const char *mode, const char *seats, const char *opts, uint64_t salt,
    int *result, size_t *longest)
{
	struct counter cu, ch;
	struct rules_rng rng;
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_game *g = new_game(mode, seats, opts, salt, &cu, &ch, &rng, &ev);
	char *orders[5], *cause = NULL, *what;
	int steps, bad = 0, n;
	size_t i;

	if (g == NULL)
		return 1;
	n = (int)R->nseats(g);
	for (steps = 0; steps < 3000 && strcmp(R->phase(g), "over") != 0; steps++) {
		for (i = 0; i < (size_t)n; i++)
			orders[i] = R->owes(g, i) ? R->demo_orders(g, i) : NULL;
		if (R->resolve(g, (const char *const *)orders, &rng, &ev, &cause) == -1) {
			diag("resolve: %s", cause);
			free(cause);
			cause = NULL;
			bad++;
			steps = 3000;
		}
		for (i = 0; i < (size_t)n; i++)
			free(orders[i]);
	}
	*result = g->result;
	what = xasprintf("%s %s %s seed %llu", mode, seats, opts ? opts : "",
	    (unsigned long long)salt);
	bad += tell_seats(g, &ev, n, what, longest);
	free(what);
	rules_events_free(&ev);
	R->free(g);
	return bad;
}

static void
whole_games(void)
{
	static const char *const humans[] = { "lieutenant", "lieutenant,tracker",
		"lieutenant,tracker,guerilla", "lieutenant,tracker,guerilla,cia-agent" };
	static const struct { const char *seats, *opts; } predators[] = {
		{ "jungle-hunter", NULL },
		{ "jungle-hunter,city-hunter", "tests" },
		{ "jungle-hunter,city-hunter,elder-hunter", "challenges" },
		{ "jungle-hunter,city-hunter", "cooperative" },
		{ "jungle-hunter,city-hunter,elder-hunter,young-blood-hunter", "movie-predator-2" },
		{ "jungle-hunter,city-hunter,elder-hunter,young-blood-hunter,tracker-hunter",
		  NULL },
		{ "jungle-hunter,city-hunter,elder-hunter", "cooperative,tests" },
	};
	int bad = 0, result, won = 0, lost = 0, games = 0;
	size_t i, k, longest = 0;
	uint64_t salt;

	for (i = 0; i < sizeof humans / sizeof humans[0]; i++)
		for (salt = 1; salt <= 5; salt++) {
			bad += play("humans", humans[i], NULL, 11 * salt + i, &result,
			    &longest);
			games++;
			won += result > 0;
			lost += result < 0;
		}
	ok(bad == 0, "Playing as Humans: every event of %d whole games told to each "
	    "seat has a sentence that reads well (%d won, %d lost)", games, won, lost);
	ok(won > 0 && lost > 0, "the Humans games told include won and lost ones "
	    "(%d won, %d lost)", won, lost);
	ok(met[type_index("legendary.lost")] && met[type_index("legendary.won")],
	    "a lost game and a won game were told");
	bad = games = 0;
	for (i = 0; i < sizeof predators / sizeof predators[0]; i++)
		for (salt = 1; salt <= 3; salt++) {
			bad += play("predators", predators[i].seats, predators[i].opts,
			    31 * salt + i, &result, &longest);
			games++;
		}
	ok(bad == 0, "Playing as Predators (competitive and cooperative, Tests, "
	    "Challenges): every event of %d whole games told to each seat has a "
	    "sentence that reads well", games);
	diag("the longest sentence told: %zu characters", longest);
	for (k = 0, i = 0; i < NTYPES; i++)
		k += met[i];
	diag("event types met in the games: %zu of %zu", k, NTYPES);
	ok(k >= 40, "the games met most event types (%zu of %zu)", k, NTYPES);
}

/* The "type" strings in the rules' sources ("legendary.x"), each in TYPES. */
static void
every_type_listed(void)
{
	static const char *const files[] = { "action-phase.c", "card-data.c",
		"challenges.c", "cleanup.c", "effects.c", "enemy-phase.c", "honor.c",
		"keywords.c", "objectives.c", "orders.c", "pile.c", "predator-data.c",
		"predator-setup.c", "predator-strike.c", "predator-turn.c",
		"prey-keywords.c", "serial.c", "setup.c", "state.c", "strike-phase.c",
		"table.c", "view.c", "predator-view.c" };
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	int found = 0, missing = 0;
	size_t i, len;

	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		char *path = xasprintf("%s/rules/legendary/%s", top, files[i]), *text = NULL;
		const char *p;

		if (fs_read_file(path, 1 << 20, &text, &len, NULL) == -1) {
			diag("cannot read %s", path);
			missing++;
		}
		for (p = text; p != NULL && (p = strstr(p, "legendary.")) != NULL; p++) {
			char type[64];
			size_t n = 0;

			if (p == text || p[-1] != '"')
				continue;	/* not a string's start: "legendary.h" */
			memcpy(type, p, 10);
			n = 10;
			while (n + 1 < sizeof type && (islower((unsigned char)p[n]) ||
			    p[n] == '-'))
				type[n] = p[n], n++;
			type[n] = '\0';
			if (n == 10)
				continue;	/* "legendary.%s": recruit/gain, healed/restored */
			found++;
			if (type_index(type) < 0) {
				diag("%s emits %s: not in the test's list", files[i], type);
				missing++;
			}
		}
		free(text);
		free(path);
	}
	ok(found > 50 && missing == 0, "every event type in the rules' sources is in "
	    "the test's list (%d found)", found);
}

/* One payload of each type told alone: a sentence that reads well. */
static void
every_type_told(const struct rules_game *g)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < NTYPES; i++) {
		cJSON *p = cJSON_Parse(TYPES[i].payload), *a = cJSON_CreateArray();

		if (p == NULL) {
			diag("the test's payload of %s is not JSON", TYPES[i].type);
			bad++;
			cJSON_Delete(a);
			continue;
		}
		cJSON_AddItemToObject(p, "type", cJSON_CreateString(TYPES[i].type));
		cJSON_AddItemToArray(a, p);
		bad += tell(g, a, TYPES[i].type, NULL);
		cJSON_Delete(a);
	}
	ok(bad == 0, "each of the %zu event types the rules emit has a sentence that "
	    "reads well", NTYPES);
}

/* The sentences of a payload list, "|"-joined ("" items shown empty). */
static char *
told(const struct rules_game *g, const char *json)
{
	cJSON *a = cJSON_Parse(json), *t = R->events_text != NULL && a != NULL ?
	    R->events_text(g, a) : NULL;
	const cJSON *it;
	char *s = xstrdup(""), *u;

	cJSON_ArrayForEach(it, t) {
		u = xasprintf("%s%s%s", s, s[0] != '\0' || it != t->child ? "|" : "",
		    cJSON_IsString(it) ? it->valuestring : "(null)");
		free(s);
		s = u;
	}
	cJSON_Delete(a);
	cJSON_Delete(t);
	return s;
}

static void
exact(const struct rules_game *g)
{
	static const struct { const char *json, *want, *what; } cases[] = {
		{ "[{\"type\":\"legendary.drawn\",\"card\":\"experience\"},"
		  "{\"type\":\"legendary.drawn\",\"card\":\"brute-strength\"},"
		  "{\"type\":\"legendary.drawn\",\"card\":\"experience\"}]",
		  "You draw 2 Experience and Brute Strength||",
		  "a seat's own draws in a row: one sentence, like cards counted" },
		{ "[{\"type\":\"legendary.play\",\"seat\":\"lieutenant\",\"card\":"
		  "\"position-and-situation\"},{\"type\":\"legendary.play\",\"seat\":"
		  "\"lieutenant\",\"card\":\"experience\"},{\"type\":\"legendary.play\","
		  "\"seat\":\"tracker\",\"card\":\"experience\"}]",
		  "Lieutenant plays Position And Situation and Experience||"
		  "Tracker plays Experience",
		  "plays by one seat in a row: one sentence; another seat's apart" },
		{ "[{\"type\":\"legendary.scan\",\"seat\":\"lieutenant\",\"space\":"
		  "\"river\"},{\"type\":\"legendary.revealed\",\"card\":"
		  "\"val-verde-guerilla\",\"kind\":\"enemy\",\"by\":\"lieutenant\","
		  "\"opens\":[\"wilds:1\"]}]",
		  "Lieutenant scans the River: Val Verde Guerilla (enemy) is revealed|",
		  "a scan and the card it reveals: one sentence, no \"opens\"" },
		{ "[{\"type\":\"legendary.revealed\",\"card\":\"event\",\"kind\":"
		  "\"event\",\"by\":\"tracker\",\"opens\":[\"wilds:4\"]}]",
		  "An Event is revealed", "a revealed Event" },
		{ "[{\"type\":\"legendary.killed\",\"seat\":\"lieutenant\",\"card\":"
		  "\"camp-sentry\"},{\"type\":\"legendary.killed\",\"seat\":"
		  "\"lieutenant\",\"card\":\"scared-recruit\"},{\"type\":"
		  "\"legendary.recruit\",\"seat\":\"lieutenant\",\"card\":"
		  "\"woodland-intel-1\"},{\"type\":\"legendary.recruit\",\"seat\":"
		  "\"lieutenant\",\"card\":\"woodland-intel-1\"}]",
		  "Lieutenant kills Camp Sentry and Scared Recruit||Lieutenant recruits "
		  "2 Woodland Intel Common|", "kills and recruits in a row by one seat" },
		{ "[{\"type\":\"legendary.character-killed\",\"seat\":\"lieutenant\","
		  "\"card\":\"experience\",\"played\":true},{\"type\":"
		  "\"legendary.character-killed\",\"seat\":\"lieutenant\",\"card\":"
		  "\"brute-strength\"}]",
		  "Lieutenant kills their own Experience, played this turn|Lieutenant "
		  "kills their own Brute Strength",
		  "a character killed from those played, another from the hand" },
		{ "[{\"type\":\"legendary.lost\",\"why\":\"every player is dead\"}]",
		  "The game is lost: every player is dead", "the game lost" },
		{ "[{\"type\":\"legendary.setup\",\"mode\":\"predators\",\"chosen\":true,"
		  "\"movie\":\"predator\",\"prey_decks\":[\"drawn-by-heat-and-conflict\",\"payback-time\","
		  "\"what-the-hell-are-you\"],\"armory_groups\":[\"woodland-intel\","
		  "\"urban-intel\",\"woodland-tech\",\"urban-strength\"],\"prey_deck\":34,"
		  "\"armory\":56,\"mercenaries_left\":21}]",
		  "Playing as Predators: the Prey mini-decks Drawn By Heat and Conflict, "
		  "Payback Time and What the Hell Are You?, the Armory of Woodland - Intel, "
		  "Urban - Intel, Woodland - Tech and Urban - Strength, a Prey deck of 34",
		  "a chosen Predators set-up: its mini-decks and groups by name" },
		{ "[{\"type\":\"legendary.setup\",\"movie\":\"predator\",\"location\":"
		  "\"the-val-verdean-jungle\",\"objectives\":[\"expendable-assets\","
		  "\"flares-frags-and-claymores\",\"get-to-the-choppa\"],\"enemy_deck\":36}]",
		  "Predator in The Val Verdean Jungle: objectives Expendable Assets, "
		  "Flares, Frags, and Claymores and Get to the Choppa!",
		  "the setup: movie, location and objectives by name" },
		{ "[{\"type\":\"legendary.recruit\",\"seat\":\"lieutenant\",\"card\":"
		  "\"mac-sample-2\",\"hq\":\"empty\"},{\"type\":\"legendary.combat-zone\","
		  "\"card\":\"hidden\"}]",
		  "Lieutenant recruits Mac Sample 2|A face-down card moves into the "
		  "Combat Zone", "an empty HQ slot and a hidden card are not named" },
		{ "[{\"type\":\"victory\",\"seat\":\"jungle-hunter\",\"place\":1,"
		  "\"condition\":\"honor\"},{\"type\":\"victory\",\"seat\":"
		  "\"city-hunter\",\"place\":1,\"condition\":\"honor\"},{\"type\":"
		  "\"game.result\",\"winner\":\"jungle-hunter\"}]",
		  "Jungle Hunter and City Hunter win on honor||(null)",
		  "shared victories told together; the daemon's own type is left null" },
		{ "[{\"type\":\"legendary.strike\",\"seat\":\"jungle-hunter\",\"card\":"
		  "\"prey-flesh-wound\",\"damage\":2,\"dishonor\":1,\"lethal\":true}]",
		  "Jungle Hunter takes the Strike Flesh Wound, 2 damage, 1 dishonor, "
		  "lethal",
		  "a Predator's strike" },
		{ "[{\"type\":\"legendary.strike\",\"seat\":\"city-hunter\",\"card\":"
		  "\"prey-flesh-wound\",\"damage\":2,\"dishonor\":0,\"lethal\":true}]",
		  "City Hunter takes the Strike Flesh Wound, 2 damage, lethal",
		  "a lethal strike with no dishonor" },
		{ "[{\"type\":\"legendary.order-failed\",\"line\":7,\"order\":"
		  "\"play mac-sample-2\",\"why\":\"\\\"mac-sample-2\\\" is not in your "
		  "hand\"}]",
		  "Your order on line 7 (play mac-sample-2) failed: Mac Sample 2 is not "
		  "in your hand", "a failed order: the seat's own line, the card by name" },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *s = told(g, cases[i].json);

		is_str(s, cases[i].want, "%s", cases[i].what);
		free(s);
	}
}

int
main(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p = xasprintf("%s/rules/legendary/data/legendary-cards.json", top), *cause = NULL;
	char *bytes;
	size_t len;
	struct rules_file f;
	struct counter cu, ch;
	struct rules_rng rng;
	struct rules_game *g;

	if (fs_read_file(p, 1 << 20, &bytes, &len, &cause) == -1)
		return diag("%s", cause), done_testing();
	free(p);
	f.name = "legendary-cards.json";
	f.bytes = bytes;
	f.len = len;
	DATA = R->data_load(&f, 1, &cause);
	ok(DATA != NULL, "the card data loads");
	if (DATA == NULL)
		return done_testing();
	ok(R->events_text != NULL, "Legendary tells its events as sentences "
	    "(struct rules events_text)");
	g = new_game("humans", "lieutenant,tracker", NULL, 5, &cu, &ch, &rng, NULL);
	ok(g != NULL, "a game to tell events of");
	if (g != NULL) {
		every_type_listed();
		every_type_told(g);
		exact(g);
		R->free(g);
	}
	whole_games();
	R->data_free(DATA);
	free(bytes);
	return done_testing();
}
