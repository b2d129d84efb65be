/*
 * db-internal.h — what the store/ files share; not for use outside store/.
 */
#ifndef MUTHUR_STORE_DB_INTERNAL_H
#define MUTHUR_STORE_DB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "store/store.h"

#define DB_CACHE_MAX 96

/* A prepared statement kept for reuse, keyed by its SQL's address. */
struct db_cached {
	const char	*sql;
	sqlite3_stmt	*s;
	int		 busy;	/* handed out and not yet finished */
};

struct store {
	sqlite3			*db;
	char			*path;
	int			 found_version;
	int			 version;
	int			 depth;	/* nesting of db_tx_enter savepoints */
	struct db_cached	 cache[DB_CACHE_MAX];
	size_t			 ncache;
};

/* Set *cause to "what: sqlite's message (file)"; returns -1. */
int db_fail(struct store *st, const char *what, char **cause);
/* Run SQL without results. */
int db_exec(struct store *st, const char *sql, char **cause);
/*
 * Prepare one statement; NULL with a reason on failure. sql must be a
 * string constant: the statement is cached by its address and reused.
 * Every statement from db_prepare goes back through db_finish().
 */
sqlite3_stmt *db_prepare(struct store *st, const char *sql, char **cause);
/* Done with a statement: reset a cached one for reuse, finalize another. */
void db_finish(struct store *st, sqlite3_stmt *s);
/*
 * Step a statement that returns no row (or whose rows are ignored) and
 * finalize it. Returns 0 or -1 with a reason naming what.
 */
int db_step_done(struct store *st, sqlite3_stmt *s, const char *what, char **cause);

/*
 * Step s to its end, appending one zeroed element of size bytes per row,
 * filled by row(s, element); finalize s. On success *out (caller's) has
 * *n elements. On a database error free_all(array, count) releases what
 * was read and -1 is returned with a reason naming what.
 */
int db_collect(struct store *st, sqlite3_stmt *s, size_t size,
    void (*row)(sqlite3_stmt *, void *), void (*free_all)(void *, size_t),
    void **out, size_t *n, const char *what, char **cause);

/* db_collect() of the first column of each row as new strings, or as
 * 64-bit integers. */
int db_collect_ids(struct store *st, sqlite3_stmt *s, int64_t **out, size_t *n,
    const char *what, char **cause);
int db_collect_texts(struct store *st, sqlite3_stmt *s, char ***out, size_t *n,
    const char *what, char **cause);

/*
 * Start an atomic unit: BEGIN IMMEDIATE outside a transaction, a savepoint
 * inside one. db_tx_leave(ok) commits/releases, or rolls the unit back when
 * ok is 0 (then returns -1). db_tx_leave returns -1 with *cause when the
 * commit fails.
 */
int db_tx_enter(struct store *st, char **cause);
int db_tx_leave(struct store *st, int ok, char **cause);

/* Bind helpers (SQLITE_TRANSIENT copies). */
void db_bind_text(sqlite3_stmt *s, int i, const char *text);
void db_bind_blob(sqlite3_stmt *s, int i, const void *p, size_t len);
/* A column as a new NUL-terminated string ("" for NULL). */
char *db_col_text(sqlite3_stmt *s, int i);
/* A column as a new buffer (NUL-terminated too) and its length. */
unsigned char *db_col_blob(sqlite3_stmt *s, int i, size_t *len);
/* Copy a BLOB column of exactly n bytes into out; -1 if its size differs. */
int db_col_fixed(sqlite3_stmt *s, int i, unsigned char *out, size_t n);

/* The game's name, for messages; "game #id" if unknown. Caller frees. */
char *db_game_name(struct store *st, int64_t game_id);

#endif
