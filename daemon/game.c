/*
 * game.c — creating games, seating players and starting a game
 * (doc/game-record.md: new-game, seat, start), and loading a game.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/compose.h"
#include "mail/pubkey.h"
#include "rules/ccg/card.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "store/commitments.h"
#include "store/gamefiles.h"
#include "store/random.h"

char *
game_data_file(const char *file, char **cause)
{
	static const char *const sub[] = { "ccg/", "ccg/data/", "" };
	const char *dir = getenv("MUTHUR_DATADIR");
	size_t i;
	char *p;

	if (dir == NULL || *dir == '\0') {
		dir = MUTHUR_DATADIR;
		/* Not installed yet: a program run from its build tree uses the source. */
		if (access(dir, F_OK) != 0 && access(MUTHUR_SRCDIR "/rules", F_OK) == 0)
			dir = MUTHUR_SRCDIR "/rules";
	}
	for (i = 0; i < sizeof sub / sizeof sub[0]; i++) {
		p = xasprintf("%s/%s%s", dir, sub[i], file);
		if (access(p, R_OK) == 0)
			return p;
		free(p);
	}
	cause_set(cause, "no %s under %s (set MUTHUR_DATADIR to the data folder)",
	    file, dir);
	return NULL;
}

/*
 * Card databases already loaded, by card hash: games made from the same
 * card data share one (read-only once sealed), so that handling a mail
 * does not parse the card data again. Kept for the life of the process.
 */
#define CARDS_CACHE 8
static struct ccg_carddb *cards_cache[CARDS_CACHE];

static struct ccg_carddb *
cards_cached(const unsigned char hash[32])
{
	size_t i;

	for (i = 0; i < CARDS_CACHE && cards_cache[i] != NULL; i++)
		if (memcmp(cards_cache[i]->hash, hash, 32) == 0)
			return cards_cache[i];
	return NULL;
}

static void
cards_remember(struct ccg_carddb *db)
{
	size_t i;

	for (i = 0; i < CARDS_CACHE; i++)
		if (cards_cache[i] == NULL) {
			cards_cache[i] = db;
			return;
		}
	ccg_carddb_free(cards_cache[CARDS_CACHE - 1]);
	memmove(cards_cache + 1, cards_cache, (CARDS_CACHE - 1) * sizeof *cards_cache);
	cards_cache[0] = db;
}

void
game_live_free(struct game_live *l)
{
	if (l == NULL)
		return;
	if (l->g != NULL)
		l->rules->free(l->g);
	store_seats_free(l->seats, l->nseats);
	store_game_free(l->game);
	free(l);
}

static struct ccg_carddb *
cards_load(struct store *st, const struct store_game *game, char **cause)
{
	struct ccg_carddb *db;
	unsigned char *bytes;
	size_t len;

	if (store_game_file_get(st, game->id, GAME_CARDS_SOURCE, &bytes, &len, NULL,
	    cause) == -1)
		return NULL;
	db = ccg_carddb_new();
	if (ccg_carddb_add_json(db, GAME_CARDS_SOURCE, (char *)bytes, len, cause) == -1 ||
	    ccg_carddb_seal(db, cause) == -1) {
		free(bytes);
		ccg_carddb_free(db);
		return NULL;
	}
	free(bytes);
	if (memcmp(db->hash, game->card_hash, 32) != 0) {
		ccg_carddb_free(db);
		cause_set(cause, "game %s: its " GAME_CARDS_SOURCE " does not match its "
		    "card hash",
		    game->name);
		return NULL;
	}
	return db;
}

struct game_live *
game_live_load_id(struct store *st, int64_t game_id, char **cause)
{
	struct game_live *l = xcalloc(1, sizeof *l);
	unsigned char *state;
	size_t len;

	if ((l->game = store_game_get_id(st, game_id, cause)) == NULL)
		goto fail;
	if ((l->rules = rules_find(l->game->rules)) == NULL) {
		cause_set(cause, "game %s: unknown rules %s", l->game->name, l->game->rules);
		goto fail;
	}
	if ((l->data = cards_cached(l->game->card_hash)) == NULL) {
		if ((l->data = cards_load(st, l->game, cause)) == NULL)
			goto fail;
		cards_remember(l->data);
	}
	if (store_seats(st, game_id, &l->seats, &l->nseats, cause) == -1)
		goto fail;
	if (strcmp(l->game->status, GAME_SETUP) == 0)
		return l;
	if (store_state_get(st, game_id, STORE_STATE_LATEST, &state, &len, NULL, NULL,
	    cause) == -1)
		goto fail;
	l->g = l->rules->load(l->data, (char *)state, len, cause);
	free(state);
	if (l->g == NULL) {
		cause_prefix(cause, "game %s: recorded state", l->game->name);
		goto fail;
	}
	return l;
fail:
	game_live_free(l);
	return NULL;
}

