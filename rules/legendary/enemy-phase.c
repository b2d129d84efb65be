/*
 * enemy-phase.c — Enemy Phase: the top Enemy card enters the Underground
 * face down, pushing cards toward the Hills and from the Hills into the
 * Combat Zone (turned face up there); Runners move at the end of the
 * phase. Turning a hidden card face up: enemies (Reveal abilities), Events
 * (the current Objective's Event), Hazards (the Location's next Hazard and
 * a Mark on the revealer), Goal and special cards. Running out of the
 * Enemy deck. Ongoing enemy abilities (lg_ongoing, lg_enemy_attack).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "rules/legendary/legendary.h"

/* The Attack it takes to kill an enemy now (never below 0). */
int
lg_enemy_attack(const struct rules_game *g, int card)
{
	const struct lg_card *c = &g->db->cards[card], *o;
	int n = c->attack - g->discount, i, k, e, other;

	for (i = 0; i < g->cz.n + LG_SPACES; i++) {
		other = i < g->cz.n ? g->cz.v[i] : g->wilds[i - g->cz.n];
		if (other < 0 || (i >= g->cz.n && !g->up[i - g->cz.n]))
			continue;
		o = &g->db->cards[other];
		for (k = 0; k < o->nab; k++)
			for (e = 0; o->ab[k].when == LW_ONGOING && e < o->ab[k].neff; e++)
				if (o->ab[k].eff[e].verb == E_ENEMY_ATTACK &&
				    o->ab[k].eff[e].card == card)
					n += o->ab[k].eff[e].n;
	}
	for (k = 0; k < c->nab; k++)
		for (e = 0; c->ab[k].when == LW_ONGOING && e < c->ab[k].neff; e++)
			if (c->ab[k].eff[e].verb == E_SELF_ATTACK) {
				struct lg_ability per = c->ab[k];

				per.times = c->ab[k].eff[e].per;
				n += c->ab[k].eff[e].n * lg_times(g, &per, card);
			}
	return n < 0 ? 0 : n;
}

static void
mark(struct lg_seat *s, struct rules_events *ev)
{
	s->marks++;
	lg_event(ev, "{\"type\":\"legendary.mark\",\"seat\":\"%s\",\"marks\":%d}",
	    s->name, s->marks);
}

/*
 * A card turned face up: Events, Hazards and Goals resolve and leave
 * (1: it left); enemies stay and their Reveal abilities fire (0).
 */
static int
turned_up(struct rules_game *g, int card, int scanned, int id, struct rules_rng *rng,
    struct rules_events *ev)
{
	const struct lg_card *c = &g->db->cards[card];
	const struct lg_location *lo;
	struct lg_seat *s = &g->s[g->active];
	char opens[48] = "";
	int k;

	/* the card's commitment is opened (rules.h, "opens") */
	if (id > 0)
		snprintf(opens, sizeof opens, ",\"opens\":[\"wilds:%d\"]", id);
	lg_event(ev, "{\"type\":\"legendary.revealed\",\"card\":\"%s\",\"kind\":\"%s\","
	    "\"by\":\"%s\"%s}", c->slug, c->kind == LG_EVENT ? "event" : c->kind == LG_HAZARD ?
	    "hazard" : c->kind == LG_GOAL ? "goal" : "enemy", s->name, opens);
	switch (c->kind) {
	case LG_EVENT:
		lg_push(&g->discarded, card);
		if (g->done < 3)
			lg_apply(g, &g->db->objectives[g->objective[g->done]].event, -1, 0,
			    rng, ev);
		return 1;
	case LG_HAZARD:
		/* each Hazard card becomes a Mark on the player who revealed it;
		   with a Location of Aliens once its instructions are followed,
		   and not when they put the Hazard elsewhere (to_enemy_deck) */
		lo = &g->db->locations[g->location];
		if (!lo->aliens)
			mark(s, ev);
		k = g->hazards < 3 ? g->hazards++ : -1;
		if (k >= 0)
			lg_apply(g, &lo->hazard[k], -1, 0, rng, ev);
		if (lo->aliens && k >= 0 && lo->hazard[k].neff > 0 &&
		    lo->hazard[k].eff[lo->hazard[k].neff - 1].verb == E_TO_ENEMY_DECK) {
			lg_push(&g->enemy, card);
			lg_shuffle(&g->enemy, rng);
			lg_event(ev, "{\"type\":\"legendary.hazard-to-enemy-deck\","
			    "\"card\":\"%s\",\"cards\":%d}", c->slug, g->enemy.n);
		} else if (lo->aliens && !s->dead)
			mark(s, ev);
		return 1;
	case LG_GOAL:
		lg_push(&g->discarded, card);
		lg_goal_revealed(g, card, ev);
		/* its own Reveal ability: attach, ... */
		lg_fire(g, card, LW_REVEAL, scanned, rng, ev);
		return 1;
	default:
		lg_fire(g, card, LW_REVEAL, scanned, rng, ev);
		return 0;
	}
}

