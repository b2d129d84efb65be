/*
 * test-verify.c — a game's records verify, and changing any single byte
 * of an event payload, a commitment, a signature (or the other audited
 * fields) in a copy of the database makes verification fail and name the
 * record.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "store/chain.h"
#include "store/events.h"
#include "store/games.h"
#include "store/store.h"
#include "store/verify.h"
#include "tests/store/fixture.h"
#include "tests/tap.h"

/* ok() that shows the reason, evaluating cond (which sets cause) first. */
#define ok_cause(cond, name) do {						\
	int ok_c = (cond);							\
	ok(ok_c, "%s: %s", name, cause != NULL ? cause : "(none)");		\
} while (0)

static char tmpdir[] = "/tmp/muthur-verify-XXXXXX";
static struct store *st;
static sqlite3 *raw;
static int64_t gid;

/* The value of one column of one row (the caller frees). */
static unsigned char *
get_blob(const char *sql_get, int64_t key, size_t *len)
{
	sqlite3_stmt *s;
	unsigned char *v = NULL;

	sqlite3_prepare_v2(raw, sql_get, -1, &s, NULL);
	sqlite3_bind_int64(s, 1, key);
	if (sqlite3_step(s) == SQLITE_ROW) {
		*len = (size_t)sqlite3_column_bytes(s, 0);
		v = xmemdup(sqlite3_column_blob(s, 0), *len);
	}
	sqlite3_finalize(s);
	return v;
}

/* Set the column; 0 if the database refuses the value (e.g. UNIQUE). */
static int
set_blob(const char *sql_set, int64_t key, const unsigned char *v, size_t len)
{
	sqlite3_stmt *s;
	int rc;

	sqlite3_prepare_v2(raw, sql_set, -1, &s, NULL);
	sqlite3_bind_blob(s, 1, v, (int)len, SQLITE_TRANSIENT);
	sqlite3_bind_int64(s, 2, key);
	rc = sqlite3_step(s) == SQLITE_DONE;
	sqlite3_finalize(s);
	return rc;
}

/*
 * Flip each byte of one column of every row in turn; each time the game
 * must fail to verify with a reason that contains the record's name.
 * Returns the number of single-byte changes tried; *missed counts those
 * not detected or not named.
 */
static int
tamper_column(const char *table, const char *col, const char *keycol, const char *where,
    const char *pre, const char *post, int *missed)
{
	sqlite3_stmt *rows;
	char *sql, *get, *set, *name, *cause;
	unsigned char *orig, *v;
	size_t len = 0, i;
	int64_t key;
	int tried = 0;

	sql = xasprintf("SELECT %s FROM %s WHERE %s ORDER BY %s", keycol, table, where,
	    keycol);
	get = xasprintf("SELECT %s FROM %s WHERE %s = ?", col, table, keycol);
	set = xasprintf("UPDATE %s SET %s = ?1 WHERE %s = ?2", table, col, keycol);
	sqlite3_prepare_v2(raw, sql, -1, &rows, NULL);
	while (sqlite3_step(rows) == SQLITE_ROW) {
		key = sqlite3_column_int64(rows, 0);
		orig = get_blob(get, key, &len);
		name = xasprintf("%s%lld%s", pre, (long long)key, post);
		for (i = 0; i < len; i++) {
			v = xmemdup(orig, len);
			v[i] ^= 0x01;
			if (!set_blob(set, key, v, len)) {
				/* Such a database cannot exist (a constraint). */
				free(v);
				continue;
			}
			cause = NULL;
			if (store_game_verify(st, gid, &cause) != -1 ||
			    strstr(cause, name) == NULL) {
				if (*missed < 5)
					diag("%s.%s row %lld byte %zu: %s", table, col,
					    (long long)key, i, cause ? cause : "verified");
				(*missed)++;
			}
			free(cause);
			free(v);
			tried++;
		}
		set_blob(set, key, orig, len);
		free(orig);
		free(name);
	}
	sqlite3_finalize(rows);
	free(sql);
	free(get);
	free(set);
	return tried;
}

