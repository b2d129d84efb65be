/* plans.c — dropped plan sections and seat settings (see plans.h). */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "store/db-internal.h"
#include "store/plans.h"

int
store_plan_drop(struct store *st, int64_t seat_id, const unsigned char *nonce,
    size_t nonce_len, int section, int64_t phase_id, const char *reason, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "INSERT INTO plan_drops (seat_id, nonce, "
	    "section, phase_id, reason) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_blob(s, 2, nonce, nonce_len);
	db_bind_int64(s, 3, section);
	db_bind_int64(s, 4, phase_id);
	db_bind_text(s, 5, reason);
	return db_step_done(st, s, "cannot record the dropped plan section", cause);
}

/* One text (or a row's presence) from a prepared query: 1, 0 or -1. */
static int
one_text(struct store *st, struct db_stmt *s, char **out, const char *what, char **cause)
{
	int rc = db_step(s);

	if (rc == DB_ROW) {
		if (out != NULL)
			*out = db_col_text(s, 0);
		db_finish(st, s);
		return 1;
	}
	db_finish(st, s);
	if (rc != DB_DONE)
		return db_fail(st, what, cause);
	return 0;
}

int
store_plan_dropped(struct store *st, int64_t seat_id, const unsigned char *nonce,
    size_t nonce_len, int section, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "SELECT reason FROM plan_drops WHERE seat_id = ? AND "
	    "nonce = ? AND section = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_blob(s, 2, nonce, nonce_len);
	db_bind_int64(s, 3, section);
	return one_text(st, s, NULL, "cannot read the dropped plan sections", cause);
}

int
store_seat_setting_put(struct store *st, int64_t seat_id, const char *key,
    const char *value, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "INSERT INTO seat_settings (seat_id, key, "
	    "value) VALUES (?, ?, ?) ON CONFLICT (seat_id, key) DO UPDATE SET "
	    "value = excluded.value", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_text(s, 2, key);
	db_bind_text(s, 3, value);
	return db_step_done(st, s, "cannot store the seat's setting", cause);
}

int
store_seat_setting_get(struct store *st, int64_t seat_id, const char *key,
    char **value, char **cause)
{
	struct db_stmt *s;

	*value = NULL;
	if ((s = db_prepare(st, "SELECT value FROM seat_settings WHERE seat_id = ? AND "
	    "key = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_text(s, 2, key);
	return one_text(st, s, value, "cannot read the seat's setting", cause);
}
