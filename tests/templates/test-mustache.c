/*
 * test-mustache.c — what the Mustache spec files do not cover: the exact
 * errors for malformed templates, plain (unescaped) rendering, the choices
 * mustache.h documents (falsey values, numbers, objects), partial
 * indentation across nested partials, and the limits of one render.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "templates/mustache.h"
#include "tests/tap.h"

static const struct {
	const char *tmpl;
	const char *error;
} bad[] = {
	{ "Hello {{name", "t:1:7: unclosed tag: \"{{\" is never closed by \"}}\"" },
	{ "a\n  b {{{raw}}", "t:2:5: unclosed tag: \"{{{\" is never closed by \"}}}\"" },
	{ "{{! a comment", "t:1:1: unclosed tag: \"{{!\" is never closed by \"}}\"" },
	{ "{{=<% %>}}", "t:1:1: unclosed tag: \"{{=\" is never closed by \"=}}\"" },
	{ "{{=<% %>=}}\n<%name", "t:2:1: unclosed tag: \"<%\" is never closed by \"%>\"" },
	{ "x\n {{#items}}b",
	  "t:2:2: section \"items\" is never closed: expected \"{{/items}}\" before "
	  "the end of the template" },
	{ "{{^none}}\nb\n",
	  "t:1:1: inverted section \"none\" is never closed: expected \"{{/none}}\" "
	  "before the end of the template" },
	{ "{{=[ ]=}}[#a]",
	  "t:1:10: section \"a\" is never closed: expected \"[/a]\" before the end of "
	  "the template" },
	{ "{{#a}}\n{{#b}}\n{{/a}}\n{{/b}}",
	  "t:3:1: close tag \"{{/a}}\" does not match the open section \"b\" (line 2, "
	  "column 1): expected \"{{/b}}\"" },
	{ "{{#a.b}}x{{/a}}",
	  "t:1:10: close tag \"{{/a}}\" does not match the open section \"a.b\" (line 1, "
	  "column 1): expected \"{{/a.b}}\"" },
	{ "x{{/a}}", "t:1:2: close tag \"{{/a}}\" closes no open section" },
	{ "{{=<%=}}",
	  "t:1:1: bad delimiter change \"{{=<%=}}\": expected two delimiters separated by "
	  "a space, like \"{{=<% %>=}}\"" },
	{ "ab\n{{= a b c =}}",
	  "t:2:1: bad delimiter change \"{{=a b c=}}\": expected two delimiters separated "
	  "by a space, like \"{{=<% %>=}}\"" },
	{ "{{==}}",
	  "t:1:1: bad delimiter change \"{{==}}\": expected two delimiters separated by "
	  "a space, like \"{{=<% %>=}}\"" },
	{ "{{}}", "t:1:1: empty tag \"{{}}\": expected a name" },
	{ "{{# }}{{/}}", "t:1:1: empty tag \"{{#}}\": expected a name" },
	{ "{{{ }}}", "t:1:1: empty tag \"{{{}}}\": expected a name" },
	{ "{{>}}", "t:1:1: empty tag \"{{>}}\": expected a name" },
	{ "{{first name}}",
	  "t:1:1: bad tag name \"first name\": a name has no spaces or control characters" },
	{ "{{a\tb}}",
	  "t:1:1: bad tag name \"a\\x09b\": a name has no spaces or control characters" },
	{ "{{> a b}}",
	  "t:1:1: bad tag name \"a b\": a name has no spaces or control characters" },
	{ "{{a..b}}", "t:1:1: bad tag name \"a..b\": a dotted name has an empty part" },
	{ "{{#a.}}{{/a.}}", "t:1:1: bad tag name \"a.\": a dotted name has an empty part" },
};

static const struct {
	const char *tmpl;
	const char *data;
	const char *html;	/* MUSTACHE_HTML */
	const char *plain;	/* MUSTACHE_PLAIN */
} cases[] = {
	/* the point of plain mode: mail bodies are not HTML */
	{ "{{who}} <{{addr}}>", "{\"who\":\"Ripley & Hicks\",\"addr\":\"r@x.org\"}",
	  "Ripley &amp; Hicks <r@x.org>", "Ripley & Hicks <r@x.org>" },
	{ "{{q}}|{{{q}}}|{{&q}}", "{\"q\":\"<'\\\"&>\"}",
	  "&lt;&#39;&quot;&amp;&gt;|<'\"&>|<'\"&>", "<'\"&>|<'\"&>|<'\"&>" },
	{ "{{#l}}{{.}},{{/l}}", "{\"l\":[\"a<b\",\"c&d\"]}",
	  "a&lt;b,c&amp;d,", "a<b,c&d," },
	/* falsey: missing, null, false, "", []; truthy: 0, {} */
	{ "{{#s}}S{{/s}}{{^s}}-{{/s}}", "{\"s\":\"\"}", "-", "-" },
	{ "{{#z}}Z{{z}}{{/z}}", "{\"z\":0}", "Z0", "Z0" },
	{ "{{#o}}O{{/o}}", "{\"o\":{}}", "O", "O" },
	/* numbers, booleans, objects */
	{ "{{a}} {{b}} {{c}} {{d}}", "{\"a\":-3,\"b\":0.1,\"c\":1e300,\"d\":123456789012}",
	  "-3 0.1 1e+300 123456789012", "-3 0.1 1e+300 123456789012" },
	{ "{{t}}/{{f}}", "{\"t\":true,\"f\":false}", "true/false", "true/false" },
	{ "{{o}}", "{\"o\":{\"k\":[1,\"<\"]}}",
	  "{&quot;k&quot;:[1,&quot;&lt;&quot;]}", "{\"k\":[1,\"<\"]}" },
	/* a key holding null hides the same key further down the stack */
	{ "{{#in}}[{{x}}]{{/in}}", "{\"x\":\"out\",\"in\":{\"x\":null}}", "[]", "[]" },
	/* partials: nested standalone indentation adds up, inline resets it */
	{ "<\n  {{>one}}\n>", "{\"v\":\"V\"}",
	  "<\n  1\n    2\n    V\n  1\n>", "<\n  1\n    2\n    V\n  1\n>" },
	{ "  {{>inline}}\n", "{\"v\":\"V\"}", "  [2\nV\n]", "  [2\nV\n]" },
	{ "{{>nosuch}}.", "{}", ".", "." },
	/* dynamic names: the partial a key names; none named or no such
	 * partial (the callback fails) renders nothing */
	{ "<\n  {{>*p}}\n>", "{\"p\":\"one\",\"v\":\"V\"}",
	  "<\n  1\n    2\n    V\n  1\n>", "<\n  1\n    2\n    V\n  1\n>" },
	{ "[{{>*g.p}}]", "{\"g\":{\"p\":\"two\"},\"v\":\"V\"}", "[2\nV\n]",
	  "[2\nV\n]" },
	{ "a\n{{>*p}}\nb", "{\"p\":\"fails\"}", "a\nb", "a\nb" },
	{ "a\n{{>*p}}\nb", "{\"p\":7}", "a\nb", "a\nb" },
	{ "a\n{{>*p}}\nb", "{}", "a\nb", "a\nb" },
	/* NUL bytes and CRLF are text like any other */
	{ "a\r\n{{#t}}\r\nb\r\n{{/t}}\r\n", "{\"t\":true}", "a\r\nb\r\n", "a\r\nb\r\n" },
};

