/*
 * test-db.c — the store's database: migrations, pragmas, refusals, and
 * each table's API (games, seats, phases, orders, events, states,
 * commitments, seeds, processed mail, outbox, transactions, server key).
 *
 * With MUTHUR_TEST_STORE_URL (and MUTHUR_TEST_STORE_URL2, a second empty
 * database) set to postgresql:// URLs, the table tests run against the
 * postgresql driver instead, after its own open and schema tests
 * (tests/store/test-db-pg.sh starts the server).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>
#include <sqlite3.h>

#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/gamefiles.h"
#include "store/hashenc.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/phases.h"
#include "store/serverkey.h"
#include "store/store.h"
#include "tests/store/raw.h"
#include "tests/tap.h"

/* ok() that shows the reason, evaluating cond (which sets cause) first. */
#define ok_cause(cond, name) do {						\
	int ok_c = (cond);							\
	ok(ok_c, "%s: %s", name, cause != NULL ? cause : "(none)");		\
} while (0)

static char tmpdir[] = "/tmp/muthur-store-XXXXXX";
static unsigned char zero32[32];

static char *
tpath(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

/* Lower-case hex of 32 bytes, in a static buffer (one use at a time). */
static const char *
hexof(const unsigned char *b)
{
	static char out[65];

	sodium_bin2hex(out, sizeof out, b, 32);
	return out;
}

/* The hex of the BLAKE2b-256 of text, in its own static buffer. */
static const char *
hexof_state(const char *text)
{
	static char out[65];
	unsigned char h[32];

	hashenc_blake2b256(h, text, strlen(text));
	sodium_bin2hex(out, sizeof out, h, 32);
	return out;
}

static char *
raw_schema(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	sqlite3_stmt *s;
	sqlite3 *db;

	sqlite3_open(path, &db);
	sqlite3_prepare_v2(db, "SELECT type, name, tbl_name, sql FROM sqlite_master "
	    "ORDER BY type, name", -1, &s, NULL);
	while (sqlite3_step(s) == SQLITE_ROW)
		strbuf_addf(&sb, "%s|%s|%s|%s\n", sqlite3_column_text(s, 0),
		    sqlite3_column_text(s, 1), sqlite3_column_text(s, 2),
		    sqlite3_column_text(s, 3) ? (const char *)sqlite3_column_text(s, 3) : "");
	sqlite3_finalize(s);
	sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, NULL);
	sqlite3_step(s);
	strbuf_addf(&sb, "user_version %d\n", sqlite3_column_int(s, 0));
	sqlite3_finalize(s);
	sqlite3_prepare_v2(db, "PRAGMA application_id", -1, &s, NULL);
	sqlite3_step(s);
	strbuf_addf(&sb, "application_id %d\n", sqlite3_column_int(s, 0));
	sqlite3_finalize(s);
	sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s, NULL);
	sqlite3_step(s);
	strbuf_addf(&sb, "journal_mode %s\n", sqlite3_column_text(s, 0));
	sqlite3_finalize(s);
	sqlite3_close(db);
	return strbuf_detach(&sb, NULL);
}

static int
contains(const char *s, const char *sub)
{
	return s != NULL && strstr(s, sub) != NULL;
}

/* The permission bits of path, or -1 when it is missing. */
static int
mode_of(const char *path)
{
	struct stat sb;

	return stat(path, &sb) == 0 ? (int)(sb.st_mode & 07777) : -1;
}

/*
 * The database holds secrets (doc/product.md §5): it and its -wal and -shm are
 * created 0600 whatever the umask, and refused when group or others may
 * read them, like the server key.
 */
static void
test_file_modes(void)
{
	char *path = tpath("modes.db"), *wal = tpath("modes.db-wal");
	char *shm = tpath("modes.db-shm"), *cause = NULL;
	struct store *st, *st2;
	mode_t old = umask(0);

	st = store_open(path, NULL);
	umask(old);
	ok(st != NULL && store_game_create(st, "modes", "ccg", "contact", zero32,
	    zero32, 0, NULL, NULL) == 0,
	    "a new database under umask 0 takes a write");
	is_int(mode_of(path), 0600, "the database file is created 0600");
	is_int(mode_of(wal), 0600, "its -wal file too");
	is_int(mode_of(shm), 0600, "its -shm file too");
	chmod(wal, 0640);
	st2 = store_open(path, &cause);
	ok_cause(st2 == NULL && contains(cause, "modes.db-wal") &&
	    contains(cause, "mode 0640"), "a group-readable -wal file is refused");
	store_close(st2);
	free(cause);
	cause = NULL;
	chmod(wal, 0600);
	store_close(st);
	chmod(path, 0644);
	st = store_open(path, &cause);
	ok_cause(st == NULL && contains(cause, "mode 0644") && contains(cause, "chmod 600"),
	    "a world-readable database is refused at open, saying how to fix it");
	store_close(st);
	free(cause);
	cause = NULL;
	chmod(path, 0600);
	st = store_open(path, &cause);
	ok_cause(st != NULL, "after chmod 600 it opens");
	store_close(st);
	free(path);
	free(wal);
	free(shm);
}

/*
 * Schema 5: a version-4 database's game files (two games, one card file)
 * and states (raw bytes) read back the same after the upgrade; the card
 * file is then kept once; new states are kept deflated.
 */
static void
test_migrate_storage(void)
{
	char *path = tpath("v4.db"), *cause = NULL, *sql;
	unsigned char *bytes = NULL, hash[32];
	struct store *st;
	size_t len = 0;
	int64_t g1 = 0, g2 = 0;
	char big[4096];
	size_t i;

	for (i = 0; i + 1 < sizeof big; i++)
		big[i] = "{\"cards\":[]} "[i % 13];
	big[sizeof big - 1] = '\0';
	st = store_open_version(path, 4, &cause);
	ok(st != NULL && store_game_create(st, "v4-a", "ccg", "contact", zero32, zero32, 5,
	    &g1, NULL) == 0 && store_game_create(st, "v4-b", "ccg", "contact", zero32, zero32,
	    5, &g2, NULL) == 0, "a version-4 database with two games");
	store_close(st);
	hashenc_blake2b256(hash, big, strlen(big));
	sql = xasprintf("INSERT INTO game_files VALUES (%lld, 'cards.json', CAST('%s' AS BLOB), "
	    "x'%s'); INSERT INTO game_files SELECT %lld, name, bytes, hash FROM game_files; "
	    "INSERT INTO states VALUES (%lld, 0, CAST('{\"turn\":0}' AS BLOB), x'%s');",
	    (long long)g1, big, hexof(hash), (long long)g2, (long long)g1,
	    hexof_state("{\"turn\":0}"));
	raw_exec(path, sql);
	free(sql);
	st = store_open(path, &cause);
	ok_cause(st != NULL, "it is upgraded to the current version");
	ok_cause(store_game_file_get(st, g2, "cards.json", &bytes, &len, NULL, &cause) == 0 &&
	    len == strlen(big) && memcmp(bytes, big, len) == 0,
	    "a game file reads back the same after the upgrade");
	free(bytes);
	bytes = NULL;
	ok_cause(store_state_get(st, g1, 0, &bytes, &len, NULL, hash, &cause) == 0 &&
	    len == 10 && memcmp(bytes, "{\"turn\":0}", 10) == 0,
	    "a state recorded before the upgrade reads back the same");
	free(bytes);
	bytes = NULL;
	ok_cause(store_state_put(st, g1, 1, big, strlen(big), &cause) == 0 &&
	    store_state_get(st, g1, 1, &bytes, &len, NULL, hash, &cause) == 0 &&
	    len == strlen(big) && memcmp(bytes, big, len) == 0,
	    "a new state reads back the same");
	free(bytes);
	store_close(st);
	is_int(raw_count(path, "SELECT count(*) FROM file_blobs"), 1,
	    "the card file of both games is kept once");
	ok(raw_count(path, "SELECT length(state) FROM states WHERE after_phase = 1") <
	    (long long)strlen(big) / 4, "a new state is kept deflated (%lld bytes for %zu)",
	    raw_count(path, "SELECT length(state) FROM states WHERE after_phase = 1"),
	    strlen(big));
	free(path);
}

/*
 * Schema 13: a version-12 database's events are counted per seat as the
 * views see them (visibility "all", or a list naming the seat, each name
 * once), its commitments get their secret names, and a phase's
 * commitments are read through the new indexes as before.
 */
