/*
 * action-phase.c — Action Phase: playing cards (Recruit, Attack, special
 * abilities; "Once this turn" abilities used later), recruiting from the HQ
 * (refilled from the Barracks) and Commanders, gaining, scanning a space
 * (its Scan Cost, or a free scan), fighting an enemy in the Wilds or the
 * Combat Zone, Death abilities; "kill" one of your characters; drawing
 * (reshuffling the discard pile only when the deck is empty and a card is
 * needed).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "rules/legendary/legendary.h"

int
lg_play(struct rules_game *g, int card, int from, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	struct lg_played *p;

	if (g->nplayed == (int)(sizeof g->played / sizeof g->played[0]))
		return cause_set(cause, "too many cards played this turn");
	p = &g->played[g->nplayed++];
	p->card = card;
	p->from = from;
	p->used = p->killed = 0;
	g->attack += g->db->cards[card].attack;
	g->recruit += g->db->cards[card].recruit;
	lg_event(ev, "{\"type\":\"legendary.play\",\"seat\":\"%s\",\"card\":\"%s\"%s}",
	    g->s[g->active].name, g->db->cards[card].slug, from >= 0 ? ",\"copy\":true" : "");
	lg_fire(g, card, LW_PLAY, 0, rng, ev);
	return 0;
}

void
lg_enemy_dies(struct rules_game *g, int card, struct rules_rng *rng,
    struct rules_events *ev)
{
	int i;

	lg_push(&g->dead_enemies, card);
	lg_event(ev, "{\"type\":\"legendary.killed\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    g->s[g->active].name, g->db->cards[card].slug);
	if (g->db->cards[card].kw & KW_FINAL) {
		lg_final_killed(g, ev);
		return;
	}
	lg_killed_for_goal(g, card, ev);
	lg_fire(g, card, LW_DEATH, 0, rng, ev);
	for (i = 0; i < g->nplayed && g->result == 0; i++)
		lg_fire(g, g->played[i].card, LW_KILL, 0, rng, ev);
}

/* An HQ slot by number 1..5 or by slug; -1. */
static int
hq_slot(const struct rules_game *g, const char *arg)
{
	int i;

	if (arg[0] >= '1' && arg[0] <= '5' && arg[1] == '\0')
		return g->hq[arg[0] - '1'] >= 0 ? arg[0] - '1' : -1;
	for (i = 0; i < LG_HQ; i++)
		if (g->hq[i] >= 0 && strcmp(g->db->cards[g->hq[i]].slug, arg) == 0)
			return i;
	return -1;
}

static void
take_from_hq(struct rules_game *g, int slot, const char *how, struct rules_events *ev)
{
	struct lg_seat *s = &g->s[g->active];
	int c = g->hq[slot];

	if (g->gain_top)
		lg_push(&s->deck, c);
	else
		lg_push(&s->discard, c);
	g->hq[slot] = lg_pop(&g->barracks);
	lg_event(ev, "{\"type\":\"legendary.%s\",\"seat\":\"%s\",\"card\":\"%s\","
	    "\"hq\":\"%s\"}", how, s->name, g->db->cards[c].slug, g->hq[slot] >= 0 ?
	    g->db->cards[g->hq[slot]].slug : "empty");
}

static int
recruit(struct rules_game *g, const char *arg, struct rules_events *ev, char **cause)
{
	struct lg_seat *s = &g->s[g->active];
	int slot, c;

	if (strcmp(arg, "commander") == 0) {
		if (g->commanders.n == 0)
			return cause_set(cause, "the Commander stack is empty");
		if (g->recruit < 3)
			return cause_set(cause, "a Commander costs 3 Recruit, you have %d",
			    g->recruit);
		g->recruit -= 3;
		c = lg_pop(&g->commanders);
		lg_push(g->gain_top ? &s->deck : &s->discard, c);
		lg_event(ev, "{\"type\":\"legendary.recruit\",\"seat\":\"%s\",\"card\":\"%s\"}",
		    s->name, g->db->cards[c].slug);
		return 0;
	}
	if ((slot = hq_slot(g, arg)) < 0)
		return cause_set(cause, "\"%s\" is not in the HQ", arg);
	if (g->db->cards[g->hq[slot]].cost > g->recruit)
		return cause_set(cause, "%s costs %d Recruit, you have %d",
		    g->db->cards[g->hq[slot]].slug, g->db->cards[g->hq[slot]].cost, g->recruit);
	g->recruit -= g->db->cards[g->hq[slot]].cost;
	take_from_hq(g, slot, "recruit", ev);
	return 0;
}