struct game_live *
game_live_load(struct store *st, const char *name, char **cause)
{
	struct store_game *game;
	int64_t id;

	if ((game = store_game_get(st, name, cause)) == NULL)
		return NULL;
	id = game->id;
	store_game_free(game);
	return game_live_load_id(st, id, cause);
}

int
game_new(const struct game_ctx *c, const char *name, const char *rules,
    const char *scenario, const char *const *options, size_t noptions,
    char **cause)
{
	struct ccg_carddb *db;
	char *file, *canon, *source = NULL, *opts = NULL;
	size_t len, slen, i, j;
	int64_t id, phase_id;

	if (rules_find(rules) == NULL || strcmp(rules, "ccg") != 0)
		return cause_set(cause, "unknown rules \"%s\" (ccg)", rules);
	if (ccg_scenario_find(scenario) == NULL ||
	    strcmp(ccg_scenario_find(scenario)->scenario, scenario) != 0)
		return cause_set(cause, "unknown scenario \"%s\" (contact, "
		    "training-hunt)", scenario);
	if (!orders_is_slug(name, 0))
		return cause_set(cause, "game name \"%s\" is not a slug (letters, "
		    "digits and '-')", name);
	for (i = 0; i < noptions; i++) {	/* the rules' (scenarios.c) */
		if (ccg_option_bit(options[i]) == 0)
			return cause_set(cause, "unknown scenario option \"%s\" "
			    "(no-combat-pool)", options[i]);
		for (j = 0; j < i; j++)
			if (strcmp(options[i], options[j]) == 0)
				return cause_set(cause, "scenario option %s given "
				    "twice", options[i]);
	}
	if (noptions > 0) {
		cJSON *arr = cJSON_CreateArray();

		for (i = 0; i < noptions; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(options[i]));
		opts = cJSON_PrintUnformatted(arr);
		cJSON_Delete(arr);
	}
	if ((file = game_data_file("sample-cards.json", cause)) == NULL)
		return -1;
	if (fs_read_file(file, CCG_CARDDB_MAX_FILE, &source, &slen, cause) == -1) {
		free(file);
		return -1;
	}
	db = ccg_carddb_new();
	if (ccg_carddb_add_json(db, GAME_CARDS_SOURCE, source, slen, cause) == -1 ||
	    ccg_carddb_seal(db, cause) == -1) {
		ccg_carddb_free(db);
		free(source);
		free(file);
		return -1;
	}
	free(file);
	canon = ccg_carddb_canonical(db, &len);
	if (store_unit_begin(c->st, cause) == -1)	/* the caller's, if open */
		goto fail;
	if (store_game_create(c->st, name, rules, scenario, db->hash, c->key->pk, c->now,
	    &id, cause) == -1 ||
	    store_game_file_put(c->st, id, "cards.json", canon, len, cause) == -1 ||
	    store_game_file_put(c->st, id, GAME_CARDS_SOURCE, source, slen, cause) == -1 ||
	    (opts != NULL && store_game_file_put(c->st, id, GAME_OPTIONS_FILE, opts,
	    strlen(opts), cause) == -1) ||
	    store_phase_open(c->st, id, 0, "setup", NULL, 0, 0, c->now, &phase_id, NULL,
	    cause) == -1 ||
	    store_seed_commit(c->st, c->key, phase_id, NULL, NULL, cause) == -1 ||
	    store_shuffle_seed_commit(c->st, c->key, id, 0, NULL, cause) == -1) {
		store_unit_end(c->st, 0, NULL);
		goto fail;
	}
	if (store_unit_end(c->st, 1, cause) == -1)
		goto fail;
	free(canon);
	free(source);
	cJSON_free(opts);
	ccg_carddb_free(db);
	return 0;
fail:
	free(canon);
	free(source);
	cJSON_free(opts);
	ccg_carddb_free(db);
	return -1;
}

