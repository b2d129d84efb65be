/* events.c — the hash-chained event log (see events.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/events.h"
#include "store/games.h"

/*
 * Count the new event for the seats that may see it (event_seen, schema
 * 13): row '' for visibility "all", else one row per seat named (each
 * name once, however often listed; empty names never match a seat).
 */
static int
event_seen_add(struct store *st, int64_t game_id, const char *visibility, char **cause)
{
	const char *p, *e, *q;
	struct db_stmt *s;
	size_t len;
	char *name;
	int dup, rc = 0;

	for (p = visibility; rc == 0; p = e + 1) {
		if (strcmp(visibility, "all") == 0) {
			name = xstrdup("");
			e = NULL;
		} else {
			e = strchr(p, ',');
			len = e != NULL ? (size_t)(e - p) : strlen(p);
			name = xstrndup(p, len);
			for (dup = 0, q = visibility; !dup && q < p; q = strchr(q, ',') + 1)
				dup = strncmp(q, name, len) == 0 && (q[len] == ',' ||
				    q[len] == '\0');
			if (dup || len == 0) {
				free(name);
				if (e == NULL)
					break;
				continue;
			}
		}
		if ((s = db_prepare(st, "INSERT INTO event_seen (game_id, seat, n) VALUES "
		    "(?, ?, 1) ON CONFLICT (game_id, seat) DO UPDATE SET n = event_seen.n + 1",
		    cause)) == NULL)
			rc = -1;
		else {
			db_bind_int64(s, 1, game_id);
			db_bind_text(s, 2, name);
			rc = db_step_done(st, s, "cannot count the event", cause);
		}
		free(name);
		if (e == NULL)
			break;
	}
	return rc;
}

static int
event_insert(struct store *st, int64_t game_id, uint64_t phase_seq, const char *type,
    const char *visibility, const void *payload, size_t len, uint64_t *seqp,
    char **cause)
{
	struct store_game *g;
	struct chain_event ev;
	unsigned char hash[CHAIN_HASH_BYTES];
	struct db_stmt *s;

	if ((g = store_game_get_id(st, game_id, cause)) == NULL)
		return -1;
	ev.game = g->name;
	ev.seq = g->event_count + 1;
	ev.phase_seq = phase_seq;
	ev.type = type;
	ev.visibility = visibility;
	ev.payload = payload;
	ev.payload_len = len;
	chain_hash(g->head_hash, &ev, hash);
	if ((s = db_prepare(st, "INSERT INTO events (game_id, seq, phase_seq, type, "
	    "visibility, payload, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
	    cause)) == NULL)
		goto fail;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, (int64_t)ev.seq);
	db_bind_int64(s, 3, (int64_t)phase_seq);
	db_bind_text(s, 4, type);
	db_bind_text(s, 5, visibility);
	db_bind_blob(s, 6, payload, len);
	db_bind_blob(s, 7, g->head_hash, CHAIN_HASH_BYTES);
	db_bind_blob(s, 8, hash, CHAIN_HASH_BYTES);
	if (db_step_done(st, s, "cannot append the event", cause) == -1 ||
	    event_seen_add(st, game_id, visibility, cause) == -1)
		goto fail;
	if ((s = db_prepare(st, "UPDATE games SET event_count = ?, head_hash = ? "
	    "WHERE id = ?", cause)) == NULL)
		goto fail;
	db_bind_int64(s, 1, (int64_t)ev.seq);
	db_bind_blob(s, 2, hash, CHAIN_HASH_BYTES);
	db_bind_int64(s, 3, game_id);
	if (db_step_done(st, s, "cannot move the chain head", cause) == -1)
		goto fail;
	if (seqp != NULL)
		*seqp = ev.seq;
	store_game_free(g);
	return 0;
fail:
	store_game_free(g);
	return -1;
}

int
store_event_append(struct store *st, int64_t game_id, uint64_t phase_seq,
    const char *type, const char *visibility, const void *payload, size_t len,
    uint64_t *seq, char **cause)
{
	const char *end = NULL, *lim = (const char *)payload + len;
	cJSON *json;
	int ok;

	if (*type == '\0')
		return cause_set(cause, "event: empty type");
	if (*visibility == '\0' || strpbrk(visibility, " \t\r\n") != NULL)
		return cause_set(cause, "event %s: bad visibility \"%s\" (expected all, "
		    "none or seat names separated by commas)", type, visibility);
	json = cJSON_ParseWithLengthOpts(payload, len, &end, 0);
	cJSON_Delete(json);
	while (end != NULL && end < lim && strchr(" \t\r\n", *end) != NULL && *end != '\0')
		end++;
	if (json == NULL || end != lim)
		return cause_set(cause, "event %s: payload is not one JSON value", type);
	if (db_tx_enter(st, cause) == -1)
		return -1;
	ok = event_insert(st, game_id, phase_seq, type, visibility, payload, len, seq,
	    cause) == 0;
	return db_tx_leave(st, ok, cause);
}

static void
event_row(struct db_stmt *s, void *elem)
{
	struct store_event *e = elem;

	e->seq = (uint64_t)db_column_int64(s, 0);
	e->phase_seq = (uint64_t)db_column_int64(s, 1);
	e->type = db_col_text(s, 2);
	e->visibility = db_col_text(s, 3);
	e->payload = db_col_blob(s, 4, &e->payload_len);
	/* A wrong-sized hash stays zero and fails verification. */
	db_col_fixed(s, 5, e->prev_hash, CHAIN_HASH_BYTES);
	db_col_fixed(s, 6, e->hash, CHAIN_HASH_BYTES);
}

