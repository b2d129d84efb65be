/*
 * legal-lines.h — a check the rules tests share: the template offers every
 * line legal() lists, so a seat that follows it must not be refused.
 */
#ifndef MUTHUR_TESTS_LEGAL_LINES_H
#define MUTHUR_TESTS_LEGAL_LINES_H

#include <stddef.h>

struct rules;
struct rules_game;

/*
 * How many lines of R->legal(g, seat) R->check() refuses on its own; the
 * first three are told with diag(). 0 when every one is accepted.
 */
int	legal_refused(const struct rules *R, const struct rules_game *g, size_t seat);

#endif
