/*
 * mustache-render.c — rendering a compiled template against a cJSON value.
 *
 * The context stack holds the values sections pushed, the data at the
 * bottom. A name is looked up by its first part from the top of the stack
 * down; the other parts of a dotted name are looked up inside what was
 * found (spec, interpolation: "Dotted Names").
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "templates/mustache-int.h"
#include "templates/mustache.h"

struct render {
	enum mustache_escape	 escape;
	mustache_partial_fn	 partial;
	void			*partial_arg;
	size_t			 max_output;
	unsigned long		 max_steps;
	unsigned		 max_depth;

	struct strbuf		*out;
	size_t			 out_start;
	unsigned long		 steps;
	unsigned		 depth;

	const cJSON		**stack;
	size_t			 nstack;
	size_t			 capstack;

	/* Indentation of the standalone partials being rendered: the bytes of
	   indent from indent_from on go at each line start. */
	struct strbuf		 indent;
	size_t			 indent_from;

	char			**cause;
};

static int render_block(struct render *r, const struct mustache *m,
    const struct mu_block *b);

static int __attribute__((format(printf, 4, 5)))
render_error(struct render *r, const struct mustache *m, const struct mu_node *n,
    const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	cause_set(r->cause, "%s:%u:%u: %s", m->name, n->line, n->col, msg);
	free(msg);
	return -1;
}

static void
push(struct render *r, const cJSON *v)
{
	if (r->nstack == r->capstack) {
		r->capstack = r->capstack ? r->capstack * 2 : 16;
		r->stack = xreallocarray(r->stack, r->capstack, sizeof *r->stack);
	}
	r->stack[r->nstack++] = v;
}

/* The value a tag names, or NULL when the name is not found. */
static const cJSON *
lookup(const struct render *r, const struct mu_node *n)
{
	const cJSON *v = NULL;
	size_t i;

	if (n->nparts == 0)
		return r->stack[r->nstack - 1];
	for (i = r->nstack; i > 0; i--) {
		if (cJSON_IsObject(r->stack[i - 1]) &&
		    (v = cJSON_GetObjectItemCaseSensitive(r->stack[i - 1], n->parts[0])) != NULL)
			break;
	}
	for (i = 1; v != NULL && i < n->nparts; i++)
		v = cJSON_IsObject(v) ? cJSON_GetObjectItemCaseSensitive(v, n->parts[i]) : NULL;
	return v;
}

static int
is_falsey(const cJSON *v)
{
	return v == NULL || cJSON_IsNull(v) || cJSON_IsFalse(v) ||
	    (cJSON_IsString(v) && v->valuestring[0] == '\0') ||
	    (cJSON_IsArray(v) && v->child == NULL);
}

/* A whole number as an integer, else the shortest %g that reads back. */
static void
format_number(char *buf, size_t size, double d)
{
	if (isfinite(d) && d == floor(d) && fabs(d) < 1e15)
		snprintf(buf, size, "%.0f", d);
	else {
		snprintf(buf, size, "%.15g", d);
		if (strtod(buf, NULL) != d)
			snprintf(buf, size, "%.17g", d);
	}
}

static void
add_escaped(struct strbuf *out, const char *s, size_t len)
{
	size_t i, from = 0;
	const char *entity;

	for (i = 0; i < len; i++) {
		switch (s[i]) {
		case '&':	entity = "&amp;"; break;
		case '<':	entity = "&lt;"; break;
		case '>':	entity = "&gt;"; break;
		case '"':	entity = "&quot;"; break;
		case '\'':	entity = "&#39;"; break;
		default:	continue;
		}
		strbuf_add(out, s + from, i - from);
		strbuf_addstr(out, entity);
		from = i + 1;
	}
	strbuf_add(out, s + from, len - from);
}

static void
interpolate(struct render *r, const cJSON *v, int escape)
{
	char num[64], *json = NULL;
	const char *s;

	if (v == NULL || cJSON_IsNull(v))
		return;
	if (cJSON_IsString(v))
		s = v->valuestring;
	else if (cJSON_IsNumber(v)) {
		format_number(num, sizeof num, v->valuedouble);
		s = num;
	} else if (cJSON_IsBool(v))
		s = cJSON_IsTrue(v) ? "true" : "false";
	else if ((s = json = cJSON_PrintUnformatted(v)) == NULL)
		return;
	if (escape)
		add_escaped(r->out, s, strlen(s));
	else
		strbuf_addstr(r->out, s);
	cJSON_free(json);
}

/* Count a visit to node n and check the limits of this render. */
static int
step(struct render *r, const struct mustache *m, const struct mu_node *n)
{
	if (++r->steps > r->max_steps)
		return render_error(r, m, n, "rendering takes more than %lu steps",
		    r->max_steps);
	if (r->out->len - r->out_start > r->max_output)
		return render_error(r, m, n, "output is larger than %zu bytes",
		    r->max_output);
	return 0;
}

static int
enter(struct render *r, const struct mustache *m, const struct mu_node *n)
{
	if (++r->depth > r->max_depth)
		return render_error(r, m, n, "sections and partials nested deeper than %u "
		    "(a partial that includes itself without end?)", r->max_depth);
	return 0;
}

