/* cmd-init.c — `muthur init`: folders, Maildirs, the server key, the database. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/conf.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "store/store.h"

/* A Maildir: the folder with new/ cur/ tmp/, mode 0700. */
static int
init_maildir(const char *path, char **cause)
{
	static const char *subs[] = { "new", "cur", "tmp" };
	size_t i;

	for (i = 0; i < 3; i++) {
		char *sub = xasprintf("%s/%s", path, subs[i]);
		int rc = fs_mkdir_p(sub, 0700, cause);

		free(sub);
		if (rc == -1)
			return -1;
	}
	return 0;
}

static int
init_server_key(const char *path, char **cause)
{
	unsigned char pk[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	char *dir, *line;
	int rc;

	if (access(path, F_OK) == 0) {
		if (key_secret_load(path, pk, sk, cause) == -1)
			return -1;
		line = key_public_format(pk, NULL);
		printf("server key %s kept (public: %s)\n", path, line);
	} else {
		dir = fs_dirname(path);
		rc = fs_mkdir_p(dir, 0700, cause);
		free(dir);
		if (rc == -1)
			return -1;
		key_generate(pk, sk);
		if (key_secret_write(path, sk, "muthur server key", cause) == -1) {
			sodium_memzero(sk, sizeof sk);
			return -1;
		}
		line = key_public_format(pk, NULL);
		printf("server key %s created (public: %s)\n", path, line);
	}
	sodium_memzero(sk, sizeof sk);
	free(line);
	return 0;
}

/* Create the database, or migrate it to this muthur's schema. */
static int
init_database(const char *path, char **cause)
{
	struct store *st;
	int found;

	if ((st = store_open(path, cause)) == NULL)
		return -1;
	found = store_found_version(st);
	if (found == 0)
		printf("database %s created (schema version %d)\n", store_path(st),
		    store_version(st));
	else if (found < store_version(st))
		printf("database %s upgraded from schema version %d to %d\n", store_path(st), found,
		    store_version(st));
	else
		printf("database %s ready (schema version %d)\n", store_path(st),
		    store_version(st));
	store_close(st);
	return 0;
}

int
cmd_init(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	struct config *cf;
	char *cause = NULL, *dir;

	if (argc > 1)
		return cli_usage_error(v, "unexpected argument \"%s\"", argv[1]);
	if ((cf = cli_config(cli)) == NULL)
		return 1;
	dir = fs_dirname(cf->store_path);
	if (fs_mkdir_p(dir, 0750, &cause) == -1)
		goto fail;
	printf("database folder %s ready\n", dir);
	if (cf->mail_in.scheme == MAIL_MAILDIR) {
		if (init_maildir(cf->mail_in.path, &cause) == -1)
			goto fail;
		printf("incoming Maildir %s ready\n", cf->mail_in.path);
	}
	if (cf->mail_out.scheme == MAIL_MAILDIR) {
		if (init_maildir(cf->mail_out.path, &cause) == -1)
			goto fail;
		printf("outgoing Maildir %s ready\n", cf->mail_out.path);
	}
	if (init_server_key(cf->server_key, &cause) == -1)
		goto fail;
	if (init_database(config_store(cf), &cause) == -1)
		goto fail;
	free(dir);
	return 0;
fail:
	fprintf(stderr, "muthur init: %s\n", cause);
	free(cause);
	free(dir);
	return 1;
}
