/* sentence.c — sentences from templates over JSON objects (lib/sentence.h). */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sentence.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

/* One {…} part: the member's name, whether names are looked up, the texts. */
struct part {
	char		 key[64];
	int		 names;		/* '*' */
	int		 floor0;	/* '+': a number below 0 reads 0 */
	const char	*alt, *alt_end;	/* "/D": D */
	const char	*yes, *yes_end, *no, *no_end;	/* "?A|B" */
	const char	*noun, *noun_end;		/* "#noun" */
};

/* Parse the part starting after '{' at p; returns past its '}', or NULL. */
static const char *
parse_part(const char *p, struct part *pt)
{
	size_t n = 0;
	const char *e = strchr(p, '}'), *bar;

	memset(pt, 0, sizeof *pt);
	if (e == NULL)
		return NULL;
	while (p < e && (isalnum((unsigned char)*p) || *p == '_') && n + 1 < sizeof pt->key)
		pt->key[n++] = *p++;
	pt->key[n] = '\0';
	if (p < e && *p == '*') {
		pt->names = 1;
		p++;
	}
	if (p < e && *p == '+') {
		pt->floor0 = 1;
		p++;
	}
	if (p < e && *p == '#') {
		pt->noun = p + 1;
		pt->noun_end = e;
	} else if (p < e && *p == '/') {
		pt->alt = p + 1;
		pt->alt_end = e;
	} else if (p < e && *p == '?') {
		bar = memchr(p, '|', (size_t)(e - p));
		pt->yes = p + 1;
		pt->yes_end = bar != NULL ? bar : e;
		pt->no = bar != NULL ? bar + 1 : e;
		pt->no_end = e;
	}
	return e + 1;
}

static int
truthy(const cJSON *v)
{
	return cJSON_IsTrue(v) || (cJSON_IsNumber(v) && v->valuedouble != 0) ||
	    (cJSON_IsString(v) && *v->valuestring != '\0') ||
	    (cJSON_IsArray(v) && v->child != NULL) || cJSON_IsObject(v);
}

static void
add_word(struct strbuf *sb, const char *s, int names, sentence_name_fn name, void *ctx)
{
	char *n = names && name != NULL ? name(ctx, s) : NULL;

	if (n != NULL) {
		strbuf_addstr(sb, n);
		free(n);
		return;
	}
	strbuf_addstr(sb, s);
}

static void
add_value(struct strbuf *sb, const cJSON *v, int names, sentence_name_fn name,
    void *ctx)
{
	const cJSON *it;
	int i = 0, n;

	if (v == NULL)
		strbuf_addc(sb, '-');
	else if (cJSON_IsString(v))
		add_word(sb, v->valuestring, names, name, ctx);
	else if (cJSON_IsNumber(v))
		strbuf_addf(sb, "%g", v->valuedouble);
	else if (cJSON_IsBool(v))
		strbuf_addstr(sb, cJSON_IsTrue(v) ? "yes" : "no");
	else if (cJSON_IsArray(v)) {
		n = cJSON_GetArraySize(v);
		cJSON_ArrayForEach(it, v) {
			strbuf_add_listed(sb, (size_t)i, (size_t)n, "");
			add_value(sb, it, names, name, ctx);
			i++;
		}
		if (n == 0)
			strbuf_addstr(sb, "none");
	} else
		strbuf_addc(sb, '-');
}

/* Render [p, end) of tmpl into sb. */
static void
render(struct strbuf *sb, const char *p, const char *end, const cJSON *obj,
    sentence_name_fn name, void *ctx)
{
	struct part pt;
	const char *next;

	while (p < end) {
		if (*p == '[') {
			const char *close = memchr(p, ']', (size_t)(end - p)), *q;
			int ok = 1;

			if (close == NULL)
				close = end;
			for (q = p + 1; q < close; q++)	/* every member named inside */
				if (*q == '{' && (next = parse_part(q + 1, &pt)) != NULL) {
					if (!truthy(cJSON_GetObjectItemCaseSensitive(obj, pt.key)))
						ok = 0;
					q = next - 1;
				}
			if (ok)
				render(sb, p + 1, close, obj, name, ctx);
			p = close < end ? close + 1 : end;
			continue;
		}
		if (*p != '{' || (next = parse_part(p + 1, &pt)) == NULL) {
			strbuf_addc(sb, *p++);
			continue;
		}
		{
			const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, pt.key);

			if (pt.noun != NULL) {	/* "1 card", "2 cards" */
				add_value(sb, v, 0, name, ctx);
				strbuf_addc(sb, ' ');
				strbuf_add(sb, pt.noun, (size_t)(pt.noun_end - pt.noun));
				if (!cJSON_IsNumber(v) || v->valuedouble != 1)
					strbuf_addc(sb, 's');
			} else if (pt.yes != NULL) {
				if (truthy(v))
					strbuf_add(sb, pt.yes, (size_t)(pt.yes_end - pt.yes));
				else
					strbuf_add(sb, pt.no, (size_t)(pt.no_end - pt.no));
			} else if ((v == NULL || cJSON_IsNull(v)) && pt.alt != NULL)
				strbuf_add(sb, pt.alt, (size_t)(pt.alt_end - pt.alt));
			else if (pt.floor0 && v != NULL && cJSON_IsNumber(v) && v->valuedouble < 0)
				strbuf_addc(sb, '0');
			else
				add_value(sb, v, pt.names, name, ctx);
		}
		p = next;
		/* "{seat}'s" of a name ending in s: "Aliens' event", not "Aliens's" */
		if (end - p >= 2 && p[0] == '\'' && p[1] == 's' &&
		    (end - p == 2 || !isalnum((unsigned char)p[2])) &&
		    sb->len > 0 && sb->s[sb->len - 1] == 's') {
			strbuf_addc(sb, '\'');
			p += 2;
		}
	}
}

char *
sentence_render(const char *tmpl, const cJSON *obj, sentence_name_fn name, void *ctx)
{
	struct strbuf sb = STRBUF_INIT;

	render(&sb, tmpl, tmpl + strlen(tmpl), obj, name, ctx);
	if (sb.len == 0)
		return xstrdup("");
	sb.s[0] = (char)toupper((unsigned char)sb.s[0]);
	return strbuf_detach(&sb, NULL);
}
