/*
 * cmd-migrate.c — `muthur migrate --from STORE --to STORE`: copy every row
 * of one store into a new one, SQLite to PostgreSQL or back (a STORE is a
 * SQLite path or a postgresql:// URL, as [store] path and url in
 * muthur.conf). The target is made (a new file, or the schema in an empty
 * PostgreSQL database) and must hold nothing; it gets all or nothing
 * (store/copy.h). Stop muthurd first: the source is kept from writers
 * while it is read. Exit 0 copied, 1 refused or failed, 2 misuse.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/cli.h"
#include "store/copy.h"
#include "store/store.h"

int
cmd_migrate(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	const char *from = NULL, *to = NULL;
	struct store_copy_stats cs;
	struct store *a = NULL, *b = NULL;
	char *cause = NULL;
	int i, rc = 1;

	(void)cli;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--from") == 0 && i + 1 < argc)
			from = argv[++i];
		else if (strcmp(argv[i], "--to") == 0 && i + 1 < argc)
			to = argv[++i];
		else
			return cli_usage_error(v, "unexpected argument \"%s\"", argv[i]);
	}
	if (from == NULL || to == NULL)
		return cli_usage_error(v, "both --from and --to are needed");
	if (strcmp(from, to) == 0)
		return cli_usage_error(v, "--from and --to name the same store");
	if ((a = store_open(from, &cause)) == NULL ||
	    (b = store_open(to, &cause)) == NULL ||
	    store_copy(a, b, &cs, &cause) == -1)
		fprintf(stderr, "muthur migrate: %s\n", cause);
	else {
		printf("migrate: %zu games, %zu rows in %zu tables copied from %s (%s) "
		    "to %s (%s)\n", cs.games, cs.rows, cs.tables, store_path(a),
		    store_driver_name(a), store_path(b), store_driver_name(b));
		rc = 0;
	}
	free(cause);
	store_close(a);
	store_close(b);
	return rc;
}
