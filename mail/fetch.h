/*
 * fetch.h — incoming mail: one small driver interface, one file per variant
 * (fetch-maildir.c, fetch-imap.c), chosen by the [mail] in address's scheme.
 *
 * The daemon's loop:
 *
 *	f = fetch_open(&cf->mail_in, &opts, &cause);
 *	for (;;) {
 *		while ((r = fetch_next(f, &msg, &cause)) == FETCH_OK) {
 *			... intake, store transaction, COMMIT ...
 *			fetch_mark(f, msg.id, &cause);	// only after the commit
 *			fetch_msg_clear(&msg);
 *		}
 *		if (r == FETCH_ERROR) log the cause (the driver reconnects)
 *		fetch_wait(f, seconds until the next deadline, &cause);
 *	}
 *	fetch_close(f);
 *
 * A "pass" is the run of fetch_next() calls from open (or from the last
 * fetch_wait()) to FETCH_NONE. Each pass scans the mailbox afresh and
 * returns every mail not yet marked, so a mail whose transaction failed, or
 * whose mark was lost to a crash or a network error, comes back in a later
 * pass and after a restart: the store must treat the id as "already
 * processed" then and the daemon mark it again. Marking never deletes.
 *
 * All memory handed out belongs to the caller unless stated otherwise.
 * The process must ignore SIGPIPE: a server that drops the connection
 * must give an error, not kill the daemon.
 */
#ifndef MUTHUR_MAIL_FETCH_H
#define MUTHUR_MAIL_FETCH_H

#include <stddef.h>

#include "mail/url.h"

struct fetch_options {
	const char	*password_file;	/* IMAP: required; first line is the password */
	const char	*ca_file;	/* PEM CA file for TLS; NULL: the system's CAs */
	long		 poll_interval;	/* seconds between polls where no IDLE; <= 0: 60 */
	size_t		 max_message_size; /* bytes kept of one mail; 0: no limit */
};

struct fetch_msg {
	/*
	 * Stable id of the mail in its mailbox, for the store's "processed"
	 * table and for fetch_mark(): the Maildir unique name (the file name
	 * without its ":2,FLAGS" part), or "imap:UIDVALIDITY:UID".
	 */
	char	*id;
	char	*data;		/* the raw RFC 5322 bytes, NUL-terminated */
	size_t	 len;		/* bytes in data */
	size_t	 size;		/* the whole mail's size (> len when truncated) */
	int	 truncated;	/* 1: larger than max_message_size, data holds
				   only the first max_message_size bytes */
};

enum fetch_result {
	FETCH_ERROR = -1,	/* a reason in *cause */
	FETCH_OK = 0,		/* a mail in *msg */
	FETCH_NONE = 1,		/* no further mail in this pass */
};

/* A driver's state; each variant defines its own. */
struct fetch_state;

/* A driver: each variant file exports one instance. */
struct fetch {
	const char	*name;
	struct fetch_state *(*open)(const struct mail_url *url,
			    const struct fetch_options *opts, char **cause);
	enum fetch_result (*next)(struct fetch_state *st, struct fetch_msg *msg,
			    char **cause);
	int		(*mark)(struct fetch_state *st, const char *id, char **cause);
	/* fetch_mark_many(); NULL: mark() one by one */
	size_t		(*mark_many)(struct fetch_state *st, const char *const *ids,
			    size_t n, char **why);
	int		(*quarantine)(struct fetch_state *st, const char *id, char **cause);
	int		(*wait)(struct fetch_state *st, long timeout, char **cause);
	void		(*close)(struct fetch_state *st);
};

extern const struct fetch fetch_maildir;	/* maildir: */
extern const struct fetch fetch_imap;		/* imap://, imaps://, imap+starttls:// */

/* An open incoming mailbox: the driver and its state. */
struct fetcher;

/* The driver for a scheme, NULL for an outgoing-only scheme. */
const struct fetch *fetch_driver(enum mail_scheme scheme);

/*
 * Open the mailbox url (a MAIL_IN address from mail/url.h). Maildir: the
 * folder must hold cur/, new/ and tmp/. IMAP: connect, TLS as the scheme
 * says (the server's certificate chain and host name are checked against
 * opts->ca_file or the system's CAs), LOGIN with the password file, SELECT
 * the mailbox. Fails with a reason (unreachable server, refused login with
 * the server's words, bad certificate, unreadable password file, …).
 * The url and options are copied; free the result with fetch_close().
 */
