/* random.c — a phase's verifiable random stream (see random.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/hashenc.h"
#include "store/random.h"

void
rand_stream_init(struct rand_stream *rs, const unsigned char seed[RAND_SEED_BYTES],
    const struct rand_nonce *nonces, size_t n)
{
	crypto_generichash_state h;
	size_t i;

	memset(rs, 0, sizeof *rs);
	crypto_generichash_init(&h, NULL, 0, sizeof rs->key);
	crypto_generichash_update(&h, seed, RAND_SEED_BYTES);
	hashenc_u32(&h, (uint32_t)n);
	for (i = 0; i < n; i++)
		hashenc_field(&h, nonces[i].bytes, nonces[i].len);
	crypto_generichash_final(&h, rs->key, sizeof rs->key);
	rs->pos = sizeof rs->block;	/* no block made yet */
}

void
rand_hidden_stream_init(struct rand_stream *rs,
    const unsigned char shuffle_seed[RAND_SEED_BYTES], uint64_t phase_seq,
    const struct rand_nonce *nonces, size_t n)
{
	static const char ctx[] = "muthur-shuffle-v1";
	crypto_generichash_state h;
	unsigned char seed[RAND_SEED_BYTES];

	crypto_generichash_init(&h, NULL, 0, sizeof seed);
	crypto_generichash_update(&h, (const unsigned char *)ctx, sizeof ctx - 1);
	crypto_generichash_update(&h, shuffle_seed, RAND_SEED_BYTES);
	hashenc_u64(&h, phase_seq);
	crypto_generichash_final(&h, seed, sizeof seed);
	rand_stream_init(rs, seed, nonces, n);
	sodium_memzero(seed, sizeof seed);
}

void
rand_turn_phase_seed(const unsigned char turn_seed[RAND_SEED_BYTES], uint64_t phase_seq,
    unsigned char out[RAND_SEED_BYTES])
{
	static const char ctx[] = "muthur-turn-seed-v1";
	crypto_generichash_state h;

	crypto_generichash_init(&h, NULL, 0, RAND_SEED_BYTES);
	crypto_generichash_update(&h, (const unsigned char *)ctx, sizeof ctx - 1);
	crypto_generichash_update(&h, turn_seed, RAND_SEED_BYTES);
	hashenc_u64(&h, phase_seq);
	crypto_generichash_final(&h, out, RAND_SEED_BYTES);
}

char *
rand_turn_secret_id(int turn)
{
	return xasprintf("turn-%d", turn);
}

uint32_t
rand_u32(struct rand_stream *rs)
{
	unsigned char msg[8];
	uint32_t x;
	int i;

	if (rs->pos + 4 > sizeof rs->block) {
		for (i = 0; i < 8; i++)
			msg[i] = (unsigned char)(rs->block_no >> (56 - 8 * i));
		crypto_generichash(rs->block, sizeof rs->block, msg, sizeof msg,
		    rs->key, sizeof rs->key);
		rs->block_no++;
		rs->pos = 0;
	}
	x = (uint32_t)rs->block[rs->pos] << 24 | (uint32_t)rs->block[rs->pos + 1] << 16 |
	    (uint32_t)rs->block[rs->pos + 2] << 8 | rs->block[rs->pos + 3];
	rs->pos += 4;
	rs->draws++;
	return x;
}

uint32_t
rand_uniform(void *ctx, uint32_t bound)
{
	struct rand_stream *rs = ctx;
	uint64_t limit;
	uint32_t x;

	if (bound <= 1)
		return 0;
	/* The largest multiple of bound that fits in 2^32. */
	limit = (UINT64_C(1) << 32) - ((UINT64_C(1) << 32) % bound);
	do
		x = rand_u32(rs);
	while ((uint64_t)x >= limit);
	return x % bound;
}

void
rand_shuffle(uint32_t (*uniform)(void *ctx, uint32_t bound), void *ctx,
    void *base, size_t n, size_t size)
{
	unsigned char *a = base, tmp[64], *big = NULL, *t;
	size_t i, j;

	if (n < 2 || size == 0)
		return;
	t = size <= sizeof tmp ? tmp : (big = xmalloc(size));
	for (i = n - 1; i > 0; i--) {
		j = uniform(ctx, (uint32_t)(i + 1));
		if (j == i)
			continue;
		memcpy(t, a + i * size, size);
		memcpy(a + i * size, a + j * size, size);
		memcpy(a + j * size, t, size);
	}
	free(big);
}

int
rand_nonce_parse(const char *hex, unsigned char out[RAND_NONCE_MAX], size_t *len,
    char **cause)
{
	const char *p = hex, *e;
	size_t n, i;

	while (*p == ' ' || *p == '\t')
		p++;
	for (e = p; isxdigit((unsigned char)*e); e++)
		;
	n = (size_t)(e - p);
	while (*e == ' ' || *e == '\t' || *e == '\r' || *e == '\n')
		e++;
	if (*e != '\0')
		return cause_set(cause, "nonce: unexpected character '%c' at position %zu "
		    "(expected hex digits 0-9, a-f)", *e, (size_t)(e - hex) + 1);
	if (n % 2 != 0)
		return cause_set(cause, "nonce: %zu hex digits, expected an even number", n);
	if (n / 2 < RAND_NONCE_MIN || n / 2 > RAND_NONCE_MAX)
		return cause_set(cause, "nonce: %zu bytes, expected %d to %d bytes "
		    "(%d to %d hex digits)", n / 2, RAND_NONCE_MIN, RAND_NONCE_MAX,
		    2 * RAND_NONCE_MIN, 2 * RAND_NONCE_MAX);
	for (i = 0; i < n / 2; i++) {
		char b[3] = { p[2 * i], p[2 * i + 1], '\0' };

		out[i] = (unsigned char)strtoul(b, NULL, 16);
	}
	*len = n / 2;
	return 0;
}

char *
rand_seed_secret_id(uint64_t phase_seq)
{
	return xasprintf("phase-%llu", (unsigned long long)phase_seq);
}