#define TAMPER(table, col, keycol, where, pre, post, what) do {		\
	int missed = 0, tried;							\
	tried = tamper_column(table, col, keycol, where, pre, post, &missed);	\
	ok(tried > 0 && missed == 0, "each of %d changed bytes of %s is "	\
	    "detected and the record named", tried, what);			\
	ok(store_game_verify(st, gid, NULL) == 0, "the restored copy verifies");\
} while (0)

/* The events use (game_id, seq) as key: tamper through rowid. */
static void
tamper_all(void)
{
	char where[64], *cause = NULL;

	snprintf(where, sizeof where, "game_id = %lld", (long long)gid);
	TAMPER("events", "payload", "rowid", where, "event ", " (", "event payloads");
	TAMPER("events", "type", "rowid", where, "event ", " (", "event types");
	TAMPER("events", "visibility", "rowid", where, "event ", " (", "event visibilities");
	TAMPER("events", "hash", "rowid", where, "event ", " (", "event hashes");
	TAMPER("events", "prev_hash", "rowid", where, "event ", ":", "event previous hashes");
	TAMPER("commitments", "commitment", "id", where, "commitment ", " (", "commitments");
	TAMPER("commitments", "signature", "id", where, "commitment ", " (", "signatures");
	TAMPER("commitments", "secret", "id", where, "commitment ", " (", "committed secrets");
	TAMPER("commitments", "nonce", "id", where, "commitment ", " (", "commitment nonces");
	TAMPER("commitments", "domain", "id", where, "commitment ", " (", "commitment domains");
	TAMPER("commitments", "secret_id", "id", where, "commitment ", " (",
	    "commitment secret-ids");
	TAMPER("states", "state", "after_phase", where, "state after phase ", " ",
	    "recorded states");
	(void)cause;
}

/*
 * A fresh copy of the original database with sql applied (and, if hash is
 * not NULL, bound to its first parameter); returns a store on it.
 */
static struct store *
tampered_copy(const char *orig, const char *sql, const unsigned char *hash)
{
	static int n;
	char *path = xasprintf("%s/link-%d.db", tmpdir, ++n), *data;
	sqlite3_stmt *s;
	struct store *t;
	sqlite3 *db;
	size_t len;

	if (fs_read_file(orig, 1 << 26, &data, &len, NULL) == 0) {
		fs_write_file_excl(path, data, len, 0600, NULL);
		free(data);
	}
	sqlite3_open(path, &db);
	sqlite3_prepare_v2(db, sql, -1, &s, NULL);
	if (hash != NULL)
		sqlite3_bind_blob(s, 1, hash, 32, SQLITE_TRANSIENT);
	if (sqlite3_step(s) != SQLITE_DONE)
		diag("tamper failed: %s", sqlite3_errmsg(db));
	sqlite3_finalize(s);
	sqlite3_close(db);
	t = store_open(path, NULL);
	free(path);
	return t;
}

