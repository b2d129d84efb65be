/*
 * test-plan-equiv — a plan is orders delivered early (PRODUCT.md §3
 * "Plans", issue 14): one seat's whole turn sent as one block, a section
 * for each later phase it owes, reaches the same state after every phase
 * as the same orders sent phase by phase, with the same seed stream (the
 * same phase seeds and nonces), through daemon/phase-resolve.c as the
 * daemon and the auditor resolve. Control: a plan whose one non-empty
 * section is a pass instead reaches another state.
 *
 * And `set stops` composes with a standing pass: "pass combat" with "set
 * stops combat.resolve.ranged" in the same block leaves the seat awaited
 * in that phase alone of the rest of the Combat Round (rules setting(),
 * called by phase_resolve); without the stop, in none.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "daemon/phase-resolve.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "tests/daemon/test-view-fixture.h"
#include "tests/tap.h"

#define MAXPH	32
#define NSEATS	4

static const unsigned char nonce[16] = { 0x6f, 0x1d, 0x0c, 0x2a, 0x9b, 0x7e, 0x4f,
    0x55, 0xa3, 0xc1, 0xd2, 0xe3, 0xf4, 0xa5, 0xb6, 0xc7 };

/* What the phase-by-phase run recorded. */
struct run {
	char	*phase[MAXPH];
	char	*orders[MAXPH][NSEATS];	/* NULL: the seat did not owe */
	char	*state[MAXPH];		/* after the phase */
	int	 n;
};

static char *
block(const char *game, const char *seat, int turn, const char *phase,
    const char *body)
{
	return xasprintf("-----BEGIN MUTHUR ORDERS-----\ngame: %s\nseat: %s\n"
	    "turn: %d\nphase: %s\nnonce: 6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7\n\n%s"
	    "-----END MUTHUR ORDERS-----\n", game, seat, turn, phase, body);
}

/* Resolve g's phase k with the given blocks (NULL: none), seed k + 1. */
static int
resolve(const struct vfx *x, struct rules_game *g, char *const *blocks, int k)
{
	struct phase_order po[NSEATS];
	unsigned char seed[RAND_SEED_BYTES];
	char *cause = NULL;
	size_t s, n = 0;
	int rc;

	memset(seed, 0, sizeof seed);
	seed[0] = (unsigned char)(k + 1);
	for (s = 0; s < NSEATS; s++) {
		if (blocks[s] == NULL)
			continue;
		po[n].seat = x->R->seat_name(g, s);
		po[n].block = blocks[s];
		po[n].block_len = strlen(blocks[s]);
		po[n].nonce = nonce;
		po[n].nonce_len = sizeof nonce;
		n++;
	}
	rc = phase_resolve(x->R, g, po, n, NULL, 0, seed, NULL, (uint64_t)k + 1, NULL, &cause);
	if (rc != 0)
		diag("phase %d: %s", k, cause);
	free(cause);
	return rc;
}

/* The plan block of seat: its orders of run r's first owed phase, then a
 * section for each later one (skip: a phase whose section passes, or -1). */
static char *
plan(const struct vfx *x, const struct run *r, size_t seat, int turn, int skip)
{
	struct strbuf sb = STRBUF_INIT;
	const char *head = NULL;
	char *b;
	int k;

	strbuf_addstr(&sb, "");
	for (k = 0; k < r->n; k++) {
		if (r->orders[k][seat] == NULL)
			continue;
		if (head == NULL) {
			head = r->phase[k];
			strbuf_addstr(&sb, *r->orders[k][seat] != '\0' ?
			    r->orders[k][seat] : "pass\n");
			continue;
		}
		if (k == skip) {	/* the control: a pass there instead */
			strbuf_addf(&sb, "phase: %s\npass\n", r->phase[k]);
			continue;
		}
		strbuf_addf(&sb, "phase: %s\n%s", r->phase[k], *r->orders[k][seat] !=
		    '\0' ? r->orders[k][seat] : "pass\n");
	}
	b = block(x->game, x->R->seat_name(x->g, seat), turn, head, strbuf_str(&sb));
	strbuf_free(&sb);
	return b;
}

