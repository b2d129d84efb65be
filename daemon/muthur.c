/* muthur.c — the organisers' and players' command line (doc/product.md §1, §10). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/conf.h"
#include "lib/json-alloc.h"
#include "lib/timetext.h"
#include "lib/log.h"

static void
usage(FILE *out)
{
	const struct cli_verb *v;

	fprintf(out, "usage: muthur [--config FILE] [--now WHEN] [-v] VERB [ARGS]\n"
	    "       muthur VERB --help\n\nverbs:\n");
	for (v = cli_verbs; v->name != NULL; v++)
		fprintf(out, "  %-10s %s\n", v->name, v->summary);
	fprintf(out, "\nThe config is --config FILE, else ./muthur.conf, else $MUTHUR_CONFIG.\n"
	    "See muthur(1) and muthur.conf(5).\n");
}

/*
 * Take the global options out of argv wherever they stand (before a "--"):
 * --config FILE, --config=FILE, --now WHEN, -v/--verbose. Returns -1 on
 * a dangling --config or --now.
 */
static int
strip_global_options(struct cli *cli, int *argc, char **argv)
{
	int i, j = 0, n = *argc, end = 0;

	for (i = 0; i < n; i++) {
		const char *a = argv[i];

		if (!end && strcmp(a, "--") == 0)
			end = 1;
		if (!end && strcmp(a, "--config") == 0) {
			if (i + 1 >= n)
				return -1;
			cli->config_path = argv[++i];
			continue;
		}
		if (!end && strcmp(a, "--now") == 0) {
			if (i + 1 >= n)
				return -1;
			cli->now_text = argv[++i];
			continue;
		}
		if (!end && strncmp(a, "--config=", 9) == 0) {
			cli->config_path = a + 9;
			continue;
		}
		if (!end && (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0)) {
			cli->verbose++;
			continue;
		}
		if (!end && strcmp(a, "-vv") == 0) {
			cli->verbose += 2;
			continue;
		}
		argv[j++] = argv[i];
	}
	argv[j] = NULL;
	*argc = j;
	return 0;
}

int
main(int argc, char **argv)
{
	struct cli cli;
	const struct cli_verb *v;
	char *cause = NULL;
	int status;

	log_init("muthur", 0, LOG_LEVEL_WARN);
	json_alloc_init();
	if (sodium_init() < 0) {
		fprintf(stderr, "muthur: libsodium failed to initialise\n");
		return 1;
	}
	argc--, argv++;
	memset(&cli, 0, sizeof cli);
	if (strip_global_options(&cli, &argc, argv) == -1) {
		fprintf(stderr, "muthur: --config needs a file name, --now a time (see "
		    "muthur --help)\n");
		return EXIT_MISUSE;
	}
	if (cli.now_text != NULL && clock_time_parse(cli.now_text, &cli.now, &cause) == -1) {
		fprintf(stderr, "muthur: --now \"%s\": %s\n", cli.now_text, cause);
		free(cause);
		return EXIT_MISUSE;
	}
	log_set_level(cli.verbose >= 2 ? LOG_LEVEL_DEBUG :
	    cli.verbose == 1 ? LOG_LEVEL_INFO : LOG_LEVEL_WARN);
	if (argc == 0) {
		usage(stderr);
		return EXIT_MISUSE;
	}
	if (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0 ||
	    strcmp(argv[0], "help") == 0) {
		if (argc > 1 && (v = cli_verb_find(argv[1])) != NULL)
			cli_verb_help(v, stdout);
		else
			usage(stdout);
		return 0;
	}
	if (strcmp(argv[0], "--version") == 0) {
		printf("muthur %s\n", PACKAGE_VERSION);
		return 0;
	}
	if ((v = cli_verb_find(argv[0])) == NULL) {
		fprintf(stderr, "muthur: unknown verb \"%s\" (see muthur --help)\n", argv[0]);
		return EXIT_MISUSE;
	}
	if (cli_wants_help(v, argc, argv, &status))
		return status;
	status = v->run(&cli, v, argc, argv);
	config_free(cli.cf);
	return status;
}
