/* outbox.c — outgoing mail queue (see outbox.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/db-internal.h"
#include "store/hashenc.h"
#include "store/outbox.h"

#define MSGID_CONTEXT "muthur-message-id-v1"

char *
outbox_message_id(const char *key, const char *domain)
{
	crypto_generichash_state h;
	unsigned char d[32];
	char *hex, *id;

	crypto_generichash_init(&h, NULL, 0, sizeof d);
	crypto_generichash_update(&h, (const unsigned char *)MSGID_CONTEXT,
	    strlen(MSGID_CONTEXT));
	crypto_generichash_update(&h, (const unsigned char *)key, strlen(key));
	crypto_generichash_final(&h, d, sizeof d);
	hex = hashenc_hex(d, 16);
	id = xasprintf("<muthur.%s@%s>", hex, domain);
	free(hex);
	return id;
}

/* Does the header part of mail hold "Message-ID: <id>"? */
static int
mail_has_message_id(const unsigned char *mail, size_t len, const char *id)
{
	const char *p = (const char *)mail, *end = p + len, *nl, *v;
	size_t idlen = strlen(id);

	while (p < end) {
		nl = memchr(p, '\n', (size_t)(end - p));
		if (nl == NULL)
			nl = end;
		if (nl == p || (nl == p + 1 && *p == '\r'))
			return 0;	/* end of the header */
		if ((size_t)(nl - p) > 11 && strncasecmp(p, "Message-ID:", 11) == 0) {
			for (v = p + 11; v < nl && (*v == ' ' || *v == '\t'); v++)
				;
			if ((size_t)(nl - v) >= idlen && memcmp(v, id, idlen) == 0) {
				v += idlen;
				while (v < nl && (*v == ' ' || *v == '\t' || *v == '\r'))
					v++;
				return v == nl;
			}
			return 0;
		}
		p = nl + 1;
	}
	return 0;
}

int
store_outbox_has(struct store *st, const char *key, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT 1 FROM outbox WHERE mail_key = ?", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, key);
	rc = db_step(s);
	db_finish(st, s);
	if (rc == DB_ROW)
		return 1;
	return rc == DB_DONE ? 0 : db_fail(st, "cannot read the outbox", cause);
}

int
store_outbox_add(struct store *st, int64_t game_id, const char *key,
    const char *message_id, const char *recipients, const void *mail, size_t len,
    int64_t now, int64_t *id, char **cause)
{
	struct db_stmt *s;
	const char *at;
	char *domain, *want;
	int64_t row;
	int same;

	if (*key == '\0')
		return cause_set(cause, "outbox: an outgoing mail needs a key");
	if (*recipients == '\0')
		return cause_set(cause, "outbox %s: no recipients", key);
	at = strrchr(message_id, '@');
	if (at == NULL || message_id[strlen(message_id) - 1] != '>')
		return cause_set(cause, "outbox %s: bad Message-ID \"%s\" (expected "
		    "<local@domain>)", key, message_id);
	domain = xstrndup(at + 1, strlen(at + 1) - 1);
	want = outbox_message_id(key, domain);
	same = strcmp(want, message_id) == 0;
	free(want);
	free(domain);
	if (!same)
		return cause_set(cause, "outbox %s: Message-ID %s is not the one derived "
		    "from the key (outbox_message_id)", key, message_id);
	if (!mail_has_message_id(mail, len, message_id))
		return cause_set(cause, "outbox %s: the mail's header has no "
		    "\"Message-ID: %s\" line", key, message_id);
	/* the body goes to outbox_body, so that dropping it once sent frees
	 * whole pages instead of leaving the outbox's pages near empty */
	if (db_tx_enter(st, cause) == -1)
		return -1;
	if ((s = db_prepare(st, "INSERT INTO outbox (game_id, mail_key, message_id, "
	    "recipients, mail, state, next_attempt, created) VALUES (?, ?, ?, ?, zeroblob(0), "
	    "'pending', ?, ?)", cause)) == NULL)
		return db_tx_leave(st, 0, cause);
	if (game_id != 0)
		db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, key);
	db_bind_text(s, 3, message_id);
	db_bind_text(s, 4, recipients);
	db_bind_int64(s, 5, now);
	db_bind_int64(s, 6, now);
	if (db_step_done(st, s, "cannot queue the mail", cause) == -1) {
		cause_prefix(cause, "outbox %s", key);
		return db_tx_leave(st, 0, cause);
	}
	row = db_last_id(st);
	if ((s = db_prepare(st, "INSERT INTO outbox_body (id, mail) VALUES (?, ?)",
	    cause)) == NULL)
		return db_tx_leave(st, 0, cause);
	db_bind_int64(s, 1, row);
	db_bind_blob(s, 2, mail, len);
	if (db_step_done(st, s, "cannot queue the mail", cause) == -1) {
		cause_prefix(cause, "outbox %s", key);
		return db_tx_leave(st, 0, cause);
	}
	if (id != NULL)
		*id = row;
	return db_tx_leave(st, 1, cause);
}

