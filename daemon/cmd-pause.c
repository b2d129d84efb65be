/* cmd-pause.c — `muthur pause GAME`: stop a game's clock and its orders. */
#include "config.h"

#include "daemon/game-cli.h"
#include "daemon/game-clock.h"

int
cmd_pause(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	return game_cli_verb(cli, v, argc, argv, game_pause,
	    "paused: no deadline fires and no orders are taken until `muthur resume`");
}
