/*
 * test-legendary-rules.c — scenario checks of Playing as Humans, one or
 * more per rulebook section and keyword (doc/legendary-rules-map.md names
 * them), the rulebook's own examples where their cards exist in the data
 * ("Bad Idea" for Brothers in Arms, "Now It's Personal" for Showboat,
 * coordinating "The Speech" with "Luck Is My Specialty", "It Ain't No Man"
 * for Call for Backup; "The Door Swings Both Ways" played twice, the class
 * ability's example, with the data's SAMPLE card of that name). The whole
 * set runs twice and its transcripts (every event, every final state) are
 * byte-identical.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"
#include "tests/choice-cases.h"
#include "tests/tap.h"

extern const struct rules rules_legendary;
static const struct rules *R = &rules_legendary;
static const struct lg_db *db;
static struct strbuf transcript = STRBUF_INIT;
static int checking = 1;	/* the second run only compares */
static struct rules_events ev;

struct counter {
	uint64_t	 n;
};

static uint32_t
next(void *ctx, uint32_t bound)
{
	struct counter *c = ctx;
	uint64_t x = (c->n++ + 1) * 0x9E3779B97F4A7C15ull;

	x ^= x >> 29;
	return (uint32_t)(x % bound);
}

static struct counter cnt;
static struct rules_rng rng = { next, &cnt, NULL, NULL };

static void
check(int cond, const char *what)
{
	if (checking)
		ok(cond, "%s", what);
	strbuf_addf(&transcript, "%d %s\n", cond, what);
}

static int
card(const char *slug)
{
	int c = lg_card_find(db, slug);

	if (c < 0)
		diag("no card %s", slug);
	return c;
}

static int first_active;	/* the seat whose turn the game started with */

/* A game of n seats with empty hands, Wilds and Combat Zone, in the action phase. */
static struct rules_game *
fresh(int n, const char *option)
{
	static const char *const names[] = { "lieutenant", "tracker", "guerilla",
		"cia-agent", "radioman" };
	struct rules_seat rs[5];
	struct rules_setup su;
	struct rules_game *g;
	char *cause = NULL, *deck;
	int i;

	memset(&su, 0, sizeof su);
	for (i = 0; i < n; i++) {
		deck = xasprintf("experience 7\nbrute-strength 5\n%s 1\n",
		    db->cards[db->avatars[i].role].slug);
		R->seat_build(db, names[i], names[i], deck, strlen(deck), &rs[i], NULL);
		free(deck);
	}
	su.scenario = "humans";
	su.seats = rs;
	su.nseats = (size_t)n;
	su.data = db;
	su.options = option != NULL ? &option : NULL;
	su.noptions = option != NULL;
	cnt.n = 0;
	g = R->create(&su, &rng, &ev, &cause);
	for (i = 0; i < n; i++)
		R->seat_clear(&rs[i]);
	if (g == NULL) {
		diag("%s", cause);
		free(cause);
		exit(1);
	}
	first_active = g->active;
	for (i = 0; i < n; i++)
		g->s[i].hand.n = 0;
	for (i = 0; i < LG_SPACES; i++)
		g->wilds[i] = -1;
	g->cz.n = 0;
	g->active = 0;
	g->phase = LP_ACTION;
	for (i = 0; i < LG_SEATS; i++)
		g->answered[i] = 1;
	return g;
}

/* A game of n seats with option that must be refused, its reason holding want. */
static void
refused(int n, const char *option, const char *want, const char *what)
{
	struct rules_seat rs[5];
	struct rules_setup su;
	struct rules_game *g;
	char *cause = NULL, *deck;
	int i;

	memset(&su, 0, sizeof su);
	for (i = 0; i < n; i++) {
		deck = xasprintf("experience 7\nbrute-strength 5\n%s 1\n",
		    db->cards[db->avatars[i].role].slug);
		R->seat_build(db, db->avatars[i].slug, db->avatars[i].slug, deck,
		    strlen(deck), &rs[i], NULL);
		free(deck);
	}
	su.scenario = "humans";
	su.seats = rs;
	su.nseats = (size_t)n;
	su.data = db;
	su.options = &option;
	su.noptions = 1;
	g = R->create(&su, &rng, NULL, &cause);
	check(g == NULL && cause != NULL && strstr(cause, want) != NULL, what);
	if (g == NULL && (cause == NULL || strstr(cause, want) == NULL))
		diag("%s", cause != NULL ? cause : "accepted");
	for (i = 0; i < n; i++)
		R->seat_clear(&rs[i]);
	if (g != NULL)
		R->free(g);
	free(cause);
}

/* Do seat 0's legal orders hold line (or an order starting so, when it ends
 * in a space)? */
static int
offered(const struct rules_game *g, const char *line)
{
	char *legal = R->legal(g, 0), *want = xasprintf("\n%s%s", line,
	    line[strlen(line) - 1] == ' ' ? "" : "\n");
	int yes = strstr(legal, want) != NULL;

	free(want);
	free(legal);
	return yes;
}

static void
hand(struct rules_game *g, int seat, const char *slug)
{
	lg_push(&g->s[seat].hand, card(slug));
}

static int
order(struct rules_game *g, const char *line)
{
	char *cause = NULL;
	int rc = lg_order(g, line, &rng, &ev, &cause);

	free(cause);
	return rc;
}

/* g saved and loaded again (NULL: refused); the caller frees it. */
static struct rules_game *
reloaded(const struct rules_game *g)
{
	size_t len;
	char *st = R->save(g, &len);
	struct rules_game *h = R->load(db, st, len, NULL);

	free(st);
	return h;
}

static void
done(struct rules_game *g)
{
	size_t len, i;
	char *s = R->save(g, &len);

	strbuf_addstr(&transcript, s);
	for (i = 0; i < ev.n; i++)
		strbuf_addf(&transcript, "%s\n", ev.v[i].json);
	rules_events_free(&ev);
	free(s);
	R->free(g);
}

/* Setup: the Young Blood chart, personal decks, HQ, hands, preparation. */
static void
setup(void)
{
	static const int sizes[5] = { 33, 36, 42, 48, 48 };
	struct rules_game *g;
	char what[96];
	int n;

	for (n = 1; n <= 5; n++) {
		g = fresh(n, NULL);
		snprintf(what, sizeof what, "setup: %d player(s): an Enemy deck of %d (Young "
		    "Blood chart), less the first card", n, sizes[n - 1]);
		check(g->enemy.n + (g->prep_left == 0) == sizes[n - 1] ||
		    (n == 5 && g->enemy.n == sizes[n - 1]), what);
		if (n == 5)
			check(g->prep_left == 4, "setup: five players each get a preparation "
			    "turn (no Enemy phase)");
		done(g);
	}
	g = fresh(2, NULL);
	check(g->s[1].deck.n == 13 - 6 && g->barracks.n == 56 - 5 && g->commanders.n == 10 &&
	    g->strike.n == 40, "setup: 13-card personal decks less a hand of 6; Barracks "
	    "of four characters (56) less the HQ's five; 10 Commanders; 40 strikes");
	check(g->objective[0] == 0 && strcmp(db->locations[g->location].slug,
	    "the-val-verdean-jungle") == 0, "setup: the first game is the Predator movie");
	done(g);
	g = fresh(2, "movie-predator-2");
	check(strcmp(db->objectives[g->objective[2]].slug, "other-world-life-form") == 0,
	    "setup: --option movie-predator-2 plays Predator 2's objectives");
	done(g);
	g = fresh(2, "objectives=war-zone,flares-frags-and-claymores,other-world-life-form");
	check(strcmp(db->objectives[g->objective[0]].slug, "war-zone") == 0 &&
	    g->enemy.n == 36 - 1, "setup: objectives= picks one of each stage; their "
	    "mini-decks make the Enemy deck");
	done(g);
	g = fresh(2, "characters=dutch,harrigan,keyes,mac");
	check(g->barracks.n == 56 - 5, "setup: characters= builds the Barracks of four "
	    "characters");
	done(g);
	g = fresh(2, "easier");
	check(g->enemy.n == 36 + 3 - 1, "difficulty: easier adds a Young Blood a mini-deck");
	done(g);
	g = fresh(2, "harder-wilds");
	check(g->enemy.n == 36 - 2 - 1, "difficulty: harder-wilds starts two Enemy cards in "
	    "the Wilds");
	done(g);
	g = fresh(2, "harder-wilds=5");
	check(g->enemy.n == 36 - 5 - 1, "difficulty: harder-wilds=5 starts five Enemy cards "
	    "in the Wilds");
	done(g);
	g = fresh(2, "young-bloods=+3");
	check(g->enemy.n == 33 + (3 + 4 + 5) - 1, "difficulty: young-bloods=+3 shuffles "
	    "three Young Bloods more into each mini-deck (two players: 3, 4, 5)");
	done(g);
	g = fresh(3, "young-bloods=-3");
	check(g->enemy.n == 33 + (0 + 0 + 1) - 1, "difficulty: young-bloods=-3 takes three "
	    "from each mini-deck, down to none (three players: 0, 0, 1)");
	done(g);
	refused(1, "harder-wilds=6", "option harder-wilds=6: \"6\" is not a value of "
	    "harder-wilds; expected harder-wilds=N, the Enemy cards 1..5",
	    "difficulty: harder-wilds=6 is refused: the Wilds have five spaces");
	refused(1, "young-bloods=two", "option young-bloods=two: \"two\" is not a value of "
	    "young-bloods; expected young-bloods=+N or -N", "difficulty: young-bloods= "
	    "wants a signed number");
	refused(5, "young-bloods=+4", "option young-bloods=+4: with 5 players the three "
	    "mini-decks take 27 Young Bloods and the card data has 24",
	    "difficulty: more Young Bloods than there are is refused");
	refused(1, "armory=woodland-intel,urban-intel,woodland-tech,urban-strength",
	    "is for Playing as Predators (Humans build the Barracks with characters=",
	    "setup: armory= is for Playing as Predators");
	refused(1, "mercenaries=+1", "is for Playing as Predators (Humans count Young "
	    "Bloods: young-bloods=", "difficulty: mercenaries= is for Playing as Predators");
	g = fresh(5, "preparation-turn");
	check(g->prep_left == 9, "difficulty: preparation-turn gives five players a second "
	    "preparation turn each (the chart's one, and one more)");
	done(g);
	g = fresh(2, "preparation-turns=2");
	check(g->prep_left == 2 * 2 - 1, "difficulty: preparation-turns=2 gives each player "
	    "two preparation turns (the first of four under way)");
	done(g);
	refused(1, "preparation-turns=3", "option preparation-turns=3: \"3\" is not a value "
	    "of preparation-turns; expected preparation-turns=N, the free preparation turns "
	    "1..2", "difficulty: preparation-turns=3 is refused: the rulebook gives one or two");
	{
		const char *two[] = { "preparation-turn", "preparation-turns=2" };
		struct rules_setup su;
		struct lg_choices ch;
		char *cause = NULL;

		memset(&su, 0, sizeof su);
		su.options = two;
		su.noptions = 2;
		check(lg_choices(db, LG_HUMANS, &su, &rng, &ch, &cause) == -1 && cause != NULL &&
		    strstr(cause, "option preparation-turns=2: preparation-turn (one turn) is "
		    "given too") != NULL, "difficulty: preparation-turn and preparation-turns= "
		    "together are refused");
		free(cause);
	}
	g = fresh(3, "first=guerilla");
	check(first_active == 2 && g->turn == 1, "setup: first=guerilla: the third seat "
	    "takes the first turn");
	g->active = first_active;	/* fresh() made seat 0 the active one */
	lg_next_turn(g, &rng, &ev);
	check(g->active == 0, "setup: after first=guerilla, clockwise: the first seat added");
	done(g);
	g = fresh(2, "young-bloods=-1");
	{
		cJSON *v = lg_view(g, 0), *t = lg_view_text(v, "lieutenant");
		const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t,
		    "text"));
		struct rules_game *h = reloaded(g);
		cJSON *hv = h != NULL ? lg_view(h, 0) : NULL;
		char *a = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(v, "options"));
		char *b = hv != NULL ? cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(hv,
		    "options")) : xstrdup("");

		check(strcmp(a, "[\"young-bloods=-1\"]") == 0 && strcmp(a, b) == 0 &&
		    text != NULL && strstr(text, "\nOptions: young-bloods=-1\n") != NULL,
		    "options: the view names the game's options, kept in the state");
		free(a);
		free(b);
		cJSON_Delete(hv);
		if (h != NULL)
			R->free(h);
		cJSON_Delete(t);
		cJSON_Delete(v);
	}
	done(g);
	g = fresh(2, NULL);
	{
		cJSON *v = lg_view(g, 0), *t = lg_view_text(v, "lieutenant");
		size_t len;
		char *st = R->save(g, &len);

		check(strstr(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t, "text")),
		    "\nOptions: none\n") != NULL && strstr(st, "\"setup\"") == NULL,
		    "options: none: the view says so, the state saves as before");
		free(st);
		cJSON_Delete(t);
		cJSON_Delete(v);
	}
	done(g);
	refused(2, "first=radioman", "option first=radioman: \"radioman\" is not a seat of "
	    "the game; expected first=SEAT", "setup: first= naming no seat of the game is "
	    "refused");
}

