/*
 * test-random.c — the phase random stream: 10^6 d6 pass a chi-square
 * test, shuffles are permutations and uniform, a replay gives the same
 * stream bit for bit, every input byte matters, nonces parse strictly.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "store/random.h"
#include "tests/tap.h"

#define ROLLS 1000000
/* chi-square critical values at p = 0.001 */
#define CHI2_DF5 20.515
#define CHI2_DF23 49.728

static double
chi2(const long *counts, int k, long total)
{
	double expect = (double)total / k, x = 0;
	int i;

	for (i = 0; i < k; i++)
		x += (counts[i] - expect) * (counts[i] - expect) / expect;
	return x;
}

/* A deliberately biased die: the test must catch it. */
static uint32_t
biased(void *ctx, uint32_t bound)
{
	uint32_t x = rand_u32(ctx) % 7;

	return x >= bound ? bound - 1 : x;
}

static void
make_stream(struct rand_stream *rs, unsigned char seedbyte, const char *n1hex,
    const char *n2hex)
{
	unsigned char seed[32], a[RAND_NONCE_MAX], b[RAND_NONCE_MAX];
	struct rand_nonce nonces[2];
	size_t la, lb;

	memset(seed, seedbyte, sizeof seed);
	rand_nonce_parse(n1hex, a, &la, NULL);
	rand_nonce_parse(n2hex, b, &lb, NULL);
	nonces[0].bytes = a;
	nonces[0].len = la;
	nonces[1].bytes = b;
	nonces[1].len = lb;
	rand_stream_init(rs, seed, nonces, 2);
}

static void
test_dice(void)
{
	struct rand_stream rs;
	long counts[6] = { 0 }, bc[6] = { 0 };
	double x;
	long i;
	int inrange = 1;

	make_stream(&rs, 7, "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100");
	for (i = 0; i < ROLLS; i++) {
		uint32_t r = rand_uniform(&rs, 6);

		if (r >= 6)
			inrange = 0;
		else
			counts[r]++;
	}
	ok(inrange, "every d6 roll is in range");
	x = chi2(counts, 6, ROLLS);
	ok(x < CHI2_DF5, "10^6 d6: chi-square %.2f < %.3f (df 5, p 0.001)", x, CHI2_DF5);
	diag("d6 counts %ld %ld %ld %ld %ld %ld", counts[0], counts[1], counts[2],
	    counts[3], counts[4], counts[5]);
	for (i = 0; i < ROLLS; i++)
		bc[biased(&rs, 6)]++;
	ok(chi2(bc, 6, ROLLS) > CHI2_DF5, "the same test rejects a biased die (%.0f)",
	    chi2(bc, 6, ROLLS));
}

static int
perm_index(const int *a)
{
	/* Lehmer code of a permutation of 0..3: 0..23. */
	int idx = 0, i, j, smaller;

	for (i = 0; i < 4; i++) {
		smaller = 0;
		for (j = i + 1; j < 4; j++)
			if (a[j] < a[i])
				smaller++;
		idx = idx * (4 - i) + smaller;
	}
	return idx;
}

static void
test_shuffle(void)
{
	struct rand_stream rs;
	long counts[24] = { 0 };
	int a[4], big[52], seen[52], i, j, perm = 1;
	double x;

	make_stream(&rs, 9, "0123456789abcdef0123456789abcdef", "abababababababababababababababab");
	for (i = 0; i < 240000; i++) {
		for (j = 0; j < 4; j++)
			a[j] = j;
		rand_shuffle(rand_uniform, &rs, a, 4, sizeof a[0]);
		counts[perm_index(a)]++;
	}
	x = chi2(counts, 24, 240000);
	ok(x < CHI2_DF23, "the 24 orders of 4 cards are equally likely: chi-square %.2f "
	    "< %.3f", x, CHI2_DF23);
	for (i = 0; i < 52; i++)
		big[i] = i;
	rand_shuffle(rand_uniform, &rs, big, 52, sizeof big[0]);
	memset(seen, 0, sizeof seen);
	for (i = 0; i < 52; i++) {
		if (big[i] < 0 || big[i] >= 52 || seen[big[i]]++)
			perm = 0;
	}
	ok(perm, "a shuffled 52-card deck is a permutation");
}

