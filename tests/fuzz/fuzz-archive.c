/*
 * fuzz-archive.c — libFuzzer harness for the archive parser
 * (store/archive.h): any input is refused with a reason or read; what is
 * read formats back to an archive that reads again to the same bytes.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/xmalloc.h"
#include "store/archive.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char pk[32], sk[64];
	static int init;
	struct archive *a, *b;
	char *cause = NULL, *t1 = NULL, *t2 = NULL;
	size_t l1, l2;

	if (!init) {
		unsigned char seed[32] = { 0 };

		if (sodium_init() < 0)
			abort();
		crypto_sign_seed_keypair(pk, sk, seed);
		init = 1;
	}
	if (size > 1 << 20)
		return 0;
	a = archive_parse((const char *)data, size, &cause);
	if ((a == NULL) == (cause == NULL))
		abort();	/* exactly one of an archive or a reason */
	free(cause);
	if (a == NULL)
		return 0;
	(void)archive_sig_verify(a);
	memcpy(a->server_key, pk, 32);
	if (archive_format(a, sk, &t1, &l1, NULL) == 0) {
		if ((b = archive_parse(t1, l1, NULL)) == NULL)
			abort();	/* what we write we must read */
		if (archive_format(b, sk, &t2, &l2, NULL) != 0 || l1 != l2 ||
		    memcmp(t1, t2, l1) != 0)
			abort();	/* and it must not change */
		if (archive_sig_verify(b) != 0)
			abort();
		archive_free(b);
	}
	free(t1);
	free(t2);
	archive_free(a);
	return 0;
}
