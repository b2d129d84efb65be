/*
 * url.h — the mailbox addresses of muthur.conf's [mail] in and out keys.
 *
 *   in:  maildir:PATH | imap://user@host[:port][/MAILBOX]
 *        | imaps://… | imap+starttls://…
 *   out: maildir:PATH | smtp://user@host[:port] | smtps://… | smtp+starttls://…
 *
 * The user part is optional for smtp (no AUTH then). A maildir PATH that is
 * relative is taken relative to basedir (the config file's folder).
 */
#ifndef MUTHUR_MAIL_URL_H
#define MUTHUR_MAIL_URL_H

enum mail_scheme {
	MAIL_MAILDIR,
	MAIL_IMAP,		/* plain, for loopback tests only */
	MAIL_IMAPS,		/* implicit TLS, default port 993 */
	MAIL_IMAP_STARTTLS,	/* STARTTLS on port 143 */
	MAIL_SMTP,		/* plain, for loopback tests only */
	MAIL_SMTPS,		/* implicit TLS, default port 465 */
	MAIL_SMTP_STARTTLS,	/* submission with STARTTLS, default port 587 */
};

enum mail_direction { MAIL_IN, MAIL_OUT };

struct mail_url {
	enum mail_scheme scheme;
	char	*text;		/* the value as written */
	char	*path;		/* maildir: resolved folder; else NULL */
	char	*user;		/* may be NULL */
	char	*host;
	int	 port;
	char	*mailbox;	/* IMAP folder, "INBOX" by default; else NULL */
};

/*
 * Parse text for direction dir. On failure the reason says what was
 * expected. The result is filled in *url; free it with mail_url_clear().
 */
int mail_url_parse(const char *text, enum mail_direction dir, const char *basedir,
    struct mail_url *url, char **cause);
void mail_url_clear(struct mail_url *url);
/* "maildir", "imaps", … */
const char *mail_scheme_name(enum mail_scheme scheme);
int mail_scheme_is_tls(enum mail_scheme scheme);

#endif
