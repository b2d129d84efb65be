/* fuzz-block.c — libFuzzer harness for finding and parsing the orders block. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mail/block.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct orders_block b;
	struct orders *o;
	char *cause = NULL, *again;
	size_t len;
	int rc;

	rc = orders_block_find((const char *)data, size, &b, &cause);
	if (rc == 1) {
		/* Normalisation is idempotent. */
		again = orders_normalise(b.signed_bytes, b.signed_len, &len);
		if (len != b.signed_len || memcmp(again, b.signed_bytes, len) != 0)
			abort();
		free(again);
		o = orders_parse(b.signed_bytes, b.signed_len, &cause);
		if ((o == NULL) != (cause != NULL))
			abort();
		orders_free(o);
		orders_block_clear(&b);
	} else if ((rc == -1) != (cause != NULL))
		abort();
	free(cause);
	return 0;
}
