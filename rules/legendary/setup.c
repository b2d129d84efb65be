/*
 * setup.c — Playing as Humans, Game Setup: player cards (the personal
 * deck of 7 Experience, 5 Brute Strength and the Avatar's Role card),
 * Avatars, the game stacks (Commanders, Strikes), Location and Objectives
 * (the movie setups; the first game is the Predator movie), the Enemy deck
 * from three mini-decks and the Young Blood chart, the Barracks from four
 * characters, the HQ, the opening hands; the difficulty options (read by
 * setup-options.c).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

/*
 * The custom setup options over the movie's: location=, objectives= (one
 * of each stage, in order), characters= (four Barracks characters).
 */
static int
custom(struct rules_game *g, const char *opt, const char **chars, char **store,
    char **cause)
{
	const struct lg_db *db = g->db;
	char *s, *w, *save = NULL;
	int k, i, c;

	if (strncmp(opt, "location=", 9) == 0) {
		for (k = 0; k < db->nlocations && strcmp(db->locations[k].slug, opt + 9); k++)
			;
		if (k == db->nlocations)
			return cause_set(cause, "option %s: no such location", opt);
		g->location = k;
		return 0;
	}
	if (strncmp(opt, "objectives=", 11) != 0 && strncmp(opt, "characters=", 11) != 0)
		return 0;
	s = *store = xstrdup(opt + 11);
	for (i = 0, w = strtok_r(s, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save), i++) {
		if (opt[0] == 'o') {
			for (k = 0; k < db->nobjectives && strcmp(db->objectives[k].slug, w); k++)
				;
			if (k == db->nobjectives || db->objectives[k].stage != i + 1)
				return cause_set(cause, "option %s: %s is not an objective %d", opt,
				    w, i + 1);
			g->objective[i] = k;
			continue;
		}
		for (c = 0; c < db->ncards && (db->cards[c].character == NULL ||
		    strcmp(db->cards[c].character, w) != 0); c++)
			;
		for (k = 0; k < i && strcmp(chars[k], w) != 0; k++)
			;
		if (c == db->ncards || k < i)
			return cause_set(cause, "option %s: %s is not a Barracks character (or "
			    "named twice)", opt, w);
		chars[i] = w;
	}
	return 0;
}

static int
avatar_of(const struct lg_db *db, const char *slug)
{
	int i;

	for (i = 0; slug != NULL && i < db->navatars; i++)
		if (strcmp(db->avatars[i].slug, slug) == 0)
			return i;
	return -1;
}

/*
 * The Enemy deck: Objective 3's mini-deck at the bottom, 1's on top, each
 * with the chart's Young Bloods and extra more (fewer, down to none).
 */
static void
enemy_deck(struct rules_game *g, int extra, struct rules_rng *rng)
{
	const struct lg_db *db = g->db;
	struct lg_pile young, mini;
	int stage, k, n, o;

	memset(&young, 0, sizeof young);
	for (k = 0; k < db->nyoung; k++)
		lg_push(&young, db->young[k]);
	lg_shuffle(&young, rng);
	g->enemy.n = 0;
	for (stage = 3; stage >= 1; stage--) {
		o = g->objective[stage - 1];
		memset(&mini, 0, sizeof mini);
		for (k = 0; k < db->nmini[o]; k++)
			lg_push(&mini, db->mini[o][k]);
		n = db->chart[g->nseats - 1][stage - 1] + extra;
		for (k = 0; k < n && young.n > 0; k++)
			lg_push(&mini, lg_pop(&young));
		lg_shuffle(&mini, rng);
		for (k = 0; k < mini.n; k++)
			lg_push(&g->enemy, mini.v[k]);
	}
}

static void
stacks(struct rules_game *g, struct rules_rng *rng, const char *const *chars)
{
	const struct lg_db *db = g->db;
	int i, k, j;

	for (i = 0; i < db->ncards; i++) {
		const struct lg_card *c = &db->cards[i];

		for (k = 0; k < c->copies; k++) {
			if (c->kind == LG_COMMANDER)
				lg_push(&g->commanders, i);
			else if (c->kind == LG_STRIKE)
				lg_push(&g->strike, i);
			else if (c->kind == LG_CHARACTER)
				for (j = 0; j < 4; j++)
					if (strcmp(c->character, chars[j]) == 0)
						lg_push(&g->barracks, i);
		}
	}
	lg_shuffle(&g->commanders, rng);
	lg_shuffle(&g->strike, rng);
	lg_shuffle(&g->barracks, rng);
}

