/* timetext.c — durations and UTC times as text (see timetext.h). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lib/cause.h"
#include "lib/timetext.h"

int
clock_duration_parse(const char *s, int64_t *secs, char **cause)
{
	const char *p = s;
	int64_t total = 0, v, unit;
	char *end;

	while (*p != '\0') {
		if (!isdigit((unsigned char)*p))
			break;
		v = strtoll(p, &end, 10);
		switch (*end) {
		case 'd': unit = 86400; break;
		case 'h': unit = 3600; break;
		case 'm': unit = 60; break;
		case 's': unit = 1; break;
		default: unit = 0; break;
		}
		if (unit == 0 || v > 366LL * 86400 * 10 / unit)
			break;
		total += v * unit;
		p = end + 1;
	}
	if (*p != '\0' || total <= 0 || total > 366LL * 86400 * 10)
		return cause_set(cause, "\"%s\" is not a duration such as 48h, 90m, 2d or "
		    "1d12h", s);
	*secs = total;
	return 0;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

int
clock_time_parse(const char *s, int64_t *t, char **cause)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	int y, mo, d, h, mi, sec = 0, n = 0, leap;
	char sep;

	if (sscanf(s, "%4d-%2d-%2d%c%2d:%2d%n", &y, &mo, &d, &sep, &h, &mi, &n) != 6 ||
	    (sep != ' ' && sep != 'T'))
		goto bad;
	s += n;
	if (s[0] == ':') {
		if (!isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]))
			goto bad;
		sec = (s[1] - '0') * 10 + (s[2] - '0');
		s += 3;
	}
	if (*s == 'Z')
		s++;
	else if (strcmp(s, " UTC") == 0)
		s += 4;
	leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (*s != '\0' || y < 1970 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    (mo == 2 && d == 29 && !leap) || h > 23 || mi > 59 || sec > 59 || h < 0 ||
	    mi < 0)
		goto bad;
	*t = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
	return 0;
bad:
	return cause_set(cause, "not a time in UTC such as '2026-12-24 18:00'");
}

void
clock_time_iso(int64_t t, char *buf, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (gmtime_r(&tt, &tm) == NULL ||
	    strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		snprintf(buf, size, "%lld", (long long)t);
}
