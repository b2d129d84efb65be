/*
 * orders.h — the orders language (muthur-orders(5)): a parsed order, the
 * parser, the words of an order; the verbs themselves are the table of
 * verbs.h. The functions follow the conventions of rules/ccg/ccg.h.
 */
#ifndef MUTHUR_RULES_CCG_ORDERS_H
#define MUTHUR_RULES_CCG_ORDERS_H

#include "rules/ccg/ccg.h"

enum ccg_verb {
	CCG_V_PASS = 0,
	CCG_V_EVACUATE,
	CCG_V_DOWNLOAD,
	CCG_V_PLAY,
	CCG_V_MOVE,
	CCG_V_PICKUP,
	CCG_V_TRANSFER,
	CCG_V_DROP,
	CCG_V_DISCARD,
	CCG_V_SEARCH,
	CCG_V_FIND,
	CCG_V_ATTACK,
	CCG_V_BOOST,
	CCG_V_HEAL,
	CCG_V_RELEASE,
	CCG_V_FREE,
	CCG_V_UNLOAD,
	CCG_V_ATTACH,
	CCG_V_DETACH,
	CCG_V_HIDE,
	CCG_V_DECOY,
	CCG_V_REVEAL,
	CCG_V_HIVE,
	CCG_V_CONCEAL,
	CCG_V_STEAL,
	CCG_V_MATURE,
	CCG_V_GROW,
	CCG_V_MOVE_TOKEN,
	CCG_V_MOLT,
	CCG_V_CHAMBER,
	CCG_V_UPGRADE,
	CCG_V_GORE,
	CCG_V_BARRIER,
	CCG_V_BACKSTAB,
	CCG_V_BOARD,
	CCG_V_ALIGHT,
	CCG_V_PREFER,
	CCG_NVERBS
};

enum ccg_side { CCG_LEFT = 0, CCG_RIGHT, CCG_BETWEEN,
	CCG_ON };		/* play EVENT on CHARACTER */

/* One parsed order line. Identifiers are lowercased copies. */
struct ccg_order {
	int	 verb;			/* enum ccg_verb (verbs.h: its row) */
	int	 line;			/* line number in the orders text */
	char	*text;			/* the line as written (trimmed) */
	char	*who[CCG_MAX_GROUP];	/* characters */
	size_t	 nwho;
	char	*what;			/* card or item */
	char	*to;			/* location or receiving character */
	char	*drag;			/* dragged character */
	char	*a, *b;			/* play ... between a and b */
	int	 side;			/* enum ccg_side */
	int	 rotate;		/* "rotating" given */
	int	 attack;		/* attack: CCG_ATTACK_CLOSE or RANGED */
	int	 mode;			/* attack: enum ccg_atk_mode */
	int	 boost;			/* boost: CCG_STAT_DAMAGE or RESISTANCE */
};

struct ccg_orders {
	struct ccg_order	*v;
	size_t			 n;
};


#define CCG_ORDER_MAX_LINE	1024	/* bytes of one order line */
#define CCG_ORDER_MAX_WORDS	40

/* verbs.c: the parser, reading the verb table (verbs.h) */
/* Parse a whole orders text into out (free with ccg_orders_free()); -1
 * with "line N: ..." at the first bad line, out then empty. */
int	 ccg_orders_parse(const char *text, struct ccg_orders *out, char **cause);
/* One line: 1 with *o filled (clear with ccg_order_clear()), 0 for a
 * blank or comment line, -1 with a reason. */
int	 ccg_order_parse_line(const char *line, int lineno, struct ccg_order *o,
	    char **cause);

/* orders-parse.c */
void	 ccg_order_clear(struct ccg_order *o);
void	 ccg_orders_free(struct ccg_orders *os);
/* The words of line into buf (CCG_ORDER_MAX_LINE + 1 bytes) and words
 * (CCG_ORDER_MAX_WORDS): their number, 0 for a blank or comment line, -1
 * with a reason; *start and *len the order's text, trimmed. */
int	 ccg_order_words(const char *line, int lineno, char *buf, char **words,
	    const char **start, size_t *len, char **cause);
/* The verbs whose words a pattern of the table cannot say, each reading
 * w[i..nw) as ccg_verb_parse says. */
struct ccg_verb_row;
/* Reads the words w[i..nw) after the verb v into o; 0, or -1 with "line
 * N: ..." in *cause (o is cleared by the caller). */
typedef int ccg_verb_parse(const struct ccg_verb_row *v, char **w, size_t nw,
    size_t i, int lineno, struct ccg_order *o, char **cause);
ccg_verb_parse	 ccg_parse_pass;
ccg_verb_parse	 ccg_parse_hide;
ccg_verb_parse	 ccg_parse_board;
ccg_verb_parse	 ccg_parse_molt;
ccg_verb_parse	 ccg_parse_gore;
ccg_verb_parse	 ccg_parse_hive;
ccg_verb_parse	 ccg_parse_play;
ccg_verb_parse	 ccg_parse_move;
ccg_verb_parse	 ccg_parse_free;
ccg_verb_parse	 ccg_parse_boost;
ccg_verb_parse	 ccg_parse_attack;

/* order-words.c: the words of an order; each error says "line N: ..." */
/* Is w an identifier (letters, digits and '-', not at either end)? */
int	 ccg_word_is_ident(const char *w);
/* w[i] as a new identifier in *out, what naming it in the error. */
int	 ccg_word_ident(char **w, size_t nw, size_t i, const char *what,
	    char **out, int lineno, char **cause);
/* w[i] must be word; usage for the error. */
int	 ccg_word_want(char **w, size_t nw, size_t i, const char *word,
	    const char *usage, int lineno, char **cause);
/* Nothing may follow w[i - 1]. */
int	 ccg_word_end(char **w, size_t nw, size_t i, const char *usage,
	    int lineno, char **cause);
/* Names from w[*i] up to the word stop (NULL: the end) into o->who, "and"
 * allowed between them; too_many says what more than CCG_MAX_GROUP are. */
int	 ccg_word_names(char **w, size_t nw, size_t *i, const char *stop,
	    struct ccg_order *o, const char *too_many, int lineno, char **cause);
/* The words after the verb by v->pattern (verbs.h). */
ccg_verb_parse	 ccg_word_pattern;

#endif
