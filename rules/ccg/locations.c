/*
 * locations.c — rulebook "Locations" and "Step 2: Play New Locations",
 * with the overview's placement rules: a player plays locations only into
 * his own HUD, ground locations only at either end of the row; cross
 * locations (high above, low below) sit between two adjacent ground
 * locations, one level only, never next to the player's starting location
 * or a ship; ships never next to cross locations; Indoor and Outdoor ground
 * locations are never adjacent (an Entry or a ship separates them). Cards
 * of the same name in different HUDs are one location (the two Kitchens).
 * A duplicate of a location already in one's own HUD is discarded out of
 * play when drawn (discard-draw.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
is_cross(const struct ccg_card *c)
{
	return c->loc.cls == CCG_LOC_CROSS_HIGH || c->loc.cls == CCG_LOC_CROSS_LOW;
}

/* May locations a and b be adjacent (Indoor/Outdoor separation)? */
static int
env_ok(const struct ccg_card *a, const struct ccg_card *b)
{
	if (a->loc.cls == CCG_LOC_SHIP || a->loc.cls == CCG_LOC_ENTRY ||
	    b->loc.cls == CCG_LOC_SHIP || b->loc.cls == CCG_LOC_ENTRY)
		return 1;
	return a->loc.env == b->loc.env;
}

static void
link_gap(const struct ccg_hud *h, size_t k, int *a, int *b)
{
	*a = h->ground[k];
	*b = h->ground[k + 1];
}

/* Are nodes a and b adjacent in seat s's HUD? */
static int
hud_adjacent(const struct ccg_hud *h, int a, int b)
{
	size_t k;

	for (k = 0; k + 1 < h->n; k++) {
		int g0, g1;
		int rows[2] = { h->high[k], h->low[k] };
		int r;

		link_gap(h, k, &g0, &g1);
		if ((g0 == a && g1 == b) || (g0 == b && g1 == a))
			return 1;
		for (r = 0; r < 2; r++) {
			int x = rows[r], nx;

			if (x < 0)
				continue;
			if ((x == a && (b == g0 || b == g1)) ||
			    (x == b && (a == g0 || a == g1)))
				return 1;
			if (k + 2 < h->n) {
				nx = r == 0 ? h->high[k + 1] : h->low[k + 1];
				if (nx >= 0 && ((x == a && nx == b) ||
				    (x == b && nx == a)))
					return 1;
			}
		}
	}
	return 0;
}

/* hud_adjacent(h, a, b) for every b at once: mark[b] = 1. */
static void
hud_mark(const struct ccg_hud *h, int a, unsigned char *mark, size_t nnodes)
{
	size_t k;

#define MARK(n) do { if ((n) >= 0 && (size_t)(n) < nnodes) mark[n] = 1; } while (0)
	for (k = 0; k + 1 < h->n; k++) {
		int g0, g1;
		int rows[2] = { h->high[k], h->low[k] };
		int r;

		link_gap(h, k, &g0, &g1);
		if (g0 == a)
			MARK(g1);
		if (g1 == a)
			MARK(g0);
		for (r = 0; r < 2; r++) {
			int x = rows[r], nx;

			if (x < 0)
				continue;
			if (x == a) {
				MARK(g0);
				MARK(g1);
			}
			if (g0 == a || g1 == a)
				MARK(x);
			if (k + 2 < h->n) {
				nx = r == 0 ? h->high[k + 1] : h->low[k + 1];
				if (nx >= 0 && x == a)
					MARK(nx);
				if (nx >= 0 && nx == a)
					MARK(x);
			}
		}
	}
#undef MARK
}

void
ccg_adjacent_mark(const struct rules_game *g, int a, unsigned char *mark)
{
	size_t s;

	if (a < 0)
		return;
	for (s = 0; s < g->nseats; s++)
		hud_mark(&g->seats[s].hud, a, mark, g->nnodes);
	if ((size_t)a < g->nnodes)
		mark[a] = 0;	/* a node is not adjacent to itself */
}

int
ccg_adjacent(const struct rules_game *g, int a, int b)
{
	size_t s;

	if (a == b || a < 0 || b < 0)
		return 0;
	for (s = 0; s < g->nseats; s++)
		if (hud_adjacent(&g->seats[s].hud, a, b))
			return 1;
	return 0;
}

