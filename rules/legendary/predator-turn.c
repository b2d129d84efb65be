/*
 * predator-turn.c — Playing as Predators, On Your Turn: the Prey phase
 * (the top Prey card revealed FACE UP into the Underground, pushing; a
 * Gear Up attaches the top Gear to the Prey closest to the Prey deck; a
 * Danger moves like a Prey and, entering the Combat Zone, goes into the
 * active Predator's Trophy Room; the Prey deck runs out: the unused
 * Mercenaries make a new one, then the game ends), the Action phase's
 * orders (play, recruit from the HQ or the Killer Instinct stack, fight a
 * Prey, avert a Danger, disable a Trap, heal and restore a Strike, duel,
 * scan a card an effect turned face down; pushed, it stays face down),
 * the Strike phase (each Prey in the Combat Zone strikes from right to
 * left, the oldest first, Double Strike twice; an arrested Prey is off the
 * row and doesn't;
 * the strikes are in predator-strike.c), the Cleanup phase and the next
 * turn (preparation turns, hunt-only turns of the harder game, the extra
 * turns after a Predator died).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "lib/cause.h"
#include "rules/legendary/legendary.h"

/* The Attack to kill a Prey: its own and its Gear's. */
int
pd_prey_attack(const struct rules_game *g, int card, int id)
{
	int i, n = g->db->cards[card].attack;

	for (i = 0; i < g->ngears; i++)
		if (g->gear_host[i] == id)
			n += g->db->cards[g->gear_card[i]].attack;
	return n;
}

/*
 * Gear i leaves the list, the others keeping their order: the list is the
 * order Gear was found in, and "the first Gear it found goes first".
 */
static void
gear_drop(struct rules_game *g, int i)
{
	memmove(&g->gear_card[i], &g->gear_card[i + 1],
	    (size_t)(g->ngears - 1 - i) * sizeof g->gear_card[0]);
	memmove(&g->gear_host[i], &g->gear_host[i + 1],
	    (size_t)(g->ngears - 1 - i) * sizeof g->gear_host[0]);
	g->ngears--;
}

static void
attach(struct rules_game *g, int gear, int host_card, int id, struct rules_events *ev)
{
	if (g->ngears == (int)(sizeof g->gear_card / sizeof g->gear_card[0]))
		return;
	g->gear_card[g->ngears] = gear;
	g->gear_host[g->ngears++] = id;
	lg_event(ev, "{\"type\":\"legendary.gear\",\"gear\":\"%s\",\"prey\":\"%s\"}",
	    g->db->cards[gear].slug, g->db->cards[host_card].slug);
}

/* A card the Combat Zone or a scan turns face up: its commitment opened. */
static void
turned_up(struct rules_game *g, int card, int id, struct rules_events *ev)
{
	lg_event(ev, "{\"type\":\"legendary.revealed\",\"card\":\"%s\",\"kind\":\"%s\","
	    "\"by\":\"%s\",\"opens\":[\"wilds:%d\"]}", g->db->cards[card].slug,
	    g->db->cards[card].kind == LG_DANGER ? "danger" : "prey", g->s[g->active].name, id);
}

/* A card enters space face up or down, pushing what is there on. */
static void
enter_as(struct rules_game *g, int space, int card, int id, int up, struct rules_rng *rng,
    struct rules_events *ev)
{
	int i, w;

	if (space >= LG_SPACES) {
		if (!up)
			turned_up(g, card, id, ev);
		pd_push_cz(g, card, id, rng, ev);
		return;
	}
	if (g->wilds[space] >= 0) {
		int c = g->wilds[space], cid = g->wid[space], cup = g->up[space];

		g->wilds[space] = -1;
		enter_as(g, space + 1, c, cid, cup, rng, ev);
	}
	g->wilds[space] = card;
	g->up[space] = up;
	g->wid[space] = id;
	if (space == 0 && g->gear_wait >= 0 && g->db->cards[card].kind == LG_PREY) {
		attach(g, g->gear_wait, card, id, ev);
		g->gear_wait = -1;
		/* the others that waited, in the order they came */
		for (i = 0; i < g->ngears - 1; i++)
			if (g->gear_host[i] == 0) {
				w = g->gear_card[i];
				gear_drop(g, i);
				attach(g, w, card, id, ev);
				i--;
			}
	}
}

