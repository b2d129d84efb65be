/*
 * store.h — muthur's database: opening, migrations, transactions.
 *
 * store/ is the only part of muthur that writes SQL. Behind this header a
 * store driver runs it (store/db-internal.h): sqlite, the default, for a
 * path; postgresql for a postgresql:// URL (store/db-postgresql.c; the
 * same functions, transactions and guarantees). The SQLite database runs in
 * WAL mode with foreign keys on, synchronous=FULL (a committed transaction
 * survives a power cut) and a busy timeout, so that muthurd and the muthur
 * CLI can share it.
 *
 * Transactions. Every write function of store/ (games.h, phases.h,
 * orders.h, events.h, commitments.h, outbox.h, mailseen.h) is atomic on
 * its own: one SQL statement, or several in their own BEGIN IMMEDIATE ...
 * COMMIT (outside a transaction) or savepoint (inside one). A call that
 * fails inside the caller's transaction leaves nothing of itself behind
 * and the transaction open: the caller decides to roll back (after an I/O
 * error SQLite may have ended the transaction; store_commit then fails).
 * To make several calls one durable unit ("record the processed mail +
 * store the orders + queue the acknowledgement", "close the phase + events
 * + state + commitments + outbox + open the next phase") wrap them in
 * store_begin() ... store_commit(), or store_rollback() on any failure.
 *
 * A struct store is one SQLite connection: use it from one thread at a
 * time, and never across fork() (open the store in the child instead).
 *
 * Ownership: every struct store_* handed out by a store_* function belongs
 * to the caller and is released with its _free function. Times are always
 * arguments (seconds since the epoch); store/ never reads the clock.
 */
#ifndef MUTHUR_STORE_H
#define MUTHUR_STORE_H

#include <stdint.h>

/* The schema version this muthur writes (PRAGMA user_version). */
#define STORE_SCHEMA_VERSION 15
/* PRAGMA application_id of a muthur database ("MUTH"). */
#define STORE_APPLICATION_ID 0x4d555448

struct store;

/*
 * Open the database at path, creating it (a new file gets mode 0600, and
 * SQLite gives its -wal and -shm files the same: it holds the games'
 * secrets; its folder must exist) or migrating it to STORE_SCHEMA_VERSION,
 * each migration in its own transaction. Refuses, with a reason naming the
 * file: the database, its -wal or its -shm file readable or writable by
 * group or others (as the server key), a database whose schema version is newer
 * than this program's, a SQLite file of another program, a file that is
 * not a database, an unreadable path. Returns NULL and sets *cause on
 * failure. Free with store_close().
 */
struct store *store_open(const char *path, char **cause);
/*
 * path may instead be a PostgreSQL URL (postgresql://user@host/db, also
 * ?host=/run/postgresql): the database must exist; an empty one gets the
 * schema, one holding another program's tables is refused; a muthur built
 * without libpq refuses the URL naming the package. A PostgreSQL store
 * begins at schema version 13, so store_open_version() below 13 refuses it.
 */
/*
 * Like store_open() but migrates no further than version (1 ..
 * STORE_SCHEMA_VERSION). For the migration tests and upgrade tools only.
 */
struct store *store_open_version(const char *path, int version, char **cause);
/* Close the database (rolls back an open transaction). NULL is fine. */
void store_close(struct store *st);

/*
 * Claim the store for muthurd until store_close(): 0 claimed, 1 another
 * process holds it (nothing changed), -1 with a reason. A SQLite store
 * needs no claim (muthurd's lock file beside it keeps a second muthurd
 * out: 0); a PostgreSQL one takes a shared session-level advisory lock
 * on the server, held by every worker that serves it (store_workers()).
 */
int store_claim_service(struct store *st, char **cause);