/* The columns of a row; column 5 is the body (get) or its length (due). */
#define OUTBOX_ROW(mail) "o.id, o.game_id, o.mail_key, o.message_id, o.recipients, " \
	mail ", o.state, o.attempts, o.next_attempt, o.created, o.sent, o.last_error"

static void
outbox_row(struct db_stmt *s, void *elem)
{
	struct store_outbox_mail *m = elem;

	memset(m, 0, sizeof *m);
	m->id = db_column_int64(s, 0);
	m->game_id = db_column_int64(s, 1);
	m->key = db_col_text(s, 2);
	m->message_id = db_col_text(s, 3);
	m->recipients = db_col_text(s, 4);
	m->state = db_col_text(s, 6);
	m->attempts = db_column_int(s, 7);
	m->next_attempt = db_column_int64(s, 8);
	m->created = db_column_int64(s, 9);
	m->sent = db_column_int64(s, 10);
	m->last_error = db_column_is_null(s, 11) ? NULL :
	    db_col_text(s, 11);
}

static void
outbox_due_row(struct db_stmt *s, void *elem)
{
	struct store_outbox_mail *m = elem;

	outbox_row(s, m);
	m->len = (size_t)db_column_int64(s, 5);
}

/* A LIMIT value: -1 (none) for more than SQLite can count. */
static int64_t
sql_limit(size_t limit)
{
	return limit > (size_t)INT64_MAX ? -1 : (int64_t)limit;
}

static void
outbox_free_all(void *v, size_t n)
{
	store_outbox_free(v, n);
}

int
store_outbox_due(struct store *st, int64_t now, const struct store_outbox_cursor *after,
    size_t limit, struct store_outbox_mail **v, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*v = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT " OUTBOX_ROW("coalesce(length(b.mail), "
	    "length(o.mail))") " FROM outbox o LEFT JOIN outbox_body b ON b.id = o.id "
	    "WHERE o.state = 'pending' AND o.next_attempt <= ? AND (o.next_attempt, o.id) > "
	    "(?, ?) ORDER BY o.next_attempt, o.id LIMIT ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, now);
	db_bind_int64(s, 2, after != NULL ? after->next_attempt : INT64_MIN);
	db_bind_int64(s, 3, after != NULL ? after->id : 0);
	db_bind_int64(s, 4, sql_limit(limit));
	rc = db_collect(st, s, sizeof **v, outbox_due_row, outbox_free_all, &out, n,
	    "cannot read the outbox", cause);
	*v = out;
	return rc;
}

void
store_outbox_cursor_at(struct store_outbox_cursor *cur, const struct store_outbox_mail *m)
{
	cur->next_attempt = m->next_attempt;
	cur->id = m->id;
}

