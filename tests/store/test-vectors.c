/*
 * test-vectors.c — known-answer vectors for commitments, the event chain,
 * the random stream and Message-IDs. The expected values were computed by
 * tests/store/vectors.py (Python hashlib, independent of this C code).
 */
#include "config.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/chain.h"
#include "store/commit.h"
#include "store/hashenc.h"
#include "store/outbox.h"
#include "store/random.h"
#include "tests/tap.h"

static void __attribute__((format(printf, 4, 5)))
is_hex(const unsigned char *p, size_t n, const char *want, const char *fmt, ...)
{
	char *h = hashenc_hex(p, n), name[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	is_str(h, want, "%s", name);
	free(h);
}

static void
test_commitments(void)
{
	unsigned char nonce[32], c[32], c2[32], sig[64], pk[32], sk[64], seed[32];
	unsigned char secret[32], ff[32], zero[32] = { 0 }, bad[64];
	const char *sec = "alien-warrior-2";
	size_t i;
	int all;

	for (i = 0; i < 32; i++)
		nonce[i] = (unsigned char)i;
	commit_hash("ccg.marker", "contact-17", "hicks", sec, strlen(sec), nonce, c);
	is_hex(c, 32, "ed66580b657b4a46ea7292bb8f26b45fde6677d03b1a724974b9f8e0f299b084",
	    "commitment vector 1 (hashlib)");
	memset(secret, 0xa5, sizeof secret);
	memset(ff, 0xff, sizeof ff);
	commit_hash("muthur.seed", "contact-17", "phase-1", secret, 32, ff, c2);
	is_hex(c2, 32, "fdc0291862ff948acb6d436590fcaeb31f35fde4e64eaa8227f0ac397abe10ba",
	    "commitment vector 2: a seed");
	commit_hash("d", "g", "i", "", 0, zero, c2);
	is_hex(c2, 32, "1679c4dd89e64d73e050b9c1dcce284dbb1566bcf64dbc84a8dd9f855bdb44d2",
	    "commitment vector 3: an empty secret");
	commit_hash("d", "g", "", "i", 1, zero, c2);
	is_hex(c2, 32, "e6057920a5a2480f4bf9757b04bf83ec23fa055aa27e669c42b37830235a35c6",
	    "commitment vector 4: same bytes, other split, other hash");

	memset(seed, 0x42, sizeof seed);
	crypto_sign_ed25519_seed_keypair(pk, sk, seed);
	commit_sign(sk, "ccg.marker", "contact-17", "hicks", c, sig);
	is_hex(sig, 64, "d080f259bbd368709eb8761da7f3bfac96aa308aa4e009c94e1818b20e84705d"
	    "2e9b7ec89a0f4cac7863b0074aa520d5dbd68e14bcb162076d47718b0e634705",
	    "signature vector (python cryptography Ed25519)");
	ok(commit_sig_verify(pk, "ccg.marker", "contact-17", "hicks", c, sig) == 0,
	    "the signature verifies");
	ok(commit_open_verify("ccg.marker", "contact-17", "hicks", sec, strlen(sec), nonce,
	    c, NULL) == 0, "the opening verifies");

	/* Any changed byte of secret, nonce, id or signature fails. */
	all = 1;
	for (i = 0; i < strlen(sec); i++) {
		char *s2 = xstrdup(sec);

		s2[i] ^= 0x01;
		all &= commit_open_verify("ccg.marker", "contact-17", "hicks", s2,
		    strlen(s2), nonce, c, NULL) == -1;
		free(s2);
	}
	ok(all, "every changed byte of the secret fails the opening");
	all = 1;
	for (i = 0; i < 32; i++) {
		unsigned char n2[32];

		memcpy(n2, nonce, 32);
		n2[i] ^= 0x80;
		all &= commit_open_verify("ccg.marker", "contact-17", "hicks", sec,
		    strlen(sec), n2, c, NULL) == -1;
	}
	ok(all, "every changed byte of the nonce fails the opening");
	all = 1;
	for (i = 0; i < 5; i++) {
		char id[] = "hicks";

		id[i] ^= 0x20;
		all &= commit_open_verify("ccg.marker", "contact-17", id, sec,
		    strlen(sec), nonce, c, NULL) == -1;
		all &= commit_sig_verify(pk, "ccg.marker", "contact-17", id, c, sig) == -1;
	}
	ok(all, "every changed byte of the secret-id fails opening and signature");
	ok(commit_open_verify("ccg.markers", "contact-17", "hicks", sec, strlen(sec),
	    nonce, c, NULL) == -1, "another domain fails the opening");
	ok(commit_open_verify("ccg.marker", "contact-18", "hicks", sec, strlen(sec),
	    nonce, c, NULL) == -1, "another game fails the opening");
	all = 1;
	for (i = 0; i < 64; i++) {
		memcpy(bad, sig, 64);
		bad[i] ^= 0x01;
		all &= commit_sig_verify(pk, "ccg.marker", "contact-17", "hicks", c,
		    bad) == -1;
	}
	ok(all, "every changed byte of the signature fails");
	all = 1;
	for (i = 0; i < 32; i++) {
		memcpy(c2, c, 32);
		c2[i] ^= 0x01;
		all &= commit_sig_verify(pk, "ccg.marker", "contact-17", "hicks", c2,
		    sig) == -1;
		all &= commit_open_verify("ccg.marker", "contact-17", "hicks", sec,
		    strlen(sec), nonce, c2, NULL) == -1;
	}
	ok(all, "every changed byte of the commitment fails signature and opening");

	commit_create(sk, "ccg.deck", "contact-17", "marines", "abc", 3, nonce, c, sig);
	ok(commit_open_verify("ccg.deck", "contact-17", "marines", "abc", 3, nonce, c,
	    NULL) == 0 && commit_sig_verify(pk, "ccg.deck", "contact-17", "marines", c,
	    sig) == 0, "commit_create makes an opening and a signature that verify");
	commit_create(sk, "ccg.deck", "contact-17", "marines", "abc", 3, ff, c2, sig);
	ok(memcmp(c, c2, 32) != 0 && memcmp(nonce, ff, 32) != 0,
	    "commit_create draws a fresh nonce each time");
}

static void
test_chain(void)
{
	static const char *const want[] = {
		"c6f3810ea80e12c6103fe1174303e17e44c8909900175263f6c7412f63f76609",
		"7b3bb05051b40e539907d0603f94d760293bd9f50e6f9ea74ee0a7fbf0db2cb4",
		"96fcd9b55e348224116a3f55d5ffc6e4ba9a84e34440458892ff6738cab0fc3a",
	};
	struct chain_event ev[3] = {
		{ "contact-17", 1, 0, "game.created", "all", "{\"rules\":\"ccg\"}", 15 },
		{ "contact-17", 2, 1, "phase.opened", "all", "{\"turn\":1}", 10 },
		{ "contact-17", 3, 1, "card.drawn", "marines", "{\"card\":\"pvt-hudson\"}", 21 },
	};
	unsigned char prev[32], h[32];
	int i;

	memcpy(prev, chain_genesis, 32);
	for (i = 0; i < 3; i++) {
		chain_hash(prev, &ev[i], h);
		is_hex(h, 32, want[i], "event chain vector %d (hashlib)", i + 1);
		memcpy(prev, h, 32);
	}
}

static void
draws(struct rand_stream *rs, int n, uint32_t bound, int add, int hexfmt,
    struct strbuf *sb)
{
	int i;

	for (i = 0; i < n; i++) {
		uint32_t x = bound == 0 ? rand_u32(rs) : rand_uniform(rs, bound) + add;

		if (hexfmt)
			strbuf_addf(sb, "%s%08x", i ? " " : "", x);
		else
			strbuf_addf(sb, "%s%u", i ? " " : "", x);
	}
}

static void
test_random(void)
{
	unsigned char seed[32], n1[RAND_NONCE_MAX], n2[20];
	struct rand_nonce nonces[2];
	struct rand_stream rs;
	struct strbuf sb = STRBUF_INIT;
	int deck[10], i;
	size_t len;

	for (i = 0; i < 32; i++)
		seed[i] = (unsigned char)(32 + i);
	rand_nonce_parse("6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7", n1, &len, NULL);
	memset(n2, 0xaa, sizeof n2);
	nonces[0].bytes = n1;
	nonces[0].len = len;
	nonces[1].bytes = n2;
	nonces[1].len = sizeof n2;

	rand_stream_init(&rs, seed, nonces, 2);
	is_hex(rs.key, 32, "b5f431e7188101f7e4447595c0b18c169aa74d149bc44ed854088084b988496c",
	    "stream key vector (hashlib)");
	draws(&rs, 20, 0, 0, 1, &sb);
	is_str(strbuf_str(&sb), "1e2f35eb 464a6edc 19312149 64f56204 0f124ad5 0eb00813 "
	    "11bc117b 1dc8d4a9 3d4bb881 5adbb304 2d4a452a 84a2e780 78938313 48c2e94a "
	    "53f2420b cef50b59 fca8092f 5d7110ff 12637558 ccb3aac7",
	    "first 20 words of the stream, across a block boundary");
	strbuf_reset(&sb);
	rand_stream_init(&rs, seed, nonces, 2);
	draws(&rs, 30, 6, 1, 0, &sb);
	is_str(strbuf_str(&sb), "6 1 4 1 6 2 4 2 6 1 3 3 4 1 4 6 6 4 5 6 1 4 3 3 2 4 1 1 5 3",
	    "30 d6 rolls");
	strbuf_reset(&sb);
	rand_stream_init(&rs, seed, nonces, 2);
	draws(&rs, 16, 3000000000u, 0, 0, &sb);
	is_str(strbuf_str(&sb), "506410475 1179283164 422650185 1693803012 252857045 "
	    "246417427 297537915 499700905 1028372609 1524347652 759842090 2225268608 "
	    "2022933267 1220733258 1408385547 1567691007",
	    "a bound near 2^32 rejects draws as the vector says");
	strbuf_reset(&sb);
	rand_stream_init(&rs, seed, NULL, 0);
	for (i = 0; i < 10; i++)
		deck[i] = i;
	rand_shuffle(rand_uniform, &rs, deck, 10, sizeof deck[0]);
	for (i = 0; i < 10; i++)
		strbuf_addf(&sb, "%s%d", i ? " " : "", deck[i]);
	is_str(strbuf_str(&sb), "5 0 2 6 1 3 4 9 7 8", "Fisher-Yates shuffle of 0..9");
	/* the hidden stream of phase 7 from the shuffle seed 0x40..0x5f */
	{
		unsigned char shuffle_seed[32];

		for (i = 0; i < 32; i++)
			shuffle_seed[i] = (unsigned char)(64 + i);
		strbuf_reset(&sb);
		rand_hidden_stream_init(&rs, shuffle_seed, 7, nonces, 2);
		for (i = 0; i < 10; i++)
			deck[i] = i;
		rand_shuffle(rand_uniform, &rs, deck, 10, sizeof deck[0]);
		for (i = 0; i < 10; i++)
			strbuf_addf(&sb, "%s%d", i ? " " : "", deck[i]);
		is_str(strbuf_str(&sb), "0 6 9 1 3 5 7 2 8 4",
		    "the hidden stream of phase 7 shuffles 0..9 as the vector says");
	}
	strbuf_free(&sb);
}

int
main(void)
{
	char *id;
	unsigned char h[32];

	if (sodium_init() < 0)
		skip_all("libsodium cannot initialise");
	test_commitments();
	test_chain();
	test_random();
	id = outbox_message_id("view/contact-17/3/marines", "club.example");
	is_str(id, "<muthur.f915ed2f9acaf8e374a5118ac244fa69@club.example>",
	    "Message-ID vector (hashlib)");
	free(id);
	hashenc_blake2b256(h, "opaque state bytes", 18);
	is_hex(h, 32, "cb5310765e4761746e72be99a07de34bce4a7a81bd68bf19135deee57197b0cf",
	    "state hash vector");
	return done_testing();
}
