/* cmd-status.c — `muthur status [GAME]`: phase, awaited seats, deadline. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon/game-cli.h"
#include "store/orders.h"

static int
status_one(struct game_cli *gc, const char *name)
{
	struct store_game *g;
	struct store_phase *ph;
	char **missing = NULL, *cause = NULL, when[32];
	size_t n = 0, i;
	struct tm tm;
	time_t t;

	if ((g = store_game_get(gc->st, name, &cause)) == NULL) {
		fprintf(stderr, "muthur status: %s\n", cause);
		free(cause);
		return 1;
	}
	printf("%s: %s, %s/%s", g->name, g->status, g->rules, g->scenario);
	if ((ph = store_phase_current(gc->st, g->id, &cause)) == NULL) {
		free(cause);
		printf("\n");
		store_game_free(g);
		return 0;
	}
	printf(", turn %d, phase %s (%llu)", ph->turn, ph->name,
	    (unsigned long long)ph->seq);
	if (store_phase_missing(gc->st, ph->id, &missing, &n, &cause) == 0) {
		printf(", awaiting ");
		if (n == 0)
			printf("nobody");
		for (i = 0; i < n; i++)
			printf("%s%s", i ? ", " : "", missing[i]);
		store_names_free(missing, n);
	} else
		free(cause);
	if (ph->deadline != 0) {
		t = (time_t)ph->deadline;
		gmtime_r(&t, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", &tm);
		printf(", deadline %s", when);
	} else
		printf(", no deadline");
	printf("\n");
	store_phase_free(ph);
	store_game_free(g);
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