static void
test_migrate_phase_reads(void)
{
	static const char *const vis[] = { "all", "m", "a,m", "none", "m,m", "all",
	    "a", "ma,am" };
	char *path = tpath("v12.db"), *cause = NULL, *sql;
	struct strbuf sb = STRBUF_INIT;
	struct store_commitment *v = NULL;
	struct store *st;
	int64_t g = 0;
	uint64_t n = 0, na = 0;
	size_t i, nv = 0;

	st = store_open_version(path, 12, &cause);
	ok(st != NULL && store_game_create(st, "v12", "ccg", "contact", zero32, zero32, 5,
	    &g, NULL) == 0, "a version-12 database with a game");
	store_close(st);
	for (i = 0; i < sizeof vis / sizeof vis[0]; i++)
		strbuf_addf(&sb, "INSERT INTO events VALUES (%lld, %zu, %zu, 't', '%s', "
		    "CAST('{}' AS BLOB), zeroblob(32), zeroblob(32));", (long long)g, i + 1,
		    i / 2 + 1, vis[i]);
	strbuf_addf(&sb, "UPDATE games SET event_count = %zu WHERE id = %lld;",
	    sizeof vis / sizeof vis[0], (long long)g);
	/* renewals of two secrets, one opened, and a secret-id without '@' */
	strbuf_addf(&sb, "INSERT INTO commitments (game_id, domain, secret_id, "
	    "commitment, signature, secret, nonce, created_phase, revealed_phase) VALUES "
	    "(%1$lld, 'muthur.secret', 'hand:m@1', zeroblob(32), zeroblob(64), x'01', "
	    "zeroblob(32), 1, NULL), (%1$lld, 'muthur.secret', 'hand:m@2', zeroblob(32), "
	    "zeroblob(64), x'02', zeroblob(32), 2, NULL), (%1$lld, 'muthur.secret', "
	    "'a@b@3', zeroblob(32), zeroblob(64), x'03', zeroblob(32), 3, 3), (%1$lld, "
	    "'muthur.decklist', 'm', zeroblob(32), zeroblob(64), x'04', zeroblob(32), 0, "
	    "NULL);", (long long)g);
	sql = strbuf_detach(&sb, NULL);
	raw_exec(path, sql);
	free(sql);
	st = store_open(path, &cause);
	ok_cause(st != NULL, "it is upgraded to version 13");
	ok(store_events_seen(st, g, "m", &n, NULL) == 0 && n == 5,
	    "m sees the events of all and those naming m, each once (5)");
	ok(store_events_seen(st, g, "a", &na, NULL) == 0 && na == 4,
	    "a sees 4: no seat sees 'none', nor a name it is only part of");
	is_int((int)raw_count(path, "SELECT count(*) FROM commitments WHERE "
	    "secret_name = 'hand:m'"), 2, "renewals are named by their secret");
	is_int((int)raw_count(path, "SELECT count(*) FROM commitments WHERE "
	    "(secret_id = 'a@b@3' AND secret_name = 'a@b') OR (secret_id = 'm' AND "
	    "secret_name = 'm')"), 2, "up to the last '@', the whole id without one");
	ok_cause(store_commitments_current(st, g, 4, 3, &v, &nv, &cause) == 0 && nv == 3 &&
	    strcmp(v[0].secret_id, "hand:m@2") == 0 && strcmp(v[1].secret_id, "a@b@3") == 0 &&
	    strcmp(v[2].secret_id, "m") == 0,
	    "a view's commitments: the latest unopened of each secret, those opened since");
	store_commitments_free(v, nv);
	ok(store_event_append(st, g, 5, "t", "m,a,m", "{}", 2, NULL, NULL) == 0 &&
	    store_events_seen(st, g, "m", &n, NULL) == 0 && n == 6 &&
	    store_events_seen(st, g, "a", &na, NULL) == 0 && na == 5,
	    "a new event is counted once for each seat it names");
	store_close(st);
	free(path);
}

/* The plans SQLite makes for sql, "|"-joined. */
static char *
raw_plan(const char *path, const char *sql)
{
	struct strbuf sb = STRBUF_INIT;
	sqlite3_stmt *s;
	sqlite3 *db;
	char *q = xasprintf("EXPLAIN QUERY PLAN %s", sql);

	sqlite3_open(path, &db);
	sqlite3_prepare_v2(db, q, -1, &s, NULL);
	while (sqlite3_step(s) == SQLITE_ROW)
		strbuf_addf(&sb, "%s|", sqlite3_column_text(s, 3));
	sqlite3_finalize(s);
	sqlite3_close(db);
	free(q);
	return strbuf_detach(&sb, NULL);
}

/*
 * Schema 14: all the orders of one phase (store_orders_all(), once a
 * phase in an export) are found through an index, not by scanning every
 * orders row of the database.
 */
static void
test_migrate_orders_phase(void)
{
	char *path = tpath("v13.db"), *cause = NULL, *plan;
	struct store *st;

	st = store_open_version(path, 13, &cause);
	ok_cause(st != NULL, "a version-13 database");
	store_close(st);
	st = store_open(path, &cause);
	ok_cause(st != NULL, "it is upgraded");
	store_close(st);
	plan = raw_plan(path, "SELECT o.id FROM orders o LEFT JOIN orders b ON b.id = "
	    "o.block_of JOIN seats s ON s.id = o.seat_id WHERE o.phase_id = 7 ORDER BY o.id");
	ok(contains(plan, "SEARCH o USING INDEX orders_phase") && !contains(plan, "SCAN o"),
	    "a phase's orders are read through orders_phase (%s)", plan);
	free(plan);
	free(path);
}

static void
test_open_and_migrate(void)
{
	char *fresh = tpath("fresh.db"), *old = tpath("old.db"), *other = tpath("other.db");
	char *cause = NULL, *a, *b;
	struct store *st;
	struct store_game *g;
	int v;

	st = store_open(fresh, &cause);
	ok(st != NULL, "a new database is created");
	is_int(store_found_version(st), 0, "it had no schema");
	is_int(store_version(st), STORE_SCHEMA_VERSION, "it now has version %d",
	    STORE_SCHEMA_VERSION);
	ok_cause(store_seat_add(st, 999, "marines", "marines", "a@b", "muthur", "k", NULL, NULL,
	    &cause) == -1 && contains(cause, "FOREIGN KEY"),
	    "foreign keys are enforced");
	free(cause);
	cause = NULL;
	store_close(st);

	st = store_open_version(old, 1, &cause);
	ok(st != NULL && store_version(st) == 1, "a version-1 database can be made");
	ok(store_game_create(st, "old-game", "ccg", "contact", zero32, zero32, 5, NULL,
	    NULL) == 0, "and used");
	store_close(st);
	st = store_open(old, &cause);
	ok(st != NULL, "a version-1 database is upgraded");
	is_int(store_found_version(st), 1, "from version 1");
	is_int(store_version(st), STORE_SCHEMA_VERSION, "to version %d", STORE_SCHEMA_VERSION);
	g = store_game_get(st, "old-game", NULL);
	ok(g != NULL && g->created == 5, "its data survives the upgrade");
	store_game_free(g);
	store_close(st);
	a = raw_schema(fresh);
	b = raw_schema(old);
	is_str(b, a, "a fresh and an upgraded database have the same schema");
	ok(contains(a, "journal_mode wal"), "the database is in WAL mode");
	free(a);
	free(b);

	st = store_open(old, &cause);
	ok(st != NULL && store_found_version(st) == STORE_SCHEMA_VERSION,
	    "reopening a current database migrates nothing");
	store_close(st);
	for (v = 2; v < STORE_SCHEMA_VERSION; v++) {
		char *from = xasprintf("%s/from-%d.db", tmpdir, v);

		store_close(store_open_version(from, v, NULL));
		store_close(store_open(from, NULL));
		b = raw_schema(from);
		a = raw_schema(fresh);
		is_str(b, a, "upgraded from version %d: the same schema as a fresh one", v);
		free(a);
		free(b);
		free(from);
	}

	raw_exec(old, "PRAGMA user_version = 99");
	st = store_open(old, &cause);
	ok(st == NULL, "a newer database is refused");
	{
		char *want = xasprintf("schema version 99, newer than this muthur knows (%d)",
		    STORE_SCHEMA_VERSION);
		ok_cause(contains(cause, want), "with a clear reason");
		free(want);
	}
	free(cause);
	cause = NULL;

	raw_exec(other, "CREATE TABLE t (x)");
	st = store_open(other, &cause);
	ok_cause(st == NULL && contains(cause, "not a muthur database"),
	    "another program's database is refused");
	free(cause);
	cause = NULL;
	raw_exec(other, "PRAGMA application_id = 1234");
	st = store_open(other, &cause);
	ok_cause(st == NULL && contains(cause, "application id"),
	    "also with its own application id");
	free(cause);
	cause = NULL;
	{
		char *want = xasprintf("no schema version %d", STORE_SCHEMA_VERSION + 1);
		ok(store_open_version(fresh, STORE_SCHEMA_VERSION + 1, &cause) == NULL &&
		    contains(cause, want), "an unknown target version is refused");
		free(want);
	}
	free(cause);
	cause = NULL;
	st = store_open("/nonexistent/folder/x.db", &cause);
	ok_cause(st == NULL && contains(cause, "/nonexistent/folder/x.db"),
	    "an unopenable path is refused, naming it");
	free(cause);
	free(fresh);
	free(old);
	free(other);
}

