/*
 * game-live.c — a game as the service works with it (struct game_live):
 * its rules, its component data (shared between games made from the same
 * data, for the life of the process) and its latest state; and where the
 * installed data files are.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/gamefiles.h"
#include "store/hashenc.h"

char *
game_data_file(const struct rules *r, const char *file, char **cause)
{
	return game_data_file_in(NULL, r, file, cause);
}

char *
game_data_file_in(const char *dir, const struct rules *r, const char *file,
    char **cause)
{
	size_t i;
	char *p;

	if (dir == NULL)
		dir = getenv("MUTHUR_DATADIR");
	if (dir == NULL || *dir == '\0') {
		dir = MUTHUR_DATADIR;
		/* Not installed yet: a program run from its build tree uses the source. */
		if (access(dir, F_OK) != 0 && access(MUTHUR_SRCDIR "/rules", F_OK) == 0)
			dir = MUTHUR_SRCDIR "/rules";
	}
	/* DIR/NAME/FILE, DIR/NAME/data/FILE (the source tree), DIR/FILE */
	for (i = 0; i < 3; i++) {
		p = i == 0 ? xasprintf("%s/%s/%s", dir, r->name, file) :
		    i == 1 ? xasprintf("%s/%s/data/%s", dir, r->name, file) :
		    xasprintf("%s/%s", dir, file);
		if (access(p, R_OK) == 0)
			return p;
		free(p);
	}
	cause_set(cause, "no %s under %s (set MUTHUR_DATADIR to the data folder)",
	    file, dir);
	return NULL;
}

/*
 * Component data loaded, by rules and data hash: games made from the same
 * data share one (read-only), so that handling a mail does not parse the
 * data again. Each game_data() is a reference, given back by
 * game_data_release(); data nobody holds stays for the next game, at most
 * DATA_KEEP of them, the least recently used freed first. Data still held
 * is never freed, however many are held at once (the table grows).
 */
#define DATA_KEEP 8
struct data_entry {
	const struct rules	*rules;
	unsigned char		 hash[32];
	void			*data;
	unsigned		 refs;
	uint64_t		 used;
};
static struct data_entry *data_cache;
static size_t data_n, data_cap;
static uint64_t data_clock;

static void live_forget_data(const void *);

static struct data_entry *
data_find(const struct rules *r, const unsigned char hash[32])
{
	size_t i;

	for (i = 0; i < data_n; i++)
		if (data_cache[i].rules == r && memcmp(data_cache[i].hash, hash, 32) == 0)
			return &data_cache[i];
	return NULL;
}

static void *
data_cached(const struct rules *r, const unsigned char hash[32])
{
	struct data_entry *e = data_find(r, hash);

	if (e == NULL)
		return NULL;
	e->refs++;
	e->used = ++data_clock;
	return e->data;
}

/* Free unheld data beyond DATA_KEEP, the least recently used first. */
static void
data_trim(void)
{
	size_t i, idle, old;

	for (;;) {
		for (idle = 0, old = data_n, i = 0; i < data_n; i++) {
			if (data_cache[i].refs != 0)
				continue;
			idle++;
			if (old == data_n || data_cache[i].used < data_cache[old].used)
				old = i;
		}
		if (idle <= DATA_KEEP)
			return;
		live_forget_data(data_cache[old].data);
		data_cache[old].rules->data_free(data_cache[old].data);
		data_cache[old] = data_cache[--data_n];
	}
}

void
game_data_release(const struct rules *r, void *data)
{
	size_t i;

	if (data == NULL)
		return;
	for (i = 0; i < data_n; i++)
		if (data_cache[i].data == data && data_cache[i].rules == r) {
			if (data_cache[i].refs > 0)
				data_cache[i].refs--;
			data_trim();
			return;
		}
}

size_t
game_data_loaded(void)
{
	return data_n;
}

/*
 * The live-game cache: the loaded states (rules_game) of the games handled
 * last, each keyed by the state it is (game, phase recorded after, BLAKE2b
 * of the recorded bytes), so that the next mail to a game skips parsing
 * its state (rules->load). An entry is taken out by the load that uses it
 * and put back by game_live_free() when l->state_known; a key that no
 * longer matches the database (a newer state, or a transaction that was
 * rolled back) simply misses. At most LIVE_CACHE games, the least recently
 * used dropped first. The recorded bytes are still read and checked
 * against their hash for every load (game_live_load_id()): the cache
 * saves the parsing, never the check.
 */
