/*
 * test-sig-data.h — reading the signature vectors (tests/data/sig/ or a
 * folder made by tests/data/sig/make-vectors.sh) in test-sig and
 * test-pubkey. Header only.
 */
#ifndef MUTHUR_TEST_SIG_DATA_H
#define MUTHUR_TEST_SIG_DATA_H

#include <stdio.h>
#include <stdlib.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"

/* The vectors' folder: argv[1], else $top_srcdir/tests/data/sig; a new string. */
static inline char *
vectors_dir(int argc, char **argv)
{
	if (argc > 1)
		return xstrdup(argv[1]);
	return xasprintf("%s/tests/data/sig", getenv("top_srcdir") ? getenv("top_srcdir") : ".");
}

/* The file dir/name, NUL-terminated (caller frees); bails out when missing. */
static inline char *
vector_read(const char *dir, const char *name, size_t *len)
{
	char *path = xasprintf("%s/%s", dir, name), *data, *cause = NULL;
	size_t n;

	if (fs_read_file(path, 65536, &data, &n, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	free(path);
	if (len != NULL)
		*len = n;
	return data;
}

#endif
