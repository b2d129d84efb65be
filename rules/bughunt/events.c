/* events.c — the game's events: every one public (nothing in them is hidden). */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

void
bh_event(struct rules_events *ev, const char *fmt, ...)
{
	va_list ap;
	char *s;

	if (ev == NULL)
		return;
	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	rules_events_add(ev, RULES_VIS_PUBLIC, 0, s);
	free(s);
}
