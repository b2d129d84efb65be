/*
 * cli.c — what every verb of the muthur command line shares (daemon/cli.h):
 * its help, usage errors and the config, loaded once. The verbs
 * (daemon/cmd-*.c) call here; muthur.c and the verb table
 * (daemon/commands.c) call the verbs.
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/cli.h"
#include "daemon/conf.h"

void
cli_verb_help(const struct cli_verb *v, FILE *out)
{
	fprintf(out, "usage: muthur %s%s%s\n\n%s.\n", v->name, v->usage[0] ? " " : "",
	    v->usage, v->summary);
	if (v->help != NULL)
		fprintf(out, "\noptions:\n%s\n", v->help);
	fprintf(out, "  --config FILE  the config file (default ./muthur.conf, else $MUTHUR_CONFIG)\n"
	    "  --now WHEN     act as if it were WHEN ('YYYY-MM-DD HH:MM' UTC; tests)\n"
	    "  -v             say more; repeat for debug output\n"
	    "  --help         this text\n");
}

int
cli_wants_help(const struct cli_verb *v, int argc, char **argv, int *status)
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			cli_verb_help(v, stdout);
			*status = 0;
			return 1;
		}
	}
	return 0;
}

int
cli_usage_error(const struct cli_verb *v, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "muthur %s: ", v->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, " (see muthur %s --help)\n", v->name);
	fprintf(stderr, "usage: muthur %s%s%s\n", v->name, *v->usage ? " " : "", v->usage);
	return EXIT_MISUSE;
}

struct config *
cli_config(struct cli *cli)
{
	char *cause = NULL;

	if (cli->cf != NULL)
		return cli->cf;
	cli->cf = config_load(config_default_path(cli->config_path), &cause);
	if (cli->cf == NULL) {
		fprintf(stderr, "muthur: %s\n", cause);
		free(cause);
	}
	return cli->cf;
}
