/* sig-memo.c — sig_verify() remembering what verified (sig-memo.h). */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include <sodium.h>

#include "mail/pubkey.h"
#include "mail/sig-memo.h"
#include "mail/sig.h"

static unsigned char memo[SIG_MEMO_SLOTS][32];
static size_t memo_n, memo_next;
static unsigned long memo_hits;

static void
add_len(crypto_generichash_state *h, size_t n)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)((uint64_t)n >> (8 * i));
	crypto_generichash_update(h, b, sizeof b);
}

/* The digest of every input of a verification. */
static void
memo_key(unsigned char out[32], const struct pubkey *pk, const char *bytes, size_t len,
    const char *sig, size_t siglen)
{
	crypto_generichash_state h;
	unsigned char kind = (unsigned char)pk->kind;

	crypto_generichash_init(&h, (const unsigned char *)"muthur sig memo", 15, 32);
	crypto_generichash_update(&h, &kind, 1);
	crypto_generichash_update(&h, pk->key, sizeof pk->key);
	crypto_generichash_update(&h, pk->minisign_id, sizeof pk->minisign_id);
	add_len(&h, len);
	crypto_generichash_update(&h, (const unsigned char *)bytes, len);
	add_len(&h, siglen);
	crypto_generichash_update(&h, (const unsigned char *)sig, siglen);
	crypto_generichash_final(&h, out, 32);
}

int
sig_verify_memo(const struct pubkey *pk, const char *signed_bytes, size_t len,
    const char *signature_text, size_t siglen, char **cause)
{
	unsigned char key[32];
	size_t i;

	if (signed_bytes == NULL || signature_text == NULL)
		return sig_verify(pk, signed_bytes, len, signature_text, siglen, cause);
	memo_key(key, pk, signed_bytes, len, signature_text, siglen);
	for (i = 0; i < memo_n; i++)
		if (sodium_memcmp(memo[i], key, sizeof key) == 0) {
			memo_hits++;
			return 0;
		}
	if (sig_verify(pk, signed_bytes, len, signature_text, siglen, cause) == -1)
		return -1;
	memcpy(memo[memo_next], key, sizeof key);
	memo_next = (memo_next + 1) % SIG_MEMO_SLOTS;
	if (memo_n < SIG_MEMO_SLOTS)
		memo_n++;
	return 0;
}

void
sig_memo_clear(void)
{
	sodium_memzero(memo, sizeof memo);
	memo_n = memo_next = 0;
}

unsigned long
sig_memo_hits(void)
{
	return memo_hits;
}
