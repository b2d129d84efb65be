/*
 * game-pass.c — a seat whose only legal order is `pass` is not asked
 * (PRODUCT.md §4; issue 33): when a phase opens, after the plans, the
 * server enters `pass` for every owing seat still without orders whose
 * legal orders are that alone (phase_only_pass(), the same test the
 * auditor makes), unless the seat's `set stops` names the phase. The pass
 * is an orders block like a player's, signed with the server's key
 * (sig_type PHASE_SERVER_ORDER), so the phase's orders are complete in
 * the record and the audit replays and checks it. A seat.passed event,
 * which only that seat sees, tells its next view.
 *
 * The other seats see the seat as not awaited, as they see a seat whose
 * plan answered the phase, and from everything they are shown the two
 * must not be told apart (issue 33): the pass's nonce enters the phase's
 * random stream, whose seed the next view opens, so a nonce anyone could
 * derive from public names would let a seat test "was it the server's
 * pass?" against the dice it saw. It is therefore keyed with the game's
 * shuffle seed (store/random.h), committed at new-game before any turn
 * seed and opened only when the game ends: fixed before the phase's seed
 * (the server chooses nothing of the randomness by it), unknown to the
 * seats while the game runs, and checkable from the full archive. A game
 * without a shuffle seed (started by an older muthur) keeps the public
 * derivation; its shuffles are computable by the seats anyway.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/game-int.h"
#include "daemon/phase-resolve.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/sig.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/random.h"

#define PASS_NONCE_DOMAIN "muthur-server-pass-v1"
#define PASS_NONCE_KEYED "muthur-server-pass-v2"

/*
 * The nonce of the server's pass for seat in phase seq: BLAKE2b keyed
 * with the shuffle seed over the v2 domain and the names, or (no shuffle
 * seed) unkeyed over the v1 domain.
 */
static int
pass_nonce(const struct game_ctx *c, struct game_live *l, const struct store_seat *seat,
    uint64_t seq, unsigned char nonce[RAND_NONCE_MIN], char **cause)
{
	unsigned char key[RAND_SEED_BYTES];
	struct strbuf id = STRBUF_INIT;
	int keyed;

	if ((keyed = store_shuffle_seed_get(c->st, l->game->id, key, cause)) == -1)
		return -1;
	strbuf_addf(&id, "%s%c%s%c%s%c%llu", keyed ? PASS_NONCE_KEYED :
	    PASS_NONCE_DOMAIN, 0, l->game->name, 0, seat->name, 0,
	    (unsigned long long)seq);
	crypto_generichash(nonce, RAND_NONCE_MIN, (const unsigned char *)id.s, id.len,
	    keyed ? key : NULL, keyed ? sizeof key : 0);
	sodium_memzero(key, sizeof key);
	strbuf_free(&id);
	return 0;
}

/* Enter `pass` for seat in the open phase (phase_id, seq). */
static int
pass_enter(const struct game_ctx *c, struct game_live *l, const struct store_seat *seat,
    int64_t phase_id, uint64_t seq, char **cause)
{
	unsigned char nonce[RAND_NONCE_MIN];
	char hex[2 * RAND_NONCE_MIN + 1], *sig, *key, *msgid, *payload;
	const char *phase = l->rules->phase(l->g);
	int turn = l->rules->turn(l->g), rc;
	struct strbuf block = STRBUF_INIT;
	cJSON *o;

	if (pass_nonce(c, l, seat, seq, nonce, cause) == -1)
		return -1;
	sodium_bin2hex(hex, sizeof hex, nonce, sizeof nonce);
	strbuf_addf(&block, ORDERS_BEGIN "\ngame: %s\nseat: %s\nturn: %d\nphase: %s\n"
	    "nonce: %s\n\npass\n" ORDERS_END "\n", l->game->name, seat->name, turn,
	    phase, hex);
	sig = sig_muthur_sign(c->key->sk, block.s, block.len);
	key = xasprintf("pass/%s/%llu/%s", l->game->name, (unsigned long long)seq,
	    seat->name);
	msgid = outbox_message_id(key, game_mail_domain(c));
	rc = store_order_put(c->st, phase_id, seat->id, block.s, block.len, sig,
	    strlen(sig), PHASE_SERVER_ORDER, nonce, sizeof nonce, msgid, c->now, NULL,
	    cause);
	if (rc == 0) {
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "type", "seat.passed");
		cJSON_AddStringToObject(o, "seat", seat->name);
		cJSON_AddNumberToObject(o, "turn", turn);
		cJSON_AddStringToObject(o, "phase", phase);
		payload = cJSON_PrintUnformatted(o);
		cJSON_Delete(o);
		rc = store_event_append(c->st, l->game->id, seq, "seat.passed", seat->name,
		    payload, strlen(payload), NULL, cause);
		free(payload);
	}
	free(msgid);
	free(key);
	free(sig);
	strbuf_free(&block);
	return rc;
}

int
game_passes_enter(const struct game_ctx *c, struct game_live *l, int64_t phase_id,
    uint64_t seq, char **cause)
{
	char **missing = NULL;
	size_t nmissing = 0, i, k;
	int idx, r, rc = 0;

	if (store_phase_missing(c->st, phase_id, &missing, &nmissing, cause) == -1)
		return -1;
	for (i = 0; i < nmissing && rc == 0; i++)
		for (k = 0; k < l->nseats && rc == 0; k++) {
			if (strcmp(l->seats[k].name, missing[i]) != 0)
				continue;
			idx = l->rules->seat_index(l->g, missing[i]);
			if (idx < 0 || !phase_only_pass(l->rules, l->g, (size_t)idx))
				continue;
			if ((r = game_seat_stopped(c, &l->seats[k], l->rules->phase(l->g),
			    cause)) == -1)
				rc = -1;
			else if (r == 0)
				rc = pass_enter(c, l, &l->seats[k], phase_id, seq, cause);
		}
	store_names_free(missing, nmissing);
	return rc;
}
