/*
 * standing-pass.c — a convenience of play by mail, not a rule of the
 * rulebook: "pass ROUND" (ROUND one of the turn's rounds: movement,
 * discard-draw, combat, search) passes now and in every later phase of
 * this turn's ROUND for as long as no public event concerns the seat: an
 * attack declared at one of its characters or markers, an event card's
 * effect on one of its pieces, an enemy entering (or leaving) a location
 * where it stands, one of its pieces damaged, moved or removed by others.
 *
 * A phase waits for every seat that might hold a choice as far as the
 * others can tell (turn-sequence.c), so a player holding cards is awaited
 * in nearly every phase even with nothing to play; this lets him answer a
 * round with one order. Whether a seat stands passed, and what ends it,
 * are public facts: the "concern mark" is a digest of public facts only
 * (its visible characters and their damage and event modifiers, where its
 * markers stand, which visible enemy characters and markers share those
 * locations), taken when the pass is given and compared in each later
 * phase; a hidden character's true location never enters it. The seat's
 * `set stops` (ccg_setting) name phases a standing pass does not cover:
 * the seat is asked there, and stands passed again after. So being
 * awaited still tells the others nothing hidden. The seat's view says it
 * stands passed; giving the order again while it stands is harmless; once
 * it has ended, "pass ROUND" is refused for the rest of the round (a plan
 * section holding it is dropped, so the seat is asked, with the reason).
 */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/turn.h"

/* The rounds a standing pass can cover, and their bits in pass_rounds. */
static const struct {
	const char	*name;
	int		 first, last;	/* phases */
} rounds[] = {
	{ "movement", CCG_PH_EVACUATE, CCG_PH_MATURE },
	{ "discard-draw", CCG_PH_DRAW, CCG_PH_DRAW },
	{ "combat", CCG_PH_DECLARE_UC, CCG_PH_RESOLVE_CLOSE },
	{ "search", CCG_PH_SEARCH_DECLARE, CCG_PH_SEARCH_FIND },
};
#define NROUNDS	(sizeof rounds / sizeof rounds[0])

int
ccg_round_parse(const char *name)
{
	size_t i;

	for (i = 0; i < NROUNDS; i++)
		if (strcasecmp(rounds[i].name, name) == 0)
			return (int)i;
	return -1;
}

const char *
ccg_round_name(int round)
{
	return round >= 0 && (size_t)round < NROUNDS ? rounds[round].name : "?";
}

int
ccg_phase_round(int phase)
{
	size_t i;

	for (i = 0; i < NROUNDS; i++)
		if (phase >= rounds[i].first && phase <= rounds[i].last)
			return (int)i;
	return -1;
}

/* Has an attack been declared at a character seat controls (or at one of
 * its markers)? Declarations are public. */
static int
attacked(const struct rules_game *g, int seat)
{
	size_t i;
	int k;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY)
			continue;
		if (p->atk_kind != 0 && p->atk_target >= 0 &&
		    ccg_target_seat(g, p->atk_target) == seat)
			return 1;
		for (k = 0; k < p->nxatk; k++)	/* free-attacks.c */
			if (p->xatk[k].target >= 0 &&
			    ccg_target_seat(g, p->xatk[k].target) == seat)
				return 1;
	}
	return 0;
}

static void
mix(uint32_t *h, int v)
{
	*h = (*h ^ (uint32_t)v) * 16777619u;	/* FNV-1a, a word at a time */
}

/* Where a character's public position is: its node unless it moves hidden
 * (then only its markers say where it may be). */
static int
public_node(const struct ccg_piece *p)
{
	return p->hidden ? -1 : p->node;
}

/* Does seat stand (publicly) at node: a visible character or a marker? */
static int
stands_at(const struct rules_game *g, int seat, int node)
{
	size_t i;

	if (node < 0)
		return 0;
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY &&
		    ccg_is_character(&g->pieces[i]) &&
		    ccg_controls(g, seat, (int)i) &&
		    public_node(&g->pieces[i]) == node)
			return 1;
	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].node == node &&
		    ccg_controls(g, seat, g->markers[i].piece))
			return 1;
	return 0;
}

/*
 * The concern mark of seat: a digest of the public facts that, changed by
 * someone else, concern it (see the top of this file). Kept in 0..999999
 * (the saved state's range for seat integers).
 */
