/*
 * commitments.h — stored commitments to secrets and the phases' seeds.
 *
 * The server keeps each secret and its nonce (it must be able to open the
 * commitment later); a commitment is "revealed" once the rules open it,
 * and only then may an export show the secret. Hashing and signing are
 * commit.h's; a phase's seed is a commitment with domain RAND_SEED_DOMAIN
 * and secret-id rand_seed_secret_id(phase seq). Conventions as games.h.
 */
#ifndef MUTHUR_STORE_COMMITMENTS_H
#define MUTHUR_STORE_COMMITMENTS_H

#include <stddef.h>
#include <stdint.h>

#include "store/commit.h"
#include "store/random.h"
#include "store/serverkey.h"
#include "store/store.h"

struct store_commitment {
	int64_t		 id;
	int64_t		 game_id;
	char		*domain;
	char		*secret_id;
	unsigned char	 c[COMMIT_BYTES];
	unsigned char	 sig[COMMIT_SIG_BYTES];
	unsigned char	*secret;	/* NUL-terminated too */
	size_t		 secret_len;
	unsigned char	 nonce[COMMIT_NONCE_BYTES];
	uint64_t	 created_phase;	/* phase seq when made (0: setup) */
	int		 revealed;
	uint64_t	 revealed_phase;
};

/*
 * Commit to a secret of a game and store it: c and its signature by key,
 * with nonce as given (tests, replays) or fresh random bytes when nonce is
 * NULL. Refuses a (domain, secret-id) already used in the game, an empty
 * domain or secret-id, a server key other than the game's. *id, c and sig
 * (may be NULL) get the new commitment's id, hash and signature.
 */
int store_commitment_add(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *secret_id, const void *secret, size_t secret_len,
    uint64_t phase_seq, const unsigned char nonce[COMMIT_NONCE_BYTES], int64_t *id,
    unsigned char c[COMMIT_BYTES], unsigned char sig[COMMIT_SIG_BYTES], char **cause);
/*
 * Commit to secret name as it is after phase phase_seq (secret-id
 * "NAME@SEQ", fresh nonce; doc/commitments.md "Renewals"). When the
 * previous phase's renewal ("NAME@SEQ-1") holds the same bytes, the new
 * row names that row's bytes instead of keeping a copy (a secret is
 * renewed in every phase, changed or not, and most renewals are of
 * unchanged bytes). Reads return the bytes either way.
 */
int store_secret_renew(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *name, const void *secret, size_t secret_len,
    uint64_t phase_seq, char **cause);
/*
 * A fixed secret (rules.h: its bytes never change while it exists) in
 * phase phase_seq: when the latest commitment of name made before that
 * phase ("NAME@P") is unopened and holds these bytes, it still covers the
 * secret and nothing is made (0); otherwise a commitment "NAME@SEQ" is
 * made (1). -1 on error.
 */
int store_secret_keep(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *name, const void *secret, size_t secret_len,
    uint64_t phase_seq, char **cause);
/* Mark a commitment revealed in phase phase_seq; refuses if already so. */
int store_commitment_reveal(struct store *st, int64_t game_id, const char *domain,
    const char *secret_id, uint64_t phase_seq, char **cause);
/*
 * Open the latest commitment of secret name (secret-ids "NAME@P") made
 * before phase phase_seq, at that phase (a public event made the secret
 * public: rules.h "opens"). 1 when one was opened, 0 when there is none
 * to open (never committed, or the latest already open), -1 on error.
 */
int store_secret_open_latest(struct store *st, int64_t game_id, const char *domain,
    const char *name, uint64_t phase_seq, char **cause);
/* One commitment; NULL with a reason if there is none. */
struct store_commitment *store_commitment_get(struct store *st, int64_t game_id,
    const char *domain, const char *secret_id, char **cause);
/* All commitments of a game, oldest first. */
int store_commitments(struct store *st, int64_t game_id,
    struct store_commitment **v, size_t *n, char **cause);
/*
 * The commitments a view of phase phase_seq shows or counts
 * (daemon/view.h struct view_facts), oldest first: the latest unopened
 * commitment of each secret (secret-id up to its last '@') but the
 * seeds, the phase's seed while unopened, the opened seed made latest,
 * and, unless opened_since is UINT64_MAX, every commitment but a seed
 * opened in phase opened_since or later. A view built from these shows
 * and counts exactly what it does from store_commitments(); they are read
 * through indexes, a few rows a secret, however long the game.
 */
int store_commitments_current(struct store *st, int64_t game_id, uint64_t phase_seq,
    uint64_t opened_since, struct store_commitment **v, size_t *n, char **cause);
/* Open every commitment of the game not yet open, at phase phase_seq. */
int store_commitments_reveal_all(struct store *st, int64_t game_id, uint64_t phase_seq,
    char **cause);
void store_commitments_free(struct store_commitment *v, size_t n);

/*
 * A seed the server is about to commit for game_id (*out, RAND_SEED_BYTES):
 * fresh random bytes, or, for a game created under MUTHUR_TEST_SEED (its
 * game file TEST_SEED_FILE, lib/test-seed.h), derived from that file, the
 * game's name and label (which names the seed uniquely within the game,
 * such as its commitment's domain and secret id).
 */
int store_server_seed(struct store *st, int64_t game_id, const char *label,
    unsigned char out[RAND_SEED_BYTES], char **cause);

/*
 * Commit to the seed of a phase (before it opens to players): seed as
 * given, or RAND_SEED_BYTES fresh random bytes when seed is NULL; the
 * seed used is copied to seed_out if not NULL. Refuses a second seed.
 */
int store_seed_commit(struct store *st, const struct server_key *key, int64_t phase_id,
    const unsigned char *seed, unsigned char seed_out[RAND_SEED_BYTES], char **cause);
/* The seed of a phase (opened or not; the server needs it to resolve). */
int store_seed_get(struct store *st, int64_t phase_id, unsigned char seed[RAND_SEED_BYTES],
    char **cause);
/* Open the phase's seed: reveal its commitment at phase at_phase_seq. */
int store_seed_reveal(struct store *st, int64_t phase_id, uint64_t at_phase_seq,
    char **cause);

/*
 * Commit to the game's shuffle seed (random.h, RAND_SHUFFLE_DOMAIN): seed
 * as given (tests) or fresh random bytes when seed is NULL, recorded as
 * made in phase phase_seq (0 at new-game). Refuses a second one.
 */
int store_shuffle_seed_commit(struct store *st, const struct server_key *key,
    int64_t game_id, uint64_t phase_seq, const unsigned char *seed, char **cause);
/*
 * The game's shuffle seed (the server needs it for every phase); 1 when it
 * was found, 0 when the game has none (*cause untouched), -1 on error.
 */
int store_shuffle_seed_get(struct store *st, int64_t game_id,
    unsigned char seed[RAND_SEED_BYTES], char **cause);

#endif
