/*
 * test-attacker.c — what a seat can COMPUTE from its own mails (issue 13,
 * doc/product.md §5 "Hidden outcomes stay hidden"), over a whole demo game.
 *
 * `muthur demo` plays a four-seat Contact game to its end. Then, for each
 * seat S, the attacker takes every view S was mailed before the game
 * ended (the view.json attachments) and gathers every value opened to S:
 * the phase seeds (last_seed) and every opened secret of 32 bytes. With
 * those it tries to recompute what it may not know:
 *
 *   the deal    for each candidate seed, each order of the seats and each
 *               decklist S could know (the factions' sample decks and the
 *               demo deck), deal the game again — with the candidate as
 *               the phase's stream and as a shuffle seed — and compare
 *               every other seat's starting hand and deck order with the
 *               real ones;
 *   reshuffles  for each phase whose resolution made an opponent's deck
 *               order depend on randomness (a replay from the real state
 *               with a random seed gives another order), replay it from
 *               the real state before it with each candidate and all the
 *               phase's nonces (more than S ever sees) and compare.
 *
 * A control plants a leak — the game's real shuffle seed among the
 * candidates — and the same attack must then recover every hand: the
 * attack works, so its failing to work on what S was shown means
 * something.
 *
 * Also here, from the same game (issue 13 items 3 and 7):
 *   - every secret is renewed (a fresh commitment) in every resolved phase
 *     whose public events say it may have changed, whether or not it did,
 *     so renewals say nothing;
 *   - the event numbers in each seat's views count only what that seat
 *     could see: 1, 2, 3, ... without gaps, across all its views.
 */
#include "config.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/game-int.h"
#include "daemon/phase-resolve.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/intake.h"
#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"
#include "rules/rules.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/games.h"
#include "store/orders.h"
#include "store/phases.h"
#include "store/random.h"
#include "store/store.h"
#include "tests/tap.h"

#define NSEATS	4
static const char *const seats[NSEATS] = { "rogue", "marines", "predator", "aliens" };
static const char *const factions[NSEATS] = { "rogue", "marines", "predator", "aliens" };

static const struct rules *R;
static const struct ccg_carddb *db;
static const char *top;

/* ---- the seat's mails ---- */

struct seeds {
	unsigned char	(*v)[RAND_SEED_BYTES];
	size_t		 n;
};

static void
seeds_add(struct seeds *s, const unsigned char *b)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (memcmp(s->v[i], b, RAND_SEED_BYTES) == 0)
			return;
	s->v = xreallocarray(s->v, s->n + 1, sizeof *s->v);
	memcpy(s->v[s->n++], b, RAND_SEED_BYTES);
}

static void
seeds_add_hex(struct seeds *s, const cJSON *hex)
{
	unsigned char b[RAND_SEED_BYTES];
	size_t len;

	if (cJSON_IsString(hex) && strlen(hex->valuestring) == 2 * RAND_SEED_BYTES &&
	    sodium_hex2bin(b, sizeof b, hex->valuestring, 2 * RAND_SEED_BYTES, NULL, &len,
	    NULL) == 0 && len == RAND_SEED_BYTES)
		seeds_add(s, b);
}

/* The view.json attachment of a mail, parsed (mail/intake.h reads the
 * MIME, whatever its transfer encoding); NULL if it has none. */
static cJSON *
mail_view(const char *mail)
{
	struct intake_mail *im = NULL;
	cJSON *v = NULL;
	size_t i;

	if (intake_parse(mail, strlen(mail), NULL, &im, NULL) != 0)
		return NULL;
	for (i = 0; i < im->nparts && v == NULL; i++)
		if (im->parts[i].filename != NULL &&
		    strcmp(im->parts[i].filename, "view.json") == 0)
			v = cJSON_ParseWithLength(im->parts[i].data, im->parts[i].len);
	intake_mail_free(im);
	return v;
}

