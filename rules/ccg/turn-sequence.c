/*
 * turn-sequence.c — rulebook section 3, "The Turn Sequence": the Rounds,
 * Steps and Segments of a game turn as phases the seat barrier waits on,
 * and "R-M-P-A Order" / "Timing Issues": orders are applied in seat order;
 * where several players act in the same Round, Step or Segment they take
 * one action each per pass until everyone is done; in the Movement Step
 * each player moves all of his characters in turn.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"
#include "rules/ccg/table.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/verbs.h"
#include "rules/ccg/victory.h"

/* Does seat have a character (or a marker) on the battleground? */
static int
has_character(const struct rules_game *g, int seat)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY &&
		    ccg_is_character(&g->pieces[i]) &&
		    ccg_controls(g, seat, (int)i))
			return 1;
	return 0;
}

/* Does a character of seat carry a face-down (concealed) item? */
static int
has_concealed(const struct rules_game *g, int seat)
{
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].concealed && g->pieces[i].carrier >= 0 &&
		    ccg_controls(g, seat, g->pieces[i].carrier))
			return 1;
	return 0;
}

/*
 * Might seat have a choice here that only hidden information decides (the
 * cards in its hand, the order of its deck)? Judged from public facts only
 * (hand size, pieces in play, declared searches and attacks), so that being
 * awaited or not tells the other seats nothing they may not know (the
 * secrecy promise, doc/product.md §6; doc/views.md "Awaiting").
 */
static int
hidden_choice_possible(const struct rules_game *g, int seat)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t i;

	switch (g->phase) {
	case CCG_PH_LOCATIONS:		/* a location card to play */
	case CCG_PH_DRAW:		/* a card to discard */
		return s->hand.n > 0;
	case CCG_PH_MOVE:		/* a Barrier card to put up, a */
		if (has_concealed(g, seat))	/* backstab by a face-down card */
			return 1;
		/* FALLTHROUGH */
	case CCG_PH_SEARCH_DECLARE:	/* an event (events-rounds.c), on */
		return s->hand.n > 0;	/* oneself: none needs a character */
	case CCG_PH_MATURE:		/* a card to grow or molt into */
		return s->hand.n > 0 && s->faction == CCG_FACTION_ALIENS &&
		    has_character(g, seat);
	case CCG_PH_DECLARE_UC:		/* an event, a reaction, an event */
	case CCG_PH_DECLARE_UR:		/* on oneself: none needs a */
	case CCG_PH_DECLARE_HC:		/* character */
	case CCG_PH_DECLARE_HR:
	case CCG_PH_RESOLVE_RANGED:
	case CCG_PH_RESOLVE_CLOSE:
		return s->hand.n > 0;
	case CCG_PH_SEARCH_FIND:	/* the deck may hold a findable card */
		for (i = 0; i < g->npieces; i++)
			if (g->pieces[i].searching && !g->pieces[i].found &&
			    ccg_controls(g, seat, (int)i))
				return 1;
		return 0;
	}
	return 0;
}

/*
 * A seat owes orders when it has not already won its place and it has a
 * legal choice other than passing (doc/product.md §4) -- or, as far as
 * the other seats can tell, it might have one: a phase whose choices hang
 * on a hand or a deck waits for every seat that could hold such a choice,
 * whatever it actually holds.
 */
int
ccg_seat_owes(const struct rules_game *g, int seat)
{
	if (ccg_game_over(g) || g->seats[seat].place != 0 ||
	    ccg_standing_pass(g, seat))
		return 0;
	if (!g->await_legal && hidden_choice_possible(g, seat))
		return 1;
	return ccg_legal_count(g, seat) > 0;
}

/* The automatic part at the start of a phase. */
void
ccg_phase_enter(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	switch (g->phase) {
	case CCG_PH_READY:
		ccg_ready_round(g, ev);
		ccg_infection_roll(g, rng, ev);
		ccg_alien_groups_ready(g);
		ccg_drowning_roll(g, rng, ev);
		break;
	case CCG_PH_RESOLVE_RANGED:
	case CCG_PH_RESOLVE_CLOSE:
		ccg_combat_roll(g, rng, ev);
		break;
	case CCG_PH_DECLARE_UC:
		ccg_bc_tokens_enter(g, ev);
		break;
	case CCG_PH_DRAW:
		ccg_binding_break_rolls(g, rng, ev);
		break;
	case CCG_PH_MOVE:
		ccg_movement_begin(g);
		ccg_vehicles_begin(g);
		ccg_markers_begin(g);
		ccg_gore_movement_begin(g);
		break;
	case CCG_PH_MATURE:
		ccg_molting_begin(g, ev);
		ccg_mature_begin(g, ev);
		break;
	}
}

