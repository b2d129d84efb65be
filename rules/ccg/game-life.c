/*
 * game-life.c — the lifetime of a CCG game: an empty game, its deep copy,
 * its release. Every field that owns memory is copied in ccg_game_clone()
 * and released in ccg_game_free(); the markers and made Breeding Chambers
 * are released by their rule files (hidden-movement.c, molting.c).
 */
#include "config.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/movement.h"

struct rules_game *
ccg_game_new(const struct ccg_carddb *db)
{
	struct rules_game *g = xcalloc(1, sizeof *g);

	g->db = db;
	g->turn = 1;
	g->places = 1;
	ccg_game_touch(g);
	return g;
}

void
ccg_game_touch(struct rules_game *g)
{
	static atomic_uint_fast64_t last;

	g->serial = (uint64_t)atomic_fetch_add_explicit(&last, 1,
	    memory_order_relaxed) + 1;
}

void
ccg_game_free(struct rules_game *g)
{
	size_t i;

	if (g == NULL)
		return;
	for (i = 0; i < g->nseats; i++) {
		struct ccg_seat *s = &g->seats[i];

		free(s->name);
		free(s->hand.v);
		free(s->deck.v);
		free(s->discard.v);
		free(s->removed.v);
		free(s->matured.v);
		free(s->table.v);
		free(s->armed.v);
		free(s->armed_on.v);
		free(s->hud.ground);
		free(s->hud.high);
		free(s->hud.low);
	}
	free(g->seats);
	for (i = 0; i < g->npieces; i++)
		free(g->pieces[i].id);
	free(g->pieces);
	for (i = 0; i < g->nnodes; i++) {
		free(g->nodes[i].id);
		ccg_chamber_free(&g->nodes[i]);	/* molting.c */
	}
	free(g->nodes);
	ccg_markers_free(g);
	free(g->scenario);
	free(g);
}

/* d (which owns its array) made equal to s, reusing d's array. */
static void
cards_set(struct ccg_cards *d, const struct ccg_cards *s)
{
	if (s->n > d->cap) {
		d->v = xreallocarray(d->v, s->n, sizeof *d->v);
		d->cap = s->n;
	}
	if (s->n > 0)
		memcpy(d->v, s->v, s->n * sizeof *d->v);
	d->n = s->n;
}

/* d (owned) made a string equal to s: d itself when it is. */
static char *
str_set(char *d, const char *s)
{
	if (d != NULL && s != NULL && strcmp(d, s) == 0)
		return d;
	free(d);
	return s != NULL ? xstrdup(s) : NULL;
}

static int *
ints_set(int *d, const int *s, size_t n)
{
	if (s == NULL) {
		free(d);
		return NULL;
	}
	d = xreallocarray(d, n ? n : 1, sizeof *d);
	memcpy(d, s, n * sizeof *d);
	return d;
}

/* A fresh copy of s in d (for a clone): cards_set() over nothing. */
static void
cards_dup(struct ccg_cards *d, const struct ccg_cards *s)
{
	d->v = NULL;
	d->n = d->cap = 0;
	cards_set(d, s);
}

static int *
ints_dup(const int *v, size_t n)
{
	return ints_set(NULL, v, n);
}

/* The made Breeding Chamber of g's node i copied for c's (molting.c). */
static void
chamber_copy(struct ccg_node *d, const struct ccg_node *s)
{
	const struct ccg_card *m = s->made;
	struct ccg_card *k;

	if (m == NULL)
		return;
	k = xmalloc(sizeof *k);
	*k = *m;
	k->resources = xreallocarray(NULL, m->nresources + 1, sizeof *k->resources);
	memcpy(k->resources, m->resources, m->nresources * sizeof *k->resources);
	d->made = k;
	if (s->card == m)
		d->card = k;
}

static void
markers_copy(struct rules_game *c, const struct rules_game *g)
{
	size_t i;

	c->markers = NULL;
	if (g->markers != NULL) {
		c->markers = xcalloc(g->nmarkers + 1, sizeof *c->markers);
		memcpy(c->markers, g->markers, g->nmarkers * sizeof *c->markers);
		for (i = 0; i < g->nmarkers; i++)
			c->markers[i].id = xstrdup(g->markers[i].id);
	}
}

/*
 * Field by field as ccg_game_clone() copies them, each owned pointer of c
 * kept and refilled where it can be (strings equal already, piles and
 * arrays big enough); the made Breeding Chambers and the markers, few,
 * copied afresh. Seats differing in number: a clone's contents instead.
 */
