/*
 * turn-plan.c — the rest of a turn as the scripted player would play it
 * (doc/muthur-orders.5 "Plans"), written as plan sections: for the demo's
 * seats (struct rules demo_plan) and for the plan every order template
 * carries (order-template.c, issue 33). It plays the turn through on a
 * copy of the game, the other seats passing and the scripted orders
 * (demo-player.c) given in each phase the seat owes, and writes a section
 * for each of them. Where the seat has nothing to do for the rest of a
 * round it gives the standing pass "pass ROUND", so it is asked again
 * only when something that concerns it happens (or a section no longer
 * holds, and is dropped, and its view says why).
 *
 * A template is shown to its seat, so its plan must follow from what the
 * seat knows (PRODUCT.md §5): orders that name a card it does not hold
 * are left out (the copy draws the real deck's next cards); for a
 * template the copy's hand also loses the cards drawn, so that no choice
 * is steered by them, and the copy stops before a combat resolves with
 * an attack of the seat's pending (its outcome turns on what the others
 * hide: concealed weapons, which marker is real), leaving the rest of
 * the turn to be asked. A round (or the rest of one) the copy played
 * through without asking the seat (as far as it knows, nothing to do
 * there) gets the standing pass "pass ROUND" in a template: the real
 * seat, holding the cards it drew, may be asked there, and stands passed
 * unless concerned.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/table.h"
#include "rules/ccg/turn.h"

/* The simulation's dice (splitmix64): a plan guesses, the real dice differ. */
static uint32_t
sim_uniform(void *ctx, uint32_t bound)
{
	uint64_t *x = ctx, z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	z ^= z >> 31;
	return bound > 0 ? (uint32_t)(z % bound) : 0;
}

/*
 * Keep the lines of orders that name no card the seat did not hold when
 * it wrote the plan (the simulation draws the real deck's next cards: a
 * correspondent does not know them).
 */
static void
known_cards_only(struct strbuf *out, char *orders, const struct ccg_cards *hand)
{
	char *line, *save = NULL, *p, word[128];
	size_t n;
	int known;

	for (p = orders; (line = strtok_r(p, "\n", &save)) != NULL; p = NULL) {
		known = 1;
		if (strncmp(line, "play ", 5) == 0 || strncmp(line, "find ", 5) == 0 ||
		    strncmp(line, "discard ", 8) == 0) {
			n = strcspn(line, " ");
			n = strcspn(line + n + 1, " ") < sizeof word ?
			    strcspn(line + n + 1, " ") : 0;
			memcpy(word, line + strcspn(line, " ") + 1, n);
			word[n] = '\0';
			known = ccg_cards_find(hand, word) >= 0;
		}
		if (known) {
			strbuf_addstr(out, line);
			strbuf_addc(out, '\n');
		}
	}
}

/* Drop from the copy's hand of seat the cards the seat did not hold. */
static void
hand_known(struct rules_game *c, size_t seat, const struct ccg_cards *known)
{
	struct ccg_cards *h = &c->seats[seat].hand;
	size_t i, k = 0;

	for (i = 0; i < h->n; i++)
		if (ccg_cards_find(known, h->v[i]->slug) >= 0)
			h->v[k++] = h->v[i];
	h->n = k;
}

/* Is an attack declared in the copy (the others pass: the seat's own)? */
static int
attack_pending(const struct rules_game *c)
{
	size_t i;

	for (i = 0; i < c->npieces; i++)
		if (c->pieces[i].zone == CCG_Z_PLAY && (c->pieces[i].atk_kind != 0 ||
		    c->pieces[i].nxatk > 0))
			return 1;
	return 0;
}

/*
 * Do the sections k.. of phase[k]'s round need writing one by one? Not
 * when each would be the round's standing pass (none has orders, and
 * the seat may stand passed in each): one section for the round says it
 * (a template stays short: PRODUCT.md §6).
 */
static int
covered_once(const int *phase, const struct strbuf *sec, const int *stand, int k,
    int n)
{
	int r = ccg_phase_round(phase[k]), j;

	for (j = k; j < n && ccg_phase_round(phase[j]) == r; j++)
		if (sec[j].len > 0 || !stand[j])
			return 1;
	return 0;
}

