/* mime-headers.c — header fields: splitting, decoding, addresses, ids, dates. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <libetpan/libetpan.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/mime-headers.h"
#include "mail/mime-text.h"

static int
is_field_name(const char *p, size_t n)
{
	size_t i;

	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)p[i] <= 32 || (unsigned char)p[i] >= 127 || p[i] == ':')
			return 0;
	return 1;
}

static void
trim_value(struct strbuf *sb)
{
	size_t start = 0;

	while (sb->len > 0 && (sb->s[sb->len - 1] == ' ' || sb->s[sb->len - 1] == '\t'))
		sb->s[--sb->len] = '\0';
	while (start < sb->len && (sb->s[start] == ' ' || sb->s[start] == '\t'))
		start++;
	if (start > 0) {
		memmove(sb->s, sb->s + start, sb->len - start + 1);
		sb->len -= start;
	}
}

static void
finish_field(struct mail_headers *h, char *name, struct strbuf *value)
{
	if (name == NULL)
		return;
	trim_value(value);
	if (h->n < MAIL_HEADERS_MAX) {
		h->v = xreallocarray(h->v, h->n + 1, sizeof *h->v);
		h->v[h->n].name = name;
		h->v[h->n].value = strbuf_detach(value, NULL);
		h->n++;
	} else {
		free(name);
		strbuf_free(value);
	}
}

void
mail_headers_parse(const char *text, size_t len, struct mail_headers *out)
{
	struct strbuf value = STRBUF_INIT;
	char *name = NULL;
	size_t i = 0, eol, next, colon, n;

	memset(out, 0, sizeof *out);
	out->body_off = len;
	if (len >= 5 && memcmp(text, "From ", 5) == 0) {
		while (i < len && text[i] != '\n' && text[i] != '\r')
			i++;
		i += (i + 1 < len && text[i] == '\r' && text[i + 1] == '\n') ? 2 : (i < len);
	}
	while (i < len) {
		for (eol = i; eol < len && text[eol] != '\n' && text[eol] != '\r'; eol++)
			;
		next = eol;
		if (next < len)
			next += (text[next] == '\r' && next + 1 < len && text[next + 1] == '\n') ? 2 : 1;
		if (eol == i) {
			out->body_off = next;
			break;
		}
		if (text[i] == ' ' || text[i] == '\t') {
			if (name != NULL)
				strbuf_add(&value, text + i, eol - i);
			i = next;
			continue;
		}
		for (colon = i; colon < eol && text[colon] != ':'; colon++)
			;
		n = colon - i;
		while (n > 0 && (text[i + n - 1] == ' ' || text[i + n - 1] == '\t'))
			n--;
		if (colon == eol || !is_field_name(text + i, n)) {
			out->body_off = i;
			break;
		}
		finish_field(out, name, &value);
		name = xstrndup(text + i, n);
		strbuf_reset(&value);
		strbuf_add(&value, text + colon + 1, eol - colon - 1);
		i = next;
	}
	finish_field(out, name, &value);
	strbuf_free(&value);
}

void
mail_headers_clear(struct mail_headers *h)
{
	size_t i;

	for (i = 0; i < h->n; i++) {
		free(h->v[i].name);
		free(h->v[i].value);
	}
	free(h->v);
	memset(h, 0, sizeof *h);
}

const char *
mail_headers_get(const struct mail_headers *h, const char *name)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (strcasecmp(h->v[i].name, name) == 0)
			return h->v[i].value;
	return NULL;
}

void
mail_strings_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

char *
mail_text_clean(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	int space = 0;

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f || c == ' ') {
			space = 1;
			continue;
		}
		if (space && sb.len > 0)
			strbuf_addc(&sb, ' ');
		space = 0;
		strbuf_addc(&sb, (char)c);
	}
	return strbuf_detach(&sb, NULL);
}

char *
mail_header_decode(const char *value)
{
	char *utf8, *decoded = NULL, *out, *valid, *p;
	size_t len, idx = 0, vlen;

	utf8 = mime_to_utf8(NULL, value, strlen(value), &len);
	for (p = utf8; *p != '\0'; p++)
		if (*p == '\r' || *p == '\n')
			*p = ' ';	/* libetpan stops at a line break */
	if (mailmime_encoded_phrase_parse("utf-8", utf8, len, &idx, "utf-8", &decoded) ==
	    MAILIMF_NO_ERROR && decoded != NULL) {
		valid = mime_to_utf8(NULL, decoded, strlen(decoded), &vlen);
		free(decoded);
		out = mail_text_clean(valid);
		free(valid);
	} else
		out = mail_text_clean(utf8);
	free(utf8);
	return out;
}