/* The automatic part at the end of a phase, after every order applied. */
static void
phase_finish(struct rules_game *g, struct rules_rng *rng,
    struct rules_events *ev)
{
	switch (g->phase) {
	case CCG_PH_DRAW:
		ccg_draw_round(g, rng, ev);
		break;
	case CCG_PH_SEARCH_FIND:
		ccg_search_end(g);
		ccg_hive_end(g, ev);
		break;
	case CCG_PH_MOVE:
		ccg_markers_merge(g, ev);
		break;
	case CCG_PH_DECLARE_UC:
	case CCG_PH_DECLARE_HC:
		ccg_aliens_force(g, ev);
		break;
	case CCG_PH_RESOLVE_RANGED:
	case CCG_PH_RESOLVE_CLOSE:
		ccg_combat_resolve(g, rng, ev);
		break;
	case CCG_PH_END:
		g->turn++;
		ccg_event(ev, -1, "{\"type\":\"turn\",\"turn\":%d}", g->turn);
		break;
	}
	ccg_hidden_tidy(g, ev);
	ccg_concealed_tidy(g, ev);
	ccg_data_tidy(g, ev);
	ccg_hostages_update(g, ev);
	ccg_barriers_tidy(g, ev);
	ccg_vehicles_tidy(g, ev);
	ccg_queens_tidy(g, ev);
	ccg_newborn_tidy(g, ev);
	ccg_molting_shuffle(g, rng);
	ccg_permanent_tidy(g, ev);
	ccg_loadout_tidy(g, ev);
	ccg_control_update(g, ev);
	ccg_victory_check(g, ev);
}

static void
next_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	if (ccg_game_over(g)) {
		g->phase = CCG_PH_OVER;
		return;
	}
	g->phase = g->phase == CCG_PH_END ? CCG_PH_READY : g->phase + 1;
	ccg_event(ev, -1, "{\"type\":\"phase\",\"turn\":%d,\"phase\":\"%s\"}",
	    g->turn, ccg_phase_name(g->phase));
	ccg_phase_enter(g, rng, ev);
	ccg_control_update(g, ev);
	ccg_victory_check(g, ev);
	if (ccg_game_over(g))
		g->phase = CCG_PH_OVER;
}

static int
anyone_owes(const struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->nseats; i++)
		if (ccg_seat_owes(g, (int)i))
			return 1;
	return 0;
}

/*
 * Run phases that wait for nobody until one waits for a seat or the game
 * is over. The current phase has been entered already.
 */
void
ccg_advance(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int guard = 0;

	while (g->phase != CCG_PH_OVER && !anyone_owes(g)) {
		phase_finish(g, rng, ev);
		next_phase(g, rng, ev);
		if (++guard > 4 * CCG_NPHASES)
			break;	/* a whole idle turn: only when nobody can act */
	}
}

/* Apply one order of seat now; -1 with *cause (state unchanged) when the
 * order is not possible in the current state. */
int
ccg_apply(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	const struct ccg_verb_row *v = ccg_verb(o->verb);
	int r;

	ccg_game_touch(g);
	if (!ccg_phase_allows(g->phase, o->verb)) {
		char *verbs = ccg_phase_verbs(g->phase);

		cause_set(cause, "\"%s\" is not an order of phase %s; "
		    "expected %s", ccg_verb_name(o->verb),
		    ccg_phase_name(g->phase), verbs);
		free(verbs);
		return -1;
	}
	if (o->verb == CCG_V_PASS)
		return ccg_order_is_pass_combat(o) ?
		    ccg_pass_combat(g, seat, o, ev, cause) : 0;
	/* a hidden character interacting with its location reveals
	 * itself first ("Hidden Movement"), a concealed item dropped or
	 * passed on is turned up first, if the order can succeed */
	if ((r = ccg_hidden_interacting(g, seat, o)) >= 0 ||
	    ccg_concealed_touched(g, o) >= 0) {
		struct rules_game *c = ccg_game_clone(g);
		int it = ccg_concealed_touched(g, o);

		if (v->apply(c, seat, o, NULL, cause) != 0) {
			ccg_game_free(c);
			return -1;
		}
		ccg_game_free(c);
		if (r >= 0)
			ccg_hidden_reveal_piece(g, r, ev);
		if (it >= 0)
			ccg_concealed_reveal(g, it, ev);
	}
	r = v->apply(g, seat, o, ev, cause);
	if (r == 0) {
		ccg_hidden_tidy(g, ev);
		ccg_concealed_tidy(g, ev);
		ccg_data_tidy(g, ev);
		ccg_hostages_update(g, ev);
		ccg_barriers_tidy(g, ev);
		ccg_vehicles_tidy(g, ev);
		ccg_queens_tidy(g, ev);
		ccg_newborn_tidy(g, ev);
		ccg_permanent_tidy(g, ev);
		ccg_loadout_tidy(g, ev);
		ccg_control_update(g, ev);
		ccg_victory_check(g, ev);
	}
	return r;
}

