/*
 * audit.c — the archive checks that need no replay: the archive's own
 * signature, its scope, files, seats, phases, orders and their signatures,
 * commitments and seeds, the event chain (of a spectator archive: its
 * public events); and the report (audit.h).
 */
#include "config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/audit-int.h"
#include "daemon/phase-resolve.h"
#include "daemon/game.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/test-seed.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/pubkey.h"
#include "mail/sig.h"
#include "store/chain.h"
#include "store/commit.h"
#include "store/hashenc.h"
#include "store/random.h"

/* What a spectator archive leaves out, for the report (doc/muthur-archive.5). */
static const char *const not_yet_open[] = { "orders and their nonces", "private events",
	"the event chain and head", "state hashes", "unopened commitments", "the replay",
	NULL };

static int
game_over(const struct archive *a)
{
	return strcmp(a->status, "finished") == 0 || strcmp(a->status, "abandoned") == 0;
}

/*
 * A game created under MUTHUR_TEST_SEED (lib/test-seed.h) had its draws
 * fixed in advance by a seed that is no secret: never a fair game. It
 * fails, unless the auditor itself runs under the same seed (the test
 * suite), and even then the auditor says so.
 */
static void
check_test_seed(const struct archive *a, struct audit_report *r)
{
	const struct archive_file *f = archive_file_find(a, TEST_SEED_FILE);
	const char *env = test_seed_env();

	if (f == NULL)
		return;
	if (env != NULL && strlen(env) == f->len && memcmp(env, f->bytes, f->len) == 0) {
		log_warnx("WARNING: %s was played under %s=%s: its deals, shuffles and "
		    "rolls were fixed in advance; accepted only because this audit runs "
		    "under the same seed", a->game, TEST_SEED_ENV, env);
		return;
	}
	audit_fail(r, "file " TEST_SEED_FILE, "the game was played under %s=%.*s: "
	    "its deals, shuffles and rolls were fixed in advance by a test seed, so "
	    "it is not a fair game", TEST_SEED_ENV, (int)f->len, f->bytes);
}

static void
check_files(const struct archive *a, struct audit_report *r)
{
	const struct archive_file *cards, *setup, *opts;
	unsigned char h[32];
	char *rec, *want, **options = NULL, *why = NULL;
	cJSON *o, *arr, *s;
	size_t i, noptions = 0;

	for (i = 0; i < a->nfiles; i++) {
		hashenc_blake2b256(h, a->files[i].bytes, a->files[i].len);
		if (sodium_memcmp(h, a->files[i].hash, 32) != 0) {
			rec = xasprintf("file %s", a->files[i].name);
			audit_fail(r, rec, "hash does not match its bytes");
			free(rec);
		}
	}
	check_test_seed(a, r);
	if ((cards = archive_file_find(a, "cards.json")) == NULL)
		audit_fail(r, "file cards.json", "missing");
	else if (sodium_memcmp(cards->hash, a->card_hash, 32) != 0)
		audit_fail(r, "file cards.json", "hash is not the game's card hash");
	if ((setup = archive_file_find(a, "setup.json")) == NULL) {
		audit_fail(r, "file setup.json", "missing");
		return;
	}
	/* doc/game-record.md: what `muthur start` writes. */
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "rules", a->rules);
	cJSON_AddStringToObject(o, "rules_version", a->rules_version);
	cJSON_AddStringToObject(o, "scenario", a->scenario);
	cJSON_AddNumberToObject(o, "places", 1);
	/* the scenario options new-game recorded, if any */
	if ((opts = archive_file_find(a, GAME_OPTIONS_FILE)) != NULL &&
	    (options = game_options_parse(opts->bytes, opts->len, &noptions,
	    &why)) == NULL) {
		rec = xasprintf("file %s", GAME_OPTIONS_FILE);
		audit_fail(r, rec, "%s", why);
		free(rec);
		free(why);
		noptions = 0;
	}
	if (noptions > 0) {
		cJSON_AddItemToObject(o, "options", arr = cJSON_CreateArray());
		for (i = 0; i < noptions; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(options[i]));
	}
	if (options != NULL)
		game_options_free(options, noptions);
	cJSON_AddItemToObject(o, "seats", arr = cJSON_CreateArray());
	for (i = 0; i < a->nseats; i++) {
		cJSON_AddItemToArray(arr, s = cJSON_CreateObject());
		cJSON_AddStringToObject(s, "name", a->seats[i].name);
		cJSON_AddStringToObject(s, "faction", a->seats[i].faction);
	}
	want = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (strlen(want) != setup->len || memcmp(want, setup->bytes, setup->len) != 0)
		audit_fail(r, "file setup.json", "is not the setup of this game's rules, "
		    "scenario and seats (expected %s)", want);
	cJSON_free(want);
}

static const char *
key_type_of(enum pubkey_kind k)
{
	switch (k) {
	case PUBKEY_MUTHUR:
		return "muthur";
	case PUBKEY_MINISIGN:
		return "minisign";
	case PUBKEY_SSH_ED25519:
		return "ssh";
	}
	return "?";
}

static void
check_seats(const struct archive *a, struct audit_report *r)
{
	struct pubkey pk;
	char *rec, *cause = NULL, *canon, *faction;
	size_t i, j, n;

	for (i = 0; i < a->nseats; i++) {
		const struct archive_seat *s = &a->seats[i];

		rec = xasprintf("seat %s", s->name);
		if (s->no != i + 1)
			audit_fail(r, rec, "numbered %llu, expected %zu",
			    (unsigned long long)s->no, i + 1);
		for (j = 0; j < i; j++)
			if (strcmp(a->seats[j].name, s->name) == 0)
				audit_fail(r, rec, "a second seat of that name");
		n = strlen(s->name);
		while (n > 0 && strchr("0123456789", s->name[n - 1]) != NULL)
			n--;
		faction = n > 1 && n < strlen(s->name) && s->name[n - 1] == '-' ?
		    xstrndup(s->name, n - 1) : xstrdup(s->name);
		if (strcmp(faction, s->faction) != 0)
			audit_fail(r, rec, "faction %s, expected %s (its name without a -N "
			    "suffix)", s->faction, faction);
		free(faction);
		if (pubkey_parse(s->key, strlen(s->key), &pk, &cause) == -1) {
			audit_fail(r, rec, "key does not parse: %s", cause);
			free(cause);
			cause = NULL;
		} else {
			canon = pubkey_format(&pk);
			if (strcmp(canon, s->key) != 0)
				audit_fail(r, rec, "key is not in its canonical form");
			if (strcmp(key_type_of(pk.kind), s->key_type) != 0)
				audit_fail(r, rec, "key type %s, but the key is a %s key",
				    s->key_type, key_type_of(pk.kind));
			free(canon);
		}
		free(rec);
	}
}

