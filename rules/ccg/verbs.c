/*
 * verbs.c — the verb table of the CCG orders language (verbs.h,
 * muthur-orders(5)) and what reads it to parse an order line, to check
 * that a verb is one of the current phase, and to list a phase's verbs
 * in messages. The rows come in the order the legal orders list their
 * candidates (legal-orders.c); a verb whose candidates another verb's
 * function lists says so.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/events.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/search.h"
#include "rules/ccg/verbs.h"

#define B(p)		CCG_PHASE_BIT(CCG_PH_ ## p)
#define EVAC		B(EVACUATE)
#define MOVE		B(MOVE)
#define MATURE		B(MATURE)
#define DRAW		B(DRAW)
#define DECLARE		(B(DECLARE_UC) | B(DECLARE_UR) | B(DECLARE_HC) | \
			    B(DECLARE_HR))
#define RESOLVE		(B(RESOLVE_RANGED) | B(RESOLVE_CLOSE))
#define SEARCH		B(SEARCH_DECLARE)
#define FIND		B(SEARCH_FIND)
/* items.c: dropping at any time of play; ammo.c, attachments.c */
#define NOT_IDLE	(CCG_PHASES_ANY & ~(B(READY) | B(END) | B(OVER)))
#define GEAR		(MOVE | DRAW | SEARCH)

