/*
 * test-tmpl.c — the template set: the override folder wins file by file
 * (partials too), plain and HTML modes, errors naming the file, and reload
 * keeping the old templates when the new ones are broken.
 */
#include "config.h"

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "templates/tmpl.h"
#include "tests/tap.h"

static char *inst, *over;

static void
put(const char *dir, const char *file, const char *text)
{
	char *path = fs_path_join(dir, file), *cause = NULL;

	if (fs_write_file_atomic(path, text, strlen(text), 0644, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	free(path);
}

static void
drop(const char *dir, const char *file)
{
	char *path = fs_path_join(dir, file);

	unlink(path);
	free(path);
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Render name; the output, or "ERROR: reason". */
static char *
render(const struct tmpl_set *set, const char *name, const char *json, enum tmpl_mode mode)
{
	struct strbuf out = STRBUF_INIT;
	cJSON *view = cJSON_Parse(json);
	char *cause = NULL, *result;

	if (tmpl_render(set, name, view, mode, &out, &cause) == -1)
		result = xasprintf("ERROR: %s", cause);
	else
		result = strbuf_detach(&out, NULL);
	free(cause);
	strbuf_free(&out);
	cJSON_Delete(view);
	return result;
}

/* tmpl_set_new's error, or "OK". */
static char *
new_error(const char *override, const char *installed)
{
	struct tmpl_set *set;
	char *cause = NULL;

	if ((set = tmpl_set_new(override, installed, &cause)) != NULL) {
		tmpl_set_free(set);
		return xstrdup("OK");
	}
	return cause;
}

#define is_render(set, name, json, mode, want, ...) do {			\
	char *got_ = render(set, name, json, mode);				\
	is_str(got_, want, __VA_ARGS__);					\
	free(got_);								\
} while (0)

#define is_new_error(o, i, want, ...) do {					\
	char *got_ = new_error(o, i);						\
	is_str(got_, want, __VA_ARGS__);					\
	free(got_);								\
} while (0)

static void
test_lookup(void)
{
	struct tmpl_set *set;
	char *cause = NULL, *want;

	set = tmpl_set_new(over, inst, &cause);
	ok(set != NULL, "a set from both folders");
	is_render(set, "page", "{\"title\":\"Bugs & Marines\"}", TMPL_PLAIN,
	    "Head: override part Bugs & Marines\nBugs & Marines\n",
	    "the override's partial wins; plain text is not escaped");
	is_render(set, "page", "{\"title\":\"Bugs & Marines\"}", TMPL_HTML,
	    "Head: override part Bugs &amp; Marines\nBugs &amp; Marines\n",
	    "HTML mode escapes, partials too");
	is_render(set, "other", "{\"x\":\"<y>\"}", TMPL_PLAIN, "override other <y>\n",
	    "an overridden template");
	want = fs_path_join(inst, "page.mustache");
	is_str(tmpl_path(set, "page"), want, "page comes from the installed folder");
	free(want);
	want = fs_path_join(over, "part.mustache");
	is_str(tmpl_path(set, "part"), want, "part comes from the override folder");
	free(want);
	ok(tmpl_path(set, "README") == NULL && tmpl_path(set, ".hidden") == NULL &&
	    tmpl_path(set, "nosuch") == NULL, "only NAME.mustache files are templates");

	want = xasprintf("ERROR: no template nosuch.mustache in %s or %s", over, inst);
	is_render(set, "nosuch", "{}", TMPL_PLAIN, want, "a missing template is an error");
	free(want);
	want = xasprintf("ERROR: %s/lost.mustache:2:3: partial \"gone\": no template "
	    "gone.mustache in %s or %s", inst, over, inst);
	is_render(set, "lost", "{}", TMPL_PLAIN, want, "a missing partial is an error");
	free(want);
	want = xasprintf("ERROR: no template ../installed/page.mustache in %s or %s",
	    over, inst);
	is_render(set, "../installed/page", "{}", TMPL_PLAIN, want, "no paths as names");
	free(want);
	tmpl_set_free(set);

	set = tmpl_set_new(NULL, inst, &cause);
	ok(set != NULL, "a set without override folder");
	is_render(set, "page", "{\"title\":\"t\"}", TMPL_PLAIN,
	    "Head: installed part t\nt\n", "without override, the installed partial");
	want = xasprintf("ERROR: no template nosuch.mustache in %s", inst);
	is_render(set, "nosuch", "{}", TMPL_PLAIN, want, "missing, with one folder");
	free(want);
	tmpl_set_free(set);
}

static void
test_reload(void)
{
	struct tmpl_set *set;
	char *cause = NULL, *want;

	set = tmpl_set_new(over, inst, &cause);
	put(over, "page.mustache", "new page {{title}}\n");
	is_render(set, "page", "{\"title\":\"x\"}", TMPL_PLAIN,
	    "Head: override part x\nx\n", "templates are cached until reload");
	ok(tmpl_set_reload(set, &cause) == 0, "reload");
	is_render(set, "page", "{\"title\":\"x\"}", TMPL_PLAIN, "new page x\n",
	    "reload reads the new override");

	put(over, "page.mustache", "{{#title}}\n{{title}}\n");
	ok(tmpl_set_reload(set, &cause) == -1, "reload of a broken template fails");
	want = xasprintf("%s/page.mustache:1:1: section \"title\" is never closed: "
	    "expected \"{{/title}}\" before the end of the template", over);
	is_str(cause, want, "the reason names file, line and column");
	free(want);
	free(cause);
	cause = NULL;
	is_render(set, "page", "{\"title\":\"x\"}", TMPL_PLAIN, "new page x\n",
	    "a failed reload keeps the templates it had");
	drop(over, "page.mustache");
	ok(tmpl_set_reload(set, &cause) == 0, "reload after removing the override");
	is_render(set, "page", "{\"title\":\"x\"}", TMPL_PLAIN,
	    "Head: override part x\nx\n", "the installed page is back");
	tmpl_set_free(set);
}

/* tmpl_set_add(): a template from a file outside both folders (a game's
 * part of the view mail), below both folders, read again on reload */
static void
test_add(void)
{
	struct tmpl_set *set;
	char *cause = NULL, *game = fs_path_join(inst, "../game"), *path, *want;

	mkdir(game, 0755);
	put(game, "view.mustache", "game part {{title}}\n");
	path = fs_path_join(game, "view.mustache");
	set = tmpl_set_new(over, inst, &cause);
	ok(set != NULL && tmpl_set_add(set, "mygame", path, &cause) == 0,
	    "a template added from a file");
	is_render(set, "mygame", "{\"title\":\"x\"}", TMPL_PLAIN,
	    "game part x\n", "the added template renders");
	put(inst, "dyn.mustache", "[{{>*rules}}]\n");
	ok(tmpl_set_reload(set, &cause) == 0, "reload with a dynamic partial");
	is_render(set, "dyn", "{\"rules\":\"mygame\",\"title\":\"y\"}",
	    TMPL_PLAIN, "[game part y\n]\n",
	    "a dynamic partial names the added template");
	is_render(set, "dyn", "{\"rules\":\"nosuch\"}", TMPL_PLAIN, "[]\n",
	    "a dynamic partial naming no template renders nothing");
	put(game, "view.mustache", "new part\n");
	ok(tmpl_set_reload(set, &cause) == 0, "reload");
	is_render(set, "mygame", "{}", TMPL_PLAIN, "new part\n",
	    "reload reads the added file again");
	ok(tmpl_set_add(set, "mygame", path, &cause) == -1, "one name added once");
	want = "template mygame added twice";
	is_str(cause, want, "adding a name twice says so");
	free(cause);
	cause = NULL;
	ok(tmpl_set_add(set, "part", path, &cause) == 0 &&
	    tmpl_path(set, "part") != NULL && strcmp(tmpl_path(set, "part"),
	    path) != 0, "a folder's template of the same name wins");
	put(game, "broken.mustache", "{{#a}}\n");
	free(path);
	path = fs_path_join(game, "broken.mustache");
	ok(tmpl_set_add(set, "broken", path, &cause) == -1 && cause != NULL &&
	    strstr(cause, "broken.mustache:1:1") != NULL,
	    "a broken added file is refused: %s", cause ? cause : "");
	free(cause);
	cause = NULL;
	ok(tmpl_path(set, "broken") == NULL && tmpl_set_reload(set, &cause) == 0,
	    "and the set stays as it was");
	ok(tmpl_set_add(set, "bad name", path, &cause) == -1,
	    "an added name is a template name");
	free(cause);
	drop(inst, "dyn.mustache");
	tmpl_set_free(set);
	free(path);
	free(game);
}

static void
test_errors(void)
{
	char *want, *nowhere = fs_path_join(over, "nowhere");

	want = xasprintf("cannot open templates folder %s: No such file or directory", nowhere);
	is_new_error(nowhere, inst, want, "a missing override folder is an error");
	is_new_error(over, nowhere, want, "a missing installed folder is an error");
	free(want);
	free(nowhere);

	put(over, "bad name.mustache", "x");
	want = xasprintf("%s/bad name.mustache: \"bad name\" is not a template name "
	    "(letters, digits, '.', '-' and '_' only)", over);
	is_new_error(over, inst, want, "a bad file name is an error");
	free(want);
	drop(over, "bad name.mustache");

	put(inst, "x.mustache", "{{#a}}{{/b}}");
	want = xasprintf("%s/x.mustache:1:7: close tag \"{{/b}}\" does not match the open "
	    "section \"a\" (line 1, column 1): expected \"{{/a}}\"", inst);
	is_new_error(over, inst, want, "a broken installed template is an error");
	free(want);
	put(over, "x.mustache", "{{a}}");
	is_new_error(over, inst, "OK", "an override replaces a broken installed template");
	drop(inst, "x.mustache");
	drop(over, "x.mustache");

	want = fs_path_join(over, "dir.mustache");
	mkdir(want, 0755);
	free(want);
	want = xasprintf("%s/dir.mustache is not a file", over);
	is_new_error(over, inst, want, "a folder named like a template is an error");
	free(want);
	want = fs_path_join(over, "dir.mustache");
	rmdir(want);
	free(want);
	is_new_error(over, inst, "OK", "the folders are fine again");
}

static void
test_installed_dir(void)
{
	unsetenv("MUTHUR_TEMPLATES");
	is_str(tmpl_installed_dir(), access(MUTHUR_DATADIR "/templates", F_OK) == 0 ?
	    MUTHUR_DATADIR "/templates" : MUTHUR_SRCDIR "/templates",
	    "installed folder: $(pkgdatadir)/templates, or the source's before installing");
	setenv("MUTHUR_TEMPLATES", inst, 1);
	is_str(tmpl_installed_dir(), inst, "installed folder: $MUTHUR_TEMPLATES");
	is_new_error(NULL, NULL, "OK", "NULL installed folder: tmpl_installed_dir()");
}

int
main(void)
{
	const char *tmp = getenv("TMPDIR");
	char *base = xasprintf("%s/test-tmpl.XXXXXX", tmp != NULL ? tmp : "/tmp");

	if (mkdtemp(base) == NULL) {
		printf("Bail out! mkdtemp %s failed\n", base);
		return 1;
	}
	inst = fs_path_join(base, "installed");
	over = fs_path_join(base, "override");
	mkdir(inst, 0755);
	mkdir(over, 0755);
	put(inst, "page.mustache", "Head: {{>part}} {{title}}\n{{title}}\n");
	put(inst, "part.mustache", "installed part");
	put(inst, "other.mustache", "installed other {{x}}\n");
	put(inst, "lost.mustache", "\nx {{>gone}}\n");
	put(inst, "README", "{{#not a template");
	put(inst, ".hidden.mustache", "{{#not read");
	put(over, "part.mustache", "override part");
	put(over, "other.mustache", "override other {{x}}\n");

	test_lookup();
	test_reload();
	test_add();
	test_errors();
	test_installed_dir();

	nftw(base, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(inst);
	free(over);
	free(base);
	return done_testing();
}
