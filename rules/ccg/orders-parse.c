/*
 * orders-parse.c — the CCG orders language (muthur-orders(5)): one order
 * per line, identifiers are case-insensitive slugs of card names with -N
 * suffixes for duplicates, '#' starts a comment. This file only reads the
 * words; whether an order is legal now is for the rule files to say.
 *
 *   pass
 *   evacuate CHAR                       download CHAR
 *   play LOCATION left|right            play LOCATION between GROUND and GROUND
 *   play EVENT on CHAR
 *   move CHAR[, CHAR ...] to LOCATION [dragging CHAR]
 *   pickup ITEM with CHAR [rotating]    transfer ITEM to CHAR [rotating]
 *   drop ITEM [rotating]                discard CARD
 *   search CHAR                         find CARD with CHAR
 *   hide CHAR real N                    decoy CHAR at LOCATION [real MARKER]
 *   reveal MARKER                       hive LOCATION with ALIEN[, ALIEN ...]
 *   conceal ITEM                        steal CHAR
 *   mature CHAR [onto CHAR]             grow CARD from CHAR|LOCATION
 *   move-token from CHAR to CHAR        barrier CARD with CHAR to LOCATION
 *   molt CHAR into CARD                 molt token from CHAR|LOCATION into CARD
 *   chamber LOCATION                    upgrade CHAR into CARD [using EVENT]
 *   gore CHAR BONUS
 *   attack CHAR at TARGET close|ranged [with WEAPON [loading AMMO]]
 *       [capture|kill]
 *   boost CHAR damage|resistance       free CHAR [with CHAR[, CHAR ...]]
 *   backstab TARGET with ITEM
 *   board VEHICLE with CHAR[, CHAR ...] alight CHAR
 *   heal CHAR with CHAR|ITEM            release PREDATOR
 *   unload AMMO                         attach ATTACHMENT to ITEM
 *   detach ATTACHMENT
 *   (play EVENT on ... also names an event card, an item or a seat)
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

#define MAX_LINE	1024
#define MAX_WORDS	40

static const char *const verb_names[CCG_NVERBS] = {
	"pass", "evacuate", "download", "play", "move", "pickup", "transfer",
	"drop", "discard", "search", "find", "attack",
	"boost", "heal", "release", "free", "unload", "attach", "detach",
	"hide", "decoy",
	"reveal", "hive", "conceal", "steal", "mature", "grow", "move-token",
	"molt", "chamber", "upgrade", "gore",
	"barrier", "backstab", "board", "alight",
};

const char *
ccg_verb_name(int verb)
{
	return verb >= 0 && verb < CCG_NVERBS ? verb_names[verb] : "?";
}

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

/* An identifier: letters, digits and '-', not starting or ending in '-'. */
static int
is_ident(const char *w)
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

static int
want_ident(char **words, size_t nw, size_t i, const char *what, char **out,
    int lineno, char **cause)
{
	if (i >= nw)
		return cause_set(cause, "line %d: %s missing; expected a card "
		    "identifier such as pvt-hudson", lineno, what);
	if (!is_ident(words[i]))
		return cause_set(cause, "line %d: \"%s\" is not a %s identifier; "
		    "expected a slug of letters, digits and '-' (such as "
		    "alien-warrior-2)", lineno, words[i], what);
	*out = xstrdup(words[i]);
	return 0;
}

static int
want_word(char **words, size_t nw, size_t i, const char *word, const char *usage,
    int lineno, char **cause)
{
	if (i >= nw || strcmp(words[i], word) != 0)
		return cause_set(cause, "line %d: expected \"%s\" %s, got %s%s%s; "
		    "usage: %s", lineno, word, i >= nw ? "at the end" : "here",
		    i >= nw ? "nothing" : "\"", i >= nw ? "" : words[i],
		    i >= nw ? "" : "\"", usage);
	return 0;
}

static int
no_more(char **words, size_t nw, size_t i, const char *usage, int lineno,
    char **cause)
{
	if (i < nw)
		return cause_set(cause, "line %d: unexpected \"%s\" after the "
		    "order; usage: %s", lineno, words[i], usage);
	return 0;
}

/* Names from w[*i] up to the word stop (NULL: the end) into o->who, "and"
 * allowed between them; too_many says what more than CCG_MAX_GROUP are. */
