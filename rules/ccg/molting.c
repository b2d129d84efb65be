/*
 * molting.c — rulebook "Alien Molting Process", the first half of "Alien
 * Queens" (creating a Queen), "Creating a Breeding Chamber" and the Pet
 * host of "Step 4: Aliens Mature".
 *
 * Royal Jelly is played from the hand in the Aliens Mature Step on an
 * Alien card of the player that holds no tokens, or on a Chest Burster
 * token; the Alien is replaced by a card from the hand whose "molts from"
 * effect names it (Elite Guard from an Alien Warrior, Royal Guard from a
 * Chest Burster) and the replaced card goes back to the hand. Molting
 * needs the player's Queen at the same location. A Queen card made this
 * way (Young Queen from a Chest Burster) is "created" instead: she needs
 * no Queen present, but no other Queen (nor the Newborn) in play. Her
 * location may then at once become a Breeding Chamber, taken from the
 * hand, the discard or the deck (then shuffled at the end of the step),
 * when every location adjacent to it is part of the player's Hive and it
 * is no Entry location. The Chamber keeps the node's place in every HUD
 * and whatever stands there, is Distinct, and of the replaced card keeps
 * only Indoor/Outdoor and Ground/High/Low.
 *
 * A captive with the Pet resource leaves a Chest Burster that, at the
 * next Mature Step, becomes a Pet Hybrid card (one whose "matures from"
 * requires Pet) when the player holds one; otherwise it becomes an Alien
 * Warrior token like the others.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
is_alien(const struct ccg_piece *p)
{
	return ccg_is_character(p) && p->card->chr.species == CCG_SPECIES_ALIEN;
}

/* The effect of kind on card c whose term names card from, or NULL. */
static const struct ccg_effect *
names(const struct rules_game *g, const struct ccg_card *c, int kind,
    const struct ccg_card *from)
{
	size_t k;

	if (from == NULL)
		return NULL;
	for (k = 0; k < c->neffects; k++)
		if ((int)c->effects[k].kind == kind && c->effects[k].term != NULL &&
		    ccg_carddb_find_name(g->db, c->effects[k].term) == from)
			return &c->effects[k];
	return NULL;
}

static int
royal_jelly(const struct ccg_seat *s)
{
	size_t i;

	for (i = 0; i < s->hand.n; i++)
		if (s->hand.v[i]->type == CCG_CARD_EVENT &&
		    ccg_card_has_resource(s->hand.v[i], "Royal Jelly"))
			return (int)i;
	return -1;
}

const struct ccg_card *
ccg_search_own(struct rules_game *g, int seat, const char *slug)
{
	struct ccg_seat *s = &g->seats[seat];
	int i;

	if ((i = ccg_cards_find(&s->hand, slug)) >= 0)
		return ccg_cards_take(&s->hand, (size_t)i);
	if ((i = ccg_cards_find(&s->discard, slug)) >= 0)
		return ccg_cards_take(&s->discard, (size_t)i);
	if ((i = ccg_cards_find(&s->deck, slug)) >= 0) {
		s->shuffle_due = 1;
		return ccg_cards_take(&s->deck, (size_t)i);
	}
	return NULL;
}

void
ccg_molting_shuffle(struct rules_game *g, struct rules_rng *rng)
{
	size_t s;

	for (s = 0; s < g->nseats; s++)
		if (g->seats[s].shuffle_due) {
			if (rng != NULL)
				ccg_shuffle(&g->seats[s].deck, rng);
			g->seats[s].shuffle_due = 0;
		}
}

/* The molt order: what is molted (a card, or a token on a card or on the
 * Breeding Chamber's Chest Burster section) into which card of the hand. */
