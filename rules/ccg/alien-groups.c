/*
 * alien-groups.c — rulebook "Alien Groups" / "Maturing" in the Aliens
 * Mature Step: a non-Queen, non-Molted Alien card without tokens on it may
 * mature into a token, placed on another card of the same type at its
 * location or, for an Alien Warrior or Chest Burster at the seat's
 * Breeding Chamber, on that section of the Chamber; the card goes back to
 * the hand and its damage vanishes. A token may mature into a card of its
 * type from the hand, put into play where the token was. Tokens move one
 * at a time between cards of their type at one location. A card that
 * still holds tokens cannot mature until they are moved off. Each card and
 * each token matures at most once per turn: a card that came into play
 * from a token this turn (piece "matured") does not go back, and the
 * cards that went to the hand this turn (the seat's "matured" pile,
 * emptied in the Ready Round) do not come back; which token of a pile did
 * is not told apart. Tokens keep a card alive that its damage would kill
 * without them (combat-damage.c): a card left with lethal damage when a
 * token leaves it dies.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

static int
is_alien(const struct ccg_piece *p)
{
	return ccg_is_character(p) && p->card->chr.species == CCG_SPECIES_ALIEN;
}

static int
groupable(const struct ccg_card *c)
{
	return !(c->keywords & (CCG_KW_QUEEN | CCG_KW_MOLTED));
}

/* The Breeding Chamber section count for card slug, or NULL. */
static int *
bc_section(struct ccg_seat *s, const char *slug)
{
	if (strcmp(slug, "alien-warrior") == 0)
		return &s->bc_warriors;
	if (strcmp(slug, "chest-burster") == 0)
		return &s->bc_bursters;
	return NULL;
}

static size_t
copies(const struct ccg_cards *pile, const struct ccg_card *c)
{
	size_t i, n = 0;

	for (i = 0; i < pile->n; i++)
		n += pile->v[i] == c;
	return n;
}

static int
own_alien(const struct rules_game *g, int seat, const char *id, char **cause)
{
	int pi = ccg_own_character(g, seat, id, cause);

	if (pi < 0)
		return -1;
	if (!is_alien(&g->pieces[pi]))
		return cause_set(cause, "%s is no Alien", id);
	if (g->pieces[pi].bound)
		return cause_set(cause, "%s is bound", id);
	return pi;
}