struct store_outbox_mail *
store_outbox_get(struct store *st, int64_t id, char **cause)
{
	struct store_outbox_mail *m = NULL;
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT " OUTBOX_ROW("coalesce(b.mail, o.mail)") ", "
	    "d.mail_len, d.mail_hash FROM outbox o LEFT JOIN outbox_body b ON b.id = o.id "
	    "LEFT JOIN outbox_digest d ON d.id = o.id WHERE o.id = ?",
	    cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, id);
	if ((rc = db_step(s)) == DB_ROW) {
		m = xmalloc(sizeof *m);
		outbox_row(s, m);
		if (db_column_bytes(s, 5) > 0) {
			m->mail = db_col_blob(s, 5, &m->len);
			hashenc_blake2b256(m->hash, m->mail, m->len);
		} else {	/* pruned */
			m->len = (size_t)db_column_int64(s, 12);
			db_col_fixed(s, 13, m->hash, sizeof m->hash);
		}
	} else if (rc == DB_DONE)
		cause_set(cause, "no outgoing mail #%lld", (long long)id);
	else
		db_fail(st, "cannot read the outbox", cause);
	db_finish(st, s);
	return m;
}

/*
 * Keep the size and hash of row id's body (in state) and drop the body.
 * 1 done, 0 no such row in that state, -1 error. Inside a transaction.
 */
