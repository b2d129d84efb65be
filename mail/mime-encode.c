/* mime-encode.c — header folding, encoded words, QP and base64 bodies. */
#include "config.h"

#include <stdlib.h>
#include <string.h>


#include "lib/strbuf.h"
#include "mail/mime-encode.h"
#include "mail/mime-text.h"

#define QP_LINE_MAX 76
#define EWORD_OVERHEAD 12	/* "=?UTF-8?Q?" and "?=" */
#define PARAM_PLAIN_MAX 60
#define PARAM_SEGMENT_MAX 50

static const char hex[] = "0123456789ABCDEF";

void
mime_header_start(struct mime_header *h, struct strbuf *out, const char *name)
{
	h->out = out;
	strbuf_addstr(out, name);
	strbuf_addc(out, ':');
	h->col = strlen(name) + 1;
	h->words = 0;
}

void
mime_header_word(struct mime_header *h, const char *word, size_t len, int glue)
{
	if (glue) {
		strbuf_add(h->out, word, len);
		h->col += len;
		return;
	}
	if (h->words > 0 && h->col + 1 + len > MIME_LINE_MAX) {
		strbuf_addstr(h->out, "\r\n");
		h->col = 0;
	}
	strbuf_addc(h->out, ' ');
	strbuf_add(h->out, word, len);
	h->col += 1 + len;
	h->words++;
}

void
mime_header_end(struct mime_header *h)
{
	strbuf_addstr(h->out, "\r\n");
}

int
mime_needs_eword(const char *s)
{
	const char *p;
	size_t word = 0;

	if (strstr(s, "=?") != NULL)
		return 1;
	for (p = s; *p != '\0'; p++) {
		if ((unsigned char)*p >= 0x80 || (unsigned char)*p < 0x20)
			return 1;
		word = *p == ' ' ? 0 : word + 1;
		if (word > 70)
			return 1;
	}
	return 0;
}

/* Length of the UTF-8 character starting at s (1 for stray bytes). */
static size_t
utf8_len(const char *s)
{
	unsigned char c = (unsigned char)*s;
	size_t n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1, i;

	for (i = 1; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

/* The Q encoding of one character (RFC 2047 §5 (3), the strictest set). */
static size_t
q_char(const char *s, size_t n, char *buf)
{
	size_t i, k = 0;
	unsigned char c;

	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (c == ' ')
			buf[k++] = '_';
		else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || (c != 0 && strchr("!*+-/", c) != NULL))
			buf[k++] = (char)c;
		else {
			buf[k++] = '=';
			buf[k++] = hex[c >> 4];
			buf[k++] = hex[c & 15];
		}
	}
	return k;
}

void
mime_header_ewords(struct mime_header *h, const char *s)
{
	struct strbuf word = STRBUF_INIT;
	char buf[16];
	size_t n, k, room;

	while (*s != '\0') {
		/* Fill this word to fit the current line, or a fresh one. */
		room = MIME_LINE_MAX - h->col - 1;
		if (h->words == 0 && room >= EWORD_OVERHEAD + 12)
			room = room > MIME_EWORD_MAX ? MIME_EWORD_MAX : room;
		else
			room = MIME_EWORD_MAX;
		strbuf_reset(&word);
		strbuf_addstr(&word, "=?UTF-8?Q?");
		while (*s != '\0') {
			n = utf8_len(s);
			k = q_char(s, n, buf);
			if (word.len + k + 2 > room && word.len > EWORD_OVERHEAD - 2)
				break;
			strbuf_add(&word, buf, k);
			s += n;
		}
		strbuf_addstr(&word, "?=");
		mime_header_word(h, word.s, word.len, 0);
	}
	strbuf_free(&word);
}

void
mime_header_text(struct mime_header *h, const char *s)
{
	const char *e;

	for (;;) {
		while (*s == ' ')
			s++;
		if (*s == '\0')
			break;
		e = strchr(s, ' ');
		if (e == NULL)
			e = s + strlen(s);
		mime_header_word(h, s, (size_t)(e - s), 0);
		s = e;
	}
}

static int
is_token_char(unsigned char c)
{
	return c > 32 && c < 127 && strchr("()<>@,;:\\\"/[]?=", c) == NULL;
}

static int
is_attr_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	    (c != 0 && strchr("!#$&+-.^_`|~", c) != NULL);
}

