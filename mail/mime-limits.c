/* mime-limits.c — the pre-scan of nesting and part count (mime-limits.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "mail/mime-limits.h"

#define LEVELS_MAX	64	/* levels tracked; the scan stops before more */
#define BOUNDARY_MAX	200	/* bytes of a boundary kept (RFC 2046: 70) */
#define VALUE_MAX	4096	/* bytes of a Content-Type value looked at */

struct level {
	char	boundary[BOUNDARY_MAX + 1];	/* "" for a message */
	size_t	blen;
	size_t	weight;				/* 2 for multipart/digest */
};

struct scan {
	struct level	 lv[LEVELS_MAX];
	size_t		 n;		/* open levels */
	size_t		 depth;		/* their summed weight */
	size_t		 parts;
	size_t		 max_depth, max_parts;
	char		*why;
};

/* The end of the line at p (its terminator excluded) and the next line. */
static const char *
line_end(const char *p, const char *end, const char **next)
{
	const char *e = p;

	while (e < end && *e != '\n' && *e != '\r')
		e++;
	*next = e;
	if (*next < end && **next == '\r')
		(*next)++;
	if (*next < end && **next == '\n' && (*next == e || (*next)[-1] == '\r'))
		(*next)++;
	return e;
}

static int
is_wsp(char c)
{
	return c == ' ' || c == '\t';
}

/* Does the line start a header field called name (any case, WSP before ':')? */
static const char *
field_value(const char *p, const char *e, const char *name)
{
	size_t n = strlen(name);

	if ((size_t)(e - p) <= n || strncasecmp(p, name, n) != 0)
		return NULL;
	for (p += n; p < e && is_wsp(*p); p++)
		;
	return p < e && *p == ':' ? p + 1 : NULL;
}

/* Skip white space and (nested) comments. */
static const char *
skip_cfws(const char *p, const char *e)
{
	int depth = 0;

	for (; p < e; p++) {
		if (*p == '\\' && depth > 0 && p + 1 < e)
			p++;
		else if (*p == '(')
			depth++;
		else if (*p == ')' && depth > 0)
			depth--;
		else if (depth == 0 && !is_wsp(*p) && *p != '\r' && *p != '\n')
			break;
	}
	return p;
}

/* The boundary parameter of a Content-Type value, into l. */
static void
find_boundary(const char *v, const char *e, struct level *l)
{
	const char *p = v, *q;

	l->blen = 0;
	while (p + 8 <= e) {
		if (strncasecmp(p, "boundary", 8) != 0 || (p > v && p[-1] != ';' &&
		    !is_wsp(p[-1]) && p[-1] != '\n' && p[-1] != '\r')) {
			p++;
			continue;
		}
		for (q = p + 8; q < e && (is_wsp(*q) || *q == '\r' || *q == '\n'); q++)
			;
		if (q >= e || *q != '=') {
			p++;
			continue;
		}
		for (q++; q < e && (is_wsp(*q) || *q == '\r' || *q == '\n'); q++)
			;
		if (q < e && *q == '"')
			for (q++; q < e && *q != '"' && l->blen < BOUNDARY_MAX; q++) {
				if (*q == '\\' && q + 1 < e)
					q++;
				l->boundary[l->blen++] = *q;
			}
		else
			for (; q < e && *q != ';' && !is_wsp(*q) && *q != '\r' && *q != '\n' &&
			    l->blen < BOUNDARY_MAX; q++)
				l->boundary[l->blen++] = *q;
		break;
	}
	l->boundary[l->blen] = '\0';
}

static int
too_deep(struct scan *s)
{
	s->why = xasprintf("MIME parts are nested more than %zu deep", s->max_depth);
	return -1;
}

static int
too_many(struct scan *s)
{
	s->why = xasprintf("the mail has more than %zu MIME parts", s->max_parts);
	return -1;
}

