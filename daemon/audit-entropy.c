/*
 * audit-entropy.c — which nonces fed each phase of an archive
 * (doc/commitments.md, "Seat entropy"; daemon/phase-entropy.h): the
 * nonces the replay mixes into a phase's draws, the count of phases with
 * server-only randomness and the seats whose entropy a phase lacks. It
 * calls nothing of the audit; `muthur audit --explain` is audit-explain.c.
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

int
audit_entropy_seats(const struct archive *a)
{
	const struct archive_file *f = archive_file_find(a, ENTROPY_FILE);

	return f != NULL && entropy_is_seats(f->bytes, f->len);
}

uint64_t
audit_commit_phase(const struct archive *a, const struct archive_phase *ph)
{
	const struct archive_commitment *c = NULL;
	char *sid;

	if (ph->turn >= 1) {
		sid = rand_turn_secret_id((int)ph->turn);
		c = archive_commitment_find(a, RAND_TURN_DOMAIN, sid);
		free(sid);
	}
	return entropy_commit_phase(ph->seq, (int)ph->turn, c != NULL ? c->created_phase : 0);
}

int
audit_ready_owing(const struct archive *a, const struct archive_phase *ph)
{
	size_t i;

	if (!audit_entropy_seats(a) || ph->nowing != a->nseats)
		return 0;
	for (i = 0; i < a->nseats; i++)
		if (strcmp(ph->owing[i], a->seats[i].name) != 0)
			return 0;
	return 1;
}

int
audit_turn_seed_ahead(const struct archive *a, long turn,
    const struct archive_commitment *c)
{
	const size_t *of;
	size_t n = 0;

	if (!audit_entropy_seats(a) || turn < 1)
		return 0;
	if (turn == 1)
		return c->created_phase == 1;
	of = archive_turn_phases(a, (uint64_t)turn - 1, &n);
	return of != NULL && n > 0 && c->created_phase == a->phases[of[0]].seq;
}

/* The seat's current order of ph signed by the player, or NULL. */
static const struct archive_order *
player_order(const struct archive_phase *ph, const char *seat)
{
	size_t j;

	for (j = 0; j < ph->norders; j++)
		if (ph->orders[j].current && strcmp(ph->orders[j].seat, seat) == 0 &&
		    strcmp(ph->orders[j].sig_type, PHASE_SERVER_ORDER) != 0)
			return &ph->orders[j];
	return NULL;
}

size_t
audit_carried(const struct archive *a, const struct archive_phase *ph,
    struct phase_order *car, uint64_t *from)
{
	const struct archive_phase *q;
	const struct archive_order *o;
	uint64_t m, r;
	size_t i, n = 0;

	if (!audit_entropy_seats(a))
		return 0;
	m = audit_commit_phase(a, ph);
	for (i = 0; i < a->nseats; i++) {
		if (player_order(ph, a->seats[i].name) != NULL)
			continue;
		for (o = NULL, r = ph->seq; o == NULL && r > m; r--)
			if ((q = archive_phase_find(a, r - 1)) != NULL)
				o = player_order(q, a->seats[i].name);
		if (o == NULL)
			continue;
		car[n].seat = o->seat;
		car[n].block = NULL;
		car[n].block_len = 0;
		car[n].nonce = o->nonce;
		car[n].nonce_len = o->nonce_len;
		if (from != NULL)
			from[n] = r;
		n++;
	}
	return n;
}

void
audit_entropy_count(const struct archive *a, struct audit_report *r)
{
	struct phase_order *car = xcalloc(a->nseats + 1, sizeof *car);
	struct strbuf sb = STRBUF_INIT;
	size_t i, k, j, own, ncar, listed = 0;
	int seats = audit_entropy_seats(a), first;

	for (i = 0; a->scope == ARCHIVE_FULL && i < a->nphases; i++) {
		const struct archive_phase *ph = &a->phases[i];

		if (ph->open)
			continue;
		for (k = 0, own = 0; k < a->nseats; k++)
			own += player_order(ph, a->seats[k].name) != NULL;
		ncar = audit_carried(a, ph, car, NULL);
		r->server_only += own + ncar == 0;
		if (!seats || own + ncar == a->nseats)
			continue;
		/* which seats' entropy it lacks, and why */
		if (listed++ < 20) {
			strbuf_addf(&sb, "%sphase %llu (turn %llu, %s): no nonce from ",
			    listed > 1 ? "; " : "", (unsigned long long)ph->seq,
			    (unsigned long long)ph->turn, ph->name);
			for (k = 0, first = 1; k < a->nseats; k++) {
				if (player_order(ph, a->seats[k].name) != NULL)
					continue;
				for (j = 0; j < ncar && strcmp(car[j].seat,
				    a->seats[k].name) != 0; j++)
					;
				if (j < ncar)
					continue;
				strbuf_addf(&sb, "%s%s", first ? "" : ", ", a->seats[k].name);
				first = 0;
			}
			strbuf_addf(&sb, " since phase %llu%s",
			    (unsigned long long)audit_commit_phase(a, ph),
			    ph->seq == 1 ? " (no ready block before the deal)" : "");
		}
	}
	if (listed > 20)
		strbuf_addf(&sb, "; and %zu more", listed - 20);
	r->entropy_missing = listed;
	r->entropy_note = listed > 0 ? strbuf_detach(&sb, NULL) : NULL;
	strbuf_free(&sb);
	free(car);
}
