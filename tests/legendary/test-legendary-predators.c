/*
 * test-legendary-predators.c — Playing as Predators (rules/legendary/
 * predator-*.c, prey-keywords.c, honor.c, challenges.c): scenario checks
 * per section of that part of the rulebook and per Prey keyword (the
 * rulebook's healing example among them), whole games of 1 to 5 seats
 * played twice to byte-identical states with save/load round trips, and
 * secrecy (two games differing only in hidden orders give a seat the same
 * view). doc/legendary-rules-map.md cites these checks by their first words.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"
#include "tests/choice-cases.h"
#include "tests/legal-lines.h"
#include "tests/tap.h"

extern const struct rules rules_legendary;
static const struct rules *R = &rules_legendary;
static const struct lg_db *DB;

struct counter {
	uint64_t	 n, salt;
};

static uint32_t
next(void *ctx, uint32_t bound)
{
	struct counter *c = ctx;
	uint64_t x = (c->n++ + 1) * 0x9E3779B97F4A7C15ull ^ c->salt;

	x ^= x >> 31;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 29;
	return (uint32_t)(x % bound);
}

static struct counter cu, ch;
static struct rules_rng rng = { next, &cu, next, &ch };

/* A game of the named seats ("a,b,c"), options ("x y=a,b" or NULL), salts. */
static struct rules_game *
game(const char *seats, const char *opts, uint64_t pub, uint64_t hid, char **why)
{
	struct rules_seat rs[5];
	struct rules_setup su;
	const char *o[8];
	char *s = xstrdup(seats), *t = opts ? xstrdup(opts) : NULL, *p, *save = NULL;
	struct rules_game *g;
	int n = 0, no = 0;

	memset(&su, 0, sizeof su);
	memset(rs, 0, sizeof rs);
	for (p = strtok_r(s, ",", &save); p != NULL && n < 5; p = strtok_r(NULL, ",", &save)) {
		rs[n].name = p;
		rs[n++].faction = p;
	}
	save = NULL;
	for (p = t ? strtok_r(t, " ", &save) : NULL; p != NULL && no < 8;
	    p = strtok_r(NULL, " ", &save))
		o[no++] = p;
	su.scenario = "predators";
	su.seats = rs;
	su.nseats = (size_t)n;
	su.data = DB;
	su.places = 1;
	su.options = o;
	su.noptions = (size_t)no;
	cu.n = 0;
	cu.salt = pub;
	ch.n = 0;
	ch.salt = hid;
	g = R->create(&su, &rng, NULL, why);
	free(s);
	free(t);
	return g;
}

static int
card(const char *slug)
{
	return lg_card_find(DB, slug);
}

static int
count_of(const struct lg_pile *p, const char *slug)
{
	int i, n = 0;

	for (i = 0; i < p->n; i++)
		n += strcmp(DB->cards[p->v[i]].slug, slug) == 0;
	return n;
}

/* One order for the active seat; 0 or -1, the reason in why (freed). */
static int
order(struct rules_game *g, const char *line, char *why, size_t len)
{
	char *c = NULL;
	int rc = lg_order(g, line, &rng, NULL, &c);

	snprintf(why, len, "%s", c != NULL ? c : "");
	free(c);
	return rc;
}

static void
clear_board(struct rules_game *g)
{
	int i;

	for (i = 0; i < LG_SPACES; i++)
		g->wilds[i] = -1;
	g->cz.n = g->cz_id.n = 0;
	g->ngears = g->narrests = 0;
	g->gear_wait = -1;
}

static void
setup_checks(void)
{
	struct rules_game *g;
	char *why = NULL;
	int i, n;

	g = game("jungle-hunter,lieutenant", NULL, 1, 2, &why);
	ok(g != NULL, "predators setup: a game of a Role seat and a dealt seat (%s)",
	    why ? why : "ok");
	if (g == NULL)
		return;
	n = g->s[0].deck.n + g->s[0].hand.n;
	ok(n == 13 && g->s[0].hand.n == 6 && count_of(&g->s[0].deck, "experience") +
	    count_of(&g->s[0].hand, "experience") == 7 && count_of(&g->s[0].deck,
	    "wrist-blades") + count_of(&g->s[0].hand, "wrist-blades") == 1,
	    "predators setup: 13-card personal decks (7 Experience, 5 Brute Strength, the "
	    "Role card), hands of six");
	ok(strcmp(DB->pd.roles[g->s[0].role].slug, "jungle-hunter") == 0 &&
	    g->s[1].role >= 0 && g->s[1].role != g->s[0].role,
	    "predators setup: a seat named by a Role takes it, another is dealt one left");
	/* the first turn's Prey phase has drawn one */
	ok(g->enemy.n + 1 == 9 + 11 + 13 + 0 + 1 + 2 && g->mercs.n == 24 - 3,
	    "predators setup: the Prey deck of two players is 9+11+13 and 0/1/2 "
	    "Mercenaries (%d, %d left)", g->enemy.n, g->mercs.n);
	for (n = 0, i = 0; i < 8; i++)
		n += DB->cards[g->enemy.v[g->enemy.n - 1 - i]].kind == LG_PREY &&
		    !(DB->cards[g->enemy.v[g->enemy.n - 1 - i]].kw & KW_MERCENARY) &&
		    strcmp(DB->cards[g->enemy.v[g->enemy.n - 1 - i]].slug, "jungle-guerilla") != 0 &&
		    strcmp(DB->cards[g->enemy.v[g->enemy.n - 1 - i]].slug, "scared-recruit") != 0 &&
		    strcmp(DB->cards[g->enemy.v[g->enemy.n - 1 - i]].slug, "camp-sentry") != 0;
	ok(n == 0, "predators setup: the \"1\" mini-deck is on top of the Prey deck");
	ok(g->barracks.n + 5 == 56 && g->commanders.n == 8 && g->strike.n == 60 &&
	    g->gear.n == 20 && g->traps.n == 20,
	    "predators setup: the Armory of four groups (56), Killer Instinct 8, Prey "
	    "Strikes 60, Gear 20, Traps 20");
	ok(DB->pd.roles[g->s[g->active].role].initiative <=
	    DB->pd.roles[g->s[1 - g->active].role].initiative,
	    "predators setup: the lowest Initiative goes first");
	R->free(g);
	g = game("jungle-hunter,city-hunter,elder-hunter", "easier", 1, 2, &why);
	ok(g != NULL && g->enemy.n + 1 == 33 + 2 + 3 + 4 + 3, "difficulty: easier adds a "
	    "Mercenary to each mini-deck (three players: %d)", g ? g->enemy.n : -1);
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter", "harder", 1, 2, &why);
	ok(g != NULL && g->enemy.n + 1 == 33 + 0 + 0 + 1, "difficulty: harder takes one out of "
	    "each mini-deck (%d)", g ? g->enemy.n : -1);
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter,elder-hunter,young-blood-hunter,tracker-hunter",
	    NULL, 1, 2, &why);
	ok(g != NULL && g->enemy.n == 33 + 15 && g->prep_left == 4 && g->wilds[0] < 0,
	    "predators setup: five players take a preparation round without a Prey phase");
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter,elder-hunter,young-blood-hunter,tracker-hunter",
	    "preparation-turn", 1, 2, &why);
	ok(g != NULL && g->prep_left == 9, "difficulty: preparation-turn gives each one "
	    "more preparation turn (five seats: two rounds)");
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter", "harder-wilds", 1, 2, &why);
	ok(g != NULL && g->turn == 3 && g->cz.n + (g->wilds[0] >= 0) + (g->wilds[1] >= 0) >= 2,
	    "difficulty: harder-wilds gives each a turn of only the Prey and Strike phases "
	    "(turn %d)", g ? g->turn : -1);
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter", "movie-predator-2", 1, 2, &why);
	ok(g != NULL && strcmp(DB->cards[g->hq[0]].character, "urban-intel") >= 0 &&
	    strncmp(DB->cards[g->hq[0]].character, "urban-", 6) == 0 &&
	    g->enemy.n + 1 == 33 + 3, "movies: Predator 2 plays the Urban Armory and its three "
	    "Prey mini-decks");
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,jungle-hunter", NULL, 1, 2, &why);
	ok(g == NULL && strstr(why, "the Role jungle-hunter is taken") != NULL,
	    "predators setup: a Role is one seat's (%s)", why);
	free(why);
	why = NULL;
	g = game("jungle-hunter", "location=the-val-verdean-jungle", 1, 2, &why);
	ok(g == NULL && strstr(why, "Predators have no Location") != NULL,
	    "predators setup: no Locations or Objectives (%s)", why);
	free(why);
}

