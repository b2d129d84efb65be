/*
 * audit-replay.c — replaying an archived game with its rules engine
 * (doc/game-record.md, "Replay"): decklists from their opened
 * commitments, create with phase 1's stream, then every closed phase
 * resolved with the recorded current orders and its re-derived stream;
 * turns, phases, owing seats, events, state hashes, secret commitments and
 * the result compared with the record.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/audit-int.h"
#include "daemon/game.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "daemon/phase-resolve.h"
#include "rules/rules.h"
#include "store/hashenc.h"
#include "store/random.h"

/* A secret's latest committed bytes, as the replay knows them. */
struct known {
	char		*id;
	unsigned char	*bytes;
	size_t		 len;
};

struct replay {
	const struct archive	*a;
	struct audit_report	*r;
	const struct rules	*R;
	struct rules_game	*g;
	void			*data;		/* R->data_load()'s */
	struct rules_seat	*seats;		/* seat order */
	size_t			 ei;		/* next archived event to compare */
	struct known		*known;
	size_t			 nknown;
	char			*expected;	/* secret-ids expected, "\n"-joined */
	char			**secret_ids;	/* "ID@PHASE" of every secret
						   replayed (check_unexpected()) */
	size_t			 nsecret_ids;
	struct state_at {
		uint64_t	 after_phase;
		size_t		 i;	/* index in a->states */
	}			*state_order;	/* by (after_phase, i) */
	uint64_t		 observe_seq;	/* the phase whose draws obs hears */
	const struct phase_observer *obs;
};

/* ---- setup ---- */

/*
 * Load the game's component data (doc/game-record.md, new-game step 2):
 * every game file "cards/NAME", in name order; the canonical bytes of the
 * result must be cards.json.
 */
void *
audit_data_load(const struct rules *R, const struct archive *a, char **cause)
{
	struct rules_file *f = xcalloc(a->nfiles + 1, sizeof *f);
	const struct archive_file *cards = archive_file_find(a, "cards.json");
	size_t i, n = 0, len;
	char *canon;
	void *data = NULL;
	int same;

	for (i = 0; i < a->nfiles; i++)
		if (strncmp(a->files[i].name, "cards/", 6) == 0) {
			f[n].name = a->files[i].name + 6;
			f[n].bytes = a->files[i].bytes;
			f[n++].len = a->files[i].len;
		}
	if (n == 0)
		cause_set(cause, "no card data file (cards/NAME) in the archive");
	else if ((data = R->data_load(f, n, cause)) != NULL) {
		canon = R->data_canonical(data, &len);
		same = cards != NULL && len == cards->len &&
		    memcmp(canon, cards->bytes, len) == 0;
		free(canon);
		if (!same) {
			cause_set(cause, "the card data files do not load to the cards of "
			    "cards.json");
			R->data_free(data);
			data = NULL;
		}
	}
	free(f);
	return data;
}

static int
load_setup(struct replay *rp)
{
	const struct archive *a = rp->a;
	const struct archive_file *cards = archive_file_find(a, "cards.json");
	const struct archive_commitment *c;
	unsigned char hash[32];
	char *cause = NULL, *rec;
	size_t i;
	int bad = 0;

	if (cards == NULL)
		return -1;	/* reported with the files */
	if ((rp->data = audit_data_load(rp->R, a, &cause)) == NULL) {
		audit_fail(rp->r, "file cards.json", "cannot be loaded: %s", cause);
		free(cause);
		return -1;
	}
	rp->R->data_hash(rp->data, hash);
	if (sodium_memcmp(hash, a->card_hash, 32) != 0) {
		audit_fail(rp->r, "file cards.json", "loads to cards whose hash is not the "
		    "game's card hash");
		return -1;
	}
	rp->seats = xcalloc(a->nseats + 1, sizeof *rp->seats);
	for (i = 0; i < a->nseats; i++) {
		c = archive_commitment_find(a, AUDIT_DECKLIST_DOMAIN, a->seats[i].name);
		if (rp->R->seat_build(rp->data, a->seats[i].name, a->seats[i].faction,
		    (const char *)c->secret, c->secret_len, &rp->seats[i], &cause) == -1) {
			rec = xasprintf("commitment %s/%s", AUDIT_DECKLIST_DOMAIN,
			    a->seats[i].name);
			audit_fail(rp->r, rec, "decklist does not parse: %s", cause);
			free(rec);
			free(cause);
			cause = NULL;
			bad = 1;
		}
	}
	return bad ? -1 : 0;
}

