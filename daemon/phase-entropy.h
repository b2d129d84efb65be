/*
 * phase-entropy.h — which seats' nonces feed a phase's draws
 * (doc/commitments.md, "Seat entropy"), shared by the game service
 * (daemon/game-resolve.c) and the auditor (daemon/audit-replay.c).
 *
 * A game started by this muthur has the game file ENTROPY_FILE holding
 * ENTROPY_SEATS: its deal waits for a signed `ready` of every seat
 * (daemon/game-ready.c), the turn seed of turn T+1 is committed when turn
 * T's first phase opens, and a phase p mixes, after the nonces of its
 * current orders (as before), the latest nonce of every seat without its
 * own signed orders in p: that of the seat's current signed orders of the
 * latest phase r with m <= r < p, m being the phase in which the
 * commitment that fixes p's seed was made (entropy_commit_phase()). A
 * game without the file (made before) mixes its orders' nonces alone.
 */
#ifndef MUTHUR_DAEMON_PHASE_ENTROPY_H
#define MUTHUR_DAEMON_PHASE_ENTROPY_H

#include <stddef.h>
#include <stdint.h>

#define ENTROPY_FILE	"entropy.txt"
#define ENTROPY_SEATS	"seats-v1\n"

/* Do the bytes of ENTROPY_FILE name the seats scheme? 1 or 0. */
int entropy_is_seats(const void *bytes, size_t len);

/*
 * The phase in which the commitment fixing the seed of phase seq (of turn
 * turn) was made: the turn seed's (turn_seed_made, 0 when the turn has
 * none) for a phase of turn 1 or later, else seq itself (a fresh seed,
 * committed when the phase opened).
 */
uint64_t entropy_commit_phase(uint64_t seq, int turn, uint64_t turn_seed_made);

#endif
