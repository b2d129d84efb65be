/* phases.c — phases and recorded states (see phases.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/deflate.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/phases.h"

#define PHASE_COLUMNS "id, game_id, seq, turn, name, owing, deadline, state, " \
	"opened, closed"

/* Check the owing seats exist in the game; build the stored "a b c" list. */
static int
owing_text(struct store *st, int64_t game_id, const char *const *owing, size_t n,
    char **out, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	struct store_seat *seat;
	size_t i;

	for (i = 0; i < n; i++) {
		if ((seat = store_seat_get(st, game_id, owing[i], cause)) == NULL) {
			strbuf_free(&sb);
			return -1;
		}
		if (i > 0)
			strbuf_addc(&sb, ' ');
		strbuf_addstr(&sb, seat->name);
		store_seats_free(seat, 1);
	}
	*out = strbuf_detach(&sb, NULL);
	return 0;
}

int
store_phase_open(struct store *st, int64_t game_id, int turn, const char *name,
    const char *const *owing, size_t nowing, int64_t deadline, int64_t now,
    int64_t *phase_id, uint64_t *seq, char **cause)
{
	struct store_phase *cur;
	struct db_stmt *s;
	char *list;
	int rc;

	if (*name == '\0')
		return cause_set(cause, "a phase needs a name");
	if ((cur = store_phase_current(st, game_id, NULL)) != NULL) {
		rc = cause_set(cause, "phase %llu (%s) of this game is still open",
		    (unsigned long long)cur->seq, cur->name);
		store_phase_free(cur);
		return rc;
	}
	if (owing_text(st, game_id, owing, nowing, &list, cause) == -1)
		return -1;
	if ((s = db_prepare(st, "INSERT INTO phases (game_id, seq, turn, name, owing, "
	    "deadline, state, opened) VALUES (?1, (SELECT coalesce(max(seq), 0) + 1 FROM "
	    "phases WHERE game_id = ?1), ?2, ?3, ?4, ?5, 'open', ?6) RETURNING id, seq",
	    cause)) == NULL) {
		free(list);
		return -1;
	}
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, turn);
	db_bind_text(s, 3, name);
	db_bind_text(s, 4, list);
	if (deadline != 0)
		db_bind_int64(s, 5, deadline);
	db_bind_int64(s, 6, now);
	free(list);
	if (db_step(s) != DB_ROW) {
		db_fail(st, "cannot open the phase", cause);
		db_finish(st, s);
		return -1;
	}
	if (phase_id != NULL)
		*phase_id = db_column_int64(s, 0);
	if (seq != NULL)
		*seq = (uint64_t)db_column_int64(s, 1);
	return db_step_done(st, s, "cannot open the phase", cause);
}

static int
phase_update(struct store *st, const char *sql, int64_t phase_id, int64_t v,
    const char *text, const char *what, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, sql, cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, phase_id);
	if (text != NULL)
		db_bind_text(s, 2, text);
	else if (v != 0)
		db_bind_int64(s, 2, v);
	if (db_step_done(st, s, what, cause) == -1)
		return -1;
	if (db_changes(st) == 0)
		return cause_set(cause, "%s: phase #%lld is not open", what,
		    (long long)phase_id);
	return 0;
}

int
store_phase_close(struct store *st, int64_t phase_id, int64_t now, char **cause)
{
	return phase_update(st, "UPDATE phases SET state = 'closed', closed = ?2 "
	    "WHERE id = ?1 AND state = 'open'", phase_id, now, NULL,
	    "cannot close the phase", cause);
}

int
store_phase_set_deadline(struct store *st, int64_t phase_id, int64_t deadline,
    char **cause)
{
	return phase_update(st, "UPDATE phases SET deadline = ?2 WHERE id = ?1 AND "
	    "state = 'open'", phase_id, deadline, NULL, "cannot set the deadline", cause);
}

int
store_phase_set_owing(struct store *st, int64_t phase_id, const char *const *owing,
    size_t nowing, char **cause)
{
	struct store_phase *ph;
	char *list;
	int rc;

	if ((ph = store_phase_get(st, phase_id, cause)) == NULL)
		return -1;
	rc = owing_text(st, ph->game_id, owing, nowing, &list, cause);
	store_phase_free(ph);
	if (rc == -1)
		return -1;
	rc = phase_update(st, "UPDATE phases SET owing = ?2 WHERE id = ?1 AND "
	    "state = 'open'", phase_id, 0, list, "cannot change the owing seats", cause);
	free(list);
	return rc;
}

