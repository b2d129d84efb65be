/*
 * test-bughunt-rules.c — Aliens: Bug Hunt's rules, section by section
 * (doc/bughunt-rules-map.md): each scenario sets a state up through
 * rules/bughunt/bughunt.h, plays orders or a step and checks what the
 * rulebook says happens. Then the component data against the published
 * facts (tests/data/bughunt/), its errors, save/load, the secrecy of the
 * tile stack, the tracking deck, the phase deck and the wound faces, and
 * a whole scripted game played twice from the same randomness, byte for
 * byte the same.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"
#include "tests/choice-cases.h"
#include "tests/legal-lines.h"
#include "tests/tap.h"

static const struct rules *R;
static void *data;
static const struct bh_data *D;

/* A stream: the values v first (each % bound), then a fixed LCG. */
struct seq {
	const uint32_t	*v;
	size_t		 n, i;
	uint64_t	 ctr;
};

static uint32_t
seq_uniform(void *ctx, uint32_t bound)
{
	struct seq *s = ctx;

	if (s->i < s->n)
		return s->v[s->i++] % bound;
	s->ctr = s->ctr * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(s->ctr >> 33) % bound;
}

static struct seq pub;
static struct rules_rng rng = { seq_uniform, &pub, NULL, NULL };

static void
rig(const uint32_t *v, size_t n)
{
	pub.v = v;
	pub.n = n;
	pub.i = 0;
}

static struct rules_events ev;
static int grunt;		/* the data's Grunt */

/* A new game of n seats (blue, red, ...), options besides no-setup-spawn. */
static struct rules_game *
game(int n, const char *opt, int spawn)
{
	static const char *seats[] = { "blue", "red", "green", "yellow" };
	struct rules_seat rs[BH_SEATS];
	struct rules_setup su;
	const char *opts[2];
	char *cause = NULL;
	struct rules_game *g;
	int i;

	memset(&su, 0, sizeof su);
	memset(rs, 0, sizeof rs);
	for (i = 0; i < n; i++)
		rs[i].name = rs[i].faction = seats[i];
	su.scenario = "bug-hunt";
	su.seats = rs;
	su.nseats = (size_t)n;
	su.data = data;
	su.places = 1;
	su.noptions = 0;
	if (!spawn)
		opts[su.noptions++] = "no-setup-spawn";
	if (opt != NULL)
		opts[su.noptions++] = opt;
	su.options = opts;
	rig(NULL, 0);
	pub.ctr = 19;
	g = R->create(&su, &rng, &ev, &cause);
	if (g == NULL)
		diag("create: %s", cause);
	free(cause);
	rules_events_free(&ev);
	return g;
}

/* A blank board: no tiles, no Xenomorphs, blue's turn. */
static struct rules_game *
board(int n)
{
	struct rules_game *g = game(n, NULL, 0);
	int i;

	for (i = 0; i < BH_CELLS; i++) {
		g->tile[i] = -1;
		g->xenos[i] = 0;
		g->objective[i] = 0;
	}
	g->phase = BH_PH_TURN;
	g->active = 0;
	g->lt_turn = 0;
	/* three Grunts each: no ability changes the numbers */
	for (i = 0; i < n * BH_SQUAD; i++) {
		g->sq[i / BH_SQUAD].c[i % BH_SQUAD].def = grunt;
		g->sq[i / BH_SQUAD].c[i % BH_SQUAD].copy = i % BH_SQUAD + 1;
	}
	return g;
}

/* A plain tile on cell (the data's first: no hive, no objective) with sides n e s w. */
static void
tile(struct rules_game *g, int cell, int n, int e, int s, int w)
{
	g->tile[cell] = 0;
	g->side[cell][BH_N] = n;
	g->side[cell][BH_E] = e;
	g->side[cell][BH_S] = s;
	g->side[cell][BH_W] = w;
}

#define X BH_EXIT
#define W BH_WALL
#define B BH_BARRIER
#define C(s) bh_cell_parse(s)

/* Apply seat's orders for real; check() first. 0, or -1 with the reason shown. */
static int
play(struct rules_game *g, int seat, const char *text)
{
	char *cause = NULL;
	int rc = R->check(g, (size_t)seat, text, &cause);

	if (rc == -1) {
		diag("check: %s", cause);
		free(cause);
		return -1;
	}
	bh_orders_run(g, seat, text, 0, &rng, &ev, NULL);
	return 0;
}

/* check()'s reason for text, "" when it passes; a static buffer. */
static const char *
why(struct rules_game *g, int seat, const char *text)
{
	static char buf[256];
	char *cause = NULL;

	buf[0] = '\0';
	if (R->check(g, (size_t)seat, text, &cause) == -1)
		snprintf(buf, sizeof buf, "%s", cause);
	free(cause);
	return buf;
}

static int
has_event(const char *needle)
{
	size_t i;

	for (i = 0; i < ev.n; i++)
		if (strstr(ev.v[i].json, needle) != NULL)
			return 1;
	return 0;
}

/* ---- Pre-Mission Checklist, Adjusting Game Difficulty ---- */

static void
test_setup(void)
{
	struct rules_game *g = game(2, NULL, 1);
	int s, named;

	ok(g != NULL, "checklist: a game for blue and red");
	if (g == NULL)
		return;
	for (s = 0; s < 2; s++) {
		named = D->chars[g->sq[s].c[2].def].named;
		ok(g->sq[s].nchar == 3 && !D->chars[g->sq[s].c[0].def].named &&
		    !D->chars[g->sq[s].c[1].def].named && named,
		    "checklist: %s has two Grunts (the Point Man one) and a Named Character",
		    bh_colours[s]);
	}
	ok(g->sq[0].pos == BH_APC && g->sq[1].pos == BH_APC, "checklist: squads start on the APC");
	is_int(g->ndeck, 2 * 3 + 1 + 2, "checklist: the Phase Deck is 3 a player, Lt. Command, "
	    "a Xenomorph card a player");
	is_int(g->xeno_left, 17 - 2, "checklist: the other Xenomorph cards are set aside");
	is_int(g->mission[0] != g->mission[1] && g->mission[1] != g->mission[2] &&
	    g->mission[0] != g->mission[2], 1, "checklist: three different missions");
	ok(g->kpos >= 1 && g->hive >= 0, "checklist: the set-up Xenomorph Phase played a "
	    "tracking card (spawn only)");
	is_int(g->ntiles - g->tpos, 30, "checklist: 30 tiles face down");
	R->free(g);

	g = game(4, "difficulty=hard", 1);
	is_int(g->ndeck, 4 * 3 + 1 + 4 + 1, "difficulty=hard: one more Xenomorph card");
	ok(g->kpos >= 2, "difficulty=hard: a second set-up spawn (%d cards)", g->kpos);
	R->free(g);
	g = game(2, "difficulty=easy", 1);
	ok(D->chars[g->sq[0].c[1].def].named && D->chars[g->sq[0].c[2].def].named,
	    "difficulty=easy: a Named Character in place of a Grunt");
	is_int(g->kpos, 0, "difficulty=easy: no set-up spawn");
	R->free(g);
	/* the options in every view's header, for each seat and a spectator */
	{
		static const struct { const char *opt; const char *line; } v[] = {
			{ NULL, "Options: difficulty normal; 1 set-up spawn; 0 extra "
			    "Xenomorph cards\n" },
			{ "difficulty=hard", "Options: difficulty hard; 2 set-up spawns; "
			    "1 extra Xenomorph card\n" },
			{ "extra-xenomorph-cards=2", "Options: difficulty custom; 1 set-up "
			    "spawn; 2 extra Xenomorph cards\n" },
			{ "named-for-grunt", "Options: difficulty custom; 1 set-up spawn; "
			    "0 extra Xenomorph cards; a Named Character for a Grunt\n" },
		};
		size_t i;
		int seat, good = 1;
		cJSON *rv, *tv;
		const char *t;

		for (i = 0; i < sizeof v / sizeof v[0]; i++) {
			g = game(2, v[i].opt, 1);
			for (seat = -1; seat < 2; seat++) {
				rv = R->view(g, seat);
				tv = R->view_text(rv, seat >= 0 ? bh_colours[seat] : "");
				t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tv,
				    "text"));
				/* the second line of the header */
				if (t == NULL || strchr(t, '\n') == NULL ||
				    strncmp(strchr(t, '\n') + 1, v[i].line, strlen(v[i].line)) != 0) {
					diag("%s: %.200s", v[i].opt != NULL ? v[i].opt : "(none)",
					    t != NULL ? t : "");
					good = 0;
				}
				cJSON_Delete(tv);
				cJSON_Delete(rv);
			}
			R->free(g);
		}
		ok(good, "view: every seat's header says the game's options");
	}
	g = game(2, "extra-xenomorph-cards=3", 0);
	is_int(g->ndeck, 6 + 1 + 2 + 3, "extra-xenomorph-cards=3");
	R->free(g);
	/* "one or more": no cap but the cards in the box (17 in the sample data) */
	g = game(4, "extra-xenomorph-cards=13", 0);
	ok(g != NULL && g->ndeck == 12 + 1 + 4 + 13 && g->xeno_left == 0,
	    "extra-xenomorph-cards=13: every Xenomorph card of the data in the deck");
	if (g != NULL)
		R->free(g);
	{
		char *cause = NULL;
		static const char *seats[] = { "blue", "red", "green", "yellow" };
		struct rules_seat rs[BH_SEATS];
		struct rules_setup su;
		const char *opts[1] = { "extra-xenomorph-cards=14" };
		int i;

		ok(R->option_check("extra-xenomorph-cards=5", &cause) == 0,
		    "extra-xenomorph-cards=5 is an option (no cap of 4)");
		free(cause);
		cause = NULL;
		memset(&su, 0, sizeof su);
		memset(rs, 0, sizeof rs);
		for (i = 0; i < 4; i++)
			rs[i].name = rs[i].faction = seats[i];
		su.scenario = "bug-hunt";
		su.seats = rs;
		su.nseats = 4;
		su.data = data;
		su.places = 1;
		su.options = opts;
		su.noptions = 1;
		g = R->create(&su, &rng, &ev, &cause);
		ok(g == NULL && cause != NULL &&
		    strstr(cause, "at most extra-xenomorph-cards=13") != NULL,
		    "extra-xenomorph-cards=14 with 4 players: refused, the bound said (%s)",
		    cause != NULL ? cause : "");
		free(cause);
		rules_events_free(&ev);
	}
	{
		char *cause = NULL;

		ok(R->option_check("difficulty=silly", &cause) == -1 &&
		    strstr(cause, "difficulty=easy|normal|hard") != NULL,
		    "an unknown option is refused, the options listed");
		free(cause);
	}
}

/* ---- Begin the Game: the Phase Deck ---- */

/* The hive track space before the first one with icon (after space 1). */
static int
before(int icon)
{
	int i;

	for (i = 1; i < D->nhive; i++)
		if (D->hive[i] == icon)
			return i - 1;
	return 0;
}

