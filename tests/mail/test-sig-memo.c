/*
 * test-sig-memo.c — sig_verify_memo() (mail/sig-memo.h): a valid signature
 * is found remembered the second time, and nothing else is: another key,
 * other bytes, another signature text each go to a real check and fail
 * with sig_verify()'s reason.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/keyfile.h"
#include "lib/xmalloc.h"
#include "mail/pubkey.h"
#include "mail/sig-memo.h"
#include "mail/sig.h"
#include "tests/tap.h"

int
main(void)
{
	static const char msg[] = "-----BEGIN MUTHUR ORDERS-----\ngame: g\n";
	unsigned char pk[KEY_PUBLIC_BYTES], sk[KEY_SECRET_BYTES];
	unsigned char pk2[KEY_PUBLIC_BYTES], sk2[KEY_SECRET_BYTES];
	struct pubkey k, k2;
	char *sig, *sig2, *cause = NULL, *want = NULL;
	size_t len = sizeof msg - 1, i;
	unsigned long h0;

	if (sodium_init() < 0)
		return 1;
	key_generate(pk, sk);
	key_generate(pk2, sk2);
	memset(&k, 0, sizeof k);
	k.kind = PUBKEY_MUTHUR;
	memcpy(k.key, pk, sizeof pk);
	k2 = k;
	memcpy(k2.key, pk2, sizeof pk2);
	sig = sig_muthur_sign(sk, msg, len);
	sig2 = sig_muthur_sign(sk2, msg, len);

	h0 = sig_memo_hits();
	is_int(sig_verify_memo(&k, msg, len, sig, strlen(sig), &cause), 0, "valid: verifies");
	is_int((int)(sig_memo_hits() - h0), 0, "the first time it is checked");
	is_int(sig_verify_memo(&k, msg, len, sig, strlen(sig), &cause), 0, "again: verifies");
	is_int((int)(sig_memo_hits() - h0), 1, "the second time it is found remembered");

	h0 = sig_memo_hits();
	ok(sig_verify(&k2, msg, len, sig, strlen(sig), &want) == -1 && want != NULL,
	    "another key: sig_verify refuses it");
	is_int(sig_verify_memo(&k2, msg, len, sig, strlen(sig), &cause), -1,
	    "another key: refused");
	is_str(cause, want, "with sig_verify()'s reason");
	free(cause);
	cause = NULL;
	is_int(sig_verify_memo(&k, msg, len - 1, sig, strlen(sig), &cause), -1,
	    "one byte less: refused");
	free(cause);
	cause = NULL;
	is_int(sig_verify_memo(&k, msg, len, sig2, strlen(sig2), &cause), -1,
	    "another key's signature text: refused");
	free(cause);
	cause = NULL;
	is_int((int)(sig_memo_hits() - h0), 0, "none of them found remembered");
	is_int(sig_verify_memo(&k, msg, len, sig2, strlen(sig2), &cause), -1,
	    "a failure is not remembered: refused again");
	free(cause);
	cause = NULL;

	/* more than SIG_MEMO_SLOTS other answers: the first is forgotten */
	for (i = 0; i < SIG_MEMO_SLOTS; i++) {
		char *m = xasprintf("%s%zu\n", msg, i), *s = sig_muthur_sign(sk, m, strlen(m));

		sig_verify_memo(&k, m, strlen(m), s, strlen(s), NULL);
		free(s);
		free(m);
	}
	h0 = sig_memo_hits();
	is_int(sig_verify_memo(&k, msg, len, sig, strlen(sig), &cause), 0,
	    "after %d others: still verifies", SIG_MEMO_SLOTS);
	is_int((int)(sig_memo_hits() - h0), 0, "checked again, forgotten");
	sig_memo_clear();
	h0 = sig_memo_hits();
	is_int(sig_verify_memo(&k, msg, len, sig, strlen(sig), &cause), 0,
	    "after sig_memo_clear: verifies");
	is_int((int)(sig_memo_hits() - h0), 0, "checked, not found");
	sodium_memzero(sk, sizeof sk);
	sodium_memzero(sk2, sizeof sk2);
	free(want);
	free(sig);
	free(sig2);
	return done_testing();
}
