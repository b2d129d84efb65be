/* game-league.c — a league's standings and their mail (game-league.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "daemon/game-clock.h"
#include "daemon/game-league.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/points.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/deadlines.h"
#include "store/events.h"
#include "store/games.h"
#include "store/leagues.h"

/* The row of player, added when new. */
static struct league_row *
row_of(struct league_table *t, const char *player)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		if (strcasecmp(t->rows[i].player, player) == 0)
			return &t->rows[i];
	t->rows = xreallocarray(t->rows, t->nrows + 1, sizeof *t->rows);
	memset(&t->rows[t->nrows], 0, sizeof *t->rows);
	t->rows[t->nrows].player = xstrdup(player);
	return &t->rows[t->nrows++];
}

/* The places of a finished game, from its game.result event (NULL: none). */
static cJSON *
places_of(struct store *st, int64_t game_id, char **cause)
{
	struct store_event *ev = NULL;
	cJSON *o = NULL, *p;
	size_t n = 0, i;

	if (store_events_of_type(st, game_id, "game.result", &ev, &n, cause) == -1)
		return NULL;
	for (i = n; i-- > 0 && o == NULL; )
		o = cJSON_ParseWithLength((const char *)ev[i].payload,
		    ev[i].payload_len);
	store_events_free(ev, n);
	p = cJSON_DetachItemFromObjectCaseSensitive(o, "places");
	cJSON_Delete(o);
	if (!cJSON_IsObject(p)) {
		cJSON_Delete(p);
		cause_set(cause, "the finished game has no game.result event with places");
		return NULL;
	}
	return p;
}

static long
points_for(const int *pts, int npts, int place)
{
	if (place < 1 || npts == 0)
		return 0;
	return pts[place <= npts ? place - 1 : npts - 1];
}

/* Score one game of the league into t. */
static int
score_game(struct store *st, struct league_table *t, const char *name, const int *pts,
    int npts, char **cause)
{
	struct store_game *g;
	struct store_seat *seats = NULL;
	cJSON *places = NULL, *pl, *row;
	size_t n = 0, i;
	int counted, place, rc = -1;
	int64_t late;
	struct league_row *r;

	if ((g = store_game_get(st, name, cause)) == NULL)
		return -1;
	counted = strcmp(g->status, GAME_FINISHED) == 0 ||
	    (strcmp(g->status, GAME_ABANDONED) == 0 && strcmp(t->abandoned, "last") == 0);
	if (store_seats(st, g->id, &seats, &n, cause) == -1)
		goto out;
	if (strcmp(g->status, GAME_FINISHED) == 0 &&
	    (places = places_of(st, g->id, cause)) == NULL)
		goto out;
	for (i = 0; i < n; i++) {
		if (store_late_count(st, g->id, seats[i].name, &late, cause) == -1)
			goto out;
		r = row_of(t, seats[i].email);
		r->late += late;
		if (!counted)
			continue;
		pl = cJSON_GetObjectItemCaseSensitive(places, seats[i].name);
		place = places == NULL ? (int)n : cJSON_IsNumber(pl) ? pl->valueint : 0;
		r->played++;
		r->wins += places != NULL && place == 1;
		r->points += points_for(pts, npts, place);
	}
	row = cJSON_CreateObject();
	cJSON_AddStringToObject(row, "game", g->name);
	cJSON_AddStringToObject(row, "status", g->status);
	cJSON_AddBoolToObject(row, "counted", counted);
	cJSON_AddItemToArray(t->games, row);
	rc = 0;
out:
	cJSON_Delete(places);
	store_seats_free(seats, n);
	store_game_free(g);
	return rc;
}

static int
row_cmp(const void *a, const void *b)
{
	const struct league_row *x = a, *y = b;

	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	if (x->wins != y->wins)
		return x->wins > y->wins ? -1 : 1;
	if (x->late != y->late)
		return x->late < y->late ? -1 : 1;
	return strcasecmp(x->player, y->player);
}

int
league_table_load(struct store *st, const char *name, struct league_table *t,
    char **cause)
{
	struct store_league *lg;
	char **games = NULL;
	size_t n = 0, i;
	int pts[LEAGUE_POINTS_MAX], npts, rc = 0;

	memset(t, 0, sizeof *t);
	if ((lg = store_league_get(st, name, cause)) == NULL)
		return -1;
	t->name = xstrdup(lg->name);
	t->points = xstrdup(lg->points);
	t->abandoned = xstrdup(lg->abandoned);
	t->games = cJSON_CreateArray();
	npts = league_points_parse(lg->points, pts, cause);
	if (npts == -1 || store_league_games(st, lg->id, &games, &n, cause) == -1)
		rc = -1;
	for (i = 0; i < n && rc == 0; i++)
		rc = score_game(st, t, games[i], pts, npts, cause);
	store_names_free(games, n);
	store_league_free(lg);
	if (rc == -1) {
		league_table_free(t);
		return -1;
	}
	if (t->nrows > 1)
		qsort(t->rows, t->nrows, sizeof *t->rows, row_cmp);
	for (i = 0; i < t->nrows; i++)
		t->rows[i].rank = i > 0 && t->rows[i].points == t->rows[i - 1].points &&
		    t->rows[i].wins == t->rows[i - 1].wins &&
		    t->rows[i].late == t->rows[i - 1].late ? t->rows[i - 1].rank : (int)i + 1;
	return 0;
}

