/*
 * export.c — one game from the store into a struct archive (export.h).
 * Only the public store/ functions are used; nothing is written. The
 * scope follows the game's status: full once it is over, else spectator.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/export.h"
#include "store/gamefiles.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/phases.h"

static int
export_files(struct store *st, const struct store_game *g, struct archive *a,
    char **cause)
{
	char **names;
	size_t n, i;
	unsigned char *bytes;

	if (store_game_file_names(st, g->id, &names, &n, cause) == -1)
		return -1;
	a->files = xcalloc(n + 1, sizeof *a->files);
	for (i = 0; i < n; i++) {
		struct archive_file *f = &a->files[a->nfiles];

		if (store_game_file_get(st, g->id, names[i], &bytes, &f->len, f->hash,
		    cause) == -1) {
			store_names_free(names, n);
			return -1;
		}
		f->bytes = (char *)bytes;
		f->name = xstrdup(names[i]);
		a->nfiles++;
	}
	store_names_free(names, n);
	return 0;
}

/* rules_version from the game's setup.json. */
static int
export_version(struct archive *a, char **cause)
{
	const struct archive_file *f = archive_file_find(a, "setup.json");
	cJSON *root;
	const cJSON *v;

	if (f == NULL)
		return cause_set(cause, "game %s has not started (it has no setup.json)",
		    a->game);
	root = cJSON_ParseWithLength(f->bytes, f->len);
	v = cJSON_GetObjectItemCaseSensitive(root, "rules_version");
	if (!cJSON_IsString(v)) {
		cJSON_Delete(root);
		return cause_set(cause, "game %s: setup.json has no rules_version", a->game);
	}
	a->rules_version = xstrdup(v->valuestring);
	cJSON_Delete(root);
	return 0;
}

static int
export_seats(struct store *st, const struct store_game *g, struct archive *a,
    char **cause)
{
	struct store_seat *seats;
	size_t n, i;

	if (store_seats(st, g->id, &seats, &n, cause) == -1)
		return -1;
	a->seats = xcalloc(n + 1, sizeof *a->seats);
	a->nseats = n;
	for (i = 0; i < n; i++) {
		a->seats[i].no = (uint64_t)seats[i].seat_no;
		a->seats[i].name = xstrdup(seats[i].name);
		a->seats[i].faction = xstrdup(seats[i].faction);
		a->seats[i].key_type = xstrdup(seats[i].key_type);
		a->seats[i].key = xstrdup(seats[i].public_key);
	}
	store_seats_free(seats, n);
	return 0;
}

static int
export_orders(struct store *st, const struct store_phase *sp, struct archive_phase *ph,
    int spectator, char **cause)
{
	struct store_order *o;
	size_t n, i;

	ph->orders = xcalloc(1, sizeof *ph->orders);
	if (sp->open || spectator)
		return 0;	/* not before the phase resolves, nor before the game ends */
	if (store_orders_all(st, sp->id, &o, &n, cause) == -1)
		return -1;
	ph->orders = xreallocarray(ph->orders, n + 1, sizeof *ph->orders);
	memset(ph->orders, 0, (n + 1) * sizeof *ph->orders);	/* borrowed: none */
	for (i = 0; i < n; i++) {
		struct archive_order *or = &ph->orders[i];

		or->seat = xstrdup(o[i].seat);
		or->sig_type = xstrdup(o[i].sig_type);
		or->current = o[i].superseded_by == 0;
		memcpy(or->nonce, o[i].nonce, o[i].nonce_len);
		or->nonce_len = o[i].nonce_len;
		or->block = xmemdup(o[i].block, o[i].block_len + 1);
		or->block[o[i].block_len] = '\0';
		or->block_len = o[i].block_len;
		or->signature = xmalloc(o[i].sig_len + 1);
		memcpy(or->signature, o[i].signature, o[i].sig_len);
		or->signature[o[i].sig_len] = '\0';
		or->sig_len = o[i].sig_len;
	}
	ph->norders = n;
	store_orders_free(o, n);
	return 0;
}

static int
export_phases(struct store *st, const struct store_game *g, struct archive *a,
    int server, char **cause)
{
	struct store_phase *ps;
	size_t n, i, j;

	if (store_phases(st, g->id, &ps, &n, cause) == -1)
		return -1;
	a->phases = xcalloc(n + 1, sizeof *a->phases);
	a->states = xcalloc(n + 1, sizeof *a->states);
	for (i = 0; i < n; i++) {
		struct archive_phase *ph = &a->phases[i];

		ph->seq = ps[i].seq;
		ph->turn = ps[i].turn < 0 ? 0 : (uint64_t)ps[i].turn;
		ph->name = xstrdup(ps[i].name);
		ph->owing = xcalloc(ps[i].nowing + 1, sizeof *ph->owing);
		for (j = 0; j < ps[i].nowing; j++)
			ph->owing[j] = xstrdup(ps[i].owing[j]);
		ph->nowing = ps[i].nowing;
		ph->open = ps[i].open;
		a->nphases++;
		if (export_orders(st, &ps[i], ph, a->scope == ARCHIVE_SPECTATOR, cause) == -1)
			goto fail;
		/*
		 * State hashes are full archive only: the state holds every
		 * hand and deck, so a spectator could test a guess of them.
		 * The last phase of an abandoned game closed unresolved.
		 */
		if (a->scope == ARCHIVE_SPECTATOR || server)
			continue;
		if (!ps[i].open && !(i + 1 == n &&
		    strcmp(g->status, GAME_ABANDONED) == 0)) {
			struct archive_state *s = &a->states[a->nstates];
			unsigned char *bytes;
			size_t len;

			if (store_state_get(st, g->id, ps[i].seq, &bytes, &len, NULL, s->hash,
			    cause) == -1) {
				cause_prefix(cause, "phase %llu", (unsigned long long)ps[i].seq);
				goto fail;
			}
			free(bytes);
			s->after_phase = ps[i].seq;
			a->nstates++;
		}
	}
	store_phases_free(ps, n);
	return 0;
fail:
	store_phases_free(ps, n);
	return -1;
}

