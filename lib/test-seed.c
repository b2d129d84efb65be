/* test-seed.c — MUTHUR_TEST_SEED (see test-seed.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/test-seed.h"

#define TEST_SEED_CONTEXT "muthur test seed v1"

const char *
test_seed_env(void)
{
	const char *s = getenv(TEST_SEED_ENV);

	return s != NULL && *s != '\0' ? s : NULL;
}

void
test_seed_derive(const void *seed, size_t seedlen, const char *scope,
    const char *label, size_t labellen, unsigned char *out, size_t outlen)
{
	crypto_generichash_state h;
	unsigned char key[32];

	crypto_generichash_init(&h, NULL, 0, sizeof key);
	crypto_generichash_update(&h, (const unsigned char *)TEST_SEED_CONTEXT,
	    sizeof TEST_SEED_CONTEXT);
	crypto_generichash_update(&h, seed, seedlen);
	crypto_generichash_update(&h, (const unsigned char *)"", 1);
	crypto_generichash_update(&h, (const unsigned char *)scope, strlen(scope));
	crypto_generichash_final(&h, key, sizeof key);
	crypto_generichash(out, outlen, (const unsigned char *)label, labellen, key,
	    sizeof key);
	sodium_memzero(key, sizeof key);
}

void
test_seed_nonce(const void *what, size_t whatlen, unsigned char *out, size_t outlen)
{
	static uint64_t counter;
	const char *seed = test_seed_env();
	char scope[32];

	if (seed == NULL) {
		randombytes_buf(out, outlen);
		return;
	}
	snprintf(scope, sizeof scope, "nonce %llu", (unsigned long long)++counter);
	test_seed_derive(seed, strlen(seed), scope, what, whatlen, out, outlen);
}
