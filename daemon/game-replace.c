/*
 * game-replace.c — replacing the player of a seat of a started game
 * (`muthur seat` on a seated seat, the organiser's `replace` by mail):
 * the key change is a seat.replaced event in the game's chain, signed by
 * the server (store/seat-keys.h), so that the auditor checks each of the
 * seat's orders against the key in force when it was made
 * (doc/game-record.md "Seat replacement"). The old player gets a notice,
 * the new one the current view.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/compose.h"
#include "mail/pubkey.h"
#include "store/hashenc.h"
#include "store/orders.h"
#include "store/plans.h"
#include "store/seat-keys.h"

int
game_key_parse(const char *arg, char **type, char **text, char **cause)
{
	struct pubkey pk;

	if (pubkey_from_arg(arg, &pk, cause) == -1)
		return -1;
	*text = pubkey_format(&pk);
	*type = xstrdup(pk.kind == PUBKEY_MUTHUR ? "muthur" :
	    pk.kind == PUBKEY_MINISIGN ? "minisign" : "ssh");
	return 0;
}

/* How many orders of seat_id phase_id holds (superseded ones too). */
static int
orders_of_seat(struct store *st, int64_t phase_id, int64_t seat_id, uint64_t *n,
    char **cause)
{
	struct store_order *o = NULL;
	size_t k, no = 0;

	*n = 0;
	if (store_orders_all(st, phase_id, &o, &no, cause) == -1)
		return -1;
	for (k = 0; k < no; k++)
		*n += o[k].seat_id == seat_id;
	store_orders_free(o, no);
	return 0;
}

/* The seat.replaced payload of k, with the server's signature. */
static cJSON *
replaced_payload(const struct game_ctx *c, const struct seat_key_change *k)
{
	unsigned char sig[SEAT_KEY_SIG_BYTES];
	cJSON *o = cJSON_CreateObject();
	char *hex;

	seat_key_sign(c->key->sk, k, sig);
	hex = hashenc_hex(sig, sizeof sig);
	cJSON_AddStringToObject(o, "type", "seat.replaced");
	cJSON_AddStringToObject(o, "seat", k->seat);
	cJSON_AddNumberToObject(o, "orders_before", (double)k->orders_before);
	cJSON_AddStringToObject(o, "old_key_type", k->old_key_type);
	cJSON_AddStringToObject(o, "old_key", k->old_key);
	cJSON_AddStringToObject(o, "key_type", k->key_type);
	cJSON_AddStringToObject(o, "key", k->key);
	cJSON_AddStringToObject(o, "sig", hex);
	free(hex);
	return o;
}

/*
 * Keep the seat's address before the change in its internal setting
 * "former_emails" (LF-terminated lines, game-mail.c): a mail from there
 * is told the seat is no longer its sender's.
 */
static int
former_address_add(const struct game_ctx *c, const struct store_seat *s,
    char **cause)
{
	char *v = NULL, *nv;
	int rc;

	if ((rc = store_seat_setting_get(c->st, s->id, GAME_FORMER_EMAILS, &v,
	    cause)) == -1)
		return -1;
	nv = xasprintf("%s%s\n", rc == 1 ? v : "", s->email);
	rc = store_seat_setting_put(c->st, s->id, GAME_FORMER_EMAILS, nv, cause);
	free(nv);
	free(v);
	return rc;
}

/* The notice to the old player and the view to the new one. */
static int
replace_mails(const struct game_ctx *c, struct game_live *l, struct store_seat *s,
    const char *old_email, uint64_t ev, const char *by, char **cause)
{
	const char *lines[2];
	char *key, *l0;
	int rc;

	key = xasprintf("replaced/%s/%llu/%s/old", l->game->name,
	    (unsigned long long)ev, s->name);
	l0 = xasprintf("The %s gave seat %s of game %s to another player.", by, s->name,
	    l->game->name);
	lines[0] = l0;
	lines[1] = "Orders signed with your key are no longer accepted for this seat; "
	    "those you sent before stay on the record and are audited with your key.";
	rc = game_notice_queue(c, l->game, key, old_email, s->name,
	    "you no longer play this seat", lines, 2, 0, cause);
	free(l0);
	free(key);
	if (rc == -1)
		return -1;
	key = xasprintf("replaced/%s/%llu/%s", l->game->name, (unsigned long long)ev,
	    s->name);
	rc = game_view_queue_seat(c, l, s->name, key, cause);
	free(key);
	return rc;
}

int
game_replace(const struct game_ctx *c, const char *name, const char *seat,
    const char *email, const char *key, const char *by, char **cause)
{
	struct seat_key_change k;
	struct store_phase *ph = NULL;
	struct store_seat *s = NULL;
	struct game_live *l;
	char *type = NULL, *text = NULL, *old_email = NULL;
	uint64_t ev;
	size_t i;
	int rc = -1;

	if (compose_addr_check("e-mail", email, cause) == -1 ||
	    game_key_parse(key, &type, &text, cause) == -1)
		return -1;
	if ((l = game_live_load(c->st, name, cause)) == NULL)
		goto out;
	if (strcmp(l->game->status, GAME_RUNNING) != 0 &&
	    strcmp(l->game->status, GAME_PAUSED) != 0) {
		cause_set(cause, "game %s is %s: its seats can no longer be replaced",
		    name, l->game->status);
		goto out;
	}
	for (i = 0; i < l->nseats; i++)
		if (strcasecmp(l->seats[i].name, seat) == 0)
			s = &l->seats[i];
	if (s == NULL) {
		cause_set(cause, "game %s has no seat %s (a started game takes no new "
		    "seats)", name, seat);
		goto out;
	}
	if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
		goto out;
	memset(&k, 0, sizeof k);
	k.game = l->game->name;
	k.seat = s->name;
	k.phase = ph->seq;
	k.old_key_type = s->key_type;
	k.old_key = s->public_key;
	k.key_type = type;
	k.key = text;
	if (store_unit_begin(c->st, cause) == -1)
		goto out;
	rc = orders_of_seat(c->st, ph->id, s->id, &k.orders_before, cause);
	if (rc == 0)
		rc = game_clock_event(c, l, ph->seq, replaced_payload(c, &k), &ev, cause);
	if (rc == 0)
		rc = store_seat_replace(c->st, s->id, email, type, text, cause);
	if (rc == 0 && strcasecmp(s->email, email) != 0)
		rc = former_address_add(c, s, cause);
	if (rc == 0) {
		old_email = s->email;
		s->email = xstrdup(email);
		free(s->key_type);
		s->key_type = type;
		free(s->public_key);
		s->public_key = text;
		type = text = NULL;
		rc = replace_mails(c, l, s, old_email, ev, by, cause);
	}
	if (rc == 0)
		log_info("game %s: seat %s replaced by the %s (%s; key change in event "
		    "%llu)", name, s->name, by, email, (unsigned long long)ev);
	rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
out:
	free(old_email);
	store_phase_free(ph);
	game_live_free(l);
	free(type);
	free(text);
	return rc;
}