static int
gain(struct rules_game *g, const char *arg, struct rules_events *ev, char **cause)
{
	int slot;

	if (g->gains == 0)
		return cause_set(cause, "nothing lets you gain a character now");
	if ((slot = hq_slot(g, arg)) < 0)
		return cause_set(cause, "\"%s\" is not in the HQ", arg);
	if (g->db->cards[g->hq[slot]].cost > g->gain_max)
		return cause_set(cause, "you may gain a character costing %d or less",
		    g->gain_max);
	if (--g->gains == 0)
		g->gain_max = 0;
	take_from_hq(g, slot, "gain", ev);
	return 0;
}

static int
scan(struct rules_game *g, const char *arg, int free_scan, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	int sp = lg_space(g->db, arg), cost;

	if (sp < 0)
		return cause_set(cause, "\"%s\" is not a space of the Wilds", arg);
	if (g->wilds[sp] < 0 || g->up[sp])
		return cause_set(cause, "the %s holds no hidden card", arg);
	cost = g->db->scan[sp] + lg_ongoing(g, E_SCAN_COST);
	if (free_scan) {
		if (g->free_scans == 0)
			return cause_set(cause, "you have no free scan");
		g->free_scans--;
	} else if (g->attack < cost)
		return cause_set(cause, "scanning the %s costs %d Attack, you have %d", arg,
		    cost, g->attack);
	else
		g->attack -= cost;
	lg_event(ev, "{\"type\":\"legendary.scan\",\"seat\":\"%s\",\"space\":\"%s\"}",
	    g->s[g->active].name, arg);
	lg_reveal(g, sp, 1, rng, ev);
	return 0;
}

/*
 * The face-up enemy arg names, by space or (the Combat Zone's first, then
 * the Wilds') by name, one a fight or a kill may take: its card, with *sp
 * its space or *cz its Combat Zone place (the other -1); -1 with *cause.
 */
static int
enemy_named(const struct rules_game *g, const char *arg, int *sp, int *cz, char **cause)
{
	int i, card = -1;

	*cz = -1;
	if ((*sp = lg_space(g->db, arg)) >= 0) {
		if (g->wilds[*sp] < 0 || !g->up[*sp])
			return cause_set(cause, "the %s holds no face-up enemy", arg);
		card = g->wilds[*sp];
	} else {
		for (i = g->cz.n - 1; i >= 0 && card < 0; i--)
			if (strcmp(g->db->cards[g->cz.v[i]].slug, arg) == 0)
				card = g->cz.v[*cz = i];
		for (i = 0; i < LG_SPACES && card < 0; i++)
			if (g->wilds[i] >= 0 && g->up[i] &&
			    strcmp(g->db->cards[g->wilds[i]].slug, arg) == 0)
				card = g->wilds[*sp = i];
		/* an enemy in front of you: yours alone to fight (sp, cz -1) */
		for (i = 0; i < g->s[g->active].front.n && card < 0; i++)
			if (strcmp(g->db->cards[g->s[g->active].front.v[i]].slug, arg) == 0)
				card = g->s[g->active].front.v[i];
		if (card < 0)
			return cause_set(cause, "no face-up enemy \"%s\" in the Wilds, the "
			    "Combat Zone or in front of you", arg);
	}
	if (g->db->cards[card].kind != LG_ENEMY)
		return cause_set(cause, "%s is not an enemy", g->db->cards[card].slug);
	if (lg_may_fight(g, card, cause) == -1)
		return -1;
	return card;
}

