/*
 * cmd-verify.c — `muthur verify --key PUBLIC-KEY [--sig SIGFILE] FILE`:
 * check the signature of the orders block in FILE, in any of the three
 * forms (mail/sig.h). Without --sig the signature follows the block in
 * FILE. Exit 0 valid, 1 not (with the reason), 2 misuse (including a key
 * or file that cannot be read).
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/cli.h"
#include "lib/fsutil.h"
#include "mail/block.h"
#include "mail/pubkey.h"
#include "mail/sig.h"

#define VERIFY_FILE_MAX (1024 * 1024)

static const char *
path_of(const char *arg)
{
	return strcmp(arg, "-") == 0 ? "/dev/stdin" : arg;
}

int
cmd_verify(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "sig", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 },
	};
	struct orders_block b;
	struct pubkey pk;
	const char *keyarg = NULL, *sigfile = NULL, *file, *sigtext;
	char *data = NULL, *sigdata = NULL, *cause = NULL, *canon;
	size_t len, siglen;
	int c, rc, status = EXIT_MISUSE;

	memset(&b, 0, sizeof b);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "k:s:", opts, NULL)) != -1) {
		switch (c) {
		case 'k': keyarg = optarg; break;
		case 's': sigfile = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (keyarg == NULL)
		return cli_usage_error(v, "--key PUBLIC-KEY is required");
	if (optind != argc - 1)
		return cli_usage_error(v, optind == argc ? "the file to check is required" :
		    "one file to check is expected");
	file = argv[optind];
	if (pubkey_from_arg(keyarg, &pk, &cause) == -1) {
		fprintf(stderr, "muthur verify: --key: %s\n", cause);
		goto done;
	}
	if (fs_read_file(path_of(file), VERIFY_FILE_MAX, &data, &len, &cause) == -1 ||
	    (sigfile != NULL && fs_read_file(path_of(sigfile), VERIFY_FILE_MAX, &sigdata,
	    &siglen, &cause) == -1)) {
		fprintf(stderr, "muthur verify: %s\n", cause);
		goto done;
	}
	status = 1;
	rc = orders_block_find(data, len, &b, &cause);
	if (rc != 1) {
		if (rc == 0)
			fprintf(stderr, "muthur verify: %s: no orders block (expected a line "
			    "\"%s\")\n", file, ORDERS_BEGIN);
		else
			fprintf(stderr, "muthur verify: %s: %s\n", file, cause);
		goto done;
	}
	sigtext = sigdata != NULL ? sigdata : data + b.end_off;
	if (sigdata == NULL)
		siglen = len - b.end_off;
	if (sig_verify(&pk, b.signed_bytes, b.signed_len, sigtext, siglen, &cause) == -1) {
		fprintf(stderr, "muthur verify: %s: signature does not verify: %s\n", file, cause);
		goto done;
	}
	canon = pubkey_format(&pk);
	printf("%s: good %s signature by %s\n", file,
	    sig_format_name(sig_detect(sigtext, siglen, NULL, NULL)),
	    canon);
	free(canon);
	status = 0;
done:
	orders_block_clear(&b);
	free(data);
	free(sigdata);
	free(cause);
	(void)cli;
	return status;
}