#define LIVE_CACHE 32
static struct live_entry {
	int64_t			 game_id;
	uint64_t		 seq;
	unsigned char		 hash[32];
	const struct rules	*rules;
	void			*data;
	struct rules_game	*g;
	uint64_t		 used;
} live_cache[LIVE_CACHE];
static uint64_t live_clock;

static void
live_drop(struct live_entry *e)
{
	if (e->g != NULL)
		e->rules->free(e->g);
	memset(e, 0, sizeof *e);
}

/* The cached state of game_id that is (seq, hash), taken out; or NULL. */
static struct rules_game *
live_take(int64_t game_id, uint64_t seq, const unsigned char hash[32], const void *data)
{
	struct rules_game *g;
	size_t i;

	for (i = 0; i < LIVE_CACHE; i++) {
		if (live_cache[i].g == NULL || live_cache[i].game_id != game_id)
			continue;
		if (live_cache[i].seq != seq || live_cache[i].data != data ||
		    memcmp(live_cache[i].hash, hash, 32) != 0) {
			live_drop(&live_cache[i]);	/* stale */
			continue;
		}
		g = live_cache[i].g;
		live_cache[i].g = NULL;
		live_drop(&live_cache[i]);
		return g;
	}
	return NULL;
}

/* Keep l's state for the next load (takes l->g over). */
static void
live_keep(struct game_live *l)
{
	struct live_entry *e = &live_cache[0];
	size_t i;

	for (i = 0; i < LIVE_CACHE; i++) {
		if (live_cache[i].g != NULL && live_cache[i].game_id == l->game->id) {
			e = &live_cache[i];	/* one entry per game */
			break;
		}
		if (live_cache[i].g == NULL || live_cache[i].used < e->used)
			e = &live_cache[i];
		if (e->g == NULL)
			break;
	}
	live_drop(e);
	e->game_id = l->game->id;
	e->seq = l->state_seq;
	memcpy(e->hash, l->state_hash, 32);
	e->rules = l->rules;
	e->data = l->data;
	e->g = l->g;
	e->used = ++live_clock;
	l->g = NULL;
}

/* Data about to be freed: no cached state may keep pointing into it. */
static void
live_forget_data(const void *data)
{
	size_t i;

	for (i = 0; i < LIVE_CACHE; i++)
		if (live_cache[i].g != NULL && live_cache[i].data == data)
			live_drop(&live_cache[i]);
}

/* Hold data (one reference, the caller's) in the table. */
static void
data_remember(const struct rules *r, const unsigned char hash[32], void *data)
{
	struct data_entry *e;

	if (data_n == data_cap) {
		data_cap = data_cap == 0 ? DATA_KEEP : data_cap * 2;
		data_cache = xreallocarray(data_cache, data_cap, sizeof *data_cache);
	}
	e = &data_cache[data_n++];
	e->rules = r;
	memcpy(e->hash, hash, 32);
	e->data = data;
	e->refs = 1;
	e->used = ++data_clock;
	data_trim();
}

void *
game_data(struct store *st, const struct store_game *game, const struct rules *r,
    char **cause)
{
	struct rules_file f;
	unsigned char *bytes, hash[32];
	size_t len;
	void *data;

	if ((data = data_cached(r, game->card_hash)) != NULL)
		return data;
	if (store_game_file_get(st, game->id, GAME_CARDS_SOURCE, &bytes, &len, NULL,
	    cause) == -1)
		return NULL;
	f.name = GAME_CARDS_SOURCE;
	f.bytes = (const char *)bytes;
	f.len = len;
	data = r->data_load(&f, 1, cause);
	free(bytes);
	if (data == NULL)
		return NULL;
	r->data_hash(data, hash);
	if (memcmp(hash, game->card_hash, 32) != 0) {
		r->data_free(data);
		cause_set(cause, "game %s: its " GAME_CARDS_SOURCE " does not match its "
		    "card hash",
		    game->name);
		return NULL;
	}
	data_remember(r, hash, data);
	return data;
}

