/*
 * state-edit-extra.c — the scenario tests' edits and queries for hidden
 * movement and the Alien life cycle (tests/rules/README), called by
 * state-edit.c for what it does not know itself:
 *   edits   view-marker SEAT MARKER   a "view" effect (hidden-movement.c)
 *           capture PIECE SEAT        captured by an Alien of SEAT
 *           infect PIECE              the character becomes Infected
 *           bursters SEAT N           Chest Burster tokens on its Chamber
 *           gore PIECE N              Gore tokens on the Newborn
 *           pet-bursters SEAT N       of its Chest Burster tokens, Pet hosts
 *   queries markers PIECE, real PIECE, infected PIECE, tokens PIECE,
 *           bursters SEAT,
 *           warriors SEAT, hive-of LOCATION,
 *           gore PIECE, pet-bursters SEAT, queen SEAT (piece or "none"),
 *           location LOCATION ("CARD CLASS ENVIRONMENT RESOURCE,...")
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "tests/rules/state-edit.h"

static int
seat_named(const struct rules_game *g, const char *name)
{
	size_t s;

	for (s = 0; s < g->nseats; s++)
		if (strcmp(g->seats[s].name, name) == 0)
			return (int)s;
	return -1;
}

int
ccg_edit_extra(struct rules_game *g, char **w, size_t n, int *r,
    char **cause)
{
	int s = n >= 2 ? seat_named(g, w[n - 1]) : -1, pi, mi;

	*r = -1;
	if (n == 3 && strcmp(w[0], "view-marker") == 0) {
		s = seat_named(g, w[1]);
		if (s < 0)
			cause_set(cause, "no seat %s", w[1]);
		else if ((mi = ccg_marker_find(g, w[2])) < 0)
			cause_set(cause, "no marker %s", w[2]);
		else {
			ccg_marker_view(g, mi, s, NULL);
			*r = 0;
		}
		return 1;
	}
	if (n == 3 && strcmp(w[0], "capture-on") == 0) {	/* capture.c */
		int pr = ccg_piece_find(g, w[2]);

		if ((pi = ccg_piece_find(g, w[1])) < 0 || pr < 0 ||
		    g->pieces[pr].card->chr.species != CCG_SPECIES_PREDATOR)
			cause_set(cause, "capture-on: no piece %s or no Predator "
			    "%s", w[1], w[2]);
		else {
			ccg_capture_predator(g, pr, pi, NULL);
			*r = 0;
		}
		return 1;
	}
	if (n == 3 && strcmp(w[0], "capture") == 0) {
		if ((pi = ccg_piece_find(g, w[1])) < 0 || s < 0)
			cause_set(cause, "capture: no piece %s or no seat %s",
			    w[1], w[2]);
		else {
			ccg_capture_alien(g, s, pi, NULL);
			*r = 0;
		}
		return 1;
	}
	if (n == 2 && strcmp(w[0], "infect") == 0) {
		if ((pi = ccg_piece_find(g, w[1])) < 0)
			cause_set(cause, "infect: no piece %s", w[1]);
		else {
			g->pieces[pi].infected = 1;
			*r = 0;
		}
		return 1;
	}
	if (n == 3 && (strcmp(w[0], "gore") == 0 ||
	    strcmp(w[0], "pet-bursters") == 0)) {	/* newborn.c, molting.c */
		if (w[0][0] == 'g' && (pi = ccg_piece_find(g, w[1])) >= 0)
			g->pieces[pi].gore = atoi(w[2]);
		else if (w[0][0] == 'p' && (s = seat_named(g, w[1])) >= 0)
			g->seats[s].bc_pet = atoi(w[2]);
		else
			return cause_set(cause, "%s: no %s %s", w[0],
			    w[0][0] == 'g' ? "piece" : "seat", w[1]), 1;
		*r = 0;
		return 1;
	}
	if (n == 3 && strcmp(w[0], "bursters") == 0) {
		if ((s = seat_named(g, w[1])) < 0)
			cause_set(cause, "bursters: no seat %s", w[1]);
		else {
			g->seats[s].bc_bursters = atoi(w[2]);
			*r = 0;
		}
		return 1;
	}
	return 0;
}

