/*
 * db-postgresql.c — the postgresql store driver (libpq): a database on a
 * PostgreSQL server named by a URL (postgresql://user@host/db, or
 * ?host=/run/postgresql for a Unix socket). Plain SQL with prepared
 * statements: the shared SQL's '?' and '?N' become $N once, when a
 * statement is prepared (the statement is kept by the cache in db.c);
 * values go as text, BYTEA ones as bytes; rows come back as text. The
 * schema version lives in the table muthur_schema; PostgreSQL stores begin
 * at the schema version 13 (store/schema-postgresql.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpq-fe.h>

#include "lib/cause.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/schema.h"

/* Type OIDs of pg_type.h (libpq has no header for them). */
#define PG_BOOLOID	16
#define PG_BYTEAOID	17

struct pg {
	PGconn		*c;
	char		*err;		/* the last error */
	int64_t		 changes;
	unsigned long	 names;		/* prepared statements named so far */
	int		 claimed;	/* holds the advisory lock of pg_claim() */
};

struct pg_stmt {
	char		 name[32];
	int		 nparams;
	Oid		*types;
	char		**vals;
	int		*lens;
	int		*fmts;
	PGresult	*res;		/* after the first step */
	int		 row, nrows;
	unsigned char	**dec;		/* the current row's BYTEA values, decoded */
	size_t		*declen;
	int		 ndec;
	int		 writes;	/* an INSERT, UPDATE or DELETE */
};

#define PG(st)	((struct pg *)(st)->conn)
#define PS(s)	((struct pg_stmt *)(s)->h)

/* Keep msg, libpq's or the server's, on one line without its "ERROR:  ". */
static void
pg_set_err(struct store *st, const char *msg)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	if (msg == NULL || msg[0] == '\0')
		msg = "unknown error";
	if (strncmp(msg, "ERROR:  ", 8) == 0)
		msg += 8;
	for (p = msg; *p != '\0'; p++) {
		if (*p == '\n' || *p == '\t') {
			if (sb.len > 0 && sb.s[sb.len - 1] != ' ' && p[1] != '\0')
				strbuf_add(&sb, " ", 1);
		} else
			strbuf_add(&sb, p, 1);
	}
	while (sb.len > 0 && sb.s[sb.len - 1] == ' ')
		sb.s[--sb.len] = '\0';
	free(PG(st)->err);
	PG(st)->err = strbuf_detach(&sb, NULL);
}

static const char *
pg_errmsg(struct store *st)
{
	return PG(st) != NULL && PG(st)->err != NULL ? PG(st)->err : "no error";
}

static int
pg_exec(struct store *st, const char *sql, char **cause)
{
	PGresult *r = PQexec(PG(st)->c, sql);
	ExecStatusType rs = PQresultStatus(r);
	int rc = 0;

	if (rs != PGRES_COMMAND_OK && rs != PGRES_TUPLES_OK) {
		pg_set_err(st, PQresultErrorMessage(r) != NULL && *PQresultErrorMessage(r) ?
		    PQresultErrorMessage(r) : PQerrorMessage(PG(st)->c));
		rc = -1;
	} else if (strcmp(sql, "COMMIT") == 0 && strcmp(PQcmdStatus(r), "ROLLBACK") == 0) {
		/* A transaction an error aborted ends in a ROLLBACK. */
		pg_set_err(st, "the transaction was aborted by an earlier error");
		rc = -1;
	}
	PQclear(r);
	if (rc == -1)
		cause_set(cause, "%s (database %s)", PG(st)->err, st->path);
	return rc;
}

/* The shared SQL with its '?' and '?N' as $N; *nparams the highest N. */
static char *
pg_rewrite(const char *sql, int *nparams)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	char quote = 0;
	int max = 0, n;

	for (p = sql; *p != '\0'; p++) {
		if (quote != 0) {
			if (*p == quote)
				quote = 0;
			strbuf_add(&sb, p, 1);
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
			strbuf_add(&sb, p, 1);
		} else if (*p == '?') {
			if (p[1] >= '0' && p[1] <= '9') {
				n = (int)strtol(p + 1, (char **)&p, 10);
				p--;
			} else
				n = max + 1;
			if (n > max)
				max = n;
			strbuf_addf(&sb, "$%d", n);
		} else
			strbuf_add(&sb, p, 1);
	}
	*nparams = max;
	return strbuf_detach(&sb, NULL);
}

