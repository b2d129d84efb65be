/*
 * test-league.c — a league's standings (daemon/game-league.h) over three
 * games made in a store by hand — two finished with known places, one
 * abandoned, with late counts — against a hand computation, under both
 * rules for abandoned games.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/game-league.h"
#include "store/deadlines.h"
#include "store/events.h"
#include "store/games.h"
#include "store/leagues.h"
#include "tests/tap.h"

static const unsigned char zero32[32];

/* Game name with seats s1..s3 played by the addresses given (NULL: none),
 * status, the result payload (NULL: none) and late counts per seat. */
static void
game(struct store *st, const char *name, const char *const *players, const char *status,
    const char *result, const int *late)
{
	int64_t id;
	char seat[16];
	int i, k, ok1 = 1;

	ok1 &= store_game_create(st, name, "ccg", "contact", zero32, zero32, 0, &id,
	    NULL) == 0;
	for (i = 0; players[i] != NULL; i++) {
		snprintf(seat, sizeof seat, "s%d", i + 1);
		ok1 &= store_seat_add(st, id, seat, seat, players[i], "muthur",
		    "muthur-ed25519 AAAA", NULL, NULL, NULL) == 0;
		for (k = 0; k < late[i]; k++)
			ok1 &= store_late_add(st, id, seat, NULL) == 0;
	}
	if (result != NULL)
		ok1 &= store_event_append(st, id, 1, "game.result", "all", result,
		    strlen(result), NULL, NULL) == 0;
	ok1 &= store_game_set_status(st, id, status, NULL) == 0;
	ok(ok1, "game %s made (%s)", name, status);
}

struct want {
	const char	*player;
	int		 rank, played, wins;
	long		 points;
	int64_t		 late;
};

static void
check(struct store *st, const char *league, const struct want *w, size_t n)
{
	struct league_table t;
	char *cause = NULL;
	size_t i;

	if (league_table_load(st, league, &t, &cause) == -1) {
		ok(0, "league %s: %s", league, cause);
		free(cause);
		return;
	}
	is_int((int)t.nrows, (int)n, "league %s: %zu players", league, n);
	for (i = 0; i < n && i < t.nrows; i++) {
		const struct league_row *r = &t.rows[i];

		ok(strcmp(r->player, w[i].player) == 0 && r->rank == w[i].rank &&
		    r->played == w[i].played && r->wins == w[i].wins &&
		    r->points == w[i].points && r->late == w[i].late,
		    "league %s row %zu: %s rank %d played %d wins %d points %ld late %lld "
		    "(want %s %d %d %d %ld %lld)", league, i + 1, r->player, r->rank,
		    r->played, r->wins, r->points, (long long)r->late, w[i].player,
		    w[i].rank, w[i].played, w[i].wins, w[i].points, (long long)w[i].late);
	}
	league_table_free(&t);
}

