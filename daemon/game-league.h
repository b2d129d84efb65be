/*
 * game-league.h — a league's standings (PRODUCT.md §8; muthur(1) "league"),
 * computed from its games each time, and the standings mail when one of
 * its games ends.
 *
 * A player is a seat's registered address: it scores each finished game
 * of the league it held a seat of at the end (a replaced player's seat
 * scores for the new one). Points per place come from the league
 * (store/leagues.h; a place past the list scores its last number, a seat
 * not placed scores 0); a win is a first place. An abandoned game counts
 * per the league's rule: "void" (default) — for nothing; "last" — as
 * played, every seat placed last, no win. Games still running score
 * nothing yet. Late counts (NMRs, store/deadlines.h) are summed over every
 * game of the league. Order: points, then wins, then fewest late, then
 * the address; equal points, wins and late share a rank.
 */
#ifndef MUTHUR_DAEMON_GAME_LEAGUE_H
#define MUTHUR_DAEMON_GAME_LEAGUE_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "daemon/game.h"

struct league_row {
	char		*player;	/* the address */
	int		 rank;		/* 1, 2, ...; shared by ties */
	int		 played;
	int		 wins;
	long		 points;
	int64_t		 late;
};

struct league_table {
	char			*name;
	char			*points;	/* "3,1,0" */
	char			*abandoned;	/* "void" or "last" */
	struct league_row	*rows;		/* in rank order */
	size_t			 nrows;
	cJSON			*games;		/* [{"game","status","counted"}] */
};

/* The standings of league name (free with league_table_free()). */
int league_table_load(struct store *st, const char *name, struct league_table *t,
    char **cause);
void league_table_free(struct league_table *t);
/*
 * As text lines (one string, LF-ended) or as JSON (caller frees).
 * league_table_text_for() is the text a player (reader) is mailed: its own
 * address whole, every other one shortened to its first character and
 * domain (a***@x.example), so a league does not hand every player's
 * address to all; reader NULL: every address whole (the organiser's).
 */
char *league_table_text(const struct league_table *t);
char *league_table_text_for(const struct league_table *t, const char *reader);
cJSON *league_table_json(const struct league_table *t);

/*
 * Game game_id has just ended (finished or abandoned, in the caller's
 * unit): for each league it belongs to, queue its standings to every
 * address seated in the league's games (outbox key
 * "standings/LEAGUE/GAME/ADDRESS").
 */
int game_league_game_over(const struct game_ctx *c, int64_t game_id, char **cause);

#endif