char *
ccg_turn_plan(const struct rules_game *g, size_t seat, const char *now, int template)
{
	struct rules_game *c = ccg_game_clone(g);
	struct ccg_cards hand = g->seats[seat].hand;
	uint64_t dice = (uint64_t)g->turn * 131 + (uint64_t)g->phase * 7 + seat;
	struct rules_rng rng = { sim_uniform, &dice, sim_uniform, &dice };
	const char *texts[CCG_MAX_SEATS] = { NULL };
	char *why = NULL, *o;
	struct strbuf sb = STRBUF_INIT, sec[CCG_NPHASES], pl;
	int phase[CCG_NPHASES], stand[CCG_NPHASES], n = 0, k, j, rest, p, r;
	int reached[CCG_NPHASES] = { 0 }, covered[CCG_NPHASES] = { 0 };

	strbuf_addstr(&sb, "");
	texts[seat] = now;
	while (n < CCG_NPHASES) {
		if (ccg_resolve(c, texts, &rng, NULL, &why) != 0 ||
		    c->turn != g->turn || c->phase == CCG_PH_OVER ||
		    c->phase == CCG_PH_END)
			break;
		if (texts[seat] != now)
			free((char *)texts[seat]);
		texts[seat] = NULL;
		if (template) {
			hand_known(c, seat, &hand);
			if ((c->phase == CCG_PH_RESOLVE_RANGED ||
			    c->phase == CCG_PH_RESOLVE_CLOSE) && attack_pending(c))
				break;
		}
		if ((r = ccg_phase_round(c->phase)) >= 0)
			reached[r] = c->phase + 1;	/* the round's last phase played, + 1 */
		if (!ccg_seat_owes(c, (int)seat))
			continue;
		if (r >= 0)
			covered[r] = 1;
		o = ccg_demo_orders(c, (int)seat);
		sec[n] = (struct strbuf)STRBUF_INIT;
		strbuf_addstr(&sec[n], "");
		known_cards_only(&sec[n], o, &hand);
		free(o);
		phase[n] = c->phase;
		pl = (struct strbuf)STRBUF_INIT;	/* may it stand passed? */
		ccg_standing_pass_legal(c, (int)seat, &pl);
		stand[n] = pl.len > 0;
		strbuf_free(&pl);
		texts[seat] = xstrdup(strbuf_str(&sec[n++]));
	}
	if (texts[seat] != now)
		free((char *)texts[seat]);
	for (k = 0, p = g->phase + 1; p < CCG_PH_END; p++) {
		r = ccg_phase_round(p);
		if (template && r >= 0 && reached[r] && !covered[r]) {
			/*
			 * A round the copy played without asking the seat (its
			 * hand there holds only the cards it knows): the seat
			 * may be asked there for the cards it draws; it stands
			 * passed unless something concerns it.
			 */
			strbuf_addf(&sb, "phase: %s\npass %s\n", ccg_round_name(r),
			    ccg_round_name(r));
			covered[r] = 1;
		}
		if (k == n || phase[k] != p)
			continue;
		if (template && r >= 0 && !covered_once(phase, sec, stand, k, n)) {
			/* the round's sections are all its standing pass: one */
			strbuf_addf(&sb, "phase: %s\npass %s\n", ccg_round_name(r),
			    ccg_round_name(r));
			while (k < n && ccg_phase_round(phase[k]) == r)
				strbuf_free(&sec[k++]);
			continue;
		}
		strbuf_addf(&sb, "phase: %s\n", ccg_phase_name(phase[k]));
		if (sec[k].len > 0) {
			strbuf_addstr(&sb, strbuf_str(&sec[k]));
			if (template && (k + 1 == n || ccg_phase_round(phase[k + 1]) != r) &&
			    reached[r] - 1 > phase[k])
				/* the round's later phases, played without asking
				 * it, as above */
				strbuf_addf(&sb, "phase: %s\npass %s\n", ccg_round_name(r),
				    ccg_round_name(r));
		} else {
			/* nothing here: a standing pass when nothing later in the
			 * round either */
			for (rest = 0, j = k + 1; j < n; j++)
				if (ccg_phase_round(phase[j]) == ccg_phase_round(phase[k]) &&
				    sec[j].len > 0)
					rest = 1;
			strbuf_addstr(&sb, rest || !stand[k] ? "pass\n" : "pass ");
			if (!rest && stand[k])
				strbuf_addf(&sb, "%s\n", ccg_round_name(
				    ccg_phase_round(phase[k])));
		}
		strbuf_free(&sec[k++]);
	}
	while (k < n)	/* none: the copy's phases run in turn order */
		strbuf_free(&sec[k++]);
	free(why);
	ccg_game_free(c);
	return strbuf_detach(&sb, NULL);
}

char *
ccg_demo_plan(const struct rules_game *g, size_t seat)
{
	char *now = ccg_demo_orders(g, seat), *plan = ccg_turn_plan(g, seat, now, 0);

	free(now);
	return plan;
}