static int
export_commitments(struct store *st, const struct store_game *g, struct archive *a,
    int server, char **cause)
{
	struct store_commitment *v;
	size_t n, i;

	if (store_commitments(st, g->id, &v, &n, cause) == -1)
		return -1;
	a->commitments = xcalloc(n + 1, sizeof *a->commitments);
	a->ncommitments = n;
	for (i = 0; i < n; i++) {
		struct archive_commitment *c = &a->commitments[i];

		c->domain = xstrdup(v[i].domain);
		c->secret_id = xstrdup(v[i].secret_id);
		c->created_phase = v[i].created_phase;
		memcpy(c->c, v[i].c, sizeof c->c);
		memcpy(c->sig, v[i].sig, sizeof c->sig);
		c->opened = v[i].revealed || server;
		if (!c->opened)
			continue;	/* its secret stays in the database */
		c->revealed_phase = v[i].revealed_phase;
		c->secret = xmalloc(v[i].secret_len + 1);
		memcpy(c->secret, v[i].secret, v[i].secret_len);
		c->secret[v[i].secret_len] = '\0';
		c->secret_len = v[i].secret_len;
		memcpy(c->nonce, v[i].nonce, sizeof c->nonce);
	}
	store_commitments_free(v, n);
	return 0;
}

static int
export_events(struct store *st, const struct store_game *g, struct archive *a,
    char **cause)
{
	struct store_event *ev;
	size_t n, i;

	if (store_events(st, g->id, 1, &ev, &n, cause) == -1)
		return -1;
	a->events = xcalloc(n + 1, sizeof *a->events);
	for (i = 0; i < n; i++) {
		struct archive_event *e;

		/*
		 * A spectator sees the public events, numbered among
		 * themselves: the game's numbers, its count and its chain
		 * would tell how many private events there were.
		 */
		if (a->scope == ARCHIVE_SPECTATOR &&
		    strcmp(ev[i].visibility, "all") != 0)
			continue;
		e = &a->events[a->nevents++];
		e->seq = a->scope == ARCHIVE_SPECTATOR ? a->nevents : ev[i].seq;
		e->phase = ev[i].phase_seq;
		e->type = xstrdup(ev[i].type);
		e->visibility = xstrdup(ev[i].visibility);
		e->payload = xmemdup(ev[i].payload, ev[i].payload_len + 1);
		e->payload_len = ev[i].payload_len;
		if (a->scope == ARCHIVE_SPECTATOR)
			continue;
		memcpy(e->prev, ev[i].prev_hash, 32);
		memcpy(e->hash, ev[i].hash, 32);
	}
	store_events_free(ev, n);
	if (a->scope == ARCHIVE_SPECTATOR)
		return 0;
	a->head_count = g->event_count;
	memcpy(a->head_hash, g->head_hash, 32);
	return 0;
}

/* The archive of game name; with server, store_export_server()'s. */
static struct archive *
export_game(struct store *st, const char *name, int server, char **cause)
{
	struct store_game *g;
	struct archive *a;
	int rc;

	if ((g = store_game_get(st, name, cause)) == NULL)
		return NULL;
	a = xcalloc(1, sizeof *a);
	a->game = xstrdup(g->name);
	a->rules = xstrdup(g->rules);
	a->scenario = xstrdup(g->scenario);
	a->status = xstrdup(g->status);
	a->scope = server || strcmp(g->status, GAME_FINISHED) == 0 ||
	    strcmp(g->status, GAME_ABANDONED) == 0 ? ARCHIVE_FULL : ARCHIVE_SPECTATOR;
	memcpy(a->server_key, g->server_pk, 32);
	memcpy(a->card_hash, g->card_hash, 32);
	rc = export_files(st, g, a, cause) == -1 || export_version(a, cause) == -1 ||
	    export_seats(st, g, a, cause) == -1 ||
	    export_phases(st, g, a, server, cause) == -1 ||
	    export_commitments(st, g, a, server, cause) == -1 || export_events(st, g, a, cause) == -1;
	store_game_free(g);
	if (rc) {
		cause_prefix(cause, "export of game %s", name);
		archive_free(a);
		return NULL;
	}
	archive_index(a);
	return a;
}

struct archive *
store_export(struct store *st, const char *name, char **cause)
{
	return export_game(st, name, 0, cause);
}

struct archive *
store_export_server(struct store *st, const char *name, char **cause)
{
	return export_game(st, name, 1, cause);
}

int
store_export_text(struct store *st, const struct server_key *key, const char *name,
    char **out, size_t *len, char **cause)
{
	struct archive *a;
	int rc;

	if ((a = store_export(st, name, cause)) == NULL)
		return -1;
	if (sodium_memcmp(a->server_key, key->pk, 32) != 0) {
		archive_free(a);
		return cause_set(cause, "game %s is signed by another server key than the "
		    "configured one", name);
	}
	rc = archive_format(a, key->sk, out, len, cause);
	archive_free(a);
	return rc;
}
