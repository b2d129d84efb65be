/*
 * mime-headers.h — the header section of a mail as a list of fields, and
 * the decoders for the fields the intake reads (addresses, message ids,
 * RFC 2047 encoded words, dates).
 *
 * All memory returned belongs to the caller; the list is freed with
 * mail_headers_clear().
 */
#ifndef MUTHUR_MAIL_MIME_HEADERS_H
#define MUTHUR_MAIL_MIME_HEADERS_H

#include <stddef.h>
#include <time.h>

#define MAIL_HEADERS_MAX	2000		/* fields kept; later ones are ignored */
#define MAIL_MSGIDS_MAX		64		/* message ids kept from References */

struct mail_header {
	char	*name;		/* as written, without the colon */
	char	*value;		/* unfolded, trimmed, raw bytes (not decoded) */
};

struct mail_headers {
	struct mail_header	*v;
	size_t			 n;
	size_t			 body_off;	/* offset of the body in the text */
};

/*
 * Split the header section at the start of text (any line endings). It
 * ends at the first empty line or at the first line that is neither a
 * field ("Name: value", no space in Name) nor a continuation (starting
 * with a space or tab); body_off points past the empty line, or at that
 * line. A leading mbox "From " line is skipped. Never fails.
 */
void mail_headers_parse(const char *text, size_t len, struct mail_headers *out);
void mail_headers_clear(struct mail_headers *h);

/* The value of the first field called name (case-insensitive), or NULL. */
const char *mail_headers_get(const struct mail_headers *h, const char *name);

/*
 * A header value made readable: RFC 2047 encoded words decoded (libetpan's
 * mailmime_encoded_phrase_parse) and converted to UTF-8, raw 8-bit text
 * taken as UTF-8 when valid and as ISO-8859-1 otherwise, control
 * characters turned into spaces and runs of white space folded. A new
 * string.
 */
char *mail_header_decode(const char *value);

/*
 * The first mailbox of an address field (From, Sender, Reply-To, To):
 * *addr gets the bare addr-spec, lowercased ("" for "<>"), *name the
 * decoded display name or NULL. Returns 0, or -1 (both left NULL) when
 * the value holds no address.
 */
int mail_header_mailbox(const char *value, char **addr, char **name);

/*
 * Every addr-spec of an address list (groups flattened), lowercased, in
 * order. Returns the count; *addrs is a new array of new strings (NULL
 * when the count is 0).
 */
size_t mail_header_addresses(const char *value, char ***addrs);

/*
 * The message ids ("<left@right>", with the angle brackets) of
 * Message-ID, In-Reply-To or References, in order. Of more than
 * MAIL_MSGIDS_MAX, the first and the last MAIL_MSGIDS_MAX - 1 are kept
 * (RFC 5322 §3.6.4 trims References the same way). Returns the count.
 */
size_t mail_header_msgids(const char *value, char ***ids);

/* A Date value as seconds since the epoch (UTC); -1 when unreadable. */
time_t mail_header_date(const char *value);

/*
 * s with control characters turned into spaces, runs of white space folded
 * to one space and no space at either end; a new string.
 */
char *mail_text_clean(const char *s);

/* Free an array of n strings. */
void mail_strings_free(char **v, size_t n);

#endif
