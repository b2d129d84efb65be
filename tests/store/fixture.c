/* fixture.c — realistic store transactions (see fixture.h). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/mailseen.h"
#include "store/orders.h"
#include "store/outbox.h"
#include "store/phases.h"
#include "store/random.h"
#include "tests/store/fixture.h"

static const char *const seat_names[FIX_SEATS] = { "rogue", "marines", "predator",
    "aliens" };

void
fix_server_key(struct server_key *key)
{
	unsigned char seed[32];

	memset(seed, 0x42, sizeof seed);
	crypto_sign_ed25519_seed_keypair(key->pk, key->sk, seed);
}

static int
fix_game_body(struct store *st, const struct server_key *key, const char *name,
    int64_t now, struct fix_game *g, char **cause)
{
	unsigned char card_hash[32];
	const char *owing[FIX_SEATS];
	char *email, *payload, *deck;
	int64_t phase_id;
	int i, rc;

	hashenc_blake2b256(card_hash, "sample cards", 12);
	if (store_game_create(st, name, "ccg", "contact", card_hash, key->pk, now, &g->id,
	    cause) == -1)
		return -1;
	snprintf(g->name, sizeof g->name, "%s", name);
	for (i = 0; i < FIX_SEATS; i++) {
		email = xasprintf("%s@example.org", seat_names[i]);
		rc = store_seat_add(st, g->id, seat_names[i], seat_names[i], email, "muthur",
		    "muthur-ed25519 AAAA", NULL, &g->seat_ids[i], cause);
		free(email);
		if (rc == -1)
			return -1;
		deck = xasprintf("deck of %s: card-1 card-2 card-3", seat_names[i]);
		rc = store_commitment_add(st, key, g->id, "ccg.deck", seat_names[i], deck,
		    strlen(deck), 0, NULL, NULL, NULL, NULL, cause);
		free(deck);
		if (rc == -1)
			return -1;
		owing[i] = seat_names[i];
	}
	if (store_state_put(st, g->id, 0, "{\"turn\":0}", 10, cause) == -1)
		return -1;
	payload = xasprintf("{\"game\":\"%s\",\"seats\":%d}", name, FIX_SEATS);
	rc = store_event_append(st, g->id, 0, "game.created", "all", payload,
	    strlen(payload), NULL, cause);
	free(payload);
	if (rc == -1 || store_game_set_status(st, g->id, GAME_RUNNING, cause) == -1)
		return -1;
	if (store_phase_open(st, g->id, 1, "turn.orders", owing, FIX_SEATS, 0, now,
	    &phase_id, NULL, cause) == -1)
		return -1;
	return store_seed_commit(st, key, phase_id, NULL, NULL, cause);
}

int
fix_game_new(struct store *st, const struct server_key *key, const char *name,
    int64_t now, struct fix_game *g, char **cause)
{
	int own = !store_in_transaction(st), rc;

	if (own && store_begin(st, cause) == -1)
		return -1;
	rc = fix_game_body(st, key, name, now, g, cause);
	if (own) {
		if (rc == -1)
			store_rollback(st);
		else
			rc = store_commit(st, cause);
	}
	return rc;
}

int
fix_games_new(struct store *st, const struct server_key *key, const char *prefix,
    int n, int64_t now, char **cause)
{
	struct fix_game fg;
	char name[64];
	int g;

	for (g = 0; g < n; g++) {
		if (g % 500 == 0 && store_begin(st, cause) == -1)
			return -1;
		snprintf(name, sizeof name, "%s-%d", prefix, g);
		if (fix_game_new(st, key, name, now, &fg, cause) == -1) {
			store_rollback(st);
			return cause_prefix(cause, "%s", name);
		}
		if ((g % 500 == 499 || g == n - 1) && store_commit(st, cause) == -1)
			return -1;
	}
	return 0;
}

int
fix_game_load(struct store *st, const char *name, struct fix_game *g, char **cause)
{
	struct store_seat *seats;
	struct store_game *sg;
	size_t n, i;

	if ((sg = store_game_get(st, name, cause)) == NULL)
		return -1;
	g->id = sg->id;
	snprintf(g->name, sizeof g->name, "%s", name);
	store_game_free(sg);
	if (store_seats(st, g->id, &seats, &n, cause) == -1)
		return -1;
	for (i = 0; i < n && i < FIX_SEATS; i++)
		g->seat_ids[i] = seats[i].id;
	store_seats_free(seats, n);
	return 0;
}

char *
fix_mail_message_id(uint64_t mail_no)
{
	return xasprintf("<order-%llu@example.org>", (unsigned long long)mail_no);
}

int
fix_order_mail(struct store *st, const struct fix_game *g, int seat, uint64_t mail_no,
    int64_t now, char **cause)
{
	struct store_phase *ph;
	unsigned char hash[32], nonce[16];
	char *msgid, *block, *key, *ackid, *ack;
	int seen, rc = -1;

	msgid = fix_mail_message_id(mail_no);
	if ((ph = store_phase_current(st, g->id, cause)) == NULL) {
		free(msgid);
		return -1;
	}
	/* The mail's bytes depend on mail_no alone: a redelivery is identical. */
	block = xasprintf("-----BEGIN MUTHUR ORDERS-----\ngame: %s\nseat: %s\nturn: %llu\n"
	    "phase: turn.orders\nnonce: %032llx\n\nattack hicks at alien-warrior-2\n"
	    "pass\n-----END MUTHUR ORDERS-----\n", g->name, seat_names[seat],
	    (unsigned long long)(mail_no + FIX_SEATS - 1) / FIX_SEATS,
	    (unsigned long long)mail_no);
	hashenc_blake2b256(hash, block, strlen(block));
	key = xasprintf("ack/%s", msgid);
	ackid = outbox_message_id(key, "club.example");
	ack = xasprintf("From: muthur@club.example\r\nTo: %s@example.org\r\n"
	    "Message-ID: %s\r\nIn-Reply-To: %s\r\nAuto-Submitted: auto-replied\r\n"
	    "Subject: orders accepted\r\n\r\nYour orders for %s are in.\r\n",
	    seat_names[seat], ackid, msgid, g->name);
	memset(nonce, 0, sizeof nonce);
	memcpy(nonce, &mail_no, sizeof mail_no);
	nonce[15] = (unsigned char)seat;
	if ((seen = store_mail_seen(st, msgid, hash, NULL, cause)) != 0) {
		rc = seen;
		goto out;
	}
	if (store_order_put(st, ph->id, g->seat_ids[seat], block, strlen(block),
	    "untrusted comment: fixture\nRWQ...\n", 34, "minisign", nonce, sizeof nonce,
	    msgid, now, NULL, cause) == -1)
		goto out;
	if (store_outbox_add(st, g->id, key, ackid, seat_names[seat], ack, strlen(ack),
	    now, NULL, cause) == -1)
		goto out;
	rc = store_mail_record(st, msgid, hash, g->id, "accepted", now, cause);