static void
test_games_and_seats(struct store *st, int64_t *gid)
{
	struct store_game *g;
	struct store_seat *seats, *seat;
	char *cause = NULL, **names;
	size_t n;

	ok(store_game_create(st, "contact-17", "ccg", "contact", zero32, zero32, 100, gid,
	    NULL) == 0, "a game is created");
	ok(store_game_create(st, "contact-17", "ccg", "contact", zero32, zero32, 100, NULL,
	    &cause) == -1, "a second game of that name is refused");
	is_str(cause, "game contact-17 already exists", "saying so");
	free(cause);
	cause = NULL;
	ok(store_game_create(st, "bad name", "ccg", "contact", zero32, zero32, 1, NULL,
	    &cause) == -1 && contains(cause, "bad game name"), "a bad game name is refused");
	free(cause);
	cause = NULL;
	g = store_game_get(st, "contact-17", NULL);
	ok(g != NULL && strcmp(g->rules, "ccg") == 0 && strcmp(g->scenario, "contact") == 0
	    && strcmp(g->status, GAME_SETUP) == 0 && g->event_count == 0,
	    "the game reads back (rules, scenario, status setup)");
	store_game_free(g);
	ok(store_game_get(st, "nope", &cause) == NULL, "a missing game is not found");
	is_str(cause, "no game named nope", "saying so");
	free(cause);
	cause = NULL;
	ok(store_game_set_status(st, *gid, "won", &cause) == -1 &&
	    contains(cause, "bad game status"), "a bad status is refused");
	free(cause);
	cause = NULL;
	ok(store_game_set_status(st, *gid, GAME_RUNNING, NULL) == 0, "status set to running");
	ok(store_game_list(st, &names, &n, NULL) == 0 && n == 1 &&
	    strcmp(names[0], "contact-17") == 0, "the game is listed");
	store_names_free(names, n);

	ok(store_seat_add(st, *gid, "marines", "marines", "alice@example.org", "muthur",
	    "muthur-ed25519 AAA", NULL, NULL, NULL) == 0, "seat marines added");
	ok(store_seat_add(st, *gid, "aliens", "aliens", "bob@example.org", "minisign",
	    "RWQ...", "deck text", NULL, NULL) == 0, "seat aliens added");
	ok(store_seat_add(st, *gid, "Marines", "marines", "x@example.org", "muthur",
	    "k", NULL, NULL, &cause) == -1, "a seat name differing in case is refused");
	free(cause);
	cause = NULL;
	ok_cause(store_seat_add(st, *gid, "predator", "predator", "c@example.org", "pgp",
	    "k", NULL, NULL, &cause) == -1 && contains(cause, "bad key type"),
	    "a bad key type is refused");
	free(cause);
	cause = NULL;
	ok(store_seats(st, *gid, &seats, &n, NULL) == 0 && n == 2 &&
	    seats[0].seat_no == 1 && strcmp(seats[0].name, "marines") == 0 &&
	    seats[1].seat_no == 2 && strcmp(seats[1].deck, "deck text") == 0 &&
	    seats[0].deck == NULL, "seats list in seat order");
	store_seats_free(seats, n);
	seat = store_seat_get(st, *gid, "ALIENS", NULL);
	ok(seat != NULL && strcmp(seat->key_type, "minisign") == 0,
	    "a seat is found case-insensitively");
	ok(seat != NULL && store_seat_replace(st, seat->id, "carol@example.org", "ssh",
	    "ssh-ed25519 AAAA", NULL) == 0, "a seat's player is replaced");
	store_seats_free(seat, 1);
	seat = store_seat_get(st, *gid, "aliens", NULL);
	ok(seat != NULL && strcmp(seat->email, "carol@example.org") == 0 &&
	    seat->seat_no == 2, "with a new email, same seat number");
	store_seats_free(seat, 1);
}

static void
test_phases_orders(const char *path, struct store *st, int64_t gid)
{
	const char *owing[] = { "marines", "aliens" }, *bad[] = { "rogue" };
	struct store_phase *ph;
	struct store_order *o;
	struct store_seat *m, *a;
	unsigned char nonce[16], *state;
	char *cause = NULL, **missing;
	int64_t pid, other, *due;
	uint64_t seq, found;
	size_t n, len;

	memset(nonce, 7, sizeof nonce);
	m = store_seat_get(st, gid, "marines", NULL);
	a = store_seat_get(st, gid, "aliens", NULL);
	ok(store_phase_open(st, gid, 1, "setup.deal", bad, 1, 0, 10, NULL, NULL,
	    &cause) == -1 && contains(cause, "no seat named rogue"),
	    "a phase owed by an unknown seat is refused");
	free(cause);
	cause = NULL;
	ok(store_phase_open(st, gid, 1, "combat.declare", owing, 2, 500, 10, &pid, &seq,
	    NULL) == 0 && seq == 1, "phase 1 opens");
	ok(store_phase_open(st, gid, 1, "x", owing, 2, 0, 10, NULL, NULL, &cause) == -1,
	    "a second open phase is refused");
	is_str(cause, "phase 1 (combat.declare) of this game is still open", "saying which");
	free(cause);
	cause = NULL;
	ph = store_phase_current(st, gid, NULL);
	ok(ph != NULL && ph->id == pid && ph->nowing == 2 &&
	    strcmp(ph->owing[1], "aliens") == 0 && ph->deadline == 500 && ph->open,
	    "the current phase reads back with its owing seats and deadline");
	store_phase_free(ph);
	ok(store_phases_due(st, 499, &due, &n, NULL) == 0 && n == 0, "not due before its deadline");
	free(due);
	ok(store_phases_due(st, 500, &due, &n, NULL) == 0 && n == 1 && due[0] == pid,
	    "due at its deadline");
	free(due);

	ok(store_phase_missing(st, pid, &missing, &n, NULL) == 0 && n == 2,
	    "the barrier: both seats owe orders");
	store_names_free(missing, n);
	ok(store_order_put(st, pid, m->id, "block-1", 7, "sig-1", 5, "muthur", nonce, 16,
	    "<m1@x>", 20, NULL, NULL) == 0, "marines' orders stored");
	ok(store_order_put(st, pid, m->id, "block-2", 7, "sig-2", 5, "muthur", nonce, 16,
	    "<m2@x>", 21, NULL, NULL) == 0, "marines resubmit");
	ok(store_order_put(st, pid, a->id, "block-a", 7, "sig-a", 5, "minisign", nonce, 15,
	    "<a1@x>", 22, NULL, &cause) == -1 && contains(cause, "nonce of 15 bytes"),
	    "a short nonce is refused");
	free(cause);
	cause = NULL;
	ok(store_phase_missing(st, pid, &missing, &n, NULL) == 0 && n == 1 &&
	    strcmp(missing[0], "aliens") == 0, "the barrier: aliens still owe");
	store_names_free(missing, n);
	ok(store_order_put(st, pid, a->id, "block-a", 7, "sig-a", 5, "minisign", nonce, 16,
	    "<a1@x>", 22, NULL, NULL) == 0, "aliens' orders stored");
	ok(store_orders_current(st, pid, &o, &n, NULL) == 0 && n == 2 &&
	    strcmp(o[0].seat, "marines") == 0 && memcmp(o[0].block, "block-2", 7) == 0 &&
	    strcmp(o[1].seat, "aliens") == 0, "current orders: the latest per seat, seat order");
	store_orders_free(o, n);
	ok(store_orders_all(st, pid, &o, &n, NULL) == 0 && n == 3 &&
	    o[0].superseded_by == o[1].id && o[1].superseded_by == 0,
	    "the superseded orders stay, pointing at their successor");
	store_orders_free(o, n);
	ok(store_phase_missing(st, pid, &missing, &n, NULL) == 0 && n == 0,
	    "the barrier is passed");
	free(missing);

	ok(store_game_create(st, "other", "ccg", "contact", zero32, zero32, 1, &other,
	    NULL) == 0 && store_seat_add(st, other, "rogue", "rogue", "r@x", "muthur", "k",
	    NULL, NULL, NULL) == 0, "another game with a seat");
	ph = NULL;
	{
		struct store_seat *r = store_seat_get(st, other, "rogue", NULL);

		ok(store_order_put(st, pid, r->id, "b", 1, "s", 1, "muthur", nonce, 16,
		    "<x@x>", 23, NULL, &cause) == -1 && contains(cause, "not a seat of "
		    "this game"), "orders from another game's seat are refused");
		store_seats_free(r, 1);
	}
	free(cause);
	cause = NULL;

	ok(store_state_put(st, gid, 0, "initial", 7, NULL) == 0, "the initial state is recorded");
	ok(store_state_put(st, gid, 0, "again", 5, &cause) == -1, "not twice");
	free(cause);
	cause = NULL;
	ok(store_phase_close(st, pid, 30, NULL) == 0, "the phase closes");
	ok(store_phase_close(st, pid, 30, &cause) == -1 && contains(cause, "not open"),
	    "not twice");
	free(cause);
	cause = NULL;
	ok(store_state_put(st, gid, 1, "after-1", 7, NULL) == 0, "the state after it");
	ok(store_state_get(st, gid, STORE_STATE_LATEST, &state, &len, &found, NULL, NULL) == 0
	    && found == 1 && len == 7 && memcmp(state, "after-1", 7) == 0,
	    "the latest state reads back");
	free(state);
	ok_cause(store_order_put(st, pid, m->id, "late", 4, "sig", 3, "muthur", nonce, 16,
	    "<late@x>", 40, NULL, &cause) == -1 && contains(cause, "which is closed"),
	    "orders for a closed phase are refused");
	free(cause);
	ok(store_phase_current(st, gid, &cause) == NULL && contains(cause, "no open phase"),
	    "no phase is open now");
	free(cause);
	ok(store_phase_open(st, gid, 2, "movement.move", owing, 1, 0, 50, &other, &seq,
	    NULL) == 0 && seq == 2, "phase 2 opens");
	/* a plan: one mail's block for phase 1 gives phase 2's orders too */
	{
		long long blocks = raw_count(path, "SELECT count(*) FROM orders WHERE "
		    "length(block) > 0");

		ok(store_order_put(st, other, m->id, "block-2", 7, "sig-2", 5, "muthur",
		    nonce, 16, "<m2@x>", 41, NULL, NULL) == 0, "phase 2's orders from "
		    "phase 1's mail (a plan)");
		is_int((int)raw_count(path, "SELECT count(*) FROM orders WHERE "
		    "length(block) > 0"), (int)blocks, "the plan's block is kept once");
		ok(store_orders_current(st, other, &o, &n, NULL) == 0 && n == 1 &&
		    o[0].block_len == 7 && memcmp(o[0].block, "block-2", 7) == 0 &&
		    o[0].sig_len == 5 && memcmp(o[0].signature, "sig-2", 5) == 0 &&
		    strcmp(o[0].message_id, "<m2@x>") == 0,
		    "and phase 2's orders read back whole");
		store_orders_free(o, n);
		ok(store_order_put(st, other, m->id, "block-2", 7, "sig-2", 5, "muthur",
		    nonce, 16, "<m3@x>", 42, NULL, NULL) == 0 &&
		    raw_count(path, "SELECT count(*) FROM orders WHERE length(block) > 0") ==
		    blocks + 1, "the same block in another mail is kept on its own");
	}
	{
		struct store_phase *all;

		ok(store_phases(st, gid, &all, &n, NULL) == 0 && n == 2 && !all[0].open &&
		    all[0].closed == 30 && all[1].open && all[1].seq == 2 &&
		    all[1].nowing == 1, "the game's phases list in order");
		store_phases_free(all, n);
	}
	ph = store_phase_get_seq(st, gid, 1, NULL);
	ok(ph != NULL && ph->id == pid, "a phase is found by its number");
	store_phase_free(ph);
	store_seats_free(m, 1);
	store_seats_free(a, 1);
}

