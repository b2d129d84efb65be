/*
 * cmd-export.c — `muthur export GAME`: the game's self-contained archive
 * (doc/muthur-archive.5) on standard output, signed with the server key:
 * the full one once the game is over, else the spectator one (no option
 * asks for more; store/export.h decides).
 * Exit 0, 1 when the game cannot be exported (the reason is printed), 2
 * misuse.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "daemon/cli.h"
#include "daemon/conf.h"
#include "store/export.h"
#include "store/serverkey.h"
#include "store/store.h"

int
cmd_export(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct config *cf;
	struct server_key *key = NULL;
	struct store *st = NULL;
	char *cause = NULL, *out = NULL;
	size_t len;
	int status = 1;

	if (cli_wants_help(v, argc, argv, &status))
		return status;
	if (argc != 2 || argv[1][0] == '-')
		return cli_usage_error(v, argc < 2 ? "the game to export is required" :
		    "one game name is expected");
	if ((cf = cli_config(cli)) == NULL)
		return 1;
	if ((key = server_key_load(cf->server_key, &cause)) == NULL ||
	    (st = store_open(config_store(cf), &cause)) == NULL ||
	    store_export_text(st, key, argv[1], &out, &len, &cause) == -1) {
		fprintf(stderr, "muthur export: %s\n", cause);
		goto done;
	}
	if (fwrite(out, 1, len, stdout) != len || fflush(stdout) != 0) {
		fprintf(stderr, "muthur export: cannot write the archive\n");
		goto done;
	}
	status = 0;
done:
	free(out);
	free(cause);
	store_close(st);
	server_key_free(key);
	return status;
}
