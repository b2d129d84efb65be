/*
 * send.h — outgoing mail: one small driver interface, one file per variant
 * (send-maildir.c, send-smtp.c), chosen by the [mail] out address's scheme.
 *
 *	s = send_open(&cf->mail_out, &opts, &cause);
 *	for each outbox row due now:
 *		switch (send_mail(s, data, len, from, rcpt, &cause)) {
 *		case SEND_OK:		mark the row sent
 *		case SEND_TEMPFAIL:	log cause; next try at
 *					send_retry_at(attempts, now)
 *		case SEND_PERMFAIL:	log cause; give the row up
 *		}
 *	send_close(s);
 *
 * The retry policy (how many attempts, when to give up) lives in the
 * daemon and the store; send_retry_at() only spaces the attempts.
 * All memory handed out belongs to the caller unless stated otherwise.
 */
#ifndef MUTHUR_MAIL_SEND_H
#define MUTHUR_MAIL_SEND_H

#include <stddef.h>
#include <time.h>

#include "mail/url.h"

struct send_options {
	const char	*password_file;	/* SMTP with a user in the url: required */
	const char	*ca_file;	/* PEM CA file for TLS; NULL: the system's CAs */
	long		 timeout;	/* seconds for connecting and for each
					   stalled transfer; <= 0: 60 */
};

enum send_result {
	SEND_OK = 0,		/* delivered to the server / the Maildir */
	SEND_TEMPFAIL = 1,	/* try again later; reason in *cause */
	SEND_PERMFAIL = 2,	/* the server refused this mail or recipient for
				   good (a 5xx reply); reason in *cause */
};

/* A driver's state; each variant defines its own. */
struct send_state;

/* A driver: each variant file exports one instance. */
struct send {
	const char	*name;
	int		 idempotent;	/* sending a mail again is harmless: the
					   driver finds it delivered (see
					   send_idempotent()) */
	struct send_state *(*open)(const struct mail_url *url,
			    const struct send_options *opts, char **cause);
	enum send_result (*send)(struct send_state *st, const char *data, size_t len,
			    const char *from, const char *rcpt, char **cause);
	void		(*close)(struct send_state *st);
	/* optional (send_defer(), send_flush()); NULL: every mail is
	 * durable when send returns */
	void		(*defer)(struct send_state *st, int on);
	int		(*flush)(struct send_state *st, char **cause);
	/* optional (send_recheck()); NULL: nothing is remembered */
	void		(*recheck)(struct send_state *st);
};

extern const struct send send_maildir;	/* maildir: */
extern const struct send send_smtp;	/* smtp://, smtps://, smtp+starttls:// */

/* An open outgoing transport: the driver and its state. */
struct sender;

/* The driver for a scheme, NULL for an incoming-only scheme. */
const struct send *send_driver(enum mail_scheme scheme);

/*
 * Prepare sending to url (a MAIL_OUT address from mail/url.h). Maildir:
 * the folder's cur/, new/ and tmp/ are made when missing. SMTP: the
 * password file is read now (when the url names a user); no connection is
 * made until the first mail. Fails with a reason. Free with send_close().
 */
struct sender *send_open(const struct mail_url *url, const struct send_options *opts,
    char **cause);
/*
 * Send one fully formed RFC 5322 mail (data, len bytes, line endings as
 * given) in one envelope: MAIL FROM:<from> (may be "" for the null
 * sender), RCPT TO:<rcpt>.
 * Maildir: the file is written in tmp/ under a unique Maildir name,
 * fsync'd, linked into new/ and new/ fsync'd; "Return-Path: <from>" and
 * "Delivered-To: rcpt" lines are put in front, as local delivery does.
 * The name carries a key derived from rcpt and the mail's Message-ID
 * (the whole mail if it has none): when a file with that key is in new/
 * or cur/ (read once, at the first mail; then kept up to date), nothing
 * is written and the result is SEND_OK. So the same mail is delivered
 * once to a recipient, however often it is sent (doc/exactly-once.md).
 * SMTP (libcurl): implicit TLS for smtps://, STARTTLS required for
 * smtp+starttls://, AUTH when the url names a user; the connection is
 * kept for the next mail. A 5xx reply to MAIL, RCPT or DATA is
 * SEND_PERMFAIL; a 4xx reply, a network, TLS or certificate error, and a
 * refused login (the mail is not at fault) are SEND_TEMPFAIL. The reason
 * names the server and quotes its last reply.
 */
enum send_result send_mail(struct sender *s, const char *data, size_t len,
    const char *from, const char *rcpt, char **cause);
/* Close the connection and free everything; NULL is fine. */
void send_close(struct sender *s);
/* The name of s's driver: "maildir" or "smtp". */
const char *send_name(const struct sender *s);
/*
 * 1 when sending a mail again through s delivers nothing new (Maildir:
 * the same Message-ID to the same recipient is found), so a caller may
 * mark many mails sent in one transaction; 0 (SMTP) when each mail must
 * be marked as soon as it was accepted, or a crash sends it twice.
 */
int send_idempotent(const struct sender *s);
/*
 * Group the syncs of many mails (Maildir; nothing for SMTP): while on,
 * send_mail() writes each file into tmp/ without syncing it and returns
 * SEND_OK; send_flush() then syncs them all at once (one syncfs() of the
 * folder's file system), links them into new/, syncs new/ once, and only
 * then may the caller commit their marks. A crash or power loss before
 * the flush leaves the files in tmp/ only: their rows are still pending
 * and the mails are written again. A flush that fails leaves none in
 * new/ (-1 with a reason). Turning it off drops the files not flushed
 * (their marks must not have been committed): flush first.
 */
void send_defer(struct sender *s, int on);
int send_flush(struct sender *s, char **cause);
/*
 * The next mail may have been delivered by another process since s looked
 * (a worker that died before marking it sent, store_outbox_claim()): an
 * idempotent transport looks again at what was delivered (Maildir: reads
 * the KEYs of new/ and cur/ once more) before the next mail.
 */
void send_recheck(struct sender *s);

/*
 * When to try a mail again after attempts failed attempts (>= 1), counted
 * from now: 1 min after the first, doubling each time, at most 6 h.
 */
time_t send_retry_at(unsigned attempts, time_t now);

#endif