/*
 * The Contact scenario requires players to play new locations (rulebook
 * "Step 2: Play New Locations"): after a seat's orders no location card
 * left in its hand may have a legal place (one its play order takes, as
 * legal-orders.c lists them).
 */
/* Would the order line apply for seat now (a place the play rules take)? */
static int
playable(const struct rules_game *g, int seat, const char *line)
{
	struct rules_game *c;
	struct ccg_order o;
	int ok;

	if (ccg_order_parse_line(line, 1, &o, NULL) != 1)
		return 0;
	c = ccg_game_clone(g);
	ok = ccg_apply(c, seat, &o, NULL, NULL) == 0;
	ccg_game_free(c);
	ccg_order_clear(&o);
	return ok;
}

static int
locations_all_played(const struct rules_game *g, int seat, char **cause)
{
	const struct ccg_seat *s = &g->seats[seat];
	size_t i;

	if (!ccg_scenario_is_contact(g))
		return 0;
	for (i = 0; i < s->hand.n; i++) {
		char **lines = NULL;
		size_t n = 0, k;
		int can;

		if (s->hand.v[i]->type != CCG_CARD_LOCATION)
			continue;
		can = 0;
		if (ccg_location_placeable(g, seat, s->hand.v[i], &lines, &n))
			for (k = 0; k < n && !can; k++)
				can = playable(g, seat, lines[k]) ? (int)k + 1 : 0;
		if (can)
			cause_set(cause, "the Contact scenario requires playing "
			    "new locations: %s can still be placed; expected an "
			    "order such as \"%s\"", s->hand.v[i]->slug,
			    lines[can - 1]);
		for (k = 0; k < n; k++)
			free(lines[k]);
		free(lines);
		if (can)
			return -1;
	}
	return 0;
}

int
ccg_check(const struct rules_game *g, int seat, const char *text, char **cause)
{
	struct ccg_orders os;
	struct rules_game *c;
	size_t i;
	int r = 0;

	if (ccg_orders_parse(text, &os, cause) != 0)
		return -1;
	if (!ccg_seat_owes(g, seat) && os.n > 0) {
		for (i = 0; i < os.n; i++)
			if (os.v[i].verb != CCG_V_PASS)
				break;
		if (i < os.n) {
			cause_set(cause, "line %d: seat %s owes no orders in "
			    "phase %s; expected only pass", os.v[i].line,
			    g->seats[seat].name, ccg_phase_name(g->phase));
			ccg_orders_free(&os);
			return -1;
		}
	}
	c = ccg_game_clone(g);
	for (i = 0; i < os.n && r == 0; i++) {
		char *why = NULL;

		if (ccg_apply(c, seat, &os.v[i], NULL, &why) != 0) {
			char *hint = ccg_refusal_hint(c, seat, &os.v[i]);	/* suggest.c */

			cause_set(cause, "line %d: %s%s%s", os.v[i].line, why,
			    hint ? "; " : "", hint ? hint : "");
			free(hint);
			free(why);
			r = -1;
		}
	}
	if (r == 0 && c->phase == CCG_PH_LOCATIONS &&
	    ccg_seat_owes(g, seat)) {
		char *why = NULL;

		if (locations_all_played(c, seat, &why) != 0) {
			if (os.n > 0)	/* at the last order: it ends the list */
				cause_set(cause, "line %d: %s", os.v[os.n - 1].line,
				    why);
			else
				cause_set(cause, "%s", why);
			free(why);
			r = -1;
		}
	}
	if (r == 0 && c->phase == CCG_PH_MOVE && ccg_seat_owes(g, seat)) {
		char *why = NULL;

		if (ccg_hidden_moves_done(c, seat, &why) != 0) {
			if (os.n > 0)	/* at the last order: it ends the list */
				cause_set(cause, "line %d: %s", os.v[os.n - 1].line,
				    why);
			else
				cause_set(cause, "%s", why);
			free(why);
			r = -1;
		}
	}
	ccg_game_free(c);
	ccg_orders_free(&os);
	return r;
}

