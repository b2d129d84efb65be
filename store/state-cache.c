/*
 * state-cache.c — the process's copies of the state bytes it last read or
 * wrote: the latest state of the last game whose state was recorded or
 * read, and the keyframe its deltas are deflated over (phases.c). A phase
 * reads its game's latest state and records the next one over the same
 * keyframe; without these, each phase inflated the keyframe twice and the
 * delta once. An entry is used only when the row the database holds now
 * names the same game, phase and hash, so a rolled-back write or a state
 * rewritten by anyone else is read from the database again; the bytes are
 * the ones the process hashed itself. The auditor never reads them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/xmalloc.h"
#include "store/db-internal.h"

void
state_cache_put(struct state_cache *c, int64_t game_id, uint64_t after_phase,
    const unsigned char hash[32], const void *bytes, size_t len)
{
	unsigned char *b = xmalloc(len + 1);

	if (len > 0)
		memcpy(b, bytes, len);
	b[len] = '\0';
	free(c->bytes);
	c->bytes = b;
	c->len = len;
	c->game_id = game_id;
	c->after_phase = after_phase;
	memcpy(c->hash, hash, sizeof c->hash);
	c->valid = 1;
}

unsigned char *
state_cache_get(const struct state_cache *c, int64_t game_id, uint64_t after_phase,
    const unsigned char hash[32], size_t *len)
{
	unsigned char *b;

	if (!c->valid || c->game_id != game_id || c->after_phase != after_phase ||
	    sodium_memcmp(c->hash, hash, sizeof c->hash) != 0)
		return NULL;
	b = xmalloc(c->len + 1);
	if (c->len > 0)
		memcpy(b, c->bytes, c->len);
	b[c->len] = '\0';
	*len = c->len;
	return b;
}

void
state_cache_clear(struct state_cache *c)
{
	free(c->bytes);
	memset(c, 0, sizeof *c);
}
