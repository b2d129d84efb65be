/*
 * mime-encode.h — the encoders of outgoing mail (mail/compose.c): header
 * fields folded within 78 characters, RFC 2047 encoded words, RFC 2231
 * parameters, quoted-printable and base64 bodies. Everything is written
 * with CRLF line endings into a caller's strbuf; nothing here fails, the
 * caller checks its input first (compose.c says what it accepts).
 */
#ifndef MUTHUR_MAIL_MIME_ENCODE_H
#define MUTHUR_MAIL_MIME_ENCODE_H

#include <stddef.h>

#include "lib/strbuf.h"

#define MIME_LINE_MAX 78	/* RFC 5322 §2.1.1: SHOULD; 998 is the MUST */
#define MIME_EWORD_MAX 75	/* RFC 2047 §2: one encoded word */

/* A header field being built as words that may be folded between. */
struct mime_header {
	struct strbuf	*out;
	size_t		 col;	/* characters on the current line */
	int		 words;	/* words on the current line after the name */
};

/* Start "Name:" in out; words follow with mime_header_word(). */
void mime_header_start(struct mime_header *h, struct strbuf *out, const char *name);
/*
 * Add one word, preceded by a space (or by CRLF and a space when the line
 * would pass MIME_LINE_MAX); glue: no space before it (as for ";" after a
 * parameter value, kept on the same line).
 */
void mime_header_word(struct mime_header *h, const char *word, size_t len, int glue);
/* End the field with CRLF. */
void mime_header_end(struct mime_header *h);

/* Does UTF-8 text need encoded words (non-ASCII, "=?", a word over 70)? */
int mime_needs_eword(const char *s);
/*
 * Add s (UTF-8) to the header as a run of "=?UTF-8?Q?...?=" words, each at
 * most MIME_EWORD_MAX long, split between characters; spaces are encoded
 * as "_" so that decoding gives s back.
 */
void mime_header_ewords(struct mime_header *h, const char *s);
/* Add plain text as words split at its spaces. */
void mime_header_text(struct mime_header *h, const char *s);

/*
 * Add "; name=value" (quoted when needed) for an ASCII value, or the
 * RFC 2231 form name*=utf-8''%XX.. (split into name*0*, name*1*, ...
 * segments when long) for a UTF-8 one.
 */
void mime_header_param(struct mime_header *h, const char *name, const char *value);

/*
 * Does LF text need quoted-printable to travel as 7bit: bytes over 127 or
 * control characters but tab, a line over 76 characters, trailing white
 * space, a line starting with "From " or ".", or the text "=_"?
 */
int mime_needs_qp(const char *s, size_t len);
/* The same with lines of up to width characters allowed (998: RFC 5322). */
int mime_needs_qp_width(const char *s, size_t len, size_t width);
/* LF text as 7bit lines ending in CRLF (a final CRLF is always written). */
void mime_body_7bit(struct strbuf *out, const char *s, size_t len);
/*
 * LF text as quoted-printable: lines at most 76 characters (soft breaks
 * "="), '=' and non-ASCII as =XX, trailing blanks as =20/=09, "From " at
 * a line start as "=46rom ", line breaks as CRLF and a final CRLF.
 */
void mime_body_qp(struct strbuf *out, const char *s, size_t len);
/* Bytes as base64 lines of 76 characters ending in CRLF. */
void mime_body_base64(struct strbuf *out, const void *data, size_t len);

#endif
