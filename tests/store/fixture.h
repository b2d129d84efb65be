/*
 * fixture.h — realistic store transactions for the store tests, the crash
 * test and the benchmark: a 4-seat game, "store one order mail" and
 * "advance a phase", built only from the public store/ API the daemon uses.
 */
#ifndef MUTHUR_TESTS_STORE_FIXTURE_H
#define MUTHUR_TESTS_STORE_FIXTURE_H

#include <stdint.h>

#include "store/serverkey.h"
#include "store/store.h"

#define FIX_SEATS 4

struct fix_game {
	int64_t	 id;
	char	 name[64];
	int64_t	 seat_ids[FIX_SEATS];
};

/* A fixed server key (seed 0x42...), for reproducible tests. */
void fix_server_key(struct server_key *key);
/*
 * Create game name with FIX_SEATS seats, its initial state, setup
 * commitments (one per seat's deck), setup events, and phase 1 open with
 * its seed committed; one transaction of its own (or the caller's).
 */
int fix_game_new(struct store *st, const struct server_key *key, const char *name,
    int64_t now, struct fix_game *g, char **cause);
/*
 * n such games named prefix-0, prefix-1, ..., in transactions of 500 games
 * (the benchmarks' many idle games): 0, or -1 with a reason (the games of
 * the transactions committed before stay).
 */
int fix_games_new(struct store *st, const struct server_key *key, const char *prefix,
    int n, int64_t now, char **cause);
/* Load the ids of an existing fixture game. */
int fix_game_load(struct store *st, const char *name, struct fix_game *g, char **cause);
/*
 * Handle one order mail (number mail_no) from seat seat (0-based) for the
 * game's open phase: if the mail was seen, return 1 and change nothing;
 * else record it, store the orders, queue the acknowledgement; return 0.
 * No transaction of its own: the caller wraps it (to group mails).
 */
int fix_order_mail(struct store *st, const struct fix_game *g, int seat, uint64_t mail_no,
    int64_t now, char **cause);
/*
 * Advance the game's open phase: derive the random stream from the seed
 * and the orders' nonces, roll dice and shuffle, close the phase, open the
 * seed, record the new state and events, reveal one commitment and make
 * another, open the next phase (with a new seed) owed by every seat, and
 * queue one view mail per seat. No transaction of its own.
 */
int fix_advance(struct store *st, const struct server_key *key, const struct fix_game *g,
    int64_t now, char **cause);
/* The Message-ID the fixture gives order mail mail_no. */
char *fix_mail_message_id(uint64_t mail_no);

#endif
