/*
 * scenario.h — running CCG scenario files (format: tests/rules/README).
 *
 * scenario_run() plays one scenario text through the rules interface and
 * reports every expectation to a callback; nothing is printed. Used by the
 * TAP runner test-scenarios and by the fuzz harness fuzz-scenario.
 */
#ifndef MUTHUR_TESTS_RULES_SCENARIO_H
#define MUTHUR_TESTS_RULES_SCENARIO_H

#include <stddef.h>

#include "rules/ccg/card.h"

/* One checked expectation: ok is 1 or 0; detail may be NULL. */
typedef void scenario_report_fn(void *arg, int ok, const char *file, int line,
    const char *what, const char *detail);

struct scenario_opts {
	const struct ccg_carddb	*db;		/* sealed; the scenario's cards */
	const char		*file;		/* name used in reports */
	const char		*topdir;	/* deckfile paths are relative to it;
						   NULL forbids deckfile lines */
	scenario_report_fn	*report;	/* NULL: only count */
	void			*arg;
	int			 by_default;	/* 1: the "default" run of a choice
						   scenario: "chosen" lines
						   dropped, "default" lines kept,
						   only those checked */
};

struct scenario_outcome {
	int	 checks;	/* expectations checked */
	int	 failures;	/* of which failed */
	int	 roundtrip_bad;	/* states that did not survive save/load */
	char	*trace;		/* every saved state in order, LF-separated */
	size_t	 tracelen;
	char	*choice;	/* "choice ID"; NULL when none */
	char	*outcome;	/* each "outcome QUERY" as "QUERY = ANSWER\n" */
};

/* Run text (at most 1 MiB; not modified). Fills *out; free with
 * scenario_outcome_free(). */
void	scenario_run(const struct scenario_opts *o, const char *text,
	    struct scenario_outcome *out);
void	scenario_outcome_free(struct scenario_outcome *out);

#endif