/* Links: an attacker who re-hashes, deletes or truncates. */
static void
test_links(const char *orig)
{
	struct store_event *ev;
	struct chain_event ce;
	struct store_game *g;
	struct store *t;
	unsigned char h[32];
	char *cause = NULL, *sql;
	uint64_t bad = 0;
	size_t n;

	store_events(st, gid, 1, &ev, &n, NULL);
	g = store_game_get_id(st, gid, NULL);
	ce.game = g->name;
	ce.seq = ev[2].seq;
	ce.phase_seq = ev[2].phase_seq;
	ce.type = ev[2].type;
	ce.visibility = "all";
	ce.payload = ev[2].payload;
	ce.payload_len = ev[2].payload_len;
	chain_hash(ev[2].prev_hash, &ce, h);
	sql = xasprintf("UPDATE events SET visibility = 'all', hash = ? WHERE "
	    "game_id = %lld AND seq = 3", (long long)gid);
	t = tampered_copy(orig, sql, h);
	ok_cause(store_events_verify(t, gid, &bad, &cause) == -1 && bad == 4 &&
	    strstr(cause, "event 4: its previous hash is not the hash of event 3") != NULL,
	    "a re-hashed event 3 breaks the link to event 4");
	free(cause);
	cause = NULL;
	store_close(t);
	free(sql);

	sql = xasprintf("DELETE FROM events WHERE game_id = %lld AND seq = 5", (long long)gid);
	t = tampered_copy(orig, sql, NULL);
	ok_cause(store_events_verify(t, gid, &bad, &cause) == -1 && bad == 5 &&
	    strstr(cause, "event 5 is missing") != NULL,
	    "a deleted event is named");
	free(cause);
	cause = NULL;
	store_close(t);
	free(sql);

	sql = xasprintf("DELETE FROM events WHERE game_id = %lld AND seq = %zu",
	    (long long)gid, n);
	t = tampered_copy(orig, sql, NULL);
	ok_cause(store_events_verify(t, gid, &bad, &cause) == -1 && bad == 0 &&
	    strstr(cause, "head of the chain") != NULL,
	    "a truncated log no longer matches the game's head");
	free(cause);
	cause = NULL;
	store_close(t);
	free(sql);

	sql = xasprintf("UPDATE commitments SET revealed_phase = NULL WHERE game_id = %lld "
	    "AND domain = 'muthur.seed' AND secret_id = 'phase-2'", (long long)gid);
	t = tampered_copy(orig, sql, NULL);
	ok_cause(store_game_verify(t, gid, &cause) == -1 && cause != NULL &&
	    strstr(cause, "phase 2 is closed but its seed was never opened") != NULL,
	    "a closed phase whose seed was never opened is named");
	free(cause);
	store_close(t);
	free(sql);
	store_game_free(g);
	store_events_free(ev, n);
}

int
main(void)
{
	struct server_key key;
	struct fix_game g;
	char *path, *copy, *cause = NULL, *data, *cmd;
	size_t len;
	int i, seat;
	uint64_t mail = 1;

	if (sodium_init() < 0 || mkdtemp(tmpdir) == NULL)
		skip_all("cannot set up");
	fix_server_key(&key);
	path = xasprintf("%s/game.db", tmpdir);
	copy = xasprintf("%s/copy.db", tmpdir);
	st = store_open(path, &cause);
	ok(fix_game_new(st, &key, "contact-17", 1000, &g, &cause) == 0, "a game is set up");
	for (i = 0; i < 3; i++) {
		for (seat = 0; seat < FIX_SEATS; seat++)
			fix_order_mail(st, &g, seat, mail++, 1000 + i, NULL);
		ok(fix_advance(st, &key, &g, 1001 + i, &cause) == 0, "phase %d advances%s%s",
		    i + 1, cause ? ": " : "", cause ? cause : "");
	}
	gid = g.id;
	ok(store_game_verify(st, gid, &cause) == 0, "the game verifies%s%s",
	    cause ? ": " : "", cause ? cause : "");
	store_close(st);

	/* Work on a copy, as an auditor handed a database would. */
	if (fs_read_file(path, 1 << 26, &data, &len, NULL) == 0) {
		fs_write_file_excl(copy, data, len, 0600, NULL);
		free(data);
	}
	st = store_open(copy, NULL);
	sqlite3_open(copy, &raw);
	sqlite3_busy_timeout(raw, 5000);
	sqlite3_exec(raw, "PRAGMA synchronous = OFF", NULL, NULL, NULL);
	ok(st != NULL && store_game_verify(st, gid, NULL) == 0, "the copy verifies");
	tamper_all();
	test_links(path);
	sqlite3_close(raw);
	store_close(st);
	free(path);
	free(copy);
	cmd = xasprintf("rm -rf %s", tmpdir);
	if (getenv("MUTHUR_KEEP_TMP") == NULL && system(cmd) != 0)
		diag("could not remove %s", tmpdir);
	free(cmd);
	return done_testing();
}
