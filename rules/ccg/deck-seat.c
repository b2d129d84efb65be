/*
 * deck-seat.c — a decklist turned into the seat of a new game (the card
 * slugs struct rules_seat takes), for everyone who starts or replays a game.
 */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/deck.h"
#include "rules/rules.h"

/* Append each entry's slug count times to *v. */
static void
slugs(const struct ccg_deck_entry *e, size_t ne, const char *const **v,
    size_t *n)
{
	const char **out = NULL;
	size_t i, k = 0;
	int c;

	for (i = 0; i < ne; i++)
		for (c = 0; c < e[i].count; c++) {
			out = xreallocarray(out, k + 1, sizeof *out);
			out[k++] = e[i].card->slug;
		}
	*v = out;
	*n = k;
}

int
ccg_decklist_seat(const struct ccg_carddb *db, const char *name,
    const char *seat, const char *faction, const char *text, size_t len,
    struct rules_seat *rs, char **cause)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl = ccg_decklist_parse(db, name, text, len, &p);
	int rc = 0;

	if (p.n > 0)
		rc = cause_set(cause, "%s", p.lines[0]);
	rs->name = seat;
	rs->faction = faction;
	slugs(dl->draw, dl->ndraw, &rs->deck, &rs->ndeck);
	slugs(dl->start, dl->nstart, &rs->start, &rs->nstart);
	ccg_decklist_free(dl);
	ccg_problems_free(&p);
	return rc;
}

void
ccg_decklist_seat_clear(struct rules_seat *rs)
{
	free((void *)rs->deck);
	free((void *)rs->start);
	rs->deck = rs->start = NULL;
	rs->ndeck = rs->nstart = 0;
}
