/* toy-rules.c — the blind bid (tests/toy/toy-rules.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "tests/toy/toy-rules.h"

#define TOY_SEATS	2
#define TOY_MAX_COINS	20

static const char *const toy_names[TOY_SEATS] = { "red", "blue" };

struct toy_data {
	int	rounds;
	int	die;
};

struct rules_game {
	const struct toy_data	*data;
	int			 turn;		/* round, from 1 */
	int			 over;
	int			 roll;		/* the last round's die, 0: none yet */
	int			 coins[TOY_SEATS];
	int			 points[TOY_SEATS];
	int			 card[TOY_SEATS];	/* this round's secret card */
};

/* ---- data ---- */

static void *
toy_data_load(const struct rules_file *files, size_t nfiles, char **cause)
{
	struct toy_data *d;
	cJSON *o;
	const cJSON *r, *die;

	if (nfiles != 1)
		return cause_set(cause, "toy data is one file, not %zu", nfiles), NULL;
	if ((o = cJSON_ParseWithLength(files[0].bytes, files[0].len)) == NULL)
		return cause_set(cause, "%s: not JSON", files[0].name), NULL;
	r = cJSON_GetObjectItemCaseSensitive(o, "rounds");
	die = cJSON_GetObjectItemCaseSensitive(o, "die");
	if (!cJSON_IsNumber(r) || r->valueint < 1 || r->valueint > 9 ||
	    !cJSON_IsNumber(die) || die->valueint < 2 || die->valueint > 20) {
		cJSON_Delete(o);
		return cause_set(cause, "%s: expected {\"rounds\": 1..9, \"die\": 2..20}",
		    files[0].name), NULL;
	}
	d = xcalloc(1, sizeof *d);
	d->rounds = r->valueint;
	d->die = die->valueint;
	cJSON_Delete(o);
	return d;
}

static void
toy_data_free(void *data)
{
	/* cleared first, so that data used after it is freed is seen */
	if (data != NULL)
		memset(data, 0, sizeof(struct toy_data));
	free(data);
}

static char *
toy_data_canonical(const void *data, size_t *len)
{
	const struct toy_data *d = data;
	char *s = xasprintf("{\"die\":%d,\"rounds\":%d}", d->die, d->rounds);

	*len = strlen(s);
	return s;
}

static void
toy_data_hash(const void *data, unsigned char hash[32])
{
	size_t len;
	char *s = toy_data_canonical(data, &len);

	crypto_generichash(hash, 32, (const unsigned char *)s, len, NULL, 0);
	free(s);
}

/* ---- seats ---- */

/* The blind bid has no options. */
static int
toy_option_check(const char *name, char **cause)
{
	return cause_set(cause, "unknown option \"%s\" (the blind bid has none)", name);
}

static int
toy_scenario_check(const char *scenario, char **cause)
{
	if (strcmp(scenario, "blind-bid") != 0)
		return cause_set(cause, "unknown scenario \"%s\" (blind-bid)", scenario);
	return 0;
}

static int
toy_faction_check(const char *seat, const char *faction, char **cause)
{
	if (strcmp(faction, "red") != 0 && strcmp(faction, "blue") != 0)
		return cause_set(cause, "seat \"%s\": the faction \"%s\" is not red or blue",
		    seat, faction);
	return 0;
}

/* "coins N" (comments and blank lines aside): N, or -1. */
static int
purse(const char *text, size_t len)
{
	char *s = xmemdup(text, len), *line, *save = NULL;
	int n = -1, k, lines = 0;

	for (line = strtok_r(s, "\n", &save); line != NULL; line = strtok_r(NULL, "\n",
	    &save)) {
		if (*line == '#' || *line == '\0')
			continue;
		lines++;
		if (sscanf(line, "coins %d", &k) == 1 && k >= 1 && k <= TOY_MAX_COINS)
			n = k;
	}
	free(s);
	return lines == 1 ? n : -1;
}

static int
toy_deck_check(const void *data, const char *scenario, const char *faction,
    const struct rules_file *deck, char **cause)
{
	(void)data;
	(void)scenario;
	if (purse(deck->bytes, deck->len) == -1)
		return cause_set(cause, "the decklist is not legal for %s (1 problem):\n"
		    "%s: expected one line \"coins N\", N 1..%d", faction, deck->name,
		    TOY_MAX_COINS);
	return 0;
}

