/*
 * mime-text.h — text helpers of the MIME intake: charsets to UTF-8, line
 * endings, format=flowed (RFC 3676) and a plain-text rendering of HTML.
 *
 * Every function returns a new NUL-terminated buffer the caller frees and
 * sets *outlen to its length (without the NUL). None of them fails: bad
 * input is repaired as each comment says, never refused.
 */
#ifndef MUTHUR_MAIL_MIME_TEXT_H
#define MUTHUR_MAIL_MIME_TEXT_H

#include <stddef.h>

/* Is [s, s+len) valid UTF-8 (no overlongs, no surrogates, <= U+10FFFF)? */
int mime_utf8_valid(const char *s, size_t len);

/*
 * Text in charset (NULL or "" means us-ascii) converted to UTF-8 with
 * libetpan's charconv (iconv). UTF-8 and US-ASCII input is not converted
 * but checked. When the charset is unknown or the conversion fails, the
 * bytes are kept if they are valid UTF-8 and read as ISO-8859-1 otherwise,
 * so that the result is always valid UTF-8.
 */
char *mime_to_utf8(const char *charset, const char *s, size_t len, size_t *outlen);

/* Every line ending (CRLF, bare LF, bare CR) becomes CRLF. */
char *mime_crlf(const char *s, size_t len, size_t *outlen);
/* Every line ending (CRLF, bare LF, bare CR) becomes LF. */
char *mime_lf(const char *s, size_t len, size_t *outlen);

/*
 * Undo format=flowed (RFC 3676) on LF text: a line ending in a space is
 * joined with the next one (its trailing space removed too when delsp),
 * one leading space-stuffing space is removed, and the "-- " signature
 * separator stays a hard break. Quoted lines (">") are joined only with
 * lines of the same quote depth.
 */
char *mime_unflow(const char *s, size_t len, int delsp, size_t *outlen);

/*
 * A plain-text rendering of HTML (UTF-8 in, LF text out): tags dropped,
 * <br>, </p>, </div>, </li>, </tr>, headings and <pre> boundaries become
 * line breaks, runs of white space outside <pre> fold to one space and
 * lines are trimmed, <script>/<style>/<head> content and comments are
 * dropped, and the character references &lt; &gt; &amp; &quot; &apos;
 * &nbsp; &#N; and &#xH; are decoded (others stay as written).
 */
char *mime_html_text(const char *s, size_t len, size_t *outlen);

#endif
