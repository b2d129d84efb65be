/*
 * victory.h — "Victory: Winning the Game", the Contact victory conditions.
 * The functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_VICTORY_H
#define MUTHUR_RULES_CCG_VICTORY_H

#include "rules/ccg/ccg.h"

/* victory-contact.c */
/* Give places to seats that fulfil their Contact conditions now. */
void	 ccg_victory_check(struct rules_game *g, struct rules_events *ev);
/* Has the game ended (enough places decided)? */
int	 ccg_game_over(const struct rules_game *g);

#endif
