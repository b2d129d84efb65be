/*
 * cmd-start.c — `muthur start [--deal-now] GAME`: commit, mail every seat the
 * ready template (the deal waits for the seats' nonces), or deal at once.
 */
#include "config.h"

#include <string.h>

#include "daemon/game-cli.h"

int
cmd_start(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--deal-now") == 0)
		return game_cli_verb(cli, v, argc - 1, argv + 1, game_start_now,
		    "dealt at once, without the seats' nonces (muthur audit names "
		    "them); the first views are in the outbox (muthurd sends them)");
	return game_cli_verb(cli, v, argc, argv, game_start,
	    "started: every seat is mailed its ready block, and the deal waits "
	    "for their nonces (muthurd sends the mails)");
}