/*
 * Replay from state start with seat's plan; the first phase whose state
 * differs from run r's, or r->n when none does.
 */
static int
replay(const struct vfx *x, const char *start, size_t len, const struct run *r,
    size_t seat, int turn, int skip)
{
	struct rules_game *g = x->R->load(x->db, start, len, NULL);
	char *pb = plan(x, r, seat, turn, skip), *blocks[NSEATS], *st;
	size_t s, l;
	int k, differs = r->n;

	for (k = 0; g != NULL && k < r->n && differs == r->n; k++) {
		for (s = 0; s < NSEATS; s++)
			blocks[s] = r->orders[k][s] == NULL ? NULL : s == seat ? pb :
			    block(x->game, x->R->seat_name(g, s), turn, r->phase[k],
			    r->orders[k][s]);
		if (resolve(x, g, blocks, k) != 0)
			differs = k;
		else if ((st = x->R->save(g, &l)) != NULL) {
			if (strcmp(st, r->state[k]) != 0)
				differs = k;
			free(st);
		}
		for (s = 0; s < NSEATS; s++)
			if (blocks[s] != pb)
				free(blocks[s]);
	}
	if (g != NULL)
		x->R->free(g);
	free(pb);
	return g == NULL ? -1 : differs;
}

/*
 * From state start, follow run r up to combat.declare.unhidden-close,
 * where seat gives "pass combat" (with stop: and "set stops
 * combat.resolve.ranged"), everyone else passing from there on. The
 * combat phases after it in which seat owes, as bits (1 << phase index of
 * the turn sequence, combat.declare.unhidden-ranged = 7), or -1.
 */
static int
stops_case(const struct vfx *x, const char *start, size_t len, const struct run *r,
    size_t seat, int turn, int stop)
{
	static const char *const combat[] = { "combat.declare.unhidden-ranged",
	    "combat.declare.hidden-close", "combat.declare.hidden-ranged",
	    "combat.resolve.ranged", "combat.resolve.close" };
	struct rules_game *g = x->R->load(x->db, start, len, NULL);
	char *blocks[NSEATS];
	int k, j, owed = 0, passed = 0, rc = 0;
	size_t s;

	for (k = 0; g != NULL && k < 40 && rc == 0 && x->R->turn(g) == turn; k++) {
		const char *ph = x->R->phase(g);

		if (strcmp(ph, "combat.declare.unhidden-close") == 0)
			passed = 1;
		for (j = 0; passed && j < 5; j++)
			if (strcmp(ph, combat[j]) == 0 && x->R->owes(g, seat))
				owed |= 1 << (7 + j);
		if (passed && strncmp(ph, "combat.", 7) != 0)
			break;
		for (s = 0; s < NSEATS; s++) {
			blocks[s] = NULL;
			if (!x->R->owes(g, s))
				continue;
			blocks[s] = block(x->game, x->R->seat_name(g, s), turn, ph,
			    !passed ? (k < r->n && r->orders[k][s] != NULL ?
			    r->orders[k][s] : "") : s != seat ? "" :
			    strcmp(ph, "combat.declare.unhidden-close") != 0 ? "pass\n" :
			    stop ? "pass combat\nset stops combat.resolve.ranged\n" :
			    "pass combat\n");
		}
		rc = resolve(x, g, blocks, k);
		for (s = 0; s < NSEATS; s++)
			free(blocks[s]);
	}
	if (g != NULL)
		x->R->free(g);
	return g == NULL || rc != 0 || !passed ? -1 : owed;
}

