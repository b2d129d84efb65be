/* mime-text.c — charsets, line endings, format=flowed, HTML to text. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/mime-text.h"

int
mime_utf8_valid(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, n, k;
	unsigned long cp, min;

	while (i < len) {
		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if (s[i] >= 0xc2 && s[i] <= 0xdf) {
			n = 1; cp = s[i] & 0x1f; min = 0x80;
		} else if (s[i] >= 0xe0 && s[i] <= 0xef) {
			n = 2; cp = s[i] & 0x0f; min = 0x800;
		} else if (s[i] >= 0xf0 && s[i] <= 0xf4) {
			n = 3; cp = s[i] & 0x07; min = 0x10000;
		} else
			return 0;
		if (len - i <= n)
			return 0;
		for (k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = (cp << 6) | (s[i + k] & 0x3f);
		}
		if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += n + 1;
	}
	return 1;
}

static void
add_utf8(struct strbuf *sb, unsigned long cp)
{
	char b[4];

	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp == 0)
		cp = 0xfffd;
	if (cp < 0x80) {
		strbuf_addc(sb, (char)cp);
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		strbuf_add(sb, b, 2);
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		strbuf_add(sb, b, 3);
	} else {
		b[0] = (char)(0xf0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		strbuf_add(sb, b, 4);
	}
}

/* Valid UTF-8 is copied; anything else is read as ISO-8859-1. */
static char *
utf8_or_latin1(const char *s, size_t len, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (mime_utf8_valid(s, len)) {
		*outlen = len;
		return xmemdup(s, len);
	}
	for (i = 0; i < len; i++)
		add_utf8(&sb, (unsigned char)s[i]);
	return strbuf_detach(&sb, outlen);
}

static int
is_utf8_name(const char *cs)
{
	static const char *names[] = { "us-ascii", "ascii", "utf-8", "utf8", "ansi_x3.4-1968",
	    "iso-646-us", "us" };
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcasecmp(cs, names[i]) == 0)
			return 1;
	return 0;
}

char *
mime_to_utf8(const char *charset, const char *s, size_t len, size_t *outlen)
{
	char *conv = NULL, *out;
	size_t convlen = 0;

	if (charset == NULL || *charset == '\0' || is_utf8_name(charset))
		return utf8_or_latin1(s, len, outlen);
	if (charconv_buffer("utf-8", charset, s, len, &conv, &convlen) ==
	    MAIL_CHARCONV_NO_ERROR && conv != NULL && mime_utf8_valid(conv, convlen)) {
		out = xmemdup(conv, convlen);
		*outlen = convlen;
		charconv_buffer_free(conv);
		return out;
	}
	if (conv != NULL)
		charconv_buffer_free(conv);
	return utf8_or_latin1(s, len, outlen);
}

static char *
line_endings(const char *s, size_t len, const char *eol, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	size_t i = 0, start, nl = 0, stop;
	int nl_known = 0;

	while (i < len) {
		start = i;
		/*
		 * Up to the next CR or LF, found with memchr(): the next LF
		 * is looked for once (not again for every lone CR before it,
		 * which would take the square of a hostile line's length).
		 */
		if (!nl_known || nl < i) {
			p = memchr(s + i, '\n', len - i);
			nl = p != NULL ? (size_t)(p - s) : len;
			nl_known = 1;
		}
		p = memchr(s + i, '\r', nl - i);
		stop = p != NULL ? (size_t)(p - s) : nl;
		i = stop;
		strbuf_add(&sb, s + start, i - start);
		if (i < len) {
			strbuf_addstr(&sb, eol);
			i += (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n') ? 2 : 1;
		}
	}
	return strbuf_detach(&sb, outlen);
}

char *
mime_crlf(const char *s, size_t len, size_t *outlen)
{
	return line_endings(s, len, "\r\n", outlen);
}

char *
mime_lf(const char *s, size_t len, size_t *outlen)
{
	return line_endings(s, len, "\n", outlen);
}

char *
mime_unflow(const char *s, size_t len, int delsp, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i = 0, start, end, depth, k;
	size_t open_depth = 0;
	int open = 0, flowed;

	while (i < len) {
		start = i;
		while (i < len && s[i] != '\n')
			i++;
		end = i;
		if (i < len)
			i++;
		for (depth = 0; start < end && s[start] == '>'; start++)
			depth++;
		if (start < end && s[start] == ' ')
			start++;	/* space-stuffing (or the space after '>') */
		flowed = end > start && s[end - 1] == ' ' &&
		    !(end - start == 3 && memcmp(s + start, "-- ", 3) == 0);
		if (open && depth != open_depth)
			strbuf_addc(&sb, '\n');
		if (!open || depth != open_depth) {
			for (k = 0; k < depth; k++)
				strbuf_addc(&sb, '>');
			if (depth > 0)
				strbuf_addc(&sb, ' ');
		}
		if (flowed && delsp)
			end--;
		strbuf_add(&sb, s + start, end - start);
		if (flowed) {
			open = 1;
			open_depth = depth;
		} else {
			open = 0;
			if (i > end)
				strbuf_addc(&sb, '\n');
		}
	}
	if (open)
		strbuf_addc(&sb, '\n');
	return strbuf_detach(&sb, outlen);
}

/* HTML rendering ------------------------------------------------------- */

struct html {
	struct strbuf	 sb;
	int		 line_has_text;	/* something since the last '\n' */
	int		 pending_space;
	int		 pre;		/* inside <pre> (depth) */
};

static void
html_char(struct html *h, const char *p, size_t n)
{
	if (h->pending_space && h->line_has_text)
		strbuf_addc(&h->sb, ' ');
	h->pending_space = 0;
	strbuf_add(&h->sb, p, n);
	h->line_has_text = 1;
}

static void
html_newline(struct html *h, int always)
{
	if (always || h->line_has_text)
		strbuf_addc(&h->sb, '\n');
	h->line_has_text = 0;
	h->pending_space = 0;
}

/* Decode a character reference at s[0] == '&'; returns bytes consumed. */
static size_t
html_entity(struct html *h, const char *s, size_t len)
{
	static const struct { const char *name; const char *text; } named[] = {
		{ "lt;", "<" }, { "gt;", ">" }, { "amp;", "&" }, { "quot;", "\"" },
		{ "apos;", "'" }, { "nbsp;", " " },
	};
	struct strbuf tmp = STRBUF_INIT;
	unsigned long cp = 0;
	size_t i, n;
	int hex, digits = 0;

	for (i = 0; i < sizeof named / sizeof named[0]; i++) {
		n = strlen(named[i].name);
		if (len > n && strncasecmp(s + 1, named[i].name, n) == 0) {
			html_char(h, named[i].text, 1);
			return n + 1;
		}
	}
	if (len > 2 && s[1] == '#') {
		hex = (s[2] == 'x' || s[2] == 'X');
		for (i = hex ? 3 : 2; i < len && digits < 8; i++, digits++) {
			if (hex && isxdigit((unsigned char)s[i]))
				cp = cp * 16 + (unsigned long)(isdigit((unsigned char)s[i]) ?
				    s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10));
			else if (!hex && isdigit((unsigned char)s[i]))
				cp = cp * 10 + (unsigned long)(s[i] - '0');
			else
				break;
		}
		if (digits > 0 && i < len && s[i] == ';') {
			if (cp == 0xa0)
				cp = ' ';
			add_utf8(&tmp, cp);
			html_char(h, tmp.s, tmp.len);
			strbuf_free(&tmp);
			return i + 1;
		}
	}
	html_char(h, "&", 1);
	return 1;
}

