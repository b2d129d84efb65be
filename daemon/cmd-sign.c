/*
 * cmd-sign.c — `muthur sign --key NAME.key ORDERS-FILE`: print the signed
 * orders block, ready to paste into a mail (doc/product.md §3, §10).
 *
 * A file that holds an orders block is normalised and signed as it is. A
 * file that holds only the header lines and the orders gets the BEGIN and
 * END lines, an empty line between header and orders, and a fresh random
 * "nonce:" line when it has none. A "nonce:" line still holding the view
 * mail's placeholder (VIEW_NONCE_PLACEHOLDER, daemon/view.h) gets a fresh
 * random nonce in its place, so the orders block of a view can be edited
 * and signed as it is. Either way the block must be one the daemon would
 * parse, and the signature is checked before it is printed.
 */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "daemon/cli.h"
#include "daemon/view.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/sig.h"

#define ORDERS_FILE_MAX (1024 * 1024)
#define NONCE_BYTES 16

/* Is the line [p, e) a header line "KEY: value" for one of the block's keys?
 * Sets *nonce when the key is nonce. */
static int
header_line(const char *p, const char *e, int *nonce)
{
	static const char *keys[] = { "game", "seat", "turn", "phase", "nonce" };
	const char *colon = memchr(p, ':', (size_t)(e - p));
	size_t i, n;

	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (colon == NULL)
		return 0;
	n = (size_t)(colon - p);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		if (n == strlen(keys[i]) && strncasecmp(p, keys[i], n) == 0) {
			if (i == 4)
				*nonce = 1;
			return 1;
		}
	}
	return 0;
}

/* Put a fresh random nonce where a view's placeholder stands; the new length. */
static size_t
fill_placeholder(char *data, size_t len)
{
	const char *ph = VIEW_NONCE_PLACEHOLDER;
	size_t phlen = strlen(ph), hexlen;
	unsigned char nonce[NONCE_BYTES];
	char hex[2 * NONCE_BYTES + 1];
	char *p;

	if ((p = memmem(data, len, ph, phlen)) == NULL)
		return len;
	randombytes_buf(nonce, sizeof nonce);
	sodium_bin2hex(hex, sizeof hex, nonce, sizeof nonce);
	hexlen = strlen(hex);
	if (hexlen > phlen)
		return len;
	memcpy(p, hex, hexlen);
	/* Move the rest and its terminating NUL (fs_read_file adds one). */
	memmove(p + hexlen, p + phlen, len - (size_t)(p - data) - phlen + 1);
	return len - (phlen - hexlen);
}

/* Wrap header lines and orders into a block (see the top of the file). */
static char *
wrap_block(const char *text, size_t len, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	unsigned char nonce[NONCE_BYTES];
	char hex[2 * NONCE_BYTES + 1], *norm;
	const char *p, *end, *eol, *rest;
	size_t n;
	int has_nonce = 0;

	norm = orders_normalise(text, len, &n);
	p = norm;
	end = norm + n;
	while (p < end && *p == '\n')
		p++;
	while (end > p && end[-1] == '\n' && (end - 1 == p || end[-2] == '\n'))
		end--;
	strbuf_addf(&sb, "%s\n", ORDERS_BEGIN);
	for (; p < end; p = eol + 1) {
		eol = memchr(p, '\n', (size_t)(end - p));
		if (!header_line(p, eol, &has_nonce))
			break;
		strbuf_add(&sb, p, (size_t)(eol + 1 - p));
	}
	if (!has_nonce) {
		randombytes_buf(nonce, sizeof nonce);
		sodium_bin2hex(hex, sizeof hex, nonce, sizeof nonce);
		strbuf_addf(&sb, "nonce: %s\n", hex);
	}
	rest = p;
	if (rest < end && *rest != '\n')
		strbuf_addc(&sb, '\n');
	strbuf_add(&sb, rest, (size_t)(end - rest));
	strbuf_addf(&sb, "%s\n", ORDERS_END);
	free(norm);
	return strbuf_detach(&sb, outlen);
}

int
cmd_sign(struct cli *cli, const struct cli_verb *v, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned char pk[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	struct pubkey seat = { PUBKEY_MUTHUR, { 0 }, { 0 } };
	struct orders_block b;
	struct orders *o;
	const char *keyfile = NULL, *file;
	char *data = NULL, *block = NULL, *sig = NULL, *cause = NULL;
	size_t len, blocklen;
	int c, rc = 0, status = 1;

	memset(&b, 0, sizeof b);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "k:", opts, NULL)) != -1) {
		switch (c) {
		case 'k': keyfile = optarg; break;
		default:
			return cli_usage_error(v, "unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (keyfile == NULL)
		return cli_usage_error(v, "--key FILE is required");
	if (optind != argc - 1)
		return cli_usage_error(v, optind == argc ? "the orders file is required" :
		    "one orders file is expected");
	file = argv[optind];
	if (fs_read_file(strcmp(file, "-") == 0 ? "/dev/stdin" : file, ORDERS_FILE_MAX,
	    &data, &len, &cause) == -1) {
		fprintf(stderr, "muthur sign: %s\n", cause);
		status = EXIT_MISUSE;
		goto done;
	}
	if (key_secret_load(keyfile, pk, sk, &cause) == -1) {
		fprintf(stderr, "muthur sign: %s\n", cause);
		status = EXIT_MISUSE;
		goto done;
	}
	len = fill_placeholder(data, len);
	rc = orders_block_find(data, len, &b, &cause);
	if (rc == -1) {
		fprintf(stderr, "muthur sign: %s: %s\n", file, cause);
		goto done;
	}
	if (rc == 1) {
		block = b.signed_bytes;
		blocklen = b.signed_len;
	} else
		block = wrap_block(data, len, &blocklen);
	if ((o = orders_parse(block, blocklen, &cause)) == NULL) {
		fprintf(stderr, "muthur sign: %s: the orders block would be refused: %s%s\n",
		    file, cause, rc == 0 ? " (line 1 is the BEGIN line sign adds)" : "");
		goto done;
	}
	orders_free(o);
	sig = sig_muthur_sign(sk, block, blocklen);
	memcpy(seat.key, pk, sizeof seat.key);
	if (sig_verify(&seat, block, blocklen, sig, strlen(sig), &cause) == -1) {
		fprintf(stderr, "muthur sign: the new signature does not verify: %s\n", cause);
		goto done;
	}
	fwrite(block, 1, blocklen, stdout);
	fputs(sig, stdout);
	status = fflush(stdout) == 0 ? 0 : 1;
done:
	sodium_memzero(sk, sizeof sk);
	if (rc == 1)
		orders_block_clear(&b);
	else
		free(block);
	free(data);
	free(sig);
	free(cause);
	(void)cli;
	return status;
}