/* Enemy phase: entering, pushing, the Combat Zone, Runners. */
static void
enemy_phase(void)
{
	struct rules_game *g = fresh(1, NULL);
	int i, guerilla = card("val-verde-guerilla");

	for (i = 0; i < LG_SPACES; i++) {
		g->wilds[i] = guerilla;
		g->up[i] = i == 4;
	}
	g->wilds[2] = -1;
	lg_enter(g, 0, card("soviet-advisor"), &rng, &ev);
	check(g->wilds[0] == card("soviet-advisor") && g->wilds[1] == guerilla &&
	    g->wilds[2] == guerilla && g->cz.n == 0, "pushing: only as far as a card needs "
	    "to move (the clear River stops it)");
	g->wilds[2] = guerilla;
	lg_enter(g, 0, card("soviet-advisor"), &rng, &ev);
	check(g->cz.n == 1 && g->cz.v[0] == guerilla && g->wilds[4] == guerilla &&
	    !g->up[4], "pushing: the Hills card enters the Combat Zone");
	done(g);
	g = fresh(1, NULL);
	g->wilds[3] = card("one-ugly-mother");
	g->up[3] = 1;
	lg_runners(g, &rng, &ev);
	check(g->wilds[4] == card("one-ugly-mother") && g->wilds[3] < 0,
	    "Runner: it moves one space at the end of the Enemy phase");
	done(g);
	g = fresh(1, NULL);
	g->wilds[4] = card("hazard");
	lg_enter(g, 0, guerilla, &rng, &ev);
	lg_enter(g, 0, guerilla, &rng, &ev);
	lg_enter(g, 0, guerilla, &rng, &ev);
	lg_enter(g, 0, guerilla, &rng, &ev);
	lg_enter(g, 0, guerilla, &rng, &ev);
	check(g->s[0].marks == 1 && g->hazards == 1, "a Hazard pushed into the Combat Zone "
	    "is a Mark on the player and fires the Location's first Hazard");
	done(g);
	/*
	 * a card pushed into the Combat Zone turns up once every card has
	 * moved: the Hazard it was adds an Enemy card to a Wilds in place
	 * (Los Angeles' first Hazard: one more Enemy card enters)
	 */
	g = fresh(1, "movie-predator-2");
	for (i = 0; i < 4; i++)
		g->wilds[i] = guerilla;
	g->wilds[4] = card("hazard");
	lg_push(&g->enemy, card("el-scorpio"));
	lg_enter(g, 0, card("scorpion-enforcer"), &rng, &ev);
	{
		int n = g->cz.n;

		for (i = 0; i < LG_SPACES; i++)
			n += g->wilds[i] >= 0;
		check(g->hazards == 1 && g->wilds[0] == card("el-scorpio") &&
		    g->wilds[1] == card("scorpion-enforcer") && g->cz.n == 1 && n == 6,
		    "pushing: a Hazard pushed into the Combat Zone resolves after the push; "
		    "the Enemy card it adds enters the Underground and pushes in turn");
	}
	done(g);
	/* an Event that adds an Enemy card to an empty Enemy deck: the dead reshuffled */
	g = fresh(1, NULL);
	g->done = 1;	/* Flares, Frags, and Claymores: its Event adds one to the Hills */
	g->enemy.n = 0;
	lg_push(&g->dead_enemies, guerilla);
	g->wilds[0] = card("event");
	g->attack = 4;
	order(g, "scan underground");
	check(g->reshuffled == 1 && g->wilds[4] == guerilla && g->result == 0,
	    "Running out of the Enemy deck: an Event adding an Enemy card to an empty deck "
	    "makes the dead enemies the new deck first");
	g->wilds[0] = card("event");
	g->attack = 4;
	order(g, "scan underground");
	check(g->result == -1, "Running out of the Enemy deck: a second time, the game is "
	    "lost");
	done(g);
}

/* Action phase: playing, recruiting, Commanders, scanning, fighting. */
static void
action_phase(void)
{
	struct rules_game *g = fresh(1, NULL);
	int before;

	hand(g, 0, "experience");
	hand(g, 0, "experience");
	hand(g, 0, "experience");
	hand(g, 0, "brute-strength");
	hand(g, 0, "brute-strength");
	check(order(g, "play experience") == 0 && g->recruit == 1, "play: a card's Recruit");
	order(g, "play experience");
	order(g, "play experience");
	check(order(g, "recruit commander") == 0 && g->recruit == 0 &&
	    db->cards[g->s[0].discard.v[g->s[0].discard.n - 1]].kind == LG_COMMANDER,
	    "recruit: a Commander for 3 Recruit into the discard pile");
	g->recruit = 20;
	before = g->hq[0];
	check(order(g, "recruit 1") == 0 && g->s[0].discard.v[g->s[0].discard.n - 1] ==
	    before && g->hq[0] >= 0 && g->barracks.n == 50, "recruit: from the HQ, "
	    "refilled from the Barracks at once");
	order(g, "play brute-strength");
	order(g, "play brute-strength");
	g->wilds[4] = card("val-verde-guerilla");
	g->up[4] = 0;
	check(order(g, "scan hills") == 0 && g->attack == 0 && g->up[4],
	    "scan: the Hills' Scan Cost of 2 Attack turns the card face up");
	g->attack = 2;
	check(order(g, "fight hills") == -1, "fight: not without the enemy's Attack");
	g->attack = 3;
	g->done = 1;	/* on Objective 2 */
	check(order(g, "fight hills") == 0 && g->wilds[4] < 0 && g->dead_enemies.n == 1,
	    "fight: spend the Attack, the enemy goes to the dead enemies");
	check(g->s[0].strikes.n + g->strike_discard.n == 1, "Death ability: a Val Verde "
	    "Guerilla killed off its objective makes the killer draw a strike");
	g->done = 0;
	g->wilds[3] = card("val-verde-guerilla");
	g->up[3] = 1;
	g->wilds[2] = card("not-a-single-track");
	g->up[2] = 1;
	g->wilds[1] = card("soviet-advisor");
	g->up[1] = 1;
	g->wilds[0] = card("event");
	g->up[0] = 0;
	g->attack = 5;
	check(order(g, "scan underground") == -1, "ongoing: Not A Single Track makes "
	    "scanning cost 2 more (4 + 2 > 5)");
	check(lg_enemy_attack(g, card("val-verde-guerilla")) == 4, "ongoing: the Soviet "
	    "Advisor gives Val Verde Guerillas +1");
	done(g);
}

/* Class and team abilities; "kill"; a virtual copy cannot be killed. */
static void
class_abilities(void)
{
	struct rules_game *g = fresh(1, NULL);
	int st = card("flesh-wound");

	lg_push(&g->s[0].strikes, st);
	lg_push(&g->s[0].strikes, st);
	hand(g, 0, "sexual-tyrannosaurus");
	hand(g, 0, "sexual-tyrannosaurus");
	order(g, "play sexual-tyrannosaurus");
	check(g->s[0].strikes.n == 2, "class ability: the first of two copies played first "
	    "has no other Survival card before it");
	order(g, "play sexual-tyrannosaurus");
	check(g->s[0].strikes.n == 1, "class ability: the second one does, and heals once");
	g->kill_own = 1;
	check(order(g, "kill sexual-tyrannosaurus") == 0 && g->played[0].killed &&
	    g->recruit == 4, "kill: a character played this turn, its Recruit kept");
	done(g);
	/* "kill CARD played": the played copy, though the hand holds another */
	g = fresh(1, NULL);
	hand(g, 0, "sexual-tyrannosaurus");
	hand(g, 0, "sexual-tyrannosaurus");
	order(g, "play sexual-tyrannosaurus");
	g->kill_own = 1;
	{
		char *t = R->template(g, 0), *why = NULL;

		check(offered(g, "kill sexual-tyrannosaurus") &&
		    offered(g, "kill sexual-tyrannosaurus played") &&
		    strstr(t, "# kill CARD played\n#   CARD: sexual-tyrannosaurus\n") != NULL,
		    "kill: the legal orders and the template offer the hand's copy and the "
		    "played one");
		check(R->check(g, 0, "kill sexual-tyrannosaurus played\nend\n", &why) == 0,
		    "kill: \"kill CARD played\" is an order of the turn");
		free(why);
		free(t);
	}
	check(order(g, "kill sexual-tyrannosaurus played") == 0 && g->played[0].killed &&
	    g->s[0].hand.n == 1 && g->s[0].hand.v[0] == card("sexual-tyrannosaurus") &&
	    g->dead_characters.n == 1 && g->recruit == 2,
	    "kill: \"kill CARD played\" kills the copy played this turn and keeps the "
	    "hand's (its Recruit kept)");
	g->kill_own = 1;
	check(order(g, "kill sexual-tyrannosaurus played") == -1 && g->s[0].hand.n == 1,
	    "kill: \"played\" names no copy left to kill: refused, the hand's untouched");
	done(g);
	/*
	 * The rulebook's example of a class ability: The Door Swings Both Ways
	 * always gives 2 Recruit; with a Tech card played before it, the player
	 * may discard and then draw (here one, by `discard CARD`); two copies
	 * played first and second: only the second has it.
	 */
	g = fresh(1, "movie-predator-2");
	hand(g, 0, "the-door-swings-both-ways");
	hand(g, 0, "the-door-swings-both-ways");
	hand(g, 0, "experience");
	order(g, "play the-door-swings-both-ways");
	check(g->recruit == 2 && g->discards == 0 && !offered(g, "discard ") &&
	    order(g, "discard experience") == -1, "class ability: The Door Swings Both "
	    "Ways played first gives 2 Recruit and no discard");
	order(g, "play the-door-swings-both-ways");
	{
		int deck = g->s[0].deck.n, top = g->s[0].deck.v[deck - 1];

		check(g->recruit == 4 && g->discards == 1 && offered(g, "discard experience"),
		    "class ability: the second copy, after a Tech card, gives 2 Recruit and "
		    "lets the player discard and then draw");
		check(order(g, "discard experience") == 0 && g->s[0].hand.n == 1 &&
		    g->s[0].hand.v[0] == top && g->s[0].deck.n == deck - 1 &&
		    g->s[0].discard.n == 1 && g->s[0].discard.v[0] == card("experience") &&
		    g->discards == 0 && order(g, "discard experience") == -1,
		    "class ability: discard experience: it goes to the discard pile, the top "
		    "card is drawn, once");
	}
	done(g);
	g = fresh(1, "movie-predator-2");
	hand(g, 0, "too-late-to-go-home-now");
	hand(g, 0, "the-speech");
	lg_push(&g->s[0].strikes, st);
	order(g, "play the-speech");
	order(g, "play too-late-to-go-home-now");
	check(g->s[0].strikes.n == 0, "team ability: another Predator 2 card played earlier");
	done(g);
}

