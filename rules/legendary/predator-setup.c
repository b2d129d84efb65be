/*
 * predator-setup.c — Playing as Predators, Game Setup: the personal decks
 * (7 Experience, 5 Brute Strength and the Role card), the Predator Roles
 * (a seat named by a Role takes it; a seat named otherwise is dealt one of
 * the Roles left, from the hidden stream), the Trophy Rooms, the Killer
 * Instinct, Prey Strike, Gear and Trap stacks, the Prey deck from three
 * mini-decks with the Mercenary chart, the Armory from four groups (Tests
 * shuffled in with the option), the Challenges, Starting the Game (HQ of
 * five, hands of six, the lowest Initiative first), the preparation round
 * of five players, difficulty and the movies, or the Armory groups and
 * Prey mini-decks chosen over the movie's (setup-options.c reads them).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

/* A stack of copies, shuffled face down. */
static void
stack(struct lg_pile *p, const int *v, int n, int skip_kw, struct rules_rng *rng,
    const struct lg_db *db)
{
	int i;

	p->n = 0;
	for (i = 0; i < n && p->n < LG_PILE; i++)
		if (!(db->cards[v[i]].kw & skip_kw))
			lg_push(p, v[i]);
	lg_shuffle(p, rng);
}

/*
 * The Prey deck: each mini-deck shuffled with its Mercenaries (the chart's
 * row and extra more, or fewer down to none: easier one more, harder one
 * fewer), "3" at the bottom, "1" on top; the Mercenaries left over wait in
 * g->mercs.
 */
static void
prey_deck(struct rules_game *g, const struct lg_choices *ch, struct rules_rng *rng)
{
	const struct lg_pdb *pd = &g->db->pd;
	struct lg_pile mini;
	int stage, d, k, n, row = g->nseats - 1;

	stack(&g->mercs, pd->mercs, pd->nmercs, 0, rng, g->db);
	g->enemy.n = 0;
	for (stage = 2; stage >= 0; stage--) {
		d = ch->prey[stage];
		mini.n = 0;
		for (k = 0; k < pd->nprey_cards[d]; k++)
			lg_push(&mini, pd->prey[d][k]);
		n = pd->chart[row][stage] + ch->extra;
		for (k = 0; k < n && g->mercs.n > 0; k++)
			lg_push(&mini, lg_pop(&g->mercs));
		lg_shuffle(&mini, rng);
		for (k = 0; k < mini.n; k++)
			lg_push(&g->enemy, mini.v[k]);
	}
}

/* The Armory: four groups (with tests, ten random Tests), shuffled. */
static void
armory(struct rules_game *g, const struct lg_choices *ch, struct rules_rng *rng)
{
	const struct lg_pdb *pd = &g->db->pd;
	struct lg_pile tests;
	int k, i, grp;

	g->barracks.n = 0;
	for (k = 0; k < 4; k++) {
		grp = ch->armory[k];
		for (i = 0; i < pd->narmory_cards[grp]; i++)
			lg_push(&g->barracks, pd->armory[grp][i]);
	}
	if (g->options & OPT_TESTS) {
		stack(&tests, pd->tests, pd->ntests, 0, rng, g->db);
		for (k = 0; k < 10 && tests.n > 0; k++)
			lg_push(&g->barracks, lg_pop(&tests));
	}
	lg_shuffle(&g->barracks, rng);
}

/* The seats' Roles: named ones first, then the rest dealt at random. */
static int
roles(struct rules_game *g, const struct rules_setup *su, struct rules_rng *rng,
    char **cause)
{
	const struct lg_pdb *pd = &g->db->pd;
	int taken[LG_SEATS] = { 0 }, free_[LG_SEATS], nfree = 0, r, k;
	size_t i;

	for (i = 0; i < su->nseats; i++) {
		g->s[i].role = -1;
		if ((r = pd_role_of(g->db, su->seats[i].faction)) < 0)
			continue;
		if (taken[r])
			return cause_set(cause, "seat %s: the Role %s is taken",
			    su->seats[i].name, pd->roles[r].slug);
		taken[r] = 1;
		g->s[i].role = r;
	}
	for (r = 0; r < pd->nroles; r++)
		if (!taken[r])
			free_[nfree++] = r;
	for (i = 0; i < su->nseats; i++) {
		if (g->s[i].role >= 0)
			continue;
		if (nfree == 0)
			return cause_set(cause, "seat %s: no Predator Role is left to deal",
			    su->seats[i].name);
		k = (int)lg_hidden(rng, (uint32_t)nfree);
		g->s[i].role = free_[k];
		free_[k] = free_[--nfree];
	}
	return 0;
}

