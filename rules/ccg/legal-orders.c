/*
 * legal-orders.c — the legal orders of a seat in the current phase, for
 * the order template of its view and for the seat barrier (a seat whose
 * only legal order is pass owes nothing). Candidate lines are made from the
 * state and each is tried on a copy of the game with the same code that
 * applies orders, so the list can never disagree with the rules.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/victory.h"

struct trial {
	const struct rules_game	*g;
	struct rules_game	*c;	/* scratch copy, fresh after a success */
	int			 seat;
	struct strbuf		*out;	/* NULL: only count */
	size_t			 n;
	size_t			 stop;	/* stop after this many (0: never) */
};

static void
try_line(struct trial *t, const char *line)
{
	struct ccg_order o;

	if (t->stop && t->n >= t->stop)
		return;
	if (ccg_order_parse_line(line, 1, &o, NULL) != 1)
		return;
	if (t->c == NULL)
		t->c = ccg_game_clone(t->g);
	if (ccg_apply(t->c, t->seat, &o, NULL, NULL) == 0) {
		t->n++;
		if (t->out != NULL) {
			strbuf_addstr(t->out, line);
			strbuf_addc(t->out, '\n');
		}
		ccg_game_free(t->c);
		t->c = NULL;
	}
	ccg_order_clear(&o);
}

static void __attribute__((format(printf, 2, 3)))
tryf(struct trial *t, const char *fmt, ...)
{
	va_list ap;
	char *line;

	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);

	try_line(t, line);
	free(line);
}

/* try_line() for hidden-movement.c's candidates */
static void
try_cb(void *t, const char *line)
{
	try_line(t, line);
}

static int
mine(const struct rules_game *g, int seat, size_t i)
{
	const struct ccg_piece *p = &g->pieces[i];

	return p->zone == CCG_Z_PLAY && ccg_is_character(p) &&
	    p->controller == seat && p->node >= 0;
}

static void
item_lines(struct trial *t, int rotating_only)
{
	const struct rules_game *g = t->g;
	size_t i, j;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->zone != CCG_Z_PLAY || (it->card->type != CCG_CARD_ITEM &&
		    it->card->type != CCG_CARD_VEHICLE))
			continue;
		if (it->carrier >= 0 && g->pieces[it->carrier].controller == t->seat)
			tryf(t, "drop %s", it->id);
		for (j = 0; j < g->npieces; j++) {
			if (!mine(g, t->seat, j) || (int)j == it->carrier)
				continue;
			if (it->carrier < 0 && it->node == g->pieces[j].node) {
				if (!rotating_only)
					tryf(t, "pickup %s with %s", it->id,
					    g->pieces[j].id);
				tryf(t, "pickup %s with %s rotating", it->id,
				    g->pieces[j].id);
			} else if (it->carrier >= 0 &&
			    g->pieces[it->carrier].controller == t->seat &&
			    g->pieces[it->carrier].node == g->pieces[j].node) {
				if (!rotating_only)
					tryf(t, "transfer %s to %s", it->id,
					    g->pieces[j].id);
				tryf(t, "transfer %s to %s rotating", it->id,
				    g->pieces[j].id);
			}
		}
	}
}

/* ranged attack lines loading each ammo item the attacker carries */
static void
ammo_lines(struct trial *t, size_t att, size_t tgt, size_t wpn)
{
	const struct rules_game *g = t->g;
	size_t a;

	for (a = 0; a < g->npieces; a++)
		if (g->pieces[a].carrier == (int)att &&
		    g->pieces[a].zone == CCG_Z_PLAY &&
		    g->pieces[a].card->type == CCG_CARD_ITEM &&
		    g->pieces[a].card->item.kind == CCG_ITEM_AMMO)
			tryf(t, "attack %s at %s ranged with %s loading %s",
			    g->pieces[att].id, g->pieces[tgt].id,
			    g->pieces[wpn].id, g->pieces[a].id);
}

/* attack lines of the declare segments: own characters at enemies in
 * reach, with each weapon carried or none, and the capture/kill modes */
static void
attack_lines(struct trial *t)
{
	const struct rules_game *g = t->g;
	static const char *const modes[] = { "", " capture", " kill" };
	size_t i, j, w, m;
	int ranged = g->phase == CCG_PH_DECLARE_UR || g->phase == CCG_PH_DECLARE_HR;

	for (i = 0; i < g->npieces; i++) {
		if (!mine(g, t->seat, i) || g->pieces[i].rotated)
			continue;
		for (j = 0; j < g->npieces; j++) {
			const struct ccg_piece *tp = &g->pieces[j];

			if (tp->zone != CCG_Z_PLAY || (!ccg_is_character(tp) &&
			    tp->card->type != CCG_CARD_BARRIER) ||
			    tp->node < 0 || tp->controller == t->seat ||
			    (tp->node != g->pieces[i].node &&
			    !ccg_adjacent(g, tp->node, g->pieces[i].node)))
				continue;
			for (m = 0; m < 3; m++) {
				if (!ranged)
					tryf(t, "attack %s at %s close%s",
					    g->pieces[i].id, tp->id, modes[m]);
				for (w = 0; w < g->npieces; w++)
					if (g->pieces[w].carrier == (int)i &&
					    g->pieces[w].card->type == CCG_CARD_ITEM &&
					    g->pieces[w].card->item.kind ==
					    CCG_ITEM_WEAPON) {
						tryf(t, "attack %s at %s %s with "
						    "%s%s", g->pieces[i].id, tp->id,
						    ranged ? "ranged" : "close",
						    g->pieces[w].id, modes[m]);
						if (ranged && m == 0)
							ammo_lines(t, i, j, w);
					}
			}
		}
	}
}