/* How many cards of the Armory (the stack and the HQ) are of group grp. */
static int
armory_count(const struct rules_game *g, const char *grp)
{
	int i, n = 0;

	for (i = 0; i < g->barracks.n; i++)
		n += DB->cards[g->barracks.v[i]].character != NULL &&
		    strcmp(DB->cards[g->barracks.v[i]].character, grp) == 0;
	for (i = 0; i < LG_HQ; i++)
		n += g->hq[i] >= 0 && DB->cards[g->hq[i]].character != NULL &&
		    strcmp(DB->cards[g->hq[i]].character, grp) == 0;
	return n;
}

/* The Prey cards of slug anywhere the first turn may have put them. */
static int
prey_count(const struct rules_game *g, const char *slug)
{
	int i, n = count_of(&g->enemy, slug) + count_of(&g->cz, slug);

	for (i = 0; i < LG_SPACES; i++)
		n += g->wilds[i] >= 0 && strcmp(DB->cards[g->wilds[i]].slug, slug) == 0;
	return n;
}

/* A game that must be refused, its reason holding want. */
static void
refused(const char *seats, const char *opts, const char *want, const char *what)
{
	char *why = NULL;
	struct rules_game *g = game(seats, opts, 1, 2, &why);

	ok(g == NULL && why != NULL && strstr(why, want) != NULL, "%s (%s)", what,
	    why != NULL ? why : "accepted");
	if (g != NULL)
		R->free(g);
	free(why);
}

/*
 * The set-up choices (setup-options.c): the Armory of any four groups, a
 * class doubled; three Prey mini-decks of one's choice; Mercenaries more
 * or fewer than the chart; each bad value refused, named.
 */
static void
setup_choice_checks(void)
{
	struct rules_game *g, *h;
	char *why = NULL, *st, *st2;
	size_t len, len2;
	cJSON *v;

	g = game("jungle-hunter,city-hunter", "armory=woodland-intel,urban-intel,"
	    "woodland-tech,urban-strength", 1, 2, &why);
	ok(g != NULL && armory_count(g, "woodland-intel") == 14 &&
	    armory_count(g, "urban-intel") == 14 && armory_count(g, "woodland-tech") == 14 &&
	    armory_count(g, "urban-strength") == 14 && armory_count(g, "woodland-strength") ==
	    0 && g->barracks.n + 5 == 56, "armory: armory= builds the Armory of the four "
	    "groups named, Intel twice (Woodland and Urban) (%s)", why ? why : "ok");
	if (g == NULL)
		return;
	v = R->view(g, 0);
	ok(strcmp(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(v, "armory_groups"),
	    1)->valuestring, "urban-intel") == 0 && strcmp(cJSON_GetArrayItem(
	    cJSON_GetObjectItemCaseSensitive(v, "prey_decks"), 0)->valuestring, "no-sport") == 0,
	    "armory: the view names the groups chosen and the movie's Prey mini-decks");
	{
		cJSON *t = R->view_text(v, g->s[0].name);
		const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t,
		    "text"));

		ok(text != NULL && strstr(text, "\nPrey mini-decks: no-sport, payback-time, "
		    "what-the-hell-are-you; Armory: woodland-intel, urban-intel, woodland-tech, "
		    "urban-strength\n") != NULL, "armory: the view's text says the set-up");
		cJSON_Delete(t);
	}
	cJSON_Delete(v);
	st = R->save(g, &len);
	h = R->load(DB, st, len, &why);
	st2 = h != NULL ? R->save(h, &len2) : NULL;
	ok(strstr(st, "\"custom_setup\":[1,") != NULL && st2 != NULL && len2 == len &&
	    memcmp(st, st2, len) == 0, "armory: a chosen set-up is saved and loads the same");
	free(st);
	free(st2);
	if (h != NULL)
		R->free(h);
	R->free(g);
	g = game("jungle-hunter,city-hunter", NULL, 1, 2, &why);
	st = R->save(g, &len);
	ok(strstr(st, "custom_setup") == NULL, "armory: a movie's state saves no chosen "
	    "set-up (its bytes are as before the options)");
	free(st);
	R->free(g);
	g = game("jungle-hunter,city-hunter", "prey=drawn-by-heat-and-conflict,payback-time,"
	    "a-taste-for-beef", 1, 2, &why);
	ok(g != NULL && prey_count(g, "gang-member") == 4 && prey_count(g, "commando") == 4 &&
	    prey_count(g, "harrigan-ultimate") == 1 && prey_count(g, "dutch-ultimate") == 0 &&
	    prey_count(g, "jungle-guerilla") == 0 && armory_count(g, "woodland-intel") == 14,
	    "prey: prey= builds the Prey deck of the three mini-decks named, with the "
	    "movie's Armory (%s)", why ? why : "ok");
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter", "visible-challenges mercenaries=+2 harder-wilds",
	    1, 2, &why);
	if (g != NULL) {
		cJSON *vv = R->view(g, 1), *t = R->view_text(vv, g->s[1].name);
		char *os = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(vv,
		    "options"));
		const char *text = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(t,
		    "text"));

		ok(strcmp(os, "[\"harder-wilds\",\"visible-challenges\",\"mercenaries=+2\"]")
		    == 0 && text != NULL && strstr(text, "\nOptions: harder-wilds, "
		    "visible-challenges, mercenaries=+2\n") != NULL, "options: a Predators "
		    "view names the game's options (%s)", os);
		free(os);
		cJSON_Delete(t);
		cJSON_Delete(vv);
		R->free(g);
	} else
		ok(0, "options: a Predators view names the game's options (%s)", why);
	g = game("jungle-hunter,city-hunter", "armory=random prey=random", 1, 2, &why);
	{
		int k, j, n = 0, distinct = 1, staged = 1;

		for (k = 0; g != NULL && k < 4; k++) {
			n += armory_count(g, DB->pd.armory_slug[g->pd_armory[k]]);
			for (j = 0; j < k; j++)
				distinct &= g->pd_armory[j] != g->pd_armory[k];
		}
		for (k = 0; g != NULL && k < 3; k++)
			staged &= DB->pd.prey_stage[g->pd_prey[k]] == k + 1 &&
			    prey_count(g, DB->cards[DB->pd.prey[g->pd_prey[k]][0]].slug) > 0;
		ok(g != NULL && g->pd_custom == (LG_CUSTOM_ARMORY | LG_CUSTOM_PREY) &&
		    distinct && n == 56 && g->barracks.n + 5 == 56 && staged,
		    "armory: armory=random and prey=random pick four different groups and a "
		    "mini-deck of each label, and build from them (%s)", why ? why : "ok");
	}
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter", "mercenaries=+2", 1, 2, &why);
	ok(g != NULL && g->mercs.n == 24 - (2 + 3 + 4), "difficulty: mercenaries=+2 adds two "
	    "Mercenaries to each mini-deck (two players: 2, 3, 4; %d left)", g ? g->mercs.n :
	    -1);
	if (g != NULL)
		R->free(g);
	g = game("jungle-hunter,city-hunter,elder-hunter", "mercenaries=-3", 1, 2, &why);
	ok(g != NULL && g->mercs.n == 24 - (0 + 0 + 1), "difficulty: mercenaries=-3 takes "
	    "three from each mini-deck, down to none (three players: 0, 0, 1; %d left)",
	    g ? g->mercs.n : -1);
	if (g != NULL)
		R->free(g);
	refused("jungle-hunter", "armory=woodland-intel,woodland-intel,urban-tech,urban-intel",
	    "option armory=woodland-intel,woodland-intel,urban-tech,urban-intel: the group "
	    "woodland-intel is named twice; expected four different groups",
	    "armory: a group named twice is refused");
	refused("jungle-hunter", "armory=woodland-intel,woodland-leadership,urban-tech,"
	    "urban-intel", "woodland-leadership is not an Armory group; expected four of "
	    "woodland-intel, woodland-strength", "armory: an unknown group is refused with "
	    "the groups there are");
	refused("jungle-hunter", "armory=woodland-intel,urban-tech", "option armory=woodland"
	    "-intel,urban-tech: \"woodland-intel,urban-tech\" is not a value of armory; "
	    "expected armory=A,B,C,D", "armory: two groups are refused: four are expected");
	refused("jungle-hunter", "prey=payback-time,no-sport,a-taste-for-beef",
	    "payback-time is not a stage-1 Prey mini-deck; expected one of no-sport, "
	    "drawn-by-heat-and-conflict", "prey: a mini-deck of the wrong stage is refused");
	refused("jungle-hunter", "mercenaries=2", "option mercenaries=2: \"2\" is not a value "
	    "of mercenaries; expected mercenaries=+N or -N", "difficulty: mercenaries= wants "
	    "a sign");
	refused("jungle-hunter,city-hunter,elder-hunter,young-blood-hunter,tracker-hunter",
	    "mercenaries=+6", "option mercenaries=+6: with 5 players the three mini-decks "
	    "take 33 Mercenaries and the card data has 24", "difficulty: more Mercenaries "
	    "than there are is refused");
	refused("jungle-hunter", "easier mercenaries=+1", "option mercenaries=+1: easier or "
	    "harder (one more or fewer) is given too", "difficulty: easier and mercenaries= "
	    "together are refused");
	refused("jungle-hunter", "harder-wilds=3", "option \"harder-wilds=3\" is for Playing "
	    "as Humans", "difficulty: harder-wilds=N is for Playing as Humans");
	refused("jungle-hunter,city-hunter", "first=city-hunter", "option \"first=city-hunter\" "
	    "is for Playing as Humans (Predators: the lowest Initiative goes first)",
	    "setup: first= is for Playing as Humans");
	refused("jungle-hunter", "preparation-turns=2", "option \"preparation-turns=2\" is "
	    "for Playing as Humans (Predators: preparation-turn", "difficulty: "
	    "preparation-turns= is for Playing as Humans");
	refused("jungle-hunter", "young-bloods=+1", "option \"young-bloods=+1\" is for "
	    "Playing as Humans (Predators count Mercenaries", "difficulty: young-bloods= is "
	    "for Playing as Humans");
}

