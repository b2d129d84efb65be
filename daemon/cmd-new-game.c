/* cmd-new-game.c — `muthur new-game GAME --rules R --scenario S
 * [--option NAME]... [--deadline D] [--deadline-KIND D]... [--grace D]
 * [--reminder D] [--nmr POLICY] [--wait-for-deadline] [--organiser ADDR]
 * [--organiser-key KEY] [--absence extend|pass] [--absence-cap D]`;
 * the clock's defaults come from the config's [club] section. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "daemon/conf.h"
#include "daemon/game-cli.h"
#include "daemon/game-clock.h"
#include "lib/xmalloc.h"
#include "mail/compose.h"
#include "store/store.h"

/* A duration option: D, or 0 for none. */
static int
duration_arg(const struct cli_verb *v, const char *opt, const char *arg,
    int64_t *secs)
{
	char *why = NULL;
	int rc;

	if (strcmp(arg, "0") == 0) {
		*secs = 0;
		return 0;
	}
	if (clock_duration_parse(arg, secs, &why) == 0)
		return 0;
	rc = cli_usage_error(v, "%s: %s", opt, why);
	free(why);
	return rc;
}

/* Take the --deadline-KIND D options out of argv into kinds. */
static int
kinds_take(const struct cli_verb *v, int *argc, char **argv, cJSON *kinds)
{
	int i, j = 0;
	int64_t secs;
	char *opt, *eq;

	for (i = 0; i < *argc; i++) {
		if (strncmp(argv[i], "--deadline-", 11) != 0) {
			argv[j++] = argv[i];
			continue;
		}
		opt = argv[i] + 11;
		if ((eq = strchr(opt, '=')) != NULL)
			*eq++ = '\0';
		else if (i + 1 < *argc)
			eq = argv[++i];
		if (*opt == '\0' || eq == NULL)
			return cli_usage_error(v, "--deadline-KIND needs a phase kind and a "
			    "duration (--deadline-combat 12h)");
		if (duration_arg(v, "--deadline-KIND", eq, &secs) != 0)
			return EXIT_MISUSE;
		cJSON_DeleteItemFromObjectCaseSensitive(kinds, opt);
		cJSON_AddNumberToObject(kinds, opt, (double)secs);
	}
	argv[j] = NULL;
	*argc = j;
	return 0;
}