char **
game_options_parse(const char *json, size_t len, size_t *n, char **cause)
{
	cJSON *arr = cJSON_ParseWithLength(json, len), *e;
	char **v;

	*n = 0;
	if (!cJSON_IsArray(arr)) {
		cJSON_Delete(arr);
		cause_set(cause, "%s: expected a JSON array of option names",
		    GAME_OPTIONS_FILE);
		return NULL;
	}
	v = xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *v);
	cJSON_ArrayForEach(e, arr) {
		if (!cJSON_IsString(e)) {
			game_options_free(v, *n);
			cJSON_Delete(arr);
			cause_set(cause, "%s: expected a JSON array of option "
			    "names", GAME_OPTIONS_FILE);
			return NULL;
		}
		v[(*n)++] = xstrdup(e->valuestring);
	}
	cJSON_Delete(arr);
	return v;
}

void
game_options_free(char **v, size_t n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/* The game's scenario options (GAME_OPTIONS_FILE; none without it). */
static char **
options_read(const struct game_ctx *c, const struct game_live *l, size_t *n,
    char **cause)
{
	char **names = NULL, **v;
	size_t k, nn, len;
	unsigned char *bytes;
	int has = 0;

	*n = 0;
	if (store_game_file_names(c->st, l->game->id, &names, &nn, cause) == -1)
		return NULL;
	for (k = 0; k < nn; k++)
		if (strcmp(names[k], GAME_OPTIONS_FILE) == 0)
			has = 1;
	store_names_free(names, nn);
	if (!has)
		return xcalloc(1, sizeof *v);
	if (store_game_file_get(c->st, l->game->id, GAME_OPTIONS_FILE, &bytes, &len,
	    NULL, cause) == -1)
		return NULL;
	v = game_options_parse((const char *)bytes, len, n, cause);
	free(bytes);
	return v;
}

/* The faction of a seat name: the name without a -N suffix. */
static char *
seat_faction(const char *seat)
{
	char *f = xstrdup(seat), *dash = strrchr(f, '-');

	if (dash != NULL && dash[1] != '\0' &&
	    strspn(dash + 1, "0123456789") == strlen(dash + 1))
		*dash = '\0';
	return f;
}

/* Read and validate a decklist for faction; every problem in *cause. */
static char *
deck_read(const struct ccg_carddb *db, const char *scenario, const char *faction,
    const char *path, char **cause)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	struct strbuf sb = STRBUF_INIT;
	char *text, *norm, *sample = NULL, *fname;
	const char *base;
	size_t len, i, j;

	if (path == NULL) {
		/* the scenario's own sample deck (training-hunt-predator.deck),
		 * else the faction's Contact one */
		fname = xasprintf("%s-%s.deck", scenario, faction);
		sample = game_data_file(fname, NULL);
		free(fname);
		if (sample == NULL) {
			fname = xasprintf("%s.deck", faction);
			sample = game_data_file(fname, cause);
			free(fname);
		}
		if (sample == NULL)
			return NULL;
		path = sample;
	}
	if (fs_read_file(path, CCG_DECKLIST_MAX, &text, &len, cause) == -1) {
		free(sample);
		return NULL;
	}
	/* line endings normalised to LF (doc/game-record.md) */
	norm = xmalloc(len + 1);
	for (i = j = 0; i < len; i++) {
		if (text[i] == '\r') {
			norm[j++] = '\n';
			if (i + 1 < len && text[i + 1] == '\n')
				i++;
		} else
			norm[j++] = text[i];
	}
	norm[j] = '\0';
	free(text);
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	dl = ccg_decklist_parse(db, base, norm, j, &p);
	ccg_deck_validate(dl, ccg_deck_rules_find(scenario), ccg_faction_parse(faction), &p);
	ccg_decklist_free(dl);
	free(sample);
	if (p.n == 0) {
		ccg_problems_free(&p);
		return norm;
	}
	strbuf_addf(&sb, "the decklist is not legal for %s (%zu problem%s):", faction,
	    p.n, p.n == 1 ? "" : "s");
	for (i = 0; i < p.n; i++)
		strbuf_addf(&sb, "\n%s", p.lines[i]);
	ccg_problems_free(&p);
	free(norm);
	free(*cause);
	*cause = strbuf_detach(&sb, NULL);
	return NULL;
}

