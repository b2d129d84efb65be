/* serverkey.c — loading the server's Ed25519 key (see serverkey.h). */
#include "config.h"

#include <stdlib.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/serverkey.h"

struct server_key *
server_key_load(const char *path, char **cause)
{
	struct server_key *key = xcalloc(1, sizeof *key);

	sodium_mlock(key, sizeof *key);	/* best effort: may be refused */
	if (key_secret_load(path, key->pk, key->sk, cause) == -1) {
		cause_prefix(cause, "server key");
		server_key_free(key);
		return NULL;
	}
	return key;
}

void
server_key_free(struct server_key *key)
{
	if (key == NULL)
		return;
	sodium_munlock(key, sizeof *key);	/* also wipes it */
	sodium_memzero(key, sizeof *key);
	free(key);
}
