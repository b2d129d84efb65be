/*
 * actions.c — "Actions": after moving, one of shoot (shooting.c), capture
 * an objective (the token onto the mission the orders name: the active
 * player decides), breach a barrier of the squad's tile (a breach token;
 * it stays breached when a tile is placed beyond it) and reload
 * (ready.c).
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

const char *
bh_capture_why(const struct rules_game *g, int seat, int m)
{
	int pos = g->sq[seat].pos;

	if (pos == BH_APC || !g->objective[pos])
		return "there is no objective token on the squad's tile";
	if (g->mtok[m] >= BH_MISSION_TOKENS)
		return "that mission has its 3 objective tokens";
	return NULL;
}

const char *
bh_breach_why(const struct rules_game *g, int seat, int dir)
{
	int pos = g->sq[seat].pos;

	if (pos == BH_APC || g->side[pos][dir] != BH_BARRIER)
		return "the squad's tile has no barrier on that side";
	if (g->breach[pos] & (1 << dir))
		return "that barrier is breached already";
	if (g->breaches_left <= 0)
		return "no breach tokens are left";
	return NULL;
}

void
bh_capture(struct rules_game *g, int seat, int m, struct rules_events *ev)
{
	int pos = g->sq[seat].pos;

	g->objective[pos] = 0;
	g->mtok[m]++;
	g->mup[m]++;
	bh_event(ev, "{\"type\":\"capture\",\"seat\":\"%s\",\"cell\":\"%s\",\"mission\":"
	    "\"%s\",\"tokens\":%d}", bh_colours[g->sq[seat].colour], bh_cell_name(pos),
	    g->d->missions[g->mission[m]].id, g->mtok[m]);
}

void
bh_breach(struct rules_game *g, int seat, int dir, struct rules_events *ev)
{
	int pos = g->sq[seat].pos, nb = bh_neighbour(pos, dir);

	g->breach[pos] |= 1 << dir;
	if (nb >= 0)
		g->breach[nb] |= 1 << ((dir + 2) % 4);
	g->breaches_left--;
	bh_event(ev, "{\"type\":\"breach\",\"seat\":\"%s\",\"cell\":\"%s\",\"side\":\"%s\"}",
	    bh_colours[g->sq[seat].colour], bh_cell_name(pos), bh_dir_names[dir]);
}
