/* xmalloc.c — allocation wrappers that never return NULL. */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/log.h"
#include "lib/xmalloc.h"

int
size_mul_ok(size_t a, size_t b)
{
	return a == 0 || b <= SIZE_MAX / a;
}

void *
xmalloc(size_t size)
{
	void *p;

	if (size == 0)
		size = 1;
	if ((p = malloc(size)) == NULL)
		fatal("xmalloc: %zu bytes", size);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void *p;

	if (!size_mul_ok(nmemb, size))
		fatalx("xcalloc: %zu * %zu bytes overflows", nmemb, size);
	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if ((p = calloc(nmemb, size)) == NULL)
		fatal("xcalloc: %zu * %zu bytes", nmemb, size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void *p;

	if (!size_mul_ok(nmemb, size))
		fatalx("xreallocarray: %zu * %zu bytes overflows", nmemb, size);
	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	if ((p = realloc(ptr, nmemb * size)) == NULL)
		fatal("xreallocarray: %zu * %zu bytes", nmemb, size);
	return p;
}

char *
xstrdup(const char *s)
{
	return xmemdup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	size_t len = 0;

	while (len < n && s[len] != '\0')
		len++;
	return xmemdup(s, len);
}

void *
xmemdup(const void *p, size_t len)
{
	char *copy;

	if (len == SIZE_MAX)
		fatalx("xmemdup: size overflows");
	copy = xmalloc(len + 1);
	if (len > 0)
		memcpy(copy, p, len);
	copy[len] = '\0';
	return copy;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list ap2;
	char *s;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		fatal("xvasprintf: bad format");
	s = xmalloc((size_t)n + 1);
	if (vsnprintf(s, (size_t)n + 1, fmt, ap) != n)
		fatalx("xvasprintf: output changed");
	return s;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}