/* A Content-Type field with value v..e (folded lines included): open a level. */
static int
content_type(struct scan *s, const char *v, const char *e)
{
	struct level *l;
	const char *t = skip_cfws(v, e), *te = t;
	size_t weight = 1;
	int multi;

	while (te < e && *te != '/' && *te != ';' && !is_wsp(*te) && *te != '(' &&
	    *te != '\r' && *te != '\n')
		te++;
	multi = te - t == 9 && strncasecmp(t, "multipart", 9) == 0;
	if (!multi && !(te - t == 7 && strncasecmp(t, "message", 7) == 0))
		return 0;
	if (multi && te < e && *te == '/' && (size_t)(e - te) > 7 &&
	    strncasecmp(skip_cfws(te + 1, e), "digest", 6) == 0)
		weight = 2;
	if (s->depth + weight > s->max_depth || s->n == LEVELS_MAX)
		return too_deep(s);
	l = &s->lv[s->n++];
	l->weight = weight;
	s->depth += weight;
	if (multi)
		find_boundary(te, e, l);
	else {
		l->blen = 0;
		l->boundary[0] = '\0';
		if (++s->parts > s->max_parts)
			return too_many(s);
	}
	return 0;
}

/* A line starting "--": a delimiter of an open multipart closes what it holds. */
static int
delimiter(struct scan *s, const char *p, const char *e)
{
	size_t i, len = (size_t)(e - p) - 2;
	const struct level *l;

	for (i = s->n; i-- > 0;) {
		l = &s->lv[i];
		if (l->blen == 0 || len < l->blen || memcmp(p + 2, l->boundary, l->blen) != 0)
			continue;
		while (s->n > i + 1)
			s->depth -= s->lv[--s->n].weight;
		if (len >= l->blen + 2 && p[2 + l->blen] == '-' && p[3 + l->blen] == '-') {
			s->depth -= l->weight;
			s->n--;
		} else if (++s->parts > s->max_parts)
			return too_many(s);
		return 0;
	}
	return 0;
}

/* Comments nested in the field v..e deeper than libetpan can take? */
static int
comments_too_deep(const char *v, const char *e)
{
	int depth = 0;

	for (; v < e; v++) {
		if (*v == '\\' && v + 1 < e)
			v++;
		else if (*v == '(' && ++depth > MIME_MAX_COMMENT_DEPTH)
			return 1;
		else if (*v == ')' && depth > 0)
			depth--;
	}
	return 0;
}

/* Is the header section up to the first empty line free of deep comments? */
static int
top_header_ok(const char *p, const char *end)
{
	const char *e, *next;

	while (p < end) {
		e = line_end(p, end, &next);
		if (e == p)
			return 1;
		while (next < end && is_wsp(*next))	/* folded lines */
			e = line_end(next, end, &next);
		if (comments_too_deep(p, e))
			return 0;
		p = next;
	}
	return 1;
}

int
mime_limits_check(const char *raw, size_t len, size_t max_depth, size_t max_parts,
    int *headers_ok, char **why)
{
	struct scan *s = xcalloc(1, sizeof *s);
	const char *p = raw, *end = raw + len, *e, *next, *fe, *fnext, *v, *colon;
	int rc = 0;

	*headers_ok = top_header_ok(raw, end);
	s->max_depth = max_depth;
	s->max_parts = max_parts;
	while (p < end && rc == 0) {
		e = line_end(p, end, &next);
		if (e - p >= 2 && p[0] == '-' && p[1] == '-') {
			rc = delimiter(s, p, e);
			p = next;
			continue;
		}
		if (p == e) {
			p = next;
			continue;
		}
		/*
		 * a header field (or a body line that looks like one) and its
		 * continuation lines, comments counted from the line's start:
		 * libetpan reads comments before the colon too ("To((((:",
		 * "To", folded, then "((((:"), so a line with no colon, or
		 * one that starts with white space, is counted as well
		 */
		colon = memchr(p, ':', (size_t)(e - p));
		fe = e;
		fnext = next;
		while (fnext < end && is_wsp(*fnext))
			fe = line_end(fnext, end, &fnext);
		if (comments_too_deep(p, fe)) {
			s->why = xasprintf("a header field nests comments more than %d deep",
			    MIME_MAX_COMMENT_DEPTH);
			rc = -1;
		} else if (colon != NULL && !is_wsp(*p) &&
		    (v = field_value(p, e, "content-type")) != NULL)
			rc = content_type(s, v, fe - v > VALUE_MAX ? v + VALUE_MAX : fe);
		p = fnext;
	}
	if (rc == -1)
		*why = s->why;
	free(s);
	return rc;
}