/* Coordinate, Call for Backup, Brothers in Arms, Showboat. */
static void
keywords(void)
{
	struct rules_game *g = fresh(3, NULL);
	char *cause = NULL;
	int speech = card("the-speech");

	/* the rulebook's coordinating example */
	hand(g, 1, "the-speech");
	hand(g, 2, "commander-tech");
	hand(g, 0, "luck-is-my-specialty");
	g->phase = LP_COORDINATE;
	check(lg_coordinate(g, 1, speech, &rng, &ev, &cause) == 0 && g->s[1].hand.n == 1,
	    "Coordinate: set aside, a replacement drawn");
	lg_coordinate(g, 2, card("commander-tech"), &rng, &ev, &cause);
	check(lg_coordinate(g, 2, speech, &rng, &ev, &cause) == -1,
	    "Coordinate: one card to each player a turn");
	free(cause);
	g->phase = LP_ACTION;
	order(g, "copy tracker");
	order(g, "copy guerilla");
	check(g->attack == 1 && g->recruit == 2, "Coordinate: the copies give 1 Attack and "
	    "2 Recruit");
	order(g, "play luck-is-my-specialty");
	check(g->gain_top == 1, "Coordinate: The Speech is Leadership and triggers Luck Is "
	    "My Specialty's class ability");
	lg_cleanup(g, &rng, &ev);
	check(lg_find(&g->s[1].discard, speech) >= 0 && lg_find(&g->s[2].discard,
	    card("commander-tech")) >= 0 && lg_find(&g->s[0].discard, speech) < 0,
	    "Coordinate: at the end of the turn each card goes to its owner's discard pile");
	done(g);
	g = fresh(3, NULL);
	hand(g, 0, "it-ain-t-no-man");
	hand(g, 1, "real-nasty-habit");
	hand(g, 2, "take-a-good-look");
	order(g, "play it-ain-t-no-man");
	lg_coordinate(g, 1, card("real-nasty-habit"), &rng, &ev, NULL);
	lg_coordinate(g, 2, card("take-a-good-look"), &rng, &ev, NULL);
	check(order(g, "use it-ain-t-no-man") == 0 && g->free_scans == 2,
	    "Call for Backup: It Ain't No Man counts the coordinations made before use");
	check(order(g, "use it-ain-t-no-man") == -1, "Call for Backup: once a turn");
	done(g);
	/* Jurisdictional Intrusion: after a Tech card, draw (2, a SAMPLE number) */
	g = fresh(1, "movie-predator-2");
	hand(g, 0, "jurisdictional-intrusion");
	hand(g, 0, "jurisdictional-intrusion");
	order(g, "play jurisdictional-intrusion");
	check(g->s[0].hand.n == 1 && g->attack == 3, "class ability: Jurisdictional "
	    "Intrusion played first draws nothing");
	order(g, "play jurisdictional-intrusion");
	check(g->s[0].hand.n == 2 && g->attack == 6, "class ability: Jurisdictional "
	    "Intrusion after a Tech card draws (the data's SAMPLE number, 2)");
	done(g);
	/* The Highest Tech: per coordination, swap a played card's Attack and Recruit */
	g = fresh(3, NULL);
	hand(g, 0, "the-highest-tech");
	hand(g, 0, "experience");
	hand(g, 1, "real-nasty-habit");
	order(g, "play the-highest-tech");
	order(g, "play experience");
	lg_coordinate(g, 1, card("real-nasty-habit"), &rng, &ev, NULL);
	check(order(g, "swap experience") == -1 && order(g, "use the-highest-tech") == 0 &&
	    g->swaps == 1, "Call for Backup: The Highest Tech gives one swap per "
	    "coordination");
	{
		int atk = g->attack, rec = g->recruit;

		check(offered(g, "swap experience") && order(g, "swap experience") == 0 &&
		    g->attack == atk + 1 && g->recruit == rec - 1 && g->swaps == 0 &&
		    order(g, "swap experience") == -1,
		    "Call for Backup: swap experience: its 1 Recruit becomes 1 Attack, once");
	}
	g->swaps = 1;
	check(order(g, "swap experience") == -1 && g->swaps == 1, "Call for Backup: a "
	    "copy is swapped once");
	{
		size_t len, len2;
		char *st = R->save(g, &len), *st2;
		struct rules_game *h = R->load(db, st, len, NULL);

		st2 = h != NULL ? R->save(h, &len2) : NULL;
		check(strstr(st, "\"swapped\":[2,0]") != NULL && st2 != NULL &&
		    strcmp(st, st2) == 0, "Call for Backup: the swaps are saved and load the "
		    "same");
		free(st);
		free(st2);
		if (h != NULL)
			R->free(h);
	}
	hand(g, 0, "brute-strength");
	order(g, "play brute-strength");
	g->attack = 0;
	check(order(g, "swap brute-strength") == -1 && g->attack == 0 && g->swaps == 1,
	    "Call for Backup: a swap that would take back Attack already spent is "
	    "refused");
	done(g);
	g = fresh(3, "movie-predator-2");
	hand(g, 0, "partners-in-crime");
	hand(g, 1, "the-speech");
	hand(g, 2, "the-speech");
	order(g, "play partners-in-crime");
	lg_coordinate(g, 1, card("the-speech"), &rng, &ev, NULL);
	lg_coordinate(g, 2, card("the-speech"), &rng, &ev, NULL);
	order(g, "use partners-in-crime");
	g->hq[0] = g->hq[1] = card("the-speech");
	check(order(g, "gain 1") == 0 && order(g, "gain 2") == 0 && order(g, "gain 3") == -1,
	    "Call for Backup: Partners In Crime gains one character a coordination");
	done(g);
	/* the rulebook's Brothers in Arms example */
	g = fresh(1, NULL);
	hand(g, 0, "bad-idea");
	hand(g, 0, "knock-knock");
	hand(g, 0, "gonna-cut-your-name-into-him");
	hand(g, 0, "dug-in-like-an-alabama-tick");
	hand(g, 0, "sexual-tyrannosaurus");
	hand(g, 0, "experience");
	order(g, "play bad-idea");
	order(g, "play knock-knock");
	order(g, "play gonna-cut-your-name-into-him");
	order(g, "play dug-in-like-an-alabama-tick");
	order(g, "play sexual-tyrannosaurus");
	order(g, "play experience");
	g->attack = 0;
	order(g, "use bad-idea");
	check(g->attack == 4, "Brothers in Arms: Bad Idea counts Mac and Blain, not Dutch, "
	    "the second Blain or a starting card (+4 Attack)");
	done(g);
	/* "Pay X" (no card of the data pays; the ability is given a cost here) */
	g = fresh(1, NULL);
	hand(g, 0, "bad-idea");
	hand(g, 0, "gonna-cut-your-name-into-him");
	order(g, "play bad-idea");
	order(g, "play gonna-cut-your-name-into-him");
	((struct lg_db *)db)->cards[card("bad-idea")].ab[0].pay_recruit = 2;
	g->recruit = 1;
	check(order(g, "use bad-idea") == -1 && g->attack == 1, "Pay X: not without the "
	    "Recruit to pay");
	g->recruit = 3;
	check(order(g, "use bad-idea") == 0 && g->recruit == 1 && g->attack == 3,
	    "Pay X: the Recruit spent is gone, the effect applies");
	((struct lg_db *)db)->cards[card("bad-idea")].ab[0].pay_recruit = 0;
	done(g);
	/* the rulebook's Showboat example */
	g = fresh(1, "movie-predator-2");
	hand(g, 0, "now-it-s-personal");
	hand(g, 0, "the-speech");
	hand(g, 0, "the-speech");
	order(g, "play now-it-s-personal");
	order(g, "play the-speech");
	order(g, "play the-speech");
	g->attack = 0;
	order(g, "use now-it-s-personal");
	check(g->attack == 2, "Showboat: Now It's Personal counts two other Harrigan cards");
	done(g);
}

/* Strike phase: right to left, Double Strike, avoid, death, no strikes. */
static void
strike_phase(void)
{
	struct rules_game *g = fresh(2, NULL);
	int i;

	lg_push(&g->cz, card("almost-no-weight-cuts-like-steel"));
	lg_push(&g->cz, card("val-verde-guerilla"));
	g->strike_discard.n = 0;
	lg_strike_phase(g, &rng, &ev);
	check(g->s[0].strikes.n + g->strike_discard.n == 3 && g->cz.n == 1,
	    "Strike phase: each enemy strikes, Double Strike twice, and Almost No Weight is "
	    "discarded after it strikes");
	done(g);
	g = fresh(2, NULL);
	lg_push(&g->cz, card("val-verde-guerilla"));
	g->avoid = 1;
	lg_strike_phase(g, &rng, &ev);
	check(g->s[0].strikes.n == 0 && g->strike.n == 40, "avoid any one strike: no strike "
	    "card is drawn");
	g->no_strikes = 1;
	lg_strike_phase(g, &rng, &ev);
	check(g->strike.n == 40, "Put Him On The Payroll: no strikes this turn");
	done(g);
	/* Avoid any one Strike: the player chooses which (avoid ENEMY, the
	 * Combat Zone's enemy); without the order, the first strike (right to
	 * left: the Guerilla's) */
	for (i = 0; i < 2; i++) {
		int vvg = 0, anw = 0;
		size_t e0, k;

		g = fresh(2, NULL);
		lg_push(&g->cz, card("almost-no-weight-cuts-like-steel"));
		lg_push(&g->cz, card("val-verde-guerilla"));
		g->avoid = 1;
		if (i == 1) {
			check(order(g, "avoid hills") == -1, "avoid: only an enemy in the "
			    "Combat Zone");
			check(order(g, "avoid almost-no-weight-cuts-like-steel") == 0,
			    "avoid: the Double Striker named");
		}
		e0 = ev.n;
		lg_strike_phase(g, &rng, &ev);
		for (k = e0; k < ev.n; k++)
			if (strstr(ev.v[k].json, "\"type\":\"legendary.strike\"") != NULL) {
				vvg += strstr(ev.v[k].json, "\"enemy\":\"val-verde-guerilla\"") !=
				    NULL;
				anw += strstr(ev.v[k].json, "\"enemy\":\"almost-no-weight") != NULL;
			}
		check(i == 0 ? vvg == 0 && anw == 2 : vvg == 1 && anw == 1, i == 0 ?
		    "avoid any one strike: without a choice, the first strike is skipped" :
		    "avoid any one strike: the strike of the enemy named is skipped, the "
		    "others strike");
		done(g);
	}
	/* a state saved before the avoid order (no "avoid_on") still loads */
	g = fresh(2, NULL);
	{
		size_t len;
		char *s = R->save(g, &len), *p = strstr(s, "\"avoid_on\":0,");
		struct rules_game *h;

		if (p != NULL)
			memmove(p, p + 13, strlen(p + 13) + 1);
		h = p != NULL ? R->load(g->db, s, strlen(s), NULL) : NULL;
		check(h != NULL && h->avoid_on == 0, "avoid: a state saved before the avoid "
		    "order loads, naming no enemy");
		if (h != NULL)
			R->free(h);
		free(s);
	}
	done(g);
	g = fresh(2, NULL);
	for (i = 0; i < 5; i++)
		lg_push(&g->s[0].strikes, card("deep-gash"));
	g->strike.n = 0;
	lg_push(&g->strike, card("flesh-wound"));
	lg_strike(g, 0, -1, &rng, &ev);
	check(g->s[0].dead && g->s[0].hand.n == 0 && g->s[0].deck.n == 0 &&
	    g->strike_discard.n >= 6 && g->result == 0, "death: damage reaches Health, the "
	    "player's cards leave the game, the strikes are discarded");
	done(g);
	g = fresh(2, NULL);
	g->strike.n = g->strike_discard.n = 0;
	lg_push(&g->strike, card("flesh-wound"));
	for (i = 0; i < 3; i++)
		lg_push(&g->strike_discard, card("close-call"));
	lg_strike(g, 0, -1, &rng, &ev);
	check(g->s[0].strikes.n == 1 && g->strike.n == 3 && g->strike_discard.n == 0,
	    "Running out of the Strike deck: the moment its last card is drawn the "
	    "discarded strikes make a new deck");
	done(g);
	g = fresh(2, "all-or-nothing");
	for (i = 0; i < 6; i++)
		lg_push(&g->s[0].strikes, card("deep-gash"));
	lg_strike(g, 0, -1, &rng, &ev);
	lg_next_turn(g, &rng, &ev);
	check(g->result == 0, "All or Nothing: the survivor gets one more turn");
	lg_next_turn(g, &rng, &ev);
	check(g->result == -1, "All or Nothing: then the players lose");
	done(g);
}