void
ccg_game_reset(struct rules_game *c, const struct rules_game *g)
{
	struct rules_game old = *c;
	size_t i;

	if (c->nseats != g->nseats) {
		struct rules_game *n = ccg_game_clone(g);

		*c = *n;
		*n = old;
		ccg_game_free(n);
		return;
	}
	for (i = 0; i < c->nnodes; i++)
		ccg_chamber_free(&c->nodes[i]);	/* molting.c */
	ccg_markers_free(c);
	old = *c;
	for (i = g->npieces; i < old.npieces; i++)
		free(old.pieces[i].id);
	for (i = g->nnodes; i < old.nnodes; i++)
		free(old.nodes[i].id);
	*c = *g;
	ccg_game_touch(c);
	c->scenario = str_set(old.scenario, g->scenario);
	c->seats = old.seats;
	for (i = 0; i < g->nseats; i++) {
		const struct ccg_seat *s = &g->seats[i];
		struct ccg_seat *d = &c->seats[i], was = *d;

		*d = *s;
		d->name = str_set(was.name, s->name);
#define PILE(f) do { d->f = was.f; cards_set(&d->f, &s->f); } while (0)
		PILE(hand); PILE(deck); PILE(discard); PILE(removed);
		PILE(matured); PILE(table); PILE(armed); PILE(armed_on);
#undef PILE
		d->hud.ground = ints_set(was.hud.ground, s->hud.ground, s->hud.n);
		d->hud.high = ints_set(was.hud.high, s->hud.high, s->hud.n);
		d->hud.low = ints_set(was.hud.low, s->hud.low, s->hud.n);
	}
	c->pieces = xreallocarray(old.pieces, g->npieces + 1, sizeof *c->pieces);
	for (i = 0; i < g->npieces; i++) {
		char *id = i < old.npieces ? c->pieces[i].id : NULL;

		c->pieces[i] = g->pieces[i];
		c->pieces[i].id = str_set(id, g->pieces[i].id);
	}
	c->nodes = xreallocarray(old.nodes, g->nnodes + 1, sizeof *c->nodes);
	for (i = 0; i < g->nnodes; i++) {
		char *id = i < old.nnodes ? c->nodes[i].id : NULL;

		c->nodes[i] = g->nodes[i];
		c->nodes[i].id = str_set(id, g->nodes[i].id);
		c->nodes[i].made = NULL;
		chamber_copy(&c->nodes[i], &g->nodes[i]);
	}
	markers_copy(c, g);
}

/*
 * Every field is copied by value and then every pointer the game owns is
 * made a copy of its own: the strings, the piles, the HUD rows, and the
 * arrays of seats, pieces, nodes and markers. A field that owns memory must
 * be added here and to ccg_game_free(); the scenario tests compare the
 * saved form of each clone with the original's at every step.
 */
struct rules_game *
ccg_game_clone(const struct rules_game *g)
{
	struct rules_game *c = xmalloc(sizeof *c);
	size_t i;

	*c = *g;
	ccg_game_touch(c);
	c->scenario = xstrdup(g->scenario);
	c->seats = xreallocarray(NULL, g->nseats ? g->nseats : 1, sizeof *c->seats);
	memcpy(c->seats, g->seats, g->nseats * sizeof *c->seats);
	for (i = 0; i < g->nseats; i++) {
		const struct ccg_seat *s = &g->seats[i];
		struct ccg_seat *d = &c->seats[i];

		d->name = xstrdup(s->name);
		cards_dup(&d->hand, &s->hand);
		cards_dup(&d->deck, &s->deck);
		cards_dup(&d->discard, &s->discard);
		cards_dup(&d->removed, &s->removed);
		cards_dup(&d->matured, &s->matured);
		cards_dup(&d->table, &s->table);
		cards_dup(&d->armed, &s->armed);
		cards_dup(&d->armed_on, &s->armed_on);
		d->hud.ground = ints_dup(s->hud.ground, s->hud.n);
		d->hud.high = ints_dup(s->hud.high, s->hud.n);
		d->hud.low = ints_dup(s->hud.low, s->hud.n);
	}
	c->pieces = xreallocarray(NULL, g->npieces + 1, sizeof *c->pieces);
	memcpy(c->pieces, g->pieces, g->npieces * sizeof *c->pieces);
	for (i = 0; i < g->npieces; i++)
		c->pieces[i].id = xstrdup(g->pieces[i].id);
	c->nodes = xreallocarray(NULL, g->nnodes + 1, sizeof *c->nodes);
	memcpy(c->nodes, g->nodes, g->nnodes * sizeof *c->nodes);
	for (i = 0; i < g->nnodes; i++) {
		c->nodes[i].id = xstrdup(g->nodes[i].id);
		c->nodes[i].made = NULL;
		chamber_copy(&c->nodes[i], &g->nodes[i]);	/* molting.c */
	}
	markers_copy(c, g);
	return c;
}