static void
prey_phase_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", NULL, 3, 4, NULL);
	int gu = card("gear-up"), gs = card("jungle-guerilla"), d = card("ambush-danger");
	char why[256];

	if (g == NULL)
		return;
	clear_board(g);
	lg_push(&g->enemy, gs);
	pd_prey_phase(g, &rng, NULL);
	lg_push(&g->enemy, gs);
	pd_prey_phase(g, &rng, NULL);
	ok(g->wilds[0] == gs && g->wilds[1] == gs && g->up[0] && g->up[1],
	    "prey phase: a Prey enters the Underground face up, pushing the other on");
	lg_push(&g->enemy, gu);
	pd_prey_phase(g, &rng, NULL);
	ok(g->ngears == 1 && g->gear_host[0] == g->wid[0] && g->wilds[2] < 0,
	    "gear up: the top Gear attaches to the Prey closest to the Prey deck");
	clear_board(g);
	lg_push(&g->enemy, gu);
	lg_push(&g->gear, card("armor-vest"));	/* not a Gear that makes a Runner */
	pd_prey_phase(g, &rng, NULL);
	ok(g->gear_wait >= 0 && g->ngears == 0, "gear up: with no Prey the Gear waits in "
	    "the Underground");
	lg_push(&g->enemy, gs);
	pd_prey_phase(g, &rng, NULL);
	ok(g->gear_wait < 0 && g->ngears == 1 && pd_prey_attack(g, gs, g->wid[0]) >
	    DB->cards[gs].attack, "gear up: the waiting Gear goes to the next Prey, raising "
	    "its Attack");
	/* a Prey turned face down is hidden: the Gear goes to the closest face-up one */
	clear_board(g);
	pd_enter(g, 0, card("commando"), 60, &rng, NULL);
	pd_enter(g, 0, gs, 61, &rng, NULL);
	g->up[0] = 0;
	lg_push(&g->gear, card("armor-vest"));
	lg_push(&g->enemy, gu);
	{
		struct rules_events e2 = { 0 };
		size_t k;
		int leak = 0;

		pd_prey_phase(g, &rng, &e2);
		for (k = 0; k < e2.n; k++)
			leak |= strstr(e2.v[k].json, "jungle-guerilla") != NULL;
		ok(g->ngears == 1 && g->gear_host[0] == 60 && !leak, "gear up: a face-down "
		    "card is passed over (the Gear goes to the closest face-up Prey; no event "
		    "names the hidden card)");
		rules_events_free(&e2);
	}
	/* two Gear Ups with no Prey: both Gear wait, both go to the next Prey */
	clear_board(g);
	lg_push(&g->gear, card("rifle-scope"));
	lg_push(&g->enemy, gu);
	lg_push(&g->gear, card("armor-vest"));
	lg_push(&g->enemy, gu);
	pd_prey_phase(g, &rng, NULL);
	pd_prey_phase(g, &rng, NULL);
	lg_push(&g->enemy, gs);
	pd_prey_phase(g, &rng, NULL);
	ok(g->gear_wait < 0 && g->ngears == 2 && g->gear_host[0] == g->wid[0] &&
	    g->gear_host[1] == g->wid[0] && g->gear_card[0] == card("armor-vest") &&
	    pd_prey_attack(g, gs, g->wid[0]) == DB->cards[gs].attack +
	    DB->cards[card("armor-vest")].attack + DB->cards[card("rifle-scope")].attack,
	    "gear up: a second Gear that finds no Prey waits too; the next Prey takes both, "
	    "the first found first");
	/*
	 * no Prey in the Wilds: the leftmost Prey of the Combat Zone, the one
	 * that entered last (each newcomer slides the others to the right)
	 */
	clear_board(g);
	pd_push_cz(g, card("commando"), 50, &rng, NULL);
	pd_push_cz(g, gs, 51, &rng, NULL);
	lg_push(&g->enemy, gu);
	pd_prey_phase(g, &rng, NULL);
	ok(g->ngears == 1 && g->gear_host[0] == 51 && g->cz.v[0] == gs,
	    "gear up: with no Prey in the Wilds the Gear goes to the leftmost Prey of the "
	    "Combat Zone, the last to enter it");
	{
		cJSON *v = R->view(g, 0);
		const cJSON *cz = cJSON_GetObjectItemCaseSensitive(v, "combat_zone");
		const cJSON *first = cJSON_GetArrayItem(cz, 0);
		const cJSON *slug = cJSON_GetObjectItemCaseSensitive(first, "card");
		int a = g->active;

		g->strike.n = 0;
		lg_push(&g->strike, card("prey-flesh-wound"));
		lg_push(&g->strike, card("prey-unworthy-kill"));
		g->s[a].strikes.n = 0;
		pd_strike_phase(g, &rng, NULL);
		ok(cJSON_IsString(slug) && strcmp(slug->valuestring, "jungle-guerilla") == 0 &&
		    g->s[a].strikes.n == 2 && g->s[a].strikes.v[0] == card("prey-unworthy-kill"),
		    "strike phase: the view lists the Combat Zone from the left, newest first, "
		    "as in the other mode; the rightmost, oldest Prey strikes first");
		cJSON_Delete(v);
	}
	clear_board(g);
	lg_push(&g->enemy, card("booby-trap-danger"));
	pd_prey_phase(g, &rng, NULL);
	ok(g->s[g->active].traps.n == 1, "danger: the Booby-Trapped Trail sets a Trap in "
	    "front of the Predator who revealed it");
	g->attack = 2;
	ok(order(g, "avert underground", why, sizeof why) == -1 && strstr(why, "takes 3") !=
	    NULL, "danger: averting takes its Attack (%s)", why);
	g->attack = 3;
	ok(order(g, "fight underground", why, sizeof why) == -1 &&
	    order(g, "avert underground", why, sizeof why) == 0 &&
	    count_of(&g->s[g->active].trophies, "booby-trap-danger") == 1,
	    "danger: can't be fought; averted, it goes into the Trophy Room");
	/* an effect turns cards face down: they are scanned as in the other mode */
	clear_board(g);
	pd_enter(g, 0, gs, 40, &rng, NULL);
	lg_push(&g->enemy, d);
	pd_prey_phase(g, &rng, NULL);
	g->attack = 9;
	ok(!g->up[0] && !g->up[1] && order(g, "fight graveyard", why, sizeof why) == -1,
	    "danger: the Prepared Ambush turns the Wilds face down; a hidden Prey can't be "
	    "fought");
	{
		struct rules_secret *sec;
		size_t ns, k2;
		int w = 0;

		R->secrets(g, &sec, &ns);
		for (k2 = 0; k2 < ns; k2++)
			w += strncmp(sec[k2].id, "wilds:", 6) == 0;
		rules_secrets_free(sec, ns);
		ok(w == 2, "scan: each face-down card of the Wilds is a secret (%d)", w);
	}
	ok(order(g, "scan graveyard", why, sizeof why) == 0 && g->up[1] &&
	    g->attack == 9 - DB->scan[1] && order(g, "fight graveyard", why, sizeof why) == 0,
	    "scan: a face-down card is scanned for the space's Scan Cost, then fought");
	pd_enter(g, 0, gs, 41, &rng, NULL);
	ok(!g->up[1] && g->wilds[1] == d, "scan: a pushed face-down card stays face down");
	clear_board(g);
	for (int k = 0; k < 4; k++) {
		g->wilds[k] = gs;
		g->wid[k] = 200 + k;
	}
	g->wilds[4] = d;
	g->wid[4] = 99;
	pd_enter(g, 0, gs, 300, &rng, NULL);
	ok(count_of(&g->s[g->active].trophies, "ambush-danger") == 1 && g->cz.n == 0,
	    "danger: pushed into the Combat Zone it goes into the Trophy Room");
	clear_board(g);
	g->enemy.n = 0;
	g->mercs.n = 0;
	lg_push(&g->mercs, card("mercenary-gunman"));
	pd_prey_phase(g, &rng, NULL);
	ok(g->merc_deck == 1 && g->wilds[0] == card("mercenary-gunman") &&
	    g->phase != LP_OVER, "end: the Prey deck runs out: the unused Mercenaries make "
	    "a new one");
	pd_prey_phase(g, &rng, NULL);
	ok(g->phase == LP_OVER, "end: when that deck runs out too the Prey run away and "
	    "the game ends");
	R->free(g);
}