int
ccg_molt_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *from, *cb = ccg_carddb_find_slug(g->db,
	    "chest-burster");
	int pi = -1, holder = -1, node, jelly, h, queen, ni, bc = -1;

	if (royal_jelly(s) < 0)
		return cause_set(cause, "no Royal Jelly in your hand");
	if ((h = ccg_cards_find(&s->hand, o->what)) < 0)
		return cause_set(cause, "no %s in your hand", o->what);
	if (o->nwho > 0) {			/* a card */
		if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
			return -1;
		if (!is_alien(&g->pieces[pi]))
			return cause_set(cause, "%s is no Alien", o->who[0]);
		if (g->pieces[pi].tokens > 0)
			return cause_set(cause, "%s holds %d token%s: Royal Jelly "
			    "goes on an Alien card without tokens", o->who[0],
			    g->pieces[pi].tokens, g->pieces[pi].tokens == 1 ?
			    "" : "s");
		from = g->pieces[pi].card;
		node = g->pieces[pi].node;
	} else if ((node = ccg_node_find(g, o->to)) >= 0) {
		if (node != ccg_breeding_chamber(g, seat) || s->bc_bursters == 0)
			return cause_set(cause, "no Chest Burster token on your "
			    "Breeding Chamber at %s", o->to);
		from = cb;
		bc = node;
	} else {
		if ((holder = ccg_own_character(g, seat, o->to, cause)) < 0)
			return -1;
		if (g->pieces[holder].tokens == 0 || g->pieces[holder].card != cb)
			return cause_set(cause, "%s holds no Chest Burster token; "
			    "Royal Jelly goes on a Chest Burster token or on an "
			    "Alien card", o->to);
		from = cb;
		node = g->pieces[holder].node;
	}
	if (from == NULL)
		return cause_set(cause, "the card data has no Chest Burster");
	if (s->hand.v[h]->type != CCG_CARD_MAIN_CHARACTER ||
	    s->hand.v[h]->chr.species != CCG_SPECIES_ALIEN)
		return cause_set(cause, "%s is no Alien character card",
		    s->hand.v[h]->name);
	if (names(g, s->hand.v[h], CCG_EFFECT_MOLTS_FROM, from) == NULL)
		return cause_set(cause, "%s does not molt from %s with Royal Jelly",
		    s->hand.v[h]->name, from->name);
	if (s->hand.v[h]->keywords & CCG_KW_QUEEN) {
		if (ccg_queen_may_enter(g, seat, -1, cause) != 0)
			return -1;
	} else if ((queen = ccg_queen_of(g, seat)) < 0 ||
	    g->pieces[queen].node != node)
		return cause_set(cause, "molting happens in the presence of your "
		    "Queen, and she is not at %s", g->nodes[node].id);
	if (pi >= 0)
		ni = ccg_replace_piece(g, pi, ccg_cards_take(&s->hand, (size_t)h),
		    1);
	else {
		const struct ccg_card *c = ccg_cards_take(&s->hand, (size_t)h);

		if (holder >= 0)
			g->pieces[holder].tokens--;
		else {
			s->bc_bursters--;
			if (s->bc_pet > s->bc_bursters)
				s->bc_pet = s->bc_bursters;
		}
		ni = ccg_piece_add(g, c, seat);
		g->pieces[ni].zone = CCG_Z_PLAY;
		g->pieces[ni].node = node;
	}
	g->pieces[ni].matured = g->turn;
	if (g->pieces[ni].card->keywords & CCG_KW_QUEEN)
		g->pieces[ni].queen_made = g->turn;
	jelly = royal_jelly(s);
	ccg_cards_push(&s->discard, ccg_cards_take(&s->hand, (size_t)jelly));
	ccg_event(ev, -1, "{\"type\":\"%s\",\"seat\":\"%s\",\"from\":\"%s\","
	    "\"token\":%s,\"piece\":\"%s\",\"at\":\"%s\"}",
	    (g->pieces[ni].card->keywords & CCG_KW_QUEEN) ? "queen-created" :
	    "molt", s->name, pi >= 0 ? g->pieces[pi].id : holder >= 0 ?
	    g->pieces[holder].id : g->nodes[bc].id, pi >= 0 ? "false" : "true",
	    g->pieces[ni].id, g->nodes[node].id);
	return 0;
}

static const char *
class_word(int cls)
{
	switch (cls) {
	case CCG_LOC_GROUND:
		return "Ground";
	case CCG_LOC_CROSS_HIGH:
		return "High";
	case CCG_LOC_CROSS_LOW:
		return "Low";
	}
	return NULL;
}