const struct ccg_verb_row ccg_verbs[CCG_NVERBS] = {
	{ CCG_V_EVACUATE, "evacuate", "evacuate CHAR", EVAC, NULL,
	    "who=character", NULL, ccg_evacuate_any, ccg_evacuate_candidates },
	{ CCG_V_DOWNLOAD, "download", "download CHAR", EVAC, NULL,
	    "who=character", NULL, ccg_download, NULL /* with evacuate */ },
	{ CCG_V_MOVE, "move", "move CHAR[, CHAR ...] to LOCATION [dragging CHAR]",
	    MOVE, NULL, NULL, ccg_parse_move, ccg_hidden_move,
	    ccg_move_candidates },
	{ CCG_V_SEARCH, "search", "search CHAR", SEARCH, NULL,
	    "who=character", NULL, ccg_search_declare, ccg_search_candidates },
	{ CCG_V_FIND, "find", "find CARD with CHAR", FIND, NULL,
	    "what=card with who=character", NULL, ccg_search_find,
	    ccg_find_candidates },
	{ CCG_V_FREE, "free", "free CHAR [with CHAR[, CHAR ...]]", DRAW, NULL,
	    NULL, ccg_parse_free, ccg_binding_free, ccg_free_candidates },
	{ CCG_V_DISCARD, "discard", "discard CARD", DRAW, NULL,
	    "what=card", NULL, ccg_discard, ccg_discard_candidates },
	{ CCG_V_ATTACK, "attack", "attack CHAR at TARGET close|ranged "
	    "[with WEAPON [loading AMMO]] [capture|kill]", DECLARE, NULL,
	    NULL, ccg_parse_attack, ccg_attack_declare, ccg_attack_candidates },
	{ CCG_V_BOOST, "boost", "boost CHAR damage|resistance", RESOLVE, NULL,
	    NULL, ccg_parse_boost, ccg_boost, ccg_boost_candidates },
	{ CCG_V_PICKUP, "pickup", "pickup ITEM with CHAR [rotating]",
	    MOVE | SEARCH, NULL, "what=item with who=character [rotating]",
	    NULL, ccg_items_order, ccg_item_candidates },
	{ CCG_V_TRANSFER, "transfer", "transfer ITEM to CHAR [rotating]",
	    MOVE | SEARCH, NULL, "what=item to who=character [rotating]",
	    NULL, ccg_items_order, NULL /* with pickup */ },
	{ CCG_V_DROP, "drop", "drop ITEM [rotating]", NOT_IDLE, NULL,
	    "what=item [rotating]", NULL, ccg_items_order,
	    NULL /* with pickup; the other phases' in legal-orders.c */ },
	{ CCG_V_UNLOAD, "unload", "unload AMMO", GEAR, NULL, "what=ammo", NULL,
	    ccg_unload, ccg_gear_candidates },
	{ CCG_V_ATTACH, "attach", "attach ATTACHMENT to ITEM", GEAR, NULL,
	    "what=attachment to to=item", NULL, ccg_attach_order,
	    NULL /* with unload */ },
	{ CCG_V_DETACH, "detach", "detach ATTACHMENT", GEAR, NULL,
	    "what=attachment", NULL, ccg_attach_order, NULL /* with unload */ },
	{ CCG_V_HIDE, "hide", "hide CHAR real N", MOVE, NULL, NULL,
	    ccg_parse_hide, ccg_hidden_order, ccg_hidden_candidates },
	{ CCG_V_DECOY, "decoy", "decoy CHAR at LOCATION [real MARKER]", MOVE,
	    NULL, "who=character at to=location [real a=marker]", NULL,
	    ccg_hidden_order, NULL /* with hide */ },
	{ CCG_V_REVEAL, "reveal", "reveal MARKER", CCG_PHASES_ANY, NULL,
	    "what=marker", NULL, ccg_hidden_order,
	    NULL /* in legal-orders.c: they never make a seat owe */ },
	{ CCG_V_CONCEAL, "conceal", "conceal ITEM", SEARCH, NULL, "what=item",
	    NULL, ccg_conceal, ccg_concealed_candidates },
	{ CCG_V_STEAL, "steal", "steal CHAR", SEARCH, NULL, "who=character",
	    NULL, ccg_steal_data, ccg_data_candidates },
	{ CCG_V_BARRIER, "barrier", "barrier CARD with CHAR to LOCATION",
	    MOVE | SEARCH, NULL, "what=card with who=character to to=location",
	    NULL, ccg_barrier_play, ccg_barrier_candidates },
	{ CCG_V_BACKSTAB, "backstab", "backstab TARGET with ITEM", MOVE, NULL,
	    "to=target with what=item", NULL, ccg_backstab,
	    ccg_backstab_candidates },
	{ CCG_V_BOARD, "board", "board VEHICLE with CHAR[, CHAR ...]", MOVE,
	    NULL, NULL, ccg_parse_board, ccg_vehicle_board,
	    ccg_vehicle_candidates },
	{ CCG_V_ALIGHT, "alight", "alight CHAR", MOVE, NULL, "who=character",
	    NULL, ccg_vehicle_board, NULL /* with board */ },
	{ CCG_V_HEAL, "heal", "heal CHAR with CHAR|ITEM", MOVE | SEARCH, NULL,
	    "to=character with what=healer", NULL, ccg_heal_order,
	    ccg_heal_candidates },
	{ CCG_V_RELEASE, "release", "release PREDATOR", MOVE | SEARCH, NULL,
	    "who=character", NULL, ccg_release_order, ccg_release_candidates },
	{ CCG_V_HIVE, "hive", "hive LOCATION with ALIEN[, ALIEN ...]", MATURE,
	    NULL, NULL, ccg_parse_hive, ccg_hive_order, ccg_hive_candidates },
	{ CCG_V_MATURE, "mature", "mature CHAR [onto CHAR]", MATURE, NULL,
	    "who=character [onto to=character]", NULL, ccg_alien_group_order,
	    ccg_alien_group_candidates },
	{ CCG_V_GROW, "grow", "grow CARD from CHAR|LOCATION", MATURE, NULL,
	    "what=card from to=character_or_location", NULL,
	    ccg_alien_group_order, NULL /* with mature */ },
	{ CCG_V_MOVE_TOKEN, "move-token", "move-token from CHAR to CHAR",
	    MATURE, NULL, "from who=character to to=character", NULL,
	    ccg_alien_group_order, NULL /* with mature */ },
	{ CCG_V_MOLT, "molt", "molt CHAR into CARD, or molt token from "
	    "CHAR|LOCATION into CARD", MATURE, NULL, NULL, ccg_parse_molt,
	    ccg_molt_order, ccg_molting_candidates },
	{ CCG_V_CHAMBER, "chamber", "chamber LOCATION", MATURE, NULL,
	    "to=location", NULL, ccg_chamber_order, NULL /* with molt */ },
	{ CCG_V_UPGRADE, "upgrade", "upgrade CHAR into CARD [using EVENT]",
	    MATURE, NULL, "who=character into what=card [using a=event]",
	    NULL, ccg_upgrade_order, ccg_queens_candidates },
	{ CCG_V_PLAY, "play", "play LOCATION left|right, play LOCATION "
	    "between LOCATION and LOCATION, or play EVENT on CHAR",
	    B(LOCATIONS) | MOVE | SEARCH | DECLARE | RESOLVE, NULL, NULL,
	    ccg_parse_play, ccg_play_card, ccg_play_candidates },
	{ CCG_V_GORE, "gore", "gore CHAR BONUS", 0, ccg_gore_phase, NULL,
	    ccg_parse_gore, ccg_gore_order, ccg_gore_candidates },
	/*
	 * A standing preference, kept until changed; never a candidate, so
	 * that it never makes the game wait for a seat (queens.c).
	 */
	{ CCG_V_PREFER, "prefer", "prefer warrior-queen yes|no", CCG_PHASES_ANY,
	    NULL, "warrior-queen what=yes_or_no", NULL, ccg_prefer_order, NULL },
	/* "pass ROUND": standing-pass.c, carried out in turn-sequence.c */
	{ CCG_V_PASS, "pass", "pass [movement|discard-draw|combat|search]", CCG_PHASES_ANY, NULL, NULL,
	    ccg_parse_pass, NULL, NULL },
};