/* mature CARD [onto CARD]: the card becomes a token. */
static int
card_to_token(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	struct ccg_piece *p;
	int pi, onto = -1, *sec = NULL, bc = ccg_breeding_chamber(g, seat);

	if ((pi = own_alien(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (!groupable(p->card))
		return cause_set(cause, "%s is a Queen or Molted and never "
		    "matures into a token", p->id);
	if (p->tokens > 0)
		return cause_set(cause, "%s still holds %d token%s: move them to "
		    "another card first", p->id, p->tokens, p->tokens == 1 ? "" :
		    "s");
	if (p->matured == g->turn)
		return cause_set(cause, "%s has matured this turn already", p->id);
	if (o->to != NULL) {
		if ((onto = own_alien(g, seat, o->to, cause)) < 0)
			return -1;
		if (onto == pi || g->pieces[onto].card != p->card ||
		    g->pieces[onto].node != p->node)
			return cause_set(cause, "%s is not another %s at %s",
			    o->to, p->card->name, g->nodes[p->node].id);
	} else if (p->node != bc || (sec = bc_section(s, p->card->slug)) == NULL)
		return cause_set(cause, "only an Alien Warrior or Chest Burster "
		    "at your Breeding Chamber becomes a token there; expected "
		    "\"mature %s onto CARD\"", p->id);
	if (onto >= 0)
		g->pieces[onto].tokens++;
	else
		(*sec)++;
	ccg_items_drop_all(g, pi, CCG_Z_PLAY);
	p->zone = CCG_Z_REMOVED;
	p->node = -1;
	p->damage = 0;
	ccg_cards_push(&s->hand, p->card);
	ccg_cards_push(&s->matured, p->card);
	ccg_event(ev, -1, "{\"type\":\"mature-to-token\",\"seat\":\"%s\","
	    "\"piece\":\"%s\",\"onto\":\"%s\"}", s->name, p->id,
	    onto >= 0 ? g->pieces[onto].id : "breeding-chamber");
	return 0;
}

/* grow SLUG from CARD|LOCATION: a token becomes a card from the hand. */
static int
token_to_card(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int from = -1, node, h, *sec = NULL, ni;
	const struct ccg_card *c;

	if ((h = ccg_cards_find(&s->hand, o->what)) < 0)
		return cause_set(cause, "no %s in your hand", o->what);
	c = s->hand.v[h];
	if (c->type != CCG_CARD_MAIN_CHARACTER || c->chr.species !=
	    CCG_SPECIES_ALIEN || !groupable(c))
		return cause_set(cause, "%s is not an Alien that forms groups",
		    o->what);
	if (copies(&s->hand, c) <= copies(&s->matured, c))
		return cause_set(cause, "the %s card%s in your hand matured "
		    "this turn already", c->name, copies(&s->hand, c) > 1 ?
		    "s" : "");
	if ((node = ccg_node_find(g, o->to)) >= 0) {
		if (node != ccg_breeding_chamber(g, seat) ||
		    (sec = bc_section(s, c->slug)) == NULL || *sec == 0)
			return cause_set(cause, "no %s token on your Breeding "
			    "Chamber at %s", c->name, o->to);
	} else {
		if ((from = own_alien(g, seat, o->to, cause)) < 0)
			return -1;
		if (g->pieces[from].card != c || g->pieces[from].tokens == 0)
			return cause_set(cause, "%s holds no %s token", o->to,
			    c->name);
		node = g->pieces[from].node;
	}
	if (from >= 0)
		g->pieces[from].tokens--;
	else
		(*sec)--;
	ccg_cards_take(&s->hand, (size_t)h);
	ni = ccg_piece_add(g, c, seat);
	g->pieces[ni].zone = CCG_Z_PLAY;
	g->pieces[ni].node = node;
	g->pieces[ni].matured = g->turn;
	ccg_event(ev, -1, "{\"type\":\"mature-to-card\",\"seat\":\"%s\","
	    "\"piece\":\"%s\",\"from\":\"%s\",\"at\":\"%s\"}", s->name,
	    g->pieces[ni].id, from >= 0 ? g->pieces[from].id :
	    "breeding-chamber", g->nodes[node].id);
	if (from >= 0 && ccg_eff_power(&g->pieces[from]) <= 0)
		ccg_kill(g, from, ev);
	return 0;
}

/* move-token from CARD to CARD: one token changes cards. */
static int
token_move(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int a, b;

	if ((a = own_alien(g, seat, o->who[0], cause)) < 0 ||
	    (b = own_alien(g, seat, o->to, cause)) < 0)
		return -1;
	if (g->pieces[a].tokens == 0)
		return cause_set(cause, "%s holds no token", o->who[0]);
	if (a == b || g->pieces[a].card != g->pieces[b].card ||
	    g->pieces[a].node != g->pieces[b].node ||
	    !groupable(g->pieces[b].card))
		return cause_set(cause, "%s is not another %s at the same "
		    "location", o->to, g->pieces[a].card->name);
	g->pieces[a].tokens--;
	g->pieces[b].tokens++;
	ccg_event(ev, -1, "{\"type\":\"token-move\",\"seat\":\"%s\",\"from\":"
	    "\"%s\",\"to\":\"%s\"}", g->seats[seat].name, g->pieces[a].id,
	    g->pieces[b].id);
	if (ccg_eff_power(&g->pieces[a]) <= 0)	/* its tokens kept it alive */
		ccg_kill(g, a, ev);
	return 0;
}

int
ccg_alien_group_order(struct rules_game *g, int seat,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	switch (o->verb) {
	case CCG_V_MATURE:
		return card_to_token(g, seat, o, ev, cause);
	case CCG_V_GROW:
		return token_to_card(g, seat, o, ev, cause);
	case CCG_V_MOVE_TOKEN:
		return token_move(g, seat, o, ev, cause);
	}
	return cause_set(cause, "not an Alien group order");
}

void
ccg_alien_groups_ready(struct rules_game *g)
{
	size_t s;

	for (s = 0; s < g->nseats; s++)
		ccg_cards_clear(&g->seats[s].matured);
}

void
ccg_alien_group_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	int bc = ccg_breeding_chamber(g, seat);
	size_t i, j;
	char *line;

	if (g->phase != CCG_PH_MATURE)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || p->controller != seat || !is_alien(p))
			continue;
		line = xasprintf("mature %s", p->id);
		try(ctx, line);
		free(line);
		for (j = 0; j < g->npieces; j++) {
			const struct ccg_piece *q = &g->pieces[j];

			if (j == i || q->zone != CCG_Z_PLAY || q->card != p->card ||
			    q->node != p->node || q->controller != seat)
				continue;
			line = xasprintf("mature %s onto %s", p->id, q->id);
			try(ctx, line);
			free(line);
			line = xasprintf("move-token from %s to %s", p->id, q->id);
			try(ctx, line);
			free(line);
		}
		line = xasprintf("grow %s from %s", p->card->slug, p->id);
		try(ctx, line);
		free(line);
	}
	if (bc >= 0)
		for (i = 0; i < s->hand.n; i++)
			if (ccg_cards_find(&s->hand, s->hand.v[i]->slug) == (int)i) {
				line = xasprintf("grow %s from %s",
				    s->hand.v[i]->slug, g->nodes[bc].id);
				try(ctx, line);
				free(line);
			}
}