/* The strikes drawn by seat since event e0. */
static int
strikes_of(const char *seat, size_t e0)
{
	char want[48];
	size_t k;
	int n = 0;

	snprintf(want, sizeof want, "\"seat\":\"%s\"", seat);
	for (k = e0; k < ev.n; k++)
		n += strstr(ev.v[k].json, "\"type\":\"legendary.strike\"") != NULL &&
		    strstr(ev.v[k].json, want) != NULL;
	return n;
}

/* "Each player", "Next Player" (an ability's who), the Timing of such effects. */
static void
each_player(void)
{
	struct rules_game *g = fresh(3, NULL);
	size_t e0, k;
	int first = -1, second = -1;

	g->wilds[4] = card("get-to-the-choppa-sample-enemy");
	g->attack = 2;
	e0 = ev.n;
	order(g, "scan hills");
	for (k = e0; k < ev.n; k++)
		if (strstr(ev.v[k].json, "\"type\":\"legendary.strike\"") != NULL) {
			if (first < 0)
				first = strstr(ev.v[k].json, "\"seat\":\"lieutenant\"") != NULL;
			else if (second < 0)
				second = strstr(ev.v[k].json, "\"seat\":\"tracker\"") != NULL;
		}
	check(strikes_of("lieutenant", e0) == 1 && strikes_of("tracker", e0) == 1 &&
	    strikes_of("guerilla", e0) == 0, "Next Player: \"you and the next player each draw a "
	    "strike\": the active player and the next, not the third");
	check(first == 1 && second == 1, "Timing: the player whose turn it is draws first, "
	    "then the next clockwise");
	done(g);
	g = fresh(1, NULL);
	g->wilds[4] = card("get-to-the-choppa-sample-enemy");
	g->attack = 2;
	e0 = ev.n;
	order(g, "scan hills");
	check(strikes_of("lieutenant", e0) == 2, "Next Player: alone, you are the next player too: you "
	    "draw two strikes (the rulebook's example)");
	done(g);
	g = fresh(3, "movie-predator-2");
	lg_push(&g->s[1].deck, card("experience"));
	lg_push(&g->s[2].deck, card("experience"));
	hand(g, 0, "danny-sample-2");
	order(g, "play danny-sample-2");
	check(g->s[0].hand.n == 0 && g->s[1].hand.n == 1 && g->s[2].hand.n == 0,
	    "Next Player: \"the next player draws a card\": the next seat draws, not you");
	g->s[1].dead = 1;
	hand(g, 0, "danny-sample-2");
	order(g, "play danny-sample-2");
	check(g->s[1].hand.n == 1 && g->s[2].hand.n == 1, "Next Player: a dead player is "
	    "passed over");
	done(g);
	g = fresh(3, NULL);
	g->s[2].dead = 1;
	g->wilds[4] = card("other-world-life-form-sample-enemy");
	g->up[4] = 1;
	g->attack = 8;
	order(g, "fight hills");
	check(g->s[0].hand.n == 1 && g->s[1].hand.n == 1 && g->s[2].hand.n == 0,
	    "each player: \"each player draws a card\": every living player draws one");
	done(g);
}

/*
 * A standing choice (cancel, discards, timing): the line bad is refused
 * with a cause holding want, and the legal orders offer the lines a and b;
 * what names the rule in the checks.
 */
static void
standing_checks(const char *what, const char *bad, const char *want, const char *a,
    const char *b)
{
	struct rules_game *g = fresh(2, NULL);
	char *cause = NULL, *d;

	d = xasprintf("%s: a bad line is refused with what it takes (%s)", what, bad);
	check(lg_check(g, 0, bad, &cause) == -1 && cause != NULL &&
	    strstr(cause, want) != NULL, d);
	free(d);
	free(cause);
	d = xasprintf("%s: the legal orders offer the standing choice", what);
	check(offered(g, a) && offered(g, b), d);
	free(d);
	done(g);
}

/* The seat's standing choices kept by a save and a load: h's seat 0 and 1
 * values of the member at offset off of struct lg_seat. */
static void
standing_kept(const struct rules_game *g, const char *what, size_t off, int v0, int v1)
{
	struct rules_game *h = reloaded(g);
	char *d = xasprintf("%s: the standing choice is kept in the state", what);

	check(h != NULL && *(const int *)((const char *)&h->s[0] + off) == v0 &&
	    *(const int *)((const char *)&h->s[1] + off) == v1, d);
	free(d);
	if (h != NULL)
		R->free(h);
}

/* The next player's (seat 1's) orders lines in its coordinate window (NULL:
 * none), the active player's action phase then going on. */
static void
window_orders(struct rules_game *g, const char *lines)
{
	int more;

	if (lines == NULL)
		return;
	g->phase = LP_COORDINATE;
	g->answered[1] = 0;
	lg_apply_orders(g, 1, lines, &rng, &ev, &more);
	g->phase = LP_ACTION;
	g->answered[1] = 1;
}

/* The active player scans the Hills, where slug lies face down: g. */
static struct rules_game *
revealed_at_hills(struct rules_game *g, const char *slug)
{
	g->wilds[4] = card(slug);
	g->attack = 2;
	order(g, "scan hills");
	return g;
}

/*
 * "Cancel a Strike", a choice of the player who draws it (here the next
 * player, not the active one): seat 1 sets `cancel ...` in its coordinate
 * window mail; seat 0 reveals a card making both draw a strike.
 */
static struct rules_game *
cancel_position(const char *standing)
{
	struct rules_game *g = fresh(2, NULL);

	hand(g, 1, "brute-strength");
	hand(g, 1, "experience");
	lg_push(&g->strike, card("shattered-rib"));	/* the next player's */
	lg_push(&g->strike, card("glancing-hit"));	/* the active player's */
	window_orders(g, standing);
	return revealed_at_hills(g, "get-to-the-choppa-sample-enemy");
}

static void
cancel_strike(void)
{
	struct rules_game *g = cancel_position(NULL);

	check(g->s[1].strikes.n == 1 && g->s[1].hand.n == 2, "Cancel a Strike: by default "
	    "(cancel never) the strike takes effect");
	done(g);
	g = cancel_position("cancel always\npass\n");
	check(g->s[1].cancel == LGX_ALWAYS && g->s[1].strikes.n == 0 && g->s[1].hand.n == 1 &&
	    g->s[1].discard.n == 1 && lg_find(&g->strike_discard, card("shattered-rib")) >= 0,
	    "Cancel a Strike: cancel always, set by the next player in its coordinate "
	    "window: the strike is discarded, one card of the hand with it");
	check(g->s[0].strikes.n == 1, "Cancel a Strike: a strike without the chance is not "
	    "cancelled (the active player's Glancing Hit)");
	done(g);
	g = cancel_position("cancel experience\npass\n");
	check(g->s[1].strikes.n == 0 && lg_find(&g->s[1].hand, card("brute-strength")) >= 0 &&
	    lg_find(&g->s[1].discard, card("experience")) >= 0, "Cancel a Strike: cancel "
	    "CARD discards that card");
	done(g);
	g = cancel_position("cancel knock-knock\npass\n");
	check(g->s[1].strikes.n == 1 && g->s[1].hand.n == 2, "Cancel a Strike: cancel CARD "
	    "without that card in the hand does not cancel");
	standing_kept(g, "Cancel a Strike", offsetof(struct lg_seat, cancel), LGX_NEVER,
	    LGX_CARD + card("knock-knock"));
	done(g);
	standing_checks("Cancel a Strike", "cancel sometimes\n", "cancel: \"sometimes\" is "
	    "not a choice nor a card; expected cancel never, cancel always or cancel CARD",
	    "cancel always", "cancel never");
}

/*
 * "Each player discards" (the SAMPLE Personal Little War Sample Enemy: on
 * its reveal each player discards a card): each seat's standing `discards
 * cheapest|dearest|CARD` picks its card, the next player's set in its
 * coordinate window mail (standing NULL: none), the active player's in its
 * own orders (active, or NULL).
 */
static struct rules_game *
discards_position(const char *standing, const char *active)
{
	struct rules_game *g = fresh(2, NULL);
	int more;

	hand(g, 0, "sexual-tyrannosaurus");
	hand(g, 0, "experience");
	hand(g, 1, "the-speech");
	hand(g, 1, "brute-strength");
	window_orders(g, standing);
	if (active != NULL)
		lg_apply_orders(g, 0, active, &rng, &ev, &more);
	return revealed_at_hills(g, "personal-little-war-sample-enemy");
}

static void
each_player_discards(void)
{
	struct rules_game *g = discards_position(NULL, NULL);

	check(g->s[0].hand.n == 1 && lg_find(&g->s[0].discard, card("experience")) >= 0 &&
	    g->s[1].hand.n == 1 && lg_find(&g->s[1].discard, card("brute-strength")) >= 0,
	    "each player discards: by default (discards cheapest) each player discards "
	    "the card of the lowest Cost");
	done(g);
	g = discards_position("discards the-speech\npass\n", NULL);
	check(lg_find(&g->s[1].discard, card("the-speech")) >= 0 &&
	    lg_find(&g->s[1].hand, card("brute-strength")) >= 0 &&
	    lg_find(&g->s[0].discard, card("experience")) >= 0, "each player discards: "
	    "discards CARD, set by the next player in another's turn, discards that card; "
	    "the active player's own default is untouched");
	standing_kept(g, "each player discards", offsetof(struct lg_seat, discards),
	    LGD_CHEAPEST, LGD_CARD + card("the-speech"));
	done(g);
	g = discards_position(NULL, "discards dearest\n");
	check(lg_find(&g->s[0].discard, card("sexual-tyrannosaurus")) >= 0 &&
	    lg_find(&g->s[1].discard, card("brute-strength")) >= 0, "each player "
	    "discards: the active player's discards dearest discards its dearest card");
	done(g);
	g = discards_position("discards knock-knock\npass\n", NULL);
	check(lg_find(&g->s[1].discard, card("brute-strength")) >= 0, "each player "
	    "discards: discards CARD without that card in the hand discards the cheapest");
	done(g);
	g = fresh(2, NULL);
	hand(g, 0, "experience");
	g->wilds[4] = card("personal-little-war-sample-enemy");
	g->attack = 2;
	order(g, "scan hills");
	check(g->s[0].hand.n == 0 && g->s[1].discard.n == 0, "each player discards: an "
	    "empty hand discards nothing (as much as it can)");
	done(g);
	standing_checks("each player discards", "discards sometimes\n", "discards: "
	    "\"sometimes\" is not a choice nor a card; expected discards cheapest, discards "
	    "dearest or discards CARD", "discards cheapest", "discards dearest");
}

