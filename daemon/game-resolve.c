/*
 * game-resolve.c — the seat barrier and resolving a phase, secrets, opening
 * a phase and the end of a game (doc/game-record.md).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/game-clock.h"
#include "daemon/game-guard.h"
#include "daemon/game-int.h"
#include "daemon/game-league.h"
#include "daemon/phase-entropy.h"
#include "daemon/phase-resolve.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/orders.h"
#include "store/random.h"

int
game_events_store(struct store *st, struct game_live *l, uint64_t phase_seq,
    const struct rules_events *ev, char **cause)
{
	struct strbuf vis = STRBUF_INIT;
	const cJSON *t;
	cJSON *o;
	size_t i, s, n = l->rules->nseats(l->g);
	int rc;

	for (i = 0; i < ev->n; i++) {
		const struct rules_event *e = &ev->v[i];

		strbuf_reset(&vis);
		if (e->vis == RULES_VIS_PUBLIC)
			strbuf_addstr(&vis, "all");
		else {
			for (s = 0; s < n && s < 64; s++)
				if (e->seats & ((uint64_t)1 << s)) {
					if (vis.len > 0)
						strbuf_addc(&vis, ',');
					strbuf_addstr(&vis, l->rules->seat_name(l->g, s));
				}
			if (vis.len == 0)
				strbuf_addstr(&vis, "none");
		}
		o = cJSON_Parse(e->json);
		t = cJSON_GetObjectItemCaseSensitive(o, "type");
		rc = store_event_append(st, l->game->id, phase_seq,
		    cJSON_IsString(t) ? t->valuestring : "event", strbuf_str(&vis), e->json,
		    strlen(e->json), NULL, cause);
		/*
		 * A public event that makes secrets public opens the latest
		 * commitment of each (rules.h "opens"; doc/game-record.md), so
		 * every seat can check it before the next phase.
		 */
		if (e->vis == RULES_VIS_PUBLIC)
			cJSON_ArrayForEach(t, cJSON_GetObjectItemCaseSensitive(o, "opens"))
				if (rc == 0 && cJSON_IsString(t) && store_secret_open_latest(st,
				    l->game->id, GAME_SECRET_DOMAIN, t->valuestring,
				    phase_seq, cause) == -1)
					rc = -1;
		cJSON_Delete(o);
		if (rc == -1) {
			strbuf_free(&vis);
			return -1;
		}
	}
	strbuf_free(&vis);
	return 0;
}

int
game_secrets_commit(const struct game_ctx *c, struct game_live *l, uint64_t phase_seq,
    const struct rules_events *ev, char **cause)
{
	struct rules_secret *sec = NULL;
	size_t ns = 0, i;
	int rc = 0;

	/*
	 * Every secret, changed or not, with a fresh nonce (doc/product.md §5): a
	 * renewal only on change would tell, say, that the card drawn was the
	 * one discarded. A fixed secret, which cannot change, keeps the
	 * commitment made when it first appeared; so does one that, by the
	 * phase's public events, cannot have changed in it (rules.h "watch
	 * word"), unless it changed all the same (then it is committed anew:
	 * a commitment binds whatever the engine did).
	 */
	l->rules->secrets(l->g, &sec, &ns);
	for (i = 0; i < ns && rc == 0; i++) {
		if (sec[i].fixed || !rules_secret_may_change(&sec[i], ev)) {
			rc = store_secret_keep(c->st, c->key, l->game->id,
			    GAME_SECRET_DOMAIN, sec[i].id, sec[i].bytes, sec[i].len,
			    phase_seq, cause) == -1 ? -1 : 0;
			continue;
		}
		rc = store_secret_renew(c->st, c->key, l->game->id, GAME_SECRET_DOMAIN,
		    sec[i].id, sec[i].bytes, sec[i].len, phase_seq, cause);
	}
	rules_secrets_free(sec, ns);
	return rc;
}