static const struct {
	const char *name;
	const char *text;
} partial_texts[] = {
	{ "one", "1\n  {{>two}}\n1\n" },
	{ "two", "2\n{{v}}\n" },
	{ "inline", "[{{>two}}]" },
	{ "loop", "x{{>loop}}" },
	{ "bad", "{{#a}}" },
};

struct partials {
	struct mustache *m[sizeof partial_texts / sizeof partial_texts[0]];
	int lookups;
};

static int
find_partial(void *arg, const char *name, const struct mustache **m, char **cause)
{
	struct partials *p = arg;
	size_t i;

	p->lookups++;
	if (strcmp(name, "fails") == 0) {
		*cause = xstrdup("cannot read fails.mustache: Permission denied");
		return -1;
	}
	for (i = 0; i < sizeof partial_texts / sizeof partial_texts[0]; i++) {
		if (strcmp(partial_texts[i].name, name) == 0) {
			*m = p->m[i];
			return 0;
		}
	}
	return 0;
}

/* Render tmpl against data (JSON text); the output, or "ERROR: reason". */
static char *
render_len(struct partials *p, const char *tmpl, size_t tlen, const char *data,
    enum mustache_escape escape, size_t max_output, unsigned long max_steps)
{
	struct mustache_render_opts opts = {
		.escape = escape, .partial = find_partial, .partial_arg = p,
		.max_output = max_output, .max_steps = max_steps,
	};
	struct strbuf out = STRBUF_INIT;
	struct mustache *m;
	char *cause = NULL, *result;
	cJSON *json = cJSON_Parse(data);

	if (json == NULL)
		return xstrdup("ERROR: bad test data");
	if ((m = mustache_compile("t", tmpl, tlen, &cause)) == NULL ||
	    mustache_render(m, json, &opts, &out, &cause) == -1)
		result = xasprintf("ERROR: %s", cause);
	else
		result = strbuf_detach(&out, NULL);
	free(cause);
	strbuf_free(&out);
	mustache_free(m);
	cJSON_Delete(json);
	return result;
}

static char *
render(struct partials *p, const char *tmpl, const char *data, enum mustache_escape escape,
    size_t max_output, unsigned long max_steps)
{
	return render_len(p, tmpl, strlen(tmpl), data, escape, max_output, max_steps);
}

static void
test_errors(void)
{
	struct mustache *m;
	char *cause;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cause = NULL;
		m = mustache_compile("t", bad[i].tmpl, strlen(bad[i].tmpl), &cause);
		ok(m == NULL, "malformed template %zu is refused", i);
		is_str(cause, bad[i].error, "malformed template %zu: the error", i);
		mustache_free(m);
		free(cause);
	}
	/* no cause pointer: still refused, nothing to free */
	ok(mustache_compile("t", "{{#a}}", 6, NULL) == NULL, "refused without a cause pointer");
}

