/* cmd-resume.c — `muthur resume GAME`: a paused game runs again. */
#include "config.h"

#include "daemon/game-cli.h"
#include "daemon/game-clock.h"

int
cmd_resume(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	return game_cli_verb(cli, v, argc, argv, game_resume,
	    "resumed: its deadline is the time that was left, from now");
}