int
ccg_in_hud(const struct rules_game *g, int seat, int node)
{
	const struct ccg_hud *h = &g->seats[seat].hud;
	size_t k;

	for (k = 0; k < h->n; k++)
		if (h->ground[k] == node ||
		    (k + 1 < h->n && (h->high[k] == node || h->low[k] == node)))
			return 1;
	return 0;
}

/* Is a location of this name already in seat's HUD? */
static int
name_in_hud(const struct rules_game *g, int seat, const struct ccg_card *loc)
{
	const struct ccg_hud *h = &g->seats[seat].hud;
	size_t k;

	for (k = 0; k < h->n; k++) {
		if (strcmp(g->nodes[h->ground[k]].card->name, loc->name) == 0)
			return 1;
		if (k + 1 < h->n && h->high[k] >= 0 &&
		    strcmp(g->nodes[h->high[k]].card->name, loc->name) == 0)
			return 1;
		if (k + 1 < h->n && h->low[k] >= 0 &&
		    strcmp(g->nodes[h->low[k]].card->name, loc->name) == 0)
			return 1;
	}
	return 0;
}

/*
 * Put node into seat's HUD: at an end of the ground row (side LEFT/RIGHT),
 * or into gap `gap` above (high) or below.
 */
void
ccg_hud_place(struct rules_game *g, int seat, int node, int side, int gap,
    int high)
{
	struct ccg_hud *h = &g->seats[seat].hud;

	if (side == CCG_BETWEEN) {
		if (high)
			h->high[gap] = node;
		else
			h->low[gap] = node;
		return;
	}
	h->ground = xreallocarray(h->ground, h->n + 1, sizeof *h->ground);
	h->high = xreallocarray(h->high, h->n + 1, sizeof *h->high);
	h->low = xreallocarray(h->low, h->n + 1, sizeof *h->low);
	if (side == CCG_LEFT) {
		memmove(h->ground + 1, h->ground, h->n * sizeof *h->ground);
		memmove(h->high + 1, h->high, h->n * sizeof *h->high);
		memmove(h->low + 1, h->low, h->n * sizeof *h->low);
		h->ground[0] = node;
		h->high[0] = h->low[0] = -1;
	} else {
		h->ground[h->n] = node;
		h->high[h->n] = h->low[h->n] = -1;
	}
	h->n++;
}

static int
ground_index(const struct ccg_hud *h, int node)
{
	size_t k;

	for (k = 0; k < h->n; k++)
		if (h->ground[k] == node)
			return (int)k;
	return -1;
}

/*
 * May loc go there? side LEFT/RIGHT, or BETWEEN the ground locations at
 * gap. Returns 0 or -1 with a reason.
 */
static int
placement_ok(const struct rules_game *g, int seat, const struct ccg_card *loc,
    int side, int gap, char **cause)
{
	const struct ccg_seat *s = &g->seats[seat];
	const struct ccg_hud *h = &s->hud;

	if (side != CCG_BETWEEN) {
		const struct ccg_card *nb;

		if (is_cross(loc))
			return cause_set(cause, "%s is a cross location; expected "
			    "\"play %s between LOCATION and LOCATION\"",
			    loc->slug, loc->slug);
		if (h->n == 0)
			return 0;
		nb = g->nodes[side == CCG_LEFT ? h->ground[0] :
		    h->ground[h->n - 1]].card;
		if (!env_ok(loc, nb))
			return cause_set(cause, "%s (%s) cannot be next to %s (%s): "
			    "Indoor and Outdoor locations need an Entry or a ship "
			    "between them", loc->slug, loc->loc.env == CCG_ENV_INDOOR ?
			    "Indoor" : "Outdoor", nb->slug,
			    nb->loc.env == CCG_ENV_INDOOR ? "Indoor" : "Outdoor");
		return 0;
	} else {
		int a = h->ground[gap], b = h->ground[gap + 1], i;
		int high = loc->loc.cls == CCG_LOC_CROSS_HIGH;
		int ends[2] = { a, b };

		if (!is_cross(loc))
			return cause_set(cause, "%s is a ground location; expected "
			    "\"play %s left\" or \"play %s right\"", loc->slug,
			    loc->slug, loc->slug);
		if ((high ? h->high[gap] : h->low[gap]) >= 0)
			return cause_set(cause, "there is already a %s location "
			    "between %s and %s (cross locations do not stack)",
			    high ? "high" : "low", g->nodes[a].id, g->nodes[b].id);
		for (i = 0; i < 2; i++) {
			const struct ccg_card *e = g->nodes[ends[i]].card;

			if (ends[i] == s->start_node)
				return cause_set(cause, "a cross location cannot be "
				    "next to your starting location %s",
				    g->nodes[ends[i]].id);
			if (e->loc.cls == CCG_LOC_SHIP)
				return cause_set(cause, "a cross location cannot be "
				    "next to the ship %s", g->nodes[ends[i]].id);
			if (!env_ok(loc, e))
				return cause_set(cause, "%s cannot be next to %s: "
				    "Indoor and Outdoor locations are never adjacent",
				    loc->slug, g->nodes[ends[i]].id);
		}
		return 0;
	}
}