/* Is the tag name [p, p+n) one of the space-separated names in list? */
static int
tag_in(const char *p, size_t n, const char *list)
{
	const char *q = list, *e;

	while (*q != '\0') {
		e = strchr(q, ' ');
		if (e == NULL)
			e = q + strlen(q);
		if ((size_t)(e - q) == n && strncasecmp(p, q, n) == 0)
			return 1;
		q = *e ? e + 1 : e;
	}
	return 0;
}

/* Skip to just past "</name" ... '>' (case-insensitive), or to the end. */
static size_t
skip_element(const char *s, size_t len, size_t i, const char *name, size_t n)
{
	for (; i + 2 + n <= len; i++)
		if (s[i] == '<' && s[i + 1] == '/' && strncasecmp(s + i + 2, name, n) == 0) {
			while (i < len && s[i] != '>')
				i++;
			return i < len ? i + 1 : len;
		}
	return len;
}

char *
mime_html_text(const char *s, size_t len, size_t *outlen)
{
	struct html h = { STRBUF_INIT, 0, 0, 0 };
	size_t i = 0, nstart, nlen;
	int closing;
	char quote;

	while (i < len) {
		unsigned char c = (unsigned char)s[i];

		if (c == '<' && i + 3 < len && memcmp(s + i, "<!--", 4) == 0) {
			const char *e = NULL;
			size_t j;

			for (j = i + 4; j + 3 <= len; j++)
				if (memcmp(s + j, "-->", 3) == 0) {
					e = s + j;
					break;
				}
			i = e != NULL ? (size_t)(e - s) + 3 : len;
			continue;
		}
		if (c == '<' && i + 1 < len && (isalpha((unsigned char)s[i + 1]) ||
		    s[i + 1] == '/' || s[i + 1] == '!' || s[i + 1] == '?')) {
			i++;
			closing = s[i] == '/';
			if (closing)
				i++;
			nstart = i;
			while (i < len && isalnum((unsigned char)s[i]))
				i++;
			nlen = i - nstart;
			for (quote = 0; i < len && (quote || s[i] != '>'); i++) {
				if (quote && s[i] == quote)
					quote = 0;
				else if (!quote && (s[i] == '"' || s[i] == '\''))
					quote = s[i];
			}
			if (i < len)
				i++;
			if (!closing && tag_in(s + nstart, nlen, "script style head title")) {
				i = skip_element(s, len, i, s + nstart, nlen);
				continue;
			}
			if (tag_in(s + nstart, nlen, "br"))
				html_newline(&h, 1);
			else if (tag_in(s + nstart, nlen, "p div li tr h1 h2 h3 h4 h5 h6 "
			    "blockquote table ul ol hr dt dd pre address section article")) {
				html_newline(&h, 0);
				if (tag_in(s + nstart, nlen, "pre")) {
					if (!closing)
						h.pre++;
					else if (h.pre > 0)
						h.pre--;
				}
			} else if (tag_in(s + nstart, nlen, "td th"))
				h.pending_space = 1;
			continue;
		}
		if (c == '&') {
			i += html_entity(&h, s + i, len - i);
			continue;
		}
		if (h.pre > 0 && (c == '\r' || c == '\n')) {
			html_newline(&h, 1);
			i += (c == '\r' && i + 1 < len && s[i + 1] == '\n') ? 2 : 1;
			continue;
		}
		if (h.pre == 0 && (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f')) {
			h.pending_space = 1;
			i++;
			continue;
		}
		if (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] == 0xa0) {
			html_char(&h, " ", 1);	/* a no-break space counts as text */
			i += 2;
			continue;
		}
		html_char(&h, s + i, 1);
		i++;
	}
	if (h.line_has_text)
		strbuf_addc(&h.sb, '\n');
	return strbuf_detach(&h.sb, outlen);
}
