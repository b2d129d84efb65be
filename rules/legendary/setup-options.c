/*
 * setup-options.c — the game options of both modes (muthur-legendary(5)
 * sections 1 and 5): the flags (movies, difficulty, All or Nothing, Tests,
 * Challenges, cooperative play) and the set-up choices the rulebook gives
 * that carry a value: how many Enemy cards start face down in the Wilds
 * (harder-wilds=N, Adjusting Difficulty), how many Young Bloods
 * (young-bloods=+N|-N) or Mercenaries (mercenaries=+N|-N) each mini-deck
 * takes beyond the chart, and Playing as Predators' Armory of any four
 * groups (armory=) and its three Prey mini-decks (prey=), chosen or drawn
 * at random from the public stream (=random). The Humans' own
 * location=, objectives= and characters= are read by setup.c.
 *
 * lg_option_check() judges an option's form alone (muthur new-game has no
 * card data yet); lg_choices() reads the options of a game being created
 * against the card data and the mode, each error naming the option, its
 * value and what was expected. Without the new options the choices are
 * the movie's and the flags', as before them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

static const struct { const char *name; int flag; } options[] = {
	{ "movie-predator", 0 },
	{ "movie-predator-2", 0 },
	{ "all-or-nothing", OPT_ALL_OR_NOTHING },
	{ "defense-as-health", OPT_DEFENSE_HEALTH },
	{ "preparation-turn", OPT_PREPARATION },
	{ "easier", OPT_EASIER },
	{ "harder", OPT_HARDER },
	{ "harder-wilds", OPT_HARDER_WILDS },
	{ "tests", OPT_TESTS },
	{ "challenges", OPT_CHALLENGES | OPT_TESTS },
	{ "visible-challenges", OPT_VISIBLE_CHALLENGES | OPT_CHALLENGES | OPT_TESTS },
	{ "cooperative", OPT_COOPERATIVE },
};
#define NOPTIONS (sizeof options / sizeof options[0])

/*
 * The options with a value: NAME=, the mode they are for, what they take,
 * and what the other mode has instead.
 */
enum { FOR_HUMANS, FOR_PREDATORS };
static const struct { const char *key; int mode; const char *expect, *other; } valued[] = {
	{ "location=", FOR_HUMANS, "location=SLUG, one Location",
	    "Predators have no Location or Objectives" },
	{ "objectives=", FOR_HUMANS, "objectives=ONE,TWO,THREE, an Objective of each "
	    "stage in order", "Predators have no Location or Objectives; their Prey "
	    "mini-decks are prey=ONE,TWO,THREE" },
	{ "characters=", FOR_HUMANS, "characters=A,B,C,D, four Barracks characters",
	    "Predators have no Location or Objectives, and the Armory is armory=A,B,C,D" },
	{ "harder-wilds=", FOR_HUMANS, "harder-wilds=N, the Enemy cards 1..5 that start "
	    "face down in the Wilds", "for Predators harder-wilds, without a number, is a "
	    "turn of only the Prey and Strike phases" },
	{ "young-bloods=", FOR_HUMANS, "young-bloods=+N or -N, the Young Bloods 0..8 more "
	    "or fewer than the chart in each Enemy mini-deck", "Predators count "
	    "Mercenaries: mercenaries=+N|-N" },
	{ "mercenaries=", FOR_PREDATORS, "mercenaries=+N or -N, the Mercenaries 0..8 more "
	    "or fewer than the chart in each Prey mini-deck", "Humans count Young Bloods: "
	    "young-bloods=+N|-N" },
	{ "armory=", FOR_PREDATORS, "armory=A,B,C,D, four different Armory groups (a "
	    "class may come twice), or armory=random", "Humans build the Barracks with "
	    "characters=A,B,C,D" },
	{ "prey=", FOR_PREDATORS, "prey=ONE,TWO,THREE, a Prey mini-deck of each stage in "
	    "order, or prey=random", "Humans choose objectives=ONE,TWO,THREE" },
	{ "first=", FOR_HUMANS, "first=SEAT, the seat that takes the first turn",
	    "Predators: the lowest Initiative goes first" },
	{ "preparation-turns=", FOR_HUMANS, "preparation-turns=N, the free preparation "
	    "turns 1..2 each player gets beyond the chart's", "Predators: preparation-turn, "
	    "the one extra preparation turn their rulebook gives" },
};
#define NVALUED (sizeof valued / sizeof valued[0])

