/*
 * verbs.h — the verb table of the CCG orders language (muthur-orders(5)):
 * per verb its word, its usage, the phases it is given in, how its words
 * are read (a pattern, or a parse function of orders-parse.c when a
 * pattern cannot say it), the rule file's function that carries it out
 * and the one that lists its candidate lines. The parser, the legal
 * orders (legal-orders.c), the phase check (turn-sequence.c) and the
 * error messages all read this table (verbs.c); a new verb is one more
 * row there, one more CCG_V_* (orders.h) and its rule file.
 */
#ifndef MUTHUR_RULES_CCG_VERBS_H
#define MUTHUR_RULES_CCG_VERBS_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* ccg_verb_parse: orders.h */
/* Carries out order o of seat (the conventions of ccg.h). */
typedef int ccg_verb_apply(struct rules_game *g, int seat,
    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Feeds try() the candidate lines of seat in the current phase; each is
 * tried with the same code that applies orders (legal-orders.c). */
typedef void ccg_verb_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx);

#define CCG_PHASE_BIT(p)	(1u << (p))
#define CCG_PHASES_ANY		((1u << CCG_NPHASES) - 1)

struct ccg_verb_row {
	int		 verb;		/* enum ccg_verb */
	const char	*name;		/* its word: "move" */
	const char	*usage;		/* the whole order, as messages say it */
	unsigned	 phases;	/* CCG_PHASE_BIT() of each phase it is
					 * given in; see phase_ok */
	int		(*phase_ok)(int phase);	/* instead of phases when set */
	/*
	 * The words after the verb, unless parse is set: "SLOT=KIND" an
	 * identifier into that field of struct ccg_order (who, what, to,
	 * drag, a, b; who counts one character), KIND as messages name it
	 * ('_' for a space); a lowercase word that must come there;
	 * "[WORD SLOT=KIND]" an optional pair; "[rotating]" the flag.
	 */
	const char	*pattern;
	ccg_verb_parse	*parse;
	ccg_verb_apply	*apply;		/* NULL: pass, carried out by turns */
	ccg_verb_candidates *candidates;	/* NULL: none, or listed with
						 * another verb (a comment says) */
};

/* Every verb, in the order the legal orders list their candidates. */
extern const struct ccg_verb_row ccg_verbs[CCG_NVERBS];

/* The row of verb (enum ccg_verb), or NULL. */
const struct ccg_verb_row *ccg_verb(int verb);
/* The row whose word is name, or NULL. */
const struct ccg_verb_row *ccg_verb_find(const char *name);
/* The verb's word ("move"), "?" when none. */
const char *ccg_verb_name(int verb);
/* May orders of this verb be given in this phase? */
int	 ccg_phase_allows(int phase, int verb);
/* The orders of phase, as an error message lists them ("move, hide, ...
 * or pass"); a new string, caller frees. */
char	*ccg_phase_verbs(int phase);

#endif
