/*
 * fuzz-sig-muthur.c — libFuzzer harness for muthur's own signatures
 * (mail/sig-muthur.c); and whatever bytes sig_muthur_sign signs verify.
 */
#include "config.h"

#include <stdint.h>

#include "tests/fuzz/fuzz-sig.h"

/* tests/data/sig/muthur.pub */
#define KEY "muthur-ed25519 eKNR7bl6M5mEfAEGRh+i+hMQG7zK72QtFRRhhOrSnpU="

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char seed[32] = { 1 }, sk[64];
	struct pubkey mine;
	char *sig;

	if (size > 65536)
		return 0;
	fuzz_sig_run(&sig_muthur, KEY, (const char *)data, size);
	memset(&mine, 0, sizeof mine);
	mine.kind = PUBKEY_MUTHUR;
	crypto_sign_ed25519_seed_keypair(mine.key, sk, seed);
	sig = sig_muthur_sign(sk, (const char *)data, size);
	if (sig_verify(&mine, (const char *)data, size, sig, strlen(sig), NULL) != 0)
		abort();
	free(sig);
	return 0;
}
