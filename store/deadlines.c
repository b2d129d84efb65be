/* deadlines.c — a game's clock in the store (see deadlines.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/deadlines.h"

int
store_clock_set(struct store *st, int64_t game_id, const struct store_clock *ck,
    char **cause)
{
	struct db_stmt *s;

	if (ck->nmr == NULL || (strcmp(ck->nmr, "pass") != 0 &&
	    strcmp(ck->nmr, "hold") != 0 && strcmp(ck->nmr, "extend") != 0))
		return cause_set(cause, "bad NMR policy \"%s\" (pass, hold or extend)",
		    ck->nmr != NULL ? ck->nmr : "");
	if ((s = db_prepare(st, "INSERT INTO game_clocks (game_id, deadline, "
	    "kinds, grace, wait, reminder, nmr, organiser, remaining) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET "
	    "deadline = excluded.deadline, kinds = excluded.kinds, grace = excluded.grace, "
	    "wait = excluded.wait, reminder = excluded.reminder, nmr = excluded.nmr, "
	    "organiser = excluded.organiser, remaining = excluded.remaining", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_int64(s, 2, ck->deadline);
	db_bind_text(s, 3, ck->kinds != NULL ? ck->kinds : "");
	db_bind_int64(s, 4, ck->grace);
	db_bind_int64(s, 5, ck->wait ? 1 : 0);
	db_bind_int64(s, 6, ck->reminder);
	db_bind_text(s, 7, ck->nmr);
	db_bind_text(s, 8, ck->organiser != NULL ? ck->organiser : "");
	db_bind_int64(s, 9, ck->remaining);
	return db_step_done(st, s, "cannot set the game's deadline policy", cause);
}

int
store_clock_get(struct store *st, int64_t game_id, struct store_clock *ck,
    char **cause)
{
	struct db_stmt *s;
	int rc;

	memset(ck, 0, sizeof *ck);
	ck->remaining = -1;
	if ((s = db_prepare(st, "SELECT deadline, kinds, grace, wait, reminder, nmr, "
	    "organiser, remaining FROM game_clocks WHERE game_id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	if ((rc = db_step(s)) == DB_ROW) {
		ck->deadline = db_column_int64(s, 0);
		ck->kinds = db_col_text(s, 1);
		ck->grace = db_column_int64(s, 2);
		ck->wait = db_column_int(s, 3);
		ck->reminder = db_column_int64(s, 4);
		ck->nmr = db_col_text(s, 5);
		ck->organiser = db_col_text(s, 6);
		ck->remaining = db_column_int64(s, 7);
	}
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	if (rc != DB_DONE)
		return db_fail(st, "cannot read the game's deadline policy", cause);
	ck->kinds = xstrdup("");
	ck->nmr = xstrdup("pass");
	ck->organiser = xstrdup("");
	return 0;
}

void
store_clock_clear(struct store_clock *ck)
{
	free(ck->kinds);
	free(ck->nmr);
	free(ck->organiser);
	memset(ck, 0, sizeof *ck);
	ck->remaining = -1;
}

int
store_clock_set_remaining(struct store *st, int64_t game_id, int64_t remaining,
    char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "UPDATE game_clocks SET remaining = ? WHERE game_id = ?",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, remaining);
	db_bind_int64(s, 2, game_id);
	if (db_step_done(st, s, "cannot keep the remaining time", cause) == -1)
		return -1;
	if (db_changes(st) == 0)
		return cause_set(cause, "the game has no deadline policy");
	return 0;
}

int
store_phase_marks(struct store *st, int64_t phase_id, int *marks, char **cause)
{
	struct db_stmt *s;
	int rc;

	*marks = 0;
	if ((s = db_prepare(st, "SELECT marks FROM phase_clocks WHERE phase_id = ?",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, phase_id);
	if ((rc = db_step(s)) == DB_ROW)
		*marks = db_column_int(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(st, "cannot read the phase's clock marks", cause);
	return 0;
}

int
store_phase_mark(struct store *st, int64_t phase_id, int set, int clear,
    char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "INSERT INTO phase_clocks (phase_id, marks) VALUES "
	    "(?1, ?2 & ~?3) ON CONFLICT (phase_id) DO UPDATE SET "
	    "marks = (phase_clocks.marks | ?2) & ~?3", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, phase_id);
	db_bind_int64(s, 2, set);
	db_bind_int64(s, 3, clear);
	return db_step_done(st, s, "cannot mark the phase's clock", cause);
}

int
store_late_add(struct store *st, int64_t game_id, const char *seat, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "INSERT INTO seat_lates (game_id, seat, late) VALUES "
	    "(?1, ?2, 1) ON CONFLICT (game_id, seat) DO UPDATE SET late = seat_lates.late + 1",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, seat);
	return db_step_done(st, s, "cannot count the late seat", cause);
}

int
store_late_count(struct store *st, int64_t game_id, const char *seat,
    int64_t *late, char **cause)
{
	struct db_stmt *s;
	int rc;

	*late = 0;
	if ((s = db_prepare(st, "SELECT late FROM seat_lates WHERE game_id = ? AND "
	    "seat = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, seat);
	if ((rc = db_step(s)) == DB_ROW)
		*late = db_column_int64(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(st, "cannot read the late count", cause);
	return 0;
}

int
store_clock_due(struct store *st, int64_t now, int64_t **phase_ids, size_t *n,
    char **cause)
{
	struct db_stmt *s;

	*phase_ids = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT p.id FROM phases p JOIN games g ON g.id = "
	    "p.game_id LEFT JOIN game_clocks k ON k.game_id = p.game_id LEFT JOIN "
	    "phase_clocks m ON m.phase_id = p.id WHERE p.state = 'open' AND "
	    "(g.status = 'running' OR (g.status = 'setup' AND p.seq = 1)) AND "
	    "p.deadline IS NOT NULL AND p.deadline > 0 AND ("
	    "(coalesce(k.reminder, 0) > 0 AND p.deadline - k.reminder <= ?1 AND "
	    "(coalesce(m.marks, 0) & 1) = 0) OR "
	    "(p.deadline <= ?1 AND (coalesce(m.marks, 0) & 2) = 0) OR "
	    "(p.deadline + coalesce(k.grace, 0) <= ?1 AND (coalesce(m.marks, 0) & 8) = 0)) "
	    "ORDER BY p.deadline, p.id", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, now);
	return db_collect_ids(st, s, phase_ids, n, "cannot read the clocks due", cause);
}
