/*
 * deadlines.h — a game's clock in the store (doc/product.md §8): its deadline
 * policy, the clock marks of its phases (reminded, late notice sent,
 * extended once, held) and the late count of each seat. The deadline of
 * a phase itself is phases.deadline (store/phases.h).
 *
 * Times are arguments (seconds since the epoch); durations are seconds.
 * Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_DEADLINES_H
#define MUTHUR_STORE_DEADLINES_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

/* A game's deadline policy. A game without a row has no deadlines. */
struct store_clock {
	int64_t		 deadline;	/* seconds a phase gets; 0: no deadlines */
	char		*kinds;		/* JSON object {"KIND": seconds, ...}, or "" */
	int64_t		 grace;		/* seconds after the deadline before NMR */
	int		 wait;		/* 1: a phase waits for its deadline even
					   when every order is in */
	int64_t		 reminder;	/* seconds before the deadline; 0: none */
	char		*nmr;		/* "pass", "hold" or "extend" */
	char		*organiser;	/* address told of late seats; "" none */
	int64_t		 remaining;	/* paused: what was left of the open
					   phase's deadline; -1 none */
};

/* Set (insert or replace) the game's policy. */
int store_clock_set(struct store *st, int64_t game_id, const struct store_clock *ck,
    char **cause);
/*
 * The game's policy into *ck (its strings the caller's: store_clock_clear).
 * 1 found, 0 the game has none (*ck then zeroed, nmr "pass", remaining -1),
 * -1 with a reason.
 */
int store_clock_get(struct store *st, int64_t game_id, struct store_clock *ck,
    char **cause);
void store_clock_clear(struct store_clock *ck);
/* Change only the paused remainder (-1: none); the game must have a policy. */
int store_clock_set_remaining(struct store *st, int64_t game_id, int64_t remaining,
    char **cause);

/* Clock marks of a phase (bits). */
#define CLOCK_REMINDED	0x01	/* the reminder went out */
#define CLOCK_NOTICED	0x02	/* the late notice went out */
#define CLOCK_EXTENDED	0x04	/* NMR extend used */
#define CLOCK_HELD	0x08	/* NMR hold: the organiser was told */

/* The phase's marks (0 when none were set). */
int store_phase_marks(struct store *st, int64_t phase_id, int *marks, char **cause);
/* Set the bits in set and clear those in clear. */
int store_phase_mark(struct store *st, int64_t phase_id, int set, int clear,
    char **cause);

/* One more late (NMR) for seat of the game. */
int store_late_add(struct store *st, int64_t game_id, const char *seat, char **cause);
/* The late count of seat (0 when it never was). */
int store_late_count(struct store *st, int64_t game_id, const char *seat,
    int64_t *late, char **cause);

/*
 * Ids of the open phases of running games with a deadline that need the
 * clock now: a reminder due (deadline - reminder <= now, not yet
 * reminded), a deadline passed without its late notice, or a deadline plus
 * grace passed and not held. Oldest deadline first; *phase_ids is the
 * caller's.
 */
int store_clock_due(struct store *st, int64_t now, int64_t **phase_ids, size_t *n,
    char **cause);

#endif
