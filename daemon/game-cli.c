/* game-cli.c — opening the store, key and templates for the game verbs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/conf.h"
#include "daemon/game-cli.h"
#include "daemon/view.h"
#include "store/serverkey.h"
#include "store/store.h"
#include "templates/tmpl.h"

int
game_cli_open(struct cli *cli, const struct cli_verb *v, struct game_cli *gc)
{
	struct config *cf;
	char *cause = NULL;

	memset(gc, 0, sizeof *gc);
	if ((cf = cli_config(cli)) == NULL)
		return -1;
	if ((gc->st = store_open(config_store(cf), &cause)) == NULL ||
	    (gc->key = server_key_load(cf->server_key, &cause)) == NULL ||
	    (gc->tmpl = view_templates_new(cf->templates, &cause)) == NULL) {
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
		free(cause);
		game_cli_close(gc);
		return -1;
	}
	gc->c.st = gc->st;
	gc->c.key = gc->key;
	gc->c.tmpl = gc->tmpl;
	gc->c.from = cf->mail_from;
	gc->c.now = cli->now != 0 ? cli->now : (int64_t)time(NULL);
	gc->c.max_message_size = cf->max_message_size;
	gc->c.max_orders_size = cf->max_orders_size;
	return 0;
}

void
game_cli_close(struct game_cli *gc)
{
	tmpl_set_free(gc->tmpl);
	server_key_free(gc->key);
	store_close(gc->st);
	memset(gc, 0, sizeof *gc);
}

int
game_cli_verb(struct cli *cli, const struct cli_verb *v, int argc, char **argv,
    int (*op)(const struct game_ctx *, const char *, char **), const char *done)
{
	struct game_cli gc;
	char *cause = NULL;
	int rc;

	if (argc != 2 || argv[1][0] == '-')
		return cli_usage_error(v, "give one GAME name");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	rc = op(&gc.c, argv[1], &cause);
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else
		printf("game %s %s\n", argv[1], done);
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}