static int
outbox_prune_one(struct store *st, int64_t id, const char *state, char **cause)
{
	unsigned char hash[32];
	struct db_stmt *s;
	size_t len;
	int rc;

	if ((s = db_prepare(st, "SELECT coalesce(b.mail, o.mail) FROM outbox o LEFT JOIN "
	    "outbox_body b ON b.id = o.id WHERE o.id = ? AND o.state = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	db_bind_text(s, 2, state);
	if ((rc = db_step(s)) == DB_ROW) {
		len = (size_t)db_column_bytes(s, 0);
		hashenc_blake2b256(hash, db_column_blob(s, 0), len);
	}
	db_finish(st, s);
	if (rc == DB_DONE)
		return 0;
	if (rc != DB_ROW)
		return db_fail(st, "cannot read the outbox", cause);
	if ((s = db_prepare(st, "INSERT INTO outbox_digest (id, mail_len, "
	    "mail_hash) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
	    "mail_len = excluded.mail_len, mail_hash = excluded.mail_hash", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	db_bind_int64(s, 2, (int64_t)len);
	db_bind_blob(s, 3, hash, sizeof hash);
	if (db_step_done(st, s, "cannot keep the mail's hash", cause) == -1)
		return -1;
	if ((s = db_prepare(st, "DELETE FROM outbox_body WHERE id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	if (db_step_done(st, s, "cannot prune the mail", cause) == -1)
		return -1;
	/* a body of schema 9 or older is in the row itself */
	if ((s = db_prepare(st, "UPDATE outbox SET mail = zeroblob(0) WHERE id = ? AND "
	    "length(mail) > 0", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	if (db_step_done(st, s, "cannot prune the mail", cause) == -1)
		return -1;
	return 1;
}

int
store_outbox_sent(struct store *st, int64_t id, int64_t now, char **cause)
{
	struct db_stmt *s;
	int ok = 0, r;

	if (db_tx_enter(st, cause) == -1)
		return -1;
	if ((r = outbox_prune_one(st, id, OUTBOX_PENDING, cause)) == 0)
		cause_set(cause, "outgoing mail #%lld is not pending", (long long)id);
	if (r == 1 && (s = db_prepare(st, "UPDATE outbox SET state = 'sent', sent = ?, "
	    "attempts = attempts + 1 WHERE id = ?", cause)) != NULL) {
		db_bind_int64(s, 1, now);
		db_bind_int64(s, 2, id);
		ok = db_step_done(st, s, "cannot mark the mail sent", cause) == 0;
	}
	return db_tx_leave(st, ok, cause);
}

int
store_outbox_claim(struct store *st, int64_t id, int64_t now, int *before, char **cause)
{
	struct db_stmt *s;
	int rc;

	*before = 0;
	if ((s = db_prepare(st, "UPDATE outbox SET claims = claims + 1 WHERE id = ? AND "
	    "state = 'pending' AND next_attempt <= ? RETURNING claims - 1", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, id);
	db_bind_int64(s, 2, now);
	if ((rc = db_step(s)) == DB_ROW)
		*before = db_column_int(s, 0);
	db_finish(st, s);
	if (rc == DB_ERROR)
		return db_fail(st, "cannot claim an outgoing mail", cause);
	return rc == DB_ROW ? 0 : 1;
}

static void
outbox_id_row(struct db_stmt *s, void *elem)
{
	*(int64_t *)elem = db_column_int64(s, 0);
}

static void
outbox_ids_free(void *v, size_t n)
{
	(void)n;
	free(v);
}

int
store_outbox_prune(struct store *st, size_t limit, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int64_t *ids;
	size_t nids = 0, i, done = 0;
	int ok = 1, r;

	if (n != NULL)
		*n = 0;
	if ((s = db_prepare(st, "SELECT id FROM outbox WHERE state = 'sent' AND "
	    "length(mail) > 0 UNION SELECT b.id FROM outbox_body b JOIN outbox o ON "
	    "o.id = b.id WHERE o.state = 'sent' ORDER BY 1 LIMIT ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, sql_limit(limit));
	if (db_collect(st, s, sizeof *ids, outbox_id_row, outbox_ids_free, &out, &nids,
	    "cannot read the outbox", cause) == -1)
		return -1;
	ids = out;
	if (nids > 0) {
		if (db_tx_enter(st, cause) == -1) {
			free(ids);
			return -1;
		}
		for (i = 0; i < nids && ok; i++) {
			if ((r = outbox_prune_one(st, ids[i], OUTBOX_SENT, cause)) == -1)
				ok = 0;
			else
				done += (size_t)r;
		}
		if (db_tx_leave(st, ok, cause) == -1) {
			free(ids);
			return -1;
		}
	}
	free(ids);
	if (n != NULL)
		*n = done;
	return 0;
}

int
store_outbox_failed(struct store *st, int64_t id, int64_t now, const char *error,
    int64_t next_attempt, int permanent, char **cause)
{
	struct db_stmt *s;

	if (next_attempt < now)
		next_attempt = now;
	if ((s = db_prepare(st, "UPDATE outbox SET attempts = attempts + 1, "
	    "last_error = ?, next_attempt = ?, state = ? WHERE id = ? AND "
	    "state = 'pending'", cause)) == NULL)
		return -1;
	db_bind_text(s, 1, error);
	db_bind_int64(s, 2, next_attempt);
	db_bind_text(s, 3, permanent ? OUTBOX_FAILED : OUTBOX_PENDING);
	db_bind_int64(s, 4, id);
	if (db_step_done(st, s, "cannot record the failed attempt", cause) == -1)
		return -1;
	if (db_changes(st) == 0)
		return cause_set(cause, "outgoing mail #%lld is not pending", (long long)id);
	return 0;
}

int
store_outbox_count(struct store *st, const char *state, size_t *n, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT count(*) FROM outbox WHERE state = ?",
	    cause)) == NULL)
		return -1;
	db_bind_text(s, 1, state);
	if ((rc = db_step(s)) == DB_ROW)
		*n = (size_t)db_column_int64(s, 0);
	db_finish(st, s);
	if (rc != DB_ROW)
		return db_fail(st, "cannot count the outbox", cause);
	return 0;
}

void
store_outbox_free(struct store_outbox_mail *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].message_id);
		free(v[i].recipients);
		free(v[i].mail);
		free(v[i].state);
		free(v[i].last_error);
	}
	free(v);
}
