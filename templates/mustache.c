/*
 * mustache.c — compiling Mustache templates (the tree is in mustache-int.h).
 *
 * One pass over the text: find the opening delimiter, find the tag's closing
 * delimiter, decide whether the tag stands alone on its line (spec:
 * "standalone" section, inverted, close, comment, partial and delimiter tags
 * take their line with them), then add the text before it and the tag to
 * the innermost open section.
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "templates/mustache-int.h"
#include "templates/mustache.h"

struct parser {
	const char	*name;
	const char	*t;		/* the template text */
	size_t		 len;

	char		*otag;		/* current delimiters */
	char		*ctag;
	char		*close_brace;	/* "}" + ctag, ends {{{name}}} */
	char		*close_equals;	/* "=" + ctag, ends {{=a b=}} */

	size_t		 loc_pos;	/* position cursor for line/column */
	unsigned	 loc_line;
	unsigned	 loc_col;

	struct mu_node	*open[MUSTACHE_MAX_DEPTH];	/* open sections, innermost last */
	size_t		 nopen;
	struct mu_block	*root;
	char		**cause;
};

/* What follows the opening delimiter: the kinds of tag. */
#define TAG_VAR		'\0'

static void
block_free(struct mu_block *b)
{
	size_t i, j;

	for (i = 0; i < b->n; i++) {
		struct mu_node *n = &b->v[i];

		free(n->text);
		for (j = 0; j < n->nparts; j++)
			free(n->parts[j]);
		free(n->parts);
		free(n->indent);
		block_free(&n->body);
	}
	free(b->v);
}

void
mustache_free(struct mustache *m)
{
	if (m == NULL)
		return;
	block_free(&m->root);
	free(m->name);
	free(m);
}

const char *
mustache_name(const struct mustache *m)
{
	return m->name;
}

static struct mu_block *
current_block(struct parser *p)
{
	return p->nopen > 0 ? &p->open[p->nopen - 1]->body : p->root;
}

static struct mu_node *
add_node(struct parser *p, enum mu_kind kind)
{
	struct mu_block *b = current_block(p);
	struct mu_node *n;

	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 8;
		b->v = xreallocarray(b->v, b->cap, sizeof *b->v);
	}
	n = &b->v[b->n++];
	memset(n, 0, sizeof *n);
	n->kind = kind;
	return n;
}

/* Line and column (1-based, bytes) of position pos. */
static void
locate(struct parser *p, size_t pos, unsigned *line, unsigned *col)
{
	if (pos < p->loc_pos) {
		p->loc_pos = 0;
		p->loc_line = p->loc_col = 1;
	}
	for (; p->t != NULL && p->loc_pos < pos; p->loc_pos++) {
		if (p->t[p->loc_pos] == '\n') {
			p->loc_line++;
			p->loc_col = 1;
		} else
			p->loc_col++;
	}
	*line = p->loc_line;
	*col = p->loc_col;
}

/*
 * Up to 40 bytes of s for an error message, with bytes that are not
 * printable ASCII written as \xNN so the reason stays on one line.
 */
static char *
printable(const char *s, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < len && i < 40; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c >= 0x7f || c == '\\')
			strbuf_addf(&sb, "\\x%02x", c);
		else
			strbuf_addc(&sb, (char)c);
	}
	if (len > 40)
		strbuf_addstr(&sb, "...");
	return strbuf_detach(&sb, NULL);
}

static int __attribute__((format(printf, 4, 0)))
vparse_error(struct parser *p, unsigned line, unsigned col, const char *fmt, va_list ap)
{
	char *msg;

	msg = xvasprintf(fmt, ap);
	cause_set(p->cause, "%s:%u:%u: %s", p->name, line, col, msg);
	free(msg);
	return -1;
}