int
main(void)
{
	struct vfx x;
	struct run r;
	char *cause = NULL, *start, *blocks[NSEATS];
	size_t len, s, seat = NSEATS, l;
	int turn, k, skip = -1, owed = 0, rc;

	if (sodium_init() < 0 || vfx_init(&x, NULL, 5, &cause) != 0) {
		printf("Bail out! %s\n", cause ? cause : "sodium");
		return 1;
	}
	/* into turn 2, then record a whole turn phase by phase */
	while (x.R->turn(x.g) < 2 && vfx_step(&x) == 1)
		;
	turn = x.R->turn(x.g);
	start = x.R->save(x.g, &len);
	memset(&r, 0, sizeof r);
	while (x.R->turn(x.g) == turn && r.n < MAXPH &&
	    strcmp(x.R->phase(x.g), "over") != 0) {
		k = r.n;
		r.phase[k] = xstrdup(x.R->phase(x.g));
		for (s = 0; s < NSEATS; s++) {
			blocks[s] = NULL;
			if (!x.R->owes(x.g, s))
				continue;
			r.orders[k][s] = vfx_choose(&x, s);
			if (x.R->check(x.g, s, r.orders[k][s], NULL) != 0) {
				free(r.orders[k][s]);
				r.orders[k][s] = xstrdup("");
			}
			blocks[s] = block(x.game, x.R->seat_name(x.g, s), turn, r.phase[k],
			    r.orders[k][s]);
		}
		rc = resolve(&x, x.g, blocks, k);
		for (s = 0; s < NSEATS; s++)
			free(blocks[s]);
		if (rc != 0)
			break;
		r.state[k] = x.R->save(x.g, &l);
		r.n++;
	}
	/* the seat owing in the most phases plans its turn */
	for (s = 0; s < NSEATS; s++) {
		int n = 0;

		for (k = 0; k < r.n; k++)
			n += r.orders[k][s] != NULL;
		if (n > owed) {
			owed = n;
			seat = s;
		}
	}
	ok(r.n >= 5 && owed >= 3, "turn %d played phase by phase: %d phases, %s owes "
	    "in %d", turn, r.n, seat < NSEATS ? x.R->seat_name(x.g, seat) : "none",
	    owed);
	if (seat == NSEATS)
		return done_testing();
	for (k = r.n - 1; k > 0 && skip < 0; k--)
		if (r.orders[k][seat] != NULL && *r.orders[k][seat] != '\0')
			skip = k;
	rc = replay(&x, start, len, &r, seat, turn, -1);
	ok(rc == r.n, "%s's turn as one plan (%d sections) reaches the same state after "
	    "every phase as its orders sent phase by phase (first difference: %d of %d)",
	    x.R->seat_name(x.g, seat), owed - 1, rc, r.n);
	if (skip > 0) {
		rc = replay(&x, start, len, &r, seat, turn, skip);
		ok(rc >= 0 && rc < r.n, "control: the plan passing in %s instead "
		    "reaches another state (first difference: phase %d)", r.phase[skip],
		    rc);
	} else
		ok(0, "control: no section of %s's plan holds orders",
		    x.R->seat_name(x.g, seat));
	/* stops and a standing pass: a seat owing in combat.declare.unhidden-close */
	for (k = 0; k < r.n && strcmp(r.phase[k], "combat.declare.unhidden-close") != 0;
	    k++)
		;
	for (s = 0, seat = NSEATS; k < r.n && s < NSEATS && seat == NSEATS; s++)
		if (r.orders[k][s] != NULL)
			seat = s;
	if (seat < NSEATS) {
		int with = stops_case(&x, start, len, &r, seat, turn, 1);
		int without = stops_case(&x, start, len, &r, seat, turn, 0);

		ok(with == 1 << 10, "%s's \"pass combat\" with \"set stops "
		    "combat.resolve.ranged\": awaited there alone of the rest of "
		    "the Combat Round (%#x)", x.R->seat_name(x.g, seat), with);
		ok(without == 0, "without the stop, in none of them (%#x)", without);
	} else
		ok(0, "nobody owes in combat.declare.unhidden-close of turn %d", turn);
	for (k = 0; k < r.n; k++) {
		free(r.phase[k]);
		free(r.state[k]);
		for (s = 0; s < NSEATS; s++)
			free(r.orders[k][s]);
	}
	free(start);
	vfx_free(&x);
	return done_testing();
}