/* The process's copies of the latest state and its keyframe
 * (store/state-cache.c): used only while the row in the database names the
 * same phase and hash; a rolled-back state is not read back, and a row
 * edited behind the store's back is read (and caught) from the database. */
static void
test_state_cache(const char *path, struct store *st)
{
	unsigned char *state = NULL, hash[32];
	size_t len = 0;
	uint64_t found = 0;
	int64_t gid;
	char *cause = NULL, sql[160];
	struct strbuf sb = STRBUF_INIT;
	int i;

	store_game_create(st, "cached", "ccg", "contact", zero32, zero32, 100, &gid, NULL);
	for (i = 0; i < 20; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "{\"turn\":%d,\"pad\":\"%0300d\"}", i, i);
		store_state_put(st, gid, (uint64_t)i, sb.s, sb.len, NULL);
	}
	ok(store_state_get(st, gid, STORE_STATE_LATEST, &state, &len, &found, hash,
	    NULL) == 0 && found == 19 && len == sb.len && memcmp(state, sb.s, len) == 0,
	    "the latest state reads back (from the process's copy)");
	free(state);
	state = NULL;
	ok(store_begin(st, NULL) == 0 && store_state_put(st, gid, 20, "{\"turn\":20}",
	    12, NULL) == 0, "a state recorded in a transaction");
	store_rollback(st);
	ok(store_state_get(st, gid, STORE_STATE_LATEST, &state, &len, &found, hash,
	    NULL) == 0 && found == 19 && len == sb.len && memcmp(state, sb.s, len) == 0,
	    "rolled back, the state before it is read");
	free(state);
	state = NULL;
	ok(store_state_put(st, gid, 20, "{\"turn\":20}", 12, NULL) == 0 &&
	    store_state_get(st, gid, STORE_STATE_LATEST, &state, &len, &found, hash,
	    NULL) == 0 && found == 20 && len == 12 && memcmp(state, "{\"turn\":20}", 12) == 0,
	    "recorded again, it reads back");
	free(state);
	state = NULL;
	snprintf(sql, sizeof sql, "UPDATE states SET hash = %s WHERE game_id = %lld AND "
	    "after_phase = 20", raw_is_url(path) ? "decode(repeat('00', 32), 'hex')" :
	    "zeroblob(32)", (long long)gid);
	raw_exec(path, sql);
	ok(store_state_get(st, gid, STORE_STATE_LATEST, &state, &len, &found, hash,
	    &cause) == -1 && contains(cause, "does not match its hash"),
	    "a row edited behind the store's back is read from the database and caught");
	free(cause);
	free(state);
	state = NULL;
	/* a keyframe read (not written) by a store is the dictionary of the
	 * delta it writes next, which another store reads back the same */
	{
		struct store *a = store_open(path, NULL), *b;
		int64_t g2;

		store_game_create(st, "cached-2", "ccg", "contact", zero32, zero32, 100,
		    &g2, NULL);
		for (i = 0; i <= 16; i++) {	/* 16 is a keyframe */
			strbuf_reset(&sb);
			strbuf_addf(&sb, "{\"turn\":%d,\"pad\":\"%0300d\"}", i, i);
			store_state_put(st, g2, (uint64_t)i, sb.s, sb.len, NULL);
		}
		ok(a != NULL && store_state_get(a, g2, STORE_STATE_LATEST, &state, &len,
		    &found, hash, NULL) == 0 && found == 16, "another store reads the "
		    "latest state, a keyframe");
		free(state);
		state = NULL;
		strbuf_reset(&sb);
		strbuf_addf(&sb, "{\"turn\":17,\"pad\":\"%0300d\"}", 17);
		b = store_open(path, NULL);
		ok(a != NULL && b != NULL && store_state_put(a, g2, 17, sb.s, sb.len,
		    NULL) == 0 && store_state_get(b, g2, STORE_STATE_LATEST, &state,
		    &len, &found, hash, NULL) == 0 && found == 17 && len == sb.len &&
		    memcmp(state, sb.s, len) == 0, "the delta it writes over it reads "
		    "back the same in a third store");
		free(state);
		store_close(b);
		store_close(a);
	}
	strbuf_free(&sb);
}

/* States as keyframes and deltas (store/phases.c): every one reads back the
 * same, and the deltas take a fraction of the room. */
static void
test_state_deltas(const char *path, struct store *st)
{
	char *v[40];
	unsigned char *state;
	size_t len, k;
	int i, same = 0;
	int64_t gid;
	sqlite3_stmt *q;
	sqlite3 *db;
	double keys = 0, deltas = 0;
	struct strbuf sb = STRBUF_INIT;

	store_game_create(st, "deltas", "ccg", "contact", zero32, zero32, 100, &gid, NULL);
	for (k = 0; k < 300; k++)
		strbuf_addf(&sb, "{\"card\":\"c%zu\",\"at\":%zu},", k, k * 7919 % 613);
	for (i = 0; i < 40; i++) {
		memcpy(sb.s + 100 * (size_t)i, "MOVED", 5);
		v[i] = xstrdup(sb.s);
		store_state_put(st, gid, (uint64_t)i, v[i], sb.len, NULL);
	}
	for (i = 39; i >= 0; i--) {
		state = NULL;
		if (store_state_get(st, gid, (uint64_t)i, &state, &len, NULL, NULL,
		    NULL) == 0 && len == sb.len && memcmp(state, v[i], len) == 0)
			same++;
		free(state);
		free(v[i]);
	}
	is_int(same, 40, "40 versions of a state, keyframes and deltas, read back the same");
	if (raw_is_url(path)) {
		strbuf_free(&sb);
		return;
	}
	sqlite3_open(path, &db);
	if (sqlite3_prepare_v2(db, "SELECT hex(substr(state, 2, 1)), length(state) FROM "
	    "states WHERE game_id = ?", -1, &q, NULL) == SQLITE_OK) {
		sqlite3_bind_int64(q, 1, gid);
		while (sqlite3_step(q) == SQLITE_ROW) {
			if (strtol((const char *)sqlite3_column_text(q, 0), NULL, 16) & 0x20)
				deltas += sqlite3_column_int(q, 1) / 37.0;
			else
				keys += sqlite3_column_int(q, 1) / 3.0;
		}
	}
	sqlite3_finalize(q);
	sqlite3_close(db);
	ok(keys > 0 && deltas > 0 && deltas * 3 < keys, "37 deltas take under a third "
	    "of the room of a keyframe each (%.0f bytes, a keyframe %.0f)", deltas, keys);
	strbuf_free(&sb);
}

