/* games.c — games and seats (see games.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/games.h"

#define GAME_COLUMNS "id, name, rules, scenario, status, card_hash, server_pk, " \
	"created, event_count, head_hash"
#define SEAT_COLUMNS "id, game_id, seat_no, name, faction, email, key_type, " \
	"public_key, deck"

static int
slug_ok(const char *s)
{
	if (*s == '\0')
		return 0;
	for (; *s != '\0'; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_' && *s != '.')
			return 0;
	return 1;
}

int
store_game_create(struct store *st, const char *name, const char *rules,
    const char *scenario, const unsigned char card_hash[32],
    const unsigned char server_pk[32], int64_t now, int64_t *id, char **cause)
{
	static const unsigned char zero[32];
	struct db_stmt *s;
	struct store_game *old;

	if (!slug_ok(name))
		return cause_set(cause, "bad game name \"%s\": expected letters, digits, "
		    "'-', '_' or '.'", name);
	if (*rules == '\0' || *scenario == '\0')
		return cause_set(cause, "game %s: rules and scenario must not be empty", name);
	if ((old = store_game_get(st, name, NULL)) != NULL) {
		store_game_free(old);
		return cause_set(cause, "game %s already exists", name);
	}
	if ((s = db_prepare(st, "INSERT INTO games (name, rules, scenario, status, "
	    "card_hash, server_pk, created, head_hash) VALUES (?, ?, ?, 'setup', ?, ?, ?, ?)",
	    cause)) == NULL)
		return -1;
	db_bind_text(s, 1, name);
	db_bind_text(s, 2, rules);
	db_bind_text(s, 3, scenario);
	db_bind_blob(s, 4, card_hash, 32);
	db_bind_blob(s, 5, server_pk, 32);
	db_bind_int64(s, 6, now);
	db_bind_blob(s, 7, zero, 32);
	if (db_step_done(st, s, "cannot create the game", cause) == -1)
		return -1;
	if (id != NULL)
		*id = db_last_id(st);
	return 0;
}

static struct store_game *
game_row(struct db_stmt *s)
{
	struct store_game *g = xcalloc(1, sizeof *g);

	g->id = db_column_int64(s, 0);
	g->name = db_col_text(s, 1);
	g->rules = db_col_text(s, 2);
	g->scenario = db_col_text(s, 3);
	g->status = db_col_text(s, 4);
	db_col_fixed(s, 5, g->card_hash, 32);
	db_col_fixed(s, 6, g->server_pk, 32);
	g->created = db_column_int64(s, 7);
	g->event_count = (uint64_t)db_column_int64(s, 8);
	db_col_fixed(s, 9, g->head_hash, 32);
	return g;
}

static struct store_game *
game_query(struct store *st, const char *sql, const char *name, int64_t id,
    char **cause)
{
	struct db_stmt *s;
	struct store_game *g = NULL;
	int rc;

	if ((s = db_prepare(st, sql, cause)) == NULL)
		return NULL;
	if (name != NULL)
		db_bind_text(s, 1, name);
	else
		db_bind_int64(s, 1, id);
	if ((rc = db_step(s)) == DB_ROW)
		g = game_row(s);
	else if (rc == DB_DONE) {
		if (name != NULL)
			cause_set(cause, "no game named %s", name);
		else
			cause_set(cause, "no game #%lld", (long long)id);
	} else
		db_fail(st, "cannot read games", cause);
	db_finish(st, s);
	return g;
}

struct store_game *
store_game_get(struct store *st, const char *name, char **cause)
{
	return game_query(st, "SELECT " GAME_COLUMNS " FROM games WHERE name = ?",
	    name, 0, cause);
}

struct store_game *
store_game_get_id(struct store *st, int64_t id, char **cause)
{
	return game_query(st, "SELECT " GAME_COLUMNS " FROM games WHERE id = ?",
	    NULL, id, cause);
}

int
store_game_set_status(struct store *st, int64_t game_id, const char *status,
    char **cause)
{
	static const char *const ok[] = { GAME_SETUP, GAME_RUNNING, GAME_PAUSED,
	    GAME_FINISHED, GAME_ABANDONED };
	struct db_stmt *s;
	size_t i;

	for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
		if (strcmp(status, ok[i]) == 0)
			break;
	if (i == sizeof ok / sizeof ok[0])
		return cause_set(cause, "bad game status \"%s\" (expected setup, running, "
		    "paused, finished or abandoned)", status);
	if ((s = db_prepare(st, "UPDATE games SET status = ? WHERE id = ?", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, status);
	db_bind_int64(s, 2, game_id);
	if (db_step_done(st, s, "cannot set the game status", cause) == -1)
		return -1;
	if (db_changes(st) == 0)
		return cause_set(cause, "no game #%lld", (long long)game_id);
	return 0;
}

static void
name_row(struct db_stmt *s, void *elem)
{
	*(char **)elem = db_col_text(s, 0);
}

static void
names_free_all(void *v, size_t n)
{
	store_names_free(v, n);
}

int
store_game_list(struct store *st, char ***names, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*names = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT name FROM games ORDER BY id", cause)) == NULL)
		return -1;
	rc = db_collect(st, s, sizeof **names, name_row, names_free_all, &out, n,
	    "cannot list games", cause);
	*names = out;
	return rc;
}

void
store_game_free(struct store_game *g)
{
	if (g == NULL)
		return;
	free(g->name);
	free(g->rules);
	free(g->scenario);
	free(g->status);
	free(g);
}

void
store_names_free(char **names, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int
key_type_ok(const char *t)
{
	return strcmp(t, "muthur") == 0 || strcmp(t, "minisign") == 0 ||
	    strcmp(t, "ssh") == 0;
}

int
store_seat_add(struct store *st, int64_t game_id, const char *name,
    const char *faction, const char *email, const char *key_type,
    const char *public_key, const char *deck, int64_t *id, char **cause)
{
	struct db_stmt *s;
	struct store_seat *old;

	if (!slug_ok(name))
		return cause_set(cause, "bad seat name \"%s\": expected letters, digits, "
		    "'-', '_' or '.'", name);
	if (!key_type_ok(key_type))
		return cause_set(cause, "seat %s: bad key type \"%s\" (expected muthur, "
		    "minisign or ssh)", name, key_type);
	if (*email == '\0' || *public_key == '\0')
		return cause_set(cause, "seat %s: email and public key must not be empty",
		    name);
	if ((old = store_seat_get(st, game_id, name, NULL)) != NULL) {
		store_seats_free(old, 1);
		return cause_set(cause, "seat %s already exists in this game", name);
	}
	if ((s = db_prepare(st, "INSERT INTO seats (game_id, seat_no, name, faction, "
	    "email, key_type, public_key, deck) VALUES (?1, (SELECT coalesce(max(seat_no), 0)"
	    " + 1 FROM seats WHERE game_id = ?1), ?2, ?3, ?4, ?5, ?6, ?7)", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, name);
	db_bind_text(s, 3, faction);
	db_bind_text(s, 4, email);
	db_bind_text(s, 5, key_type);
	db_bind_text(s, 6, public_key);
	db_bind_text(s, 7, deck);
	if (db_step_done(st, s, "cannot add the seat", cause) == -1)
		return cause_prefix(cause, "seat %s", name);
	if (id != NULL)
		*id = db_last_id(st);
	return 0;
}

int
store_seat_replace(struct store *st, int64_t seat_id, const char *email,
    const char *key_type, const char *public_key, char **cause)
{
	struct db_stmt *s;

	if (!key_type_ok(key_type))
		return cause_set(cause, "bad key type \"%s\" (expected muthur, minisign "
		    "or ssh)", key_type);
	if (*email == '\0' || *public_key == '\0')
		return cause_set(cause, "email and public key must not be empty");
	if ((s = db_prepare(st, "UPDATE seats SET email = ?, key_type = ?, public_key = ? "
	    "WHERE id = ?", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, email);
	db_bind_text(s, 2, key_type);
	db_bind_text(s, 3, public_key);
	db_bind_int64(s, 4, seat_id);
	if (db_step_done(st, s, "cannot replace the seat", cause) == -1)
		return -1;
	if (db_changes(st) == 0)
		return cause_set(cause, "no seat #%lld", (long long)seat_id);
	return 0;
}

static void
seat_row(struct db_stmt *s, void *elem)
{
	struct store_seat *p = elem;

	p->id = db_column_int64(s, 0);
	p->game_id = db_column_int64(s, 1);
	p->seat_no = db_column_int(s, 2);
	p->name = db_col_text(s, 3);
	p->faction = db_col_text(s, 4);
	p->email = db_col_text(s, 5);
	p->key_type = db_col_text(s, 6);
	p->public_key = db_col_text(s, 7);
	p->deck = db_column_is_null(s, 8) ? NULL : db_col_text(s, 8);
}

struct store_seat *
store_seat_get(struct store *st, int64_t game_id, const char *name, char **cause)
{
	struct db_stmt *s;
	struct store_seat *p = NULL;
	int rc;

	if ((s = db_prepare(st, "SELECT " SEAT_COLUMNS " FROM seats WHERE game_id = ? "
	    "AND lower(name) = lower(?)", cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, name);
	if ((rc = db_step(s)) == DB_ROW) {
		p = xcalloc(1, sizeof *p);
		seat_row(s, p);
	} else if (rc == DB_DONE)
		cause_set(cause, "no seat named %s in this game", name);
	else
		db_fail(st, "cannot read seats", cause);
	db_finish(st, s);
	return p;
}

int
store_email_registered(struct store *st, const char *addr, char **registered,
    char **cause)
{
	struct db_stmt *s;
	int rc;

	*registered = NULL;
	if ((s = db_prepare(st, "SELECT email FROM seats WHERE lower(email) = lower(?) "
	    "ORDER BY id LIMIT 1", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, addr);
	if ((rc = db_step(s)) == DB_ROW)
		*registered = db_col_text(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(st, "cannot read seats", cause);
	return rc == DB_ROW;
}

int
store_games_of_email(struct store *st, const char *addr, char ***names, size_t *n,
    char **cause)
{
	struct db_stmt *s;

	*names = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT DISTINCT g.name FROM games g JOIN seats s ON "
	    "s.game_id = g.id WHERE lower(s.email) = lower(?) AND g.status IN "
	    "('" GAME_RUNNING "', '" GAME_PAUSED "') ORDER BY g.name", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, addr);
	return db_collect_texts(st, s, names, n, "cannot read seats", cause);
}

static void
seats_free_all(void *v, size_t n)
{
	store_seats_free(v, n);
}

int
store_seats(struct store *st, int64_t game_id, struct store_seat **seats,
    size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*seats = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT " SEAT_COLUMNS " FROM seats WHERE game_id = ? "
	    "ORDER BY seat_no", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	rc = db_collect(st, s, sizeof **seats, seat_row, seats_free_all, &out, n,
	    "cannot read seats", cause);
	*seats = out;
	return rc;
}


void
store_seats_free(struct store_seat *seats, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(seats[i].name);
		free(seats[i].faction);
		free(seats[i].email);
		free(seats[i].key_type);
		free(seats[i].public_key);
		free(seats[i].deck);
	}
	free(seats);
}