static int
want_names(char **w, size_t nw, size_t *i, const char *stop,
    struct ccg_order *o, const char *too_many, int lineno, char **cause)
{
	for (; *i < nw && (stop == NULL || strcmp(w[*i], stop) != 0); (*i)++) {
		if (strcmp(w[*i], "and") == 0 && o->nwho > 0)
			continue;
		if (o->nwho == CCG_MAX_GROUP)
			return cause_set(cause, "line %d: more than %d %s", lineno,
			    CCG_MAX_GROUP, too_many);
		if (want_ident(w, nw, *i, "character", &o->who[o->nwho], lineno,
		    cause))
			return -1;
		o->nwho++;
	}
	return 0;
}

static int
parse_words(char **w, size_t nw, int lineno, struct ccg_order *o, char **cause)
{
	static const char *u_move = "move CHAR[, CHAR ...] to LOCATION [dragging CHAR]";
	static const char *u_play = "play LOCATION left|right, play LOCATION "
	    "between LOCATION and LOCATION, or play EVENT on CHAR";
	static const char *u_pick = "pickup ITEM with CHAR [rotating]";
	static const char *u_xfer = "transfer ITEM to CHAR [rotating]";
	static const char *u_find = "find CARD with CHAR";
	static const char *u_hide = "hide CHAR real N";
	static const char *u_decoy = "decoy CHAR at LOCATION [real MARKER]";
	static const char *u_hive = "hive LOCATION with ALIEN[, ALIEN ...]";
	static const char *u_molt = "molt CHAR into CARD, or molt token from "
	    "CHAR|LOCATION into CARD";
	static const char *u_upgrade = "upgrade CHAR into CARD [using EVENT]";
	static const char *u_atk = "attack CHAR at TARGET close|ranged "
	    "[with WEAPON [loading AMMO]] [capture|kill]";
	size_t i = 1;
	int v;
	const char *verb = w[0];

	if (strcmp(verb, "pick") == 0 && nw > 1 && strcmp(w[1], "up") == 0) {
		verb = "pickup";
		i = 2;
	}
	for (v = 0; v < CCG_NVERBS; v++)
		if (strcmp(verb, verb_names[v]) == 0)
			break;
	if (v == CCG_NVERBS)
		return cause_set(cause, "line %d: unknown order \"%s\"; expected "
		    "one of pass, evacuate, download, play, move, pickup, "
		    "transfer, drop, discard, search, find, attack, "
		    "boost, heal, release, free, unload, attach, detach, hide, "
		    "decoy, reveal, hive, conceal, steal, mature, grow, move-token, "
		    "molt, chamber, upgrade, gore, barrier, backstab, board, alight",
		    lineno, w[0]);
	o->verb = v;
	switch (v) {
	case CCG_V_PASS:	/* "pass combat": standing-pass.c */
		if (i < nw && strcasecmp(w[i], "combat") == 0) {
			o->what = xstrdup("combat");
			i++;
		}
		return no_more(w, nw, i, "pass [combat]", lineno, cause);
	case CCG_V_HIDE:	/* hidden-movement.c */
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause) ||
		    want_word(w, nw, i + 1, "real", u_hide, lineno, cause))
			return -1;
		o->nwho = 1;
		if (i + 2 >= nw || strspn(w[i + 2], "0123456789") !=
		    strlen(w[i + 2]) || strlen(w[i + 2]) > 2)
			return cause_set(cause, "line %d: expected the number of "
			    "the real marker after \"real\"; usage: %s", lineno,
			    u_hide);
		o->what = xstrdup(w[i + 2]);
		return no_more(w, nw, i + 3, u_hide, lineno, cause);
	case CCG_V_DECOY:
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause) ||
		    want_word(w, nw, i + 1, "at", u_decoy, lineno, cause) ||
		    want_ident(w, nw, i + 2, "location", &o->to, lineno, cause))
			return -1;
		o->nwho = 1;
		i += 3;
		if (i < nw && strcmp(w[i], "real") == 0) {
			if (want_ident(w, nw, i + 1, "marker", &o->a, lineno, cause))
				return -1;
			i += 2;
		}
		return no_more(w, nw, i, u_decoy, lineno, cause);
	case CCG_V_BARRIER:	/* barriers.c */
		if (want_ident(w, nw, i, "card", &o->what, lineno, cause) ||
		    want_word(w, nw, i + 1, "with", "barrier CARD with CHAR to "
		    "LOCATION", lineno, cause) ||
		    want_ident(w, nw, i + 2, "character", &o->who[0], lineno,
		    cause))
			return -1;
		o->nwho = 1;
		if (want_word(w, nw, i + 3, "to", "barrier CARD with CHAR to "
		    "LOCATION", lineno, cause) ||
		    want_ident(w, nw, i + 4, "location", &o->to, lineno, cause))
			return -1;
		return no_more(w, nw, i + 5, "barrier CARD with CHAR to LOCATION",
		    lineno, cause);
	case CCG_V_BACKSTAB:	/* backstab.c */
		if (want_ident(w, nw, i, "target", &o->to, lineno, cause) ||
		    want_word(w, nw, i + 1, "with", "backstab TARGET with ITEM",
		    lineno, cause) ||
		    want_ident(w, nw, i + 2, "item", &o->what, lineno, cause))
			return -1;
		return no_more(w, nw, i + 3, "backstab TARGET with ITEM", lineno,
		    cause);
	case CCG_V_BOARD:	/* vehicles.c */
		if (want_ident(w, nw, i, "vehicle", &o->what, lineno, cause) ||
		    want_word(w, nw, i + 1, "with", "board VEHICLE with CHAR[, "
		    "CHAR ...]", lineno, cause))
			return -1;
		i += 2;
		if (want_names(w, nw, &i, NULL, o, "riders in one order", lineno,
		    cause))
			return -1;
		if (o->nwho == 0)
			return cause_set(cause, "line %d: no rider named; usage: "
			    "board VEHICLE with CHAR[, CHAR ...]", lineno);
		return 0;
	case CCG_V_ALIGHT:
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		return no_more(w, nw, i + 1, "alight CHAR", lineno, cause);
	case CCG_V_MATURE:	/* alien-groups.c */
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		if (i + 1 < nw && strcmp(w[i + 1], "onto") == 0) {
			if (want_ident(w, nw, i + 2, "character", &o->to, lineno,
			    cause))
				return -1;
			i += 2;
		}
		return no_more(w, nw, i + 1, "mature CHAR [onto CHAR]", lineno,
		    cause);
	case CCG_V_GROW:
		if (want_ident(w, nw, i, "card", &o->what, lineno, cause) ||
		    want_word(w, nw, i + 1, "from", "grow CARD from CHAR|LOCATION",
		    lineno, cause) ||
		    want_ident(w, nw, i + 2, "character or location", &o->to,
		    lineno, cause))
			return -1;
		return no_more(w, nw, i + 3, "grow CARD from CHAR|LOCATION",
		    lineno, cause);
	case CCG_V_MOVE_TOKEN:
		if (want_word(w, nw, i, "from", "move-token from CHAR to CHAR",
		    lineno, cause) ||
		    want_ident(w, nw, i + 1, "character", &o->who[0], lineno,
		    cause) ||
		    want_word(w, nw, i + 2, "to", "move-token from CHAR to CHAR",
		    lineno, cause) ||
		    want_ident(w, nw, i + 3, "character", &o->to, lineno, cause))
			return -1;
		o->nwho = 1;
		return no_more(w, nw, i + 4, "move-token from CHAR to CHAR",
		    lineno, cause);
	case CCG_V_MOLT:	/* molting.c */
		if (i < nw && strcmp(w[i], "token") == 0) {
			if (want_word(w, nw, i + 1, "from", u_molt, lineno,
			    cause) ||
			    want_ident(w, nw, i + 2, "character or location",
			    &o->to, lineno, cause))
				return -1;
			i += 3;
		} else {
			if (want_ident(w, nw, i, "character", &o->who[0], lineno,
			    cause))
				return -1;
			o->nwho = 1;
			i++;
		}
		if (want_word(w, nw, i, "into", u_molt, lineno, cause) ||
		    want_ident(w, nw, i + 1, "card", &o->what, lineno, cause))
			return -1;
		return no_more(w, nw, i + 2, u_molt, lineno, cause);
	case CCG_V_CHAMBER:
		if (want_ident(w, nw, i, "location", &o->to, lineno, cause))
			return -1;
		return no_more(w, nw, i + 1, "chamber LOCATION", lineno, cause);
	case CCG_V_UPGRADE:	/* queens.c */
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause) ||
		    want_word(w, nw, i + 1, "into", u_upgrade, lineno, cause) ||
		    want_ident(w, nw, i + 2, "card", &o->what, lineno, cause))
			return -1;
		o->nwho = 1;
		i += 3;
		if (i < nw && strcmp(w[i], "using") == 0) {
			if (want_ident(w, nw, i + 1, "event", &o->a, lineno, cause))
				return -1;
			i += 2;
		}
		return no_more(w, nw, i, u_upgrade, lineno, cause);
	case CCG_V_GORE:	/* newborn.c */
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		if (i + 1 >= nw || !is_ident(w[i + 1]))
			return cause_set(cause, "line %d: expected a bonus after the "
			    "Newborn; usage: gore CHAR damage|movement|defense|"
			    "resistance|to-hit|hand-size", lineno);
		o->what = xstrdup(w[i + 1]);
		return no_more(w, nw, i + 2, "gore CHAR BONUS", lineno, cause);
	case CCG_V_REVEAL:
		if (want_ident(w, nw, i, "marker", &o->what, lineno, cause))
			return -1;
		return no_more(w, nw, i + 1, "reveal MARKER", lineno, cause);
	case CCG_V_HIVE:	/* hive.c */
		if (want_ident(w, nw, i, "location", &o->to, lineno, cause) ||
		    want_word(w, nw, i + 1, "with", u_hive, lineno, cause))
			return -1;
		i += 2;
		if (want_names(w, nw, &i, NULL, o, "Aliens in one order", lineno,
		    cause))
			return -1;
		if (o->nwho == 0)
			return cause_set(cause, "line %d: no Alien named; usage: %s",
			    lineno, u_hive);
		return 0;
	case CCG_V_EVACUATE:
	case CCG_V_DOWNLOAD:
	case CCG_V_SEARCH:
	case CCG_V_STEAL:
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		return no_more(w, nw, i + 1, v == CCG_V_SEARCH ? "search CHAR" :
		    v == CCG_V_EVACUATE ? "evacuate CHAR" : v == CCG_V_STEAL ?
		    "steal CHAR" : "download CHAR", lineno, cause);
	case CCG_V_DROP:
	case CCG_V_DISCARD:
	case CCG_V_CONCEAL:
		if (want_ident(w, nw, i, v == CCG_V_DISCARD ? "card" : "item",
		    &o->what, lineno, cause))
			return -1;
		if (v == CCG_V_DROP && i + 1 < nw &&
		    strcmp(w[i + 1], "rotating") == 0) {
			o->rotate = 1;
			i++;
		}
		return no_more(w, nw, i + 1, v == CCG_V_DROP ?
		    "drop ITEM [rotating]" :
		    v == CCG_V_CONCEAL ? "conceal ITEM" : "discard CARD", lineno,
		    cause);
	case CCG_V_PLAY:
		if (want_ident(w, nw, i, "location", &o->what, lineno, cause))
			return -1;
		i++;
		if (i < nw && strcmp(w[i], "on") == 0) {	/* an event */
			o->side = CCG_ON;
			if (want_ident(w, nw, i + 1, "character", &o->to,
			    lineno, cause))
				return -1;
			return no_more(w, nw, i + 2, u_play, lineno, cause);
		}
		if (i < nw && strcmp(w[i], "left") == 0) {
			o->side = CCG_LEFT;
			return no_more(w, nw, i + 1, u_play, lineno, cause);
		}
		if (i < nw && strcmp(w[i], "right") == 0) {
			o->side = CCG_RIGHT;
			return no_more(w, nw, i + 1, u_play, lineno, cause);
		}
		if (i >= nw || strcmp(w[i], "between") != 0)
			return cause_set(cause, "line %d: expected left, right or "
			    "between after a location, on after an event; "
			    "usage: %s", lineno, u_play);
		o->side = CCG_BETWEEN;
		if (want_ident(w, nw, i + 1, "location", &o->a, lineno, cause) ||
		    want_word(w, nw, i + 2, "and", u_play, lineno, cause) ||
		    want_ident(w, nw, i + 3, "location", &o->b, lineno, cause))
			return -1;
		return no_more(w, nw, i + 4, u_play, lineno, cause);
	case CCG_V_MOVE:
		if (want_names(w, nw, &i, "to", o, "characters in one move",
		    lineno, cause))
			return -1;
		if (o->nwho == 0)
			return cause_set(cause, "line %d: no character to move; "
			    "usage: %s", lineno, u_move);
		if (want_word(w, nw, i, "to", u_move, lineno, cause) ||
		    want_ident(w, nw, i + 1, "location", &o->to, lineno, cause))
			return -1;
		i += 2;
		if (i < nw && strcmp(w[i], "dragging") == 0) {
			if (want_ident(w, nw, i + 1, "character", &o->drag,
			    lineno, cause))
				return -1;
			i += 2;
		}
		return no_more(w, nw, i, u_move, lineno, cause);
	case CCG_V_PICKUP:
	case CCG_V_TRANSFER:
	case CCG_V_FIND:
		if (want_ident(w, nw, i, v == CCG_V_FIND ? "card" : "item",
		    &o->what, lineno, cause))
			return -1;
		if (want_word(w, nw, i + 1, v == CCG_V_TRANSFER ? "to" : "with",
		    v == CCG_V_PICKUP ? u_pick : v == CCG_V_TRANSFER ? u_xfer :
		    u_find, lineno, cause))
			return -1;
		if (want_ident(w, nw, i + 2, "character", &o->who[0], lineno,
		    cause))
			return -1;
		o->nwho = 1;
		i += 3;
		if (v != CCG_V_FIND && i < nw && strcmp(w[i], "rotating") == 0) {
			o->rotate = 1;
			i++;
		}
		return no_more(w, nw, i, v == CCG_V_PICKUP ? u_pick :
		    v == CCG_V_TRANSFER ? u_xfer : u_find, lineno, cause);
	case CCG_V_FREE:	/* binding.c */
		if (want_ident(w, nw, i, "character", &o->what, lineno, cause))
			return -1;
		if (i + 1 >= nw)
			return 0;
		if (want_word(w, nw, i + 1, "with", "free CHAR [with CHAR[, "
		    "CHAR ...]]", lineno, cause))
			return -1;
		i += 2;
		if (want_names(w, nw, &i, NULL, o, "helpers", lineno, cause))
			return -1;
		if (o->nwho == 0)
			return cause_set(cause, "line %d: no helper after \"with\"",
			    lineno);
		return 0;
	case CCG_V_UNLOAD:	/* ammo.c */
	case CCG_V_DETACH:	/* attachments.c */
		if (want_ident(w, nw, i, v == CCG_V_UNLOAD ? "ammo" :
		    "attachment", &o->what, lineno, cause))
			return -1;
		return no_more(w, nw, i + 1, v == CCG_V_UNLOAD ? "unload AMMO" :
		    "detach ATTACHMENT", lineno, cause);
	case CCG_V_ATTACH:
		if (want_ident(w, nw, i, "attachment", &o->what, lineno, cause) ||
		    want_word(w, nw, i + 1, "to", "attach ATTACHMENT to ITEM",
		    lineno, cause) ||
		    want_ident(w, nw, i + 2, "item", &o->to, lineno, cause))
			return -1;
		return no_more(w, nw, i + 3, "attach ATTACHMENT to ITEM", lineno,
		    cause);
	case CCG_V_BOOST:
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		if (i + 1 < nw && strcmp(w[i + 1], "damage") == 0)
			o->boost = CCG_STAT_DAMAGE;
		else if (i + 1 < nw && strcmp(w[i + 1], "resistance") == 0)
			o->boost = CCG_STAT_RESISTANCE;
		else
			return cause_set(cause, "line %d: expected damage or "
			    "resistance after the character; usage: boost CHAR "
			    "damage|resistance", lineno);
		return no_more(w, nw, i + 2, "boost CHAR damage|resistance",
		    lineno, cause);
	case CCG_V_HEAL:	/* healing.c */
		if (want_ident(w, nw, i, "character", &o->to, lineno, cause) ||
		    want_word(w, nw, i + 1, "with", "heal CHAR with CHAR|ITEM",
		    lineno, cause) ||
		    want_ident(w, nw, i + 2, "healer", &o->what, lineno, cause))
			return -1;
		return no_more(w, nw, i + 3, "heal CHAR with CHAR|ITEM", lineno,
		    cause);
	case CCG_V_RELEASE:	/* predator-release.c */
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		return no_more(w, nw, i + 1, "release PREDATOR", lineno, cause);
	case CCG_V_ATTACK:
		if (want_ident(w, nw, i, "character", &o->who[0], lineno, cause))
			return -1;
		o->nwho = 1;
		if (want_word(w, nw, i + 1, "at", u_atk, lineno, cause) ||
		    want_ident(w, nw, i + 2, "target", &o->to, lineno, cause))
			return -1;
		i += 3;
		if (i < nw && strcmp(w[i], "close") == 0)
			o->attack = CCG_ATTACK_CLOSE;
		else if (i < nw && strcmp(w[i], "ranged") == 0)
			o->attack = CCG_ATTACK_RANGED;
		else
			return cause_set(cause, "line %d: expected close or ranged "
			    "after the target; usage: %s", lineno, u_atk);
		i++;
		if (i < nw && strcmp(w[i], "with") == 0) {
			if (want_ident(w, nw, i + 1, "weapon", &o->what, lineno,
			    cause))
				return -1;
			i += 2;
			if (i < nw && strcmp(w[i], "loading") == 0) {
				if (want_ident(w, nw, i + 1, "ammo", &o->a, lineno,
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
		return no_more(w, nw, i, u_atk, lineno, cause);
	}
	return cause_set(cause, "line %d: unknown order", lineno);
}

/*
 * Parse one line (without its newline). Returns 1 with *o filled for an
 * order, 0 for a blank or comment line, -1 with *cause for a bad line.
 */
int
ccg_order_parse_line(const char *line, int lineno, struct ccg_order *o,
    char **cause)
{
	char buf[MAX_LINE + 1], *words[MAX_WORDS], *p;
	size_t len, nw = 0, i;
	int r;

	memset(o, 0, sizeof *o);
	len = strcspn(line, "#");
	while (len > 0 && isspace((unsigned char)line[len - 1]))
		len--;
	while (len > 0 && isspace((unsigned char)*line)) {
		line++;
		len--;
	}
	if (len == 0)
		return 0;
	if (len > MAX_LINE)
		return cause_set(cause, "line %d: longer than %d characters",
		    lineno, MAX_LINE);
	for (i = 0; i < len; i++) {
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
	buf[len] = '\0';
	for (p = strtok(buf, " "); p != NULL; p = strtok(NULL, " ")) {
		if (nw == MAX_WORDS)
			return cause_set(cause, "line %d: more than %d words",
			    lineno, MAX_WORDS);
		words[nw++] = p;
	}
	if (nw == 0)
		return cause_set(cause, "line %d: no order, only punctuation; "
		    "expected an order such as pass", lineno);
	o->line = lineno;
	r = parse_words(words, nw, lineno, o, cause);
	if (r != 0) {
		ccg_order_clear(o);
		return -1;
	}
	o->line = lineno;
	o->text = xstrndup(line, len);
	return 1;
}

/* Parse a whole orders text; stops at the first bad line. */
int
ccg_orders_parse(const char *text, struct ccg_orders *out, char **cause)
{
	const char *p = text, *nl;
	int lineno = 0;

	out->v = NULL;
	out->n = 0;
	if (text == NULL)
		return 0;
	while (*p != '\0') {
		struct ccg_order o;
		char *line;
		int r;

		nl = strchr(p, '\n');
		line = nl ? xstrndup(p, (size_t)(nl - p)) : xstrdup(p);
		lineno++;
		r = ccg_order_parse_line(line, lineno, &o, cause);
		free(line);
		if (r < 0) {
			ccg_orders_free(out);
			return -1;
		}
		if (r > 0) {
			out->v = xreallocarray(out->v, out->n + 1, sizeof *out->v);
			out->v[out->n++] = o;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	return 0;
}
