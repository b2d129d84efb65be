/*
 * suggest.h — "did you mean": the words nearest a mistyped one (edit
 * distance), game-neutral. rules/ccg/suggest.c uses it for refused orders.
 */
#ifndef MUTHUR_LIB_SUGGEST_H
#define MUTHUR_LIB_SUGGEST_H

#include <stddef.h>

/* Levenshtein distance of a and b, ASCII letters compared case-blind. */
size_t	suggest_distance(const char *a, const char *b);

/*
 * The words of cands[0..n) nearest word, at most 3, joined "a, b or c" in
 * the order of cands: those at the least distance, when it is at most a
 * third of word's length (1 at least); a candidate's distance is the
 * least of its own and that of each part after a '-' ("hicks" is 0 from
 * "cpl-hicks"); a candidate equal to word does not count. NULL when none
 * is that near. Caller frees.
 */
char	*suggest_nearest(const char *word, const char *const *cands, size_t n);

#endif
