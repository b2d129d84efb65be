/* db.c — opening the database, pragmas, migrations, transactions. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/schema.h"

#define STORE_BUSY_MS 10000

int
db_fail(struct store *st, const char *what, char **cause)
{
	return cause_set(cause, "%s: %s (database %s)", what, sqlite3_errmsg(st->db),
	    st->path);
}

int
db_exec(struct store *st, const char *sql, char **cause)
{
	char *msg = NULL;

	if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		cause_set(cause, "%s (database %s)", msg != NULL ? msg :
		    sqlite3_errmsg(st->db), st->path);
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

sqlite3_stmt *
db_prepare(struct store *st, const char *sql, char **cause)
{
	sqlite3_stmt *s = NULL;
	size_t i;

	for (i = 0; i < st->ncache; i++) {
		if (st->cache[i].sql == sql && !st->cache[i].busy) {
			st->cache[i].busy = 1;
			return st->cache[i].s;
		}
	}
	if (sqlite3_prepare_v3(st->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &s,
	    NULL) != SQLITE_OK) {
		db_fail(st, "cannot prepare a statement", cause);
		sqlite3_finalize(s);
		return NULL;
	}
	if (st->ncache < DB_CACHE_MAX) {
		st->cache[st->ncache].sql = sql;
		st->cache[st->ncache].s = s;
		st->cache[st->ncache].busy = 1;
		st->ncache++;
	}
	return s;
}

void
db_finish(struct store *st, sqlite3_stmt *s)
{
	size_t i;

	for (i = 0; i < st->ncache; i++) {
		if (st->cache[i].s == s) {
			sqlite3_reset(s);
			sqlite3_clear_bindings(s);
			st->cache[i].busy = 0;
			return;
		}
	}
	sqlite3_finalize(s);
}

int
db_step_done(struct store *st, sqlite3_stmt *s, const char *what, char **cause)
{
	int rc;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW)
		;
	if (rc != SQLITE_DONE) {
		db_fail(st, what, cause);
		db_finish(st, s);
		return -1;
	}
	db_finish(st, s);
	return 0;
}

int
db_collect(struct store *st, sqlite3_stmt *s, size_t size,
    void (*row)(sqlite3_stmt *, void *), void (*free_all)(void *, size_t),
    void **out, size_t *n, const char *what, char **cause)
{
	unsigned char *v = NULL;
	size_t k = 0;
	int rc;

	while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
		v = xreallocarray(v, k + 1, size);
		memset(v + k * size, 0, size);
		row(s, v + k * size);
		k++;
	}
	db_finish(st, s);
	*out = NULL;
	*n = 0;
	if (rc != SQLITE_DONE) {
		free_all(v, k);
		return db_fail(st, what, cause);
	}
	*out = v;
	*n = k;
	return 0;
}

static void
text_row(sqlite3_stmt *s, void *elem)
{
	*(char **)elem = db_col_text(s, 0);
}

static void
texts_free_all(void *v, size_t n)
{
	char **names = v;

	while (n > 0)
		free(names[--n]);
	free(names);
}

int
db_collect_texts(struct store *st, sqlite3_stmt *s, char ***out, size_t *n,
    const char *what, char **cause)
{
	void *v;
	int rc = db_collect(st, s, sizeof **out, text_row, texts_free_all, &v, n, what,
	    cause);

	*out = v;
	return rc;
}

static void
id_row(sqlite3_stmt *s, void *elem)
{
	*(int64_t *)elem = sqlite3_column_int64(s, 0);
}

static void
ids_free_all(void *v, size_t n)
{
	(void)n;
	free(v);
}

int
db_collect_ids(struct store *st, sqlite3_stmt *s, int64_t **out, size_t *n,
    const char *what, char **cause)
{
	void *v;
	int rc = db_collect(st, s, sizeof **out, id_row, ids_free_all, &v, n, what, cause);

	*out = v;
	return rc;
}

void
db_bind_text(sqlite3_stmt *s, int i, const char *text)
{
	if (text == NULL)
		sqlite3_bind_null(s, i);
	else
		sqlite3_bind_text(s, i, text, -1, SQLITE_TRANSIENT);
}

void
db_bind_blob(sqlite3_stmt *s, int i, const void *p, size_t len)
{
	/* A zero-length blob must stay a blob, not NULL. */
	if (len == 0)
		sqlite3_bind_zeroblob(s, i, 0);
	else
		sqlite3_bind_blob64(s, i, p, len, SQLITE_TRANSIENT);
}

char *
db_col_text(sqlite3_stmt *s, int i)
{
	const unsigned char *t = sqlite3_column_text(s, i);

	return xstrdup(t != NULL ? (const char *)t : "");
}