/* A seat's views, in the order they were written (Maildir names sort so). */
struct views {
	cJSON	**v;
	size_t	  n;
};

static void
crlf_to_lf(char *s)
{
	char *w = s;

	for (; *s != '\0'; s++)
		if (*s != '\r')
			*w++ = *s;
	*w = '\0';
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
views_read(const char *outdir, const char *seat, struct views *vs)
{
	static const char *const subs[] = { "new", "cur" };
	char *to = xasprintf("To: %s@players.example\n", seat), **names = NULL;
	size_t nnames = 0, i, k, len;
	struct dirent *de;
	DIR *d;

	for (k = 0; k < 2; k++) {
		char *dir = xasprintf("%s/%s", outdir, subs[k]);

		if ((d = opendir(dir)) != NULL) {
			while ((de = readdir(d)) != NULL)
				if (de->d_name[0] != '.') {
					names = xreallocarray(names, nnames + 1, sizeof *names);
					names[nnames++] = xasprintf("%s/%s", dir, de->d_name);
				}
			closedir(d);
		}
		free(dir);
	}
	qsort(names, nnames, sizeof *names, name_cmp);
	memset(vs, 0, sizeof *vs);
	for (i = 0; i < nnames; i++) {
		char *mail = NULL;
		cJSON *v;

		if (fs_read_file(names[i], 1 << 24, &mail, &len, NULL) == 0)
			crlf_to_lf(mail);
		if (mail != NULL && strstr(mail, to) != NULL && (v = mail_view(mail)) != NULL) {
			vs->v = xreallocarray(vs->v, vs->n + 1, sizeof *vs->v);
			vs->v[vs->n++] = v;
		}
		free(mail);
		free(names[i]);
	}
	free(names);
	free(to);
}

/* Every 32-byte value opened to the seat before the game was over. */
static void
views_seeds(const struct views *vs, struct seeds *s)
{
	size_t i;
	const cJSON *o;

	for (i = 0; i < vs->n; i++) {
		const cJSON *v = vs->v[i];

		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "over")))
			continue;
		seeds_add_hex(s, cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(v, "last_seed"), "seed"));
		cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(v, "openings"))
			seeds_add_hex(s, cJSON_GetObjectItemCaseSensitive(o, "secret_hex"));
	}
}

/* ---- the real game ---- */

/* The bytes of secret id in g, or NULL (caller frees). */
static char *
secret_of(struct rules_game *g, const char *id, size_t *len)
{
	struct rules_secret *s;
	size_t n, i;
	char *out = NULL;

	R->secrets(g, &s, &n);
	for (i = 0; i < n; i++)
		if (strcmp(s[i].id, id) == 0) {
			out = xmalloc(s[i].len + 1);
			memcpy(out, s[i].bytes, s[i].len);
			out[s[i].len] = '\0';
			*len = s[i].len;
		}
	rules_secrets_free(s, n);
	return out;
}

static struct rules_game *
state_after(struct store *st, int64_t gid, uint64_t p)
{
	unsigned char *bytes = NULL;
	struct rules_game *g;
	size_t len;
	char *cause = NULL;

	if (store_state_get(st, gid, p, &bytes, &len, NULL, NULL, &cause) == -1) {
		diag("state after phase %llu: %s", (unsigned long long)p, cause);
		free(cause);
		return NULL;
	}
	g = R->load(db, (const char *)bytes, len, &cause);
	if (g == NULL) {
		diag("load: %s", cause);
		free(cause);
	}
	free(bytes);
	return g;
}

/* Is secret KIND:SEAT the same in a and b? */
static int
same_secret(struct rules_game *a, struct rules_game *b, const char *kind, const char *seat)
{
	char *id = xasprintf("%s:%s", kind, seat), *x, *y;
	size_t lx = 0, ly = 0;
	int same;

	x = secret_of(a, id, &lx);
	y = secret_of(b, id, &ly);
	same = x != NULL && y != NULL && lx == ly && memcmp(x, y, lx) == 0;
	free(id);
	free(x);
	free(y);
	return same;
}

