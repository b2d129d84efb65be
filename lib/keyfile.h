/*
 * keyfile.h — muthur's own Ed25519 key files.
 *
 * Public key, one line:   "muthur-ed25519 <base64 of 32-byte key> [comment]"
 * Secret key, one line:   "muthur-ed25519-secret <base64 of 32-byte seed> [comment]"
 * The secret file is created with mode 0600 and never overwritten; a secret
 * key file readable or writable by group or others is refused on load.
 * The server key (doc/product.md §10 [server] key) and the players' keys made by
 * `muthur keygen` share this format.
 */
#ifndef MUTHUR_KEYFILE_H
#define MUTHUR_KEYFILE_H

#include <stddef.h>

#define KEY_PUBLIC_BYTES 32
#define KEY_SECRET_BYTES 64	/* libsodium's seed || public key */
#define KEY_PUBLIC_PREFIX "muthur-ed25519"
#define KEY_SECRET_PREFIX "muthur-ed25519-secret"

/* A fresh key pair from libsodium's generator. */
void key_generate(unsigned char pk[KEY_PUBLIC_BYTES], unsigned char sk[KEY_SECRET_BYTES]);

/* The public-key line (with comment if not NULL), no newline; caller frees. */
char *key_public_format(const unsigned char pk[KEY_PUBLIC_BYTES], const char *comment);
/* Parse a public-key line (leading/trailing space allowed). */
int key_public_parse(const char *text, unsigned char pk[KEY_PUBLIC_BYTES], char **cause);

/* Write the secret key to path: O_EXCL, mode 0600; refuses an existing file. */
int key_secret_write(const char *path, const unsigned char sk[KEY_SECRET_BYTES],
    const char *comment, char **cause);
/* Write the public-key line and a newline to path (mode 0644, atomic). */
int key_public_write(const char *path, const unsigned char pk[KEY_PUBLIC_BYTES],
    const char *comment, char **cause);
/*
 * Load a secret key file. Refuses a file whose mode grants any access to
 * group or others, naming the mode found. pk may be NULL.
 */
int key_secret_load(const char *path, unsigned char pk[KEY_PUBLIC_BYTES],
    unsigned char sk[KEY_SECRET_BYTES], char **cause);
/* Load a public-key file. */
int key_public_load(const char *path, unsigned char pk[KEY_PUBLIC_BYTES], char **cause);

#endif
