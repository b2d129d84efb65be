/*
 * strbuf.h — a growable byte buffer, always NUL-terminated.
 *
 * struct strbuf sb = STRBUF_INIT; ... strbuf_free(&sb);
 * The buffer owns sb.s; strbuf_detach() hands it to the caller.
 */
#ifndef MUTHUR_STRBUF_H
#define MUTHUR_STRBUF_H

#include <stddef.h>

struct strbuf {
	char	*s;	/* NUL-terminated contents, NULL until first write */
	size_t	 len;	/* bytes used, without the NUL */
	size_t	 cap;	/* bytes allocated */
};

#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_add(struct strbuf *sb, const void *p, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addc(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Item i (from 0) of a list of n read as "a, b and c": its separator, then s. */
void strbuf_add_listed(struct strbuf *sb, size_t i, size_t n, const char *s);
/* Forget the contents, keep the allocation. */
void strbuf_reset(struct strbuf *sb);
/* Contents as a C string ("" when empty); valid until the next write. */
const char *strbuf_str(const struct strbuf *sb);
/* Hand the buffer to the caller (never NULL) and reset sb. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_free(struct strbuf *sb);

#endif
