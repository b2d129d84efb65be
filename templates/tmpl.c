/* tmpl.c — the installed templates, overridden file by file. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "templates/mustache.h"
#include "templates/tmpl.h"

#define TMPL_SUFFIX	".mustache"

struct tmpl {
	char		*name;		/* without .mustache */
	char		*path;
	struct mustache	*m;
};

struct tmpl_list {
	struct tmpl	*v;
	size_t		 n;
};

struct tmpl_set {
	char		*override_dir;	/* NULL: none */
	char		*installed_dir;
	struct tmpl_list list;		/* sorted by name */
	struct tmpl_list added;		/* tmpl_set_add()'s, not compiled */
};

const char *
tmpl_installed_dir(void)
{
	const char *env = getenv("MUTHUR_TEMPLATES");

	if (env != NULL && *env != '\0')
		return env;
	/* Not installed yet: a program run from its build tree uses the source. */
	if (access(MUTHUR_DATADIR "/templates", F_OK) != 0 &&
	    access(MUTHUR_SRCDIR "/templates", F_OK) == 0)
		return MUTHUR_SRCDIR "/templates";
	return MUTHUR_DATADIR "/templates";
}

static void
list_free(struct tmpl_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].name);
		free(l->v[i].path);
		mustache_free(l->v[i].m);
	}
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

static int
cmp_tmpl(const void *a, const void *b)
{
	return strcmp(((const struct tmpl *)a)->name, ((const struct tmpl *)b)->name);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static struct tmpl *
list_find(const struct tmpl_list *l, const char *name)
{
	struct tmpl key = { .name = (char *)name };

	if (l->n == 0)
		return NULL;
	return bsearch(&key, l->v, l->n, sizeof *l->v, cmp_tmpl);
}

static int
is_template_name(const char *s, size_t len)
{
	size_t i;

	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		char c = s[i];

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_'))
			return 0;
	}
	return 1;
}

/* The sorted file names NAME.mustache in dir (a NULL-ended array). */
static char **
dir_templates(const char *dir, size_t *count, char **cause)
{
	size_t slen = strlen(TMPL_SUFFIX), n = 0, len;
	char **names = NULL;
	struct dirent *de;
	DIR *d;

	if ((d = opendir(dir)) == NULL) {
		cause_set(cause, "cannot open templates folder %s: %s", dir, strerror(errno));
		return NULL;
	}
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len <= slen ||
		    strcmp(de->d_name + len - slen, TMPL_SUFFIX) != 0)
			continue;
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n > 0)
		qsort(names, n, sizeof *names, cmp_str);
	*count = n;
	return names != NULL ? names : xcalloc(1, sizeof *names);
}

/* Put the template name read from path in l, replacing one of the same
 * name; takes name and path. */
static void
list_put(struct tmpl_list *l, char *name, char *path)
{
	struct tmpl *t;

	if ((t = list_find(l, name)) != NULL) {
		free(t->path);
		t->path = path;
		free(name);
		return;
	}
	l->v = xreallocarray(l->v, l->n + 1, sizeof *l->v);
	l->v[l->n].name = name;
	l->v[l->n].path = path;
	l->v[l->n++].m = NULL;
	qsort(l->v, l->n, sizeof *l->v, cmp_tmpl);
}

/* Add the templates of dir to l by name and path, replacing same names. */
static int
add_dir(struct tmpl_list *l, const char *dir, char **cause)
{
	size_t i, n = 0, slen = strlen(TMPL_SUFFIX);
	char **files, *path, *name;
	struct stat st;
	int rc = 0;

	if ((files = dir_templates(dir, &n, cause)) == NULL)
		return -1;
	for (i = 0; i < n && rc == 0; i++) {
		path = fs_path_join(dir, files[i]);
		name = xstrndup(files[i], strlen(files[i]) - slen);
		if (stat(path, &st) == -1)
			rc = cause_set(cause, "cannot read %s: %s", path, strerror(errno));
		else if (!S_ISREG(st.st_mode))
			rc = cause_set(cause, "%s is not a file", path);
		else if (!is_template_name(name, strlen(name)))
			rc = cause_set(cause, "%s: \"%s\" is not a template name (letters, "
			    "digits, '.', '-' and '_' only)", path, name);
		if (rc == -1) {
			free(path);
			free(name);
		} else
			list_put(l, name, path);
	}
	for (i = 0; i < n; i++)
		free(files[i]);
	free(files);
	return rc;
}

