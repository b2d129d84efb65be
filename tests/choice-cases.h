/*
 * choice-cases.h — the cases of doc/rulebook-choices.tsv that a game's C
 * harness plays (tests/rules/test-choices.sh runs `PROGRAM --choice ID`):
 * each plays one position twice, with the order or game option the table
 * names and by default, and the two outcomes must differ.
 */
#ifndef MUTHUR_TESTS_CHOICE_CASES_H
#define MUTHUR_TESTS_CHOICE_CASES_H

#include <stddef.h>

struct choice_case {
	const char	*id;		/* the table's id */
	/* the outcome as a new string: with the choice (chosen 1) or by
	 * default (0); arg is the case's own */
	char		*(*run)(int chosen, const char *arg);
	const char	*arg;
};

/*
 * Plays every case of v[0..n-1], or only the one whose id is only (none
 * such: a failure), both ways, and reports through report() "choice ID:
 * the order changes the outcome (...)" with whether they differ (an
 * outcome starting "refused" never does).
 */
void	choice_cases_run(const struct choice_case *v, size_t n, const char *only,
	    void (*report)(int cond, const char *what));

#endif
