/* cmd-adjudicate.c — `muthur adjudicate GAME`: resolve the open phase now. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"
#include "daemon/game-clock.h"

int
cmd_adjudicate(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct game_cli gc;
	char *cause = NULL;
	int rc, advanced = 0;

	if (argc != 2 || argv[1][0] == '-')
		return cli_usage_error(v, "give one GAME name");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	rc = game_adjudicate(&gc.c, argv[1], &advanced, &cause);
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else
		printf("game %s: %d phase%s resolved; the seats without orders passed\n",
		    argv[1], advanced, advanced == 1 ? "" : "s");
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}
