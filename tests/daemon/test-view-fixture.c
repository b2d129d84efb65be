/*
 * test-view-fixture.c — see test-view-fixture.h.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/deck.h"
#include "store/commit.h"
#include "store/random.h"
#include "tests/daemon/test-view-fixture.h"
#include "tests/tap.h"

static const char *factions[4] = { "aliens", "predator", "marines", "rogue" };

const char *
vfx_top(void)
{
	const char *top = getenv("top_srcdir");

	return top != NULL ? top : ".";
}

static uint32_t
uniform(void *ctx, uint32_t bound)
{
	uint64_t *c = ctx, x;
	uint32_t lim = UINT32_MAX - UINT32_MAX % bound;

	for (;;) {
		x = c[0] * 0x9e3779b97f4a7c15ULL + c[1]++;
		x ^= x >> 33;
		x *= 0xff51afd7ed558ccdULL;
		x ^= x >> 33;
		if ((uint32_t)x < lim)
			return (uint32_t)x % bound;
	}
}

static void
add_event(struct vfx *x, const struct rules_event *e)
{
	struct store_event *se;
	struct strbuf vis = STRBUF_INIT;
	const char *type;
	cJSON *p = cJSON_Parse(e->json);
	size_t s;

	x->ev = xreallocarray(x->ev, x->nev + 1, sizeof *x->ev);
	se = &x->ev[x->nev];
	memset(se, 0, sizeof *se);
	se->seq = ++x->nev;
	se->phase_seq = x->phase_seq;
	type = cJSON_GetStringValue(cJSON_GetObjectItem(p, "type"));
	se->type = xstrdup(type ? type : "event");
	cJSON_Delete(p);
	if (e->vis == RULES_VIS_PUBLIC)
		strbuf_addstr(&vis, "all");
	else
		for (s = 0; s < x->R->nseats(x->g); s++)
			if (e->seats & ((uint64_t)1 << s)) {
				if (vis.len > 0)
					strbuf_addc(&vis, ',');
				strbuf_addstr(&vis, x->R->seat_name(x->g, s));
			}
	if (vis.len == 0)
		strbuf_addstr(&vis, "none");
	se->visibility = strbuf_detach(&vis, NULL);
	se->payload = (unsigned char *)xstrdup(e->json);
	se->payload_len = strlen(e->json);
}

static struct store_commitment *
add_commitment(struct vfx *x, const char *domain, const char *id,
    const void *secret, size_t len)
{
	struct store_commitment *c;
	size_t i;

	x->cm = xreallocarray(x->cm, x->ncm + 1, sizeof *x->cm);
	c = &x->cm[x->ncm];
	memset(c, 0, sizeof *c);
	c->id = (int64_t)++x->ncm;
	c->game_id = 1;
	c->domain = xstrdup(domain);
	c->secret_id = xstrdup(id);
	c->secret = xmalloc(len + 1);
	memcpy(c->secret, secret, len);
	c->secret[len] = '\0';
	c->secret_len = len;
	for (i = 0; i < sizeof c->nonce; i++)
		c->nonce[i] = (unsigned char)(x->ncm * 37 + i * 11);
	c->created_phase = x->phase_seq;
	commit_hash(domain, x->game, id, secret, len, c->nonce, c->c);
	commit_sign(x->sk, domain, x->game, id, c->c, c->sig);
	return c;
}

static void
seed_commit(struct vfx *x)
{
	unsigned char seed[RAND_SEED_BYTES];
	char *id = rand_seed_secret_id(x->phase_seq);
	size_t i;

	for (i = 0; i < sizeof seed; i++)
		seed[i] = (unsigned char)(x->phase_seq * 13 + i);
	add_commitment(x, RAND_SEED_DOMAIN, id, seed, sizeof seed);
	free(id);
}

static void
seed_reveal(struct vfx *x)
{
	char *id = rand_seed_secret_id(x->phase_seq);
	size_t i;

	for (i = 0; i < x->ncm; i++)
		if (strcmp(x->cm[i].secret_id, id) == 0) {
			x->cm[i].revealed = 1;
			x->cm[i].revealed_phase = x->phase_seq;
		}
	free(id);
}

/* Commit to every secret whose bytes changed (game-record.md, Secrets). */
static void
commit_secrets(struct vfx *x)
{
	struct rules_secret *sec;
	size_t n, i, j;

	x->R->secrets(x->g, &sec, &n);
	for (i = 0; i < n; i++) {
		const struct store_commitment *last = NULL;
		size_t len = strlen(sec[i].id);
		char *id;

		for (j = 0; j < x->ncm; j++)
			if (strncmp(x->cm[j].secret_id, sec[i].id, len) == 0 &&
			    x->cm[j].secret_id[len] == '@')
				last = &x->cm[j];
		if (last != NULL && last->secret_len == sec[i].len &&
		    memcmp(last->secret, sec[i].bytes, sec[i].len) == 0)
			continue;
		id = xasprintf("%s@%llu", sec[i].id, (unsigned long long)x->phase_seq);
		add_commitment(x, "muthur.secret", id, sec[i].bytes, sec[i].len);
		free(id);
	}
	rules_secrets_free(sec, n);
}

