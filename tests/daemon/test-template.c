/*
 * test-template — doc/product.md §3 "The template is signable as mailed":
 * whole four-seat Contact games are played (the view fixture), and at every
 * phase every owing seat's orders block, as its view mails it with only
 * the nonce replaced, is signed, verified, parsed and checked by the rules:
 * every one is accepted. Comment lines of the template are no orders, and
 * "pass" is uncommented only where the rules accept it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "daemon/view.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/pubkey.h"
#include "mail/sig.h"
#include "tests/daemon/test-view-fixture.h"
#include "tests/tap.h"

#define NONCE "6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7"

/* Sign seat's template as mailed; 1 when every step accepts it. */
static int
template_accepted(struct vfx *x, size_t seat, const struct pubkey *pk,
    const unsigned char sk[64], char **why)
{
	struct view_facts f;
	struct strbuf text = STRBUF_INIT;
	struct orders *o;
	cJSON *model;
	const char *tb, *at;
	char *block, *sig, *cause = NULL;
	size_t i;
	int r = 0;

	vfx_facts(x, seat, 0, 0, &f);
	model = view_model_build(x->R, x->g, (int)seat, &f, &cause);
	tb = cJSON_GetStringValue(cJSON_GetObjectItem(model, "orders_block"));
	if (tb == NULL || (at = strstr(tb, VIEW_NONCE_PLACEHOLDER)) == NULL) {
		*why = xasprintf("no orders block with a nonce placeholder (%s)",
		    cause ? cause : "");
		free(cause);
		cJSON_Delete(model);
		return 0;
	}
	block = xasprintf("%.*s%s%s", (int)(at - tb), tb, NONCE,
	    at + strlen(VIEW_NONCE_PLACEHOLDER));
	cJSON_Delete(model);
	sig = sig_muthur_sign(sk, block, strlen(block));
	if (sig_verify(pk, block, strlen(block), sig, strlen(sig), &cause) != 0)
		*why = xasprintf("signature: %s", cause);
	else if ((o = orders_parse(block, strlen(block), &cause)) == NULL)
		*why = xasprintf("block: %s\n%s", cause, block);
	else {
		for (i = 0; i < o->nlines; i++)
			strbuf_addf(&text, "%s\n", o->lines[i].text);
		if (x->R->check(x->g, seat, strbuf_str(&text), &cause) != 0)
			*why = xasprintf("check: %s\n%s", cause, block);
		else
			r = 1;
		orders_free(o);
	}
	free(cause);
	free(sig);
	free(block);
	strbuf_free(&text);
	return r;
}

int
main(void)
{
	static const uint64_t seeds[] = { 7, 23 };
	unsigned char sk[64];
	struct pubkey pk;
	size_t k, s;

	if (sodium_init() < 0) {
		printf("Bail out! libsodium\n");
		return 1;
	}
	memset(&pk, 0, sizeof pk);
	pk.kind = PUBKEY_MUTHUR;
	crypto_sign_keypair(pk.key, sk);
	for (k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
		struct vfx x;
		char *cause = NULL, *why = NULL;
		int rc = 1, phases = 0, templates = 0, refused = 0, locations = 0;

		memset(&x, 0, sizeof x);
		if (vfx_init(&x, NULL, seeds[k], &cause) != 0) {
			printf("Bail out! %s\n", cause);
			return 1;
		}
		while (rc == 1 && phases < 2000) {
			for (s = 0; s < x.R->nseats(x.g); s++) {
				if (!x.R->owes(x.g, s))
					continue;
				templates++;
				locations += strcmp(x.R->phase(x.g),
				    "movement.locations") == 0;
				if (!template_accepted(&x, s, &pk, sk, &why)) {
					if (refused++ < 3)
						diag("seed %llu, turn %d, %s, seat %s: %s",
						    (unsigned long long)seeds[k],
						    x.R->turn(x.g), x.R->phase(x.g),
						    x.R->seat_name(x.g, s), why);
					free(why);
					why = NULL;
				}
			}
			rc = vfx_step(&x);
			phases++;
		}
		ok(rc == 0, "seed %llu: the game ends (%d phases)",
		    (unsigned long long)seeds[k], phases);
		ok(templates > 0 && locations > 0 && refused == 0,
		    "seed %llu: all %d templates (%d of movement.locations) are "
		    "accepted as mailed (%d refused)", (unsigned long long)seeds[k],
		    templates, locations, refused);
		vfx_free(&x);
	}
	return done_testing();
}
