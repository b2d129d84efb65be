/* loop.c — one pass of muthurd (daemon/loop.h). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/conf.h"
#include "daemon/game-batch.h"
#include "daemon/game.h"
#include "daemon/game-clock.h"
#include "daemon/loop.h"
#include "daemon/proc.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"
#include "mail/intake-child.h"
#include "mail/send.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/orders.h"
#include "store/serverkey.h"
#include "store/store.h"
#include "templates/tmpl.h"

static void
fetch_opts(const struct config *cf, struct fetch_options *fo)
{
	memset(fo, 0, sizeof *fo);
	fo->password_file = cf->in_password_file;
	fo->ca_file = cf->ca_file;
	fo->poll_interval = cf->poll_interval;
	fo->max_message_size = cf->max_message_size;
}

int
loop_rescan(struct loop *lp, char **cause)
{
	struct fetch_options fo;

	fetch_close(lp->in);
	fetch_opts(lp->cf, &fo);
	return (lp->in = fetch_open(&lp->cf->mail_in, &fo, cause)) == NULL ? -1 : 0;
}

int
loop_open(struct loop *lp, struct config *cf, char **cause)
{
	struct fetch_options fo;
	struct send_options so;

	memset(lp, 0, sizeof *lp);
	lp->cf = cf;
	proc_malloc_tune();
	fetch_opts(cf, &fo);
	memset(&so, 0, sizeof so);
	so.password_file = cf->out_password_file;
	so.ca_file = cf->ca_file;
	if ((lp->st = store_open(config_store(cf), cause)) == NULL ||
	    (lp->key = server_key_load(cf->server_key, cause)) == NULL ||
	    (lp->tmpl = view_templates_new(cf->templates, cause)) == NULL ||
	    (lp->in = fetch_open(&cf->mail_in, &fo, cause)) == NULL ||
	    (lp->out = send_open(&cf->mail_out, &so, cause)) == NULL ||
	    (lp->parser = intake_child_new(NULL)) == NULL ||
	    game_guard_open(cf->store_path, &lp->crash, cause) == -1) {
		loop_close(lp);
		return -1;
	}
	return 0;
}

void
loop_close(struct loop *lp)
{
	game_guard_close();
	intake_child_free(lp->parser);
	lp->parser = NULL;
	send_close(lp->out);
	fetch_close(lp->in);
	tmpl_set_free(lp->tmpl);
	server_key_free(lp->key);
	store_close(lp->st);
	lp->out = NULL;
	lp->in = NULL;
	lp->tmpl = NULL;
	lp->key = NULL;
	lp->st = NULL;
}

static void
ctx_init(struct loop *lp, struct game_ctx *c)
{
	memset(c, 0, sizeof *c);
	c->st = lp->st;
	c->key = lp->key;
	c->tmpl = lp->tmpl;
	c->from = lp->cf->mail_from;
	c->now = lp->now != 0 ? lp->now : (int64_t)time(NULL);
	c->max_message_size = lp->cf->max_message_size;
	c->max_orders_size = lp->cf->max_orders_size;
}

int
loop_send(struct loop *lp, struct loop_stats *stats, char **cause)
{
	struct game_ctx c;
	size_t sent = 0, failed = 0;
	int rc;

	ctx_init(lp, &c);
	rc = game_outbox_send(&c, lp->out, 0, &sent, &failed, cause);
	if (stats != NULL) {
		stats->sent += sent;
		stats->send_failed += failed;
	}
	return rc;
}

/* Count what batch b did into stats, with one debug line. */
static void
batch_stats(const char *what, const struct game_batch *b, struct loop_stats *stats)
{
	if (b->games + b->lost > 0)
		log_debug("%s: %zu games in %zu transactions, %zu phases resolved%s", what,
		    b->games, b->commits, b->resolved, b->lost > 0 ? " (some undone, "
		    "left for the next pass)" : "");
	stats->advanced += b->resolved;
	stats->commits += b->commits;
}

/* Games whose barrier passed without a mail (e.g. after a crash), many
 * games a transaction (daemon/game-batch.h). */