/*
 * Several workers, one store (doc/muthurd.8, WORKERS). A PostgreSQL store
 * may be served by any number of muthurd processes, on one machine or
 * several; a SQLite one by one. What keeps the workers apart:
 *
 * - a game is changed by one transaction at a time: store_game_lock(),
 *   taken by every load of a game for writing (game_live_load_id()), a
 *   row lock on the game held until the transaction ends; a worker skips
 *   a game another one holds (store_skip_busy()) where the command line
 *   waits for it;
 * - a claim (store_claim()) is a session-level lock on the server on one
 *   thing (an incoming mail by its content hash, an outbox row by its id,
 *   the daily digests), held across transactions until store_release()
 *   or until the worker's session ends: a worker that dies loses its
 *   claims at once, and another worker takes the work up.
 *
 * With SQLite, BEGIN IMMEDIATE already runs one writing transaction at a
 * time and there is one muthurd: the locks are taken at once (0).
 */
/* 1: several muthurd processes may serve the store; 0: one. */
int store_workers(const struct store *st);
/*
 * Lock game_id for the open transaction (nothing outside one): 0 locked,
 * 1 another transaction holds it and the store skips busy games (*cause
 * says so and store_busy_take() answers 1), -1 a database error. Without
 * store_skip_busy() it waits for the other transaction to end.
 */
int store_game_lock(struct store *st, int64_t game_id, char **cause);
/* Skip (on) or wait for (off, the default) games other workers hold. */
void store_skip_busy(struct store *st, int on);
/* Did a store_game_lock() find its game busy since the last call? Clears. */
int store_busy_take(struct store *st);

/* What a claim is on (store_claim()). */
enum store_claim_kind {
	STORE_CLAIM_MAIL = 1,	/* obj: the first 8 bytes of the content hash */
	STORE_CLAIM_OUTBOX,	/* obj: the outbox row's id */
	STORE_CLAIM_DIGESTS,	/* obj: 0 (the organisers' daily digests) */
};
/*
 * Claim (kind, obj) for this worker: 0 claimed (or the store needs no
 * claims), 1 another worker holds it, -1 with a reason. A claim is held
 * until store_release() or store_close(), in or out of transactions; a
 * claim held already is taken again (and must be released as often).
 * Distinct objects may share a claim (a 32-bit key on the server): then
 * one waits for the other, which is harmless.
 */
int store_claim(struct store *st, enum store_claim_kind kind, int64_t obj,
    char **cause);
void store_release(struct store *st, enum store_claim_kind kind, int64_t obj);

/* The schema version the file had when opened: 0 for a new database. */
int store_found_version(const struct store *st);
/* The schema version the file has now. */
int store_version(const struct store *st);
/* The path or URL the store was opened with (a URL's password hidden). */
const char *store_path(const struct store *st);
/* The store's driver: "sqlite" or "postgresql". */
const char *store_driver_name(const struct store *st);

/*
 * BEGIN IMMEDIATE: take the write lock now (waiting up to the busy
 * timeout). Fails if a transaction is already open. Every store_begin()
 * must be followed by store_commit() or store_rollback().
 */
int store_begin(struct store *st, char **cause);
/*
 * COMMIT. When it returns 0 the transaction is durable. On failure the
 * transaction is rolled back and nothing of it remains.
 */
int store_commit(struct store *st, char **cause);
/* ROLLBACK of the open transaction, if any. Never fails visibly. */
void store_rollback(struct store *st);
/* Is a transaction (store_begin) open? */
int store_in_transaction(const struct store *st);
/*
 * Statements of st still running (stepped, not reset). Each one holds a
 * read snapshot, so later reads would not see other connections' writes;
 * between calls into the store the answer must be 0 (tests check it).
 */
int store_statements_running(struct store *st);

/*
 * A unit of work: outside a transaction, store_unit_begin() is
 * store_begin() and store_unit_end(ok) commits (ok) or rolls back; inside
 * one it is a SAVEPOINT, and store_unit_end() keeps the unit's changes for
 * the enclosing transaction's commit (ok) or undoes just them (not ok).
 * store_unit_end() returns -1 when ok is 0, or with *cause when keeping the
 * unit failed (then it was undone).
 */
int store_unit_begin(struct store *st, char **cause);
int store_unit_end(struct store *st, int ok, char **cause);

#endif
