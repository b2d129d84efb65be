/*
 * predator-release.c — rulebook "Predator Capturing Rules": a Predator may
 * let his captive go by choice,
 *
 *   release PREDATOR
 *
 * in the Movement Step or as searches are declared (no rotation: it is no
 * Main Action). The captive comes back into play where he stands with its
 * items and damage enough to leave it power 1 (ccg_capture_free()). A
 * Bound Predator cannot act; a Predator moving hidden reveals himself
 * first (the order is refused until he does).
 *
 * No order releases a Bound character (rulebook "Binding": it stays Bound
 * until freed, by its Break Roll or by muscling out, binding.c's `free`,
 * or by being captured): `release` naming one is refused with that
 * reason (doc/ccg-rules-map.md).
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"

int
ccg_release_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int pi = ccg_piece_find(g, o->who[0]);

	if (pi >= 0 && g->pieces[pi].zone == CCG_Z_PLAY && !g->pieces[pi].hidden &&
	    g->pieces[pi].bound && ccg_captive_of(g, pi) < 0)
		return cause_set(cause, "%s is Bound, not a captive: no order "
		    "releases a Bound character; it is freed by its Break Roll, or "
		    "by its own player's \"free %s [with CHAR ...]\" in the Discard "
		    "and Draw Round (rulebook \"Binding\")", g->pieces[pi].id,
		    g->pieces[pi].id);
	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	if (ccg_captive_of(g, pi) < 0)
		return cause_set(cause, "%s holds no captured character",
		    g->pieces[pi].id);
	if (g->pieces[pi].bound)
		return cause_set(cause, "%s is Bound and cannot act",
		    g->pieces[pi].id);
	if (g->pieces[pi].hidden)
		return cause_set(cause, "%s is moving hidden; reveal him before "
		    "he releases his captive", g->pieces[pi].id);
	ccg_event(ev, -1, "{\"type\":\"release\",\"seat\":\"%s\",\"predator\":"
	    "\"%s\"}", g->seats[seat].name, g->pieces[pi].id);
	ccg_capture_free(g, pi, ev);
	return 0;
}

void
ccg_release_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i;
	char *line;

	for (i = 0; i < g->npieces; i++)
		if (ccg_controls(g, seat, (int)i) && ccg_captive_of(g, (int)i) >= 0) {
			line = xasprintf("release %s", g->pieces[i].id);
			try(ctx, line);
			free(line);
		}
}
