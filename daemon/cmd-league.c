/*
 * cmd-league.c — `muthur league create|add|remove|standings|show`
 * (PRODUCT.md §8 and §10; the standings: daemon/game-league.h).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "daemon/conf.h"
#include "daemon/game-cli.h"
#include "daemon/game-league.h"
#include "lib/points.h"
#include "store/leagues.h"

/* league create NAME [--points P] [--abandoned void|last] */
static int
league_create(struct cli *cli, const struct cli_verb *v, struct game_cli *gc,
    int argc, char **argv, char **cause)
{
	static const struct option opts[] = {
		{ "points", required_argument, NULL, 'p' },
		{ "abandoned", required_argument, NULL, 'a' },
		{ NULL, 0, NULL, 0 },
	};
	const char *points = NULL, *abandoned = "void";
	struct config *cf = cli_config(cli);
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'p': points = optarg; break;
		case 'a': abandoned = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind + 1 != argc)
		return cli_usage_error(v, "league create takes one league NAME");
	if (strcmp(abandoned, "void") != 0 && strcmp(abandoned, "last") != 0)
		return cli_usage_error(v, "--abandoned \"%s\": expected void or last",
		    abandoned);
	if (points == NULL)
		points = cf != NULL && cf->club_league_points != NULL ?
		    cf->club_league_points : LEAGUE_POINTS_DEFAULT;
	if (league_points_check(points, cause) == -1) {
		c = cli_usage_error(v, "--points: %s", *cause);
		free(*cause);
		*cause = NULL;
		return c;
	}
	if (store_league_create(gc->st, argv[optind], points, abandoned, gc->c.now,
	    cause) == -1)
		return 1;
	printf("league %s created (points per place %s, abandoned games %s)\n",
	    argv[optind], points, abandoned);
	return 0;
}

/* league add|remove NAME GAME */
static int
league_member(const struct cli_verb *v, struct game_cli *gc, int add, int argc,
    char **argv, char **cause)
{
	struct store_league *lg;
	struct store_game *g;
	int rc;

	if (argc != 3)
		return cli_usage_error(v, "league %s takes a league NAME and a GAME",
		    add ? "add" : "remove");
	if ((lg = store_league_get(gc->st, argv[1], cause)) == NULL)
		return 1;
	if ((g = store_game_get(gc->st, argv[2], cause)) == NULL) {
		store_league_free(lg);
		return 1;
	}
	rc = add ? store_league_add(gc->st, lg->id, g->id, cause) :
	    store_league_remove(gc->st, lg->id, g->id, cause);
	if (rc == 0)
		printf("league %s: game %s %s\n", lg->name, g->name, add ? "added" :
		    "removed");
	store_game_free(g);
	store_league_free(lg);
	return rc == -1 ? 1 : 0;
}

/* league standings|show NAME [--json]; show without NAME lists them */
static int
league_print(const struct cli_verb *v, struct game_cli *gc, int show, int argc,
    char **argv, char **cause)
{
	struct league_table t;
	const char *name = NULL;
	char **names = NULL, *text;
	size_t n = 0, i;
	const cJSON *g;
	cJSON *o;
	int json = 0, k;

	for (k = 1; k < argc; k++) {
		if (strcmp(argv[k], "--json") == 0)
			json = 1;
		else if (argv[k][0] == '-' || name != NULL)
			return cli_usage_error(v, "league %s takes a league NAME and --json",
			    show ? "show" : "standings");
		else
			name = argv[k];
	}
	if (name == NULL && show) {
		if (store_league_list(gc->st, &names, &n, cause) == -1)
			return 1;
		if (json) {
			o = cJSON_CreateArray();
			for (i = 0; i < n; i++)
				cJSON_AddItemToArray(o, cJSON_CreateString(names[i]));
			text = cJSON_Print(o);
			printf("%s\n", text);
			cJSON_free(text);
			cJSON_Delete(o);
		} else if (n == 0)
			printf("no leagues (create one with `muthur league create NAME`)\n");
		for (i = 0; !json && i < n; i++)
			printf("%s\n", names[i]);
		store_names_free(names, n);
		return 0;
	}
	if (name == NULL)
		return cli_usage_error(v, "league standings takes a league NAME");
	if (league_table_load(gc->st, name, &t, cause) == -1)
		return 1;
	if (json) {
		o = league_table_json(&t);
		if (show)	/* the league and its games */
			cJSON_DeleteItemFromObjectCaseSensitive(o, "standings");
		text = cJSON_Print(o);
		printf("%s\n", text);
		cJSON_free(text);
		cJSON_Delete(o);
	} else if (show) {
		printf("league %s: points per place %s; abandoned games %s\n", t.name,
		    t.points, t.abandoned);
		cJSON_ArrayForEach(g, t.games)
			printf("  %s: %s%s\n",
			    cJSON_GetObjectItemCaseSensitive(g, "game")->valuestring,
			    cJSON_GetObjectItemCaseSensitive(g, "status")->valuestring,
			    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "counted")) ?
			    ", counted" : "");
	} else {
		text = league_table_text(&t);
		fputs(text, stdout);
		free(text);
	}
	league_table_free(&t);
	return 0;
}

int
cmd_league(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct game_cli gc;
	char *cause = NULL;
	const char *sub;
	int rc;

	if (argc < 2)
		return cli_usage_error(v, "give create, add, remove, standings or show");
	sub = argv[1];
	if (strcmp(sub, "create") != 0 && strcmp(sub, "add") != 0 &&
	    strcmp(sub, "remove") != 0 && strcmp(sub, "standings") != 0 &&
	    strcmp(sub, "show") != 0)
		return cli_usage_error(v, "unknown league command \"%s\" (expected create, "
		    "add, remove, standings or show)", sub);
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	if (strcmp(sub, "create") == 0)
		rc = league_create(cli, v, &gc, argc - 1, argv + 1, &cause);
	else if (strcmp(sub, "add") == 0 || strcmp(sub, "remove") == 0)
		rc = league_member(v, &gc, strcmp(sub, "add") == 0, argc - 1, argv + 1,
		    &cause);
	else
		rc = league_print(v, &gc, strcmp(sub, "show") == 0, argc - 1, argv + 1,
		    &cause);
	if (rc == 1 && cause != NULL)
		fprintf(stderr, "muthur %s %s: %s\n", v->name, sub, cause);
	free(cause);
	game_cli_close(&gc);
	return rc;
}
