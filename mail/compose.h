/*
 * compose.h — building muthur's outgoing mails (RFC 5322 + MIME).
 *
 * The same input always gives the same bytes: the date comes in as an
 * argument, the Message-ID from the caller (the store derives it from the
 * outbox row; compose_message_id() formats it) and the multipart boundary
 * from a hash of the content. The secrecy tests compare mails byte for
 * byte, so nothing here reads a clock, a random source or the host name.
 *
 * The mail has CRLF line endings, no line over 78 characters (header
 * fields are folded; bodies are quoted-printable or base64 where a line
 * would be longer; only an address or a message id too long for a line,
 * which cannot be folded, makes a longer one, far below the limit of 998),
 * never 8bit content: a UTF-8 text/plain part (7bit when
 * it can travel as it is, else quoted-printable) and, with attachments,
 * multipart/mixed with each attachment in base64, but a text/ or JSON
 * one of UTF-8 text (LF, no control characters but tab) as 7bit, or
 * quoted-printable when a line would not go as it is. Non-ASCII display names
 * and subjects are RFC 2047 encoded words, non-ASCII file names RFC 2231
 * parameters. Every mail carries Auto-Submitted (auto-replied on answers,
 * auto-generated on views, reminders and other mail muthur starts) and
 * "X-Auto-Response-Suppress: OOF, AutoReply" so that out-of-office robots
 * stay quiet.
 *
 * Header order: Date, From, To, Subject, Message-ID, In-Reply-To,
 * References, Auto-Submitted, X-Auto-Response-Suppress, MIME-Version,
 * Content-Type, Content-Transfer-Encoding.
 */
#ifndef MUTHUR_MAIL_COMPOSE_H
#define MUTHUR_MAIL_COMPOSE_H

#include <stddef.h>
#include <time.h>

enum compose_auto {
	COMPOSE_AUTO_GENERATED,	/* views, reminders: "Auto-Submitted: auto-generated" */
	COMPOSE_AUTO_REPLIED,	/* answers to a mail: "Auto-Submitted: auto-replied" */
};

struct compose_attachment {
	const char	*filename;	/* UTF-8, such as "view.json" */
	const char	*type;		/* "type/subtype", ASCII, such as "application/json" */
	const void	*data;
	size_t		 len;
};

struct compose_mail {
	time_t				 date;		/* written in UTC (+0000) */
	const char			*message_id;	/* "<id@domain>" */
	const char			*from_addr;	/* bare addr-spec */
	const char			*from_name;	/* UTF-8, or NULL */
	const char			*to_addr;
	const char			*to_name;
	const char			*subject;	/* UTF-8 */
	const char			*in_reply_to;	/* "<id>" of the mail answered, or NULL */
	const char *const		*references;	/* "<id>"s, oldest first */
	size_t				 nreferences;
	enum compose_auto		 auto_submitted;
	const char			*text;		/* UTF-8; LF, CRLF or CR line ends */
	const struct compose_attachment	*attachments;
	size_t				 nattachments;
};

/*
 * Build the mail m into *out (a new NUL-terminated buffer the caller
 * frees; *outlen its length). The text gets a final line break if it has
 * none, white-space runs in the subject and names fold to one space.
 * Refused with one reason naming the field: an address that is not a bare
 * addr-spec (a dot-atom or quoted local part, a dotted domain or a domain
 * literal such as [127.0.0.1]; UTF-8 allowed, RFC 6532), a message id not of the form "<left@right>" (ASCII, no
 * spaces), subject, names, text or file names that are not UTF-8 or hold
 * control characters (the text may hold tabs and line breaks, not NUL),
 * an attachment type that is not "type/subtype", an attachment without a
 * file name, a date before 1970 or after 9999.
 */
int compose_mail(const struct compose_mail *m, char **out, size_t *outlen, char **cause);
/*
 * Is addr a bare addr-spec compose_mail() accepts (see above)? 0, or -1
 * with a reason naming what ("To", "e-mail").
 */
int compose_addr_check(const char *what, const char *addr, char **cause);

/*
 * "<id@domain>": the stable Message-ID of an outbox row. from is muthur's
 * From address (its part after the '@' is used) or the domain itself, and
 * must be a dotted domain. id must be a dot-atom (letters, digits,
 * !#$%&'*+-/=?^_`{|}~ and single inner dots), at most 200 bytes. A new
 * string, or NULL with a reason.
 */
char *compose_message_id(const char *id, const char *from, char **cause);

/*
 * The subject of an answer: subject with "Re: " in front unless it already
 * starts with "Re:" (any case); "Re: your mail" for NULL or empty. New.
 */
char *compose_reply_subject(const char *subject);

/*
 * The References of an answer to a mail (RFC 5322 §3.6.4): that mail's
 * References (or else its In-Reply-To) followed by its Message-ID, trimmed
 * like mail/mime-headers.h (the first and the latest kept). Returns the
 * count; *out is a new array of new strings (mail_strings_free()).
 */
size_t compose_reply_references(const char *message_id, const char *const *references,
    size_t nreferences, const char *in_reply_to, char ***out);

#endif
