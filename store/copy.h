/*
 * copy.h — every row of one store into another, empty one, whichever
 * their drivers (`muthur migrate`, daemon/cmd-migrate.c).
 */
#ifndef MUTHUR_STORE_COPY_H
#define MUTHUR_STORE_COPY_H

#include <stddef.h>

struct store;

struct store_copy_stats {
	size_t	tables;
	size_t	rows;
	size_t	games;
};

/*
 * Copy every table of from (games, seats, phases, orders, events,
 * commitments, seeds, states, files, keys of the organiser, processed
 * mail, the outbox, clocks, plans, leagues: all of them) into to, row for
 * row with the same ids and bytes, so that an export of a game from either
 * is the same. to must hold no rows (a new store); both stores must be at
 * STORE_SCHEMA_VERSION. One transaction on each: from is read in one
 * snapshot and kept from writers meanwhile; to gets all or nothing (a
 * failure or a crash leaves it empty). 0 with *stats, or -1 with a reason.
 */
int store_copy(struct store *from, struct store *to, struct store_copy_stats *stats,
    char **cause);

#endif
