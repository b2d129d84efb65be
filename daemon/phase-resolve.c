/*
 * phase-resolve.c — resolving a phase from its recorded orders, seed and
 * nonces (daemon/phase-resolve.h): the game service and the auditor both
 * come here.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <sodium.h>

#include "daemon/phase-resolve.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"

/*
 * The orders text of one block for phase: the order lines of its header's
 * phase or of the plan section that covers phase, each with LF.
 */
static char *
order_text(const struct phase_order *po, const char *phase, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	const struct orders_line *lines;
	struct orders *o;
	size_t i, n;

	if ((o = orders_parse(po->block, po->block_len, cause)) == NULL) {
		cause_prefix(cause, "orders of seat %s", po->seat);
		return NULL;
	}
	if ((lines = orders_lines_for(o, phase, &n, NULL)) == NULL &&
	    o->nsections > 0) {
		cause_set(cause, "orders of seat %s: the block holds no orders for "
		    "phase %s", po->seat, phase);
		orders_free(o);
		return NULL;
	}
	if (lines == NULL) {	/* no plan: the header's (checked elsewhere) */
		lines = o->lines;
		n = o->nlines;
	}
	strbuf_addstr(&sb, "");
	for (i = 0; i < n; i++) {
		strbuf_addstr(&sb, lines[i].text);
		strbuf_addc(&sb, '\n');
	}
	orders_free(o);
	return strbuf_detach(&sb, NULL);
}

/*
 * Hand the rules the `set KEY VALUE` lines of one block (it parsed in
 * order_text() already): key and value as written, the value's words
 * folded to lower case.
 */
static void
block_settings(const struct rules *R, struct rules_game *g, size_t seat,
    const struct phase_order *po)
{
	struct orders *o;
	const char *t;
	char *key, *value, *p;
	size_t i, n;

	if ((o = orders_parse(po->block, po->block_len, NULL)) == NULL)
		return;
	for (i = 0; i < o->nsettings; i++) {
		t = o->settings[i].text + 3;	/* after "set" */
		t += strspn(t, " \t");
		n = strcspn(t, " \t");
		key = xstrndup(t, n);
		t += n;
		value = xstrdup(t + strspn(t, " \t"));
		for (p = value; *p != '\0'; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p | 0x20);
		for (p = key; *p != '\0'; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p | 0x20);
		R->setting(g, seat, key, value);
		free(key);
		free(value);
	}
	orders_free(o);
}

static uint32_t
observed_uniform(void *c, uint32_t bound)
{
	struct phase_obs_ctx *w = c;
	uint32_t v = w->uniform(w->ctx, bound);

	w->obs->draw(w->obs->arg, w->hidden, bound, v);
	return v;
}

/* Put w in front of one stream (*uniform, *ctx) of an rng. */
static void
observe_stream(uint32_t (**uniform)(void *, uint32_t), void **ctx,
    struct phase_obs_ctx *w, const struct phase_observer *obs, int hidden)
{
	w->uniform = *uniform;
	w->ctx = *ctx;
	w->obs = obs;
	w->hidden = hidden;
	*uniform = observed_uniform;
	*ctx = w;
}

void
phase_rng_observe(struct rules_rng *rng, struct phase_obs_ctx w[2],
    const struct phase_observer *obs)
{
	if (obs == NULL)
		return;
	if (obs->keys != NULL)
		obs->keys(obs->arg, ((struct rand_stream *)rng->ctx)->key,
		    rng->hidden_ctx != NULL ?
		    ((struct rand_stream *)rng->hidden_ctx)->key : NULL);
	observe_stream(&rng->uniform, &rng->ctx, &w[0], obs, 0);
	if (rng->hidden != NULL)
		observe_stream(&rng->hidden, &rng->hidden_ctx, &w[1], obs, 1);
}

int
phase_resolve(const struct rules *R, struct rules_game *g, const struct phase_order *o,
    size_t n, const struct phase_order *carried, size_t ncarried,
    const unsigned char seed[RAND_SEED_BYTES], const unsigned char *shuffle,
    uint64_t seq, struct rules_events *ev, char **cause)
{
	return phase_resolve_observed(R, g, o, n, carried, ncarried, seed, shuffle, seq,
	    NULL, ev, cause);
}

int
phase_resolve_observed(const struct rules *R, struct rules_game *g,
    const struct phase_order *o, size_t n, const struct phase_order *carried,
    size_t ncarried, const unsigned char seed[RAND_SEED_BYTES],
    const unsigned char *shuffle, uint64_t seq, const struct phase_observer *obs,
    struct rules_events *ev, char **cause)
{
	struct phase_obs_ctx w[2];
	size_t ns = R->nseats(g), i;
	struct rand_nonce *nonces = xcalloc(n + ncarried + 1, sizeof *nonces);
	char **texts = xcalloc(ns + 1, sizeof *texts);
	struct rand_stream stream, hidden;
	struct rules_rng rng;
	int rc = -1, idx;

	for (i = 0; i < n; i++) {
		nonces[i].bytes = o[i].nonce;
		nonces[i].len = o[i].nonce_len;
		if ((idx = R->seat_index(g, o[i].seat)) < 0) {
			cause_set(cause, "orders of seat %s: the game has no such seat",
			    o[i].seat);
			goto out;
		}
		free(texts[idx]);
		if ((texts[idx] = order_text(&o[i], R->phase(g), cause)) == NULL)
			goto out;
		if (R->setting != NULL)
			block_settings(R, g, (size_t)idx, &o[i]);
	}
	for (i = 0; i < ncarried; i++) {
		nonces[n + i].bytes = carried[i].nonce;
		nonces[n + i].len = carried[i].nonce_len;
	}
	rand_stream_init(&stream, seed, nonces, n + ncarried);
	rng.uniform = rand_uniform;
	rng.ctx = &stream;
	rng.hidden = NULL;	/* a game started before the shuffle seed */
	rng.hidden_ctx = NULL;
	if (shuffle != NULL) {
		rand_hidden_stream_init(&hidden, shuffle, seq, nonces, n + ncarried);
		rng.hidden = rand_uniform;
		rng.hidden_ctx = &hidden;
	}
	phase_rng_observe(&rng, w, obs);
	rc = R->resolve(g, (const char *const *)texts, &rng, ev, cause);
	sodium_memzero(&hidden, sizeof hidden);
out:
	for (i = 0; i < ns; i++)
		free(texts[i]);
	free(texts);
	free(nonces);
	return rc;
}

int
phase_only_pass(const struct rules *R, const struct rules_game *g, size_t seat)
{
	char *legal, *p, *eol, *why = NULL;
	const char *s, *e;
	int only = 1;

	if (!R->owes(g, seat))
		return 0;
	if (R->legal_memo != NULL)	/* the views of the phase ask again */
		R->legal_memo(g);
	legal = R->legal(g, seat);
	if (R->legal_memo != NULL)
		R->legal_memo(NULL);
	if (legal == NULL)
		return 0;
	for (p = legal; only && *p != '\0'; p = *eol != '\0' ? eol + 1 : eol) {
		if ((eol = strchr(p, '\n')) == NULL)
			eol = p + strlen(p);
		for (s = p; s < eol && (*s == ' ' || *s == '\t'); s++)
			;
		for (e = eol; e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'); e--)
			;
		if (s == e || *s == '#')
			continue;
		only = e - s == 4 && strncasecmp(s, "pass", 4) == 0;
	}
	free(legal);
	if (only && R->check(g, seat, "pass\n", &why) == -1)
		only = 0;
	free(why);
	return only;
}
