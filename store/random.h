/*
 * random.h — a phase's verifiable random stream (doc/product.md §5), pure code:
 * no SQL, no clock, no global state. The rules engine draws from it, the
 * offline auditor re-derives it bit for bit. Exact bytes in
 * doc/commitments.md.
 *
 * Before a phase opens the server commits to a fresh 32-byte seed (a
 * commitment, commit.h, with domain RAND_SEED_DOMAIN and secret-id
 * "phase-<phase seq>"). When the phase resolves, the stream is
 *
 *   K       = BLAKE2b-256( seed ‖ u32be(n) ‖ lp(nonce_1) ‖ ... ‖ lp(nonce_n) )
 *   block_i = BLAKE2b-512( key = K, message = u64be(i) )      i = 0, 1, ...
 *
 * with nonce_1..n the decoded bytes of the `nonce:` of each seat's current
 * orders, in seat order (seats without orders contribute nothing). The
 * stream is block_0 ‖ block_1 ‖ ...; a draw takes its next 4 bytes as a
 * big-endian uint32.
 */
#ifndef MUTHUR_STORE_RANDOM_H
#define MUTHUR_STORE_RANDOM_H

#include <stddef.h>
#include <stdint.h>

#define RAND_SEED_BYTES		32
#define RAND_NONCE_MIN		16	/* bytes (32 hex digits), doc/product.md §3 */
#define RAND_NONCE_MAX		64	/* bytes (128 hex digits) */
#define RAND_SEED_DOMAIN	"muthur.seed"
/*
 * The game's shuffle seed: one commitment per game (domain
 * RAND_SHUFFLE_DOMAIN, secret-id RAND_SHUFFLE_SECRET_ID), made when the
 * game is created, before any player can send a nonce, and opened only
 * when the game is over. Every draw that orders something hidden (the
 * deal, every reshuffle) comes from the phase's hidden stream:
 *
 *   S_p = BLAKE2b-256( "muthur-shuffle-v1" ‖ shuffle seed ‖ u64be(p) )
 *
 * used as the seed of rand_stream_init() with the same nonces as the
 * phase's public stream (p = the phase's seq). A seat that sees every
 * opened phase seed and every nonce still cannot compute a deck's order.
 */
#define RAND_SHUFFLE_DOMAIN	"muthur.shuffle-seed"
#define RAND_SHUFFLE_SECRET_ID	"game"

/*
 * The turn seed (doc/product.md §5, plans): a plan sends in one phase the
 * nonce of later phases of its turn, so every seed a turn can use is fixed
 * before the turn's first orders can be sent. When the first phase of turn
 * T opens, the server commits to a fresh turn seed (domain
 * RAND_TURN_DOMAIN, secret-id rand_turn_secret_id(T)); each phase p of the
 * turn then has the seed
 *
 *   seed_p = BLAKE2b-256( "muthur-turn-seed-v1" ‖ turn seed ‖ u64be(p) )
 *
 * committed as usual when p opens ("phase-p") and opened when p resolves.
 * The turn seed itself is opened when the turn's last phase resolves (a
 * seat that knew it could steer the later phases' dice with its nonces);
 * the auditor checks every opened seed_p against it.
 */
#define RAND_TURN_DOMAIN	"muthur.turn-seed"

struct rand_stream {
	unsigned char	key[32];	/* K */
	uint64_t	block_no;	/* index of the next block to make */
	unsigned char	block[64];	/* current block */
	size_t		pos;		/* bytes of block used */
	uint64_t	draws;		/* 32-bit words taken so far */
};

/* One nonce: its bytes (decoded from hex) and length. */
struct rand_nonce {
	const unsigned char	*bytes;
	size_t			 len;
};

/* Set up the stream of a phase from its seed and the orders' nonces. */
void rand_stream_init(struct rand_stream *rs, const unsigned char seed[RAND_SEED_BYTES],
    const struct rand_nonce *nonces, size_t n);
/*
 * Set up the hidden stream of phase phase_seq from the game's shuffle seed
 * and the same nonces (see RAND_SHUFFLE_DOMAIN).
 */
void rand_hidden_stream_init(struct rand_stream *rs,
    const unsigned char shuffle_seed[RAND_SEED_BYTES], uint64_t phase_seq,
    const struct rand_nonce *nonces, size_t n);
/* The next 32 bits of the stream. */
uint32_t rand_u32(struct rand_stream *rs);
/*
 * An unbiased integer in [0, bound), by rejection sampling: draw x =
 * rand_u32(); accept when x < 2^32 - (2^32 mod bound) and return x mod
 * bound, else draw again. bound 0 or 1 returns 0 and draws nothing.
 * ctx is a struct rand_stream *, so that the rules engine can call it
 * through a `uint32_t (*uniform)(void *ctx, uint32_t bound)` pointer.
 */
uint32_t rand_uniform(void *ctx, uint32_t bound);
/*
 * Fisher–Yates shuffle of n elements of size bytes at base: for i = n-1
 * down to 1, swap element i with element uniform(ctx, i + 1). Works with
 * rand_uniform or any other uniform function (e.g. a test's).
 */
void rand_shuffle(uint32_t (*uniform)(void *ctx, uint32_t bound), void *ctx,
    void *base, size_t n, size_t size);
/*
 * Parse a `nonce:` value: hex digits (either case), an even number of
 * them, RAND_NONCE_MIN to RAND_NONCE_MAX bytes, surrounding spaces allowed.
 * out must hold RAND_NONCE_MAX bytes; *len gets the byte count.
 */
int rand_nonce_parse(const char *hex, unsigned char out[RAND_NONCE_MAX], size_t *len,
    char **cause);
/* seed_p of phase phase_seq from its turn's seed (see RAND_TURN_DOMAIN). */
void rand_turn_phase_seed(const unsigned char turn_seed[RAND_SEED_BYTES],
    uint64_t phase_seq, unsigned char out[RAND_SEED_BYTES]);
/* The secret-id of a turn seed's commitment: "turn-<T>"; caller frees. */
char *rand_turn_secret_id(int turn);
/* The secret-id of a phase's seed commitment: "phase-<seq>"; caller frees. */
char *rand_seed_secret_id(uint64_t phase_seq);

#endif