static void
advance_all(struct loop *lp, struct loop_stats *stats)
{
	struct game_batch b;
	struct game_ctx c;
	int64_t *ids = NULL;
	char *cause = NULL;
	size_t n = 0, i;
	int adv, rc;

	ctx_init(lp, &c);
	/* only the games with a phase to resolve: an idle pass loads none */
	if (store_games_ready(lp->st, &ids, &n, &cause) == -1) {
		log_warnx("finding the games to resolve: %s", cause);
		free(cause);
		return;
	}
	game_batch_init(&b, lp->st, lp->batch ? lp->batch : LOOP_BATCH);
	for (i = 0; i < n && !proc_stop; i++) {
		if (game_batch_begin(&b, &cause) == -1) {
			log_warnx("resolving the games ready: %s (left for the next pass)",
			    cause);
			free(cause);
			cause = NULL;
			break;
		}
		store_busy_take(lp->st);
		rc = game_advance(&c, ids[i], &adv, &cause);
		game_guard_idle();
		if (rc == -1 && store_busy_take(lp->st)) {	/* its worker resolves it */
			log_debug("%s", cause);
			free(cause);
			cause = NULL;
		} else if (rc == -1) {
			log_warnx("game #%lld: %s", (long long)ids[i], cause);
			free(cause);
			cause = NULL;
		}
		game_batch_end(&b, rc, rc == 0 ? adv : 0);
	}
	game_batch_flush(&b);
	batch_stats("games ready", &b, stats);
	free(ids);
}

/* Deadlines, reminders and late notices due now (daemon/game-clock.h),
 * many games a transaction. */
static void
clock_fire(struct loop *lp, struct loop_stats *stats)
{
	struct game_batch b;
	struct game_ctx c;
	char *cause = NULL;
	int rc;

	ctx_init(lp, &c);
	game_batch_init(&b, lp->st, lp->batch ? lp->batch : LOOP_BATCH);
	rc = game_clock_fire(&c, &b, &cause);
	game_guard_idle();
	if (rc == -1) {
		log_warnx("firing the deadlines: %s", cause);
		free(cause);
		return;
	}
	stats->fired += b.resolved;
	batch_stats("deadlines", &b, stats);
}

/* A mail handled in the open transaction, to mark once it committed. */
struct handled {
	char	*id;
	char	*outcome;
	int	 advanced;
	int	 quarantine;	/* put aside (game_handle_quarantined()), not marked */
};

static void quarantine(struct loop *, const char *, const char *, struct loop_stats *);

/* The transaction of a batch committed (ok) or failed: mark and log. The
 * marks are made together (fetch_mark_many(): one sync for the batch). */
static void
batch_done(struct loop *lp, struct handled *h, size_t n, int ok,
    struct loop_stats *stats)
{
	const char **ids = xcalloc(n + 1, sizeof *ids);
	char **why = xcalloc(n + 1, sizeof *why);
	size_t i, nids = 0;

	for (i = 0; i < n; i++) {
		if (ok && h[i].quarantine) {
			quarantine(lp, h[i].id, h[i].outcome, stats);
			lp->crash.has_mail = 0;	/* dealt with */
		} else if (ok) {
			log_info("mail %s: %s", h[i].id, h[i].outcome);
			stats->mails++;
			stats->advanced += (size_t)h[i].advanced;
			if (strstr(h[i].outcome, ": accepted: ") != NULL)
				stats->accepted++;
			if (strstr(h[i].outcome, ": duplicate: ") != NULL)
				stats->duplicates++;
			ids[nids++] = h[i].id;
		} else
			stats->errors++;
	}
	if (nids > 0 && fetch_mark_many(lp->in, ids, nids, why) > 0)
		for (i = 0; i < nids; i++)
			if (why[i] != NULL)
				log_warnx("mail %s: marking it processed: %s", ids[i],
				    why[i]);
	for (i = 0; i < nids; i++)
		free(why[i]);
	for (i = 0; i < n; i++) {
		free(h[i].id);
		free(h[i].outcome);
	}
	free(why);
	free(ids);
}

/* Commit the open transaction holding mails h[0..n-1], then mark them. */
static void
batch_commit(struct loop *lp, struct handled *h, size_t n,
    struct loop_stats *stats)
{
	char *why = NULL;

	if (store_commit(lp->st, &why) == -1) {
		log_warnx("storing %zu mails: %s (all left for the next pass)", n, why);
		free(why);
		batch_done(lp, h, n, 0, stats);
	} else {
		stats->commits++;
		if (lp->on_commit != NULL)
			lp->on_commit(lp->on_mail_arg, n);
		batch_done(lp, h, n, 1, stats);
	}
}

/* Take mail id out of the waiting mail, with one log line. */
static void
quarantine(struct loop *lp, const char *id, const char *why, struct loop_stats *stats)
{
	char *err = NULL;

	if (fetch_quarantine(lp->in, id, &err) == -1) {
		log_warnx("mail %s: %s; moving it to quarantine failed: %s", id, why, err);
		free(err);
		stats->errors++;
	} else {
		log_warnx("mail %s: quarantined: %s", id, why);
		stats->quarantined++;
	}
}

