/* raw.c — SQL on a store's database behind muthur's back (raw.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sqlite3.h>
#ifdef HAVE_LIBPQ
#include <libpq-fe.h>
#endif

#include "tests/store/raw.h"

int
raw_is_url(const char *path)
{
	return strncmp(path, "postgresql://", 13) == 0;
}

#ifdef HAVE_LIBPQ
static long long
pg_raw(const char *url, const char *sql)
{
	PGconn *c = PQconnectdb(url);
	PGresult *r;
	long long n = -2;

	if (PQstatus(c) == CONNECTION_OK) {
		r = PQexec(c, sql);
		if (PQresultStatus(r) == PGRES_TUPLES_OK)
			n = PQntuples(r) > 0 ? strtoll(PQgetvalue(r, 0, 0), NULL, 10) : -1;
		else if (PQresultStatus(r) == PGRES_COMMAND_OK)
			n = -1;
		PQclear(r);
	}
	PQfinish(c);
	return n;
}
#endif

void
raw_exec(const char *path, const char *sql)
{
	sqlite3 *db;

	if (raw_is_url(path)) {
#ifdef HAVE_LIBPQ
		pg_raw(path, sql);
#endif
		return;
	}
	sqlite3_open(path, &db);
	sqlite3_exec(db, sql, NULL, NULL, NULL);
	sqlite3_close(db);
	chmod(path, 0600);	/* SQLite's own default is 0644, which muthur refuses */
}

long long
raw_count(const char *path, const char *sql)
{
	sqlite3_stmt *s = NULL;
	sqlite3 *db;
	long long n = -2;

	if (raw_is_url(path)) {
#ifdef HAVE_LIBPQ
		return pg_raw(path, sql);
#else
		return -2;
#endif
	}
	sqlite3_open(path, &db);
	if (sqlite3_prepare_v2(db, sql, -1, &s, NULL) == SQLITE_OK)
		n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
	sqlite3_finalize(s);
	sqlite3_close(db);
	return n;
}
