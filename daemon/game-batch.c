/* game-batch.c — many games' units in few transactions (game-batch.h). */
#include "config.h"

#include <stdlib.h>

#include "daemon/game-batch.h"
#include "lib/log.h"
#include "store/store.h"

void
game_batch_init(struct game_batch *b, struct store *st, size_t max)
{
	b->st = st;
	b->max = max > 0 ? max : 1;
	b->units = b->pending = b->games = b->resolved = b->commits = b->lost = 0;
}

int
game_batch_begin(struct game_batch *b, char **cause)
{
	if (store_in_transaction(b->st))
		return 0;
	b->units = b->pending = 0;
	return store_begin(b->st, cause);
}

/* The open transaction's units undone (not committed). */
static void
lose(struct game_batch *b, const char *why)
{
	if (b->units > 0)
		log_warnx("%s: %zu games' work undone, left for the next pass", why,
		    b->units);
	b->lost += b->units;
	b->units = b->pending = 0;
}

void
game_batch_end(struct game_batch *b, int rc, int resolved)
{
	if (rc == -1 && !store_in_transaction(b->st)) {
		lose(b, "the database ended the transaction");
		return;
	}
	if (rc == 0) {
		b->units++;
		b->pending += resolved > 0 ? (size_t)resolved : 0;
	}
	if (b->units >= b->max)
		game_batch_flush(b);
}

void
game_batch_flush(struct game_batch *b)
{
	char *why = NULL;

	if (!store_in_transaction(b->st))
		return;
	if (store_commit(b->st, &why) == -1) {
		log_warnx("storing a batch of games: %s", why);
		free(why);
		lose(b, "the commit failed");
		return;
	}
	b->commits++;
	b->games += b->units;
	b->resolved += b->pending;
	b->units = b->pending = 0;
}
