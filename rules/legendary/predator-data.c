/*
 * predator-data.c — the "predators" member of the Legendary card data
 * (muthur-legendary(5), PLAYING AS PREDATORS): the Mercenary chart, the
 * five Predator Roles, the eight Armory groups, the six Prey mini-decks,
 * the Mercenaries, Gear, Traps, Killer Instincts, Prey Strikes, Tests,
 * Challenges and the two movie setups. Each list is [{card, copies}] of
 * cards of the "cards" member; a wrong member is named with what was
 * expected. A file without "predators" loads for Playing as Humans only.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "lib/cause.h"
#include "rules/legendary/legendary.h"

static const char *const goal_whats[PG_NWHAT] = { "kills", "worthy", "duels",
	"recruits", "healed", "gear", "dangers", "armory", "trophies" };

int
pd_goal_what(const char *name)
{
	int i;

	for (i = 0; name != NULL && i < PG_NWHAT; i++)
		if (strcmp(goal_whats[i], name) == 0)
			return i;
	return -1;
}

int
pd_role_of(const struct lg_db *db, const char *slug)
{
	int i;

	for (i = 0; slug != NULL && i < db->pd.nroles; i++)
		if (strcmp(db->pd.roles[i].slug, slug) == 0)
			return i;
	return -1;
}

static const char *
str(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

static int
num(const cJSON *o, const char *k, int lo, int hi, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint ||
	    v->valueint < lo || v->valueint > hi)
		return -1;
	*out = v->valueint;
	return 0;
}

/* [{card, copies}] of cards of kind into v; -1 with *cause. */
static int
list(const struct lg_db *db, const cJSON *a, int kind, int *v, int *n, int max,
    const char *file, const char *member, char **cause)
{
	const cJSON *e;
	int c, k, copies;

	*n = 0;
	if (!cJSON_IsArray(a))
		return cause_set(cause, "%s: predators.%s: missing; expected an array of "
		    "{\"card\": SLUG, \"copies\": N}", file, member);
	cJSON_ArrayForEach(e, a) {
		c = lg_card_find(db, str(e, "card"));
		if (c < 0 || (kind >= 0 && db->cards[c].kind != (enum lg_kind)kind))
			return cause_set(cause, "%s: predators.%s: card \"%s\" is not a card "
			    "of the data of the right kind", file, member,
			    str(e, "card") != NULL ? str(e, "card") : "");
		if (num(e, "copies", 1, 24, &copies) == -1)
			copies = db->cards[c].copies;
		for (k = 0; k < copies; k++) {
			if (*n == max)
				return cause_set(cause, "%s: predators.%s: more than %d cards",
				    file, member, max);
			v[(*n)++] = c;
		}
	}
	return 0;
}

static int
find_slug(const char *const *v, int n, const char *s)
{
	int i;

	for (i = 0; s != NULL && i < n; i++)
		if (strcmp(v[i], s) == 0)
			return i;
	return -1;
}

static int
roles(struct lg_db *db, const cJSON *a, const char *file, char **cause)
{
	struct lg_pdb *pd = &db->pd;
	const cJSON *e;
	struct lg_role *r;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 ||
	    cJSON_GetArraySize(a) > LG_SEATS)
		return cause_set(cause, "%s: predators.roles: missing; expected 1..5 Roles",
		    file);
	cJSON_ArrayForEach(e, a) {
		r = &pd->roles[pd->nroles++];
		r->slug = str(e, "slug");
		r->name = str(e, "name");
		r->film = str(e, "film");
		r->role = lg_card_find(db, str(e, "role_card"));
		if (r->slug == NULL || r->name == NULL || num(e, "health", 1, 20,
		    &r->health) == -1 || num(e, "defense", 0, 20, &r->defense) == -1 ||
		    num(e, "honor", 0, 20, &r->honor) == -1 || num(e, "initiative", 1, 99,
		    &r->initiative) == -1 || r->role < 0 ||
		    db->cards[r->role].kind != LG_PREDATOR_ROLE)
			return cause_set(cause, "%s: predators.roles[%d]: expected slug, name, "
			    "health 1..20, defense, honor, initiative 1..99 and the role_card "
			    "of a predator-role card", file, pd->nroles - 1);
	}
	return 0;
}

static int
groups(struct lg_db *db, const cJSON *a, int prey, const char *file, char **cause)
{
	struct lg_pdb *pd = &db->pd;
	const cJSON *e;
	int *n = prey ? &pd->nprey : &pd->narmory, max = prey ? 6 : 8, i;
	char m[64];

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > max)
		return cause_set(cause, "%s: predators.%s: missing; expected 1..%d groups",
		    file, prey ? "prey_decks" : "armory", max);
	cJSON_ArrayForEach(e, a) {
		i = (*n)++;
		snprintf(m, sizeof m, "%s[%d].cards", prey ? "prey_decks" : "armory", i);
		if (prey) {
			pd->prey_slug[i] = str(e, "slug");
			pd->prey_film[i] = str(e, "film");
			pd->prey_name[i] = str(e, "name");
			if (pd->prey_slug[i] == NULL || num(e, "stage", 1, 3,
			    &pd->prey_stage[i]) == -1)
				return cause_set(cause, "%s: predators.prey_decks[%d]: expected "
				    "slug and stage 1..3", file, i);
			if (list(db, cJSON_GetObjectItemCaseSensitive(e, "cards"), -1,
			    pd->prey[i], &pd->nprey_cards[i], PD_DECK, file, m, cause) == -1)
				return -1;
		} else {
			pd->armory_slug[i] = str(e, "slug");
			pd->armory_film[i] = str(e, "film");
			pd->armory_name[i] = str(e, "name");
			if (pd->armory_slug[i] == NULL)
				return cause_set(cause, "%s: predators.armory[%d]: no slug",
				    file, i);
			if (list(db, cJSON_GetObjectItemCaseSensitive(e, "cards"), LG_ARMORY,
			    pd->armory[i], &pd->narmory_cards[i], PD_DECK, file, m,
			    cause) == -1)
				return -1;
		}
	}
	return 0;
}

