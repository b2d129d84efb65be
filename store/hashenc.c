/* hashenc.c — length-prefixed, big-endian encodings for BLAKE2b input. */
#include "config.h"

#include <string.h>

#include "lib/xmalloc.h"
#include "store/hashenc.h"

void
hashenc_u32(crypto_generichash_state *h, uint32_t v)
{
	unsigned char b[4] = { v >> 24, v >> 16, v >> 8, v };

	crypto_generichash_update(h, b, sizeof b);
}

void
hashenc_u64(crypto_generichash_state *h, uint64_t v)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (56 - 8 * i));
	crypto_generichash_update(h, b, sizeof b);
}

void
hashenc_field(crypto_generichash_state *h, const void *p, size_t len)
{
	hashenc_u32(h, (uint32_t)len);
	if (len > 0)
		crypto_generichash_update(h, p, len);
}

void
hashenc_str(crypto_generichash_state *h, const char *s)
{
	hashenc_field(h, s, strlen(s));
}

void
hashenc_blake2b256(unsigned char out[32], const void *p, size_t len)
{
	crypto_generichash(out, 32, p, len, NULL, 0);
}

char *
hashenc_hex(const unsigned char *p, size_t len)
{
	char *s = xmalloc(len * 2 + 1);

	sodium_bin2hex(s, len * 2 + 1, p, len);
	return s;
}
