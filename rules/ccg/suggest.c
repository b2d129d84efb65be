/*
 * suggest.c — "did you mean" for a refused CCG order (issue 16): a word of
 * the order that names no card (a slug of the card data, with or without
 * a "-N" suffix) gets the nearest words of the seat's legal orders now
 * (lib/suggest.h); a card to play or discard that is not in the seat's
 * hand gets the hand. Only the seat's own legal orders and hand are read,
 * and whether a word names a card is a question of the public card data,
 * so the hint tells the seat nothing of what others hold.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/strbuf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/table.h"

/* Does w name a card, as its slug or a slug with a "-N" suffix? */
static int
names_card(const struct rules_game *g, const char *w)
{
	const char *dash = strrchr(w, '-');
	char *base;
	int found;

	if (ccg_carddb_find_slug(g->db, w) != NULL)
		return 1;
	if (dash == NULL || dash[1] == '\0' ||
	    strspn(dash + 1, "0123456789") != strlen(dash + 1))
		return 0;
	base = xstrndup(w, (size_t)(dash - w));
	found = ccg_carddb_find_slug(g->db, base) != NULL;
	free(base);
	return found;
}

/* The words of the order grammar itself ("play CARD on TARGET", "move C to
 * L dragging C", ...): never a name, so never a "did you mean". */
static int
grammar_word(const char *w)
{
	static const char *const words[] = { "on", "to", "at", "and", "with", "from",
	    "into", "between", "dragging", "left", "right", "close", "ranged", "here",
	    "real", "rotating", "loading", "helpers", "kill", "capture", NULL };
	size_t i;

	for (i = 0; words[i] != NULL; i++)
		if (strcasecmp(w, words[i]) == 0)
			return 1;
	return 0;
}

/* Split text at white space and commas (the lists of "move C, C to L")
 * into v (the words point into text). */
static size_t
split(char *text, char ***v)
{
	size_t n = 0;
	char *w, *save = NULL;

	*v = NULL;
	for (w = strtok_r(text, ", \t\n", &save); w != NULL; w = strtok_r(NULL, ", \t\n", &save)) {
		*v = xreallocarray(*v, n + 1, sizeof **v);
		(*v)[n++] = w;
	}
	return n;
}

static int
in_hand(const struct ccg_cards *h, const char *slug)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (strcasecmp(h->v[i]->slug, slug) == 0)
			return 1;
	return 0;
}

char *
ccg_refusal_hint(const struct rules_game *g, int seat, const struct ccg_order *o)
{
	const struct ccg_cards *hand = &g->seats[seat].hand;
	char *legal = ccg_legal(g, seat), *text = xstrdup(o->text), **lw, **ow, *near;
	size_t nl = split(legal, &lw), no = split(text, &ow), i, said = 0;
	struct strbuf sb = STRBUF_INIT;

	for (i = 1; i < no && said < 2; i++) {	/* the verb is the parser's */
		size_t k;

		for (k = 0; k < nl && strcasecmp(lw[k], ow[i]) != 0; k++)
			;
		if (k < nl || !isalpha((unsigned char)ow[i][0]) || grammar_word(ow[i]) ||
		    names_card(g, ow[i]))
			continue;
		if ((near = suggest_nearest(ow[i], (const char *const *)lw, nl)) != NULL) {
			strbuf_addf(&sb, "%s\"%s\" names nothing; did you mean %s?",
			    said ? " " : "", ow[i], near);
			free(near);
			said++;
		}
	}
	if (no > 1 && (strcasecmp(ow[0], "play") == 0 || strcasecmp(ow[0], "discard") == 0) &&
	    o->what != NULL && !in_hand(hand, o->what)) {
		strbuf_addf(&sb, "%s%s is not in your hand; your hand: ", said ? " " : "",
		    o->what);
		for (i = 0; i < hand->n; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", hand->v[i]->slug);
		if (hand->n == 0)
			strbuf_addstr(&sb, "empty");
		said++;
	}
	free(lw);
	free(ow);
	free(legal);
	free(text);
	if (said == 0) {
		strbuf_free(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}
