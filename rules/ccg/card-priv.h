/*
 * card-priv.h — private to rules/ccg/card*.c: the pieces the card database
 * is built from.
 */
#ifndef MUTHUR_CCG_CARD_PRIV_H
#define MUTHUR_CCG_CARD_PRIV_H

#include <stddef.h>

#include "rules/ccg/card.h"

struct ccg_carddb_priv {
	struct ccg_card	**by_slug;	/* the cards sorted by slug (after seal) */
};

/* One parsed file: its cards (each allocated, owned here) and header. */
struct ccg_cardfile {
	struct ccg_card	**cards;
	size_t		  ncards;
	int		  sample;
};

/*
 * Parse one JSON card file (card-json.c). On success fills *out (the
 * caller frees with ccg_cardfile_clear()); on failure returns -1 with the
 * reason (file, card, field) in *cause and out holds nothing.
 */
int ccg_cardfile_parse(const char *name, const char *data, size_t len,
    struct ccg_cardfile *out, char **cause);
void ccg_cardfile_clear(struct ccg_cardfile *f);
/* Free one card and every string it holds. */
void ccg_card_free(struct ccg_card *c);

#endif
