/* fuzz-cards.c — libFuzzer harness for the JSON card data loader. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/ccg/card.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ccg_carddb *db;
	char *cause = NULL, *canon;
	size_t i;
	int rc;

	if (size > 65536)
		return 0;
	db = ccg_carddb_new();
	rc = ccg_carddb_add_json(db, "fuzz.json", (const char *)data, size, &cause);
	if ((rc == -1) != (cause != NULL))
		abort();	/* a reason exactly when refused */
	if (rc == -1 && db->ncards != 0)
		abort();	/* a refused file adds nothing */
	free(cause);
	cause = NULL;
	if (rc == 0 && ccg_carddb_seal(db, &cause) == 0) {
		canon = ccg_carddb_canonical(db, NULL);
		for (i = 0; i < db->ncards; i++)
			if (ccg_carddb_find_slug(db, db->cards[i]->slug) != db->cards[i] ||
			    ccg_carddb_find_id(db, db->cards[i]->id) != db->cards[i])
				abort();
		free(canon);
	}
	free(cause);
	ccg_carddb_free(db);
	return 0;
}
