/*
 * phase-resolve.h — the one way a phase is resolved from its record
 * (doc/game-record.md, "Resolve"), used alike by the game service
 * (daemon/game-resolve.c, from the store) and the auditor
 * (daemon/audit-replay.c, from an archive), so that the two can never
 * disagree: the same inputs, prepared by the same function.
 */
#ifndef MUTHUR_DAEMON_PHASE_RESOLVE_H
#define MUTHUR_DAEMON_PHASE_RESOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"
#include "store/random.h"

/* One seat's current orders of the phase, as recorded; all borrowed. */
struct phase_order {
	const char		*seat;		/* the seat's name */
	const char		*block;		/* the orders block (mail/block.h) */
	size_t			 block_len;
	const unsigned char	*nonce;		/* its decoded nonce */
	size_t			 nonce_len;
};

/*
 * Resolve the current phase of g (rules R): o[0..n) are the phase's
 * current orders in seat order (the store's and the archive's seat
 * order), seed the phase's seed, shuffle the game's shuffle seed (NULL: a
 * game made before there was one, whose hidden draws come from the
 * phase's stream) and seq the phase's number. Each block's order lines
 * for the phase R->phase(g) names (its header's, or those of the plan
 * section that covers it, mail/block.h), LF-terminated, are its seat's
 * orders text (a seat without orders
 * passes); the phase's stream is seed with every nonce in that order, the
 * hidden stream the shuffle seed's for seq with the same nonces
 * (store/random.h); then R->resolve(). -1 with *cause (nothing changed)
 * when a block does not parse, names no seat of g, or the rules refuse the
 * orders. Events are appended to ev (may be NULL).
 */
int phase_resolve(const struct rules *R, struct rules_game *g,
    const struct phase_order *o, size_t n, const unsigned char seed[RAND_SEED_BYTES],
    const unsigned char *shuffle, uint64_t seq, struct rules_events *ev,
    char **cause);

/*
 * Is `pass` the only legal order of seat now (PRODUCT.md §4; issue 33)?
 * Judged from R->legal() alone, whatever the game: every line of it that
 * is not a '#' hint or blank is "pass" (any case), and R->check() takes
 * "pass". 1 yes, 0 no (also when the seat owes nothing). The game service
 * then passes for the seat without asking it (daemon/game-pass.c) and the
 * auditor checks every such pass the same way.
 */
int phase_only_pass(const struct rules *R, const struct rules_game *g, size_t seat);

/* The sig_type of an order the server entered for a seat (a `pass`). */
#define PHASE_SERVER_ORDER "server"

#endif