static void
turn_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", NULL, 5, 6, NULL);
	int a, other, gs = card("jungle-guerilla"), c;
	char why[256];

	if (g == NULL)
		return;
	a = g->active;
	other = 1 - a;
	clear_board(g);
	g->s[a].hand.n = 0;
	lg_push(&g->s[a].hand, card("woodland-strength-1"));
	lg_push(&g->s[a].hand, card("woodland-intel-3"));
	ok(order(g, "play woodland-strength-1", why, sizeof why) == 0 && g->attack == 2 &&
	    order(g, "play woodland-intel-3", why, sizeof why) == 0 && g->recruit == 3,
	    "action: playing Armory cards gives Attack and Recruit");
	g->hq[0] = card("woodland-survival-3");
	ok(order(g, "recruit 1", why, sizeof why) == -1 && strstr(why, "costs 5") != NULL,
	    "recruit: an HQ card costs its cost (%s)", why);
	g->hq[0] = card("woodland-intel-2");
	ok(order(g, "recruit 1", why, sizeof why) == 0 && g->recruit == 0 &&
	    g->hq[0] >= 0 && count_of(&g->s[a].discard, "woodland-intel-2") == 1,
	    "recruit: the card goes to the discard pile, the HQ refills from the Armory");
	g->recruit = 4;
	c = g->commanders.n;
	ok(order(g, "recruit instinct", why, sizeof why) == 0 && g->commanders.n == c - 1,
	    "recruit: a Killer Instinct from its stack");
	pd_enter(g, 0, gs, 50, &rng, NULL);
	g->attack = 3;
	ok(order(g, "fight underground", why, sizeof why) == 0 && g->wilds[0] < 0 &&
	    count_of(&g->s[a].trophies, "jungle-guerilla") == 1 && g->s[a].preys == 1,
	    "fight: a killed Prey goes into the killer's Trophy Room");
	/* duel */
	g->attack = 10;
	ok(order(g, "duel city-hunter", why, sizeof why) == -1 ||
	    order(g, "duel jungle-hunter", why, sizeof why) == -1,
	    "duel: no Duel without a card with the Duel keyword (%s)", why);
	lg_push(&g->s[a].hand, card("woodland-tech-1"));
	order(g, "play woodland-tech-1", why, sizeof why);
	c = g->s[other].strikes.n;
	ok(g->duels == 1 && order(g, a == 0 ? "duel city-hunter" : "duel jungle-hunter",
	    why, sizeof why) == 0 && g->s[other].strikes.n == c + 1 && g->duels == 0 &&
	    g->attack == 12 - pd_defense(g, other),
	    "duel: Attack equal to the Defense makes the other Predator draw a Strike");
	ok(order(g, a == 0 ? "duel city-hunter" : "duel jungle-hunter", why, sizeof why) == -1,
	    "duel: once per Duel played");
	/* a Duel that kills: the Avatar into the killer's Trophy Room */
	g->s[other].strikes.n = 0;
	while (pd_damage(g, other) < pd_health(g, other) - 1)
		lg_push(&g->s[other].strikes, card("prey-flesh-wound"));
	g->duels = 1;
	g->attack = 10;
	g->strike.n = 0;
	g->strike_discard.n = 0;
	lg_push(&g->strike, card("prey-just-a-scratch"));
	c = pd_honor(g, a);
	order(g, a == 0 ? "duel city-hunter" : "duel jungle-hunter", why, sizeof why);
	ok(g->s[other].dead && g->s[other].killer == a && pd_honor(g, a) ==
	    c + DB->pd.roles[g->s[other].role].honor, "duel: a Predator killed in a Duel is "
	    "a Trophy worth its Avatar's Honor");
	ok(g->dead_seat == other && g->s[a].extra_turn == 1,
	    "end: a Predator died: each other living Predator gets one more turn");
	R->free(g);
}

static void
strike_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", NULL, 7, 8, NULL);
	int a, k;
	char why[256];

	if (g == NULL)
		return;
	a = g->active;
	clear_board(g);
	g->strike.n = 0;
	for (k = 0; k < 4; k++)
		lg_push(&g->strike, card("prey-unworthy-kill"));
	lg_push(&g->cz, card("minigunner"));
	lg_push(&g->cz_id, 7);
	pd_strike_phase(g, &rng, NULL);
	ok(g->s[a].strikes.n == 2 && !g->s[a].dead && pd_honor(g, a) ==
	    DB->pd.roles[g->s[a].role].honor - 2, "strike phase: Double Strike draws two; "
	    "a Dishonor strike doesn't kill, it subtracts Honor");
	/* the rulebook's example: Gotta Hand it to 'Em, Just a Scratch, 3 Flesh Wounds */
	g->s[a].strikes.n = 0;
	lg_push(&g->s[a].strikes, card("prey-gotta-hand-it-to-em"));
	lg_push(&g->s[a].strikes, card("prey-just-a-scratch"));
	for (k = 0; k < 3; k++)
		lg_push(&g->s[a].strikes, card("prey-flesh-wound"));
	g->heal_pts = 3;
	ok(order(g, "heal 2", why, sizeof why) == 0 && order(g, "heal 2", why, sizeof why) == 0
	    && g->heal_pts == 0 && g->s[a].strikes.n == 3, "healing: the rulebook's example: "
	    "3 points heal Just a Scratch and one Flesh Wound");
	g->heal_pts = 2;
	ok(order(g, "heal 1", why, sizeof why) == -1 && strstr(why, "all or nothing") != NULL,
	    "healing: no partial healing of a Strike (%s)", why);
	g->heal_pts = 3;
	ok(order(g, "heal 1", why, sizeof why) == 0 && g->s[a].strikes.n == 2,
	    "healing: or 3 points heal Gotta Hand it to 'Em");
	g->s[a].strikes.n = 0;
	lg_push(&g->s[a].strikes, card("prey-bloodied-pride"));
	g->heal_pts = 1;
	order(g, "heal 1", why, sizeof why);
	ok(g->s[a].strikes.n == 1, "healing: a Strike of damage and dishonor stays until "
	    "both are mended");
	g->restore_pts = 1;
	ok(order(g, "restore 1", why, sizeof why) == 0 && g->s[a].strikes.n == 0,
	    "healing: restoring its dishonor the same turn discards it");
	g->heal_pts = 5;
	lg_push(&g->s[1 - a].strikes, card("prey-flesh-wound"));
	ok(order(g, a == 0 ? "heal 1 city-hunter" : "heal 1 jungle-hunter", why,
	    sizeof why) == -1, "healing: not for another Predator (%s)", why);
	lg_push(&g->s[a].traps, card("poison-trap"));
	lg_push(&g->s[a].strikes, card("prey-flesh-wound"));
	ok(order(g, "heal 1", why, sizeof why) == -1 && strstr(why, "Poison") != NULL,
	    "traps: Poison Trap forbids Healing");
	{
		char *legal = R->legal(g, (size_t)a);

		ok(strstr(legal, "\nheal ") == NULL && strstr(legal, "\nrestore ") == NULL,
		    "traps: the legal orders offer no Healing or Restoring under a Poison "
		    "Trap");
		free(legal);
		g->s[a].traps.n--;
		legal = R->legal(g, (size_t)a);
		ok(strstr(legal, "\nheal 1\n") != NULL, "traps: without it they offer heal 1");
		free(legal);
		lg_push(&g->s[a].traps, card("poison-trap"));
	}
	g->attack = 3;
	ok(order(g, "disable poison-trap", why, sizeof why) == 0 && g->s[a].traps.n == 0 &&
	    count_of(&g->s[a].trophies, "poison-trap") == 1,
	    "traps: disabled with Attack, a Trap goes into the Trophy Room");
	/* Gear grants abilities: the Trophy Knife sets a Trap when its Prey strikes */
	g->cz.n = g->cz_id.n = 0;
	lg_push(&g->cz, card("jungle-guerilla"));
	lg_push(&g->cz_id, 9);
	g->gear_card[0] = card("trophy-knife");
	g->gear_host[0] = 9;
	g->ngears = 1;
	g->s[a].traps.n = 0;
	g->s[a].strikes.n = 0;
	g->strike.n = 0;
	lg_push(&g->strike, card("prey-unworthy-kill"));
	pd_strike_phase(g, &rng, NULL);
	ok(g->s[a].strikes.n == 1 && g->s[a].traps.n == 1,
	    "gear up: a Prey's Gear adds its abilities to the Prey's strike");
	g->ngears = 0;
	/* Lethal: any Damage strike kills */
	g->s[a].strikes.n = 0;
	g->strike.n = 0;
	lg_push(&g->strike, card("prey-flesh-wound"));
	g->cz.n = g->cz_id.n = 0;
	lg_push(&g->cz, card("demolitions-expert"));
	lg_push(&g->cz_id, 8);
	pd_strike_phase(g, &rng, NULL);
	ok(g->s[a].dead, "lethal: a Damage strike from a Lethal Prey kills");
	R->free(g);
}

