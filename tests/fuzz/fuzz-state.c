/*
 * fuzz-state.c — libFuzzer harness for loading a saved CCG state (the
 * auditor loads states from archives): whatever loads must save back to
 * the same bytes and give views, owed seats and legal orders without
 * crashing. The card data hash in the input ("cards":"<64 hex>") is set
 * to the sample set's own first, so that seeds stay good when the sample
 * cards change and the fuzzer reaches past that check.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "rules/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ccg_carddb *db;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct rules *R = rules_find("ccg");
	struct rules_game *g, *h;
	char *cause = NULL, *a, *b, *t, *buf, *hp;
	size_t la, lb, s;

	if (db == NULL) {
		const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
		char *path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
		const char *paths[1] = { path };

		db = ccg_carddb_load(paths, 1, &cause);
		if (db == NULL) {
			fprintf(stderr, "fuzz-state: %s\n", cause);
			abort();
		}
		free(path);
	}
	if (size > 65536)
		return 0;
	buf = xmalloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';
	if ((hp = strstr(buf, "\"cards\":\"")) != NULL &&
	    (size_t)(hp - buf) + 9 + 64 <= size)
		memcpy(hp + 9, db->hash_hex, 64);
	g = R->load(db, buf, size, &cause);
	free(buf);
	if (g == NULL) {
		if (cause == NULL)
			abort();	/* a refusal always says why */
		free(cause);
		return 0;
	}
	a = R->save(g, &la);
	h = R->load(db, a, la, &cause);
	if (h == NULL)
		abort();	/* what was saved loads */
	b = R->save(h, &lb);
	if (la != lb || memcmp(a, b, la) != 0)
		abort();	/* and saves the same */
	for (s = 0; s < R->nseats(g); s++) {
		cJSON *v = R->view(g, (int)s);

		cJSON_Delete(v);
		(void)R->owes(g, s);
		t = R->legal(g, s);
		free(t);
	}
	cJSON_Delete(R->view(g, -1));
	free(a);
	free(b);
	R->free(h);
	R->free(g);
	return 0;
}