static const struct archive_seat *
seat_find(const struct archive *a, const char *name)
{
	size_t i;

	for (i = 0; i < a->nseats; i++)
		if (strcmp(a->seats[i].name, name) == 0)
			return &a->seats[i];
	return NULL;
}

static const char *
sig_type_of(enum sig_format f)
{
	switch (f) {
	case SIG_MINISIGN:
		return "minisign";
	case SIG_SSHSIG:
		return "ssh";
	case SIG_MUTHUR:
		return "muthur";
	case SIG_NONE:
		break;
	}
	return "none";
}

static int
owes(const struct archive_phase *ph, const char *seat)
{
	size_t i;

	for (i = 0; i < ph->nowing; i++)
		if (strcmp(ph->owing[i], seat) == 0)
			return 1;
	return 0;
}

/*
 * Every order of the archive by (seat, nonce, phase index, index in its
 * phase), so that order_made() finds where an order was first made
 * without looking through the phases before it.
 */
struct made {
	uint32_t	 phase;	/* index in a->phases */
	uint32_t	 j;	/* index in its phase's orders */
};

static const struct archive_order *
made_order(const struct archive *a, const struct made *m)
{
	return &a->phases[m->phase].orders[m->j];
}

/* Orders by (seat, nonce). */
static int
order_key_cmp(const struct archive_order *x, const struct archive_order *y)
{
	int c;

	if ((c = strcmp(x->seat, y->seat)) != 0)
		return c;
	if (x->nonce_len != y->nonce_len)
		return x->nonce_len < y->nonce_len ? -1 : 1;
	return memcmp(x->nonce, y->nonce, x->nonce_len);
}

static _Thread_local const struct archive *made_of;	/* for made_cmp() */

static int
made_cmp(const void *x, const void *y)
{
	const struct made *a = x, *b = y;
	int c;

	if ((c = order_key_cmp(made_order(made_of, a), made_order(made_of, b))) != 0)
		return c;
	if (a->phase != b->phase)
		return a->phase < b->phase ? -1 : 1;
	return a->j < b->j ? -1 : a->j > b->j;
}

/* NULL (order_made() looks through the phases) unless the phases are
 * numbered 1, 2, ... in order; *n entries. */
static struct made *
made_index(const struct archive *a, size_t *n)
{
	struct made *v;
	size_t i, j, k = 0;

	*n = 0;
	if (!a->phases_numbered || a->nphases > UINT32_MAX)
		return NULL;
	for (i = 0; i < a->nphases; i++)
		*n += a->phases[i].norders;
	v = xcalloc(*n + 1, sizeof *v);
	for (i = 0; i < a->nphases; i++)
		for (j = 0; j < a->phases[i].norders; j++) {
			v[k].phase = (uint32_t)i;
			v[k++].j = (uint32_t)j;
		}
	made_of = a;
	qsort(v, *n, sizeof *v, made_cmp);
	made_of = NULL;
	return v;
}

/* The seat's orders among the first n of phase p. */
static size_t
seat_orders_before(const struct archive_phase *p, const char *seat, size_t n)
{
	size_t j, k = 0;

	for (j = 0; j < n && j < p->norders; j++)
		k += strcmp(p->orders[j].seat, seat) == 0;
	return k;
}

/*
 * With the index (mv, nm entries): the first order of o's seat and nonce,
 * when it is in a phase before ph (at *pi, its index there at *pj): 1;
 * 0 when o's phase holds the first.
 */
