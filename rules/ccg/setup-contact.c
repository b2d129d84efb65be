/*
 * setup-contact.c — rulebook section 3 "Starting Cards" / "Starting Hands"
 * and the overview's Contact scenario setup:
 *
 *   - seats play in R-M-P-A order; seats of the same faction roll a die
 *     (highest first, ties roll again);
 *   - battle conditions are played first, then each seat's scenario
 *     starting cards, both in R-M-P-A order;
 *   - starting positions: Rogue Airlock (Cargo Bay next to it), Marines
 *     Barracks (Weapons Locker), Predator his Predator Shuttle (an Entry),
 *     Aliens the Breeding Chamber (a Hive location); starting characters
 *     stand there; the Rogues' four Prohibited weapons are carried one per
 *     Rogue, unconcealed, the Predator carries Melee Claws and Mask; one
 *     Alien Warrior token lies on the Breeding Chamber;
 *   - decks are shuffled and starting hands drawn: Rogue 4, Marines 4,
 *     Predator 5, Aliens 3 cards; Combat Pool Rogue 2, Marines 2,
 *     Predator 2, Aliens 3. No mulligan.
 *
 * The Marines' rescue quota and the Predator's honor goal are fixed here
 * from the starting cards (victory-contact.c).
 *
 * Scenarios built on Contact (scenarios.c) are dealt the same way with
 * their own data (deck-rules.c): starting hands and Combat Pools, and a
 * Predator Hunting Pack (rulebook "Predator Hunting Packs") whose several
 * different Predators each carry one starting item in turn, and whose
 * honor goal replaces the printed honor. Without a pack the Predator
 * player fields one Predator.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/hunting-packs.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/turn.h"

/* Is loc the seat's starting position (as opposed to the location next to it)? */
static int
is_start_location(int faction, const struct ccg_card *loc)
{
	switch (faction) {
	case CCG_FACTION_ROGUE:
		return strcmp(loc->slug, "airlock") == 0;
	case CCG_FACTION_MARINES:
		return strcmp(loc->slug, "barracks") == 0;
	case CCG_FACTION_PREDATOR:
		return loc->loc.cls == CCG_LOC_SHIP ||
		    (loc->loc.kinds & CCG_LK_PREDATOR_SHIP);
	case CCG_FACTION_ALIENS:
		return (loc->loc.kinds & CCG_LK_BREEDING_CHAMBER) != 0;
	}
	return 0;
}

static int
faction_of(const char *name)
{
	int f = ccg_faction_parse(name);

	if (f < CCG_FACTION_ROGUE || f > CCG_FACTION_ALIENS)
		return -1;
	return f;
}

static int
valid_seat_name(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > 32)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		    s[i] == '-'))
			return 0;
	return 1;
}