static void
events_free_all(void *v, size_t n)
{
	store_events_free(v, n);
}

/* The columns event_row() reads, and the table. */
#define EVENT_SELECT "SELECT seq, phase_seq, type, visibility, payload, prev_hash, " \
	"hash FROM events WHERE "

/* Step s (its parameters bound) and collect its events into *events, *n. */
static int
events_collect(struct store *st, struct db_stmt *s, struct store_event **events,
    size_t *n, char **cause)
{
	void *out;
	int rc;

	rc = db_collect(st, s, sizeof **events, event_row, events_free_all, &out, n,
	    "cannot read events", cause);
	*events = out;
	return rc;
}

int
store_events(struct store *st, int64_t game_id, uint64_t from_seq,
    struct store_event **events, size_t *n, char **cause)
{
	struct db_stmt *s;

	*events = NULL;
	*n = 0;
	if ((s = db_prepare(st, EVENT_SELECT "game_id = ? AND seq >= ? ORDER BY seq",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, (int64_t)from_seq);
	return events_collect(st, s, events, n, cause);
}

int
store_events_of_phases(struct store *st, int64_t game_id, uint64_t from_phase,
    struct store_event **events, size_t *n, char **cause)
{
	struct db_stmt *s;

	*events = NULL;
	*n = 0;
	/* the first event of those phases (events_phase), then every later one */
	if ((s = db_prepare(st, EVENT_SELECT "game_id = ?1 AND seq >= (SELECT min(seq) "
	    "FROM events WHERE game_id = ?1 AND phase_seq >= ?2) ORDER BY seq",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, (int64_t)from_phase);
	return events_collect(st, s, events, n, cause);
}

int
store_events_of_type(struct store *st, int64_t game_id, const char *type,
    struct store_event **events, size_t *n, char **cause)
{
	struct db_stmt *s;

	*events = NULL;
	*n = 0;
	if ((s = db_prepare(st, EVENT_SELECT "game_id = ? AND type = ? ORDER BY seq",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, type);
	return events_collect(st, s, events, n, cause);
}

int
store_events_seen(struct store *st, int64_t game_id, const char *seat, uint64_t *n,
    char **cause)
{
	struct db_stmt *s;
	int rc;

	*n = 0;
	if (*seat == '\0')
		return 0;
	if ((s = db_prepare(st, "SELECT coalesce(sum(n), 0) FROM event_seen WHERE "
	    "game_id = ? AND seat IN ('', ?)", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, seat);
	if ((rc = db_step(s)) == DB_ROW)
		*n = (uint64_t)db_column_int64(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW)
		return db_fail(st, "cannot count the events", cause);
	return 0;
}

void
store_events_free(struct store_event *events, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(events[i].type);
		free(events[i].visibility);
		free(events[i].payload);
	}
	free(events);
}

int
store_events_verify(struct store *st, int64_t game_id, uint64_t *bad_seq,
    char **cause)
{
	struct store_game *g;
	struct store_event *ev;
	struct chain_event ce;
	unsigned char prev[CHAIN_HASH_BYTES], hash[CHAIN_HASH_BYTES];
	size_t n, i;
	int rc = -1;
	uint64_t bad = 0;

	if ((g = store_game_get_id(st, game_id, cause)) == NULL)
		return -1;
	if (store_events(st, game_id, 1, &ev, &n, cause) == -1) {
		store_game_free(g);
		return -1;
	}
	memcpy(prev, chain_genesis, sizeof prev);
	for (i = 0; i < n; i++) {
		bad = ev[i].seq;
		if (ev[i].seq != i + 1) {
			bad = i + 1;
			cause_set(cause, "game %s: event %llu is missing (the log jumps to "
			    "event %llu)", g->name, (unsigned long long)(i + 1),
			    (unsigned long long)ev[i].seq);
			goto out;
		}
		if (sodium_memcmp(ev[i].prev_hash, prev, sizeof prev) != 0) {
			cause_set(cause, "game %s: event %llu: its previous hash is not the "
			    "hash of event %llu (broken link)", g->name,
			    (unsigned long long)ev[i].seq, (unsigned long long)i);
			goto out;
		}
		ce.game = g->name;
		ce.seq = ev[i].seq;
		ce.phase_seq = ev[i].phase_seq;
		ce.type = ev[i].type;
		ce.visibility = ev[i].visibility;
		ce.payload = ev[i].payload;
		ce.payload_len = ev[i].payload_len;
		chain_hash(prev, &ce, hash);
		if (sodium_memcmp(hash, ev[i].hash, sizeof hash) != 0) {
			cause_set(cause, "game %s: event %llu (%s): its hash does not match "
			    "its contents", g->name, (unsigned long long)ev[i].seq,
			    ev[i].type);
			goto out;
		}
		memcpy(prev, hash, sizeof prev);
	}
	bad = 0;
	if (g->event_count != n || sodium_memcmp(g->head_hash, prev, sizeof prev) != 0) {
		cause_set(cause, "game %s: the recorded head of the chain (%llu events) "
		    "does not match the log (%zu events)", g->name,
		    (unsigned long long)g->event_count, n);
		goto out;
	}
	rc = 0;
out:
	if (rc == -1 && bad_seq != NULL)
		*bad_seq = bad;
	store_events_free(ev, n);
	store_game_free(g);
	return rc;
}