/* The enemy leaves its space or the Combat Zone and dies. */
static void
enemy_killed(struct rules_game *g, int card, int sp, int cz, struct rules_rng *rng,
    struct rules_events *ev)
{
	if (cz >= 0)
		lg_remove_at(&g->cz, lg_find(&g->cz, card));
	else if (sp >= 0) {
		g->wilds[sp] = -1;
		g->up[sp] = g->wid[sp] = 0;
	} else
		lg_remove_at(&g->s[g->active].front, lg_find(&g->s[g->active].front, card));
	lg_enemy_dies(g, card, rng, ev);
}

/* `kill ENEMY`: an ability's "kill any enemy", no Attack spent (not a fight). */
static int
kill_enemy(struct rules_game *g, const char *arg, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	int sp, cz, card = enemy_named(g, arg, &sp, &cz, cause);

	if (card < 0)
		return -1;
	g->kill_enemies--;
	enemy_killed(g, card, sp, cz, rng, ev);
	return 0;
}

static int
fight(struct rules_game *g, const char *arg, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	int sp, cz, card = enemy_named(g, arg, &sp, &cz, cause), need;

	if (card < 0)
		return -1;
	need = lg_enemy_attack(g, card);
	if (g->attack < need)
		return cause_set(cause, "killing %s takes %d Attack, you have %d",
		    g->db->cards[card].slug, need, g->attack);
	g->attack -= need;
	g->spared = 0;
	lg_fire(g, card, LW_FIGHT, 0, rng, ev);
	if (g->s[g->active].dead)
		return 0;
	if (g->spared) {	/* the Attack is spent, the enemy stays (not_killed) */
		g->spared = 0;
		lg_event(ev, "{\"type\":\"legendary.not-killed\",\"seat\":\"%s\","
		    "\"card\":\"%s\"}", g->s[g->active].name, g->db->cards[card].slug);
		return 0;
	}
	enemy_killed(g, card, sp, cz, rng, ev);
	return 0;
}

/*
 * "kill" one of your characters: from your hand, else one you played (the
 * rulebook's "Kill" allows either); played: the copy you played this turn,
 * even with one in your hand.
 */
static int
kill_own(struct rules_game *g, int card, int played, struct rules_events *ev,
    char **cause)
{
	struct lg_seat *s = &g->s[g->active];
	int i;

	if (g->kill_own == 0)
		return cause_set(cause, "nothing lets you kill a character now");
	if (!played && (i = lg_find(&s->hand, card)) >= 0)
		lg_remove_at(&s->hand, i);
	else {
		for (i = 0; i < g->nplayed; i++)
			if (g->played[i].card == card && g->played[i].from < 0 &&
			    !g->played[i].killed)
				break;
		if (i == g->nplayed)
			return cause_set(cause, played ? "you played no %s this turn that is "
			    "not killed yet (a virtual copy cannot be killed)" : "%s is not in "
			    "your hand or played by you (a virtual copy cannot be killed)",
			    g->db->cards[card].slug);
		g->played[i].killed = 1;
		played = 1;
	}
	g->kill_own--;
	lg_push(&g->dead_characters, card);
	lg_event(ev, "{\"type\":\"legendary.character-killed\",\"seat\":\"%s\","
	    "\"card\":\"%s\"%s}", s->name, g->db->cards[card].slug,
	    played ? ",\"played\":true" : "");
	return 0;
}