/* A mail fetched and parsed, waiting for its transaction. */
struct parsed {
	char			*id;
	struct intake_mail	*m;
	int			 crashed;	/* it crashed the last process */
	int64_t			 claim;		/* its store_claim() (STORE_CLAIM_MAIL) */
};

/*
 * Claim the mail msg for this worker (store.h): 0 (*claim set), 1 another
 * worker has it (it handles and marks it), -1 (the mail waits).
 */
static int
claim_mail(struct loop *lp, const struct fetch_msg *msg, int64_t *claim, char **why)
{
	unsigned char hash[32];
	uint64_t k = 0;
	size_t i;

	hashenc_blake2b256(hash, msg->data, msg->len);
	for (i = 0; i < 8; i++)
		k = k << 8 | hash[i];
	*claim = (int64_t)k;
	return store_claim(lp->st, STORE_CLAIM_MAIL, *claim, why);
}

/*
 * Fetch and parse up to max mails, each in a child process and outside
 * any transaction; a mail the parser cannot get through is quarantined.
 * How many are in p; *r is the last fetch result.
 */
static size_t
fetch_batch(struct loop *lp, struct parsed *p, size_t max, enum fetch_result *r,
    char **why, struct loop_stats *stats)
{
	struct intake_limits lim;
	struct fetch_msg msg;
	struct game_ctx c;
	size_t n = 0;
	int rc;

	ctx_init(lp, &c);
	game_intake_limits(&c, &lim);
	memset(&msg, 0, sizeof msg);
	while (n < max && !proc_stop && (*r = fetch_next(lp->in, &msg, why)) == FETCH_OK) {
		if ((rc = claim_mail(lp, &msg, &p[n].claim, why)) != 0) {
			if (rc == 1)
				log_debug("mail %s: another worker has it", msg.id);
			else {
				log_warnx("mail %s: %s (left for the next pass)", msg.id, *why);
				stats->errors++;
			}
			free(*why);
			*why = NULL;
			fetch_msg_clear(&msg);
			continue;
		}
		lim.size = msg.size;
		rc = intake_child_parse(lp->parser, msg.data, msg.len, &lim,
		    lp->intake_seconds, &p[n].m, why);
		if (rc == 0) {
			p[n].crashed = lp->crash.crashed && lp->crash.has_mail &&
			    lp->crash.game_id == 0 &&
			    memcmp(lp->crash.mail, p[n].m->hash, 32) == 0;
			p[n++].id = msg.id;
			msg.id = NULL;
		} else if (rc == -1)
			quarantine(lp, msg.id, *why, stats);
		else {
			log_warnx("mail %s: %s (left for the next pass)", msg.id, *why);
			stats->errors++;
		}
		if (rc != 0) {
			store_release(lp->st, STORE_CLAIM_MAIL, p[n].claim);
			free(*why);
			*why = NULL;
		}
		fetch_msg_clear(&msg);
		if (rc == -2)
			break;
	}
	return n;
}

/* Handle the parsed mails p[0..n) in transactions of up to max mails. */
static void
handle_batch(struct loop *lp, struct parsed *p, size_t n, struct handled *h,
    struct loop_stats *stats)
{
	struct game_ctx c;
	char *why = NULL, *outcome = NULL, *err = NULL;
	size_t i, nh = 0;
	int adv, open = 0, rc;