static void
test_phase_deck(void)
{
	struct rules_game *g = board(2);
	int kpos;

	/* blue, then the Lt. Command card: to the next seat by default */
	g->ndeck = 3;
	g->dpos = 0;
	g->deck[0] = 0;
	g->deck[1] = BH_CARD_LT;
	g->deck[2] = 1;
	g->ndiscard = 0;
	g->last_active = -1;
	bh_next_turn(g, &rng, &ev);
	is_int(g->active, 0, "phase deck: blue's card gives blue a turn");
	bh_next_turn(g, &rng, &ev);
	ok(g->active == 1 && g->lt_turn, "phase deck: Lt. Command goes to the seat after "
	    "the last player (red)");
	g->dpos = 1;
	g->sq[0].lt_pref = 0;
	bh_next_turn(g, &rng, &ev);
	ok(g->active == 0 && g->lt_turn, "phase deck: or to the seat the last player's "
	    "`prefer lt-command` names (blue)");
	/* Xenomorph cards and the hive track */
	g->hive = before(BH_ICON_NONE);
	g->ndeck = 2;
	g->dpos = 0;
	g->deck[0] = BH_CARD_XENO;
	g->deck[1] = 1;
	kpos = g->kpos;
	bh_next_turn(g, &rng, &ev);
	ok(D->hive[g->hive] == BH_ICON_NONE && g->kpos == kpos && g->active == 1,
	    "phase deck: a Xenomorph card advances the counter (a blank space: no phase)");
	g->dpos = 0;
	g->hive = before(BH_ICON_XENO);
	bh_next_turn(g, &rng, &ev);
	ok(D->hive[g->hive] == BH_ICON_XENO && g->kpos == kpos + 1, "phase deck: landing on a Xenomorph icon "
	    "runs a Xenomorph Phase");
	g->hive = before(BH_ICON_GAME_OVER);
	g->dpos = 0;
	g->ndiscard = 0;
	kpos = g->xeno_left;
	bh_next_turn(g, &rng, &ev);
	ok(D->hive[g->hive] == BH_ICON_GAME_OVER && g->xeno_left == kpos - 1 && g->discard[0] == BH_CARD_XENO,
	    "phase deck: GAME OVER MAN adds a Xenomorph card to the discard");
	/* reshuffle when empty */
	g->dpos = g->ndeck;
	g->ndiscard = 2;
	g->discard[0] = 0;
	g->discard[1] = 0;
	kpos = g->gen;
	bh_next_turn(g, &rng, &ev);
	ok(g->gen == kpos + 1 && g->active == 0 && g->ndeck == 2,
	    "phase deck: an empty deck is the discard shuffled");
	/* the last space wraps to the first (a Xenomorph icon) */
	g->hive = D->nhive - 1;
	rules_events_free(&ev);
	g->dpos = 0;
	g->deck[0] = BH_CARD_XENO;
	g->deck[1] = 0;
	kpos = g->kpos;
	bh_next_turn(g, &rng, &ev);
	ok(has_event("{\"type\":\"hive-counter\",\"space\":1,\"icon\":\"xenomorph\"}") &&
	    g->kpos == kpos + 1, "phase deck: the counter wraps to space 1 and its "
	    "Xenomorph icon");
	R->free(g);
}

/* ---- Movement ---- */

static void
test_movement(void)
{
	struct rules_game *g = board(2);
	int c1 = C("c1"), c2 = C("c2"), tpos;

	tpos = g->tpos;
	is_str(why(g, 0, "move n n\n"), "line 1: \"move n n\": movement ends on a newly "
	    "drawn tile", "movement: a squad entering an empty space stops there");
	ok(play(g, 0, "move n\n") == 0 && g->sq[0].pos == c1 && g->tile[c1] >= 0 &&
	    g->tpos == tpos + 1, "movement: from the APC through Sector 3 a new tile is drawn");
	is_int(g->side[c1][BH_S], BH_EXIT, "movement: its entrance faces where the squad "
	    "came from");
	R->free(g);

	g = board(2);
	tile(g, c1, B, W, X, W);
	tile(g, c2, X, W, X, W);
	tile(g, C("c3"), X, W, X, W);
	g->sq[0].pos = c1;
	ok(play(g, 0, "move n\n") == 0 && g->sq[0].pos == c2, "movement: through a barrier "
	    "(2 MP)");
	g->breach[c1] = 0;
	ok(g->side[c1][BH_N] == BH_BARRIER, "movement: moving through does not breach it");
	g->sq[0].pos = c1;
	is_str(why(g, 0, "move n n n\n"), "line 1: \"move n n n\": 0 movement points left, "
	    "n needs 1", "movement: 3 MP: a barrier and one exit, no more");
	tile(g, C("d1"), W, W, X, X);
	g->side[c1][BH_E] = X;
	g->sq[0].pos = C("d1");
	is_str(why(g, 0, "move s\n"), "line 1: \"move s\": squads reach the APC through "
	    "Sector 3 only", "movement: the APC through Sector 3 only");
	g->sq[0].pos = c1;
	is_str(why(g, 0, "move w\n"), "line 1: \"move w\": there is no exit that way",
	    "movement: no exit through a wall");
	tile(g, C("c6"), X, W, X, W);
	g->sq[0].pos = C("c6");
	is_str(why(g, 0, "move n\n"), "line 1: \"move n\": the complex ends there",
	    "movement: players cannot exit the 5 x 6 grid");
	/* Xenomorphs hold a squad, with the two exceptions */
	g->sq[0].pos = c2;
	g->xenos[c2] = 1;
	is_str(why(g, 0, "move s\n"), "line 1: \"move s\": Xenomorphs on the tile hold "
	    "the squad", "movement: a squad cannot leave a tile with Xenomorphs");
	g->sq[1].pos = c2;
	is_str(why(g, 0, "move n\n"), "", "movement: unless another squad is on its tile");
	g->sq[1].pos = C("c3");
	is_str(why(g, 0, "move n\n"), "", "movement: or it moves to another squad without "
	    "a barrier");
	g->sq[1].pos = c1;
	is_str(why(g, 0, "move s\n"), "line 1: \"move s\": Xenomorphs on the tile hold the "
	    "squad", "movement: but not through a barrier");
	/* the APC is a tile: a squad held in c1 may join a squad on it */
	g->xenos[c2] = 0;
	g->xenos[c1] = 1;
	g->sq[0].pos = c1;
	g->sq[1].pos = BH_APC;
	is_str(why(g, 0, "move s\n"), "", "movement: Xenomorphs do not hold a squad moving "
	    "onto the APC tile where another squad is");
	g->sq[1].pos = C("c3");
	is_str(why(g, 0, "move s\n"), "line 1: \"move s\": Xenomorphs on the tile hold the "
	    "squad", "movement: but they do onto an APC without a squad");
	R->free(g);

	/* the legal moves: one path to each place in reach, as far as the
	 * squad's movement points go (a scout's too) */
	g = board(1);
	{
		char *legal, *p;
		int moves = 0, i;

		for (i = 0; i < 5; i++)
			tile(g, i, W, i < 4 ? X : W, i == 2 ? X : W, i > 0 ? X : W);
		g->sq[0].pos = C("a1");
		legal = R->legal(g, 0);
		for (p = legal; (p = strstr(p, "move ")) != NULL; p++)
			moves++;
		ok(strstr(legal, "\nmove e e e\n") != NULL && strstr(legal, "move e e e e") == NULL &&
		    strstr(legal, "\nmove e e s\n") != NULL &&	/* the APC */
		    strstr(legal, "move e w") == NULL && moves == 4, "legal moves: each "
		    "place in 3 movement points once, by a shortest path (%d)", moves);
		free(legal);
		for (i = 0; i < D->nchars && D->chars[i].ability != BH_AB_SCOUT; i++)
			;
		g->sq[0].c[2].def = i;
		legal = R->legal(g, 0);
		ok(i < D->nchars && strstr(legal, "\nmove e e e e\n") != NULL,
		    "legal moves: a scout's extra point reaches a fourth tile");
		free(legal);
	}
	R->free(g);

	/* a new tile's hive and objective icons */
	g = board(1);
	{
		int k, hive = -1, obj = -1;

		for (k = 0; k < D->ntiles; k++) {
			if (hive < 0 && D->tiles[k].hive > 0)
				hive = k;
			if (obj < 0 && D->tiles[k].objective && D->tiles[k].hive == 0)
				obj = k;
		}
		g->tiles[g->tpos] = hive;
		g->tiles[g->tpos + 1] = obj;
		ok(play(g, 0, "move n\n") == 0 && g->xenos[c1] == D->tiles[hive].hive,
		    "movement: a new tile's hive icon brings its Xenomorph dice (%d)",
		    D->tiles[hive].hive);
		g->xenos[c1] = 0;
		g->side[c1][BH_N] = X;
		g->side[c1][BH_E] = X;
		ok(play(g, 0, "move e\n") == 0 && g->objective[C("d1")] == 1,
		    "movement: a new tile's objective icon brings an objective token");
	}
	R->free(g);
}

/* ---- Actions, Shooting, Ready and Depleted ---- */

static void
test_actions(void)
{
	struct rules_game *g = board(2);
	int c1 = C("c1"), c2 = C("c2"), m0;

	tile(g, c1, B, X, X, W);
	tile(g, c2, X, W, X, W);
	g->sq[0].pos = c1;
	is_str(why(g, 0, "capture x\n"), "line 1: \"capture x\": not a mission in play; "
	    "expected capture MISSION", "capture: a mission in play");
	m0 = g->mission[0];
	{
		char line[64];

		snprintf(line, sizeof line, "capture %s\n", D->missions[m0].id);
		ok(strstr(why(g, 0, line), "no objective token") != NULL,
		    "capture: only with an objective token on the tile");
		g->objective[c1] = 1;
		ok(play(g, 0, line) == 0 && g->mtok[0] == 1 && g->mup[0] == 1 &&
		    !g->objective[c1], "capture: the token goes face up on the mission named");
		g->objective[c1] = 1;
		g->mtok[0] = 3;
		ok(strstr(why(g, 0, line), "has its 3 objective tokens") != NULL,
		    "capture: no more than 3 on a mission");
	}
	ok(play(g, 0, "breach n\n") == 0 && (g->breach[c1] & 1) && (g->breach[c2] & 4) &&
	    bh_passage(g, c1, BH_N) == 1, "breach: a breach token; no longer a barrier");
	ok(strstr(why(g, 0, "breach n\n"), "breached already") != NULL,
	    "breach: not twice");
	ok(strstr(why(g, 0, "breach e\n"), "no barrier") != NULL, "breach: only a barrier");
	/* a breached side stays breached under a tile placed later */
	g->breach[C("d1")] = 0;
	g->side[c1][BH_E] = B;
	g->breaches_left = 1;
	ok(play(g, 0, "breach e\n") == 0, "breach: toward an empty space");
	tile(g, C("d1"), W, W, X, B);
	is_int(bh_passage(g, c1, BH_E), 1, "breach: a tile placed later stays breached");
	ok(strstr(why(g, 0, "breach w\n"), "no barrier") != NULL && g->breaches_left == 0,
	    "breach: the tokens run out");
	g->sq[0].c[0].ready = 0;
	ok(strstr(why(g, 0, "shoot grunt-1\n"), "depleted character cannot shoot") != NULL,
	    "depleted: a depleted character cannot shoot");
	ok(play(g, 0, "reload\n") == 0 && g->sq[0].c[0].ready, "reload: readies the "
	    "depleted");
	is_str(why(g, 0, "reload\nreload\n"), "line 2: \"reload\": a second action; "
	    "expected one action a turn", "turn: one action");
	is_str(why(g, 0, "reload\nmove n\n"), "line 2: \"move n\": the move comes after the "
	    "action; expected move first, then the action", "turn: move, then the action");
	R->free(g);
}

