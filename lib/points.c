/* points.c — points per place (see points.h). */
#include "config.h"

#include <ctype.h>

#include "lib/cause.h"
#include "lib/points.h"

int
league_points_parse(const char *s, int v[LEAGUE_POINTS_MAX], char **cause)
{
	const char *p = s;
	int n = 0, x;

	for (;;) {
		if (!isdigit((unsigned char)*p))
			break;
		for (x = 0; isdigit((unsigned char)*p) && x <= 1000; p++)
			x = x * 10 + (*p - '0');
		if (x > 1000 || n == LEAGUE_POINTS_MAX)
			break;
		v[n++] = x;
		if (*p == '\0')
			return n;
		if (*p++ != ',')
			break;
	}
	return cause_set(cause, "points \"%s\": expected numbers from 0 to 1000 "
	    "separated by commas, one per place (3,1,0), at most %d", s,
	    LEAGUE_POINTS_MAX);
}

int
league_points_check(const char *s, char **cause)
{
	int v[LEAGUE_POINTS_MAX];

	return league_points_parse(s, v, cause) == -1 ? -1 : 0;
}