void
lg_to_cz(struct rules_game *g, int card, int up, int id, struct rules_rng *rng,
    struct rules_events *ev)
{
	lg_event(ev, "{\"type\":\"legendary.combat-zone\",\"card\":\"%s\"}",
	    up ? g->db->cards[card].slug : "hidden");
	/* an Event, Hazard or Goal turned up here resolves and leaves at once */
	if (!up && g->db->cards[card].kind != LG_ENEMY) {
		turned_up(g, card, 0, id, rng, ev);
		return;
	}
	/* the newest card of the Combat Zone is its leftmost, v[0] */
	if (g->cz.n >= LG_PILE)
		return;
	memmove(&g->cz.v[1], &g->cz.v[0], (size_t)g->cz.n * sizeof g->cz.v[0]);
	g->cz.v[0] = card;
	g->cz.n++;
	if (!up)
		turned_up(g, card, 0, id, rng, ev);
}

/*
 * Make room in space: its card moves one space toward the Hills, and so on
 * only as far as a card needs to move. The card pushed out of the Hills,
 * if any, is returned (-1: none) for the caller to put into the Combat
 * Zone once every card has moved, since turning it up may add cards to
 * the Wilds (a Hazard's or an Event's new Enemy card enters and pushes in
 * its turn).
 */
static int
push(struct rules_game *g, int space, int *up, int *id)
{
	int last, out = -1, i;

	for (last = space; last < LG_SPACES && g->wilds[last] >= 0; last++)
		;
	if (last == space)
		return -1;
	if (last == LG_SPACES) {
		last = LG_SPACES - 1;
		out = g->wilds[last];
		*up = g->up[last];
		*id = g->wid[last];
	}
	for (i = last; i > space; i--) {
		g->wilds[i] = g->wilds[i - 1];
		g->up[i] = g->up[i - 1];
		g->wid[i] = g->wid[i - 1];
	}
	g->wilds[space] = -1;
	g->up[space] = g->wid[space] = 0;
	return out;
}

void
lg_enter(struct rules_game *g, int space, int card, struct rules_rng *rng,
    struct rules_events *ev)
{
	int out, up = 0, id = 0;

	out = push(g, space, &up, &id);
	g->wilds[space] = card;
	g->up[space] = 0;
	g->wid[space] = ++g->entered;
	lg_event(ev, "{\"type\":\"legendary.enters\",\"space\":\"%s\"}", g->db->space[space]);
	if (out >= 0)
		lg_to_cz(g, out, up, id, rng, ev);
}

void
lg_reveal(struct rules_game *g, int space, int scanned, struct rules_rng *rng,
    struct rules_events *ev)
{
	int card = g->wilds[space];

	if (card < 0 || g->up[space])
		return;
	if (g->db->cards[card].kind != LG_ENEMY) {
		/* it leaves the Wilds before its ability moves anything */
		g->wilds[space] = -1;
		g->revealing = space + 1;
		turned_up(g, card, scanned, g->wid[space], rng, ev);
		g->revealing = 0;
		g->wid[space] = 0;
		return;
	}
	g->up[space] = 1;
	g->revealing = space + 1;
	turned_up(g, card, scanned, g->wid[space], rng, ev);
	g->revealing = 0;
}

/* The dead enemies (only enemies) become the new Enemy deck, once. */
static int
reshuffle(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int i;

	if (g->reshuffled)
		return -1;
	g->reshuffled = 1;
	for (i = 0; i < g->dead_enemies.n; i++)
		if (g->db->cards[g->dead_enemies.v[i]].kind == LG_ENEMY)
			lg_push(&g->enemy, g->dead_enemies.v[i]);
	g->dead_enemies.n = 0;
	lg_shuffle(&g->enemy, rng);
	lg_event(ev, "{\"type\":\"legendary.enemy-deck-reshuffled\",\"cards\":%d}", g->enemy.n);
	return g->enemy.n > 0 ? 0 : -1;
}

int
lg_enemy_card(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	if (g->enemy.n == 0 && reshuffle(g, rng, ev) == -1) {
		lg_lose(g, "the Enemy deck ran out a second time", ev);
		return -1;
	}
	return lg_pop(&g->enemy);
}

void
lg_enemy_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int card;

	if ((card = lg_enemy_card(g, rng, ev)) >= 0)
		lg_enter(g, 0, card, rng, ev);
}

/* End of the Enemy phase: each face-up Runner in the Wilds moves one space. */
void
lg_runners(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int i, card, id, out, oup = 0, oid = 0, moved[LG_SPACES] = { 0 };

	for (i = LG_SPACES - 1; i >= 0; i--) {
		card = g->wilds[i];
		if (card < 0 || !g->up[i] || moved[i] || !(g->db->cards[card].kw & KW_RUNNER))
			continue;
		id = g->wid[i];
		g->wilds[i] = -1;
		g->up[i] = g->wid[i] = 0;
		lg_event(ev, "{\"type\":\"legendary.runner\",\"card\":\"%s\"}",
		    g->db->cards[card].slug);
		if (i == LG_SPACES - 1) {
			lg_to_cz(g, card, 1, 0, rng, ev);
			continue;
		}
		out = push(g, i + 1, &oup, &oid);
		g->wilds[i + 1] = card;
		g->up[i + 1] = 1;
		g->wid[i + 1] = id;
		moved[i + 1] = 1;
		if (out >= 0)
			lg_to_cz(g, out, oup, oid, rng, ev);
	}
}
