/*
 * audit-explain.c — `muthur audit --explain PHASE` (doc/commitments.md,
 * "Seat entropy"): the commitments, seeds and nonces that fed one phase
 * of an archive, and its draws recomputed by the replay.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/audit-int.h"
#include "daemon/phase-resolve.h"
#include "daemon/phase-entropy.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/random.h"

/* ---- muthur audit --explain PHASE ---- */

struct explain {
	FILE		*out;
	size_t		 draws[2];
};

static void
hex_print(FILE *out, const unsigned char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(out, "%02x", b[i]);
}

static void
explain_keys(void *arg, const unsigned char *key, const unsigned char *hidden)
{
	struct explain *x = arg;

	fprintf(x->out, "stream key K = ");
	hex_print(x->out, key, 32);
	fprintf(x->out, "\n");
	if (hidden != NULL) {
		fprintf(x->out, "hidden stream key (from S_p) = ");
		hex_print(x->out, hidden, 32);
		fprintf(x->out, "\n");
	}
	fprintf(x->out, "draws, in the order the rules took them:\n");
}

static void
explain_draw(void *arg, int hidden, uint32_t bound, uint32_t value)
{
	struct explain *x = arg;

	fprintf(x->out, "  %s %zu: uniform(%lu) = %lu\n", hidden ? "hidden" : "public",
	    ++x->draws[hidden != 0], (unsigned long)bound, (unsigned long)value);
}

/* One commitment's line: what, its value, when made and opened. */
static const struct archive_commitment *
explain_commitment(FILE *out, const struct archive *a, const char *what,
    const char *domain, const char *sid)
{
	const struct archive_commitment *c = archive_commitment_find(a, domain, sid);

	if (c == NULL) {
		fprintf(out, "%s %s/%s: none\n", what, domain, sid);
		return NULL;
	}
	fprintf(out, "%s %s/%s: c = ", what, domain, sid);
	hex_print(out, c->c, sizeof c->c);
	fprintf(out, ", made in phase %llu", (unsigned long long)c->created_phase);
	if (c->opened && c->secret_len == RAND_SEED_BYTES) {
		fprintf(out, ", opened in phase %llu: ", (unsigned long long)c->revealed_phase);
		hex_print(out, c->secret, c->secret_len);
	} else
		fprintf(out, ", not opened");
	fprintf(out, "\n");
	return c;
}

/* The nonces that fed ph, in the order they were mixed; how many. */
static size_t
explain_nonces(FILE *out, const struct archive *a, const struct archive_phase *ph)
{
	struct phase_order *car = xcalloc(a->nseats + 1, sizeof *car);
	uint64_t *from = xcalloc(a->nseats + 1, sizeof *from);
	size_t i, j, k = 0, ncar, nplayer = 0;

	fprintf(out, "nonces mixed, in this order:\n");
	for (i = 0; i < a->nseats; i++)
		for (j = 0; j < ph->norders; j++) {
			const struct archive_order *o = &ph->orders[j];

			if (!o->current || strcmp(o->seat, a->seats[i].name) != 0)
				continue;
			fprintf(out, "  %zu. seat %s, its %s of this phase: ", ++k, o->seat,
			    strcmp(o->sig_type, PHASE_SERVER_ORDER) == 0 ?
			    "pass entered by the server (not the seat's entropy)" :
			    ph->seq == 1 ? "ready block" : "orders");
			hex_print(out, o->nonce, o->nonce_len);
			fprintf(out, "\n");
			nplayer += strcmp(o->sig_type, PHASE_SERVER_ORDER) != 0;
		}
	ncar = audit_carried(a, ph, car, from);
	for (i = 0; i < ncar; i++) {
		fprintf(out, "  %zu. seat %s, its latest orders (of phase %llu, sent after "
		    "the commitment of phase %llu): ", ++k, car[i].seat,
		    (unsigned long long)from[i],
		    (unsigned long long)audit_commit_phase(a, ph));
		hex_print(out, car[i].nonce, car[i].nonce_len);
		fprintf(out, "\n");
	}
	for (i = 0; i < a->nseats; i++) {
		for (j = 0; j < ph->norders && !(ph->orders[j].current &&
		    strcmp(ph->orders[j].seat, a->seats[i].name) == 0 &&
		    strcmp(ph->orders[j].sig_type, PHASE_SERVER_ORDER) != 0); j++)
			;
		for (k = 0; k < ncar && strcmp(car[k].seat, a->seats[i].name) != 0; k++)
			;
		if (j == ph->norders && k == ncar)
			fprintf(out, "  seat %s: no nonce since phase %llu (its entropy is "
			    "missing from this phase)\n", a->seats[i].name,
			    (unsigned long long)audit_commit_phase(a, ph));
	}
	if (nplayer + ncar == 0)
		fprintf(out, "  (none from a player: server-only randomness)\n");
	free(car);
	free(from);
	return nplayer + ncar;
}