const struct ccg_verb_row *
ccg_verb(int verb)
{
	size_t i;

	for (i = 0; i < CCG_NVERBS; i++)
		if (ccg_verbs[i].verb == verb)
			return &ccg_verbs[i];
	return NULL;
}

const struct ccg_verb_row *
ccg_verb_find(const char *name)
{
	size_t i;

	for (i = 0; i < CCG_NVERBS; i++)
		if (strcmp(ccg_verbs[i].name, name) == 0)
			return &ccg_verbs[i];
	return NULL;
}

const char *
ccg_verb_name(int verb)
{
	const struct ccg_verb_row *v = ccg_verb(verb);

	return v != NULL ? v->name : "?";
}

int
ccg_phase_allows(int phase, int verb)
{
	const struct ccg_verb_row *v = ccg_verb(verb);

	if (v == NULL || phase < 0 || phase >= CCG_NPHASES)
		return 0;
	if (v->phase_ok != NULL)
		return v->phase_ok(phase);
	return (v->phases & CCG_PHASE_BIT(phase)) != 0;
}

char *
ccg_phase_verbs(int phase)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(&sb, "");
	for (i = 0; i < CCG_NVERBS; i++) {
		const struct ccg_verb_row *v = &ccg_verbs[i];

		if (v->verb == CCG_V_PASS || !ccg_phase_allows(phase, v->verb))
			continue;
		strbuf_addf(&sb, "%s%s", v->name,
		    v->verb == CCG_V_PLAY && phase != CCG_PH_LOCATIONS ?
		    " (events)" : v->verb == CCG_V_DROP &&
		    !ccg_free_drop_phase(phase) ? " ... rotating" : "");
		strbuf_addstr(&sb, ", ");
	}
	if (sb.len > 0)
		sb.s[sb.len -= 2] = '\0';
	strbuf_addstr(&sb, sb.len > 0 ? " or pass" : "pass");
	return strbuf_detach(&sb, NULL);
}

/* The words of every verb in the enum's order ("pass, evacuate, ...");
 * a new string, caller frees. */
static char *
ccg_verb_words(void)
{
	struct strbuf sb = STRBUF_INIT;
	int v;

	for (v = 0; v < CCG_NVERBS; v++)
		strbuf_addf(&sb, "%s%s", v > 0 ? ", " : "", ccg_verb_name(v));
	return strbuf_detach(&sb, NULL);
}

int
ccg_order_parse_line(const char *line, int lineno, struct ccg_order *o,
    char **cause)
{
	char buf[CCG_ORDER_MAX_LINE + 1], *w[CCG_ORDER_MAX_WORDS], *all;
	const struct ccg_verb_row *v;
	const char *start, *verb;
	size_t len, i = 1;
	int nw, r;

	memset(o, 0, sizeof *o);
	nw = ccg_order_words(line, lineno, buf, w, &start, &len, cause);
	if (nw <= 0)
		return nw;
	verb = w[0];
	if (strcmp(verb, "pick") == 0 && nw > 1 && strcmp(w[1], "up") == 0) {
		verb = "pickup";
		i = 2;
	}
	if ((v = ccg_verb_find(verb)) == NULL) {
		all = ccg_verb_words();
		cause_set(cause, "line %d: unknown order \"%s\"; expected one "
		    "of %s", lineno, w[0], all);
		free(all);
		return -1;
	}
	o->line = lineno;
	o->verb = v->verb;
	r = v->parse != NULL ?
	    v->parse(v, w, (size_t)nw, i, lineno, o, cause) :
	    ccg_word_pattern(v, w, (size_t)nw, i, lineno, o, cause);
	if (r != 0) {
		ccg_order_clear(o);
		return -1;
	}
	o->text = xstrndup(start, len);
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