static void
test_shooting(void)
{
	/* faces of a 6-sided sample die: 0-2 blank, 3 head, 4-5 claw */
	static const uint32_t faces[] = { 0, 3, 4, 0 };
	struct rules_game *g = board(2);
	int c1 = C("c1"), c2 = C("c2"), b1 = C("b1"), hive, n;

	tile(g, c1, X, W, X, B);
	tile(g, c2, X, W, X, W);
	tile(g, b1, W, B, W, W);
	g->sq[0].pos = c1;
	g->xenos[c1] = 2;
	g->xenos[c2] = 3;
	g->xenos[b1] = 5;
	rig(faces, 4);
	ok(play(g, 0, "shoot grunt-1 grunt-2\n") == 0, "shoot: two Grunts, firepower 4");
	is_int(g->xenos[c1], 2, "shoot: own tile first (a blank killed, a head lives) and "
	    "an adjacent survivor moved in");
	is_int(g->xenos[c2], 1, "shoot: the rest of the firepower into the adjacent tile");
	is_int(g->xenos[b1], 5, "shoot: not through a barrier");
	is_int(g->sq[0].c[0].ntok, 1, "shoot: a head in the own tile wounds a character "
	    "that fired");
	ok(!g->sq[0].c[0].ready && !g->sq[0].c[1].ready && g->sq[0].c[2].ready,
	    "shoot: the characters that fired are depleted");
	/* from the APC: Sector 3's first tile only, survivors escape */
	g->sq[1].pos = BH_APC;
	g->active = 1;
	g->xenos[c1] = 1;
	hive = g->hive;
	rig((const uint32_t[]){ 4 }, 1);
	ok(play(g, 1, "shoot grunt-1\n") == 0 && g->xenos[c1] == 0 && g->escaped == 1 &&
	    g->hive == (hive + 1) % D->nhive, "shoot: from the APC, a survivor escapes and "
	    "the hive counter advances");
	ok(strstr(why(g, 1, "shoot grunt-2 at b1\n"), "not a tile the squad may shoot into")
	    != NULL, "shoot: from the APC only into c1");
	R->free(g);

	/* the rest of the firepower "may" go to adjacent tiles: the shooter chooses */
	g = board(1);
	tile(g, c1, X, X, X, W);
	tile(g, c2, X, W, X, W);
	tile(g, C("d1"), W, W, W, X);
	g->sq[0].pos = c1;
	g->xenos[c1] = 1;
	g->xenos[c2] = 2;
	g->xenos[C("d1")] = 2;
	{
		char *legal = R->legal(g, 0);

		ok(strstr(legal, "\nshoot grunt-1 grunt-2 grunt-3 at 3/1\n") != NULL &&
		    strstr(legal, "\nshoot grunt-1 grunt-2 grunt-3 at 3/2\n") != NULL,
		    "shoot: the legal orders offer the own tile alone and each adjacent tile");
		free(legal);
	}
	rig((const uint32_t[]){ 0, 4, 4 }, 3);
	ok(play(g, 0, "shoot grunt-1 grunt-2 at c2\n") == 0 && g->xenos[c1] == 2 &&
	    g->xenos[c2] == 0 && g->xenos[C("d1")] == 2, "shoot: with cells named after "
	    "\"at\", only those adjacent tiles are targeted");
	g->sq[0].c[0].ready = g->sq[0].c[1].ready = 1;
	g->xenos[c1] = 1;
	g->xenos[c2] = 2;
	rig((const uint32_t[]){ 0 }, 1);
	ok(play(g, 0, "shoot grunt-1 at 3/1\n") == 0 && g->xenos[c1] == 0 &&
	    g->xenos[c2] == 2 && g->xenos[C("d1")] == 2, "shoot: \"at\" the squad's own "
	    "tile alone: no adjacent tile is targeted");
	R->free(g);

	/* Shooting 1a: the own tile first; a named tile the firepower cannot reach is refused */
	g = board(1);
	tile(g, c1, X, X, X, W);
	tile(g, c2, X, W, X, W);
	g->sq[0].pos = c1;
	g->xenos[c1] = 4;
	g->xenos[c2] = 2;
	{
		const char *w = why(g, 0, "# the shot\nshoot grunt-1 grunt-2 at 3/2\n");
		char *legal;

		ok(strstr(w, "line 2: \"shoot grunt-1 grunt-2 at 3/2\": the squad's own tile is "
		    "targeted first (Shooting 1a): its 4 Xenomorphs take all 4 firepower, none "
		    "is left for 3/2; ") != NULL && strstr(w, "; expected more firepower") != NULL &&
		    strchr(w, '\n') == NULL,
		    "shoot: at a tile when the own tile takes all the firepower: refused, the "
		    "rule named, on one line (%s)", w);
		ok(*why(g, 0, "shoot grunt-1 grunt-2 grunt-3 at c2\n") == '\0' &&
		    *why(g, 0, "shoot grunt-1 grunt-2\n") == '\0',
		    "shoot: with firepower left over, or without \"at\", the shot stands");
		/* applied without a check (a state changed since): it fails alone, in an event */
		{
			size_t i;
			int good = 0;
			cJSON *j;

			rules_events_free(&ev);
			bh_orders_run(g, 0, "shoot grunt-1 at 3/2\n", 0, &rng, &ev, NULL);
			bh_orders_run(g, 0, "shoot wounds grunt-1\n", 0, &rng, &ev, NULL);
			for (i = 0; i < ev.n; i++)
				if ((j = cJSON_Parse(ev.v[i].json)) != NULL) {
					good += strstr(ev.v[i].json, "order-failed") != NULL &&
					    (strstr(ev.v[i].json, "Shooting 1a") != NULL ||
					    strstr(ev.v[i].json, "'wounds' before") != NULL);
					cJSON_Delete(j);
				}
			ok(good == 2 && g->sq[0].c[0].ready && g->xenos[c1] == 4,
			    "shoot: applied, the refused shot fails alone in an event (valid "
			    "JSON, quotes and all), nothing spent");
			rules_events_free(&ev);
		}
		g->xenos[c1] = 6;
		legal = R->legal(g, 0);
		ok(strstr(legal, " at 3/2\n") == NULL && strstr(legal, " at c2\n") == NULL &&
		    strstr(legal, "\nshoot grunt-1 grunt-2 grunt-3\n") != NULL,
		    "shoot: the legal orders offer no shot at a tile the firepower cannot reach");
		free(legal);
		{
			cJSON *rv = R->view(g, 0), *tv = R->view_text(rv, "blue");
			const char *t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tv,
			    "text"));

			ok(t != NULL && strstr(t, "A shoot line may end \"wounds C ...\"") != NULL,
			    "view: the seat that may shoot is told of the wounds option");
			cJSON_Delete(tv);
			cJSON_Delete(rv);
		}
	}
	R->free(g);

	/* from the APC with nothing on Sector 3's first tile: no shot offered */
	g = board(1);
	tile(g, c1, X, W, X, W);
	g->sq[0].pos = BH_APC;
	{
		char *legal = R->legal(g, 0);

		ok(strstr(legal, "shoot") == NULL, "shoot: from the APC with no Xenomorph on "
		    "Sector 3's first tile, no shot is offered");
		free(legal);
		g->xenos[c1] = 1;
		legal = R->legal(g, 0);
		ok(strstr(legal, "\nshoot grunt-1 grunt-2 grunt-3\n") != NULL,
		    "shoot: from the APC with a Xenomorph there, the shot is offered");
		free(legal);
	}
	R->free(g);

	/* Sectors numbered 1..5 as the rulebook does: cells SECTOR/TILE, the old letters read */
	ok(C("3/1") == 2 && C("c1") == 2 && C("1/6") == 25 && C("a6") == 25 && C("5/1") == 4 &&
	    C("6/1") == -2 && C("3/7") == -2 && C("f1") == -2 && C("31") == -2 &&
	    strcmp(bh_cell_name(2), "3/1") == 0 && strcmp(bh_cell_name(29), "5/6") == 0 &&
	    bh_neighbour(BH_APC, BH_N) == C("3/1"),
	    "cells: Sector 3's first tile is 3/1 (the old c1 still read), next to the APC");
	g = board(1);
	tile(g, c1, X, W, X, W);
	g->sq[0].pos = BH_APC;
	ok(*why(g, 0, "move n\nshoot grunt-1 at 3/1\n") == '\0' &&
	    *why(g, 0, "move n\nshoot grunt-1 at c1\n") == '\0' &&
	    strstr(why(g, 0, "shoot grunt-1 at 2/1\n"), "not a tile the squad may shoot into")
	    != NULL, "cells: orders name tiles SECTOR/TILE or by the old letters");
	R->free(g);

	/* Shooting 2: the players choose which firer takes each head wound */
	g = board(1);
	tile(g, c1, X, W, X, W);
	g->sq[0].pos = c1;
	g->xenos[c1] = 3;
	rig((const uint32_t[]){ 3, 3, 0 }, 3);	/* head, head, blank */
	ok(play(g, 0, "shoot grunt-1 grunt-2 wounds grunt-2\n") == 0 &&
	    g->sq[0].c[0].ntok == 0 && g->sq[0].c[1].ntok == 2 && g->xenos[c1] == 2,
	    "shoot: \"wounds grunt-2\": both heads wound grunt-2");
	g->sq[0].c[0].ready = g->sq[0].c[1].ready = 1;
	g->sq[0].c[1].ntok = 0;
	rig((const uint32_t[]){ 3, 3 }, 2);
	ok(play(g, 0, "shoot grunt-1 grunt-2 wounds grunt-2 grunt-1\n") == 0 &&
	    g->sq[0].c[0].ntok == 1 && g->sq[0].c[1].ntok == 1,
	    "shoot: one name a head, in order");
	g->sq[0].c[0].ready = g->sq[0].c[1].ready = 1;
	g->sq[0].c[0].ntok = g->sq[0].c[1].ntok = 0;
	rig((const uint32_t[]){ 3, 3 }, 2);
	ok(play(g, 0, "shoot grunt-2 grunt-1\n") == 0 && g->sq[0].c[0].ntok == 1 &&
	    g->sq[0].c[1].ntok == 1, "shoot: by default the firers in turn, as listed");
	g->sq[0].c[0].ready = g->sq[0].c[1].ready = 1;
	ok(strstr(why(g, 0, "shoot grunt-1 wounds grunt-3\n"), "only a character that fired "
	    "takes a head wound (Shooting 2)") != NULL &&
	    strstr(why(g, 0, "shoot grunt-1 wounds\n"), "nobody after \"wounds\"") != NULL &&
	    strstr(why(g, 0, "shoot wounds grunt-1\n"), "before the characters") != NULL &&
	    *why(g, 0, "shoot grunt-1 grunt-2 at 3/1 wounds grunt-2\n") == '\0',
	    "shoot: \"wounds\" names only characters that fired, after them");
	/* the one named is killed: the rest go by the default */
	g->sq[0].c[0].ntok = 0;
	g->sq[0].c[1].ntok = D->chars[grunt].armor;
	for (n = 0; n < g->sq[0].c[1].ntok; n++) {
		g->sq[0].c[1].tok[n] = n;
		g->sq[0].c[1].flipped[n] = 1;
	}
	rig((const uint32_t[]){ 3, 3 }, 2);
	ok(play(g, 0, "shoot grunt-1 grunt-2 wounds grunt-2\n") == 0 && g->sq[0].nchar == 2 &&
	    g->sq[0].c[0].ntok == 1, "shoot: the one named killed, the next head goes by the "
	    "default");
	R->free(g);

	/* a head in the own tile wounds a character that fired, never another */
	g = board(1);
	tile(g, c1, X, W, X, W);
	g->sq[0].pos = c1;
	g->xenos[c1] = 2;
	g->sq[0].c[1].ntok = D->chars[grunt].armor;
	for (hive = 0; hive < g->sq[0].c[1].ntok; hive++) {
		g->sq[0].c[1].tok[hive] = hive;
		g->sq[0].c[1].flipped[hive] = 1;
	}
	rig((const uint32_t[]){ 3, 3 }, 2);
	ok(play(g, 0, "shoot grunt-2\n") == 0 && g->sq[0].nchar == 2 &&
	    g->sq[0].c[0].ntok == 0 && g->sq[0].c[1].ntok == 0, "shoot: when the only "
	    "character that fired is killed, the other heads wound nobody");
	R->free(g);
}

