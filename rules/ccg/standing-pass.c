/*
 * standing-pass.c — a convenience of play by mail, not a rule of the
 * rulebook: "pass combat" passes now and in every later phase of this
 * turn's Combat Round (the four declare segments and both resolve steps)
 * for as long as no attack has been declared at a character of the seat.
 *
 * A phase waits for every seat that might hold a choice as far as the
 * others can tell (turn-sequence.c), so a player holding cards is awaited
 * in six combat phases a turn even with nothing to play; this lets him
 * answer them all with one mail. Whether a seat stands passed, and what
 * ends it (an attack declared at one of its characters, the end of the
 * Combat Round), are public facts, so being awaited still tells the others
 * nothing hidden. The seat's view says it stands passed; giving it again
 * is harmless.
 */
#include "config.h"

#include <string.h>

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/turn.h"

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

int
ccg_standing_pass(const struct rules_game *g, int seat)
{
	return g->seats[seat].pass_combat == g->turn &&
	    ccg_combat_phase(g->phase) &&
	    !attacked(g, seat);
}

int
ccg_order_is_pass_combat(const struct ccg_order *o)
{
	return o->verb == CCG_V_PASS && o->what != NULL &&
	    strcmp(o->what, "combat") == 0;	/* orders-parse.c */
}

int
ccg_pass_combat(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	(void)o;
	if (!ccg_combat_phase(g->phase))
		return cause_set(cause, "\"pass combat\" is given in the Combat "
		    "Round; expected \"pass\"");
	if (g->seats[seat].pass_combat != g->turn)
		ccg_event(ev, -1, "{\"type\":\"standing-pass\",\"seat\":\"%s\","
		    "\"turn\":%d}", g->seats[seat].name, g->turn);
	g->seats[seat].pass_combat = g->turn;
	return 0;
}
