/*
 * effects.c — the interpreter of the effect language (legendary.h); the
 * small helpers every section uses (piles, random streams, events) are in
 * pile.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/legendary/legendary.h"

int
lg_cond_holds(const struct rules_game *g, const struct lg_ability *a, int scanned)
{
	const struct lg_objective *cur = g->done < 3 ? &g->db->objectives[g->objective[
	    g->done]] : NULL;
	int i;

	switch (a->cond) {
	case LC_NONE: return 1;
	/* a class ability needs another card of the class played before it */
	case LC_PLAYED_CLASS: return lg_played_class(g, a->arg, g->nplayed - 1);
	case LC_NOT_PLAYED_CLASS: return !lg_played_class(g, a->arg, g->nplayed);
	case LC_PLAYED_TEAM: return lg_played_team(g, a->arg, g->nplayed - 1);
	case LC_OBJECTIVE: return cur != NULL && strcmp(cur->slug, a->arg) == 0;
	case LC_NOT_OBJECTIVE: return cur == NULL || strcmp(cur->slug, a->arg) != 0;
	case LC_VISIBLE: return lg_visible(g, lg_card_find(g->db, a->arg));
	case LC_SCANNED: return scanned;
	case LC_MARKED: return g->s[g->active].marks > 0;
	case LC_CLEAR:
		i = lg_space(g->db, a->arg);
		return i >= 0 && g->wilds[i] < 0;
	/* "Show": whether a card can be shown is asked by lg_apply, which
	   knows the card whose ability it is and tells what is shown */
	case LC_SHOW: return 1;
	case LC_REVEALED:
		for (i = 0; cur != NULL && i < cur->nreveal; i++)
			if (strcmp(g->db->cards[cur->reveal[i]].slug, a->arg) == 0)
				return g->revealed[i];
		return 0;
	}
	return 0;
}

int
lg_times(const struct rules_game *g, const struct lg_ability *a, int card)
{
	switch (a->times) {
	case LT_ONE: return 1;
	case LT_OTHER_CHARACTERS: return lg_other_characters(g, card);
	case LT_SAME_CHARACTER: return lg_same_character(g, card);
	case LT_COORDINATIONS: return lg_coordinations(g);
	case LT_MARKS: return g->s[g->active].marks;
	case LT_CLASSES_PLAYED: return lg_played_class(g, NULL, g->nplayed);
	}
	return 1;
}

/* Turn the hidden cards of the Wilds face up or down. */
static void
flip_all_down(struct rules_game *g, struct rules_events *ev)
{
	int i;

	for (i = 0; i < LG_SPACES; i++)
		if (g->wilds[i] >= 0)
			g->up[i] = 0;
	lg_event(ev, "{\"type\":\"legendary.wilds-face-down\"}");
}

/*
 * Timing: the n cards nearest the Combat Zone are moved into it at the same
 * time, then turned face up one by one: the nearest first, or the farthest
 * first when the active seat's standing `timing farthest` says so.
 */
static void
advance(struct rules_game *g, int n, struct rules_rng *rng, struct rules_events *ev)
{
	int card[LG_SPACES], up[LG_SPACES], id[LG_SPACES], m = 0, j, i;

	for (j = LG_SPACES - 1; j >= 0 && m < n; j--) {
		if (g->wilds[j] < 0)
			continue;
		card[m] = g->wilds[j];
		up[m] = g->up[j];
		id[m++] = g->wid[j];
		g->wilds[j] = -1;
		g->up[j] = g->wid[j] = 0;
	}
	if (m > 1)
		lg_event(ev, "{\"type\":\"legendary.timing\",\"seat\":\"%s\",\"moved\":%d,"
		    "\"first\":\"%s\"}", g->s[g->active].name, m,
		    g->s[g->active].timing == LGT_FARTHEST ? "farthest" : "nearest");
	for (i = 0; i < m && g->result == 0; i++) {
		j = g->s[g->active].timing == LGT_FARTHEST ? m - 1 - i : i;
		lg_to_cz(g, card[j], up[j], id[j], rng, ev);
	}
}

/*
 * One effect, n times over, on behalf of seat: the active one, or another
 * for the verbs of a seat an ability's "who" sends there (card-data.c).
 */
