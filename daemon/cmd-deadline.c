/*
 * cmd-deadline.c — `muthur deadline GAME WHEN|+DURATION` and `muthur extend
 * GAME DURATION` (the organiser mail's extend: deadline GAME +DURATION).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"
#include "daemon/game-clock.h"
#include "daemon/view-int.h"

/* Set (WHEN) or move (+DURATION, relative) game argv[1]'s deadline. */
static int
deadline_set(struct cli *cli, const struct cli_verb *v, char **argv, int relative)
{
	struct game_cli gc;
	char *cause = NULL, text[64];
	int64_t when, deadline = 0;
	int rc;

	if (relative ? clock_duration_parse(argv[2] + (argv[2][0] == '+'), &when,
	    &cause) == -1 :
	    clock_time_parse(argv[2], &when, &cause) == -1) {
		rc = cli_usage_error(v, "%s", cause);
		free(cause);
		return rc;
	}
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	if (!relative && when <= gc.c.now) {	/* misuse: a time gone by */
		view_time_text(gc.c.now, text, sizeof text);
		game_cli_close(&gc);
		return cli_usage_error(v, "%s is not after now (%s): give a later time, "
		    "or muthur adjudicate to resolve the phase now", argv[2], text);
	}
	rc = game_deadline(&gc.c, argv[1], when, relative, &deadline, &cause);
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else if (view_time_text(deadline, text, sizeof text) == 0)
		printf("game %s: deadline %s\n", argv[1], text);
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}

int
cmd_deadline(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	if (argc != 3 || argv[1][0] == '-')
		return cli_usage_error(v, "give a GAME name and WHEN ('YYYY-MM-DD HH:MM' "
		    "UTC) or +DURATION (+24h)");
	return deadline_set(cli, v, argv, argv[2][0] == '+');
}

int
cmd_extend(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	if (argc != 3 || argv[1][0] == '-')
		return cli_usage_error(v, "give a GAME name and a DURATION (24h, 90m, "
		    "1d12h)");
	return deadline_set(cli, v, argv, 1);
}