int
ccg_play_location(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *loc;
	int hi, node, gap = 0;

	hi = ccg_cards_find(&s->hand, o->what);
	if (hi < 0)
		return cause_set(cause, "no location %s in your hand; expected a "
		    "location card you hold", o->what);
	loc = s->hand.v[hi];
	if (loc->type != CCG_CARD_LOCATION)
		return cause_set(cause, "%s is not a location card", o->what);
	if (name_in_hud(g, seat, loc))
		return cause_set(cause, "%s is already in your HUD", o->what);
	if (o->side == CCG_BETWEEN) {
		int a = ccg_node_find(g, o->a), b = ccg_node_find(g, o->b);
		int ia = a < 0 ? -1 : ground_index(&s->hud, a);
		int ib = b < 0 ? -1 : ground_index(&s->hud, b);

		if (ia < 0 || ib < 0)
			return cause_set(cause, "%s is not a ground location of "
			    "your HUD; expected two neighbouring ground locations "
			    "of your HUD", ia < 0 ? o->a : o->b);
		if (ia - ib != 1 && ib - ia != 1)
			return cause_set(cause, "%s and %s are not next to each "
			    "other in your HUD", o->a, o->b);
		gap = ia < ib ? ia : ib;
	}
	if (placement_ok(g, seat, loc, o->side, gap, cause) != 0)
		return -1;
	ccg_cards_take(&s->hand, (size_t)hi);
	node = ccg_node_for(g, loc);
	ccg_hud_place(g, seat, node, o->side, gap,
	    loc->loc.cls == CCG_LOC_CROSS_HIGH);
	if (o->side == CCG_BETWEEN)
		ccg_event(ev, -1, "{\"type\":\"play-location\",\"seat\":\"%s\","
		    "\"location\":\"%s\",\"between\":[\"%s\",\"%s\"]}", s->name,
		    g->nodes[node].id, o->a, o->b);
	else
		ccg_event(ev, -1, "{\"type\":\"play-location\",\"seat\":\"%s\","
		    "\"location\":\"%s\",\"side\":\"%s\"}", s->name,
		    g->nodes[node].id, o->side == CCG_LEFT ? "left" : "right");
	return 0;
}

/*
 * Every legal placement of loc in seat's HUD as order lines (*lines, *n;
 * caller frees each and the array). Returns 1 when there is at least one.
 */
int
ccg_location_placeable(const struct rules_game *g, int seat,
    const struct ccg_card *loc, char ***lines, size_t *n)
{
	const struct ccg_hud *h = &g->seats[seat].hud;
	size_t k;

	*lines = NULL;
	*n = 0;
	if (loc->type != CCG_CARD_LOCATION || name_in_hud(g, seat, loc))
		return 0;
	if (!is_cross(loc)) {
		int side;

		for (side = CCG_LEFT; side <= CCG_RIGHT; side++) {
			if (placement_ok(g, seat, loc, side, 0, NULL) != 0)
				continue;
			*lines = xreallocarray(*lines, *n + 1, sizeof **lines);
			(*lines)[(*n)++] = xasprintf("play %s %s", loc->slug,
			    side == CCG_LEFT ? "left" : "right");
		}
		return *n > 0;
	}
	for (k = 0; k + 1 < h->n; k++) {
		if (placement_ok(g, seat, loc, CCG_BETWEEN, (int)k, NULL) != 0)
			continue;
		*lines = xreallocarray(*lines, *n + 1, sizeof **lines);
		(*lines)[(*n)++] = xasprintf("play %s between %s and %s",
		    loc->slug, g->nodes[h->ground[k]].id,
		    g->nodes[h->ground[k + 1]].id);
	}
	return *n > 0;
}