/*
 * How many bits of chance a deck's order holds: log2 of the number of
 * distinct orders of its cards (n! over the factorials of the copies).
 */
static double
order_bits(struct rules_game *g, const char *seat)
{
	char *id = xasprintf("deck:%s", seat), *b, *p, *nl;
	char **cards = NULL;
	size_t len = 0, n = 0, i, j, run;
	double bits;

	b = secret_of(g, id, &len);
	free(id);
	for (p = b; p != NULL && (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
		*nl = '\0';
		cards = xreallocarray(cards, n + 1, sizeof *cards);
		cards[n++] = p;
	}
	bits = lgamma((double)n + 1);
	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (strcmp(cards[j], cards[i]) == 0)
				break;
		if (j < i)
			continue;	/* counted with its first copy */
		for (run = 0, j = i; j < n; j++)
			run += strcmp(cards[j], cards[i]) == 0;
		bits -= lgamma((double)run + 1);
	}
	free(cards);
	free(b);
	return bits / log(2.0);
}

/*
 * Does g give some seat other than attacker the deck order it has in real
 * (and, when with_hand, its hand too), where that order holds at least 40
 * bits of chance — so that no luck over a few thousand tries explains a
 * match? Names it in which.
 */
#define ORDER_BITS_MIN 40.0
static int
recovers(struct rules_game *g, struct rules_game *real, const char *attacker,
    int with_hand, char *which, size_t wlen)
{
	size_t i;

	for (i = 0; i < NSEATS; i++) {
		if (strcmp(seats[i], attacker) == 0 ||
		    order_bits(real, seats[i]) < ORDER_BITS_MIN)
			continue;
		if (same_secret(g, real, "deck", seats[i]) &&
		    (!with_hand || same_secret(g, real, "hand", seats[i]))) {
			snprintf(which, wlen, "%s of %s", with_hand ? "the hand and deck order" :
			    "the deck order", seats[i]);
			return 1;
		}
	}
	return 0;
}

/* Did randomness decide some other seat's KIND (ctl differs from real)? */
static int
randomised(struct rules_game *real, struct rules_game *ctl, const char *attacker,
    const char *kind)
{
	size_t i;

	for (i = 0; i < NSEATS; i++)
		if (strcmp(seats[i], attacker) != 0 && !same_secret(ctl, real, kind, seats[i]))
			return 1;
	return 0;
}

/* ---- the deal ---- */

static char *
deck_text(const char *file)
{
	char *path = xasprintf("%s/rules/ccg/data/%s", top, file), *text = NULL;
	size_t len;

	if (fs_read_file(path, 1 << 20, &text, &len, NULL) == -1)
		text = NULL;
	free(path);
	return text;
}

/* The decklists each seat might play: its sample deck, and the demo deck. */
struct choices {
	char	*deck[NSEATS][2];
	size_t	 n[NSEATS];
};

static void
choices_init(struct choices *c)
{
	size_t i;

	memset(c, 0, sizeof *c);
	for (i = 0; i < NSEATS; i++) {
		char *f = xasprintf("%s.deck", factions[i]);

		c->deck[i][c->n[i]++] = deck_text(f);
		free(f);
	}
	c->deck[1][c->n[1]++] = deck_text("demo-marines.deck");
}

/*
 * Deal with seed s as every stream (mode 0), or s as a shuffle seed (1),
 * for seat order p and decklist choice d: the game, or NULL.
 */
/* The deal's nonces: the seats' ready blocks (all of them, more than a seat sees). */
static struct rand_nonce deal_nonces[NSEATS];
static size_t ndeal_nonces;
static struct store_order *deal_ord;
static size_t ndeal_ord;

