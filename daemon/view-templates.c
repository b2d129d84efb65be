/*
 * view-templates.c — the template set of muthur's mails: the installed
 * folder and the config's override folder (templates/tmpl.h), and each
 * game's part of the view mail. view.mustache names that part by the
 * game ({{>*rules_name}}); the game ships it as view.mustache in its data
 * folder (the folder of its data file, game_data_file()), so the common
 * templates know no game. A game without one shows only the common part.
 */
#include "config.h"

#include <stdlib.h>

#include "daemon/game.h"
#include "daemon/view.h"
#include "lib/cause.h"
#include "rules/rules.h"
#include "templates/tmpl.h"

struct tmpl_set *
view_templates_new(const char *override_dir, char **cause)
{
	const struct rules *r;
	struct tmpl_set *t;
	char *path, *why = NULL;
	size_t i;

	if ((t = tmpl_set_new(override_dir, NULL, cause)) == NULL)
		return NULL;
	for (i = 0; (r = rules_at(i)) != NULL; i++) {
		if (r->view_text == NULL)
			continue;
		if ((path = game_data_file(r, VIEW_GAME_TEMPLATE, &why)) == NULL) {
			free(why);	/* none: the common part only */
			why = NULL;
			continue;
		}
		if (tmpl_set_add(t, r->name, path, cause) != 0) {
			free(path);
			tmpl_set_free(t);
			return NULL;
		}
		free(path);
	}
	return t;
}