/* ---- comparing ---- */

static char *
visibility(const struct replay *rp, const struct rules_event *e)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = rp->R->nseats(rp->g);

	if (e->vis == RULES_VIS_PUBLIC)
		return xstrdup("all");
	for (i = 0; i < n && i < 64; i++)
		if (e->seats & ((uint64_t)1 << i)) {
			if (sb.len > 0)
				strbuf_addc(&sb, ',');
			strbuf_addstr(&sb, rp->R->seat_name(rp->g, i));
		}
	if (sb.len == 0)
		strbuf_addstr(&sb, "none");
	return strbuf_detach(&sb, NULL);
}

static char *
payload_type(const char *json)
{
	cJSON *o = cJSON_Parse(json);
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
	char *s = xstrdup(cJSON_IsString(t) ? t->valuestring : "");

	cJSON_Delete(o);
	return s;
}

/* Compare one expected event with the next archived one of phase seq. */
static int
expect_event(struct replay *rp, uint64_t seq, const char *prec, const char *type,
    const char *vis, const char *payload)
{
	const struct archive_event *e;
	char rec[64];

	while (rp->ei < rp->a->nevents && audit_clock_event(rp->a->events[rp->ei].type))
		rp->ei++;	/* checked by audit_clock() */
	if (rp->ei >= rp->a->nevents || rp->a->events[rp->ei].phase != seq) {
		audit_fail(rp->r, prec, "the replay produces a %s event that the record "
		    "lacks: %s", type, payload);
		return -1;
	}
	e = &rp->a->events[rp->ei++];
	snprintf(rec, sizeof rec, "event %llu", (unsigned long long)e->seq);
	if (strcmp(e->type, type) != 0 || strcmp(e->visibility, vis) != 0 ||
	    strlen(payload) != e->payload_len || memcmp(payload, e->payload,
	    e->payload_len) != 0) {
		audit_fail(rp->r, rec, "does not match the replay (expected %s, visible to "
		    "%s: %s)", type, vis, payload);
		return -1;
	}
	return 0;
}

static void
compare_events(struct replay *rp, const struct archive_phase *ph, const char *prec,
    const struct rules_events *ev)
{
	char *vis, *type;
	size_t i;
	int bad = 0;

	for (i = 0; i < ev->n && !bad; i++) {
		vis = visibility(rp, &ev->v[i]);
		type = payload_type(ev->v[i].json);
		bad = expect_event(rp, ph->seq, prec, type, vis, ev->v[i].json) == -1;
		free(type);
		free(vis);
	}
	/* Resynchronise on the next phase's events. */
	while (rp->ei < rp->a->nevents && rp->a->events[rp->ei].phase <= ph->seq) {
		const struct archive_event *e = &rp->a->events[rp->ei++];
		char rec[64];

		if (bad || strcmp(e->type, "game.result") == 0 ||
		    strcmp(e->type, "game.abandoned") == 0 || audit_clock_event(e->type))
			continue;
		snprintf(rec, sizeof rec, "event %llu", (unsigned long long)e->seq);
		audit_fail(rp->r, rec, "not produced by the replay of phase %llu",
		    (unsigned long long)ph->seq);
		bad = 1;
	}
}

static void
compare_state(struct replay *rp, const struct archive_phase *ph, const char *prec)
{
	unsigned char h[32];
	char *bytes;
	size_t len, i;

	size_t lo = 0, hi = rp->a->nstates, mid;

	bytes = rp->R->save(rp->g, &len);
	hashenc_blake2b256(h, bytes, len);
	free(bytes);
	while (lo < hi) {	/* the first recorded after this phase */
		mid = lo + (hi - lo) / 2;
		if (rp->state_order[mid].after_phase < ph->seq)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < rp->a->nstates && rp->state_order[lo].after_phase == ph->seq) {
		i = rp->state_order[lo].i;
		rp->r->states++;
		if (sodium_memcmp(h, rp->a->states[i].hash, 32) != 0)
			audit_fail(rp->r, prec, "the recorded state hash is not the "
			    "replayed state's");
	}
}

