/*
 * phase-entropy.c — the seats' entropy scheme (daemon/phase-entropy.h).
 */
#include "config.h"

#include <string.h>

#include "daemon/phase-entropy.h"

int
entropy_is_seats(const void *bytes, size_t len)
{
	return len == strlen(ENTROPY_SEATS) && memcmp(bytes, ENTROPY_SEATS, len) == 0;
}

uint64_t
entropy_commit_phase(uint64_t seq, int turn, uint64_t turn_seed_made)
{
	return turn >= 1 && turn_seed_made >= 1 ? turn_seed_made : seq;
}