/* How many comma-separated non-empty words s has (0 if one is empty). */
static int
words(const char *s)
{
	int n = 1;

	if (*s == '\0' || *s == ',' || s[strlen(s) - 1] == ',' || strstr(s, ",,") != NULL)
		return 0;
	for (; *s != '\0'; s++)
		n += *s == ',';
	return n;
}

/* s as a number lo..hi, its sign required (signed) or refused; -1000 if not. */
static int
number(const char *s, int is_signed, int lo, int hi)
{
	int neg = 0, n = 0;

	if (is_signed) {
		if (*s != '+' && *s != '-')
			return -1000;
		neg = *s++ == '-';
	}
	if (*s == '\0' || strlen(s) > 2)
		return -1000;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return -1000;
		n = n * 10 + (*s - '0');
	}
	n = neg ? -n : n;
	return n < lo || n > hi ? -1000 : n;
}

/* The valued option opt is (its index), or -1. */
static int
valued_of(const char *opt)
{
	size_t i;

	for (i = 0; i < NVALUED; i++)
		if (strncmp(opt, valued[i].key, strlen(valued[i].key)) == 0)
			return (int)i;
	return -1;
}

/* Is the value v of valued option i of the right form? */
static int
form_ok(size_t i, const char *v)
{
	static const int nwords[NVALUED] = { 1, 3, 4, 0, 0, 0, 4, 3, 1, 0 };

	if (valued[i].mode == FOR_PREDATORS && nwords[i] > 0 && strcmp(v, "random") == 0)
		return 1;
	if (nwords[i] > 0)
		return words(v) == nwords[i];
	if (strcmp(valued[i].key, "harder-wilds=") == 0)
		return number(v, 0, 1, LG_SPACES) != -1000;
	if (strcmp(valued[i].key, "preparation-turns=") == 0)
		return number(v, 0, 1, 2) != -1000;
	return number(v, 1, -8, 8) != -1000;
}

int
lg_option_flag(const char *name)
{
	size_t i;

	for (i = 0; i < NOPTIONS; i++)
		if (strcmp(options[i].name, name) == 0)
			return options[i].flag;
	return 0;
}

int
lg_option_check(const char *name, char **cause)
{
	size_t i;
	int k;

	for (i = 0; i < NOPTIONS; i++)
		if (strcmp(options[i].name, name) == 0)
			return 0;
	if ((k = valued_of(name)) >= 0) {
		if (form_ok((size_t)k, name + strlen(valued[k].key)))
			return 0;
		return cause_set(cause, "option %s: \"%s\" is not a value of %.*s; expected "
		    "%s", name, name + strlen(valued[k].key), (int)strlen(valued[k].key) - 1,
		    valued[k].key, valued[k].expect);
	}
	return cause_set(cause, "unknown option \"%s\" (movie-predator, movie-predator-2, "
	    "easier, harder, preparation-turn, harder-wilds; Humans: location=SLUG, "
	    "objectives=ONE,TWO,THREE, characters=A,B,C,D, harder-wilds=N, young-bloods=+N|-N, "
	    "first=SEAT, preparation-turns=N, all-or-nothing, defense-as-health; Predators: armory=A,B,C,D, prey=ONE,TWO,THREE, "
	    "mercenaries=+N|-N, tests, challenges, visible-challenges, cooperative)", name);
}

cJSON *
lg_options_view(const struct rules_game *g)
{
	const char *flags[NOPTIONS];
	cJSON *a = cJSON_CreateArray();
	unsigned used = 0;
	int i, n = 0;
	char buf[64];

	if (g->movie == 1)
		cJSON_AddItemToArray(a, cJSON_CreateString("movie-predator-2"));
	/* the widest flag first: visible-challenges says challenges and tests */
	for (i = (int)NOPTIONS - 1; i >= 0; i--)
		if (options[i].flag != 0 && (g->options & options[i].flag) ==
		    options[i].flag && (options[i].flag & ~used) != 0) {
			flags[n++] = options[i].name;
			used |= (unsigned)options[i].flag;
		}
	while (n > 0)
		cJSON_AddItemToArray(a, cJSON_CreateString(flags[--n]));
	if (g->setup[0] > 0) {
		snprintf(buf, sizeof buf, "harder-wilds=%d", g->setup[0]);
		cJSON_AddItemToArray(a, cJSON_CreateString(buf));
	}
	if (g->setup[1] != 0) {
		snprintf(buf, sizeof buf, "%s=%+d", g->mode == LG_PREDATORS ? "mercenaries" :
		    "young-bloods", g->setup[1]);
		cJSON_AddItemToArray(a, cJSON_CreateString(buf));
	}
	if (g->setup[2] > 0) {
		snprintf(buf, sizeof buf, "preparation-turns=%d", g->setup[2]);
		cJSON_AddItemToArray(a, cJSON_CreateString(buf));
	}
	if (g->setup[3] > 0 && g->setup[3] <= g->nseats) {
		snprintf(buf, sizeof buf, "first=%s", g->s[g->setup[3] - 1].name);
		cJSON_AddItemToArray(a, cJSON_CreateString(buf));
	}
	return a;
}