/*
 * Timing: an effect moves the two cards nearest the Combat Zone into it
 * together (the Val Verdean Jungle's third Hazard, advance 2); the active
 * seat's standing `timing` (NULL: none) says which turns up first.
 */
static struct rules_game *
timing_position(const char *standing)
{
	struct rules_game *g = fresh(2, NULL);
	struct lg_ability a;
	int more;

	memset(&a, 0, sizeof a);
	a.when = LW_REVEAL;
	a.neff = 1;
	a.eff[0].verb = E_ADVANCE;
	a.eff[0].n = 2;
	a.eff[0].card = -1;
	if (standing != NULL)
		lg_apply_orders(g, 0, standing, &rng, &ev, &more);
	g->wilds[4] = card("val-verde-guerilla");
	g->wilds[3] = card("almost-no-weight-cuts-like-steel");
	g->up[4] = g->up[3] = 0;
	lg_apply(g, &a, -1, 0, &rng, &ev);
	return g;
}

static void
timing(void)
{
	struct rules_game *g = timing_position(NULL);

	check(g->cz.n == 2 && g->cz.v[1] == card("val-verde-guerilla") &&
	    g->cz.v[0] == card("almost-no-weight-cuts-like-steel") && g->wilds[3] < 0 &&
	    g->wilds[4] < 0, "Timing: by default (timing nearest) the card nearest the "
	    "Combat Zone enters and turns up first, the other after it (leftmost)");
	done(g);
	g = timing_position("timing farthest\n");
	check(g->cz.n == 2 && g->cz.v[0] == card("val-verde-guerilla") &&
	    g->cz.v[1] == card("almost-no-weight-cuts-like-steel"), "Timing: timing "
	    "farthest, the active player's choice, turns up the farther card first");
	standing_kept(g, "Timing", offsetof(struct lg_seat, timing), LGT_FARTHEST,
	    LGT_NEAREST);
	done(g);
	standing_checks("Timing", "timing later\n", "timing: \"later\" is not a choice; "
	    "expected timing nearest or timing farthest", "timing nearest", "timing farthest");
}

/* A view of seat 0 holds needle (its JSON printed)? */
static int
view_has(const struct rules_game *g, const char *needle)
{
	cJSON *v = lg_view(g, 0);
	char *t = cJSON_PrintUnformatted(v);
	int yes = t != NULL && strstr(t, needle) != NULL;

	free(t);
	cJSON_Delete(v);
	return yes;
}

/*
 * "Attach" and "Clear": Defensive Position, the goal of Flares, Frags, and
 * Claymores, attaches to the space it is revealed in (its SAMPLE reading);
 * the SAMPLE Lambert Sample 1 gets +2 Attack while the Hills is clear.
 */
static void
attach_clear(void)
{
	struct rules_game *g = fresh(2, NULL), *h;
	int dp = card("defensive-position");

	g->wilds[3] = dp;
	g->wilds[2] = card("val-verde-guerilla");
	g->up[2] = 1;
	g->attack = 2;
	order(g, "scan ruins");
	check(g->attached[3] == dp + 1 && g->wilds[3] < 0 && lg_find(&g->discarded, dp) < 0 &&
	    g->done == 0, "Attach: a revealed Defensive Position stays attached to its "
	    "space, not discarded (Objective 1 is current: it waits)");
	check(view_has(g, "\"space\":\"ruins\",\"scan\":2,\"card\":null,\"attached\":"
	    "\"defensive-position\""), "Attach: the view shows the attached card and the "
	    "space as clear");
	g->wilds[0] = g->wilds[1] = card("val-verde-guerilla");
	g->up[0] = g->up[1] = 1;
	lg_enter(g, 0, card("val-verde-guerilla"), &rng, &ev);
	check(g->attached[3] == dp + 1 && g->wilds[3] == card("val-verde-guerilla"),
	    "Attach: the attached card does not move; a card pushed into its space goes "
	    "on top of it");
	h = reloaded(g);
	check(h != NULL && h->attached[3] == dp + 1 && h->attached[0] == 0, "Attach: the "
	    "attached card is kept in the state");
	if (h != NULL)
		R->free(h);
	/* Objective 1 completed: the attached goal of Objective 2 counts now */
	g->revealed[0] = 1;
	g->progress = 3;
	lg_check_objective(g, &ev);
	check(g->done == 2, "Attach: once its objective is current, an attached goal "
	    "revealed earlier counts (Objective 2 completed)");
	done(g);
	g = fresh(2, "movie-predator-2");
	hand(g, 0, "lambert-sample-1");
	order(g, "play lambert-sample-1");
	check(g->attack == 4, "Clear: with the Hills clear, Lambert Sample 1 gives +2 "
	    "Attack (4)");
	done(g);
	g = fresh(2, "movie-predator-2");
	g->wilds[4] = card("val-verde-guerilla");
	hand(g, 0, "lambert-sample-1");
	order(g, "play lambert-sample-1");
	check(g->attack == 2, "Clear: with a card in the Hills, no bonus (2)");
	done(g);
	g = fresh(2, "movie-predator-2");
	g->attached[4] = dp + 1;
	hand(g, 0, "lambert-sample-1");
	order(g, "play lambert-sample-1");
	check(g->attack == 4, "Clear: a space holding only an attached card is clear (4)");
	done(g);
}

/*
 * Objective Goal Cards: an attached goal stays in play, and its own "use"
 * ability (Defensive Position's SAMPLE one: pay 2 Recruit, avoid a strike)
 * is any player's to use in its own turn, once a turn, only while the
 * goal's objective is the current one.
 */
static void
goal_ability(void)
{
	struct rules_game *g = fresh(2, NULL), *h;
	int dp = card("defensive-position");
	char *cause = NULL;

	g->attached[2] = dp + 1;
	g->recruit = 2;
	check(lg_order(g, "use defensive-position", &rng, &ev, &cause) == -1 &&
	    cause != NULL && strstr(cause, "only while its objective, "
	    "flares-frags-and-claymores, is the current one") != NULL && g->recruit == 2,
	    "goal ability: refused while Objective 1 is current, nothing spent");
	free(cause);
	cause = NULL;
	g->done = 1;
	check(offered(g, "use defensive-position"), "goal ability: the legal orders offer "
	    "the attached goal's ability");
	order(g, "use defensive-position");
	check(g->avoid == 1 && g->recruit == 0 && g->goal_used == 1 << 2, "goal ability: "
	    "the active player pays 2 Recruit and gets an Avoid");
	h = reloaded(g);
	check(h != NULL && h->goal_used == 1 << 2, "goal ability: its use this turn is "
	    "kept in the state");
	if (h != NULL)
		R->free(h);
	g->recruit = 2;
	check(lg_order(g, "use defensive-position", &rng, &ev, &cause) == -1 &&
	    cause != NULL && strstr(cause, "used this turn already") != NULL,
	    "goal ability: once a turn");
	free(cause);
	lg_cleanup(g, &rng, &ev);
	lg_next_turn(g, &rng, &ev);
	g->phase = LP_ACTION;
	g->recruit = 2;
	order(g, "use defensive-position");
	check(g->active == 1 && g->avoid == 1 && g->recruit == 0, "goal ability: the next "
	    "player uses it in its own turn");
	done(g);
}

/* Did an event of the last ones (from e0) hold needle? */
static int
event_since(size_t e0, const char *needle)
{
	size_t k;

	for (k = e0; k < ev.n; k++)
		if (strstr(ev.v[k].json, needle) != NULL)
			return 1;
	return 0;
}

/*
 * "Show": the SAMPLE Harrigan Sample 2 gives 1 Recruit more when its
 * player shows a Tech card, of the hand or played this turn; the card
 * stays where it is; the seat's standing `show any|never|CARD` picks.
 */
static struct rules_game *
show_position(const char *standing)
{
	struct rules_game *g = fresh(2, "movie-predator-2");
	int more;

	hand(g, 0, "the-door-swings-both-ways");
	hand(g, 0, "harrigan-sample-2");
	if (standing != NULL)
		lg_apply_orders(g, 0, standing, &rng, &ev, &more);
	g->phase = LP_ACTION;
	order(g, "play harrigan-sample-2");
	return g;
}

static void
show(void)
{
	struct rules_game *g = show_position(NULL), *h;
	size_t e0 = ev.n;
	char *cause = NULL;

	check(g->recruit == 3 && lg_find(&g->s[0].hand, card("the-door-swings-both-ways"))
	    >= 0, "Show: a Tech card of the hand shown, 1 Recruit more; the card stays in "
	    "the hand");
	done(g);
	e0 = ev.n;
	g = show_position(NULL);
	check(event_since(e0, "\"type\":\"legendary.shown\",\"seat\":\"lieutenant\","
	    "\"card\":\"the-door-swings-both-ways\",\"from\":\"hand\","
	    "\"for\":\"harrigan-sample-2\""), "Show: an event tells the table the card shown "
	    "and where it is");
	done(g);
	g = show_position("show never\npass\n");
	check(g->recruit == 2 && g->s[0].show == LGS_NEVER, "Show: show never, nothing "
	    "shown and the ability does not apply");
	h = reloaded(g);
	check(h != NULL && h->s[0].show == LGS_NEVER, "Show: the standing choice is kept in "
	    "the state");
	if (h != NULL)
		R->free(h);
	done(g);
	g = show_position("show experience\npass\n");
	check(g->recruit == 2, "Show: show CARD, only that card (not a Tech one): nothing "
	    "shown");
	done(g);
	g = fresh(2, "movie-predator-2");
	hand(g, 0, "harrigan-sample-2");
	hand(g, 0, "the-door-swings-both-ways");
	order(g, "play the-door-swings-both-ways");
	e0 = ev.n;
	order(g, "play harrigan-sample-2");
	check(g->recruit == 5 && event_since(e0, "\"from\":\"played\""), "Show: a Tech card "
	    "played this turn is shown first (the table has seen it)");
	done(g);
	g = fresh(2, "movie-predator-2");
	hand(g, 0, "harrigan-sample-2");
	order(g, "play harrigan-sample-2");
	check(g->recruit == 2, "Show: no Tech card to show, the ability does not apply");
	check(R->check(g, 0, "show nothing\n", &cause) == -1 && cause != NULL &&
	    strstr(cause, "show any, show never or show CARD") != NULL,
	    "Show: a bad show is refused with what was expected");
	free(cause);
	check(offered(g, "show never"), "Show: the legal orders offer the standing choice");
	done(g);
}

/*
 * A Goal's ability used in the middle of another player's turn: the
 * attached Defensive Position's SAMPLE cover ability, the seat's standing
 * `cover never|always|GOAL`: the moment a strike is drawn, in any
 * player's turn, discard a card of one's hand to cancel it.
 */
static struct rules_game *
cover_position(const char *standing, int done_objectives)
{
	struct rules_game *g = fresh(2, NULL);

	g->attached[1] = card("defensive-position") + 1;
	g->done = done_objectives;
	hand(g, 1, "experience");
	hand(g, 1, "brute-strength");
	window_orders(g, standing);
	lg_push(&g->cz, card("val-verde-guerilla"));
	lg_push(&g->cz, card("val-verde-guerilla"));
	lg_push(&g->strike, card("glancing-hit"));
	lg_push(&g->strike, card("deep-gash"));
	lg_strike_phase(g, &rng, &ev);
	return g;
}