static int
order_first(const struct archive *a, const struct made *mv, size_t nm,
    const struct archive_phase *ph, const struct archive_order *o, size_t *pi, size_t *pj)
{
	const struct made *m;
	size_t lo = 0, hi = nm, mid;

	while (lo < hi) {	/* the first of this seat and nonce */
		mid = lo + (hi - lo) / 2;
		if (order_key_cmp(made_order(a, &mv[mid]), o) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	m = lo < nm ? &mv[lo] : NULL;
	if (m == NULL || order_key_cmp(made_order(a, m), o) != 0 ||
	    &a->phases[m->phase] == ph || a->phases[m->phase].seq > ph->seq)
		return 0;
	*pi = m->phase;
	*pj = m->j;
	return 1;
}

/*
 * Where the order o (index of ph) was first made: the phase and the
 * seat's count of orders before it there; a plan section applied later
 * is the block sent in an earlier phase (same seat and nonce). With the
 * index (made_index()), its first order of that seat and nonce.
 */
static void
order_made(const struct archive *a, const struct made *mv, size_t nm,
    const struct archive_phase *ph, const struct archive_order *o, size_t index,
    uint64_t *phase, size_t *nth)
{
	const struct archive_phase *p;
	size_t i, j, n;

	if (mv != NULL) {
		if (order_first(a, mv, nm, ph, o, &i, &j)) {
			p = &a->phases[i];
			*phase = p->seq;
			*nth = seat_orders_before(p, o->seat, j);
		} else {
			*phase = ph->seq;
			*nth = seat_orders_before(ph, o->seat, index);
		}
		return;
	}
	for (i = 0; i < a->nphases && a->phases[i].seq <= ph->seq; i++) {
		p = &a->phases[i];
		for (j = 0, n = 0; j < p->norders && (p != ph || j < index); j++) {
			if (strcmp(p->orders[j].seat, o->seat) != 0)
				continue;
			if (p != ph && p->orders[j].nonce_len == o->nonce_len &&
			    memcmp(p->orders[j].nonce, o->nonce, o->nonce_len) == 0) {
				*phase = p->seq;
				*nth = n;
				return;
			}
			n++;
		}
		if (p == ph) {
			*phase = ph->seq;
			*nth = n;
			return;
		}
	}
	*phase = ph->seq;
	*nth = 0;
}

/*
 * The Ed25519 verifies of an audit: the server signatures of the
 * commitments and the players' signatures of the orders, checked by both
 * threads of a threaded audit: the replay's when it is done, the checks'
 * from the start; taken in slices of POOL_SLICE, each result stored at
 * its item's index (the commitments', then the orders' in phase order),
 * so the report says the same in the same order however the work was
 * shared. An order's key is the seat's key in force when it was made
 * (keys and mv, set up before the threads start).
 */
#define POOL_SLICE 32
/*
 * An order of a plan applied in a later phase of its turn is the block
 * and signature sent in the phase it was made in, under the same key (the
 * seat's in force then): when its bytes are those of that first order,
 * they are verified once, there, and the later order's result (ok) is
 * POOL_SAME: the first order's (order_first()).
 */
#define POOL_SAME 2
/* Why order k's signature does not verify (few: kept in a list). */
struct pool_why {
	size_t		 k;
	char		*why;
};
struct csig_pool {
	const struct archive	*a;
	const struct audit_keys	*keys;
	const struct made	*mv;
	size_t			 nm;
	size_t			*first;		/* first[i]: the index among every
						   order (in phase order) of phase
						   i's first; first[nphases]: all */
	size_t			 norders;
	signed char		*ok;		/* 1: the signature verifies; of an
						   order 0: it does not (why),
						   -1: the key does not parse,
						   -2: no such seat, POOL_SAME:
						   the first order's */
	struct pool_why		*why;		/* of the orders that do not verify,
						   under mu */
	size_t			 nwhy;
	size_t			 n;		/* ncommitments + norders */
	size_t			 next, done;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
};

/* The phase (index) of order k of the pool (k < p->norders). */
static size_t
pool_phase_of(const struct csig_pool *p, size_t k)
{
	size_t lo = 0, hi = p->a->nphases, mid;

	while (hi - lo > 1) {	/* first[lo] <= k < first[hi] */
		mid = lo + (hi - lo) / 2;
		if (p->first[mid] <= k)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Why order k of the pool does not verify (ok 0), or NULL. */
static const char *
pool_why_of(struct csig_pool *p, size_t k)
{
	const char *why = NULL;
	size_t i;

	pthread_mutex_lock(&p->mu);
	for (i = 0; i < p->nwhy && why == NULL; i++)
		if (p->why[i].k == k)
			why = p->why[i].why;
	pthread_mutex_unlock(&p->mu);
	return why;
}

/*
 * Do the player's orders f and o carry the same signed bytes: the same
 * signature type (not the server's), block and signature?
 */
static int
same_signed(const struct archive *a, const struct archive_order *f,
    const struct archive_order *o)
{
	struct archive_order_text tf, to;
	int same;

	if (strcmp(f->sig_type, o->sig_type) != 0 ||
	    strcmp(f->sig_type, PHASE_SERVER_ORDER) == 0 ||
	    f->block_len != o->block_len || f->sig_len != o->sig_len ||
	    archive_order_text(a, f, &tf, NULL) == -1)
		return 0;
	if (archive_order_text(a, o, &to, NULL) == -1) {
		archive_order_text_clear(&tf);
		return 0;
	}
	same = memcmp(tf.block, to.block, to.block_len) == 0 &&
	    memcmp(tf.signature, to.signature, to.sig_len) == 0;
	archive_order_text_clear(&tf);
	archive_order_text_clear(&to);
	return same;
}

/* Verify order k of the pool: its result in p->ok and p->why. */
static void
pool_order_verify(struct csig_pool *p, size_t k)
{
	size_t i = pool_phase_of(p, k), j = k - p->first[i];
	const struct archive_phase *ph = &p->a->phases[i];
	const struct archive_order *o = &ph->orders[j];
	const struct archive_seat *seat = seat_find(p->a, o->seat);
	signed char *ok = &p->ok[p->a->ncommitments + k];
	struct archive_order_text t;
	struct pubkey pk;
	const char *key;
	char *why = NULL;
	uint64_t made;
	size_t nth, fi, fj;

	if (seat == NULL) {
		*ok = -2;
		return;
	}
	if (strcmp(o->sig_type, PHASE_SERVER_ORDER) == 0) {
		*ok = 1;	/* the server's pass: check_server_pass() */
		return;
	}
	order_made(p->a, p->mv, p->nm, ph, o, j, &made, &nth);
	key = audit_keys_at(p->keys, seat, made, nth);
	if (pubkey_parse(key, strlen(key), &pk, NULL) == -1)
		*ok = -1;
	else if (p->mv != NULL && order_first(p->a, p->mv, p->nm, ph, o, &fi, &fj) &&
	    same_signed(p->a, &p->a->phases[fi].orders[fj], o))
		*ok = POOL_SAME;
	else if (archive_order_text(p->a, o, &t, &why) == -1)
		*ok = 0;
	else {
		*ok = sig_verify_flags(&pk, t.block, t.block_len, t.signature, t.sig_len,
		    SIG_BYTES_ONLY, &why) == 0;
		archive_order_text_clear(&t);
	}
	if (*ok == 0) {
		pthread_mutex_lock(&p->mu);
		p->why = xreallocarray(p->why, p->nwhy + 1, sizeof *p->why);
		p->why[p->nwhy].k = k;
		p->why[p->nwhy++].why = why;
		pthread_mutex_unlock(&p->mu);
	} else
		free(why);
}

static void
pool_work(struct csig_pool *p)
{
	const struct archive *a = p->a;
	const struct archive_commitment *c;
	size_t b, i, e, n = p->n, nc = a->ncommitments;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		b = p->next;
		e = b + POOL_SLICE < n ? b + POOL_SLICE : n;
		p->next = e;
		pthread_mutex_unlock(&p->mu);
		if (b >= n)
			return;
		for (i = b; i < e; i++) {
			if (i >= nc) {
				pool_order_verify(p, i - nc);
				continue;
			}
			c = &a->commitments[i];
			p->ok[i] = commit_sig_verify(a->server_key, c->domain, a->game,
			    c->secret_id, c->c, c->sig) == 0;
		}
		pthread_mutex_lock(&p->mu);
		if ((p->done += e - b) == n)
			pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
		if (b / POOL_SLICE % 8 == 7)
			archive_src_release(a);	/* the text read, of a mapped file */
	}
}

/*
 * Set up the pool of archive a: the seats' key history (its failures into
 * r, as check_phases() would add them first), the orders' index, the
 * list of every order. Release with pool_clear().
 */
static void
pool_setup(struct csig_pool *p, const struct archive *a, struct audit_report *r)
{
	size_t i;

	memset(p, 0, sizeof *p);
	p->a = a;
	p->keys = audit_keys_load(a, r);
	p->mv = made_index(a, &p->nm);
	p->first = xcalloc(a->nphases + 1, sizeof *p->first);
	for (i = 0; i < a->nphases; i++) {
		p->first[i] = p->norders;
		p->norders += a->phases[i].norders;
	}
	p->first[a->nphases] = p->norders;
	p->n = a->ncommitments + p->norders;
	p->ok = xcalloc(p->n + 1, 1);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
}

static void
pool_clear(struct csig_pool *p)
{
	size_t i;

	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	for (i = 0; i < p->nwhy; i++)
		free(p->why[i].why);
	free(p->why);
	free(p->first);
	free(p->ok);
	audit_keys_free((struct audit_keys *)p->keys);
	free((struct made *)p->mv);
}

/* Work on the pool, then wait for the other thread's last slice. */
static void
pool_finish(struct csig_pool *p)
{
	pool_work(p);
	pthread_mutex_lock(&p->mu);
	while (p->done < p->n)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
}

/*
 * Parse an order's re-read text t and release it; NULL, with the reason
 * recorded under rec in r, when the block does not parse.
 */
static struct orders *
parse_order_text(struct archive_order_text *t, const char *rec, struct audit_report *r)
{
	struct orders *parsed;
	char *cause = NULL;

	parsed = orders_parse(t->block, t->block_len, &cause);
	archive_order_text_clear(t);
	if (parsed == NULL) {
		audit_fail(r, rec, "block does not parse: %s", cause);
		free(cause);
	}
	return parsed;
}

/*
 * A pass the server entered for a seat whose only legal order was pass
 * (daemon/game-pass.c): signed with the server's key, for this game,
 * seat, turn and phase, holding "pass" and nothing else. That pass was
 * the seat's only legal order the replay checks (audit-replay.c).
 */
static void
check_server_pass(const struct archive *a, const struct archive_phase *ph,
    const struct archive_order *o, const char *rec, struct audit_report *r)
{
	struct archive_order_text t;
	struct orders *parsed;
	struct pubkey pk;
	char *cause = NULL;

	if (archive_order_text(a, o, &t, &cause) == -1) {
		audit_fail(r, rec, "%s", cause);
		free(cause);
		return;
	}
	memset(&pk, 0, sizeof pk);
	pk.kind = PUBKEY_MUTHUR;
	memcpy(pk.key, a->server_key, sizeof pk.key);
	if (sig_verify(&pk, t.block, t.block_len, t.signature, t.sig_len, &cause) == -1)
		audit_fail(r, rec, "a pass the server entered, but its signature does not "
		    "verify with the server's key: %s", cause);
	free(cause);
	cause = NULL;
	if ((parsed = parse_order_text(&t, rec, r)) == NULL)
		return;
	if (strcmp(parsed->game, a->game) != 0 || strcmp(parsed->seat, o->seat) != 0 ||
	    parsed->turn < 0 || (uint64_t)parsed->turn != ph->turn ||
	    strcmp(parsed->phase, ph->name) != 0)
		audit_fail(r, rec, "a pass the server entered for game %s, seat %s, turn "
		    "%ld, phase %s", parsed->game, parsed->seat, parsed->turn, parsed->phase);
	if (parsed->nlines != 1 || strcmp(parsed->lines[0].text, "pass") != 0 ||
	    parsed->nsections > 0 || parsed->nsettings > 0 || parsed->nabsences > 0)
		audit_fail(r, rec, "the server entered orders other than pass");
	if (parsed->nonce_len != o->nonce_len ||
	    memcmp(parsed->nonce, o->nonce, o->nonce_len) != 0)
		audit_fail(r, rec, "nonce is not the block's nonce");
	orders_free(parsed);
}

static void
check_order(const struct archive *a, const struct made *mv, size_t nm,
    const struct archive_phase *ph, const struct archive_order *o, size_t index,
    const char *prec, const struct audit_keys *keys, struct csig_pool *pool,
    size_t pk_index, struct audit_report *r)
{
	const char *key;
	uint64_t made;
	size_t nth;
	const struct archive_seat *seat;
	struct archive_order_text t;
	struct orders *parsed;
	struct pubkey pk;
	char *rec, *cause = NULL;
	size_t j;
	int last = 1;

	rec = xasprintf("%s: orders of seat %s", prec, o->seat);
	if ((seat = seat_find(a, o->seat)) == NULL) {
		audit_fail(r, rec, "no such seat");
		free(rec);
		return;
	}
	if (!owes(ph, o->seat))
		audit_fail(r, rec, "the seat does not owe orders in this phase");
	for (j = index + 1; j < ph->norders; j++)
		if (strcmp(ph->orders[j].seat, o->seat) == 0)
			last = 0;
	if (o->current != last)
		audit_fail(r, rec, last ? "the seat's last orders are marked superseded" :
		    "marked current, but later orders of the seat supersede them");
	if (strcmp(o->sig_type, PHASE_SERVER_ORDER) == 0) {
		check_server_pass(a, ph, o, rec, r);
		free(rec);
		return;
	}
	if (archive_order_text(a, o, &t, &cause) == -1) {
		audit_fail(r, rec, "%s", cause);
		free(cause);
		free(rec);
		return;
	}
	if (strcmp(sig_type_of(sig_detect(t.signature, t.sig_len, NULL, NULL)),
	    o->sig_type) != 0)
		audit_fail(r, rec, "signature type %s, but the signature is %s",
		    o->sig_type, sig_type_of(sig_detect(t.signature, t.sig_len, NULL, NULL)));
	r->player_sigs++;
	if (pool != NULL) {	/* verified by the pool (pool_order_verify()) */
		signed char v = pool->ok[a->ncommitments + pk_index];
		size_t fi, fj;

		if (v == POOL_SAME && order_first(a, mv, nm, ph, o, &fi, &fj)) {
			pk_index = pool->first[fi] + fj;	/* the first order's */
			v = pool->ok[a->ncommitments + pk_index];
		}
		if (v == -1)
			audit_fail(r, rec, "signature cannot be checked: the seat's key "
			    "does not parse");
		else if (v == 0)
			audit_fail(r, rec, "signature does not verify: %s",
			    pool_why_of(pool, pk_index) != NULL ?
			    pool_why_of(pool, pk_index) : "(no reason given)");
	} else {
		order_made(a, mv, nm, ph, o, index, &made, &nth);
		key = audit_keys_at(keys, seat, made, nth);
		if (pubkey_parse(key, strlen(key), &pk, &cause) == -1)
			audit_fail(r, rec, "signature cannot be checked: the seat's key "
			    "does not parse");
		else if (sig_verify_flags(&pk, t.block, t.block_len, t.signature,
		    t.sig_len, SIG_BYTES_ONLY, &cause) == -1)
			audit_fail(r, rec, "signature does not verify: %s", cause);
		free(cause);
		cause = NULL;
	}
	if ((parsed = parse_order_text(&t, rec, r)) == NULL) {
		free(rec);
		return;
	}
	if (strcmp(parsed->game, a->game) != 0)
		audit_fail(r, rec, "block is for game %s", parsed->game);
	if (strcmp(parsed->seat, o->seat) != 0)
		audit_fail(r, rec, "block is for seat %s", parsed->seat);
	if (parsed->turn < 0 || (uint64_t)parsed->turn != ph->turn)
		audit_fail(r, rec, "block is for turn %ld, phase %s", parsed->turn,
		    parsed->phase);
	else if (strcmp(parsed->phase, ph->name) != 0)
		audit_plan_order(a, ph, parsed, rec, r);
	if (parsed->nonce_len != o->nonce_len ||
	    memcmp(parsed->nonce, o->nonce, o->nonce_len) != 0)
		audit_fail(r, rec, "nonce is not the block's nonce");
	orders_free(parsed);
	free(rec);
}

static void
check_phases(const struct archive *a, struct csig_pool *pool, struct audit_report *r)
{
	struct audit_keys *keys;
	struct made *mv;
	size_t i, j, nclosed = 0, nm, k = 0;
	char *rec;
	int abandoned = strcmp(a->status, "abandoned") == 0;

	if (a->nphases == 0) {
		audit_fail(r, "archive", "the game has no phases");
		return;
	}
	if (pool != NULL) {	/* loaded by pool_setup() */
		keys = (struct audit_keys *)pool->keys;
		mv = (struct made *)pool->mv;
		nm = pool->nm;
		pool_finish(pool);
	} else {
		keys = audit_keys_load(a, r);
		mv = made_index(a, &nm);
	}
	for (i = 0; i < a->nphases; i++) {
		const struct archive_phase *ph = &a->phases[i];

		rec = audit_phase_record(ph);
		if (ph->seq != i + 1)
			audit_fail(r, rec, "numbered out of sequence (expected %zu)", i + 1);
		if (i == 0 && (strcmp(ph->name, "setup") != 0 || ph->turn != 0 ||
		    (ph->nowing != 0 && !audit_ready_owing(a, ph))))
			audit_fail(r, rec, "phase 1 must be setup, turn 0, owed by nobody "
			    "or (seats' entropy) by every seat's ready block");
		if (ph->open && i + 1 < a->nphases)
			audit_fail(r, rec, "open, but a later phase exists");
		if (ph->open && ph->norders > 0)
			audit_fail(r, rec, "open, yet orders of it are in the archive");
		for (j = 0; j < ph->nowing; j++)
			if (seat_find(a, ph->owing[j]) == NULL)
				audit_fail(r, rec, "owed by %s, which is no seat", ph->owing[j]);
		for (j = 0; j < ph->norders; j++)
			check_order(a, mv, nm, ph, &ph->orders[j], j, rec, keys, pool, k++, r);
		if (i % 64 == 63)
			archive_src_release(a);	/* the text behind, of a mapped file */
		if (a->scope == ARCHIVE_FULL && !ph->open &&
		    !(i + 1 == a->nphases && abandoned)) {
			if (nclosed >= a->nstates || a->states[nclosed].after_phase != ph->seq)
				audit_fail(r, rec, "no recorded state after it");
			nclosed++;
		}
		free(rec);
	}
	if (pool == NULL) {
		audit_keys_free(keys);
		free(mv);
	}
	if (a->nstates != nclosed)
		audit_fail(r, "archive", "%zu recorded states for %zu closed phases",
		    a->nstates, nclosed);
	if ((strcmp(a->status, "finished") == 0 || abandoned) &&
	    a->phases[a->nphases - 1].open)
		audit_fail(r, "archive", "the game is %s but its last phase is open",
		    a->status);
	if (strcmp(a->status, "running") == 0 && !a->phases[a->nphases - 1].open)
		audit_fail(r, "archive", "the game is running but has no open phase");
}

/*
 * second[i] = 1 where an earlier commitment has the name (domain and
 * secret id) of commitment i: from the archive's sorted order, where
 * commitments of one name stand together, the first of them first
 * (store/archive.c); with no order, by comparing each with the earlier.
 */
static void
commitments_second(const struct archive *a, char *second)
{
	const struct archive_commitment *c, *p;
	size_t i, j;

	if (a->commit_order == NULL) {
		for (i = 0; i < a->ncommitments; i++)
			for (j = 0; j < i && !second[i]; j++)
				second[i] = strcmp(a->commitments[j].domain,
				    a->commitments[i].domain) == 0 &&
				    strcmp(a->commitments[j].secret_id,
				    a->commitments[i].secret_id) == 0;
		return;
	}
	for (i = 1; i < a->ncommitments; i++) {
		p = &a->commitments[a->commit_order[i - 1]];
		c = &a->commitments[a->commit_order[i]];
		second[a->commit_order[i]] = strcmp(p->domain, c->domain) == 0 &&
		    strcmp(p->secret_id, c->secret_id) == 0;
	}
}

static void
check_commitments(const struct archive *a, struct csig_pool *pool,
    struct audit_report *r)
{
	char *rec, *cause = NULL, *second;
	size_t i;
	int finished = strcmp(a->status, "finished") == 0 ||
	    strcmp(a->status, "abandoned") == 0;

	second = xcalloc(a->ncommitments + 1, 1);
	commitments_second(a, second);
	if (pool != NULL)
		pool_finish(pool);
	for (i = 0; i < a->ncommitments; i++) {
		const struct archive_commitment *c = &a->commitments[i];
		int seed = strcmp(c->domain, RAND_SEED_DOMAIN) == 0;

		rec = xasprintf("commitment %s/%s", c->domain, c->secret_id);
		if (second[i])
			audit_fail(r, rec, "a second commitment of that name");
		r->server_sigs++;
		if (pool != NULL ? !pool->ok[i] : commit_sig_verify(a->server_key, c->domain,
		    a->game, c->secret_id, c->c, c->sig) == -1)
			audit_fail(r, rec, "server signature does not verify");
		if (c->created_phase > a->nphases)
			audit_fail(r, rec, "made in phase %llu, which does not exist",
			    (unsigned long long)c->created_phase);
		if (!c->opened) {
			if (finished)
				audit_fail(r, rec, "not opened at the end of the game");
			free(rec);
			continue;
		}
		if (c->revealed_phase < c->created_phase || c->revealed_phase > a->nphases)
			audit_fail(r, rec, "opened in phase %llu, before it was made or after "
			    "the last phase", (unsigned long long)c->revealed_phase);
		r->openings++;
		if (!seed && commit_open_verify(c->domain, a->game, c->secret_id, c->secret,
		    c->secret_len, c->nonce, c->c, &cause) == -1) {
			audit_fail(r, rec, "opening does not match the commitment: %s", cause);
			free(cause);
			cause = NULL;
		}
		free(rec);
	}
	free(second);
}

static void
check_seeds(const struct archive *a, struct audit_report *r)
{
	const struct archive_commitment *c;
	char *rec, *sid, *cause = NULL;
	size_t i;

	for (i = 0; i < a->nphases; i++) {
		const struct archive_phase *ph = &a->phases[i];

		rec = audit_phase_record(ph);
		sid = rand_seed_secret_id(ph->seq);
		r->seeds++;
		if ((c = archive_commitment_find(a, RAND_SEED_DOMAIN, sid)) == NULL)
			audit_fail(r, rec, "has no seed commitment (%s/%s)", RAND_SEED_DOMAIN,
			    sid);
		else if (c->created_phase != ph->seq)
			audit_fail(r, rec, "seed was committed in phase %llu, not when the "
			    "phase opened, before its orders", (unsigned long long)c->created_phase);
		else if (ph->open && c->opened)
			audit_fail(r, rec, "seed was opened before the phase resolved");
		else if (!ph->open && !c->opened)
			audit_fail(r, rec, "seed was not opened when the phase resolved");
		else if (c->opened && c->revealed_phase != ph->seq)
			audit_fail(r, rec, "seed was opened in phase %llu, not when the phase "
			    "resolved", (unsigned long long)c->revealed_phase);
		else if (c->opened && c->secret_len != RAND_SEED_BYTES)
			audit_fail(r, rec, "seed has %zu bytes, expected %d", c->secret_len,
			    RAND_SEED_BYTES);
		else if (c->opened && commit_open_verify(c->domain, a->game, c->secret_id,
		    c->secret, c->secret_len, c->nonce, c->c, &cause) == -1) {
			audit_fail(r, rec, "seed does not match its commitment: %s", cause);
			free(cause);
			cause = NULL;
		}
		free(sid);
		free(rec);
	}
	for (i = 0; i < a->ncommitments; i++) {
		c = &a->commitments[i];
		if (strcmp(c->domain, RAND_SEED_DOMAIN) != 0)
			continue;
		rec = xasprintf("commitment %s/%s", c->domain, c->secret_id);
		sid = c->created_phase >= 1 ? rand_seed_secret_id(c->created_phase) :
		    xstrdup("");
		if (c->created_phase < 1 || c->created_phase > a->nphases ||
		    strcmp(sid, c->secret_id) != 0)
			audit_fail(r, rec, "a seed of no phase of the game");
		free(sid);
		free(rec);
	}
}

/*
 * The game's shuffle seed (store/random.h): one, made at new-game before
 * any nonce; closed while the game runs (it orders every deck); opened
 * when the game ends, not before. Counts the phases whose randomness no
 * player nonce entered.
 */
static void
check_shuffle_seed(const struct archive *a, struct audit_report *r)
{
	const struct archive_commitment *c;
	const char *rec = "commitment " RAND_SHUFFLE_DOMAIN "/" RAND_SHUFFLE_SECRET_ID;
	int over = strcmp(a->status, "finished") == 0 || strcmp(a->status, "abandoned") == 0;

	audit_entropy_count(a, r);	/* daemon/audit-explain.c */
	if ((c = archive_commitment_find(a, RAND_SHUFFLE_DOMAIN,
	    RAND_SHUFFLE_SECRET_ID)) == NULL) {
		/*
		 * A game made before the shuffle seed: its shuffles came from
		 * the phase streams (still unsteerable, but computable by the
		 * seats from the opened seeds). The replay follows it.
		 */
		r->legacy_shuffles = 1;
		return;
	}
	if (c->created_phase != 0)
		audit_fail(r, rec, "made in phase %llu, not at new-game before any orders",
		    (unsigned long long)c->created_phase);
	if (c->opened && !over)
		audit_fail(r, rec, "opened while the game runs: every deck's order "
		    "could be computed");
	else if (c->opened && a->nphases > 0 &&
	    c->revealed_phase != a->phases[a->nphases - 1].seq)
		audit_fail(r, rec, "opened in phase %llu, before the game ended",
		    (unsigned long long)c->revealed_phase);
	else if (c->opened && c->secret_len != RAND_SEED_BYTES)
		audit_fail(r, rec, "has %zu bytes, expected %d", c->secret_len,
		    RAND_SEED_BYTES);
}

/*
 * The events: numbered 1, 2, ..., each of a phase, in phase order. Of a
 * full archive the hash chain and head; of a spectator archive, which has
 * no chain (it is not yet open), that every event is public.
 */
static void
check_events(const struct archive *a, struct audit_report *r)
{
	unsigned char prev[CHAIN_HASH_BYTES], h[CHAIN_HASH_BYTES];
	struct chain_event ce;
	uint64_t phase = 1;
	char rec[64];
	size_t i;
	int full = a->scope == ARCHIVE_FULL;

	memcpy(prev, chain_genesis, sizeof prev);
	for (i = 0; i < a->nevents; i++) {
		const struct archive_event *e = &a->events[i];

		r->events++;
		snprintf(rec, sizeof rec, "event %llu", (unsigned long long)e->seq);
		if (e->seq != i + 1)
			audit_fail(r, rec, "out of sequence (expected event %zu here)", i + 1);
		if (e->phase < 1 || e->phase > a->nphases)
			audit_fail(r, rec, "belongs to phase %llu, which does not exist",
			    (unsigned long long)e->phase);
		else if (e->phase < phase)
			audit_fail(r, rec, "belongs to phase %llu, after an event of phase "
			    "%llu", (unsigned long long)e->phase, (unsigned long long)phase);
		else
			phase = e->phase;
		if (!full) {
			if (strcmp(e->visibility, "all") != 0)
				audit_fail(r, rec, "a private event (visible to %s) in a "
				    "spectator archive", e->visibility);
			continue;
		}
		if (sodium_memcmp(e->prev, prev, sizeof prev) != 0)
			audit_fail(r, rec, "hash does not chain (its previous hash is not the "
			    "hash of the event before)");
		ce.game = a->game;
		ce.seq = e->seq;
		ce.phase_seq = e->phase;
		ce.type = e->type;
		ce.visibility = e->visibility;
		ce.payload = e->payload;
		ce.payload_len = e->payload_len;
		chain_hash(e->prev, &ce, h);
		if (sodium_memcmp(h, e->hash, sizeof h) != 0)
			audit_fail(r, rec, "hash does not match its contents");
		memcpy(prev, e->hash, sizeof prev);
	}
	if (!full)
		return;
	if (a->head_count != a->nevents)
		audit_fail(r, "head", "counts %llu events, the archive has %zu",
		    (unsigned long long)a->head_count, a->nevents);
	if (sodium_memcmp(a->head_hash, prev, sizeof prev) != 0)
		audit_fail(r, "head", "hash is not the hash of the last event");
}

/*
 * The scope goes with the status: the full archive once the game is over,
 * the spectator one while it runs (doc/product.md §7). A format-1 archive,
 * made before there were scopes, is full whatever the status.
 */
static void
check_scope(const struct archive *a, struct audit_report *r)
{
	if (a->format_1)
		return;		/* made before there were scopes */
	if (a->scope == ARCHIVE_FULL && !game_over(a))
		audit_fail(r, "archive", "a full archive of a game that is %s: its orders, "
		    "private events and chain are for the end of the game", a->status);
	else if (a->scope == ARCHIVE_SPECTATOR && game_over(a))
		audit_fail(r, "archive", "a spectator archive of a game that is %s: a game "
		    "that is over has the full archive", a->status);
}

/* The checks of the records that need no replay, in the order of the report. */
struct checks {
	const struct archive	*a;
	struct csig_pool	*pool;		/* NULL: verify here */
	struct audit_report	 r;
};

static void *
checks_run(void *arg)
{
	struct checks *k = arg;

	check_phases(k->a, k->pool, &k->r);
	check_commitments(k->a, k->pool, &k->r);
	audit_clock(k->a, &k->r);
	check_seeds(k->a, &k->r);
	check_shuffle_seed(k->a, &k->r);
	audit_turn_seeds(k->a, &k->r);
	check_events(k->a, &k->r);
	return NULL;
}

/* Add what part found and counted to r, its failures after r's; frees part. */
static void
report_merge(struct audit_report *r, struct audit_report *part)
{
	size_t i;

	for (i = 0; i < part->nfailures; i++) {
		r->failures = xreallocarray(r->failures, r->nfailures + 1,
		    sizeof *r->failures);
		r->failures[r->nfailures++] = part->failures[i];
	}
	free(part->failures);
	r->player_sigs += part->player_sigs;
	r->server_sigs += part->server_sigs;
	r->openings += part->openings;
	r->seeds += part->seeds;
	r->events += part->events;
	r->phases += part->phases;
	r->states += part->states;
	r->server_only += part->server_only;
	r->plan_orders += part->plan_orders;
	r->entropy_missing += part->entropy_missing;
	if (r->entropy_note == NULL)
		r->entropy_note = part->entropy_note;
	else
		free(part->entropy_note);
	r->legacy_shuffles |= part->legacy_shuffles;
	r->replayed |= part->replayed;
	if (r->note == NULL)
		r->note = part->note;
	else
		free(part->note);
	memset(part, 0, sizeof *part);
}

int
audit_archive(const char *text, size_t len, unsigned flags, struct audit_report *r)
{
	return audit_archive_observe(text, len, flags, NULL, NULL, r);
}

int
audit_archive_observe(const char *text, size_t len, unsigned flags,
    audit_step_fn *step, void *arg, struct audit_report *r)
{
	struct checks k;
	struct csig_pool pool;
	struct audit_report replay;
	pthread_t t;
	int threaded;
	struct archive *a;
	char *cause = NULL;

	memset(r, 0, sizeof *r);
	/* the orders' bytes read again from text when needed: not kept twice */
	if ((a = archive_parse_flags(text, len, ARCHIVE_ORDERS_LATER |
	    (flags & AUDIT_SRC_MAPPED ? ARCHIVE_SRC_MAPPED : 0), &cause)) == NULL) {
		audit_fail(r, "archive", "%s", cause);
		free(cause);
		return -1;
	}
	r->game = xstrdup(a->game);
	r->status = xstrdup(a->status);
	r->scope = xstrdup(archive_scope_name(a->scope));
	r->server_sigs++;
	if (archive_sig_verify(a) == -1)
		audit_fail(r, "archive", "the server's signature over the archive does not "
		    "verify");
	check_scope(a, r);
	check_files(a, r);
	check_seats(a, r);
	/*
	 * The record checks (their signatures above all) and the replay are
	 * independent: on a machine with two cores they run at once, each
	 * into a report of its own, merged in the order of a run one after
	 * the other. With AUDIT_STOP_EARLY the replay waits for the checks.
	 */
	memset(&k, 0, sizeof k);
	memset(&replay, 0, sizeof replay);
	memset(&pool, 0, sizeof pool);
	k.a = a;
	if (a->scope != ARCHIVE_SPECTATOR && !(flags & AUDIT_STOP_EARLY) &&
	    a->nphases > 0) {
		pool_setup(&pool, a, &k.r);
		k.pool = &pool;
	}
	threaded = a->scope != ARCHIVE_SPECTATOR && !(flags & AUDIT_STOP_EARLY) &&
	    pthread_create(&t, NULL, checks_run, &k) == 0;
	if (!threaded)
		checks_run(&k);
	else {
		audit_replay(a, &replay, step, arg);
		if (k.pool != NULL)
			pool_work(k.pool);
	}
	if (threaded)
		pthread_join(t, NULL);
	if (k.pool != NULL)
		pool_clear(&pool);
	report_merge(r, &k.r);
	if (threaded)
		report_merge(r, &replay);
	else if (a->scope == ARCHIVE_SPECTATOR) {
		struct strbuf sb = STRBUF_INIT;
		size_t i;

		strbuf_addstr(&sb, "spectator archive of a game still running: not yet open: ");
		for (i = 0; not_yet_open[i] != NULL; i++)
			strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", not_yet_open[i]);
		strbuf_addstr(&sb, " (the full archive is exported once the game is over)");
		r->note = strbuf_detach(&sb, NULL);
	} else if (!(flags & AUDIT_STOP_EARLY) || r->nfailures == 0)
		audit_replay(a, r, step, arg);
	archive_free(a);
	return r->nfailures == 0 ? 0 : -1;
}

void
audit_report_print(const struct audit_report *r, FILE *out)
{
	size_t i;

	for (i = 0; i < r->nfailures; i++)
		fprintf(out, "%s: %s\n", r->failures[i].record, r->failures[i].message);
	if (r->note != NULL)
		fprintf(out, "note: %s\n", r->note);
	if (r->legacy_shuffles)
		fprintf(out, "note: a game made before the shuffle seed: its deal and "
		    "reshuffles came from the opened phase seeds, so the seats could "
		    "compute them\n");
	fprintf(out, "%s %s: %zu failure%s; checked %zu player signatures, %zu server "
	    "signatures, %zu openings, %zu seeds, %zu events, %zu phases replayed, "
	    "%zu state hashes%s; %zu phase%s with server-only randomness\n",
	    r->nfailures == 0 ? "OK" : "FAILED",
	    r->game != NULL ? r->game : "(unreadable archive)", r->nfailures,
	    r->nfailures == 1 ? "" : "s", r->player_sigs, r->server_sigs, r->openings,
	    r->seeds, r->events, r->phases, r->states,
	    r->replayed ? "" : " (no full replay)", r->server_only,
	    r->server_only == 1 ? "" : "s");
	if (r->entropy_note != NULL)
		fprintf(out, "%zu phase%s without every seat's nonce: %s\n",
		    r->entropy_missing, r->entropy_missing == 1 ? "" : "s",
		    r->entropy_note);
	if (r->plan_orders > 0)
		fprintf(out, "%zu order%s from plans (sent in an earlier phase of "
		    "their turn)\n", r->plan_orders, r->plan_orders == 1 ? "" : "s");
}

char *
audit_report_json(const struct audit_report *r)
{
	cJSON *o = cJSON_CreateObject(), *arr, *f, *c;
	char *s, *out;
	size_t i;

	if (r->game != NULL)
		cJSON_AddStringToObject(o, "game", r->game);
	else
		cJSON_AddNullToObject(o, "game");
	if (r->status != NULL)
		cJSON_AddStringToObject(o, "status", r->status);
	if (r->scope != NULL)
		cJSON_AddStringToObject(o, "scope", r->scope);
	cJSON_AddBoolToObject(o, "ok", r->nfailures == 0);
	cJSON_AddBoolToObject(o, "replayed", r->replayed);
	if (r->note != NULL)
		cJSON_AddStringToObject(o, "note", r->note);
	if (r->scope != NULL && strcmp(r->scope, ARCHIVE_SCOPE_SPECTATOR) == 0) {
		cJSON_AddItemToObject(o, "not_yet_open", arr = cJSON_CreateArray());
		for (i = 0; not_yet_open[i] != NULL; i++)
			cJSON_AddItemToArray(arr, cJSON_CreateString(not_yet_open[i]));
	}
	cJSON_AddItemToObject(o, "checked", c = cJSON_CreateObject());
	cJSON_AddNumberToObject(c, "player_signatures", (double)r->player_sigs);
	cJSON_AddNumberToObject(c, "server_signatures", (double)r->server_sigs);
	cJSON_AddNumberToObject(c, "openings", (double)r->openings);
	cJSON_AddNumberToObject(c, "seeds", (double)r->seeds);
	cJSON_AddNumberToObject(c, "server_only_phases", (double)r->server_only);
	cJSON_AddNumberToObject(c, "plan_orders", (double)r->plan_orders);
	cJSON_AddNumberToObject(c, "phases_missing_seat_nonces",
	    (double)r->entropy_missing);
	cJSON_AddBoolToObject(c, "legacy_shuffles", r->legacy_shuffles != 0);
	cJSON_AddNumberToObject(c, "events", (double)r->events);
	cJSON_AddNumberToObject(c, "phases_replayed", (double)r->phases);
	cJSON_AddNumberToObject(c, "state_hashes", (double)r->states);
	cJSON_AddItemToObject(o, "failures", arr = cJSON_CreateArray());
	for (i = 0; i < r->nfailures; i++) {
		cJSON_AddItemToArray(arr, f = cJSON_CreateObject());
		cJSON_AddStringToObject(f, "record", r->failures[i].record);
		cJSON_AddStringToObject(f, "message", r->failures[i].message);
	}
	s = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	out = xasprintf("%s\n", s);
	cJSON_free(s);
	return out;
}

void
audit_report_clear(struct audit_report *r)
{
	size_t i;

	for (i = 0; i < r->nfailures; i++) {
		free(r->failures[i].record);
		free(r->failures[i].message);
	}
	free(r->failures);
	free(r->game);
	free(r->status);
	free(r->scope);
	free(r->note);
	free(r->entropy_note);
	memset(r, 0, sizeof *r);
}
