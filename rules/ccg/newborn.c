/*
 * newborn.c — rulebook "Newborn". The Newborn comes into play in a
 * Mature Step in place of a Cloned Queen (queens.c); its player's base
 * hand size becomes 3 and every earlier change to it (the cycling
 * penalty) is forgotten; while it is in play no Queen comes into play.
 * Whenever other unhidden Aliens of its player stand at its location
 * (cards, the tokens on them, and the Breeding Chamber's tokens when it
 * stands there) they are consumed: discarded, and the Newborn gains Gore
 * tokens by the rulebook's chart (Face Hugger or Chest Burster 1, any
 * Cloned Alien Warrior 2, Recessive Guard 4, others none; a card's "gore"
 * effect overrides the chart). Gore tokens are spent before the dice of
 * the Combat Round, in the Movement and Mature Steps and the attack
 * declarations (the steps the Aliens player acts in anyway, so that the
 * Gore tokens do not make him owe orders in every phase): 2 for +1 damage or +1 movement, 2 for +1 defense or +1
 * resistance until the end of the turn, 3 for +1 to hit or +1 hand size,
 * 8 for one more close combat attack each Combat Round (free-attacks.c;
 * at most 4 attacks a turn); the bonuses are permanent unless said
 * otherwise. The Newborn's attacks
 * kill, never capture; like every Alien it must attack an unhidden enemy
 * at its location (combat-declare.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

int
ccg_is_newborn(const struct ccg_card *c)
{
	return c->type == CCG_CARD_MAIN_CHARACTER &&
	    c->chr.species == CCG_SPECIES_ALIEN &&
	    ccg_card_has_resource(c, "Newborn");
}

int
ccg_newborn_of(const struct rules_game *g, int seat)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY &&
		    g->pieces[i].controller == seat &&
		    ccg_is_newborn(g->pieces[i].card))
			return (int)i;
	return -1;
}

void
ccg_newborn_enters(struct rules_game *g, int seat)
{
	g->seats[seat].base_hand = 3;
	g->seats[seat].cycles = 0;
}

/* Gore tokens for consuming one Alien of card c. */
static int
gore_value(const struct ccg_card *c)
{
	size_t k;

	for (k = 0; k < c->neffects; k++)
		if (c->effects[k].kind == CCG_EFFECT_GORE)
			return c->effects[k].amount;
	if (ccg_card_has_resource(c, "Face Hugger") ||
	    ccg_card_has_resource(c, "Chest Burster"))
		return 1;
	if (ccg_card_has_resource(c, "Cloned") &&
	    ccg_card_has_resource(c, "Warrior") && !(c->keywords & CCG_KW_QUEEN))
		return 2;
	if (ccg_card_has_resource(c, "Recessive Guard"))
		return 4;
	return 0;
}

static int
slug_value(const struct rules_game *g, const char *slug)
{
	const struct ccg_card *c = ccg_carddb_find_slug(g->db, slug);

	return c != NULL ? gore_value(c) : 0;
}

static void
consume(struct rules_game *g, int nb, struct rules_events *ev)
{
	struct ccg_piece *n = &g->pieces[nb];
	struct ccg_seat *s = &g->seats[n->controller];
	int node = n->node, gain, k;
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if ((int)i == nb || p->zone != CCG_Z_PLAY || p->node != node ||
		    p->controller != n->controller || p->hidden ||
		    !ccg_is_character(p) ||
		    p->card->chr.species != CCG_SPECIES_ALIEN)
			continue;
		k = 1 + p->tokens;
		gain = k * gore_value(p->card);
		ccg_kill(g, (int)i, ev);
		p->tokens = 0;
		g->pieces[nb].gore += gain;
		ccg_event(ev, -1, "{\"type\":\"consumed\",\"seat\":\"%s\","
		    "\"by\":\"%s\",\"piece\":\"%s\",\"aliens\":%d,\"gore\":%d,"
		    "\"total\":%d}", s->name, g->pieces[nb].id, p->id, k, gain,
		    g->pieces[nb].gore);
	}
	if (node != ccg_breeding_chamber(g, g->pieces[nb].controller) ||
	    s->bc_bursters + s->bc_warriors == 0)
		return;
	/* the Chamber's tokens: Chest Bursters, and the Warriors they grew
	 * into (Cloned Alien Warriors for the Newborn's Cloned player) */
	gain = s->bc_bursters * slug_value(g, "chest-burster") +
	    s->bc_warriors * slug_value(g, "cloned-alien-warrior");
	g->pieces[nb].gore += gain;
	ccg_event(ev, -1, "{\"type\":\"consumed\",\"seat\":\"%s\",\"by\":\"%s\","
	    "\"piece\":\"%s\",\"aliens\":%d,\"gore\":%d,\"total\":%d}", s->name,
	    g->pieces[nb].id, g->nodes[node].id, s->bc_bursters + s->bc_warriors,
	    gain, g->pieces[nb].gore);
	s->bc_bursters = s->bc_warriors = s->bc_pet = 0;
}

