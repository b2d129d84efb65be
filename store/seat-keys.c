/* seat-keys.c — the server's signature over a seat's key change (seat-keys.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/strbuf.h"
#include "store/seat-keys.h"

static void
add_field(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s) + 1);	/* with its NUL */
}

/* The signed message (seat-keys.h); caller frees, *len its length. */
static char *
message(const struct seat_key_change *k, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char num[32];

	add_field(&sb, SEAT_KEY_SIG_CONTEXT);
	add_field(&sb, k->game);
	add_field(&sb, k->seat);
	snprintf(num, sizeof num, "%llu", (unsigned long long)k->phase);
	add_field(&sb, num);
	snprintf(num, sizeof num, "%llu", (unsigned long long)k->orders_before);
	add_field(&sb, num);
	add_field(&sb, k->old_key_type);
	add_field(&sb, k->old_key);
	add_field(&sb, k->key_type);
	strbuf_addstr(&sb, k->key);
	return strbuf_detach(&sb, len);
}

void
seat_key_sign(const unsigned char sk[64], const struct seat_key_change *k,
    unsigned char sig[SEAT_KEY_SIG_BYTES])
{
	size_t len;
	char *m = message(k, &len);

	crypto_sign_detached(sig, NULL, (const unsigned char *)m, len, sk);
	free(m);
}

int
seat_key_sig_verify(const unsigned char pk[32], const struct seat_key_change *k,
    const unsigned char sig[SEAT_KEY_SIG_BYTES])
{
	size_t len;
	char *m = message(k, &len);
	int rc = crypto_sign_verify_detached(sig, (const unsigned char *)m, len, pk);

	free(m);
	return rc == 0 ? 0 : -1;
}