struct fetcher *fetch_open(const struct mail_url *url, const struct fetch_options *opts,
    char **cause);
/*
 * The next mail of this pass that is not marked yet, oldest first, into
 * *msg (clear it with fetch_msg_clear()). FETCH_NONE ends the pass; until
 * fetch_wait() is called, further calls return FETCH_NONE again.
 * Maildir: mails in new/ and mails in cur/ without the S flag; a mail in
 * both new/ and cur/ (a move into cur/ cut short by a crash) is first
 * taken out of new/, completing the move.
 * IMAP: UID SEARCH UNSEEN, then UID FETCH BODY.PEEK[] one mail at a time,
 * so nothing is marked \Seen here. On a network error the connection is
 * dropped and FETCH_ERROR returned; later calls reconnect, with backoff.
 */
enum fetch_result fetch_next(struct fetcher *f, struct fetch_msg *msg, char **cause);
/*
 * Mark the mail id as processed; call it only after the mail's database
 * transaction committed. Maildir: the file gets the S flag and moves, in
 * one rename, to the Maildir++ subfolder .Processed/cur/ (made when
 * missing), out of the folders a pass scans; .Processed/cur/ and the
 * folder it left are fsync'd. A mail found in cur/ with the S flag is
 * moved there by the scan. IMAP: UID STORE +FLAGS.SILENT (\Seen); refused when the
 * mailbox's UIDVALIDITY changed since the id was made. Marking a mail
 * marked already succeeds. -1 with a reason otherwise.
 */
int fetch_mark(struct fetcher *f, const char *id, char **cause);
/*
 * fetch_mark() of ids[0..n), the mails of one committed transaction, with
 * one sync for them all where the mailbox allows (Maildir: every file
 * moved, then .Processed/cur/ and the folders they left fsync'd once). why[i] is NULL when ids[i] was
 * marked, else a reason (the caller frees it); how many failed. A mail
 * whose mark failed, or was not yet durable at a crash, comes back in a
 * later pass and is recognised as handled (store/mailseen.h).
 */
size_t fetch_mark_many(struct fetcher *f, const char *const *ids, size_t n, char **why);
/* For a driver's mark_many: every why[0..n) still NULL gets a copy of err
 * (freed here), a step common to the whole batch having failed; how many. */
size_t fetch_fail_rest(char **why, size_t n, char *err);
/*
 * Take the mail id out of the mailbox's waiting mail without handling it:
 * for a mail the intake cannot read safely (it crashed or timed out the
 * parser) or whose handling failed while the store stayed healthy, so
 * that it cannot stop a pass again. Maildir: the file moves to the
 * folder's quarantine/ (made when missing, beside cur/, new/ and tmp/;
 * fetch_next() never looks there), and both folders are fsync'd. IMAP:
 * UID STORE +FLAGS.SILENT (\Seen \Flagged), so it stays in the mailbox,
 * flagged for the organiser. To try a quarantined mail again, move it back
 * to new/ (or clear \Seen). -1 with a reason.
 */
int fetch_quarantine(struct fetcher *f, const char *id, char **cause);
/*
 * Block until it is time for another pass, at most timeout seconds
 * (timeout <= 0: the poll interval): when new mail may have arrived (IMAP
 * IDLE reported a change; a Maildir's new/ or cur/ changed), when the poll
 * interval elapsed on a server without IDLE, or when a signal interrupted
 * the wait. After a network error it first reconnects, waiting out the
 * backoff (1 s doubling to 5 min, reset by a successful login) within the
 * timeout. Returns 0, or -1 with a reason when reconnecting failed (the
 * next call tries again later).
 */
int fetch_wait(struct fetcher *f, long timeout, char **cause);
/* Log out / release everything; NULL is fine. */
void fetch_close(struct fetcher *f);
/* The name of f's driver: "maildir" or "imap". */
const char *fetch_name(const struct fetcher *f);

/* Free what msg holds and zero it. */
void fetch_msg_clear(struct fetch_msg *msg);

#endif
