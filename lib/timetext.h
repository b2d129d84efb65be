/*
 * timetext.h — durations and times in UTC as text, for the deadlines
 * (daemon/game-clock.h), the config and the command lines. Pure: nothing
 * here reads the clock.
 */
#ifndef MUTHUR_LIB_TIMETEXT_H
#define MUTHUR_LIB_TIMETEXT_H

#include <stddef.h>
#include <stdint.h>

/*
 * A duration: one or more NUMBER UNIT pairs, units d, h, m, s ("48h",
 * "1d12h", "90m"). *secs > 0. -1 with a reason.
 */
int clock_duration_parse(const char *s, int64_t *secs, char **cause);
/*
 * A time in UTC: "YYYY-MM-DD HH:MM", with ":SS", or with a 'T' between
 * date and time and an optional final 'Z'. -1 with a reason.
 */
int clock_time_parse(const char *s, int64_t *t, char **cause);
/* "YYYY-MM-DDTHH:MM:SSZ" of t into buf (at least 24 bytes). */
void clock_time_iso(int64_t t, char *buf, size_t size);

#endif