void
ccg_chamber_build(struct ccg_node *node, const struct ccg_card *bc,
    const struct ccg_card *was)
{
	struct ccg_card *c = xmalloc(sizeof *c);
	const char **res;
	size_t n = 0, i;

	ccg_chamber_free(node);
	*c = *bc;
	c->keywords |= CCG_KW_DISTINCT;
	if (class_word(was->loc.cls) != NULL)
		c->loc.cls = was->loc.cls;
	c->loc.env = was->loc.env;
	res = xreallocarray(NULL, bc->nresources + 2, sizeof *res);
	for (i = 0; i < bc->nresources; i++)
		if (strcasecmp(bc->resources[i], "Indoor") != 0 &&
		    strcasecmp(bc->resources[i], "Outdoor") != 0 &&
		    strcasecmp(bc->resources[i], "Ground") != 0 &&
		    strcasecmp(bc->resources[i], "High") != 0 &&
		    strcasecmp(bc->resources[i], "Low") != 0)
			res[n++] = bc->resources[i];
	res[n++] = c->loc.env == CCG_ENV_INDOOR ? "Indoor" : "Outdoor";
	if (class_word(c->loc.cls) != NULL)
		res[n++] = class_word(c->loc.cls);
	c->resources = res;
	c->nresources = n;
	node->made = c;
	node->replaced = was;
	node->card = c;
}

void
ccg_chamber_free(struct ccg_node *node)
{
	if (node->made == NULL)
		return;
	free(node->made->resources);
	free(node->made);
	node->made = NULL;
	node->replaced = NULL;
}

/* May node become seat's Breeding Chamber now? 0 or -1 with a reason. */
static int
chamber_ok(const struct rules_game *g, int seat, int node, char **cause)
{
	const struct ccg_card *loc = g->nodes[node].card;
	size_t i, n;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone == CCG_Z_PLAY && p->node == node &&
		    p->controller == seat && p->queen_made == g->turn &&
		    (p->card->keywords & CCG_KW_QUEEN))
			break;
	}
	if (i == g->npieces)
		return cause_set(cause, "no Queen of yours was created at %s in "
		    "this Mature Step", g->nodes[node].id);
	if (loc->loc.kinds & CCG_LK_BREEDING_CHAMBER)
		return cause_set(cause, "%s is a Breeding Chamber already",
		    g->nodes[node].id);
	if (loc->loc.cls == CCG_LOC_ENTRY)
		return cause_set(cause, "%s is an Entry location, which is never "
		    "replaced by a Breeding Chamber", g->nodes[node].id);
	for (n = 0; n < g->nnodes; n++)
		if ((int)n != node && ccg_adjacent(g, node, (int)n) &&
		    !ccg_node_hived_for(g, (int)n, seat))
			return cause_set(cause, "%s is adjacent to %s, which is not "
			    "Hived: every adjacent location must be", 
			    g->nodes[node].id, g->nodes[n].id);
	return 0;
}

static const struct ccg_card *
chamber_card(const struct rules_game *g, int seat)
{
	const struct ccg_seat *s = &g->seats[seat];
	const struct ccg_cards *piles[3] = { &s->hand, &s->discard, &s->deck };
	size_t k, i;

	for (k = 0; k < 3; k++)
		for (i = 0; i < piles[k]->n; i++)
			if (piles[k]->v[i]->type == CCG_CARD_LOCATION &&
			    (piles[k]->v[i]->loc.kinds & CCG_LK_BREEDING_CHAMBER))
				return piles[k]->v[i];
	return NULL;
}