/* ---- The Xenomorph Phase ---- */

/* ---- "the players decide": shared wounds, adjacent Xenomorphs, Point Man ---- */

/* Blue on 3/2 (c2), red on 2/3 (b3), n Xenomorphs on 2/2 (b2) between them. */
static struct rules_game *
adjacent_board(int n)
{
	struct rules_game *g = board(2);

	tile(g, C("c2"), X, X, X, X);
	tile(g, C("b3"), X, X, X, X);
	g->sq[0].pos = C("c2");
	g->sq[1].pos = C("b3");
	g->xenos[C("b2")] = n;
	return g;
}

static void
test_choices(void)
{
	struct rules_game *g = board(2), *h;
	int c2 = C("c2"), b3 = C("b3"), b2 = C("b2");
	char *s, *legal;
	cJSON *view;
	size_t len;

	/* Xenomorph Phase 1: who takes a shared tile's wounds */
	tile(g, c2, X, X, X, X);
	tile(g, b3, X, X, X, X);
	ok(play(g, 0, "prefer shared-wounds last") == 0 && g->sq[0].wound_pref == BH_PREF_LAST,
	    "prefer shared-wounds last: blue's standing choice");
	ok(strstr(why(g, 0, "prefer shared-wounds never"), "expected first, even, last or a "
	    "count 0 to 60") != NULL, "prefer shared-wounds never: refused, with the choices "
	    "(%s)", why(g, 0, "prefer shared-wounds never"));
	ok(*why(g, 0, "prefer shared-wounds 61") != '\0' &&
	    *why(g, 0, "prefer shared-wounds -1") != '\0' &&
	    *why(g, 0, "prefer adjacent-xenos 1x") != '\0' &&
	    *why(g, 0, "prefer adjacent-xenos 60") == '\0',
	    "a count past 60, negative or not a number is refused; 60 is taken");
	g->sq[0].pos = g->sq[1].pos = c2;
	g->xenos[c2] = 3;
	bh_xeno_attack(g, &rng, &ev);
	ok(g->sq[0].c[0].ntok == 0 && g->sq[1].c[0].ntok + g->sq[1].nchar < 3 + BH_SQUAD + 1 &&
	    has_event("\"seat\":\"red\""), "attack on a shared tile: blue takes them last, so "
	    "red's Point Man takes all 3 (blue %d, red %d tokens)", g->sq[0].c[0].ntok,
	    g->sq[1].c[0].ntok);
	rules_events_free(&ev);
	R->free(g);
	g = board(2);
	tile(g, c2, X, X, X, X);
	g->sq[0].pos = g->sq[1].pos = c2;
	g->sq[1].c[0].ntok = 2;	/* red has more tokens: even would send blue's way */
	g->sq[1].c[0].tok[0] = 0;
	g->sq[1].c[0].tok[1] = 1;
	g->active = 1;
	ok(play(g, 1, "prefer shared-wounds first") == 0, "red: prefer shared-wounds first");
	g->xenos[c2] = 1;
	bh_xeno_attack(g, &rng, &ev);
	ok(g->sq[0].c[0].ntok == 0, "attack: red takes it first though its Point Man has "
	    "more tokens (blue %d)", g->sq[0].c[0].ntok);
	rules_events_free(&ev);
	R->free(g);

	/* the split named exactly: a count N takes up to N of them first */
	g = board(2);
	tile(g, c2, X, X, X, X);
	g->sq[0].pos = g->sq[1].pos = c2;
	ok(play(g, 0, "prefer shared-wounds 2") == 0 &&
	    g->sq[0].wound_pref == BH_PREF_COUNT + 2, "prefer shared-wounds 2: a count");
	g->xenos[c2] = 3;
	bh_xeno_attack(g, &rng, &ev);
	ok(g->sq[0].c[0].ntok == 2 && g->sq[1].c[0].ntok == 1, "attack of 3 on a shared "
	    "tile: blue's Point Man takes the 2 it named, red's the third (blue %d, red %d)",
	    g->sq[0].c[0].ntok, g->sq[1].c[0].ntok);
	view = R->view(g, 0);
	legal = cJSON_PrintUnformatted(view);
	ok(strstr(legal, "\"shared_wounds\":\"2\"") != NULL, "the view shows blue's count");
	free(legal);
	cJSON_Delete(view);
	g->active = 1;
	ok(play(g, 1, "prefer shared-wounds 3") == 0, "red: prefer shared-wounds 3");
	s = R->save(g, &len);
	h = R->load(data, s, len, NULL);
	ok(h != NULL && h->sq[0].wound_pref == BH_PREF_COUNT + 2 &&
	    h->sq[1].wound_pref == BH_PREF_COUNT + 3, "save and load: the counts kept");
	if (h != NULL)
		R->free(h);
	free(s);
	rules_events_free(&ev);
	R->free(g);
	g = board(2);
	tile(g, c2, X, X, X, X);
	g->sq[0].pos = g->sq[1].pos = c2;
	g->sq[0].wound_pref = BH_PREF_COUNT + 1;
	g->sq[1].wound_pref = BH_PREF_COUNT + 3;
	g->xenos[c2] = 4;
	bh_xeno_attack(g, &rng, &ev);
	ok(g->sq[0].c[0].ntok == 1 && g->sq[1].c[0].ntok == 3, "attack of 4, counts 1 and "
	    "3: the split the players named, not 2 and 2 (blue %d, red %d)",
	    g->sq[0].c[0].ntok, g->sq[1].c[0].ntok);
	rules_events_free(&ev);
	R->free(g);
	g = adjacent_board(3);
	ok(play(g, 0, "prefer adjacent-xenos 1") == 0, "prefer adjacent-xenos 1");
	bh_xeno_move(g, &ev);
	ok(g->xenos[c2] == 1 && g->xenos[b3] == 2, "move: 1 of 3 to blue's tile as it "
	    "named, 2 to red's (blue %d, red %d)", g->xenos[c2], g->xenos[b3]);
	g->xenos[c2] = g->xenos[b3] = 0;
	g->xenos[b2] = 3;
	rules_events_free(&ev);
	ok(play(g, 0, "prefer adjacent-xenos 2") == 0, "prefer adjacent-xenos 2");
	bh_xeno_move(g, &ev);
	ok(g->xenos[c2] == 2 && g->xenos[b3] == 1 && has_event("\"to\":\"2/3\",\"count\":1") &&
	    has_event("\"to\":\"3/2\",\"count\":2"), "move: 2 of 3 to blue's tile, "
	    "1 to red's, the events say so (blue %d, red %d)", g->xenos[c2], g->xenos[b3]);
	g->xenos[c2] = g->xenos[b3] = 0;
	g->xenos[b2] = 3;
	g->active = 1;
	ok(play(g, 1, "prefer adjacent-xenos 0") == 0, "red: prefer adjacent-xenos 0");
	g->sq[0].xeno_pref = BH_PREF_COUNT + 1;
	bh_xeno_move(g, &ev);
	ok(g->xenos[c2] == 1 && g->xenos[b3] == 2, "move: past both counts (1 and 0) they "
	    "are shared again, the stronger first (blue %d, red %d)", g->xenos[c2],
	    g->xenos[b3]);
	rules_events_free(&ev);
	R->free(g);

	/* Xenomorph Phase 2: adjacent to two squads, the players decide */
	g = adjacent_board(3);
	ok(play(g, 0, "prefer adjacent-xenos elsewhere") == 0 &&
	    g->sq[0].xeno_pref == BH_PREF_LAST, "prefer adjacent-xenos elsewhere");
	bh_xeno_move(g, &ev);
	ok(g->xenos[b3] == 3 && g->xenos[c2] == 0, "move: blue wants them elsewhere, so all 3 "
	    "go to red's tile (red %d, blue %d)", g->xenos[b3], g->xenos[c2]);
	g->xenos[b3] = 0;
	g->xenos[b2] = 3;
	g->active = 1;
	ok(play(g, 1, "prefer adjacent-xenos here") == 0, "red: prefer adjacent-xenos here");
	g->active = 0;
	ok(play(g, 0, "prefer adjacent-xenos even") == 0, "blue: even again");
	bh_xeno_move(g, &ev);
	ok(g->xenos[b3] == 3 && g->xenos[c2] == 0, "move: red wants them, all 3 go to red");
	g->xenos[b3] = 0;
	g->xenos[b2] = 3;
	g->sq[1].xeno_pref = BH_PREF_EVEN;
	bh_xeno_move(g, &ev);
	ok(g->xenos[b3] + g->xenos[c2] == 3 && g->xenos[b3] > 0 && g->xenos[c2] > 0,
	    "move: both even: shared between the tiles, as before (%d and %d)",
	    g->xenos[c2], g->xenos[b3]);
	rules_events_free(&ev);
	/* a choice survives save and load; a game that never chose keeps its bytes */
	g->sq[0].wound_pref = BH_PREF_FIRST;
	g->sq[0].xeno_pref = g->sq[1].xeno_pref = BH_PREF_EVEN;
	s = R->save(g, &len);
	h = R->load(data, s, len, NULL);
	ok(h != NULL && h->sq[0].wound_pref == BH_PREF_FIRST && h->sq[1].xeno_pref ==
	    BH_PREF_EVEN && strstr(s, "\"xeno_pref\"") == NULL, "save and load: the choices "
	    "kept, the default not written");
	if (h != NULL)
		R->free(h);
	free(s);
	R->free(g);

	/* the Point Man: the squad's order, set in its first turn */
	g = board(2);
	legal = R->legal(g, 0);
	ok(strstr(legal, "\norder grunt-3 grunt-1 grunt-2\n") != NULL &&
	    strstr(legal, "\nprefer shared-wounds first\n") != NULL &&
	    strstr(legal, "\nprefer adjacent-xenos elsewhere\n") != NULL,
	    "the first turn's legal orders offer the squad's arrangements and the choices");
	free(legal);
	ok(strstr(why(g, 0, "order grunt-1 grunt-1 grunt-2"), "named twice") != NULL &&
	    strstr(why(g, 0, "order grunt-1 grunt-2"), "every character") != NULL &&
	    strstr(why(g, 0, "order grunt-1 grunt-2 hicks"), "not a character") != NULL,
	    "order: each character of the squad once, none twice, none of another squad");
	ok(strstr(why(g, 0, "order grunt-2 grunt-1 grunt-3\norder grunt-1 grunt-2 grunt-3"),
	    "one order line") != NULL, "order: one line a turn");
	ok(play(g, 0, "order grunt-3 grunt-1 grunt-2\npass") == 0 && g->sq[0].c[0].copy == 3 &&
	    g->sq[0].c[1].copy == 1 && has_event("\"type\":\"squad-order\""),
	    "order grunt-3 grunt-1 grunt-2: grunt-3 is the Point Man, the event tells it");
	rules_events_free(&ev);
	g->sq[0].turns = 1;
	legal = R->legal(g, 0);
	ok(strstr(why(g, 0, "order grunt-1 grunt-2 grunt-3"), "first turn only") != NULL &&
	    strstr(legal, "\norder ") == NULL, "after its first turn: refused and not offered");
	free(legal);
	R->free(g);
}

