/*
 * game-deal.c — the deal (phase 1) and what it shares with `muthur start`
 * and the auditor: the scenario options, the decklists as rules seats.
 * It calls the phase code (game-resolve.c) and nothing that calls it
 * back: `muthur start` (game.c), the last ready block (game-mail.c), the
 * ready deadline (game-clock.c) and the organiser (game-organiser.c)
 * call game_deal().
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/gamefiles.h"
#include "store/orders.h"
#include "store/random.h"

char **
game_options_parse(const char *json, size_t len, size_t *n, char **cause)
{
	cJSON *arr = cJSON_ParseWithLength(json, len), *e;
	char **v;

	*n = 0;
	if (!cJSON_IsArray(arr)) {
		cJSON_Delete(arr);
		cause_set(cause, "%s: expected a JSON array of option names",
		    GAME_OPTIONS_FILE);
		return NULL;
	}
	v = xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *v);
	cJSON_ArrayForEach(e, arr) {
		if (!cJSON_IsString(e)) {
			game_options_free(v, *n);
			cJSON_Delete(arr);
			cause_set(cause, "%s: expected a JSON array of option "
			    "names", GAME_OPTIONS_FILE);
			return NULL;
		}
		v[(*n)++] = xstrdup(e->valuestring);
	}
	cJSON_Delete(arr);
	return v;
}

void
game_options_free(char **v, size_t n)
{
	while (n > 0)
		free(v[--n]);
	free(v);
}

/* The game's scenario options (GAME_OPTIONS_FILE; none without it). */
char **
game_options_read(const struct game_ctx *c, const struct game_live *l, size_t *n,
    char **cause)
{
	char **names = NULL, **v;
	size_t k, nn, len;
	unsigned char *bytes;
	int has = 0;

	*n = 0;
	if (store_game_file_names(c->st, l->game->id, &names, &nn, cause) == -1)
		return NULL;
	for (k = 0; k < nn; k++)
		if (strcmp(names[k], GAME_OPTIONS_FILE) == 0)
			has = 1;
	store_names_free(names, nn);
	if (!has)
		return xcalloc(1, sizeof *v);
	if (store_game_file_get(c->st, l->game->id, GAME_OPTIONS_FILE, &bytes, &len,
	    NULL, cause) == -1)
		return NULL;
	v = game_options_parse((const char *)bytes, len, n, cause);
	free(bytes);
	return v;
}

int
game_setup_seats(struct game_live *l, struct rules_seat *rs, char **cause)
{
	size_t i;
	char *why = NULL;

	for (i = 0; i < l->nseats; i++)
		if (l->rules->seat_build(l->data, l->seats[i].name, l->seats[i].faction,
		    l->seats[i].deck, strlen(l->seats[i].deck), &rs[i], &why) == -1) {
			cause_set(cause, "seat %s: %s", l->seats[i].name, why);
			free(why);
			return -1;
		}
	return 0;
}

/*
 * The deal (phase 1): create the game from phase 1's seed and the game's
 * shuffle seed mixed with the nonces of phase 1's current orders, the
 * seats' `ready` blocks in seat order (doc/commitments.md, "Seat
 * entropy"); events, state, secrets, the first phase that waits for a
 * seat and its views.
 */
int
game_deal(const struct game_ctx *c, struct game_live *l, char **cause)
{
	struct rules_seat *rs = xcalloc(l->nseats, sizeof *rs);
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_setup su;
	struct store_phase *ph = NULL;
	struct store_order *ord = NULL;
	struct rand_nonce *nonces = NULL;
	struct rand_stream stream, hidden;
	struct rules_rng rng;
	unsigned char seed[RAND_SEED_BYTES], shuffle[RAND_SEED_BYTES];
	char *state = NULL, **options = NULL;
	size_t i, len, noptions = 0, nord = 0;
	int rc = -1, advanced;

	if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
		goto out;
	if (ph->seq != 1) {
		cause_set(cause, "game %s: phase 1 is not the open phase", l->game->name);
		goto out;
	}
	if ((options = game_options_read(c, l, &noptions, cause)) == NULL)
		goto out;
	if (game_setup_seats(l, rs, cause) == -1)
		goto out;
	if (store_orders_current(c->st, ph->id, &ord, &nord, cause) == -1 ||
	    store_seed_get(c->st, ph->id, seed, cause) == -1 ||
	    game_shuffle_seed(c, l, shuffle, cause) != 1)
		goto out;
	/* the seats' ready nonces, committed to after the seed (none: --now) */
	store_orders_nonces(ord, nord, &nonces);
	rand_stream_init(&stream, seed, nonces, nord);
	rand_hidden_stream_init(&hidden, shuffle, ph->seq, nonces, nord);
	sodium_memzero(shuffle, sizeof shuffle);
	rng.uniform = rand_uniform;
	rng.ctx = &stream;
	rng.hidden = rand_uniform;
	rng.hidden_ctx = &hidden;
	su.scenario = l->game->scenario;
	su.seats = rs;
	su.nseats = l->nseats;
	su.data = l->data;
	su.places = 1;
	su.await_legal = 0;
	su.options = (const char *const *)options;
	su.noptions = noptions;
	if ((l->g = l->rules->create(&su, &rng, &ev, cause)) == NULL)
		goto out;
	sodium_memzero(&hidden, sizeof hidden);
	state = l->rules->save(l->g, &len);
	if (game_events_store(c->st, l, 1, &ev, cause) == -1 ||
	    store_seed_reveal(c->st, ph->id, 1, cause) == -1 ||
	    store_state_put(c->st, l->game->id, 1, state, len, cause) == -1 ||
	    store_phase_close(c->st, ph->id, c->now, cause) == -1 ||
	    game_secrets_commit(c, l, 1, &ev, cause) == -1 ||
	    store_game_set_status(c->st, l->game->id, GAME_RUNNING, cause) == -1)
		goto out;
	free(l->game->status);
	l->game->status = xstrdup(GAME_RUNNING);
	log_info("game %s: dealt with the nonces of %zu of %zu seats", l->game->name,
	    nord, l->nseats);
	if (game_phase_open(c, l, NULL, NULL, cause) == -1)
		goto out;
	/* a first phase nobody owes resolves at once */
	if (game_resolve_ready(c, l, &advanced, cause) == -1)
		goto out;
	if (advanced == 0 && game_views_queue(c, l, cause) == -1)
		goto out;
	rc = 0;
out:
	for (i = 0; i < l->nseats; i++)
		l->rules->seat_clear(&rs[i]);
	free(rs);
	free(nonces);
	store_orders_free(ord, nord);
	if (options != NULL)
		game_options_free(options, noptions);
	rules_events_free(&ev);
	store_phase_free(ph);
	free(state);
	return rc;
}