static int
toy_seat_build(const void *data, const char *seat, const char *faction, const char *deck,
    size_t len, struct rules_seat *out, char **cause)
{
	char **v;
	int n = purse(deck, len);

	(void)data;
	memset(out, 0, sizeof *out);
	out->name = seat;
	out->faction = faction;
	if (n == -1)
		return cause_set(cause, "expected one line \"coins N\"");
	v = xcalloc(1, sizeof *v);
	v[0] = xasprintf("%d", n);
	out->deck = (const char *const *)v;
	out->ndeck = 1;
	return 0;
}

static void
toy_seat_clear(struct rules_seat *out)
{
	if (out->deck != NULL)
		free((char *)out->deck[0]);
	free((void *)out->deck);
	out->deck = NULL;
	out->ndeck = 0;
}

/* ---- play ---- */

static void
deal(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	uint32_t (*draw)(void *, uint32_t) = rng->hidden != NULL ? rng->hidden : rng->uniform;
	void *ctx = rng->hidden != NULL ? rng->hidden_ctx : rng->ctx;
	char buf[96];
	size_t i;

	for (i = 0; i < TOY_SEATS; i++) {
		g->card[i] = (int)draw(ctx, 6) + 1;
		if (ev != NULL) {
			snprintf(buf, sizeof buf, "{\"type\":\"toy.dealt\",\"round\":%d,"
			    "\"card\":%d}", g->turn, g->card[i]);
			rules_events_add(ev, RULES_VIS_SEATS, (uint64_t)1 << i, buf);
		}
	}
}

static int
seat_of(const struct rules_setup *su, const char *name)
{
	size_t i;

	for (i = 0; i < su->nseats; i++)
		if (strcmp(su->seats[i].name, name) == 0)
			return (int)i;
	return -1;
}

static struct rules_game *
toy_create(const struct rules_setup *su, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	struct rules_game *g;
	size_t i;
	int k;

	if (su->nseats != TOY_SEATS)
		return cause_set(cause, "a blind bid has seats red and blue"), NULL;
	g = xcalloc(1, sizeof *g);
	g->data = su->data;
	g->turn = 1;
	for (i = 0; i < TOY_SEATS; i++) {
		if ((k = seat_of(su, toy_names[i])) < 0 || su->seats[k].ndeck != 1) {
			free(g);
			return cause_set(cause, "a blind bid has seats red and blue"), NULL;
		}
		g->coins[i] = atoi(su->seats[k].deck[0]);
	}
	if (ev != NULL)
		rules_events_add(ev, RULES_VIS_PUBLIC, 0, "{\"type\":\"toy.start\"}");
	deal(g, rng, ev);
	return g;
}

static void
toy_free(struct rules_game *g)
{
	free(g);
}

static size_t
toy_nseats(const struct rules_game *g)
{
	(void)g;
	return TOY_SEATS;
}

static const char *
toy_seat_name(const struct rules_game *g, size_t seat)
{
	(void)g;
	return seat < TOY_SEATS ? toy_names[seat] : NULL;
}

static int
toy_seat_index(const struct rules_game *g, const char *name)
{
	size_t i;

	(void)g;
	for (i = 0; i < TOY_SEATS; i++)
		if (strcmp(toy_names[i], name) == 0)
			return (int)i;
	return -1;
}

static int
toy_turn(const struct rules_game *g)
{
	return g->turn;
}

static const char *
toy_phase(const struct rules_game *g)
{
	return g->over ? "over" : "bid";
}

static int
toy_owes(const struct rules_game *g, size_t seat)
{
	return !g->over && seat < TOY_SEATS;
}

static char *
toy_legal(const struct rules_game *g, size_t seat)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addstr(&sb, "pass\n");
	for (i = 1; i <= g->coins[seat]; i++)
		strbuf_addf(&sb, "bid %d\n", i);
	return strbuf_detach(&sb, NULL);
}