unsigned char *
db_col_blob(sqlite3_stmt *s, int i, size_t *len)
{
	const void *p = sqlite3_column_blob(s, i);
	size_t n = (size_t)sqlite3_column_bytes(s, i);

	*len = n;
	return p != NULL ? xmemdup(p, n) : xcalloc(1, 1);
}

int
db_col_fixed(sqlite3_stmt *s, int i, unsigned char *out, size_t n)
{
	const void *p = sqlite3_column_blob(s, i);

	if (p == NULL || (size_t)sqlite3_column_bytes(s, i) != n)
		return -1;
	memcpy(out, p, n);
	return 0;
}

char *
db_game_name(struct store *st, int64_t game_id)
{
	sqlite3_stmt *s = db_prepare(st, "SELECT name FROM games WHERE id = ?", NULL);
	char *name = NULL;

	if (s != NULL) {
		sqlite3_bind_int64(s, 1, game_id);
		if (sqlite3_step(s) == SQLITE_ROW)
			name = db_col_text(s, 0);
		db_finish(st, s);
	}
	return name != NULL ? name : xasprintf("game #%lld", (long long)game_id);
}

int
db_tx_enter(struct store *st, char **cause)
{
	if (sqlite3_get_autocommit(st->db)) {
		if (db_exec(st, "BEGIN IMMEDIATE", cause) == -1)
			return -1;
		st->depth = 0;
		return 0;
	}
	if (db_exec(st, "SAVEPOINT store_unit", cause) == -1)
		return -1;
	st->depth++;
	return 0;
}

int
db_tx_leave(struct store *st, int ok, char **cause)
{
	if (st->depth > 0) {
		st->depth--;
		if (!ok)
			db_exec(st, "ROLLBACK TO store_unit", NULL);
		if (db_exec(st, "RELEASE store_unit", ok ? cause : NULL) == -1 || !ok)
			return -1;
		return 0;
	}
	if (!ok) {
		db_exec(st, "ROLLBACK", NULL);
		return -1;
	}
	if (db_exec(st, "COMMIT", cause) == -1) {
		if (!sqlite3_get_autocommit(st->db))
			db_exec(st, "ROLLBACK", NULL);
		return -1;
	}
	return 0;
}

static int
pragma_int(struct store *st, const char *sql, int *out, char **cause)
{
	sqlite3_stmt *s = db_prepare(st, sql, cause);

	if (s == NULL)
		return -1;
	if (sqlite3_step(s) != SQLITE_ROW) {
		db_fail(st, "cannot read the database header", cause);
		db_finish(st, s);
		return -1;
	}
	*out = sqlite3_column_int(s, 0);
	db_finish(st, s);
	return 0;
}

static int
store_migrate(struct store *st, int target, char **cause)
{
	int appid, v;
	char *sql;

	if (pragma_int(st, "PRAGMA application_id", &appid, cause) == -1 ||
	    pragma_int(st, "PRAGMA user_version", &v, cause) == -1)
		return -1;
	st->found_version = v;
	if (appid != 0 && appid != STORE_APPLICATION_ID)
		return cause_set(cause, "%s is a SQLite database of another program "
		    "(application id 0x%08x), not a muthur database", st->path, (unsigned)appid);
	if (appid == 0 && v != 0)
		return cause_set(cause, "%s is a SQLite database of another program "
		    "(schema version %d, no muthur application id)", st->path, v);
	if (v > schema_count())
		return cause_set(cause, "database %s has schema version %d, newer than "
		    "this muthur knows (%d): run a newer muthur, or restore a backup",
		    st->path, v, schema_count());
	if (v == 0) {
		/* An empty file only: refuse someone else's tables. */
		int tables;

		if (pragma_int(st, "SELECT count(*) FROM sqlite_master", &tables,
		    cause) == -1)
			return -1;
		if (tables != 0)
			return cause_set(cause, "%s holds tables but is not a muthur "
			    "database (no application id)", st->path);
	}
	while (v < target) {
		if (db_exec(st, "BEGIN IMMEDIATE", cause) == -1)
			return cause_prefix(cause, "cannot migrate %s", st->path);
		/* Someone else may have migrated while we waited. */
		if (pragma_int(st, "PRAGMA user_version", &v, cause) == -1) {
			db_exec(st, "ROLLBACK", NULL);
			return -1;
		}
		if (v >= target) {
			db_exec(st, "ROLLBACK", NULL);
			break;
		}
		sql = xasprintf("%s PRAGMA application_id = %d; PRAGMA user_version = %d;",
		    schema_migration(v + 1), STORE_APPLICATION_ID, v + 1);
		if (db_exec(st, sql, cause) == -1 || db_exec(st, "COMMIT", cause) == -1) {
			free(sql);
			db_exec(st, "ROLLBACK", NULL);
			return cause_prefix(cause, "migration to schema version %d failed",
			    v + 1);
		}
		free(sql);
		v++;
	}
	st->version = v;
	return 0;
}