static struct rules_game *
deal(const unsigned char *s, int mode, const int *perm, size_t d, const struct choices *ch)
{
	struct rules_seat rs[NSEATS];
	struct rules_setup su;
	struct rand_stream a, b;
	struct rules_rng rng = { rand_uniform, &a, NULL, NULL };
	struct rules_game *g = NULL;
	size_t i;
	int bad = 0;

	memset(rs, 0, sizeof rs);
	for (i = 0; i < NSEATS; i++) {
		int k = perm[i];
		const char *text = ch->deck[k][k == 1 ? d : 0];

		if (text == NULL || ccg_decklist_seat(db, seats[k], seats[k], factions[k],
		    text, strlen(text), &rs[i], NULL) == -1)
			bad = 1;
	}
	rand_stream_init(&a, s, deal_nonces, ndeal_nonces);
	if (mode == 1) {
		rand_hidden_stream_init(&b, s, 1, deal_nonces, ndeal_nonces);
		rng.hidden = rand_uniform;
		rng.hidden_ctx = &b;
	}
	su.scenario = "contact";
	su.seats = rs;
	su.nseats = NSEATS;
	su.data = db;
	su.places = 1;
	su.await_legal = 0;
	su.options = NULL;
	su.noptions = 0;
	if (!bad)
		g = R->create(&su, &rng, NULL, NULL);
	for (i = 0; i < NSEATS; i++)
		ccg_decklist_seat_clear(&rs[i]);
	return g;
}

/*
 * Deal with seed s for every seat order, decklist choice and mode; 1 when
 * some deal gives an opponent of attacker its real hand and deck order.
 */
static int
deal_attack(const unsigned char *s, struct rules_game *real, const char *attacker,
    const struct choices *ch, char *which, size_t wlen)
{
	static const int perms[24][4] = {
		{0,1,2,3},{0,1,3,2},{0,2,1,3},{0,2,3,1},{0,3,1,2},{0,3,2,1},
		{1,0,2,3},{1,0,3,2},{1,2,0,3},{1,2,3,0},{1,3,0,2},{1,3,2,0},
		{2,0,1,3},{2,0,3,1},{2,1,0,3},{2,1,3,0},{2,3,0,1},{2,3,1,0},
		{3,0,1,2},{3,0,2,1},{3,1,0,2},{3,1,2,0},{3,2,0,1},{3,2,1,0} };
	size_t p, d, mode;
	int hit = 0;

	for (p = 0; p < 24 && !hit; p++)
		for (d = 0; d < ch->n[1] && !hit; d++)
			for (mode = 0; mode < 2 && !hit; mode++) {
				struct rules_game *g = deal(s, mode, perms[p], d, ch);

				if (g != NULL) {
					hit = recovers(g, real, attacker, 1, which, wlen);
					R->free(g);
				}
			}
	return hit;
}

/* ---- reshuffles ---- */

struct phase_replay {
	uint64_t	 seq;
	char		*texts[NSEATS];
	struct rand_nonce nonces[2 * NSEATS];	/* its orders', then carried */
	size_t		 nnonces;
	struct store_order *ord, *lat;
	size_t		 nord, nlat;
};

static void
phase_replay_clear(struct phase_replay *pr)
{
	size_t i;

	for (i = 0; i < NSEATS; i++)
		free(pr->texts[i]);
	store_orders_free(pr->ord, pr->nord);
	store_orders_free(pr->lat, pr->nlat);
	memset(pr, 0, sizeof *pr);
}

static int
phase_replay_load(struct store *st, int64_t gid, const struct store_phase *ph,
    struct rules_game *g, struct phase_replay *pr)
{
	struct phase_order car[NSEATS];
	struct store_seat *ss = NULL;
	size_t i, k, nseats = 0, ncar = 0;