out:
	free(msgid);
	free(block);
	free(key);
	free(ackid);
	free(ack);
	store_phase_free(ph);
	return rc;
}

static int
advance_body(struct store *st, const struct server_key *key, const struct fix_game *g,
    const struct store_phase *ph, struct store_order *orders, size_t norders,
    int64_t now, char **cause)
{
	unsigned char seed[RAND_SEED_BYTES];
	struct rand_nonce *nonces;
	struct rand_stream rs;
	struct strbuf sb = STRBUF_INIT;
	const char *owing[FIX_SEATS];
	char *s, *sid, *mkey, *mid, *mail;
	int64_t next_id;
	uint64_t next_seq;
	int deck[8], i, rc = -1;

	if (store_seed_get(st, ph->id, seed, cause) == -1)
		return -1;
	store_orders_nonces(orders, norders, &nonces);
	rand_stream_init(&rs, seed, nonces, norders);
	free(nonces);
	sodium_memzero(seed, sizeof seed);
	strbuf_addf(&sb, "{\"phase\":%llu,\"orders\":%zu,\"rolls\":[",
	    (unsigned long long)ph->seq, norders);
	for (i = 0; i < 6; i++)
		strbuf_addf(&sb, "%s%u", i ? "," : "", rand_uniform(&rs, 6) + 1);
	for (i = 0; i < 8; i++)
		deck[i] = i;
	rand_shuffle(rand_uniform, &rs, deck, 8, sizeof deck[0]);
	strbuf_addstr(&sb, "],\"deck\":[");
	for (i = 0; i < 8; i++)
		strbuf_addf(&sb, "%s%d", i ? "," : "", deck[i]);
	strbuf_addstr(&sb, "]}");

	if (store_phase_close(st, ph->id, now, cause) == -1 ||
	    store_seed_reveal(st, ph->id, ph->seq, cause) == -1 ||
	    store_state_put(st, g->id, ph->seq, sb.s, sb.len, cause) == -1 ||
	    store_event_append(st, g->id, ph->seq, "phase.resolved", "all", sb.s, sb.len,
	    NULL, cause) == -1)
		goto out;
	for (i = 0; i < FIX_SEATS; i++) {
		s = xasprintf("{\"seat\":\"%s\",\"drew\":\"card-%d\"}", seat_names[i],
		    deck[i]);
		rc = store_event_append(st, g->id, ph->seq, "card.drawn", seat_names[i], s,
		    strlen(s), NULL, cause);
		free(s);
		if (rc == -1)
			goto out;
		owing[i] = seat_names[i];
	}
	rc = -1;
	/* A hidden marker made this phase, and last phase's revealed. */
	sid = xasprintf("marker-%llu", (unsigned long long)ph->seq);
	s = xasprintf("alien-warrior-%d", deck[0]);
	if (store_commitment_add(st, key, g->id, "ccg.marker", sid, s, strlen(s), ph->seq,
	    NULL, NULL, NULL, NULL, cause) == -1) {
		free(sid);
		free(s);
		goto out;
	}
	free(sid);
	free(s);
	if (ph->seq > 1) {
		sid = xasprintf("marker-%llu", (unsigned long long)ph->seq - 1);
		i = store_commitment_reveal(st, g->id, "ccg.marker", sid, ph->seq, cause);
		free(sid);
		if (i == -1)
			goto out;
	}
	if (store_phase_open(st, g->id, ph->turn + 1, "turn.orders", owing, FIX_SEATS, 0,
	    now, &next_id, &next_seq, cause) == -1 ||
	    store_seed_commit(st, key, next_id, NULL, NULL, cause) == -1)
		goto out;
	for (i = 0; i < FIX_SEATS; i++) {
		mkey = xasprintf("view/%s/%llu/%s", g->name, (unsigned long long)next_seq,
		    seat_names[i]);
		mid = outbox_message_id(mkey, "club.example");
		mail = xasprintf("From: muthur@club.example\r\nTo: %s@example.org\r\n"
		    "Message-ID: %s\r\nSubject: %s turn %d\r\n\r\n%s\r\n", seat_names[i],
		    mid, g->name, ph->turn + 1, sb.s);
		rc = store_outbox_add(st, g->id, mkey, mid, seat_names[i], mail,
		    strlen(mail), now, NULL, cause);
		free(mkey);
		free(mid);
		free(mail);
		if (rc == -1)
			goto out;
	}
	rc = 0;
out:
	strbuf_free(&sb);
	return rc;
}

int
fix_advance(struct store *st, const struct server_key *key, const struct fix_game *g,
    int64_t now, char **cause)
{
	struct store_phase *ph;
	struct store_order *orders;
	size_t n;
	int rc;

	if ((ph = store_phase_current(st, g->id, cause)) == NULL)
		return -1;
	if (store_orders_current(st, ph->id, &orders, &n, cause) == -1) {
		store_phase_free(ph);
		return -1;
	}
	rc = advance_body(st, key, g, ph, orders, n, now, cause);
	store_orders_free(orders, n);
	store_phase_free(ph);
	return rc;
}