struct rules_game *
lg_setup(const struct rules_setup *su, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	const struct lg_db *db = su->data;
	struct rules_game *g;
	const struct lg_movie *mv;
	struct lg_choices ch;
	const char *chars[4];
	char *store[8] = { NULL };
	size_t i, k;
	int a, c;

	if (su->nseats < 1 || su->nseats > LG_SEATS)
		return cause_set(cause, "Playing as Humans takes 1 to 5 seats, not %zu",
		    su->nseats), NULL;
	if (lg_choices(db, LG_HUMANS, su, rng, &ch, cause) == -1)
		return NULL;
	g = xcalloc(1, sizeof *g);
	g->db = db;
	g->nseats = (int)su->nseats;
	g->options = ch.options;
	g->movie = ch.movie;
	/* the valued options given, for the views */
	g->setup[0] = (ch.given & LG_GIVEN_WILDS) ? ch.wilds : 0;
	g->setup[1] = (ch.given & LG_GIVEN_EXTRA) ? ch.extra : 0;
	g->setup[2] = (ch.given & LG_GIVEN_PREPARATION) ? ch.preparation : 0;
	g->setup[3] = (ch.given & LG_GIVEN_FIRST) ? ch.first + 1 : 0;
	mv = &db->movies[g->movie];
	g->location = mv->location;
	for (k = 0; k < 3; k++)
		g->objective[k] = mv->objective[k];
	for (k = 0; k < 4; k++)
		chars[k] = mv->character[k];
	for (i = 0; i < su->noptions && i < 8; i++)
		if (custom(g, su->options[i], chars, &store[i], cause) == -1)
			goto fail;
	for (i = 0; i < su->nseats; i++) {
		struct lg_seat *s = &g->s[i];

		if ((a = avatar_of(db, su->seats[i].faction)) < 0) {
			cause_set(cause, "seat %s: no avatar \"%s\"", su->seats[i].name,
			    su->seats[i].faction);
			goto fail;
		}
		for (k = 0; k < i; k++)
			if (g->s[k].avatar == a) {
				cause_set(cause, "seat %s: avatar %s is taken", su->seats[i].name,
				    db->avatars[a].slug);
				goto fail;
			}
		snprintf(s->name, sizeof s->name, "%s", su->seats[i].name);
		s->avatar = a;
		for (k = 0; k < su->seats[i].ndeck; k++) {
			if ((c = lg_card_find(db, su->seats[i].deck[k])) < 0) {
				cause_set(cause, "seat %s: no card \"%s\"", s->name,
				    su->seats[i].deck[k]);
				goto fail;
			}
			lg_push(&s->deck, c);
		}
	}
	stacks(g, rng, chars);
	for (i = 0; i < 8; i++)
		free(store[i]);
	enemy_deck(g, ch.extra, rng);
	for (k = 0; k < LG_SPACES; k++)
		g->wilds[k] = -1;
	for (k = 0; k < LG_HQ; k++)
		g->hq[k] = lg_pop(&g->barracks);
	lg_event(ev, "{\"type\":\"legendary.setup\",\"movie\":\"%s\",\"location\":\"%s\","
	    "\"objectives\":[\"%s\",\"%s\",\"%s\"],\"enemy_deck\":%d}", mv->slug,
	    db->locations[g->location].slug, db->objectives[g->objective[0]].slug,
	    db->objectives[g->objective[1]].slug, db->objectives[g->objective[2]].slug,
	    g->enemy.n);
	/* harder: Enemy cards start face down in the Wilds (harder-wilds: two) */
	for (k = 0; k < (size_t)ch.wilds; k++)
		lg_enter(g, 0, lg_pop(&g->enemy), rng, NULL);
	for (i = 0; i < su->nseats; i++) {
		lg_shuffle(&g->s[i].deck, rng);
		lg_draw(g, (int)i, db->hand, rng, ev);
	}
	/* five seats: the chart's preparation round; the easier game: one more */
	g->prep_left = g->nseats * ((g->nseats == 5) + ch.preparation);
	g->turn = 0;
	g->active = ch.first - 1;	/* first=SEAT: that seat's turn comes first */
	lg_next_turn(g, rng, ev);
	return g;
fail:
	for (i = 0; i < 8; i++)
		free(store[i]);
	free(g);
	return NULL;
}