void
game_live_free(struct game_live *l)
{
	if (l == NULL)
		return;
	if (l->g != NULL && l->state_known && l->game != NULL)
		live_keep(l);
	if (l->g != NULL && l->rules != NULL)
		l->rules->free(l->g);
	store_seats_free(l->seats, l->nseats);
	store_game_free(l->game);
	game_data_release(l->rules, l->data);
	free(l);
}

/*
 * Is the state loaded the one the log is at? The stored state is a cache
 * (muthur fsck checks it against the replay of the log): the one a phase
 * is loaded from must be recorded after the phase before the open one and
 * be in that phase (turn and name). A one-row check, not a replay: it
 * catches a state row copied from another phase, which hashes right.
 */
static int
state_fits_log(struct store *st, const struct game_live *l, char **cause)
{
	struct store_phase *ph;
	int rc = 0;

	if (strcmp(l->game->status, GAME_RUNNING) != 0 &&
	    strcmp(l->game->status, GAME_PAUSED) != 0)
		return 0;
	if ((ph = store_phase_current(st, l->game->id, NULL)) == NULL)
		return 0;	/* between phases */
	if (l->state_seq + 1 != ph->seq)
		rc = cause_set(cause, "it is recorded after phase %llu, but phase %llu "
		    "is open", (unsigned long long)l->state_seq,
		    (unsigned long long)ph->seq);
	else if (l->rules->turn(l->g) != ph->turn ||
	    strcmp(l->rules->phase(l->g), ph->name) != 0)
		rc = cause_set(cause, "it is in turn %d, %s, but the log's open phase "
		    "is turn %d, %s", l->rules->turn(l->g), l->rules->phase(l->g),
		    ph->turn, ph->name);
	store_phase_free(ph);
	return rc;
}

/* A recorded state not believed: the reason says so, and is logged. */
static void
state_refused(const struct game_live *l, char **cause)
{
	cause_prefix(cause, "game %s: its recorded state (after phase %llu) cannot "
	    "be believed, the game is held until it is repaired (muthur fsck %s)",
	    l->game->name, (unsigned long long)l->state_seq, l->game->name);
	log_warnx("%s", cause != NULL && *cause != NULL ? *cause : "a recorded state "
	    "cannot be believed");
}

struct game_live *
game_live_load_id(struct store *st, int64_t game_id, char **cause)
{
	struct game_live *l = xcalloc(1, sizeof *l);
	unsigned char *state;
	size_t len;

	/* in a transaction, the game is this worker's until it ends (store.h) */
	if (store_game_lock(st, game_id, cause) != 0)
		goto fail;
	if ((l->game = store_game_get_id(st, game_id, cause)) == NULL)
		goto fail;
	if ((l->rules = rules_find(l->game->rules)) == NULL) {
		cause_set(cause, "game %s: unknown rules %s", l->game->name, l->game->rules);
		goto fail;
	}
	if ((l->data = game_data(st, l->game, l->rules, cause)) == NULL)
		goto fail;
	if (store_seats(st, game_id, &l->seats, &l->nseats, cause) == -1)
		goto fail;
	if (strcmp(l->game->status, GAME_SETUP) == 0)
		return l;
	/* read and hashed every time, even when the cache holds the state */
	if (store_state_get(st, game_id, STORE_STATE_LATEST, &state, &len, &l->state_seq,
	    l->state_hash, cause) == -1) {
		state_refused(l, cause);
		goto fail;
	}
	if ((l->g = live_take(game_id, l->state_seq, l->state_hash, l->data)) == NULL)
		l->g = l->rules->load(l->data, (char *)state, len, cause);
	free(state);
	if (l->g == NULL) {
		state_refused(l, cause);
		goto fail;
	}
	if (state_fits_log(st, l, cause) == -1) {
		state_refused(l, cause);
		l->rules->free(l->g);
		l->g = NULL;
		goto fail;
	}
	l->state_known = 1;
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

void
game_state_known(struct game_live *l, uint64_t seq, const void *state, size_t len)
{
	hashenc_blake2b256(l->state_hash, state, len);
	l->state_seq = seq;
	l->state_known = 1;
}
