/* json-alloc.c — cJSON's allocations through xmalloc (lib/json-alloc.h). */
#include "config.h"

#include <stdlib.h>

#include <cjson/cJSON.h>

#include "lib/json-alloc.h"
#include "lib/xmalloc.h"

void
json_alloc_init(void)
{
	cJSON_Hooks h = { xmalloc, free };

	cJSON_InitHooks(&h);
}
