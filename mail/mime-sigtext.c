/* mime-sigtext.c — the signature shapes, recognised by their first lines. */
#include "config.h"

#include <ctype.h>
#include <string.h>

#include "lib/strbuf.h"
#include "mail/block.h"
#include "mail/mime-sigtext.h"

#define MINISIGN_SIG_BASE64 100		/* "Ed"/"ED", key id, signature */
#define MINISIGN_GLOBAL_BASE64 88	/* the 64-byte global signature */
#define WRAPPED_MIN 60			/* a shorter line was not wrapped */

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

static int
is_base64(const char *p, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!isalnum((unsigned char)p[k]) && p[k] != '+' && p[k] != '/' && p[k] != '=')
			return 0;
	return n > 0;
}

/*
 * Add the line at i to sb (if not blank), joined with the base64 lines
 * after it while the line before was base64 and long (a mail client
 * wrapped it) and the total stays within want; returns where reading
 * stopped.
 */
static size_t
join_base64(const char *t, size_t len, size_t i, size_t want, struct strbuf *sb)
{
	size_t e, next, n, got = 0;
	int base64;

	while (i < len) {
		e = line_at(t, len, i, &next);
		n = trimmed(t, i, e);
		base64 = is_base64(t + i, n);
		if (n == 0 || (got > 0 && (!base64 || got + n > want)))
			break;
		strbuf_add(sb, t + i, n);
		got += n;
		i = next;
		if (!base64 || n < WRAPPED_MIN || got >= want)
			break;
	}
	strbuf_addc(sb, '\n');
	return i;
}

/*
 * The four minisign lines, with a signature or global signature line that
 * a mail client wrapped joined again; -1 when the lines are not in that
 * order (the caller cuts them as they are).
 */
static int
extract_minisign(const char *t, size_t len, size_t i, char **out, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t e, next, n = strlen(SIGTEXT_MINISIGN_TRUSTED);

	e = line_at(t, len, i, &next);
	strbuf_add(&sb, t + i, trimmed(t, i, e));
	strbuf_addc(&sb, '\n');
	i = join_base64(t, len, next, MINISIGN_SIG_BASE64, &sb);
	e = line_at(t, len, i, &next);
	if (e - i < n || memcmp(t + i, SIGTEXT_MINISIGN_TRUSTED, n) != 0) {
		strbuf_free(&sb);
		return -1;
	}
	strbuf_add(&sb, t + i, trimmed(t, i, e));
	strbuf_addc(&sb, '\n');
	join_base64(t, len, next, MINISIGN_GLOBAL_BASE64, &sb);
	*out = strbuf_detach(&sb, outlen);
	return 0;
}

/* Cut the signature of the given shape whose first line starts at i. */
static enum sig_shape
extract(const char *t, size_t len, size_t i, enum sig_shape shape, char **out,
    size_t *outlen)
{
	const char *end_line = shape == SIG_SHAPE_SSH ? SIGTEXT_SSH_END : SIGTEXT_MUTHUR_END;
	size_t start = i, stop = i, e, next;
	int lines = 0;

	if (shape == SIG_SHAPE_MINISIGN && extract_minisign(t, len, i, out, outlen) == 0)
		return shape;
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
