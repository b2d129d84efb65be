/*
 * orders.h — the orders language (muthur-orders(5)): a parsed order, the
 * parser. The functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
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
	CCG_NVERBS
};

enum ccg_side { CCG_LEFT = 0, CCG_RIGHT, CCG_BETWEEN,
	CCG_ON };		/* play EVENT on CHARACTER */

/* One parsed order line. Identifiers are lowercased copies. */
struct ccg_order {
	int	 verb;			/* enum ccg_verb */
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


/* orders-parse.c */
/* Parse a whole orders text into out (free with ccg_orders_free()); -1
 * with "line N: ..." at the first bad line, out then empty. */
int	 ccg_orders_parse(const char *text, struct ccg_orders *out, char **cause);
/* One line: 1 with *o filled (clear with ccg_order_clear()), 0 for a
 * blank or comment line, -1 with a reason. */
int	 ccg_order_parse_line(const char *line, int lineno, struct ccg_order *o,
	    char **cause);
void	 ccg_order_clear(struct ccg_order *o);
void	 ccg_orders_free(struct ccg_orders *os);
/* The verb's word ("move"). */
const char *ccg_verb_name(int verb);

#endif