int
ccg_query_extra(const struct rules_game *g, char **w, size_t n, char **out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int pi, s;

	if (n == 2 && (s = seat_named(g, w[1])) >= 0 &&
	    (strcmp(w[0], "bursters") == 0 || strcmp(w[0], "warriors") == 0)) {
		*out = xasprintf("%d", w[0][0] == 'b' ? g->seats[s].bc_bursters :
		    g->seats[s].bc_warriors);
		return 1;
	}
	if (n == 2 && strcmp(w[0], "gore") == 0 &&
	    (pi = ccg_piece_find(g, w[1])) >= 0) {
		*out = xasprintf("%d", g->pieces[pi].gore);
		return 1;
	}
	if (n == 2 && (s = seat_named(g, w[1])) >= 0 &&
	    (strcmp(w[0], "pet-bursters") == 0 || strcmp(w[0], "queen") == 0)) {
		pi = ccg_queen_of(g, s);
		*out = w[0][0] == 'p' ? xasprintf("%d", g->seats[s].bc_pet) :
		    xstrdup(pi >= 0 ? g->pieces[pi].id : "none");
		return 1;
	}
	if (n == 2 && strcmp(w[0], "location") == 0 &&
	    (pi = ccg_node_find(g, w[1])) >= 0) {
		const struct ccg_card *c = g->nodes[pi].card;

		strbuf_addf(&sb, "%s %s %s ", c->slug,
		    ccg_location_class_name(c->loc.cls),
		    c->loc.env == CCG_ENV_INDOOR ? "indoor" : "outdoor");
		for (i = 0; i < c->nresources; i++)
			strbuf_addf(&sb, "%s%s", i ? "," : "", c->resources[i]);
		if (c->keywords & CCG_KW_DISTINCT)
			strbuf_addstr(&sb, " distinct");
		if (g->nodes[pi].damaged)
			strbuf_addstr(&sb, " damaged");
		*out = strbuf_detach(&sb, NULL);
		return 1;
	}
	if (n == 2 && strcmp(w[0], "hive-of") == 0 &&
	    (pi = ccg_node_find(g, w[1])) >= 0) {
		for (s = 0; s < (int)g->nseats; s++)
			if (ccg_node_hived_for(g, pi, s))
				strbuf_addf(&sb, "%s%s", sb.len ? " " : "",
				    g->seats[s].name);
		*out = sb.len ? strbuf_detach(&sb, NULL) : xstrdup("none");
		strbuf_free(&sb);
		return 1;
	}
	if (n == 2 && (strcmp(w[0], "infected") == 0 ||
	    strcmp(w[0], "tokens") == 0) && (pi = ccg_piece_find(g, w[1])) >= 0) {
		*out = xasprintf("%d", w[0][0] == 'i' ? g->pieces[pi].infected :
		    g->pieces[pi].tokens);
		return 1;
	}
	if (n != 2 || (strcmp(w[0], "markers") != 0 &&
	    strcmp(w[0], "real") != 0) || (pi = ccg_piece_find(g, w[1])) < 0)
		return 0;
	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *m = &g->markers[i];

		if (m->piece != pi || (w[0][0] == 'r' && !m->real))
			continue;
		if (sb.len)
			strbuf_addc(&sb, ' ');
		if (w[0][0] == 'r')
			strbuf_addstr(&sb, m->id);
		else
			strbuf_addf(&sb, "%s@%s", m->id, g->nodes[m->node].id);
	}
	if (sb.len == 0)
		strbuf_addstr(&sb, "none");
	*out = strbuf_detach(&sb, NULL);
	return 1;
}
