/*
 * fuzz-bughunt.c — libFuzzer harness for Aliens: Bug Hunt's parsers
 * (rules/bughunt/): the first byte chooses one. 'd': the input is a
 * component data file (bh_data_load(); what loads must give canonical
 * bytes that load to the same bytes). 'o': the input is a seat's orders
 * text for a game dealt from the sample data, checked and, when check()
 * accepts it, applied (resolve()), then the state saved and loaded again.
 * 's': the input is a state (bh_load()) for the sample data; what loads
 * is viewed and saved.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

extern const struct rules rules_bughunt;
static void *sample;

static uint32_t
counter(void *ctx, uint32_t bound)
{
	uint64_t *c = ctx;

	*c = *c * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*c >> 33) % bound;
}

static void
fuzz_data(const char *text, size_t len)
{
	const struct rules *R = &rules_bughunt;
	struct rules_file f = { "fuzz.json", text, len };
	char *cause = NULL, *c1, *c2;
	size_t l1, l2;
	void *d = R->data_load(&f, 1, &cause), *d2;

	free(cause);
	if (d == NULL)
		return;
	c1 = R->data_canonical(d, &l1);
	f.bytes = c1;
	f.len = l1;
	if ((d2 = R->data_load(&f, 1, NULL)) == NULL)
		abort();
	c2 = R->data_canonical(d2, &l2);
	if (l1 != l2 || memcmp(c1, c2, l1) != 0)
		abort();
	free(c1);
	free(c2);
	R->data_free(d);
	R->data_free(d2);
}

static void
fuzz_orders(const char *text)
{
	const struct rules *R = &rules_bughunt;
	struct rules_seat rs[2] = { { "blue", "blue", NULL, 0, NULL, 0 },
	    { "red", "red", NULL, 0, NULL, 0 } };
	struct rules_setup su = { "bug-hunt", rs, 2, NULL, 1, 0, NULL, 0 };
	uint64_t ctr = 7;
	struct rules_rng rng = { counter, &ctr, NULL, NULL };
	struct rules_game *g, *h;
	const char *orders[2];
	char *cause = NULL, *s;
	size_t len;
	cJSON *v;

	su.data = sample;
	if ((g = R->create(&su, &rng, NULL, NULL)) == NULL)
		abort();
	orders[0] = orders[1] = text;
	if (g->active >= 0 && R->check(g, (size_t)g->active, text, &cause) == 0) {
		if (R->resolve(g, orders, &rng, NULL, NULL) == -1)
			abort();	/* what check() accepts, resolve() applies */
	}
	free(cause);
	s = R->save(g, &len);
	if ((h = R->load(sample, s, len, NULL)) == NULL)
		abort();
	v = R->view(h, 0);
	cJSON_Delete(v);
	R->free(h);
	free(s);
	R->free(g);
}

static void
fuzz_state(const char *text, size_t len)
{
	const struct rules *R = &rules_bughunt;
	struct rules_game *g = R->load(sample, text, len, NULL);
	cJSON *v, *t;
	char *s, *legal;
	size_t n;

	if (g == NULL)
		return;
	v = R->view(g, 0);
	t = R->view_text(v, "blue");
	cJSON_Delete(t);
	cJSON_Delete(v);
	legal = R->legal(g, 0);
	free(legal);
	s = R->save(g, &n);
	free(s);
	R->free(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text;

	if (sample == NULL) {
		const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
		char *path = xasprintf("%s/rules/bughunt/data/bughunt-components.json", top);
		char *cause = NULL, *bytes;
		size_t len;
		struct rules_file f;

		if (fs_read_file(path, 1 << 20, &bytes, &len, &cause) == -1) {
			fprintf(stderr, "fuzz-bughunt: %s\n", cause);
			abort();
		}
		f.name = "bughunt-components.json";
		f.bytes = bytes;
		f.len = len;
		if ((sample = rules_bughunt.data_load(&f, 1, &cause)) == NULL) {
			fprintf(stderr, "fuzz-bughunt: %s\n", cause);
			abort();
		}
		free(bytes);
		free(path);
	}
	if (size < 1 || size > 65536)
		return 0;
	text = xmalloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (data[0] == 'd')
		fuzz_data(text, size - 1);
	else if (data[0] == 's')
		fuzz_state(text, size - 1);
	else
		fuzz_orders(text);
	free(text);
	return 0;
}
