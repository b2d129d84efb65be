/*
 * phases.h — phases (turn, name, seats owing orders, deadline, open or
 * closed) and the recorded game states.
 *
 * A game has at most one open phase. Phases are numbered 1, 2, ... in a
 * game (seq). Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_PHASES_H
#define MUTHUR_STORE_PHASES_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

struct store_phase {
	int64_t		 id;
	int64_t		 game_id;
	uint64_t	 seq;		/* 1, 2, ... within the game */
	int		 turn;
	char		*name;		/* e.g. "combat.declare.unhidden-ranged" */
	char		**owing;	/* seat names owing orders, seat order */
	size_t		 nowing;
	int64_t		 deadline;	/* 0: none */
	int		 open;		/* 1 open, 0 closed */
	int64_t		 opened;
	int64_t		 closed;	/* 0 while open */
};

/*
 * Open the game's next phase (seq = last + 1). owing lists the seats that
 * owe orders (names of existing seats). Refuses while another phase of the
 * game is open. *phase_id and *seq may be NULL.
 */
int store_phase_open(struct store *st, int64_t game_id, int turn, const char *name,
    const char *const *owing, size_t nowing, int64_t deadline, int64_t now,
    int64_t *phase_id, uint64_t *seq, char **cause);
/* Close an open phase; refuses a closed one. */
int store_phase_close(struct store *st, int64_t phase_id, int64_t now, char **cause);
/* Change an open phase's deadline (0: none). */
int store_phase_set_deadline(struct store *st, int64_t phase_id, int64_t deadline,
    char **cause);
/* Change which seats of an open phase owe orders. */
int store_phase_set_owing(struct store *st, int64_t phase_id, const char *const *owing,
    size_t nowing, char **cause);
/* The game's open phase; NULL with "game X has no open phase" if none. */
struct store_phase *store_phase_current(struct store *st, int64_t game_id, char **cause);
/* A phase by id, or by game and seq (phase_id 0). NULL if none. */
struct store_phase *store_phase_get(struct store *st, int64_t phase_id, char **cause);
struct store_phase *store_phase_get_seq(struct store *st, int64_t game_id, uint64_t seq,
    char **cause);
/* Every phase of a game, in order (seq 1, 2, ...); free with
 * store_phases_free(). */
int store_phases(struct store *st, int64_t game_id, struct store_phase **phases,
    size_t *n, char **cause);
void store_phases_free(struct store_phase *phases, size_t n);
/* The game's last phase (open or not); NULL with a reason if it has none. */
struct store_phase *store_phase_last(struct store *st, int64_t game_id, char **cause);
/* The phases of one turn of a game, in order (store_phases_free()). */
int store_phases_of_turn(struct store *st, int64_t game_id, int turn,
    struct store_phase **phases, size_t *n, char **cause);
/* Ids of open phases whose deadline is set and <= now, oldest first. */
int store_phases_due(struct store *st, int64_t now, int64_t **phase_ids, size_t *n,
    char **cause);
void store_phase_free(struct store_phase *ph);

/*
 * Record the game state's canonical bytes (opaque, from the rules engine)
 * after phase after_phase (0: the initial state) with their BLAKE2b-256
 * hash; the bytes are kept deflated (lib/deflate.h). Refuses a second
 * state for the same phase.
 */
int store_state_put(struct store *st, int64_t game_id, uint64_t after_phase,
    const void *state, size_t len, char **cause);
/*
 * The state recorded after phase after_phase, or the latest one when
 * after_phase is STORE_STATE_LATEST. *state (NUL-terminated too) is the
 * caller's; *found_phase and hash may be NULL.
 */
#define STORE_STATE_LATEST UINT64_MAX
/* Largest state read back (bytes, decompressed). */
#define STORE_STATE_MAX (64u * 1024 * 1024)
int store_state_get(struct store *st, int64_t game_id, uint64_t after_phase,
    unsigned char **state, size_t *len, uint64_t *found_phase, unsigned char hash[32],
    char **cause);
/*
 * Which state is the latest one of game_id, without reading it: the phase
 * it was recorded after and its BLAKE2b-256 hash (to find it in a cache,
 * daemon/game-live.c). -1 with a reason when none is recorded.
 */
int store_state_latest(struct store *st, int64_t game_id, uint64_t *after_phase,
    unsigned char hash[32], char **cause);

#endif