/* The slugs of a list as "a, b, c" for an error (caller frees). */
static char *
slug_list(const char *const *slugs, int n, const int *stage, int want)
{
	struct strbuf sb = STRBUF_INIT;
	int i, k = 0;

	for (i = 0; i < n; i++)
		if (stage == NULL || stage[i] == want)
			strbuf_addf(&sb, "%s%s", k++ > 0 ? ", " : "", slugs[i]);
	return strbuf_detach(&sb, NULL);
}

static int
slug_index(const char *const *slugs, int n, const char *w)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(slugs[i], w) == 0)
			return i;
	return -1;
}

/* armory= or prey=: the groups (mini-decks, each of its stage) into out. */
static int
groups(const struct lg_pdb *pd, const char *opt, int prey, int *out, char **cause)
{
	char *s = xstrdup(strchr(opt, '=') + 1), *w, *save = NULL, *list;
	int i, k, j, n = prey ? pd->nprey : pd->narmory;
	const char *const *slugs = prey ? pd->prey_slug : pd->armory_slug;

	for (i = 0, w = strtok_r(s, ",", &save); w != NULL; w = strtok_r(NULL, ",", &save),
	    i++) {
		k = slug_index(slugs, n, w);
		if (k < 0 || (prey && pd->prey_stage[k] != i + 1)) {
			list = slug_list(slugs, n, prey ? pd->prey_stage : NULL, i + 1);
			if (prey)
				cause_set(cause, "option %s: %s is not a stage-%d Prey mini-deck; "
				    "expected one of %s", opt, w, i + 1, list);
			else
				cause_set(cause, "option %s: %s is not an Armory group; expected "
				    "four of %s", opt, w, list);
			free(list);
			free(s);
			return -1;
		}
		for (j = 0; j < i; j++)
			if (out[j] == k) {
				cause_set(cause, "option %s: the group %s is named twice; expected "
				    "four different groups (a class may come twice, from Woodland "
				    "and from Urban)", opt, w);
				free(s);
				return -1;
			}
		out[i] = k;
	}
	free(s);
	return 0;
}

/*
 * armory=random, prey=random: the groups (one mini-deck of each label)
 * drawn from the public stream, as a table picks them at random in front
 * of everyone.
 */
static void
random_groups(const struct lg_pdb *pd, int prey, int *out, struct rules_rng *rng)
{
	int v[8], n = 0, i, k, stage;

	if (!prey) {
		for (i = 0; i < pd->narmory; i++)
			v[n++] = i;
		for (k = 0; k < 4 && n > 0; k++) {
			i = (int)rng->uniform(rng->ctx, (uint32_t)n);
			out[k] = v[i];
			v[i] = v[--n];
		}
		return;
	}
	for (stage = 1; stage <= 3; stage++) {
		for (n = 0, i = 0; i < pd->nprey; i++)
			if (pd->prey_stage[i] == stage)
				v[n++] = i;
		out[stage - 1] = v[(int)rng->uniform(rng->ctx, (uint32_t)n)];
	}
}

/* Do the mini-decks take more Young Bloods (Mercenaries) than there are? */
static int
pool_check(const int chart[LG_SEATS][3], int nseats, int extra, int pool,
    const char *opt, const char *what, char **cause)
{
	int k, n, need = 0;

	for (k = 0; k < 3; k++)
		need += (n = chart[nseats - 1][k] + extra) > 0 ? n : 0;
	if (need <= pool)
		return 0;
	return cause_set(cause, "option %s: with %d player%s the three mini-decks take %d "
	    "%s and the card data has %d; expected fewer", opt, nseats, nseats == 1 ? "" :
	    "s", need, what, pool);
}

int
lg_choices(const struct lg_db *db, int mode, const struct rules_setup *su,
    struct rules_rng *rng, struct lg_choices *c, char **cause)
{
	const struct lg_pdb *pd = &db->pd;
	const char *o, *given[NVALUED] = { NULL }, *extra = NULL;
	size_t i, j;
	int k;

