/*
 * seat-keys.h — the server's signature over a seat's key change, the
 * seat.replaced event of a game's chain (doc/game-record.md "Seat
 * replacement"; doc/muthur-archive.5 "Key history"). Pure code: no SQL,
 * no clock. The signed message is
 *
 *   "muthur-seat-key-v1" 0 GAME 0 SEAT 0 PHASE 0 ORDERS_BEFORE 0
 *   OLD_KEY_TYPE 0 OLD_KEY 0 KEY_TYPE 0 KEY
 *
 * (PHASE and ORDERS_BEFORE in decimal; 0 a NUL byte; keys in their
 * canonical text, pubkey_format()). ORDERS_BEFORE is how many orders of
 * the seat its phase held when the key changed: those were signed with
 * the old key, the later ones with the new.
 */
#ifndef MUTHUR_STORE_SEAT_KEYS_H
#define MUTHUR_STORE_SEAT_KEYS_H

#include <stdint.h>

#define SEAT_KEY_SIG_CONTEXT	"muthur-seat-key-v1"
#define SEAT_KEY_SIG_BYTES	64

/* One key change, borrowed strings. */
struct seat_key_change {
	const char	*game;
	const char	*seat;
	uint64_t	 phase;		/* the phase open when it changed */
	uint64_t	 orders_before;
	const char	*old_key_type;
	const char	*old_key;
	const char	*key_type;
	const char	*key;
};

/* Sign k with the server's secret key sk (seed ‖ public key). */
void seat_key_sign(const unsigned char sk[64], const struct seat_key_change *k,
    unsigned char sig[SEAT_KEY_SIG_BYTES]);
/* 0 when sig is the server's (pk) over k, -1 when not. */
int seat_key_sig_verify(const unsigned char pk[32], const struct seat_key_change *k,
    const unsigned char sig[SEAT_KEY_SIG_BYTES]);

#endif
