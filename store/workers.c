/* workers.c — several workers on one store: game locks and claims (store.h). */
#include "config.h"

#include <stdint.h>

#include "lib/cause.h"
#include "store/db-internal.h"

int
store_workers(const struct store *st)
{
	return st->drv->workers;
}

void
store_skip_busy(struct store *st, int on)
{
	st->skip_busy = on;
}

int
store_busy_take(struct store *st)
{
	int busy = st->busy;

	st->busy = 0;
	return busy;
}

int
store_game_lock(struct store *st, int64_t game_id, char **cause)
{
	const char *sql = st->skip_busy ? st->drv->try_lock_game_sql :
	    st->drv->lock_game_sql;
	struct db_stmt *s;
	int rc;

	if (sql == NULL || !db_in_transaction(st))
		return 0;
	if ((s = db_prepare(st, sql, cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	rc = db_step(s);
	db_finish(st, s);
	if (rc == DB_ERROR)
		return db_fail(st, "cannot lock a game", cause);
	/* no row: a game that is not there (the load that follows finds it
	 * missing), or, skipping, one another transaction holds */
	if (rc == DB_ROW || !st->skip_busy)
		return 0;
	st->busy = 1;
	cause_set(cause, "game #%lld is being handled by another worker (left for "
	    "the next pass)", (long long)game_id);
	return 1;
}

/* The 32-bit key of obj on the server. */
static int64_t
claim_key(int64_t obj)
{
	uint64_t u = (uint64_t)obj;

	return (int64_t)(int32_t)(uint32_t)(u ^ (u >> 32));
}

int
store_claim(struct store *st, enum store_claim_kind kind, int64_t obj, char **cause)
{
	struct db_stmt *s;
	int rc, got = 0;

	if (st->drv->claim_sql == NULL)
		return 0;
	if ((s = db_prepare(st, st->drv->claim_sql, cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, (int64_t)kind);
	db_bind_int64(s, 2, claim_key(obj));
	if ((rc = db_step(s)) == DB_ROW)
		got = db_column_int(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW)
		return db_fail(st, "cannot claim work", cause);
	return got ? 0 : 1;
}

void
store_release(struct store *st, enum store_claim_kind kind, int64_t obj)
{
	struct db_stmt *s;

	if (st->drv->release_sql == NULL || (s = db_prepare(st, st->drv->release_sql,
	    NULL)) == NULL)
		return;
	db_bind_int64(s, 1, (int64_t)kind);
	db_bind_int64(s, 2, claim_key(obj));
	while (db_step(s) == DB_ROW)
		;
	db_finish(st, s);
}