/* Does the rulebook interleave this phase one action per seat per pass?
 * Movement is done player by player; everything else interleaves. */
static int
interleaved(int phase)
{
	return phase != CCG_PH_MOVE;
}

static void
apply_one(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev)
{
	char *why = NULL, *js, *jw;

	if (g->seats[seat].place != 0 || ccg_game_over(g))
		return;
	if (ccg_apply(g, seat, o, ev, &why) == 0)
		return;
	js = ccg_json_str(o->text);
	jw = ccg_json_str(why);
	ccg_event(ev, seat, "{\"type\":\"order-failed\",\"seat\":\"%s\","
	    "\"line\":%d,\"order\":%s,\"reason\":%s}", g->seats[seat].name,
	    o->line, js, jw);
	free(js);
	free(jw);
	free(why);
}

/* Turn order o into a plain "pass" (line kept), nothing of it left. */
static void
plain_pass(struct ccg_order *o)
{
	int line = o->line;

	ccg_order_clear(o);
	o->verb = CCG_V_PASS;
	o->line = line;
}

int
ccg_resolve(struct rules_game *g, const char *const *orders,
    struct rules_rng *rng, struct rules_events *ev, char **cause)
{
	struct ccg_orders os[CCG_MAX_SEATS];
	size_t i, pass;
	int more;

	ccg_game_touch(g);
	if (g->phase == CCG_PH_OVER)
		return cause_set(cause, "the game is over");
	memset(os, 0, sizeof os);
	for (i = 0; i < g->nseats; i++) {
		const char *t = orders ? orders[i] : NULL;
		char *why = NULL;

		if (!ccg_seat_owes(g, (int)i) || t == NULL)
			continue;
		if (ccg_check(g, (int)i, t, &why) != 0) {
			cause_set(cause, "seat %s: %s", g->seats[i].name, why);
			free(why);
			while (i-- > 0)
				ccg_orders_free(&os[i]);
			return -1;
		}
		ccg_orders_parse(t, &os[i], NULL);
	}
	/* reactions stand ready before anything else (reactions.c); each
	 * keeps its turn in the interleaving as a plain pass, never "pass
	 * combat" (standing-pass.c), which is public: an armed reaction is
	 * secret, its seat awaited as if it had passed once */
	for (i = 0; i < g->nseats; i++)
		for (pass = 0; pass < os[i].n; pass++)
			if (ccg_order_is_reaction(g, (int)i, &os[i].v[pass])) {
				apply_one(g, (int)i, &os[i].v[pass], ev);
				plain_pass(&os[i].v[pass]);
			}
	if (interleaved(g->phase)) {
		for (pass = 0, more = 1; more; pass++) {
			more = 0;
			for (i = 0; i < g->nseats; i++) {
				if (pass >= os[i].n)
					continue;
				more = 1;
				apply_one(g, (int)i, &os[i].v[pass], ev);
			}
		}
	} else {
		for (i = 0; i < g->nseats; i++) {
			for (pass = 0; pass < os[i].n; pass++)
				apply_one(g, (int)i, &os[i].v[pass], ev);
			/* backstab.c: free attacks end the seat's segment */
			ccg_backstab_resolve(g, (int)i, rng, ev);
		}
	}
	for (i = 0; i < g->nseats; i++)
		ccg_orders_free(&os[i]);
	ccg_reactions_disarm(g, ev);
	ccg_honor_goal_track(g, ev);	/* honor.c: items taken into use */
	if (g->phase != CCG_PH_OVER) {
		phase_finish(g, rng, ev);
		next_phase(g, rng, ev);
	}
	ccg_advance(g, rng, ev);
	return 0;
}
