/* fuzz-pubkey.c — libFuzzer harness for the public key parser (mail/pubkey.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "mail/pubkey.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pubkey pk, back;
	char *cause = NULL, *canon;
	int rc;

	if (size > PUBKEY_FILE_MAX || sodium_init() < 0)
		return 0;
	rc = pubkey_parse((const char *)data, size, &pk, &cause);
	if ((rc == -1) != (cause != NULL))
		abort();	/* exactly one of a key or a reason */
	if (rc == 0) {
		/* The canonical form reads back to the same key. */
		canon = pubkey_format(&pk);
		if (pubkey_parse(canon, strlen(canon), &back, &cause) != 0 ||
		    !pubkey_equal(&pk, &back))
			abort();
		free(canon);
	}
	free(cause);
	return 0;
}
