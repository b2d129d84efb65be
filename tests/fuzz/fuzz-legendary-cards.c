/* fuzz-legendary-cards.c — libFuzzer harness for the Legendary card data loader. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/legendary/legendary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lg_db *db;
	char *cause = NULL, *un;
	int i, n;

	if (size > 1 << 20)
		return 0;
	db = lg_db_load("fuzz.json", (const char *)data, size, &cause);
	if ((db == NULL) != (cause != NULL))
		abort();	/* a reason exactly when refused */
	free(cause);
	if (db == NULL)
		return 0;
	for (i = 0; i < db->ncards; i++)
		if (lg_card_find(db, db->cards[i].slug) != i)
			abort();	/* slugs are unique */
	un = lg_db_unexpressed(db, &n);
	free(un);
	lg_db_free(db);
	return 0;
}