/* "play EVENT on CHAR" for each event card in the hand (Combat Round) */
static void
event_lines(struct trial *t)
{
	const struct rules_game *g = t->g;
	const struct ccg_cards *h = &g->seats[t->seat].hand;
	size_t i, k;

	for (k = 0; k < h->n; k++) {
		if (h->v[k]->type != CCG_CARD_EVENT ||
		    ccg_cards_find(h, h->v[k]->slug) != (int)k)
			continue;
		for (i = 0; i < g->npieces; i++)
			if (g->pieces[i].zone == CCG_Z_PLAY &&
			    ccg_is_character(&g->pieces[i]) &&
			    g->pieces[i].node >= 0)
				tryf(t, "play %s on %s", h->v[k]->slug,
				    g->pieces[i].id);
	}
}

static void
candidates(struct trial *t)
{
	const struct rules_game *g = t->g;
	const struct ccg_seat *s = &g->seats[t->seat];
	size_t i, j, n;

	switch (g->phase) {
	case CCG_PH_EVACUATE:
		for (i = 0; i < g->npieces; i++)
			if (mine(g, t->seat, i)) {
				tryf(t, "evacuate %s", g->pieces[i].id);
				tryf(t, "download %s", g->pieces[i].id);
			}
		for (i = 0; i < g->npieces; i++)	/* Predators' captives */
			if (g->pieces[i].zone == CCG_Z_CAPTURED &&
			    g->pieces[i].carrier >= 0)
				tryf(t, "evacuate %s", g->pieces[i].id);
		break;
	case CCG_PH_LOCATIONS:
		for (i = 0; i < s->hand.n; i++) {
			char **lines;
			size_t k, nl;

			if (ccg_cards_find(&s->hand, s->hand.v[i]->slug) != (int)i)
				continue;	/* list each card once */
			ccg_location_placeable(g, t->seat, s->hand.v[i], &lines, &nl);
			for (k = 0; k < nl; k++) {
				try_line(t, lines[k]);
				free(lines[k]);
			}
			free(lines);
		}
		break;
	case CCG_PH_MOVE:
		for (i = 0; i < g->npieces; i++) {
			if (!mine(g, t->seat, i))
				continue;
			for (n = 0; n < g->nnodes; n++) {
				tryf(t, "move %s to %s", g->pieces[i].id,
				    g->nodes[n].id);
				for (j = 0; j < g->npieces; j++)
					if (j != i && mine(g, t->seat, j) &&
					    g->pieces[j].node == g->pieces[i].node)
						tryf(t, "move %s to %s dragging %s",
						    g->pieces[i].id, g->nodes[n].id,
						    g->pieces[j].id);
			}
		}
		item_lines(t, 0);
		ccg_gear_candidates(g, t->seat, try_cb, t);
		ccg_hidden_candidates(g, t->seat, try_cb, t);
		ccg_barrier_candidates(g, t->seat, try_cb, t);
		ccg_backstab_candidates(g, t->seat, try_cb, t);
		ccg_vehicle_candidates(g, t->seat, try_cb, t);
		ccg_heal_candidates(g, t->seat, try_cb, t);
		ccg_release_candidates(g, t->seat, try_cb, t);
		ccg_round_event_candidates(g, t->seat, try_cb, t);
		ccg_reaction_candidates(g, t->seat, try_cb, t);
		break;
	case CCG_PH_MATURE:
		ccg_hive_candidates(g, t->seat, try_cb, t);
		ccg_alien_group_candidates(g, t->seat, try_cb, t);
		ccg_molting_candidates(g, t->seat, try_cb, t);
		ccg_queens_candidates(g, t->seat, try_cb, t);
		break;
	case CCG_PH_DRAW:
		for (i = 0; i < g->npieces; i++) {	/* binding.c */
			if (!mine(g, t->seat, i) || !g->pieces[i].bound)
				continue;
			tryf(t, "free %s", g->pieces[i].id);
			for (j = 0; j < g->npieces; j++)
				if (j != i && mine(g, t->seat, j) &&
				    g->pieces[j].node == g->pieces[i].node)
					tryf(t, "free %s with %s",
					    g->pieces[i].id, g->pieces[j].id);
		}
		for (i = 0; i < s->hand.n; i++)
			if (ccg_cards_find(&s->hand, s->hand.v[i]->slug) == (int)i)
				tryf(t, "discard %s", s->hand.v[i]->slug);
		ccg_gear_candidates(g, t->seat, try_cb, t);
		break;
	case CCG_PH_SEARCH_DECLARE:
		for (i = 0; i < g->npieces; i++)
			if (mine(g, t->seat, i))
				tryf(t, "search %s", g->pieces[i].id);
		item_lines(t, 1);
		ccg_gear_candidates(g, t->seat, try_cb, t);
		ccg_concealed_candidates(g, t->seat, try_cb, t);
		ccg_data_candidates(g, t->seat, try_cb, t);
		ccg_barrier_candidates(g, t->seat, try_cb, t);
		ccg_heal_candidates(g, t->seat, try_cb, t);
		ccg_release_candidates(g, t->seat, try_cb, t);
		ccg_round_event_candidates(g, t->seat, try_cb, t);
		ccg_reaction_candidates(g, t->seat, try_cb, t);
		break;
	case CCG_PH_SEARCH_FIND:
		for (i = 0; i < g->npieces; i++) {
			if (!mine(g, t->seat, i) || !g->pieces[i].searching)
				continue;
			for (j = 0; j < s->hand.n; j++)
				if (ccg_cards_find(&s->hand, s->hand.v[j]->slug) ==
				    (int)j)
					tryf(t, "find %s with %s",
					    s->hand.v[j]->slug, g->pieces[i].id);
		}
		break;
	case CCG_PH_DECLARE_UC:
	case CCG_PH_DECLARE_UR:
	case CCG_PH_DECLARE_HC:
	case CCG_PH_DECLARE_HR:
		attack_lines(t);
		ccg_marker_attack_candidates(g, t->seat, try_cb, t);
		ccg_xatk_candidates(g, t->seat, try_cb, t);
		event_lines(t);
		ccg_reaction_candidates(g, t->seat, try_cb, t);
		break;
	case CCG_PH_RESOLVE_RANGED:
	case CCG_PH_RESOLVE_CLOSE:
		for (i = 0; i < g->npieces; i++)
			if (mine(g, t->seat, i)) {
				tryf(t, "boost %s damage", g->pieces[i].id);
				tryf(t, "boost %s resistance", g->pieces[i].id);
			}
		event_lines(t);
		ccg_reaction_candidates(g, t->seat, try_cb, t);
		break;
	}
	ccg_gore_candidates(g, t->seat, try_cb, t);	/* newborn.c */
}

