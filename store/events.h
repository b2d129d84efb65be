/*
 * events.h — a game's event log, hash-chained (chain.h for the bytes).
 *
 * Each event has a per-game sequence number (1, 2, ...), the number of the
 * phase it belongs to (0: none), a type ("phase.resolved", "card.revealed",
 * ...), a visibility ("all", "none", or the seat names that may see it,
 * comma-separated) and a JSON payload stored byte for byte as given. The
 * game row keeps the head of the chain. Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_EVENTS_H
#define MUTHUR_STORE_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "store/chain.h"
#include "store/store.h"

struct store_event {
	uint64_t	 seq;
	uint64_t	 phase_seq;
	char		*type;
	char		*visibility;
	unsigned char	*payload;	/* NUL-terminated too */
	size_t		 payload_len;
	unsigned char	 prev_hash[CHAIN_HASH_BYTES];
	unsigned char	 hash[CHAIN_HASH_BYTES];
};

/*
 * Append an event to the game's log: hash it onto the chain and move the
 * head. Refuses an empty type, a visibility that is empty or has spaces,
 * a payload that is not one JSON value. *seq (the new event's) may be NULL.
 */
int store_event_append(struct store *st, int64_t game_id, uint64_t phase_seq,
    const char *type, const char *visibility, const void *payload, size_t len,
    uint64_t *seq, char **cause);
/* The game's events with seq >= from_seq, in order. */
int store_events(struct store *st, int64_t game_id, uint64_t from_seq,
    struct store_event **events, size_t *n, char **cause);
/*
 * The events from the first one of phase from_phase or later (by seq) to
 * the last, in order: what a view reports since a phase, read through an
 * index, never the earlier log. None when no event is of such a phase.
 */
int store_events_of_phases(struct store *st, int64_t game_id, uint64_t from_phase,
    struct store_event **events, size_t *n, char **cause);
/* The game's events of one type, in order (a few, through an index). */
int store_events_of_type(struct store *st, int64_t game_id, const char *type,
    struct store_event **events, size_t *n, char **cause);
/*
 * *n = how many of the game's events seat may see: visibility "all" or a
 * comma list naming it (exactly daemon/view.c's view_event_visible),
 * counted as events are appended (one row read, however long the log).
 */
int store_events_seen(struct store *st, int64_t game_id, const char *seat,
    uint64_t *n, char **cause);
void store_events_free(struct store_event *events, size_t n);
/*
 * Check the game's chain from the first event: sequence numbers without
 * gaps, each prev_hash equal to the previous event's hash (zeros for the
 * first), each hash equal to chain_hash() of its contents, the game's
 * head and count equal to the last event's. Returns 0 when all holds;
 * else -1, *bad_seq (may be NULL) = the first broken event (0 when the
 * game row's head is what is wrong) and *cause naming it.
 */
int store_events_verify(struct store *st, int64_t game_id, uint64_t *bad_seq,
    char **cause);

#endif
