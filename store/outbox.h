/*
 * outbox.h — outgoing mail, written in the same transaction as the state
 * change that caused it, sent later and marked sent (doc/exactly-once.md).
 *
 * Each row has a key that names why the mail exists (the caller's
 * choice, e.g. "view/contact-17/12/marines" or "ack/<incoming Message-ID>")
 * and a Message-ID derived from that key alone, so the same logical mail
 * always carries the same Message-ID and can be queued only once.
 * Conventions as in games.h.
 */
#ifndef MUTHUR_STORE_OUTBOX_H
#define MUTHUR_STORE_OUTBOX_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define OUTBOX_PENDING	"pending"
#define OUTBOX_SENT	"sent"
#define OUTBOX_FAILED	"failed"	/* given up: never retried */

struct store_outbox_mail {
	int64_t		 id;
	int64_t		 game_id;	/* 0: not about a game */
	char		*key;
	char		*message_id;	/* "<...@...>" as in the header */
	char		*recipients;	/* comma-separated addresses */
	unsigned char	*mail;		/* the RFC 5322 message (NUL-terminated
					   too); NULL in store_outbox_due()'s
					   rows and once sent (pruned) */
	size_t		 len;		/* its size in bytes, also when NULL */
	unsigned char	 hash[32];	/* BLAKE2b-256 of the message; only from
					   store_outbox_get(), else zero */
	char		*state;		/* OUTBOX_* */
	int		 attempts;
	int64_t		 next_attempt;
	int64_t		 created;
	int64_t		 sent;		/* 0 unless sent */
	char		*last_error;	/* NULL if none */
};

/* Where store_outbox_due() goes on: after this row in the due order. */
struct store_outbox_cursor {
	int64_t		 next_attempt;
	int64_t		 id;		/* 0: from the start */
};

/*
 * The Message-ID (with its angle brackets) of the mail with this key:
 * "<muthur." + hex of the first 16 bytes of BLAKE2b-256("muthur-message-id-v1"
 * ‖ key) + "@" + domain + ">". Pure; the caller frees the string.
 */
char *outbox_message_id(const char *key, const char *domain);
/*
 * Queue a fully formed mail as pending, due at now. message_id must be
 * the one outbox_message_id() gives for key, and the mail's header must
 * carry it ("Message-ID: <...>"). Refuses a key already queued, no
 * recipients, a mail without that header. game_id 0 for none.
 */
/* Is a mail with this key queued (in any state)? 1 yes, 0 no, -1. */
int store_outbox_has(struct store *st, const char *key, char **cause);
int store_outbox_add(struct store *st, int64_t game_id, const char *key,
    const char *message_id, const char *recipients, const void *mail, size_t len,
    int64_t now, int64_t *id, char **cause);
/*
 * Pending mails due at now (next_attempt <= now), oldest first (by
 * next_attempt, then id), at most limit of them, without their bodies
 * (mail NULL, len set): the sender reads them a page at a time and each
 * body with store_outbox_get(). after (NULL: from the start) skips the
 * rows up to and including the one it names; store_outbox_cursor_at()
 * sets it from the last row of a page.
 */
int store_outbox_due(struct store *st, int64_t now,
    const struct store_outbox_cursor *after, size_t limit,
    struct store_outbox_mail **v, size_t *n, char **cause);
void store_outbox_cursor_at(struct store_outbox_cursor *cur,
    const struct store_outbox_mail *m);
/*
 * One row by id with its body (NULL once sent) and hash; NULL if none.
 * Free with store_outbox_free(row, 1).
 */
struct store_outbox_mail *store_outbox_get(struct store *st, int64_t id, char **cause);
/*
 * The sender delivered it: pending -> sent, and the body is pruned: the
 * row keeps its key, Message-ID, recipients and times, and its size and
 * BLAKE2b-256 hash are kept beside it (table outbox_digest); the views it
 * carried can be rendered again from the game. Refuses a row not pending.
 */
int store_outbox_sent(struct store *st, int64_t id, int64_t now, char **cause);
/*
 * Count a worker's claim on pending row id before it goes to the transport
 * (store_workers(): with store_claim(STORE_CLAIM_OUTBOX, id) held, in the
 * transaction that commits the claims before any of their mails goes):
 * 0 counted, *before the claims before this one (> 0: an earlier sender
 * may have delivered it and died before marking it sent); 1 the row is no
 * longer pending or due (sent by another worker meanwhile); -1.
 */
int store_outbox_claim(struct store *st, int64_t id, int64_t now, int *before,
    char **cause);
/*
 * Prune up to limit sent mails that still hold their bodies (sent by a
 * muthur before schema version 5), as store_outbox_sent() does; *n (may
 * be NULL) says how many. One body is in memory at a time.
 */
int store_outbox_prune(struct store *st, size_t limit, size_t *n, char **cause);
/*
 * A delivery attempt failed with error: attempts + 1; retry at
 * next_attempt, or give up (state failed) when permanent is set.
 */
int store_outbox_failed(struct store *st, int64_t id, int64_t now, const char *error,
    int64_t next_attempt, int permanent, char **cause);
/* How many rows are in state (OUTBOX_*). */
int store_outbox_count(struct store *st, const char *state, size_t *n, char **cause);
void store_outbox_free(struct store_outbox_mail *v, size_t n);

#endif