static void
cover(void)
{
	struct rules_game *g = cover_position(NULL, 1), *h;
	size_t e0;
	char *cause = NULL;

	check(g->s[0].strikes.n == 2 && g->s[1].hand.n == 2, "cover: by default (cover "
	    "never) no one uses the goal in another's turn");
	done(g);
	e0 = ev.n;
	g = cover_position("cover always\npass\n", 1);
	check(g->s[0].strikes.n == 1 && g->s[1].hand.n == 1 && g->s[1].discard.n == 1 &&
	    lg_find(&g->s[1].discard, card("experience")) >= 0 && g->goal_used == 1 << 1,
	    "cover: the next player, in the active player's Strike phase, discards its "
	    "cheapest card and cancels the first strike; once a turn, so the second hits");
	check(event_since(e0, "\"type\":\"legendary.goal-cover\",\"seat\":\"tracker\","
	    "\"goal\":\"defensive-position\",\"card\":\"deep-gash\",\"for\":\"lieutenant\""),
	    "cover: an event names the seat, the goal, the strike and whom it covered");
	h = reloaded(g);
	check(h != NULL && h->s[1].cover == LGV_ALWAYS, "cover: the standing choice is kept "
	    "in the state");
	if (h != NULL)
		R->free(h);
	done(g);
	g = cover_position("cover always\npass\n", 0);
	check(g->s[0].strikes.n == 2 && g->s[1].hand.n == 2, "cover: only while the goal's "
	    "objective is the current one");
	done(g);
	g = cover_position("cover defensive-position\npass\n", 1);
	check(g->s[0].strikes.n == 1 && g->s[1].cover == LGV_CARD + card("defensive-position"),
	    "cover: cover GOAL names the goal");
	check(R->check(g, 0, "cover experience\npass\n", &cause) == -1 && cause != NULL &&
	    strstr(cause, "cover never, cover always or cover GOAL") != NULL,
	    "cover: a card without a cover ability is refused with what was expected");
	free(cause);
	done(g);
}

/*
 * Combining Predator with Aliens: a Location of Aliens (the SAMPLE Aliens
 * Sample Location) Marks the active player once its Hazard is followed,
 * not when the Hazard goes back into the Enemy deck; the Aliens names of
 * the spaces, the starting cards and "Avoid the next Strike".
 */
static void
aliens(void)
{
	struct rules_game *g = fresh(2, "location=aliens-sample-location");
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p, *bytes, *at, *cause = NULL;
	struct rules_file f;
	struct lg_db *d;
	size_t len, e0 = ev.n;
	int n, k;

	revealed_at_hills(g, "hazard");
	check(g->s[0].marks == 1 && event_since(e0, "\"type\":\"legendary.mark\""),
	    "aliens: the first Hazard followed, then the active player is Marked");
	for (n = (int)e0; n < (int)ev.n && strstr(ev.v[n].json, "legendary.mark") == NULL;
	    n++)
		;
	for (k = (int)e0; k < (int)ev.n && strstr(ev.v[k].json, "legendary.enters") == NULL;
	    k++)
		;
	check(k < n && n < (int)ev.n, "aliens: the Mark comes after the Hazard's "
	    "instructions (its enemy entered first)");
	g->hazards = 2;
	n = g->enemy.n;
	e0 = ev.n;
	revealed_at_hills(g, "hazard");
	check(g->s[0].marks == 1 && g->enemy.n == n + 1 && lg_find(&g->enemy, card("hazard"))
	    >= 0 && event_since(e0, "legendary.hazard-to-enemy-deck") &&
	    g->s[0].strikes.n == 1, "aliens: a Hazard put back into the Enemy deck Marks no "
	    "one");
	done(g);
	g = fresh(2, NULL);
	revealed_at_hills(g, "hazard");
	check(g->s[0].marks == 1, "aliens: a Predator Location's Hazard Marks as before");
	done(g);
	check(lg_space(db, "airlock") == 4 && lg_space(db, "ventilation-shafts") == 0 &&
	    lg_space(db, "med-lab") == 3 && lg_space(db, "nowhere") < 0, "aliens: the Aliens "
	    "rooms are the board's spaces (Airlock the Hills, ...)");
	check(lg_card_find(db, "specialist") == card("experience") &&
	    lg_card_find(db, "grunt") == card("brute-strength"), "aliens: Specialist is "
	    "Experience, Grunt is Brute Strength");
	f.name = "deck";
	f.bytes = "specialist 7\ngrunt 5\nposition-and-situation 1\n";
	f.len = strlen(f.bytes);
	check(R->deck_check(db, "humans", "lieutenant", &f, NULL) == 0,
	    "aliens: a personal deck of 7 Specialists and 5 Grunts is accepted");
	p = xasprintf("%s/rules/legendary/data/legendary-cards.json", top);
	if (fs_read_file(p, 1 << 20, &bytes, &len, &cause) == -1) {
		check(0, "aliens: the card data read again");
		free(cause);
		free(p);
		return;
	}
	free(p);
	/* Real Nasty Habit written with the Aliens words */
	p = xasprintf("%.*s", (int)len, bytes);
	free(bytes);
	at = strstr(p, "{\"avoid\":1}");
	bytes = xasprintf("%.*s{\"avoid_next\":1}%s", (int)(at - p), p, at + 11);
	free(p);
	p = bytes;
	len = strlen(p);
	d = lg_db_load("aliens.json", p, len, &cause);
	check(d != NULL && d->cards[lg_card_find(d, "real-nasty-habit")].ab[0].eff[0].verb ==
	    E_AVOID, "aliens: \"Avoid the next Strike\" (avoid_next) is played as Avoid any "
	    "one Strike");
	if (d == NULL)
		diag("%s", cause);
	free(cause);
	lg_db_free(d);
	free(p);
}

/*
 * "Enemies in Front of Players": the SAMPLE War Zone Sample Enemy moves in
 * front of the player who reveals it; no effect moves it; it strikes that
 * player in its Strike phase; only that player fights it.
 */
static void
in_front(void)
{
	struct rules_game *g = fresh(2, "movie-predator-2"), *h;
	int wz = card("war-zone-sample-enemy");
	struct lg_ability a;
	char *cause = NULL;

	g->wilds[4] = wz;
	g->attack = 2;
	order(g, "scan hills");
	check(g->s[0].front.n == 1 && g->s[0].front.v[0] == wz && g->wilds[4] < 0 &&
	    g->cz.n == 0, "in front: revealed, the enemy moves in front of the player");
	check(view_has(g, "\"front\":[\"war-zone-sample-enemy\"]"), "in front: every "
	    "view shows it in front of its player");
	memset(&a, 0, sizeof a);
	a.neff = 1;
	a.eff[0].verb = E_ADVANCE;
	a.eff[0].n = 2;
	g->wilds[4] = card("val-verde-guerilla");
	g->up[4] = 1;
	lg_apply(g, &a, -1, 0, &rng, &ev);
	check(g->s[0].front.n == 1 && g->cz.n == 1, "in front: an effect moving cards "
	    "into the Combat Zone does not move it");
	h = reloaded(g);
	check(h != NULL && h->s[0].front.n == 1 && h->s[1].front.n == 0, "in front: kept "
	    "in the state");
	if (h != NULL)
		R->free(h);
	g->cz.n = 0;
	lg_push(&g->strike, card("glancing-hit"));
	lg_strike_phase(g, &rng, &ev);
	check(g->s[0].strikes.n == 1 && g->s[1].strikes.n == 0, "in front: it strikes its "
	    "player in the Strike phase");
	g->active = 1;
	g->attack = 9;
	check(lg_order(g, "fight war-zone-sample-enemy", &rng, &ev, &cause) == -1 &&
	    cause != NULL && strstr(cause, "in front of you") != NULL, "in front: another "
	    "player cannot fight it");
	free(cause);
	g->active = 0;
	g->attack = 4;
	check(offered(g, "fight war-zone-sample-enemy"), "in front: the legal orders offer "
	    "to fight it");
	order(g, "fight war-zone-sample-enemy");
	check(g->s[0].front.n == 0 && lg_find(&g->dead_enemies, wz) >= 0 && g->attack == 0,
	    "in front: its player fights it for its Attack");
	done(g);
}

/* "Kill" an enemy: an ability's "kill any enemy" (the SAMPLE Blain Sample 1). */
static void
kill_any_enemy(void)
{
	struct rules_game *g = fresh(2, NULL);
	char *cause = NULL;

	g->wilds[2] = card("val-verde-guerilla");
	g->up[2] = 1;
	lg_push(&g->cz, card("soviet-advisor"));
	hand(g, 0, "blain-sample-1");
	check(order(g, "kill river") == -1, "kill any enemy: nothing lets you "
	    "before the ability");
	order(g, "play blain-sample-1");
	check(g->kill_enemies == 0, "kill any enemy: Blain Sample 1 played first gives none "
	    "(a Strength ability)");
	done(g);
	g = fresh(2, NULL);
	g->wilds[2] = card("val-verde-guerilla");
	g->up[2] = 1;
	lg_push(&g->cz, card("soviet-advisor"));
	hand(g, 0, "dutch-sample-1");
	hand(g, 0, "blain-sample-1");
	order(g, "play dutch-sample-1");
	order(g, "play blain-sample-1");
	check(g->kill_enemies == 1 && offered(g, "kill soviet-advisor") &&
	    offered(g, "kill river"), "kill any enemy: after a Strength card, one "
	    "kill, each face-up enemy offered");
	{
		int atk = g->attack;

		check(order(g, "kill soviet-advisor") == 0 && g->cz.n == 0 &&
		    lg_find(&g->dead_enemies, card("soviet-advisor")) >= 0 && g->attack == atk &&
		    g->kill_enemies == 0, "kill any enemy: the Soviet Advisor in the Combat "
		    "Zone killed, no Attack spent");
	}
	check(order(g, "kill river") == -1 && g->wilds[2] >= 0, "kill any enemy: "
	    "one kill per ability");
	g->kill_enemies = 1;
	{
		struct rules_game *h = reloaded(g);

		check(h != NULL && h->kill_enemies == 1, "kill any enemy: the allowance is kept "
		    "in the state");
		if (h != NULL)
			R->free(h);
	}
	check(lg_check(g, 0, "kill underground\n", &cause) == -1 && cause != NULL &&
	    strstr(cause, "the underground holds no face-up enemy") != NULL, "kill any "
	    "enemy: an empty space is refused with why");
	free(cause);
	g->wilds[3] = card("one-ugly-mother");
	g->up[3] = 1;
	check(order(g, "kill ruins") == -1 && !offered(g, "kill ruins"), "kill any enemy: "
	    "not the Final Enemy before Objective 2 (as a fight)");
	check(order(g, "kill river") == 0 && g->wilds[2] < 0, "kill any enemy: by "
	    "its space in the Wilds");
	done(g);
}

/* Cleanup: discard, draw six, reshuffle only when needed. */
static void
cleanup(void)
{
	struct rules_game *g = fresh(1, NULL);
	int n = g->s[0].deck.n;

	hand(g, 0, "experience");
	lg_cleanup(g, &rng, &ev);
	check(g->s[0].hand.n == 6 && g->s[0].deck.n == n - 6 && g->s[0].discard.n == 1,
	    "Cleanup: the hand discarded, six cards drawn, no reshuffle while the deck lasts");
	lg_cleanup(g, &rng, &ev);
	check(g->s[0].hand.n == 6 && g->s[0].discard.n == 0 && g->s[0].deck.n == 2,
	    "Cleanup: the discard pile reshuffled only when a card is needed");
	done(g);
}

