/*
 * picture-cache.c — a bounded least-recently-used map of byte strings
 * (picture-cache.h): a hash table of chains for finding, a list in order
 * of use for dropping, one mutex.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/picture/picture-cache.h"

#define NBUCKETS	4096	/* a power of two */

struct ent {
	struct ent	*hnext;		/* the bucket's chain */
	struct ent	*newer, *older;	/* the list in order of use */
	uint64_t	 h;
	size_t		 klen, vlen, b;
	uint32_t	 a;
	unsigned char	 data[];	/* the key, then the value */
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct ent *bucket[NBUCKETS];
static struct ent *newest, *oldest;
static size_t held, nents, limit = PIC_CACHE_DEFAULT_BYTES, hits, misses;

/*
 * Where to look only (keys are compared whole): eight bytes a step, each
 * mixed in by a multiplication, the tail byte by byte.
 */
static uint64_t
hash(const unsigned char *p, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull ^ n, w;

	for (; n >= 8; p += 8, n -= 8) {
		memcpy(&w, p, sizeof w);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	while (n-- > 0)
		h = (h ^ *p++) * 0x100000001b3ull;
	return h ^ (h >> 32);
}

static size_t
cost(const struct ent *e)
{
	return sizeof *e + e->klen + e->vlen;
}

static struct ent *
find(const void *key, size_t klen, uint64_t h)
{
	struct ent *e;

	for (e = bucket[h & (NBUCKETS - 1)]; e != NULL; e = e->hnext)
		if (e->h == h && e->klen == klen && memcmp(e->data, key, klen) == 0)
			return e;
	return NULL;
}

static void
unlink_use(struct ent *e)
{
	if (e->newer != NULL)
		e->newer->older = e->older;
	else
		newest = e->older;
	if (e->older != NULL)
		e->older->newer = e->newer;
	else
		oldest = e->newer;
	e->newer = e->older = NULL;
}

static void
link_newest(struct ent *e)
{
	e->older = newest;
	e->newer = NULL;
	if (newest != NULL)
		newest->newer = e;
	newest = e;
	if (oldest == NULL)
		oldest = e;
}

static void
drop(struct ent *e)
{
	struct ent **pp = &bucket[e->h & (NBUCKETS - 1)];

	while (*pp != e)
		pp = &(*pp)->hnext;
	*pp = e->hnext;
	unlink_use(e);
	held -= cost(e);
	nents--;
	free(e);
}

/* Drop the oldest entries until held + more fits in the limit. */
static void
make_room(size_t more)
{
	struct ent *e, *newer;

	for (e = oldest; e != NULL && held + more > limit; e = newer) {
		newer = e->newer;	/* read before drop() frees e */
		drop(e);
	}
}

int
pic_cache_get(const void *key, size_t klen, struct strbuf *out, uint32_t *a,
    size_t *b)
{
	uint64_t h = hash(key, klen);
	struct ent *e;
	int found = 0;

	pthread_mutex_lock(&mu);
	if ((e = find(key, klen, h)) != NULL) {
		unlink_use(e);
		link_newest(e);
		strbuf_add(out, e->data + e->klen, e->vlen);
		*a = e->a;
		*b = e->b;
		found = 1;
	}
	if (found)
		hits++;
	else
		misses++;
	pthread_mutex_unlock(&mu);
	return found;
}

void
pic_cache_put(const void *key, size_t klen, const void *value, size_t vlen,
    uint32_t a, size_t b)
{
	uint64_t h = hash(key, klen);
	struct ent *e, **head;

	if (sizeof *e + klen + vlen > limit)
		return;
	e = xmalloc(sizeof *e + klen + vlen);
	memset(e, 0, sizeof *e);
	e->h = h;
	e->klen = klen;
	e->vlen = vlen;
	e->a = a;
	e->b = b;
	memcpy(e->data, key, klen);
	memcpy(e->data + klen, value, vlen);
	pthread_mutex_lock(&mu);
	if (sizeof *e + klen + vlen > limit) {	/* the limit fell meanwhile */
		pthread_mutex_unlock(&mu);
		free(e);
		return;
	}
	{
		struct ent *old = find(key, klen, h);

		if (old != NULL)
			drop(old);
	}
	make_room(cost(e));
	head = &bucket[h & (NBUCKETS - 1)];
	e->hnext = *head;
	*head = e;
	link_newest(e);
	held += cost(e);
	nents++;
	pthread_mutex_unlock(&mu);
}

void
pic_cache_limit(size_t bytes)
{
	pthread_mutex_lock(&mu);
	limit = bytes;
	make_room(0);
	pthread_mutex_unlock(&mu);
}

void
pic_cache_clear(void)
{
	struct ent *e, *newer;

	pthread_mutex_lock(&mu);
	for (e = oldest; e != NULL; e = newer) {
		newer = e->newer;	/* read before drop() frees e */
		drop(e);
	}
	pthread_mutex_unlock(&mu);
}

void
pic_cache_usage(struct pic_cache_stats *st)
{
	pthread_mutex_lock(&mu);
	st->entries = nents;
	st->bytes = held;
	st->hits = hits;
	st->misses = misses;
	pthread_mutex_unlock(&mu);
}