static void
test_events(struct store *st, int64_t gid)
{
	struct store_event *ev;
	struct store_game *g;
	char *cause = NULL;
	uint64_t seq, bad;
	size_t n;

	ok(store_event_append(st, gid, 0, "game.created", "all", "{\"a\":1}", 7, &seq,
	    NULL) == 0 && seq == 1, "event 1 appended");
	ok(store_event_append(st, gid, 1, "card.drawn", "marines", "{\"card\":\"x\"}", 12,
	    &seq, NULL) == 0 && seq == 2, "event 2 appended");
	ok(store_event_append(st, gid, 1, "bad", "all", "{\"a\":", 5, NULL, &cause) == -1
	    && contains(cause, "not one JSON value"), "a payload that is not JSON is refused");
	free(cause);
	cause = NULL;
	ok(store_event_append(st, gid, 1, "bad", "all", "{} {}", 5, NULL, &cause) == -1,
	    "two JSON values are refused");
	free(cause);
	cause = NULL;
	ok(store_event_append(st, gid, 1, "bad", "marines aliens", "{}", 2, NULL,
	    &cause) == -1 && contains(cause, "bad visibility"), "a bad visibility is refused");
	free(cause);
	g = store_game_get_id(st, gid, NULL);
	ok(g != NULL && g->event_count == 2, "refused events change nothing");
	store_game_free(g);
	ok(store_events(st, gid, 2, &ev, &n, NULL) == 0 && n == 1 && ev[0].seq == 2 &&
	    strcmp(ev[0].visibility, "marines") == 0, "events read back from a sequence number");
	store_events_free(ev, n);
	ok(store_events_verify(st, gid, &bad, NULL) == 0, "the chain verifies");
}

static void
test_transactions(struct store *st, int64_t gid)
{
	struct store_game *g;
	char *cause = NULL;
	int64_t n0, n1;

	ok(store_begin(st, NULL) == 0, "a transaction begins");
	ok(store_begin(st, &cause) == -1 && contains(cause, "already open"),
	    "not two at once");
	free(cause);
	cause = NULL;
	ok(store_in_transaction(st), "it is open");
	store_event_append(st, gid, 2, "x.y", "all", "1", 1, NULL, NULL);
	store_mail_record(st, "<tx@x>", zero32, gid, "accepted", 1, NULL);
	store_rollback(st);
	g = store_game_get_id(st, gid, NULL);
	ok(g->event_count == 2 && store_mail_seen(st, "<tx@x>", zero32, NULL, NULL) == 0,
	    "after rollback neither the event nor the mail is there");
	store_game_free(g);

	store_mail_count(st, &n0, NULL);
	ok(store_begin(st, NULL) == 0, "another transaction");
	ok(store_mail_record(st, "<tx@x>", zero32, gid, "accepted", 1, NULL) == 0,
	    "a mail recorded in it");
	ok(store_event_append(st, gid, 2, "x.y", "all", "[1,", 3, NULL, NULL) == -1,
	    "a failing call inside it");
	ok(store_outbox_add(st, gid, "k", "<bad>", "a@b", "x", 1, 1, NULL, NULL) == -1,
	    "another failing call");
	/* The database itself refuses this one (a duplicate key). */
	ok(store_mail_record(st, "<tx@x>", zero32, gid, "accepted", 1, NULL) == -1,
	    "a statement the database refuses inside it");
	ok(store_mail_record(st, "<tx2@x>", zero32, gid, "accepted", 1, NULL) == 0,
	    "the transaction goes on after it");
	ok(store_commit(st, NULL) == 0, "commits");
	store_mail_count(st, &n1, NULL);
	ok(n1 == n0 + 2, "what succeeded inside is kept");
	ok(store_commit(st, &cause) == -1 && contains(cause, "no transaction"),
	    "commit without a transaction is refused");
	free(cause);
}

static void
test_mail(struct store *st, int64_t gid)
{
	unsigned char h1[32], h2[32];
	struct store_outbox_mail *v, *m;
	char *cause = NULL, *outcome = NULL, *id, *mail;
	int64_t oid;
	size_t n;

	memset(h1, 1, 32);
	memset(h2, 2, 32);
	is_int(store_mail_seen(st, "<m@x>", h1, NULL, NULL), 0, "a new mail is not seen");
	ok(store_mail_record(st, "<m@x>", h1, gid, "refused: bad signature", 5, NULL) == 0,
	    "it is recorded");
	is_int(store_mail_seen(st, "<m@x>", h1, &outcome, NULL), 1, "then it is seen");
	is_str(outcome, "refused: bad signature", "with its outcome");
	free(outcome);
	ok(store_mail_record(st, "<m@x>", h1, gid, "again", 6, &cause) == -1 &&
	    contains(cause, "already processed"), "recording it twice is refused");
	free(cause);
	cause = NULL;
	is_int(store_mail_seen(st, "<m@x>", h2, NULL, NULL), 0,
	    "same Message-ID, other content: another mail");
	/* a header's bytes as they came, not all UTF-8 */
	ok(store_mail_record(st, "<\xff\xfe" "8bit@x>", h1, gid, "accepted", 7, NULL) == 0 &&
	    store_mail_seen(st, "<\xff\xfe" "8bit@x>", h1, NULL, NULL) == 1,
	    "a Message-ID of bytes that are not UTF-8 is recorded and seen");

	id = outbox_message_id("view/contact-17/2/marines", "club.example");
	mail = xasprintf("From: muthur@club.example\r\nmessage-id:  %s \r\n\r\nbody\r\n", id);
	ok(store_outbox_add(st, gid, "view/contact-17/2/marines", "<muthur.00@club.example>",
	    "alice@example.org", mail, strlen(mail), 10, NULL, &cause) == -1 &&
	    contains(cause, "not the one derived"), "a Message-ID not from the key is refused");
	free(cause);
	cause = NULL;
	ok(store_outbox_add(st, gid, "view/contact-17/2/marines", id, "alice@example.org",
	    "Subject: x\r\n\r\nMessage-ID: x\r\n", 30, 10, NULL, &cause) == -1 &&
	    contains(cause, "has no \"Message-ID:"), "a mail without that header is refused");
	free(cause);
	cause = NULL;
	ok(store_outbox_add(st, gid, "view/contact-17/2/marines", id, "alice@example.org",
	    mail, strlen(mail), 10, &oid, NULL) == 0, "a mail is queued");
	ok(store_outbox_add(st, gid, "view/contact-17/2/marines", id, "alice@example.org",
	    mail, strlen(mail), 11, NULL, &cause) == -1, "the same key cannot be queued twice");
	free(cause);
	cause = NULL;
	ok(store_outbox_due(st, 9, NULL, 10, &v, &n, NULL) == 0 && n == 0, "not due before it was made");
	free(v);
	ok(store_outbox_due(st, 10, NULL, 10, &v, &n, NULL) == 0 && n == 1 && v[0].id == oid &&
	    v[0].len == strlen(mail) && v[0].mail == NULL &&
	    strcmp(v[0].message_id, id) == 0, "due, with its size and Message-ID, no body");
	store_outbox_free(v, n);
	m = store_outbox_get(st, oid, NULL);
	hashenc_blake2b256(h1, mail, strlen(mail));
	ok(m != NULL && m->len == strlen(mail) && memcmp(m->mail, mail, m->len) == 0 &&
	    memcmp(m->hash, h1, 32) == 0, "the row by id: its body byte for byte, its hash");
	store_outbox_free(m, 1);
	ok(store_outbox_failed(st, oid, 12, "421 try later", 100, 0, NULL) == 0,
	    "a failed attempt");
	ok(store_outbox_due(st, 99, NULL, 10, &v, &n, NULL) == 0 && n == 0, "waits for its retry time");
	free(v);
	m = store_outbox_get(st, oid, NULL);
	ok(m != NULL && m->attempts == 1 && strcmp(m->last_error, "421 try later") == 0 &&
	    strcmp(m->state, OUTBOX_PENDING) == 0, "keeps the error and counts the attempt");
	store_outbox_free(m, 1);
	ok(store_outbox_sent(st, oid, 100, NULL) == 0, "marked sent");
	m = store_outbox_get(st, oid, NULL);
	ok(m != NULL && m->mail == NULL && m->len == strlen(mail) &&
	    memcmp(m->hash, h1, 32) == 0 && strcmp(m->message_id, id) == 0 &&
	    strcmp(m->recipients, "alice@example.org") == 0 && m->sent == 100,
	    "its body is pruned; its size, hash, Message-ID, recipient and time are kept");
	store_outbox_free(m, 1);
	ok(store_outbox_sent(st, oid, 101, &cause) == -1 && contains(cause, "not pending"),
	    "not twice");
	free(cause);
	ok(store_outbox_due(st, 1000, NULL, 10, &v, &n, NULL) == 0 && n == 0,
	    "a sent mail is never due again");
	free(v);
	ok(store_outbox_count(st, OUTBOX_SENT, &n, NULL) == 0 && n == 1, "one sent");
	free(id);
	free(mail);
	id = outbox_message_id("reply/1", "club.example");
	mail = xasprintf("Message-ID: %s\n\nx\n", id);
	ok(store_outbox_add(st, 0, "reply/1", id, "x@y", mail, strlen(mail), 1, &oid,
	    NULL) == 0 && store_outbox_failed(st, oid, 2, "550 no such user", 0, 1,
	    NULL) == 0, "a mail not about a game, failing for good");
	ok(store_outbox_count(st, OUTBOX_FAILED, &n, NULL) == 0 && n == 1 &&
	    store_outbox_due(st, 1000, NULL, 10, &v, &n, NULL) == 0 && n == 0,
	    "is failed and never retried");
	free(v);
	free(id);
	free(mail);
}