static void
test_cases(struct partials *p)
{
	char *got;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		got = render(p, cases[i].tmpl, cases[i].data,
		    MUSTACHE_HTML, 0, 0);
		is_str(got, cases[i].html, "case %zu, HTML", i);
		free(got);
		got = render(p, cases[i].tmpl, cases[i].data,
		    MUSTACHE_PLAIN, 0, 0);
		is_str(got, cases[i].plain, "case %zu, plain", i);
		free(got);
	}
	got = render_len(p, "a\0{{x}}\0b", 9, "{\"x\":1}", MUSTACHE_PLAIN, 0, 0);
	ok(memcmp(got, "a\0" "1\0b", 5) == 0, "NUL bytes in a template are text");
	free(got);
}

static void
test_failures(struct partials *p)
{
	struct strbuf out = STRBUF_INIT;
	char *got, *cause = NULL;
	struct mustache *m;

	got = render(p, "\n {{>loop}}", "{}", MUSTACHE_PLAIN, 0, 0);
	is_str(got, "ERROR: loop:1:2: sections and partials nested deeper than 100 "
	    "(a partial that includes itself without end?)", "a partial without end fails");
	free(got);
	got = render(p, "{{>fails}}", "{}", MUSTACHE_PLAIN, 0, 0);
	is_str(got, "ERROR: t:1:1: partial \"fails\": cannot read fails.mustache: "
	    "Permission denied", "the partial callback's reason is passed on");
	free(got);
	got = render(p, "{{#l}}{{#l}}{{#l}}{{#l}}{{.}}{{/l}}{{/l}}{{/l}}{{/l}}",
	    "{\"l\":[1,2,3,4,5,6,7,8,9,10]}", MUSTACHE_PLAIN, 0, 5000);
	is_str(got, "ERROR: t:1:25: rendering takes more than 5000 steps",
	    "the step limit stops a render");
	free(got);
	got = render(p, "{{#l}}{{#l}}{{#l}}{{s}}{{/l}}{{/l}}{{/l}}",
	    "{\"l\":[1,2,3,4,5,6,7,8,9,10],\"s\":\"0123456789\"}", MUSTACHE_PLAIN, 1000, 0);
	ok(strncmp(got, "ERROR: t:1:19: output is larger than 1000 bytes", 47) == 0,
	    "the output limit stops a render (%s)", got);
	free(got);
	got = render(p, "{{s}}", "{\"s\":\"0123456789\"}", MUSTACHE_PLAIN, 9, 0);
	is_str(got, "ERROR: t: output is larger than 9 bytes",
	    "the output limit holds for the last tag too");
	free(got);
	got = render(p, "{{#l}}{{#l}}{{#l}}{{s}}{{/l}}{{/l}}{{/l}}",
	    "{\"l\":[1,2,3,4,5,6,7,8,9,10],\"s\":\"0123456789\"}", MUSTACHE_PLAIN, 10000, 0);
	is_int(strlen(got), 10000, "exactly at the output limit is fine");
	free(got);

	/* opts NULL: HTML escaping, partials render as "" */
	m = mustache_compile("t", "{{>one}}{{x}}", 13, &cause);
	ok(m != NULL && mustache_render(m, NULL, NULL, &out, &cause) == 0 &&
	    strcmp(strbuf_str(&out), "") == 0, "no data, no options: renders empty");
	cJSON *data = cJSON_Parse("{\"x\":\"&\"}");
	strbuf_reset(&out);
	strbuf_addstr(&out, "kept:");
	ok(mustache_render(m, data, NULL, &out, &cause) == 0 &&
	    strcmp(strbuf_str(&out), "kept:&amp;") == 0, "render appends to out, escaping");
	is_str(mustache_name(m), "t", "mustache_name");
	cJSON_Delete(data);
	mustache_free(m);
	strbuf_free(&out);
}

int
main(void)
{
	struct partials p;
	char *cause = NULL;
	size_t i;

	memset(&p, 0, sizeof p);
	for (i = 0; i < sizeof partial_texts / sizeof partial_texts[0]; i++) {
		p.m[i] = mustache_compile(partial_texts[i].name, partial_texts[i].text,
		    strlen(partial_texts[i].text), &cause);
		if (strcmp(partial_texts[i].name, "bad") == 0)
			is_str(cause, "bad:1:1: section \"a\" is never closed: expected "
			    "\"{{/a}}\" before the end of the template",
			    "a partial's errors name the partial");
		else
			ok(p.m[i] != NULL, "partial %s compiles", partial_texts[i].name);
		free(cause);
		cause = NULL;
	}
	test_errors();
	test_cases(&p);
	test_failures(&p);
	for (i = 0; i < sizeof partial_texts / sizeof partial_texts[0]; i++)
		mustache_free(p.m[i]);
	return done_testing();
}