/* Objectives in order, the Final Enemy, the Minor Goal, scoring. */
static void
objectives(void)
{
	struct rules_game *g = fresh(2, NULL);
	int i;

	g->wilds[4] = card("guerilla-camp");
	g->attack = 20;
	order(g, "scan hills");
	check(g->revealed[0] == 1 && g->done == 0, "Expendable Assets: the Guerilla Camp "
	    "revealed");
	for (i = 0; i < 3; i++) {
		g->wilds[4] = card("val-verde-guerilla");
		g->up[4] = 1;
		g->attack = 3;
		order(g, "fight hills");
	}
	check(g->done == 1, "Expendable Assets: completed after three guerillas killed");
	g->wilds[3] = card("one-ugly-mother");
	g->up[3] = 1;
	g->attack = 20;
	check(order(g, "fight ruins") == -1, "Final Enemy: not before Objective 2");
	g->wilds[4] = card("defensive-position");
	g->up[4] = 0;
	order(g, "scan hills");
	check(g->done == 2, "Objective 2 completed by its goal card");
	check(order(g, "fight ruins") == 0 && g->result == 1 && lg_score(g) == 7,
	    "Final Enemy killed: a Major Victory, 5 points and 1 per living player");
	done(g);
	/* One Ugly Mother...: each Mark carried is cleared before the kill counts
	   (a fight while marked clears one, SAMPLE: the source does not say how) */
	g = fresh(2, NULL);
	g->done = 2;
	g->s[0].marks = 2;
	g->wilds[3] = card("one-ugly-mother");
	g->up[3] = 1;
	g->attack = 25;
	check(order(g, "fight ruins") == 0 && g->s[0].marks == 1 && g->result == 0 &&
	    g->wilds[3] == card("one-ugly-mother") && g->attack == 15, "Final Enemy: One "
	    "Ugly Mother... fought while marked: its Attack spent, a Mark cleared, it stands");
	check(order(g, "fight ruins") == 0 && g->s[0].marks == 0 && g->result == 0 &&
	    g->wilds[3] == card("one-ugly-mother"), "Final Enemy: One Ugly Mother... clears "
	    "each Mark the fighter carries, one a fight");
	check(order(g, "fight ruins") == -1 && g->result == 0, "Final Enemy: One Ugly "
	    "Mother... at its full Attack again once the Marks are cleared (5 left of 25)");
	g->attack = 10;
	check(order(g, "fight ruins") == 0 && g->result == 1 && g->wilds[3] < 0,
	    "Final Enemy: One Ugly Mother... killed by an unmarked player: a Major Victory");
	done(g);
	g = fresh(2, NULL);
	g->done = 2;
	g->s[1].marks = 1;
	g->wilds[3] = card("one-ugly-mother");
	g->up[3] = 1;
	g->attack = 10;
	check(order(g, "fight ruins") == 0 && g->result == 1, "Final Enemy: another "
	    "player's Mark does not keep One Ugly Mother... from the unmarked fighter");
	done(g);
	/* War Zone's Event goes to Operations (each adds 1 to every Scan Cost, SAMPLE),
	   until War Zone is completed */
	g = fresh(2, "movie-predator-2");
	g->wilds[4] = card("event");
	g->attack = 2;
	check(order(g, "scan hills") == 0 && g->operations.n == 1 && g->ops_scan == 1 &&
	    lg_find(&g->discarded, card("event")) < 0, "War Zone: its Event goes to "
	    "Operations, not to the discarded Events");
	g->wilds[4] = card("event");
	g->attack = 2;
	check(order(g, "scan hills") == -1, "War Zone: an Event in Operations makes "
	    "scanning the Hills cost 3 (2 + 1)");
	g->attack = 3;
	check(order(g, "scan hills") == 0 && g->operations.n == 2 && g->ops_scan == 2,
	    "War Zone: a second Event in Operations: every Scan Cost +2");
	{
		cJSON *v = lg_view(g, 0), *sp = cJSON_GetObjectItemCaseSensitive(v, "operations");
		struct rules_game *h = reloaded(g);

		check(cJSON_GetArraySize(sp) == 2 && h != NULL && h->ops_scan == 2 &&
		    h->operations.n == 2, "War Zone: the view lists Operations, the state "
		    "keeps it");
		cJSON_Delete(v);
		if (h != NULL)
			R->free(h);
	}
	g->wilds[4] = card("assault-the-stronghold");
	g->attack = 4;
	check(order(g, "scan hills") == 0 && g->done == 1 && g->operations.n == 0 &&
	    g->ops_scan == 0 && lg_find(&g->discarded, card("event")) >= 0, "War Zone "
	    "completed: the Events in Operations leave with it, the Scan Costs as printed");
	done(g);
	g = fresh(2, NULL);
	g->wilds[4] = card("event");
	g->attack = 2;
	check(order(g, "scan hills") == 0 && g->operations.n == 0, "Expendable Assets' "
	    "Event sends nothing to Operations");
	{
		size_t len;
		char *st = R->save(g, &len);

		check(strstr(st, "operations") == NULL, "a state with nothing in Operations "
		    "saves as before");
		free(st);
	}
	done(g);
	g = fresh(2, NULL);
	g->done = 2;
	g->wilds[4] = card("chopper-inbound");
	g->attack = 2;
	order(g, "scan hills");
	check(g->result == 2 && lg_score(g) == 2, "the Minor Goal: a Minor Victory, 1 point "
	    "per living player");
	done(g);
	g = fresh(2, NULL);
	g->wilds[4] = card("chopper-inbound");
	g->attack = 2;
	order(g, "scan hills");
	check(g->result == 0, "a goal card of a later objective does nothing");
	done(g);
	/* ... until the objective before it is completed: then it counts */
	g = fresh(2, NULL);
	g->wilds[4] = card("defensive-position");
	g->attack = 2;
	order(g, "scan hills");
	check(g->done == 0, "Objective Goal Cards: Objective 2's goal revealed early waits");
	g->wilds[4] = card("guerilla-camp");
	g->attack = 2;
	order(g, "scan hills");
	for (i = 0; i < 3; i++) {
		g->wilds[4] = card("val-verde-guerilla");
		g->up[4] = 1;
		g->attack = 3;
		order(g, "fight hills");
	}
	check(g->done == 2, "Objective Goal Cards: the goal revealed early counts once its "
	    "objective is the current one (Objective 1 done, then Objective 2)");
	done(g);
	g = fresh(2, NULL);
	g->done = 1;
	g->wilds[4] = card("chopper-inbound");
	g->attack = 2;
	order(g, "scan hills");
	g->wilds[4] = card("defensive-position");
	g->attack = 2;
	order(g, "scan hills");
	check(g->done == 2 && g->result == 2, "Objective Goal Cards: a Minor Goal revealed "
	    "before Objective 3 wins once Objective 2 is completed");
	done(g);
}

/* The orders of a turn by mail: check() and resolve(). */
static void
mail_orders(void)
{
	struct rules_game *g = fresh(2, NULL);
	char *cause = NULL;
	const char *orders[2] = { "play experience\n", NULL };

	hand(g, 0, "experience");
	hand(g, 0, "the-speech");
	g->wilds[4] = card("val-verde-guerilla");
	g->attack = 2;
	{
		char *t = R->template(g, 0);

		check(strstr(t, "# play CARD\n#   CARD: experience the-speech\n") != NULL &&
		    strstr(t, "# scan SPACE\n#   SPACE: hills\n") != NULL &&
		    strstr(t, "\npass\n") != NULL && R->check(g, 0, t, NULL) == 0,
		    "the template: legal orders as patterns with their choices, signable as "
		    "mailed");
		free(t);
	}
	g->attack = 0;
	g->wilds[4] = -1;
	check(R->check(g, 0, "play experience\n", NULL) == 0, "check: a legal order");
	check(R->check(g, 0, "play experience\nfly away\n", &cause) == -1 &&
	    strncmp(cause, "line 2: not an order of a turn; expected play CARD", 50) == 0,
	    "check: an unknown order names its line and what was expected");
	free(cause);
	cause = NULL;
	check(R->check(g, 0, "recruit commander\n", &cause) == -1 && strstr(cause,
	    "line 1: a Commander costs 3 Recruit, you have 0") != NULL,
	    "check: an order impossible now is refused with its reason");
	free(cause);
	check(R->check(g, 1, "pass\n", NULL) == -1, "check: the other seat owes nothing "
	    "in the action phase");
	R->resolve(g, orders, &rng, &ev, NULL);
	check(g->active == 1 && g->turn >= 2, "resolve: the turn's orders, then the Strike "
	    "and Cleanup phases run and the next player's turn opens");
	check(g->phase == LP_COORDINATE && R->owes(g, 0) && !R->owes(g, 1),
	    "the coordinate window awaits the other seat");
	R->resolve(g, (const char *[]){ "coordinate never\n", NULL }, &rng, &ev, NULL);
	check(g->phase == LP_ACTION && g->s[0].coord == LGC_NEVER, "coordinate never: the "
	    "window closes and the seat is not asked again");
	R->resolve(g, (const char *[]){ NULL, "continue\n" }, &rng, &ev, NULL);
	check(g->phase == LP_ACTION && g->active == 1 && strcmp(R->phase(g),
	    "action.follow-up-1") == 0 && R->owes(g, 1) && !R->owes(g, 0), "continue: a "
	    "follow-up phase in the same turn for that seat only");
	done(g);
}

/*
 * ---- the rulebook's choices (doc/rulebook-choices.tsv, game
 * legendary-humans) ----
 * Each case plays one position twice (tests/choice-cases.h), with the
 * order or game option the table names (its arg) and by default;
 * tests/rules/test-choices.sh runs each by `--choice ID`.
 */

/* A set-up with the game option arg, or without (five players for
 * preparation-turn: the chart gives them one already): the piles' sizes,
 * the HQ, the health. */
static char *
ch_option(int chosen, const char *arg)
{
	struct rules_game *g = fresh(strcmp(arg, "preparation-turn") == 0 ? 5 : 2,
	    chosen ? arg : NULL);
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addf(&sb, "enemy %d, barracks %d, preparation %d, health %d, first %s; "
	    "location %s, objectives %s %s %s; hq", g->enemy.n, g->barracks.n, g->prep_left,
	    lg_health(g, 0), g->s[first_active].name, db->locations[g->location].slug,
	    db->objectives[g->objective[0]].slug, db->objectives[g->objective[1]].slug,
	    db->objectives[g->objective[2]].slug);
	for (i = 0; i < LG_SPACES; i++)
		strbuf_addf(&sb, " %s", g->hq[i] >= 0 ? db->cards[g->hq[i]].slug : "-");
	done(g);
	return strbuf_detach(&sb, NULL);
}

/* Cancel a Strike: the next player's strike, its standing choice or none. */
static char *
ch_cancel(int chosen, const char *arg)
{
	struct rules_game *g = cancel_position(chosen ? arg : NULL);
	char *s = xasprintf("the next player: strikes %d, hand %d, discard %d",
	    g->s[1].strikes.n, g->s[1].hand.n, g->s[1].discard.n);

	done(g);
	return s;
}

/* All or Nothing: a player dies; after the survivor's one more turn, the end. */
static char *
ch_all_or_nothing(int chosen, const char *arg)
{
	struct rules_game *g = fresh(2, chosen ? arg : NULL);
	char *s;
	int i;

	for (i = 0; i < 6; i++)
		lg_push(&g->s[0].strikes, card("deep-gash"));
	lg_strike(g, 0, -1, &rng, &ev);
	lg_next_turn(g, &rng, &ev);
	lg_next_turn(g, &rng, &ev);
	s = xasprintf("after two turns: result %d, phase %d", g->result, g->phase);
	done(g);
	return s;
}

/* The turn's pools and piles of seat 0 (and the strikes of every seat). */
static char *
turn_outcome(struct rules_game *g)
{
	char *s = xasprintf("attack %d, recruit %d; hand %d, discard %d, deck %d, "
	    "strikes %d; dead enemies %d, dead characters %d, free scans %d, up %d%d%d%d%d",
	    g->attack, g->recruit, g->s[0].hand.n, g->s[0].discard.n, g->s[0].deck.n,
	    g->s[0].strikes.n, g->dead_enemies.n, g->dead_characters.n, g->free_scans,
	    g->up[0], g->up[1], g->up[2], g->up[3], g->up[4]);

	done(g);
	return s;
}

/* The positions of the simple turn cases. */
static void
set_play(struct rules_game *g)
{
	hand(g, 0, "experience");
}

static void
set_recruit(struct rules_game *g)
{
	g->recruit = 20;
}