/* The due rows a page at a time; sent mails of older versions pruned. */
static void
test_outbox_pages(const char *path, struct store *st, int64_t gid)
{
	struct store_outbox_cursor cur;
	struct store_outbox_mail *v, *m;
	unsigned char h[32];
	char *key, *id, *mail, *sql;
	int64_t ids[150], last_na = 0, last_id = 0;
	size_t n, seen = 0, pruned, total = 0, i;
	int order = 1, k;

	for (k = 0; k < 150; k++) {
		key = xasprintf("page/%d", k);
		id = outbox_message_id(key, "club.example");
		mail = xasprintf("Message-ID: %s\n\npage %d\n", id, k);
		/* due times out of id order: 2000 + k % 5 */
		if (store_outbox_add(st, gid, key, id, "p@x", mail, strlen(mail), 2000 + k % 5,
		    &ids[k], NULL) == -1)
			order = 0;
		free(key);
		free(id);
		free(mail);
	}
	ok(order, "150 mails queued");
	v = NULL;
	for (k = 0; order && k < 100; k++) {
		if (store_outbox_due(st, 3000, seen == 0 ? NULL : &cur, 7, &v, &n, NULL) == -1 ||
		    n == 0)
			break;
		for (i = 0; i < n; i++) {
			if (v[i].next_attempt < last_na || (v[i].next_attempt == last_na &&
			    v[i].id <= last_id) || v[i].mail != NULL)
				order = 0;
			last_na = v[i].next_attempt;
			last_id = v[i].id;
			if (v[i].id % 3 == 0 && store_outbox_sent(st, v[i].id, 3000, NULL) == -1)
				order = 0;	/* marks between pages move nothing */
		}
		seen += n;
		store_outbox_cursor_at(&cur, &v[n - 1]);
		store_outbox_free(v, n);
	}
	ok(order && seen == 150, "read 7 at a time with a cursor: all 150 once, oldest "
	    "first (by due time, then id), without bodies (%zu)", seen);

	/* sent by a muthur before schema 5: bodies still there */
	raw_exec(path, "UPDATE outbox SET state = 'sent', sent = 5 WHERE mail_key "
	    "LIKE 'page/%' AND state = 'pending'");
	ok(raw_count(path, "SELECT count(*) FROM outbox WHERE state = 'sent' AND sent = 5 "
	    "AND mail_key LIKE 'page/%'") > 0, "older sent mails holding their bodies");
	sql = "SELECT count(*) FROM outbox WHERE state = 'sent' AND length(mail) > 0";
	ok(store_outbox_prune(st, 40, &pruned, NULL) == 0 && pruned == 40,
	    "40 pruned at a time");
	for (total = pruned; store_outbox_prune(st, 40, &pruned, NULL) == 0 && pruned > 0;)
		total += pruned;
	is_int((int)total, 100, "then the rest, then none");
	is_int((int)raw_count(path, sql), 0, "no sent mail holds its body");
	id = outbox_message_id("page/4", "club.example");
	mail = xasprintf("Message-ID: %s\n\npage 4\n", id);
	hashenc_blake2b256(h, mail, strlen(mail));
	m = store_outbox_get(st, ids[4], NULL);
	ok(m != NULL && m->mail == NULL && m->len == strlen(mail) &&
	    memcmp(m->hash, h, 32) == 0 && m->sent == 5,
	    "a pruned older mail keeps its size, hash and time");
	store_outbox_free(m, 1);
	free(id);
	free(mail);
}

static void
test_commitments(struct store *st, int64_t gid)
{
	struct server_key key, other;
	struct store_commitment *c;
	unsigned char seed[32], seed2[32], s3[32], cbytes[32];
	char *cause = NULL;
	int64_t pid, id;
	unsigned char seedkey[32];

	memset(seedkey, 0x42, 32);
	crypto_sign_ed25519_seed_keypair(key.pk, key.sk, seedkey);
	memset(seedkey, 0x43, 32);
	crypto_sign_ed25519_seed_keypair(other.pk, other.sk, seedkey);
	ok(store_game_create(st, "signed", "ccg", "contact", zero32, key.pk, 1, &gid,
	    NULL) == 0 && store_seat_add(st, gid, "marines", "marines", "a@b", "muthur",
	    "k", NULL, NULL, NULL) == 0, "a game with a server key");
	ok(store_commitment_add(st, &key, gid, "ccg.marker", "hicks", "real", 4, 0, NULL, &id,
	    cbytes, NULL, NULL) == 0, "a commitment is made");
	ok(store_commitment_add(st, &key, gid, "ccg.marker", "hicks", "x", 1, 0, NULL, NULL,
	    NULL, NULL, &cause) == -1, "not twice for the same secret");
	free(cause);
	cause = NULL;
	ok(store_commitment_add(st, &other, gid, "ccg.marker", "vasquez", "x", 1, 0, NULL,
	    NULL, NULL, NULL, &cause) == -1 && contains(cause, "not the one the game"),
	    "another server key is refused");
	free(cause);
	cause = NULL;
	c = store_commitment_get(st, gid, "ccg.marker", "hicks", NULL);
	ok(c != NULL && c->id == id && memcmp(c->c, cbytes, 32) == 0 && !c->revealed &&
	    c->secret_len == 4 && commit_sig_verify(key.pk, "ccg.marker", "signed", "hicks",
	    c->c, c->sig) == 0 && commit_open_verify("ccg.marker", "signed", "hicks",
	    c->secret, c->secret_len, c->nonce, c->c, NULL) == 0,
	    "it reads back, signed and opening");
	store_commitments_free(c, 1);
	ok(store_commitment_reveal(st, gid, "ccg.marker", "hicks", 3, NULL) == 0, "revealed");
	ok(store_commitment_reveal(st, gid, "ccg.marker", "hicks", 4, &cause) == -1,
	    "not twice");
	free(cause);
	cause = NULL;
	c = store_commitment_get(st, gid, "ccg.marker", "hicks", NULL);
	ok(c != NULL && c->revealed && c->revealed_phase == 3, "revealed in phase 3");
	store_commitments_free(c, 1);

	ok(store_phase_open(st, gid, 1, "p", NULL, 0, 0, 1, &pid, NULL, NULL) == 0 &&
	    store_seed_commit(st, &key, pid, NULL, seed, NULL) == 0, "a phase seed is committed");
	ok(store_seed_get(st, pid, seed2, NULL) == 0 && memcmp(seed, seed2, 32) == 0,
	    "the seed reads back");
	ok(store_seed_commit(st, &key, pid, NULL, s3, &cause) == -1, "not twice");
	free(cause);
	cause = NULL;
	c = store_commitment_get(st, gid, RAND_SEED_DOMAIN, "phase-1", NULL);
	ok(c != NULL && c->secret_len == 32 && memcmp(c->secret, seed, 32) == 0,
	    "as the commitment muthur.seed/phase-1");
	store_commitments_free(c, 1);
	ok(store_seed_reveal(st, pid, 1, NULL) == 0, "the seed is opened");
	c = store_commitment_get(st, gid, RAND_SEED_DOMAIN, "phase-1", NULL);
	ok(c != NULL && c->revealed, "and its commitment is revealed");
	store_commitments_free(c, 1);
}

/*
 * A renewal of unchanged bytes keeps them once (schema 12): the row names
 * the one holding them, and every read gives the bytes whole, opening.
 */
