/*
 * commit.h — commitments to secrets (doc/product.md §5), pure code (no SQL,
 * no clock): the daemon, the rules engine and the offline auditor share it.
 * The exact bytes are specified in doc/commitments.md.
 *
 *   c   = BLAKE2b-256( lp(domain) ‖ lp(game) ‖ lp(secret-id) ‖ lp(secret) ‖ nonce )
 *   sig = Ed25519(server key, "muthur-commitment-v1" ‖ lp(domain) ‖ lp(game)
 *                 ‖ lp(secret-id) ‖ c)
 *
 * where lp(x) is x's length as a 32-bit big-endian integer followed by x,
 * and nonce is 32 random bytes. domain, game and secret-id are strings
 * (their bytes, without NUL); the secret is any bytes.
 */
#ifndef MUTHUR_STORE_COMMIT_H
#define MUTHUR_STORE_COMMIT_H

#include <stddef.h>

#define COMMIT_BYTES		32
#define COMMIT_NONCE_BYTES	32
#define COMMIT_SIG_BYTES	64
#define COMMIT_SIG_CONTEXT	"muthur-commitment-v1"

/* The commitment c over the fields above. */
void commit_hash(const char *domain, const char *game, const char *secret_id,
    const void *secret, size_t secret_len, const unsigned char nonce[COMMIT_NONCE_BYTES],
    unsigned char c[COMMIT_BYTES]);
/* The server's signature over (domain, game, secret-id, c); sk as keyfile.h. */
void commit_sign(const unsigned char sk[64], const char *domain, const char *game,
    const char *secret_id, const unsigned char c[COMMIT_BYTES],
    unsigned char sig[COMMIT_SIG_BYTES]);
/* Does sig verify under the server public key pk? 0 yes, -1 no. */
int commit_sig_verify(const unsigned char pk[32], const char *domain, const char *game,
    const char *secret_id, const unsigned char c[COMMIT_BYTES],
    const unsigned char sig[COMMIT_SIG_BYTES]);
/*
 * Create a commitment: a fresh random nonce (libsodium's CSPRNG) into
 * nonce, then c and sig.
 */
void commit_create(const unsigned char sk[64], const char *domain, const char *game,
    const char *secret_id, const void *secret, size_t secret_len,
    unsigned char nonce[COMMIT_NONCE_BYTES], unsigned char c[COMMIT_BYTES],
    unsigned char sig[COMMIT_SIG_BYTES]);
/*
 * Check an opening: does (secret, nonce) hash to c for this domain, game
 * and secret-id? 0 yes, -1 no (with a reason in *cause).
 */
int commit_open_verify(const char *domain, const char *game, const char *secret_id,
    const void *secret, size_t secret_len, const unsigned char nonce[COMMIT_NONCE_BYTES],
    const unsigned char c[COMMIT_BYTES], char **cause);

#endif
