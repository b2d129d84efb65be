/*
 * orders-parse.c — the CCG orders language (muthur-orders(5)): one order
 * per line, identifiers are case-insensitive slugs of card names with -N
 * suffixes for duplicates, '#' starts a comment. This file splits a line
 * into words and reads the words of the verbs whose form a pattern of
 * the verb table cannot say (verbs.c lists every verb, its usage and its
 * pattern; order-words.c reads identifiers and patterns). Whether an
 * order is legal now is for the rule files to say.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/verbs.h"

void
ccg_order_clear(struct ccg_order *o)
{
	size_t i;

	for (i = 0; i < CCG_MAX_GROUP; i++)	/* set even when nwho is not yet */
		free(o->who[i]);
	free(o->text);
	free(o->what);
	free(o->to);
	free(o->drag);
	free(o->a);
	free(o->b);
	memset(o, 0, sizeof *o);
}

void
ccg_orders_free(struct ccg_orders *os)
{
	size_t i;

	for (i = 0; i < os->n; i++)
		ccg_order_clear(&os->v[i]);
	free(os->v);
	os->v = NULL;
	os->n = 0;
}

/*
 * Split one line (without its newline) into words in buf: the comment
 * and outer blanks cut, lowercased, commas and tabs as blanks. Returns
 * the number of words, 0 for a blank or comment line, -1 with a reason;
 * *len is the length of the order's text (from *start, the line trimmed).
 */
int
ccg_order_words(const char *line, int lineno, char *buf, char **words,
    const char **start, size_t *len, char **cause)
{
	size_t n, nw = 0, i;
	char *p;

	n = strcspn(line, "#");
	while (n > 0 && isspace((unsigned char)line[n - 1]))
		n--;
	while (n > 0 && isspace((unsigned char)*line)) {
		line++;
		n--;
	}
	*start = line;
	*len = n;
	if (n == 0)
		return 0;
	if (n > CCG_ORDER_MAX_LINE)
		return cause_set(cause, "line %d: longer than %d characters",
		    lineno, CCG_ORDER_MAX_LINE);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)line[i];

		if (c < 0x20 && c != '\t')
			return cause_set(cause, "line %d: control character 0x%02x; "
			    "expected plain text", lineno, c);
		if (c >= 0x80)
			return cause_set(cause, "line %d: non-ASCII byte; card "
			    "identifiers are slugs such as cpl-hicks", lineno);
		buf[i] = (char)tolower(c);
		if (buf[i] == ',' || buf[i] == '\t')
			buf[i] = ' ';
	}
	buf[n] = '\0';
	for (p = strtok(buf, " "); p != NULL; p = strtok(NULL, " ")) {
		if (nw == CCG_ORDER_MAX_WORDS)
			return cause_set(cause, "line %d: more than %d words",
			    lineno, CCG_ORDER_MAX_WORDS);
		words[nw++] = p;
	}
	if (nw == 0)
		return cause_set(cause, "line %d: no order, only punctuation; "
		    "expected an order such as pass", lineno);
	return (int)nw;
}

/* pass [combat]: "pass combat" is standing-pass.c's */
int
ccg_parse_pass(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (i < nw && ccg_round_parse(w[i]) >= 0) {	/* "pass ROUND" */
		o->what = xstrdup(ccg_round_name(ccg_round_parse(w[i])));
		i++;
	}
	return ccg_word_end(w, nw, i, v->usage, lineno, cause);
}

/* hide CHAR real N (hidden-movement.c) */
int
ccg_parse_hide(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "character", &o->who[0], lineno, cause) ||
	    ccg_word_want(w, nw, i + 1, "real", v->usage, lineno, cause))
		return -1;
	o->nwho = 1;
	if (i + 2 >= nw || strspn(w[i + 2], "0123456789") !=
	    strlen(w[i + 2]) || strlen(w[i + 2]) > 2)
		return cause_set(cause, "line %d: expected the number of "
		    "the real marker after \"real\"; usage: %s", lineno,
		    v->usage);
	o->what = xstrdup(w[i + 2]);
	return ccg_word_end(w, nw, i + 3, v->usage, lineno, cause);
}