static int
state_cmp(const void *x, const void *y)
{
	const struct state_at *a = x, *b = y;

	if (a->after_phase != b->after_phase)
		return a->after_phase < b->after_phase ? -1 : 1;
	return a->i < b->i ? -1 : a->i > b->i;
}

/* rp->state_order: the recorded states by (after_phase, index). */
static void
state_index(struct replay *rp)
{
	size_t i;

	rp->state_order = xcalloc(rp->a->nstates + 1, sizeof *rp->state_order);
	for (i = 0; i < rp->a->nstates; i++) {
		rp->state_order[i].after_phase = rp->a->states[i].after_phase;
		rp->state_order[i].i = i;
	}
	qsort(rp->state_order, rp->a->nstates, sizeof *rp->state_order, state_cmp);
}

static void
compare_secrets(struct replay *rp, const struct archive_phase *ph, const char *prec,
    const struct rules_events *ev)
{
	struct rules_secret *s;
	const struct archive_commitment *c;
	char *sid, *rec;
	size_t n, i, k;

	rp->R->secrets(rp->g, &s, &n);
	for (i = 0; i < n; i++) {
		for (k = 0; k < rp->nknown; k++)
			if (strcmp(rp->known[k].id, s[i].id) == 0)
				break;
		sid = xasprintf("%s@%llu", s[i].id, (unsigned long long)ph->seq);
		/*
		 * A fixed secret (rules.h) keeps the commitment made when it
		 * first appeared, as long as its bytes are those it had then;
		 * so does one whose watch word no public event of the phase
		 * holds (rules_secret_may_change(): decided by the replayed
		 * events, which are the record's when compare_events() found
		 * nothing), since its latest commitment. Either may have one
		 * made in this phase all the same (a muthur before watch
		 * words renewed every secret in every phase).
		 */
		if ((s[i].fixed || !rules_secret_may_change(&s[i], ev)) && k < rp->nknown &&
		    archive_commitment_find(rp->a,
		    AUDIT_SECRET_DOMAIN, sid) == NULL) {
			if (rp->known[k].len != s[i].len ||
			    memcmp(rp->known[k].bytes, s[i].bytes, s[i].len) != 0)
				audit_fail(rp->r, prec, "secret %s changed but was not "
				    "committed to again: there is no commitment %s/%s",
				    s[i].id, AUDIT_SECRET_DOMAIN, sid);
			free(sid);
			continue;
		}
		free(sid);
		/*
		 * Every other secret is renewed in every phase, changed or not
		 * (doc/product.md §5: a renewal that only follows a change tells
		 * that the secret changed, e.g. that a drawn card was not the
		 * one discarded).
		 */
		if (k == rp->nknown) {
			rp->known = xreallocarray(rp->known, ++rp->nknown, sizeof *rp->known);
			rp->known[k].id = xstrdup(s[i].id);
		} else
			free(rp->known[k].bytes);
		rp->known[k].bytes = xmemdup(s[i].bytes, s[i].len + 1);
		rp->known[k].len = s[i].len;
		sid = xasprintf("%s@%llu", s[i].id, (unsigned long long)ph->seq);
		rp->secret_ids = xreallocarray(rp->secret_ids, rp->nsecret_ids + 1,
		    sizeof *rp->secret_ids);
		rp->secret_ids[rp->nsecret_ids++] = xstrdup(sid);
		rec = xasprintf("commitment %s/%s", AUDIT_SECRET_DOMAIN, sid);
		if ((c = archive_commitment_find(rp->a, AUDIT_SECRET_DOMAIN, sid)) == NULL)
			audit_fail(rp->r, prec, "secret %s is not renewed: there is no "
			    "commitment %s/%s", s[i].id, AUDIT_SECRET_DOMAIN, sid);
		else if (c->created_phase != ph->seq)
			audit_fail(rp->r, rec, "made in phase %llu, expected %llu",
			    (unsigned long long)c->created_phase, (unsigned long long)ph->seq);
		else if (c->opened && (c->secret_len != s[i].len ||
		    memcmp(c->secret, s[i].bytes, s[i].len) != 0))
			audit_fail(rp->r, rec, "opened to bytes that are not the replayed "
			    "secret");
		free(rec);
		free(sid);
	}
	rules_secrets_free(s, n);
}

