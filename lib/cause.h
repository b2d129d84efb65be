/*
 * cause.h — the error convention of every function that can fail.
 *
 * A function that can fail takes `char **cause` last. On failure it returns
 * -1 (or NULL) and, when cause is not NULL, stores a newly allocated,
 * human-readable reason there: one line, no trailing newline, naming what
 * was wrong and what was expected. The caller prints it and frees it.
 * On success *cause is left untouched.
 */
#ifndef MUTHUR_CAUSE_H
#define MUTHUR_CAUSE_H

/* Store a formatted reason in *cause (if cause != NULL); returns -1. */
int cause_set(char **cause, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Prefix an existing reason: *cause becomes "prefix: old reason"; returns -1. */
int cause_prefix(char **cause, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * For the static analyser (scan-build, which sees one file at a time):
 * both always return -1, so a path on which they "return 0" is none.
 */
#ifdef __clang_analyzer__
#define cause_set(...)		(cause_set(__VA_ARGS__), -1)
#define cause_prefix(...)	(cause_prefix(__VA_ARGS__), -1)
#endif

#endif
