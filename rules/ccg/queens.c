/*
 * queens.c — rulebook "Alien Queens" (after creating one, molting.c):
 * a player never has more than one Queen in play, and none at all while
 * his Newborn is; in a Mature Step after the one she was created in, a
 * Young Queen may be replaced by the Alien Queen from the hand; an Alien
 * Queen that takes damage (and lives) is at once replaced by a Warrior
 * Queen from the hand, the discard or the deck (shuffled at the end of
 * the phase) — the rulebook's "can": unless the player's standing
 * `prefer warrior-queen no` keeps her —, and the Egg Sack Detachment event does the same in a Mature
 * Step without damage; rulebook "Newborn": in a Mature Step a Cloned
 * Queen is discarded and replaced by the Newborn from the hand. Which
 * card replaces which is data: the new card's "matures from" effect names
 * the old one ("when": "combat" for the damage upgrade), the event's
 * "forced upgrade" names the Queen it acts on. Damage never carries over.
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
is_queen(const struct ccg_piece *p)
{
	return ccg_is_character(p) && p->card->chr.species == CCG_SPECIES_ALIEN &&
	    (p->card->keywords & CCG_KW_QUEEN);
}

int
ccg_queen_of(const struct rules_game *g, int seat)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY &&
		    g->pieces[i].controller == seat && is_queen(&g->pieces[i]))
			return (int)i;
	return -1;
}

int
ccg_queen_may_enter(const struct rules_game *g, int seat, int old, char **cause)
{
	int q = ccg_queen_of(g, seat), nb = ccg_newborn_of(g, seat);

	if (nb >= 0 && nb != old)
		return cause_set(cause, "your Newborn %s is in play: no Queen may "
		    "come into play", g->pieces[nb].id);
	if (q >= 0 && q != old)
		return cause_set(cause, "your Queen %s is in play: one Queen at a "
		    "time", g->pieces[q].id);
	return 0;
}

int
ccg_replace_piece(struct rules_game *g, int old, const struct ccg_card *c,
    int to_hand)
{
	int seat = g->pieces[old].controller, ni;
	struct ccg_piece *o, *n;

	ni = ccg_piece_add(g, c, g->pieces[old].owner);
	o = &g->pieces[old];
	n = &g->pieces[ni];
	n->controller = seat;
	n->zone = CCG_Z_PLAY;
	n->node = o->node;
	n->rotated = o->rotated;
	n->moved = o->moved;
	n->mp = o->mp;
	ccg_items_drop_all(g, old, CCG_Z_PLAY);
	ccg_cards_push(to_hand ? &g->seats[o->owner].hand :
	    &g->seats[o->owner].discard, o->card);
	o->zone = CCG_Z_REMOVED;
	o->node = -1;
	o->damage = 0;
	o->tokens = 0;
	ccg_attack_clear(o);
	return ni;
}

/* The "matures from" effect (without requires) of the Alien character
 * card c naming card from, or NULL. */
static const struct ccg_effect *
matures_from(const struct rules_game *g, const struct ccg_card *c,
    const struct ccg_card *from)
{
	size_t k;

	if (c->type != CCG_CARD_MAIN_CHARACTER ||
	    c->chr.species != CCG_SPECIES_ALIEN)
		return NULL;
	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_MATURES_FROM &&
		    c->effects[k].requires == NULL &&
		    ccg_carddb_find_name(g->db, c->effects[k].term) == from)
			return &c->effects[k];
	return NULL;
}

/* The card of the database that replaces card from when it is damaged. */
static const struct ccg_card *
damage_upgrade(const struct rules_game *g, const struct ccg_card *from)
{
	const struct ccg_effect *e;
	size_t i;

	for (i = 0; i < g->db->ncards; i++)
		if ((e = matures_from(g, g->db->cards[i], from)) != NULL &&
		    e->when == CCG_WHEN_COMBAT)
			return g->db->cards[i];
	return NULL;
}

static void
upgraded(struct rules_game *g, int old, int ni, const char *why,
    struct rules_events *ev)
{
	ccg_event(ev, -1, "{\"type\":\"queen-upgrade\",\"seat\":\"%s\","
	    "\"from\":\"%s\",\"piece\":\"%s\",\"at\":\"%s\",\"by\":\"%s\"}",
	    g->seats[g->pieces[ni].controller].name, g->pieces[old].id,
	    g->pieces[ni].id, g->nodes[g->pieces[ni].node].id, why);
}

/* upgrade CHAR into CARD using EVENT: Egg Sack Detachment. */
static int
upgrade_by_event(struct rules_game *g, int seat, int pi,
    const struct ccg_order *o, struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c = ccg_carddb_find_slug(g->db, o->what), *e;
	int h = ccg_cards_find(&s->hand, o->a), ni;
	size_t k;

	if (h < 0)
		return cause_set(cause, "no %s in your hand", o->a);
	e = s->hand.v[h];
	for (k = 0; k < e->neffects; k++)
		if (e->effects[k].kind == CCG_EFFECT_FORCE_UPGRADE &&
		    ccg_carddb_find_name(g->db, e->effects[k].term) ==
		    g->pieces[pi].card)
			break;
	if (e->type != CCG_CARD_EVENT || k == e->neffects)
		return cause_set(cause, "%s does not act on %s", e->name,
		    g->pieces[pi].card->name);
	if (c == NULL || c != damage_upgrade(g, g->pieces[pi].card))
		return cause_set(cause, "%s is not what %s becomes", o->what,
		    g->pieces[pi].card->name);
	if (ccg_queen_may_enter(g, seat, pi, cause) != 0)
		return -1;
	if ((c = ccg_search_own(g, seat, c->slug)) == NULL)
		return cause_set(cause, "no %s in your hand, discard or deck",
		    o->what);
	ccg_cards_push(&s->discard, ccg_cards_take(&s->hand,
	    (size_t)ccg_cards_find(&s->hand, o->a)));
	ni = ccg_replace_piece(g, pi, c, 0);
	upgraded(g, pi, ni, e->slug, ev);
	return 0;
}

