/*
 * db-internal.h — what the store/ files share; not for use outside store/.
 */
#ifndef MUTHUR_STORE_DB_INTERNAL_H
#define MUTHUR_STORE_DB_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define DB_CACHE_MAX 96

/* What db_step() returns. */
enum { DB_ERROR = -1, DB_DONE = 0, DB_ROW = 1 };

struct store;

/*
 * A statement: the shared part the store/ files hold, and the driver's
 * own (h). SQL text is shared by both drivers: '?' and '?N' placeholders
 * as SQLite writes them; a driver that spells them otherwise rewrites
 * them when it prepares the statement.
 */
struct db_stmt {
	struct store	*st;
	const char	*sql;	/* the cache key (a string constant's address) */
	int		 busy;	/* handed out and not yet finished */
	int		 cached;
	void		*h;	/* the driver's prepared statement */
};

/*
 * A store driver: how one kind of database runs the SQL of store/. Const,
 * by field name (store/db-sqlite.c, store/db-postgresql.c). Every function
 * that can fail leaves a reason errmsg() returns.
 */
struct store_driver {
	const char	*name;
	/* Connect to target (a path or a URL); sets st->conn. */
	int		(*open)(struct store *st, const char *target, char **cause);
	/* Disconnect (rolling back an open transaction); st->conn may be NULL. */
	void		(*close)(struct store *st);
	/* Run SQL (one or several statements) without results. */
	int		(*exec)(struct store *st, const char *sql, char **cause);
	/* The last error of the connection, for messages. */
	const char	*(*errmsg)(struct store *st);
	/* Prepare s->sql into s->h; 0 or -1 (errmsg() says why). */
	int		(*prepare)(struct db_stmt *s);
	/* Make s ready to run again with no values bound. */
	void		(*reset)(struct db_stmt *s);
	void		(*finalize)(struct db_stmt *s);
	/* Values for parameter i (from 1); copied. */
	void		(*bind_int64)(struct db_stmt *s, int i, int64_t v);
	void		(*bind_text)(struct db_stmt *s, int i, const char *text);
	void		(*bind_blob)(struct db_stmt *s, int i, const void *p, size_t len);
	void		(*bind_null)(struct db_stmt *s, int i);
	/* Run s, or move to its next row: DB_ROW, DB_DONE or DB_ERROR. */
	int		(*step)(struct db_stmt *s);
	/* The current row's column i (from 0); pointers live until the next
	 * step or reset. */
	int64_t		(*column_int64)(struct db_stmt *s, int i);
	const char	*(*column_text)(struct db_stmt *s, int i);
	const void	*(*column_blob)(struct db_stmt *s, int i);
	size_t		(*column_bytes)(struct db_stmt *s, int i);
	int		(*column_is_null)(struct db_stmt *s, int i);
	/* Rows changed by the last INSERT, UPDATE or DELETE. */
	int64_t		(*changes)(struct store *st);
	/* The id the last INSERT gave its row. */
	int64_t		(*last_id)(struct store *st);
	/* Is a transaction open (BEGIN run, no COMMIT or ROLLBACK yet)? */
	int		(*in_transaction)(struct store *st);
	/* Statements stepped and not reset (each one holds a snapshot). */
	int		(*running)(struct store *st);
	/* After rows were copied in with their ids (store/copy.c): make the
	 * next id of table's column id follow them. NULL when nothing is
	 * needed (SQLite takes the largest id plus one). */
	int		(*restart_ids)(struct store *st, const char *table, const char *id,
			    char **cause);
	/* store_claim_service(): 0, 1 held elsewhere, -1; NULL: nothing to
	 * claim. */
	int		(*claim)(struct store *st, char **cause);
	/* Several processes may serve the store (store_workers()). */
	int		 workers;
	/* store_game_lock()'s SQL, waiting and skipping (game id ?1); NULL:
	 * nothing to lock (begin_sql serialises the writers). */
	const char	*lock_game_sql;
	const char	*try_lock_game_sql;
	/* store_claim()'s SQL (?1 kind, ?2 a 32-bit key; one row: 1 claimed,
	 * 0 held elsewhere) and store_release()'s; NULL: no claims. */
	const char	*claim_sql;
	const char	*release_sql;
	/* The next orders row's id, as one row (the row is inserted with it,
	 * after the row it supersedes was pointed at it). */
	const char	*orders_next_id_sql;
	/* What takes the write lock at once: BEGIN IMMEDIATE in SQLite. */
	const char	*begin_sql;
	/* Begin a migration: begin_sql, and whatever keeps two migrations of
	 * the same store apart. */
	const char	*migrate_begin_sql;
	/*
	 * The schema version of an opened store (0 for an empty one); -1 with
	 * a reason naming the store when it belongs to another program.
	 */
	int		(*read_version)(struct store *st, int *version, char **cause);
	/*
	 * The SQL taking version from to *to (> from), recording *to as the
	 * store's version; NULL when there is none. Caller frees.
	 */
	char		*(*migration)(int from, int *to);
};

extern const struct store_driver db_sqlite_driver;
#ifdef HAVE_LIBPQ
extern const struct store_driver db_postgresql_driver;
#endif

/*
 * state-cache.c: one state's bytes as the process hashed them, for the game
 * and phase they were recorded after; valid is 0 when empty.
 */
