/* mime-parts.c — walking libetpan's MIME tree into decoded leaf parts. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libetpan/libetpan.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/classify.h"
#include "mail/mime-headers.h"
#include "mail/mime-parts.h"
#include "mail/mime-text.h"

#define RFC2231_MAX_SEGMENTS 64
#define WHERE_NAME_MAX 60	/* bytes of a type or file name in a reason */

struct params {
	const char	**names;
	const char	**values;
	size_t		  n;
};

static void
params_add(struct params *p, const char *name, const char *value)
{
	if (name == NULL || value == NULL)
		return;
	p->names = xreallocarray(p->names, p->n + 1, sizeof *p->names);
	p->values = xreallocarray(p->values, p->n + 1, sizeof *p->values);
	p->names[p->n] = name;
	p->values[p->n] = value;
	p->n++;
}

static void
params_clear(struct params *p)
{
	free(p->names);
	free(p->values);
	memset(p, 0, sizeof *p);
}

static int
hexval(int c)
{
	if (isdigit(c))
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Append value to sb, percent-decoded when extended. */
static void
add_segment(struct strbuf *sb, const char *v, int extended)
{
	int hi, lo;

	for (; *v != '\0'; v++) {
		if (extended && v[0] == '%' && (hi = hexval((unsigned char)v[1])) >= 0 &&
		    (lo = hexval((unsigned char)v[2])) >= 0) {
			strbuf_addc(sb, (char)(hi * 16 + lo));
			v += 2;
		} else if (*v != '"')
			strbuf_addc(sb, *v);
	}
}

/* The RFC 2231 value of name: "name*" or "name*0", "name*1*", ...; or NULL. */
static char *
param_2231(const char *const *names, const char *const *values, size_t n, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	char charset[64] = "", *raw, *out, *tmp;
	const char *v, *q;
	size_t nlen = strlen(name), i, rawlen, outlen;
	int seg, found = 0, first_ext = 0, extended = 0;

	for (seg = -1; seg < RFC2231_MAX_SEGMENTS; seg++) {
		const char *hit = NULL;

		for (i = 0; i < n && hit == NULL; i++) {
			const char *p = names[i];

			if (strncasecmp(p, name, nlen) != 0 || p[nlen] != '*')
				continue;
			p += nlen + 1;
			if (seg == -1 && *p == '\0') {
				hit = values[i];
				extended = 1;
			} else if (seg >= 0 && isdigit((unsigned char)*p) &&
			    strtol(p, (char **)&q, 10) == seg && (*q == '\0' ||
			    (q[0] == '*' && q[1] == '\0'))) {
				hit = values[i];
				extended = *q == '*';
			}
		}
		if (hit == NULL) {
			if (seg >= 0)
				break;
			continue;
		}
		v = hit;
		if (extended && !found && (q = strchr(v, '\'')) != NULL &&
		    strchr(q + 1, '\'') != NULL) {
			/* charset'language'text, in the first extended segment */
			snprintf(charset, sizeof charset, "%.*s", (int)(q - v), *v == '"' ? v + 1 : v);
			v = strchr(q + 1, '\'') + 1;
			first_ext = 1;
		}
		add_segment(&sb, v, extended);
		found = 1;
		if (seg == -1)
			break;
	}
	if (!found) {
		strbuf_free(&sb);
		return NULL;
	}
	raw = strbuf_detach(&sb, &rawlen);
	out = mime_to_utf8(first_ext && charset[0] != '\0' ? charset : NULL, raw, rawlen, &outlen);
	free(raw);
	tmp = mail_header_decode(out);	/* cleans control characters */
	free(out);
	return tmp;
}

char *
mime_param_get(const char *const *names, const char *const *values, size_t n,
    const char *name)
{
	char *v, *plain;
	size_t i, len;

	if ((v = param_2231(names, values, n, name)) != NULL)
		return v;
	for (i = 0; i < n; i++) {
		if (strcasecmp(names[i], name) != 0)
			continue;
		len = strlen(values[i]);
		if (len >= 2 && values[i][0] == '"' && values[i][len - 1] == '"')
			plain = xstrndup(values[i] + 1, len - 2);
		else
			plain = xstrdup(values[i]);
		v = mail_header_decode(plain);
		free(plain);
		return v;
	}
	return NULL;
}

void
mime_parts_clear(struct mime_parts *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->v[i].type);
		free(p->v[i].charset);
		free(p->v[i].filename);
		free(p->v[i].data);
		free(p->v[i].unflowed);
	}
	free(p->v);
	free(p->automatic);
	memset(p, 0, sizeof *p);
}

/* At most max bytes of s (cut between UTF-8 characters, "..." added). */
static char *
clip(const char *s, size_t max)
{
	size_t n = strlen(s);

	if (n <= max)
		return xstrdup(s);
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return xasprintf("%.*s...", (int)max, s);
}