int
ccg_upgrade_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_effect *e;
	const struct ccg_card *c;
	int pi, h, ni, newborn;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	if (g->pieces[pi].card->chr.species != CCG_SPECIES_ALIEN)
		return cause_set(cause, "%s is no Alien", o->who[0]);
	if (o->a != NULL)
		return upgrade_by_event(g, seat, pi, o, ev, cause);
	if ((c = ccg_carddb_find_slug(g->db, o->what)) == NULL)
		return cause_set(cause, "no card %s", o->what);
	if ((e = matures_from(g, c, g->pieces[pi].card)) == NULL)
		return cause_set(cause, "%s does not mature from %s", c->name,
		    g->pieces[pi].card->name);
	if (e->when == CCG_WHEN_COMBAT)
		return cause_set(cause, "%s replaces %s when she takes damage, "
		    "or by an event: \"upgrade %s into %s using EVENT\"", c->name,
		    g->pieces[pi].card->name, o->who[0], o->what);
	if ((h = ccg_cards_find(&s->hand, o->what)) < 0)
		return cause_set(cause, "no %s in your hand", o->what);
	if (g->pieces[pi].queen_made == g->turn)
		return cause_set(cause, "%s was created in this Mature Step; she "
		    "matures in a later one", o->who[0]);
	newborn = ccg_is_newborn(c);
	if ((c->keywords & CCG_KW_QUEEN) &&
	    ccg_queen_may_enter(g, seat, pi, cause) != 0)
		return -1;
	if (newborn && ccg_newborn_of(g, seat) >= 0)
		return cause_set(cause, "your Newborn is in play already");
	ni = ccg_replace_piece(g, pi, ccg_cards_take(&s->hand, (size_t)h), 0);
	g->pieces[ni].matured = g->turn;
	upgraded(g, pi, ni, "mature", ev);
	if (newborn)
		ccg_newborn_enters(g, seat);
	return 0;
}

/*
 * prefer warrior-queen yes|no: whether this seat's Alien Queen, damaged,
 * is replaced by a Warrior Queen (the rulebook's "can"). Standing, kept
 * until changed; yes, the default, replaces her at once.
 */
int
ccg_prefer_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int no;

	if (strcmp(o->what, "yes") != 0 && strcmp(o->what, "no") != 0)
		return cause_set(cause, "prefer warrior-queen %s: expected yes or no",
		    o->what);
	if (s->faction != CCG_FACTION_ALIENS)
		return cause_set(cause, "prefer warrior-queen: only an Aliens "
		    "player has a Queen to replace");
	no = strcmp(o->what, "no") == 0;
	if (s->no_warrior_queen != no)
		ccg_event(ev, -1, "{\"type\":\"prefer\",\"seat\":\"%s\","
		    "\"choice\":\"warrior-queen\",\"value\":\"%s\"}", s->name,
		    o->what);
	s->no_warrior_queen = no;
	return 0;
}

void
ccg_queens_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i, n = g->npieces;

	for (i = 0; i < n; i++) {
		const struct ccg_piece *p = &g->pieces[i];
		const struct ccg_card *c;
		int seat = p->controller, ni;

		if (p->zone != CCG_Z_PLAY || !is_queen(p) || p->damage <= 0 ||
		    ccg_eff_power(p) <= 0 || seat < 0 ||
		    g->seats[seat].no_warrior_queen ||
		    ccg_queen_may_enter(g, seat, (int)i, NULL) != 0 ||
		    (c = damage_upgrade(g, p->card)) == NULL ||
		    (c = ccg_search_own(g, seat, c->slug)) == NULL)
			continue;
		ni = ccg_replace_piece(g, (int)i, c, 0);
		upgraded(g, (int)i, ni, "damage", ev);
	}
}

void
ccg_queens_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t i, h;
	char *line;

	if (g->phase != CCG_PH_MATURE)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];
		const struct ccg_card *up;

		if (p->zone != CCG_Z_PLAY || p->controller != seat ||
		    !ccg_is_character(p) ||
		    p->card->chr.species != CCG_SPECIES_ALIEN)
			continue;
		up = damage_upgrade(g, p->card);
		for (h = 0; h < s->hand.n; h++) {
			const struct ccg_card *c = s->hand.v[h];

			if (ccg_cards_find(&s->hand, c->slug) != (int)h)
				continue;
			if (matures_from(g, c, p->card) != NULL) {
				line = xasprintf("upgrade %s into %s", p->id,
				    c->slug);
				try(ctx, line);
				free(line);
			}
			if (up != NULL && c->type == CCG_CARD_EVENT) {
				line = xasprintf("upgrade %s into %s using %s",
				    p->id, up->slug, c->slug);
				try(ctx, line);
				free(line);
			}
		}
	}
}
