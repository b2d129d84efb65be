/*
 * fuzz-store-random.c — libFuzzer harness for the `nonce:` parser and the
 * random stream built from it: a parsed nonce has a legal length, a draw
 * is below its bound, a shuffle is a permutation, a replay is identical.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "store/random.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char nonce[RAND_NONCE_MAX], seed[RAND_SEED_BYTES] = { 0 };
	struct rand_nonce rn;
	struct rand_stream a, b;
	char *text, *cause = NULL;
	size_t len = 0, i;
	int deck[40], seen[40];
	uint32_t bound;

	if (size > 4096)
		return 0;
	text = xmemdup(data, size);
	if (rand_nonce_parse(text, nonce, &len, &cause) == -1) {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		free(text);
		return 0;
	}
	if (cause != NULL || len < RAND_NONCE_MIN || len > RAND_NONCE_MAX)
		abort();
	memcpy(seed, data, size < sizeof seed ? size : sizeof seed);
	rn.bytes = nonce;
	rn.len = len;
	rand_stream_init(&a, seed, &rn, 1);
	rand_stream_init(&b, seed, &rn, 1);
	for (i = 0; i < size && i < 64; i++) {
		bound = (uint32_t)data[i] << (data[i] % 25);
		if (rand_uniform(&a, bound) >= (bound > 0 ? bound : 1))
			abort();
		if (rand_uniform(&b, bound) >= (bound > 0 ? bound : 1))
			abort();
	}
	if (memcmp(&a, &b, sizeof a) != 0)
		abort();	/* replay diverged */
	for (i = 0; i < 40; i++)
		deck[i] = (int)i;
	rand_shuffle(rand_uniform, &a, deck, 40, sizeof deck[0]);
	memset(seen, 0, sizeof seen);
	for (i = 0; i < 40; i++)
		if (deck[i] < 0 || deck[i] >= 40 || seen[deck[i]]++)
			abort();
	free(text);
	return 0;
}