/*
 * Is node part of seat's Hive (rulebook "Hive Construction", "Hive
 * Movement"): one the seat hived, or, for an Aliens seat, a printed Hive
 * location in play that no opposing Aliens player played ("any Hive
 * location in play", except those an opposing Aliens player played,
 * until one hives them oneself). A Breeding Chamber is only its own
 * player's. Other factions have no Hive.
 */
int
ccg_node_hived_for(const struct rules_game *g, int node, int seat)
{
	const struct ccg_node *n = &g->nodes[node];
	size_t s;
	int in_play = 0;

	if (n->hived & ccg_seat_bit(seat))
		return 1;
	if (g->seats[seat].faction != CCG_FACTION_ALIENS ||
	    !(n->card->loc.kinds & (CCG_LK_HIVE | CCG_LK_BREEDING_CHAMBER)))
		return 0;
	if (ccg_in_hud(g, seat, node))
		return 1;
	if (n->card->loc.kinds & CCG_LK_BREEDING_CHAMBER)
		return 0;
	for (s = 0; s < g->nseats; s++) {
		if (!ccg_in_hud(g, (int)s, node))
			continue;
		if (g->seats[s].faction == CCG_FACTION_ALIENS)
			return 0;	/* an opposing Aliens player's */
		in_play = 1;
	}
	return in_play;
}

/*
 * Rulebook "Locations": a Damaged location's effect text is ignored. The
 * cards say how one is damaged and repaired: an event with a "damage
 * location" or "repair location" effect, played outside combat on a
 * location where one of the player's characters is (events-rounds.c).
 * The effects muthur carries out from a location card go through here:
 * the Breeding Chamber's Hive Movement (movement.c). A location's name
 * and resources are no effect text: a Damaged Docking Bay is still a
 * Docking Bay, and the scenario's own rules (where to evacuate) stand.
 */
const struct ccg_effect *
ccg_node_effect(const struct rules_game *g, int node, int kind)
{
	const struct ccg_card *c = g->nodes[node].card;
	size_t k;

	if (g->nodes[node].damaged)
		return NULL;
	for (k = 0; k < c->neffects; k++)
		if ((int)c->effects[k].kind == kind)
			return &c->effects[k];
	return NULL;
}

int
ccg_node_damage_check(const struct rules_game *g, int node,
    const struct ccg_effect *e, char **cause)
{
	const struct ccg_node *n = &g->nodes[node];

	if (e->kind == CCG_EFFECT_DAMAGE_LOCATION && n->damaged)
		return cause_set(cause, "%s is Damaged already", n->id);
	if (e->kind == CCG_EFFECT_REPAIR_LOCATION && !n->damaged)
		return cause_set(cause, "%s is not Damaged: nothing to repair",
		    n->id);
	return 0;
}

void
ccg_node_damage_apply(struct rules_game *g, int node,
    const struct ccg_effect *e, const char *by, struct rules_events *ev)
{
	int dmg = e->kind == CCG_EFFECT_DAMAGE_LOCATION;

	g->nodes[node].damaged = dmg;
	ccg_event(ev, -1, "{\"type\":\"%s\",\"at\":\"%s\",\"by\":\"%s\"}",
	    dmg ? "location-damaged" : "location-repaired", g->nodes[node].id,
	    by);
}

/* Feed try() the places of each location card in seat's hand, each card once (movement.locations). */
void
ccg_location_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t i;

	for (i = 0; i < s->hand.n; i++) {
		char **lines;
		size_t k, nl;

		if (ccg_cards_find(&s->hand, s->hand.v[i]->slug) != (int)i)
			continue;	/* list each card once */
		ccg_location_placeable(g, seat, s->hand.v[i], &lines, &nl);
		for (k = 0; k < nl; k++) {
			try(ctx, lines[k]);
			free(lines[k]);
		}
		free(lines);
	}
}