static int
render_section(struct render *r, const struct mustache *m, const struct mu_node *n)
{
	const cJSON *v = lookup(r, n), *item;
	int rc = 0;

	if (n->kind == MU_INVERTED) {
		if (!is_falsey(v))
			return 0;
		if (enter(r, m, n) == -1)
			return -1;
		rc = render_block(r, m, &n->body);
		r->depth--;
		return rc;
	}
	if (is_falsey(v))
		return 0;
	if (enter(r, m, n) == -1)
		return -1;
	if (cJSON_IsArray(v)) {
		cJSON_ArrayForEach(item, v) {
			push(r, item);
			rc = render_block(r, m, &n->body);
			r->nstack--;
			if (rc == -1)
				break;
		}
	} else {
		push(r, v);
		rc = render_block(r, m, &n->body);
		r->nstack--;
	}
	r->depth--;
	return rc;
}

/*
 * A partial renders with the caller's context stack. A standalone partial
 * adds its indentation to every line start of its source; an inline one
 * starts with none (spec, partials: "Standalone Indentation").
 */
/*
 * The partial name of a dynamic partial tag {{>*KEY}} (spec, "Dynamic
 * Names"): the string KEY names in the context, NULL when it names no
 * string or an empty one. The tag renders nothing then, or when there is
 * no partial of that name (what the data picks may have none).
 */
static const char *
dynamic_name(const struct render *r, const struct mu_node *n)
{
	struct mu_node key = *n;
	char *copy = xstrdup(n->text + 1), *parts[MUSTACHE_MAX_DEPTH], *p, *sp;
	const cJSON *v;

	key.nparts = 0;
	for (p = strtok_r(copy, ".", &sp); p != NULL && key.nparts <
	    MUSTACHE_MAX_DEPTH; p = strtok_r(NULL, ".", &sp))
		parts[key.nparts++] = p;
	key.parts = parts;
	v = key.nparts > 0 ? lookup(r, &key) : NULL;
	free(copy);
	return v != NULL && cJSON_IsString(v) && v->valuestring != NULL &&
	    v->valuestring[0] != '\0' ? v->valuestring : NULL;
}

static int
render_partial(struct render *r, const struct mustache *m, const struct mu_node *n)
{
	const struct mustache *pm = NULL;
	size_t saved_len = r->indent.len, saved_from = r->indent_from;
	const char *name = n->text;
	char *why = NULL;
	int rc;

	if (r->partial == NULL)
		return 0;
	if (name[0] == '*') {	/* none named, or none of that name: nothing */
		if ((name = dynamic_name(r, n)) == NULL ||
		    r->partial(r->partial_arg, name, &pm, &why) == -1) {
			free(why);
			return 0;
		}
	} else if (r->partial(r->partial_arg, name, &pm, &why) == -1) {
		render_error(r, m, n, "partial \"%s\": %s", name, why != NULL ? why : "failed");
		free(why);
		return -1;
	}
	if (pm == NULL)
		return 0;
	if (enter(r, m, n) == -1)
		return -1;
	if (n->indent != NULL)
		strbuf_addstr(&r->indent, n->indent);
	else
		r->indent_from = r->indent.len;
	rc = render_block(r, pm, &pm->root);
	r->indent.len = saved_len;
	if (r->indent.s != NULL)
		r->indent.s[saved_len] = '\0';
	r->indent_from = saved_from;
	r->depth--;
	return rc;
}

static int
render_block(struct render *r, const struct mustache *m, const struct mu_block *b)
{
	const struct mu_node *n;
	size_t i;

	for (i = 0; i < b->n; i++) {
		n = &b->v[i];
		if (step(r, m, n) == -1)
			return -1;
		switch (n->kind) {
		case MU_TEXT:
			strbuf_add(r->out, n->text, n->len);
			break;
		case MU_INDENT:
			if (r->indent.len > r->indent_from)
				strbuf_add(r->out, r->indent.s + r->indent_from,
				    r->indent.len - r->indent_from);
			break;
		case MU_VAR:
		case MU_RAW:
			interpolate(r, lookup(r, n), n->kind == MU_VAR &&
			    r->escape == MUSTACHE_HTML);
			break;
		case MU_SECTION:
		case MU_INVERTED:
			if (render_section(r, m, n) == -1)
				return -1;
			break;
		case MU_PARTIAL:
			if (render_partial(r, m, n) == -1)
				return -1;
			break;
		}
	}
	return 0;
}

int
mustache_render(const struct mustache *m, const cJSON *data,
    const struct mustache_render_opts *opts, struct strbuf *out, char **cause)
{
	struct mustache_render_opts none = { .escape = MUSTACHE_HTML };
	struct render r;
	int rc;

	if (opts == NULL)
		opts = &none;
	memset(&r, 0, sizeof r);
	r.escape = opts->escape;
	r.partial = opts->partial;
	r.partial_arg = opts->partial_arg;
	r.max_output = opts->max_output ? opts->max_output : MUSTACHE_MAX_OUTPUT;
	r.max_steps = opts->max_steps ? opts->max_steps : MUSTACHE_MAX_STEPS;
	r.max_depth = opts->max_depth ? opts->max_depth : MUSTACHE_MAX_DEPTH;
	r.out = out;
	r.out_start = out->len;
	r.cause = cause;
	push(&r, data);
	rc = render_block(&r, m, &m->root);
	if (rc == 0 && out->len - r.out_start > r.max_output)
		rc = cause_set(cause, "%s: output is larger than %zu bytes", m->name,
		    r.max_output);
	free(r.stack);
	strbuf_free(&r.indent);
	return rc;
}