/* board VEHICLE with CHAR[, CHAR ...] (vehicles.c) */
int
ccg_parse_board(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "vehicle", &o->what, lineno, cause) ||
	    ccg_word_want(w, nw, i + 1, "with", v->usage, lineno, cause))
		return -1;
	i += 2;
	if (ccg_word_names(w, nw, &i, NULL, o, "riders in one order", lineno,
	    cause))
		return -1;
	if (o->nwho == 0)
		return cause_set(cause, "line %d: no rider named; usage: %s",
		    lineno, v->usage);
	return 0;
}

/* molt CHAR into CARD, molt token from CHAR|LOCATION into CARD (molting.c) */
int
ccg_parse_molt(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (i < nw && strcmp(w[i], "token") == 0) {
		if (ccg_word_want(w, nw, i + 1, "from", v->usage, lineno,
		    cause) ||
		    ccg_word_ident(w, nw, i + 2, "character or location",
		    &o->to, lineno, cause))
			return -1;
		i += 3;
	} else {
		if (ccg_word_ident(w, nw, i, "character", &o->who[0], lineno,
		    cause))
			return -1;
		o->nwho = 1;
		i++;
	}
	if (ccg_word_want(w, nw, i, "into", v->usage, lineno, cause) ||
	    ccg_word_ident(w, nw, i + 1, "card", &o->what, lineno, cause))
		return -1;
	return ccg_word_end(w, nw, i + 2, v->usage, lineno, cause);
}

/* gore CHAR BONUS (newborn.c) */
int
ccg_parse_gore(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "character", &o->who[0], lineno, cause))
		return -1;
	o->nwho = 1;
	if (i + 1 >= nw || !ccg_word_is_ident(w[i + 1]))
		return cause_set(cause, "line %d: expected a bonus after the "
		    "Newborn; usage: gore CHAR damage|movement|defense|"
		    "resistance|to-hit|hand-size", lineno);
	o->what = xstrdup(w[i + 1]);
	return ccg_word_end(w, nw, i + 2, v->usage, lineno, cause);
}

/* hive LOCATION with ALIEN[, ALIEN ...] (hive.c) */
int
ccg_parse_hive(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "location", &o->to, lineno, cause) ||
	    ccg_word_want(w, nw, i + 1, "with", v->usage, lineno, cause))
		return -1;
	i += 2;
	if (ccg_word_names(w, nw, &i, NULL, o, "Aliens in one order", lineno,
	    cause))
		return -1;
	if (o->nwho == 0)
		return cause_set(cause, "line %d: no Alien named; usage: %s",
		    lineno, v->usage);
	return 0;
}

/* play LOCATION left|right, play LOCATION between LOCATION and LOCATION
 * (locations.c), play EVENT on CHAR (events-play.c) */
int
ccg_parse_play(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "location", &o->what, lineno, cause))
		return -1;
	i++;
	if (i < nw && strcmp(w[i], "on") == 0) {	/* an event */
		o->side = CCG_ON;
		if (ccg_word_ident(w, nw, i + 1, "character", &o->to, lineno,
		    cause))
			return -1;
		return ccg_word_end(w, nw, i + 2, v->usage, lineno, cause);
	}
	if (i < nw && strcmp(w[i], "left") == 0) {
		o->side = CCG_LEFT;
		return ccg_word_end(w, nw, i + 1, v->usage, lineno, cause);
	}
	if (i < nw && strcmp(w[i], "right") == 0) {
		o->side = CCG_RIGHT;
		return ccg_word_end(w, nw, i + 1, v->usage, lineno, cause);
	}
	if (i >= nw || strcmp(w[i], "between") != 0)
		return cause_set(cause, "line %d: expected left, right or "
		    "between after a location, on after an event; "
		    "usage: %s", lineno, v->usage);
	o->side = CCG_BETWEEN;
	if (ccg_word_ident(w, nw, i + 1, "location", &o->a, lineno, cause) ||
	    ccg_word_want(w, nw, i + 2, "and", v->usage, lineno, cause) ||
	    ccg_word_ident(w, nw, i + 3, "location", &o->b, lineno, cause))
		return -1;
	return ccg_word_end(w, nw, i + 4, v->usage, lineno, cause);
}