struct state_cache {
	int			 valid;
	int64_t			 game_id;
	uint64_t		 after_phase;
	unsigned char		 hash[32];
	unsigned char		*bytes;	/* len bytes and a NUL, owned */
	size_t			 len;
};
/* Keep a copy of bytes (replacing what c held). */
void state_cache_put(struct state_cache *c, int64_t game_id, uint64_t after_phase,
    const unsigned char hash[32], const void *bytes, size_t len);
/* A copy of the bytes (caller frees; NUL-terminated) when c holds the
 * state of game_id after after_phase with that hash, else NULL. */
unsigned char *state_cache_get(const struct state_cache *c, int64_t game_id,
    uint64_t after_phase, const unsigned char hash[32], size_t *len);
void state_cache_clear(struct state_cache *c);

struct store {
	const struct store_driver *drv;
	void			*conn;	/* the driver's connection */
	char			*path;	/* the path or URL (no password), for messages */
	int			 found_version;
	int			 version;
	int			 depth;	/* nesting of db_tx_enter savepoints */
	int			 skip_busy;	/* store_skip_busy() */
	int			 busy;		/* store_busy_take() */
	struct db_stmt		*cache[DB_CACHE_MAX];
	size_t			 ncache;
	struct state_cache	 latest;	/* the state last read or recorded */
	struct state_cache	 keyframe;	/* the keyframe last read or recorded */
};

/* Set *cause to "what: the database's message (store)"; returns -1. */
int db_fail(struct store *st, const char *what, char **cause);
/* Run SQL without results. */
int db_exec(struct store *st, const char *sql, char **cause);
/*
 * Prepare one statement; NULL with a reason on failure. sql must be a
 * string constant: the statement is cached by its address and reused.
 * Every statement from db_prepare goes back through db_finish().
 */
struct db_stmt *db_prepare(struct store *st, const char *sql, char **cause);
/* Prepare SQL built at run time (not cached: db_finish() finalizes it). */
struct db_stmt *db_prepare_once(struct store *st, const char *sql, char **cause);
/* Done with a statement: reset a cached one for reuse, finalize another. */
void db_finish(struct store *st, struct db_stmt *s);
/*
 * Step a statement that returns no row (or whose rows are ignored) and
 * finalize it. Returns 0 or -1 with a reason naming what.
 */
int db_step_done(struct store *st, struct db_stmt *s, const char *what, char **cause);

/*
 * Step s to its end, appending one zeroed element of size bytes per row,
 * filled by row(s, element); finalize s. On success *out (caller's) has
 * *n elements. On a database error free_all(array, count) releases what
 * was read and -1 is returned with a reason naming what.
 */
int db_collect(struct store *st, struct db_stmt *s, size_t size,
    void (*row)(struct db_stmt *, void *), void (*free_all)(void *, size_t),
    void **out, size_t *n, const char *what, char **cause);

/* db_collect() of the first column of each row as new strings, or as
 * 64-bit integers. */
int db_collect_ids(struct store *st, struct db_stmt *s, int64_t **out, size_t *n,
    const char *what, char **cause);
int db_collect_texts(struct store *st, struct db_stmt *s, char ***out, size_t *n,
    const char *what, char **cause);

/*
 * Start an atomic unit: BEGIN IMMEDIATE outside a transaction, a savepoint
 * inside one. db_tx_leave(ok) commits/releases, or rolls the unit back when
 * ok is 0 (then returns -1). db_tx_leave returns -1 with *cause when the
 * commit fails.
 */
int db_tx_enter(struct store *st, char **cause);
int db_tx_leave(struct store *st, int ok, char **cause);

/* The driver's statement calls (values are copied). */
void db_bind_int64(struct db_stmt *s, int i, int64_t v);
void db_bind_null(struct db_stmt *s, int i);
int db_step(struct db_stmt *s);
int64_t db_column_int64(struct db_stmt *s, int i);
int db_column_int(struct db_stmt *s, int i);
const char *db_column_text(struct db_stmt *s, int i);
const void *db_column_blob(struct db_stmt *s, int i);
size_t db_column_bytes(struct db_stmt *s, int i);
int db_column_is_null(struct db_stmt *s, int i);
int64_t db_changes(struct store *st);
int64_t db_last_id(struct store *st);
int db_in_transaction(struct store *st);

/* Bind helpers: NULL text binds NULL; a zero-length blob stays a blob. */
void db_bind_text(struct db_stmt *s, int i, const char *text);
/* The first len bytes of text. */
void db_bind_text_n(struct db_stmt *s, int i, const char *text, size_t len);
void db_bind_blob(struct db_stmt *s, int i, const void *p, size_t len);
/* A column as a new NUL-terminated string ("" for NULL). */
char *db_col_text(struct db_stmt *s, int i);
/* A column as a new buffer (NUL-terminated too) and its length. */
unsigned char *db_col_blob(struct db_stmt *s, int i, size_t *len);
/* Copy a BLOB column of exactly n bytes into out; -1 if its size differs. */
int db_col_fixed(struct db_stmt *s, int i, unsigned char *out, size_t n);

/* The game's name, for messages; "game #id" if unknown. Caller frees. */
char *db_game_name(struct store *st, int64_t game_id);

#endif