static int
pg_prepare(struct db_stmt *s)
{
	struct pg *pg = PG(s->st);
	struct pg_stmt *ps;
	PGresult *r;
	char *sql;
	int n, i;

	sql = pg_rewrite(s->sql, &n);
	ps = xcalloc(1, sizeof *ps);
	snprintf(ps->name, sizeof ps->name, "muthur_%lu", ++pg->names);
	r = PQprepare(pg->c, ps->name, sql, 0, NULL);
	free(sql);
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		pg_set_err(s->st, PQresultErrorMessage(r));
		PQclear(r);
		free(ps);
		return -1;
	}
	PQclear(r);
	r = PQdescribePrepared(pg->c, ps->name);
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		pg_set_err(s->st, PQresultErrorMessage(r));
		PQclear(r);
		free(ps);
		return -1;
	}
	ps->nparams = PQnparams(r);
	ps->types = xcalloc((size_t)ps->nparams + 1, sizeof *ps->types);
	for (i = 0; i < ps->nparams; i++)
		ps->types[i] = PQparamtype(r, i);
	PQclear(r);
	ps->vals = xcalloc((size_t)ps->nparams + 1, sizeof *ps->vals);
	ps->lens = xcalloc((size_t)ps->nparams + 1, sizeof *ps->lens);
	ps->fmts = xcalloc((size_t)ps->nparams + 1, sizeof *ps->fmts);
	ps->row = -1;
	ps->writes = strncmp(s->sql, "INSERT", 6) == 0 || strncmp(s->sql, "UPDATE", 6) == 0 ||
	    strncmp(s->sql, "DELETE", 6) == 0;
	s->h = ps;
	return 0;
}

static void
pg_drop_row(struct pg_stmt *ps)
{
	int i;

	for (i = 0; i < ps->ndec; i++)
		free(ps->dec[i]);
	free(ps->dec);
	free(ps->declen);
	ps->dec = NULL;
	ps->declen = NULL;
	ps->ndec = 0;
}

static void
pg_reset(struct db_stmt *s)
{
	struct pg_stmt *ps = PS(s);
	int i;

	pg_drop_row(ps);
	PQclear(ps->res);
	ps->res = NULL;
	ps->row = -1;
	ps->nrows = 0;
	for (i = 0; i < ps->nparams; i++) {
		free(ps->vals[i]);
		ps->vals[i] = NULL;
		ps->lens[i] = 0;
		ps->fmts[i] = 0;
	}
}

static void
pg_finalize(struct db_stmt *s)
{
	struct pg_stmt *ps = PS(s);
	char *sql;
	PGresult *r;

	if (ps == NULL)
		return;
	pg_reset(s);
	/* A cached statement lives as long as the connection. */
	if (!s->cached && PG(s->st)->c != NULL) {
		sql = xasprintf("DEALLOCATE %s", ps->name);
		r = PQexec(PG(s->st)->c, sql);
		PQclear(r);
		free(sql);
	}
	free(ps->types);
	free(ps->vals);
	free(ps->lens);
	free(ps->fmts);
	free(ps);
	s->h = NULL;
}

static void
pg_bind(struct db_stmt *s, int i, char *v, int len, int binary)
{
	struct pg_stmt *ps = PS(s);

	if (i < 1 || i > ps->nparams) {
		free(v);
		return;
	}
	free(ps->vals[i - 1]);
	ps->vals[i - 1] = v;
	ps->lens[i - 1] = len;
	ps->fmts[i - 1] = binary;
}

static void
pg_bind_int64(struct db_stmt *s, int i, int64_t v)
{
	pg_bind(s, i, xasprintf("%lld", (long long)v), 0, 0);
}

