/*
 * fuzz-mustache.c — libFuzzer harness for the Mustache compiler and
 * renderer (templates/mustache.h).
 *
 * Input: TEMPLATE [ NUL JSON-DATA [ NUL PARTIAL ] ]. The partial is named
 * "p"; the template itself is also the partial "self", so recursion is
 * reachable. Without data a fixed view model is used. Every template that
 * compiles is rendered in both escaping modes, with small limits.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/strbuf.h"
#include "templates/mustache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char default_view[] =
	"{\"a\":{\"b\":{\"c\":\"x&y\"}},\"l\":[1,2.5,{\"n\":\"<\"},[\"q\"]],\"t\":true,"
	"\"f\":false,\"s\":\"str\",\"e\":[],\"z\":0,\"n\":null,\"o\":{}}";

struct partials {
	const struct mustache	*self;
	const struct mustache	*p;
};

static int
find_partial(void *arg, const char *name, const struct mustache **m, char **cause)
{
	const struct partials *ps = arg;

	(void)cause;
	if (strcmp(name, "self") == 0)
		*m = ps->self;
	else if (strcmp(name, "p") == 0)
		*m = ps->p;
	return 0;
}

/* Compile len bytes; checks that exactly one of a template or a reason comes back. */
static struct mustache *
compile(const char *name, const uint8_t *text, size_t len)
{
	struct mustache *m;
	char *cause = NULL;

	m = mustache_compile(name, (const char *)text, len, &cause);
	if ((m == NULL) == (cause == NULL))
		abort();
	free(cause);
	return m;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *end = data + size, *sep1, *sep2 = NULL;
	struct mustache_render_opts opts = {
		.partial = find_partial, .max_output = 1 << 20, .max_steps = 100000,
	};
	struct strbuf out = STRBUF_INIT;
	struct partials ps = { NULL, NULL };
	struct mustache *m, *p = NULL;
	char *json_text, *cause;
	cJSON *view;
	int mode, rc;

	if (size > 65536)
		return 0;
	sep1 = memchr(data, '\0', size);
	if (sep1 != NULL)
		sep2 = memchr(sep1 + 1, '\0', (size_t)(end - sep1 - 1));
	if ((m = compile("fuzz", data, sep1 != NULL ? (size_t)(sep1 - data) : size)) == NULL)
		return 0;
	if (sep2 != NULL)
		p = compile("p", sep2 + 1, (size_t)(end - sep2 - 1));
	if (sep1 != NULL) {
		size_t jlen = (size_t)((sep2 != NULL ? sep2 : end) - sep1 - 1);

		json_text = malloc(jlen + 1);
		memcpy(json_text, sep1 + 1, jlen);
		json_text[jlen] = '\0';
		view = cJSON_Parse(json_text);
		free(json_text);
	} else
		view = cJSON_Parse(default_view);
	ps.self = m;
	ps.p = p;
	opts.partial_arg = &ps;
	for (mode = 0; mode < 2; mode++) {
		opts.escape = mode == 0 ? MUSTACHE_HTML : MUSTACHE_PLAIN;
		cause = NULL;
		rc = mustache_render(m, view, &opts, &out, &cause);
		if ((rc == -1) != (cause != NULL))
			abort();	/* a reason exactly when it fails */
		if (rc == 0 && out.len > opts.max_output)
			abort();	/* the output limit holds */
		free(cause);
		strbuf_reset(&out);
	}
	strbuf_free(&out);
	cJSON_Delete(view);
	mustache_free(p);
	mustache_free(m);
	return 0;
}
