/*
 * breeding-tokens.c — rulebook "Breeding Chamber": the Alien tokens on a
 * Breeding Chamber (a seat's bc_warriors and bc_bursters) are treated as
 * characters in any combat there, and only then.
 *
 * As the Combat Round starts (its first declare segment), each token on a
 * Breeding Chamber where an enemy is seen (an unhidden enemy character, or
 * an enemy's hidden-movement marker) becomes a token piece: an Alien
 * Warrior or Chest Burster card's attributes, ready, controlled by the
 * Aliens player, id warrior-token[-N] or burster-token[-N] (bc_token set;
 * the pieces of earlier combats are used again). They declare and are
 * attacked like characters (so ready ones must attack, and they count for
 * a Queen's defense there); a token is never captured, and one that dies
 * leaves no card. As the Combat Round ends, the survivors go back onto the
 * chamber's sections and every injured token heals completely.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"

/* Is an enemy of seat seen at node? */
static int
enemy_seen(const struct rules_game *g, int seat, int node)
{
	size_t i;

	if (ccg_enemy_present(g, seat, node))
		return 1;
	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].node == node &&
		    g->pieces[g->markers[i].piece].controller != seat)
			return 1;
	return 0;
}

/* A token piece of kind (1 warrior, 2 burster) for seat, off the board:
 * one left from an earlier combat, or a new one. */
static int
token_piece(struct rules_game *g, int seat, int kind,
    const struct ccg_card *card)
{
	const char *base = kind == 1 ? "warrior-token" : "burster-token";
	size_t i;
	int pi, n;
	char *id;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].bc_token == kind && g->pieces[i].owner == seat &&
		    g->pieces[i].zone != CCG_Z_PLAY)
			return (int)i;
	for (n = 1;; n++) {
		id = n == 1 ? xstrdup(base) : xasprintf("%s-%d", base, n);
		if (ccg_piece_find(g, id) < 0)
			break;
		free(id);
	}
	pi = ccg_piece_add(g, card, seat);
	free(g->pieces[pi].id);
	g->pieces[pi].id = id;
	g->pieces[pi].bc_token = kind;
	return pi;
}

void
ccg_bc_tokens_enter(struct rules_game *g, struct rules_events *ev)
{
	size_t s;
	int kind, k, bc;

	for (s = 0; s < g->nseats; s++) {
		struct strbuf ids = STRBUF_INIT;
		char *list;

		if (g->seats[s].bc_warriors + g->seats[s].bc_bursters <= 0 ||
		    (bc = ccg_breeding_chamber(g, (int)s)) < 0 ||
		    !enemy_seen(g, (int)s, bc))
			continue;
		for (kind = 1; kind <= 2; kind++) {
			int *count = kind == 1 ? &g->seats[s].bc_warriors :
			    &g->seats[s].bc_bursters;
			const struct ccg_card *card = ccg_carddb_find_slug(g->db,
			    kind == 1 ? "alien-warrior" : "chest-burster");

			if (card == NULL)	/* no card to fight as: stays a token */
				continue;
			for (k = 0; k < *count; k++) {
				int pi = token_piece(g, (int)s, kind, card);
				struct ccg_piece *p = &g->pieces[pi];

				p->zone = CCG_Z_PLAY;
				p->node = bc;
				p->carrier = -1;
				p->controller = (int)s;
				p->rotated = p->damage = p->tokens = 0;
				p->moved = p->hidden = p->bound = 0;
				ccg_attack_clear(p);
				strbuf_addf(&ids, "%s\"%s\"", ids.len ? "," : "",
				    p->id);
			}
			*count = 0;
		}
		list = strbuf_detach(&ids, NULL);
		ccg_event(ev, -1, "{\"type\":\"tokens-fight\",\"seat\":\"%s\","
		    "\"at\":\"%s\",\"pieces\":[%s]}", g->seats[s].name,
		    g->nodes[bc].id, list);
		free(list);
	}
}

void
ccg_bc_tokens_leave(struct rules_game *g, struct rules_events *ev)
{
	size_t s, i;

	for (s = 0; s < g->nseats; s++) {
		int w = 0, b = 0, healed = 0, any = 0;

		for (i = 0; i < g->npieces; i++) {
			struct ccg_piece *p = &g->pieces[i];

			if (!p->bc_token || p->owner != (int)s)
				continue;
			if (p->zone != CCG_Z_PLAY)
				continue;
			any = 1;
			if (p->damage > 0)
				healed++;
			p->damage = 0;
			*(p->bc_token == 1 ? &w : &b) += 1;
			ccg_attack_clear(p);
			p->zone = CCG_Z_REMOVED;
			p->node = -1;
			p->rotated = 0;
		}
		if (!any)
			continue;
		g->seats[s].bc_warriors += w;
		g->seats[s].bc_bursters += b;
		ccg_event(ev, -1, "{\"type\":\"tokens-return\",\"seat\":\"%s\","
		    "\"warriors\":%d,\"bursters\":%d,\"healed\":%d}",
		    g->seats[s].name, w, b, healed);
	}
}

void
ccg_bc_token_kill(struct rules_game *g, int pi, struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];

	ccg_event(ev, -1, "{\"type\":\"killed\",\"piece\":\"%s\",\"at\":\"%s\","
	    "\"to\":\"token\"}", p->id, p->node >= 0 ? g->nodes[p->node].id : "");
	p->zone = CCG_Z_DEAD;
	p->node = -1;
	p->carrier = -1;
	p->rotated = 0;
}