static void
keyword_checks(void)
{
	struct rules_game *g = game("city-hunter,jungle-hunter", "movie-predator-2", 9, 10,
	    NULL);
	int gs = card("gang-member"), cop = card("patrol-cop"), run = card("camp-sentry"), i;
	char why[256];

	if (g == NULL)
		return;
	clear_board(g);
	pd_enter(g, 0, gs, 1, &rng, NULL);
	pd_enter(g, 0, run, 2, &rng, NULL);
	pd_runners(g, &rng, NULL);
	ok(g->wilds[1] == run && g->wilds[2] == gs, "runner: moves one space at the end of "
	    "the Prey phase, pushing");
	/* Gear grants abilities: Fast Boots make their Prey a Runner */
	clear_board(g);
	pd_enter(g, 0, gs, 3, &rng, NULL);
	g->gear_card[0] = card("fast-boots");
	g->gear_host[0] = 3;
	g->ngears = 1;
	pd_runners(g, &rng, NULL);
	ok(g->wilds[0] < 0 && g->wilds[1] == gs && g->wid[1] == 3, "runner: a Prey whose "
	    "Gear grants Runner moves one space too");
	/* the end of the Prey phase comes when it revealed a Gear Up too */
	clear_board(g);
	pd_enter(g, 0, run, 4, &rng, NULL);
	lg_push(&g->gear, card("armor-vest"));
	lg_push(&g->enemy, card("gear-up"));
	pd_prey_phase(g, &rng, NULL);
	ok(g->wilds[1] == run && g->ngears == 1 && g->gear_host[0] == 4, "runner: it moves "
	    "at the end of a Prey phase that revealed a Gear Up");
	clear_board(g);
	for (i = 0; i < 5; i++)
		pd_enter(g, 0, i == 0 ? card("panicked-civilian") : gs, 10 + i, &rng, NULL);
	pd_enter(g, 0, gs, 20, &rng, NULL);
	ok(g->cz.n == 0 && lg_find(&g->discarded, card("panicked-civilian")) >= 0,
	    "escape: entering the Combat Zone it is discarded");
	clear_board(g);
	pd_enter(g, 0, gs, 30, &rng, NULL);
	lg_push(&g->enemy, cop);
	pd_prey_phase(g, &rng, NULL);
	ok(g->wilds[0] == cop && g->wilds[1] < 0 && g->narrests == 1 &&
	    pd_arrested(g, g->wid[0]) == 0, "arrest: a Police Officer arrests the Prey ahead");
	g->attack = 3;
	ok(order(g, "fight gang-member", why, sizeof why) == -1,
	    "arrest: an arrested Prey can't be fought");
	pd_enter(g, 0, card("panicked-civilian"), 31, &rng, NULL);
	ok(g->wilds[1] == cop && g->narrests == 1, "arrest: the arrested Prey moves with "
	    "the officer");
	ok(order(g, "fight graveyard", why, sizeof why) == 0 && g->wilds[1] == gs &&
	    g->narrests == 0, "arrest: the officer killed, the Prey acts normally again");
	clear_board(g);
	/* a face-down card ahead is hidden: the officer takes the next face-up Prey */
	clear_board(g);
	pd_enter(g, 0, card("federal-agent"), 32, &rng, NULL);
	pd_enter(g, 0, gs, 33, &rng, NULL);
	g->up[0] = 0;
	lg_push(&g->enemy, cop);
	pd_prey_phase(g, &rng, NULL);
	ok(g->narrests == 1 && g->arrest_id[0] == 32 && g->wilds[1] == gs && !g->up[1],
	    "arrest: a face-down card ahead is passed over; the closest face-up Prey is "
	    "arrested");
	clear_board(g);
	for (i = 0; i < g->nseats; i++)
		while (g->s[i].hand.n < 6)
			lg_push(&g->s[i].hand, card("experience"));
	lg_push(&g->enemy, card("jamaican-gunman"));
	pd_prey_phase(g, &rng, NULL);
	ok(g->s[0].hand.n == 4 && g->s[1].hand.n == 4, "disarming: each player discards at "
	    "random down to 4");
	g->nplayed = 0;
	pd_cleanup(g, &rng, NULL);
	ok(g->s[g->active].hand.n == 4, "disarming: players draw two fewer while it is in "
	    "play (%d)", g->s[g->active].hand.n);
	R->free(g);
}

static void
ending_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", NULL, 11, 12, NULL);
	int a, place[LG_SEATS], w;
	char why[256];

	if (g == NULL)
		return;
	a = g->active;
	clear_board(g);
	pd_enter(g, 0, card("dutch-ultimate"), 5, &rng, NULL);
	g->attack = 9;
	ok(order(g, "fight underground", why, sizeof why) == 0 && g->phase == LP_OVER &&
	    count_of(&g->s[a].trophies, "dutch-ultimate") == 1,
	    "end: the Ultimate Prey dies: into the Trophy Room, and the game ends");
	pd_places(g, place, &w);
	ok(w == a && place[a] == 1 && place[1 - a] == 2,
	    "honor: the most Honor wins (%d to %d)", pd_honor(g, a), pd_honor(g, 1 - a));
	R->free(g);
	g = game("jungle-hunter,city-hunter", NULL, 11, 12, NULL);
	if (g == NULL)
		return;
	g->s[0].bonus = g->s[1].bonus = 0;
	g->s[1].bonus = DB->pd.roles[g->s[0].role].honor - DB->pd.roles[g->s[1].role].honor;
	pd_places(g, place, &w);
	ok(place[0] == 1 && place[1] == 1, "honor: tied on every breaker they share the "
	    "glory");
	g->s[1].worthy = 1;
	pd_places(g, place, &w);
	ok(place[1] == 1 && place[0] == 2, "honor: ties break on Worthy Prey killed");
	g->s[0].dead = 1;
	g->s[0].killer = 1;
	pd_places(g, place, &w);
	ok(pd_honor(g, 0) == 0 && place[1] == 1, "honor: a dead Predator's Avatar counts "
	    "for its killer, not for it");
	R->free(g);
	/* solo: one seat plays to the end */
	g = game("jungle-hunter", NULL, 13, 14, NULL);
	ok(g != NULL && g->nseats == 1 && g->enemy.n + 1 == 33,
	    "solo: one Predator, no Mercenaries (the chart's first row)");
	if (g != NULL)
		R->free(g);
}

static void
tests_challenges_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", "challenges", 15, 16, NULL);
	int a, t = card("test-of-blood"), gs = card("jungle-guerilla"), i, n;
	char why[256];

	if (g == NULL)
		return;
	for (n = 0, i = 0; i < g->barracks.n; i++)
		n += DB->cards[g->barracks.v[i]].kind == LG_TEST;
	ok(n + g->testing.n == 10, "tests: ten Tests are shuffled into the Armory");
	a = g->active;
	clear_board(g);
	g->testing.n = 0;
	pd_enter(g, 0, gs, 1, &rng, NULL);
	pd_enter(g, 0, gs, 2, &rng, NULL);
	pd_enter(g, 0, gs, 3, &rng, NULL);
	g->attack = 9;
	order(g, "fight underground", why, sizeof why);
	g->hq[0] = -1;
	lg_push(&g->barracks, t);
	pd_armory_fill(g, NULL);
	ok(g->testing.n == 1 && g->hq[0] >= 0 && DB->cards[g->hq[0]].kind == LG_ARMORY,
	    "tests: a Test revealed filling the HQ goes to the Testing Ground, another "
	    "card instead");
	order(g, "fight graveyard", why, sizeof why);
	ok(g->testing.n == 1, "tests: what was done before the Test was revealed doesn't "
	    "count");
	order(g, "fight river", why, sizeof why);
	ok(g->testing.n == 0 && count_of(&g->s[a].trophies, "test-of-blood") == 1,
	    "tests: met on your turn, the Test goes into your Trophy Room");
	ok(g->s[0].challenge >= 0 && g->s[1].challenge >= 0,
	    "challenges: each Predator is dealt one");
	{
		cJSON *v = R->view(g, 0);
		char *s = cJSON_PrintUnformatted(v);

		ok(strstr(s, DB->cards[g->s[0].challenge].slug) != NULL &&
		    (g->s[0].challenge == g->s[1].challenge ||
		    strstr(s, DB->cards[g->s[1].challenge].slug) == NULL),
		    "challenges: secret: a seat sees its own, not the other's");
		free(s);
		cJSON_Delete(v);
	}
	g->s[a].challenge = card("collector");
	ok(pd_challenge_honor(g, a) == g->s[a].trophies.n / 3,
	    "challenges: Honor by how well it was met at the end (%d trophies)",
	    g->s[a].trophies.n);
	/* a Predator killed in a Duel is a Trophy too: its Avatar is in the Room */
	g->s[a].trophies.n = 2;
	g->s[1 - a].dead = 1;
	g->s[1 - a].killer = a;
	ok(pd_challenge_honor(g, a) == DB->cards[card("collector")].honor,
	    "challenges: the Avatar of a Predator killed counts among the Trophies");
	/* the game ends in a turn: the Armory cards played count as the Predator's */
	g->s[a].challenge = card("quartermaster");
	g->s[a].deck.n = g->s[a].hand.n = g->s[a].discard.n = 0;
	g->nplayed = 0;
	for (i = 0; i < 3; i++) {
		lg_push(&g->s[a].hand, card("woodland-strength-1"));
		order(g, "play woodland-strength-1", why, sizeof why);
	}
	ok(g->nplayed == 3 && pd_challenge_honor(g, a) == DB->cards[card("quartermaster")].honor,
	    "challenges: Armory cards played in the turn the game ends count as the "
	    "Predator's");
	R->free(g);
}

