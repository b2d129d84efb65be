/*
 * chain.h — the event hash chain (doc/product.md §7), pure code shared by the
 * store and the offline auditor. Exact bytes in doc/commitments.md.
 *
 *   canonical(event) = lp(game) ‖ u64be(seq) ‖ u64be(phase_seq) ‖ lp(type)
 *                      ‖ lp(visibility) ‖ lp(payload)
 *   hash(event)      = BLAKE2b-256( prev_hash ‖ canonical(event) )
 *
 * prev_hash of a game's first event (seq 1) is 32 zero bytes; seq counts
 * 1, 2, 3, ... without gaps; phase_seq is the phase's number in the game
 * (0 for events outside any phase, e.g. setup).
 */
#ifndef MUTHUR_STORE_CHAIN_H
#define MUTHUR_STORE_CHAIN_H

#include <stddef.h>
#include <stdint.h>

#define CHAIN_HASH_BYTES 32

struct chain_event {
	const char	*game;		/* the game's name */
	uint64_t	 seq;		/* 1, 2, ... within the game */
	uint64_t	 phase_seq;	/* phase number, 0 for none */
	const char	*type;		/* e.g. "phase.resolved" */
	const char	*visibility;	/* "all", "none", or seat names "a,b" */
	const void	*payload;	/* JSON bytes, exactly as stored */
	size_t		 payload_len;
};

/* hash = BLAKE2b-256(prev ‖ canonical(ev)). */
void chain_hash(const unsigned char prev[CHAIN_HASH_BYTES], const struct chain_event *ev,
    unsigned char hash[CHAIN_HASH_BYTES]);
/* The 32 zero bytes that precede a game's first event. */
extern const unsigned char chain_genesis[CHAIN_HASH_BYTES];

#endif