static void
compare_phase(struct replay *rp, const struct archive_phase *ph, const char *prec)
{
	size_t i, n = rp->R->nseats(rp->g), nowes = 0;

	if ((uint64_t)rp->R->turn(rp->g) != ph->turn || strcmp(rp->R->phase(rp->g),
	    ph->name) != 0)
		audit_fail(rp->r, prec, "the replay is in turn %d, phase %s",
		    rp->R->turn(rp->g), rp->R->phase(rp->g));
	for (i = 0; i < n; i++) {
		size_t j;

		if (!rp->R->owes(rp->g, i))
			continue;
		nowes++;
		for (j = 0; j < ph->nowing; j++)
			if (strcmp(ph->owing[j], rp->R->seat_name(rp->g, i)) == 0)
				break;
		if (j == ph->nowing)
			audit_fail(rp->r, prec, "seat %s owes orders in the replay, but the "
			    "phase does not list it", rp->R->seat_name(rp->g, i));
	}
	if (nowes != ph->nowing)
		audit_fail(rp->r, prec, "lists %zu owing seats, the replay %zu",
		    ph->nowing, nowes);
}

/* ---- stepping ---- */

static const unsigned char *
seed_of(const struct archive *a, const struct archive_phase *ph)
{
	const struct archive_commitment *c;
	char *sid = rand_seed_secret_id(ph->seq);

	c = archive_commitment_find(a, RAND_SEED_DOMAIN, sid);
	free(sid);
	if (c == NULL || !c->opened || c->secret_len != RAND_SEED_BYTES)
		return NULL;
	return c->secret;
}

/* The game's opened shuffle seed (store/random.h), or NULL. */
static const unsigned char *
shuffle_seed_of(const struct archive *a)
{
	const struct archive_commitment *c;

	c = archive_commitment_find(a, RAND_SHUFFLE_DOMAIN, RAND_SHUFFLE_SECRET_ID);
	if (c == NULL || !c->opened || c->secret_len != RAND_SEED_BYTES)
		return NULL;
	return c->secret;
}

/* Was pass the only legal order of seat (daemon/game-pass.c)? */
static int
server_pass_due(const struct replay *rp, const char *seat)
{
	int idx = rp->R->seat_index(rp->g, seat);

	return idx >= 0 && phase_only_pass(rp->R, rp->g, (size_t)idx);
}

/*
 * Resolve closed phase ph (not phase 1) with its recorded current orders,
 * in seat order, the way the game service did (daemon/phase-resolve.h).
 */
static int
resolve_phase(struct replay *rp, const struct archive_phase *ph, const char *prec,
    struct rules_events *ev)
{
	struct phase_order *po = xcalloc(ph->norders + 1, sizeof *po);
	struct phase_order *car = xcalloc(rp->a->nseats + 1, sizeof *car);
	struct archive_order_text *t = xcalloc(ph->norders + 1, sizeof *t);
	const unsigned char *seed = seed_of(rp->a, ph), *shuffle = shuffle_seed_of(rp->a);
	char *cause = NULL;
	size_t i, j, n = 0;
	int rc = 0;

