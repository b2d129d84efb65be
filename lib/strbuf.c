/* strbuf.c — a growable byte buffer. */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

static void
strbuf_grow(struct strbuf *sb, size_t more)
{
	size_t want;

	if (more > SIZE_MAX - sb->len - 1)
		fatalx("strbuf: size overflows");
	want = sb->len + more + 1;
	if (want <= sb->cap)
		return;
	if (sb->cap < 64)
		sb->cap = 64;
	while (sb->cap < want)
		sb->cap = sb->cap > SIZE_MAX / 2 ? want : sb->cap * 2;
	sb->s = xreallocarray(sb->s, sb->cap, 1);
}

void
strbuf_add(struct strbuf *sb, const void *p, size_t len)
{
	strbuf_grow(sb, len);
	if (len > 0)
		memcpy(sb->s + sb->len, p, len);
	sb->len += len;
	sb->s[sb->len] = '\0';
}

void
strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void
strbuf_addc(struct strbuf *sb, char c)
{
	if (sb->len + 1 < sb->cap) {	/* room for c and the NUL: the common case */
		sb->s[sb->len++] = c;
		sb->s[sb->len] = '\0';
		return;
	}
	strbuf_add(sb, &c, 1);
}

void
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatalx("strbuf_addf: bad format");
	strbuf_grow(sb, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

void
strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->s != NULL)
		sb->s[0] = '\0';
}

const char *
strbuf_str(const struct strbuf *sb)
{
	return sb->s != NULL ? sb->s : "";
}

char *
strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *s = sb->s != NULL ? sb->s : xstrdup("");

	if (len != NULL)
		*len = sb->len;
	sb->s = NULL;
	sb->len = sb->cap = 0;
	return s;
}

void
strbuf_free(struct strbuf *sb)
{
	free(sb->s);
	sb->s = NULL;
	sb->len = sb->cap = 0;
}

void
strbuf_add_listed(struct strbuf *sb, size_t i, size_t n, const char *s)
{
	if (i > 0)
		strbuf_addstr(sb, i + 1 == n ? " and " : ", ");
	strbuf_addstr(sb, s);
}