int
game_shuffle_seed(const struct game_ctx *c, struct game_live *l,
    unsigned char seed[RAND_SEED_BYTES], char **cause)
{
	int rc = store_shuffle_seed_get(c->st, l->game->id, seed, cause);

	if (rc == 0 && strcmp(l->game->status, GAME_SETUP) == 0) {
		/* made by an older muthur, not yet started: no nonce exists yet */
		if (store_shuffle_seed_commit(c->st, c->key, l->game->id, 0, NULL,
		    cause) == -1)
			return -1;
		rc = store_shuffle_seed_get(c->st, l->game->id, seed, cause);
	}
	return rc;
}

size_t
game_owing(struct game_live *l, const char **out)
{
	size_t i, n = 0;
	int idx;

	for (i = 0; i < l->nseats; i++) {
		idx = l->rules->seat_index(l->g, l->seats[i].name);
		if (idx >= 0 && l->rules->owes(l->g, (size_t)idx))
			out[n++] = l->seats[i].name;
	}
	return n;
}

int
game_phase_open(const struct game_ctx *c, struct game_live *l, int64_t *phase_id,
    uint64_t *seq, char **cause)
{
	const char **owing = xcalloc(l->nseats + 1, sizeof *owing);
	size_t n = game_owing(l, owing);
	uint64_t s;
	int64_t id, deadline;
	int rc;

	rc = game_clock_deadline(c, l->game->id, l->rules->phase(l->g), n, &deadline,
	    cause);
	if (rc == 0)
		rc = store_phase_open(c->st, l->game->id, l->rules->turn(l->g),
		    l->rules->phase(l->g), owing, n, deadline, c->now, &id, &s, cause);
	if (rc == 0)
		rc = game_phase_seed(c, l, id, s, l->rules->turn(l->g), cause);
	if (rc == 0)
		rc = game_plans_apply(c, l, id, owing, n, cause);
	if (rc == 0)
		rc = game_passes_enter(c, l, id, s, cause);
	free(owing);
	if (rc == -1)
		return -1;
	if (phase_id != NULL)
		*phase_id = id;
	if (seq != NULL)
		*seq = s;
	return 0;
}

int
game_finish(const struct game_ctx *c, struct game_live *l, uint64_t phase_seq,
    char **cause)
{
	struct rules_result res;
	cJSON *o, *places;
	char *payload;
	size_t i;
	int rc;

	l->rules->result(l->g, &res);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "type", "game.result");
	places = cJSON_AddObjectToObject(o, "places");
	for (i = 0; i < res.nseats; i++)	/* every seat, 0: not placed */
		cJSON_AddNumberToObject(places, l->rules->seat_name(l->g, i),
		    res.place[i]);
	if (res.winner >= 0)
		cJSON_AddStringToObject(o, "winner",
		    l->rules->seat_name(l->g, (size_t)res.winner));
	else
		cJSON_AddNullToObject(o, "winner");
	rules_result_free(&res);
	payload = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	rc = store_event_append(c->st, l->game->id, phase_seq, "game.result", "all",
	    payload, strlen(payload), NULL, cause);
	free(payload);
	if (rc == -1 || store_commitments_reveal_all(c->st, l->game->id, phase_seq,
	    cause) == -1)
		return -1;
	if (rc == 0)
		rc = store_game_set_status(c->st, l->game->id, GAME_FINISHED, cause);
	if (rc == 0) {
		free(l->game->status);
		l->game->status = xstrdup(GAME_FINISHED);
		rc = game_league_game_over(c, l->game->id, cause);
	}
	return rc;
}

