/*
 * bench-util.h — what the benchmark programs share: a monotonic clock,
 * dying with a reason, an embedded-default setup in a folder, and a
 * comparison for qsort() of doubles (medians).
 */
#ifndef MUTHUR_BENCH_UTIL_H
#define MUTHUR_BENCH_UTIL_H

struct config;

/* Seconds on the monotonic clock. */
double bench_now(void);
/* Print "PROG: WHAT: CAUSE" on stderr and exit 1. */
void bench_die(const char *prog, const char *what, const char *cause)
    __attribute__((noreturn));
/*
 * The embedded default under dir: var/mail/in and var/mail/out Maildirs,
 * a fresh server key in var/server.key, and the parsed config naming them
 * (var/muthur.db; the caller frees it with config_free()). Dies on failure.
 */
struct config *bench_embedded(const char *prog, const char *dir);
/* qsort() comparison of two doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);

#endif