/*
 * "Reveal the top card of the Armory" (the SAMPLE Urban Intel Standard:
 * reveal it, gain it when it costs 3 or less): a Test revealed goes to
 * the Testing Ground and another card is revealed instead; a dearer card
 * goes back on top.
 */
static void
armory_reveal_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", "movie-predator-2 tests",
	    15, 16, NULL);
	int a, ui2 = card("urban-intel-2"), t = card("test-of-blood"), n, top;
	char why[256];

	if (g == NULL)
		return;
	a = g->active;
	clear_board(g);
	g->testing.n = 0;
	lg_push(&g->barracks, card("urban-intel-1"));
	lg_push(&g->barracks, t);
	n = g->barracks.n;
	lg_push(&g->s[a].hand, ui2);
	ok(order(g, "play urban-intel-2", why, sizeof why) == 0 && g->testing.n == 1 &&
	    g->testing.v[0] == t && g->barracks.n == n - 2 &&
	    lg_find(&g->s[a].discard, card("urban-intel-1")) >= 0 && g->recruit == 1,
	    "armory reveal: a Test revealed goes to the Testing Ground; the next card, "
	    "costing 2, is gained (no Recruit spent)");
	lg_push(&g->barracks, card("urban-intel-4"));
	n = g->barracks.n;
	top = g->barracks.v[n - 1];
	lg_push(&g->s[a].hand, ui2);
	ok(order(g, "play urban-intel-2", why, sizeof why) == 0 && g->barracks.n == n &&
	    g->barracks.v[n - 1] == top && lg_find(&g->s[a].discard, top) < 0,
	    "armory reveal: a card costing more than 3 goes back on top of the Armory");
	R->free(g);
}

static void
coop_checks(void)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", "cooperative", 17, 18, NULL);
	int a, i, out = 0, place[LG_SEATS], w;
	char why[256];

	if (g == NULL)
		return;
	for (i = 0; i < g->traps.n; i++)
		out += (DB->cards[g->traps.v[i]].kw & KW_COOP_OUT) != 0;
	ok(out == 0 && g->traps.n == 12, "cooperative: Flash, Laser, Log and Razor Trap are "
	    "removed (%d traps)", g->traps.n);
	a = g->active;
	lg_push(&g->s[1 - a].strikes, card("prey-flesh-wound"));
	g->heal_pts = 1;
	ok(order(g, a == 0 ? "heal 1 city-hunter" : "heal 1 jungle-hunter", why, sizeof why)
	    == 0 && g->s[1 - a].strikes.n == 0, "cooperative: you may heal another Predator");
	lg_push(&g->s[1 - a].traps, card("pit-trap"));
	g->attack = 3;
	ok(order(g, a == 0 ? "disable pit-trap city-hunter" : "disable pit-trap "
	    "jungle-hunter", why, sizeof why) == 0 && count_of(&g->s[a].trophies, "pit-trap")
	    == 1, "cooperative: you may disable another Predator's Trap");
	g->duels = 1;
	g->attack = 9;
	ok(order(g, a == 0 ? "duel city-hunter" : "duel jungle-hunter", why, sizeof why) == -1,
	    "cooperative: no Duels");
	pd_end(g, "test", NULL);
	pd_places(g, place, &w);
	ok(place[0] == 0 && place[1] == 0 && g->result == -1,
	    "cooperative: the group wins only by killing the Ultimate Prey");
	R->free(g);
}


/* Play the demo player's orders to the end; the final state's bytes. */
static char *
play_out(const char *seats, const char *opts, uint64_t salt, int *turns)
{
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_game *g = game(seats, opts, salt, salt + 7, NULL), *back;
	char *orders[5], *cause = NULL, *bytes, *re;
	size_t i, len, len2;
	int steps, bad = 0, refused = 0;

	for (steps = 0; g != NULL && steps < 3000 && strcmp(R->phase(g), "over") != 0; steps++) {
		for (i = 0; i < (size_t)g->nseats; i++) {
			if (R->owes(g, i))
				refused += legal_refused(R, g, i);
			orders[i] = R->owes(g, i) ? R->demo_orders(g, i) : NULL;
			if (orders[i] != NULL && R->check(g, i, orders[i], &cause) == -1) {
				diag("demo orders refused: %s\n%s", cause, orders[i]);
				bad++;
				free(cause);
				cause = NULL;
			}
		}
		if (R->resolve(g, (const char *const *)orders, &rng, &ev, &cause) == -1) {
			diag("resolve: %s", cause);
			bad++;
			break;
		}
		for (i = 0; i < (size_t)g->nseats; i++)
			free(orders[i]);
		bytes = R->save(g, &len);
		back = R->load(DB, bytes, len, NULL);
		re = back != NULL ? R->save(back, &len2) : NULL;
		if (re == NULL || strcmp(re, bytes) != 0)
			bad++;
		free(re);
		if (back != NULL)
			R->free(back);
		free(bytes);
	}
	ok(bad == 0 && g != NULL && strcmp(R->phase(g), "over") == 0, "whole game: every "
	    "demo order legal, every state reloads to the same bytes, the game over "
	    "(%s; %d steps)", seats, steps);
	ok(refused == 0, "whole game: every legal line offered is accepted on its own "
	    "(%s; %d are not)", seats, refused);
	*turns = g != NULL ? g->turn : 0;
	bytes = g != NULL ? R->save(g, &len) : xstrdup("");
	rules_events_free(&ev);
	if (g != NULL)
		R->free(g);
	return bytes;
}

static void
whole_games(void)
{
	static const char *const seats[] = { "jungle-hunter", "jungle-hunter,city-hunter",
		"lieutenant,tracker,guerilla", "jungle-hunter,city-hunter,elder-hunter,"
		"young-blood-hunter", "jungle-hunter,city-hunter,elder-hunter,young-blood-hunter,"
		"tracker-hunter" };
	static const char *const opts[] = { NULL, "tests", "challenges", "cooperative",
		"movie-predator-2" };
	char *a, *b;
	int t1, t2, n;

	for (n = 0; n < 5; n++) {
		a = play_out(seats[n], opts[n], 31 * (uint64_t)n + 1, &t1);
		b = play_out(seats[n], opts[n], 31 * (uint64_t)n + 1, &t2);
		ok(strcmp(a, b) == 0 && t1 == t2, "whole game: %d seat(s) (%s) twice, "
		    "byte-identical (%d turns)", n + 1, opts[n] ? opts[n] : "first game", t1);
		free(a);
		free(b);
	}
}

static int
same_json(cJSON *a, cJSON *b)
{
	char *sa = cJSON_PrintUnformatted(a), *sb = cJSON_PrintUnformatted(b);
	int same = strcmp(sa, sb) == 0;

	free(sa);
	free(sb);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return same;
}

