/*
 * game.c — the CCG as a struct rules (rules/rules.h): lifetime of a game,
 * piles of cards, pieces and nodes, events. The rules themselves live in
 * the files named after the rulebook's sections (see ccg.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/table.h"

struct rules_game *
ccg_game_new(const struct ccg_carddb *db)
{
	struct rules_game *g = xcalloc(1, sizeof *g);

	g->db = db;
	g->turn = 1;
	g->places = 1;
	return g;
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

static void
cards_dup(struct ccg_cards *d, const struct ccg_cards *s)
{
	d->v = NULL;
	d->n = d->cap = s->n;
	if (s->n > 0) {
		d->v = xreallocarray(NULL, s->n, sizeof *d->v);
		memcpy(d->v, s->v, s->n * sizeof *d->v);
	}
}

static int *
ints_dup(const int *v, size_t n)
{
	int *d;

	if (v == NULL)
		return NULL;
	d = xreallocarray(NULL, n ? n : 1, sizeof *d);
	memcpy(d, v, n * sizeof *d);
	return d;
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
		const struct ccg_card *m = g->nodes[i].made;

		c->nodes[i].id = xstrdup(g->nodes[i].id);
		if (m != NULL) {	/* a made Breeding Chamber (molting.c) */
			struct ccg_card *d = xmalloc(sizeof *d);

			*d = *m;
			d->resources = xreallocarray(NULL, m->nresources + 1,
			    sizeof *d->resources);
			memcpy(d->resources, m->resources,
			    m->nresources * sizeof *d->resources);
			c->nodes[i].made = d;
			if (g->nodes[i].card == m)
				c->nodes[i].card = d;
		}
	}
	c->markers = NULL;
	if (g->markers != NULL) {
		c->markers = xcalloc(g->nmarkers + 1, sizeof *c->markers);
		memcpy(c->markers, g->markers, g->nmarkers * sizeof *c->markers);
		for (i = 0; i < g->nmarkers; i++)
			c->markers[i].id = xstrdup(g->markers[i].id);
	}
	return c;
}

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
	char *out = cJSON_PrintUnformatted(j), *r;

	cJSON_Delete(j);
	r = xstrdup(out);
	cJSON_free(out);
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

/* The struct rules table. */

static struct rules_game *
game_create(const struct rules_setup *setup, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	if (ccg_scenario_find(setup->scenario) == NULL) {
		cause_set(cause, "unknown scenario \"%s\"; expected contact or "
		    "training-hunt", setup->scenario ? setup->scenario : "");
		return NULL;
	}
	return ccg_setup_contact(setup, rng, ev, cause);
}

static size_t
game_nseats(const struct rules_game *g)
{
	return g->nseats;
}

static const char *
game_seat_name(const struct rules_game *g, size_t seat)
{
	return seat < g->nseats ? g->seats[seat].name : NULL;
}

static int
game_seat_index(const struct rules_game *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->nseats; i++)
		if (strcasecmp(g->seats[i].name, name) == 0)
			return (int)i;
	return -1;
}

static int
game_turn(const struct rules_game *g)
{
	return g->turn;
}

static const char *
game_phase(const struct rules_game *g)
{
	return ccg_phase_name(g->phase);
}

static int
game_owes(const struct rules_game *g, size_t seat)
{
	return seat < g->nseats && ccg_seat_owes(g, (int)seat);
}

static char *
game_legal(const struct rules_game *g, size_t seat)
{
	return ccg_legal(g, (int)seat);
}

static int
game_check(const struct rules_game *g, size_t seat, const char *orders,
    char **cause)
{
	if (seat >= g->nseats)
		return cause_set(cause, "no seat %zu in this game", seat);
	return ccg_check(g, (int)seat, orders, cause);
}

static cJSON *
game_view(const struct rules_game *g, int seat)
{
	return ccg_view(g, seat);
}

static char *
game_save(const struct rules_game *g, size_t *len)
{
	return ccg_save(g, len);
}

static struct rules_game *
game_load(const void *data, const char *bytes, size_t len, char **cause)
{
	return ccg_load(data, bytes, len, cause);
}

static void
game_result(const struct rules_game *g, struct rules_result *res)
{
	size_t i;

	res->over = ccg_game_over(g);
	res->winner = -1;
	res->nseats = g->nseats;
	res->place = xcalloc(g->nseats ? g->nseats : 1, sizeof *res->place);
	for (i = 0; i < g->nseats; i++) {
		res->place[i] = g->seats[i].place;
		if (g->seats[i].place == 1 && res->winner < 0)
			res->winner = (int)i;
	}
}

/* `muthur demo`: the Marines play the demo deck (rescue quota 4). */
static const char *const demo_seats[] = { "rogue", "marines", "predator", "aliens" };
static const char *const demo_decks[] = { NULL, "demo-marines.deck", NULL, NULL };
static const struct rules_demo demo = {
	"contact", demo_seats, demo_decks, 4, "movement.evacuate"
};

const struct rules rules_ccg = {
	.name = "ccg",
	.version = "ccg-2",
	.create = game_create,
	.free = ccg_game_free,
	.nseats = game_nseats,
	.seat_name = game_seat_name,
	.seat_index = game_seat_index,
	.turn = game_turn,
	.phase = game_phase,
	.owes = game_owes,
	.legal = game_legal,
	.check = game_check,
	.resolve = ccg_resolve,
	.view = game_view,
	.save = game_save,
	.load = game_load,
	.secrets = ccg_secrets,
	.result = game_result,
	/* what the daemon and the auditor need besides play (table.h) */
	.data_file = "sample-cards.json",
	.data_max = CCG_CARDDB_MAX_FILE,
	.data_load = ccg_data_load,
	.data_free = ccg_data_free,
	.data_canonical = ccg_data_canonical,
	.data_hash = ccg_data_hash,
	.scenario_check = ccg_scenario_check,
	.option_check = ccg_option_check,
	.faction_check = ccg_faction_check,
	.deck_check = ccg_deck_check,
	.deck_max = CCG_DECKLIST_MAX,
	.seat_build = ccg_seat_build,
	.seat_clear = ccg_seat_clear,
	.data_report = ccg_data_report,
	.demo_orders = ccg_demo_orders,
	.demo_plan = ccg_demo_plan,
	.demo = &demo,
	.view_text = ccg_view_text,
	.template = ccg_template,
	.picture = ccg_picture,
};
