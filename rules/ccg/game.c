/*
 * game.c — the basic helpers of the CCG engine every rule file uses:
 * piles of cards, pieces and nodes, events, shuffling. It calls no rule
 * file; the lifetime of a game is game-life.c, the struct rules table
 * engine.c.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json-print.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"

void
ccg_cards_push(struct ccg_cards *c, const struct ccg_card *card)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->v = xreallocarray(c->v, c->cap, sizeof *c->v);
	}
	c->v[c->n++] = card;
}

const struct ccg_card *
ccg_cards_take(struct ccg_cards *c, size_t i)
{
	const struct ccg_card *card = c->v[i];

	memmove(&c->v[i], &c->v[i + 1], (c->n - i - 1) * sizeof *c->v);
	c->n--;
	return card;
}

int
ccg_cards_find(const struct ccg_cards *c, const char *slug)
{
	size_t i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->v[i]->slug, slug) == 0)
			return (int)i;
	return -1;
}

void
ccg_cards_clear(struct ccg_cards *c)
{
	c->n = 0;
}

/* A new piece for card, owned by owner, off the board; returns its index.
 * Its id is the card's slug, or slug-N for the N-th copy in the game. */
int
ccg_piece_add(struct rules_game *g, const struct ccg_card *card, int owner)
{
	struct ccg_piece *p;
	size_t i;
	int copies = 0;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].card == card)
			copies++;
	g->pieces = xreallocarray(g->pieces, g->npieces + 1, sizeof *g->pieces);
	p = &g->pieces[g->npieces];
	memset(p, 0, sizeof *p);
	p->id = copies == 0 ? xstrdup(card->slug) :
	    xasprintf("%s-%d", card->slug, copies + 1);
	/* a slug ending in -N could collide with another card's copy name */
	while (ccg_piece_find(g, p->id) >= 0) {
		char *id = xasprintf("%s-x", p->id);

		free(p->id);
		p->id = id;
	}
	p->card = card;
	p->owner = owner;
	p->controller = owner;
	p->zone = CCG_Z_PLAY;
	p->node = -1;
	p->carrier = -1;
	p->dragger = -1;
	p->atk_target = -1;
	p->atk_weapon = -1;
	p->atk_ammo = -1;
	p->hive_work = -1;
	p->barrier_to = -1;
	p->bs_target = -1;
	p->bs_weapon = -1;
	p->riding = -1;
	p->loaded_in = -1;
	p->attached_to = -1;
	return (int)g->npieces++;
}

int
ccg_piece_find(const struct rules_game *g, const char *id)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].id != NULL && strcmp(g->pieces[i].id, id) == 0)
			return (int)i;
	return -1;
}

int
ccg_node_find(const struct rules_game *g, const char *id)
{
	size_t i;

	for (i = 0; i < g->nnodes; i++)
		if (strcmp(g->nodes[i].id, id) == 0)
			return (int)i;
	return -1;
}

/*
 * The node a location card occupies: a card with the same name as a node
 * already in play is that same location (rulebook "Step 3: Movement", the
 * two Kitchens), unless the card is Distinct (Breeding Chambers).
 */
int
ccg_node_for(struct rules_game *g, const struct ccg_card *loc)
{
	struct ccg_node *n;
	char *id;
	int i, k;

	if (!(loc->keywords & CCG_KW_DISTINCT) &&
	    (i = ccg_node_find(g, loc->slug)) >= 0)
		return i;
	id = xstrdup(loc->slug);
	for (k = 2; ccg_node_find(g, id) >= 0; k++) {
		free(id);
		id = xasprintf("%s-%d", loc->slug, k);
	}
	g->nodes = xreallocarray(g->nodes, g->nnodes + 1, sizeof *g->nodes);
	n = &g->nodes[g->nnodes];
	n->id = id;
	n->card = loc;
	n->hived = 0;
	n->damaged = 0;
	n->replaced = NULL;
	n->made = NULL;
	return (int)g->nnodes++;
}

int
ccg_is_character(const struct ccg_piece *p)
{
	return p->card->type == CCG_CARD_MAIN_CHARACTER ||
	    p->card->type == CCG_CARD_SUPPORTING_CHARACTER;
}

int
ccg_is_main(const struct ccg_piece *p)
{
	return p->card->type == CCG_CARD_MAIN_CHARACTER;
}

/* The node where piece pi is, following carriers; -1 off the board. */
int
ccg_piece_at(const struct rules_game *g, int pi)
{
	int depth = 0;

	while (pi >= 0 && g->pieces[pi].carrier >= 0 && depth++ < 8)
		pi = g->pieces[pi].carrier;
	if (pi < 0 || g->pieces[pi].zone != CCG_Z_PLAY)
		return -1;
	return g->pieces[pi].node;
}

/*
 * Speed after damage (rulebook "The Effects of Damage": one point of speed
 * per damage point, not below 0; each Alien token on the card cancels the
 * penalty of one damage point, "Alien Groups").
 */
int
ccg_eff_speed(const struct ccg_piece *p)
{
	int pen = p->damage - p->tokens, s;

	if (pen < 0)
		pen = 0;
	s = p->card->chr.speed - pen;
	return s < 0 ? 0 : s;
}

uint64_t
ccg_seat_bit(int seat)
{
	return (uint64_t)1 << seat;
}

/* A JSON string literal for s (quotes included); caller frees. */
char *
ccg_json_str(const char *s)
{
	cJSON *j = cJSON_CreateString(s);
	char *r = json_print(j, NULL);	/* cJSON_PrintUnformatted()'s bytes */

	cJSON_Delete(j);
	if (r == NULL)
		abort();
	return r;
}

/* Add an event: public when seat < 0, else visible to that seat only. */
void
ccg_event(struct rules_events *ev, int seat, const char *fmt, ...)
{
	va_list ap;
	char *json;

	if (ev == NULL)
		return;
	va_start(ap, fmt);
	json = xvasprintf(fmt, ap);
	va_end(ap);
	if (seat < 0)
		rules_events_add(ev, RULES_VIS_PUBLIC, 0, json);
	else
		rules_events_add(ev, RULES_VIS_SEATS, ccg_seat_bit(seat), json);
	free(json);
}

/*
 * Fisher-Yates with the game's hidden stream (rules.h): a shuffled deck's
 * order is secret, so it never comes from the stream whose seed the next
 * view opens.
 */
void
ccg_shuffle(struct ccg_cards *c, struct rules_rng *rng)
{
	uint32_t (*uniform)(void *, uint32_t) = rng->hidden ? rng->hidden : rng->uniform;
	void *ctx = rng->hidden ? rng->hidden_ctx : rng->ctx;
	size_t i;

	for (i = c->n; i > 1; i--) {
		size_t j = uniform(ctx, (uint32_t)i);
		const struct ccg_card *t = c->v[i - 1];

		c->v[i - 1] = c->v[j];
		c->v[j] = t;
	}
}

int
ccg_own_on_board(const struct rules_game *g, int seat, size_t i)
{
	const struct ccg_piece *p = &g->pieces[i];

	return p->zone == CCG_Z_PLAY && ccg_is_character(p) &&
	    p->controller == seat && p->node >= 0;
}

void
ccg_tryf(void (*try)(void *, const char *), void *ctx, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	try(ctx, line);
	free(line);
}
