/*
 * outnumbering.c — rulebook "Outnumbering/Moving Past Enemies": a character
 * leaving a location where the enemy has more unhidden Main Character cards
 * than its player has characters there spends one extra movement point per
 * extra enemy Main Character. Only unhidden enemy Main Character cards count
 * against you (Alien tokens on a card do not); every character you control
 * there, supporting characters included, counts for you. An Enclosed
 * vehicle is a location of its own for being together (vehicle-attacks.c):
 * only the characters in the mover's compartment count.
 *
 * The overview: none of these rules apply during hidden movement. A
 * hidden marker leaving a location pays nothing extra (hidden-movement.c),
 * and a character moving hidden counts for neither side, its own
 * included: what an unhidden character pays is public and must not tell
 * where the real marker is.
 */
#include "config.h"

#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"

int
ccg_outnumber_penalty(const struct rules_game *g, int seat, int node)
{
	return ccg_outnumber_penalty_in(g, seat, node, -1);
}

int
ccg_outnumber_penalty_in(const struct rules_game *g, int seat, int node,
    int comp)
{
	size_t i;
	int enemies = 0, friends = 0;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || p->node != node ||
		    p->carrier >= 0 || !ccg_is_character(p) ||
		    ccg_vehicle_compartment(g, (int)i) != comp || p->hidden)
			continue;
		if (p->controller == seat)
			friends++;
		else if (ccg_is_main(p) && p->controller >= 0)
			enemies++;
	}
	return enemies > friends ? enemies - friends : 0;
}