int
game_phase_carried(struct store *st, int64_t game_id, const struct store_seat *seats,
    size_t nseats, const struct store_phase *ph, const struct store_order *ord,
    size_t nord, struct store_order **lat, size_t *nlat, struct phase_order *car,
    size_t *ncar, char **cause)
{
	struct store_commitment *tc;
	uint64_t made = 0, from;
	char *sid, *err = NULL;
	size_t i, j, k;
	int r;

	*ncar = 0;
	*lat = NULL;
	*nlat = 0;
	if ((r = game_entropy_seats(st, game_id, cause)) != 1)
		return r;
	sid = rand_turn_secret_id(ph->turn);
	if (ph->turn >= 1 && (tc = store_commitment_get(st, game_id, RAND_TURN_DOMAIN,
	    sid, &err)) != NULL) {
		made = tc->created_phase;
		store_commitments_free(tc, 1);
	}
	free(err);
	free(sid);
	from = entropy_commit_phase(ph->seq, ph->turn, made);
	if (store_orders_latest(st, game_id, from, ph->seq, lat, nlat, cause) == -1)
		return -1;
	for (i = 0; i < nseats; i++) {
		for (j = 0; j < nord; j++)
			if (ord[j].seat_id == seats[i].id &&
			    strcmp(ord[j].sig_type, PHASE_SERVER_ORDER) != 0)
				break;
		if (j < nord)
			continue;	/* its own nonce is in */
		for (k = 0; k < *nlat && (*lat)[k].seat_id != seats[i].id; k++)
			;
		if (k == *nlat)
			continue;	/* nothing since the commitment */
		car[*ncar].seat = (*lat)[k].seat;
		car[*ncar].nonce = (*lat)[k].nonce;
		car[(*ncar)++].nonce_len = (*lat)[k].nonce_len;
	}
	return 0;
}

/* Resolve the open phase ph (its barrier passed). */
static int
resolve_one(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    char **cause)
{
	struct rules_events ev = { NULL, 0, 0 };
	struct store_order *ord = NULL;
	struct store_order *lat = NULL;
	struct phase_order *po = NULL, *car = NULL;
	unsigned char seed[RAND_SEED_BYTES], shuffle[RAND_SEED_BYTES];
	size_t nord = 0, nlat = 0, ncar = 0, i, len;
	char *state = NULL;
	struct rules_result res;
	int rc = -1, over, has_shuffle;

	if (store_orders_current(c->st, ph->id, &ord, &nord, cause) == -1 ||
	    store_seed_get(c->st, ph->id, seed, cause) == -1 ||
	    (has_shuffle = game_shuffle_seed(c, l, shuffle, cause)) == -1)
		goto out;
	game_guard_game(l->game->id, l->game->name);	/* a crash now holds the game */
	l->state_known = 0;	/* l->g changes: no longer the recorded state */
	po = xcalloc(nord + 1, sizeof *po);
	for (i = 0; i < nord; i++) {
		po[i].seat = ord[i].seat;
		po[i].block = (const char *)ord[i].block;
		po[i].block_len = ord[i].block_len;
		po[i].nonce = ord[i].nonce;
		po[i].nonce_len = ord[i].nonce_len;
	}
	car = xcalloc(l->nseats + 1, sizeof *car);
	if (game_phase_carried(c->st, l->game->id, l->seats, l->nseats, ph, ord, nord,
	    &lat, &nlat, car, &ncar, cause) == -1)
		goto out;
	rc = phase_resolve(l->rules, l->g, po, nord, car, ncar, seed,
	    has_shuffle ? shuffle : NULL, ph->seq, &ev, cause);
	sodium_memzero(shuffle, sizeof shuffle);
	if (rc == -1) {
		cause_prefix(cause, "game %s, phase %llu", l->game->name,
		    (unsigned long long)ph->seq);
		goto out;
	}
	rc = -1;
	state = l->rules->save(l->g, &len);
	if (game_events_store(c->st, l, ph->seq, &ev, cause) == -1 ||
	    store_seed_reveal(c->st, ph->id, ph->seq, cause) == -1 ||
	    store_state_put(c->st, l->game->id, ph->seq, state, len, cause) == -1 ||
	    store_phase_close(c->st, ph->id, c->now, cause) == -1 ||
	    game_secrets_commit(c, l, ph->seq, &ev, cause) == -1)
		goto out;
	game_state_known(l, ph->seq, state, len);
	l->rules->result(l->g, &res);
	over = res.over;
	rules_result_free(&res);
	if (over)
		rc = game_finish(c, l, ph->seq, cause);
	else if (l->rules->turn(l->g) != ph->turn &&
	    game_turn_seed_open(c, l, ph->turn, ph->seq, cause) == -1)
		rc = -1;
	else
		rc = game_phase_open(c, l, NULL, NULL, cause);
	if (rc == 0)
		log_info("game %s: turn %d, %s resolved (phase %llu)%s", l->game->name,
		    ph->turn, ph->name, (unsigned long long)ph->seq,
		    over ? "; the game is over" : "");
out:
	free(state);
	free(po);
	free(car);
	store_orders_free(lat, nlat);
	store_orders_free(ord, nord);
	rules_events_free(&ev);
	return rc;
}

