/*
 * verify.h — checking everything a game's records promise.
 */
#ifndef MUTHUR_STORE_VERIFY_H
#define MUTHUR_STORE_VERIFY_H

#include <stdint.h>

#include "store/store.h"

/*
 * Verify one game: its event hash chain (events.h), every commitment's
 * server signature (under the public key recorded with the game) and its
 * opening (the stored secret and nonce hash to it), every phase seed
 * (a RAND_SEED_DOMAIN commitment named after its phase, 32 bytes, opened
 * once the phase is closed), every recorded state's hash. Returns 0 when
 * all holds; otherwise -1 and *cause names the first bad record, e.g.
 * "game contact-17: event 7 (card.revealed): its hash does not match its
 * contents" or "game contact-17: commitment 4 (ccg.marker/hicks): the
 * server signature does not verify".
 */
int store_game_verify(struct store *st, int64_t game_id, char **cause);

#endif
