/*
 * cmd-cards.c — `muthur cards --rules ccg [--scenario S] [--faction F]
 * [--deck FILE] [--data DIR] [DATA.json ...]`: check card data and, with
 * --deck, a decklist (muthur-cards(5)).
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
#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"

#define SAMPLE_FILE "sample-cards.json"

/*
 * The sample card file under a data folder: DIR/ccg/, DIR/ccg/data/ (the
 * source tree's rules/), or DIR itself. A new string, or NULL.
 */
static char *
find_sample(const char *dir)
{
	static const char *const sub[] = { "ccg/", "ccg/data/", "" };
	size_t i;
	char *p;

	for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		p = xasprintf("%s/%s%s", dir, sub[i], SAMPLE_FILE);
		if (access(p, R_OK) == 0)
			return p;
		free(p);
	}
	return NULL;
}

static int
check_deck(const struct ccg_carddb *db, const char *path, const char *scenario,
    int faction)
{
	const struct ccg_deck_rules *r = ccg_deck_rules_find(scenario);
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	char *text, *cause = NULL;
	const char *base;
	size_t len, i;
	int f;

	if (fs_read_file(path, CCG_DECKLIST_MAX, &text, &len, &cause) == -1) {
		printf("%s\n", cause);
		free(cause);
		return 1;
	}
	base = strrchr(path, '/');
	base = base != NULL ? base + 1 : path;
	dl = ccg_decklist_parse(db, base, text, len, &p);
	free(text);
	ccg_deck_validate(dl, r, faction, &p);
	for (i = 0; i < p.n; i++)
		printf("%s\n", p.lines[i]);
	if (p.n == 0) {
		f = faction >= 0 ? faction : dl->faction;
		printf("%s: a legal %s deck under %s (%d cards, %d starting cards)\n",
		    base, ccg_faction_name(f), r->title, ccg_decklist_draw_size(dl),
		    ccg_decklist_start_size(dl));
	}
	ccg_decklist_free(dl);
	f = p.n == 0 ? 0 : 1;
	ccg_problems_free(&p);
	return f;
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
	const char *rules = NULL, *scenario = "general", *deck = NULL, *datadir = NULL;
	struct ccg_carddb *db;
	char *sample = NULL, *cause = NULL;
	const char *const *paths;
	size_t npaths;
	int c, faction = -1, status;

	(void)cli;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': rules = optarg; break;
		case 's': scenario = optarg; break;
		case 'd': deck = optarg; break;
		case 'D': datadir = optarg; break;
		case 'f':
			faction = ccg_faction_parse(optarg);
			if (faction < CCG_FACTION_ROGUE || faction > CCG_FACTION_ALIENS)
				return cli_usage_error(v, "unknown faction \"%s\" (rogue, "
				    "marines, predator or aliens)", optarg);
			break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (rules == NULL)
		return cli_usage_error(v, "--rules RULES is required");
	if (strcmp(rules, "ccg") != 0)
		return cli_usage_error(v, "unknown rules \"%s\" (ccg)", rules);
	if (ccg_deck_rules_find(scenario) == NULL)
		return cli_usage_error(v, "unknown scenario \"%s\" (general, contact, training-hunt)",
		    scenario);
	if (deck == NULL && faction != -1)
		return cli_usage_error(v, "--faction needs --deck FILE");

	if (optind < argc) {
		paths = (const char *const *)argv + optind;
		npaths = (size_t)(argc - optind);
	} else {
		if (datadir == NULL)
			datadir = getenv("MUTHUR_DATADIR");
		if (datadir == NULL || *datadir == '\0')
			datadir = MUTHUR_DATADIR;
		if ((sample = find_sample(datadir)) == NULL) {
			fprintf(stderr, "muthur cards: no %s under %s (give DATA.json "
			    "files, --data DIR or MUTHUR_DATADIR)\n", SAMPLE_FILE, datadir);
			return 1;
		}
		paths = (const char *const *)&sample;
		npaths = 1;
	}
	if ((db = ccg_carddb_load(paths, npaths, &cause)) == NULL) {
		printf("%s\n", cause);
		free(cause);
		free(sample);
		return 1;
	}
	printf("card data: %zu cards in %zu file%s%s, hash %s\n", db->ncards,
	    db->nfiles, db->nfiles == 1 ? "" : "s",
	    db->sample ? " (sample data)" : "", db->hash_hex);
	status = deck != NULL ? check_deck(db, deck, scenario, faction) : 0;
	ccg_carddb_free(db);
	free(sample);
	return status;
}