static void
effect(struct rules_game *g, const struct lg_effect *e, int n, int card, int seat,
    struct rules_rng *rng, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[seat];
	int k, i, c;

	for (k = 0; k < n; k++) {
		/* Playing as Predators: its own verbs, Heal as points, its Strikes */
		if (g->mode == LG_PREDATORS && (e->verb >= E_RESTORE || e->verb == E_HEAL ||
		    e->verb == E_STRIKE)) {
			pd_effect(g, e, card, rng, ev);
			continue;
		}
		switch (e->verb) {
		case E_ATTACK: g->attack += e->n; break;
		case E_RECRUIT: g->recruit += e->n; break;
		case E_DRAW: lg_draw(g, seat, e->n, rng, ev); break;
		case E_HEAL:
			for (i = 0; i < e->n; i++)
				lg_heal(g, seat, ev);
			break;
		case E_AVOID: g->avoid += e->n; break;
		case E_DISCARD_DRAW: g->discards += e->n; break;
		case E_SWAP_VALUES: g->swaps += e->n; break;
		case E_KILL_ENEMY: g->kill_enemies += e->n; break;
		case E_FREE_SCAN: g->free_scans += e->n; break;
		case E_KILL_OWN: g->kill_own += e->n; break;
		case E_GAIN:
			/* each gain is its own; the dearest allowance counts */
			g->gain_max = e->n > g->gain_max ? e->n : g->gain_max;
			g->gains++;
			break;
		case E_STRIKE:
			for (i = 0; i < e->n && !s->dead; i++)
				lg_strike(g, seat, card, rng, ev);
			break;
		case E_MARK:
			s->marks += e->n;
			lg_event(ev, "{\"type\":\"legendary.mark\",\"seat\":\"%s\",\"marks\":%d}",
			    s->name, s->marks);
			break;
		case E_UNMARK:
			/* a Mark cleared (One Ugly Mother...); never below none */
			if (s->marks == 0)
				break;
			s->marks = s->marks > e->n ? s->marks - e->n : 0;
			lg_event(ev, "{\"type\":\"legendary.unmarked\",\"seat\":\"%s\","
			    "\"marks\":%d}", s->name, s->marks);
			break;
		case E_NOT_KILLED: g->spared = 1; break;
		case E_TO_OPERATIONS:
			/* the Event just revealed (on top of the discarded) goes there */
			if (k > 0 || g->discarded.n == 0 || g->db->cards[g->discarded.v[
			    g->discarded.n - 1]].kind != LG_EVENT)
				break;
			c = lg_pop(&g->discarded);
			lg_push(&g->operations, c);
			g->ops_scan += e->n;
			lg_event(ev, "{\"type\":\"legendary.operations\",\"card\":\"%s\","
			    "\"events\":%d,\"scan\":%d}", g->db->cards[c].slug,
			    g->operations.n, g->ops_scan);
			break;
		case E_DISCARD_HAND:
			/* each card the seat's standing `discards` picks (orders.c) */
			for (i = 0; i < e->n && s->hand.n > 0; i++) {
				c = lg_remove_at(&s->hand, lg_discard_pick(g, &s->hand,
				    s->discards));
				lg_push(&s->discard, c);
				lg_event(ev, "{\"type\":\"legendary.hand-discarded\","
				    "\"seat\":\"%s\",\"card\":\"%s\"}", s->name,
				    g->db->cards[c].slug);
			}
			break;
		case E_ATTACH:
			/* the card being turned up in a space stays there, attached;
			   one a space (turned up entering the Combat Zone: no space) */
			if (k > 0 || card < 0 || g->revealing == 0 ||
			    g->attached[g->revealing - 1] != 0 ||
			    (i = lg_find(&g->discarded, card)) < 0)
				break;
			lg_remove_at(&g->discarded, i);
			g->attached[g->revealing - 1] = card + 1;
			lg_event(ev, "{\"type\":\"legendary.attached\",\"card\":\"%s\","
			    "\"space\":\"%s\"}", g->db->cards[card].slug,
			    g->db->space[g->revealing - 1]);
			break;
		case E_TO_FRONT:
			/* the enemy leaves the Wilds or the Combat Zone for the seat */
			if (k > 0 || card < 0 || g->db->cards[card].kind != LG_ENEMY)
				break;
			if ((i = lg_find(&g->cz, card)) >= 0)
				lg_remove_at(&g->cz, i);
			else {
				for (i = 0; i < LG_SPACES && g->wilds[i] != card; i++)
					;
				if (i == LG_SPACES)
					break;
				g->wilds[i] = -1;
				g->up[i] = g->wid[i] = 0;
			}
			lg_push(&s->front, card);
			lg_event(ev, "{\"type\":\"legendary.in-front\",\"seat\":\"%s\","
			    "\"card\":\"%s\"}", s->name, g->db->cards[card].slug);
			break;
		case E_KILL_DISCOUNT: g->discount += e->n; break;
		case E_NO_STRIKES: g->no_strikes = 1; break;
		case E_DOUBLE_ATTACK: g->attack *= 2; break;
		case E_GAIN_TO_TOP: g->gain_top = 1; break;
		case E_DISCARD_TOP:
			for (i = 0; i < e->n; i++) {
				if (s->deck.n == 0)
					break;
				c = lg_pop(&s->deck);
				lg_push(&s->discard, c);
				lg_event(ev, "{\"type\":\"legendary.discard-top\",\"seat\":\"%s\","
				    "\"card\":\"%s\"}", s->name, g->db->cards[c].slug);
			}
			break;
		case E_DISCARD_TO_TOP:
			for (i = 0; i < e->n && s->discard.n > 0; i++)
				lg_push(&s->deck, lg_pop(&s->discard));
			break;
		case E_ENEMY_ENTERS:
			for (i = 0; i < e->n && g->result == 0; i++)
				lg_enemy_phase(g, rng, ev);
			break;
		case E_ENTER_HILLS:
			for (i = 0; i < e->n && g->result == 0; i++)
				if ((c = lg_enemy_card(g, rng, ev)) >= 0)
					lg_enter(g, LG_SPACES - 1, c, rng, ev);
			break;
		case E_ADVANCE:
			/* the n cards nearest the Combat Zone move into it together */
			if (k == 0)
				advance(g, e->n * n, rng, ev);
			break;
		case E_END_TURN: g->end_turn = 1; break;
		case E_FLIP_BACK:
			for (i = 0; i < LG_SPACES; i++)
				if (g->wilds[i] == card)
					g->up[i] = 0;
			break;
		case E_FLIP_ALL_DOWN: flip_all_down(g, ev); break;
		case E_STRIKE_ATTACK:
			for (i = 0; i < e->n; i++) {
				if ((c = lg_strike_card(g, rng, ev)) < 0)
					break;
				g->attack += g->db->cards[c].damage;
				lg_push(&g->strike_discard, c);
				lg_event(ev, "{\"type\":\"legendary.strike-shown\",\"card\":\"%s\","
				    "\"damage\":%d}", g->db->cards[c].slug, g->db->cards[c].damage);
			}
			break;
		case E_GOAL_NEED: g->need += e->n; break;
		case E_GOAL_PROGRESS:
			g->progress += e->n;
			if (g->progress < 0)
				g->progress = 0;
			break;
		case E_DISCARD_SELF:
			if ((i = lg_find(&g->cz, card)) >= 0) {
				lg_remove_at(&g->cz, i);
				lg_push(&g->dead_enemies, card);
				lg_event(ev, "{\"type\":\"legendary.discarded\",\"card\":\"%s\"}",
				    g->db->cards[card].slug);
			}
			break;
		/* the ongoing modifiers are read where they apply (lg_ongoing) */
		default: break;
		}
	}
}