	for (i = 0; i < rp->a->nseats; i++)
		for (j = 0; j < ph->norders; j++) {
			const struct archive_order *o = &ph->orders[j];

			if (!o->current || strcmp(o->seat, rp->a->seats[i].name) != 0)
				continue;
			if (strcmp(o->sig_type, PHASE_SERVER_ORDER) == 0 &&
			    !server_pass_due(rp, o->seat))
				audit_fail(rp->r, prec, "the server passed for seat %s, "
				    "which had other legal orders (or owed none)", o->seat);
			if (rc == 0 && archive_order_text(rp->a, o, &t[n], &cause) == -1) {
				audit_fail(rp->r, prec, "%s", cause);
				free(cause);
				cause = NULL;
				rc = -1;
			}
			po[n].seat = o->seat;
			po[n].block = t[n].block;
			po[n].block_len = t[n].block_len;
			po[n].nonce = o->nonce;
			po[n++].nonce_len = o->nonce_len;
		}
	if (rc == -1)
		;	/* an order's bytes changed under the reader: said above */
	else if (seed == NULL || shuffle == NULL) {
		audit_fail(rp->r, prec, "cannot be replayed without %s",
		    seed == NULL ? "its opened seed" : "the game's opened shuffle seed");
		rc = -1;
	} else if (phase_resolve_observed(rp->R, rp->g, po, n, car,
	    audit_carried(rp->a, ph, car, NULL), seed, shuffle, ph->seq,
	    ph->seq == rp->observe_seq ? rp->obs : NULL, ev, &cause) == -1) {
		audit_fail(rp->r, prec, "the rules refuse the recorded orders: %s", cause);
		free(cause);
		rc = -1;
	}
	for (i = 0; i < n; i++)
		archive_order_text_clear(&t[i]);
	free(t);
	free(po);
	free(car);
	return rc;
}

/* The game's last event: type with payload, in phase last, visible to all. */
static void
expect_final(struct replay *rp, const struct archive_phase *last, const char *prec,
    const char *type, const char *payload)
{
	rp->ei = 0;
	while (rp->ei < rp->a->nevents && !(rp->a->events[rp->ei].phase == last->seq &&
	    strcmp(rp->a->events[rp->ei].type, type) == 0))
		rp->ei++;
	if (rp->ei + 1 != rp->a->nevents) {
		rp->ei = rp->a->nevents;
		audit_fail(rp->r, prec, "the record lacks its %s event as the last event: "
		    "%s", type, payload);
	} else
		expect_event(rp, last->seq, prec, type, "all", payload);
}

static void
expect_result(struct replay *rp, const struct archive_phase *last, const char *prec)
{
	struct rules_result res;
	cJSON *o = cJSON_CreateObject(), *places;
	char *payload;
	size_t i;

	rp->R->result(rp->g, &res);
	cJSON_AddStringToObject(o, "type", "game.result");
	cJSON_AddItemToObject(o, "places", places = cJSON_CreateObject());
	for (i = 0; i < res.nseats; i++)
		cJSON_AddNumberToObject(places, rp->R->seat_name(rp->g, i), res.place[i]);
	if (res.winner >= 0)
		cJSON_AddStringToObject(o, "winner",
		    rp->R->seat_name(rp->g, (size_t)res.winner));
	else
		cJSON_AddNullToObject(o, "winner");
	payload = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	rules_result_free(&res);
	expect_final(rp, last, prec, "game.result", payload);
	cJSON_free(payload);
	if (strcmp(rp->a->status, "finished") != 0)
		audit_fail(rp->r, "archive", "the game is over in the replay, but its status "
		    "is %s", rp->a->status);
}