static void
test_replay(void)
{
	struct rand_stream a, b, c, d, e;
	int same = 1, diff_c = 0, diff_d = 0, diff_e = 0, i;
	uint32_t x;

	make_stream(&a, 1, "6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7", "00000000000000000000000000000001");
	make_stream(&b, 1, "6F1D0C2A9B7E4F55A3C1D2E3F4A5B6C7", " 00000000000000000000000000000001 ");
	make_stream(&c, 1, "00000000000000000000000000000001", "6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7");
	make_stream(&d, 2, "6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7", "00000000000000000000000000000001");
	make_stream(&e, 1, "6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7", "00000000000000000000000000000002");
	for (i = 0; i < 10000; i++) {
		x = rand_uniform(&a, (uint32_t)i + 2);
		if (x != rand_uniform(&b, (uint32_t)i + 2))
			same = 0;
		diff_c |= x != rand_uniform(&c, (uint32_t)i + 2);
		diff_d |= x != rand_uniform(&d, (uint32_t)i + 2);
		diff_e |= x != rand_uniform(&e, (uint32_t)i + 2);
	}
	ok(same, "a replay from the same seed and nonces gives the same stream");
	ok(a.draws == b.draws && memcmp(&a, &b, sizeof a) == 0,
	    "and ends in the same state (%llu words drawn)", (unsigned long long)a.draws);
	ok(diff_c, "the seat order of the nonces matters");
	ok(diff_d, "one changed seed byte gives another stream");
	ok(diff_e, "one changed nonce byte gives another stream");
	ok(rand_uniform(&a, 0) == 0 && rand_uniform(&a, 1) == 0 && a.draws == b.draws,
	    "bound 0 and 1 give 0 and draw nothing");
}

static void
test_nonce_parse(void)
{
	unsigned char out[RAND_NONCE_MAX];
	size_t len = 0;
	char *cause = NULL, big[2 * RAND_NONCE_MAX + 3];

	ok(rand_nonce_parse("6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7", out, &len, NULL) == 0 &&
	    len == 16 && out[0] == 0x6f && out[15] == 0xc7, "a 16-byte nonce parses");
	ok(rand_nonce_parse("6f1d0c2a9b7e4f55a3c1d2e3f4a5b6", out, &len, &cause) == -1,
	    "15 bytes are refused");
	is_str(cause, "nonce: 15 bytes, expected 16 to 64 bytes (32 to 128 hex digits)",
	    "naming the length expected");
	free(cause);
	cause = NULL;
	ok(rand_nonce_parse("6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c", out, &len, &cause) == -1,
	    "an odd number of digits is refused");
	free(cause);
	cause = NULL;
	ok(rand_nonce_parse("6f1d0c2a9b7e4f55a3c1d2e3f4a5b6cx", out, &len, &cause) == -1,
	    "a non-hex character is refused");
	is_str(cause, "nonce: unexpected character 'x' at position 32 (expected hex "
	    "digits 0-9, a-f)", "naming it and its position");
	free(cause);
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	ok(rand_nonce_parse(big, out, &len, NULL) == -1, "65 bytes are refused");
	big[2 * RAND_NONCE_MAX] = '\0';
	ok(rand_nonce_parse(big, out, &len, NULL) == 0 && len == RAND_NONCE_MAX,
	    "64 bytes are accepted");
}

int
main(void)
{
	char *id;

	if (sodium_init() < 0)
		skip_all("libsodium cannot initialise");
	test_dice();
	test_shuffle();
	test_replay();
	test_nonce_parse();
	id = rand_seed_secret_id(12);
	is_str(id, "phase-12", "a seed's secret-id names its phase");
	free(id);
	return done_testing();
}
