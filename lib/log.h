/*
 * log.h — the one logging family of muthur.
 *
 * Lines go to stderr while in the foreground and to syslog(3) once
 * log_init() was told the process is a daemon. The level starts at
 * LOG_LEVEL_INFO in the daemon and LOG_LEVEL_WARN in the CLI; each -v
 * raises it by one (log_set_level). log_warn() appends strerror(errno);
 * log_warnx() does not. fatal()/fatalx() log and exit(1): only daemon/ and
 * the allocation wrappers may call them (no exit() below daemon/).
 */
#ifndef MUTHUR_LOG_H
#define MUTHUR_LOG_H

#include <stdarg.h>

enum log_level {
	LOG_LEVEL_WARN = 0,
	LOG_LEVEL_INFO = 1,
	LOG_LEVEL_DEBUG = 2,
};

/* ident names the program in every line; daemonised selects syslog. */
void log_init(const char *ident, int daemonised, enum log_level level);
void log_set_level(enum log_level level);
enum log_level log_get_level(void);
/*
 * Route every line through fn instead of stderr/syslog (tests capture lines
 * this way); fn == NULL restores the default.
 */
void log_set_sink(void (*fn)(enum log_level, const char *line, void *arg), void *arg);

void log_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void fatalx(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
