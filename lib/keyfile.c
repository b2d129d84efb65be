/* keyfile.c — muthur's Ed25519 key files (format in keyfile.h). */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/xmalloc.h"

#define KEY_FILE_MAX 4096

void
key_generate(unsigned char pk[KEY_PUBLIC_BYTES], unsigned char sk[KEY_SECRET_BYTES])
{
	crypto_sign_ed25519_keypair(pk, sk);
}

static char *
b64(const unsigned char *bin, size_t len)
{
	size_t n = sodium_base64_ENCODED_LEN(len, sodium_base64_VARIANT_ORIGINAL);
	char *s = xmalloc(n);

	sodium_bin2base64(s, n, bin, len, sodium_base64_VARIANT_ORIGINAL);
	return s;
}

static char *
key_line(const char *prefix, const unsigned char *bin, size_t len, const char *comment)
{
	char *enc = b64(bin, len), *line;

	if (comment != NULL && comment[0] != '\0')
		line = xasprintf("%s %s %s", prefix, enc, comment);
	else
		line = xasprintf("%s %s", prefix, enc);
	sodium_memzero(enc, strlen(enc));
	free(enc);
	return line;
}

char *
key_public_format(const unsigned char pk[KEY_PUBLIC_BYTES], const char *comment)
{
	return key_line(KEY_PUBLIC_PREFIX, pk, KEY_PUBLIC_BYTES, comment);
}

/* Parse "<prefix> <base64 of want bytes> [comment]" into out. */
static int
key_line_parse(const char *text, const char *prefix, unsigned char *out, size_t want,
    const char *what, char **cause)
{
	const char *p = text, *b, *e;
	size_t plen = strlen(prefix), got;

	while (isspace((unsigned char)*p))
		p++;
	if (strncmp(p, prefix, plen) != 0 || !isspace((unsigned char)p[plen]))
		return cause_set(cause, "not a %s: expected a line starting with \"%s \"",
		    what, prefix);
	b = p + plen;
	while (*b == ' ' || *b == '\t')
		b++;
	for (e = b; *e != '\0' && !isspace((unsigned char)*e); e++)
		;
	if (sodium_base642bin(out, want, b, (size_t)(e - b), NULL, &got, NULL,
	    sodium_base64_VARIANT_ORIGINAL) != 0 || got != want)
		return cause_set(cause, "bad %s: expected %zu bytes in base64 after \"%s\"",
		    what, want, prefix);
	return 0;
}

int
key_public_parse(const char *text, unsigned char pk[KEY_PUBLIC_BYTES], char **cause)
{
	return key_line_parse(text, KEY_PUBLIC_PREFIX, pk, KEY_PUBLIC_BYTES,
	    "muthur public key", cause);
}

int
key_secret_write(const char *path, const unsigned char sk[KEY_SECRET_BYTES],
    const char *comment, char **cause)
{
	unsigned char seed[crypto_sign_ed25519_SEEDBYTES];
	char *line, *data;
	int rc;

	crypto_sign_ed25519_sk_to_seed(seed, sk);
	line = key_line(KEY_SECRET_PREFIX, seed, sizeof seed, comment);
	data = xasprintf("%s\n", line);
	rc = fs_write_file_excl(path, data, strlen(data), 0600, cause);
	sodium_memzero(seed, sizeof seed);
	sodium_memzero(line, strlen(line));
	sodium_memzero(data, strlen(data));
	free(line);
	free(data);
	return rc;
}

int
key_public_write(const char *path, const unsigned char pk[KEY_PUBLIC_BYTES],
    const char *comment, char **cause)
{
	char *line = key_public_format(pk, comment), *data = xasprintf("%s\n", line);
	int rc;

	rc = fs_write_file_atomic(path, data, strlen(data), 0644, cause);
	free(line);
	free(data);
	return rc;
}

int
key_secret_load(const char *path, unsigned char pk[KEY_PUBLIC_BYTES],
    unsigned char sk[KEY_SECRET_BYTES], char **cause)
{
	unsigned char seed[crypto_sign_ed25519_SEEDBYTES], pk2[KEY_PUBLIC_BYTES];
	char *data = NULL;
	size_t len;
	int rc;

	if (fs_check_private(path, "key file", 0, cause) == -1)
		return -1;
	if (fs_read_file(path, KEY_FILE_MAX, &data, &len, cause) == -1)
		return -1;
	rc = key_line_parse(data, KEY_SECRET_PREFIX, seed, sizeof seed, "muthur secret key", cause);
	if (rc == 0) {
		crypto_sign_ed25519_seed_keypair(pk2, sk, seed);
		if (pk != NULL)
			memcpy(pk, pk2, KEY_PUBLIC_BYTES);
	} else
		cause_prefix(cause, "%s", path);
	sodium_memzero(seed, sizeof seed);
	sodium_memzero(data, len);
	free(data);
	return rc;
}

int
key_public_load(const char *path, unsigned char pk[KEY_PUBLIC_BYTES], char **cause)
{
	char *data;
	size_t len;
	int rc;

	if (fs_read_file(path, KEY_FILE_MAX, &data, &len, cause) == -1)
		return -1;
	rc = key_public_parse(data, pk, cause);
	if (rc == -1)
		cause_prefix(cause, "%s", path);
	free(data);
	return rc;
}
