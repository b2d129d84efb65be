/*
 * bench-util.h — what the benchmark programs share: a monotonic clock,
 * dying with a reason, an embedded-default setup in a folder, a
 * comparison for qsort() of doubles (medians), and the peak RSS.
 */
#ifndef MUTHUR_BENCH_UTIL_H
#define MUTHUR_BENCH_UTIL_H

struct config;
struct game_ctx;

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
/*
 * Create, seat and start n CCG Contact games bench-0 .. bench-(n-1) on c:
 * seat k is seats[k] with the address SEAT-G@players.example and the
 * public key keytext[k] (muthur's text). Dies on failure.
 */
void bench_ccg_games(const char *prog, const struct game_ctx *c, int n,
    const char *const seats[4], char *const keytext[4]);
/* qsort() comparison of two doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);
/*
 * Forget the process's peak RSS so far, so that bench_peak_kib() gives the
 * peak of what follows (Linux: "5" into /proc/self/clear_refs); 0, or -1
 * where that cannot be done.
 */
int bench_peak_reset(void);
/* The peak RSS in KiB since the start or bench_peak_reset() (VmHWM in
 * /proc/self/status), or -1 where there is none. */
long bench_peak_kib(void);

#endif
