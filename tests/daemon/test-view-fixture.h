/*
 * test-view-fixture.h — a scripted four-seat CCG Contact game for the view
 * and secrecy tests, recorded the way doc/game-record.md says (events with
 * their visibility, decklist and secret commitments, one seed per phase)
 * but in memory, with deterministic nonces and seeds and a test server key.
 */
#ifndef MUTHUR_TESTS_VIEW_FIXTURE_H
#define MUTHUR_TESTS_VIEW_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/view.h"
#include "rules/ccg/ccg.h"
#include "rules/rules.h"
#include "store/commitments.h"
#include "store/events.h"

struct vfx {
	const struct rules		*R;
	struct ccg_carddb		*db;
	struct rules_game		*g;
	const char			*game;		/* "contact-7" */
	uint64_t			 phase_seq;	/* the open phase */
	struct store_event		*ev;		/* every event so far */
	size_t				 nev;
	struct store_commitment		*cm;		/* every commitment so far */
	size_t				 ncm;
	unsigned char			 sk[64], pk[32];
	char				*server_key;	/* public key text */
	uint64_t			 rng_seed, rng_n, pick_n;
	uint64_t			 prev_first_ev;	/* first event of the last step */
	char				*names[4];	/* awaited names (scratch) */
	int				 standing;	/* 1: vfx_choose() also picks
							 * "pass ROUND" lines */
};

/* The card data file(s) used: sample-cards.json, plus extra when not NULL. */
int vfx_init(struct vfx *x, const char *extra_cards, uint64_t seed, char **cause);
void vfx_free(struct vfx *x);

/*
 * Choose orders for every owing seat from its legal list (deterministic),
 * resolve, record. 1: moved on, 0: game over, -1 failed (diag given).
 */
int vfx_step(struct vfx *x);

/* The orders the fixture would choose for seat now (caller frees). */
char *vfx_choose(struct vfx *x, size_t seat);

/*
 * Facts for seat: events of the last step (or all events with all != 0),
 * every commitment, deadline given. Pointers into x (valid until the next
 * vfx_step).
 */
void vfx_facts(struct vfx *x, size_t seat, int all, int64_t deadline,
    struct view_facts *f);

/* A view_mail_ctx with fixed date and Message-ID for seat. */
void vfx_ctx(size_t seat, const char *seat_name, struct view_mail_ctx *c);

/* Deep copies of the record's arrays (free with store_*_free). */
struct store_event *vfx_events_dup(const struct store_event *v, size_t n);
struct store_commitment *vfx_commitments_dup(const struct store_commitment *v,
    size_t n);

/* The top source folder (top_srcdir or "."). */
const char *vfx_top(void);

#endif
