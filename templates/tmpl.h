/*
 * tmpl.h — muthur's set of templates.
 *
 * A template NAME is the file NAME.mustache. The installed folder
 * ($(pkgdatadir)/templates) holds them all; an installation overrides any of
 * them, file by file, with a file of the same name in the folder the config
 * names ([server] templates). Partials ({{>NAME}}) are found the same way,
 * override first. Every file of both folders is read and compiled when the
 * set is made and again on tmpl_set_reload (the daemon calls it on SIGHUP),
 * so a broken template is reported then, not when a mail is rendered.
 *
 * Unlike bare Mustache, a partial that does not exist is an error here (a
 * misspelt partial would otherwise vanish from every mail without a word).
 */
#ifndef MUTHUR_TMPL_H
#define MUTHUR_TMPL_H

#include <cjson/cJSON.h>

#include "lib/strbuf.h"

/* Largest template file read, in bytes. */
#define TMPL_MAX_SIZE	(1024 * 1024)

struct tmpl_set;

enum tmpl_mode {
	TMPL_PLAIN,	/* plain text (mail bodies): {{x}} is written as it is */
	TMPL_HTML,	/* HTML: {{x}} is HTML-escaped, {{{x}}} and {{&x}} are not */
};

/*
 * The installed templates folder: $MUTHUR_TEMPLATES when set (make check
 * sets it to the source tree's templates/), else MUTHUR_DATADIR/templates.
 * Points to static or environment storage.
 */
const char *tmpl_installed_dir(void);

/*
 * Read and compile every NAME.mustache in installed_dir (NULL:
 * tmpl_installed_dir()) and in override_dir (NULL: none), the override
 * winning. Fails with a reason when a folder cannot be read, a file cannot
 * be read or is larger than TMPL_MAX_SIZE, a file name is not a template
 * name (letters, digits, '.', '-', '_'; files starting with '.' and files
 * not ending in .mustache are ignored), or a template does not compile
 * ("PATH:LINE:COLUMN: what is wrong"). Free with tmpl_set_free.
 */
struct tmpl_set *tmpl_set_new(const char *override_dir, const char *installed_dir,
    char **cause);
void tmpl_set_free(struct tmpl_set *set);

/*
 * Add the template (or partial) name read from the file path, read again
 * on every reload; a file of that name in either folder wins over it. For
 * what the folders do not hold, such as a game's part of the view mail
 * from the game's data folder (daemon/view-mail.c). Fails with the
 * reasons of tmpl_set_new, or when name was added before; the set is then
 * unchanged.
 */
int tmpl_set_add(struct tmpl_set *set, const char *name, const char *path,
    char **cause);

/*
 * Read both folders again. On failure (the reasons of tmpl_set_new) the set
 * keeps the templates it had and -1 comes back with the reason.
 */
int tmpl_set_reload(struct tmpl_set *set, char **cause);

/*
 * The file template name comes from (owned by set, valid until the next
 * reload), or NULL when there is no such template.
 */
const char *tmpl_path(const struct tmpl_set *set, const char *name);

/*
 * Render template name against view, appending to out. Fails with a reason
 * when there is no such template or a partial it uses does not exist, or a
 * limit of mustache_render is passed; out then holds a partial result the
 * caller discards.
 */
int tmpl_render(const struct tmpl_set *set, const char *name, const cJSON *view,
    enum tmpl_mode mode, struct strbuf *out, char **cause);

#endif