/* The drop lines of the phases other than movement.move and
 * search.declare (items.c: free in the Movement and Search Rounds, by
 * rotating elsewhere); like revealing, they never make a seat owe. */
static void
drop_lines(const struct rules_game *g, int seat, struct strbuf *sb)
{
	struct trial t = { g, NULL, seat, sb, 0, 0 };
	size_t i;

	if (g->phase == CCG_PH_MOVE || g->phase == CCG_PH_SEARCH_DECLARE ||
	    !ccg_phase_allows(g->phase, CCG_V_DROP))
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->zone == CCG_Z_PLAY && it->carrier >= 0 &&
		    (it->card->type == CCG_CARD_ITEM ||
		    it->card->type == CCG_CARD_VEHICLE) &&
		    g->pieces[it->carrier].controller == seat)
			tryf(&t, "drop %s%s", it->id,
			    ccg_free_drop_phase(g->phase) ? "" : " rotating");
	}
	ccg_game_free(t.c);
}

char *
ccg_legal(const struct rules_game *g, int seat)
{
	struct strbuf sb = STRBUF_INIT;
	struct trial t = { g, NULL, seat, &sb, 0, 0 };

	if (seat >= 0 && (size_t)seat < g->nseats && !ccg_game_over(g) &&
	    g->seats[seat].place == 0)
		candidates(&t);
	/* pass first, unless the Contact scenario makes the seat play a
	 * location (turn-sequence.c) */
	if (!(t.n > 0 && g->phase == CCG_PH_LOCATIONS &&
	    ccg_scenario_is_contact(g))) {
		char *rest = strbuf_detach(&sb, NULL);

		strbuf_addstr(&sb, "pass\n");
		if (ccg_combat_phase(g->phase))	/* standing-pass.c */
			strbuf_addstr(&sb, "pass combat\n");
		strbuf_addstr(&sb, rest);
		free(rest);
	}
	ccg_game_free(t.c);
	if (t.n > 0) {		/* revealing never makes a seat owe */
		char *rv = ccg_hidden_reveal_lines(g, seat);

		strbuf_addstr(&sb, rv);
		free(rv);
		drop_lines(g, seat, &sb);	/* nor dropping */
	}
	if (g->phase == CCG_PH_MOVE && t.n > 0)
		strbuf_addstr(&sb, "# characters at one location may move "
		    "together: move A, B to LOCATION\n");
	return strbuf_detach(&sb, NULL);
}

size_t
ccg_legal_count(const struct rules_game *g, int seat)
{
	struct trial t = { g, NULL, seat, NULL, 0, 1 };

	if (seat < 0 || (size_t)seat >= g->nseats || g->phase == CCG_PH_OVER)
		return 0;
	candidates(&t);
	ccg_game_free(t.c);
	return t.n;
}