static void
pg_bind_text(struct db_stmt *s, int i, const char *text)
{
	size_t n = strlen(text);

	/* A BYTEA parameter takes the text's bytes as they are. */
	pg_bind(s, i, xmemdup(text, n + 1), (int)n,
	    i >= 1 && i <= PS(s)->nparams && PS(s)->types[i - 1] == PG_BYTEAOID);
}

static void
pg_bind_blob(struct db_stmt *s, int i, const void *p, size_t len)
{
	pg_bind(s, i, xmemdup(len > 0 ? p : "", len + 1), (int)len, 1);
}

static void
pg_bind_null(struct db_stmt *s, int i)
{
	pg_bind(s, i, NULL, 0, 0);
}

/* Run sql of the driver's own, its result and any error ignored. */
static void
pg_quiet_exec(struct pg *pg, const char *sql)
{
	PQclear(PQexec(pg->c, sql));
}

/*
 * Run ps between SAVEPOINT and RELEASE in one round trip (libpq's pipeline
 * mode); when it fails, roll back to the savepoint, so that the
 * transaction goes on. Returns ps's result (NULL when the connection
 * failed).
 */
static PGresult *
pg_exec_guarded(struct pg *pg, struct pg_stmt *ps)
{
	PGresult *r, *res = NULL;
	int k = 0, failed = 0;

	if (PQenterPipelineMode(pg->c) != 1)
		return NULL;
	if (PQsendQueryParams(pg->c, "SAVEPOINT muthur_statement", 0, NULL, NULL, NULL,
	    NULL, 0) != 1 ||
	    PQsendQueryPrepared(pg->c, ps->name, ps->nparams,
	    (const char *const *)ps->vals, ps->lens, ps->fmts, 0) != 1 ||
	    PQsendQueryParams(pg->c, "RELEASE muthur_statement", 0, NULL, NULL, NULL,
	    NULL, 0) != 1 ||
	    PQpipelineSync(pg->c) != 1)
		failed = 1;
	/* Three results, each followed by a NULL, then the sync. */
	while (!failed && (r = PQgetResult(pg->c)) != NULL) {
		if (PQresultStatus(r) == PGRES_PIPELINE_SYNC) {
			PQclear(r);
			break;
		}
		if (k == 1 && res == NULL)
			res = r;
		else
			PQclear(r);
		while ((r = PQgetResult(pg->c)) != NULL) {
			if (PQresultStatus(r) == PGRES_PIPELINE_SYNC) {
				PQclear(r);
				goto synced;
			}
			PQclear(r);
		}
		k++;
	}
synced:
	PQexitPipelineMode(pg->c);
	if (res != NULL && PQresultStatus(res) != PGRES_COMMAND_OK &&
	    PQresultStatus(res) != PGRES_TUPLES_OK) {
		pg_quiet_exec(pg, "ROLLBACK TO muthur_statement; RELEASE muthur_statement");
	}
	return res;
}

static int
pg_step(struct db_stmt *s)
{
	struct pg *pg = PG(s->st);
	struct pg_stmt *ps = PS(s);
	const char *tag;

	pg_drop_row(ps);
	if (ps->res != NULL) {
		if (ps->row + 1 >= ps->nrows) {
			ps->row = ps->nrows;
			return DB_DONE;
		}
		ps->row++;
		return DB_ROW;
	}
	/*
	 * A failed statement aborts a PostgreSQL transaction, where SQLite's
	 * transaction goes on without it (store.h: the caller decides). A
	 * write inside a transaction runs under a savepoint of its own, so
	 * that its failure undoes just itself, as in SQLite.
	 */
	if (ps->writes && PQtransactionStatus(pg->c) == PQTRANS_INTRANS)
		ps->res = pg_exec_guarded(pg, ps);
	else
		ps->res = PQexecPrepared(pg->c, ps->name, ps->nparams,
		    (const char *const *)ps->vals, ps->lens, ps->fmts, 0);
	switch (PQresultStatus(ps->res)) {
	case PGRES_TUPLES_OK:
	case PGRES_COMMAND_OK:
		break;
	default:
		pg_set_err(s->st, ps->res != NULL ? PQresultErrorMessage(ps->res) :
		    PQerrorMessage(pg->c));
		PQclear(ps->res);
		ps->res = NULL;
		return DB_ERROR;
	}
	tag = PQcmdStatus(ps->res);
	if (strncmp(tag, "INSERT ", 7) == 0 || strncmp(tag, "UPDATE ", 7) == 0 ||
	    strncmp(tag, "DELETE ", 7) == 0)
		pg->changes = strtoll(PQcmdTuples(ps->res), NULL, 10);
	ps->nrows = PQntuples(ps->res);
	ps->row = 0;
	return ps->nrows > 0 ? DB_ROW : DB_DONE;
}

