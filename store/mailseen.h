/*
 * mailseen.h — incoming mail already processed (doc/exactly-once.md).
 *
 * Handling an incoming mail is one transaction: look it up, act, record
 * (message id, content hash) -> outcome, commit. A mail delivered twice
 * is then recognised and its effects are not repeated. The caller chooses
 * the content hash (BLAKE2b-256 of the raw message is the default) and
 * makes up a message id (e.g. "<no-id:HASH>") for mail without one.
 */
#ifndef MUTHUR_STORE_MAILSEEN_H
#define MUTHUR_STORE_MAILSEEN_H

#include <stdint.h>

#include "store/store.h"

/*
 * Was this mail (same message id and content hash) handled before?
 * Returns 1 and, if outcome is not NULL, the recorded outcome (caller
 * frees); 0 if not; -1 on a database error.
 */
int store_mail_seen(struct store *st, const char *message_id,
    const unsigned char hash[32], char **outcome, char **cause);
/*
 * Record the mail as handled with a one-line outcome ("accepted",
 * "refused: ..."). Refuses a mail already recorded, so inside the
 * handling transaction a duplicate cannot commit twice. game_id 0: none.
 */
int store_mail_record(struct store *st, const char *message_id,
    const unsigned char hash[32], int64_t game_id, const char *outcome, int64_t now,
    char **cause);
/* How many mails are recorded. */
int store_mail_count(struct store *st, int64_t *n, char **cause);

#endif
