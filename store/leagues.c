/* leagues.c — leagues and their games (see leagues.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/leagues.h"

int
store_league_create(struct store *st, const char *name, const char *points,
    const char *abandoned, int64_t now, char **cause)
{
	struct store_league *lg;
	struct db_stmt *s;
	char *err = NULL;

	if ((lg = store_league_get(st, name, &err)) != NULL) {
		store_league_free(lg);
		return cause_set(cause, "a league named %s exists already", name);
	}
	free(err);
	if ((s = db_prepare(st, "INSERT INTO leagues (name, points, abandoned, created) "
	    "VALUES (?, ?, ?, ?)", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, name);
	db_bind_text(s, 2, points);
	db_bind_text(s, 3, abandoned);
	db_bind_int64(s, 4, now);
	return db_step_done(st, s, "cannot create the league", cause);
}

struct store_league *
store_league_get(struct store *st, const char *name, char **cause)
{
	struct store_league *lg = NULL;
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT id, name, points, abandoned, created FROM leagues "
	    "WHERE name = ?", cause)) == NULL)
		return NULL;
	db_bind_text(s, 1, name);
	if ((rc = db_step(s)) == DB_ROW) {
		lg = xcalloc(1, sizeof *lg);
		lg->id = db_column_int64(s, 0);
		lg->name = db_col_text(s, 1);
		lg->points = db_col_text(s, 2);
		lg->abandoned = db_col_text(s, 3);
		lg->created = db_column_int64(s, 4);
	}
	db_finish(st, s);
	if (rc == DB_ROW)
		return lg;
	if (rc != DB_DONE)
		db_fail(st, "cannot read the league", cause);
	else
		cause_set(cause, "no league named %s", name);
	return NULL;
}

void
store_league_free(struct store_league *lg)
{
	if (lg == NULL)
		return;
	free(lg->name);
	free(lg->points);
	free(lg->abandoned);
	free(lg);
}

int
store_league_list(struct store *st, char ***names, size_t *n, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "SELECT name FROM leagues ORDER BY id", cause)) == NULL)
		return -1;
	return db_collect_texts(st, s, names, n, "cannot list the leagues", cause);
}

/* Is game_id in league_id? 1, 0, -1. */
static int
member(struct store *st, int64_t league_id, int64_t game_id, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT 1 FROM league_games WHERE league_id = ? AND "
	    "game_id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, league_id);
	db_bind_int64(s, 2, game_id);
	rc = db_step(s);
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	return rc == DB_DONE ? 0 : db_fail(st, "cannot read the league's games", cause);
}

/* Add (add 1) or remove game_id, refusing what is already so. */
static int
membership(struct store *st, int64_t league_id, int64_t game_id, int add, char **cause)
{
	struct db_stmt *s;
	char *game;
	int r;

	if ((r = member(st, league_id, game_id, cause)) == -1)
		return -1;
	if (r == add) {
		game = db_game_name(st, game_id);
		cause_set(cause, add ? "game %s is in the league already" :
		    "game %s is not in the league", game);
		free(game);
		return -1;
	}
	if ((s = add ? db_prepare(st, "INSERT INTO league_games (league_id, game_id) "
	    "VALUES (?, ?)", cause) : db_prepare(st, "DELETE FROM league_games WHERE "
	    "league_id = ? AND game_id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, league_id);
	db_bind_int64(s, 2, game_id);
	return db_step_done(st, s, add ? "cannot add the game to the league" :
	    "cannot remove the game from the league", cause);
}

int
store_league_add(struct store *st, int64_t league_id, int64_t game_id, char **cause)
{
	return membership(st, league_id, game_id, 1, cause);
}

int
store_league_remove(struct store *st, int64_t league_id, int64_t game_id, char **cause)
{
	return membership(st, league_id, game_id, 0, cause);
}

int
store_league_games(struct store *st, int64_t league_id, char ***names, size_t *n,
    char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "SELECT g.name FROM league_games l JOIN games g ON "
	    "g.id = l.game_id WHERE l.league_id = ? ORDER BY g.id", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, league_id);
	return db_collect_texts(st, s, names, n, "cannot read the league's games", cause);
}

int
store_game_leagues(struct store *st, int64_t game_id, char ***names, size_t *n,
    char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "SELECT l.name FROM league_games g JOIN leagues l ON "
	    "l.id = g.league_id WHERE g.game_id = ? ORDER BY l.id", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	return db_collect_texts(st, s, names, n, "cannot read the game's leagues", cause);
}
