/*
 * games.h — games and their seats in the store.
 *
 * Every function returns 0 (or a new struct) on success, -1 (or NULL) with
 * a one-line reason in *cause on failure; a failing write changes nothing.
 * Structs handed out belong to the caller (free with the _free function).
 */
#ifndef MUTHUR_STORE_GAMES_H
#define MUTHUR_STORE_GAMES_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

/* Game status values (games.status). */
#define GAME_SETUP	"setup"		/* created, seats being added */
#define GAME_RUNNING	"running"
#define GAME_PAUSED	"paused"
#define GAME_FINISHED	"finished"
#define GAME_ABANDONED	"abandoned"

struct store_game {
	int64_t		 id;
	char		*name;		/* e.g. "contact-17" */
	char		*rules;		/* rules engine name, e.g. "ccg" */
	char		*scenario;	/* e.g. "contact" */
	char		*status;	/* one of GAME_* */
	unsigned char	 card_hash[32];	/* hash of the card data snapshot */
	unsigned char	 server_pk[32];	/* key that signs its commitments */
	int64_t		 created;
	uint64_t	 event_count;	/* events in its log */
	unsigned char	 head_hash[32];	/* hash of its last event (zeros: none) */
};

struct store_seat {
	int64_t		 id;
	int64_t		 game_id;
	int		 seat_no;	/* 1, 2, ...: the seat order */
	char		*name;		/* slug, e.g. "marines" */
	char		*faction;
	char		*email;
	char		*key_type;	/* "muthur", "minisign" or "ssh" */
	char		*public_key;	/* the key text as registered */
	char		*deck;		/* decklist text, NULL if none */
};

/*
 * Create a game in status "setup". Refuses an existing name, an empty
 * name, rules or scenario. *id (if not NULL) gets the new game's id.
 */
int store_game_create(struct store *st, const char *name, const char *rules,
    const char *scenario, const unsigned char card_hash[32],
    const unsigned char server_pk[32], int64_t now, int64_t *id, char **cause);
/* The game called name; NULL and "no game named ..." if there is none. */
struct store_game *store_game_get(struct store *st, const char *name, char **cause);
/* The game with this id; NULL if there is none. */
struct store_game *store_game_get_id(struct store *st, int64_t id, char **cause);
/* Set the status to one of GAME_*. */
int store_game_set_status(struct store *st, int64_t game_id, const char *status,
    char **cause);
/* Names of all games, in creation order: *names (array and strings) is the
 * caller's; free with store_names_free(). */
int store_game_list(struct store *st, char ***names, size_t *n, char **cause);
void store_game_free(struct store_game *g);
/* Free an array of n strings and the array. */
void store_names_free(char **names, size_t n);

/*
 * Add a seat to a game: it takes the next seat number. name is a slug
 * (letters, digits, '-', '_'); key_type one of "muthur", "minisign",
 * "ssh"; deck may be NULL. Refuses a seat name already in the game.
 */
int store_seat_add(struct store *st, int64_t game_id, const char *name,
    const char *faction, const char *email, const char *key_type,
    const char *public_key, const char *deck, int64_t *id, char **cause);
/* Replace a seat's player: new email and key (seat number, faction and
 * deck stay). */
int store_seat_replace(struct store *st, int64_t seat_id, const char *email,
    const char *key_type, const char *public_key, char **cause);
/* The seat called name (case-insensitive) in a game; NULL if none. Free
 * with store_seats_free(seat, 1). */
struct store_seat *store_seat_get(struct store *st, int64_t game_id, const char *name,
    char **cause);
/*
 * Is addr (an addr-spec) the registered address of a seat of any game,
 * compared case-insensitively? 1 and *registered (the address as
 * registered, caller frees), 0 when no seat has it, -1 with a reason.
 */
int store_email_registered(struct store *st, const char *addr, char **registered,
    char **cause);
/*
 * The running and paused games in which addr (compared case-insensitively)
 * holds a seat, by name; free with store_names_free().
 */
int store_games_of_email(struct store *st, const char *addr, char ***names, size_t *n,
    char **cause);
/* All seats of a game in seat order: *seats has *n entries. */
int store_seats(struct store *st, int64_t game_id, struct store_seat **seats,
    size_t *n, char **cause);
void store_seats_free(struct store_seat *seats, size_t n);

#endif
