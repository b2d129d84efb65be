/*
 * serverkey.h — the server's Ed25519 signing key (doc/product.md §10 [server]
 * key), created by `muthur init` in lib/keyfile.h's format.
 */
#ifndef MUTHUR_STORE_SERVERKEY_H
#define MUTHUR_STORE_SERVERKEY_H

#include "lib/keyfile.h"

struct server_key {
	unsigned char	pk[KEY_PUBLIC_BYTES];
	unsigned char	sk[KEY_SECRET_BYTES];
};

/*
 * Load the key file at path into a new struct (in memory locked when the
 * system allows it). Refuses a file readable or writable by group or
 * others (naming its mode), a missing file, a malformed one. Free with
 * server_key_free(), which wipes the secret.
 */
struct server_key *server_key_load(const char *path, char **cause);
void server_key_free(struct server_key *key);

#endif