static int
pg_in_row(struct pg_stmt *ps, int i)
{
	return ps->res != NULL && ps->row >= 0 && ps->row < ps->nrows && i >= 0 &&
	    i < PQnfields(ps->res) && !PQgetisnull(ps->res, ps->row, i);
}

/* Column i as bytes: a BYTEA decoded (kept until the next step). */
static const unsigned char *
pg_bytes(struct pg_stmt *ps, int i, size_t *len)
{
	unsigned char *raw;
	size_t n;

	if (!pg_in_row(ps, i)) {
		*len = 0;
		return NULL;
	}
	if (PQftype(ps->res, i) != PG_BYTEAOID) {
		*len = (size_t)PQgetlength(ps->res, ps->row, i);
		return (const unsigned char *)PQgetvalue(ps->res, ps->row, i);
	}
	if (ps->dec == NULL) {
		ps->ndec = PQnfields(ps->res);
		ps->dec = xcalloc((size_t)ps->ndec, sizeof *ps->dec);
		ps->declen = xcalloc((size_t)ps->ndec, sizeof *ps->declen);
	}
	if (ps->dec[i] == NULL) {
		raw = PQunescapeBytea((const unsigned char *)PQgetvalue(ps->res,
		    ps->row, i), &n);
		/* A copy ending in a NUL, as text readers want. */
		ps->dec[i] = xmalloc(n + 1);
		if (raw != NULL)
			memcpy(ps->dec[i], raw, n);
		else
			n = 0;
		ps->dec[i][n] = '\0';
		ps->declen[i] = n;
		PQfreemem(raw);
	}
	*len = ps->declen[i];
	return ps->dec[i];
}

static int64_t
pg_column_int64(struct db_stmt *s, int i)
{
	struct pg_stmt *ps = PS(s);
	const char *v;

	if (!pg_in_row(ps, i))
		return 0;
	v = PQgetvalue(ps->res, ps->row, i);
	if (PQftype(ps->res, i) == PG_BOOLOID)
		return v[0] == 't';
	return strtoll(v, NULL, 10);
}

static const char *
pg_column_text(struct db_stmt *s, int i)
{
	struct pg_stmt *ps = PS(s);
	size_t len;

	if (pg_in_row(ps, i) && PQftype(ps->res, i) == PG_BYTEAOID)
		return (const char *)pg_bytes(ps, i, &len);
	return pg_in_row(ps, i) ? PQgetvalue(ps->res, ps->row, i) : NULL;
}

static const void *
pg_column_blob(struct db_stmt *s, int i)
{
	size_t len;

	return pg_bytes(PS(s), i, &len);
}

static size_t
pg_column_bytes(struct db_stmt *s, int i)
{
	size_t len;

	pg_bytes(PS(s), i, &len);
	return len;
}

static int
pg_column_is_null(struct db_stmt *s, int i)
{
	return !pg_in_row(PS(s), i);
}

static int64_t
pg_changes(struct store *st)
{
	return PG(st)->changes;
}

static int64_t
pg_last_id(struct store *st)
{
	PGresult *r = PQexec(PG(st)->c, "SELECT lastval()");
	int64_t id = 0;

	if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1)
		id = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
	PQclear(r);
	return id;
}

static int
pg_in_transaction(struct store *st)
{
	switch (PQtransactionStatus(PG(st)->c)) {
	case PQTRANS_INTRANS:
	case PQTRANS_INERROR:
		return 1;
	default:
		return 0;
	}
}

