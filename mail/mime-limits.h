/*
 * mime-limits.h — a linear pre-scan of a raw mail's bytes for how deeply
 * its MIME structure nests and how many parts it has, run before
 * libetpan's recursive parser sees the mail (mail/intake.c), so that a mail
 * of 50,000 nested message/rfc822 parts is refused instead of overflowing
 * the stack, and parse time stays linear in the mail's size.
 *
 * The scan over-estimates, never under-estimates, what libetpan would
 * descend into: every line that starts "Content-Type:" (any case, folded
 * or not, wherever it stands) with a multipart/ or message/ type opens a
 * level (multipart/digest two: its parts default to message/rfc822), and
 * a delimiter line ("--boundary", "--boundary--") of an open multipart
 * closes every level opened inside it. libetpan recurses only through such
 * header fields, so it never nests deeper than the scan says.
 */
#ifndef MUTHUR_MAIL_MIME_LIMITS_H
#define MUTHUR_MAIL_MIME_LIMITS_H

#include <stddef.h>

/* Nesting of parenthesised comments in one header field libetpan reads
 * recursively (mailimf's comment parser). */
#define MIME_MAX_COMMENT_DEPTH 64

/*
 * Scan raw[0..len) (CRLF, LF or bare CR line endings). Returns 0 when the
 * mail nests at most max_depth levels of multiparts and messages, has at
 * most max_parts parts and no header field (or line that looks like one)
 * with comments nested deeper than MIME_MAX_COMMENT_DEPTH; otherwise -1
 * with a one-line reason in *why (a new string: "MIME parts are nested
 * more than 16 deep", "the mail has more than 256 MIME parts", ...).
 * *headers_ok is set either way: 1 when the mail's own header section (up
 * to its first empty line) may be handed to libetpan's field parsers, 0
 * when it must not be. Time is linear in len (at most max_depth
 * boundaries compared per line); the scan stops at the first excess.
 */
int mime_limits_check(const char *raw, size_t len, size_t max_depth, size_t max_parts,
    int *headers_ok, char **why);

#endif
