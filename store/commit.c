/* commit.c — commitments to secrets: hash, sign, verify (see commit.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/commit.h"
#include "store/hashenc.h"

void
commit_hash(const char *domain, const char *game, const char *secret_id,
    const void *secret, size_t secret_len, const unsigned char nonce[COMMIT_NONCE_BYTES],
    unsigned char c[COMMIT_BYTES])
{
	crypto_generichash_state h;

	crypto_generichash_init(&h, NULL, 0, COMMIT_BYTES);
	hashenc_str(&h, domain);
	hashenc_str(&h, game);
	hashenc_str(&h, secret_id);
	hashenc_field(&h, secret, secret_len);
	crypto_generichash_update(&h, nonce, COMMIT_NONCE_BYTES);
	crypto_generichash_final(&h, c, COMMIT_BYTES);
}

/* The signed message; its length is returned, *msg is the caller's to free. */
static size_t
commit_sig_message(const char *domain, const char *game, const char *secret_id,
    const unsigned char c[COMMIT_BYTES], unsigned char **msg)
{
	size_t ctx = strlen(COMMIT_SIG_CONTEXT), ld = strlen(domain), lg = strlen(game),
	    li = strlen(secret_id), n = ctx + 12 + ld + lg + li + COMMIT_BYTES, o = 0;
	const char *parts[3] = { domain, game, secret_id };
	size_t lens[3] = { ld, lg, li };
	unsigned char *m = xmalloc(n);
	int i;

	memcpy(m, COMMIT_SIG_CONTEXT, ctx);
	o = ctx;
	for (i = 0; i < 3; i++) {
		m[o++] = (unsigned char)(lens[i] >> 24);
		m[o++] = (unsigned char)(lens[i] >> 16);
		m[o++] = (unsigned char)(lens[i] >> 8);
		m[o++] = (unsigned char)lens[i];
		memcpy(m + o, parts[i], lens[i]);
		o += lens[i];
	}
	memcpy(m + o, c, COMMIT_BYTES);
	*msg = m;
	return n;
}

void
commit_sign(const unsigned char sk[64], const char *domain, const char *game,
    const char *secret_id, const unsigned char c[COMMIT_BYTES],
    unsigned char sig[COMMIT_SIG_BYTES])
{
	unsigned char *m;
	size_t n = commit_sig_message(domain, game, secret_id, c, &m);

	crypto_sign_ed25519_detached(sig, NULL, m, n, sk);
	free(m);
}

int
commit_sig_verify(const unsigned char pk[32], const char *domain, const char *game,
    const char *secret_id, const unsigned char c[COMMIT_BYTES],
    const unsigned char sig[COMMIT_SIG_BYTES])
{
	unsigned char *m;
	size_t n = commit_sig_message(domain, game, secret_id, c, &m);
	int rc = crypto_sign_ed25519_verify_detached(sig, m, n, pk);

	free(m);
	return rc == 0 ? 0 : -1;
}

void
commit_create(const unsigned char sk[64], const char *domain, const char *game,
    const char *secret_id, const void *secret, size_t secret_len,
    unsigned char nonce[COMMIT_NONCE_BYTES], unsigned char c[COMMIT_BYTES],
    unsigned char sig[COMMIT_SIG_BYTES])
{
	randombytes_buf(nonce, COMMIT_NONCE_BYTES);
	commit_hash(domain, game, secret_id, secret, secret_len, nonce, c);
	commit_sign(sk, domain, game, secret_id, c, sig);
}

int
commit_open_verify(const char *domain, const char *game, const char *secret_id,
    const void *secret, size_t secret_len, const unsigned char nonce[COMMIT_NONCE_BYTES],
    const unsigned char c[COMMIT_BYTES], char **cause)
{
	unsigned char got[COMMIT_BYTES];

	commit_hash(domain, game, secret_id, secret, secret_len, nonce, got);
	if (sodium_memcmp(got, c, COMMIT_BYTES) != 0)
		return cause_set(cause, "the opening of %s/%s in game %s does not match "
		    "its commitment", domain, secret_id, game);
	return 0;
}
