/*
 * leagues.h — leagues in the store (PRODUCT.md §8, `muthur league`): a
 * name, its points per place ("3,1,0": 3 for first place, 1 for second,
 * 0 for the rest), its rule for abandoned games ("void": they count for
 * nothing; "last": every seat scores as placed last), and its games.
 * The standings are computed from the games (daemon/game-league.c), not
 * kept. Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_LEAGUES_H
#define MUTHUR_STORE_LEAGUES_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

struct store_league {
	int64_t		 id;
	char		*name;
	char		*points;	/* "3,1,0" */
	char		*abandoned;	/* "void" or "last" */
	int64_t		 created;
};

/* Create a league; refuses an existing name. */
int store_league_create(struct store *st, const char *name, const char *points,
    const char *abandoned, int64_t now, char **cause);
/* The league called name; NULL and "no league named ..." if none. */
struct store_league *store_league_get(struct store *st, const char *name, char **cause);
void store_league_free(struct store_league *lg);
/* Names of all leagues, by creation. */
int store_league_list(struct store *st, char ***names, size_t *n, char **cause);
/* Add a game to a league (refused when it is in it already) or remove it
 * (refused when it is not). */
int store_league_add(struct store *st, int64_t league_id, int64_t game_id, char **cause);
int store_league_remove(struct store *st, int64_t league_id, int64_t game_id,
    char **cause);
/* Names of the league's games, in the order they were created. */
int store_league_games(struct store *st, int64_t league_id, char ***names, size_t *n,
    char **cause);
/* Names of the leagues game_id belongs to. */
int store_game_leagues(struct store *st, int64_t game_id, char ***names, size_t *n,
    char **cause);

#endif