static int
movies(struct lg_db *db, const cJSON *a, const char *file, char **cause)
{
	struct lg_pdb *pd = &db->pd;
	const cJSON *e, *x;
	int i, k;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > 2)
		return cause_set(cause, "%s: predators.movies: missing; expected 1..2 movies",
		    file);
	cJSON_ArrayForEach(e, a) {
		i = pd->nmovies++;
		pd->movie[i].slug = str(e, "slug");
		pd->movie[i].role = pd_role_of(db, str(e, "role"));
		for (k = 0; k < 3; k++) {
			x = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(e, "prey"), k);
			pd->movie[i].prey[k] = find_slug(pd->prey_slug, pd->nprey,
			    cJSON_GetStringValue(x));
			if (pd->movie[i].prey[k] < 0 ||
			    pd->prey_stage[pd->movie[i].prey[k]] != k + 1)
				return cause_set(cause, "%s: predators.movies[%d].prey[%d]: "
				    "expected the slug of a stage-%d Prey mini-deck", file, i, k,
				    k + 1);
		}
		for (k = 0; k < 4; k++) {
			x = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(e, "armory"), k);
			pd->movie[i].armory[k] = find_slug(pd->armory_slug, pd->narmory,
			    cJSON_GetStringValue(x));
			if (pd->movie[i].armory[k] < 0)
				return cause_set(cause, "%s: predators.movies[%d].armory[%d]: "
				    "expected the slug of an Armory group", file, i, k);
		}
		if (pd->movie[i].slug == NULL || pd->movie[i].role < 0)
			return cause_set(cause, "%s: predators.movies[%d]: expected slug and "
			    "the slug of its Role", file, i);
	}
	return 0;
}

int
pd_data_load(struct lg_db *db, const cJSON *root, const char *file, char **cause)
{
	struct lg_pdb *pd = &db->pd;
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "predators"), *row;
	int i, k;
	static const struct { const char *k; int kind; size_t off, noff; int max; } lists[] = {
#define L(k, kind, f, max) { k, kind, offsetof(struct lg_pdb, f), \
	offsetof(struct lg_pdb, n##f), max }
		L("mercenaries", LG_PREY, mercs, 24), L("gear", LG_GEAR, gear, 20),
		L("traps", LG_TRAP, traps, 20), L("killer_instinct", LG_INSTINCT, instinct, 8),
		L("prey_strikes", LG_PREY_STRIKE, strikes, 60), L("tests", LG_TEST, tests, 20),
		L("challenges", LG_CHALLENGE, challenges, 20),
#undef L
	};

	memset(pd, 0, sizeof *pd);
	if (o == NULL)
		return 0;
	for (i = 0; i < LG_SEATS; i++)
		for (k = 0; k < 3; k++) {
			row = cJSON_GetArrayItem(cJSON_GetArrayItem(
			    cJSON_GetObjectItemCaseSensitive(o, "mercenary_chart"), i), k);
			if (!cJSON_IsNumber(row) || row->valueint < 0 || row->valueint > 8 ||
			    row->valuedouble != (double)row->valueint)
				return cause_set(cause, "%s: predators.mercenary_chart[%d][%d]: "
				    "expected 5 rows of 3 numbers 0..8", file, i, k);
			pd->chart[i][k] = row->valueint;
		}
	if (roles(db, cJSON_GetObjectItemCaseSensitive(o, "roles"), file, cause) == -1 ||
	    groups(db, cJSON_GetObjectItemCaseSensitive(o, "armory"), 0, file, cause) == -1 ||
	    groups(db, cJSON_GetObjectItemCaseSensitive(o, "prey_decks"), 1, file,
	    cause) == -1)
		return -1;
	for (i = 0; i < (int)(sizeof lists / sizeof lists[0]); i++)
		if (list(db, cJSON_GetObjectItemCaseSensitive(o, lists[i].k), lists[i].kind,
		    (int *)((char *)pd + lists[i].off), (int *)((char *)pd + lists[i].noff),
		    lists[i].max, file, lists[i].k, cause) == -1)
			return -1;
	if (movies(db, cJSON_GetObjectItemCaseSensitive(o, "movies"), file, cause) == -1)
		return -1;
	/* a Challenge is counted at the end: over a turn's counts it means nothing */
	for (i = 0; i < pd->nchallenges; i++) {
		const struct lg_card *c = &db->cards[pd->challenges[i]];

		if (c->goal_what == PG_DUELS || c->goal_what == PG_RECRUITS ||
		    c->goal_what == PG_HEALED)
			return cause_set(cause, "%s: card \"%s\": goal.what: \"%s\" is a Test's "
			    "count; expected for a Challenge kills, worthy, gear, dangers, armory "
			    "or trophies", file, c->slug, goal_whats[c->goal_what]);
	}
	pd->present = 1;
	return 0;
}
