/*
 * club.h — what a game keeps for its organiser (PRODUCT.md §8): the
 * organiser's public key (for commands by signed mail), the nonces of the
 * organiser's blocks already carried out, the absence policy and its cap,
 * and the seats' absences. Times are seconds since the epoch, durations
 * seconds. Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_CLUB_H
#define MUTHUR_STORE_CLUB_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

struct store_club {
	char		*organiser_key;	/* canonical key text; "" none */
	char		*absence;	/* "extend" or "pass" */
	int64_t		 absence_cap;	/* most absent time per seat and game */
	int		 digest;	/* 1: the organiser gets a daily digest */
};

/* Set (insert or replace) the game's row. */
int store_club_set(struct store *st, int64_t game_id, const struct store_club *cl,
    char **cause);
/*
 * The game's row into *cl (strings the caller's: store_club_clear): 1,
 * or 0 when it has none (no organiser key, absence "extend", cap 0, no
 * digest).
 */
int store_club_get(struct store *st, int64_t game_id, struct store_club *cl,
    char **cause);
void store_club_clear(struct store_club *cl);
/* Ids of the running or paused games whose organiser asked for the digest. */
int store_club_digests(struct store *st, int64_t **game_ids, size_t *n, char **cause);

/*
 * Record the nonce of an organiser's block of the game: 0 when new, 1 when
 * it was carried out before (nothing recorded), -1 with a reason.
 */
int store_organiser_nonce(struct store *st, int64_t game_id, const unsigned char *nonce,
    size_t len, char **cause);

struct store_absence {
	char		*seat;
	int64_t		 start;
	int64_t		 until;		/* after start */
};

/* Record an absence of seat of the game. */
int store_absence_add(struct store *st, int64_t game_id, const char *seat, int64_t start,
    int64_t until, char **cause);
/* The game's absences (seat NULL: every seat's), by start. */
int store_absences(struct store *st, int64_t game_id, const char *seat,
    struct store_absence **v, size_t *n, char **cause);
void store_absences_free(struct store_absence *v, size_t n);

#endif
