/* block.c — find, normalise and parse the orders block (format in block.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"

#define MAX_ORDER_LINES 10000

char *
orders_normalise(const char *text, size_t len, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i = 0, start, end;

	while (i < len) {
		start = i;
		while (i < len && text[i] != '\n' && text[i] != '\r')
			i++;
		end = i;
		while (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t'))
			end--;
		strbuf_add(&sb, text + start, end - start);
		strbuf_addc(&sb, '\n');
		if (i < len)
			i += (text[i] == '\r' && i + 1 < len && text[i + 1] == '\n') ? 2 : 1;
	}
	return strbuf_detach(&sb, outlen);
}

/* The line [p, e) without trailing blanks and line ending equals s? */
static int
line_is(const char *p, const char *e, const char *s)
{
	size_t n = strlen(s);

	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
		e--;
	return (size_t)(e - p) == n && memcmp(p, s, n) == 0;
}

void
orders_block_clear(struct orders_block *b)
{
	free(b->signed_bytes);
	memset(b, 0, sizeof *b);
}

int
orders_block_find(const char *text, size_t len, struct orders_block *out, char **cause)
{
	const char *p = text, *end = text + len, *eol, *next;
	const char *begin = NULL;
	int line = 1, begin_line = 0;

	memset(out, 0, sizeof *out);
	while (p < end) {
		for (eol = p; eol < end && *eol != '\n' && *eol != '\r'; eol++)
			;
		next = eol;
		if (next < end)
			next += (*next == '\r' && next + 1 < end && next[1] == '\n') ? 2 : 1;
		if (line_is(p, eol, ORDERS_BEGIN)) {
			if (begin != NULL)
				return cause_set(cause, "line %d: a second \"%s\" before \"%s\" "
				    "(expected one orders block)", line, ORDERS_BEGIN, ORDERS_END);
			if (out->signed_bytes != NULL) {
				orders_block_clear(out);
				return cause_set(cause, "line %d: a second orders block (expected "
				    "one orders block per mail)", line);
			}
			begin = p;
			begin_line = line;
		} else if (begin != NULL && line_is(p, eol, ORDERS_END)) {
			out->begin_off = (size_t)(begin - text);
			out->end_off = (size_t)(next - text);
			out->begin_line = begin_line;
			out->signed_bytes = orders_normalise(begin, (size_t)(eol - begin),
			    &out->signed_len);
			begin = NULL;
		}
		p = next;
		line++;
	}
	if (begin != NULL) {
		orders_block_clear(out);
		return cause_set(cause, "line %d: \"%s\" has no \"%s\" after it", begin_line,
		    ORDERS_BEGIN, ORDERS_END);
	}
	return out->signed_bytes != NULL ? 1 : 0;
}

static void
lines_free(struct orders_line *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].text);
	free(v);
}

static char *lower(const char *);

/* "phase: PHASE" (any case, spaces before the colon): PHASE, else NULL. */
static const char *
section_value(const char *t)
{
	if (strncasecmp(t, "phase", 5) != 0)
		return NULL;
	t += 5;
	while (*t == ' ' || *t == '\t')
		t++;
	if (*t != ':')
		return NULL;
	t++;
	while (isspace((unsigned char)*t))
		t++;
	return t;
}

void
orders_free(struct orders *o)
{
	size_t i;

	if (o == NULL)
		return;
	free(o->game);
	free(o->seat);
	free(o->phase);
	free(o->nonce_hex);
	lines_free(o->lines, o->nlines);
	lines_free(o->settings, o->nsettings);
	lines_free(o->absences, o->nabsences);
	for (i = 0; i < o->nsections; i++) {
		free(o->sections[i].phase);
		lines_free(o->sections[i].lines, o->sections[i].nlines);
	}
	free(o->sections);
	free(o);
}

int
orders_phase_covers(const char *pattern, const char *phase)
{
	size_t n = strlen(pattern);

	return strncmp(pattern, phase, n) == 0 && (phase[n] == '\0' || phase[n] == '.');
}

const struct orders_line *
orders_lines_for(const struct orders *o, const char *phase, size_t *n, int *section)
{
	size_t i;

	if (section != NULL)
		*section = -1;
	if (strcmp(o->phase, phase) == 0) {
		*n = o->nlines;
		return o->lines;
	}
	for (i = 0; i < o->nsections; i++)
		if (orders_phase_covers(o->sections[i].phase, phase)) {
			if (section != NULL)
				*section = (int)i;
			*n = o->sections[i].nlines;
			return o->sections[i].lines;
		}
	*n = 0;
	return NULL;
}

char *
orders_applies_to(const struct orders *o)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(&sb, o->phase);
	for (i = 0; i < o->nsections; i++) {
		strbuf_addstr(&sb, ", ");
		strbuf_addstr(&sb, o->sections[i].phase);
	}
	return strbuf_detach(&sb, NULL);
}

/* Append a line to a growing array (capacity doubles at powers of two). */
static void
line_add(struct orders_line **v, size_t *n, int lineno, const char *text)
{
	if (*n == 0 || (*n & (*n - 1)) == 0)
		*v = xreallocarray(*v, *n == 0 ? 1 : *n * 2, sizeof **v);
	(*v)[*n].lineno = lineno;
	(*v)[*n].text = xstrdup(text);
	(*n)++;
}