int
game_seat(const struct game_ctx *c, const char *name, const char *seat,
    const char *email, const char *key, const char *deck_path, int *replaced,
    char **cause)
{
	struct store_game *game = NULL;
	struct store_seat *old = NULL;
	struct ccg_carddb *db = NULL;
	struct pubkey pk;
	char *keytext = NULL, *faction = NULL, *deck = NULL, *err = NULL;
	const char *type;
	int rc = -1, f;

	if (replaced != NULL)
		*replaced = 0;
	if (compose_addr_check("e-mail", email, cause) == -1)
		return -1;
	if (pubkey_from_arg(key, &pk, cause) == -1)
		return -1;
	keytext = pubkey_format(&pk);
	type = pk.kind == PUBKEY_MUTHUR ? "muthur" : pk.kind == PUBKEY_MINISIGN ?
	    "minisign" : "ssh";
	if ((game = store_game_get(c->st, name, cause)) == NULL)
		goto out;
	old = store_seat_get(c->st, game->id, seat, &err);
	free(err);
	if (old != NULL) {
		if (store_seat_replace(c->st, old->id, email, type, keytext, cause) == -1)
			goto out;
		if (replaced != NULL)
			*replaced = 1;
		rc = 0;
		goto out;
	}
	if (strcmp(game->status, GAME_SETUP) != 0) {
		cause_set(cause, "game %s is %s: seats are added before `muthur start` "
		    "(an existing seat may be replaced)", name, game->status);
		goto out;
	}
	faction = seat_faction(seat);
	f = ccg_faction_parse(faction);
	if (f < CCG_FACTION_ROGUE || f > CCG_FACTION_ALIENS) {
		cause_set(cause, "seat \"%s\": the faction \"%s\" is not rogue, marines, "
		    "predator or aliens (name a seat by its faction, with -2, -3 for "
		    "duplicates)", seat, faction);
		goto out;
	}
	if ((db = cards_load(c->st, game, cause)) == NULL)
		goto out;
	if ((deck = deck_read(db, game->scenario, faction, deck_path, cause)) == NULL)
		goto out;
	rc = store_seat_add(c->st, game->id, seat, faction, email, type, keytext, deck,
	    NULL, cause);
out:
	free(deck);
	ccg_carddb_free(db);
	free(faction);
	if (old != NULL)
		store_seats_free(old, 1);
	store_game_free(game);
	free(keytext);
	return rc;
}

/* The decklists as rules seats; slugs belong to db. */
static int
setup_seats(struct game_live *l, struct rules_seat *rs, char **cause)
{
	size_t i;
	char *why = NULL;

	for (i = 0; i < l->nseats; i++)
		if (ccg_decklist_seat(l->data, l->seats[i].name, l->seats[i].name,
		    l->seats[i].faction, l->seats[i].deck, strlen(l->seats[i].deck),
		    &rs[i], &why) == -1) {
			cause_set(cause, "seat %s: %s", l->seats[i].name, why);
			free(why);
			ccg_decklist_seat_clear(&rs[i]);
			return -1;
		}
	return 0;
}

static char *
setup_json(const struct game_live *l, char *const *options, size_t noptions)
{
	cJSON *o = cJSON_CreateObject(), *a, *s;
	size_t i;
	char *out;

	cJSON_AddStringToObject(o, "rules", l->rules->name);
	cJSON_AddStringToObject(o, "rules_version", l->rules->version);
	cJSON_AddStringToObject(o, "scenario", l->game->scenario);
	cJSON_AddNumberToObject(o, "places", 1);
	if (noptions > 0) {	/* absent without options */
		a = cJSON_AddArrayToObject(o, "options");
		for (i = 0; i < noptions; i++)
			cJSON_AddItemToArray(a, cJSON_CreateString(options[i]));
	}
	a = cJSON_AddArrayToObject(o, "seats");
	for (i = 0; i < l->nseats; i++) {
		s = cJSON_CreateObject();
		cJSON_AddStringToObject(s, "name", l->seats[i].name);
		cJSON_AddStringToObject(s, "faction", l->seats[i].faction);
		cJSON_AddItemToArray(a, s);
	}
	out = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return out;
}

