/*
 * battle-conditions.c — rulebook section 2, "Battle Conditions", with
 * Section 3, "Starting Cards": each player may start with one Battle
 * Condition in play (setup-contact.c places them first). A condition's
 * effects act on every player: its always-on MODIFY effects with target
 * "all players" change the ability of every character (Power Failure:
 * ranged attacks -1 to hit; Lockdown: -1 movement point), and its "start"
 * effects happen once as the game begins (Infestation: its player's
 * Combat Pool +1). The same condition played by two players is not
 * cumulative: each card counts once, however many copies are in play
 * (for a "player" target, once per player). Battle conditions are not
 * events, so their changes add to those of event cards and never count
 * against the one event that may raise an ability.
 */
#include "config.h"

#include "rules/ccg/ccg.h"
#include "rules/ccg/setup.h"

/* Is piece i a battle condition in play and the first copy of its card
 * (owned by seat, when seat >= 0)? Later copies add nothing. */
static int
first_copy(const struct rules_game *g, size_t i, int seat)
{
	const struct ccg_piece *p = &g->pieces[i];
	size_t j;

	if (p->zone != CCG_Z_PLAY ||
	    p->card->type != CCG_CARD_BATTLE_CONDITION ||
	    (seat >= 0 && p->owner != seat))
		return 0;
	for (j = 0; j < i; j++)
		if (g->pieces[j].card == p->card &&
		    g->pieces[j].zone == CCG_Z_PLAY &&
		    (seat < 0 || g->pieces[j].owner == seat))
			return 0;
	return 1;
}

int
ccg_battle_mod(const struct rules_game *g, int stat, int kind)
{
	size_t i, k;
	int sum = 0;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_card *c = g->pieces[i].card;

		if (!first_copy(g, i, -1))
			continue;
		for (k = 0; k < c->neffects; k++) {
			const struct ccg_effect *e = &c->effects[k];

			if (e->kind == CCG_EFFECT_MODIFY && (int)e->stat == stat &&
			    e->when == CCG_WHEN_ALWAYS &&
			    e->target == CCG_TARGET_ALL_PLAYERS &&
			    (e->attack == CCG_ATTACK_ANY || (int)e->attack == kind))
				sum += e->amount;
		}
	}
	return sum;
}

void
ccg_battle_start(struct rules_game *g, struct rules_events *ev)
{
	size_t i, k, s;

	for (s = 0; s < g->nseats; s++)
		for (i = 0; i < g->npieces; i++) {
			const struct ccg_card *c = g->pieces[i].card;

			if (!first_copy(g, i, (int)s) ||
			    !ccg_faction_may_use(c->faction, g->seats[s].faction))
				continue;	/* Infestation: the Aliens' */
			for (k = 0; k < c->neffects; k++) {
				const struct ccg_effect *e = &c->effects[k];

				if (e->when != CCG_WHEN_START ||
				    e->kind != CCG_EFFECT_GAIN_POOL ||
				    e->target != CCG_TARGET_PLAYER)
					continue;
				g->seats[s].pool += e->amount;
				ccg_event(ev, -1, "{\"type\":\"battle-condition-"
				    "pool\",\"seat\":\"%s\",\"piece\":\"%s\","
				    "\"gain\":%d,\"pool\":%d}", g->seats[s].name,
				    g->pieces[i].id, e->amount, g->seats[s].pool);
			}
		}
}