/*
 * The stop: a squad that asked to be asked (`set stops xenomorph`) is
 * asked before a Xenomorph Phase the Phase Deck starts when it has a
 * choice in it; its answer, `prefer` lines, is used in that phase.
 */
static void
test_xeno_stop(void)
{
	struct rules_game *g = board(2), *h;
	int c2 = C("c2");
	char *legal, *s, *cause = NULL;
	size_t len;

	tile(g, c2, X, X, X, X);
	g->sq[0].pos = g->sq[1].pos = c2;
	g->xenos[c2] = 2;
	g->ndeck = 2;
	g->dpos = 0;
	g->deck[0] = BH_CARD_XENO;
	g->deck[1] = 1;
	g->ndiscard = 0;
	g->hive = before(BH_ICON_XENO);
	R->setting(g, 0, "stops", "turn xenomorph");
	ok(g->sq[0].xeno_stop == 1, "set stops xenomorph: blue wants to be asked");
	R->resolve(g, (const char *[]){ "pass\n", NULL }, &rng, &ev, NULL);
	ok(strcmp(R->phase(g), "xenomorph") == 0 && R->owes(g, 0) && !R->owes(g, 1) &&
	    g->sq[0].c[0].ntok == 0 && g->sq[1].c[0].ntok == 0,
	    "stop: the Xenomorph card's phase waits for blue, whose tile is shared; "
	    "nobody is wounded yet");
	rules_events_free(&ev);
	legal = R->legal(g, 0);
	ok(strstr(legal, "pass\n") == legal && strstr(legal, "\nprefer shared-wounds first\n") !=
	    NULL && strstr(legal, "move") == NULL, "stop: blue's legal orders are its "
	    "choices and pass");
	ok(strstr(legal, "\nprefer shared-wounds 1\n") != NULL &&
	    strstr(legal, "\nprefer shared-wounds 2\n") == NULL &&
	    strstr(legal, "prefer adjacent-xenos 1") == NULL, "stop: and the count that "
	    "splits its tile's 2 wounds (none for adjacent Xenomorphs: there are none)");
	free(legal);
	ok(strstr(why(g, 0, "move n"), "a Xenomorph Phase is waiting for your choices") !=
	    NULL && strstr(why(g, 1, "pass"), "waits for other squads") != NULL,
	    "stop: other orders and other seats are refused, with why");
	s = R->save(g, &len);
	h = R->load(data, s, len, &cause);
	ok(h != NULL && h->phase == BH_PH_XENO && h->sq[0].asked && h->sq[0].xeno_stop,
	    "stop: the waiting phase survives save and load%s%s", cause ? ": " : "",
	    cause ? cause : "");
	free(cause);
	if (h != NULL)
		R->free(h);
	free(s);
	ok(R->resolve(g, (const char *[]){ "prefer shared-wounds first\n", NULL }, &rng, &ev,
	    NULL) == 0 && g->sq[0].c[0].ntok == 2 && g->sq[1].c[0].ntok == 0 &&
	    g->phase == BH_PH_TURN && g->active == 1 && !g->sq[0].asked,
	    "stop: blue's answer is used: it takes both wounds, then red's turn");
	rules_events_free(&ev);
	R->free(g);
	/* without a choice for blue, nobody is asked */
	g = board(2);
	tile(g, c2, X, X, X, X);
	g->sq[0].pos = c2;
	g->xenos[c2] = 2;
	g->ndeck = 2;
	g->dpos = 0;
	g->deck[0] = BH_CARD_XENO;
	g->deck[1] = 1;
	g->hive = before(BH_ICON_XENO);
	R->setting(g, 0, "stops", "xenomorph");
	R->resolve(g, (const char *[]){ "pass\n", NULL }, &rng, &ev, NULL);
	ok(g->phase == BH_PH_TURN && g->active == 1 && g->sq[0].c[0].ntok == 2,
	    "stop: a phase with no choice for the squad waits for nobody");
	R->setting(g, 0, "stops", "none");
	ok(g->sq[0].xeno_stop == 0, "set stops none: the stop cleared");
	rules_events_free(&ev);
	R->free(g);
}

/*
 * ---- the rulebook's choices (doc/rulebook-choices.tsv, game bughunt) ----
 * Each case plays one position twice (tests/choice-cases.h), with the
 * order, preference or game option the table names (its arg) and by
 * default; tests/rules/test-choices.sh runs each by `--choice ID`.
 */

/* Squad s's characters as copy:tokens..., and where it stands. */
static char *
squad_outcome(const struct rules_game *g, int s)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addf(&sb, "%s at %s:", bh_colours[s], bh_cell_name(g->sq[s].pos));
	for (i = 0; i < g->sq[s].nchar; i++)
		strbuf_addf(&sb, " %d/%d%s", g->sq[s].c[i].copy, g->sq[s].c[i].ntok,
		    g->sq[s].c[i].ready ? "" : "d");
	return strbuf_detach(&sb, NULL);
}

static char *
done_outcome(struct rules_game *g, char *s)
{
	rules_events_free(&ev);
	R->free(g);
	return s;
}

/* Game options (Adjusting Game Difficulty), chosen at `muthur new-game`. */
static char *
ch_option(int chosen, const char *opt)
{
	struct rules_game *g = game(2, chosen ? opt : NULL, 1);
	int i, x = 0, named = 0;

	if (g == NULL)
		return xstrdup("refused");
	for (i = 0; i < BH_CELLS; i++)
		x += g->xenos[i];
	for (i = 0; i < BH_SQUAD; i++)
		named += D->chars[g->sq[0].c[i].def].named;
	return done_outcome(g, xasprintf("xenos %d, phase deck %d, named %d", x,
	    g->ndeck, named));
}

/* Checklist 2: who is the Point Man; the first attack shows it. */
static char *
ch_squad_order(int chosen, const char *arg)
{
	struct rules_game *g = board(1);
	int c1 = C("c1");

	tile(g, c1, X, X, X, X);
	play(g, 0, chosen ? arg : "pass\n");
	g->sq[0].pos = c1;
	g->xenos[c1] = 1;
	bh_xeno_attack(g, &rng, &ev);
	return done_outcome(g, squad_outcome(g, 0));
}

/* Begin the Game 2: who takes the Lt. Command turn. */
static char *
ch_lt_command(int chosen, const char *arg)
{
	struct rules_game *g = board(3);

	if (chosen)
		play(g, 0, arg);
	g->ndeck = 2;
	g->dpos = 0;
	g->deck[0] = 0;
	g->deck[1] = BH_CARD_LT;
	g->ndiscard = 0;
	g->last_active = -1;
	bh_next_turn(g, &rng, &ev);
	bh_next_turn(g, &rng, &ev);
	return done_outcome(g, xasprintf("the Lt. Command turn: %s",
	    bh_colours[g->active]));
}

/* A squad on c1 (open tile) and, when x, x Xenomorphs on the tile north. */
static struct rules_game *
squad_on_c1(int x)
{
	struct rules_game *g = board(1);
	int c1 = C("c1"), c2 = C("c2");

	tile(g, c1, X, X, X, X);
	tile(g, c2, X, X, X, X);
	g->sq[0].pos = c1;
	g->xenos[c2] = x;
	return g;
}

/* Player Turn 1, Movement: the squad moves or stays. */
static char *
ch_move(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(0);

	play(g, 0, chosen ? arg : "pass\n");
	return done_outcome(g, squad_outcome(g, 0));
}

/* Actions, Reload: the depleted characters ready again. */
static char *
ch_reload(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(0);

	g->sq[0].c[0].ready = g->sq[0].c[1].ready = 0;
	play(g, 0, chosen ? arg : "pass\n");
	return done_outcome(g, squad_outcome(g, 0));
}

/* Actions, Capture an Objective: onto the mission named. */
static char *
ch_capture(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(0);
	char line[64];

	g->objective[C("c1")] = 1;
	snprintf(line, sizeof line, "%s%s\n", arg, D->missions[g->mission[1]].id);
	play(g, 0, chosen ? line : "pass\n");
	return done_outcome(g, xasprintf("tokens on the missions: %d %d %d; on the "
	    "tile %d", g->mtok[0], g->mtok[1], g->mtok[2], g->objective[C("c1")]));
}

/* Actions, Breach a Barrier: the side named. */
static char *
ch_breach(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(0);

	g->side[C("c1")][BH_N] = B;
	play(g, 0, chosen ? arg : "pass\n");
	return done_outcome(g, xasprintf("passage north %d",
	    bh_passage(g, C("c1"), BH_N)));
}

/* Shooting 1: which ready characters fire. */
static char *
ch_shoot(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(2);

	rig((const uint32_t[]){ 0, 0 }, 2);
	play(g, 0, chosen ? arg : "pass\n");
	return done_outcome(g, xasprintf("%s; xenos north %d", squad_outcome(g, 0),
	    g->xenos[C("c2")]));
}

/* Shooting 1b: which adjacent tiles the rest of the firepower targets. */
static char *
ch_shoot_at(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(1);

	tile(g, C("d1"), X, X, X, X);
	g->xenos[C("d1")] = 1;
	rig((const uint32_t[]){ 0, 0 }, 2);
	play(g, 0, chosen ? arg : "shoot grunt-1\n");
	return done_outcome(g, xasprintf("xenos north %d, east %d", g->xenos[C("c2")],
	    g->xenos[C("d1")]));
}

/* Shooting 2: which character that fired takes each head's wound. */
static char *
ch_head_wounds(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(0);

	g->xenos[C("c1")] = 2;
	rig((const uint32_t[]){ 3, 3 }, 2);	/* two heads */
	play(g, 0, chosen ? arg : "shoot grunt-1 grunt-2\n");
	return done_outcome(g, squad_outcome(g, 0));
}

/* Xenomorph Phase 1: two squads on one tile share its wounds. */
static char *
ch_shared_wounds(int chosen, const char *arg)
{
	struct rules_game *g = board(2);
	int c2 = C("c2");
	char *a, *b, *s;

	tile(g, c2, X, X, X, X);
	if (chosen)
		play(g, 0, arg);
	g->sq[0].pos = g->sq[1].pos = c2;
	g->xenos[c2] = 2;
	bh_xeno_attack(g, &rng, &ev);
	a = squad_outcome(g, 0);
	b = squad_outcome(g, 1);
	s = xasprintf("%s; %s", a, b);
	free(a);
	free(b);
	return done_outcome(g, s);
}

