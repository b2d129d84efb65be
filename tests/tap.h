/*
 * tap.h — a tiny TAP producer for the C tests (header only).
 *
 *   ok(cond, "name %d", i);  is_int(got, want, "name");  is_str(got, want, "name");
 *   return done_testing();   // prints the plan, returns the exit status
 *   skip_all("why");         // "1..0 # SKIP why", exit 0
 *
 * Every test under `make check` speaks TAP; automake's tap-driver counts
 * each line, and .ci/run prints the totals as "N passed, N failed".
 */
#ifndef MUTHUR_TAP_H
#define MUTHUR_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_count, tap_failures;

static inline int __attribute__((format(printf, 4, 5)))
tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (tap_count == 0 && getenv("MUTHUR_TEST_SEED") != NULL)
		printf("# MUTHUR_TEST_SEED=%s (set it to replay this test's deals)\n",
		    getenv("MUTHUR_TEST_SEED"));
	tap_count++;
	printf("%sok %d - ", cond ? "" : "not ", tap_count);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond) {
		tap_failures++;
		printf("#   failed at %s:%d\n", file, line);
	}
	fflush(stdout);
	return cond;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define is_int(got, want, ...) do {						\
	long long tap_g = (long long)(got), tap_w = (long long)(want);		\
	if (!ok(tap_g == tap_w, __VA_ARGS__))					\
		printf("#   got %lld, expected %lld\n", tap_g, tap_w);		\
} while (0)

#define is_str(got, want, ...) do {						\
	const char *tap_g = (got), *tap_w = (want);				\
	int tap_same = (tap_g == NULL && tap_w == NULL) ||			\
	    (tap_g != NULL && tap_w != NULL && strcmp(tap_g, tap_w) == 0);	\
	if (!ok(tap_same, __VA_ARGS__))						\
		printf("#   got      \"%s\"\n#   expected \"%s\"\n",		\
		    tap_g ? tap_g : "(null)", tap_w ? tap_w : "(null)");	\
} while (0)

static inline void
diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline int
done_testing(void)
{
	printf("1..%d\n", tap_count);
	return tap_failures == 0 && tap_count > 0 ? 0 : 1;
}

static inline void __attribute__((noreturn))
skip_all(const char *why)
{
	printf("1..0 # SKIP %s\n", why);
	exit(0);
}

#endif