/* move CHAR[, CHAR ...] to LOCATION [dragging CHAR] (movement.c) */
int
ccg_parse_move(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_names(w, nw, &i, "to", o, "characters in one move",
	    lineno, cause))
		return -1;
	if (o->nwho == 0)
		return cause_set(cause, "line %d: no character to move; "
		    "usage: %s", lineno, v->usage);
	if (ccg_word_want(w, nw, i, "to", v->usage, lineno, cause) ||
	    ccg_word_ident(w, nw, i + 1, "location", &o->to, lineno, cause))
		return -1;
	i += 2;
	if (i < nw && strcmp(w[i], "dragging") == 0) {
		if (ccg_word_ident(w, nw, i + 1, "character", &o->drag, lineno,
		    cause))
			return -1;
		i += 2;
	}
	return ccg_word_end(w, nw, i, v->usage, lineno, cause);
}

/* free CHAR [with CHAR[, CHAR ...]] (binding.c) */
int
ccg_parse_free(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "character", &o->what, lineno, cause))
		return -1;
	if (i + 1 >= nw)
		return 0;
	if (ccg_word_want(w, nw, i + 1, "with", v->usage, lineno, cause))
		return -1;
	i += 2;
	if (ccg_word_names(w, nw, &i, NULL, o, "helpers", lineno, cause))
		return -1;
	if (o->nwho == 0)
		return cause_set(cause, "line %d: no helper after \"with\"",
		    lineno);
	return 0;
}

/* boost CHAR damage|resistance (combat-pool.c) */
int
ccg_parse_boost(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "character", &o->who[0], lineno, cause))
		return -1;
	o->nwho = 1;
	if (i + 1 < nw && strcmp(w[i + 1], "damage") == 0)
		o->boost = CCG_STAT_DAMAGE;
	else if (i + 1 < nw && strcmp(w[i + 1], "resistance") == 0)
		o->boost = CCG_STAT_RESISTANCE;
	else
		return cause_set(cause, "line %d: expected damage or "
		    "resistance after the character; usage: %s", lineno,
		    v->usage);
	return ccg_word_end(w, nw, i + 2, v->usage, lineno, cause);
}

/* attack CHAR at TARGET close|ranged [with WEAPON [loading AMMO]]
 * [capture|kill] (combat-declare.c) */
int
ccg_parse_attack(const struct ccg_verb_row *v, char **w, size_t nw, size_t i,
    int lineno, struct ccg_order *o, char **cause)
{
	if (ccg_word_ident(w, nw, i, "character", &o->who[0], lineno, cause))
		return -1;
	o->nwho = 1;
	if (ccg_word_want(w, nw, i + 1, "at", v->usage, lineno, cause) ||
	    ccg_word_ident(w, nw, i + 2, "target", &o->to, lineno, cause))
		return -1;
	i += 3;
	if (i < nw && strcmp(w[i], "close") == 0)
		o->attack = CCG_ATTACK_CLOSE;
	else if (i < nw && strcmp(w[i], "ranged") == 0)
		o->attack = CCG_ATTACK_RANGED;
	else
		return cause_set(cause, "line %d: expected close or ranged "
		    "after the target; usage: %s", lineno, v->usage);
	i++;
	if (i < nw && strcmp(w[i], "with") == 0) {
		if (ccg_word_ident(w, nw, i + 1, "weapon", &o->what, lineno,
		    cause))
			return -1;
		i += 2;
		if (i < nw && strcmp(w[i], "loading") == 0) {
			if (ccg_word_ident(w, nw, i + 1, "ammo", &o->a, lineno,
			    cause))
				return -1;
			i += 2;
		}
	}
	if (i < nw && strcmp(w[i], "capture") == 0) {
		o->mode = CCG_ATK_CAPTURE;
		i++;
	} else if (i < nw && strcmp(w[i], "kill") == 0) {
		o->mode = CCG_ATK_KILL;
		i++;
	}
	return ccg_word_end(w, nw, i, v->usage, lineno, cause);
}
