/*
 * xmalloc.h — allocation wrappers that never return NULL.
 *
 * Each wrapper aborts the program with a log line on exhaustion or on a size
 * overflow, so call sites need no NULL checks. Memory they return belongs to
 * the caller, who releases it with free().
 */
#ifndef MUTHUR_XMALLOC_H
#define MUTHUR_XMALLOC_H

#include <stdarg.h>
#include <stddef.h>

void *xmalloc(size_t size);
/* Zeroed array of nmemb elements of size bytes; nmemb * size is checked. */
void *xcalloc(size_t nmemb, size_t size);
/* Resize ptr to nmemb * size bytes (checked); ptr may be NULL. */
void *xreallocarray(void *ptr, size_t nmemb, size_t size);
char *xstrdup(const char *s);
/* Copy at most n bytes of s and terminate the copy. */
char *xstrndup(const char *s, size_t n);
/* Copy len bytes of p into a new buffer and add a terminating NUL. */
void *xmemdup(const void *p, size_t len);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Is a * b representable in size_t? Used by the wrappers and by parsers. */
int size_mul_ok(size_t a, size_t b);

#endif
