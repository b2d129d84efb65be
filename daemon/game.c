/*
 * game.c — creating games, seating players and starting a game
 * (doc/game-record.md: new-game, seat, start), through the rules table
 * alone (component data, decklists, seats).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/test-seed.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/compose.h"
#include "mail/pubkey.h"
#include "store/commitments.h"
#include "store/orders.h"
#include "store/gamefiles.h"
#include "store/random.h"

int
game_new(const struct game_ctx *c, const char *name, const char *rules,
    const char *scenario, const char *const *options, size_t noptions,
    char **cause)
{
	const struct rules *r = rules_find(rules);
	struct rules_file f;
	unsigned char hash[32];
	void *data;
	char *file, *canon, *source = NULL, *names, *opts = NULL;
	const char *tseed = test_seed_env();
	size_t len, slen, i, j;
	int64_t id, phase_id;

	if (r == NULL || strcmp(r->name, rules) != 0) {
		names = rules_names();
		cause_set(cause, "unknown rules \"%s\" (%s)", rules, names);
		free(names);
		return -1;
	}
	if (r->scenario_check(scenario, cause) == -1)
		return -1;
	if (!orders_is_slug(name, 0))
		return cause_set(cause, "game name \"%s\" is not a slug (letters, "
		    "digits and '-')", name);
	for (i = 0; i < noptions; i++) {
		if (r->option_check(options[i], cause) == -1)
			return -1;
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
	if ((file = game_data_file(r, r->data_file, cause)) == NULL)
		return -1;
	if (fs_read_file(file, r->data_max, &source, &slen, cause) == -1) {
		free(file);
		return -1;
	}
	f.name = GAME_CARDS_SOURCE;
	f.bytes = source;
	f.len = slen;
	if ((data = r->data_load(&f, 1, cause)) == NULL) {
		free(source);
		free(file);
		return -1;
	}
	free(file);
	canon = r->data_canonical(data, &len);
	r->data_hash(data, hash);
	if (store_unit_begin(c->st, cause) == -1)	/* the caller's, if open */
		goto fail;
	if (store_game_create(c->st, name, r->name, scenario, hash, c->key->pk, c->now,
	    &id, cause) == -1 ||
	    store_game_file_put(c->st, id, "cards.json", canon, len, cause) == -1 ||
	    store_game_file_put(c->st, id, GAME_CARDS_SOURCE, source, slen, cause) == -1 ||
	    (opts != NULL && store_game_file_put(c->st, id, GAME_OPTIONS_FILE, opts,
	    strlen(opts), cause) == -1) ||
	    (tseed != NULL && store_game_file_put(c->st, id, TEST_SEED_FILE, tseed,
	    strlen(tseed), cause) == -1) ||
	    store_phase_open(c->st, id, 0, "setup", NULL, 0, 0, c->now, &phase_id, NULL,
	    cause) == -1 ||
	    store_seed_commit(c->st, c->key, phase_id, NULL, NULL, cause) == -1 ||
	    store_shuffle_seed_commit(c->st, c->key, id, 0, NULL, cause) == -1) {
		store_unit_end(c->st, 0, NULL);
		goto fail;
	}
	if (store_unit_end(c->st, 1, cause) == -1)
		goto fail;
	if (tseed != NULL)
		log_warnx("WARNING: game %s is played under %s=%s: its deals, shuffles "
		    "and rolls are fixed in advance, for tests only (muthur audit "
		    "refuses it)", name, TEST_SEED_ENV, tseed);
	free(canon);
	free(source);
	cJSON_free(opts);
	r->data_free(data);
	return 0;
