/*
 * audit-report.c — adding failures to an audit report and naming a phase
 * in one (daemon/audit-int.h): shared by audit.c and audit-replay.c, so
 * that neither calls the other back.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>

#include "daemon/audit-int.h"
#include "lib/xmalloc.h"

void
audit_fail(struct audit_report *r, const char *record, const char *fmt, ...)
{
	struct audit_failure *f;
	va_list ap;

	r->failures = xreallocarray(r->failures, r->nfailures + 1, sizeof *r->failures);
	f = &r->failures[r->nfailures++];
	f->record = xstrdup(record);
	va_start(ap, fmt);
	f->message = xvasprintf(fmt, ap);
	va_end(ap);
}

char *
audit_phase_record(const struct archive_phase *ph)
{
	return xasprintf("phase %llu (turn %llu, %s)", (unsigned long long)ph->seq,
	    (unsigned long long)ph->turn, ph->name);
}
