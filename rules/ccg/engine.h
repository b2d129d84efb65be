/*
 * engine.h — what the struct rules table (engine.c) hands over to besides
 * the rule families: the legal orders, the view model, the saved state.
 * The functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_ENGINE_H
#define MUTHUR_RULES_CCG_ENGINE_H

#include "rules/ccg/ccg.h"

/* legal-orders.c */
/* struct rules legal(): new string, caller frees. */
char	*ccg_legal(const struct rules_game *g, int seat);
/* struct rules legal_memo(): ccg_legal() of g remembered until NULL, and
 * again for a later ccg_legal_memo(g) while g keeps its serial. */
void	 ccg_legal_memo(const struct rules_game *g);
/* 0 when seat has no legal order besides pass (stops at the first). */
size_t	 ccg_legal_count(const struct rules_game *g, int seat);

/* view.c: struct rules view() (keys listed in view.c). */
cJSON	*ccg_view(const struct rules_game *g, int seat);

/* state-serial.c: struct rules save(), load() and secrets(). */
char	*ccg_save(const struct rules_game *g, size_t *len);
struct rules_game *ccg_load(const struct ccg_carddb *db, const char *bytes,
	    size_t len, char **cause);
void	 ccg_secrets(const struct rules_game *g, struct rules_secret **out,
	    size_t *n);

#endif