/*
 * An addr-spec as muthur keeps it: lowercased, white space and control
 * characters dropped except inside a quoted local part ("john doe"@x), and
 * an obsolete source route ("@relay.example:user@host", RFC 5322 4.4)
 * left out.
 */
static char *
lower_addr(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	const char *colon;
	int quoted = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '@' && (colon = strchr(s, ':')) != NULL && strchr(s, '"') == NULL)
		s = colon + 1;
	for (; *s != '\0'; s++) {
		if (*s == '"')
			quoted = !quoted;
		else if (quoted && *s == '\\' && (unsigned char)s[1] >= ' ' && s[1] != 0x7f) {
			strbuf_addc(&sb, *s++);
			strbuf_addc(&sb, *s);
			continue;
		}
		if ((unsigned char)*s > ' ' ? *s != 0x7f : quoted && *s == ' ')
			strbuf_addc(&sb, (char)tolower((unsigned char)*s));
	}
	return strbuf_detach(&sb, NULL);
}

static char *
display_name(const char *raw)
{
	char *name;

	if (raw == NULL)
		return NULL;
	name = mail_header_decode(raw);
	if (*name == '\0') {
		free(name);
		return NULL;
	}
	return name;
}

/* Without libetpan's help: "<addr>", "name <addr>" or a bare word. */
static int
mailbox_fallback(const char *value, char **addr, char **name)
{
	const char *lt, *gt, *p;
	struct strbuf sb = STRBUF_INIT;
	int depth = 0;
	char *raw;

	if ((lt = strrchr(value, '<')) != NULL && (gt = strchr(lt, '>')) != NULL) {
		raw = xstrndup(lt + 1, (size_t)(gt - lt - 1));
		*addr = lower_addr(raw);
		free(raw);
		for (p = value; p < lt; p++)
			if (*p != '"')
				strbuf_addc(&sb, *p);
		raw = strbuf_detach(&sb, NULL);
		*name = display_name(raw);
		free(raw);
		return 0;
	}
	for (p = value; *p != '\0'; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && depth > 0)
			depth--;
		else if (depth == 0)
			strbuf_addc(&sb, *p);
	}
	raw = strbuf_detach(&sb, NULL);
	*addr = lower_addr(raw);
	free(raw);
	if (**addr == '\0' || strchr(*addr, ',') != NULL) {
		free(*addr);
		*addr = NULL;
		return -1;
	}
	*name = NULL;
	return 0;
}

int
mail_header_mailbox(const char *value, char **addr, char **name)
{
	struct mailimf_mailbox_list *ml = NULL;
	struct mailimf_mailbox *mb;
	size_t idx = 0;
	int rc = -1;

	*addr = *name = NULL;
	if (mailimf_mailbox_list_parse(value, strlen(value), &idx, &ml) == MAILIMF_NO_ERROR) {
		if (clist_begin(ml->mb_list) != NULL) {
			mb = clist_content(clist_begin(ml->mb_list));
			*addr = lower_addr(mb->mb_addr_spec);
			if (strpbrk(*addr, "<>,;\"()[]") != NULL)
				**addr = '\0';	/* libetpan was too lenient */
			*name = display_name(mb->mb_display_name);
			rc = 0;
		}
		mailimf_mailbox_list_free(ml);
	}
	if (rc == 0 && **addr == '\0') {
		free(*addr);
		free(*name);
		*addr = *name = NULL;
		rc = -1;
	}
	if (rc == -1)
		rc = mailbox_fallback(value, addr, name);
	return rc;
}

