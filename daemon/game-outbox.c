/*
 * game-outbox.c — the outbox sender (doc/exactly-once.md): due rows go to
 * the transport and are marked sent, retried later or given up.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/game.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/send.h"
#include "store/outbox.h"

/* Attempts after which a mail that keeps failing is given up. */
#define OUTBOX_MAX_ATTEMPTS 20
/* Marks stored in one transaction when the transport is idempotent: at
 * most this many, and none held open longer than about a second (a slow
 * disk must not keep the database locked). */
#define OUTBOX_MARK_BATCH 64
/* Due rows (without bodies) read at a time. */
#define OUTBOX_PAGE 64
/* Sent mails of older versions pruned after each sending. */
#define OUTBOX_PRUNE 256

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Where a run of marks stands: the open transaction and its size. */
struct marks {
	int		 open;
	size_t		 n;
	double		 since;
	size_t		 batch;		/* 1: commit each mark */
};

/*
 * Commit the open marks; with a grouping transport (send_defer()) the
 * mails they mark are flushed first, so no mark is durable before its
 * mail; when the flush fails the marks are undone (the mails go again).
 */
static int
marks_commit(const struct game_ctx *c, struct sender *s, char **cause)
{
	if (send_flush(s, cause) == -1) {
		store_rollback(c->st);
		return -1;
	}
	return store_commit(c->st, cause);
}

/* Send row m (with its body) and record the result (opening the marks'
 * transaction when needed, committing it when full). */
static int
send_one(const struct game_ctx *c, struct sender *s, const struct store_outbox_mail *m,
    struct marks *mk, size_t *nsent, size_t *nfailed, char **cause)
{
	enum send_result r;
	char *why = NULL, *rcpt, *comma;
	int rc, perm;

	rcpt = xstrdup(m->recipients);
	if ((comma = strchr(rcpt, ',')) != NULL)
		*comma = '\0';
	r = send_mail(s, (const char *)m->mail, m->len, c->from, rcpt, &why);
	if (!mk->open) {
		if ((rc = store_begin(c->st, cause)) == -1)
			goto out;
		mk->open = 1;
		mk->n = 0;
		mk->since = seconds();
	}
	if (r == SEND_OK) {
		rc = store_outbox_sent(c->st, m->id, c->now, cause);
		(*nsent)++;
		log_debug("sent %s to %s", m->key, rcpt);
	} else {
		perm = r == SEND_PERMFAIL || m->attempts + 1 >= OUTBOX_MAX_ATTEMPTS;
		log_warnx("sending %s to %s: %s%s", m->key, rcpt, why,
		    perm ? " (given up)" : "");
		rc = store_outbox_failed(c->st, m->id, c->now, why,
		    (int64_t)send_retry_at((unsigned)m->attempts + 1, (time_t)c->now),
		    perm, cause);
		(*nfailed)++;
	}
	if (rc == 0 && (++mk->n >= mk->batch || seconds() - mk->since >= 1.0)) {
		mk->open = 0;
		rc = marks_commit(c, s, cause);
	}
out:
	free(why);
	free(rcpt);
	return rc;
}

/*
 * Several workers (store_workers()): claim the rows of a page before any
 * of them goes, each by a claim on the server (held until its mark is
 * committed, or until this worker's session ends) and counted in its row
 * in one committed transaction (store_outbox_claim()), so that a row is
 * sent by one live worker at a time, and a row an earlier sender may have
 * delivered before it died makes the transport look again (send_recheck()).
 * mine[i] is 1 for the rows claimed; their claims are released by
 * release_page().
 */
static int
claim_page(const struct game_ctx *c, struct sender *s, const struct store_outbox_mail *v,
    size_t n, int *mine, char **cause)
{
	size_t i;
	int r, before, again = 0;

	memset(mine, 0, n * sizeof *mine);
	for (i = 0; i < n; i++) {
		if ((r = store_claim(c->st, STORE_CLAIM_OUTBOX, v[i].id, cause)) == -1)
			return -1;
		mine[i] = r == 0;
	}
	if (store_begin(c->st, cause) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if (!mine[i])
			continue;
		if ((r = store_outbox_claim(c->st, v[i].id, c->now, &before, cause)) == -1) {
			store_rollback(c->st);
			return -1;
		}
		if (r == 1) {	/* sent (or failed) by another worker meanwhile */
			store_release(c->st, STORE_CLAIM_OUTBOX, v[i].id);
			mine[i] = 0;
		} else if (before > 0)
			again = 1;
	}
	if (store_commit(c->st, cause) == -1)
		return -1;
	if (again)
		send_recheck(s);
	return 0;
}

static void
release_page(const struct game_ctx *c, const struct store_outbox_mail *v, size_t n,
    int *mine)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (mine[i])
			store_release(c->st, STORE_CLAIM_OUTBOX, v[i].id);
	memset(mine, 0, n * sizeof *mine);
}

int
game_outbox_send(const struct game_ctx *c, struct sender *s, size_t limit,
    size_t *sent, size_t *failed, char **cause)
{
	struct store_outbox_cursor cur = { 0, 0 };
	struct store_outbox_mail *v, *m;
	struct marks mk = { 0, 0, 0, OUTBOX_MARK_BATCH };
	size_t n, i, want, done = 0, nsent = 0, nfailed = 0;
	int rc = 0, workers = store_workers(c->st), mine[OUTBOX_PAGE] = { 0 };

	if (!send_idempotent(s))
		mk.batch = 1;
	else
		send_defer(s, 1);	/* one sync for the mails of a batch of marks */
	while (rc == 0 && (limit == 0 || done < limit)) {
		want = limit == 0 || limit - done > OUTBOX_PAGE ? OUTBOX_PAGE : limit - done;
		if ((rc = store_outbox_due(c->st, c->now, done == 0 ? NULL : &cur, want, &v,
		    &n, cause)) == -1 || n == 0) {
			free(v);
			break;
		}
		if (workers && (rc = claim_page(c, s, v, n, mine, cause)) == -1) {
			release_page(c, v, n, mine);
			store_outbox_free(v, n);
			break;
		}
		for (i = 0; i < n && rc == 0; i++) {
			store_outbox_cursor_at(&cur, &v[i]);
			done++;
			if (workers && !mine[i])
				continue;	/* another worker's */
			if ((m = store_outbox_get(c->st, v[i].id, cause)) == NULL)
				rc = -1;
			else
				rc = send_one(c, s, m, &mk, &nsent, &nfailed, cause);
			store_outbox_free(m, m != NULL);
		}
		if (workers) {
			/* the page's marks committed before its claims go */
			if (mk.open) {
				mk.open = 0;
				if (rc == 0)
					rc = marks_commit(c, s, cause);
				else
					store_rollback(c->st);
			}
			release_page(c, v, n, mine);
		}
		store_outbox_free(v, n);
		if (n < want)
			break;
	}
	if (mk.open) {
		if (rc == 0)
			rc = marks_commit(c, s, cause);
		else
			store_rollback(c->st);
	}
	if (send_idempotent(s))
		send_defer(s, 0);	/* drops what a failure left unflushed */
	if (rc == 0 && store_outbox_prune(c->st, OUTBOX_PRUNE, NULL, cause) == -1)
		rc = -1;
	if (sent != NULL)
		*sent = nsent;
	if (failed != NULL)
		*failed = nfailed;
	return rc;
}
