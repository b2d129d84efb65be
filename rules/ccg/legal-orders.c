/*
 * legal-orders.c — the legal orders of a seat in the current phase, for
 * the order template of its view and for the seat barrier (a seat whose
 * only legal order is pass owes nothing). Candidate lines are made from the
 * state and each is tried on a copy of the game with the same code that
 * applies orders, so the list can never disagree with the rules. One copy
 * serves every candidate: a refused order leaves it as it was, and after
 * an accepted one it is set back to the game (ccg_game_reset), reusing
 * its memory, where a fresh clone for each cost more as the board grew.
 */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/verbs.h"
#include "rules/ccg/victory.h"

struct trial {
	const struct rules_game	*g;
	struct rules_game	*c;	/* scratch copy of g, played on */
	int			 dirty;	/* c was changed: reset it to g */
	int			 seat;
	struct strbuf		*out;	/* NULL: only count */
	size_t			 n;
	size_t			 stop;	/* stop after this many (0: never) */
};

static void
try_line(struct trial *t, const char *line)
{
	struct ccg_order o;

	if (t->stop && t->n >= t->stop)
		return;
	if (ccg_order_parse_line(line, 1, &o, NULL) != 1)
		return;
	if (t->c == NULL)
		t->c = ccg_game_clone(t->g);
	else if (t->dirty)
		ccg_game_reset(t->c, t->g);
	t->dirty = 0;
	if (ccg_apply(t->c, t->seat, &o, NULL, NULL) == 0) {
		t->n++;
		if (t->out != NULL) {
			strbuf_addstr(t->out, line);
			strbuf_addc(t->out, '\n');
		}
		t->dirty = 1;
	}
	ccg_order_clear(&o);
}

/* try_line() for the candidates functions of the verb table */
static void
try_cb(void *t, const char *line)
{
	try_line(t, line);
}

/* The candidate lines of every verb of the current phase, in the order
 * of the verb table (verbs.c). */
static void
candidates(struct trial *t)
{
	const struct rules_game *g = t->g;
	size_t i;

	for (i = 0; i < CCG_NVERBS; i++)
		if (ccg_verbs[i].candidates != NULL &&
		    ccg_phase_allows(g->phase, ccg_verbs[i].verb))
			ccg_verbs[i].candidates(g, t->seat, try_cb, t);
}

/* The drop lines of the phases other than movement.move and
 * search.declare (items.c: free in the Movement and Search Rounds, by
 * rotating elsewhere); like revealing, they never make a seat owe. */
static void
drop_lines(const struct rules_game *g, int seat, struct strbuf *sb)
{
	struct trial t = { g, NULL, 0, seat, sb, 0, 0 };
	size_t i;

	if (g->phase == CCG_PH_MOVE || g->phase == CCG_PH_SEARCH_DECLARE ||
	    !ccg_phase_allows(g->phase, CCG_V_DROP))
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->zone == CCG_Z_PLAY && it->carrier >= 0 &&
		    (it->card->type == CCG_CARD_ITEM ||
		    it->card->type == CCG_CARD_VEHICLE) &&
		    g->pieces[it->carrier].controller == seat)
			ccg_tryf(try_cb, &t, "drop %s%s", it->id,
			    ccg_free_drop_phase(g->phase) ? "" : " rotating");
	}
	ccg_game_free(t.c);
}

/*
 * ccg_legal_memo()'s answers: each seat's legal orders in the state
 * numbered memo_serial (ccg_game_touch), asked while memo_g is that game.
 * They outlive ccg_legal_memo(NULL): the barrier's check of a new phase
 * (the daemon's phase_only_pass) and the four views that follow ask the
 * same state, and any change of it gives the game a new serial.
 */
#define MEMO_SEATS 8
static __thread const struct rules_game *memo_g;
static __thread uint64_t memo_serial;
static __thread char *memo_text[MEMO_SEATS];

void
ccg_legal_memo(const struct rules_game *g)
{
	size_t i;

	memo_g = g;
	if (g == NULL || g->serial == memo_serial)
		return;
	for (i = 0; i < MEMO_SEATS; i++) {
		free(memo_text[i]);
		memo_text[i] = NULL;
	}
	memo_serial = g->serial;
}

static char *legal_text(const struct rules_game *, int);

char *
ccg_legal(const struct rules_game *g, int seat)
{
	if (memo_g == NULL || g != memo_g || g->serial != memo_serial || seat < 0 ||
	    seat >= MEMO_SEATS)
		return legal_text(g, seat);
	if (memo_text[seat] == NULL)
		memo_text[seat] = legal_text(g, seat);
	return xstrdup(memo_text[seat]);
}

static char *
legal_text(const struct rules_game *g, int seat)
{
	struct strbuf sb = STRBUF_INIT;
	struct trial t = { g, NULL, 0, seat, &sb, 0, 0 };

	if (seat >= 0 && (size_t)seat < g->nseats && !ccg_game_over(g) &&
	    g->seats[seat].place == 0)
		candidates(&t);
	/* pass first, unless the Contact scenario makes the seat play a
	 * location (turn-sequence.c) */
	if (!(t.n > 0 && g->phase == CCG_PH_LOCATIONS &&
	    ccg_scenario_is_contact(g))) {
		char *rest = strbuf_detach(&sb, NULL);

		strbuf_addstr(&sb, "pass\n");
		ccg_standing_pass_legal(g, seat, &sb);	/* standing-pass.c */
		strbuf_addstr(&sb, rest);
		free(rest);
	}
	ccg_game_free(t.c);
	if (t.n > 0) {		/* revealing never makes a seat owe */
		char *rv = ccg_hidden_reveal_lines(g, seat);

		strbuf_addstr(&sb, rv);
		free(rv);
		drop_lines(g, seat, &sb);	/* nor dropping */
	}
	if (g->phase == CCG_PH_MOVE && t.n > 0)
		strbuf_addstr(&sb, "# characters at one location may move "
		    "together: move A, B to LOCATION\n");
	return strbuf_detach(&sb, NULL);
}

size_t
ccg_legal_count(const struct rules_game *g, int seat)
{
	struct trial t = { g, NULL, 0, seat, NULL, 0, 1 };

	if (seat < 0 || (size_t)seat >= g->nseats || g->phase == CCG_PH_OVER)
		return 0;
	candidates(&t);
	ccg_game_free(t.c);
	return t.n;
}