void
ccg_newborn_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && g->pieces[i].node >= 0 &&
		    g->pieces[i].controller >= 0 &&
		    ccg_is_newborn(g->pieces[i].card))
			consume(g, (int)i, ev);
}

static const struct {
	const char	*word;
	int		 cost;
	int		 stat;
} bonuses[] = {
	{ "damage", 2, CCG_STAT_DAMAGE },
	{ "movement", 2, CCG_STAT_MOVEMENT },
	{ "defense", 2, CCG_STAT_DEFENSE },
	{ "resistance", 2, CCG_STAT_RESISTANCE },
	{ "to-hit", 3, CCG_STAT_TO_HIT },
	{ "hand-size", 3, CCG_STAT_HAND_SIZE },
	{ "attack", 8, CCG_STAT_NONE },	/* +1 close combat attack */
};
#define NBONUSES (sizeof bonuses / sizeof bonuses[0])

int
ccg_gore_phase(int phase)
{
	switch (phase) {	/* the steps where Aliens act anyway */
	case CCG_PH_MOVE:
	case CCG_PH_MATURE:
	case CCG_PH_DECLARE_UC:
	case CCG_PH_DECLARE_UR:
	case CCG_PH_DECLARE_HC:
	case CCG_PH_DECLARE_HR:
		return 1;
	}
	return 0;
}

int
ccg_gore_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_piece *p;
	size_t b;
	int pi;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (!ccg_is_newborn(p->card))
		return cause_set(cause, "%s is not the Newborn; only it holds "
		    "Gore tokens", p->id);
	for (b = 0; b < NBONUSES; b++)
		if (strcmp(bonuses[b].word, o->what) == 0)
			break;
	if (b == NBONUSES)
		return cause_set(cause, "unknown bonus \"%s\"; expected damage, "
		    "movement, defense, resistance, to-hit, hand-size or attack",
		    o->what);
	if (p->gore < bonuses[b].cost)
		return cause_set(cause, "+1 %s costs %d Gore tokens; %s holds %d",
		    o->what, bonuses[b].cost, p->id, p->gore);
	p->gore -= bonuses[b].cost;
	if (p->gore_turn != g->turn) {
		p->gore_def = p->gore_res = 0;
		p->gore_turn = g->turn;
	}
	switch (bonuses[b].stat) {
	case CCG_STAT_DAMAGE:
		p->gore_dmg++;
		break;
	case CCG_STAT_MOVEMENT:
		p->gore_mv++;
		if (g->phase == CCG_PH_MOVE)
			p->mp++;
		break;
	case CCG_STAT_DEFENSE:
		p->gore_def++;
		break;
	case CCG_STAT_RESISTANCE:
		p->gore_res++;
		break;
	case CCG_STAT_TO_HIT:
		p->gore_hit++;
		break;
	case CCG_STAT_HAND_SIZE:
		g->seats[seat].base_hand++;
		break;
	case CCG_STAT_NONE:	/* one more close attack a round */
		p->gore_atk++;
		break;
	}
	ccg_event(ev, -1, "{\"type\":\"gore-spent\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"bonus\":\"%s\",\"cost\":%d,\"left\":%d}",
	    g->seats[seat].name, p->id, o->what, bonuses[b].cost, p->gore);
	return 0;
}

int
ccg_gore_mod(const struct rules_game *g, int pi, int stat)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int now = p->gore_turn == g->turn;

	switch (stat) {
	case CCG_STAT_DAMAGE:
		return p->gore_dmg;
	case CCG_STAT_MOVEMENT:
		return p->gore_mv;
	case CCG_STAT_TO_HIT:
		return p->gore_hit;
	case CCG_STAT_DEFENSE:
		return now ? p->gore_def : 0;
	case CCG_STAT_RESISTANCE:
		return now ? p->gore_res : 0;
	}
	return 0;
}

void
ccg_gore_movement_begin(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY && !g->pieces[i].bound)
			g->pieces[i].mp += g->pieces[i].gore_mv;
}

int
ccg_newborn_attack_ok(const struct rules_game *g, int pi, int mode,
    char **cause)
{
	if (mode == CCG_ATK_CAPTURE && ccg_is_newborn(g->pieces[pi].card))
		return cause_set(cause, "the Newborn attacks to kill, never to "
		    "capture");
	return 0;
}

void
ccg_gore_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t b;
	int nb = ccg_newborn_of(g, seat);
	char *line;

	if (nb < 0 || !ccg_gore_phase(g->phase))
		return;
	for (b = 0; b < NBONUSES; b++) {
		line = xasprintf("gore %s %s", g->pieces[nb].id, bonuses[b].word);
		try(ctx, line);
		free(line);
	}
}