int
ccg_chamber_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_node *nd;
	const struct ccg_card *bc, *was;
	char *id;
	int node, k;

	if ((node = ccg_node_find(g, o->to)) < 0)
		return cause_set(cause, "no location %s in play", o->to);
	if (chamber_ok(g, seat, node, cause) != 0)
		return -1;
	if ((bc = chamber_card(g, seat)) == NULL)
		return cause_set(cause, "no Breeding Chamber in your hand, "
		    "discard or deck");
	bc = ccg_search_own(g, seat, bc->slug);
	nd = &g->nodes[node];
	was = nd->card;
	ccg_chamber_build(nd, bc, was);
	id = xstrdup(bc->slug);
	for (k = 2; ccg_node_find(g, id) >= 0; k++) {
		free(id);
		id = xasprintf("%s-%d", bc->slug, k);
	}
	ccg_event(ev, -1, "{\"type\":\"breeding-chamber-made\",\"seat\":\"%s\","
	    "\"location\":\"%s\",\"replaced\":\"%s\",\"now\":\"%s\"}",
	    g->seats[seat].name, nd->id, was->slug, id);
	free(nd->id);
	nd->id = id;
	return 0;
}

/* Chest Bursters of Pet hosts: Pet Hybrid cards where the hand has them. */
void
ccg_molting_begin(struct rules_game *g, struct rules_events *ev)
{
	const struct ccg_card *cb = ccg_carddb_find_slug(g->db, "chest-burster");
	size_t s, i;

	for (s = 0; s < g->nseats; s++) {
		struct ccg_seat *st = &g->seats[s];
		int bc = ccg_breeding_chamber(g, (int)s);

		if (st->faction != CCG_FACTION_ALIENS || bc < 0) {
			st->bc_pet = 0;
			continue;
		}
		for (i = 0; i < st->hand.n && st->bc_pet > 0; i++) {
			const struct ccg_effect *e = names(g, st->hand.v[i],
			    CCG_EFFECT_MATURES_FROM, cb);
			int ni;

			if (e == NULL || e->requires == NULL ||
			    strcasecmp(e->requires, "Pet") != 0 ||
			    st->hand.v[i]->type != CCG_CARD_MAIN_CHARACTER)
				continue;
			ni = ccg_piece_add(g, ccg_cards_take(&st->hand, i--), (int)s);
			g->pieces[ni].zone = CCG_Z_PLAY;
			g->pieces[ni].node = bc;
			g->pieces[ni].matured = g->turn;
			st->bc_pet--;
			st->bc_bursters--;
			ccg_event(ev, -1, "{\"type\":\"pet-hybrid\",\"seat\":\"%s\","
			    "\"piece\":\"%s\",\"at\":\"%s\"}", st->name,
			    g->pieces[ni].id, g->nodes[bc].id);
		}
		st->bc_pet = 0;
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (p->zone == CCG_Z_CAPTURED && p->carrier < 0 &&
			    p->node == bc && ccg_card_has_resource(p->card, "Pet") &&
			    p->card->chr.species != CCG_SPECIES_SYNTHETIC)
				st->bc_pet++;
		}
	}
}

void
ccg_molting_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	int bc = ccg_breeding_chamber(g, seat);
	size_t i, h;
	char *line;

	if (g->phase != CCG_PH_MATURE || royal_jelly(s) < 0)
		goto chamber;
	for (h = 0; h < s->hand.n; h++) {
		const struct ccg_card *c = s->hand.v[h];

		if (c->type != CCG_CARD_MAIN_CHARACTER ||
		    ccg_cards_find(&s->hand, c->slug) != (int)h)
			continue;
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_piece *p = &g->pieces[i];

			if (p->zone != CCG_Z_PLAY || p->controller != seat ||
			    !is_alien(p) ||
			    names(g, c, CCG_EFFECT_MOLTS_FROM, p->card) == NULL)
				continue;
			line = xasprintf("molt %s into %s", p->id, c->slug);
			try(ctx, line);
			free(line);
			line = xasprintf("molt token from %s into %s", p->id,
			    c->slug);
			try(ctx, line);
			free(line);
		}
		if (bc >= 0) {
			line = xasprintf("molt token from %s into %s",
			    g->nodes[bc].id, c->slug);
			try(ctx, line);
			free(line);
		}
	}
chamber:
	if (g->phase != CCG_PH_MATURE)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone == CCG_Z_PLAY && p->controller == seat &&
		    p->queen_made == g->turn && p->node >= 0) {
			line = xasprintf("chamber %s", g->nodes[p->node].id);
			try(ctx, line);
			free(line);
		}
	}
}
