/*
 * state-edit.h — the scenario tests' edits and queries of a CCG position
 * (tests/rules/README), bypassing the rules: built for the tests only
 * (tests/rules/libccg-edit.a), never into muthur or muthurd.
 */
#ifndef MUTHUR_TESTS_RULES_STATE_EDIT_H
#define MUTHUR_TESTS_RULES_STATE_EDIT_H

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