static void
test_secret_renew(const char *path, struct store *st)
{
	struct server_key key;
	struct store_commitment *c, *v = NULL;
	unsigned char seedkey[32];
	const char *hand1 = "pulse-rifle\nmedikit\n", *hand2 = "medikit\n";
	int64_t gid = 0;
	size_t n = 0, i, whole = 0;
	char *cause = NULL;

	memset(seedkey, 0x44, 32);
	crypto_sign_ed25519_seed_keypair(key.pk, key.sk, seedkey);
	ok(store_game_create(st, "renewed", "ccg", "contact", zero32, key.pk, 1, &gid,
	    NULL) == 0, "a game for renewals");
	ok(store_secret_renew(st, &key, gid, "muthur.secret", "hand:m", hand1,
	    strlen(hand1), 1, NULL) == 0 &&
	    store_secret_renew(st, &key, gid, "muthur.secret", "hand:m", hand1,
	    strlen(hand1), 2, NULL) == 0 &&
	    store_secret_renew(st, &key, gid, "muthur.secret", "hand:m", hand1,
	    strlen(hand1), 3, NULL) == 0 &&
	    store_secret_renew(st, &key, gid, "muthur.secret", "hand:m", hand2,
	    strlen(hand2), 4, NULL) == 0 &&
	    store_secret_renew(st, &key, gid, "muthur.secret", "hand:m", hand2,
	    strlen(hand2), 6, NULL) == 0, "five renewals are made (none in phase 5)");
	ok(store_secret_renew(st, &key, gid, "muthur.secret", "hand:m", hand2,
	    strlen(hand2), 6, &cause) == -1, "not twice for one secret-id");
	free(cause);
	is_int(raw_count(path, "SELECT count(*) FROM commitments c JOIN games g ON "
	    "g.id = c.game_id WHERE g.name = 'renewed' AND length(c.secret) > 0"), 3,
	    "the bytes are kept 3 times: the first, a change, and one whose "
	    "previous renewal is not found");
	is_int(raw_count(path, "SELECT count(*) FROM commitments c JOIN commitments b ON "
	    "b.id = c.secret_of WHERE b.secret_id = 'hand:m@1' AND length(c.secret) = 0"),
	    2, "both unchanged renewals name the first row, not each other");
	c = store_commitment_get(st, gid, "muthur.secret", "hand:m@3", NULL);
	ok(c != NULL && c->secret_len == strlen(hand1) &&
	    memcmp(c->secret, hand1, c->secret_len) == 0 && commit_open_verify(
	    "muthur.secret", "renewed", "hand:m@3", c->secret, c->secret_len, c->nonce,
	    c->c, NULL) == 0 && commit_sig_verify(key.pk, "muthur.secret", "renewed",
	    "hand:m@3", c->c, c->sig) == 0,
	    "a renewal that keeps no bytes reads back whole, opening and signed");
	store_commitments_free(c, 1);
	ok(store_commitments(st, gid, &v, &n, NULL) == 0 && n == 5, "all five are listed");
	for (i = 0; i < n; i++) {
		const char *want = i < 3 ? hand1 : hand2;

		if (v[i].secret_len == strlen(want) && memcmp(v[i].secret, want,
		    v[i].secret_len) == 0 && commit_open_verify("muthur.secret", "renewed",
		    v[i].secret_id, v[i].secret, v[i].secret_len, v[i].nonce, v[i].c,
		    NULL) == 0)
			whole++;
	}
	is_int(whole, 5, "each with its own bytes and a fresh nonce that opens it");
	ok(n == 5 && memcmp(v[1].nonce, v[2].nonce, sizeof v[1].nonce) != 0 &&
	    memcmp(v[1].c, v[2].c, sizeof v[1].c) != 0,
	    "unchanged renewals still have fresh nonces and commitments");
	store_commitments_free(v, n);
	ok(store_secret_renew(st, &key, gid, "muthur.secret", "hand:mx", hand2,
	    strlen(hand2), 9, NULL) == 0, "a secret whose name starts the same");
	is_int(store_secret_open_latest(st, gid, "muthur.secret", "hand:m", 6, NULL), 1,
	    "an event of phase 6 opens one commitment of the secret");
	c = store_commitment_get(st, gid, "muthur.secret", "hand:m@4", NULL);
	ok(c != NULL && c->revealed && c->revealed_phase == 6, "the latest made before "
	    "phase 6 (hand:m@4), in phase 6");
	store_commitments_free(c, 1);
	c = store_commitment_get(st, gid, "muthur.secret", "hand:m@6", NULL);
	ok(c != NULL && !c->revealed, "not the one made in phase 6 itself");
	store_commitments_free(c, 1);
	is_int(store_secret_open_latest(st, gid, "muthur.secret", "hand:m", 6, NULL), 0,
	    "a second opening finds it open already");
	is_int(store_secret_open_latest(st, gid, "muthur.secret", "hand:", 9, NULL), 0,
	    "a name that is only a prefix of others opens nothing");
	is_int(store_secret_open_latest(st, gid, "muthur.secret", "hand:mx", 9, NULL), 0,
	    "nor does one never committed before the phase");
}

/*
 * A second process waits for the write lock instead of failing. (It is
 * forked before this process opens the database: SQLite connections must
 * not cross a fork.)
 */
static void
test_busy(const char *path)
{
	struct store *a, *b;
	struct timespec t0, t1;
	int go[2], ready[2], status = -1;
	char c = 0;
	pid_t pid;

	if (pipe(go) == -1 || pipe(ready) == -1)
		return;
	fflush(stdout);
	if ((pid = fork()) == 0) {
		double waited;

		close(go[1]);
		close(ready[0]);
		if (read(go[0], &c, 1) != 1 || (b = store_open(path, NULL)) == NULL)
			_exit(1);
		clock_gettime(CLOCK_MONOTONIC, &t0);
		if (write(ready[1], "r", 1) != 1 || store_begin(b, NULL) == -1)
			_exit(2);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		waited = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
		store_rollback(b);
		store_close(b);
		_exit(waited >= 0.2 ? 0 : 3);
	}
	close(go[0]);
	close(ready[1]);
	a = store_open(path, NULL);
	ok(a != NULL && store_begin(a, NULL) == 0, "one connection holds the write lock");
	if (write(go[1], "g", 1) == 1 && read(ready[0], &c, 1) == 1)
		usleep(300000);
	store_commit(a, NULL);
	waitpid(pid, &status, 0);
	close(go[1]);
	close(ready[0]);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "another process waits for it (busy timeout) and then gets it (status %d)",
	    status);
	store_close(a);
}

static void
test_server_key(void)
{
	unsigned char pk[32], sk[64];
	struct server_key *key;
	char *path = tpath("server.key"), *cause = NULL;

	key_generate(pk, sk);
	key_secret_write(path, sk, "test", NULL);
	key = server_key_load(path, NULL);
	ok(key != NULL && memcmp(key->pk, pk, 32) == 0 && memcmp(key->sk, sk, 64) == 0,
	    "the server key loads");
	server_key_free(key);
	chmod(path, 0640);
	ok_cause(server_key_load(path, &cause) == NULL && contains(cause, "mode 0640"),
	    "a group-readable key file is refused");
	free(cause);
	cause = NULL;
	ok(server_key_load("/nonexistent.key", &cause) == NULL &&
	    contains(cause, "/nonexistent.key"), "a missing key file is refused");
	free(cause);
	free(path);
}

static void
test_game_files(const char *path, struct store *st, int64_t gid)
{
	unsigned char *bytes, hash[32];
	char *cause = NULL, **names;
	size_t len, n;

	ok(store_game_file_put(st, gid, "cards.json", "{\"cards\":[]}", 13, &cause) == 0,
	    "a game file is recorded");
	ok(store_game_file_put(st, gid, "setup.json", "{}", 2, &cause) == 0, "a second one");
	ok(store_game_file_put(st, gid, "cards.json", "x", 1, &cause) == -1 &&
	    contains(cause, "game file cards.json"), "a file is never replaced");
	free(cause);
	cause = NULL;
	ok(store_game_file_get(st, gid, "cards.json", &bytes, &len, hash, &cause) == 0 &&
	    len == 13 && memcmp(bytes, "{\"cards\":[]}", 13) == 0, "and read back");
	free(bytes);
	ok(store_game_file_get(st, gid, "nope.json", &bytes, &len, NULL, &cause) == -1 &&
	    contains(cause, "the game has no file nope.json"), "a missing file is named");
	free(cause);
	cause = NULL;
	ok(store_game_file_names(st, gid, &names, &n, &cause) == 0 && n == 2 &&
	    strcmp(names[0], "cards.json") == 0 && strcmp(names[1], "setup.json") == 0,
	    "the names are listed, sorted");
	store_names_free(names, n);
	/* a big file (card data) is kept deflated, and reads back whole */
	{
		struct strbuf sb = STRBUF_INIT;
		long long kept;
		int i;

		strbuf_addstr(&sb, "{\"cards\":[");
		for (i = 0; i < 2000; i++)
			strbuf_addf(&sb, "%s{\"id\":\"card-%d\",\"type\":\"item\"}",
			    i ? "," : "", i);
		strbuf_addstr(&sb, "]}");
		ok(store_game_file_put(st, gid, "big.json", sb.s, sb.len, NULL) == 0 &&
		    store_game_file_get(st, gid, "big.json", &bytes, &len, NULL, NULL) == 0 &&
		    len == sb.len && memcmp(bytes, sb.s, len) == 0 && bytes[len] == '\0',
		    "a big file reads back whole");
		free(bytes);
		kept = raw_count(path, "SELECT max(length(bytes)) FROM file_blobs WHERE "
		    "deflated = 1");
		ok(kept > 0 && kept < (long long)sb.len / 4, "and is kept deflated (%lld "
		    "bytes for %zu)", kept, sb.len);
		strbuf_free(&sb);
	}
}

