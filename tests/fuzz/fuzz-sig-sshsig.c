/*
 * fuzz-sig-sshsig.c — libFuzzer harness for OpenSSH SSHSIG signatures
 * (mail/sig-sshsig.c). The first byte picks the input's shape: odd, the
 * rest is the binary SSHSIG blob, armored here (so that the fuzzer works on
 * the wire format directly); even, the rest is the armored text.
 */
#include "config.h"

#include <stdint.h>

#include "lib/xmalloc.h"
#include "tests/fuzz/fuzz-sig.h"

/* tests/data/sig/ssh.pub */
#define KEY "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBs6zFjniATfA341cYkyvF9JIPbXVedGIgJFS8E297g2"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text, *b64;

	if (size < 1 || size > 16384)
		return 0;
	if (data[0] & 1) {
		b64 = mail_b64_encode(data + 1, size - 1);
		text = xasprintf("-----BEGIN SSH SIGNATURE-----\n%s\n-----END SSH SIGNATURE-----\n",
		    b64);
		free(b64);
	} else
		text = xmemdup(data + 1, size - 1);
	fuzz_sig_run(&sig_sshsig, KEY, text, data[0] & 1 ? strlen(text) : size - 1);
	free(text);
	return 0;
}