/* Most phases resolved in one run (a game in which nobody can act). */
#define GAME_MAX_RUN 500

int
game_resolve_ready(const struct game_ctx *c, struct game_live *l, int *advanced,
    char **cause)
{
	struct store_phase *ph;
	char **missing;
	size_t nmissing;
	int rc;

	*advanced = 0;
	while (strcmp(l->game->status, GAME_RUNNING) == 0) {
		if (*advanced >= GAME_MAX_RUN) {
			log_warnx("game %s: %d phases in a row resolved; waiting for the "
			    "next pass", l->game->name, *advanced);
			break;
		}
		if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
			return -1;
		if (store_phase_missing(c->st, ph->id, &missing, &nmissing, cause) == -1) {
			store_phase_free(ph);
			return -1;
		}
		store_names_free(missing, nmissing);
		if (nmissing == 0 && (rc = game_clock_waits(c, ph, cause)) != 0) {
			store_phase_free(ph);
			if (rc == -1)
				return -1;
			break;	/* waiting for the deadline (daemon/game-clock.h) */
		}
		if (nmissing > 0) {
			store_phase_free(ph);
			break;
		}
		rc = resolve_one(c, l, ph, cause);
		store_phase_free(ph);
		if (rc == -1)
			return -1;
		(*advanced)++;
	}
	if (*advanced > 0)
		return game_views_queue(c, l, cause);
	return 0;
}

int
game_resolve_now(const struct game_ctx *c, struct game_live *l, int *advanced,
    char **cause)
{
	struct store_phase *ph;
	int rc, more = 0;

	*advanced = 0;
	if ((ph = store_phase_current(c->st, l->game->id, cause)) == NULL)
		return -1;
	if (game_ready_waits(l, ph)) {	/* the deal is game_deal()'s */
		store_phase_free(ph);
		return cause_set(cause, "game %s waits for its ready blocks: it is "
		    "dealt, not resolved", l->game->name);
	}
	rc = resolve_one(c, l, ph, cause);
	store_phase_free(ph);
	if (rc == -1 || game_resolve_ready(c, l, &more, cause) == -1)
		return -1;
	*advanced = 1 + more;
	return more == 0 ? game_views_queue(c, l, cause) : 0;
}

int
game_advance(const struct game_ctx *c, int64_t game_id, int *advanced, char **cause)
{
	struct game_live *l;
	int rc;

	*advanced = 0;
	if ((l = game_live_load_id(c->st, game_id, cause)) == NULL)
		return -1;
	if (strcmp(l->game->status, GAME_RUNNING) != 0) {
		game_live_free(l);
		return 0;
	}
	if (store_unit_begin(c->st, cause) == -1) {
		game_live_free(l);
		return -1;
	}
	rc = game_resolve_ready(c, l, advanced, cause);
	rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
	game_live_free(l);
	return rc;
}