static void
push(char ***v, size_t *n, char *s)
{
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[(*n)++] = s;
}

size_t
mail_header_addresses(const char *value, char ***addrs)
{
	struct mailimf_address_list *al = NULL;
	struct mailimf_address *a;
	struct mailimf_mailbox *mb;
	clistiter *it, *jt;
	size_t idx = 0, n = 0;
	char *addr, *name;

	*addrs = NULL;
	if (mailimf_address_list_parse(value, strlen(value), &idx, &al) == MAILIMF_NO_ERROR) {
		for (it = clist_begin(al->ad_list); it != NULL; it = clist_next(it)) {
			a = clist_content(it);
			if (a->ad_type == MAILIMF_ADDRESS_MAILBOX) {
				push(addrs, &n, lower_addr(a->ad_data.ad_mailbox->mb_addr_spec));
				continue;
			}
			if (a->ad_data.ad_group->grp_mb_list == NULL)
				continue;
			for (jt = clist_begin(a->ad_data.ad_group->grp_mb_list->mb_list);
			    jt != NULL; jt = clist_next(jt)) {
				mb = clist_content(jt);
				push(addrs, &n, lower_addr(mb->mb_addr_spec));
			}
		}
		mailimf_address_list_free(al);
		return n;
	}
	if (mail_header_mailbox(value, &addr, &name) == 0) {
		free(name);
		push(addrs, &n, addr);
	}
	return n;
}

size_t
mail_header_msgids(const char *value, char ***ids)
{
	const char *p = value, *e;
	size_t n = 0, k;

	*ids = NULL;
	while ((p = strchr(p, '<')) != NULL) {
		for (e = p + 1; *e != '\0' && *e != '>' && *e != '<' &&
		    (unsigned char)*e > ' ' && *e != 0x7f; e++)
			;
		if (*e != '>' || e == p + 1 || e - p > 998) {
			p = *e == '<' ? e : p + 1;
			continue;
		}
		if (n == MAIL_MSGIDS_MAX) {
			/* keep the first; drop the oldest of the others */
			free((*ids)[1]);
			for (k = 1; k + 1 < n; k++)
				(*ids)[k] = (*ids)[k + 1];
			n--;
		}
		push(ids, &n, xstrndup(p, (size_t)(e - p + 1)));
		p = e + 1;
	}
	return n;
}

time_t
mail_header_date(const char *value)
{
	struct mailimf_date_time *dt = NULL;
	struct tm tm;
	size_t idx = 0;
	time_t t;
	int zone, off;

	if (mailimf_date_time_parse(value, strlen(value), &idx, &dt) != MAILIMF_NO_ERROR)
		return -1;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = dt->dt_year;
	if (tm.tm_year < 50)
		tm.tm_year += 2000;
	else if (tm.tm_year < 1000)
		tm.tm_year += 1900;
	tm.tm_year -= 1900;
	tm.tm_mon = dt->dt_month - 1;
	tm.tm_mday = dt->dt_day;
	tm.tm_hour = dt->dt_hour;
	tm.tm_min = dt->dt_min;
	tm.tm_sec = dt->dt_sec;
	zone = dt->dt_zone;
	mailimf_date_time_free(dt);
	if (tm.tm_mon < 0 || tm.tm_mon > 11 || tm.tm_mday < 1 || tm.tm_mday > 31 ||
	    tm.tm_hour < 0 || tm.tm_hour > 23 || tm.tm_min < 0 || tm.tm_min > 59 ||
	    tm.tm_sec < 0 || tm.tm_sec > 60 || tm.tm_year < 0 || tm.tm_year > 8000 ||
	    zone < -9959 || zone > 9959)
		return -1;
	off = (zone / 100) * 3600 + (zone % 100) * 60;
	t = timegm(&tm);
	if (t == (time_t)-1)
		return -1;
	return t - off;
}