/* Order setup seats R-M-P-A, rolling a die for same-faction seats. */
static void
order_seats(const struct rules_setup *su, const int *fac, int *order,
    int *roll, struct rules_rng *rng)
{
	size_t i, j, n = su->nseats;
	int tied;

	for (i = 0; i < n; i++) {
		order[i] = (int)i;
		roll[i] = 0;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			if (j != i && fac[j] == fac[i])
				roll[i] = 1 + (int)rng->uniform(rng->ctx, 6);
	/* ties within a faction roll again until every roll differs */
	do {
		tied = 0;
		for (i = 0; i < n; i++)
			for (j = i + 1; j < n; j++)
				if (fac[i] == fac[j] && roll[i] == roll[j]) {
					roll[i] = 1 + (int)rng->uniform(rng->ctx, 6);
					roll[j] = 1 + (int)rng->uniform(rng->ctx, 6);
					tied = 1;
				}
	} while (tied);
	for (i = 1; i < n; i++)		/* insertion sort: stable, tiny n */
		for (j = i; j > 0; j--) {
			int a = order[j - 1], b = order[j], t;

			if (fac[a] < fac[b] || (fac[a] == fac[b] && roll[a] >= roll[b]))
				break;
			t = order[j - 1];
			order[j - 1] = order[j];
			order[j] = t;
		}
}

static int
lookup(const struct ccg_carddb *db, const char *seat, const char *slug,
    const struct ccg_card **out, char **cause)
{
	*out = ccg_carddb_find_name(db, slug);	/* a slug or a name */
	if (*out == NULL)
		return cause_set(cause, "seat %s: no card \"%s\" in the card "
		    "database", seat, slug);
	return 0;
}

/*
 * The card starting card c begins the game with (its "starts with" term, a
 * card name, found as ccg_carddb_seal() checks it: ccg_carddb_find_name()):
 * 0 with *extra NULL when it has none, -1 with a reason when the term names
 * no card, or none that can come along (an item, carried, or a character).
 */
static int
card_starts_with(const struct ccg_carddb *db, const char *seat,
    const struct ccg_card *c, const struct ccg_card **extra, char **cause)
{
	size_t i;

	*extra = NULL;
	for (i = 0; i < c->neffects; i++) {
		const char *term = c->effects[i].term;

		if (c->effects[i].kind != CCG_EFFECT_STARTS_WITH)
			continue;
		if (term == NULL || (*extra = ccg_carddb_find_name(db, term)) == NULL)
			return cause_set(cause, "seat %s: %s starts with \"%s\", "
			    "which names no card in the card database", seat,
			    c->slug, term != NULL ? term : "");
		if ((*extra)->type != CCG_CARD_ITEM &&
		    (*extra)->type != CCG_CARD_MAIN_CHARACTER &&
		    (*extra)->type != CCG_CARD_SUPPORTING_CHARACTER)
			return cause_set(cause, "seat %s: %s starts with %s, a "
			    "%s: only an item or a character comes along with a "
			    "starting card", seat, c->slug, (*extra)->slug,
			    ccg_card_type_name((*extra)->type));
		return 0;
	}
	return 0;
}

/* Play seat's starting cards (not battle conditions). */
static int
play_starting_cards(struct rules_game *g, int seat, const struct rules_seat *rs,
    const struct ccg_hunting_pack *pack, struct rules_events *ev, char **cause)
{
	struct ccg_seat *s = &g->seats[seat];
	const struct ccg_card *c, *start = NULL, *next = NULL;
	int chars[16], nchars = 0, items[16], nitems = 0, k;
	size_t i;

	for (i = 0; i < rs->nstart; i++) {
		if (lookup(g->db, s->name, rs->start[i], &c, cause) != 0)
			return -1;
		if (c->type == CCG_CARD_LOCATION) {
			if (start == NULL && is_start_location(s->faction, c))
				start = c;
			else if (next == NULL)
				next = c;
			else
				return cause_set(cause, "seat %s: more than two "
				    "starting locations (%s)", s->name, c->slug);
		}
	}
	if (start == NULL || next == NULL)
		return cause_set(cause, "seat %s: the Contact scenario needs the "
		    "starting location and the location next to it among the "
		    "starting cards (%s)", s->name,
		    s->faction == CCG_FACTION_ROGUE ? "airlock, cargo-bay" :
		    s->faction == CCG_FACTION_MARINES ? "barracks, weapons-locker" :
		    s->faction == CCG_FACTION_PREDATOR ?
		    "predator-shuttle and an Entry location" :
		    "breeding-chamber and a Hive location");
	s->start_node = ccg_node_for(g, start);
	ccg_hud_place(g, seat, s->start_node, CCG_RIGHT, 0, 0);
	ccg_hud_place(g, seat, ccg_node_for(g, next), CCG_RIGHT, 0, 0);
	for (i = 0; i < rs->nstart; i++) {
		int pi;

		lookup(g->db, s->name, rs->start[i], &c, NULL);
		if (c->type == CCG_CARD_LOCATION ||
		    c->type == CCG_CARD_BATTLE_CONDITION)
			continue;
		if (c->type != CCG_CARD_MAIN_CHARACTER && c->type != CCG_CARD_ITEM)
			return cause_set(cause, "seat %s: %s (%s) cannot be a "
			    "starting card in the Contact scenario", s->name,
			    c->slug, ccg_card_type_name(c->type));
		if (!ccg_faction_may_use(c->faction, s->faction))
			return cause_set(cause, "seat %s: %s is a %s card, not one "
			    "the %s may start with", s->name, c->slug,
			    ccg_faction_name(c->faction), ccg_faction_name(s->faction));
		if (c->type == CCG_CARD_MAIN_CHARACTER && nchars == 16)
			return cause_set(cause, "seat %s: too many starting "
			    "characters", s->name);
		if (c->type == CCG_CARD_ITEM && nitems == 16)
			return cause_set(cause, "seat %s: too many starting items",
			    s->name);
		pi = ccg_piece_add(g, c, seat);
		g->pieces[pi].starting = 1;
		if (c->type == CCG_CARD_MAIN_CHARACTER) {
			g->pieces[pi].node = s->start_node;
			chars[nchars++] = pi;
		} else
			items[nitems++] = pi;
	}
	if (nchars == 0)
		return cause_set(cause, "seat %s: no starting main character",
		    s->name);
	for (k = 1; k < nchars && s->faction == CCG_FACTION_PREDATOR &&
	    pack == NULL; k++)
		if (g->pieces[chars[k]].card->faction == CCG_FACTION_PREDATOR)
			return cause_set(cause, "seat %s: %s: only a scenario "
			    "with a Hunting Pack (such as training-hunt) lets the "
			    "Predator player field more than one Predator",
			    s->name, g->pieces[chars[k]].card->slug);
	/* the i-th starting item is carried by the i-th starting character
	 * (Rogues: one Prohibited weapon each); the rest by the last one */
	for (k = 0; k < nitems; k++) {
		int who = chars[k < nchars ? k : nchars - 1];

		if (s->faction == CCG_FACTION_PREDATOR && pack == NULL)
			who = chars[0];
		g->pieces[items[k]].carrier = who;
	}
	/* cards a starting card begins with (Pvt. Distephano's Lacrima 99) */
	for (k = 0; k < nchars; k++) {
		const struct ccg_card *extra;

		if (card_starts_with(g->db, s->name, g->pieces[chars[k]].card,
		    &extra, cause) != 0)
			return -1;
		if (extra == NULL)
			continue;
		i = (size_t)ccg_piece_add(g, extra, seat);
		g->pieces[i].starting = 1;
		if (extra->type == CCG_CARD_ITEM)
			g->pieces[i].carrier = chars[k];
		else
			g->pieces[i].node = s->start_node;
	}
	if (s->faction == CCG_FACTION_ALIENS)
		s->bc_warriors = 1;
	if (s->faction == CCG_FACTION_MARINES) {
		s->quota = 0;
		for (k = 0; k < nchars; k++)
			s->quota += 1 + ccg_rank_quota_extra(
			    g->pieces[chars[k]].card->chr.rank);
	}
	if (s->faction == CCG_FACTION_PREDATOR) {
		int goal = 0, nohonor = 0;

		for (k = 0; k < nchars; k++) {
			const struct ccg_card *pc = g->pieces[chars[k]].card;

			for (i = 0; i < pc->neffects; i++)
				if (pc->effects[i].kind == CCG_EFFECT_NO_HONOR_WIN)
					nohonor = 1;
			goal += pc->honor > 0 ? pc->honor : 0;
		}
		for (k = 0; k < nitems; k++)
			goal += g->pieces[items[k]].card->honor > 0 ?
			    g->pieces[items[k]].card->honor : 0;
		s->honor_goal = nohonor ? -1 : goal;
		if (pack != NULL)	/* the pack's own victory condition */
			s->honor_goal = pack->honor_goal;
	}
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->owner != seat || !p->starting ||
		    (p->carrier < 0 && p->node < 0))	/* battle conditions */
			continue;
		if (p->carrier >= 0)
			ccg_event(ev, -1, "{\"type\":\"start-card\",\"seat\":\"%s\","
			    "\"piece\":\"%s\",\"carried_by\":\"%s\"}", s->name,
			    p->id, g->pieces[p->carrier].id);
		else
			ccg_event(ev, -1, "{\"type\":\"start-card\",\"seat\":\"%s\","
			    "\"piece\":\"%s\",\"at\":\"%s\"}", s->name, p->id,
			    g->nodes[p->node].id);
	}
	ccg_event(ev, -1, "{\"type\":\"start-locations\",\"seat\":\"%s\","
	    "\"start\":\"%s\",\"next\":\"%s\"}", s->name,
	    g->nodes[s->hud.ground[0]].id, g->nodes[s->hud.ground[1]].id);
	return 0;
}