static int
pg_running(struct store *st)
{
	struct pg_stmt *ps;
	size_t i;
	int n = 0;

	for (i = 0; i < st->ncache; i++) {
		ps = PS(st->cache[i]);
		if (ps->res != NULL && ps->row < ps->nrows) {
			log_debug("%s: statement still running: %s", st->path,
			    st->cache[i]->sql);
			n++;
		}
	}
	return n;
}

/* The first column of the first row of sql, or -1 with a reason. */
static int
pg_query_int(struct store *st, const char *sql, int64_t *out, char **cause)
{
	PGresult *r = PQexec(PG(st)->c, sql);
	int rc = -1;

	if (PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) == 1) {
		*out = strtoll(PQgetvalue(r, 0, 0), NULL, 10);
		if (PQnfields(r) > 1)
			out[1] = strtoll(PQgetvalue(r, 0, 1), NULL, 10);
		rc = 0;
	} else {
		pg_set_err(st, PQresultStatus(r) == PGRES_TUPLES_OK ?
		    "no row" : PQresultErrorMessage(r));
		db_fail(st, "cannot query the database", cause);
	}
	PQclear(r);
	return rc;
}

static int
pg_read_version(struct store *st, int *version, char **cause)
{
	int64_t v[2] = { 0, 0 };

	if (pg_query_int(st, "SELECT count(*) FROM pg_catalog.pg_tables WHERE "
	    "schemaname = current_schema() AND tablename = 'muthur_schema'", v,
	    cause) == -1)
		return -1;
	if (v[0] == 0) {
		/* An empty database only: refuse someone else's tables. */
		if (pg_query_int(st, "SELECT count(*) FROM pg_catalog.pg_tables WHERE "
		    "schemaname = current_schema()", v, cause) == -1)
			return -1;
		if (v[0] != 0)
			return cause_set(cause, "%s holds tables but is not a muthur "
			    "database (no table muthur_schema)", st->path);
		*version = 0;
		return 0;
	}
	if (pg_query_int(st, "SELECT application_id, version FROM muthur_schema", v,
	    cause) == -1)
		return -1;
	if (v[0] != STORE_APPLICATION_ID)
		return cause_set(cause, "%s is a database of another program "
		    "(application id 0x%08llx), not a muthur database", st->path,
		    (unsigned long long)v[0]);
	*version = (int)v[1];
	return 0;
}

static char *
pg_migration(int from, int *to)
{
	const char *sql;
	int v;

	if ((sql = schema_pg_migration(from, &v)) == NULL)
		return NULL;
	*to = v;
	return xasprintf("%s DELETE FROM muthur_schema; INSERT INTO muthur_schema "
	    "(application_id, version) VALUES (%d, %d);", sql, STORE_APPLICATION_ID, v);
}

static int
pg_claim(struct store *st, char **cause)
{
	int64_t v[2] = { 0, 0 };

	/* shared: every worker holds it (store_workers()) */
	if (pg_query_int(st, "SELECT CASE WHEN pg_try_advisory_lock_shared(1297437768, "
	    "1) THEN 0 ELSE 1 END", v, cause) == -1)
		return -1;
	PG(st)->claimed = v[0] == 0;
	return (int)v[0];
}

static int
pg_restart_ids(struct store *st, const char *table, const char *id, char **cause)
{
	char *sql = xasprintf("SELECT setval(pg_get_serial_sequence('%s', '%s'), "
	    "coalesce(max(%s), 0) + 1, false) FROM %s", table, id, id, table);
	int rc = pg_exec(st, sql, cause);

	free(sql);
	return rc;
}

static void
pg_notice(void *arg, const char *message)
{
	(void)arg;
	log_debug("postgresql: %s", message);
}