/* Xenomorph Phase 2: Xenomorphs adjacent to two squads. */
static char *
ch_adjacent_xenos(int chosen, const char *arg)
{
	struct rules_game *g = adjacent_board(2);
	int c2 = C("c2"), b3 = C("b3");

	if (chosen)
		play(g, 0, arg);
	bh_xeno_move(g, &ev);
	return done_outcome(g, xasprintf("blue's tile %d, red's tile %d", g->xenos[c2],
	    g->xenos[b3]));
}

/* Missions and Objectives: a mission's ability, by flipping a token. */
static char *
ch_use_mission(int chosen, const char *arg)
{
	struct rules_game *g = squad_on_c1(0);
	char line[96];
	int m;

	for (m = 0; m < D->nmissions; m++)
		if (D->missions[m].ability == BH_MA_PURGE)
			break;
	g->mission[0] = m;
	g->mtok[0] = g->mup[0] = 1;
	g->xenos[C("c1")] = 3;
	snprintf(line, sizeof line, "%s%s\npass\n", arg, D->missions[m].id);
	play(g, 0, chosen ? line : "pass\n");
	return done_outcome(g, xasprintf("xenos on the tile %d, face-up tokens %d",
	    g->xenos[C("c1")], g->mup[0]));
}

static const struct choice_case choice_cases[] = {
	{ "bh-squad-order", ch_squad_order, "order grunt-3 grunt-1 grunt-2\npass\n" },
	{ "bh-lt-command", ch_lt_command, "prefer lt-command green\n" },
	{ "bh-move", ch_move, "move n\n" },
	{ "bh-capture", ch_capture, "capture " },
	{ "bh-breach", ch_breach, "breach n\n" },
	{ "bh-reload", ch_reload, "reload\n" },
	{ "bh-shoot", ch_shoot, "shoot grunt-1 grunt-2\n" },
	{ "bh-shoot-at", ch_shoot_at, "shoot grunt-1 at 3/2\n" },
	{ "bh-head-wounds", ch_head_wounds, "shoot grunt-1 grunt-2 wounds grunt-2\n" },
	{ "bh-shared-wounds", ch_shared_wounds, "prefer shared-wounds first\n" },
	{ "bh-adjacent-xenos", ch_adjacent_xenos, "prefer adjacent-xenos here\n" },
	{ "bh-use-mission", ch_use_mission, "use " },
	{ "bh-named-for-grunt", ch_option, "named-for-grunt" },
	{ "bh-no-setup-spawn", ch_option, "no-setup-spawn" },
	{ "bh-extra-setup-spawn", ch_option, "extra-setup-spawn" },
	{ "bh-extra-xenomorph-cards", ch_option, "extra-xenomorph-cards=2" },
};

static void
tap_report(int cond, const char *what)
{
	ok(cond, "%s", what);
}

/* Every case, or only the one named (none such: a failure). */
static void
test_choice_cases(const char *only)
{
	choice_cases_run(choice_cases, sizeof choice_cases / sizeof choice_cases[0], only,
	    tap_report);
}

static void
test_xenos(void)
{
	struct rules_game *g = board(2);
	int c1 = C("c1"), c2 = C("c2"), c3 = C("c3"), d3 = C("d3"), b3 = C("b3");
	int n, e;

	tile(g, c1, X, X, X, X);
	tile(g, c2, X, X, X, X);
	tile(g, c3, X, X, X, X);
	tile(g, b3, X, X, X, X);
	tile(g, d3, X, X, X, X);
	g->sq[0].pos = c2;
	g->sq[1].pos = c2;
	g->xenos[c2] = 3;
	bh_xeno_attack(g, &rng, &ev);
	is_int(g->sq[0].c[0].ntok + g->sq[1].c[0].ntok, 3, "attack: a wound per Xenomorph "
	    "to the Point Men");
	ok(g->sq[0].c[0].ntok == 2 && g->sq[1].c[0].ntok == 1, "attack: squads sharing a "
	    "tile share them, the fewest wound tokens first");
	g->xenos[c2] = 0;
	g->sq[1].pos = b3;
	g->sq[1].nchar = 2;	/* red is the weaker */
	g->xenos[C("b2")] = 3;	/* adjacent to blue (c2) and red (b3) */
	g->xenos[C("a3")] = 1;	/* adjacent to red */
	g->xenos[C("c4")] = 2;	/* adjacent to no squad */
	g->xenos[C("e5")] = 1;
	g->xenos[C("a1")] = 1;
	e = bh_xeno_move(g, &ev);
	is_int(g->xenos[b3], 1 + 1, "move: into the adjacent tile with a squad");
	is_int(g->xenos[c2], 2, "move: adjacent to two squads: shared, the stronger first");
	ok(g->xenos[c3] == 2 && g->xenos[C("e4")] == 1 && g->xenos[C("c4")] == 0,
	    "move: else one space toward the APC, through tiles and empty spaces");
	ok(e == 1 && g->xenos[C("a1")] == 0, "move: from row 1 onto the APC: escaped");
	(void)d3;
	R->free(g);

	/* spawn: hives nearest the APC first, then the nearest empty space */
	g = board(1);
	{
		struct bh_data *dd = data;	/* a card of the test's own */
		int k, hv = -1, saved[BH_COLS];

		for (k = 0; k < D->ntiles; k++)
			if (hv < 0 && D->tiles[k].hive == 1)
				hv = k;
		g->tile[C("a2")] = hv;
		g->tile[C("a4")] = hv;
		g->tile[C("a1")] = 0;
		for (k = 0; k < D->ntrack; k++)
			if (D->track[k].nstep == 0 && D->track[k].printed == NULL)
				break;
		ok(k < D->ntrack, "spawn: a tracking card without text");
		memcpy(saved, D->track[k].blips, sizeof saved);
		memcpy(dd->track[k].blips, (int[BH_COLS]){ 4, 0, 0, 0, 0 }, sizeof saved);
		g->track[g->kpos] = k;
		bh_xeno_spawn(g, &rng, &ev);
		ok(g->xenos[C("a2")] == 1 && g->xenos[C("a4")] == 1 &&
		    g->xenos[C("a3")] == D->track[k].blips[0] - 2,
		    "spawn: each hive up to its number, nearest first; the rest to the empty "
		    "space nearest the APC");
		for (n = 0; n < BH_ROWS; n++)
			g->tile[n * BH_COLS] = 0;
		memset(g->xenos, 0, sizeof g->xenos);
		g->track[g->kpos] = k;
		bh_xeno_spawn(g, &rng, &ev);
		is_int(g->xenos[C("a6")], D->track[k].blips[0], "spawn: a full sector row: the "
		    "last tile");
		g->kpos = g->ntrack;
		bh_xeno_spawn(g, &rng, &ev);
		ok(g->phase == BH_PH_OVER && strcmp(g->reason, "tracking-deck-empty") == 0,
		    "losing: the tracking deck runs out");
		memcpy(dd->track[k].blips, saved, sizeof saved);

		/* card text as data: after the blips, told, then done step by step */
		{
			struct bh_trackdef keep = dd->track[k];
			size_t i, placed = 0, told = 0, after = 0;
			int hive;
			cJSON *rv, *tv;
			const char *t;

			memset(g->xenos, 0, sizeof g->xenos);
			for (n = 0; n < BH_CELLS; n++)
				g->tile[n] = -1;
			g->phase = BH_PH_TURN;
			g->kpos = 0;
			g->track[0] = k;
			hive = g->hive = 1;	/* a blank space after it (sample track) */
			memcpy(dd->track[k].blips, (int[BH_COLS]){ 0, 0, 1, 0, 0 }, sizeof saved);
			dd->track[k].printed = "Test card: two more in Sector 5, then the hive.";
			dd->track[k].nstep = 2;
			dd->track[k].step[0] = (struct bh_trackstep){ BH_TE_SPAWN, 5, 2 };
			dd->track[k].step[1] = (struct bh_trackstep){ BH_TE_HIVE, 0, 0 };
			rules_events_free(&ev);
			bh_xeno_spawn(g, &rng, &ev);
			for (i = 0; i < ev.n; i++) {
				if (strstr(ev.v[i].json, "\"xenomorphs-placed\"") != NULL &&
				    strstr(ev.v[i].json, "\"3/1\"") != NULL && told == 0)
					placed = i + 1;
				if (strstr(ev.v[i].json, "\"tracking-text\"") != NULL &&
				    strstr(ev.v[i].json, "\"text\":\"Test card: two more in "
				    "Sector 5, then the hive.\"") != NULL)
					told = i + 1;
				if (strstr(ev.v[i].json, "\"5/1\"") != NULL && told > 0)
					after = i + 1;
			}
			ok(g->xenos[C("3/1")] == 1 && g->xenos[C("5/1")] == 2 &&
			    g->hive == hive + 1 && placed > 0 && told > placed && after > told,
			    "spawn: the card's text after the blips, told in an event, its steps "
			    "in order (2 more in Sector 5, the hive counter +1)");
			rv = R->view(g, 0);
			tv = R->view_text(rv, "blue");
			t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(tv, "text"));
			ok(t != NULL && strstr(t, "it reads (sample text): Test card: two more in "
			    "Sector 5, then the hive.") != NULL,
			    "view: the last tracking card's text, marked as sample text");
			cJSON_Delete(tv);
			cJSON_Delete(rv);
			dd->track[k] = keep;
		}
	}
	R->free(g);
}

/* ---- How to Place Wounds, Complex Overrun ---- */

static void
test_wounds(void)
{
	struct rules_game *g = board(1);
	struct bh_char *pm = &g->sq[0].c[0];
	int def = pm->def, k, second = g->sq[0].c[1].def;

	for (k = 0; k < 4; k++)
		bh_wound(g, 0, 0, &ev);
	ok(pm->ntok == 4 && bh_wounds_down(pm) == 4, "wounds: face down, up to Armor (4)");
	g->wface[pm->tok[0]] = 0;
	bh_wound(g, 0, 0, &ev);
	ok(g->sq[0].nchar == 3 && bh_wounds_down(pm) == 3 && has_event("\"face\":\"blank\""),
	    "wounds: past Armor a token flips: blank, it lives");
	g->wface[pm->tok[1]] = 1;
	bh_wound(g, 0, 0, &ev);
	ok(g->sq[0].nchar == 2 && g->sq[0].c[0].def == second && has_event("killed"),
	    "wounds: KIA, it dies; the squad shifts and keeps a Point Man");
	(void)def;
	pm = &g->sq[0].c[0];
	for (k = 0; k < 4; k++) {
		bh_wound(g, 0, 0, &ev);
		g->wface[pm->tok[k]] = 0;
	}
	for (k = 0; k < 4; k++)
		bh_wound(g, 0, 0, &ev);
	ok(g->sq[0].nchar == 2 && bh_wounds_down(pm) == 0, "wounds: all flipped, none KIA");
	bh_wound(g, 0, 0, &ev);
	is_int(g->sq[0].nchar, 1, "wounds: the next wound kills");
	g->sq[0].nchar = 1;
	g->sq[0].c[0].ntok = D->chars[g->sq[0].c[0].def].armor;
	for (k = 0; k < g->sq[0].c[0].ntok; k++)
		g->sq[0].c[0].flipped[k] = 1;
	bh_wound(g, 0, 0, &ev);
	ok(g->phase == BH_PH_OVER && strcmp(g->reason, "squad-lost") == 0,
	    "losing: a squad lost all three characters");
	R->free(g);

	g = board(1);
	g->xenos[C("e6")] = D->dice - 1;
	is_int(bh_place_xenos(g, C("a1"), 2, &ev), -1, "overrun: dice to place, none left");
	ok(g->phase == BH_PH_OVER && strcmp(g->reason, "overrun") == 0, "overrun: the game "
	    "is lost");
	R->free(g);
}