struct rules_game *
ccg_setup_contact(const struct rules_setup *su, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	const struct ccg_carddb *db = su->data;
	const struct ccg_deck_rules *r = ccg_scenario_find(su->scenario ?
	    su->scenario : "contact");
	struct rules_game *g;
	int fac[CCG_MAX_SEATS], order[CCG_MAX_SEATS], roll[CCG_MAX_SEATS];
	size_t i, j, k;
	unsigned opts;

	if (ccg_options_parse(su, &opts, cause) != 0)
		return NULL;
	if (db == NULL || !db->sealed) {
		cause_set(cause, "no sealed card database given");
		return NULL;
	}
	if (r == NULL || strcmp(r->setup, "contact") != 0) {
		cause_set(cause, "scenario \"%s\" is not dealt like Contact",
		    su->scenario);
		return NULL;
	}
	if (su->nseats < 2 || su->nseats > CCG_MAX_SEATS) {
		cause_set(cause, "the Contact scenario takes 2 to %d seats, not %zu",
		    CCG_MAX_SEATS, su->nseats);
		return NULL;
	}
	for (i = 0; i < su->nseats; i++) {
		const struct rules_seat *rs = &su->seats[i];

		if (rs->name == NULL || !valid_seat_name(rs->name)) {
			cause_set(cause, "seat %zu: bad seat name \"%s\"; expected "
			    "a slug of lowercase letters, digits and '-'", i + 1,
			    rs->name ? rs->name : "");
			return NULL;
		}
		for (j = 0; j < i; j++)
			if (strcmp(su->seats[j].name, rs->name) == 0) {
				cause_set(cause, "seat %s is named twice", rs->name);
				return NULL;
			}
		fac[i] = rs->faction ? faction_of(rs->faction) : -1;
		if (fac[i] < 0) {
			cause_set(cause, "seat %s: unknown faction \"%s\"; expected "
			    "rogue, marines, predator or aliens", rs->name,
			    rs->faction ? rs->faction : "");
			return NULL;
		}
		for (k = 0; k < rs->ndeck; k++) {
			const struct ccg_card *c;

			if (lookup(db, rs->name, rs->deck[k], &c, cause) != 0)
				return NULL;
		}
		for (k = 0; k < rs->nstart; k++) {
			const struct ccg_card *c;

			if (lookup(db, rs->name, rs->start[k], &c, cause) != 0)
				return NULL;
		}
		if (fac[i] == CCG_FACTION_PREDATOR &&
		    ccg_scenario_pack_check(db, r, rs, cause) != 0)
			return NULL;
	}
	g = ccg_game_new(db);
	g->scenario = xstrdup(r->scenario);
	g->options = opts;
	g->places = su->places > 0 ? su->places : 1;
	g->await_legal = su->await_legal != 0;
	g->phase = CCG_PH_READY;
	order_seats(su, fac, order, roll, rng);
	g->nseats = su->nseats;
	g->seats = xcalloc(g->nseats, sizeof *g->seats);
	for (i = 0; i < g->nseats; i++) {
		struct ccg_seat *s = &g->seats[i];
		const struct rules_seat *rs = &su->seats[order[i]];
		const struct ccg_start_rules *sr;

		s->name = xstrdup(rs->name);
		s->faction = fac[order[i]];
		s->roll = roll[order[i]];
		s->honor_goal = -1;
		s->start_node = -1;
		/* starting hand and Combat Pool: the scenario's table in
		 * deck-rules.c (one place for the overview's numbers) */
		sr = ccg_deck_start_rules(r, s->faction);
		s->base_hand = sr != NULL ? sr->hand : 0;
		s->pool = sr != NULL && !(g->options & CCG_OPT_NO_POOL) ?
		    sr->combat_pool : 0;
		ccg_event(ev, -1, "{\"type\":\"seat\",\"seat\":\"%s\",\"faction\":"
		    "\"%s\",\"order\":%zu,\"roll\":%d}", s->name,
		    ccg_faction_name(s->faction), i + 1, s->roll);
	}
	/* battle conditions first, in R-M-P-A order */
	for (i = 0; i < g->nseats; i++) {
		const struct rules_seat *rs = &su->seats[order[i]];
		int nbc = 0;

		for (k = 0; k < rs->nstart; k++) {
			const struct ccg_card *c;
			int pi;

			if (lookup(db, rs->name, rs->start[k], &c, cause) != 0) {
				ccg_game_free(g);
				return NULL;
			}
			if (c->type != CCG_CARD_BATTLE_CONDITION)
				continue;
			if (++nbc > 1) {
				cause_set(cause, "seat %s: at most one battle "
				    "condition", rs->name);
				ccg_game_free(g);
				return NULL;
			}
			pi = ccg_piece_add(g, c, (int)i);
			g->pieces[pi].starting = 1;
			ccg_event(ev, -1, "{\"type\":\"battle-condition\",\"seat\":"
			    "\"%s\",\"piece\":\"%s\"}", rs->name, g->pieces[pi].id);
		}
	}
	ccg_battle_start(g, ev);	/* battle-conditions.c */
	/* then the scenario's starting cards, in R-M-P-A order */
	for (i = 0; i < g->nseats; i++)
		if (play_starting_cards(g, (int)i, &su->seats[order[i]],
		    r->pack, ev, cause) != 0) {
			ccg_game_free(g);
			return NULL;
		}
	/* shuffle, then starting hands */
	for (i = 0; i < g->nseats; i++) {
		const struct rules_seat *rs = &su->seats[order[i]];
		struct ccg_seat *s = &g->seats[i];

		for (k = 0; k < rs->ndeck; k++) {
			const struct ccg_card *c;

			lookup(db, rs->name, rs->deck[k], &c, NULL);
			ccg_cards_push(&s->deck, c);
		}
		ccg_shuffle(&s->deck, rng);
	}
	for (i = 0; i < g->nseats; i++)
		ccg_draw_up(g, (int)i, g->seats[i].base_hand, rng, ev);
	ccg_control_update(g, ev);
	ccg_event(ev, -1, "{\"type\":\"phase\",\"turn\":1,\"phase\":\"ready\"}");
	ccg_phase_enter(g, rng, ev);
	ccg_advance(g, rng, ev);
	return g;
}
