/* cmd-keygen.c — `muthur keygen --out NAME`: a player's muthur key pair. */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/cli.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"

int
cmd_keygen(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "comment", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned char pk[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	const char *out = NULL, *comment = NULL;
	char *secret, *public, *cause = NULL, *line;
	int c, status = 1;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'c': comment = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return cli_usage_error(v, "unexpected argument \"%s\"", argv[optind]);
	if (out == NULL || out[0] == '\0')
		return cli_usage_error(v, "--out NAME is required");
	secret = xasprintf("%s.key", out);
	public = xasprintf("%s.pub", out);
	if (access(secret, F_OK) == 0) {
		fprintf(stderr, "muthur keygen: %s exists; a key is never overwritten\n", secret);
		goto done;
	}
	key_generate(pk, sk);
	if (key_secret_write(secret, sk, comment, &cause) == -1 ||
	    key_public_write(public, pk, comment, &cause) == -1) {
		fprintf(stderr, "muthur keygen: %s\n", cause);
		free(cause);
		goto done;
	}
	line = key_public_format(pk, comment);
	printf("secret key: %s\npublic key: %s\n%s\n", secret, public, line);
	free(line);
	status = 0;
done:
	sodium_memzero(sk, sizeof sk);
	free(secret);
	free(public);
	(void)cli;
	return status;
}