static int
concern_mark(const struct rules_game *g, int seat)
{
	uint32_t h = 2166136261u;
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];
		int own;

		if (p->zone != CCG_Z_PLAY || !ccg_is_character(p))
			continue;
		own = ccg_controls(g, seat, (int)i);
		if (own) {
			mix(&h, (int)i);
			mix(&h, public_node(p));
			mix(&h, p->damage);
			mix(&h, p->hostage);
			mix(&h, p->bound);
			mix(&h, p->ev_hit_close + 3 * p->ev_hit_ranged +
			    5 * p->ev_def + 7 * p->ev_dmg + 11 * p->ev_res +
			    13 * p->ev_speed + 17 * p->ev_power + 19 * p->ev_up);
		} else if (stands_at(g, seat, public_node(p))) {
			mix(&h, -1 - (int)i);
			mix(&h, p->node);
		}
	}
	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *m = &g->markers[i];

		if (ccg_controls(g, seat, m->piece) || stands_at(g, seat, m->node)) {
			mix(&h, -100000 - m->piece);
			mix(&h, m->node);
		}
	}
	return (int)(h % 1000000u);
}

/* The seat's standing pass for round, given this turn? */
static int
given(const struct rules_game *g, int seat, int round)
{
	const struct ccg_seat *s = &g->seats[seat];

	if (s->pass_combat != g->turn)
		return 0;
	if (s->pass_rounds == 0)	/* a state saved before pass ROUND */
		return round == ccg_round_parse("combat");
	return (s->pass_rounds >> round & 1) != 0;
}

/* Has a public event concerned seat since it gave its standing pass? */
static int
concerned(const struct rules_game *g, int seat)
{
	const struct ccg_seat *s = &g->seats[seat];

	if (ccg_combat_phase(g->phase) && attacked(g, seat))
		return 1;
	return s->pass_rounds != 0 && concern_mark(g, seat) != s->pass_mark;
}

int
ccg_standing_pass(const struct rules_game *g, int seat)
{
	int round = ccg_phase_round(g->phase);

	return round >= 0 && given(g, seat, round) && !concerned(g, seat) &&
	    (g->seats[seat].pass_stops >> g->phase & 1) == 0;
}

/*
 * `set stops PHASE-OR-ROUND ...` (doc/muthur-orders.5): the phases a
 * standing pass does not cover, so the seat is asked there. A round name
 * covers its phases (as "combat" covers combat.resolve.close); "none", or
 * nothing, clears them. The daemon applies the same stops to plans.
 */
void
ccg_setting(struct rules_game *g, size_t seat, const char *key, const char *value)
{
	const char *w = value, *name;
	size_t n;
	int p, bits = 0;

	ccg_game_touch(g);
	if (strcmp(key, "stops") != 0 || seat >= g->nseats)
		return;
	for (; *w != '\0'; w += n + strspn(w + n, " \t")) {
		w += strspn(w, " \t");
		if ((n = strcspn(w, " \t")) == 0)
			break;
		for (p = 0; p < CCG_NPHASES; p++) {
			name = ccg_phase_name(p);
			if (strncmp(name, w, n) == 0 && (name[n] == '\0' ||
			    name[n] == '.'))
				bits |= 1 << p;
		}
	}
	g->seats[seat].pass_stops = bits;
}

int
ccg_order_is_pass_combat(const struct ccg_order *o)
{
	return o->verb == CCG_V_PASS && o->what != NULL;	/* orders-parse.c */
}

int
ccg_pass_combat(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	int round = ccg_round_parse(o->what), now = ccg_phase_round(g->phase);

	if (round < 0 || round != now)
		return now >= 0 ? cause_set(cause, "\"pass %s\" is given in a phase "
		    "of the %s round; expected \"pass\" or \"pass %s\"", o->what,
		    ccg_round_name(round), ccg_round_name(now)) : cause_set(cause,
		    "\"pass %s\" is given in a phase of the %s round; expected "
		    "\"pass\"", o->what, ccg_round_name(round));
	if (given(g, seat, round)) {
		if (concerned(g, seat))
			return cause_set(cause, "your standing \"pass %s\" ended: "
			    "something happened that concerns you (an attack, an "
			    "event or an enemy where you stand); give this phase's "
			    "orders or \"pass\"", o->what);
		return 0;	/* standing already */
	}
	if (s->pass_combat != g->turn)
		s->pass_rounds = 0;
	s->pass_combat = g->turn;
	s->pass_rounds |= 1 << round;
	s->pass_mark = concern_mark(g, seat);
	ccg_event(ev, -1, "{\"type\":\"standing-pass\",\"seat\":\"%s\","
	    "\"turn\":%d,\"round\":\"%s\"}", s->name, g->turn, o->what);
	return 0;
}

void
ccg_standing_pass_legal(const struct rules_game *g, int seat, struct strbuf *sb)
{
	int round = ccg_phase_round(g->phase);

	if (round < 0 || (given(g, seat, round) && concerned(g, seat)))
		return;
	strbuf_addf(sb, "pass %s\n", ccg_round_name(round));
}
