/*
 * fuzz-sig-muthur.c — libFuzzer harness for muthur's own signature format
 * (mail/sig-muthur.c), with the key and orders of tests/data/sig; and
 * signing the input with a fixed key must always verify.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "mail/sig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define KEY "muthur-ed25519 eKNR7bl6M5mEfAEGRh+i+hMQG7zK72QtFRRhhOrSnpU="
#define ORDERS \
	"-----BEGIN MUTHUR ORDERS-----\n" \
	"game: contact-17\n" \
	"seat: marines\n" \
	"turn: 3\n" \
	"phase: combat.declare.unhidden-ranged\n" \
	"nonce: 6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7\n" \
	"\n" \
	"attack hicks at alien-warrior-2 ranged with pulse-rifle\n" \
	"pass\n" \
	"-----END MUTHUR ORDERS-----\n"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	unsigned char seed[32] = { 1 }, sk[64];
	struct pubkey pk, mine;
	size_t off, span;
	char *cause = NULL, *sig;
	int rc;

	if (size > 65536 || sodium_init() < 0 || pubkey_parse(KEY, strlen(KEY), &pk, NULL) != 0)
		return 0;
	if (sig_muthur.find(text, size, &off, &span) == 1) {
		if (off + span > size)
			abort();
		rc = sig_muthur.verify(&pk, ORDERS, strlen(ORDERS), text + off, span, &cause);
		if ((rc == -1) != (cause != NULL))
			abort();
		free(cause);
	}
	/* Any bytes signed by sig_muthur_sign verify with its key. */
	memset(&mine, 0, sizeof mine);
	mine.kind = PUBKEY_MUTHUR;
	crypto_sign_ed25519_seed_keypair(mine.key, sk, seed);
	sig = sig_muthur_sign(sk, text, size);
	if (sig_verify(&mine, text, size, sig, strlen(sig), NULL) != 0)
		abort();
	free(sig);
	return 0;
}