static void
set_commander(struct rules_game *g)
{
	g->recruit = 3;
}

static void
set_scan(struct rules_game *g)
{
	g->wilds[4] = card("val-verde-guerilla");
	g->up[4] = 0;
	g->attack = 2;
}

static void
set_fight(struct rules_game *g)
{
	g->wilds[4] = card("val-verde-guerilla");
	g->up[4] = 1;
	g->attack = 3;
}

static void
set_kill_enemy(struct rules_game *g)
{
	g->wilds[4] = card("val-verde-guerilla");
	g->up[4] = 1;
	hand(g, 0, "dutch-sample-1");
	hand(g, 0, "blain-sample-1");
	order(g, "play dutch-sample-1");
	order(g, "play blain-sample-1");
}

static const struct {
	const char	*line;
	void		(*set)(struct rules_game *g);
} turn_sets[] = {
	{ "play experience", set_play },
	{ "recruit 1", set_recruit },
	{ "recruit commander", set_commander },
	{ "scan hills", set_scan },
	{ "fight hills", set_fight },
	{ "kill hills", set_kill_enemy },
};

/* One player's action phase in the position of order arg, with it or not. */
static char *
ch_turn(int chosen, const char *arg)
{
	struct rules_game *g = fresh(1, NULL);
	size_t i;

	for (i = 0; i < sizeof turn_sets / sizeof turn_sets[0]; i++)
		if (strcmp(turn_sets[i].line, arg) == 0)
			turn_sets[i].set(g);
	if (chosen)
		order(g, arg);
	return turn_outcome(g);
}

/* Call for Backup "anytime on that turn": used after the coordinations. */
static char *
ch_call_for_backup(int chosen, const char *arg)
{
	struct rules_game *g = fresh(3, NULL);

	hand(g, 0, "it-ain-t-no-man");
	hand(g, 1, "real-nasty-habit");
	hand(g, 2, "take-a-good-look");
	order(g, "play it-ain-t-no-man");
	if (!chosen)	/* by default: as soon as it is played, before anyone coordinates */
		order(g, "use it-ain-t-no-man");
	lg_coordinate(g, 1, card("real-nasty-habit"), &rng, &ev, NULL);
	lg_coordinate(g, 2, card("take-a-good-look"), &rng, &ev, NULL);
	if (chosen)
		order(g, arg);
	return turn_outcome(g);
}

/* Coordinate: another seat sets a card aside for the active player, who
 * may play its virtual copy. */
static char *
ch_coordinate(int chosen, const char *arg)
{
	struct rules_game *g = fresh(2, NULL);

	hand(g, 1, "the-speech");
	g->phase = LP_COORDINATE;
	if (chosen)
		lg_coordinate(g, 1, card(arg), &rng, &ev, NULL);
	g->phase = LP_ACTION;
	order(g, "copy tracker");
	return turn_outcome(g);
}

static char *
ch_copy(int chosen, const char *arg)
{
	struct rules_game *g = fresh(2, NULL);

	hand(g, 1, "the-speech");
	g->phase = LP_COORDINATE;
	lg_coordinate(g, 1, card("the-speech"), &rng, &ev, NULL);
	g->phase = LP_ACTION;
	if (chosen)
		order(g, arg);
	return turn_outcome(g);
}

static char *
ch_kill(int chosen, const char *arg)
{
	struct rules_game *g = fresh(1, NULL);

	hand(g, 0, "sexual-tyrannosaurus");
	hand(g, 0, "sexual-tyrannosaurus");
	order(g, "play sexual-tyrannosaurus");
	g->kill_own = 1;
	order(g, chosen ? arg : "kill sexual-tyrannosaurus");
	return turn_outcome(g);
}

static char *
ch_discard(int chosen, const char *arg)
{
	struct rules_game *g = fresh(1, "movie-predator-2");

	hand(g, 0, "the-door-swings-both-ways");
	hand(g, 0, "the-door-swings-both-ways");
	hand(g, 0, "experience");
	order(g, "play the-door-swings-both-ways");
	order(g, "play the-door-swings-both-ways");
	if (chosen)
		order(g, arg);
	return turn_outcome(g);
}

static char *
ch_swap(int chosen, const char *arg)
{
	struct rules_game *g = fresh(3, NULL);

	hand(g, 0, "the-highest-tech");
	hand(g, 0, "experience");
	hand(g, 1, "real-nasty-habit");
	order(g, "play the-highest-tech");
	order(g, "play experience");
	lg_coordinate(g, 1, card("real-nasty-habit"), &rng, &ev, NULL);
	order(g, "use the-highest-tech");
	if (chosen)
		order(g, arg);
	return turn_outcome(g);
}

static char *
ch_avoid(int chosen, const char *arg)
{
	struct rules_game *g = fresh(2, NULL);
	char *s;
	size_t k, e0;
	int vvg = 0, anw = 0;

	lg_push(&g->cz, card("almost-no-weight-cuts-like-steel"));
	lg_push(&g->cz, card("val-verde-guerilla"));
	g->avoid = 1;
	if (chosen)
		order(g, arg);
	e0 = ev.n;
	lg_strike_phase(g, &rng, &ev);
	for (k = e0; k < ev.n; k++)
		if (strstr(ev.v[k].json, "\"type\":\"legendary.strike\"") != NULL) {
			vvg += strstr(ev.v[k].json, "\"enemy\":\"val-verde-guerilla\"") != NULL;
			anw += strstr(ev.v[k].json, "\"enemy\":\"almost-no-weight") != NULL;
		}
	s = xasprintf("strikes of the Guerilla %d, of Almost No Weight %d", vvg, anw);
	done(g);
	return s;
}

/* Each player discards: the next player's discard, its standing choice or none. */
static char *
ch_discards(int chosen, const char *arg)
{
	struct rules_game *g = discards_position(chosen ? arg : NULL, NULL);
	char *s = xasprintf("the next player discards %s, keeps %s",
	    db->cards[g->s[1].discard.v[0]].slug, db->cards[g->s[1].hand.v[0]].slug);

	done(g);
	return s;
}

/* A goal's ability: the next player, in its own turn, uses the attached
 * Defensive Position or not; then a strike of the Combat Zone. */
static char *
ch_goal_use(int chosen, const char *arg)
{
	struct rules_game *g = fresh(2, NULL);
	char *s;

	g->attached[1] = card("defensive-position") + 1;
	g->done = 1;
	g->active = 1;
	g->recruit = 2;
	if (chosen)
		order(g, arg);
	lg_push(&g->cz, card("val-verde-guerilla"));
	lg_push(&g->strike, card("glancing-hit"));
	lg_strike_phase(g, &rng, &ev);
	s = xasprintf("the next player: recruit %d, strikes %d", g->recruit,
	    g->s[1].strikes.n);
	done(g);
	return s;
}

/* Timing: the Combat Zone, left to right, after two cards moved together. */
static char *
ch_timing(int chosen, const char *arg)
{
	struct rules_game *g = timing_position(chosen ? arg : NULL);
	char *s = xasprintf("the Combat Zone: %s, %s", db->cards[g->cz.v[0]].slug,
	    db->cards[g->cz.v[1]].slug);

	done(g);
	return s;
}

/* Show: the Recruit Harrigan Sample 2 gives with a Tech card to show. */
static char *
ch_show(int chosen, const char *arg)
{
	struct rules_game *g = show_position(chosen ? arg : NULL);
	char *s = xasprintf("recruit %d", g->recruit);

	done(g);
	return s;
}

/* A goal used in another player's turn: the active player's strikes. */
static char *
ch_cover(int chosen, const char *arg)
{
	struct rules_game *g = cover_position(chosen ? arg : NULL, 1);
	char *s = xasprintf("the active player's strikes %d, the next player's hand %d",
	    g->s[0].strikes.n, g->s[1].hand.n);

	done(g);
	return s;
}

static const struct choice_case choice_cases[] = {
	{ "lh-movie", ch_option, "movie-predator-2" },
	{ "lh-characters", ch_option, "characters=dutch,harrigan,keyes,mac" },
	{ "lh-easier", ch_option, "easier" },
	{ "lh-harder-wilds", ch_option, "harder-wilds=5" },
	{ "lh-young-bloods", ch_option, "young-bloods=+3" },
	{ "lh-preparation-turn", ch_option, "preparation-turn" },
	{ "lh-defense-as-health", ch_option, "defense-as-health" },
	{ "lh-location", ch_option, "location=the-streets-of-los-angeles" },
	{ "lh-objectives", ch_option, "objectives=war-zone,flares-frags-and-claymores,"
	  "other-world-life-form" },
	{ "lh-first", ch_option, "first=tracker" },
	{ "lh-preparation-turns", ch_option, "preparation-turns=2" },
	{ "lh-all-or-nothing", ch_all_or_nothing, "all-or-nothing" },
	{ "lh-cancel", ch_cancel, "cancel always\npass\n" },
	{ "lh-kill-enemy", ch_turn, "kill hills" },
	{ "lh-play", ch_turn, "play experience" },
	{ "lh-recruit", ch_turn, "recruit 1" },
	{ "lh-commander", ch_turn, "recruit commander" },
	{ "lh-scan", ch_turn, "scan hills" },
	{ "lh-fight", ch_turn, "fight hills" },
	{ "lh-call-for-backup", ch_call_for_backup, "use it-ain-t-no-man" },
	{ "lh-coordinate", ch_coordinate, "the-speech" },
	{ "lh-copy", ch_copy, "copy tracker" },
	{ "lh-kill", ch_kill, "kill sexual-tyrannosaurus played" },
	{ "lh-discard", ch_discard, "discard experience" },
	{ "lh-swap", ch_swap, "swap experience" },
	{ "lh-avoid", ch_avoid, "avoid almost-no-weight-cuts-like-steel" },
	{ "lh-goal-use", ch_goal_use, "use defensive-position" },
	{ "lh-discards", ch_discards, "discards the-speech\npass\n" },
	{ "lh-timing", ch_timing, "timing farthest\n" },
	{ "lh-show", ch_show, "show never\npass\n" },
	{ "lh-cover", ch_cover, "cover always\npass\n" },
	{ "lh-aliens-location", ch_option, "location=aliens-sample-location" },
};

/* Every case, or only the one named (none such: a failure). */
static void
choices(const char *only)
{
	choice_cases_run(choice_cases, sizeof choice_cases / sizeof choice_cases[0], only,
	    check);
}

static void
all(void)
{
	setup();
	enemy_phase();
	action_phase();
	class_abilities();
	keywords();
	strike_phase();
	each_player();
	cancel_strike();
	each_player_discards();
	timing();
	attach_clear();
	goal_ability();
	show();
	cover();
	aliens();
	in_front();
	kill_any_enemy();
	cleanup();
	objectives();
	mail_orders();
	choices(NULL);
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p = xasprintf("%s/rules/legendary/data/legendary-cards.json", top), *bytes;
	char *cause = NULL, *first;
	size_t len;

	if (fs_read_file(p, 1 << 20, &bytes, &len, &cause) == -1)
		return diag("%s", cause), done_testing();
	free(p);
	if ((db = lg_db_load("legendary-cards.json", bytes, len, &cause)) == NULL)
		return diag("%s", cause), done_testing();
	if (argc == 3 && strcmp(argv[1], "--choice") == 0) {
		choices(argv[2]);
		strbuf_free(&transcript);
		lg_db_free((struct lg_db *)db);
		free(bytes);
		return done_testing();
	}
	all();
	first = strbuf_detach(&transcript, NULL);
	checking = 0;
	all();
	ok(strcmp(first, strbuf_str(&transcript)) == 0, "the scenarios run twice give "
	    "byte-identical transcripts (%zu bytes)", strlen(first));
	free(first);
	strbuf_free(&transcript);
	lg_db_free((struct lg_db *)db);
	free(bytes);
	return done_testing();
}
