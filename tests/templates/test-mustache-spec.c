/*
 * test-mustache-spec.c — runs the official Mustache spec tests
 * (the .json files of tests/data/mustache-spec/) through templates/mustache.h: one TAP
 * line per test case. The optional modules (file names starting with '~':
 * lambdas, dynamic names, inheritance) are skipped with a note.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "templates/mustache.h"
#include "tests/tap.h"

static const char *const core_modules[] = {
	"comments", "delimiters", "interpolation", "inverted", "partials", "sections",
};

struct partials {
	char		**names;
	struct mustache	**m;
	size_t		  n;
};

static int
find_partial(void *arg, const char *name, const struct mustache **m, char **cause)
{
	const struct partials *p = arg;
	size_t i;

	(void)cause;
	for (i = 0; i < p->n; i++) {
		if (strcmp(p->names[i], name) == 0) {
			*m = p->m[i];
			return 0;
		}
	}
	*m = NULL;
	return 0;
}

static void
partials_free(struct partials *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->names[i]);
		mustache_free(p->m[i]);
	}
	free(p->names);
	free(p->m);
}

/* Compile the test's partials; -1 with *why when one does not compile. */
static int
partials_load(struct partials *p, const cJSON *obj, char **why)
{
	const cJSON *item;
	struct mustache *m;

	memset(p, 0, sizeof *p);
	cJSON_ArrayForEach(item, obj) {
		if (!cJSON_IsString(item)) {
			*why = xasprintf("partial %s is not a string", item->string);
			return -1;
		}
		m = mustache_compile(item->string, item->valuestring,
		    strlen(item->valuestring), why);
		if (m == NULL)
			return -1;
		p->names = xreallocarray(p->names, p->n + 1, sizeof *p->names);
		p->m = xreallocarray(p->m, p->n + 1, sizeof *p->m);
		p->names[p->n] = xstrdup(item->string);
		p->m[p->n++] = m;
	}
	return 0;
}

/* Run one spec case; 1 when the output is exactly the expected one. */
static int
run_case(const char *module, const cJSON *tc)
{
	const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(tc, "name"));
	const char *tmpl = cJSON_GetStringValue(cJSON_GetObjectItem(tc, "template"));
	const char *expected = cJSON_GetStringValue(cJSON_GetObjectItem(tc, "expected"));
	struct mustache_render_opts opts = { .escape = MUSTACHE_HTML };
	struct strbuf out = STRBUF_INIT;
	struct partials parts;
	struct mustache *m = NULL;
	char *why = NULL;
	int good = 0;

	if (name == NULL || tmpl == NULL || expected == NULL) {
		ok(0, "%s: a test case without name, template or expected", module);
		return 0;
	}
	if (partials_load(&parts, cJSON_GetObjectItem(tc, "partials"), &why) == 0 &&
	    (m = mustache_compile("template", tmpl, strlen(tmpl), &why)) != NULL) {
		opts.partial = find_partial;
		opts.partial_arg = &parts;
		if (mustache_render(m, cJSON_GetObjectItem(tc, "data"), &opts, &out, &why) == 0)
			good = strcmp(strbuf_str(&out), expected) == 0;
	}
	ok(good, "%s: %s", module, name);
	if (!good) {
		if (why != NULL)
			diag("error: %s", why);
		else
			diag("got \"%s\", expected \"%s\"", strbuf_str(&out), expected);
	}
	mustache_free(m);
	partials_free(&parts);
	strbuf_free(&out);
	free(why);
	return good;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every case of one spec file; returns the cases run, *passed the good ones. */
static int
run_file(const char *dir, const char *file, int *passed)
{
	char *path = fs_path_join(dir, file), *text = NULL, *why = NULL;
	char *module = xstrndup(file, strlen(file) - strlen(".json"));
	const cJSON *tc;
	cJSON *spec = NULL;
	size_t len;
	int n = 0;

	*passed = 0;
	if (fs_read_file(path, 4 * 1024 * 1024, &text, &len, &why) == -1)
		ok(0, "%s: %s", file, why);
	else if ((spec = cJSON_Parse(text)) == NULL ||
	    !cJSON_IsArray(cJSON_GetObjectItem(spec, "tests")))
		ok(0, "%s: not a spec file (JSON with a \"tests\" array)", file);
	else {
		cJSON_ArrayForEach(tc, cJSON_GetObjectItem(spec, "tests")) {
			*passed += run_case(module, tc);
			n++;
		}
	}
	cJSON_Delete(spec);
	free(text);
	free(why);
	free(path);
	free(module);
	return n;
}

int
main(void)
{
	const char *top = getenv("top_srcdir");
	char *dir = xasprintf("%s/tests/data/mustache-spec", top != NULL ? top : ".");
	char **files = NULL, *summary[64];
	size_t nfiles = 0, nsummary = 0, i, j, len;
	struct dirent *de;
	int passed, run, found;
	DIR *d;

	if ((d = opendir(dir)) == NULL)
		skip_all("no folder tests/data/mustache-spec (is top_srcdir set?)");
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len > 5 && strcmp(de->d_name + len - 5, ".json") == 0) {
			files = xreallocarray(files, nfiles + 1, sizeof *files);
			files[nfiles++] = xstrdup(de->d_name);
		}
	}
	closedir(d);
	if (nfiles > 0)
		qsort(files, nfiles, sizeof *files, cmp_str);

	for (i = 0; i < sizeof core_modules / sizeof core_modules[0]; i++) {
		for (found = 0, j = 0; j < nfiles; j++) {
			len = strlen(core_modules[i]);
			found |= strncmp(files[j], core_modules[i], len) == 0 &&
			    strcmp(files[j] + len, ".json") == 0;
		}
		ok(found, "core module %s.json is present", core_modules[i]);
	}
	for (i = 0; i < nfiles; i++) {
		if (files[i][0] == '~') {
			diag("%s: optional module, not supported (skipped)", files[i]);
			continue;
		}
		run = run_file(dir, files[i], &passed);
		if (nsummary < sizeof summary / sizeof summary[0])
			summary[nsummary++] = xasprintf("%s %d/%d", files[i], passed, run);
	}
	for (i = 0; i < nsummary; i++) {
		diag("passed %s", summary[i]);
		free(summary[i]);
	}
	for (i = 0; i < nfiles; i++)
		free(files[i]);
	free(files);
	free(dir);
	return done_testing();
}
