/*
 * audit-keys.c — the key history of an archive's seats: the seat.replaced
 * events of the chain (daemon/game-clock.h, store/seat-keys.h). Each must
 * carry the server's signature over the change, follow on from the key
 * before it (the first from the seat's first key), and the last must give
 * the key the archive's seat lists; each order is then checked against
 * the key in force when it was made (audit_keys_at()).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/audit-int.h"
#include "lib/xmalloc.h"
#include "store/seat-keys.h"

struct key_change {
	const struct archive_seat *seat;
	uint64_t	 phase;
	uint64_t	 orders_before;
	char		*old_key;
	char		*key;
};

struct audit_keys {
	struct key_change	*v;
	size_t			 n;
};

static const char *
str_of(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static size_t
seat_orders(const struct archive *a, uint64_t phase, const char *seat)
{
	const struct archive_phase *ph = archive_phase_find(a, phase);
	size_t j, n = 0;

	for (j = 0; ph != NULL && j < ph->norders; j++)
		n += strcmp(ph->orders[j].seat, seat) == 0;
	return n;
}

/* One seat.replaced event: checked, and added to k when it holds. */
static void
load_one(const struct archive *a, const struct archive_event *e, struct audit_keys *k,
    struct audit_report *r)
{
	struct seat_key_change ch;
	const struct archive_seat *seat = NULL;
	unsigned char sig[SEAT_KEY_SIG_BYTES];
	const cJSON *ob;
	const char *s, *hex, *prev = NULL;
	char rec[64];
	size_t i, siglen = 0;
	cJSON *o;

	snprintf(rec, sizeof rec, "event %llu (seat.replaced)", (unsigned long long)e->seq);
	o = cJSON_ParseWithLength(e->payload, e->payload_len);
	memset(&ch, 0, sizeof ch);
	ch.game = a->game;
	ch.phase = e->phase;
	ch.seat = s = str_of(o, "seat");
	ch.old_key_type = str_of(o, "old_key_type");
	ch.old_key = str_of(o, "old_key");
	ch.key_type = str_of(o, "key_type");
	ch.key = str_of(o, "key");
	hex = str_of(o, "sig");
	ob = cJSON_GetObjectItemCaseSensitive(o, "orders_before");
	for (i = 0; s != NULL && i < a->nseats; i++)
		if (strcmp(a->seats[i].name, s) == 0)
			seat = &a->seats[i];
	if (s == NULL || ch.old_key_type == NULL || ch.old_key == NULL ||
	    ch.key_type == NULL || ch.key == NULL || hex == NULL || !cJSON_IsNumber(ob) ||
	    ob->valuedouble < 0) {
		audit_fail(r, rec, "the key change lacks a field (seat, orders_before, "
		    "old_key_type, old_key, key_type, key, sig)");
		goto out;
	}
	ch.orders_before = (uint64_t)ob->valuedouble;
	if (seat == NULL) {
		audit_fail(r, rec, "names %s, which is no seat", s);
		goto out;
	}
	r->server_sigs++;
	if (sodium_hex2bin(sig, sizeof sig, hex, strlen(hex), NULL, &siglen, NULL) != 0 ||
	    siglen != sizeof sig || hex[2 * sizeof sig] != '\0' ||
	    seat_key_sig_verify(a->server_key, &ch, sig) == -1)
		audit_fail(r, rec, "the server's signature over the key change of seat %s "
		    "does not verify: the key history was altered", s);
	for (i = 0; i < k->n; i++)
		if (k->v[i].seat == seat)
			prev = k->v[i].key;
	if (prev != NULL && strcmp(prev, ch.old_key) != 0)
		audit_fail(r, rec, "the old key of seat %s is not the key its previous change "
		    "gave", s);
	if (a->scope == ARCHIVE_FULL && ch.orders_before > seat_orders(a, e->phase, s))
		audit_fail(r, rec, "counts %llu orders of seat %s before the change, but "
		    "phase %llu holds fewer", (unsigned long long)ch.orders_before, s,
		    (unsigned long long)e->phase);
	k->v = xreallocarray(k->v, k->n + 1, sizeof *k->v);
	k->v[k->n].seat = seat;
	k->v[k->n].phase = e->phase;
	k->v[k->n].orders_before = ch.orders_before;
	k->v[k->n].old_key = xstrdup(ch.old_key);
	k->v[k->n].key = xstrdup(ch.key);
	k->n++;
out:
	cJSON_Delete(o);
}

struct audit_keys *
audit_keys_load(const struct archive *a, struct audit_report *r)
{
	struct audit_keys *k = xcalloc(1, sizeof *k);
	const char *last;
	char *rec;
	size_t i, j;

	for (i = 0; i < a->nevents; i++)
		if (strcmp(a->events[i].type, "seat.replaced") == 0)
			load_one(a, &a->events[i], k, r);
	for (i = 0; i < a->nseats; i++) {
		last = NULL;
		for (j = 0; j < k->n; j++)
			if (k->v[j].seat == &a->seats[i])
				last = k->v[j].key;
		if (last != NULL && strcmp(last, a->seats[i].key) != 0) {
			rec = xasprintf("seat %s", a->seats[i].name);
			audit_fail(r, rec, "key is not the one its last key change "
			    "(seat.replaced) gave: the key history was altered");
			free(rec);
		}
	}
	return k;
}

const char *
audit_keys_at(const struct audit_keys *k, const struct archive_seat *seat,
    uint64_t phase, size_t nth)
{
	const char *key = NULL;
	size_t i;

	for (i = 0; i < k->n; i++) {
		if (k->v[i].seat != seat)
			continue;
		if (key == NULL)
			key = k->v[i].old_key;
		if (k->v[i].phase < phase || (k->v[i].phase == phase &&
		    k->v[i].orders_before <= nth))
			key = k->v[i].key;
		else
			break;
	}
	return key != NULL ? key : seat->key;
}

void
audit_keys_free(struct audit_keys *k)
{
	size_t i;

	if (k == NULL)
		return;
	for (i = 0; i < k->n; i++) {
		free(k->v[i].old_key);
		free(k->v[i].key);
	}
	free(k->v);
	free(k);
}