void
pd_enter(struct rules_game *g, int space, int card, int id, struct rules_rng *rng,
    struct rules_events *ev)
{
	enter_as(g, space, card, id, 1, rng, ev);
}

/* p->v[0] is the leftmost card of the Combat Zone. */
static void
push_left(struct lg_pile *p, int v)
{
	if (p->n >= LG_PILE)
		return;
	memmove(&p->v[1], &p->v[0], (size_t)p->n * sizeof p->v[0]);
	p->v[0] = v;
	p->n++;
}

void
pd_push_cz(struct rules_game *g, int card, int id, struct rules_rng *rng,
    struct rules_events *ev)
{
	(void)rng;
	if (g->db->cards[card].kind == LG_DANGER) {
		lg_event(ev, "{\"type\":\"legendary.danger-sprung\",\"card\":\"%s\"}",
		    g->db->cards[card].slug);
		pd_trophy(g, g->active, card, ev);
		return;
	}
	if (pd_escapes(g, card, id, ev))
		return;
	lg_event(ev, "{\"type\":\"legendary.combat-zone\",\"card\":\"%s\"}",
	    g->db->cards[card].slug);
	/* as in the other mode: the newcomer is leftmost, the others slide right */
	push_left(&g->cz, card);
	push_left(&g->cz_id, id);
}

/* The top Prey card; the Mercenaries left make the deck once; -1: none. */
static int
prey_card(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	if (g->enemy.n == 0 && !g->merc_deck && g->mercs.n > 0) {
		g->enemy = g->mercs;
		g->mercs.n = 0;
		g->merc_deck = 1;
		lg_shuffle(&g->enemy, rng);
		lg_event(ev, "{\"type\":\"legendary.prey-deck\",\"mercenaries\":%d}", g->enemy.n);
	}
	return lg_pop(&g->enemy);
}

/* A Gear Up: the top Gear goes to the Prey closest to the Prey deck. */
static void
gear_up(struct rules_game *g, struct rules_events *ev)
{
	int gear, i;

	if ((gear = lg_pop(&g->gear)) < 0)
		return;
	/* a card turned face down is not known to be a Prey (and stays secret) */
	for (i = 0; i < LG_SPACES; i++)
		if (g->wilds[i] >= 0 && g->up[i] && g->db->cards[g->wilds[i]].kind == LG_PREY) {
			attach(g, gear, g->wilds[i], g->wid[i], ev);
			return;
		}
	for (i = 0; i < g->cz.n; i++)
		if (g->db->cards[g->cz.v[i]].kind == LG_PREY) {
			attach(g, gear, g->cz.v[i], g->cz_id.v[i], ev);
			return;
		}
	/* it waits in the Underground; a second one waits with it (host 0) */
	if (g->gear_wait < 0)
		g->gear_wait = gear;
	else if (g->ngears < (int)(sizeof g->gear_card / sizeof g->gear_card[0])) {
		g->gear_card[g->ngears] = gear;
		g->gear_host[g->ngears++] = 0;
	}
	lg_event(ev, "{\"type\":\"legendary.gear-waits\",\"gear\":\"%s\"}",
	    g->db->cards[gear].slug);
}

void
pd_prey_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int c;

	if ((c = prey_card(g, rng, ev)) < 0) {
		pd_end(g, "the Prey deck ran out: the Prey ran away", ev);
		return;
	}
	lg_event(ev, "{\"type\":\"legendary.revealed\",\"card\":\"%s\",\"kind\":\"%s\","
	    "\"by\":\"%s\"}", g->db->cards[c].slug, g->db->cards[c].kind == LG_GEAR_UP ?
	    "gear-up" : g->db->cards[c].kind == LG_DANGER ? "danger" : "prey",
	    g->s[g->active].name);
	if (g->db->cards[c].kind == LG_GEAR_UP) {
		lg_push(&g->discarded, c);
		gear_up(g, ev);
	} else {
		pd_enter(g, 0, c, ++g->entered, rng, ev);
		lg_fire(g, c, LW_REVEAL, 0, rng, ev);
		if (g->db->cards[c].kw & KW_DISARMING)
			pd_disarming(g, c, rng, ev);
		if (g->db->cards[c].kw & KW_ARREST)
			pd_arrest(g, 0, ev);
	}
	/* the end of the Prey phase, whatever card it revealed */
	pd_runners(g, rng, ev);
}

/* ---- the Action phase ---- */

