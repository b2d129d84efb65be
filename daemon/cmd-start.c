/* cmd-start.c — `muthur start GAME`: deal, commit, queue the first views. */
#include "config.h"

#include "daemon/game-cli.h"

int
cmd_start(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	return game_cli_verb(cli, v, argc, argv, game_start,
	    "started; the first views are in the outbox (muthurd sends them)");
}
