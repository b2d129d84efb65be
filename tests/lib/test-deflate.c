/*
 * test-deflate.c — lib/deflate.h: what is deflated inflates back the same,
 * at every size; a cut, a limit passed, or any one bit changed anywhere in
 * the stream (the zero bits that pad its last byte included) is refused.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/deflate.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "tests/tap.h"

int
main(void)
{
	static const size_t sizes[] = { 0, 1, 13, 100, 4096, 100000 };
	unsigned char *z, *z2, *back, *bad;
	size_t i, k, zlen, blen, missed, tried;
	unsigned bit;
	char *text;

	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		text = xmalloc(sizes[i] + 1);
		for (k = 0; k < sizes[i]; k++)	/* JSON-like, some repeats */
			text[k] = "{\"seat\":\"marines\",\"hand\":[\"pvt-hudson\"]} "[k * 7 % 43];
		text[sizes[i]] = '\0';
		z = deflate_buf(text, sizes[i], &zlen, NULL);
		back = z != NULL ? inflate_buf(z, zlen, sizes[i] + 10, &blen, NULL) : NULL;
		ok(back != NULL && blen == sizes[i] && memcmp(back, text, blen) == 0,
		    "%zu bytes deflate to %zu and inflate back the same", sizes[i], zlen);
		free(back);
		if (sizes[i] > 0) {
			ok(inflate_buf(z, zlen, sizes[i] - 1, &blen, NULL) == NULL,
			    "%zu bytes: a limit one byte short is refused", sizes[i]);
			ok(inflate_buf(z, zlen - 1, sizes[i] + 10, &blen, NULL) == NULL,
			    "%zu bytes: the stream cut by a byte is refused", sizes[i]);
		}
		if (sizes[i] <= 4096) {
			missed = tried = 0;
			bad = xmalloc(zlen);
			for (k = 0; k < zlen; k++)
				for (bit = 0; bit < 8; bit++) {
					memcpy(bad, z, zlen);
					bad[k] ^= (unsigned char)(1u << bit);
					back = inflate_buf(bad, zlen, sizes[i] + 10, &blen, NULL);
					tried++;
					if (back != NULL && blen == sizes[i] &&
					    memcmp(back, text, blen) == 0)
						missed++;	/* changed, yet the same */
					free(back);
				}
			free(bad);
			is_int(missed, 0, "%zu bytes: each of %zu one-bit changes of the stream "
			    "is refused or changes what it holds", sizes[i], tried);
		}
		free(z);
		free(text);
	}

	/* a delta: the next version of a text against the one before */
	{
		struct strbuf v1 = STRBUF_INIT, v2 = STRBUF_INIT;
		size_t alone;

		for (k = 0; k < 400; k++)
			strbuf_addf(&v1, "{\"card\":\"c%zu\",\"at\":%zu}\n", k, k * 7919 % 613);
		strbuf_add(&v2, v1.s, v1.len);
		memcpy(v2.s + 5000, "CHANGED", 7);
		free(deflate_buf(v2.s, v2.len, &alone, NULL));
		z = deflate_buf_dict(v2.s, v2.len, v1.s, v1.len, &zlen, NULL);
		ok(z != NULL && deflate_has_dict(z, zlen) && zlen * 4 < alone,
		    "a delta of %zu bytes over the version before takes %zu bytes, alone %zu",
		    v2.len, zlen, alone);
		back = inflate_buf_dict(z, zlen, v1.s, v1.len, v2.len, &blen, NULL);
		ok(back != NULL && blen == v2.len && memcmp(back, v2.s, blen) == 0,
		    "it inflates back over the same dictionary");
		free(back);
		ok(inflate_buf(z, zlen, v2.len, &blen, NULL) == NULL,
		    "without the dictionary it is refused");
		ok(inflate_buf_dict(z, zlen, v2.s, v2.len, v2.len, &blen, NULL) == NULL,
		    "over another dictionary it is refused");
		z2 = deflate_buf(v1.s, v1.len, &blen, NULL);
		ok(z2 != NULL && !deflate_has_dict(z2, blen), "a stream alone needs none");
		free(z2);
		free(z);
		strbuf_free(&v1);
		strbuf_free(&v2);
	}
	return done_testing();
}