/* ---- Missions and Objectives, Winning ---- */

static void
test_missions(void)
{
	struct rules_game *g = board(2);
	int m, c1 = C("c1");
	char line[96];

	tile(g, c1, X, X, X, X);
	g->sq[0].pos = c1;
	for (m = 0; m < D->nmissions; m++)
		if (D->missions[m].ability == BH_MA_PURGE)
			break;
	g->mission[0] = m;
	snprintf(line, sizeof line, "use %s\n", D->missions[m].id);
	ok(strstr(why(g, 0, line), "no face-up objective token") != NULL,
	    "missions: no face-up token, no ability");
	g->mtok[0] = 1;
	g->mup[0] = 1;
	g->xenos[c1] = 5;
	ok(play(g, 0, line) == 0 && g->mup[0] == 0 && g->mtok[0] == 1 &&
	    g->xenos[c1] == 5 - D->missions[m].amount, "missions: a token flipped face down "
	    "kills Xenomorphs on the tile");
	for (m = 0; m < D->nmissions; m++)
		if (D->missions[m].ability == BH_MA_PATCH)
			break;
	g->mission[1] = m;
	g->mtok[1] = g->mup[1] = 1;
	bh_wound(g, 0, 1, &ev);
	snprintf(line, sizeof line, "use %s grunt-2\n", D->missions[m].id);
	ok(play(g, 0, line) == 0 && g->sq[0].c[1].ntok == 0, "missions: patch takes a "
	    "face-down wound token off");
	/* winning: every mission complete, every squad on the APC */
	g->xenos[c1] = 0;
	g->mtok[0] = g->mtok[1] = g->mtok[2] = 3;
	g->sq[1].pos = BH_APC;
	ok(play(g, 0, "reload\n") == 0 && g->phase == BH_PH_TURN, "winning: not while a "
	    "squad is in the complex");
	ok(play(g, 0, "move s\n") == 0 && g->phase == BH_PH_OVER && g->won &&
	    has_event("\"victory\""), "winning: all missions and every squad on the APC");
	R->free(g);
	/* the game ends as the last squad reaches the APC: no line after it counts */
	g = board(2);
	tile(g, c1, X, X, X, X);
	g->sq[0].pos = c1;
	g->sq[1].pos = BH_APC;
	g->xenos[c1] = 1;
	g->mtok[0] = g->mtok[1] = g->mtok[2] = 3;
	g->xeno_left = 0;
	g->hive = before(BH_ICON_GAME_OVER);
	rig((const uint32_t[]){ 4 }, 1);	/* a claw: the Xenomorph would escape */
	ok(play(g, 0, "move s\nshoot grunt-1\n") == 0 && g->phase == BH_PH_OVER && g->won &&
	    g->sq[0].c[0].ready, "winning: the game ends when the last squad reaches the "
	    "APC, before the action that follows");
	R->free(g);
	g = board(1);
	g->xeno_left = 0;
	g->hive = before(BH_ICON_GAME_OVER);
	bh_hive_advance(g, &rng, &ev, 0);
	ok(g->phase == BH_PH_OVER && strcmp(g->reason, "no-xenomorph-card") == 0,
	    "losing: a Xenomorph card to add and none left");
	R->free(g);
}

/* ---- the component data ---- */

static const cJSON *
get(const cJSON *o, const char *k)
{
	return cJSON_GetObjectItemCaseSensitive(o, k);
}

static cJSON *
fact(const char *top, const char *file)
{
	char *p = xasprintf("%s/tests/data/bughunt/%s", top, file), *text;
	size_t len;
	cJSON *o = NULL;

	if (fs_read_file(p, 1 << 20, &text, &len, NULL) == 0) {
		o = cJSON_ParseWithLength(text, len);
		free(text);
	}
	free(p);
	return o;
}

static void
test_data(const char *top, const char *src, size_t len)
{
	cJSON *comp = fact(top, "components.json"), *ch = fact(top, "characters.json");
	cJSON *dt = fact(top, "dice-and-tokens.json"), *c;
	struct rules_file f;
	char *canon, *canon2, *cause = NULL, *bad;
	size_t cl, cl2;
	void *d2;
	int k, grunts = 0, hudson = 0;

	ok(comp != NULL && ch != NULL && dt != NULL, "data: the published facts load");
	cJSON_ArrayForEach(c, get(comp, "components")) {
		const char *id = cJSON_GetStringValue(get(c, "id"));
		int n = get(c, "count") != NULL && cJSON_IsNumber(get(c, "count")) ?
		    get(c, "count")->valueint : -1;

		if (strcmp(id, "xenomorph_die") == 0)
			is_int(D->dice, n, "data: %d Xenomorph dice, as published", n);
		if (strcmp(id, "location_tile") == 0)
			is_int(D->ntiles, n, "data: %d location tiles", n);
		if (strcmp(id, "tracking_card") == 0)
			is_int(D->ntrack, n, "data: %d tracking cards", n);
		if (strcmp(id, "mission_card") == 0)
			is_int(D->nmissions, n, "data: %d mission cards", n);
		if (strcmp(id, "objective_token") == 0)
			is_int(D->objectives, n, "data: %d objective tokens", n);
		if (strcmp(id, "phase_card") == 0)
			is_int(D->xeno_cards, get(get(c, "breakdown"), "xenomorph_phase")->valueint,
			    "data: the Xenomorph phase cards");
	}
	cJSON_ArrayForEach(c, get(ch, "characters"))
		for (k = 0; k < D->nchars; k++) {
			if (strcasecmp(D->chars[k].name, cJSON_GetStringValue(get(c, "name"))) != 0)
				continue;
			if (cJSON_IsNumber(get(c, "firepower")))
				is_int(D->chars[k].firepower, get(c, "firepower")->valueint,
				    "data: %s's firepower as published", D->chars[k].name);
			if (cJSON_IsNumber(get(c, "armor")))
				is_int(D->chars[k].armor, get(c, "armor")->valueint,
				    "data: %s's armor as published", D->chars[k].name);
			if (cJSON_IsNumber(get(c, "copies")))
				grunts = D->chars[k].copies == get(c, "copies")->valueint;
			if (strcmp(D->chars[k].id, "hudson") == 0)
				hudson = D->chars[k].ability == BH_AB_DESPERATE &&
				    D->chars[k].amount == 2;
		}
	ok(grunts && hudson, "data: 8 Grunts; Hudson's +2 while down to 2 or fewer");
	{
		int nn = 0, ng = 0;

		for (k = 0; k < D->nchars; k++)
			*(D->chars[k].named ? &nn : &ng) += D->chars[k].copies;
		ok(cJSON_IsNumber(get(ch, "named_character_count")) &&
		    cJSON_IsNumber(get(ch, "grunt_count")) &&
		    nn == get(ch, "named_character_count")->valueint &&
		    ng == get(ch, "grunt_count")->valueint, "data: %d named character cards and "
		    "%d Grunts, as published", nn, ng);
	}
	cJSON_Delete(comp);
	cJSON_Delete(ch);
	cJSON_Delete(dt);
	ok(D->sample, "data: the installed file says it is sample data");

	/* canonical bytes: a fixed point */
	canon = R->data_canonical(data, &cl);
	f.name = "canon.json";
	f.bytes = canon;
	f.len = cl;
	d2 = R->data_load(&f, 1, &cause);
	canon2 = d2 != NULL ? R->data_canonical(d2, &cl2) : NULL;
	ok(canon2 != NULL && cl == cl2 && memcmp(canon, canon2, cl) == 0,
	    "data: the canonical bytes load to the same canonical bytes");
	if (d2 != NULL)
		R->data_free(d2);
	free(canon2);
	free(canon);
	/* errors name the file, the member and what was expected */
	bad = xmemdup(src, len + 1);
	bad[len] = '\0';
	{
		char *p = strstr(bad, "\"ahead\": \"");

		memcpy(p + 10, "door", 4);
		f.name = "club.json";
		f.bytes = bad;
		f.len = len;
		ok(R->data_load(&f, 1, &cause) == NULL && strstr(cause, "club.json: tiles[0].ahead:"
		    " expected one of \"wall\", \"exit\" or \"barrier\"") != NULL,
		    "data: a bad member is named with what was expected");
		diag("%s", cause);
		free(cause);
		cause = NULL;
	}
	free(bad);
	/* a tracking card's text: steps of the effect language, or the older form */
	{
		static const char hive_new[] = "\"effect\": [\n    \"hive\"\n   ],\n"
		    "   \"printed\": \"The hive stirs: advance the Hive Counter one space.\"";
		struct strbuf sb = STRBUF_INIT;
		const char *p = strstr(src, hive_new);
		struct bh_data *d3;
		int t;

		ok(p != NULL, "data: the sample's tracking cards have printed text and steps");
		if (p != NULL) {
			/* the older "text": "hive" still loads, to the same step */
			strbuf_add(&sb, src, (size_t)(p - src));
			strbuf_addstr(&sb, "\"text\": \"hive\"");
			strbuf_addstr(&sb, p + strlen(hive_new));
			f.name = "old.json";
			f.bytes = strbuf_str(&sb);
			f.len = strlen(f.bytes);
			d3 = R->data_load(&f, 1, &cause);
			/* the sample's first card with text, the one rewritten */
			for (t = 0; t < D->ntrack - 1 && D->track[t].printed == NULL; t++)
				;
			ok(d3 != NULL && D->track[t].nstep == 1 && D->track[t].printed != NULL &&
			    d3->track[t].nstep == 1 && d3->track[t].step[0].op == BH_TE_HIVE &&
			    d3->track[t].printed == NULL,
			    "data: the older \"text\": \"hive\" loads as one hive step");
			if (d3 != NULL)
				R->data_free(d3);
			free(cause);
			cause = NULL;
			/* a step that is not one */
			strbuf_reset(&sb);
			strbuf_add(&sb, src, (size_t)(p - src));
			strbuf_addstr(&sb, "\"effect\": [\"spawn 6 1\"]");
			strbuf_addstr(&sb, p + strlen(hive_new));
			f.name = "club.json";
			f.bytes = strbuf_str(&sb);
			f.len = strlen(f.bytes);
			ok(R->data_load(&f, 1, &cause) == NULL && cause != NULL &&
			    strstr(cause, "].effect: expected steps \"hive\", \"stir\", "
			    "\"attack\" or \"spawn S N\"") != NULL,
			    "data: a tracking step not of the language is named");
			diag("%s", cause != NULL ? cause : "");
			free(cause);
			cause = NULL;
		}
		strbuf_free(&sb);
	}
	f.name = "club.json";
	f.bytes = "{\"format\":\"muthur-bughunt-1\",\"die\":{\"blank\":0,\"head\":1,\"claw\":1}}";
	f.len = strlen(f.bytes);
	ok(R->data_load(&f, 1, &cause) == NULL && strstr(cause, "club.json: die.blank: "
	    "expected a whole number 1..12") != NULL, "data: numbers out of range");
	free(cause);
}

