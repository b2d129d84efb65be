/* log.c — stderr in the foreground, syslog when daemonised. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "lib/log.h"

static const char *log_ident = "muthur";
static int log_syslog;
static enum log_level log_level = LOG_LEVEL_WARN;
static void (*log_sink)(enum log_level, const char *, void *);
static void *log_sink_arg;

void
log_init(const char *ident, int daemonised, enum log_level level)
{
	log_ident = ident;
	log_syslog = daemonised;
	log_level = level;
	if (daemonised)
		openlog(ident, LOG_PID | LOG_NDELAY, LOG_MAIL);
}

void
log_set_level(enum log_level level)
{
	log_level = level;
}

enum log_level
log_get_level(void)
{
	return log_level;
}

void
log_set_sink(void (*fn)(enum log_level, const char *, void *), void *arg)
{
	log_sink = fn;
	log_sink_arg = arg;
}

static void
log_emit(enum log_level level, int prio, const char *fmt, va_list ap, const char *suffix)
{
	char line[2048];
	int n;

	if (level > log_level)
		return;
	n = vsnprintf(line, sizeof line, fmt, ap);
	if (n >= 0 && suffix != NULL && (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, ": %s", suffix);
	if (log_sink != NULL)
		log_sink(level, line, log_sink_arg);
	else if (log_syslog)
		syslog(prio, "%s", line);
	else
		fprintf(stderr, "%s: %s\n", log_ident, line);
}

#define LOG_BODY(level, prio, suffix) do {		\
	va_list ap;					\
	va_start(ap, fmt);				\
	log_emit(level, prio, fmt, ap, suffix);		\
	va_end(ap);					\
} while (0)

void
log_warn(const char *fmt, ...)
{
	const char *e = strerror(errno);

	LOG_BODY(LOG_LEVEL_WARN, LOG_WARNING, e);
}

void
log_warnx(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_WARN, LOG_WARNING, NULL);
}

void
log_info(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_INFO, LOG_INFO, NULL);
}

void
log_debug(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_DEBUG, LOG_DEBUG, NULL);
}

void
fatal(const char *fmt, ...)
{
	const char *e = strerror(errno);

	LOG_BODY(LOG_LEVEL_WARN, LOG_CRIT, e);
	exit(1);
}

void
fatalx(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_WARN, LOG_CRIT, NULL);
	exit(1);
}
