/*
 * plans.h — what plans and settings leave in the store besides orders
 * (doc/product.md §3 "Plans", "Settings by mail"; doc/muthur-orders.5).
 *
 * A plan section applied in its phase is stored as that phase's orders
 * (the same signed block, orders.h); one that was no longer legal when its
 * phase opened is recorded here as dropped, with the reason, so that it is
 * not tried again (the seat's next view says why it is asked: a note,
 * daemon/seat-notes.c). A block is
 * named by its seat and nonce (a seat never uses a nonce twice), a section
 * by its index in the block (struct orders_section). Settings are a seat's
 * key/value pairs ("views" = "due", "stops" = "combat search.declare").
 * Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_PLANS_H
#define MUTHUR_STORE_PLANS_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

/* Record that section of the seat's block (nonce) was dropped in phase_id. */
int store_plan_drop(struct store *st, int64_t seat_id, const unsigned char *nonce,
    size_t nonce_len, int section, int64_t phase_id, const char *reason, char **cause);
/* Was that section dropped before? 1 yes, 0 no, -1 with a reason. */
int store_plan_dropped(struct store *st, int64_t seat_id, const unsigned char *nonce,
    size_t nonce_len, int section, char **cause);
/* Set a seat's setting key to value (replacing it). */
int store_seat_setting_put(struct store *st, int64_t seat_id, const char *key,
    const char *value, char **cause);
/* A seat's setting: 1 with *value (caller frees), 0 when unset, -1. */
int store_seat_setting_get(struct store *st, int64_t seat_id, const char *key,
    char **value, char **cause);

#endif