/* The postgresql driver's own: opening, schema version, refusals. */
static void
test_open_pg(const char *url, const char *url2)
{
	struct store *st;
	char *cause = NULL;

	st = store_open(url, &cause);
	ok_cause(st != NULL, "a new PostgreSQL store is made");
	if (st == NULL)
		return;
	is_str(store_driver_name(st), "postgresql", "by the postgresql driver");
	is_int(store_found_version(st), 0, "it had no schema");
	is_int(store_version(st), STORE_SCHEMA_VERSION, "it now has version %d",
	    STORE_SCHEMA_VERSION);
	ok_cause(store_seat_add(st, 999, "marines", "marines", "a@b", "muthur", "k", NULL,
	    NULL, &cause) == -1 && contains(cause, "foreign key"),
	    "foreign keys are enforced");
	free(cause);
	cause = NULL;
	store_close(st);
	st = store_open(url, &cause);
	ok(st != NULL && store_found_version(st) == STORE_SCHEMA_VERSION &&
	    store_version(st) == STORE_SCHEMA_VERSION,
	    "reopening a current store migrates nothing");
	store_close(st);
	raw_exec(url, "UPDATE muthur_schema SET version = 99");
	ok_cause(store_open(url, &cause) == NULL && contains(cause, "newer than"),
	    "a newer store is refused");
	free(cause);
	cause = NULL;
	{
		char *sql = xasprintf("UPDATE muthur_schema SET version = %d",
		    STORE_SCHEMA_VERSION);

		raw_exec(url, sql);
		free(sql);
	}
	ok_cause(store_open_version(url2, 5, &cause) == NULL &&
	    contains(cause, "from schema version 0 to 5"),
	    "a PostgreSQL store cannot be made at an old version");
	free(cause);
	cause = NULL;
	is_int((int)raw_count(url2, "SELECT count(*) FROM pg_tables WHERE "
	    "schemaname = current_schema()"), 0, "and nothing was made");
	raw_exec(url2, "CREATE TABLE theirs (x integer)");
	ok_cause(store_open(url2, &cause) == NULL && contains(cause,
	    "holds tables but is not a muthur database"),
	    "another program's database is refused");
	free(cause);
	cause = NULL;
	{
		/* Several workers, one store (store.h). */
		struct store *a = store_open(url, NULL), *b = store_open(url, NULL);
		long long waiting = 0;
		int64_t gid = 0, oid = 0;
		int status = -1, i, before = -1;
		char *mid, *body;
		pid_t pid;

		ok(a != NULL && b != NULL && store_claim_service(a, NULL) == 0 &&
		    store_claim_service(b, NULL) == 0 && store_workers(a) == 1,
		    "two workers claim the store, side by side");
		ok_cause(a != NULL && store_game_create(a, "shared", "ccg", "contact", zero32,
		    zero32, 1, &gid, &cause) == 0, "a game is made");
		ok(a != NULL && store_begin(a, NULL) == 0 && store_game_lock(a, gid, NULL) == 0,
		    "a transaction locks the game");
		if (b != NULL)
			store_skip_busy(b, 1);
		ok(b != NULL && store_begin(b, NULL) == 0,
		    "a second transaction begins beside it (no global write lock)");
		ok(b != NULL && store_game_lock(b, gid, &cause) == 1 &&
		    contains(cause, "another worker") && store_busy_take(b) == 1 &&
		    store_busy_take(b) == 0, "a worker skips the game the first holds, "
		    "saying so once");
		free(cause);
		cause = NULL;
		store_rollback(b);
		if ((pid = fork()) == 0) {
			struct store *c = store_open(url, NULL);

			_exit(c != NULL && store_begin(c, NULL) == 0 &&
			    store_game_lock(c, gid, NULL) == 0 &&
			    store_commit(c, NULL) == 0 ? 0 : 1);
		}
		for (i = 0; i < 600 && waiting != 1; i++) {
			waiting = raw_count(url, "SELECT count(*) FROM pg_locks WHERE "
			    "locktype = 'transactionid' AND NOT granted");
			if (waiting != 1)
				usleep(50000);
		}
		is_int((int)waiting, 1, "the command line waits for it");
		store_commit(a, NULL);
		waitpid(pid, &status, 0);
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "and locks it once the first committed (status %d)", status);

		ok(store_claim(a, STORE_CLAIM_MAIL, 42, NULL) == 0 &&
		    store_claim(b, STORE_CLAIM_MAIL, 42, NULL) == 1,
		    "a mail claimed by one worker is held for the other");
		ok(store_claim(b, STORE_CLAIM_OUTBOX, 42, NULL) == 0,
		    "an outbox row of the same number is another claim");
		store_release(a, STORE_CLAIM_MAIL, 42);
		ok(store_claim(b, STORE_CLAIM_MAIL, 42, NULL) == 0,
		    "released, the other worker claims it");
		ok(store_claim(a, STORE_CLAIM_DIGESTS, 0, NULL) == 0 &&
		    store_claim(b, STORE_CLAIM_DIGESTS, 0, NULL) == 1, "the digests too");
		store_close(a);
		ok(store_claim(b, STORE_CLAIM_DIGESTS, 0, NULL) == 0,
		    "a worker's claims end with its session");

		mid = outbox_message_id("view/shared/1/a", "club.example");
		body = xasprintf("Message-ID: %s\r\n\r\nx\r\n", mid);
		ok_cause(store_outbox_add(b, gid, "view/shared/1/a", mid, "a@b", body,
		    strlen(body), 1, &oid, &cause) == 0, "an outgoing mail is queued");
		free(body);
		free(mid);
		ok(store_outbox_claim(b, oid, 1, &before, NULL) == 0 && before == 0,
		    "its first claim finds none before it");
		ok(store_outbox_claim(b, oid, 1, &before, NULL) == 0 && before == 1,
		    "a second one finds the first (a sender that may have sent it)");
		ok(store_outbox_claim(b, oid, 0, &before, NULL) == 1,
		    "a row not due yet is not claimed");
		ok(store_outbox_sent(b, oid, 2, NULL) == 0 &&
		    store_outbox_claim(b, oid, 3, &before, NULL) == 1,
		    "nor one sent");
		store_close(b);
		/* the tests after these find the store as it was */
		raw_exec(url, "DELETE FROM outbox_body; DELETE FROM outbox_digest; "
		    "DELETE FROM outbox; DELETE FROM games; SELECT setval("
		    "pg_get_serial_sequence('outbox', 'id'), 1, false), setval("
		    "pg_get_serial_sequence('games', 'id'), 1, false)");
	}
	if (getenv("MUTHUR_TEST_STORE_URL4") != NULL) {
		const char *u4 = getenv("MUTHUR_TEST_STORE_URL4");

		st = store_open_version(u4, 13, &cause);
		ok_cause(st != NULL && store_version(st) == 13,
		    "a PostgreSQL store at its first version, 13");
		store_close(st);
		st = store_open(u4, &cause);
		ok_cause(st != NULL && store_found_version(st) == 13 &&
		    store_version(st) == STORE_SCHEMA_VERSION,
		    "is brought to the current version by its migrations");
		store_close(st);
		ok(raw_count(u4, "SELECT count(*) FROM pg_indexes WHERE indexname = "
		    "'orders_phase'") == 1, "migration 14 made its index");
		ok(raw_count(u4, "SELECT count(*) FROM information_schema.columns WHERE "
		    "table_name = 'outbox' AND column_name = 'claims'") == 1,
		    "migration 15 made the outbox's claims");
	}
	if (getenv("MUTHUR_TEST_STORE_URL3") != NULL) {
		ok_cause(store_open(getenv("MUTHUR_TEST_STORE_URL3"), &cause) == NULL &&
		    contains(cause, "has the encoding UTF8") && contains(cause, "SQL_ASCII"),
		    "a UTF8 database is refused, saying how to make one that fits");
		free(cause);
		cause = NULL;
	}
	ok_cause(store_open("postgresql:///nosuchdb?host=/nonexistent/sock&user=muthur",
	    &cause) == NULL && contains(cause, "cannot connect"),
	    "an unreachable server is refused, naming the store");
	free(cause);
	cause = NULL;
	ok_cause(store_open("postgresql://muthur:hunter2@/nosuchdb?host=/nonexistent/sock",
	    &cause) == NULL && !contains(cause, "hunter2") && contains(cause, ":***@"),
	    "a URL's password is not shown");
	free(cause);
}

int
main(void)
{
	struct store *st;
	char *path, *cmd;
	const char *url = getenv("MUTHUR_TEST_STORE_URL");
	const char *url2 = getenv("MUTHUR_TEST_STORE_URL2");
	int64_t gid = 0;

	if (sodium_init() < 0 || mkdtemp(tmpdir) == NULL)
		skip_all("cannot set up");
	if (url != NULL && url2 != NULL) {
		test_open_pg(url, url2);
		path = xstrdup(url);
	} else {
		test_open_and_migrate();
		test_migrate_storage();
		test_migrate_phase_reads();
		test_migrate_orders_phase();
		test_file_modes();
		path = tpath("t.db");
	}
	st = store_open(path, NULL);
	test_games_and_seats(st, &gid);
	test_phases_orders(path, st, gid);
	test_state_deltas(path, st);
	test_state_cache(path, st);
	test_events(st, gid);
	test_transactions(st, gid);
	test_mail(st, gid);
	test_outbox_pages(path, st, gid);
	test_commitments(st, gid);
	test_secret_renew(path, st);
	test_game_files(path, st, gid);
	ok(store_statements_running(st) == 0, "no statement is left running");
	store_close(st);
	if (url == NULL) {
		test_busy(path);
		test_server_key();
	}
	free(path);
	cmd = xasprintf("rm -rf %s", tmpdir);
	if (getenv("MUTHUR_KEEP_TMP") == NULL && system(cmd) != 0)
		diag("could not remove %s", tmpdir);
	free(cmd);
	return done_testing();
}
