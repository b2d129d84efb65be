/*
 * audit-plans.c — the auditor's checks of plans (doc/product.md §3 "Plans")
 * and of the turn seeds that keep them fair (§5, store/random.h
 * RAND_TURN_DOMAIN): a plan section's nonce is sent in an earlier phase
 * than the one whose randomness it enters, so that phase's seed must come
 * from a turn seed committed before the plan was sent.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/audit-int.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/random.h"

void
audit_plan_order(const struct archive *a, const struct archive_phase *ph,
    const struct orders *o, const char *rec, struct audit_report *r)
{
	const struct archive_phase *q = NULL;
	const struct archive_commitment *c;
	const size_t *turn;
	char *sid;
	size_t i, n, nturn;
	int sec;

	if (orders_lines_for(o, ph->name, &n, &sec) == NULL && sec < 0) {
		audit_fail(r, rec, "block is for turn %ld, phase %s", o->turn, o->phase);
		return;
	}
	turn = archive_turn_phases(a, ph->turn, &nturn);
	for (i = 0; i < nturn && a->phases[turn[i]].seq < ph->seq; i++)
		if (strcmp(a->phases[turn[i]].name, o->phase) == 0)
			q = &a->phases[turn[i]];
	if (q == NULL) {
		audit_fail(r, rec, "a plan sent in turn %ld, phase %s, which did not come "
		    "before this phase", o->turn, o->phase);
		return;
	}
	r->plan_orders++;
	sid = rand_turn_secret_id((int)ph->turn);
	if ((c = archive_commitment_find(a, RAND_TURN_DOMAIN, sid)) == NULL)
		audit_fail(r, rec, "a plan's nonce, sent in phase %llu, enters this "
		    "phase's randomness, but its seed comes from no turn seed: it was "
		    "committed after the nonce was sent", (unsigned long long)q->seq);
	else if (c->created_phase > q->seq)
		audit_fail(r, rec, "a plan's nonce, sent in phase %llu, enters this "
		    "phase's randomness, but the turn seed was committed in phase %llu, "
		    "after it", (unsigned long long)q->seq,
		    (unsigned long long)c->created_phase);
	free(sid);
}

void
audit_turn_seeds(const struct archive *a, struct audit_report *r)
{
	const struct archive_phase *first, *last;
	const struct archive_commitment *c, *pc;
	unsigned char want[RAND_SEED_BYTES];
	const size_t *of;
	char *rec, *sid, *end;
	size_t i, j, nof = 0;
	long turn;

	for (i = 0; i < a->ncommitments; i++) {
		c = &a->commitments[i];
		if (strcmp(c->domain, RAND_TURN_DOMAIN) != 0)
			continue;
		rec = xasprintf("commitment %s/%s", c->domain, c->secret_id);
		turn = strncmp(c->secret_id, "turn-", 5) == 0 ?
		    strtol(c->secret_id + 5, &end, 10) : 0;
		first = last = NULL;
		of = turn > 0 ? archive_turn_phases(a, (uint64_t)turn, &nof) : NULL;
		if (of != NULL) {
			first = &a->phases[of[0]];
			last = &a->phases[of[nof - 1]];
		}
		if (first == NULL && audit_turn_seed_ahead(a, turn, c))
			;	/* the next turn's, committed ahead (audit-explain.c) */
		else if (first == NULL)
			audit_fail(r, rec, "a turn seed of no turn of the game");
		else if (c->created_phase != first->seq &&
		    !audit_turn_seed_ahead(a, turn, c))
			audit_fail(r, rec, "committed in phase %llu, not when turn %ld's first "
			    "phase (%llu) opened, before its orders",
			    (unsigned long long)c->created_phase, turn,
			    (unsigned long long)first->seq);
		else if (c->opened && (last->open || c->revealed_phase < last->seq))
			audit_fail(r, rec, "opened in phase %llu, before turn %ld's last phase "
			    "resolved: its later phases' seeds could be computed",
			    (unsigned long long)c->revealed_phase, turn);
		else if (c->opened && c->secret_len != RAND_SEED_BYTES)
			audit_fail(r, rec, "has %zu bytes, expected %d", c->secret_len,
			    RAND_SEED_BYTES);
		else if (c->opened) {
			for (j = 0; j < nof; j++) {
				const struct archive_phase *ph = &a->phases[of[j]];

				sid = rand_seed_secret_id(ph->seq);
				pc = archive_commitment_find(a, RAND_SEED_DOMAIN, sid);
				free(sid);
				if (pc == NULL || !pc->opened)
					continue;	/* check_seeds() says so */
				rand_turn_phase_seed(c->secret, ph->seq, want);
				if (pc->secret_len != RAND_SEED_BYTES ||
				    memcmp(pc->secret, want, RAND_SEED_BYTES) != 0)
					audit_fail(r, rec, "phase %llu's seed is not the one the "
					    "turn seed gives", (unsigned long long)ph->seq);
			}
		}
		free(rec);
	}
}
