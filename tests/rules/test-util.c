/*
 * test-util.c — see test-util.h.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/xmalloc.h"
#include "tests/rules/test-util.h"

uint32_t
test_ctr_uniform(void *ctx, uint32_t bound)
{
	struct test_ctr *c = ctx;
	uint64_t x = c->seed * 0x9e3779b97f4a7c15ULL + c->n++;
	uint32_t lim = UINT32_MAX - UINT32_MAX % bound;

	for (;;) {
		x ^= x >> 33;
		x *= 0xff51afd7ed558ccdULL;
		x ^= x >> 33;
		if ((uint32_t)x < lim)
			return (uint32_t)x % bound;
		x += c->n++;
	}
}

char *
test_view_str(const struct rules *R, const struct rules_game *g, int seat)
{
	cJSON *v = R->view(g, seat);
	char *s = cJSON_PrintUnformatted(v), *r = xstrdup(s);

	cJSON_free(s);
	cJSON_Delete(v);
	return r;
}