	memset(pr, 0, sizeof *pr);
	pr->seq = ph->seq;
	if (store_orders_current(st, ph->id, &pr->ord, &pr->nord, NULL) == -1)
		return -1;
	/* and the seats' latest nonces the phase mixed (daemon/phase-entropy.h) */
	if (store_seats(st, gid, &ss, &nseats, NULL) == -1 || nseats > NSEATS ||
	    game_phase_carried(st, gid, ss, nseats, ph, pr->ord, pr->nord, &pr->lat,
	    &pr->nlat, car, &ncar, NULL) == -1) {
		store_seats_free(ss, nseats);
		return -1;
	}
	store_seats_free(ss, nseats);
	pr->nnonces = pr->nord < NSEATS ? pr->nord : NSEATS;
	for (i = 0; i < ncar; i++) {
		pr->nonces[pr->nnonces].bytes = car[i].nonce;
		pr->nonces[pr->nnonces++].len = car[i].nonce_len;
	}
	for (i = 0; i < pr->nord && i < NSEATS; i++) {
		struct orders *o = orders_parse((const char *)pr->ord[i].block,
		    pr->ord[i].block_len, NULL);
		struct strbuf sb = STRBUF_INIT;
		int idx = R->seat_index(g, pr->ord[i].seat);

		pr->nonces[i].bytes = pr->ord[i].nonce;
		pr->nonces[i].len = pr->ord[i].nonce_len;
		if (o == NULL || idx < 0)
			return -1;
		strbuf_addstr(&sb, "");
		for (k = 0; k < o->nlines; k++) {
			strbuf_addstr(&sb, o->lines[k].text);
			strbuf_addc(&sb, '\n');
		}
		orders_free(o);
		pr->texts[idx] = strbuf_detach(&sb, NULL);
	}
	return 0;
}

/*
 * Replay pr from before with s as the streams (mode 0), as the streams and
 * the shuffle seed (1), or as the public stream beside a random hidden one
 * (2: the control that tells a match made by the shuffle from one made by
 * the dice alone).
 */
static struct rules_game *
replay(struct store *st, int64_t gid, const struct phase_replay *pr,
    const unsigned char *s, int mode)
{
	struct rules_game *g = state_after(st, gid, pr->seq - 1);
	struct rand_stream a, b;
	struct rules_rng rng = { rand_uniform, &a, NULL, NULL };
	size_t n = pr->nnonces;

	if (g == NULL)
		return NULL;
	rand_stream_init(&a, s, pr->nonces, n);
	if (mode >= 1) {
		unsigned char rnd[RAND_SEED_BYTES];

		randombytes_buf(rnd, sizeof rnd);
		rand_hidden_stream_init(&b, mode == 1 ? s : rnd, pr->seq, pr->nonces, n);
		rng.hidden = rand_uniform;
		rng.hidden_ctx = &b;
	}
	if (R->resolve(g, (const char *const *)pr->texts, &rng, NULL, NULL) == -1) {
		R->free(g);
		return NULL;
	}
	return g;
}

/* ---- the checks ---- */

struct game {
	struct store		*st;
	int64_t			 gid;
	struct store_phase	*ph;
	size_t			 nph;
	uint64_t		 last;	/* the last phase's seq */
};