void
lg_apply(struct rules_game *g, const struct lg_ability *a, int card, int scanned,
    struct rules_rng *rng, struct rules_events *ev)
{
	int i, n, k, ns = 0, seat[LG_SEATS];

	if (a->unexpressed != NULL) {
		lg_event(ev, "{\"type\":\"legendary.not-expressed\",\"card\":\"%s\"}",
		    card >= 0 ? g->db->cards[card].slug : "objective");
		return;
	}
	if (!lg_cond_holds(g, a, scanned))
		return;
	/* "Show": the card the seat's standing `show` picks is shown to the
	   table (it stays where it is); none: the ability does not apply */
	if (a->cond == LC_SHOW) {
		if ((i = lg_show_pick(g, a->arg, card, &k)) < 0)
			return;
		lg_event(ev, "{\"type\":\"legendary.shown\",\"seat\":\"%s\",\"card\":"
		    "\"%s\",\"from\":\"%s\",\"for\":\"%s\"}", g->s[g->active].name,
		    g->db->cards[i].slug, k ? "played" : "hand",
		    card >= 0 ? g->db->cards[card].slug : "");
	}
	n = lg_times(g, a, card);
	if (a->who == LWH_YOU) {
		for (i = 0; i < a->neff && g->result == 0; i++)
			effect(g, &a->eff[i], n, card, g->active, rng, ev);
		return;
	}
	/* Timing: the active player first, then clockwise */
	for (k = 0; k < LG_SEATS; k++)
		seat[k] = -1;
	for (k = 0, ns = 0; k < g->nseats; k++) {
		i = (g->active + k) % g->nseats;
		if (g->s[i].dead || (a->who == LWH_NEXT && i == g->active))
			continue;
		if (a->who == LWH_EACH || ns == 0 || i != g->active)
			seat[ns++] = i;
		if (a->who != LWH_EACH && (a->who == LWH_NEXT ? ns == 1 : ns == 2))
			break;
	}
	/* "Next Player": alone, you are the next player */
	if (a->who == LWH_NEXT && ns == 0)
		seat[ns++] = g->active;
	if (a->who == LWH_YOU_AND_NEXT && ns == 1)
		seat[ns++] = g->active;
	for (k = 0; k < ns && g->result == 0; k++)
		for (i = 0; i < a->neff && g->result == 0 && !g->s[seat[k]].dead; i++)
			effect(g, &a->eff[i], n, card, seat[k], rng, ev);
}

void
lg_fire(struct rules_game *g, int card, enum lg_when when, int scanned,
    struct rules_rng *rng, struct rules_events *ev)
{
	const struct lg_card *c = &g->db->cards[card];
	int i;

	for (i = 0; i < c->nab; i++)
		if (c->ab[i].unexpressed != NULL ? when == LW_PLAY || when == LW_REVEAL :
		    c->ab[i].when == when)
			lg_apply(g, &c->ab[i], card, scanned, rng, ev);
}