	memset(c, 0, sizeof *c);
	for (i = 0; i < su->noptions; i++) {
		o = su->options[i];
		if (lg_option_check(o, cause) == -1)
			return -1;
		c->options |= lg_option_flag(o);
		if (strcmp(o, "movie-predator-2") == 0 && (mode == LG_PREDATORS ?
		    pd->nmovies : db->nmovies) > 1)
			c->movie = 1;
		if ((k = valued_of(o)) < 0)
			continue;
		if (valued[k].mode != (mode == LG_PREDATORS ? FOR_PREDATORS : FOR_HUMANS))
			return cause_set(cause, "option \"%s\" is for Playing as %s (%s)", o,
			    valued[k].mode == FOR_HUMANS ? "Humans" : "Predators",
			    valued[k].other);
		if (given[k] != NULL)
			return cause_set(cause, "option %s: %s is given already; expected "
			    "%.*s once", o, given[k], (int)strlen(valued[k].key) - 1,
			    valued[k].key);
		given[k] = o;
		o += strlen(valued[k].key);
		if (strcmp(valued[k].key, "harder-wilds=") == 0) {
			c->wilds = number(o, 0, 1, LG_SPACES);
			c->given |= LG_GIVEN_WILDS;
		} else if (strcmp(valued[k].key, "preparation-turns=") == 0) {
			c->preparation = number(o, 0, 1, 2);
			c->given |= LG_GIVEN_PREPARATION;
		}
		else if (strcmp(valued[k].key, "first=") == 0) {
			for (j = 0; j < su->nseats && strcmp(su->seats[j].name, o) != 0; j++)
				;
			if (j == su->nseats)
				return cause_set(cause, "option %s: \"%s\" is not a seat of the "
				    "game; expected first=SEAT, one of its %zu seats", given[k], o,
				    su->nseats);
			c->first = (int)j;
			c->given |= LG_GIVEN_FIRST;
		}
		else if (strcmp(valued[k].key, "young-bloods=") == 0 ||
		    strcmp(valued[k].key, "mercenaries=") == 0) {
			c->extra = number(o, 1, -8, 8);
			extra = given[k];
			c->given |= LG_GIVEN_EXTRA;
		} else if (strcmp(valued[k].key, "armory=") == 0 ||
		    strcmp(valued[k].key, "prey=") == 0) {
			int prey = valued[k].key[0] == 'p';

			if (strcmp(o, "random") == 0)
				random_groups(pd, prey, prey ? c->prey : c->armory, rng);
			else if (groups(pd, given[k], prey, prey ? c->prey : c->armory,
			    cause) == -1)
				return -1;
			c->custom |= prey ? LG_CUSTOM_PREY : LG_CUSTOM_ARMORY;
		}
	}
	if (c->wilds > 0 && (c->options & OPT_HARDER_WILDS))
		return cause_set(cause, "option harder-wilds=%d: harder-wilds (two cards) is "
		    "given too; expected one of them", c->wilds);
	if ((c->options & OPT_HARDER_WILDS) && mode == LG_HUMANS)
		c->wilds = 2;
	if (c->preparation > 0 && (c->options & OPT_PREPARATION))
		return cause_set(cause, "option preparation-turns=%d: preparation-turn (one "
		    "turn) is given too; expected one of them", c->preparation);
	if ((c->options & OPT_PREPARATION) && mode == LG_HUMANS)
		c->preparation = 1;
	if (extra != NULL && (c->options & (OPT_EASIER | OPT_HARDER)))
		return cause_set(cause, "option %s: easier or harder (one more or fewer) is "
		    "given too; expected the count once", extra);
	if (extra == NULL)
		c->extra = ((c->options & OPT_EASIER) != 0) - ((c->options & OPT_HARDER) != 0);
	if (su->nseats < 1 || su->nseats > LG_SEATS)
		return 0;	/* the mode's setup says how many seats it takes */
	if (mode == LG_PREDATORS) {
		for (k = 0; k < 4; k++)
			if (!(c->custom & LG_CUSTOM_ARMORY))
				c->armory[k] = pd->movie[c->movie].armory[k];
		for (k = 0; k < 3; k++)
			if (!(c->custom & LG_CUSTOM_PREY))
				c->prey[k] = pd->movie[c->movie].prey[k];
		return extra == NULL ? 0 : pool_check(pd->chart, (int)su->nseats, c->extra,
		    pd->nmercs, extra, "Mercenaries", cause);
	}
	return extra == NULL ? 0 : pool_check(db->chart, (int)su->nseats, c->extra,
	    db->nyoung, extra, "Young Bloods", cause);
}
