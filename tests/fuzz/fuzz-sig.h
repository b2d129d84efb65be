/*
 * fuzz-sig.h — shared by the signature harnesses (fuzz-sig-*.c): the
 * orders block of tests/data/sig/orders.txt, so that the seed corpora made
 * from the real signatures there verify all the way, and one run of a
 * format's find + verify with its invariants. Header only.
 */
#ifndef MUTHUR_FUZZ_SIG_H
#define MUTHUR_FUZZ_SIG_H

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "mail/sig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ORDERS \
	"-----BEGIN MUTHUR ORDERS-----\ngame: contact-17\nseat: marines\nturn: 3\n" \
	"phase: combat.declare.unhidden-ranged\nnonce: 6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7\n\n" \
	"attack hicks at alien-warrior-2 ranged with pulse-rifle\npass\n" \
	"-----END MUTHUR ORDERS-----\n"

/*
 * Find a signature of format d in text and verify it over FUZZ_ORDERS with
 * the key text keytext; then the same through sig_verify. Aborts when a
 * span leaves the text or a result and its reason disagree.
 */
static inline void
fuzz_sig_run(const struct sig_driver *d, const char *keytext, const char *text, size_t len)
{
	struct pubkey pk;
	size_t off, span;
	char *cause = NULL;
	int rc;

	if (sodium_init() < 0 || pubkey_parse(keytext, strlen(keytext), &pk, NULL) != 0)
		abort();
	if (d->find(text, len, &off, &span) == 1) {
		if (off > len || span > len - off)
			abort();
		rc = d->verify(&pk, FUZZ_ORDERS, strlen(FUZZ_ORDERS), text + off, span, &cause);
		if ((rc == -1) != (cause != NULL))
			abort();
		free(cause);
		cause = NULL;
	}
	rc = sig_verify(&pk, FUZZ_ORDERS, strlen(FUZZ_ORDERS), text, len, &cause);
	if ((rc == -1) != (cause != NULL))
		abort();
	free(cause);
}

#endif