int
vfx_init(struct vfx *x, const char *extra_cards, uint64_t seed, char **cause)
{
	char *cards = xasprintf("%s/rules/ccg/data/sample-cards.json", vfx_top());
	const char *paths[2] = { cards, extra_cards };
	char *texts[4] = { NULL, NULL, NULL, NULL };
	size_t f, i;
	struct rules_seat seats[4];
	struct rules_setup su;
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_rng rng;
	unsigned char kseed[32];
	int k, rc = -1;

	memset(x, 0, sizeof *x);
	x->R = rules_find("ccg");
	x->game = "contact-7";
	x->rng_seed = seed;
	memset(kseed, 0x42, sizeof kseed);
	crypto_sign_seed_keypair(x->pk, x->sk, kseed);
	x->server_key = key_public_format(x->pk, "muthur test server");
	x->db = ccg_carddb_load(paths, extra_cards ? 2 : 1, cause);
	free(cards);
	if (x->db == NULL)
		return -1;
	x->phase_seq = 1;
	seed_commit(x);
	memset(seats, 0, sizeof seats);
	for (f = 0; f < 4; f++) {
		char *path = xasprintf("%s/rules/ccg/data/%s.deck", vfx_top(), factions[f]);
		size_t len;

		if (fs_read_file(path, 1 << 20, &texts[f], &len, cause) != 0) {
			free(path);
			goto out;
		}
		add_commitment(x, "muthur.decklist", factions[f], texts[f], len);
		k = ccg_decklist_seat(x->db, path, factions[f], factions[f], texts[f],
		    len, &seats[f], cause);
		free(path);
		if (k != 0)
			goto out;
	}
	su.scenario = "contact";
	su.seats = seats;
	su.nseats = 4;
	su.data = x->db;
	su.places = 1;
	su.await_legal = 0;
	su.options = NULL;
	su.noptions = 0;
	memset(&rng, 0, sizeof rng);
	rng.uniform = uniform;
	rng.ctx = &x->rng_seed;
	x->g = x->R->create(&su, &rng, &ev, cause);
	if (x->g == NULL)
		goto out;
	for (i = 0; i < ev.n; i++)
		add_event(x, &ev.v[i]);
	x->prev_first_ev = 1;
	seed_reveal(x);
	commit_secrets(x);
	x->phase_seq++;
	seed_commit(x);
	rc = 0;
out:
	rules_events_free(&ev);
	for (f = 0; f < 4; f++) {
		ccg_decklist_seat_clear(&seats[f]);
		free(texts[f]);
	}
	return rc;
}

void
vfx_free(struct vfx *x)
{
	if (x->g != NULL)
		x->R->free(x->g);
	if (x->db != NULL)
		ccg_carddb_free(x->db);
	store_events_free(x->ev, x->nev);
	store_commitments_free(x->cm, x->ncm);
	free(x->server_key);
	memset(x, 0, sizeof *x);
}

char *
vfx_choose(struct vfx *x, size_t seat)
{
	char *legal = x->R->legal(x->g, seat), *p, *nl, *lines[512];
	struct strbuf sb = STRBUF_INIT;
	uint64_t c[2] = { x->rng_seed + 77, x->pick_n++ * 1000 };
	size_t n = 0, i;

	for (p = legal; *p != '\0' && n < 512; p = nl + 1) {
		nl = strchr(p, '\n');
		*nl = '\0';
		if (*p != '#' && strcmp(p, "pass") != 0 &&
		    (x->standing != 0 || strncmp(p, "pass ", 5) != 0))
			lines[n++] = p;
	}
	/* greedily: each line that still checks with those kept before */
	for (i = 0; i < n; i++) {
		size_t keep = sb.len;
		char *why = NULL;

		if (strcmp(x->R->phase(x->g), "movement.locations") != 0 &&
		    uniform(c, 3) != 0)
			continue;
		strbuf_addstr(&sb, lines[i]);
		strbuf_addc(&sb, '\n');
		/* (the Contact rule wants every placeable location played:
		 * a set still short of that is kept and added to) */
		if (x->R->check(x->g, seat, strbuf_str(&sb), &why) != 0 &&
		    strstr(why, "can still be placed") == NULL) {
			sb.len = keep;
			sb.s[keep] = '\0';
		}
		free(why);
	}
	free(legal);
	return strbuf_detach(&sb, NULL);
}