/* Attack as seat attacker with the seeds s; how many facts recovered. */
static int
attack(struct game *gm, const char *attacker, const struct seeds *s,
    const struct choices *ch, size_t *shuffled)
{
	struct rules_game *real = state_after(gm->st, gm->gid, 1);
	char which[128];
	size_t i, k;
	int found = 0;

	if (real == NULL)
		return -1;
	for (i = 0; i < s->n && !found; i++)
		if (deal_attack(s->v[i], real, attacker, ch, which, sizeof which)) {
			diag("%s recomputes %s of the deal from a value it was shown",
			    attacker, which);
			found++;
		}
	R->free(real);
	*shuffled = 0;
	for (k = 0; k < gm->nph && !found; k++) {
		const struct store_phase *ph = &gm->ph[k];
		struct rules_game *before, *after, *ctl;
		struct phase_replay pr;
		unsigned char rnd[RAND_SEED_BYTES];
		int mode;

		if (ph->seq < 2 || ph->open || ph->seq == gm->last)
			continue;
		if ((before = state_after(gm->st, gm->gid, ph->seq - 1)) == NULL)
			return -1;
		if (phase_replay_load(gm->st, gm->gid, ph, before, &pr) == -1) {
			R->free(before);
			phase_replay_clear(&pr);
			return -1;
		}
		R->free(before);
		after = state_after(gm->st, gm->gid, ph->seq);
		randombytes_buf(rnd, sizeof rnd);
		ctl = replay(gm->st, gm->gid, &pr, rnd, 1);
		/* only phases in which randomness ordered an opponent's deck */
		if (after != NULL && ctl != NULL && randomised(after, ctl, attacker, "deck")) {
			(*shuffled)++;
			for (i = 0; i < s->n && !found; i++)
				for (mode = 0; mode < 2 && !found; mode++) {
					struct rules_game *g = replay(gm->st, gm->gid, &pr,
					    s->v[i], mode), *h = NULL;

					if (g != NULL && recovers(g, after, attacker, 0,
					    which, sizeof which) &&
					    (h = replay(gm->st, gm->gid, &pr, s->v[i], 2)) != NULL &&
					    !recovers(h, after, attacker, 0, which, sizeof which)) {
						diag("%s recomputes %s after the reshuffle "
						    "of phase %llu", attacker, which,
						    (unsigned long long)ph->seq);
						found++;
					}
					if (g != NULL)
						R->free(g);
					if (h != NULL)
						R->free(h);
				}
		}
		if (ctl != NULL)
			R->free(ctl);
		if (after != NULL)
			R->free(after);
		phase_replay_clear(&pr);
	}
	return found;
}

/*
 * Every secret has a commitment made in every resolved phase in which,
 * by the phase's public events, it may have changed
 * (rules_secret_may_change(): a watch word, rules.h); in any other phase
 * its bytes are those of the phase before. Whether a secret is renewed is
 * thus read off what every seat sees, never off the secret.
 */
static void
check_renewals(struct game *gm)
{
	struct store_event *e = NULL;
	struct rules_game *prev = NULL;
	size_t k, i, j, n, ne = 0, missing = 0, checked = 0, kept = 0, changed = 0;

	if (store_events(gm->st, gm->gid, 1, &e, &ne, NULL) == -1)
		ne = 0;
	for (k = 0; k < gm->nph; k++) {
		const struct store_phase *ph = &gm->ph[k];
		struct rules_events ev = { NULL, 0, 0 };
		struct rules_game *g;
		struct rules_secret *s, *ps = NULL;
		size_t nps = 0;

		if (ph->open || ph->seq == gm->last ||
		    (g = state_after(gm->st, gm->gid, ph->seq)) == NULL)
			continue;
		for (j = 0; j < ne; j++)
			if (e[j].phase_seq == ph->seq && strcmp(e[j].visibility, "all") == 0)
				rules_events_add(&ev, RULES_VIS_PUBLIC, 0,
				    (const char *)e[j].payload);
		R->secrets(g, &s, &n);
		if (prev != NULL)
			R->secrets(prev, &ps, &nps);
		for (i = 0; i < n; i++) {
			char *sid = xasprintf("%s@%llu", s[i].id, (unsigned long long)ph->seq);
			struct store_commitment *c = store_commitment_get(gm->st, gm->gid,
			    "muthur.secret", sid, NULL);
			const struct rules_secret *was = NULL;

			for (j = 0; j < nps; j++)
				if (strcmp(ps[j].id, s[i].id) == 0)
					was = &ps[j];
			checked++;
			if (c != NULL)
				store_commitments_free(c, 1);
			else if (was != NULL && !rules_secret_may_change(&s[i], &ev)) {
				kept++;
				if (was->len != s[i].len || memcmp(was->bytes, s[i].bytes,
				    s[i].len) != 0 ? changed++ < 3 : 0)
					diag("%s changed in phase %llu, not renewed", s[i].id,
					    (unsigned long long)ph->seq);
			} else if (missing++ < 3)
				diag("no renewal of %s in phase %llu", s[i].id,
				    (unsigned long long)ph->seq);
			free(sid);
		}
		rules_secrets_free(s, n);
		rules_secrets_free(ps, nps);
		rules_events_free(&ev);
		if (prev != NULL)
			R->free(prev);
		prev = g;
	}
	if (prev != NULL)
		R->free(prev);
	store_events_free(e, ne);
	ok(checked > 100 && missing == 0 && changed == 0, "every secret is renewed in every "
	    "resolved phase whose public events say it may have changed, changed or not, "
	    "and unchanged in the others (%zu secrets checked, %zu kept, %zu not renewed, "
	    "%zu changed unrenewed)", checked, kept, missing, changed);
}