int
pd_form(const char *line, char **cause)
{
	static const char *const verbs[] = { "play", "recruit", "fight", "avert", "disable",
		"heal", "restore", "duel", "scan", NULL };
	char verb[16], arg[64], extra[32], more[8];
	int n = sscanf(line, "%15s %63s %31s %7s", verb, arg, extra, more), i;

	if (n == 1 && (strcmp(verb, "pass") == 0 || strcmp(verb, "end") == 0 ||
	    strcmp(verb, "continue") == 0))
		return 0;
	for (i = 0; verbs[i] != NULL; i++)
		if (strcmp(verbs[i], verb) == 0 && (n == 2 || (n == 3 &&
		    (strcmp(verb, "heal") == 0 || strcmp(verb, "restore") == 0 ||
		    strcmp(verb, "disable") == 0))))
			return 0;
	return cause_set(cause, "not an order of a Predator's turn; expected play CARD, "
		    "recruit N|CARD|instinct, fight SPACE|CARD, avert SPACE|CARD, scan SPACE, "
	    "disable TRAP [SEAT], heal N [SEAT], restore N [SEAT], duel SEAT, continue, end "
	    "or pass");
}

/* A Prey or Danger named by its space or slug: its space (or 10+cz index). */
static int
target(const struct rules_game *g, const char *arg, int kind)
{
	int i = lg_space(g->db, arg);

	if (i >= 0)
		return g->wilds[i] >= 0 && g->up[i] &&
		    g->db->cards[g->wilds[i]].kind == (enum lg_kind)kind ? i : -1;
	for (i = 0; i < LG_SPACES; i++)
		if (g->wilds[i] >= 0 && g->up[i] && strcmp(g->db->cards[g->wilds[i]].slug, arg) == 0 &&
		    g->db->cards[g->wilds[i]].kind == (enum lg_kind)kind)
			return i;
	for (i = 0; i < g->cz.n; i++)
		if (strcmp(g->db->cards[g->cz.v[i]].slug, arg) == 0 &&
		    g->db->cards[g->cz.v[i]].kind == (enum lg_kind)kind)
			return 10 + i;
	return -1;
}

/* Take the card at where out of the Wilds or the Combat Zone. */
static void
take(struct rules_game *g, int where, int *card, int *id)
{
	if (where < 10) {
		*card = g->wilds[where];
		*id = g->wid[where];
		g->wilds[where] = -1;
		g->wid[where] = 0;
		return;
	}
	*card = lg_remove_at(&g->cz, where - 10);
	*id = lg_remove_at(&g->cz_id, where - 10);
}

