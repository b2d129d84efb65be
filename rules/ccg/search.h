/*
 * search.h — "The Search Round" and the Rogues: searching, concealing,
 * backstab, data theft, hostages. The functions follow the conventions of
 * rules/ccg/ccg.h; doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_SEARCH_H
#define MUTHUR_RULES_CCG_SEARCH_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* search.c */
/* The search and find orders. */
int	 ccg_search_declare(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
int	 ccg_search_find(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* End of the Search Round: searches are over. */
void	 ccg_search_end(struct rules_game *g);
/* Feed try() the search lines (search.declare) and the find lines
 * (search.find) of seat. */
void	 ccg_search_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);
void	 ccg_find_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* concealed.c ("Prohibited Concealable Weapons") */
/* The "conceal ITEM" order of the Search Round. */
int	 ccg_conceal(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Is item it face down for seat (shown as its alias)? */
int	 ccg_concealed_from(const struct rules_game *g, int it, int seat);
/* "concealed-N" for item it; caller frees. */
char	*ccg_concealed_alias(const struct rules_game *g, int it);
/* Turn item it face up for everyone (public event with "opens"). */
void	 ccg_concealed_reveal(struct rules_game *g, int it,
	    struct rules_events *ev);
/* Reveal concealed items that were used in an attack, fell or left play. */
void	 ccg_concealed_tidy(struct rules_game *g, struct rules_events *ev);
/* The concealed item a drop or transfer order shows, or -1. */
int	 ccg_concealed_touched(const struct rules_game *g,
	    const struct ccg_order *o);
/* Append one secret per concealed item. */
void	 ccg_concealed_secrets(const struct rules_game *g,
	    struct rules_secret **out, size_t *n);
/* Feed try() the candidate conceal lines of seat (Search Round). */
void	 ccg_concealed_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* backstab.c ("Prohibited Concealable Weapons": the Rogues' backstab) */
/* The "backstab TARGET with ITEM" order of the Movement Step: the Rogue
 * carrying the concealed Concealable weapon ITEM (its id, or the alias
 * concealed-N) declares its once-a-turn free attack on TARGET; the item
 * is revealed at once (public event with the commitment's opening). */
int	 ccg_backstab(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* End of seat's segment of the Movement Step: its declared backstabs
 * roll to hit and deal damage (free attacks resolve as they are made);
 * with rng NULL they are dropped unrolled. */
void	 ccg_backstab_resolve(struct rules_game *g, int seat,
	    struct rules_rng *rng, struct rules_events *ev);
/* Feed try() the candidate backstab lines of seat (Movement Step). */
void	 ccg_backstab_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* data-theft.c ("Rogues And Data Theft") */
/* The "steal CHAR" order of the Search Round. */
int	 ccg_steal_data(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Drives in Water/Submerged locations and dead Synthetics lose data. */
void	 ccg_data_tidy(struct rules_game *g, struct rules_events *ev);
/* Feed try() the candidate steal lines of seat (Search Round). */
void	 ccg_data_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* data-theft.c: a damaged drive keeps its tokens but yields none */
/* A damaged drive piece pi carries that holds data tokens, or -1. */
int	 ccg_data_damaged_drive(const struct rules_game *g, int pi);

/* hostages.c ("Rogues And Hostages", "Hostages and Liberation") */
/* Take hostages (Rogue control, or an armed Rogue main and no Marine main
 * with them; their items drop) and liberate them (no Rogue main left, a
 * Marine main there). */
void	 ccg_hostages_update(struct rules_game *g, struct rules_events *ev);
/* Does move order o of seat take along an armed Rogue main character, so
 * the hostages in it may follow? */
int	 ccg_hostage_escorted(const struct rules_game *g, int seat,
	    const struct ccg_order *o);

#endif
