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
#define STORE_SCHEMA_VERSION 14
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
 * Claim the store for one muthurd until store_close(): 0 claimed, 1 another
 * process holds it (nothing changed), -1 with a reason. A SQLite store
 * needs no claim (muthurd's lock file beside it does that: 0); a
 * PostgreSQL one, which muthurds on several machines may reach, takes a
 * session-level advisory lock on the server (one worker per database
 * until workers share one).
 */
int store_claim_service(struct store *st, char **cause);

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
