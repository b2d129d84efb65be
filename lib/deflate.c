/* deflate.c — whole-buffer zlib compression (contract in deflate.h). */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "lib/cause.h"
#include "lib/deflate.h"
#include "lib/xmalloc.h"

unsigned char *
deflate_buf(const void *data, size_t len, size_t *outlen, char **cause)
{
	uLongf n = compressBound((uLong)len);
	unsigned char *out;

	if ((uLong)len != len) {
		cause_set(cause, "%zu bytes are too many to compress", len);
		return NULL;
	}
	out = xmalloc((size_t)n + 1);
	if (compress2(out, &n, data, (uLong)len, Z_BEST_COMPRESSION) != Z_OK) {
		free(out);
		cause_set(cause, "cannot compress %zu bytes", len);
		return NULL;
	}
	out[n] = '\0';
	*outlen = (size_t)n;
	return out;
}

unsigned char *
deflate_buf_dict(const void *data, size_t len, const void *dict, size_t dictlen,
    size_t *outlen, char **cause)
{
	z_stream z;
	unsigned char *out;
	uLong n;

	if ((uLong)len != len || (uInt)dictlen != dictlen) {
		cause_set(cause, "%zu bytes are too many to compress", len);
		return NULL;
	}
	memset(&z, 0, sizeof z);
	if (deflateInit(&z, Z_BEST_COMPRESSION) != Z_OK) {
		cause_set(cause, "cannot start compressing");
		return NULL;
	}
	n = deflateBound(&z, (uLong)len) + 16;
	out = xmalloc((size_t)n + 1);
	z.next_in = (Bytef *)(uintptr_t)data;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)n;
	if (deflateSetDictionary(&z, dict, (uInt)dictlen) != Z_OK ||
	    deflate(&z, Z_FINISH) != Z_STREAM_END) {
		deflateEnd(&z);
		free(out);
		cause_set(cause, "cannot compress %zu bytes", len);
		return NULL;
	}
	*outlen = (size_t)z.total_out;
	out[*outlen] = '\0';
	deflateEnd(&z);
	return out;
}

int
deflate_has_dict(const void *data, size_t len)
{
	return len >= 2 && (((const unsigned char *)data)[1] & 0x20) != 0;
}

unsigned char *
inflate_buf(const void *data, size_t len, size_t max, size_t *outlen, char **cause)
{
	return inflate_buf_dict(data, len, NULL, 0, max, outlen, cause);
}

unsigned char *
inflate_buf_dict(const void *data, size_t len, const void *dict, size_t dictlen,
    size_t max, size_t *outlen, char **cause)
{
	z_stream z;
	unsigned char *out = NULL;
	size_t cap = len * 4 + 64, used = 0;
	int rc, padded = 1, checked = 0, set = 0;

	memset(&z, 0, sizeof z);
	if (inflateInit(&z) != Z_OK) {
		cause_set(cause, "cannot start decompressing");
		return NULL;
	}
	z.next_in = (Bytef *)(uintptr_t)data;
	z.avail_in = (uInt)len;
	if (cap > max + 1)
		cap = max + 1;
	out = xreallocarray(out, cap + 1, 1);
	for (;;) {
		z.next_out = out + used;
		z.avail_out = (uInt)(cap - used);
		/* block by block, to see the bits that pad the last one */
		rc = inflate(&z, Z_BLOCK);
		used = cap - z.avail_out;
		if (!checked && (z.data_type & 128) && (z.data_type & 64)) {
			int unused = z.data_type & 7;

			/* zlib pads with zero bits: anything else was changed */
			if (unused > 0 && z.next_in[-1] >> (8 - unused) != 0)
				padded = 0;
			checked = 1;
		}
		if (rc == Z_STREAM_END || used > max)
			break;
		if (rc == Z_NEED_DICT && dict != NULL && (uInt)dictlen == dictlen &&
		    inflateSetDictionary(&z, dict, (uInt)dictlen) == Z_OK) {
			dict = NULL;	/* once */
			set = 1;
			continue;
		}
		if (rc == Z_BUF_ERROR && set == 1) {
			/* Z_BLOCK stops at the block boundary right after the
			 * dictionary without progress: go on */
			set = 2;
			continue;
		}
		if (rc == Z_BUF_ERROR && z.avail_out == 0) {
			cap *= 2;
			if (cap > max + 1)
				cap = max + 1;
			out = xreallocarray(out, cap + 1, 1);
			continue;
		}
		if (rc != Z_OK)
			break;
	}
	inflateEnd(&z);
	if (rc != Z_STREAM_END || z.avail_in != 0 || used > max || !padded) {
		free(out);
		if (used > max)
			cause_set(cause, "the data decompresses to more than %zu bytes", max);
		else if (rc == Z_NEED_DICT || rc == Z_DATA_ERROR)
			cause_set(cause, "the data is not one whole zlib stream (over the "
			    "dictionary given)");
		else
			cause_set(cause, "the data is not one whole zlib stream");
		return NULL;
	}
	out[used] = '\0';
	*outlen = used;
	return out;
}
