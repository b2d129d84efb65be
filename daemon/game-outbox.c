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
/* Marks stored in one transaction: at most this many, and none held open
 * longer than about a second (a slow SMTP server must not keep the
 * database locked). */
#define OUTBOX_MARK_BATCH 64

static double
seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
game_outbox_send(const struct game_ctx *c, struct sender *s, size_t limit,
    size_t *sent, size_t *failed, char **cause)
{
	struct store_outbox_mail *v = NULL;
	size_t n = 0, i, nsent = 0, nfailed = 0;
	enum send_result r;
	char *why, *rcpt, *comma;
	size_t marks = 0;
	double since = 0;
	int rc = 0, perm, open = 0;

	if (store_outbox_due(c->st, c->now, limit == 0 ? (size_t)-1 : limit, &v, &n,
	    cause) == -1)
		return -1;
	for (i = 0; i < n && rc == 0; i++) {
		why = NULL;
		rcpt = xstrdup(v[i].recipients);
		if ((comma = strchr(rcpt, ',')) != NULL)
			*comma = '\0';
		r = send_mail(s, (const char *)v[i].mail, v[i].len, c->from, rcpt, &why);
		if (!open) {
			if ((rc = store_begin(c->st, cause)) == -1) {
				free(why);
				free(rcpt);
				break;
			}
			open = 1;
			marks = 0;
			since = seconds();
		}
		if (r == SEND_OK) {
			rc = store_outbox_sent(c->st, v[i].id, c->now, cause);
			nsent++;
			log_debug("sent %s to %s", v[i].key, rcpt);
		} else {
			perm = r == SEND_PERMFAIL || v[i].attempts + 1 >= OUTBOX_MAX_ATTEMPTS;
			log_warnx("sending %s to %s: %s%s", v[i].key, rcpt, why,
			    perm ? " (given up)" : "");
			rc = store_outbox_failed(c->st, v[i].id, c->now, why,
			    (int64_t)send_retry_at((unsigned)v[i].attempts + 1, (time_t)c->now),
			    perm, cause);
			nfailed++;
		}
		if (rc == 0 && (++marks == OUTBOX_MARK_BATCH || seconds() - since >= 1.0)) {
			open = 0;
			rc = store_commit(c->st, cause);
		}
		free(why);
		free(rcpt);
	}
	if (open) {
		if (rc == 0)
			rc = store_commit(c->st, cause);
		else
			store_rollback(c->st);
	}
	store_outbox_free(v, n);
	if (sent != NULL)
		*sent = nsent;
	if (failed != NULL)
		*failed = nfailed;
	return rc;
}
