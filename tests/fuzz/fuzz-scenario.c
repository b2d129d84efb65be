/*
 * fuzz-scenario.c — libFuzzer harness for the CCG scenario language
 * (tests/rules/scenario.c), which also drives the whole engine: setup,
 * edits, orders checking, resolving, views, save and load.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "tests/rules/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct ccg_carddb *db;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario_opts o;
	struct scenario_outcome out;
	char *text;

	if (db == NULL) {
		const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
		char *path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
		const char *paths[1] = { path };
		char *cause = NULL;

		db = ccg_carddb_load(paths, 1, &cause);
		if (db == NULL) {
			fprintf(stderr, "fuzz-scenario: %s\n", cause);
			abort();
		}
		free(path);
	}
	if (size > 16384)
		return 0;
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	memset(&o, 0, sizeof o);
	o.db = db;
	o.file = "fuzz.scn";
	o.topdir = NULL;	/* no file access */
	scenario_run(&o, text, &out);
	if (out.roundtrip_bad != 0)
		abort();	/* every state must survive save/load */
	scenario_outcome_free(&out);
	free(text);
	return 0;
}
