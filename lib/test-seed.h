/*
 * test-seed.h — MUTHUR_TEST_SEED: randomness a test can fix and replay
 * (doc/testing.md).
 *
 * A production server never derives a draw from anything but libsodium's
 * randombytes. A test sets MUTHUR_TEST_SEED (any text) in the environment;
 * then:
 *   - a game created while it is set records it as its game file
 *     TEST_SEED_FILE, and every seed the server commits for that game
 *     (phase, turn and shuffle seeds) is derived from that file, the game's
 *     name and the seed's own label, so the same seed replays the same
 *     deals, shuffles and rolls; `muthur audit` refuses such a game unless
 *     the auditor runs with the same MUTHUR_TEST_SEED (a game whose draws
 *     were known in advance is never an audit-passing production game);
 *   - the scripted demo players' nonces are derived from it and from what
 *     they sign (`muthur sign` draws fresh ones always: a player's nonce is
 *     the player's own, and two signings never share one).
 * Secret hiding nonces of commitments stay random: they feed no draw.
 */
#ifndef MUTHUR_LIB_TEST_SEED_H
#define MUTHUR_LIB_TEST_SEED_H

#include <stddef.h>

/* The game file that marks a game played under a test seed. */
#define TEST_SEED_FILE	"test-seed"
#define TEST_SEED_ENV	"MUTHUR_TEST_SEED"

/* MUTHUR_TEST_SEED's value, or NULL when it is unset or empty. */
const char *test_seed_env(void);

/*
 * out (outlen bytes, 16..64) = BLAKE2b keyed by BLAKE2b-256("muthur test
 * seed v1" ‖ seed ‖ 0 ‖ scope) over label: the same three inputs always
 * give the same bytes, and different labels unrelated ones.
 */
void test_seed_derive(const void *seed, size_t seedlen, const char *scope,
    const char *label, size_t labellen, unsigned char *out, size_t outlen);

/*
 * A player-side nonce (outlen bytes, 16..64): random, or under
 * MUTHUR_TEST_SEED derived from it, from what (whatlen bytes, the text
 * being signed or its context) and from a per-process counter, so that a
 * process that signs the same text twice gets two nonces, and a rerun
 * with the same seed gets the same ones.
 */
void test_seed_nonce(const void *what, size_t whatlen, unsigned char *out,
    size_t outlen);

#endif