/* ---- secrecy ---- */

static char *
text_of(cJSON *o)
{
	char *s = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	return s;
}

/* Views, view texts and legal orders of every seat and a spectator, joined. */
static char *
all_views(const struct rules_game *g)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *v;
	char *s;
	int seat;

	for (seat = -1; seat < g->nseats; seat++) {
		v = R->view(g, seat);
		s = text_of(R->view_text(v, seat >= 0 ? bh_colours[seat] : "spectator"));
		strbuf_addf(&sb, "%s\n", s);
		free(s);
		s = text_of(v);
		strbuf_addf(&sb, "%s\n", s);
		free(s);
		if (seat >= 0) {
			s = R->legal(g, (size_t)seat);
			strbuf_addf(&sb, "%s\n", s);
			free(s);
		}
	}
	return strbuf_detach(&sb, NULL);
}

static void
rotate(int *v, int from, int n)
{
	int t, i;

	if (n - from < 2)
		return;
	t = v[from];
	for (i = from; i < n - 1; i++)
		v[i] = v[i + 1];
	v[n - 1] = t;
}

static void
test_secrecy(void)
{
	struct rules_game *a = game(3, NULL, 1), *b;
	char *va, *vb;
	int i, flips = 0;

	bh_orders_run(a, a->active, "move n\n", 0, &rng, &ev, NULL);
	for (i = 0; i < 4; i++)
		bh_wound(a, 0, 0, &ev);
	b = xmemdup(a, sizeof *a);
	rotate(b->tiles, b->tpos, b->ntiles);
	rotate(b->track, b->kpos, b->ntrack);
	rotate(b->deck, b->dpos, b->ndeck);
	for (i = 0; i < b->nwounds; i++)
		if (!b->wopen[i]) {
			b->wface[i] = !b->wface[i];
			flips++;
		}
	va = all_views(a);
	vb = all_views(b);
	ok(flips > 0 && memcmp(a->tiles, b->tiles, sizeof a->tiles) != 0 &&
	    memcmp(a->track, b->track, sizeof a->track) != 0, "secrecy: two states differing "
	    "in the tile stack, the undrawn tracking cards, the phase deck and %d wound faces",
	    flips);
	ok(strcmp(va, vb) == 0, "secrecy: every seat's view, view text and legal orders are "
	    "byte-identical");
	ok(strstr(va, D->tiles[a->tiles[a->tpos]].id) == NULL ||
	    strstr(va, "\"tile_stack\"") != NULL, "secrecy: the stack shows as a count");
	free(va);
	free(vb);
	{
		struct rules_secret *s;
		size_t n, k, nobody = 0;

		R->secrets(a, &s, &n);
		for (k = 0; k < n; k++)
			nobody += s[k].seat == -1;
		ok(n > 0 && nobody == n, "secrecy: %zu secrets, every one known to no seat", n);
		rules_secrets_free(s, n);
	}
	R->free(a);
	free(b);
}

/* ---- the board as a picture (picture.c) ---- */

/* Every seat's and a spectator's PNG of g, joined; *most: the largest. */
static char *
all_pictures(const struct rules_game *g, size_t *len, size_t *most, int *bad)
{
	struct strbuf sb = STRBUF_INIT;
	char *png, *cause = NULL;
	size_t n;
	int seat;
	cJSON *v;

	for (seat = -1; seat < g->nseats; seat++) {
		v = R->view(g, seat);
		if (R->picture == NULL || R->picture(v, seat >= 0 ? bh_colours[seat] :
		    NULL, RULES_PICTURE_PNG, &png, &n, &cause) != 0) {
			diag("picture: %s", cause != NULL ? cause : "no picture member");
			free(cause);
			cause = NULL;
			(*bad)++;
		} else {
			if (n < 24 || memcmp(png, "\x89PNG\r\n\x1a\n", 8) != 0 ||
			    memcmp(png + 12, "IHDR", 4) != 0)
				(*bad)++;
			if (n > *most)
				*most = n;
			strbuf_add(&sb, png, n);
			free(png);
		}
		cJSON_Delete(v);
	}
	*len = sb.len;
	return strbuf_detach(&sb, NULL);
}

static void
test_picture(void)
{
	struct rules_game *a = game(3, NULL, 1), *b, *c;
	size_t la, lb, lc, most = 0;
	char *pa, *pb, *pc, *svg = NULL, *cause = NULL;
	int i, bad = 0, cell = -1;
	cJSON *v;

	bh_orders_run(a, a->active, "move n\n", 0, &rng, &ev, NULL);
	bh_orders_run(a, a->active, "move n\n", 0, &rng, &ev, NULL);
	rules_events_free(&ev);
	for (i = 0; i < 4; i++)
		bh_wound(a, 0, 0, &ev);
	rules_events_free(&ev);
	b = xmemdup(a, sizeof *a);
	rotate(b->tiles, b->tpos, b->ntiles);
	rotate(b->track, b->kpos, b->ntrack);
	rotate(b->deck, b->dpos, b->ndeck);
	for (i = 0; i < b->nwounds; i++)
		if (!b->wopen[i])
			b->wface[i] = !b->wface[i];
	/* the control: blue's squad moved to another placed tile */
	c = xmemdup(a, sizeof *a);
	for (i = 0; i < BH_CELLS && cell < 0; i++)
		if (c->tile[i] >= 0 && i != c->sq[0].pos)
			cell = i;
	if (cell >= 0)
		c->sq[0].pos = cell;
	pa = all_pictures(a, &la, &most, &bad);
	pb = all_pictures(b, &lb, &most, &bad);
	pc = all_pictures(c, &lc, &most, &bad);
	ok(bad == 0 && la > 0, "picture: every seat's and a spectator's view of a "
	    "game in play is a PNG (signature, IHDR)");
	ok(most > 0 && most <= 60 * 1024, "picture: the largest PNG is %zu bytes "
	    "(at most 60 KB)", most);
	ok(la == lb && memcmp(pa, pb, la) == 0, "picture: two states differing only in "
	    "the tile stack, the tracking deck, the phase deck and the wound faces "
	    "give byte-identical PNGs for every seat");
	ok(cell >= 0 && (la != lc || memcmp(pa, pc, la) != 0), "picture: a squad moved "
	    "gives a different PNG");
	v = R->view(a, 0);
	ok(R->picture != NULL && R->picture(v, "blue", RULES_PICTURE_SVG, &svg, &la,
	    &cause) == 0 && strncmp(svg, "<svg", 4) == 0 && strstr(svg, "APC") != NULL,
	    "picture: the SVG is one <svg> element with the APC");
	cJSON_Delete(v);
	free(svg);
	free(cause);
	free(pa);
	free(pb);
	free(pc);
	R->free(a);
	free(b);
	free(c);
}

/* ---- a whole game, twice ---- */


static int legal_bad;	/* whole_game(): legal lines refused */

static char *
whole_game(int nseats, const char *opt, int *over, int *won, int *turns, int *roundtrip)
{
	struct rules_game *g = game(nseats, opt, 1), *h;
	struct strbuf sb = STRBUF_INIT;
	const char *orders[BH_SEATS];
	char *o, *s, *s2, *cause = NULL;
	size_t len, len2, i;
	int k;

	*roundtrip = 1;
	for (k = 0; k < 2000 && g->phase != BH_PH_OVER; k++) {
		memset(orders, 0, sizeof orders);
		legal_bad += legal_refused(R, g, (size_t)g->active);
		o = R->demo_orders(g, (size_t)g->active);
		orders[g->active] = o;
		if (R->resolve(g, orders, &rng, &ev, &cause) == -1) {
			diag("resolve: %s", cause);
			free(cause);
			free(o);
			break;
		}
		free(o);
		s = R->save(g, &len);
		h = R->load(data, s, len, NULL);
		s2 = h != NULL ? R->save(h, &len2) : NULL;
		if (s2 == NULL || len != len2 || memcmp(s, s2, len) != 0)
			*roundtrip = 0;
		if (h != NULL)
			R->free(h);
		free(s2);
		strbuf_addf(&sb, "%s\n", s);
		free(s);
	}
	for (i = 0; i < ev.n; i++)
		strbuf_addf(&sb, "%s\n", ev.v[i].json);
	rules_events_free(&ev);
	*over = g->phase == BH_PH_OVER;
	*won = g->won;
	*turns = g->turn;
	R->free(g);
	return strbuf_detach(&sb, NULL);
}

static void
test_twice(void)
{
	static const char *const opts[] = { NULL, "difficulty=easy", "difficulty=hard" };
	char *a, *b;
	int over, won, turns, rt, o2, w2, t2, rt2, k, n;

	for (k = 0; k < 3; k++)
		for (n = 1; n <= 4; n += 3 - (k > 0)) {
			a = whole_game(n, opts[k], &over, &won, &turns, &rt);
			b = whole_game(n, opts[k], &o2, &w2, &t2, &rt2);
			ok(over, "a whole game, %d squad%s%s%s: %s in turn %d", n, n > 1 ? "s" : "",
			    opts[k] ? ", " : "", opts[k] ? opts[k] : "", won ? "won" : "lost",
			    turns);
			ok(strcmp(a, b) == 0, "  played twice: byte-identical states and events "
			    "(%zu bytes)", strlen(a));
			ok(rt && rt2, "  every state survives save and load");
			ok(legal_bad == 0, "  every legal line offered is accepted on its own "
			    "(%d are not)", legal_bad);
			legal_bad = 0;
			free(a);
			free(b);
		}
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") != NULL ? getenv("top_srcdir") : ".";
	char *path = xasprintf("%s/rules/bughunt/data/bughunt-components.json", top);
	char *src, *cause = NULL;
	size_t len;
	struct rules_file f;

	R = rules_find("bughunt");
	ok(R != NULL, "bughunt is a game of this muthur");
	if (R == NULL || fs_read_file(path, 1 << 20, &src, &len, &cause) == -1) {
		diag("%s", cause != NULL ? cause : "no game");
		return done_testing();
	}
	f.name = "bughunt-components.json";
	f.bytes = src;
	f.len = len;
	data = R->data_load(&f, 1, &cause);
	ok(data != NULL, "the sample data loads%s%s", cause ? ": " : "", cause ? cause : "");
	if (data == NULL)
		return done_testing();
	D = data;
	for (grunt = 0; grunt < D->nchars && D->chars[grunt].named; grunt++)
		;
	if (argc == 3 && strcmp(argv[1], "--choice") == 0) {
		test_choice_cases(argv[2]);
		R->data_free(data);
		free(src);
		free(path);
		return done_testing();
	}
	test_setup();
	test_phase_deck();
	test_movement();
	test_actions();
	test_shooting();
	test_xenos();
	test_choices();
	test_xeno_stop();
	test_choice_cases(NULL);
	test_wounds();
	test_missions();
	test_data(top, src, len);
	test_secrecy();
	test_picture();
	test_twice();
	rules_events_free(&ev);
	R->data_free(data);
	free(src);
	free(path);
	return done_testing();
}
