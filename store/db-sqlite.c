/*
 * db-sqlite.c — the sqlite store driver: a database file (WAL, foreign keys,
 * synchronous=FULL, a busy timeout), its schema version in PRAGMA
 * user_version, its owner in PRAGMA application_id.
 */
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

#define DB(st)	((sqlite3 *)(st)->conn)
#define H(s)	((sqlite3_stmt *)(s)->h)

static const char *
sq_errmsg(struct store *st)
{
	return sqlite3_errmsg(DB(st));
}

static int
sq_exec(struct store *st, const char *sql, char **cause)
{
	char *msg = NULL;

	if (sqlite3_exec(DB(st), sql, NULL, NULL, &msg) != SQLITE_OK) {
		cause_set(cause, "%s (database %s)", msg != NULL ? msg :
		    sqlite3_errmsg(DB(st)), st->path);
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static int
sq_prepare(struct db_stmt *s)
{
	sqlite3_stmt *h = NULL;

	if (sqlite3_prepare_v3(DB(s->st), s->sql, -1, SQLITE_PREPARE_PERSISTENT, &h,
	    NULL) != SQLITE_OK) {
		sqlite3_finalize(h);
		return -1;
	}
	s->h = h;
	return 0;
}

static void
sq_reset(struct db_stmt *s)
{
	sqlite3_reset(H(s));
	sqlite3_clear_bindings(H(s));
}

static void
sq_finalize(struct db_stmt *s)
{
	sqlite3_finalize(H(s));
	s->h = NULL;
}

static void
sq_bind_int64(struct db_stmt *s, int i, int64_t v)
{
	sqlite3_bind_int64(H(s), i, v);
}

static void
sq_bind_text(struct db_stmt *s, int i, const char *text)
{
	sqlite3_bind_text(H(s), i, text, -1, SQLITE_TRANSIENT);
}

static void
sq_bind_blob(struct db_stmt *s, int i, const void *p, size_t len)
{
	/* A zero-length blob must stay a blob, not NULL. */
	if (len == 0)
		sqlite3_bind_zeroblob(H(s), i, 0);
	else
		sqlite3_bind_blob64(H(s), i, p, len, SQLITE_TRANSIENT);
}

static void
sq_bind_null(struct db_stmt *s, int i)
{
	sqlite3_bind_null(H(s), i);
}

static int
sq_step(struct db_stmt *s)
{
	switch (sqlite3_step(H(s))) {
	case SQLITE_ROW:
		return DB_ROW;
	case SQLITE_DONE:
		return DB_DONE;
	default:
		return DB_ERROR;
	}
}

static int64_t
sq_column_int64(struct db_stmt *s, int i)
{
	return sqlite3_column_int64(H(s), i);
}

static const char *
sq_column_text(struct db_stmt *s, int i)
{
	return (const char *)sqlite3_column_text(H(s), i);
}

static const void *
sq_column_blob(struct db_stmt *s, int i)
{
	return sqlite3_column_blob(H(s), i);
}

static size_t
sq_column_bytes(struct db_stmt *s, int i)
{
	return (size_t)sqlite3_column_bytes(H(s), i);
}

static int
sq_column_is_null(struct db_stmt *s, int i)
{
	return sqlite3_column_type(H(s), i) == SQLITE_NULL;
}

static int64_t
sq_changes(struct store *st)
{
	return sqlite3_changes(DB(st));
}

static int64_t
sq_last_id(struct store *st)
{
	return sqlite3_last_insert_rowid(DB(st));
}

static int
sq_in_transaction(struct store *st)
{
	return !sqlite3_get_autocommit(DB(st));
}

static int
sq_running(struct store *st)
{
	sqlite3_stmt *s = NULL;
	int n = 0;

	while ((s = sqlite3_next_stmt(DB(st), s)) != NULL)
		if (sqlite3_stmt_busy(s)) {
			log_debug("%s: statement still running: %s", st->path,
			    sqlite3_sql(s));
			n++;
		}
	return n;
}

static int
pragma_int(struct store *st, const char *sql, int *out, char **cause)
{
	sqlite3_stmt *s = NULL;
	int rc = -1;

	if (sqlite3_prepare_v2(DB(st), sql, -1, &s, NULL) != SQLITE_OK ||
	    sqlite3_step(s) != SQLITE_ROW)
		db_fail(st, "cannot read the database header", cause);
	else {
		*out = sqlite3_column_int(s, 0);
		rc = 0;
	}
	sqlite3_finalize(s);
	return rc;
}

static int
sq_read_version(struct store *st, int *version, char **cause)
{
	int appid, v, tables;

	if (pragma_int(st, "PRAGMA application_id", &appid, cause) == -1 ||
	    pragma_int(st, "PRAGMA user_version", &v, cause) == -1)
		return -1;
	if (appid != 0 && appid != STORE_APPLICATION_ID)
		return cause_set(cause, "%s is a SQLite database of another program "
		    "(application id 0x%08x), not a muthur database", st->path, (unsigned)appid);
	if (appid == 0 && v != 0)
		return cause_set(cause, "%s is a SQLite database of another program "
		    "(schema version %d, no muthur application id)", st->path, v);
	if (v == 0) {
		/* An empty file only: refuse someone else's tables. */
		if (pragma_int(st, "SELECT count(*) FROM sqlite_master", &tables,
		    cause) == -1)
			return -1;
		if (tables != 0)
			return cause_set(cause, "%s holds tables but is not a muthur "
			    "database (no application id)", st->path);
	}
	*version = v;
	return 0;
}

static char *
sq_migration(int from, int *to)
{
	const char *sql = schema_migration(from + 1);

	if (sql == NULL)
		return NULL;
	*to = from + 1;
	return xasprintf("%s PRAGMA application_id = %d; PRAGMA user_version = %d;",
	    sql, STORE_APPLICATION_ID, from + 1);
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

static int
sq_open(struct store *st, const char *path, char **cause)
{
	sqlite3 *db = NULL;
	int rc, fd;

	/*
	 * The database holds the game's secrets (committed cards, seeds): a new
	 * file gets mode 0600 (SQLite gives its -wal and -shm files the same).
	 */
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600)) != -1)
		close(fd);
	else if (errno != EEXIST)
		return cause_set(cause, "cannot create database %s: %s", path,
		    strerror(errno));
	if (private_files(path, cause) == -1)
		return -1;
	rc = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
	    SQLITE_OPEN_NOMUTEX, NULL);
	st->conn = db;
	if (rc != SQLITE_OK)
		return cause_set(cause, "cannot open database %s: %s", path,
		    db != NULL ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
	sqlite3_busy_timeout(db, STORE_BUSY_MS);
	sqlite3_extended_result_codes(db, 1);
	if (sq_exec(st, "PRAGMA foreign_keys = ON", NULL) == -1 ||
	    sq_exec(st, "PRAGMA journal_mode = WAL", NULL) == -1 ||
	    sq_exec(st, "PRAGMA synchronous = FULL", NULL) == -1)
		return cause_set(cause, "cannot open database %s: %s", path,
		    sqlite3_errmsg(db));
	return 0;
}