/* Every muthur.secret commitment in the archive was expected. */
static int
str_cmp(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

static void
check_unexpected(struct replay *rp)
{
	char *rec;
	size_t i;

	/* sorted once, each commitment looked up: not a search of them all */
	qsort(rp->secret_ids, rp->nsecret_ids, sizeof *rp->secret_ids, str_cmp);

	for (i = 0; i < rp->a->ncommitments; i++) {
		const struct archive_commitment *c = &rp->a->commitments[i];

		if (strcmp(c->domain, AUDIT_SECRET_DOMAIN) != 0)
			continue;
		if (rp->nsecret_ids == 0 || bsearch(&c->secret_id, rp->secret_ids,
		    rp->nsecret_ids, sizeof *rp->secret_ids, str_cmp) == NULL) {
			rec = xasprintf("commitment %s/%s", c->domain, c->secret_id);
			audit_fail(rp->r, rec, "not a secret of the replayed game");
			free(rec);
		}
	}
}

static int
replay_ready(struct replay *rp)
{
	const struct archive *a = rp->a;
	const struct archive_commitment *c;
	size_t i;

	if ((rp->R = rules_find(a->rules)) == NULL) {
		audit_fail(rp->r, "archive", "rules %s are not built into this muthur",
		    a->rules);
		return -1;
	}
	if (strcmp(rp->R->version, a->rules_version) != 0) {
		/*
		 * Another version plays some rule differently: the replay
		 * would differ without anyone having cheated. What does not
		 * hang on the rules (signatures, openings, seeds, the chain)
		 * is still checked.
		 */
		rp->r->note = xasprintf("no replay: the game was played under rules "
		    "version %s, this muthur plays %s", a->rules_version, rp->R->version);
		return -1;
	}
	for (i = 0; i < a->nseats; i++) {
		c = archive_commitment_find(a, AUDIT_DECKLIST_DOMAIN, a->seats[i].name);
		if (c == NULL) {
			char *rec = xasprintf("seat %s", a->seats[i].name);

			audit_fail(rp->r, rec, "has no decklist commitment");
			free(rec);
			return -1;
		}
		if (!c->opened) {
			rp->r->note = xstrdup("no replay: the decklists are opened when the "
			    "game ends");
			return -1;
		}
	}
	return load_setup(rp);
}

/* The nonces of phase 1's current orders in seat order (*out the caller's). */
static size_t
deal_nonces(const struct archive *a, struct rand_nonce **out)
{
	const struct archive_phase *ph = &a->phases[0];
	size_t i, j, n = 0;

	*out = xcalloc(ph->norders + 1, sizeof **out);
	for (i = 0; i < a->nseats; i++)
		for (j = 0; j < ph->norders; j++)
			if (ph->orders[j].current &&
			    strcmp(ph->orders[j].seat, a->seats[i].name) == 0) {
				(*out)[n].bytes = ph->orders[j].nonce;
				(*out)[n++].len = ph->orders[j].nonce_len;
			}
	return n;
}

static void
replay_run(const struct archive *a, struct audit_report *r, audit_step_fn *step,
    void *arg, uint64_t observe_seq, const struct phase_observer *obs);

void
audit_replay(const struct archive *a, struct audit_report *r,
    audit_step_fn *step, void *arg)
{
	replay_run(a, r, step, arg, 0, NULL);
}

void
audit_replay_observed(const struct archive *a, struct audit_report *r, uint64_t seq,
    const struct phase_observer *obs)
{
	replay_run(a, r, NULL, NULL, seq, obs);
}

static void
replay_run(const struct archive *a, struct audit_report *r, audit_step_fn *step,
    void *arg, uint64_t observe_seq, const struct phase_observer *obs)
{
	struct phase_obs_ctx w[2];
	struct replay rp;
	struct rules_setup su;
	struct rules_events ev = { NULL, 0, 0 };
	struct rand_stream rs, hs;
	struct rules_rng rng = { rand_uniform, &rs, rand_uniform, &hs };
	const unsigned char *seed, *shuffle = shuffle_seed_of(a);
	const struct archive_file *opts = archive_file_find(a, GAME_OPTIONS_FILE);
	struct rand_nonce *ready = NULL;
	char *cause = NULL, *prec, **options = NULL;
	size_t i, noptions = 0, nready;
	int stop = 0;

	memset(&rp, 0, sizeof rp);
	rp.a = a;
	rp.r = r;
	rp.observe_seq = observe_seq;
	rp.obs = obs;
	state_index(&rp);
	if (a->nphases == 0 || replay_ready(&rp) == -1)
		goto done;
	su.scenario = a->scenario;
	su.seats = rp.seats;
	su.nseats = a->nseats;
	su.data = rp.data;
	su.places = 1;
	su.await_legal = 0;
	/* the scenario options (a bad file is check_files()'s to report) */
	if (opts != NULL)
		options = game_options_parse(opts->bytes, opts->len, &noptions,
		    NULL);
	su.options = (const char *const *)options;
	su.noptions = noptions;
	prec = audit_phase_record(&a->phases[0]);
	if ((seed = seed_of(a, &a->phases[0])) == NULL || shuffle == NULL) {
		audit_fail(r, prec, "cannot be replayed without %s",
		    seed == NULL ? "its opened seed" : "the game's opened shuffle seed");
		free(prec);
		goto done;
	}
	/* the deal: the seats' ready nonces in seat order (none before them) */
	nready = deal_nonces(a, &ready);
	rand_stream_init(&rs, seed, ready, nready);
	rand_hidden_stream_init(&hs, shuffle, a->phases[0].seq, ready, nready);
	free(ready);
	if (observe_seq == a->phases[0].seq)
		phase_rng_observe(&rng, w, obs);
	if ((rp.g = rp.R->create(&su, &rng, &ev, &cause)) == NULL) {
		audit_fail(r, prec, "the rules refuse the setup: %s", cause);
		free(cause);
		free(prec);
		goto done;
	}
	r->phases++;
	compare_events(&rp, &a->phases[0], prec, &ev);
	compare_state(&rp, &a->phases[0], prec);
	compare_secrets(&rp, &a->phases[0], prec, &ev);
	rules_events_free(&ev);
	free(prec);
	if (step != NULL)
		step(arg, rp.R, rp.g, 0);
	for (i = 1; i < a->nphases && !stop; i++) {
		const struct archive_phase *ph = &a->phases[i];
		struct rules_result res;

		prec = audit_phase_record(ph);
		rp.R->result(rp.g, &res);
		if (res.over) {
			audit_fail(r, prec, "the game was already over in the replay");
			stop = 1;
		} else {
			compare_phase(&rp, ph, prec);
			if (ph->open)
				stop = 2;
			else if (i + 1 == a->nphases && strcmp(a->status, "abandoned") == 0)
				stop = 3;	/* closed unresolved */
			else if (resolve_phase(&rp, ph, prec, &ev) == -1)
				stop = 1;
			else {
				r->phases++;
				compare_events(&rp, ph, prec, &ev);
				compare_state(&rp, ph, prec);
				compare_secrets(&rp, ph, prec, &ev);
				if (step != NULL)
					step(arg, rp.R, rp.g, i);
				if (i % 64 == 0)
					archive_src_release(a);	/* of a mapped file */
			}
			rules_events_free(&ev);
		}
		rules_result_free(&res);
		free(prec);
	}
	if (stop != 1) {
		struct rules_result res;

		rp.R->result(rp.g, &res);
		prec = audit_phase_record(&a->phases[a->nphases - 1]);
		if (res.over)
			expect_result(&rp, &a->phases[a->nphases - 1], prec);
		else if (stop == 3)
			expect_final(&rp, &a->phases[a->nphases - 1], prec, "game.abandoned",
			    "{\"type\":\"game.abandoned\"}");
		else if (stop != 2)
			audit_fail(r, prec, "the last phase is closed, yet the game is not over "
			    "in the replay");
		rules_result_free(&res);
		free(prec);
		for (; rp.ei < a->nevents; rp.ei++) {
			char rec[64];

			snprintf(rec, sizeof rec, "event %llu",
			    (unsigned long long)a->events[rp.ei].seq);
			audit_fail(r, rec, "not produced by the replay");
			break;
		}
		check_unexpected(&rp);
		r->replayed = 1;
	}
done:
	if (options != NULL)
		game_options_free(options, noptions);
	if (rp.g != NULL)
		rp.R->free(rp.g);
	for (i = 0; rp.seats != NULL && i < a->nseats; i++)
		rp.R->seat_clear(&rp.seats[i]);
	free(rp.seats);
	for (i = 0; i < rp.nknown; i++) {
		free(rp.known[i].id);
		free(rp.known[i].bytes);
	}
	free(rp.known);
	for (i = 0; i < rp.nsecret_ids; i++)
		free(rp.secret_ids[i]);
	free(rp.secret_ids);
	free(rp.state_order);
	if (rp.data != NULL)
		rp.R->data_free(rp.data);
}

void
audit_archive_replay(const struct archive *a, audit_step_fn *step, void *arg,
    struct audit_report *r)
{
	memset(r, 0, sizeof *r);
	r->game = xstrdup(a->game);
	r->status = xstrdup(a->status);
	r->scope = xstrdup(archive_scope_name(a->scope));
	audit_replay(a, r, step, arg);
}
