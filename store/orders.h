/*
 * orders.h — players' orders as received, per phase and seat.
 *
 * A seat may resubmit while its phase is open: the newer orders supersede
 * the older (orders.superseded_by), which stay in the archive. The signed
 * block and the signature are kept byte for byte as received (after the
 * doc/product.md §3 normalisation) so that an auditor can check them.
 * Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_ORDERS_H
#define MUTHUR_STORE_ORDERS_H

#include <stddef.h>
#include <stdint.h>

#include "store/random.h"
#include "store/store.h"

struct store_order {
	int64_t		 id;
	int64_t		 phase_id;
	int64_t		 seat_id;
	int		 seat_no;
	char		*seat;		/* seat name */
	unsigned char	*block;		/* the signed bytes (NUL-terminated too) */
	size_t		 block_len;
	unsigned char	*signature;	/* the signature as received */
	size_t		 sig_len;
	char		*sig_type;	/* "minisign", "ssh" or "muthur"; "server":
					   a pass the server entered for the seat,
					   signed with its key (daemon/game-pass.c),
					   which the seat's latest orders, the seats
					   with orders and the mailed-since test pass
					   over */
	unsigned char	 nonce[RAND_NONCE_MAX];	/* decoded `nonce:` bytes */
	size_t		 nonce_len;
	char		*message_id;	/* Message-ID of the mail it came in */
	int64_t		 received;
	int64_t		 superseded_by;	/* 0 while current */
};

/*
 * Store a seat's orders for an open phase of the seat's game, superseding
 * the seat's current orders for that phase. nonce is the decoded nonce
 * (RAND_NONCE_MIN..RAND_NONCE_MAX bytes). Refuses a closed phase, a seat of
 * another game. *order_id may be NULL.
 */
int store_order_put(struct store *st, int64_t phase_id, int64_t seat_id,
    const void *block, size_t block_len, const void *signature, size_t sig_len,
    const char *sig_type, const unsigned char *nonce, size_t nonce_len,
    const char *message_id, int64_t now, int64_t *order_id, char **cause);
/*
 * Has the seat stored orders with this nonce before, in any phase of its
 * game (superseded orders count)? 1 yes, 0 no, -1 with a reason. A seat
 * never uses a nonce twice (doc/product.md §3 "No replay inside a phase").
 */
int store_order_nonce_used(struct store *st, int64_t seat_id,
    const unsigned char *nonce, size_t nonce_len, char **cause);
/*
 * The seat's stored orders in the phases of turn turn of its game, the
 * latest first (by the order they were stored), passes the server
 * entered left out: the blocks among which the one whose plan sections
 * stand is found (doc/product.md §3 "Plans"). *o has *n entries (free
 * with store_orders_free(*o, *n)); 0, or -1 with a reason.
 */
int store_orders_of_turn(struct store *st, int64_t seat_id, int turn,
    struct store_order **o, size_t *n, char **cause);
/* The current (not superseded) orders of a phase, in seat order. */
int store_orders_current(struct store *st, int64_t phase_id, struct store_order **orders,
    size_t *n, char **cause);
/*
 * The seats of a game that have given orders in it (a mail or a plan;
 * not the ready block of phase 1, daemon/game-ready.c), in seat order;
 * free with store_names_free().
 */
int store_seats_with_orders(struct store *st, int64_t game_id, char ***names, size_t *n,
    char **cause);
/*
 * Has the seat mailed orders since a point of its game: phase phase_seq
 * after the first orders_before of the seat's orders there (a seat
 * replacement's point, the seat.replaced event)? Orders a plan mailed
 * before the point fills in later phases do not count. 1 yes, 0 no, -1
 * with a reason.
 */
int store_seat_mailed_since(struct store *st, int64_t seat_id, uint64_t phase_seq,
    uint64_t orders_before, char **cause);
/*
 * The current orders the players signed (the server's passes left out) of
 * the game's phases from_seq <= seq < before_seq, in seat order and, within
 * a seat, the latest phase first: where a phase resolved without a seat's
 * orders finds that seat's latest nonce (doc/commitments.md, "Seat
 * entropy"). *orders has *n entries (store_orders_free()); 0 or -1.
 */
int store_orders_latest(struct store *st, int64_t game_id, uint64_t from_seq,
    uint64_t before_seq, struct store_order **orders, size_t *n, char **cause);
/* Every order of a phase, superseded ones too, in the order received. */
int store_orders_all(struct store *st, int64_t phase_id, struct store_order **orders,
    size_t *n, char **cause);
void store_orders_free(struct store_order *orders, size_t n);
/*
 * The nonces of the current orders in seat order, as rand_stream_init()
 * wants them; they point into orders, so keep orders until done. *nonces is
 * the caller's (free()).
 */
void store_orders_nonces(const struct store_order *orders, size_t n,
    struct rand_nonce **nonces);
/*
 * The barrier: the seats the phase says owe orders and that have none yet.
 * *seats (names) is the caller's, free with store_names_free(); *n == 0
 * means every owing seat has orders.
 */
int store_phase_missing(struct store *st, int64_t phase_id, char ***seats, size_t *n,
    char **cause);
/*
 * The running games whose open phase has the current orders of every seat
 * it waits for (or waits for nobody): those a pass must resolve. One query
 * over the open phases, however many games there are. *ids (caller frees)
 * in game id order.
 */
int store_games_ready(struct store *st, int64_t **ids, size_t *n, char **cause);

#endif
