/*
 * evacuation.c — rulebook "Step 1: Evacuation/Downloading Data" with the
 * Contact scenario's sites (overview): a character evacuates by rotating at
 * its side's evacuation location at the start of the Movement Round and
 * leaves the game, never while an enemy is present there. A hidden enemy
 * is present too; so that the evacuating player learns nothing about which
 * marker is real, any hidden-movement marker of another seat there, decoy
 * or not, counts as an enemy present (the same refusal, decided on what
 * every seat sees; doc/ccg-rules-map.md). Marines evacuate
 * (and rescue supporting characters) at any location with Docking Bay; the
 * Rogues abduct supporting characters at their starting location; a
 * Predator leaves from his starting location once he holds the honor he
 * needs. Rogues with data tokens download them by rotating at their
 * starting location — enemies there do not prevent it.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"

/* Is node where seat's characters may evacuate? */
static int
ccg_evacuation_site(const struct rules_game *g, int seat, int node)
{
	const struct ccg_seat *s = &g->seats[seat];

	switch (s->faction) {
	case CCG_FACTION_MARINES:
		return (g->nodes[node].card->loc.kinds & CCG_LK_DOCKING_BAY) != 0;
	case CCG_FACTION_ROGUE:
		return node == s->start_node;
	case CCG_FACTION_PREDATOR:
		return node == s->start_node && s->honor_goal >= 0 &&
		    s->honor >= s->honor_goal;
	}
	return 0;
}

/* Is an enemy there as seat sees it: an unhidden character of another
 * seat, or another seat's marker (real or decoy, never told apart)? */
static int
enemy_seen(const struct rules_game *g, int seat, int node)
{
	size_t i;

	if (ccg_enemy_present(g, seat, node))
		return 1;
	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_piece *p = &g->pieces[g->markers[i].piece];

		if (g->markers[i].node == node && p->zone == CCG_Z_PLAY &&
		    p->controller >= 0 && p->controller != seat)
			return 1;
	}
	return 0;
}

int
ccg_evacuation_blocked(const struct rules_game *g, int seat, int node, char **cause)
{
	if (!enemy_seen(g, seat, node))
		return 0;
	if (cause != NULL)
		cause_set(cause, "an enemy is present at %s (a character, or a "
		    "hidden-movement marker that may be one): nobody evacuates "
		    "there now", g->nodes[node].id);
	return 1;
}

int
ccg_evacuate(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int pi, w = 1;
	struct ccg_piece *p;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (s->faction == CCG_FACTION_ALIENS)
		return cause_set(cause, "Aliens do not evacuate in the Contact "
		    "scenario");
	if (s->faction == CCG_FACTION_PREDATOR &&
	    p->card->type != CCG_CARD_MAIN_CHARACTER)
		return cause_set(cause, "only the Predator himself evacuates");
	if (!ccg_evacuation_site(g, seat, p->node)) {
		if (s->faction == CCG_FACTION_PREDATOR &&
		    p->node == s->start_node)
			return cause_set(cause, "the Predator has %d honor and "
			    "needs %d before he evacuates", s->honor,
			    s->honor_goal);
		return cause_set(cause, "%s is not at an evacuation location "
		    "(%s)", o->who[0], s->faction == CCG_FACTION_MARINES ?
		    "a location with Docking Bay" : "your starting location");
	}
	if (p->rotated)
		return cause_set(cause, "%s is rotated; evacuating rotates a "
		    "ready character", o->who[0]);
	if (ccg_evacuation_blocked(g, seat, p->node, cause))
		return -1;
	p->rotated = 1;
	p->zone = CCG_Z_EVACUATED;
	ccg_items_drop_all(g, pi, CCG_Z_EVACUATED);
	if (p->card->type == CCG_CARD_MAIN_CHARACTER) {
		if (p->owner == seat)
			s->evac_mains++;
	} else {
		w = p->liberated || p->hostage ? 2 : 1;
		if (s->faction == CCG_FACTION_MARINES)
			s->rescued += w;
		else if (s->faction == CCG_FACTION_ROGUE &&
		    !ccg_card_has_resource(p->card, "Rogue"))
			s->abducted += w;
	}
	ccg_event(ev, -1, "{\"type\":\"evacuate\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"at\":\"%s\",\"counts\":%d}", s->name, p->id,
	    g->nodes[p->node].id, w);
	p->node = -1;
	return 0;
}

int
ccg_download(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int pi, got = 0, dd;
	struct ccg_piece *p;
	size_t i;

	if (s->faction != CCG_FACTION_ROGUE)
		return cause_set(cause, "only the Rogues download data");
	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (p->node != s->start_node)
		return cause_set(cause, "%s is not at your starting location %s",
		    o->who[0], g->nodes[s->start_node].id);
	if (p->rotated)
		return cause_set(cause, "%s is rotated; downloading rotates a "
		    "ready character", o->who[0]);
	got = p->data;
	for (i = 0; i < g->npieces; i++)	/* tokens on carried data drives */
		if (g->pieces[i].carrier == pi && g->pieces[i].zone == CCG_Z_PLAY &&
		    !g->pieces[i].damage)
			got += g->pieces[i].data;
	if (got == 0 && (dd = ccg_data_damaged_drive(g, pi)) >= 0)
		return cause_set(cause, "the %d data tokens on %s cannot be "
		    "downloaded: the drive is damaged", g->pieces[dd].data,
		    g->pieces[dd].id);	/* data-theft.c */
	if (got == 0)
		return cause_set(cause, "%s carries no data tokens", o->who[0]);
	p->rotated = 1;
	p->data = 0;
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].carrier == pi && !g->pieces[i].damage)
			g->pieces[i].data = 0;
	s->downloaded += got;
	ccg_event(ev, -1, "{\"type\":\"download\",\"seat\":\"%s\",\"piece\":"
	    "\"%s\",\"tokens\":%d,\"total\":%d}", s->name, p->id, got,
	    s->downloaded);
	return 0;
}

/* Feed try() the evacuate and download lines of seat (the verb table, verbs.c). */
void
ccg_evacuate_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (ccg_own_on_board(g, seat, i)) {
			ccg_tryf(try, ctx, "evacuate %s", g->pieces[i].id);
			ccg_tryf(try, ctx, "download %s", g->pieces[i].id);
		}
	for (i = 0; i < g->npieces; i++)	/* Predators' captives */
		if (g->pieces[i].zone == CCG_Z_CAPTURED &&
		    g->pieces[i].carrier >= 0)
			ccg_tryf(try, ctx, "evacuate %s", g->pieces[i].id);
}