/* The event numbers of a seat's views: 1, 2, ... in order, no gaps. */
static void
check_event_numbers(const char *seat, const struct views *vs)
{
	size_t i, bad = 0, seen = 0;
	double want = 1;
	const cJSON *e;

	for (i = 0; i < vs->n; i++)
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(vs->v[i], "events")) {
			const cJSON *no = cJSON_GetObjectItemCaseSensitive(e, "no");
			const cJSON *seq = cJSON_GetObjectItemCaseSensitive(e, "seq");

			seen++;
			if (seq != NULL || !cJSON_IsNumber(no))
				bad++;
			else if (no->valuedouble != want) {
				if (no->valuedouble > want)
					bad++;	/* a gap: something it could not see */
				want = no->valuedouble;	/* a repeat: the same event again */
			}
			if (cJSON_IsNumber(no))
				want = no->valuedouble + 1;
		}
	ok(seen > 0 && bad == 0, "%s's views number its events 1, 2, ... without gaps and "
	    "show no global sequence number (%zu events, %zu bad)", seat, seen, bad);
}

/* Did the demo of dir (its demo.log) end in a victory? */
static int
demo_won(const char *dir)
{
	char *path = xasprintf("%s/demo.log", dir), line[512], last[512] = "";
	FILE *f = fopen(path, "r");

	free(path);
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		memcpy(last, line, sizeof last);
	fclose(f);
	return strstr(last, " won in turn ") != NULL;
}

