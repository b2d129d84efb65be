/* fuzz-config.c — libFuzzer harness for the muthur.conf parser. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/conf.h"
#include "lib/xmalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *cause = NULL;
	struct config *cf;

	if (size > 65536)
		return 0;
	text = xmemdup(data, size);
	cf = config_parse(text, "fuzz.conf", "/base", &cause);
	if ((cf == NULL) == (cause == NULL))
		abort();	/* exactly one of a config or a reason */
	config_free(cf);
	free(cause);
	free(text);
	return 0;
}
