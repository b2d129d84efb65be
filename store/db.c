/*
 * db.c — what both store drivers share: the statement cache, collecting
 * rows, transactions and savepoints, migrations, opening a store by path
 * (SQLite) or URL (PostgreSQL).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/schema.h"

int
db_fail(struct store *st, const char *what, char **cause)
{
	return cause_set(cause, "%s: %s (database %s)", what, st->drv->errmsg(st),
	    st->path);
}

int
db_exec(struct store *st, const char *sql, char **cause)
{
	return st->drv->exec(st, sql, cause);
}

struct db_stmt *
db_prepare(struct store *st, const char *sql, char **cause)
{
	struct db_stmt *s;
	size_t i;

	for (i = 0; i < st->ncache; i++) {
		if (st->cache[i]->sql == sql && !st->cache[i]->busy) {
			st->cache[i]->busy = 1;
			return st->cache[i];
		}
	}
	if ((s = db_prepare_once(st, sql, cause)) != NULL && st->ncache < DB_CACHE_MAX) {
		s->cached = 1;
		st->cache[st->ncache++] = s;
	}
	return s;
}

struct db_stmt *
db_prepare_once(struct store *st, const char *sql, char **cause)
{
	struct db_stmt *s = xcalloc(1, sizeof *s);

	s->st = st;
	s->sql = sql;
	if (st->drv->prepare(s) == -1) {
		db_fail(st, "cannot prepare a statement", cause);
		free(s);
		return NULL;
	}
	s->busy = 1;
	return s;
}

void
db_finish(struct store *st, struct db_stmt *s)
{
	(void)st;
	if (s->cached) {
		s->st->drv->reset(s);
		s->busy = 0;
		return;
	}
	s->st->drv->finalize(s);
	free(s);
}

void
db_bind_int64(struct db_stmt *s, int i, int64_t v)
{
	s->st->drv->bind_int64(s, i, v);
}

void
db_bind_null(struct db_stmt *s, int i)
{
	s->st->drv->bind_null(s, i);
}

int
db_step(struct db_stmt *s)
{
	return s->st->drv->step(s);
}

int64_t
db_column_int64(struct db_stmt *s, int i)
{
	return s->st->drv->column_int64(s, i);
}

int
db_column_int(struct db_stmt *s, int i)
{
	return (int)s->st->drv->column_int64(s, i);
}

const char *
db_column_text(struct db_stmt *s, int i)
{
	return s->st->drv->column_text(s, i);
}

const void *
db_column_blob(struct db_stmt *s, int i)
{
	return s->st->drv->column_blob(s, i);
}

size_t
db_column_bytes(struct db_stmt *s, int i)
{
	return s->st->drv->column_bytes(s, i);
}

int
db_column_is_null(struct db_stmt *s, int i)
{
	return s->st->drv->column_is_null(s, i);
}

int64_t
db_changes(struct store *st)
{
	return st->drv->changes(st);
}

int64_t
db_last_id(struct store *st)
{
	return st->drv->last_id(st);
}

int
db_in_transaction(struct store *st)
{
	return st->drv->in_transaction(st);
}

int
db_step_done(struct store *st, struct db_stmt *s, const char *what, char **cause)
{
	int rc;

	while ((rc = db_step(s)) == DB_ROW)
		;
	if (rc != DB_DONE) {
		db_fail(st, what, cause);
		db_finish(st, s);
		return -1;
	}
	db_finish(st, s);
	return 0;
}

int
db_collect(struct store *st, struct db_stmt *s, size_t size,
    void (*row)(struct db_stmt *, void *), void (*free_all)(void *, size_t),
    void **out, size_t *n, const char *what, char **cause)
{
	unsigned char *v = NULL;
	size_t k = 0;
	int rc;

	while ((rc = db_step(s)) == DB_ROW) {
		v = xreallocarray(v, k + 1, size);
		memset(v + k * size, 0, size);
		row(s, v + k * size);
		k++;
	}
	db_finish(st, s);
	*out = NULL;
	*n = 0;
	if (rc != DB_DONE) {
		free_all(v, k);
		return db_fail(st, what, cause);
	}
	*out = v;
	*n = k;
	return 0;
}

static void
text_row(struct db_stmt *s, void *elem)
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
db_collect_texts(struct store *st, struct db_stmt *s, char ***out, size_t *n,
    const char *what, char **cause)
{
	void *v;
	int rc = db_collect(st, s, sizeof **out, text_row, texts_free_all, &v, n, what,
	    cause);

	*out = v;
	return rc;
}

static void
id_row(struct db_stmt *s, void *elem)
{
	*(int64_t *)elem = db_column_int64(s, 0);
}

static void
ids_free_all(void *v, size_t n)
{
	(void)n;
	free(v);
}

int
db_collect_ids(struct store *st, struct db_stmt *s, int64_t **out, size_t *n,
    const char *what, char **cause)
{
	void *v;
	int rc = db_collect(st, s, sizeof **out, id_row, ids_free_all, &v, n, what, cause);

	*out = v;
	return rc;
}

void
db_bind_text(struct db_stmt *s, int i, const char *text)
{
	if (text == NULL)
		s->st->drv->bind_null(s, i);
	else
		s->st->drv->bind_text(s, i, text);
}

void
db_bind_text_n(struct db_stmt *s, int i, const char *text, size_t len)
{
	char *t = xstrndup(text, len);

	s->st->drv->bind_text(s, i, t);
	free(t);
}

void
db_bind_blob(struct db_stmt *s, int i, const void *p, size_t len)
{
	s->st->drv->bind_blob(s, i, len > 0 ? p : "", len);
}

char *
db_col_text(struct db_stmt *s, int i)
{
	const char *t = db_column_text(s, i);

	return xstrdup(t != NULL ? t : "");
}

unsigned char *
db_col_blob(struct db_stmt *s, int i, size_t *len)
{
	const void *p = db_column_blob(s, i);
	size_t n = db_column_bytes(s, i);

	*len = n;
	return p != NULL ? xmemdup(p, n) : xcalloc(1, 1);
}

int
db_col_fixed(struct db_stmt *s, int i, unsigned char *out, size_t n)
{
	const void *p = db_column_blob(s, i);

	if (p == NULL || db_column_bytes(s, i) != n)
		return -1;
	memcpy(out, p, n);
	return 0;
}

char *
db_game_name(struct store *st, int64_t game_id)
{
	struct db_stmt *s = db_prepare(st, "SELECT name FROM games WHERE id = ?", NULL);
	char *name = NULL;

	if (s != NULL) {
		db_bind_int64(s, 1, game_id);
		if (db_step(s) == DB_ROW)
			name = db_col_text(s, 0);
		db_finish(st, s);
	}
	return name != NULL ? name : xasprintf("game #%lld", (long long)game_id);
}

int
db_tx_enter(struct store *st, char **cause)
{
	if (!db_in_transaction(st)) {
		if (db_exec(st, st->drv->begin_sql, cause) == -1)
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
		if (db_in_transaction(st))
			db_exec(st, "ROLLBACK", NULL);
		return -1;
	}
	return 0;
}

static int
store_migrate(struct store *st, int target, char **cause)
{
	int v, to;
	char *sql;

	if (st->drv->read_version(st, &v, cause) == -1)
		return -1;
	st->found_version = v;
	if (v > schema_count())
		return cause_set(cause, "database %s has schema version %d, newer than "
		    "this muthur knows (%d): run a newer muthur, or restore a backup",
		    st->path, v, schema_count());
	while (v < target) {
		if (db_exec(st, st->drv->migrate_begin_sql, cause) == -1)
			return cause_prefix(cause, "cannot migrate %s", st->path);
		/* Someone else may have migrated while we waited. */
		if (st->drv->read_version(st, &v, cause) == -1) {
			db_exec(st, "ROLLBACK", NULL);
			return -1;
		}
		if (v >= target) {
			db_exec(st, "ROLLBACK", NULL);
			break;
		}
		if ((sql = st->drv->migration(v, &to)) == NULL || to > target) {
			free(sql);
			db_exec(st, "ROLLBACK", NULL);
			return cause_set(cause, "a %s store cannot be brought from schema "
			    "version %d to %d (database %s)", st->drv->name, v, target,
			    st->path);
		}
		if (db_exec(st, sql, cause) == -1 || db_exec(st, "COMMIT", cause) == -1) {
			free(sql);
			db_exec(st, "ROLLBACK", NULL);
			return cause_prefix(cause, "migration to schema version %d failed",
			    to);
		}
		free(sql);
		v = to;
	}
	st->version = v;
	return 0;
}