void
league_table_free(struct league_table *t)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		free(t->rows[i].player);
	free(t->rows);
	free(t->name);
	free(t->points);
	free(t->abandoned);
	cJSON_Delete(t->games);
	memset(t, 0, sizeof *t);
}

/* Another player's address as a league mail shows it: a***@domain. */
static char *
masked(const char *addr)
{
	const char *at = strrchr(addr, '@');
	size_t first = 1;

	if (at == NULL || at == addr)
		return xstrdup("***");
	/* the first character whole, even when it is UTF-8 (RFC 6532) */
	while (((unsigned char)addr[first] & 0xc0) == 0x80 && addr + first < at)
		first++;
	return xasprintf("%.*s***%s", (int)first, addr, at);
}

char *
league_table_text(const struct league_table *t)
{
	return league_table_text_for(t, NULL);
}

char *
league_table_text_for(const struct league_table *t, const char *reader)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *g;
	size_t i, w = 6;
	int ngames = cJSON_GetArraySize(t->games), counted = 0;
	char **shown = xcalloc(t->nrows + 1, sizeof *shown);

	cJSON_ArrayForEach(g, t->games)
		counted += cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "counted"));
	strbuf_addf(&sb, "League %s: %d game%s (%d counted), points %s, abandoned: %s\n",
	    t->name, ngames, ngames == 1 ? "" : "s", counted, t->points, t->abandoned);
	for (i = 0; i < t->nrows; i++) {
		shown[i] = reader == NULL || strcasecmp(reader, t->rows[i].player) == 0 ?
		    xstrdup(t->rows[i].player) : masked(t->rows[i].player);
		if (strlen(shown[i]) > w)
			w = strlen(shown[i]);
	}
	strbuf_addf(&sb, "%4s  %-*s %6s %5s %6s %5s\n", "rank", (int)w, "player",
	    "played", "wins", "points", "late");
	for (i = 0; i < t->nrows; i++) {
		strbuf_addf(&sb, "%4d  %-*s %6d %5d %6ld %5lld\n", t->rows[i].rank, (int)w,
		    shown[i], t->rows[i].played, t->rows[i].wins,
		    t->rows[i].points, (long long)t->rows[i].late);
		free(shown[i]);
	}
	free(shown);
	if (t->nrows == 0)
		strbuf_addstr(&sb, "(no players yet: add games with `muthur league add`)\n");
	return strbuf_detach(&sb, NULL);
}

cJSON *
league_table_json(const struct league_table *t)
{
	cJSON *o = cJSON_CreateObject(), *a, *r;
	int pts[LEAGUE_POINTS_MAX], n, k;
	size_t i;

	cJSON_AddStringToObject(o, "league", t->name);
	a = cJSON_AddArrayToObject(o, "points");
	n = league_points_parse(t->points, pts, NULL);
	for (k = 0; k < n; k++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(pts[k]));
	cJSON_AddStringToObject(o, "abandoned", t->abandoned);
	cJSON_AddItemToObject(o, "games", cJSON_Duplicate(t->games, 1));
	a = cJSON_AddArrayToObject(o, "standings");
	for (i = 0; i < t->nrows; i++) {
		cJSON_AddItemToArray(a, r = cJSON_CreateObject());
		cJSON_AddNumberToObject(r, "rank", t->rows[i].rank);
		cJSON_AddStringToObject(r, "player", t->rows[i].player);
		cJSON_AddNumberToObject(r, "played", t->rows[i].played);
		cJSON_AddNumberToObject(r, "wins", t->rows[i].wins);
		cJSON_AddNumberToObject(r, "points", (double)t->rows[i].points);
		cJSON_AddNumberToObject(r, "late", (double)t->rows[i].late);
	}
	return o;
}

/* Mail the standings of league to every player in it. */
static int
mail_league(const struct game_ctx *c, const struct store_game *game, const char *league,
    char **cause)
{
	struct league_table t;
	const char *lines[2];
	char *text, *key, *l0;
	size_t i;
	int rc = 0;

	if (league_table_load(c->st, league, &t, cause) == -1)
		return -1;
	l0 = xasprintf("Game %s of league %s is over (%s). The standings now "
	    "(other players' addresses shortened):", game->name, league, game->status);
	lines[0] = l0;
	for (i = 0; i < t.nrows && rc == 0; i++) {
		/* each player sees its own address, and no one else's whole */
		text = league_table_text_for(&t, t.rows[i].player);
		lines[1] = text;
		key = xasprintf("standings/%s/%s/%s", league, game->name, t.rows[i].player);
		rc = game_notice_queue(c, game, key, t.rows[i].player, NULL,
		    "league standings", lines, 2, 0, cause);
		free(key);
		free(text);
	}
	if (rc == 0)
		log_info("league %s: standings mailed to %zu player%s (game %s is over)",
		    league, t.nrows, t.nrows == 1 ? "" : "s", game->name);
	free(l0);
	league_table_free(&t);
	return rc;
}

int
game_league_game_over(const struct game_ctx *c, int64_t game_id, char **cause)
{
	struct store_game *g;
	char **leagues = NULL;
	size_t n = 0, i;
	int rc;

	if ((g = store_game_get_id(c->st, game_id, cause)) == NULL)
		return -1;
	rc = store_game_leagues(c->st, game_id, &leagues, &n, cause);
	for (i = 0; i < n && rc == 0; i++)
		rc = mail_league(c, g, leagues[i], cause);
	store_names_free(leagues, n);
	store_game_free(g);
	return rc;
}