char *
mime_part_where(const struct intake_part *parts, size_t i)
{
	char *type = clip(parts[i].type, WHERE_NAME_MAX), *name, *where;

	if (parts[i].filename != NULL) {
		name = clip(parts[i].filename, WHERE_NAME_MAX);
		where = xasprintf("part %zu (%s, attachment \"%s\")", i + 1, type, name);
		free(name);
	} else
		where = xasprintf("part %zu (%s)", i + 1, type);
	free(type);
	return where;
}

static const char *
type_name(struct mailmime_content *ct)
{
	struct mailmime_type *t = ct->ct_type;

	if (t == NULL)
		return "application";
	if (t->tp_type == MAILMIME_TYPE_DISCRETE_TYPE) {
		switch (t->tp_data.tp_discrete_type->dt_type) {
		case MAILMIME_DISCRETE_TYPE_TEXT:
			return "text";
		case MAILMIME_DISCRETE_TYPE_IMAGE:
			return "image";
		case MAILMIME_DISCRETE_TYPE_AUDIO:
			return "audio";
		case MAILMIME_DISCRETE_TYPE_VIDEO:
			return "video";
		case MAILMIME_DISCRETE_TYPE_APPLICATION:
			return "application";
		default:
			return t->tp_data.tp_discrete_type->dt_extension != NULL ?
			    t->tp_data.tp_discrete_type->dt_extension : "application";
		}
	}
	switch (t->tp_data.tp_composite_type->ct_type) {
	case MAILMIME_COMPOSITE_TYPE_MESSAGE:
		return "message";
	case MAILMIME_COMPOSITE_TYPE_MULTIPART:
		return "multipart";
	default:
		return t->tp_data.tp_composite_type->ct_token != NULL ?
		    t->tp_data.tp_composite_type->ct_token : "application";
	}
}

