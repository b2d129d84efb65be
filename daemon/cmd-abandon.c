/* cmd-abandon.c — `muthur abandon GAME`: end a game without a result. */
#include "config.h"

#include "daemon/game-cli.h"
#include "daemon/game-clock.h"

int
cmd_abandon(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	return game_cli_verb(cli, v, argc, argv, game_abandon,
	    "abandoned: `muthur export` now writes its full archive");
}
