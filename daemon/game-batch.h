/*
 * game-batch.h — a pass's work on many games in few transactions (issue
 * 28 item 3): the deadlines due and the games ready to resolve, each game
 * a unit of its own (store_unit_begin(): a SAVEPOINT inside the batch's
 * transaction, undone alone when it fails), up to max games committed
 * together with one fsync.
 *
 *	struct game_batch b;
 *
 *	game_batch_init(&b, st, max);
 *	for each game:
 *		if (game_batch_begin(&b, &cause) == -1)
 *			log it and stop (the store failed);
 *		rc = the game's unit;
 *		game_batch_end(&b, rc, phases it resolved);
 *	game_batch_flush(&b);
 *
 * Nothing of a unit is durable before its transaction commits; a crash,
 * a failed commit or the database ending the transaction undoes every
 * unit of it, and a later pass does them again (a deadline is still due,
 * a barrier still passed). Use from one thread; owns nothing.
 */
#ifndef MUTHUR_DAEMON_GAME_BATCH_H
#define MUTHUR_DAEMON_GAME_BATCH_H

#include <stddef.h>

struct store;

struct game_batch {
	struct store	*st;
	size_t		 max;		/* units a transaction (0: 1) */
	size_t		 units;		/* in the open transaction */
	size_t		 pending;	/* phases they resolved */
	size_t		 games;		/* units committed */
	size_t		 resolved;	/* phases resolved, committed */
	size_t		 commits;	/* transactions committed */
	size_t		 lost;		/* units undone with their transaction */
};

void game_batch_init(struct game_batch *b, struct store *st, size_t max);
/* Before a unit: the batch's transaction opened when none is. 0, or -1
 * with a reason (no unit can run). */
int game_batch_begin(struct game_batch *b, char **cause);
/*
 * After a unit, with its result (0 kept, -1 undone) and the phases it
 * resolved. A failed unit whose error ended the whole transaction takes
 * the units before it along (logged once). Commits once max units are in.
 */
void game_batch_end(struct game_batch *b, int rc, int resolved);
/* Commit the open transaction, if any (a failure is logged, its units lost). */
void game_batch_flush(struct game_batch *b);

#endif