int
main(void)
{
	char tmpl[] = "/tmp/muthur-attacker-XXXXXX", *dir, *cmd, *run, *dbpath, *outdir;
	const char *bld = getenv("top_builddir");
	char *cause = NULL, *path;
	const char *paths[1];
	struct store_game *game;
	struct choices ch;
	struct game gm;
	struct seeds planted = { NULL, 0 };
	size_t i, shuffled = 0;
	unsigned char shuffle[RAND_SEED_BYTES];
	char *seed0;
	int rc, try;

	top = getenv("top_srcdir");
	if (top == NULL)
		top = ".";
	if (bld == NULL)
		bld = top;
	if (sodium_init() < 0 || (dir = mkdtemp(tmpl)) == NULL)
		return 1;
	R = rules_find("ccg");
	path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	paths[0] = path;
	if ((db = ccg_carddb_load(paths, 1, &cause)) == NULL) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	free(path);
	cmd = xasprintf("MUTHUR_DATADIR='%s/rules' MUTHUR_TEMPLATES='%s/templates' "
	    "'%s/muthur' demo --dir '%s/demo' --quiet >'%s/demo.log' 2>&1", top, top, bld,
	    dir, dir);
	rc = system(cmd);
	run = xasprintf("rm -rf '%s/demo' && %s", dir, cmd);
	seed0 = getenv("MUTHUR_TEST_SEED") != NULL ? xstrdup(getenv("MUTHUR_TEST_SEED")) : NULL;
	for (try = 2; rc == 0 && !demo_won(dir) && try <= (seed0 != NULL ? 5 : 2); try++) {
		/* one demo game in some 35 ends with no victory by turn 40
		 * (tests/tap.sh tap_demo): a test seed deals the same game
		 * again, so the next is played under SEED-2, then -3, up to
		 * 5 games; the rest of the test uses the seed of this game */
		char *seed = seed0 != NULL ? xasprintf("%s-%d", seed0, try) : NULL;

		printf("# demo game %d ended with no victory; playing another "
		    "(MUTHUR_TEST_SEED=%s)\n", try - 1, seed != NULL ? seed : "unset");
		if (seed != NULL)
			setenv("MUTHUR_TEST_SEED", seed, 1);
		free(seed);
		rc = system(run);
	}
	free(seed0);
	free(cmd);
	free(run);
	ok(rc == 0, "muthur demo plays a whole game");
	dbpath = xasprintf("%s/demo/var/muthur.db", dir);
	outdir = xasprintf("%s/demo/var/mail/out", dir);
	memset(&gm, 0, sizeof gm);
	if ((gm.st = store_open(dbpath, &cause)) == NULL ||
	    (game = store_game_get(gm.st, "demo-1", &cause)) == NULL ||
	    store_phases(gm.st, game->id, &gm.ph, &gm.nph, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	gm.gid = game->id;
	gm.last = gm.nph > 0 ? gm.ph[gm.nph - 1].seq : 0;
	/* the deal mixed the seats' ready nonces: the attack has them all */
	if (gm.nph > 0 && store_orders_current(gm.st, gm.ph[0].id, &deal_ord, &ndeal_ord,
	    NULL) == 0)
		for (i = 0; i < ndeal_ord && i < NSEATS; i++) {
			deal_nonces[ndeal_nonces].bytes = deal_ord[i].nonce;
			deal_nonces[ndeal_nonces++].len = deal_ord[i].nonce_len;
		}
	diag("the deal mixed %zu ready nonces", ndeal_nonces);
	ok(strcmp(game->status, "finished") == 0, "the demo game is finished (%zu phases)",
	    gm.nph);
	choices_init(&ch);

	for (i = 0; i < NSEATS; i++) {
		struct views vs;
		struct seeds s = { NULL, 0 };
		size_t k;
		int found;

		views_read(outdir, seats[i], &vs);
		views_seeds(&vs, &s);
		/* a seat gets a view a turn or so (views due), and a demo game
		 * can be over by turn 8: enough to attack, not a fixed count */
		ok(vs.n >= 5 && s.n >= 8, "%s was mailed %zu views, opening %zu values to "
		    "it before the end", seats[i], vs.n, s.n);
		found = attack(&gm, seats[i], &s, &ch, &shuffled);
		ok(found == 0, "from its own mails %s computes no other seat's hand or deck "
		    "order (%zu values tried on the deal and on %zu reshuffling phases)",
		    seats[i], s.n, shuffled);
		check_event_numbers(seats[i], &vs);
		for (k = 0; k < vs.n; k++)
			cJSON_Delete(vs.v[k]);
		free(vs.v);
		free(s.v);
	}

	/* the control: a planted leak (the real shuffle seed) is found */
	rc = store_shuffle_seed_get(gm.st, gm.gid, shuffle, &cause);
	ok(rc == 1, "the game has a shuffle seed");
	if (rc == 1) {
		seeds_add(&planted, shuffle);
		ok(attack(&gm, "marines", &planted, &ch, &shuffled) > 0,
		    "control: with the shuffle seed planted among the values, the attack "
		    "recomputes a hand or deck");
	}
	check_renewals(&gm);

	free(planted.v);
	store_phases_free(gm.ph, gm.nph);
	store_game_free(game);
	store_close(gm.st);
	for (i = 0; i < NSEATS; i++) {
		free(ch.deck[i][0]);
		free(ch.deck[i][1]);
	}
	cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	free(cmd);
	free(dbpath);
	free(outdir);
	free(cause);
	store_orders_free(deal_ord, ndeal_ord);
	return done_testing();
}
