/*
 * game-cli.h — what the game verbs of `muthur` (new-game, seat, start,
 * status, show, demo) open from the config: the store, the server key and
 * the templates, as a struct game_ctx for daemon/game.h.
 */
#ifndef MUTHUR_DAEMON_GAME_CLI_H
#define MUTHUR_DAEMON_GAME_CLI_H

#include "daemon/cli.h"
#include "daemon/game.h"

struct game_cli {
	struct store		*st;
	struct server_key	*key;
	struct tmpl_set		*tmpl;
	struct game_ctx		 c;
};

/*
 * Load the config and open the store, the server key and the templates
 * (the clock read now). On failure prints "muthur VERB: reason" and
 * returns -1 with nothing left open.
 */
int game_cli_open(struct cli *cli, const struct cli_verb *v, struct game_cli *gc);
void game_cli_close(struct game_cli *gc);

/*
 * A verb whose one argument is a GAME name (start, pause, resume, abandon):
 * misuse is one line and exit 2, op's failure its reason and exit 1,
 * success "game GAME done" and exit 0.
 */
int game_cli_verb(struct cli *cli, const struct cli_verb *v, int argc, char **argv,
    int (*op)(const struct game_ctx *, const char *, char **), const char *done);

#endif