/* The bid of an orders text: 0..coins, or -1 with *cause. */
static int
bid_of(const struct rules_game *g, size_t seat, const char *orders, char **cause)
{
	const char *p = orders != NULL ? orders : "", *nl;
	int bid = 0, n, lineno = 0, bids = 0;
	char line[64];
	size_t len;

	for (; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		len = (size_t)(nl - p);
		lineno++;
		if (len == 0 || *p == '#')
			continue;
		if (len >= sizeof line)
			return cause_set(cause, "line %d: too long; expected \"bid N\"", lineno);
		memcpy(line, p, len);
		line[len] = '\0';
		if (strcmp(line, "pass") == 0)
			n = 0;
		else if (sscanf(line, "bid %d", &n) != 1 || n < 0 || n > g->coins[seat])
			return cause_set(cause, "line %d: \"%s\"; expected \"bid N\" with N "
			    "0..%d, or \"pass\"", lineno, line, g->coins[seat]);
		if (++bids > 1)
			return cause_set(cause, "line %d: a second bid; expected one", lineno);
		bid = n;
	}
	return bid;
}

static int
toy_check(const struct rules_game *g, size_t seat, const char *orders, char **cause)
{
	if (g->over)
		return cause_set(cause, "the game is over");
	return bid_of(g, seat, orders, cause) < 0 ? -1 : 0;
}

static int
toy_resolve(struct rules_game *g, const char *const *orders, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	int bid[TOY_SEATS], score[TOY_SEATS];
	char buf[256];
	size_t i;

	if (g->over)
		return cause_set(cause, "the game is over");
	for (i = 0; i < TOY_SEATS; i++)
		if ((bid[i] = bid_of(g, i, orders != NULL ? orders[i] : NULL, cause)) < 0)
			return cause_prefix(cause, "seat %s", toy_names[i]);
	g->roll = (int)rng->uniform(rng->ctx, (uint32_t)g->data->die) + 1;
	for (i = 0; i < TOY_SEATS; i++) {
		g->coins[i] -= bid[i];
		score[i] = bid[i] + g->card[i] * g->roll;
	}
	if (score[0] != score[1])
		g->points[score[0] > score[1] ? 0 : 1]++;
	snprintf(buf, sizeof buf, "{\"type\":\"toy.reveal\",\"round\":%d,\"roll\":%d,"
	    "\"bids\":[%d,%d],\"cards\":[%d,%d],\"scores\":[%d,%d]}", g->turn, g->roll,
	    bid[0], bid[1], g->card[0], g->card[1], score[0], score[1]);
	if (ev != NULL)
		rules_events_add(ev, RULES_VIS_PUBLIC, 0, buf);
	if (g->turn == g->data->rounds) {
		g->over = 1;
		memset(g->card, 0, sizeof g->card);
		if (ev != NULL)
			rules_events_add(ev, RULES_VIS_PUBLIC, 0, "{\"type\":\"toy.over\"}");
		return 0;
	}
	g->turn++;
	deal(g, rng, ev);
	return 0;
}

static cJSON *
toy_view(const struct rules_game *g, int seat)
{
	cJSON *o = cJSON_CreateObject(), *a, *s;
	size_t i;

	cJSON_AddNumberToObject(o, "round", g->turn);
	cJSON_AddNumberToObject(o, "rounds", g->data->rounds);
	cJSON_AddNumberToObject(o, "last_roll", g->roll);
	a = cJSON_AddArrayToObject(o, "seats");
	for (i = 0; i < TOY_SEATS; i++) {
		s = cJSON_CreateObject();
		cJSON_AddStringToObject(s, "seat", toy_names[i]);
		cJSON_AddNumberToObject(s, "coins", g->coins[i]);
		cJSON_AddNumberToObject(s, "points", g->points[i]);
		cJSON_AddItemToArray(a, s);
	}
	if (seat >= 0 && seat < TOY_SEATS && !g->over)
		cJSON_AddNumberToObject(o, "card", g->card[seat]);
	return o;
}

static char *
toy_save(const struct rules_game *g, size_t *len)
{
	char *s = xasprintf("{\"turn\":%d,\"over\":%d,\"roll\":%d,\"coins\":[%d,%d],"
	    "\"points\":[%d,%d],\"cards\":[%d,%d]}", g->turn, g->over, g->roll, g->coins[0],
	    g->coins[1], g->points[0], g->points[1], g->card[0], g->card[1]);

	*len = strlen(s);
	return s;
}