/* Fail with "NAME:LINE:COLUMN: message" for position pos. */
static int __attribute__((format(printf, 3, 4)))
parse_error(struct parser *p, size_t pos, const char *fmt, ...)
{
	va_list ap;
	unsigned line, col;

	locate(p, pos, &line, &col);
	va_start(ap, fmt);
	vparse_error(p, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

/* The same at the position of node n. */
static int __attribute__((format(printf, 3, 4)))
node_error(struct parser *p, const struct mu_node *n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vparse_error(p, n->line, n->col, fmt, ap);
	va_end(ap);
	return -1;
}

static void
set_delimiters(struct parser *p, const char *o, size_t olen, const char *c, size_t clen)
{
	free(p->otag);
	free(p->ctag);
	free(p->close_brace);
	free(p->close_equals);
	p->otag = xstrndup(o, olen);
	p->ctag = xstrndup(c, clen);
	p->close_brace = xasprintf("}%s", p->ctag);
	p->close_equals = xasprintf("=%s", p->ctag);
}

static size_t
find(const struct parser *p, size_t from, const char *what)
{
	const char *hit;

	if (from > p->len)
		return SIZE_MAX;
	hit = memmem(p->t + from, p->len - from, what, strlen(what));
	return hit != NULL ? (size_t)(hit - p->t) : SIZE_MAX;
}

static int
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int
is_space(char c)
{
	return is_blank(c) || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int
is_line_start(const struct parser *p, size_t pos)
{
	return pos < p->len && (pos == 0 || p->t[pos - 1] == '\n');
}

/*
 * Add the literal text [a, b) to the current block, with an MU_INDENT node
 * at every line start in it, and one at b too when with_b says the tag at b
 * keeps its line (a partial's indentation goes before it).
 */
static void
add_text(struct parser *p, size_t a, size_t b, int with_b)
{
	struct mu_node *n;
	size_t from = a, i;

	for (i = a; i <= b; i++) {
		if (!is_line_start(p, i) || (i == b && !with_b))
			continue;
		if (i > from) {
			n = add_node(p, MU_TEXT);
			n->text = xmemdup(p->t + from, i - from);
			n->len = i - from;
		}
		add_node(p, MU_INDENT);
		from = i;
	}
	if (b > from) {
		n = add_node(p, MU_TEXT);
		n->text = xmemdup(p->t + from, b - from);
		n->len = b - from;
	}
}

/*
 * A tag [ts, te) stands alone when only blanks share its line. Then set *ls
 * to where its line starts and *next to where the next line starts.
 */
static int
standalone(const struct parser *p, size_t ts, size_t te, size_t *ls, size_t *next)
{
	size_t i = ts;

	while (i > 0 && is_blank(p->t[i - 1]))
		i--;
	if (i > 0 && p->t[i - 1] != '\n')
		return 0;
	*ls = i;
	for (i = te; i < p->len && is_blank(p->t[i]); i++)
		;
	if (i == p->len)
		*next = i;
	else if (p->t[i] == '\n')
		*next = i + 1;
	else if (p->t[i] == '\r' && i + 1 < p->len && p->t[i + 1] == '\n')
		*next = i + 2;
	else
		return 0;
	return 1;
}

static void
trim(const char **s, size_t *len)
{
	while (*len > 0 && is_space(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len > 0 && is_space((*s)[*len - 1]))
		(*len)--;
}

/*
 * Check the name of a tag of the given kind at ts and store it in n (split
 * on dots, except for a partial's name).
 */
static int
set_name(struct parser *p, struct mu_node *n, const char *s, size_t len, char kind,
    size_t ts)
{
	size_t i, start;
	char *shown;

	trim(&s, &len);
	if (len == 0)
		return parse_error(p, ts, "empty tag \"%s%.*s%s\": expected a name", p->otag,
		    kind != TAG_VAR ? 1 : 0, &kind, kind == '{' ? p->close_brace : p->ctag);
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f || is_space((char)c)) {
			shown = printable(s, len);
			parse_error(p, ts, "bad tag name \"%s\": a name has no spaces or "
			    "control characters", shown);
			free(shown);
			return -1;
		}
	}
	n->text = xstrndup(s, len);
	n->len = len;
	if (kind == '>' || (len == 1 && s[0] == '.'))
		return 0;
	for (start = 0, i = 0; i <= len; i++) {
		if (i < len && s[i] != '.')
			continue;
		if (i == start) {
			shown = printable(s, len);
			parse_error(p, ts, "bad tag name \"%s\": a dotted name has an empty part",
			    shown);
			free(shown);
			return -1;
		}
		n->parts = xreallocarray(n->parts, n->nparts + 1, sizeof *n->parts);
		n->parts[n->nparts++] = xstrndup(s + start, i - start);
		start = i + 1;
	}
	return 0;
}

/* {{=OPEN CLOSE=}}: s is what stands between the two '='. */
static int
change_delimiters(struct parser *p, const char *s, size_t len, size_t ts)
{
	const char *o, *c, *end;
	size_t olen, clen;
	char *shown;

	trim(&s, &len);
	end = s + len;
	o = s;
	for (olen = 0; o + olen < end && !is_space(o[olen]); olen++)
		;
	for (c = o + olen; c < end && is_space(*c); c++)
		;
	for (clen = 0; c + clen < end && !is_space(c[clen]); clen++)
		;
	if (olen == 0 || clen == 0 || c + clen != end) {
		shown = printable(s, len);
		parse_error(p, ts, "bad delimiter change \"%s=%s=%s\": expected two "
		    "delimiters separated by a space, like \"%s=<%% %%>=%s\"",
		    p->otag, shown, p->ctag, p->otag, p->ctag);
		free(shown);
		return -1;
	}
	set_delimiters(p, o, olen, c, clen);
	return 0;
}

static int
close_section(struct parser *p, const char *s, size_t len, size_t ts)
{
	struct mu_node *open;
	char *shown;

	trim(&s, &len);
	shown = printable(s, len);
	if (p->nopen == 0) {
		parse_error(p, ts, "close tag \"%s/%s%s\" closes no open section",
		    p->otag, shown, p->ctag);
		free(shown);
		return -1;
	}
	open = p->open[p->nopen - 1];
	if (len != open->len || memcmp(s, open->text, len) != 0) {
		parse_error(p, ts, "close tag \"%s/%s%s\" does not match the open section "
		    "\"%s\" (line %u, column %u): expected \"%s/%s%s\"", p->otag, shown,
		    p->ctag, open->text, open->line, open->col, p->otag, open->text, p->ctag);
		free(shown);
		return -1;
	}
	free(shown);
	p->nopen--;
	return 0;
}

/* The tag at ts of the given kind, with content [cs, ce), ending at te. */
static int
add_tag(struct parser *p, char kind, size_t ts, size_t cs, size_t ce, const char *indent,
    size_t indent_len)
{
	const char *s = p->t + cs;
	size_t len = ce - cs;
	struct mu_node *n;

	switch (kind) {
	case '!':
		return 0;
	case '=':
		return change_delimiters(p, s, len, ts);
	case '/':
		return close_section(p, s, len, ts);
	case '>':
		n = add_node(p, MU_PARTIAL);
		if (indent != NULL)
			n->indent = xstrndup(indent, indent_len);
		break;
	case '#':
	case '^':
		if (p->nopen == MUSTACHE_MAX_DEPTH)
			return parse_error(p, ts, "sections nested deeper than %u",
			    MUSTACHE_MAX_DEPTH);
		n = add_node(p, kind == '#' ? MU_SECTION : MU_INVERTED);
		break;
	case '{':
	case '&':
		n = add_node(p, MU_RAW);
		break;
	default:
		n = add_node(p, MU_VAR);
		break;
	}
	locate(p, ts, &n->line, &n->col);
	if (set_name(p, n, s, len, kind, ts) == -1)
		return -1;
	if (kind == '#' || kind == '^')
		p->open[p->nopen++] = n;
	return 0;
}

static int
parse(struct parser *p)
{
	size_t pos = 0, ts, cs, ce, te, ls, next;
	const char *closer;
	char kind;

	for (;;) {
		if ((ts = find(p, pos, p->otag)) == SIZE_MAX) {
			add_text(p, pos, p->len, 0);
			break;
		}
		cs = ts + strlen(p->otag);
		kind = cs < p->len ? p->t[cs] : TAG_VAR;
		if (strchr("{&#^/>!=", kind) == NULL || kind == '\0')
			kind = TAG_VAR;
		else
			cs++;
		closer = kind == '{' ? p->close_brace : kind == '=' ? p->close_equals : p->ctag;
		if ((ce = find(p, cs, closer)) == SIZE_MAX)
			return parse_error(p, ts, "unclosed tag: \"%s%.*s\" is never closed by "
			    "\"%s\"", p->otag, kind != TAG_VAR ? 1 : 0, &kind, closer);
		te = ce + strlen(closer);
		if (strchr("#^/>!=", kind) != NULL && kind != TAG_VAR &&
		    standalone(p, ts, te, &ls, &next)) {
			add_text(p, pos, ls, 0);
			if (add_tag(p, kind, ts, cs, ce, p->t + ls, ts - ls) == -1)
				return -1;
			pos = next;
		} else {
			add_text(p, pos, ts, 1);
			if (add_tag(p, kind, ts, cs, ce, NULL, 0) == -1)
				return -1;
			pos = te;
		}
	}
	if (p->nopen > 0) {
		struct mu_node *open = p->open[p->nopen - 1];

		return node_error(p, open, "%s \"%s\" is never closed: expected "
		    "\"%s/%s%s\" before the end of the template",
		    open->kind == MU_SECTION ? "section" : "inverted section", open->text,
		    p->otag, open->text, p->ctag);
	}
	return 0;
}

struct mustache *
mustache_compile(const char *name, const char *text, size_t len, char **cause)
{
	struct mustache *m = xcalloc(1, sizeof *m);
	struct parser p;
	int rc;

	m->name = xstrdup(name);
	memset(&p, 0, sizeof p);
	p.name = name;
	p.t = text;
	p.len = len;
	p.loc_line = p.loc_col = 1;
	p.root = &m->root;
	p.cause = cause;
	set_delimiters(&p, "{{", 2, "}}", 2);
	rc = parse(&p);
	free(p.otag);
	free(p.ctag);
	free(p.close_brace);
	free(p.close_equals);
	if (rc == -1) {
		mustache_free(m);
		return NULL;
	}
	return m;
}
