/*
 * deflate.h — whole-buffer zlib compression (RFC 1950), for what the store
 * keeps and rarely reads back (the recorded game states).
 *
 * Both return a new buffer the caller frees (NUL-terminated too, so text
 * reads as a string), or NULL with a reason in *cause (lib/cause.h).
 */
#ifndef MUTHUR_DEFLATE_H
#define MUTHUR_DEFLATE_H

#include <stddef.h>

/* data compressed at the best level; *outlen its length. */
unsigned char *deflate_buf(const void *data, size_t len, size_t *outlen, char **cause);
/*
 * The bytes data decompresses to; refused when they are not one whole zlib
 * stream or would pass max bytes.
 */
unsigned char *inflate_buf(const void *data, size_t len, size_t max, size_t *outlen,
    char **cause);
/*
 * The same with a preset dictionary (RFC 1950 FDICT): data compressed
 * against dict (e.g. an earlier version of the same text: only what
 * changed takes room), and undone with the same dict (its Adler-32 is in
 * the stream and checked). inflate_buf_dict() with dict NULL is
 * inflate_buf(); a stream that needs a dictionary is refused without one.
 */
unsigned char *deflate_buf_dict(const void *data, size_t len, const void *dict,
    size_t dictlen, size_t *outlen, char **cause);
unsigned char *inflate_buf_dict(const void *data, size_t len, const void *dict,
    size_t dictlen, size_t max, size_t *outlen, char **cause);
/* Does the zlib stream data (its first two bytes) need a dictionary? */
int deflate_has_dict(const void *data, size_t len);

#endif