static void
sq_close(struct store *st)
{
	if (DB(st) == NULL)
		return;
	if (!sqlite3_get_autocommit(DB(st)))
		sqlite3_exec(DB(st), "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close_v2(DB(st));
	st->conn = NULL;
}

const struct store_driver db_sqlite_driver = {
	.name = "sqlite",
	.open = sq_open,
	.close = sq_close,
	.exec = sq_exec,
	.errmsg = sq_errmsg,
	.prepare = sq_prepare,
	.reset = sq_reset,
	.finalize = sq_finalize,
	.bind_int64 = sq_bind_int64,
	.bind_text = sq_bind_text,
	.bind_blob = sq_bind_blob,
	.bind_null = sq_bind_null,
	.step = sq_step,
	.column_int64 = sq_column_int64,
	.column_text = sq_column_text,
	.column_blob = sq_column_blob,
	.column_bytes = sq_column_bytes,
	.column_is_null = sq_column_is_null,
	.changes = sq_changes,
	.last_id = sq_last_id,
	.in_transaction = sq_in_transaction,
	.running = sq_running,
	/* one writer at a time: the largest id plus one is free */
	.orders_next_id_sql = "SELECT coalesce(max(id), 0) + 1 FROM orders",
	.begin_sql = "BEGIN IMMEDIATE",
	.migrate_begin_sql = "BEGIN IMMEDIATE",
	.read_version = sq_read_version,
	.migration = sq_migration,
};