static int
start_locked(const struct game_ctx *c, struct game_live *l, char **cause)
{
	struct rules_seat *rs = xcalloc(l->nseats, sizeof *rs);
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_setup su;
	struct store_phase *ph = NULL;
	struct rand_stream stream, hidden;
	struct rules_rng rng;
	unsigned char seed[RAND_SEED_BYTES], shuffle[RAND_SEED_BYTES];
	char *setup = NULL, *state = NULL, **options = NULL;
	size_t i, len, noptions = 0;
	int rc = -1, advanced;

	if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
		goto out;
	if (ph->seq != 1) {
		cause_set(cause, "game %s: phase 1 is not the open phase", l->game->name);
		goto out;
	}
	if ((options = options_read(c, l, &noptions, cause)) == NULL)
		goto out;
	setup = setup_json(l, options, noptions);
	if (store_game_file_put(c->st, l->game->id, "setup.json", setup, strlen(setup),
	    cause) == -1)
		goto out;
	for (i = 0; i < l->nseats; i++)
		if (store_commitment_add(c->st, c->key, l->game->id, GAME_DECKLIST_DOMAIN,
		    l->seats[i].name, l->seats[i].deck, strlen(l->seats[i].deck), 1, NULL,
		    NULL, NULL, NULL, cause) == -1)
			goto out;
	if (setup_seats(l, rs, cause) == -1)
		goto out;
	if (store_seed_get(c->st, ph->id, seed, cause) == -1 ||
	    game_shuffle_seed(c, l, shuffle, cause) != 1)
		goto out;
	/* the deal: no player has sent a nonce yet (server-only randomness) */
	rand_stream_init(&stream, seed, NULL, 0);
	rand_hidden_stream_init(&hidden, shuffle, ph->seq, NULL, 0);
	sodium_memzero(shuffle, sizeof shuffle);
	rng.uniform = rand_uniform;
	rng.ctx = &stream;
	rng.hidden = rand_uniform;
	rng.hidden_ctx = &hidden;
	su.scenario = l->game->scenario;
	su.seats = rs;
	su.nseats = l->nseats;
	su.data = l->data;
	su.places = 1;
	su.await_legal = 0;
	su.options = (const char *const *)options;
	su.noptions = noptions;
	if ((l->g = l->rules->create(&su, &rng, &ev, cause)) == NULL)
		goto out;
	state = l->rules->save(l->g, &len);
	if (game_events_store(c->st, l, 1, &ev, cause) == -1 ||
	    store_seed_reveal(c->st, ph->id, 1, cause) == -1 ||
	    store_state_put(c->st, l->game->id, 1, state, len, cause) == -1 ||
	    store_phase_close(c->st, ph->id, c->now, cause) == -1 ||
	    game_secrets_commit(c, l, 1, cause) == -1 ||
	    store_game_set_status(c->st, l->game->id, GAME_RUNNING, cause) == -1)
		goto out;
	free(l->game->status);
	l->game->status = xstrdup(GAME_RUNNING);
	if (game_phase_open(c, l, NULL, NULL, cause) == -1)
		goto out;
	/* a first phase nobody owes resolves at once */
	if (game_resolve_ready(c, l, &advanced, cause) == -1)
		goto out;
	if (advanced == 0 && game_views_queue(c, l, cause) == -1)
		goto out;
	rc = 0;
out:
	for (i = 0; i < l->nseats; i++)
		ccg_decklist_seat_clear(&rs[i]);
	free(rs);
	if (options != NULL)
		game_options_free(options, noptions);
	rules_events_free(&ev);
	store_phase_free(ph);
	free(setup);
	free(state);
	return rc;
}

int
game_start(const struct game_ctx *c, const char *name, char **cause)
{
	struct game_live *l;
	int rc;

	if ((l = game_live_load(c->st, name, cause)) == NULL)
		return -1;
	if (strcmp(l->game->status, GAME_SETUP) != 0) {
		cause_set(cause, "game %s is %s, not in setup", name, l->game->status);
		game_live_free(l);
		return -1;
	}
	if (l->nseats < 2) {
		cause_set(cause, "game %s has %zu seat%s; a game needs 2 to 4 (add them "
		    "with `muthur seat`)", name, l->nseats, l->nseats == 1 ? "" : "s");
		game_live_free(l);
		return -1;
	}
	if (store_unit_begin(c->st, cause) == -1) {
		game_live_free(l);
		return -1;
	}
	rc = start_locked(c, l, cause);
	rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
	game_live_free(l);
	return rc;
}