static void
secrecy(void)
{
	struct rules_game *g[2];
	struct rules_secret *s;
	size_t n, i;
	int k, ids = 0;

	for (k = 0; k < 2; k++)
		g[k] = game("jungle-hunter,city-hunter,elder-hunter", "challenges", 5,
		    100 + (uint64_t)k, NULL);
	ok(g[0] != NULL && g[1] != NULL, "secrecy: two Predators games that differ in "
	    "hidden orders only");
	if (g[0] == NULL || g[1] == NULL)
		return;
	ok(memcmp(&g[0]->enemy, &g[1]->enemy, sizeof g[0]->enemy) != 0,
	    "secrecy: their Prey decks differ");
	/* make what seat 1 may know the same: every hand shown, the board, its Challenge */
	for (k = 0; k < g[0]->nseats; k++) {
		g[1]->s[k].hand = g[0]->s[k].hand;
		g[1]->s[k].role = g[0]->s[k].role;
	}
	ok(g[0]->s[0].challenge != g[1]->s[0].challenge || g[0]->s[2].challenge !=
	    g[1]->s[2].challenge || g[0]->barracks.v[0] != g[1]->barracks.v[0],
	    "secrecy: and their Armories or the others' Challenges");
	g[1]->s[1].challenge = g[0]->s[1].challenge;
	g[1]->active = g[0]->active;
	memcpy(g[1]->hq, g[0]->hq, sizeof g[0]->hq);
	memcpy(g[1]->wilds, g[0]->wilds, sizeof g[0]->wilds);
	memcpy(g[1]->wid, g[0]->wid, sizeof g[0]->wid);
	g[1]->testing = g[0]->testing;
	/* and what the first Prey card did in public: its Trap, its Gear */
	for (k = 0; k < g[0]->nseats; k++)
		g[1]->s[k].traps = g[0]->s[k].traps;
	g[1]->traps.n = g[0]->traps.n;
	g[1]->gear.n = g[0]->gear.n;
	g[1]->ngears = g[0]->ngears;
	memcpy(g[1]->gear_card, g[0]->gear_card, sizeof g[0]->gear_card);
	memcpy(g[1]->gear_host, g[0]->gear_host, sizeof g[0]->gear_host);
	g[1]->gear_wait = g[0]->gear_wait;
	ok(same_json(R->view(g[0], 1), R->view(g[1], 1)) && same_json(R->view(g[0], -1),
	    R->view(g[1], -1)), "secrecy: a Predator's view and a spectator's do not "
	    "depend on the deck orders, the Armory, the Prey deck, the stacks or the "
	    "others' Challenges");
	R->secrets(g[0], &s, &n);
	for (i = 0; i < n; i++)
		ids += strcmp(s[i].id, "gear-stack") == 0 || strcmp(s[i].id, "trap-stack") == 0 ||
		    strcmp(s[i].id, "mercenaries") == 0 || (strncmp(s[i].id, "challenge:", 10)
		    == 0 && s[i].seat >= 0) || strcmp(s[i].id, "enemy-deck") == 0 ||
		    strcmp(s[i].id, "barracks") == 0 || strcmp(s[i].id, "commanders") == 0 ||
		    strcmp(s[i].id, "strike-deck") == 0 || strncmp(s[i].id, "deck:", 5) == 0 ||
		    strncmp(s[i].id, "hand:", 5) == 0;
	ok(ids == (int)n && n == 3 * 2 + 4 + 3 + 3, "secrecy: every hidden thing is a "
	    "secret (%zu: decks, hands, Challenges, the Prey deck, Armory, Killer Instinct, "
	    "Prey Strikes, Gear, Traps, Mercenaries)", n);
	rules_secrets_free(s, n);
	R->free(g[0]);
	R->free(g[1]);
}

/* The index of the first event of type in e, or -1. */
static int
event_at(const struct rules_events *e, const char *type)
{
	char *want = xasprintf("\"type\":\"%s\"", type);
	size_t k;
	int at = -1;

	for (k = 0; k < e->n && at < 0; k++)
		if (strstr(e->v[k].json, want) != NULL)
			at = (int)k;
	free(want);
	return at;
}

/*
 * "If two or more Gear on a Prey have an ability occur at the same time,
 * the first Gear it found goes first", also after another Prey that found
 * Gear earlier is killed (was: its Gear left the list by swapping in the
 * last entry, which turned the other Prey's Gear around). The Armor Vest
 * is given a strike ability (a Mark) here so that two Gear with strike
 * abilities tell their order by their events.
 */
static void
gear_order_checks(const char *bytes)
{
	static const char from[] = "\"slug\":\"armor-vest\",\"name\":\"Armor Vest\","
	    "\"kind\":\"gear\",\"copies\":4,\"attack\":2,\"honor\":1,\"keywords\":[],"
	    "\"abilities\":[]";
	const struct lg_db *keep = DB;
	struct lg_db *db;
	struct rules_events e = { 0 };
	struct rules_game *g;
	const char *t = strstr(bytes, from);
	char *u, *why = NULL, line[256];
	int a, b, knife, vest;
	cJSON *v, *gear;

	if (t == NULL) {
		ok(0, "gear order: the Armor Vest's data is as this test knows it");
		return;
	}
	u = xasprintf("%.*s%.*s{\"when\":\"strike\",\"do\":[{\"mark\":1}]}]%s",
	    (int)(t - bytes), bytes, (int)strlen(from) - 1, from, t + strlen(from));
	db = lg_db_load("legendary-cards.json", u, strlen(u), &why);
	free(u);
	if (db == NULL) {
		ok(0, "gear order: the changed card data loads (%s)", why);
		free(why);
		return;
	}
	DB = db;
	knife = card("trophy-knife");
	vest = card("armor-vest");
	if ((g = game("jungle-hunter,city-hunter", NULL, 7, 8, NULL)) == NULL)
		goto out;
	a = g->active;
	clear_board(g);
	/* the Commando (id 60) found a Rifle Scope, then the Guerilla (51) a
	 * Trophy Knife and then an Armor Vest */
	pd_enter(g, 0, card("commando"), 60, &rng, NULL);
	pd_push_cz(g, card("jungle-guerilla"), 51, &rng, NULL);
	g->gear_card[0] = card("rifle-scope");
	g->gear_host[0] = 60;
	g->gear_card[1] = knife;
	g->gear_host[1] = 51;
	g->gear_card[2] = vest;
	g->gear_host[2] = 51;
	g->ngears = 3;
	g->attack = 20;
	ok(order(g, "fight commando", line, sizeof line) == 0 && g->ngears == 2 &&
	    g->gear_card[0] == knife && g->gear_card[1] == vest,
	    "gear order: a Prey killed, another Prey's Gear keeps the order it was found in "
	    "(%s)", line);
	v = R->view(g, (size_t)a);
	gear = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(
	    cJSON_GetObjectItemCaseSensitive(v, "combat_zone"), 0), "gear");
	ok(cJSON_GetArraySize(gear) == 2 &&
	    strcmp(cJSON_GetArrayItem(gear, 0)->valuestring, "trophy-knife") == 0 &&
	    strcmp(cJSON_GetArrayItem(gear, 1)->valuestring, "armor-vest") == 0,
	    "gear order: the view lists the Guerilla's Gear first found first");
	cJSON_Delete(v);
	g->strike.n = 0;
	lg_push(&g->strike, card("prey-unworthy-kill"));
	g->traps.n = 0;
	lg_push(&g->traps, card("pit-trap"));
	g->s[a].traps.n = 0;
	pd_strike_phase(g, &rng, &e);
	b = event_at(&e, "legendary.mark");
	ok(event_at(&e, "legendary.trap") >= 0 && b > event_at(&e, "legendary.trap"),
	    "gear order: when the Prey strikes, the first Gear it found (the Trophy Knife's "
	    "Trap) goes before the next (the Armor Vest's Mark)");
	rules_events_free(&e);
	R->free(g);
out:
	DB = keep;
	lg_db_free(db);
}

/*
 * ---- the rulebook's choices (doc/rulebook-choices.tsv, game
 * legendary-predators) ----
 * Each case plays one position twice (tests/choice-cases.h), with the
 * order or game option the table names (its arg) and by default;
 * tests/rules/test-choices.sh runs each by `--choice ID`.
 */

/* A set-up with the game option arg, or without: the HQ, the Prey deck's
 * top, the piles' sizes. */
static char *
ch_option(int chosen, const char *arg)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", chosen ? arg : NULL, 3, 4,
	    NULL);
	struct strbuf sb = STRBUF_INIT;
	int i;

	if (g == NULL)
		return xstrdup("refused");
	strbuf_addstr(&sb, "hq");
	for (i = 0; i < LG_SPACES; i++)
		strbuf_addf(&sb, " %s", g->hq[i] >= 0 ? DB->cards[g->hq[i]].slug : "-");
	strbuf_addf(&sb, "; prey deck %d, top %s; mercenaries %d; testing %d; challenges "
	    "%d/%d; options %d; preparation turns %d, hunt-only turns %d", g->enemy.n,
	    g->enemy.n > 0 ? DB->cards[g->enemy.v[g->enemy.n - 1]].slug : "-", g->mercs.n,
	    g->testing.n, g->s[0].challenge >= 0, g->s[1].challenge >= 0, g->options,
	    g->prep_left, g->hunt_only);
	R->free(g);
	return strbuf_detach(&sb, NULL);
}