int
audit_explain(const char *text, size_t len, uint64_t seq, FILE *out, char **cause)
{
	const struct archive_phase *ph;
	const struct archive_commitment *tc;
	struct audit_report r;
	struct explain x;
	struct phase_observer obs;
	unsigned char want[RAND_SEED_BYTES];
	const struct archive_commitment *pc;
	char *sid, *rec;
	struct archive *a;
	size_t i, bad = 0;

	if ((a = archive_parse(text, len, cause)) == NULL)
		return -1;
	if ((ph = archive_phase_find(a, seq)) == NULL || ph->open) {
		cause_set(cause, "game %s has no resolved phase %llu (phases 1 to %zu)",
		    a->game, (unsigned long long)seq, a->nphases);
		archive_free(a);
		return -1;
	}
	if (a->scope != ARCHIVE_FULL) {
		cause_set(cause, "a spectator archive holds no orders nor nonces: "
		    "--explain needs the full archive, exported once the game is over");
		archive_free(a);
		return -1;
	}
	rec = audit_phase_record(ph);
	fprintf(out, "game %s, %s%s\n", a->game, rec, audit_entropy_seats(a) ?
	    "; the seats' entropy scheme (doc/commitments.md, \"Seat entropy\")" :
	    "; made before the seats' entropy: its orders' nonces alone");
	sid = rand_seed_secret_id(seq);
	pc = explain_commitment(out, a, "seed", RAND_SEED_DOMAIN, sid);
	free(sid);
	if (ph->turn >= 1) {
		sid = rand_turn_secret_id((int)ph->turn);
		tc = explain_commitment(out, a, "turn seed", RAND_TURN_DOMAIN, sid);
		free(sid);
		if (tc != NULL && tc->opened && tc->secret_len == RAND_SEED_BYTES &&
		    pc != NULL && pc->opened && pc->secret_len == RAND_SEED_BYTES) {
			rand_turn_phase_seed(tc->secret, seq, want);
			fprintf(out, "  the phase's seed %s the one the turn seed gives\n",
			    memcmp(want, pc->secret, RAND_SEED_BYTES) == 0 ? "is" :
			    "is NOT");
		}
	}
	explain_commitment(out, a, "shuffle seed", RAND_SHUFFLE_DOMAIN,
	    RAND_SHUFFLE_SECRET_ID);
	fprintf(out, "the commitment fixing this phase's seed was made in phase %llu; "
	    "every nonce below was sent while phase %llu or a later one was open, "
	    "after it\n", (unsigned long long)audit_commit_phase(a, ph),
	    (unsigned long long)audit_commit_phase(a, ph));
	explain_nonces(out, a, ph);
	memset(&x, 0, sizeof x);
	x.out = out;
	obs.keys = explain_keys;
	obs.draw = explain_draw;
	obs.arg = &x;
	memset(&r, 0, sizeof r);
	audit_replay_observed(a, &r, seq, &obs);
	fprintf(out, "%zu public and %zu hidden draws\n", x.draws[0], x.draws[1]);
	for (i = 0; i < r.nfailures; i++)
		if (strcmp(r.failures[i].record, rec) == 0) {
			fprintf(out, "%s: %s\n", r.failures[i].record, r.failures[i].message);
			bad++;
		}
	fprintf(out, bad == 0 ? "the replay of %s from these matches its recorded "
	    "events and state\n" : "the replay of %s from these does NOT match its "
	    "record\n", rec);
	free(rec);
	audit_report_clear(&r);
	archive_free(a);
	return bad == 0 ? 0 : 1;
}