int
main(void)
{
	static const char *const p1[] = { "alice@x.example", "bob@x.example",
	    "carol@x.example", NULL };
	static const char *const p2[] = { "bob@x.example", "alice@x.example",
	    "dave@x.example", NULL };
	static const char *const p3[] = { "carol@x.example", "dave@x.example", NULL };
	static const int l1[] = { 2, 0, 0 }, l2[] = { 1, 0, 0 }, l3[] = { 1, 0 };
	/*
	 * By hand, points 3,1,0, abandoned void (g3 counts for nothing but
	 * its late count):
	 *   alice g1 1st 3 + g2 2nd 1 = 4, 1 win, late 2
	 *   bob   g1 2nd 1 + g2 1st 3 = 4, 1 win, late 1  -> bob before alice
	 *   carol g1 3rd 0            = 0, late 1 (g3)
	 *   dave  g2 3rd 0            = 0, late 0          -> dave before carol
	 */
	static const struct want void_rule[] = {
		{ "bob@x.example", 1, 2, 1, 4, 1 },
		{ "alice@x.example", 2, 2, 1, 4, 2 },
		{ "dave@x.example", 3, 1, 0, 0, 0 },
		{ "carol@x.example", 4, 1, 0, 0, 1 },
	};
	/*
	 * Points 5,2,1, abandoned last (g3's two seats placed 2nd: 2 each):
	 *   alice 5 + 2 = 7, bob 2 + 5 = 7, carol 1 + 2 = 3, dave 1 + 2 = 3;
	 *   played: everyone 2 (alice, bob) or 2 (carol g1 g3, dave g2 g3)
	 */
	static const struct want last_rule[] = {
		{ "bob@x.example", 1, 2, 1, 7, 1 },
		{ "alice@x.example", 2, 2, 1, 7, 2 },
		{ "dave@x.example", 3, 2, 0, 3, 0 },
		{ "carol@x.example", 4, 2, 0, 3, 1 },
	};
	/* Points 1,1,1 over g1 alone: a three-way tie of points; alice's win
	 * puts her first despite her 2 late; bob and carol, equal in points,
	 * wins and late, share rank 2 */
	static const struct want tie[] = {
		{ "alice@x.example", 1, 1, 1, 1, 2 },
		{ "bob@x.example", 2, 1, 0, 1, 0 },
		{ "carol@x.example", 2, 1, 0, 1, 0 },
	};
	char dir[] = "/tmp/muthur-test.league.XXXXXX", path[256], *cause = NULL, *text;
	struct league_table t;
	struct store_league *lg;
	struct store *st;
	size_t i;

	if (mkdtemp(dir) == NULL)
		return 1;
	snprintf(path, sizeof path, "%s/league.db", dir);
	if ((st = store_open(path, &cause)) == NULL) {
		fprintf(stderr, "%s\n", cause);
		return 1;
	}
	game(st, "g1", p1, GAME_FINISHED,
	    "{\"type\":\"game.result\",\"places\":{\"s1\":1,\"s2\":2,\"s3\":3},\"winner\":\"s1\"}",
	    l1);
	game(st, "g2", p2, GAME_FINISHED,
	    "{\"type\":\"game.result\",\"places\":{\"s1\":1,\"s2\":2,\"s3\":3},\"winner\":\"s1\"}",
	    l2);
	game(st, "g3", p3, GAME_ABANDONED, NULL, l3);
	ok(store_league_create(st, "void", "3,1,0", "void", 0, NULL) == 0 &&
	    store_league_create(st, "last", "5,2,1", "last", 0, NULL) == 0 &&
	    store_league_create(st, "tie", "1,1,1", "void", 0, NULL) == 0,
	    "three leagues");
	ok(store_league_create(st, "void", "3,1,0", "void", 0, &cause) == -1 &&
	    strcmp(cause, "a league named void exists already") == 0,
	    "a second league of a name is refused: %s", cause);
	free(cause);
	cause = NULL;
	for (i = 1; i <= 3; i++) {
		struct store_game *g;
		char name[24];

		snprintf(name, sizeof name, "g%zu", i);
		g = store_game_get(st, name, NULL);
		lg = store_league_get(st, "void", NULL);
		ok(store_league_add(st, lg->id, g->id, NULL) == 0, "void: add %s", name);
		store_league_free(lg);
		lg = store_league_get(st, "last", NULL);
		ok(store_league_add(st, lg->id, g->id, NULL) == 0, "last: add %s", name);
		store_league_free(lg);
		if (i == 1) {
			lg = store_league_get(st, "tie", NULL);
			ok(store_league_add(st, lg->id, g->id, NULL) == 0 &&
			    store_league_add(st, lg->id, g->id, &cause) == -1,
			    "tie: add g1; twice is refused: %s", cause);
			free(cause);
			cause = NULL;
			store_league_free(lg);
		}
		store_game_free(g);
	}
	check(st, "void", void_rule, sizeof void_rule / sizeof void_rule[0]);
	check(st, "last", last_rule, sizeof last_rule / sizeof last_rule[0]);
	check(st, "tie", tie, sizeof tie / sizeof tie[0]);
	if (league_table_load(st, "void", &t, NULL) == 0) {
		text = league_table_text(&t);
		ok(strstr(text, "League void: 3 games (2 counted), points 3,1,0, "
		    "abandoned: void\n") == text &&
		    strstr(text, "   1  bob@x.example        2     1      4     1\n") != NULL,
		    "the standings as text:\n%s", text);
		free(text);
		league_table_free(&t);
	}
	store_close(st);
	unlink(path);
	snprintf(path, sizeof path, "%s/league.db-wal", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/league.db-shm", dir);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
