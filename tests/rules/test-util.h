/*
 * test-util.h — helpers for the CCG rules tests (test-rules,
 * test-hidden-game): a counter-based random stream and a view as text.
 */
#ifndef MUTHUR_TESTS_RULES_TEST_UTIL_H
#define MUTHUR_TESTS_RULES_TEST_UTIL_H

#include <stdint.h>

#include "rules/rules.h"

/* The stream's state: a seed and a counter (start it at 0). */
struct test_ctr {
	uint64_t	seed, n;
};

/* struct rules_rng's uniform() over a struct test_ctr: a mix of seed and
 * counter, unbiased by rejection; the same seed gives the same numbers. */
uint32_t test_ctr_uniform(void *ctx, uint32_t bound);
/* seat's view model of g (seat -1: a spectator) as compact JSON; caller
 * frees. */
char	*test_view_str(const struct rules *R, const struct rules_game *g,
	    int seat);

#endif
