/*
 * cmd-audit.c — `muthur audit [--json] ARCHIVE`: verify an archive offline
 * (daemon/audit.h). One line per failure and a summary (or the JSON
 * report); exit 0 when everything holds, 1 otherwise, 2 misuse (including
 * an unreadable file). Needs no configuration.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/audit.h"
#include "daemon/cli.h"
#include "lib/fsutil.h"
#include "store/archive.h"

int
cmd_audit(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct audit_report r;
	const char *path = NULL;
	char *text = NULL, *cause = NULL, *json;
	size_t len;
	int i, as_json = 0, status;

	(void)cli;
	if (cli_wants_help(v, argc, argv, &status))
		return status;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			as_json = 1;
		else if (argv[i][0] == '-' && strcmp(argv[i], "-") != 0)
			return cli_usage_error(v, "unknown option \"%s\"", argv[i]);
		else if (path != NULL)
			return cli_usage_error(v, "one archive is expected");
		else
			path = argv[i];
	}
	if (path == NULL)
		return cli_usage_error(v, "the archive to audit is required");
	if (fs_read_file(strcmp(path, "-") == 0 ? "/dev/stdin" : path, ARCHIVE_MAX, &text,
	    &len, &cause) == -1) {
		fprintf(stderr, "muthur audit: %s\n", cause);
		free(cause);
		return EXIT_MISUSE;
	}
	status = audit_archive(text, len, 0, &r) == 0 ? 0 : 1;
	if (as_json) {
		json = audit_report_json(&r);
		fputs(json, stdout);
		free(json);
	} else
		audit_report_print(&r, stdout);
	audit_report_clear(&r);
	free(text);
	return status;
}
