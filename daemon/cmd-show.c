/*
 * cmd-show.c — `muthur show GAME --seat SEAT [--json] [--png FILE]`: the
 * view now, as the mail, its JSON model, or the board's picture.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "daemon/game-cli.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"

/* The picture of the seat's view model into path; -1 with a reason. */
static int
write_png(const struct rules *r, const cJSON *model, const char *seat,
    const char *path, char **cause)
{
	char *png;
	size_t len;
	int rc;

	if (r->picture == NULL)
		return cause_set(cause, "the game %s draws no picture", r->name);
	if (r->picture(cJSON_GetObjectItemCaseSensitive(model, "rules"), seat,
	    RULES_PICTURE_PNG, &png, &len, cause) == -1)
		return -1;
	rc = fs_write_file_atomic(path, png, len, 0644, cause);
	free(png);
	return rc;
}

int
cmd_show(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "seat", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ "png", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	const char *seat = NULL, *png = NULL;
	struct game_live *l;
	struct game_cli gc;
	char *cause = NULL, *out = NULL;
	size_t len = 0;
	cJSON *model;
	int c, json = 0;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 's': seat = optarg; break;
		case 'j': json = 1; break;
		case 'p': png = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind + 1 != argc)
		return cli_usage_error(v, "give one GAME name");
	if (seat == NULL)
		return cli_usage_error(v, "--seat SEAT is required");
	if (game_cli_open(cli, v, &gc) == -1)
		return 1;
	if ((l = game_live_load(gc.st, argv[optind], &cause)) != NULL) {
		if (json || png != NULL) {
			if ((model = game_view_model(&gc.c, l, seat, &cause)) != NULL) {
				if (png == NULL)
					out = cJSON_Print(model);
				else if (write_png(l->rules, model, seat, png, &cause) == 0)
					out = xasprintf("%s: the board seen by %s\n", png, seat);
				cJSON_Delete(model);
			}
		} else
			out = game_view_mail(&gc.c, l, seat, &len, &cause);
		game_live_free(l);
	}
	if (out == NULL)
		fprintf(stderr, "muthur %s: %s\n", v->name, cause);
	else if (png != NULL)
		fputs(out, stdout);
	else if (json)
		printf("%s\n", out);
	else
		fwrite(out, 1, len, stdout);
	free(out);
	free(cause);
	game_cli_close(&gc);
	return out == NULL ? 1 : 0;
}
