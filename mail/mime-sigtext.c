/* mime-sigtext.c — the signature shapes, recognised by their first lines. */
#include "config.h"

#include <string.h>

#include "mail/block.h"
#include "mail/mime-sigtext.h"

const char *
sig_shape_name(enum sig_shape shape)
{
	switch (shape) {
	case SIG_SHAPE_MINISIGN:
		return "minisign";
	case SIG_SHAPE_SSH:
		return "ssh";
	case SIG_SHAPE_MUTHUR:
		return "muthur";
	case SIG_SHAPE_UNKNOWN:
		return "unknown";
	case SIG_SHAPE_NONE:
		break;
	}
	return "none";
}

/* The end of the line at i (before its line ending) and the next line. */
static size_t
line_at(const char *t, size_t len, size_t i, size_t *next)
{
	size_t e = i;

	while (e < len && t[e] != '\n' && t[e] != '\r')
		e++;
	*next = e;
	if (e < len)
		*next += (t[e] == '\r' && e + 1 < len && t[e + 1] == '\n') ? 2 : 1;
	return e;
}

/* Length of the line [i, e) without trailing blanks. */
static size_t
trimmed(const char *t, size_t i, size_t e)
{
	while (e > i && (t[e - 1] == ' ' || t[e - 1] == '\t'))
		e--;
	return e - i;
}

static int
line_is(const char *t, size_t i, size_t e, const char *s)
{
	size_t n = strlen(s);

	return trimmed(t, i, e) == n && memcmp(t + i, s, n) == 0;
}

static enum sig_shape
shape_of_line(const char *t, size_t i, size_t e)
{
	size_t n = strlen(SIGTEXT_MINISIGN_FIRST);

	if (e - i >= n && memcmp(t + i, SIGTEXT_MINISIGN_FIRST, n) == 0)
		return SIG_SHAPE_MINISIGN;
	if (line_is(t, i, e, SIGTEXT_SSH_BEGIN))
		return SIG_SHAPE_SSH;
	if (line_is(t, i, e, SIGTEXT_MUTHUR_BEGIN))
		return SIG_SHAPE_MUTHUR;
	return SIG_SHAPE_NONE;
}

/* Cut the signature of the given shape whose first line starts at i. */
static enum sig_shape
extract(const char *t, size_t len, size_t i, enum sig_shape shape, char **out,
    size_t *outlen)
{
	const char *end_line = shape == SIG_SHAPE_SSH ? SIGTEXT_SSH_END : SIGTEXT_MUTHUR_END;
	size_t start = i, stop = i, e, next;
	int lines = 0;

	while (i < len) {
		e = line_at(t, len, i, &next);
		if (trimmed(t, i, e) == 0)
			break;
		stop = e;
		lines++;
		if (shape == SIG_SHAPE_MINISIGN && lines == 4)
			break;
		if (shape != SIG_SHAPE_MINISIGN && lines > 1 && line_is(t, i, e, end_line))
			break;
		i = next;
	}
	*out = orders_normalise(t + start, stop - start, outlen);
	return shape;
}

/*
 * The first line that starts a signature; with first_only, only the first
 * non-blank line may (right after a block), else any line (an attachment).
 */
static enum sig_shape
scan(const char *t, size_t len, int first_only, char **out, size_t *outlen)
{
	size_t i = 0, e, next;
	enum sig_shape shape;

	*out = NULL;
	*outlen = 0;
	for (; i < len; i = next) {
		e = line_at(t, len, i, &next);
		if (first_only && trimmed(t, i, e) == 0)
			continue;
		if ((shape = shape_of_line(t, i, e)) != SIG_SHAPE_NONE)
			return extract(t, len, i, shape, out, outlen);
		if (first_only)
			break;
	}
	return SIG_SHAPE_NONE;
}

enum sig_shape
sigtext_at(const char *t, size_t len, char **out, size_t *outlen)
{
	return scan(t, len, 1, out, outlen);
}

enum sig_shape
sigtext_find(const char *t, size_t len, char **out, size_t *outlen)
{
	return scan(t, len, 0, out, outlen);
}
