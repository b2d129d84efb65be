/*
 * phase-deck.c — "Begin the Game": the turn governed by the Phase Deck. A
 * player's card gives that squad a turn; the Lt. Command card a turn to
 * the squad the last active player named (`prefer lt-command`,
 * doc/muthur-orders.5); a Xenomorph card advances the hive counter, whose
 * icons start a Xenomorph Phase or add a Xenomorph card to the discard
 * ("GAME OVER MAN"). An empty deck is the discard shuffled (from
 * rng->hidden): each card's place is a secret "phase:G:I" opened when it
 * is played.
 */
#include "config.h"

#include <stdio.h>

#include "rules/bughunt/bughunt.h"

const char *
bh_card_name(int card)
{
	if (card == BH_CARD_LT)
		return "lt-command";
	if (card == BH_CARD_XENO)
		return "xenomorph";
	return card >= 0 && card < BH_SEATS ? bh_colours[card] : "?";
}

/* A card's name in events: the seat's colour, not its play index. */
static const char *
card_label(const struct rules_game *g, int card)
{
	return card >= 0 && card < g->nseats ? bh_colours[g->sq[card].colour] :
	    bh_card_name(card);
}

static int
draw(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int card, i;

	if (g->dpos >= g->ndeck) {
		for (i = 0; i < g->ndiscard; i++)
			g->deck[i] = g->discard[i];
		g->ndeck = g->ndiscard;
		g->ndiscard = 0;
		g->dpos = 0;
		g->gen++;
		bh_shuffle(rng, g->deck, g->ndeck);
		bh_event(ev, "{\"type\":\"phase-deck-shuffled\",\"cards\":%d}", g->ndeck);
	}
	card = g->deck[g->dpos];
	bh_event(ev, "{\"type\":\"phase-card\",\"card\":\"%s\",\"opens\":[\"phase:%d:%d\"]}",
	    card_label(g, card), g->gen, g->dpos);
	g->dpos++;
	g->discard[g->ndiscard++] = card;
	return card;
}

/* Who takes the Lt. Command turn (doc/muthur-orders.5, "Bug Hunt"). */
static int
lt_seat(const struct rules_game *g)
{
	int chooser = g->last_active >= 0 ? g->last_active : 0;
	int pref = g->sq[chooser].lt_pref;

	if (pref >= 0 && pref < g->nseats)
		return pref;
	return g->last_active < 0 ? 0 : (g->last_active + 1) % g->nseats;
}

void
bh_hive_advance(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev,
    int in_phase)
{
	int icon;

	g->hive = (g->hive + 1) % g->d->nhive;
	icon = g->d->hive[g->hive];
	bh_event(ev, "{\"type\":\"hive-counter\",\"space\":%d,\"icon\":\"%s\"}", g->hive + 1,
	    icon == BH_ICON_XENO ? "xenomorph" : icon == BH_ICON_GAME_OVER ? "game-over" :
	    "none");
	if (icon == BH_ICON_XENO) {
		if (in_phase)
			g->pending_xeno++;
		else
			bh_xeno_phase(g, rng, ev, 0);
	} else if (icon == BH_ICON_GAME_OVER) {
		if (g->xeno_left == 0 || g->ndeck - g->dpos + g->ndiscard >= BH_MAX_PHASE)
			bh_lose(g, "no-xenomorph-card", ev);
		else {
			g->xeno_left--;
			g->discard[g->ndiscard++] = BH_CARD_XENO;
			bh_event(ev, "{\"type\":\"xenomorph-card-added\",\"set_aside\":%d}",
			    g->xeno_left);
		}
	}
}

void
bh_next_turn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int card;

	g->active = -1;
	g->lt_turn = 0;
	while (g->phase != BH_PH_OVER) {
		card = draw(g, rng, ev);
		if (card < g->nseats || card == BH_CARD_LT) {
			g->lt_turn = card == BH_CARD_LT;
			g->active = g->lt_turn ? lt_seat(g) : card;
			if (!g->lt_turn)
				g->last_active = card;
			g->turn++;
			bh_event(ev, "{\"type\":\"player-turn\",\"turn\":%d,\"seat\":\"%s\","
			    "\"lt_command\":%s}", g->turn, bh_colours[g->sq[g->active].colour],
			    g->lt_turn ? "true" : "false");
			return;
		}
		if (card == BH_CARD_XENO &&
		    g->d->hive[(g->hive + 1) % g->d->nhive] == BH_ICON_XENO &&
		    bh_xeno_ask(g) > 0) {
			/* a squad asked to be asked: the phase waits (game.c) */
			bh_hive_advance(g, rng, ev, 1);
			g->pending_xeno = 0;
			g->phase = BH_PH_XENO;
			return;
		}
		if (card == BH_CARD_XENO)
			bh_hive_advance(g, rng, ev, 0);
	}
}
