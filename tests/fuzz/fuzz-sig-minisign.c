/*
 * fuzz-sig-minisign.c — libFuzzer harness for the minisign signature parser
 * (mail/sig-minisign.c), with the key and orders of tests/data/sig so that
 * the seed corpus verifies all the way.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "mail/sig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define KEY "RWRfx3WdVOZSVwdioq3S7yOJbs9GoD7n6yCmYw3yeKh5Tnx+7T6y1gFC"
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
	struct pubkey pk;
	size_t off, span;
	char *cause = NULL;
	int rc;

	if (size > 65536 || sodium_init() < 0 || pubkey_parse(KEY, strlen(KEY), &pk, NULL) != 0)
		return 0;
	if (sig_minisign.find(text, size, &off, &span) == 1) {
		if (off + span > size)
			abort();
		rc = sig_minisign.verify(&pk, ORDERS, strlen(ORDERS), text + off, span, &cause);
		if ((rc == -1) != (cause != NULL))
			abort();
		free(cause);
		cause = NULL;
	}
	rc = sig_verify(&pk, ORDERS, strlen(ORDERS), text, size, &cause);
	if ((rc == -1) != (cause != NULL))
		abort();
	free(cause);
	return 0;
}
