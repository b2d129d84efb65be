/* fuzz-orders.c — libFuzzer harness for the CCG orders-line parser. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ccg_orders os;
	char *text, *cause = NULL;
	size_t i;

	if (size > 65536)
		return 0;
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	if (ccg_orders_parse(text, &os, &cause) == 0) {
		if (cause != NULL)
			abort();	/* success leaves no reason */
		for (i = 0; i < os.n; i++)
			if (os.v[i].line < 1 || os.v[i].text == NULL ||
			    os.v[i].verb < 0 || os.v[i].verb >= CCG_NVERBS)
				abort();
		ccg_orders_free(&os);
	} else if (cause == NULL || strncmp(cause, "line ", 5) != 0)
		abort();	/* every refusal names its line */
	free(cause);
	free(text);
	return 0;
}
