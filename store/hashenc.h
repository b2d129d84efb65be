/*
 * hashenc.h — the unambiguous byte encodings fed to BLAKE2b by commit.c,
 * chain.c and random.c (documented in doc/commitments.md). Pure code.
 */
#ifndef MUTHUR_STORE_HASHENC_H
#define MUTHUR_STORE_HASHENC_H

#include <stddef.h>
#include <stdint.h>

#include <sodium.h>

/* Feed a 32-bit big-endian unsigned integer. */
void hashenc_u32(crypto_generichash_state *h, uint32_t v);
/* Feed a 64-bit big-endian unsigned integer. */
void hashenc_u64(crypto_generichash_state *h, uint64_t v);
/* Feed a length-prefixed field: u32be(len) then the len bytes. */
void hashenc_field(crypto_generichash_state *h, const void *p, size_t len);
/* The same for a C string (its bytes, without the NUL). */
void hashenc_str(crypto_generichash_state *h, const char *s);
/* BLAKE2b-256 of len bytes at p (unkeyed). */
void hashenc_blake2b256(unsigned char out[32], const void *p, size_t len);
/* Lower-case hex of len bytes: a new string. */
char *hashenc_hex(const unsigned char *p, size_t len);

#endif
