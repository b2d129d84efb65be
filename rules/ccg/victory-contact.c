/*
 * victory-contact.c — rulebook "Victory: Winning the Game" and the Contact
 * scenario's victory conditions (overview): a player who fulfils his
 * conditions wins at once; with more than two players the others may play
 * on for second place (struct rules_setup.places).
 *
 *   Rogue:    every non-Rogue Main Character gone; or 7 non-Rogue supporting
 *             characters abducted (evacuated at the Rogue starting location,
 *             hostages counting double); or 12 data tokens downloaded.
 *   Marines:  every Predator and Alien Main Character gone; or the rescue
 *             quota of supporting characters evacuated (starting Marines +
 *             those of corporal rank or above + irregulars, so 4 to 8) with
 *             at least one Marine evacuated too.
 *   Predator: every non-Predator Main Character gone; or the honor printed on
 *             his Predator and its items gained and the Predator evacuated at
 *             his starting location.
 *   Aliens:   every non-Alien Main Character gone; or every location in play
 *             part of their Hive.
 *
 * A condition about killing a faction only counts when that faction has a
 * seat in the game (no instant win over an absent enemy). Evacuated and
 * captured characters are gone as far as the others are concerned. When
 * the others play on for second place, the winner's characters no longer
 * count as enemies to be killed.
 */
#include "config.h"

#include <stdlib.h>

#include "rules/ccg/ccg.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/victory.h"

static int
targets(int me, int other)
{
	if (me == other)
		return 0;
	if (me == CCG_FACTION_MARINES)
		return other == CCG_FACTION_PREDATOR || other == CCG_FACTION_ALIENS;
	return 1;
}

static int
kill_win(const struct rules_game *g, int seat)
{
	int me = g->seats[seat].faction, any = 0;
	size_t s, i;

	/* a seat that has already won its place is out of the race */
	for (s = 0; s < g->nseats; s++)
		if ((int)s != seat && g->seats[s].place == 0 &&
		    targets(me, g->seats[s].faction))
			any = 1;
	if (!any)
		return 0;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone == CCG_Z_PLAY && ccg_is_main(p) && p->owner != seat &&
		    g->seats[p->owner].place == 0 &&
		    targets(me, g->seats[p->owner].faction))
			return 0;
	}
	return 1;
}

static int
hived_win(const struct rules_game *g, int seat)
{
	size_t n;

	if (g->nnodes == 0)
		return 0;
	for (n = 0; n < g->nnodes; n++)
		if (!ccg_node_hived_for(g, (int)n, seat))
			return 0;
	return 1;
}

/* Which condition seat fulfils now, or NULL. */
static const char *
fulfilled(const struct rules_game *g, int seat)
{
	const struct ccg_seat *s = &g->seats[seat];

	if (kill_win(g, seat))
		return "enemies-gone";
	switch (s->faction) {
	case CCG_FACTION_ROGUE:
		if (s->abducted >= 7)
			return "abduction";
		if (s->downloaded >= 12)
			return "data";
		break;
	case CCG_FACTION_MARINES:
		if (s->rescued >= s->quota && s->evac_mains >= 1)
			return "rescue";
		break;
	case CCG_FACTION_PREDATOR:
		if (s->honor_goal >= 0 && s->honor >= s->honor_goal &&
		    s->evac_mains >= 1)
			return "honor";
		break;
	case CCG_FACTION_ALIENS:
		if (hived_win(g, seat))
			return "hived";
		break;
	}
	return NULL;
}

int
ccg_game_over(const struct rules_game *g)
{
	size_t i;
	int placed = 0;

	if (g->phase == CCG_PH_OVER)
		return 1;
	for (i = 0; i < g->nseats; i++)
		if (g->seats[i].place != 0)
			placed++;
	return placed > 0 && (placed >= g->places ||
	    placed >= (int)g->nseats - 1);
}

void
ccg_victory_check(struct rules_game *g, struct rules_events *ev)
{
	const char *why[CCG_MAX_SEATS];
	size_t i;
	int place = 1, any = 0, left = 0;

	if (ccg_game_over(g))
		return;
	for (i = 0; i < g->nseats; i++)
		if (g->seats[i].place != 0 && g->seats[i].place >= place)
			place = g->seats[i].place + 1;
	for (i = 0; i < g->nseats; i++) {
		why[i] = g->seats[i].place == 0 ? fulfilled(g, (int)i) : NULL;
		if (why[i] != NULL)
			any = 1;
	}
	if (!any)
		return;
	/* seats that fulfil their conditions at the same instant share a place */
	for (i = 0; i < g->nseats; i++) {
		if (why[i] == NULL)
			continue;
		g->seats[i].place = place;
		ccg_event(ev, -1, "{\"type\":\"victory\",\"seat\":\"%s\","
		    "\"place\":%d,\"condition\":\"%s\"}", g->seats[i].name,
		    place, why[i]);
	}
	for (i = 0; i < g->nseats; i++)
		if (g->seats[i].place == 0)
			left++;
	if (ccg_game_over(g) && left == 1 && g->places > place)
		for (i = 0; i < g->nseats; i++)
			if (g->seats[i].place == 0) {
				g->seats[i].place = place + 1;
				ccg_event(ev, -1, "{\"type\":\"victory\",\"seat\":"
				    "\"%s\",\"place\":%d,\"condition\":\"last\"}",
				    g->seats[i].name, place + 1);
			}
	if (ccg_game_over(g))
		ccg_event(ev, -1, "{\"type\":\"game-over\"}");
}