/* Read and compile the file of every template in l. */
static int
compile_all(struct tmpl_list *l, char **cause)
{
	char *text;
	size_t i, len;

	for (i = 0; i < l->n; i++) {
		if (fs_read_file(l->v[i].path, TMPL_MAX_SIZE, &text, &len, cause) == -1)
			return -1;
		l->v[i].m = mustache_compile(l->v[i].path, text, len, cause);
		free(text);
		if (l->v[i].m == NULL)
			return -1;
	}
	return 0;
}

static int
load(const struct tmpl_set *set, struct tmpl_list *l, char **cause)
{
	size_t i;

	memset(l, 0, sizeof *l);
	for (i = 0; i < set->added.n; i++)
		list_put(l, xstrdup(set->added.v[i].name),
		    xstrdup(set->added.v[i].path));
	if (add_dir(l, set->installed_dir, cause) == -1 ||
	    (set->override_dir != NULL && add_dir(l, set->override_dir, cause) == -1) ||
	    compile_all(l, cause) == -1) {
		list_free(l);
		return -1;
	}
	return 0;
}

struct tmpl_set *
tmpl_set_new(const char *override_dir, const char *installed_dir, char **cause)
{
	struct tmpl_set *set = xcalloc(1, sizeof *set);

	set->installed_dir = xstrdup(installed_dir != NULL ? installed_dir :
	    tmpl_installed_dir());
	if (override_dir != NULL)
		set->override_dir = xstrdup(override_dir);
	if (load(set, &set->list, cause) == -1) {
		tmpl_set_free(set);
		return NULL;
	}
	return set;
}

void
tmpl_set_free(struct tmpl_set *set)
{
	if (set == NULL)
		return;
	list_free(&set->list);
	list_free(&set->added);
	free(set->override_dir);
	free(set->installed_dir);
	free(set);
}

int
tmpl_set_reload(struct tmpl_set *set, char **cause)
{
	struct tmpl_list fresh;

	if (load(set, &fresh, cause) == -1)
		return -1;
	list_free(&set->list);
	set->list = fresh;
	return 0;
}

int
tmpl_set_add(struct tmpl_set *set, const char *name, const char *path,
    char **cause)
{
	struct tmpl_list fresh;

	if (!is_template_name(name, strlen(name)))
		return cause_set(cause, "\"%s\" is not a template name (letters, "
		    "digits, '.', '-' and '_' only)", name);
	if (list_find(&set->added, name) != NULL)
		return cause_set(cause, "template %s added twice", name);
	list_put(&set->added, xstrdup(name), xstrdup(path));
	if (load(set, &fresh, cause) == -1) {
		struct tmpl *t = list_find(&set->added, name);

		/* take it out again: the set stays as it was */
		free(t->name);
		free(t->path);
		*t = set->added.v[--set->added.n];
		qsort(set->added.v, set->added.n, sizeof *set->added.v, cmp_tmpl);
		return -1;
	}
	list_free(&set->list);
	set->list = fresh;
	return 0;
}

const char *
tmpl_path(const struct tmpl_set *set, const char *name)
{
	const struct tmpl *t = list_find(&set->list, name);

	return t != NULL ? t->path : NULL;
}

static int
missing(const struct tmpl_set *set, const char *name, char **cause)
{
	if (set->override_dir != NULL)
		return cause_set(cause, "no template %s%s in %s or %s", name, TMPL_SUFFIX,
		    set->override_dir, set->installed_dir);
	return cause_set(cause, "no template %s%s in %s", name, TMPL_SUFFIX,
	    set->installed_dir);
}

static int
find_partial(void *arg, const char *name, const struct mustache **m, char **cause)
{
	const struct tmpl_set *set = arg;
	const struct tmpl *t = list_find(&set->list, name);

	if (t == NULL)
		return missing(set, name, cause);
	*m = t->m;
	return 0;
}

int
tmpl_render(const struct tmpl_set *set, const char *name, const cJSON *view,
    enum tmpl_mode mode, struct strbuf *out, char **cause)
{
	const struct tmpl *t = list_find(&set->list, name);
	struct mustache_render_opts opts = {
		.escape = mode == TMPL_HTML ? MUSTACHE_HTML : MUSTACHE_PLAIN,
		.partial = find_partial,
		.partial_arg = (void *)set,
	};

	if (t == NULL)
		return missing(set, name, cause);
	return mustache_render(t->m, view, &opts, out, cause);
}