/*
 * The database and its -wal and -shm files hold the games' secrets: refuse
 * them when group or others may read or write them, as the server key.
 */
static int
private_files(const char *path, char **cause)
{
	static const char *const suffix[] = { "", "-wal", "-shm" };
	char *p;
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < sizeof suffix / sizeof suffix[0]; i++) {
		p = xasprintf("%s%s", path, suffix[i]);
		rc = fs_check_private(p, "database file", i > 0, cause);
		free(p);
	}
	return rc;
}

struct store *
store_open_version(const char *path, int version, char **cause)
{
	struct store *st;
	int rc, fd;

	if (version < 1 || version > schema_count()) {
		cause_set(cause, "no schema version %d (this muthur knows 1 to %d)",
		    version, schema_count());
		return NULL;
	}
	/*
	 * The database holds the game's secrets (committed cards, seeds): a new
	 * file gets mode 0600 (SQLite gives its -wal and -shm files the same).
	 */
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600)) != -1)
		close(fd);
	else if (errno != EEXIST) {
		cause_set(cause, "cannot create database %s: %s", path, strerror(errno));
		return NULL;
	}
	if (private_files(path, cause) == -1)
		return NULL;
	st = xcalloc(1, sizeof *st);
	st->path = xstrdup(path);
	rc = sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
	    SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		cause_set(cause, "cannot open database %s: %s", path,
		    st->db != NULL ? sqlite3_errmsg(st->db) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_busy_timeout(st->db, STORE_BUSY_MS);
	sqlite3_extended_result_codes(st->db, 1);
	if (db_exec(st, "PRAGMA foreign_keys = ON", NULL) == -1 ||
	    db_exec(st, "PRAGMA journal_mode = WAL", NULL) == -1 ||
	    db_exec(st, "PRAGMA synchronous = FULL", NULL) == -1) {
		cause_set(cause, "cannot open database %s: %s", path, sqlite3_errmsg(st->db));
		goto fail;
	}
	if (store_migrate(st, version, cause) == -1)
		goto fail;
	return st;
fail:
	store_close(st);
	return NULL;
}

struct store *
store_open(const char *path, char **cause)
{
	return store_open_version(path, schema_count(), cause);
}

void
store_close(struct store *st)
{
	size_t i;

	if (st == NULL)
		return;
	if (st->db != NULL) {
		for (i = 0; i < st->ncache; i++)
			sqlite3_finalize(st->cache[i].s);
		if (!sqlite3_get_autocommit(st->db))
			sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		sqlite3_close_v2(st->db);
	}
	free(st->path);
	free(st);
}

int
store_found_version(const struct store *st)
{
	return st->found_version;
}

int
store_version(const struct store *st)
{
	return st->version;
}

const char *
store_path(const struct store *st)
{
	return st->path;
}

int
store_begin(struct store *st, char **cause)
{
	if (!sqlite3_get_autocommit(st->db))
		return cause_set(cause, "a transaction is already open on %s", st->path);
	if (db_exec(st, "BEGIN IMMEDIATE", cause) == -1)
		return cause_prefix(cause, "cannot begin a transaction");
	st->depth = 0;
	return 0;
}

int
store_commit(struct store *st, char **cause)
{
	if (sqlite3_get_autocommit(st->db))
		return cause_set(cause, "no transaction is open on %s", st->path);
	if (db_exec(st, "COMMIT", cause) == -1) {
		if (!sqlite3_get_autocommit(st->db))
			sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
		return cause_prefix(cause, "commit failed, nothing was stored");
	}
	return 0;
}

void
store_rollback(struct store *st)
{
	if (!sqlite3_get_autocommit(st->db))
		sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	st->depth = 0;
}

int
store_in_transaction(const struct store *st)
{
	return !sqlite3_get_autocommit(st->db);
}

int
store_statements_running(struct store *st)
{
	sqlite3_stmt *s = NULL;
	int n = 0;

	while ((s = sqlite3_next_stmt(st->db, s)) != NULL)
		if (sqlite3_stmt_busy(s)) {
			log_debug("%s: statement still running: %s", st->path,
			    sqlite3_sql(s));
			n++;
		}
	return n;
}

int
store_unit_begin(struct store *st, char **cause)
{
	if (db_tx_enter(st, cause) == -1)
		return cause_prefix(cause, "cannot begin a unit of work");
	return 0;
}

int
store_unit_end(struct store *st, int ok, char **cause)
{
	return db_tx_leave(st, ok, cause);
}
