/* cmd-status.c — `muthur status [GAME]`: phase, awaited seats, deadline,
 * late counts, absences, one line per game (game_status_line()). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"
#include "daemon/game-clock.h"

static int
status_one(struct game_cli *gc, const char *name)
{
	char *line, *cause = NULL;

	if ((line = game_status_line(gc->st, name, gc->c.now, &cause)) == NULL) {
		fprintf(stderr, "muthur status: %s\n", cause);
		free(cause);
		return 1;
	}
	printf("%s\n", line);
	free(line);
	return 0;
}

int
cmd_status(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct game_cli gc;
	char **names = NULL, *cause = NULL;
	size_t n = 0, i;
	int rc = 0;

	if (argc > 2 || (argc == 2 && argv[1][0] == '-'))
		return cli_usage_error(v, "give at most one GAME name");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	if (argc == 2)
		rc = status_one(&gc, argv[1]);
	else if (store_game_list(gc.st, &names, &n, &cause) == -1) {
		fprintf(stderr, "muthur status: %s\n", cause);
		free(cause);
		rc = 1;
	} else {
		if (n == 0)
			printf("no games (create one with `muthur new-game`)\n");
		for (i = 0; i < n; i++)
			rc |= status_one(&gc, names[i]);
		store_names_free(names, n);
	}
	game_cli_close(&gc);
	return rc;
}
