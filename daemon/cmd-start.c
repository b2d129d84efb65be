/* cmd-start.c — `muthur start GAME`: deal, commit, queue the first views. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"

int
cmd_start(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct game_cli gc;
	char *cause = NULL;
	int rc;

	if (argc != 2 || argv[1][0] == '-')
		return cli_usage_error(v, "give one GAME name");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	rc = game_start(&gc.c, argv[1], &cause);
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else
		printf("game %s started; the first views are in the outbox (muthurd "
		    "sends them)\n", argv[1]);
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}