/* The positions of the turn's cases, for the active seat a. */
static void
set_play(struct rules_game *g, int a)
{
	lg_push(&g->s[a].hand, card("woodland-strength-1"));
}

static void
set_recruit(struct rules_game *g, int a)
{
	(void)a;
	g->recruit = 4;
}

static void
set_fight(struct rules_game *g, int a)
{
	(void)a;
	pd_enter(g, 0, card("jungle-guerilla"), 50, &rng, NULL);
	g->attack = 3;
}

static void
set_avert(struct rules_game *g, int a)
{
	(void)a;
	lg_push(&g->enemy, card("booby-trap-danger"));
	pd_prey_phase(g, &rng, NULL);
	g->attack = 3;
}

static void
set_heal(struct rules_game *g, int a)
{
	g->s[a].strikes.n = 0;
	lg_push(&g->s[a].strikes, card("prey-flesh-wound"));
	lg_push(&g->s[a].strikes, card("prey-just-a-scratch"));
	g->heal_pts = 2;
}

static void
set_duel(struct rules_game *g, int a)
{
	char why[256];

	g->attack = 10;
	lg_push(&g->s[a].hand, card("woodland-tech-1"));
	order(g, "play woodland-tech-1", why, sizeof why);
}

static const struct {
	const char	*line;	/* the case's order; "duel" names the other seat */
	void		(*set)(struct rules_game *g, int a);
} turn_sets[] = {
	{ "play woodland-strength-1", set_play },
	{ "recruit instinct", set_recruit },
	{ "fight underground", set_fight },
	{ "avert underground", set_avert },
	{ "heal 2", set_heal },
	{ "duel", set_duel },
};

/* The active Predator's turn, the board cleared, an empty hand, the
 * position of the order arg; with the order or without. */
static char *
ch_turn(int chosen, const char *arg)
{
	struct rules_game *g = game("jungle-hunter,city-hunter", NULL, 5, 6, NULL);
	char why[256], *s;
	size_t i;
	int a = g->active;

	clear_board(g);
	g->s[a].hand.n = 0;
	for (i = 0; i < sizeof turn_sets / sizeof turn_sets[0]; i++)
		if (strcmp(turn_sets[i].line, arg) == 0)
			turn_sets[i].set(g, a);
	if (chosen && strcmp(arg, "duel") == 0)
		order(g, a == 0 ? "duel city-hunter" : "duel jungle-hunter", why, sizeof why);
	else if (chosen)
		order(g, arg, why, sizeof why);
	s = xasprintf("attack %d, recruit %d, heal %d; hand %d, discard %d, trophies "
	    "%d, strikes %d/%d; instinct %d; wilds %d", g->attack, g->recruit, g->heal_pts,
	    g->s[a].hand.n, g->s[a].discard.n, g->s[a].trophies.n, g->s[0].strikes.n,
	    g->s[1].strikes.n, g->commanders.n, g->wilds[0]);
	R->free(g);
	return s;
}

static const struct choice_case choice_cases[] = {
	{ "lp-armory", ch_option,
	  "armory=woodland-intel,urban-intel,woodland-tech,urban-strength" },
	{ "lp-prey", ch_option, "prey=drawn-by-heat-and-conflict,payback-time,"
	  "a-taste-for-beef" },
	{ "lp-mercenaries", ch_option, "mercenaries=+2" },
	{ "lp-tests", ch_option, "tests" },
	{ "lp-challenges", ch_option, "challenges" },
	{ "lp-cooperative", ch_option, "cooperative" },
	{ "lp-preparation-turn", ch_option, "preparation-turn" },
	{ "lp-hunt-only", ch_option, "harder-wilds" },
	{ "lp-play", ch_turn, "play woodland-strength-1" },
	{ "lp-recruit", ch_turn, "recruit instinct" },
	{ "lp-fight", ch_turn, "fight underground" },
	{ "lp-avert", ch_turn, "avert underground" },
	{ "lp-heal", ch_turn, "heal 2" },
	{ "lp-duel", ch_turn, "duel" },
};

static void
tap_report(int cond, const char *what)
{
	ok(cond, "%s", what);
}

/* Every case, or only the one named (none such: a failure). */
static void
choice_checks(const char *only)
{
	choice_cases_run(choice_cases, sizeof choice_cases / sizeof choice_cases[0], only,
	    tap_report);
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *p = xasprintf("%s/rules/legendary/data/legendary-cards.json", top), *cause = NULL;
	char *bytes;
	size_t len;
	struct rules_file f;

	if (fs_read_file(p, 1 << 20, &bytes, &len, &cause) == -1)
		return diag("%s", cause), done_testing();
	free(p);
	f.name = "legendary-cards.json";
	f.bytes = bytes;
	f.len = len;
	DB = R->data_load(&f, 1, &cause);
	ok(DB != NULL && DB->pd.present && DB->pd.nroles == 5 && DB->pd.narmory == 8 &&
	    DB->pd.nprey == 6 && DB->pd.nstrikes == 60 && DB->pd.nmercs == 24,
	    "predators data: 5 Roles, 8 Armory groups, 6 Prey mini-decks, 60 Prey Strikes, "
	    "24 Mercenaries");
	if (DB == NULL)
		return done_testing();
	if (argc == 3 && strcmp(argv[1], "--choice") == 0) {
		choice_checks(argv[2]);
		R->data_free((void *)DB);
		free(bytes);
		return done_testing();
	}
	ok(R->scenario_check("predators", &cause) == 0, "predators data: the mode is known");
	{
		int k, j, n, bad = -1;

		/* a stack's card says as many copies as the stack holds */
		for (k = 0; k < DB->pd.nstrikes; k++) {
			for (n = 0, j = 0; j < DB->pd.nstrikes; j++)
				n += DB->pd.strikes[j] == DB->pd.strikes[k];
			if (n != DB->cards[DB->pd.strikes[k]].copies)
				bad = DB->pd.strikes[k];
		}
		ok(bad < 0, "predators data: each Prey Strike card's copies are those of the "
		    "60-card stack (%s)", bad < 0 ? "all" : DB->cards[bad].slug);
	}
	{
		static const struct { const char *from, *to, *want; } bad[] = {
			{ "\"role_card\":\"wrist-blades\"", "\"role_card\":\"experience\"",
			  "predators.roles[0]: expected slug, name, health 1..20" },
			{ "\"slug\":\"no-sport\",\"name\":\"No Sport\",\"film\":\"predator\","
			  "\"stage\":1", "\"slug\":\"no-sport\",\"name\":\"No Sport\",\"film\":"
			  "\"predator\",\"stage\":2", "predators.movies[0].prey[0]: expected the "
			  "slug of a stage-1 Prey mini-deck" },
			{ "\"goal\":{\"what\":\"trophies\",\"n\":3}", "\"goal\":{\"what\":"
			  "\"duels\",\"n\":3}", "card \"collector\": goal.what: \"duels\" is a "
			  "Test's count" },
			{ "\"goal\":{\"what\":\"kills\",\"n\":2}", "\"goal\":{\"what\":"
			  "\"slays\",\"n\":2}", "card \"test-of-blood\": goal.what: unknown" },
			{ "{\"card\":\"gear-up\",\"copies\":1},{\"card\":\"booby", "{\"card\":"
			  "\"gear-upp\",\"copies\":1},{\"card\":\"booby", "predators.prey_decks"
			  "[0].cards: card \"gear-upp\" is not a card" },
		};
		size_t k;

		for (k = 0; k < sizeof bad / sizeof bad[0]; k++) {
			char *t = strstr(bytes, bad[k].from), *u, *why = NULL;
			struct lg_db *db;

			if (t == NULL) {
				ok(0, "predators data: a wrong member is refused (%s not found)",
				    bad[k].from);
				continue;
			}
			u = xasprintf("%.*s%s%s", (int)(t - bytes), bytes, bad[k].to,
			    t + strlen(bad[k].from));
			db = lg_db_load("legendary-cards.json", u, strlen(u), &why);
			ok(db == NULL && why != NULL && strstr(why, bad[k].want) != NULL,
			    "predators data: a wrong member is refused, named, with what was "
			    "expected (%s)", why ? why : "accepted");
			lg_db_free(db);
			free(why);
			free(u);
		}
	}
	setup_checks();
	setup_choice_checks();
	prey_phase_checks();
	turn_checks();
	strike_checks();
	keyword_checks();
	ending_checks();
	tests_challenges_checks();
	armory_reveal_checks();
	coop_checks();
	gear_order_checks(bytes);
	choice_checks(NULL);
	whole_games();
	secrecy();
	R->data_free((void *)DB);
	free(bytes);
	return done_testing();
}
