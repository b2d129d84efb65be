/* cmd-seat.c — `muthur seat GAME SEAT --email A --key K [--deck F]`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"

int
cmd_seat(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "email", required_argument, NULL, 'e' },
		{ "key", required_argument, NULL, 'k' },
		{ "deck", required_argument, NULL, 'd' },
		{ NULL, 0, NULL, 0 },
	};
	const char *email = NULL, *key = NULL, *deck = NULL;
	struct game_cli gc;
	char *cause = NULL;
	int c, rc, replaced;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'e': email = optarg; break;
		case 'k': key = optarg; break;
		case 'd': deck = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind + 2 != argc)
		return cli_usage_error(v, "give GAME and SEAT");
	if (email == NULL || key == NULL)
		return cli_usage_error(v, "--email ADDRESS and --key PUBLIC-KEY are required");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	rc = game_seat(&gc.c, argv[optind], argv[optind + 1], email, key, deck, &replaced,
	    &cause);
	if (rc == -2) {
		rc = cli_usage_error(v, "%s", cause);
		free(cause);
		game_cli_close(&gc);
		return rc;
	}
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else
		printf("game %s: seat %s %s (%s)\n", argv[optind], argv[optind + 1],
		    replaced ? "replaced" : "added", email);
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}
