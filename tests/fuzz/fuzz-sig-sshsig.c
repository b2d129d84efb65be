/*
 * fuzz-sig-sshsig.c — libFuzzer harness for the OpenSSH SSHSIG parser
 * (mail/sig-sshsig.c), with the key and orders of tests/data/sig.
 *
 * The first byte picks the input's shape: odd, the rest is the binary
 * SSHSIG blob, armored here (so that the fuzzer works on the wire format
 * directly); even, the rest is the armored text.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/xmalloc.h"
#include "mail/sig.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define KEY "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBs6zFjniATfA341cYkyvF9JIPbXVedGIgJFS8E297g2"
#define ORDERS \
	"-----BEGIN MUTHUR ORDERS-----\n" \
	"game: contact-17\n" \
	"seat: marines\n" \
	"turn: 3\n" \
	"phase: combat.declare.unhidden-ranged\n" \
	"nonce: 6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7\n" \
	"\n" \
	"attack hicks at alien-warrior-2 ranged with pulse-rifle\n" \
	"pass\n" \
	"-----END MUTHUR ORDERS-----\n"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pubkey pk;
	size_t off, span;
	char *cause = NULL, *text, *b64;
	int rc;

	if (size < 1 || size > 16384 || sodium_init() < 0 ||
	    pubkey_parse(KEY, strlen(KEY), &pk, NULL) != 0)
		return 0;
	if (data[0] & 1) {
		b64 = mail_b64_encode(data + 1, size - 1);
		text = xasprintf("-----BEGIN SSH SIGNATURE-----\n%s\n-----END SSH SIGNATURE-----\n",
		    b64);
		free(b64);
	} else
		text = xmemdup(data + 1, size - 1);
	if (sig_sshsig.find(text, strlen(text), &off, &span) == 1) {
		if (off + span > strlen(text))
			abort();
		rc = sig_sshsig.verify(&pk, ORDERS, strlen(ORDERS), text + off, span, &cause);
		if ((rc == -1) != (cause != NULL))
			abort();
	}
	free(cause);
	free(text);
	return 0;
}