int
cmd_new_game(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "rules", required_argument, NULL, 'r' },
		{ "scenario", required_argument, NULL, 's' },
		{ "option", required_argument, NULL, 'o' },
		{ "deadline", required_argument, NULL, 'd' },
		{ "grace", required_argument, NULL, 'g' },
		{ "reminder", required_argument, NULL, 'm' },
		{ "nmr", required_argument, NULL, 'n' },
		{ "wait-for-deadline", no_argument, NULL, 'w' },
		{ "organiser", required_argument, NULL, 'O' },
		{ "organiser-key", required_argument, NULL, 'K' },
		{ "absence", required_argument, NULL, 'a' },
		{ "absence-cap", required_argument, NULL, 'A' },
		{ NULL, 0, NULL, 0 },
	};
	const char *rules = NULL, *scenario = NULL, *options[16], *nmr = NULL;
	const char *organiser = NULL, *dl = NULL, *grace = NULL, *rem = NULL;
	const char *okey = NULL, *absence = NULL, *cap = NULL;
	struct store_club club;
	struct store_clock ck;
	struct config *cf;
	size_t noptions = 0;
	struct game_cli gc;
	cJSON *kinds = cJSON_CreateObject();
	char *cause = NULL, *kt;
	int c, rc, wait = -1;

	if ((rc = kinds_take(v, &argc, argv, kinds)) != 0) {
		cJSON_Delete(kinds);
		return rc;
	}
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': rules = optarg; break;
		case 's': scenario = optarg; break;
		case 'd': dl = optarg; break;
		case 'g': grace = optarg; break;
		case 'm': rem = optarg; break;
		case 'n': nmr = optarg; break;
		case 'w': wait = 1; break;
		case 'O': organiser = optarg; break;
		case 'K': okey = optarg; break;
		case 'a': absence = optarg; break;
		case 'A': cap = optarg; break;
		case 'o':
			if (noptions == sizeof options / sizeof options[0]) {
				cJSON_Delete(kinds);
				return cli_usage_error(v, "too many --option");
			}
			options[noptions++] = optarg;
			break;
		default:
			cJSON_Delete(kinds);
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	rc = 0;
	if (optind + 1 != argc)
		rc = cli_usage_error(v, "give one GAME name");
	else if (rules == NULL || scenario == NULL)
		rc = cli_usage_error(v, "--rules RULES and --scenario SCENARIO are required");
	else if (nmr != NULL && strcmp(nmr, "pass") != 0 && strcmp(nmr, "hold") != 0 &&
	    strcmp(nmr, "extend") != 0)
		rc = cli_usage_error(v, "--nmr \"%s\": expected pass, hold or extend", nmr);
	else if (absence != NULL && strcmp(absence, "extend") != 0 &&
	    strcmp(absence, "pass") != 0)
		rc = cli_usage_error(v, "--absence \"%s\": expected extend or pass", absence);
	else if (organiser != NULL && compose_addr_check("--organiser", organiser,
	    &cause) == -1) {
		rc = cli_usage_error(v, "%s", cause);
		free(cause);
		cause = NULL;
	}
	if (rc != 0 || (cf = cli_config(cli)) == NULL) {
		cJSON_Delete(kinds);
		return rc != 0 ? rc : 1;
	}
	memset(&club, 0, sizeof club);
	club.absence = (char *)(absence != NULL ? absence : cf->club_absence != NULL ?
	    cf->club_absence : "extend");
	club.absence_cap = cf->club_absence_cap;
	club.digest = cf->club_digest;
	if (cap != NULL && duration_arg(v, "--absence-cap", cap, &club.absence_cap) != 0) {
		cJSON_Delete(kinds);
		return EXIT_MISUSE;
	}
	if (okey != NULL && game_key_text(okey, &club.organiser_key, &cause) == -1) {
		rc = cli_usage_error(v, "--organiser-key: %s", cause);
		free(cause);
		cJSON_Delete(kinds);
		return rc;
	}
	if (club.organiser_key == NULL)
		club.organiser_key = xstrdup(cf->club_organiser_key != NULL ?
		    cf->club_organiser_key : "");
	memset(&ck, 0, sizeof ck);
	ck.deadline = cf->club_deadline;
	ck.grace = cf->club_grace;
	ck.reminder = cf->club_reminder;
	ck.wait = wait == 1 ? 1 : cf->club_wait;
	ck.remaining = -1;
	if ((dl != NULL && duration_arg(v, "--deadline", dl, &ck.deadline) != 0) ||
	    (grace != NULL && duration_arg(v, "--grace", grace, &ck.grace) != 0) ||
	    (rem != NULL && duration_arg(v, "--reminder", rem, &ck.reminder) != 0)) {
		free(club.organiser_key);
		cJSON_Delete(kinds);
		return EXIT_MISUSE;
	}
	kt = cJSON_GetArraySize(kinds) > 0 ? cJSON_PrintUnformatted(kinds) : NULL;
	cJSON_Delete(kinds);
	ck.kinds = kt != NULL ? kt : "";
	ck.nmr = (char *)(nmr != NULL ? nmr : cf->club_nmr != NULL ? cf->club_nmr : "pass");
	ck.organiser = (char *)(organiser != NULL ? organiser :
	    cf->club_organiser != NULL ? cf->club_organiser : "");
	if (game_cli_open(cli, v, &gc) == -1) {
		free(club.organiser_key);
		cJSON_free(kt);
		return 1;
	}
	rc = store_begin(gc.st, &cause);
	if (rc == 0 && (game_new(&gc.c, argv[optind], rules, scenario, options, noptions,
	    &cause) == -1 || game_clock_new(&gc.c, argv[optind], &ck, &club, &cause) == -1)) {
		store_rollback(gc.st);
		rc = -1;
	}
	if (rc == 0)
		rc = store_commit(gc.st, &cause);
	if (rc == -1)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else
		printf("game %s created (%s, %s); add seats with `muthur seat %s SEAT ...`\n",
		    argv[optind], rules, scenario, argv[optind]);
	free(cause);
	free(club.organiser_key);
	cJSON_free(kt);
	game_cli_close(&gc);
	return rc == -1 ? 1 : 0;
}