static void
phase_fill(struct db_stmt *s, void *elem)
{
	struct store_phase *ph = elem;
	char *list, *p, *tok, *save = NULL;

	ph->id = db_column_int64(s, 0);
	ph->game_id = db_column_int64(s, 1);
	ph->seq = (uint64_t)db_column_int64(s, 2);
	ph->turn = db_column_int(s, 3);
	ph->name = db_col_text(s, 4);
	list = db_col_text(s, 5);
	for (p = list; (tok = strtok_r(p, " ", &save)) != NULL; p = NULL) {
		ph->owing = xreallocarray(ph->owing, ph->nowing + 1, sizeof *ph->owing);
		ph->owing[ph->nowing++] = xstrdup(tok);
	}
	free(list);
	ph->deadline = db_column_int64(s, 6);
	ph->open = strcmp((const char *)db_column_text(s, 7), "open") == 0;
	ph->opened = db_column_int64(s, 8);
	ph->closed = db_column_int64(s, 9);
}

static struct store_phase *
phase_row(struct db_stmt *s)
{
	struct store_phase *ph = xcalloc(1, sizeof *ph);

	phase_fill(s, ph);
	return ph;
}

static struct store_phase *
phase_query(struct store *st, const char *sql, int64_t a, int64_t b, const char *what,
    char **cause)
{
	struct db_stmt *s;
	struct store_phase *ph = NULL;
	int rc;

	if ((s = db_prepare(st, sql, cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, a);
	db_bind_int64(s, 2, b);
	if ((rc = db_step(s)) == DB_ROW)
		ph = phase_row(s);
	else if (rc == DB_DONE) {
		char *game = db_game_name(st, a);

		cause_set(cause, "game %s has no %s", game, what);
		free(game);
	} else
		db_fail(st, "cannot read phases", cause);
	db_finish(st, s);
	return ph;
}

struct store_phase *
store_phase_current(struct store *st, int64_t game_id, char **cause)
{
	return phase_query(st, "SELECT " PHASE_COLUMNS " FROM phases WHERE game_id = ?1 "
	    "AND state = 'open' AND ?2 = 0", game_id, 0, "open phase", cause);
}

struct store_phase *
store_phase_get(struct store *st, int64_t phase_id, char **cause)
{
	struct store_phase *ph;
	struct db_stmt *s;
	int64_t game_id = 0;

	if ((s = db_prepare(st, "SELECT game_id FROM phases WHERE id = ?", cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, phase_id);
	if (db_step(s) == DB_ROW)
		game_id = db_column_int64(s, 0);
	db_finish(st, s);
	if (game_id == 0) {
		cause_set(cause, "no phase #%lld", (long long)phase_id);
		return NULL;
	}
	ph = phase_query(st, "SELECT " PHASE_COLUMNS " FROM phases WHERE game_id = ?1 "
	    "AND id = ?2", game_id, phase_id, "such phase", cause);
	return ph;
}

struct store_phase *
store_phase_get_seq(struct store *st, int64_t game_id, uint64_t seq, char **cause)
{
	struct store_phase *ph;
	char *what = xasprintf("phase %llu", (unsigned long long)seq);

	ph = phase_query(st, "SELECT " PHASE_COLUMNS " FROM phases WHERE game_id = ?1 "
	    "AND seq = ?2", game_id, (int64_t)seq, what, cause);
	free(what);
	return ph;
}

static void
phases_free_all(void *v, size_t n)
{
	store_phases_free(v, n);
}

struct store_phase *
store_phase_last(struct store *st, int64_t game_id, char **cause)
{
	return phase_query(st, "SELECT " PHASE_COLUMNS " FROM phases WHERE game_id = ?1 "
	    "AND ?2 = 0 ORDER BY seq DESC LIMIT 1", game_id, 0, "phases", cause);
}

int
store_phases_of_turn(struct store *st, int64_t game_id, int turn,
    struct store_phase **phases, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*phases = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT " PHASE_COLUMNS " FROM phases WHERE game_id = ? "
	    "AND turn = ? ORDER BY seq", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, turn);
	rc = db_collect(st, s, sizeof **phases, phase_fill, phases_free_all, &out, n,
	    "cannot read phases", cause);
	*phases = out;
	return rc;
}

int
store_phases(struct store *st, int64_t game_id, struct store_phase **phases,
    size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*phases = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT " PHASE_COLUMNS " FROM phases WHERE game_id = ? "
	    "ORDER BY seq", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	rc = db_collect(st, s, sizeof **phases, phase_fill, phases_free_all, &out, n,
	    "cannot read phases", cause);
	*phases = out;
	return rc;
}

void
store_phases_free(struct store_phase *phases, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		store_names_free(phases[i].owing, phases[i].nowing);
		free(phases[i].name);
	}
	free(phases);
}

int
store_phases_due(struct store *st, int64_t now, int64_t **phase_ids, size_t *n,
    char **cause)
{
	struct db_stmt *s;
	int rc;

	*phase_ids = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT id FROM phases WHERE state = 'open' AND "
	    "deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, now);
	while ((rc = db_step(s)) == DB_ROW) {
		*phase_ids = xreallocarray(*phase_ids, *n + 1, sizeof **phase_ids);
		(*phase_ids)[(*n)++] = db_column_int64(s, 0);
	}
	db_finish(st, s);
	if (rc != DB_DONE) {
		free(*phase_ids);
		*phase_ids = NULL;
		*n = 0;
		return db_fail(st, "cannot read deadlines", cause);
	}
	return 0;
}

void
store_phase_free(struct store_phase *ph)
{
	if (ph != NULL)
		store_phases_free(ph, 1);
}

/*
 * States are kept as keyframes and deltas: a keyframe is the state deflated
 * alone, a delta is deflated against the game's nearest earlier keyframe as
 * a preset dictionary (lib/deflate.h: the stream says it needs one), so
 * that a state takes about the room of what changed since (Contact: 2.2 KB
 * a state alone, 0.4 KB as a delta). A keyframe at least every
 * STATE_KEY_EVERY states keeps a read to two inflates.
 */
#define STATE_KEY_EVERY 16

/* The state bytes of row s (state in column col, deflated in col + 1),
 * inflated over dict when it is a delta. */
static unsigned char *
state_bytes(struct db_stmt *s, int col, const unsigned char *dict, size_t dictlen,
    size_t *len, char **cause)
{
	const void *p = db_column_blob(s, col);
	size_t n = (size_t)db_column_bytes(s, col);
	unsigned char *out;

	if (!db_column_int(s, col + 1)) {	/* recorded before schema 5 */
		out = xmalloc(n + 1);
		if (n > 0)
			memcpy(out, p, n);
		out[n] = '\0';
		*len = n;
		return out;
	}
	if (deflate_has_dict(p, n) && dict == NULL) {
		cause_set(cause, "a delta state without a keyframe before it");
		return NULL;
	}
	return inflate_buf_dict(p, n, deflate_has_dict(p, n) ? dict : NULL, dictlen,
	    STORE_STATE_MAX, len, cause);
}

/*
 * The keyframe that a state of game_id recorded after phase before (or a
 * new one) is a delta over: 1 with its bytes in *key (caller frees), 0
 * when there is none within STATE_KEY_EVERY - 1 states (for_write: the new
 * state is to be a keyframe), -1 with a reason.
 */
static int
state_keyframe(struct store *st, int64_t game_id, uint64_t before, int for_write,
    unsigned char **key, size_t *keylen, char **cause)
{
	struct db_stmt *s;
	const void *p;
	unsigned char hash[32], got[32];
	uint64_t at;
	int rc, found = 0;
	size_t n;

	*key = NULL;
	if ((s = db_prepare(st, "SELECT state, deflated, after_phase, hash FROM states "
	    "WHERE game_id = ? AND after_phase < ? ORDER BY after_phase DESC LIMIT ?",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, (int64_t)before);
	db_bind_int64(s, 3, for_write ? STATE_KEY_EVERY - 1 : STATE_KEY_EVERY);
	while ((rc = db_step(s)) == DB_ROW) {
		p = db_column_blob(s, 0);
		n = (size_t)db_column_bytes(s, 0);
		if (db_column_int(s, 1) && deflate_has_dict(p, n))
			continue;	/* a delta */
		at = (uint64_t)db_column_int64(s, 2);
		db_col_fixed(s, 3, hash, 32);
		if ((*key = state_cache_get(&st->keyframe, game_id, at, hash,
		    keylen)) != NULL) {
			found = 1;
			break;
		}
		found = (*key = state_bytes(s, 0, NULL, 0, keylen, cause)) != NULL ? 1 : -1;
		if (found == 1) {	/* kept only when it is what was hashed */
			hashenc_blake2b256(got, *key, *keylen);
			if (sodium_memcmp(got, hash, sizeof got) == 0)
				state_cache_put(&st->keyframe, game_id, at, hash,
				    *key, *keylen);
		}
		break;
	}
	if (rc != DB_ROW && rc != DB_DONE)
		found = db_fail(st, "cannot read the states", cause);
	db_finish(st, s);
	return found;
}

int
store_state_put(struct store *st, int64_t game_id, uint64_t after_phase,
    const void *state, size_t len, char **cause)
{
	unsigned char hash[32], *z, *key;
	struct db_stmt *s;
	size_t zlen, keylen;
	int k;

	hashenc_blake2b256(hash, state, len);
	if ((k = state_keyframe(st, game_id, after_phase, 1, &key, &keylen, cause)) == -1)
		return cause_prefix(cause, "state after phase %llu",
		    (unsigned long long)after_phase);
	z = k == 1 ? deflate_buf_dict(state, len, key, keylen, &zlen, cause) :
	    deflate_buf(state, len, &zlen, cause);
	free(key);
	if (z == NULL)
		return cause_prefix(cause, "state after phase %llu",
		    (unsigned long long)after_phase);
	if ((s = db_prepare(st, "INSERT INTO states (game_id, after_phase, state, hash, "
	    "deflated) VALUES (?, ?, ?, ?, 1)", cause)) == NULL) {
		free(z);
		return -1;
	}
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, (int64_t)after_phase);
	db_bind_blob(s, 3, z, zlen);
	db_bind_blob(s, 4, hash, sizeof hash);
	if (db_step_done(st, s, "cannot record the state", cause) == -1) {
		free(z);
		return cause_prefix(cause, "state after phase %llu",
		    (unsigned long long)after_phase);
	}
	free(z);
	state_cache_put(&st->latest, game_id, after_phase, hash, state, len);
	if (k == 0)
		state_cache_put(&st->keyframe, game_id, after_phase, hash, state, len);
	return 0;
}

int
store_state_get(struct store *st, int64_t game_id, uint64_t after_phase,
    unsigned char **state, size_t *len, uint64_t *found_phase, unsigned char hash[32],
    char **cause)
{
	struct db_stmt *s;
	int rc;

	unsigned char *key = NULL, got[32], rowhash[32];
	size_t keylen = 0;
	int delta;
	uint64_t found;
	const void *z;
	int k;

	if ((s = db_prepare(st, after_phase == STORE_STATE_LATEST ?
	    "SELECT after_phase, state, deflated, hash FROM states WHERE game_id = ?1 AND "
	    "CAST(?2 AS BIGINT) = CAST(?2 AS BIGINT) ORDER BY after_phase DESC LIMIT 1" :
	    "SELECT after_phase, state, deflated, hash FROM states WHERE game_id = ?1 AND "
	    "after_phase = ?2", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, (int64_t)after_phase);
	if ((rc = db_step(s)) != DB_ROW) {
		if (rc == DB_DONE)
			cause_set(cause, "no state recorded%s", after_phase ==
			    STORE_STATE_LATEST ? " for this game" : " after this phase");
		else
			db_fail(st, "cannot read the state", cause);
		db_finish(st, s);
		return -1;
	}
	found = (uint64_t)db_column_int64(s, 0);
	if (found_phase != NULL)
		*found_phase = found;
	db_col_fixed(s, 3, rowhash, 32);
	if (hash != NULL)
		memcpy(hash, rowhash, 32);
	if ((*state = state_cache_get(&st->latest, game_id, found, rowhash, len)) != NULL) {
		db_finish(st, s);
		return 0;
	}
	z = db_column_blob(s, 1);
	if (db_column_int(s, 2) &&
	    deflate_has_dict(z, (size_t)db_column_bytes(s, 1)) &&
	    (k = state_keyframe(st, game_id, found, 0, &key, &keylen, cause)) != 1) {
		db_finish(st, s);
		if (k == 0)
			cause_set(cause, "a delta state without a keyframe before it");
		return cause_prefix(cause, "the recorded state");
	}
	*state = state_bytes(s, 1, key, keylen, len, cause);
	delta = key != NULL;
	free(key);
	db_finish(st, s);
	if (*state == NULL)
		return cause_prefix(cause, "the recorded state");
	if (hash != NULL) {
		hashenc_blake2b256(got, *state, *len);
		if (sodium_memcmp(got, hash, sizeof got) != 0) {
			free(*state);
			*state = NULL;
			return cause_set(cause, "the recorded state does not match its hash");
		}
		state_cache_put(&st->latest, game_id, found, hash, *state, *len);
		if (!delta)	/* a keyframe: the next state's dictionary */
			state_cache_put(&st->keyframe, game_id, found, hash, *state,
			    *len);
	}
	return 0;
}

int
store_state_latest(struct store *st, int64_t game_id, uint64_t *after_phase,
    unsigned char hash[32], char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT after_phase, hash FROM states WHERE game_id = ? "
	    "ORDER BY after_phase DESC LIMIT 1", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	if ((rc = db_step(s)) != DB_ROW) {
		if (rc == DB_DONE)
			cause_set(cause, "no state recorded for this game");
		else
			db_fail(st, "cannot read the state", cause);
		db_finish(st, s);
		return -1;
	}
	*after_phase = (uint64_t)db_column_int64(s, 0);
	db_col_fixed(s, 1, hash, 32);
	db_finish(st, s);
	return 0;
}