int
vfx_step(struct vfx *x)
{
	char *orders[4] = { NULL, NULL, NULL, NULL }, *cause = NULL;
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_result res;
	uint64_t rc[2] = { x->rng_seed * 7 + x->phase_seq, 0 };
	struct rules_rng rng = { uniform, rc, NULL, NULL };
	size_t s, i;
	int over;

	x->R->result(x->g, &res);
	over = res.over;
	rules_result_free(&res);
	if (over)
		return 0;
	for (s = 0; s < 4; s++)
		if (x->R->owes(x->g, s)) {
			orders[s] = vfx_choose(x, s);
			if (x->R->check(x->g, s, orders[s], NULL) != 0) {
				free(orders[s]);
				orders[s] = NULL;
			}
		}
	if (x->R->resolve(x->g, (const char *const *)orders, &rng, &ev, &cause) != 0) {
		diag("resolve: %s", cause);
		free(cause);
		for (s = 0; s < 4; s++)
			free(orders[s]);
		return -1;
	}
	for (s = 0; s < 4; s++)
		free(orders[s]);
	x->prev_first_ev = x->nev + 1;
	for (i = 0; i < ev.n; i++)
		add_event(x, &ev.v[i]);
	rules_events_free(&ev);
	seed_reveal(x);
	commit_secrets(x);
	x->R->result(x->g, &res);
	over = res.over;
	rules_result_free(&res);
	if (over) {
		for (i = 0; i < x->ncm; i++)
			if (!x->cm[i].revealed) {
				x->cm[i].revealed = 1;
				x->cm[i].revealed_phase = x->phase_seq;
			}
		return 0;
	}
	x->phase_seq++;
	seed_commit(x);
	return 1;
}

void
vfx_facts(struct vfx *x, size_t seat, int all, int64_t deadline,
    struct view_facts *f)
{
	size_t s, n = 0, from = all ? 0 : (size_t)(x->prev_first_ev - 1);

	memset(f, 0, sizeof *f);
	for (s = 0; s < x->R->nseats(x->g); s++)
		if (x->R->owes(x->g, s))
			x->names[n++] = (char *)x->R->seat_name(x->g, s);
	f->game = x->game;
	f->seat = x->R->seat_name(x->g, seat);
	f->phase_seq = x->phase_seq;
	f->deadline = deadline;
	f->awaited = (const char *const *)x->names;
	f->nawaited = n;
	f->events = x->ev + from;
	f->nevents = x->nev - from;
	f->commitments = x->cm;
	f->ncommitments = x->ncm;
	f->server_key = x->server_key;
}

void
vfx_ctx(size_t seat, const char *seat_name, struct view_mail_ctx *c)
{
	static char ids[8][64], to[8][64];

	memset(c, 0, sizeof *c);
	snprintf(ids[seat % 8], sizeof ids[0], "<muthur.view%zu@club.example>", seat);
	snprintf(to[seat % 8], sizeof to[0], "%s@players.example", seat_name);
	c->date = 1798761600;	/* 2027-01-01 */
	c->message_id = ids[seat % 8];
	c->from_addr = "muthur@club.example";
	c->from_name = "MUTHUR";
	c->to_addr = to[seat % 8];
	c->to_name = NULL;
}

struct store_event *
vfx_events_dup(const struct store_event *v, size_t n)
{
	struct store_event *d = xcalloc(n ? n : 1, sizeof *d);
	size_t i;

	for (i = 0; i < n; i++) {
		d[i] = v[i];
		d[i].type = xstrdup(v[i].type);
		d[i].visibility = xstrdup(v[i].visibility);
		d[i].payload = xmalloc(v[i].payload_len + 1);
		memcpy(d[i].payload, v[i].payload, v[i].payload_len + 1);
	}
	return d;
}

struct store_commitment *
vfx_commitments_dup(const struct store_commitment *v, size_t n)
{
	struct store_commitment *d = xcalloc(n ? n : 1, sizeof *d);
	size_t i;

	for (i = 0; i < n; i++) {
		d[i] = v[i];
		d[i].domain = xstrdup(v[i].domain);
		d[i].secret_id = xstrdup(v[i].secret_id);
		d[i].secret = xmalloc(v[i].secret_len + 1);
		memcpy(d[i].secret, v[i].secret, v[i].secret_len + 1);
	}
	return d;
}
