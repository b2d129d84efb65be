/* cause.c — human-readable failure reasons handed back to callers. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "lib/cause.h"

/* the functions themselves, not scan-build's view of them (cause.h) */
#undef cause_set
#undef cause_prefix
#include "lib/xmalloc.h"

int
cause_set(char **cause, const char *fmt, ...)
{
	va_list ap;

	if (cause == NULL)
		return -1;
	va_start(ap, fmt);
	*cause = xvasprintf(fmt, ap);
	va_end(ap);
	return -1;
}

int
cause_prefix(char **cause, const char *fmt, ...)
{
	va_list ap;
	char *prefix, *old;

	if (cause == NULL)
		return -1;
	va_start(ap, fmt);
	prefix = xvasprintf(fmt, ap);
	va_end(ap);
	old = *cause;
	*cause = xasprintf("%s: %s", prefix, old != NULL ? old : "failed");
	free(prefix);
	free(old);
	return -1;
}