static char *
lower_dup(const char *s)
{
	char *c = xstrdup(s), *p;

	for (p = c; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	return c;
}

static void
content_params(struct mailmime_content *ct, struct params *p)
{
	clistiter *it;
	struct mailmime_parameter *pa;

	if (ct == NULL || ct->ct_parameters == NULL)
		return;
	for (it = clist_begin(ct->ct_parameters); it != NULL; it = clist_next(it)) {
		pa = clist_content(it);
		params_add(p, pa->pa_name, pa->pa_value);
	}
}

/* The disposition of a part: attachment flag and file name parameters. */
static struct mailmime_disposition *
disposition(struct mailmime *mime)
{
	struct mailmime_field *f;
	clistiter *it;

	if (mime->mm_mime_fields == NULL || mime->mm_mime_fields->fld_list == NULL)
		return NULL;
	for (it = clist_begin(mime->mm_mime_fields->fld_list); it != NULL; it = clist_next(it)) {
		f = clist_content(it);
		if (f->fld_type == MAILMIME_FIELD_DISPOSITION)
			return f->fld_data.fld_disposition;
	}
	return NULL;
}

static char *
part_filename(struct mailmime *mime, int *attachment)
{
	struct mailmime_disposition *d = disposition(mime);
	struct mailmime_disposition_parm *dp;
	struct params p = { NULL, NULL, 0 };
	clistiter *it;
	char *name = NULL;

	*attachment = 0;
	if (d != NULL) {
		*attachment = d->dsp_type != NULL &&
		    d->dsp_type->dsp_type == MAILMIME_DISPOSITION_TYPE_ATTACHMENT;
		for (it = d->dsp_parms ? clist_begin(d->dsp_parms) : NULL; it != NULL;
		    it = clist_next(it)) {
			dp = clist_content(it);
			if (dp->pa_type == MAILMIME_DISPOSITION_PARM_FILENAME)
				params_add(&p, "filename", dp->pa_data.pa_filename);
			else if (dp->pa_type == MAILMIME_DISPOSITION_PARM_PARAMETER)
				params_add(&p, dp->pa_data.pa_parameter->pa_name,
				    dp->pa_data.pa_parameter->pa_value);
		}
		name = mime_param_get(p.names, p.values, p.n, "filename");
		params_clear(&p);
	}
	if (name == NULL) {
		content_params(mime->mm_content_type, &p);
		name = mime_param_get(p.names, p.values, p.n, "name");
		params_clear(&p);
	}
	if (name != NULL && *name == '\0') {
		free(name);
		name = NULL;
	}
	return name;
}

static char *
content_param(struct mailmime_content *ct, const char *name)
{
	struct params p = { NULL, NULL, 0 };
	char *v;

	content_params(ct, &p);
	v = mime_param_get(p.names, p.values, p.n, name);
	params_clear(&p);
	return v;
}

struct walk {
	struct mime_parts	*out;
	int			 nomem;
	char			*error;
};

static void
add_leaf(struct walk *w, struct mailmime *mime, const char *type, const char *subtype,
    int in_message)
{
	struct mailmime_data *d = mime->mm_data.mm_single;
	struct intake_part *p;
	const char *src = "";
	char *decoded = NULL, *utf8, *lf, *format, *delsp;
	size_t srclen = 0, idx = 0, declen = 0, ulen, lflen;
	int r;

	w->out->v = xreallocarray(w->out->v, w->out->n + 1, sizeof *w->out->v);
	p = &w->out->v[w->out->n++];
	memset(p, 0, sizeof *p);
	p->type = xasprintf("%s/%s", type, subtype);
	p->filename = part_filename(mime, &p->attachment);
	p->in_message = in_message;
	p->charset = content_param(mime->mm_content_type, "charset");
	p->is_text = strcmp(type, "text") == 0;
	if (d != NULL && d->dt_type == MAILMIME_DATA_TEXT) {
		src = d->dt_data.dt_text.dt_data;
		srclen = d->dt_data.dt_text.dt_length;
	}
	if (d != NULL && d->dt_encoded && srclen > 0) {
		r = mailmime_part_parse(src, srclen, &idx, d->dt_encoding, &decoded, &declen);
		if (r == MAILIMF_ERROR_MEMORY)
			w->nomem = 1;
		if (r == MAILIMF_NO_ERROR) {
			src = decoded;
			srclen = declen;
		}
	}
	if (p->is_text) {
		utf8 = mime_to_utf8(p->charset, src, srclen, &ulen);
		lf = mime_lf(utf8, ulen, &lflen);
		free(utf8);
		format = content_param(mime->mm_content_type, "format");
		delsp = content_param(mime->mm_content_type, "delsp");
		if (format != NULL && strcasecmp(format, "flowed") == 0) {
			p->data = mime_unflow(lf, lflen, delsp != NULL &&
			    strcasecmp(delsp, "yes") == 0, &p->len);
			p->unflowed = lf;	/* kept: intake.c retries it */
			p->unflowed_len = lflen;
		} else {
			p->data = lf;
			p->len = lflen;
		}
		free(format);
		free(delsp);
	} else {
		p->data = xmemdup(src, srclen);
		p->len = srclen;
	}
	if (decoded != NULL)
		mmap_string_unref(decoded);
}

static void
walk(struct walk *w, struct mailmime *mime, int depth, int in_message)
{
	struct mailmime_content *ct = mime->mm_content_type;
	clistiter *it;
	char *type, *subtype, *report_type, *reason = NULL;

	if (w->error != NULL || w->nomem)
		return;
	if (depth > INTAKE_MAX_DEPTH) {
		w->error = xasprintf("MIME parts are nested more than %d deep", INTAKE_MAX_DEPTH);
		return;
	}
	if (w->out->n >= INTAKE_MAX_PARTS) {
		w->error = xasprintf("the mail has more than %d MIME parts", INTAKE_MAX_PARTS);
		return;
	}
	type = lower_dup(ct != NULL ? type_name(ct) : "text");
	subtype = lower_dup(ct != NULL && ct->ct_subtype != NULL ? ct->ct_subtype : "plain");
	if (!in_message && w->out->automatic == NULL) {
		report_type = ct != NULL ? content_param(ct, "report-type") : NULL;
		if (classify_mime_type(type, subtype, report_type, &reason))
			w->out->automatic = reason;
		free(report_type);
	}
	switch (mime->mm_type) {
	case MAILMIME_SINGLE:
		add_leaf(w, mime, type, subtype, in_message);
		break;
	case MAILMIME_MULTIPLE:
		if (mime->mm_data.mm_multipart.mm_mp_list == NULL)
			break;
		for (it = clist_begin(mime->mm_data.mm_multipart.mm_mp_list); it != NULL;
		    it = clist_next(it))
			walk(w, clist_content(it), depth + 1, in_message);
		break;
	case MAILMIME_MESSAGE:
		if (mime->mm_data.mm_message.mm_msg_mime != NULL)
			walk(w, mime->mm_data.mm_message.mm_msg_mime, depth + 1, 1);
		break;
	}
	free(type);
	free(subtype);
}

int
mime_parts_collect(struct mailmime *body, struct mime_parts *out, int *nomem, char **cause)
{
	struct walk w = { out, 0, NULL };

	memset(out, 0, sizeof *out);
	*nomem = 0;
	if (body != NULL)
		walk(&w, body, 0, 0);
	if (w.nomem) {
		*nomem = 1;
		free(w.error);
		return cause_set(cause, "out of memory while decoding MIME parts");
	}
	if (w.error != NULL) {
		cause_set(cause, "%s", w.error);
		free(w.error);
		return -1;
	}
	return 0;
}
