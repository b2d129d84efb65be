/*
 * cmd-cards.c — `muthur cards --rules RULES [--scenario S] [--faction F]
 * [--deck FILE] [--data DIR] [DATA.json ...]`: check a game's component
 * data and, with --deck, a decklist (muthur-cards(5)), through the game's
 * data_report (rules/rules.h).
 *
 * Findings go to standard output, one per line; the exit status is 0 when
 * everything is valid, 1 when something is not, 2 on misuse.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "daemon/cli.h"
#include "daemon/game.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/rules.h"

static const char *
base_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return base != NULL ? base + 1 : path;
}

/* Read the data files and the deck, report; the exit status. */
static int
report(const struct rules *r, const char *const *paths, size_t npaths,
    const char *scenario, const char *faction, const char *deck)
{
	struct rules_file *f = xcalloc(npaths + 1, sizeof *f), d;
	char **bytes = xcalloc(npaths + 1, sizeof *bytes), *dbytes = NULL;
	char *cause = NULL, *text = NULL, *deck_cause = NULL;
	size_t i, n;
	int valid = 0, status = 1;

	for (n = 0; n < npaths; n++) {
		if (fs_read_file(paths[n], r->data_max, &bytes[n], &f[n].len, &cause) == -1) {
			printf("%s\n", cause);
			free(cause);
			goto out;
		}
		f[n].name = base_name(paths[n]);
		f[n].bytes = bytes[n];
	}
	if (deck != NULL) {
		d.name = base_name(deck);
		if (fs_read_file(deck, r->deck_max, &dbytes, &d.len, &deck_cause) == 0)
			d.bytes = dbytes;
	}
	if (r->data_report(f, n, scenario, faction, deck != NULL && dbytes != NULL ? &d :
	    NULL, &text, &valid, &cause) == -1) {
		printf("%s\n", cause);
		free(cause);
		goto out;
	}
	fputs(text, stdout);
	/* an unreadable decklist after what the data says */
	if (deck_cause != NULL && strncmp(text, "card data: ", 11) == 0)
		printf("%s\n", deck_cause);
	status = valid && deck_cause == NULL ? 0 : 1;
out:
	for (i = 0; i < n; i++)
		free(bytes[i]);
	free(bytes);
	free(f);
	free(dbytes);
	free(deck_cause);
	free(text);
	return status;
}

int
cmd_cards(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "scenario", required_argument, NULL, 's' },
		{ "faction", required_argument, NULL, 'f' },
		{ "deck", required_argument, NULL, 'd' },
		{ "data", required_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 },
	};
	const char *rules = NULL, *scenario = NULL, *deck = NULL, *datadir = NULL;
	const char *faction = NULL;
	const struct rules *r;
	char *sample = NULL, *cause = NULL, *names;
	const char *const *paths;
	size_t npaths;
	int c, status;

	(void)cli;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': rules = optarg; break;
		case 's': scenario = optarg; break;
		case 'd': deck = optarg; break;
		case 'D': datadir = optarg; break;
		case 'f': faction = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (rules == NULL)
		return cli_usage_error(v, "--rules RULES is required");
	if ((r = rules_find(rules)) == NULL || strcmp(r->name, rules) != 0 ||
	    r->data_report == NULL) {
		names = rules_names();
		status = cli_usage_error(v, "unknown rules \"%s\" (%s)", rules, names);
		free(names);
		return status;
	}
	if (r->data_report(NULL, 0, scenario, faction, NULL, NULL, NULL, &cause) == -1) {
		status = cli_usage_error(v, "%s", cause);
		free(cause);
		return status;
	}
	if (deck == NULL && faction != NULL)
		return cli_usage_error(v, "--faction needs --deck FILE");

	if (optind < argc) {
		paths = (const char *const *)argv + optind;
		npaths = (size_t)(argc - optind);
	} else {
		/* the same lookup as every verb's (game_data_file()) */
		if ((sample = game_data_file_in(datadir, r, r->data_file,
		    &cause)) == NULL) {
			fprintf(stderr, "muthur cards: %s; or give DATA.json files "
			    "or --data DIR\n", cause);
			free(cause);
			return 1;
		}
		paths = (const char *const *)&sample;
		npaths = 1;
	}
	status = report(r, paths, npaths, scenario, faction, deck);
	free(sample);
	return status;
}
