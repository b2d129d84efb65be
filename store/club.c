/* club.c — a game's organiser key, absences and their policy (see club.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/club.h"
#include "store/db-internal.h"

int
store_club_set(struct store *st, int64_t game_id, const struct store_club *cl,
    char **cause)
{
	struct db_stmt *s;

	if (cl->absence == NULL || (strcmp(cl->absence, "extend") != 0 &&
	    strcmp(cl->absence, "pass") != 0))
		return cause_set(cause, "bad absence policy \"%s\" (extend or pass)",
		    cl->absence != NULL ? cl->absence : "");
	if ((s = db_prepare(st, "INSERT INTO game_club (game_id, "
	    "organiser_key, absence, absence_cap, digest) VALUES (?, ?, ?, ?, ?) "
	    "ON CONFLICT (game_id) DO UPDATE SET organiser_key = excluded.organiser_key, "
	    "absence = excluded.absence, absence_cap = excluded.absence_cap, "
	    "digest = excluded.digest", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, cl->organiser_key != NULL ? cl->organiser_key : "");
	db_bind_text(s, 3, cl->absence);
	db_bind_int64(s, 4, cl->absence_cap);
	db_bind_int64(s, 5, cl->digest ? 1 : 0);
	return db_step_done(st, s, "cannot set the game's organiser settings", cause);
}

int
store_club_get(struct store *st, int64_t game_id, struct store_club *cl, char **cause)
{
	struct db_stmt *s;
	int rc;

	memset(cl, 0, sizeof *cl);
	if ((s = db_prepare(st, "SELECT organiser_key, absence, absence_cap, digest FROM "
	    "game_club WHERE game_id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	if ((rc = db_step(s)) == DB_ROW) {
		cl->organiser_key = db_col_text(s, 0);
		cl->absence = db_col_text(s, 1);
		cl->absence_cap = db_column_int64(s, 2);
		cl->digest = db_column_int(s, 3);
	}
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	if (rc != DB_DONE)
		return db_fail(st, "cannot read the game's organiser settings", cause);
	cl->organiser_key = xstrdup("");
	cl->absence = xstrdup("extend");
	return 0;
}

void
store_club_clear(struct store_club *cl)
{
	free(cl->organiser_key);
	free(cl->absence);
	memset(cl, 0, sizeof *cl);
}

int
store_club_digests(struct store *st, int64_t **game_ids, size_t *n, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "SELECT c.game_id FROM game_club c JOIN games g ON "
	    "g.id = c.game_id WHERE c.digest = 1 AND g.status IN ('running', 'paused') "
	    "ORDER BY c.game_id", cause)) == NULL)
		return -1;
	return db_collect_ids(st, s, game_ids, n, "cannot read the digests due", cause);
}

int
store_organiser_nonce(struct store *st, int64_t game_id, const unsigned char *nonce,
    size_t len, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "INSERT INTO organiser_nonces (game_id, nonce) "
	    "VALUES (?, ?) ON CONFLICT DO NOTHING", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_blob(s, 2, nonce, len);
	if (db_step_done(st, s, "cannot record the organiser's nonce", cause) == -1)
		return -1;
	return db_changes(st) == 0 ? 1 : 0;
}

int
store_absence_add(struct store *st, int64_t game_id, const char *seat, int64_t start,
    int64_t until, char **cause)
{
	struct db_stmt *s;

	if (until <= start)
		return cause_set(cause, "an absence must end after it starts");
	if ((s = db_prepare(st, "INSERT INTO absences (game_id, seat, start, until) "
	    "VALUES (?, ?, ?, ?)", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, seat);
	db_bind_int64(s, 3, start);
	db_bind_int64(s, 4, until);
	return db_step_done(st, s, "cannot record the absence", cause);
}

static void
absence_row(struct db_stmt *s, void *out)
{
	struct store_absence *a = out;

	a->seat = db_col_text(s, 0);
	a->start = db_column_int64(s, 1);
	a->until = db_column_int64(s, 2);
}

static void
absences_free_all(void *v, size_t n)
{
	store_absences_free(v, n);
}

int
store_absences(struct store *st, int64_t game_id, const char *seat,
    struct store_absence **v, size_t *n, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "SELECT seat, start, until FROM absences WHERE "
	    "game_id = ? AND (CAST(? AS TEXT) IS NULL OR seat = ?) ORDER BY start, id", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	if (seat != NULL) {
		db_bind_text(s, 2, seat);
		db_bind_text(s, 3, seat);
	} else {
		db_bind_null(s, 2);
		db_bind_null(s, 3);
	}
	return db_collect(st, s, sizeof **v, absence_row, absences_free_all, (void **)v,
	    n, "cannot read the absences", cause);
}

void
store_absences_free(struct store_absence *v, size_t n)
{
	size_t i;

	for (i = 0; v != NULL && i < n; i++)
		free(v[i].seat);
	free(v);
}
