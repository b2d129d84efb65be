/*
 * state-edit.h — the scenario tests' edits and queries of a position
 * (tests/rules/README). The functions follow the conventions of
 * rules/ccg/ccg.h; doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_STATE_EDIT_H
#define MUTHUR_RULES_CCG_STATE_EDIT_H

#include "rules/ccg/ccg.h"

/* state-edit.c: test positions and questions (tests/rules/README) */
/* Apply one edit line, bypassing the rules; -1 with a reason. */
int	 ccg_edit(struct rules_game *g, const char *line, char **cause);
/* Answer a query as a new string, or NULL with a reason. */
char	*ccg_query(const struct rules_game *g, const char *q, char **cause);

/* state-edit-extra.c: the scenario tests' edits and queries for hidden
 * movement and the Alien life cycle (list there): 1 when handled (*r or
 * *out set), 0 when not one of them. */
int	 ccg_edit_extra(struct rules_game *g, char **w, size_t n, int *r,
	    char **cause);
int	 ccg_query_extra(const struct rules_game *g, char **w, size_t n,
	    char **out);

#endif