/*
 * A body line `phase: PHASE`: open a section. -1 with a reason when PHASE
 * is no phase name or repeats one named before.
 */
static int
section_open(struct orders *o, const char *t, int line, char **cause)
{
	char *name;
	size_t i;

	name = lower(t);
	if (!orders_is_slug(name, 1)) {
		cause_set(cause, "line %d: plan section \"%s\" is not a phase or round "
		    "name (expected a line such as phase: search.declare)", line, t);
		free(name);
		return -1;
	}
	if (o->phase != NULL && strcmp(name, o->phase) == 0) {
		cause_set(cause, "line %d: plan section %s is the header's phase (expected "
		    "a later phase of the turn)", line, name);
		free(name);
		return -1;
	}
	for (i = 0; i < o->nsections; i++)
		if (strcmp(o->sections[i].phase, name) == 0) {
			cause_set(cause, "line %d: plan section %s given twice (first on "
			    "line %d)", line, name, o->sections[i].lineno);
			free(name);
			return -1;
		}
	o->sections = xreallocarray(o->sections, o->nsections + 1, sizeof *o->sections);
	memset(&o->sections[o->nsections], 0, sizeof *o->sections);
	o->sections[o->nsections].lineno = line;
	o->sections[o->nsections].phase = name;
	o->nsections++;
	return 0;
}

int
orders_is_slug(const char *s, int allow_dots)
{
	const char *p;

	if (!isalnum((unsigned char)s[0]))
		return 0;
	for (p = s; *p != '\0'; p++) {
		if (isdigit((unsigned char)*p) || (*p >= 'a' && *p <= 'z') || *p == '-')
			continue;
		if (allow_dots && *p == '.' && p[1] != '.' && p[1] != '\0')
			continue;
		return 0;
	}
	return 1;
}