static struct rules_game *
toy_load(const void *data, const char *bytes, size_t len, char **cause)
{
	struct rules_game *g = xcalloc(1, sizeof *g);
	char *s = xmemdup(bytes, len);

	g->data = data;
	if (sscanf(s, "{\"turn\":%d,\"over\":%d,\"roll\":%d,\"coins\":[%d,%d],"
	    "\"points\":[%d,%d],\"cards\":[%d,%d]}", &g->turn, &g->over, &g->roll,
	    &g->coins[0], &g->coins[1], &g->points[0], &g->points[1], &g->card[0],
	    &g->card[1]) != 9) {
		free(s);
		free(g);
		return cause_set(cause, "not a blind bid state"), NULL;
	}
	free(s);
	return g;
}

static void
toy_secrets(const struct rules_game *g, struct rules_secret **out, size_t *n)
{
	size_t i;

	*n = 0;
	*out = xcalloc(TOY_SEATS, sizeof **out);
	if (g->over)
		return;
	for (i = 0; i < TOY_SEATS; i++) {
		(*out)[i].id = xasprintf("card:%s", toy_names[i]);
		(*out)[i].seat = (int)i;
		(*out)[i].bytes = (unsigned char *)xasprintf("%d", g->card[i]);
		(*out)[i].len = strlen((char *)(*out)[i].bytes);
	}
	*n = TOY_SEATS;
}

static void
toy_result(const struct rules_game *g, struct rules_result *res)
{
	int w = g->points[0] == g->points[1] ? -1 : g->points[0] > g->points[1] ? 0 : 1;

	res->over = g->over;
	res->nseats = TOY_SEATS;
	res->place = xcalloc(TOY_SEATS, sizeof *res->place);
	res->winner = g->over ? w : -1;
	if (res->winner >= 0) {
		res->place[w] = 1;
		res->place[1 - w] = 2;
	}
}

/* ---- the mail's text ---- */

static cJSON *
toy_view_text(const cJSON *rv, const char *seat)
{
	const cJSON *card = cJSON_GetObjectItemCaseSensitive(rv, "card"), *s;
	cJSON *o = cJSON_CreateObject();
	struct strbuf sb = STRBUF_INIT;

	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(rv, "seats"))
		strbuf_addf(&sb, "%s%s: %d coins, %d points\n",
		    cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s, "seat")),
		    strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s, "seat")),
		    seat) == 0 ? " (you)" : "",
		    cJSON_GetObjectItemCaseSensitive(s, "coins")->valueint,
		    cJSON_GetObjectItemCaseSensitive(s, "points")->valueint);
	if (cJSON_IsNumber(card))
		strbuf_addf(&sb, "Your card: %d\n", card->valueint);
	cJSON_AddStringToObject(o, "text", strbuf_str(&sb));
	strbuf_free(&sb);
	return o;
}

/* ---- the demo player: bid the card's worth ---- */

static char *
toy_demo_orders(const struct rules_game *g, size_t seat)
{
	int bid = g->card[seat] < g->coins[seat] ? g->card[seat] : g->coins[seat];

	return bid > 0 ? xasprintf("bid %d\n", bid) : xstrdup("");
}

const struct rules rules_toy = {
	.name = "toy",
	.version = "toy-1",
	.create = toy_create,
	.free = toy_free,
	.nseats = toy_nseats,
	.seat_name = toy_seat_name,
	.seat_index = toy_seat_index,
	.turn = toy_turn,
	.phase = toy_phase,
	.owes = toy_owes,
	.legal = toy_legal,
	.check = toy_check,
	.resolve = toy_resolve,
	.view = toy_view,
	.save = toy_save,
	.load = toy_load,
	.secrets = toy_secrets,
	.result = toy_result,
	.data_file = "toy-data.json",
	.data_max = 4096,
	.data_load = toy_data_load,
	.data_free = toy_data_free,
	.data_canonical = toy_data_canonical,
	.data_hash = toy_data_hash,
	.scenario_check = toy_scenario_check,
	.option_check = toy_option_check,
	.faction_check = toy_faction_check,
	.deck_check = toy_deck_check,
	.deck_max = 4096,
	.seat_build = toy_seat_build,
	.seat_clear = toy_seat_clear,
	.demo_orders = toy_demo_orders,
	.view_text = toy_view_text,
};
