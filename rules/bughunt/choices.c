/*
 * choices.c — where the rulebook says the players decide, the squad's
 * standing choice (bughunt.h, enum bh_pref): the words a `prefer` line
 * takes and the order they sort in. The choices themselves are applied
 * where their rules are: xeno-attack.c (who takes a shared tile's
 * wounds), xeno-move.c (where Xenomorphs adjacent to two squads go);
 * the squad's order (who is Point Man) is orders.c's `order` line.
 */
#include "config.h"

#include "rules/bughunt/bughunt.h"

const char *const bh_wound_pref_names[3] = { "even", "first", "last" };
const char *const bh_xeno_pref_names[3] = { "even", "here", "elsewhere" };

int
bh_pref_rank(int pref)
{
	return pref == BH_PREF_FIRST ? 0 : pref == BH_PREF_LAST ? 2 : 1;
}