static char *
lower(const char *s)
{
	char *c = xstrdup(s), *p;

	for (p = c; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	return c;
}

static const char *header_keys[] = { "game", "seat", "turn", "phase", "nonce" };
#define NHEADER (sizeof header_keys / sizeof header_keys[0])

static int
set_header(struct orders *o, size_t k, const char *value, int line, char **cause)
{
	char *end;
	size_t hexlen, got;

	switch (k) {
	case 0:
	case 1: {
		char *name = lower(value);

		if (!orders_is_slug(name, 0)) {
			free(name);
			return cause_set(cause, "line %d: %s \"%s\" is not a name (expected "
			    "letters, digits and '-', such as contact-17)", line,
			    header_keys[k], value);
		}
		*(k == 0 ? &o->game : &o->seat) = name;
		return 0;
	}
	case 2:
		errno = 0;
		o->turn = strtol(value, &end, 10);
		if (!isdigit((unsigned char)value[0]) || *end != '\0' || errno != 0 ||
		    o->turn < 0 || o->turn > 1000000)
			return cause_set(cause, "line %d: turn \"%s\" is not a turn number "
			    "(expected a number such as 3)", line, value);
		return 0;
	case 3:
		o->phase = lower(value);
		if (!orders_is_slug(o->phase, 1))
			return cause_set(cause, "line %d: phase \"%s\" is not a phase name "
			    "(expected a dotted name such as movement.move)", line, value);
		return 0;
	case 4:
		hexlen = strlen(value);
		if (hexlen < 2 * ORDERS_NONCE_MIN || hexlen > 2 * ORDERS_NONCE_MAX ||
		    hexlen % 2 != 0 ||
		    sodium_hex2bin(o->nonce, sizeof o->nonce, value, hexlen, NULL, &got,
		    NULL) != 0 || got * 2 != hexlen)
			return cause_set(cause, "line %d: nonce \"%s\" is not %d to %d bytes in "
			    "hex (expected at least %d hex digits of your own random choice)",
			    line, value, ORDERS_NONCE_MIN, ORDERS_NONCE_MAX, 2 * ORDERS_NONCE_MIN);
		o->nonce_len = got;
		o->nonce_hex = lower(value);
		return 0;
	}
	return cause_set(cause, "line %d: internal error", line);
}

void
orders_peek(const char *block, size_t len, struct orders_peek *pk)
{
	struct orders tmp;
	char *copy = xmemdup(block, len), *p, *next, *t, *colon, *why = NULL;
	size_t k;
	int line = 0;

	memset(pk, 0, sizeof *pk);
	memset(&tmp, 0, sizeof tmp);
	for (p = copy; p != NULL && *p != '\0' && memchr(block, '\0', len) == NULL;
	    p = next) {
		if ((next = strchr(p, '\n')) != NULL)
			*next++ = '\0';
		if (++line == 1) {
			if (strcmp(p, ORDERS_BEGIN) != 0)
				break;
			continue;
		}
		for (t = p; isspace((unsigned char)*t); t++)
			;
		if (*t == '\0' || (colon = strchr(t, ':')) == NULL)
			break;	/* the end of the header */
		*colon++ = '\0';
		while (isspace((unsigned char)*colon))
			colon++;
		for (k = 0; k < 4; k++)	/* not the nonce */
			if (strcasecmp(t, header_keys[k]) == 0)
				break;
		if (k == 4 || *colon == '\0')
			continue;
		if (set_header(&tmp, k, colon, line, &why) == -1) {
			free(why);
			free(tmp.phase);	/* set before it is checked */
			why = tmp.phase = NULL;
			continue;
		}
		if (k == 0 && pk->game == NULL)
			pk->game = tmp.game;
		else if (k == 1 && pk->seat == NULL)
			pk->seat = tmp.seat;
		else if (k == 2 && pk->turn == 0)
			pk->turn = tmp.turn;
		else if (k == 3 && pk->phase == NULL)
			pk->phase = tmp.phase;
		else
			free(k == 0 ? tmp.game : k == 1 ? tmp.seat : k == 3 ? tmp.phase : NULL);
		tmp.game = tmp.seat = tmp.phase = NULL;
	}
	free(copy);
}

void
orders_peek_clear(struct orders_peek *pk)
{
	free(pk->game);
	free(pk->seat);
	free(pk->phase);
	memset(pk, 0, sizeof *pk);
}

struct orders *
orders_parse(const char *block, size_t len, char **cause)
{
	struct orders *o = xcalloc(1, sizeof *o);
	char *copy = xmemdup(block, len), *p, *next, *t, *colon;
	const char *v;
	int line = 0, in_header = 1, seen[NHEADER] = { 0 }, ended = 0;
	size_t k, total = 0;

	if (memchr(block, '\0', len) != NULL) {
		cause_set(cause, "the orders block contains a NUL byte (expected text)");
		goto fail;
	}
	for (p = copy; p != NULL && *p != '\0'; p = next) {
		if ((next = strchr(p, '\n')) != NULL)
			*next++ = '\0';
		line++;
		if (line == 1) {
			if (strcmp(p, ORDERS_BEGIN) != 0) {
				cause_set(cause, "line 1: expected \"%s\"", ORDERS_BEGIN);
				goto fail;
			}
			continue;
		}
		if (ended) {
			cause_set(cause, "line %d: text after \"%s\" (expected the block to end "
			    "there)", line, ORDERS_END);
			goto fail;
		}
		if (strcmp(p, ORDERS_END) == 0) {
			ended = 1;
			continue;
		}
		t = p;
		while (isspace((unsigned char)*t))
			t++;
		if (in_header) {
			if (*t == '\0') {
				in_header = 0;
				continue;
			}
			if ((colon = strchr(t, ':')) == NULL) {
				cause_set(cause, "line %d: \"%s\" is not a header line (expected "
				    "key: value, then an empty line before the orders)", line, t);
				goto fail;
			}
			*colon = '\0';
			for (k = 0; k < NHEADER; k++)
				if (strcasecmp(t, header_keys[k]) == 0)
					break;
			if (k == NHEADER) {
				cause_set(cause, "line %d: unknown header \"%s\" (expected game, seat, "
				    "turn, phase and nonce)", line, t);
				goto fail;
			}
			if (seen[k]) {
				cause_set(cause, "line %d: header \"%s\" given twice (first on line "
				    "%d)", line, header_keys[k], seen[k]);
				goto fail;
			}
			seen[k] = line;
			colon++;
			while (isspace((unsigned char)*colon))
				colon++;
			if (*colon == '\0') {
				cause_set(cause, "line %d: header \"%s\" has no value", line,
				    header_keys[k]);
				goto fail;
			}
			if (set_header(o, k, colon, line, cause) == -1)
				goto fail;
			continue;
		}
		if (*t == '\0' || *t == '#')
			continue;
		if (++total > MAX_ORDER_LINES) {
			cause_set(cause, "line %d: more than %d order lines", line, MAX_ORDER_LINES);
			goto fail;
		}
		if ((v = section_value(t)) != NULL) {
			if (section_open(o, v, line, cause) == -1)
				goto fail;
			continue;
		}
		if (strncasecmp(t, "set", 3) == 0 && (t[3] == '\0' ||
		    isspace((unsigned char)t[3])))
			line_add(&o->settings, &o->nsettings, line, t);
		else if (strncasecmp(t, "absent", 6) == 0 && (t[6] == '\0' ||
		    isspace((unsigned char)t[6])))
			line_add(&o->absences, &o->nabsences, line, t);
		else if (o->nsections > 0)
			line_add(&o->sections[o->nsections - 1].lines,
			    &o->sections[o->nsections - 1].nlines, line, t);
		else
			line_add(&o->lines, &o->nlines, line, t);
	}
	if (!ended) {
		cause_set(cause, "line %d: expected \"%s\"", line + 1, ORDERS_END);
		goto fail;
	}
	for (k = 0; k < NHEADER; k++)
		if (!seen[k]) {
			cause_set(cause, "the header has no \"%s:\" line (expected game, seat, turn, "
			    "phase and nonce before the orders)", header_keys[k]);
			goto fail;
		}
	free(copy);
	return o;
fail:
	free(copy);
	orders_free(o);
	return NULL;
}
