/*
 * loop.h — muthurd's pass: fetch every waiting mail, handle each in its
 * own transaction (daemon/game.h) and mark it only after the commit,
 * resolve what is ready, then send the outbox. muthurd runs passes in a
 * loop (waiting for mail in between); `muthurd --once`, the demo, the
 * end-to-end tests and the benchmark run them one at a time.
 */
#ifndef MUTHUR_DAEMON_LOOP_H
#define MUTHUR_DAEMON_LOOP_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/game-guard.h"

struct config;
struct fetcher;
struct intake_child;
struct sender;
struct server_key;
struct store;
struct tmpl_set;

/* The open resources of a running daemon. */
struct loop {
	struct config		*cf;
	struct store		*st;
	struct server_key	*key;
	struct tmpl_set		*tmpl;
	struct fetcher		*in;
	struct sender		*out;
	int64_t			 now;		/* 0: read the clock at each step */
	size_t			 batch;		/* mails per transaction (0: LOOP_BATCH) */
	int			 intake_seconds; /* time limit of one mail's parse
						   (0: INTAKE_CHILD_SECONDS) */
	struct intake_child	*parser;	/* the parse process kept between
						   mails (mail/intake-child.h);
						   NULL: loop_intake() keeps one
						   for its pass */
	/* called right after each mail is handled, before its transaction
	 * commits (the benchmark times mails with it); may be NULL */
	void			(*on_mail)(void *arg, int advanced);
	/* called right after a batch's transaction committed, before its
	 * mails are marked (the kill-mid-batch test stops there); may be NULL */
	void			(*on_commit)(void *arg, size_t mails);
	void			*on_mail_arg;
	struct guard_crash	 crash;		/* what the last process crashed on
						   (daemon/game-guard.h), until dealt with */
};

/* Mails, and games whose deadline fired or whose barrier passed, grouped
 * in one transaction by default: one fsync for them all. */
#define LOOP_BATCH 64

/* What one pass did. */
struct loop_stats {
	size_t	mails;		/* mails handled (committed and marked) */
	size_t	accepted;	/* of which orders stored */
	size_t	duplicates;	/* recognised as handled before */
	size_t	advanced;	/* phases resolved */
	size_t	fired;		/* of which by a deadline (game_clock_fire()) */
	size_t	sent;		/* outbox mails delivered */
	size_t	send_failed;
	size_t	quarantined;	/* mails moved to quarantine (fetch_quarantine()) */
	size_t	errors;		/* mails left for a later pass */
	size_t	commits;	/* transactions committed for mails, deadlines
				   and games ready (not the outbox's) */
};

/*
 * Open everything the config names: the store, the server key, the
 * templates, the incoming mailbox and the outgoing transport. Fills *lp;
 * -1 with a reason (and nothing left open) on failure.
 */
int loop_open(struct loop *lp, struct config *cf, char **cause);
/* Close what loop_open opened (not the config). */
void loop_close(struct loop *lp);

/*
 * One pass: first a game whose phase resolve crashed the last process
 * (daemon/game-guard.h) is held for the organiser (game_pause(), one log
 * line), then every waiting mail (loop_intake()), the clock (deadlines,
 * reminders, late notices: game_clock_fire() at lp->now), every running
 * game whose barrier is passed, then the outbox. One log line per mail handled and
 * per phase resolved. *stats may be NULL. -1 only when the outbox or store
 * failed as a whole; a mail that fails is logged and quarantined, or left
 * for the next pass when the store failed (loop_intake()).
 */
int loop_pass(struct loop *lp, struct loop_stats *stats, char **cause);

/*
 * Every waiting mail (stopping early when proc_stop is set, after the
 * current mail), in batches of up to lp->batch mails: each mail of a batch
 * is fetched and parsed first, in a child process kept for many mails
 * (lp->parser, mail/intake-child.h) and before the batch's transaction opens, so no parse holds the
 * database's write lock; then the batch is handled in one transaction,
 * each mail a unit of its own inside (game_handle_intake()). Mails are
 * marked processed, and their log lines written, only after their
 * transaction committed; when a commit fails (or the database ends the
 * transaction), every mail of it stays waiting for the next pass.
 *
 * No single mail can stop a pass or come back in every pass: a mail whose
 * parse crashes, times out or runs out of memory, and a mail whose
 * handling fails while the transaction survives (the mail's unit is
 * undone alone), is moved to quarantine (fetch_quarantine()) with one log
 * line "mail ID: quarantined: REASON". So is a mail whose handling crashed
 * the last process (daemon/game-guard.h): it is not applied again, its
 * registered sender is told (game_handle_quarantined()).
 */
void loop_intake(struct loop *lp, struct loop_stats *stats);

/*
 * Start a new pass of the incoming mailbox without waiting (reopens it):
 * for callers that run passes back to back (the demo, tests, benchmark).
 */
int loop_rescan(struct loop *lp, char **cause);

/* Send the due outbox rows only (used before exit and by tests). */
int loop_send(struct loop *lp, struct loop_stats *stats, char **cause);

#endif
