/*
 * discard-draw.h — the Discard And Draw Round and Binding. The functions
 * follow the conventions of rules/ccg/ccg.h; doc/ccg-rules-map.md says
 * which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_DISCARD_DRAW_H
#define MUTHUR_RULES_CCG_DISCARD_DRAW_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* discard-draw.c */
/* Seat's current legal hand size (>= 0). */
int	 ccg_hand_size(const struct rules_game *g, int seat);
/* The discard order. */
int	 ccg_discard(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Draw up to upto cards (< 0: the hand size), cycling the deck. */
void	 ccg_draw_up(struct rules_game *g, int seat, int upto,
	    struct rules_rng *rng, struct rules_events *ev);
/* The refill at the end of the Discard and Draw Round, R-M-P-A. */
void	 ccg_draw_round(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);
/* Feed try() the discard lines of seat. */
void	 ccg_discard_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* binding.c ("Binding") */
/* The Break Rolls at the start of the Discard and Draw Round. */
void	 ccg_binding_break_rolls(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);
/* The "free BOUND [with HELPER, ...]" order (Discard and Draw Round). */
int	 ccg_binding_free(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Feed try() the lines freeing seat's bound characters. */
void	 ccg_free_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

#endif