static int
fight(struct rules_game *g, const char *arg, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	struct lg_seat *s = &g->s[g->active];
	int w = target(g, arg, LG_PREY), card, id, need, i, ngear = 0;
	unsigned kw;

	if (w < 0)
		return cause_set(cause, "no Prey \"%s\" to fight in the Wilds or the Combat "
		    "Zone", arg);
	card = w < 10 ? g->wilds[w] : g->cz.v[w - 10];
	id = w < 10 ? g->wid[w] : g->cz_id.v[w - 10];
	need = pd_prey_attack(g, card, id);
	if (g->attack < need)
		return cause_set(cause, "%s takes %d Attack; you have %d",
		    g->db->cards[card].slug, need, g->attack);
	g->attack -= need;
	take(g, w, &card, &id);
	kw = g->db->cards[card].kw;
	lg_event(ev, "{\"type\":\"legendary.killed\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    s->name, g->db->cards[card].slug);
	pd_trophy(g, g->active, card, ev);
	for (i = 0; i < g->ngears; i++)
		if (g->gear_host[i] == id) {
			pd_trophy(g, g->active, g->gear_card[i], ev);
			gear_drop(g, i--);
			ngear++;
		}
	s->preys++;
	if (kw & KW_WORTHY)
		s->worthy++;
	if (kw & KW_ARREST)
		pd_release(g, id, w < 10 ? w : -1, rng, ev);
	lg_fire(g, card, LW_DEATH, 0, rng, ev);
	for (i = 0; i < g->nplayed && g->result == 0; i++)
		lg_fire(g, g->played[i].card, LW_KILL, 0, rng, ev);
	pd_count(g, PG_KILLS, 1, ev);
	if (kw & KW_WORTHY)
		pd_count(g, PG_WORTHY, 1, ev);
	if (ngear > 0)
		pd_count(g, PG_GEAR, ngear, ev);
	if (kw & KW_ULTIMATE) {
		g->ultimate_dead = 1;
		s->prey_killed_ultimate = 1;
		pd_end(g, "the Ultimate Prey died", ev);
	}
	return 0;
}

static int
avert(struct rules_game *g, const char *arg, struct rules_events *ev, char **cause)
{
	int w = target(g, arg, LG_DANGER), card, id;

	if (w < 0 || w >= 10)
		return cause_set(cause, "no Danger \"%s\" in the Wilds", arg);
	card = g->wilds[w];
	if (g->attack < g->db->cards[card].attack)
		return cause_set(cause, "averting %s takes %d Attack; you have %d",
		    g->db->cards[card].slug, g->db->cards[card].attack, g->attack);
	g->attack -= g->db->cards[card].attack;
	take(g, w, &card, &id);
	lg_event(ev, "{\"type\":\"legendary.averted\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    g->s[g->active].name, g->db->cards[card].slug);
	pd_trophy(g, g->active, card, ev);
	pd_count(g, PG_DANGERS, 1, ev);
	return 0;
}

static int
seat_arg(const struct rules_game *g, const char *arg)
{
	int i;

	for (i = 0; arg != NULL && i < g->nseats; i++)
		if (strcmp(g->s[i].name, arg) == 0)
			return i;
	return -1;
}

static int
disable(struct rules_game *g, const char *arg, const char *who, struct rules_events *ev,
    char **cause)
{
	int seat = who != NULL ? seat_arg(g, who) : g->active, k, card;

	if (seat < 0)
		return cause_set(cause, "no seat \"%s\"", who);
	if (seat != g->active && !(g->options & OPT_COOPERATIVE))
		return cause_set(cause, "only in a cooperative game may you disable another "
		    "Predator's Trap");
	card = lg_card_find(g->db, arg);
	if (card < 0 || (k = lg_find(&g->s[seat].traps, card)) < 0)
		return cause_set(cause, "no Trap \"%s\" in front of %s", arg, g->s[seat].name);
	if (g->attack < g->db->cards[card].attack)
		return cause_set(cause, "disabling %s takes %d Attack; you have %d", arg,
		    g->db->cards[card].attack, g->attack);
	g->attack -= g->db->cards[card].attack;
	lg_remove_at(&g->s[seat].traps, k);
	lg_event(ev, "{\"type\":\"legendary.disabled\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    g->s[g->active].name, arg);
	pd_trophy(g, g->active, card, ev);
	pd_count(g, PG_DANGERS, 1, ev);
	return 0;
}

/* The Killer Instinct stack costs its dearest card: nothing hidden shows. */
static int
instinct_cost(const struct lg_db *db)
{
	int i, most = 0;

	for (i = 0; i < db->pd.ninstinct; i++)
		if (db->cards[db->pd.instinct[i]].cost > most)
			most = db->cards[db->pd.instinct[i]].cost;
	return most;
}

static int
recruit(struct rules_game *g, const char *arg, struct rules_events *ev, char **cause)
{
	struct lg_seat *s = &g->s[g->active];
	int i, c, slot = -1, cost;

	if (strcmp(arg, "instinct") == 0 || strcmp(arg, "killer-instinct") == 0) {
		cost = instinct_cost(g->db);
		if (g->commanders.n == 0)
			return cause_set(cause, "the Killer Instinct stack is empty");
		if (g->recruit < cost)
			return cause_set(cause, "a Killer Instinct costs %d; you have %d", cost,
			    g->recruit);
		g->recruit -= cost;
		c = lg_pop(&g->commanders);
	} else {
		if (arg[0] >= '1' && arg[0] <= '5' && arg[1] == '\0')
			slot = arg[0] - '1';
		for (i = 0; slot < 0 && i < LG_HQ; i++)
			if (g->hq[i] >= 0 && strcmp(g->db->cards[g->hq[i]].slug, arg) == 0)
				slot = i;
		if (slot < 0 || g->hq[slot] < 0)
			return cause_set(cause, "no card \"%s\" in the HQ", arg);
		c = g->hq[slot];
		if (g->recruit < g->db->cards[c].cost)
			return cause_set(cause, "%s costs %d; you have %d", g->db->cards[c].slug,
			    g->db->cards[c].cost, g->recruit);
		g->recruit -= g->db->cards[c].cost;
		g->hq[slot] = -1;
	}
	lg_push(&s->discard, c);
	lg_event(ev, "{\"type\":\"legendary.recruit\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    s->name, g->db->cards[c].slug);
	pd_armory_fill(g, ev);
	pd_count(g, PG_RECRUITS, 1, ev);
	return 0;
}

static int
duel(struct rules_game *g, const char *arg, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	int t = seat_arg(g, arg);

	if (g->options & OPT_COOPERATIVE)
		return cause_set(cause, "no Duels in a cooperative game");
	if (g->duels < 1)
		return cause_set(cause, "you played no card with Duel left to use");
	if (t < 0 || t == g->active || g->s[t].dead)
		return cause_set(cause, "\"%s\" is not another living Predator", arg);
	if (g->attack < pd_defense(g, t))
		return cause_set(cause, "dueling %s takes %d Attack (its Defense); you have %d",
		    arg, pd_defense(g, t), g->attack);
	g->attack -= pd_defense(g, t);
	g->duels--;
	lg_event(ev, "{\"type\":\"legendary.duel\",\"seat\":\"%s\",\"target\":\"%s\"}",
	    g->s[g->active].name, arg);
	pd_strike(g, t, 0, g->active, rng, ev);
	pd_count(g, PG_DUELS, 1, ev);
	return 0;
}

/* A card some effect turned face down: scanned for the space's Scan Cost. */
static int
scan(struct rules_game *g, const char *arg, struct rules_events *ev, char **cause)
{
	int i = lg_space(g->db, arg);

	if (i < 0 || g->wilds[i] < 0 || g->up[i])
		return cause_set(cause, "no face-down card in the space \"%s\"", arg);
	if (g->attack < g->db->scan[i])
		return cause_set(cause, "scanning the %s takes %d Attack; you have %d", arg,
		    g->db->scan[i], g->attack);
	g->attack -= g->db->scan[i];
	g->up[i] = 1;
	turned_up(g, g->wilds[i], g->wid[i], ev);
	return 0;
}

int
pd_order(struct rules_game *g, const char *line, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	struct lg_seat *s = &g->s[g->active];
	char verb[16], arg[64], extra[32] = "";
	int card, i, n = sscanf(line, "%15s %63s %31s", verb, arg, extra), who;

	if (n < 2)
		return cause_set(cause, "\"%s\" needs an argument", verb);
	if (strcmp(verb, "play") == 0) {
		card = lg_card_find(g->db, arg);
		if (card < 0 || (i = lg_find(&s->hand, card)) < 0)
			return cause_set(cause, "\"%s\" is not in your hand", arg);
		lg_remove_at(&s->hand, i);
		if (g->db->cards[card].kw & KW_DUEL)
			g->duels++;
		return lg_play(g, card, -1, rng, ev, cause);
	}
	if (strcmp(verb, "recruit") == 0)
		return recruit(g, arg, ev, cause);
	if (strcmp(verb, "fight") == 0)
		return fight(g, arg, rng, ev, cause);
	if (strcmp(verb, "avert") == 0)
		return avert(g, arg, ev, cause);
	if (strcmp(verb, "disable") == 0)
		return disable(g, arg, n == 3 ? extra : NULL, ev, cause);
	if (strcmp(verb, "duel") == 0)
		return duel(g, arg, rng, ev, cause);
	if (strcmp(verb, "scan") == 0)
		return scan(g, arg, ev, cause);
	/* heal N [SEAT], restore N [SEAT] */
	who = n == 3 ? seat_arg(g, extra) : g->active;
	if (who < 0)
		return cause_set(cause, "no seat \"%s\"", extra);
	if (who != g->active && !(g->options & OPT_COOPERATIVE))
		return cause_set(cause, "you can't heal damage or restore honor for another "
		    "Predator (only in a cooperative game)");
	if (arg[0] < '1' || arg[0] > '9' || (arg[1] != '\0' && (arg[1] < '0' || arg[1] > '9' ||
	    arg[2] != '\0')))
		return cause_set(cause, "\"%s\": expected the number of a Strike, 1..", arg);
	return pd_heal(g, who, (arg[0] - '0') * (arg[1] ? 10 : 1) + (arg[1] ? arg[1] - '0' : 0) -
	    1, strcmp(verb, "restore") == 0, ev, cause);
}

/* ---- Cleanup and the next turn ---- */

void
pd_cleanup(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[g->active];
	int i, n = g->db->hand, disarming = 0;

	if (s->dead)
		return;
	for (i = 0; i < g->nplayed; i++)
		if (g->played[i].from < 0)
			lg_push(&s->discard, g->played[i].card);
	g->nplayed = 0;
	while (s->hand.n > 0)
		lg_push(&s->discard, lg_pop(&s->hand));
	/* Disarming: two fewer while one is in play; each Trap in front: one fewer */
	for (i = 0; i < LG_SPACES; i++)
		disarming |= g->wilds[i] >= 0 && (g->db->cards[g->wilds[i]].kw & KW_DISARMING);
	for (i = 0; i < g->cz.n; i++)
		disarming |= (g->db->cards[g->cz.v[i]].kw & KW_DISARMING) != 0;
	n -= 2 * disarming + s->traps.n;
	lg_draw(g, g->active, n < 2 ? 2 : n, rng, ev);
}

static void
reset_turn(struct rules_game *g)
{
	int i;

	g->attack = g->recruit = g->heal_pts = g->restore_pts = g->duels = 0;
	g->nplayed = g->followups = g->end_turn = 0;
	memset(g->count, 0, sizeof g->count);
	memset(g->test_base, 0, sizeof g->test_base);
	for (i = 0; i < g->nseats; i++)
		g->s[i].healed_bits = g->s[i].restored_bits = 0;
}

/* The next seat to play after the active one; -1: the game is over. */
static int
next_seat(struct rules_game *g)
{
	int k, i;

	for (k = 1; k <= g->nseats; k++) {
		i = ((g->active < 0 ? -1 : g->active) + k + g->nseats) % g->nseats;
		if (g->s[i].dead)
			continue;
		if (g->dead_seat >= 0 && !g->s[i].extra_turn)
			continue;
		return i;
	}
	return -1;
}

void
pd_next_turn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	int i;

	while (g->phase != LP_OVER && g->result == 0) {
		if ((i = next_seat(g)) < 0) {
			pd_end(g, g->dead_seat >= 0 ? "a Predator died: the survivors ran from "
			    "the explosion" : "no Predator is left", ev);
			return;
		}
		g->s[i].extra_turn = 0;
		g->active = i;
		g->turn++;
		g->phase = LP_ACTION;
		reset_turn(g);
		lg_event(ev, "{\"type\":\"legendary.turn\",\"turn\":%d,\"seat\":\"%s\"%s}",
		    g->turn, g->s[i].name, g->prep_left > 0 ? ",\"preparation\":true" :
		    g->hunt_only > 0 ? ",\"hunt_only\":true" : "");
		if (g->prep_left > 0) {
			g->prep_left--;	/* a preparation turn: no Prey phase */
			return;
		}
		pd_prey_phase(g, rng, ev);
		if (g->hunt_only == 0 || g->result != 0)
			return;
		/* the harder game: a turn of only the Prey and Strike phases */
		g->hunt_only--;
		pd_strike_phase(g, rng, ev);
	}
}

/* ---- the legal orders ---- */

void
pd_strike_phase(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	struct lg_pile now = g->cz_id;
	int i, k, n, card, id, lethal, j;
	unsigned kw;

	/* right to left, as in the other mode: the oldest card first */
	for (i = now.n - 1; i >= 0 && !g->s[g->active].dead && g->result == 0; i--) {
		id = now.v[i];
		if ((k = lg_find(&g->cz_id, id)) < 0)
			continue;
		card = g->cz.v[k];
		if (g->db->cards[card].kind != LG_PREY)
			continue;
		kw = pd_keywords(g, card, id);	/* Gear grants its keywords */
		n = (kw & KW_DOUBLE) ? 2 : 1;
		lethal = (kw & KW_LETHAL) != 0;
		for (k = 0; k < n && !g->s[g->active].dead; k++)
			pd_strike(g, g->active, lethal, -1, rng, ev);
		if (!g->s[g->active].dead)
			lg_fire(g, card, LW_STRIKE, 0, rng, ev);
		/* its Gear's abilities: the first Gear it found goes first */
		for (j = 0; j < g->ngears && !g->s[g->active].dead; j++)
			if (g->gear_host[j] == id)
				lg_fire(g, g->gear_card[j], LW_STRIKE, 0, rng, ev);
	}
}
