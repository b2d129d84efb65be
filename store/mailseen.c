/* mailseen.c — incoming mail already processed (see mailseen.h). */
#include "config.h"

#include "lib/cause.h"
#include "store/db-internal.h"
#include "store/mailseen.h"

int
store_mail_seen(struct store *st, const char *message_id,
    const unsigned char hash[32], char **outcome, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT outcome FROM mail_seen WHERE message_id = ? "
	    "AND content_hash = ?", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, message_id);
	db_bind_blob(s, 2, hash, 32);
	rc = db_step(s);
	if (rc == DB_ROW && outcome != NULL)
		*outcome = db_col_text(s, 0);
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	if (rc == DB_DONE)
		return 0;
	return db_fail(st, "cannot look up processed mail", cause);
}

int
store_mail_record(struct store *st, const char *message_id,
    const unsigned char hash[32], int64_t game_id, const char *outcome, int64_t now,
    char **cause)
{
	struct db_stmt *s;
	int seen;

	if (*message_id == '\0')
		return cause_set(cause, "processed mail: empty message id");
	if ((seen = store_mail_seen(st, message_id, hash, NULL, cause)) == -1)
		return -1;
	if (seen)
		return cause_set(cause, "mail %s was already processed", message_id);
	if ((s = db_prepare(st, "INSERT INTO mail_seen (message_id, content_hash, game_id, "
	    "outcome, received) VALUES (?, ?, ?, ?, ?)", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, message_id);
	db_bind_blob(s, 2, hash, 32);
	if (game_id != 0)
		db_bind_int64(s, 3, game_id);
	db_bind_text(s, 4, outcome);
	db_bind_int64(s, 5, now);
	return db_step_done(st, s, "cannot record the processed mail", cause);
}

int
store_mail_count(struct store *st, int64_t *n, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT count(*) FROM mail_seen", cause)) == NULL)
		return -1;
	if ((rc = db_step(s)) == DB_ROW)
		*n = db_column_int64(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW)
		return db_fail(st, "cannot count processed mail", cause);
	return 0;
}
