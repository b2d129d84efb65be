/* orders.c — orders as received (see orders.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/phases.h"

/*
 * A row whose block_of is set holds no block or signature of its own: they
 * are those of row block_of, the same mail's orders for an earlier phase (a
 * plan's sections, schema migration 11). Reads take them from there.
 */
#define ORDER_COLUMNS "o.id, o.phase_id, o.seat_id, s.seat_no, s.name, " \
	"coalesce(b.block, o.block), coalesce(b.signature, o.signature), o.sig_type, " \
	"o.nonce, o.message_id, o.received, o.superseded_by"
#define ORDER_FROM "FROM orders o LEFT JOIN orders b ON b.id = o.block_of " \
	"JOIN seats s ON s.id = o.seat_id"

/*
 * The row already holding this signed block and signature from the same
 * mail of the same seat (0: none), so that a plan's block is kept once.
 */
static int
order_same_block(struct store *st, int64_t seat_id, const char *message_id,
    const void *block, size_t block_len, const void *signature, size_t sig_len,
    const char *sig_type, int64_t *same, char **cause)
{
	struct db_stmt *s;
	int rc;

	*same = 0;
	if ((s = db_prepare(st, "SELECT id FROM orders WHERE seat_id = ? AND "
	    "message_id = ? AND block_of IS NULL AND sig_type = ? AND block = ? AND "
	    "signature = ? ORDER BY id LIMIT 1", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_text(s, 2, message_id);
	db_bind_text(s, 3, sig_type);
	db_bind_blob(s, 4, block, block_len);
	db_bind_blob(s, 5, signature, sig_len);
	rc = db_step(s);
	if (rc == DB_ROW)
		*same = db_column_int64(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(st, "cannot look for the mail's block", cause);
	return 0;
}

static int
order_insert(struct store *st, int64_t phase_id, int64_t seat_id,
    const void *block, size_t block_len, const void *signature, size_t sig_len,
    const char *sig_type, const unsigned char *nonce, size_t nonce_len,
    const char *message_id, int64_t now, int64_t *order_id, char **cause)
{
	struct db_stmt *s;
	int64_t id, same;

	if (order_same_block(st, seat_id, message_id, block, block_len, signature,
	    sig_len, sig_type, &same, cause) == -1)
		return -1;
	/* The new row's id first, so the old row can point at it. */
	if ((s = db_prepare(st, st->drv->orders_next_id_sql, cause)) == NULL)
		return -1;
	if (db_step(s) != DB_ROW) {
		db_finish(st, s);
		return db_fail(st, "cannot number the orders", cause);
	}
	id = db_column_int64(s, 0);
	db_finish(st, s);
	if ((s = db_prepare(st, "UPDATE orders SET superseded_by = ? WHERE phase_id = ? "
	    "AND seat_id = ? AND superseded_by IS NULL", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	db_bind_int64(s, 2, phase_id);
	db_bind_int64(s, 3, seat_id);
	if (db_step_done(st, s, "cannot supersede earlier orders", cause) == -1)
		return -1;
	if ((s = db_prepare(st, "INSERT INTO orders (id, phase_id, seat_id, block, "
	    "signature, sig_type, nonce, message_id, received, block_of) VALUES "
	    "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	db_bind_int64(s, 2, phase_id);
	db_bind_int64(s, 3, seat_id);
	/* the same mail's block, kept once: this row names the row holding it */
	db_bind_blob(s, 4, same != 0 ? "" : block, same != 0 ? 0 : block_len);
	db_bind_blob(s, 5, same != 0 ? "" : signature, same != 0 ? 0 : sig_len);
	if (same != 0)
		db_bind_int64(s, 10, same);
	else
		db_bind_null(s, 10);
	db_bind_text(s, 6, sig_type);
	db_bind_blob(s, 7, nonce, nonce_len);
	db_bind_text(s, 8, message_id);
	db_bind_int64(s, 9, now);
	if (db_step_done(st, s, "cannot store the orders", cause) == -1)
		return -1;
	if (order_id != NULL)
		*order_id = id;
	return 0;
}

/* The phase must be open and the seat one of its game's. */
static int
order_check(struct store *st, int64_t phase_id, int64_t seat_id, char **cause)
{
	struct store_phase *ph;
	struct db_stmt *s;
	int64_t seat_game = 0;
	int rc = 0;

	if ((ph = store_phase_get(st, phase_id, cause)) == NULL)
		return -1;
	if (!ph->open)
		rc = cause_set(cause, "orders for phase %llu (%s), which is closed",
		    (unsigned long long)ph->seq, ph->name);
	else if ((s = db_prepare(st, "SELECT game_id FROM seats WHERE id = ?",
	    cause)) == NULL)
		rc = -1;
	else {
		db_bind_int64(s, 1, seat_id);
		if (db_step(s) == DB_ROW)
			seat_game = db_column_int64(s, 0);
		db_finish(st, s);
		if (seat_game != ph->game_id)
			rc = cause_set(cause, "orders from seat #%lld, which is not a seat "
			    "of this game", (long long)seat_id);
	}
	store_phase_free(ph);
	return rc;
}

int
store_order_put(struct store *st, int64_t phase_id, int64_t seat_id,
    const void *block, size_t block_len, const void *signature, size_t sig_len,
    const char *sig_type, const unsigned char *nonce, size_t nonce_len,
    const char *message_id, int64_t now, int64_t *order_id, char **cause)
{
	int ok;

	if (nonce_len < RAND_NONCE_MIN || nonce_len > RAND_NONCE_MAX)
		return cause_set(cause, "orders: nonce of %zu bytes, expected %d to %d",
		    nonce_len, RAND_NONCE_MIN, RAND_NONCE_MAX);
	if (block_len == 0 || sig_len == 0)
		return cause_set(cause, "orders: empty signed block or signature");
	if (db_tx_enter(st, cause) == -1)
		return -1;
	ok = order_check(st, phase_id, seat_id, cause) == 0 &&
	    order_insert(st, phase_id, seat_id, block, block_len, signature, sig_len,
	    sig_type, nonce, nonce_len, message_id, now, order_id, cause) == 0;
	return db_tx_leave(st, ok, cause);
}

static void
order_row(struct db_stmt *s, void *elem)
{
	struct store_order *o = elem;
	unsigned char *nonce;
	size_t len;

	o->id = db_column_int64(s, 0);
	o->phase_id = db_column_int64(s, 1);
	o->seat_id = db_column_int64(s, 2);
	o->seat_no = db_column_int(s, 3);
	o->seat = db_col_text(s, 4);
	o->block = db_col_blob(s, 5, &o->block_len);
	o->signature = db_col_blob(s, 6, &o->sig_len);
	o->sig_type = db_col_text(s, 7);
	nonce = db_col_blob(s, 8, &len);
	o->nonce_len = len < RAND_NONCE_MAX ? len : RAND_NONCE_MAX;
	memcpy(o->nonce, nonce, o->nonce_len);
	free(nonce);
	o->message_id = db_col_text(s, 9);
	o->received = db_column_int64(s, 10);
	o->superseded_by = db_column_int64(s, 11);
}

static void
orders_free_all(void *v, size_t n)
{
	store_orders_free(v, n);
}

/* The orders sql selects (ORDER_COLUMNS), its parameters 1.. param[0..np). */
static int
orders_query(struct store *st, const char *sql, const int64_t *param, size_t np,
    struct store_order **orders, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	size_t i;
	int rc;

	*orders = NULL;
	*n = 0;
	if ((s = db_prepare(st, sql, cause)) == NULL)
		return -1;
	for (i = 0; i < np; i++)
		db_bind_int64(s, (int)i + 1, param[i]);
	rc = db_collect(st, s, sizeof **orders, order_row, orders_free_all, &out, n,
	    "cannot read orders", cause);
	*orders = out;
	return rc;
}

int
store_order_nonce_used(struct store *st, int64_t seat_id, const unsigned char *nonce,
    size_t nonce_len, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT 1 FROM orders WHERE seat_id = ? AND nonce = ? "
	    "LIMIT 1", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_blob(s, 2, nonce, nonce_len);
	rc = db_step(s);
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	if (rc != DB_DONE)
		return db_fail(st, "cannot read the seat's nonces", cause);
	return 0;
}

int
store_orders_of_turn(struct store *st, int64_t seat_id, int turn,
    struct store_order **o, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;

	*o = NULL;
	*n = 0;
	/*
	 * Through the turn's phases (phases_turn) and their orders
	 * (orders_phase), never every order of the seat: the cost of a turn,
	 * not of the game's length (issue 28). The "+" keeps SQLite from
	 * walking the seat's orders by orders_nonce instead.
	 */
	if ((s = db_prepare(st, "SELECT " ORDER_COLUMNS " " ORDER_FROM
	    " WHERE +o.seat_id = ?1 AND o.phase_id IN (SELECT p.id FROM phases p "
	    "WHERE p.game_id = (SELECT game_id FROM seats WHERE id = ?1) AND "
	    "p.turn = ?2) AND o.sig_type <> 'server' ORDER BY o.id DESC", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_int64(s, 2, turn);
	if (db_collect(st, s, sizeof **o, order_row, orders_free_all, &out, n,
	    "cannot read the seat's orders", cause) == -1)
		return -1;
	*o = out;
	return 0;
}

int
store_orders_current(struct store *st, int64_t phase_id, struct store_order **orders,
    size_t *n, char **cause)
{
	return orders_query(st, "SELECT " ORDER_COLUMNS " " ORDER_FROM
	    " WHERE o.phase_id = ? AND o.superseded_by IS NULL "
	    "ORDER BY s.seat_no", &phase_id, 1, orders, n, cause);
}

int
store_orders_all(struct store *st, int64_t phase_id, struct store_order **orders,
    size_t *n, char **cause)
{
	return orders_query(st, "SELECT " ORDER_COLUMNS " " ORDER_FROM
	    " WHERE o.phase_id = ? ORDER BY o.id", &phase_id, 1, orders, n,
	    cause);
}

int
store_seats_with_orders(struct store *st, int64_t game_id, char ***names, size_t *n,
    char **cause)
{
	struct db_stmt *s;

	*names = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT s.name FROM seats s WHERE s.game_id = ? AND "
	    "EXISTS (SELECT 1 FROM orders o JOIN phases p ON p.id = o.phase_id WHERE "
	    "o.seat_id = s.id AND o.sig_type <> 'server' AND p.seq > 1) ORDER BY s.seat_no",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	return db_collect_texts(st, s, names, n, "cannot read orders", cause);
}

int
store_seat_mailed_since(struct store *st, int64_t seat_id, uint64_t phase_seq,
    uint64_t orders_before, char **cause)
{
	struct db_stmt *s;
	int rc;

	/*
	 * A mail's own row is the first of its Message-ID for the seat (the
	 * rows a plan fills later carry the mail's); the first orders_before
	 * rows of phase phase_seq came before the point.
	 */
	if ((s = db_prepare(st, "SELECT 1 FROM orders o JOIN phases p ON p.id = "
	    "o.phase_id WHERE o.seat_id = ?1 AND o.sig_type <> 'server' AND "
	    "(p.seq > ?2 OR (p.seq = ?2 AND "
	    "o.id NOT IN (SELECT q.id FROM orders q WHERE q.seat_id = ?1 AND "
	    "q.phase_id = p.id ORDER BY q.id LIMIT ?3))) AND NOT EXISTS (SELECT 1 "
	    "FROM orders b WHERE b.seat_id = ?1 AND b.message_id = o.message_id "
	    "AND b.id < o.id) LIMIT 1", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, seat_id);
	db_bind_int64(s, 2, (int64_t)phase_seq);
	db_bind_int64(s, 3, (int64_t)orders_before);
	rc = db_step(s);
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	if (rc != DB_DONE)
		return db_fail(st, "cannot read the seat's orders", cause);
	return 0;
}

void
store_orders_free(struct store_order *orders, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(orders[i].seat);
		free(orders[i].block);
		free(orders[i].signature);
		free(orders[i].sig_type);
		free(orders[i].message_id);
	}
	free(orders);
}

void
store_orders_nonces(const struct store_order *orders, size_t n,
    struct rand_nonce **nonces)
{
	size_t i;

	*nonces = xcalloc(n > 0 ? n : 1, sizeof **nonces);
	for (i = 0; i < n; i++) {
		(*nonces)[i].bytes = orders[i].nonce;
		(*nonces)[i].len = orders[i].nonce_len;
	}
}

int
store_phase_missing(struct store *st, int64_t phase_id, char ***seats, size_t *n,
    char **cause)
{
	struct store_phase *ph;
	struct store_order *orders;
	size_t norders, i, j;

	*seats = NULL;
	*n = 0;
	if ((ph = store_phase_get(st, phase_id, cause)) == NULL)
		return -1;
	if (store_orders_current(st, phase_id, &orders, &norders, cause) == -1) {
		store_phase_free(ph);
		return -1;
	}
	for (i = 0; i < ph->nowing; i++) {
		for (j = 0; j < norders; j++)
			if (strcmp(orders[j].seat, ph->owing[i]) == 0)
				break;
		if (j == norders) {
			*seats = xreallocarray(*seats, *n + 1, sizeof **seats);
			(*seats)[(*n)++] = xstrdup(ph->owing[i]);
		}
	}
	store_orders_free(orders, norders);
	store_phase_free(ph);
	return 0;
}

int
store_games_ready(struct store *st, int64_t **ids, size_t *n, char **cause)
{
	struct db_stmt *s;

	*ids = NULL;
	*n = 0;
	/* owing is the seat names joined by commas ('' for nobody) */
	if ((s = db_prepare(st, "SELECT p.game_id FROM phases p JOIN games g ON "
	    "g.id = p.game_id WHERE p.state = 'open' AND g.status = 'running' AND "
	    "(CASE WHEN p.owing = '' THEN 0 ELSE length(p.owing) - "
	    "length(replace(p.owing, ',', '')) + 1 END) = (SELECT count(*) FROM orders o "
	    "JOIN seats s ON s.id = o.seat_id WHERE o.phase_id = p.id AND "
	    "o.superseded_by IS NULL AND instr(',' || p.owing || ',', ',' || s.name || ',') "
	    "> 0) ORDER BY p.game_id", cause)) == NULL)
		return -1;
	return db_collect_ids(st, s, ids, n, "cannot find the games to resolve", cause);
}

int
store_orders_latest(struct store *st, int64_t game_id, uint64_t from_seq,
    uint64_t before_seq, struct store_order **orders, size_t *n, char **cause)
{
	int64_t param[3] = { game_id, (int64_t)from_seq, (int64_t)before_seq };

	return orders_query(st, "SELECT " ORDER_COLUMNS " " ORDER_FROM
	    " JOIN phases p ON p.id = o.phase_id WHERE p.game_id = ? AND p.seq >= ? "
	    "AND p.seq < ? AND o.superseded_by IS NULL AND o.sig_type <> 'server' "
	    "ORDER BY s.seat_no, p.seq DESC", param, 3, orders, n, cause);
}
