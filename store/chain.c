/* chain.c — the event hash chain (see chain.h). */
#include "config.h"

#include <sodium.h>

#include "store/chain.h"
#include "store/hashenc.h"

const unsigned char chain_genesis[CHAIN_HASH_BYTES];

void
chain_hash(const unsigned char prev[CHAIN_HASH_BYTES], const struct chain_event *ev,
    unsigned char hash[CHAIN_HASH_BYTES])
{
	crypto_generichash_state h;

	crypto_generichash_init(&h, NULL, 0, CHAIN_HASH_BYTES);
	crypto_generichash_update(&h, prev, CHAIN_HASH_BYTES);
	hashenc_str(&h, ev->game);
	hashenc_u64(&h, ev->seq);
	hashenc_u64(&h, ev->phase_seq);
	hashenc_str(&h, ev->type);
	hashenc_str(&h, ev->visibility);
	hashenc_field(&h, ev->payload, ev->payload_len);
	crypto_generichash_final(&h, hash, CHAIN_HASH_BYTES);
}
