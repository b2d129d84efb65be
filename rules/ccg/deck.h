/*
 * deck.h — decklists for the Aliens Predator CCG and their construction
 * rules (general rules, and the additions of the Contact scenario).
 *
 * A decklist is text, one card per line as "COUNT NAME" ("3 Alien Warrior";
 * NAME is matched case-insensitively, or as a slug), '#' starts a comment,
 * blank lines are ignored. Three kinds of directive line:
 *   faction NAME   the faction the deck is for (rogue, marines, predator, aliens)
 *   [start]        the following cards are the starting cards (scenario
 *                  starting characters, locations and items, and at most one
 *                  battle condition); they are not part of the draw deck
 *   [deck]         the following cards are the draw deck (the default)
 * See doc/ccg-card-data.md and muthur-cards(5).
 *
 * Parsing and validation never stop at the first problem: every problem is
 * one line of a struct ccg_problems, prefixed "NAME:LINE: " when it belongs
 * to a line of the decklist and "NAME: " otherwise. Nothing here does I/O.
 */
#ifndef MUTHUR_CCG_DECK_H
#define MUTHUR_CCG_DECK_H

#include <stddef.h>

#include "rules/ccg/card.h"

/* A list of problem lines (each a new string, no newline). */
struct ccg_problems {
	char	**lines;
	size_t	  n;
};
#define CCG_PROBLEMS_INIT { NULL, 0 }
void ccg_problems_add(struct ccg_problems *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void ccg_problems_free(struct ccg_problems *p);

struct ccg_deck_entry {
	const struct ccg_card	*card;	/* belongs to the card database */
	int			 count;	/* 1..99 */
	unsigned		 line;	/* line number in the decklist (1-based) */
};

struct ccg_decklist {
	char			*name;		/* the name given to ccg_decklist_parse() */
	int			 faction;	/* enum ccg_faction, -1 if not given */
	unsigned		 faction_line;
	struct ccg_deck_entry	*draw;		/* the [deck] section, in file order */
	size_t			 ndraw;
	struct ccg_deck_entry	*start;		/* the [start] section, in file order */
	size_t			 nstart;
	int			 has_start;	/* a [start] line was seen */
	int			 truncated;	/* more than CCG_DECK_MAX_LINES card lines */
};

/* Longest decklist accepted (bytes) and most copies on one line. */
#define CCG_DECKLIST_MAX (256u * 1024)
#define CCG_DECK_MAX_COUNT 99
/* Most card lines read from one decklist (the rest is one problem). */
#define CCG_DECK_MAX_LINES 1000

/*
 * Parse a decklist (len bytes, need not be NUL-terminated; name is used in
 * messages). Cards are looked up in db (which must be sealed). Returns the
 * decklist (never NULL; free with ccg_decklist_free()) holding every line
 * that could be read; every line that could not (unknown card, bad count,
 * unknown directive, a second faction line, ...) adds a problem to p.
 */
struct ccg_decklist *ccg_decklist_parse(const struct ccg_carddb *db,
    const char *name, const char *text, size_t len, struct ccg_problems *p);
void ccg_decklist_free(struct ccg_decklist *dl);

/*
 * A decklist as the seat of a new game (struct rules_seat of
 * rules/rules.h): parses text (name in messages) and fills rs->deck and
 * rs->start with card slugs, copies repeated, in decklist order; the slugs
 * belong to db, the arrays to rs; seat and faction are borrowed. Returns
 * 0, or -1 with the decklist's first problem in *cause; rs holds what could
 * be read either way. Release with ccg_decklist_seat_clear(). Used by the
 * daemon's start, the auditor, the tests and the benchmarks alike.
 */
struct rules_seat;
int ccg_decklist_seat(const struct ccg_carddb *db, const char *name,
    const char *seat, const char *faction, const char *text, size_t len,
    struct rules_seat *rs, char **cause);
void ccg_decklist_seat_clear(struct rules_seat *rs);

/* Total copies in the draw deck / among the starting cards. */
int ccg_decklist_draw_size(const struct ccg_decklist *dl);
int ccg_decklist_start_size(const struct ccg_decklist *dl);

/*
 * One slot of a scenario's starting cards: either a named card (slug) or
 * any card of a type/faction with some property, `count` copies, possibly
 * at most `max_same` copies of the same card (0: no limit).
 */
struct ccg_start_slot {
	const char		*slug;		/* a named card, or NULL */
	int			 type;		/* enum ccg_card_type when slug is NULL */
	int			 faction;	/* enum ccg_faction, or -1 any */
	unsigned		 keyword;	/* CCG_KW_* the card must have, or 0 */
	unsigned		 lkind;		/* CCG_LK_* for locations, or 0 */
	int			 lclass;	/* enum ccg_location_class, or -1 */
	int			 item_kind;	/* enum ccg_item_kind, or -1 */
	int			 count;		/* exact number of cards */
	const char		*what;		/* how the rules name it */
};

/* A scenario's starting cards for one faction. */
struct ccg_start_rules {
	int				 faction;
	const struct ccg_start_slot	*slots;
	size_t				 nslots;
	int				 leaders;	/* exactly this many with Leader, -1 no rule */
	const char *const		*one_each;	/* slugs allowed at most once (NULL-terminated) */
	int				 hand;		/* starting hand size */
	int				 combat_pool;	/* starting Combat Pool */
};

/* A card a scenario treats as Unique or Limited (for one faction or all). */
struct ccg_deck_override {
	const char	*slug;
	unsigned	 keyword;	/* CCG_KW_UNIQUE or CCG_KW_LIMITED */
	int		 faction;	/* enum ccg_faction, or -1 for every player */
};

struct ccg_hunting_pack;

/* Construction rules: the general ones plus a scenario's additions. */
struct ccg_deck_rules {
	const char			*scenario;	/* "general" or "contact" */
	int				 min_size;	/* 40 */
	int				 max_copies;	/* 3 (non-item cards) */
	int				 max_limited;	/* 3 */
	int				 max_molted;	/* 5 */
	int				 min_supporting;	/* 0 / 4 */
	int				 min_supporting_kinds;	/* 0 / 3 */
	int				 min_locations;	/* 0 / 6 */
	int				 min_location_kinds;	/* 0 / 4 */
	unsigned			 need_lkinds;	/* CCG_LK_* every deck needs */
	unsigned			 need_lkinds_faction[CCG_NPLAYER_FACTIONS + 1];
	const struct ccg_deck_override	*overrides;
	size_t				 noverrides;
	const struct ccg_start_rules	*start;		/* per faction, [faction] */
	int				 need_start;	/* the [start] section is required */
	const char			*title;		/* for messages: "Contact" */
	/* a Predator Hunting Pack the scenario allows (hunting-packs.h), or NULL */
	const struct ccg_hunting_pack	*pack;
	/* the scenario whose setup and turn rules a game of this one follows
	 * ("contact"), or NULL: decks only, no game can be created */
	const char			*setup;
};

/* The rules by scenario name ("general", "contact"); NULL when unknown. */
const struct ccg_deck_rules *ccg_deck_rules_find(const char *scenario);
/* The starting cards of a faction in a scenario, or NULL. */
const struct ccg_start_rules *ccg_deck_start_rules(const struct ccg_deck_rules *r,
    int faction);

/*
 * Check dl against the rules for faction (enum ccg_faction; -1 takes the
 * decklist's own faction line, and a missing faction is itself a problem).
 * Every violation adds one line to p. Returns the number of violations
 * added (0: legal).
 */
size_t ccg_deck_validate(const struct ccg_decklist *dl, const struct ccg_deck_rules *r,
    int faction, struct ccg_problems *p);

/*
 * deck-cloned.c: rulebook "Cloned Aliens". For an Aliens deck (faction)
 * holding a Cloned Alien main character, one problem per line naming an
 * Alien main character a Cloned Aliens deck may not hold. Returns the
 * number of problems added. Called by ccg_deck_validate().
 */
size_t ccg_deck_cloned_check(const struct ccg_decklist *dl, int faction,
    struct ccg_problems *p);

#endif