/* `discard CARD`: an ability's discard from the hand, then a draw. */
static int
discard_draw(struct rules_game *g, int card, const char *arg, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	struct lg_seat *s = &g->s[g->active];
	int i;

	if (g->discards == 0)
		return cause_set(cause, "nothing lets you discard a card and draw now");
	if (card < 0 || (i = lg_find(&s->hand, card)) < 0)
		return cause_set(cause, "\"%s\" is not in your hand", arg);
	lg_remove_at(&s->hand, i);
	lg_push(&s->discard, card);
	g->discards--;
	lg_event(ev, "{\"type\":\"legendary.discard-draw\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    s->name, g->db->cards[card].slug);
	lg_draw(g, g->active, 1, rng, ev);
	return 0;
}

int
lg_swapped(const struct rules_game *g, int i)
{
	return (g->swapped[i / 24] >> (i % 24)) & 1;
}

/*
 * `swap CARD`: a card played this turn (a virtual copy too) has its Attack
 * and Recruit values swapped (The Highest Tech), each copy once; what it gave and was
 * spent cannot be given back, so a swap that would leave less than none
 * is refused.
 */
static int
swap_values(struct rules_game *g, int card, const char *arg, struct rules_events *ev,
    char **cause)
{
	const struct lg_card *c;
	int i, d;

	if (g->swaps == 0)
		return cause_set(cause, "nothing lets you swap a card's Attack and Recruit now");
	for (i = 0; card >= 0 && i < g->nplayed && (g->played[i].card != card ||
	    lg_swapped(g, i)); i++)
		;
	if (card < 0 || i == g->nplayed)
		return cause_set(cause, "\"%s\" was not played this turn, or each copy "
		    "played was swapped already", arg);
	c = &g->db->cards[card];
	d = c->recruit - c->attack;
	if (g->attack + d < 0 || g->recruit - d < 0)
		return cause_set(cause, "swapping %s's %d Attack and %d Recruit takes back "
		    "%d %s, you have %d", c->slug, c->attack, c->recruit, d < 0 ? -d : d,
		    d < 0 ? "Attack" : "Recruit", d < 0 ? g->attack : g->recruit);
	g->attack += d;
	g->recruit -= d;
	g->swaps--;
	g->swapped[i / 24] |= 1 << (i % 24);
	lg_event(ev, "{\"type\":\"legendary.swap\",\"seat\":\"%s\",\"card\":\"%s\","
	    "\"attack\":%d,\"recruit\":%d}", g->s[g->active].name, c->slug, c->recruit,
	    c->attack);
	return 0;
}

/*
 * A goal card attached to a space (Attach) stays in play: any player may
 * use its "use" ability in its own turn, once a turn, but only while the
 * goal's objective is the current one (Objective Goal Cards).
 */
int
lg_usable_goal(const struct rules_game *g, int card, char **cause)
{
	const struct lg_card *c = &g->db->cards[card];
	int sp;

	for (sp = 0; sp < LG_SPACES && g->attached[sp] != card + 1; sp++)
		;
	if (sp == LG_SPACES || c->kind != LG_GOAL) {
		cause_set(cause, "%s is not played, nor a goal attached to a space", c->slug);
		return -1;
	}
	if (g->done >= 3 || c->objective != g->objective[g->done]) {
		cause_set(cause, "%s can be used only while its objective, %s, is the current "
		    "one", c->slug, g->db->objectives[c->objective].slug);
		return -1;
	}
	if (g->goal_used & (1 << sp)) {
		cause_set(cause, "%s was used this turn already", c->slug);
		return -1;
	}
	return sp;
}

static int
use(struct rules_game *g, int card, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	const struct lg_card *c = &g->db->cards[card];
	int i, k, sp = -1;

	for (k = 0; k < c->nab && c->ab[k].when != LW_USE; k++)
		;
	if (k == c->nab)
		return cause_set(cause, "%s has no ability to use later", c->slug);
	for (i = 0; i < g->nplayed; i++)
		if (g->played[i].card == card && !g->played[i].used)
			break;
	if (i == g->nplayed && c->kind == LG_GOAL &&
	    (sp = lg_usable_goal(g, card, cause)) < 0)
		return -1;
	if (i == g->nplayed && sp < 0)
		return cause_set(cause, "%s is not played, or its ability was used", c->slug);
	/* "Pay X": what is spent is gone */
	if (c->ab[k].pay_recruit > g->recruit || c->ab[k].pay_attack > g->attack)
		return cause_set(cause, "using %s costs %d Recruit and %d Attack, you have %d "
		    "and %d", c->slug, c->ab[k].pay_recruit, c->ab[k].pay_attack, g->recruit,
		    g->attack);
	g->recruit -= c->ab[k].pay_recruit;
	g->attack -= c->ab[k].pay_attack;
	if (sp >= 0)
		g->goal_used |= 1 << sp;
	else
		g->played[i].used = 1;
	lg_event(ev, "{\"type\":\"legendary.use\",\"seat\":\"%s\",\"card\":\"%s\"}",
	    g->s[g->active].name, c->slug);
	for (; k < c->nab; k++)
		if (c->ab[k].when == LW_USE)
			lg_apply(g, &c->ab[k], card, 0, rng, ev);
	return 0;
}

int
lg_order(struct rules_game *g, const char *line, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	char verb[16], arg[64], extra[16];
	struct lg_seat *s = &g->s[g->active];
	int n, card, i;

	if (g->mode == LG_PREDATORS)
		return pd_order(g, line, rng, ev, cause);
	n = sscanf(line, "%15s %63s %15s", verb, arg, extra);
	if (n < 2)
		return cause_set(cause, "\"%s\" needs what it acts on", line);
	if (n == 3 && (strcmp(verb, "scan") != 0 || strcmp(extra, "free") != 0) &&
	    (strcmp(verb, "kill") != 0 || strcmp(extra, "played") != 0))
		return cause_set(cause, "too many words");
	card = lg_card_find(g->db, arg);
	if (strcmp(verb, "play") == 0) {
		if (card < 0 || (i = lg_find(&s->hand, card)) < 0)
			return cause_set(cause, "\"%s\" is not in your hand", arg);
		lg_remove_at(&s->hand, i);
		return lg_play(g, card, -1, rng, ev, cause);
	}
	if (strcmp(verb, "copy") == 0) {
		for (i = 0; i < g->nseats && strcmp(g->s[i].name, arg) != 0; i++)
			;
		if (i == g->nseats || g->coord_card[i] < 0 || g->coord_used[i])
			return cause_set(cause, "%s has coordinated no card to you (or it "
			    "was copied)", arg);
		g->coord_used[i] = 1;
		return lg_play(g, g->coord_card[i], i, rng, ev, cause);
	}
	if (strcmp(verb, "use") == 0)
		return card < 0 ? cause_set(cause, "no card \"%s\"", arg) :
		    use(g, card, rng, ev, cause);
	if (strcmp(verb, "recruit") == 0)
		return recruit(g, arg, ev, cause);
	if (strcmp(verb, "gain") == 0)
		return gain(g, arg, ev, cause);
	if (strcmp(verb, "scan") == 0)
		return scan(g, arg, n == 3, rng, ev, cause);
	if (strcmp(verb, "fight") == 0)
		return fight(g, arg, rng, ev, cause);
	/* "kill": an enemy (a space, or a card on the board) or one of yours */
	if (strcmp(verb, "kill") == 0 && n == 2 && (lg_space(g->db, arg) >= 0 ||
	    (card >= 0 && g->db->cards[card].kind == LG_ENEMY)))
		return g->kill_enemies == 0 ? cause_set(cause, "nothing lets you kill an "
		    "enemy now (fight spends Attack)") : kill_enemy(g, arg, rng, ev, cause);
	if (strcmp(verb, "kill") == 0)
		return card < 0 ? cause_set(cause, "no card \"%s\"", arg) :
		    kill_own(g, card, n == 3, ev, cause);
	if (strcmp(verb, "discard") == 0)
		return discard_draw(g, card, arg, rng, ev, cause);
	if (strcmp(verb, "swap") == 0)
		return swap_values(g, card, arg, ev, cause);
	if (strcmp(verb, "avoid") == 0) {	/* "Avoid any one Strike": which */
		if (card < 0 || lg_find(&g->cz, card) < 0)
			return cause_set(cause, "\"%s\" is no enemy in the Combat Zone "
			    "(avoid names the enemy whose strike an Avoid of this turn "
			    "skips)", arg);
		g->avoid_on = card + 1;
		return 0;
	}
	return cause_set(cause, "unknown order \"%s\"", verb);
}