fail:
	free(canon);
	free(source);
	cJSON_free(opts);
	r->data_free(data);
	return -1;
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
deck_read(const struct rules *r, const void *data, const char *scenario,
    const char *faction, const char *path, char **cause)
{
	struct rules_file f;
	char *text, *norm, *sample = NULL, *fname;
	const char *base;
	size_t len, i, j;

	if (path == NULL) {
		/* the scenario's own sample deck (training-hunt-predator.deck),
		 * else the faction's general one */
		fname = xasprintf("%s-%s.deck", scenario, faction);
		sample = game_data_file(r, fname, NULL);
		free(fname);
		if (sample == NULL) {
			fname = xasprintf("%s.deck", faction);
			sample = game_data_file(r, fname, cause);
			free(fname);
		}
		if (sample == NULL)
			return NULL;
		path = sample;
	}
	if (fs_read_file(path, r->deck_max, &text, &len, cause) == -1) {
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
	f.name = base != NULL ? base + 1 : path;
	f.bytes = norm;
	f.len = j;
	i = r->deck_check(data, scenario, faction, &f, cause) == 0;
	free(sample);
	if (i)
		return norm;
	free(norm);
	return NULL;
}

/* Does the game's phase 1 wait for ready blocks (`muthur start` done)? */
static int
started(const struct game_ctx *c, const struct store_game *game)
{
	struct store_phase *ph = store_phase_current(c->st, game->id, NULL);
	int r = ph != NULL && ph->seq == 1 && ph->nowing > 0;

	store_phase_free(ph);
	return r;
}

int
game_seat(const struct game_ctx *c, const char *name, const char *seat,
    const char *email, const char *key, const char *deck_path, int *replaced,
    char **cause)
{
	struct store_game *game = NULL;
	struct store_seat *old = NULL;
	const struct rules *r = NULL;
	void *data = NULL;
	char *keytext = NULL, *faction = NULL, *deck = NULL, *err = NULL, *type = NULL;
	int rc = -1;

	if (replaced != NULL)
		*replaced = 0;
	if (compose_addr_check("e-mail", email, cause) == -1)
		return -2;
	if ((game = store_game_get(c->st, name, cause)) == NULL)
		return -1;
	old = store_seat_get(c->st, game->id, seat, &err);
	free(err);
	if (old != NULL && strcmp(game->status, GAME_SETUP) != 0) {
		/* a started game: the key change goes into its chain */
		rc = game_replace(c, name, seat, email, key, "organiser", cause);
		if (rc == 0 && replaced != NULL)
			*replaced = 1;
		goto out;
	}
	if (game_key_parse(key, &type, &keytext, cause) == -1)
		goto out;
	if (old != NULL) {
		if (store_seat_replace(c->st, old->id, email, type, keytext, cause) == -1)
			goto out;
		if (replaced != NULL)
			*replaced = 1;
		rc = 0;
		goto out;
	}
	if (strcmp(game->status, GAME_SETUP) != 0 || started(c, game)) {
		cause_set(cause, "game %s is %s: seats are added before `muthur start` "
		    "(an existing seat may be replaced)", name,
		    strcmp(game->status, GAME_SETUP) != 0 ? game->status :
		    "started (it waits for the seats' ready blocks)");
		goto out;
	}
	if ((r = rules_find(game->rules)) == NULL) {
		cause_set(cause, "game %s: unknown rules %s", game->name, game->rules);
		goto out;
	}
	faction = seat_faction(seat);
	if (r->faction_check(seat, faction, cause) == -1) {
		rc = -2;	/* the caller named no seat the game has */
		goto out;
	}
	if ((data = game_data(c->st, game, r, cause)) == NULL)
		goto out;
	if ((deck = deck_read(r, data, game->scenario, faction, deck_path, cause)) == NULL)
		goto out;
	rc = store_seat_add(c->st, game->id, seat, faction, email, type, keytext, deck,
	    NULL, cause);
out:
	game_data_release(r, data);
	free(deck);
	free(faction);
	if (old != NULL)
		store_seats_free(old, 1);
	store_game_free(game);
	free(keytext);
	free(type);
	return rc;
}

/* The decklists as rules seats; slugs belong to the game's data. */

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

/*
 * `muthur start`: setup.json, the decklist commitments, the seats' entropy
 * scheme and turn 1's seed; then the deal at once (now) or the wait for
 * every seat's `ready` (daemon/game-ready.c).
 */
static int
start_locked(const struct game_ctx *c, struct game_live *l, int now, char **cause)
{
	struct rules_seat *rs = xcalloc(l->nseats, sizeof *rs);
	struct store_phase *ph = NULL;
	char *setup = NULL, **options = NULL;
	size_t i, noptions = 0;
	int rc = -1;

	if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
		goto out;
	if (ph->seq != 1) {
		cause_set(cause, "game %s: phase 1 is not the open phase", l->game->name);
		goto out;
	}
	if (ph->nowing > 0) {
		cause_set(cause, "game %s is started already: it waits for the seats' "
		    "ready mails (muthur status %s); `muthur adjudicate %s` deals "
		    "without the missing ones", l->game->name, l->game->name,
		    l->game->name);
		goto out;
	}
	if ((options = game_options_read(c, l, &noptions, cause)) == NULL)
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
	if (game_setup_seats(l, rs, cause) == -1 ||
	    game_ready_commit(c, l, cause) == -1)
		goto out;
	rc = now ? game_deal(c, l, cause) : game_ready_open(c, l, ph, cause);
out:
	for (i = 0; i < l->nseats; i++)
		l->rules->seat_clear(&rs[i]);
	free(rs);
	if (options != NULL)
		game_options_free(options, noptions);
	store_phase_free(ph);
	free(setup);
	return rc;
}

static int
start(const struct game_ctx *c, const char *name, int now, char **cause)
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
	rc = start_locked(c, l, now, cause);
	rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
	game_live_free(l);
	return rc;
}

int
game_start(const struct game_ctx *c, const char *name, char **cause)
{
	return start(c, name, 0, cause);
}

int
game_start_now(const struct game_ctx *c, const char *name, char **cause)
{
	return start(c, name, 1, cause);
}