	for (i = 0; i < n; i++) {
		if (!open && store_begin(lp->st, &why) == -1) {
			log_warnx("mail %s: %s (left for the next pass)", p[i].id, why);
			free(why);
			why = NULL;
			stats->errors++;
			intake_mail_free(p[i].m);
			p[i].m = NULL;
			free(p[i].id);
			p[i].id = NULL;
			continue;
		}
		open = 1;
		ctx_init(lp, &c);
		adv = 0;
		store_busy_take(lp->st);
		if (p[i].crashed) {
			why = xasprintf("handling it crashed muthurd (%s) in an earlier "
			    "pass", game_guard_signame(lp->crash.signo));
			rc = game_handle_quarantined(&c, p[i].m, why, &outcome, &err);
			free(why);
			why = err;
			err = NULL;
		} else {
			game_guard_mail(p[i].m->hash, p[i].m->message_id);
			rc = game_handle_intake(&c, p[i].m, &outcome, &adv, &why);
			game_guard_idle();
		}
		if (rc == -1 && store_busy_take(lp->st) && store_in_transaction(lp->st)) {
			/* its game is another worker's now: undone alone, not marked */
			log_info("mail %s: %s", p[i].id, why);
			free(why);
			why = NULL;
		} else if (rc == -1) {
			if (!store_in_transaction(lp->st)) {
				/* the database ended the whole transaction */
				log_warnx("mail %s: %s (left for the next pass, with the %zu "
				    "mails before it in the same transaction)", p[i].id, why, nh);
				stats->errors++;
				batch_done(lp, h, nh, 0, stats);
				nh = 0;
				open = 0;
			} else	/* undone alone: the mail itself is the trouble */
				quarantine(lp, p[i].id, why, stats);
			free(why);
			why = NULL;
		} else {
			h[nh].id = p[i].id;
			p[i].id = NULL;
			h[nh].outcome = outcome;
			h[nh].advanced = adv;
			h[nh].quarantine = p[i].crashed;
			nh++;
			outcome = NULL;
		}
		p[i].m = NULL;
		free(p[i].id);
		p[i].id = NULL;
		if (lp->on_mail != NULL)
			lp->on_mail(lp->on_mail_arg, adv);
	}
	if (open)
		batch_commit(lp, h, nh, stats);
}

void
loop_intake(struct loop *lp, struct loop_stats *stats)
{
	size_t max = lp->batch ? lp->batch : LOOP_BATCH, n, i;
	struct handled *h = xcalloc(max, sizeof *h);
	struct parsed *p = xcalloc(max, sizeof *p);
	enum fetch_result r = FETCH_NONE;
	char *why = NULL;
	int own = lp->parser == NULL;

	if (own)
		lp->parser = intake_child_new(NULL);
	do {
		n = fetch_batch(lp, p, max, &r, &why, stats);
		handle_batch(lp, p, n, h, stats);
		/* committed and marked (or left): another worker may take them */
		for (i = 0; i < n; i++)
			store_release(lp->st, STORE_CLAIM_MAIL, p[i].claim);
	} while (n == max && r == FETCH_OK && !proc_stop);
	if (own) {
		intake_child_free(lp->parser);
		lp->parser = NULL;
	}
	free(p);
	free(h);
	if (!proc_stop && r == FETCH_ERROR) {
		log_warnx("fetching mail: %s", why);
		free(why);
	}
}

/*
 * Resolving a phase of lp->crash.game_id crashed the last process: pause
 * the game (the organiser resumes it once the rules are mended), so that
 * it does not crash every pass; the other games go on.
 */
static void
hold_crashed(struct loop *lp)
{
	struct game_ctx c;
	struct game_live *l;
	char *cause = NULL;

	ctx_init(lp, &c);
	if ((l = game_live_load_id(lp->st, lp->crash.game_id, &cause)) == NULL ||
	    game_pause(&c, l->game->name, &cause) == -1)
		log_warnx("game #%lld: resolving its phase crashed muthurd (%s) in an "
		    "earlier pass; holding it failed: %s", (long long)lp->crash.game_id,
		    game_guard_signame(lp->crash.signo), cause);
	else
		log_warnx("game %s: held for the organiser (paused): resolving its phase "
		    "crashed muthurd (%s) in an earlier pass; `muthur resume %s` once "
		    "its rules are mended", l->game->name,
		    game_guard_signame(lp->crash.signo), l->game->name);
	free(cause);
	game_live_free(l);
	lp->crash.game_id = 0;	/* dealt with (once: a failed hold is not retried) */
	lp->crash.has_mail = 0;	/* the mail it was applying is innocent */
}

int
loop_pass(struct loop *lp, struct loop_stats *stats, char **cause)
{
	struct loop_stats dummy;

	if (stats == NULL) {
		memset(&dummy, 0, sizeof dummy);
		stats = &dummy;
	}
	if (lp->in == NULL && loop_rescan(lp, cause) == -1)
		return -1;
	if (lp->crash.crashed && lp->crash.game_id != 0)
		hold_crashed(lp);
	loop_intake(lp, stats);
	if (!proc_stop)
		clock_fire(lp, stats);
	if (!proc_stop)
		advance_all(lp, stats);
	if (loop_send(lp, stats, cause) == -1)
		return -1;
	if (store_statements_running(lp->st) > 0)	/* a bug: see store.h */
		log_warnx("%d database statements left running after a pass "
		    "(-v names them)", store_statements_running(lp->st));
	return 0;
}