static int
pg_open(struct store *st, const char *url, char **cause)
{
	struct pg *pg = xcalloc(1, sizeof *pg);
	const char *enc;

	st->conn = pg;
	pg->c = PQconnectdb(url);
	if (pg->c == NULL || PQstatus(pg->c) != CONNECTION_OK) {
		pg_set_err(st, pg->c != NULL ? PQerrorMessage(pg->c) : "out of memory");
		return cause_set(cause, "cannot connect to database %s: %s", st->path,
		    pg->err);
	}
	PQsetNoticeProcessor(pg->c, pg_notice, NULL);
	/*
	 * Text is kept as the bytes it came as, as SQLite keeps it: a mail's
	 * header need not be UTF-8, which a UTF8 database refuses. The
	 * database's encoding must be SQL_ASCII (bytes, no conversion).
	 */
	enc = PQparameterStatus(pg->c, "server_encoding");
	if (enc == NULL || strcmp(enc, "SQL_ASCII") != 0)
		return cause_set(cause, "database %s has the encoding %s: muthur keeps "
		    "text as the bytes mail brings, which needs SQL_ASCII (create it "
		    "with: createdb -E SQL_ASCII --locale=C -T template0 -O USER NAME)",
		    st->path, enc != NULL ? enc : "(unknown)");
	if (pg_exec(st, "SET client_min_messages = warning", NULL) == -1 ||
	    pg_exec(st, "SET client_encoding = 'SQL_ASCII'", NULL) == -1)
		return cause_set(cause, "cannot open database %s: %s", st->path, pg->err);
	return 0;
}

static void
pg_close(struct store *st)
{
	struct pg *pg = PG(st);

	if (pg == NULL)
		return;
	/* The server drops a gone session's locks in its own time: now. */
	if (pg->c != NULL && pg->claimed)
		pg_quiet_exec(pg, "SELECT pg_advisory_unlock_all()");
	if (pg->c != NULL)
		PQfinish(pg->c);
	free(pg->err);
	free(pg);
	st->conn = NULL;
}

const struct store_driver db_postgresql_driver = {
	.name = "postgresql",
	.open = pg_open,
	.close = pg_close,
	.exec = pg_exec,
	.errmsg = pg_errmsg,
	.prepare = pg_prepare,
	.reset = pg_reset,
	.finalize = pg_finalize,
	.bind_int64 = pg_bind_int64,
	.bind_text = pg_bind_text,
	.bind_blob = pg_bind_blob,
	.bind_null = pg_bind_null,
	.step = pg_step,
	.column_int64 = pg_column_int64,
	.column_text = pg_column_text,
	.column_blob = pg_column_blob,
	.column_bytes = pg_column_bytes,
	.column_is_null = pg_column_is_null,
	.changes = pg_changes,
	.last_id = pg_last_id,
	.in_transaction = pg_in_transaction,
	.running = pg_running,
	.restart_ids = pg_restart_ids,
	.claim = pg_claim,
	/*
	 * Writing transactions run side by side (READ COMMITTED: each
	 * statement sees what was committed before it); what keeps them
	 * apart is the game's row lock (store_game_lock(), taken by every
	 * load of a game in a transaction before it reads the game) and the
	 * workers' claims (store_claim(): session-level advisory locks, one
	 * class per kind, gone with the session of a worker that dies).
	 */
	.workers = 1,
	.lock_game_sql = "SELECT id FROM games WHERE id = ?1 FOR NO KEY UPDATE",
	.try_lock_game_sql = "SELECT id FROM games WHERE id = ?1 FOR NO KEY UPDATE "
	    "SKIP LOCKED",
	.claim_sql = "SELECT CASE WHEN pg_try_advisory_lock(1297437768 + ?1::int, "
	    "?2::int) THEN 1 ELSE 0 END",
	.release_sql = "SELECT pg_advisory_unlock(1297437768 + ?1::int, ?2::int)",
	/* writers side by side: each takes its own id of the sequence (which
	 * migration 15 moved past the ids numbered before) */
	.orders_next_id_sql = "SELECT nextval(pg_get_serial_sequence('orders', 'id'))",
	.begin_sql = "BEGIN",
	/* Two processes opening a new store: the second waits, then finds it
	 * migrated. */
	.migrate_begin_sql = "BEGIN; SELECT pg_advisory_xact_lock(1297437768)",
	.read_version = pg_read_version,
	.migration = pg_migration,
};
