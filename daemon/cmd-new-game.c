/* cmd-new-game.c — `muthur new-game GAME --rules R --scenario S
 * [--option NAME]...`. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"

int
cmd_new_game(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "scenario", required_argument, NULL, 's' },
		{ "option", required_argument, NULL, 'o' },
		{ NULL, 0, NULL, 0 },
	};
	const char *rules = NULL, *scenario = NULL, *options[16];
	size_t noptions = 0;
	struct game_cli gc;
	char *cause = NULL;
	int c, rc;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': rules = optarg; break;
		case 's': scenario = optarg; break;
		case 'o':
			if (noptions == sizeof options / sizeof options[0])
				return cli_usage_error(v, "too many --option");
			options[noptions++] = optarg;
			break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind + 1 != argc)
		return cli_usage_error(v, "give one GAME name");
	if (rules == NULL || scenario == NULL)
		return cli_usage_error(v, "--rules RULES and --scenario SCENARIO are required");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	rc = game_new(&gc.c, argv[optind], rules, scenario, options, noptions,
	    &cause);
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else
		printf("game %s created (%s, %s); add seats with `muthur seat %s SEAT ...`\n",
		    argv[optind], rules, scenario, argv[optind]);
	free(cause);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}
