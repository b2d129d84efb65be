/*
 * order-words.c — reading the words of one order line (muthur-orders(5)):
 * identifiers (lowercase slugs of card names with -N suffixes), the
 * words an order's usage fixes, lists of names, and the patterns of the
 * verb table (verbs.h) that say a whole order in these terms. Every
 * error names the line, what is wrong and what was expected.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/verbs.h"

/* An identifier: letters, digits and '-', not starting or ending in '-'. */
int
ccg_word_is_ident(const char *w)
{
	size_t i, n = strlen(w);

	if (n == 0 || n > 64 || w[0] == '-' || w[n - 1] == '-')
		return 0;
	for (i = 0; i < n; i++)
		if (!islower((unsigned char)w[i]) && !isdigit((unsigned char)w[i]) &&
		    w[i] != '-')
			return 0;
	return 1;
}

int
ccg_word_ident(char **words, size_t nw, size_t i, const char *what,
    char **out, int lineno, char **cause)
{
	if (i >= nw)
		return cause_set(cause, "line %d: %s missing; expected a card "
		    "identifier such as pvt-hudson", lineno, what);
	if (!ccg_word_is_ident(words[i])) {
		size_t n = strlen(words[i]);
		char *bare;
		int r;

		/* a name with the punctuation of a sentence after it
		 * ("kitchen.", "alien-warrior;"): said without it */
		while (n > 0 && strchr(".,;:!?'\"", words[i][n - 1]) != NULL)
			n--;
		bare = xstrndup(words[i], n);
		if (n < strlen(words[i]) && ccg_word_is_ident(bare))
			r = cause_set(cause, "line %d: \"%s\" is not a %s identifier: a "
			    "name takes no \"%s\" after it; did you mean %s?", lineno,
			    words[i], what, words[i] + n, bare);
		else
			r = cause_set(cause, "line %d: \"%s\" is not a %s identifier; "
			    "expected a slug of letters, digits and '-' (such as "
			    "alien-warrior-2)", lineno, words[i], what);
		free(bare);
		return r;
	}
	*out = xstrdup(words[i]);
	return 0;
}

int
ccg_word_want(char **words, size_t nw, size_t i, const char *word,
    const char *usage, int lineno, char **cause)
{
	if (i >= nw || strcmp(words[i], word) != 0)
		return cause_set(cause, "line %d: expected \"%s\" %s, got %s%s%s; "
		    "usage: %s", lineno, word, i >= nw ? "at the end" : "here",
		    i >= nw ? "nothing" : "\"", i >= nw ? "" : words[i],
		    i >= nw ? "" : "\"", usage);
	return 0;
}

int
ccg_word_end(char **words, size_t nw, size_t i, const char *usage,
    int lineno, char **cause)
{
	if (i < nw)
		return cause_set(cause, "line %d: unexpected \"%s\" after the "
		    "order; usage: %s", lineno, words[i], usage);
	return 0;
}

int
ccg_word_names(char **w, size_t nw, size_t *i, const char *stop,
    struct ccg_order *o, const char *too_many, int lineno, char **cause)
{
	for (; *i < nw && (stop == NULL || strcmp(w[*i], stop) != 0); (*i)++) {
		if (strcmp(w[*i], "and") == 0 && o->nwho > 0)
			continue;
		if (o->nwho == CCG_MAX_GROUP)
			return cause_set(cause, "line %d: more than %d %s", lineno,
			    CCG_MAX_GROUP, too_many);
		if (ccg_word_ident(w, nw, *i, "character", &o->who[o->nwho],
		    lineno, cause))
			return -1;
		o->nwho++;
	}
	return 0;
}

/* The field of o a pattern's SLOT names (who: the first character). */
static char **
slot_of(struct ccg_order *o, const char *slot, size_t n)
{
	static const struct {
		const char	*name;
		size_t		 off;
	} slots[] = {
		{ "who", offsetof(struct ccg_order, who) },
		{ "what", offsetof(struct ccg_order, what) },
		{ "to", offsetof(struct ccg_order, to) },
		{ "drag", offsetof(struct ccg_order, drag) },
		{ "a", offsetof(struct ccg_order, a) },
		{ "b", offsetof(struct ccg_order, b) },
	};
	size_t k;

	for (k = 0; k < sizeof slots / sizeof slots[0]; k++)
		if (strlen(slots[k].name) == n &&
		    strncmp(slots[k].name, slot, n) == 0) {
			if (k == 0)
				o->nwho = 1;
			return (char **)((char *)o + slots[k].off);
		}
	return NULL;
}

/* One "SLOT=KIND" of a pattern (tok, n bytes) at w[i]. */
static int
pattern_ident(const char *tok, size_t n, char **w, size_t nw, size_t i,
    struct ccg_order *o, int lineno, char **cause)
{
	const char *eq = memchr(tok, '=', n);
	char kind[64], **out;
	size_t k, kn;

	if (eq == NULL || (out = slot_of(o, tok, (size_t)(eq - tok))) == NULL ||
	    (kn = n - (size_t)(eq + 1 - tok)) >= sizeof kind)
		return cause_set(cause, "line %d: the verb table's pattern "
		    "\"%.*s\" is not SLOT=KIND", lineno, (int)n, tok);
	for (k = 0; k < kn; k++)
		kind[k] = eq[1 + k] == '_' ? ' ' : eq[1 + k];
	kind[kn] = '\0';
	return ccg_word_ident(w, nw, i, kind, out, lineno, cause);
}

int
ccg_word_pattern(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	const char *p = v->pattern, *tok, *sp;
	size_t n;

	for (; *p != '\0'; p += n + (p[n] == ' ')) {
		n = strcspn(p, " ");
		tok = p;
		if (strncmp(tok, "[rotating]", n) == 0 && n == 10) {
			if (i < nw && strcmp(w[i], "rotating") == 0) {
				o->rotate = 1;
				i++;
			}
		} else if (*tok == '[') {	/* "[WORD SLOT=KIND]" */
			n = strcspn(p, "]");
			sp = memchr(tok, ' ', n);
			if (sp == NULL || p[n] != ']')
				return cause_set(cause, "line %d: the verb table's "
				    "pattern \"%s\" has a bad [...]", lineno,
				    v->pattern);
			n++;
			if (i < nw && strlen(w[i]) == (size_t)(sp - tok - 1) &&
			    strncmp(w[i], tok + 1, (size_t)(sp - tok - 1)) == 0) {
				if (pattern_ident(sp + 1, (size_t)(tok + n - 2 - sp),
				    w, nw, i + 1, o, lineno, cause))
					return -1;
				i += 2;
			}
		} else if (memchr(tok, '=', n) != NULL) {
			if (pattern_ident(tok, n, w, nw, i, o, lineno, cause))
				return -1;
			i++;
		} else {
			char word[32];

			if (n >= sizeof word)
				return cause_set(cause, "line %d: the verb table's "
				    "pattern \"%s\" has a long word", lineno,
				    v->pattern);
			memcpy(word, tok, n);
			word[n] = '\0';
			if (ccg_word_want(w, nw, i, word, v->usage, lineno, cause))
				return -1;
			i++;
		}
	}
	return ccg_word_end(w, nw, i, v->usage, lineno, cause);
}