/* The driver a store's target names: a PostgreSQL URL, or a SQLite path. */
static const struct store_driver *
store_driver_of(const char *target, char **cause)
{
	if (strncmp(target, "postgresql://", 13) == 0 ||
	    strncmp(target, "postgres://", 11) == 0) {
#ifdef HAVE_LIBPQ
		return &db_postgresql_driver;
#else
		cause_set(cause, "cannot open %s: this muthur was built without "
		    "PostgreSQL (install the Debian package libpq-dev and rebuild)",
		    target);
		return NULL;
#endif
	}
	(void)cause;
	return &db_sqlite_driver;
}

/* The target for messages: a URL's password is not shown. */
static char *
store_shown(const char *target)
{
	const char *scheme = strstr(target, "://"), *at, *colon, *slash;

	if (scheme == NULL)
		return xstrdup(target);
	scheme += 3;
	slash = scheme + strcspn(scheme, "/?");
	at = memchr(scheme, '@', (size_t)(slash - scheme));
	colon = memchr(scheme, ':', (size_t)(slash - scheme));
	if (at == NULL || colon == NULL || colon > at)
		return xstrdup(target);
	return xasprintf("%.*s:***%s", (int)(colon - target), target, at);
}

struct store *
store_open_version(const char *path, int version, char **cause)
{
	const struct store_driver *drv;
	struct store *st;

	if (version < 1 || version > schema_count()) {
		cause_set(cause, "no schema version %d (this muthur knows 1 to %d)",
		    version, schema_count());
		return NULL;
	}
	if ((drv = store_driver_of(path, cause)) == NULL)
		return NULL;
	st = xcalloc(1, sizeof *st);
	st->drv = drv;
	st->path = store_shown(path);
	if (drv->open(st, path, cause) == -1 || store_migrate(st, version, cause) == -1) {
		store_close(st);
		return NULL;
	}
	return st;
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
	for (i = 0; i < st->ncache; i++) {
		st->drv->finalize(st->cache[i]);
		free(st->cache[i]);
	}
	state_cache_clear(&st->latest);
	state_cache_clear(&st->keyframe);
	st->drv->close(st);
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

const char *
store_driver_name(const struct store *st)
{
	return st->drv->name;
}

int
store_claim_service(struct store *st, char **cause)
{
	return st->drv->claim != NULL ? st->drv->claim(st, cause) : 0;
}

int
store_begin(struct store *st, char **cause)
{
	if (db_in_transaction(st))
		return cause_set(cause, "a transaction is already open on %s", st->path);
	if (db_exec(st, st->drv->begin_sql, cause) == -1)
		return cause_prefix(cause, "cannot begin a transaction");
	st->depth = 0;
	return 0;
}

int
store_commit(struct store *st, char **cause)
{
	if (!db_in_transaction(st))
		return cause_set(cause, "no transaction is open on %s", st->path);
	if (db_exec(st, "COMMIT", cause) == -1) {
		if (db_in_transaction(st))
			db_exec(st, "ROLLBACK", NULL);
		return cause_prefix(cause, "commit failed, nothing was stored");
	}
	return 0;
}

void
store_rollback(struct store *st)
{
	if (db_in_transaction(st))
		db_exec(st, "ROLLBACK", NULL);
	st->depth = 0;
}

int
store_in_transaction(const struct store *st)
{
	return st->drv->in_transaction((struct store *)st);
}

int
store_statements_running(struct store *st)
{
	return st->drv->running(st);
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