void
mime_header_param(struct mime_header *h, const char *name, const char *value)
{
	struct strbuf w = STRBUF_INIT, pct = STRBUF_INIT;
	const unsigned char *p;
	size_t len = strlen(value), i, start, seg;
	int ascii = 1, token = len > 0;

	for (p = (const unsigned char *)value; *p != '\0'; p++) {
		if (*p < 32 || *p >= 127)
			ascii = 0;
		if (!is_token_char(*p))
			token = 0;
	}
	mime_header_word(h, ";", 1, 1);
	if (ascii && len <= PARAM_PLAIN_MAX) {
		strbuf_addf(&w, "%s=", name);
		if (!token)
			strbuf_addc(&w, '"');
		for (p = (const unsigned char *)value; *p != '\0'; p++) {
			if (!token && (*p == '"' || *p == '\\'))
				strbuf_addc(&w, '\\');
			strbuf_addc(&w, (char)*p);
		}
		if (!token)
			strbuf_addc(&w, '"');
		mime_header_word(h, w.s, w.len, 0);
		strbuf_free(&w);
		return;
	}
	for (p = (const unsigned char *)value; *p != '\0'; p++) {
		if (is_attr_char(*p))
			strbuf_addc(&pct, (char)*p);
		else
			strbuf_addf(&pct, "%%%c%c", hex[*p >> 4], hex[*p & 15]);
	}
	if (pct.len <= PARAM_PLAIN_MAX) {
		strbuf_addf(&w, "%s*=utf-8''%s", name, pct.s);
		mime_header_word(h, w.s, w.len, 0);
	} else {
		for (start = 0, seg = 0; start < pct.len; seg++) {
			i = start + PARAM_SEGMENT_MAX;
			if (i >= pct.len)
				i = pct.len;
			else if (pct.s[i - 1] == '%')
				i -= 1;
			else if (pct.s[i - 2] == '%')
				i -= 2;
			strbuf_reset(&w);
			if (seg > 0)
				mime_header_word(h, ";", 1, 1);
			strbuf_addf(&w, "%s*%zu*=%s%.*s", name, seg, seg == 0 ? "utf-8''" : "",
			    (int)(i - start), pct.s + start);
			mime_header_word(h, w.s, w.len, 0);
			start = i;
		}
	}
	strbuf_free(&w);
	strbuf_free(&pct);
}

int
mime_needs_qp(const char *s, size_t len)
{
	return mime_needs_qp_width(s, len, QP_LINE_MAX);
}

int
mime_needs_qp_width(const char *s, size_t len, size_t width)
{
	size_t i, col = 0;
	unsigned char c;

	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c == '\n') {
			if (i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t'))
				return 1;
			col = 0;
			continue;
		}
		if (c >= 127 || (c < 32 && c != '\t'))
			return 1;
		if (col == 0 && (c == '.' || (len - i >= 5 && memcmp(s + i, "From ", 5) == 0)))
			return 1;
		if (c == '=' && i + 1 < len && s[i + 1] == '_')
			return 1;
		if (++col > width)
			return 1;
	}
	return len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t');
}

void
mime_body_7bit(struct strbuf *out, const char *s, size_t len)
{
	size_t n;
	char *crlf = mime_crlf(s, len, &n);

	strbuf_add(out, crlf, n);
	if (n > 0 && crlf[n - 1] != '\n')
		strbuf_addstr(out, "\r\n");
	free(crlf);
}

/* Must s[k] of the line s[start..end) be written =XX? */
static int
qp_escaped(const char *s, size_t start, size_t end, size_t k)
{
	unsigned char c = (unsigned char)s[k];

	return c == '=' || c >= 127 || (c < 32 && c != '\t') ||
	    ((c == ' ' || c == '\t') && k + 1 == end) ||
	    (k == start && c == '.') ||
	    (k == start && end - k >= 5 && memcmp(s + k, "From ", 5) == 0);
}

/*
 * Line by line, the characters that go as they are copied in runs (a
 * byte at a time took most of a view mail's composing), each run cut
 * where the soft line break falls.
 */
void
mime_body_qp(struct strbuf *out, const char *s, size_t len)
{
	size_t i = 0, start, end, col, k, run;
	char enc[3];
	unsigned char c;

	while (i < len) {
		start = i;
		end = (const char *)memchr(s + i, '\n', len - i) != NULL ?
		    (size_t)((const char *)memchr(s + i, '\n', len - i) - s) : len;
		i = end < len ? end + 1 : len;
		for (col = 0, k = start; k < end; ) {
			if (qp_escaped(s, start, end, k)) {
				c = (unsigned char)s[k++];
				enc[0] = '=';
				enc[1] = hex[c >> 4];
				enc[2] = hex[c & 15];
				if (col + 3 > QP_LINE_MAX - 1) {
					strbuf_addstr(out, "=\r\n");
					col = 0;
				}
				strbuf_add(out, enc, 3);
				col += 3;
				continue;
			}
			if (col + 1 > QP_LINE_MAX - 1) {
				strbuf_addstr(out, "=\r\n");
				col = 0;
			}
			for (run = 1; k + run < end && col + run < QP_LINE_MAX - 1 &&
			    !qp_escaped(s, start, end, k + run); run++)
				;
			strbuf_add(out, s + k, run);
			col += run;
			k += run;
		}
		strbuf_addstr(out, "\r\n");
	}
}

void
mime_body_base64(struct strbuf *out, const void *data, size_t len)
{
	/*
	 * What sodium_bin2base64(ORIGINAL) gives, in lines of 76 and CRLF,
	 * from a table: libsodium's encoder is constant-time, for secrets,
	 * and took several times as long over a view's attachments.
	 */
	static const char tab[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = data;
	char line[78];
	size_t i = 0, k = 0;

	while (i < len) {
		unsigned long v = (unsigned long)p[i] << 16;
		size_t have = len - i >= 3 ? 3 : len - i;

		if (have > 1)
			v |= (unsigned long)p[i + 1] << 8;
		if (have > 2)
			v |= p[i + 2];
		line[k++] = tab[v >> 18];
		line[k++] = tab[(v >> 12) & 63];
		line[k++] = have > 1 ? tab[(v >> 6) & 63] : '=';
		line[k++] = have > 2 ? tab[v & 63] : '=';
		i += have;
		if (k == 76 || i == len) {
			line[k++] = '\r';
			line[k++] = '\n';
			strbuf_add(out, line, k);
			k = 0;
		}
	}
}