struct rules_game *
pd_setup(const struct rules_setup *su, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	const struct lg_db *db = su->data;
	const struct lg_pdb *pd = &db->pd;
	struct rules_game *g;
	struct lg_choices ch;
	struct lg_pile chal;
	size_t i;
	int k, first, best;

	if (!pd->present)
		return cause_set(cause, "the card data has no \"predators\" member: it "
		    "cannot play as Predators"), NULL;
	if (su->nseats < 1 || su->nseats > (size_t)pd->nroles)
		return cause_set(cause, "Playing as Predators takes 1 to %d seats, not %zu",
		    pd->nroles, su->nseats), NULL;
	if (lg_choices(db, LG_PREDATORS, su, rng, &ch, cause) == -1)
		return NULL;
	g = xcalloc(1, sizeof *g);
	g->db = db;
	g->mode = LG_PREDATORS;
	g->nseats = (int)su->nseats;
	g->dead_seat = -1;
	g->gear_wait = -1;
	g->options = ch.options;
	g->movie = ch.movie;
	/* the valued options given, for the views */
	g->setup[0] = (ch.given & LG_GIVEN_WILDS) ? ch.wilds : 0;
	g->setup[1] = (ch.given & LG_GIVEN_EXTRA) ? ch.extra : 0;
	g->setup[2] = (ch.given & LG_GIVEN_PREPARATION) ? ch.preparation : 0;
	g->setup[3] = (ch.given & LG_GIVEN_FIRST) ? ch.first + 1 : 0;
	if ((g->pd_custom = ch.custom) != 0) {
		memcpy(g->pd_armory, ch.armory, sizeof g->pd_armory);
		memcpy(g->pd_prey, ch.prey, sizeof g->pd_prey);
	}
	if (roles(g, su, rng, cause) == -1)
		goto fail;
	for (i = 0; i < su->nseats; i++) {
		struct lg_seat *s = &g->s[i];

		snprintf(s->name, sizeof s->name, "%s", su->seats[i].name);
		s->challenge = -1;
		for (k = 0; k < 7; k++)
			lg_push(&s->deck, lg_card_find(db, "experience"));
		for (k = 0; k < 5; k++)
			lg_push(&s->deck, lg_card_find(db, "brute-strength"));
		lg_push(&s->deck, pd->roles[s->role].role);
	}
	stack(&g->commanders, pd->instinct, pd->ninstinct, 0, rng, db);
	stack(&g->strike, pd->strikes, pd->nstrikes, 0, rng, db);
	stack(&g->gear, pd->gear, pd->ngear, 0, rng, db);
	/* cooperative: Flash, Laser, Log and Razor Trap are removed */
	stack(&g->traps, pd->traps, pd->ntraps, (g->options & OPT_COOPERATIVE) ?
	    KW_COOP_OUT : 0, rng, db);
	prey_deck(g, &ch, rng);
	armory(g, &ch, rng);
	if (g->options & OPT_CHALLENGES) {
		stack(&chal, pd->challenges, pd->nchallenges, 0, rng, db);
		for (i = 0; i < su->nseats; i++)
			g->s[i].challenge = lg_pop(&chal);
	}
	for (k = 0; k < LG_SPACES; k++)
		g->wilds[k] = -1;
	for (k = 0; k < LG_HQ; k++)
		g->hq[k] = -1;
	if (g->pd_custom == 0)
		lg_event(ev, "{\"type\":\"legendary.setup\",\"mode\":\"predators\","
		    "\"movie\":\"%s\",\"prey_deck\":%d,\"armory\":%d,"
		    "\"mercenaries_left\":%d}", pd->movie[g->movie].slug, g->enemy.n,
		    g->barracks.n, g->mercs.n);
	else	/* the set-up chosen: its mini-decks and groups by name */
		lg_event(ev, "{\"type\":\"legendary.setup\",\"mode\":\"predators\","
		    "\"chosen\":true,\"movie\":\"%s\",\"prey_decks\":[\"%s\",\"%s\",\"%s\"],"
		    "\"armory_groups\":[\"%s\",\"%s\",\"%s\",\"%s\"],\"prey_deck\":%d,"
		    "\"armory\":%d,\"mercenaries_left\":%d}", pd->movie[g->movie].slug,
		    pd->prey_slug[ch.prey[0]], pd->prey_slug[ch.prey[1]],
		    pd->prey_slug[ch.prey[2]], pd->armory_slug[ch.armory[0]],
		    pd->armory_slug[ch.armory[1]], pd->armory_slug[ch.armory[2]],
		    pd->armory_slug[ch.armory[3]], g->enemy.n, g->barracks.n, g->mercs.n);
	for (i = 0; i < su->nseats; i++)
		lg_event(ev, "{\"type\":\"legendary.role\",\"seat\":\"%s\",\"role\":\"%s\","
		    "\"initiative\":%d}", g->s[i].name, pd->roles[g->s[i].role].slug,
		    pd->roles[g->s[i].role].initiative);
	pd_armory_fill(g, ev);
	for (i = 0; i < su->nseats; i++) {
		lg_shuffle(&g->s[i].deck, rng);
		lg_draw(g, (int)i, db->hand, rng, ev);
	}
	/* the lowest Initiative goes first, then clockwise (seat order) */
	for (first = 0, best = 1000, k = 0; k < g->nseats; k++)
		if (pd->roles[g->s[k].role].initiative < best) {
			best = pd->roles[g->s[k].role].initiative;
			first = k;
		}
	/* five seats: a preparation round; the easier game: one more each */
	g->prep_left = g->nseats * ((g->nseats == 5) + ((g->options & OPT_PREPARATION) != 0));
	if (g->options & OPT_HARDER_WILDS)
		g->hunt_only = g->nseats;
	g->turn = 0;
	g->active = first - 1;	/* pd_next_turn moves on to first */
	pd_next_turn(g, rng, ev);
	return g;
fail:
	free(g);
	return NULL;
}
