/*
 * picture-cache.h — the strips of boards already encoded (picture-png.c),
 * kept per process so that a view whose board did not change (the four
 * seats' views of a phase, the phases where nothing moved) does not draw
 * and deflate it again.
 *
 * A key is the exact bytes of everything a strip's pixels depend on (its
 * rows, the palette, every drawing item that reaches into it, in order);
 * an entry is found only by a key equal byte for byte, never by a hash
 * alone, so a seat can get only the strip its own items draw. The cache
 * holds at most a set number of bytes (keys, values and bookkeeping),
 * dropping the least recently used entries first; it is shared by every
 * thread (one mutex). All memory belongs to the cache: a value is copied
 * out.
 */
#ifndef MUTHUR_RULES_PICTURE_CACHE_H
#define MUTHUR_RULES_PICTURE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

/* The bytes kept at most unless pic_cache_limit() says otherwise. */
#define PIC_CACHE_DEFAULT_BYTES	(4u * 1024 * 1024)

/*
 * The value of key (klen bytes) appended to out, with the two numbers
 * stored beside it in *a and *b: 1, or 0 when there is none.
 */
int	pic_cache_get(const void *key, size_t klen, struct strbuf *out,
	    uint32_t *a, size_t *b);
/* Keep value (vlen bytes) and a, b under key (copies; replaces an equal
 * key's). An entry larger than the whole limit is not kept. */
void	pic_cache_put(const void *key, size_t klen, const void *value,
	    size_t vlen, uint32_t a, size_t b);
/* Keep at most bytes from now on (0: keep nothing), dropping what passes. */
void	pic_cache_limit(size_t bytes);
/* Forget every entry (the limit stays). */
void	pic_cache_clear(void);
/* What is held now, and the lookups so far (for tests and benches). */
struct pic_cache_stats {
	size_t	entries, bytes;		/* held now */
	size_t	hits, misses;		/* pic_cache_get() calls since start */
};
void	pic_cache_usage(struct pic_cache_stats *st);

#endif
