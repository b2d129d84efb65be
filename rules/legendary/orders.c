/*
 * orders.c — the orders language of Playing as Humans (muthur-orders(5),
 * Legendary): the coordinate window's answers, the active seat's turn
 * orders, the standing coordinate setting; check(), legal() and the
 * template.
 *
 * check() applies the lines in order to a copy of the state and reports
 * the first impossible one, but only up to the first line whose outcome
 * depends on something hidden (a card drawn, a hidden card turned up, a
 * card taken from a hidden stack): past it only the form of each line is
 * checked, and resolve() reports a line made impossible as a failed order
 * visible to the seat. So no answer of check() depends on a secret.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

static uint32_t
zero(void *ctx, uint32_t bound)
{
	(void)ctx;
	(void)bound;
	return 0;
}

/* One line's words: verb and argument; 0 when the form is known. */
static int
form(const char *line, int coordinate, char **cause)
{
	static const char *const turn[] = { "play", "copy", "use", "recruit", "gain", "scan",
		"fight", "kill", "avoid", "discard", "swap", NULL };
	char verb[16], arg[64], extra[16];
	int n = sscanf(line, "%15s %63s %15s", verb, arg, extra), i;

	if (n == 1 && (strcmp(verb, "pass") == 0 || (!coordinate &&
	    (strcmp(verb, "end") == 0 || strcmp(verb, "continue") == 0))))
		return 0;
	if (n == 2 && (strcmp(verb, "coordinate") == 0 || strcmp(verb, "cancel") == 0 ||
	    strcmp(verb, "discards") == 0 || strcmp(verb, "timing") == 0 ||
	    strcmp(verb, "show") == 0 || strcmp(verb, "cover") == 0))
		return 0;
	for (i = 0; !coordinate && turn[i] != NULL; i++)
		if (strcmp(turn[i], verb) == 0 && (n == 2 || (n == 3 &&
		    ((strcmp(verb, "scan") == 0 && strcmp(extra, "free") == 0) ||
		    (strcmp(verb, "kill") == 0 && strcmp(extra, "played") == 0)))))
			return 0;
	if (coordinate)
		return cause_set(cause, "not an order of the coordinate window; expected "
		    "\"coordinate CARD\", \"coordinate ask|auto|never\", \"cancel "
		    "never|always|CARD\", \"discards cheapest|dearest|CARD\", \"timing "
		    "nearest|farthest\", \"show any|never|CARD\", \"cover never|always|GOAL\" "
		    "or \"pass\"");
	return cause_set(cause, "not an order of a turn; expected play CARD, copy SEAT, use "
	    "CARD, recruit N|CARD|commander, gain N|CARD, scan SPACE [free], fight SPACE|CARD, "
	    "kill CARD [played], discard CARD, swap CARD, avoid ENEMY, coordinate ask|auto|never, "
	    "cancel never|always|CARD, discards cheapest|dearest|CARD, timing nearest|farthest, "
	    "show any|never|CARD, cover never|always|GOAL, continue, end or pass");
}

static int
standing(struct rules_game *g, size_t seat, const char *arg)
{
	static const char *const modes[] = { "ask", "auto", "never" };
	int i;

	for (i = 0; i < 3; i++)
		if (strcmp(arg, modes[i]) == 0) {
			g->s[seat].coord = i;
			return 1;
		}
	return 0;
}

/* Has card c a "cover" ability (a goal's, used in any player's turn)? */
static int
covers(const struct lg_db *db, int c)
{
	int k;

	for (k = 0; k < db->cards[c].nab; k++)
		if (db->cards[c].ab[k].when == LW_COVER)
			return 1;
	return 0;
}

/*
 * The standing choices of Playing as Humans, kept until changed:
 * `cancel never|always|CARD` for a strike the seat may cancel by a discard
 * ("Cancel a Strike"); `discards cheapest|dearest|CARD` for the card it
 * discards when an effect makes it discard from its hand, in any player's
 * turn ("each player discards"); `timing nearest|farthest` for the order
 * in which cards an effect moves into the Combat Zone together turn up in
 * its own turns (Timing); `show any|never|CARD` for the card it shows
 * when an ability says it may ("Show"); `cover never|always|GOAL` for a
 * goal's ability it uses in any player's turn the moment a strike is
 * drawn. 1: the line is one of them (*cause set when its
 * argument is bad); 0: it is not.
 */
static int
pref_standing(struct rules_game *g, size_t seat, const char *verb, const char *arg,
    char **cause)
{
	static const struct {
		const char	*verb, *words[2];
		int		 card;	/* CARD allowed: its value + the card's index */
		const char	*expected;
	} prefs[] = {
		{ "cancel", { "never", "always" }, LGX_CARD,
		  "cancel never, cancel always or cancel CARD (the card to discard)" },
		{ "discards", { "cheapest", "dearest" }, LGD_CARD,
		  "discards cheapest, discards dearest or discards CARD (the card to "
		  "discard first)" },
		{ "timing", { "nearest", "farthest" }, -1,
		  "timing nearest or timing farthest (which card moved into the Combat "
		  "Zone together turns up first)" },
		{ "show", { "any", "never" }, LGS_CARD,
		  "show any, show never or show CARD (the only card to show)" },
		{ "cover", { "never", "always" }, LGV_CARD,
		  "cover never, cover always or cover GOAL (a goal with a cover ability)" },
	};
	struct lg_seat *s = &g->s[seat];
	int *to[5] = { &s->cancel, &s->discards, &s->timing, &s->show, &s->cover };
	size_t i;
	int c;

	for (i = 0; i < sizeof prefs / sizeof prefs[0]; i++) {
		if (strcmp(verb, prefs[i].verb) != 0)
			continue;
		if (strcmp(arg, prefs[i].words[0]) == 0)
			*to[i] = 0;
		else if (strcmp(arg, prefs[i].words[1]) == 0)
			*to[i] = 1;
		else if (prefs[i].card >= 0 && (c = lg_card_find(g->db, arg)) >= 0 &&
		    (strcmp(verb, "cover") != 0 || covers(g->db, c)))
			*to[i] = prefs[i].card + c;
		else
			cause_set(cause, "%s: \"%s\" is not a choice%s; expected %s", verb, arg,
			    prefs[i].card >= 0 ? " nor a card" : "", prefs[i].expected);
		return 1;
	}
	return 0;
}

/* Did the state change in something hidden from everyone or the seat? */
static int
touched_hidden(const struct rules_game *a, const struct rules_game *b)
{
	int i;

	for (i = 0; i < LG_SPACES; i++)
		if (a->wilds[i] >= 0 && !a->up[i] && (b->wilds[i] != a->wilds[i] || b->up[i]))
			return 1;
	for (i = 0; i < a->nseats; i++)
		if (a->s[i].deck.n != b->s[i].deck.n)
			return 1;
	return a->enemy.n != b->enemy.n || a->strike.n != b->strike.n ||
	    a->gear.n != b->gear.n || a->traps.n != b->traps.n || a->mercs.n != b->mercs.n ||
	    a->barracks.n != b->barracks.n || a->commanders.n != b->commanders.n;
}

/* An order made impossible: reported to its seat (JSON-escaped text). */
static void
failed(struct rules_events *ev, int seat, int lineno, const char *line, const char *why)
{
	cJSON *o = cJSON_CreateObject();
	char *s;

	cJSON_AddStringToObject(o, "type", "legendary.order-failed");
	cJSON_AddNumberToObject(o, "line", lineno);
	cJSON_AddStringToObject(o, "order", line);
	cJSON_AddStringToObject(o, "why", why != NULL ? why : "");
	s = cJSON_PrintUnformatted(o);
	if (ev != NULL)
		rules_events_add(ev, RULES_VIS_SEATS, (uint64_t)1 << seat, s);
	free(s);
	cJSON_Delete(o);
}

/*
 * Apply seat's orders to g (check: g is a copy, errors stop; else failed
 * lines become events). *more: the seat asked to continue its turn.
 */
static int
run(struct rules_game *g, size_t seat, const char *orders, struct rules_rng *rng,
    struct rules_events *ev, int checking, int *more, char **cause)
{
	struct rules_game *before = checking ? xmalloc(sizeof *g) : NULL;
	const char *p = orders != NULL ? orders : "", *nl;
	char line[128], verb[16], arg[64], *why = NULL;
	int lineno = 0, certain = 1, coordinate = g->phase == LP_COORDINATE, stop = 0, rc = 0;
	size_t len, k;

	*more = 0;
	for (; *p != '\0' && rc == 0; p = *nl != '\0' ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		len = (size_t)(nl - p);
		lineno++;
		while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
			len--;
		while (len > 0 && (*p == ' ' || *p == '\t'))
			p++, len--;
		if (len == 0 || *p == '#')
			continue;
		if (len >= sizeof line) {
			rc = cause_set(cause, "line %d: too long; expected one order", lineno);
			break;
		}
		memcpy(line, p, len);
		line[len] = '\0';
		/* case-insensitive; commas count as spaces (muthur-orders(5)) */
		for (k = 0; k < len; k++)
			line[k] = line[k] == ',' ? ' ' : (char)tolower((unsigned char)line[k]);
		if ((g->mode == LG_PREDATORS ? pd_form(line, &why) :
		    form(line, coordinate, &why)) == -1) {
			rc = cause_set(cause, "line %d: %s", lineno, why);
			break;
		}
		if (stop) {
			if (checking)
				rc = cause_set(cause, "line %d: \"%s\" after the end of the turn; "
				    "expected nothing after end or pass", lineno, line);
			continue;
		}
		sscanf(line, "%15s %63s", verb, arg);
		if (strcmp(verb, "coordinate") == 0 && standing(g, seat, arg))
			continue;
		if (g->mode != LG_PREDATORS && pref_standing(g, seat, verb, arg, &why)) {
			if (why != NULL) {
				if (checking)
					rc = cause_set(cause, "line %d: %s", lineno, why);
				else
					failed(ev, (int)seat, lineno, line, why);
			}
			free(why);
			why = NULL;
			continue;
		}
		if (strcmp(verb, "pass") == 0 || strcmp(verb, "end") == 0) {
			stop = 1;
			continue;
		}
		if (strcmp(verb, "continue") == 0) {
			*more = 1;
			continue;
		}
		if (!checking && (g->end_turn || g->result != 0 || g->s[g->active].dead)) {
			lg_event_seat(ev, (int)seat, "{\"type\":\"legendary.order-dropped\","
			    "\"line\":%d,\"why\":\"the turn has ended\"}", lineno);
			continue;
		}
		if (checking && certain)
			memcpy(before, g, sizeof *g);
		if (coordinate)
			rc = lg_coordinate(g, (int)seat, lg_card_find(g->db, arg), rng, ev, &why);
		else
			rc = lg_order(g, line, rng, ev, &why);
		if (rc == -1 && (!checking || !certain)) {
			if (!checking)
				failed(ev, (int)seat, lineno, line, why);
			rc = 0;
		} else if (rc == -1)
			cause_set(cause, "line %d: %s; expected an order legal now (see the "
			    "template)", lineno, why);
		else if (checking && certain && touched_hidden(before, g))
			certain = 0;
		free(why);
		why = NULL;
	}
	free(why);
	free(before);
	return rc;
}

int
lg_check(const struct rules_game *g, size_t seat, const char *orders, char **cause)
{
	struct rules_game *copy;
	struct rules_rng rng = { zero, NULL, zero, NULL };
	int more, rc;

	if (g->phase == LP_OVER)
		return cause_set(cause, "the game is over");
	if ((g->phase == LP_ACTION && (int)seat != g->active) ||
	    (g->phase == LP_COORDINATE && g->answered[seat]))
		return cause_set(cause, "seat %s owes no orders now", g->s[seat].name);
	copy = xmemdup(g, sizeof *g);
	rc = run(copy, seat, orders, &rng, NULL, 1, &more, cause);
	free(copy);
	return rc;
}

int
lg_apply_orders(struct rules_game *g, size_t seat, const char *orders,
    struct rules_rng *rng, struct rules_events *ev, int *more)
{
	return run(g, seat, orders, rng, ev, 0, more, NULL);
}

static void
distinct(struct strbuf *sb, const struct lg_db *db, const struct lg_pile *p,
    const char *verb, unsigned kw)
{
	int i, k;

	for (i = 0; i < p->n; i++) {
		for (k = 0; k < i && p->v[k] != p->v[i]; k++)
			;
		if (k == i && (kw == 0 || (db->cards[p->v[i]].kw & kw)))
			strbuf_addf(sb, "%s %s\n", verb, db->cards[p->v[i]].slug);
	}
}

/* A card played this turn that "kill ... played" may name: own, not killed. */
static int
killable(const struct lg_played *p)
{
	return p->from < 0 && !p->killed;
}

/* May the active seat avoid a strike this turn: an Avoid got already, or a
 * card in its hand or played that gives one? */
static int
may_avoid(const struct rules_game *g, const struct lg_seat *s)
{
	const struct lg_db *db = g->db;
	int i, k, e, c;

	if (g->avoid > 0)
		return 1;
	for (i = 0; i < s->hand.n + g->nplayed; i++) {
		c = i < s->hand.n ? s->hand.v[i] : g->played[i - s->hand.n].card;
		for (k = 0; k < db->cards[c].nab; k++)
			for (e = 0; e < db->cards[c].ab[k].neff; e++)
				if (db->cards[c].ab[k].eff[e].verb == E_AVOID)
					return 1;
	}
	return 0;
}

/* Does ab use verb with a number of at least min? */
static int
ability_uses(const struct lg_ability *ab, enum lg_verb verb, int min)
{
	int e;

	for (e = 0; e < ab->neff; e++)
		if (ab->eff[e].verb == verb && ab->eff[e].n >= min)
			return 1;
	return 0;
}

/* Does the card data use verb (n >= min) on a card, a Hazard or an
 * objective's Event? Then the standing choice it asks for is offered. */
static int
data_uses(const struct lg_db *db, enum lg_verb verb, int min)
{
	int i, k;

	for (i = 0; i < db->ncards; i++)
		for (k = 0; k < db->cards[i].nab; k++)
			if (ability_uses(&db->cards[i].ab[k], verb, min))
				return 1;
	for (i = 0; i < db->nlocations; i++)
		for (k = 0; k < 3; k++)
			if (ability_uses(&db->locations[i].hazard[k], verb, min))
				return 1;
	for (i = 0; i < db->nobjectives; i++)
		if (ability_uses(&db->objectives[i].event, verb, min))
			return 1;
	return 0;
}

/* Has a card of the data an ability with condition cond (LC_NONE: any)
 * firing when (LW_NWHEN: any)? */
static int
data_asks(const struct lg_db *db, enum lg_cond cond, enum lg_when when)
{
	int i, k;

	for (i = 0; i < db->ncards; i++)
		for (k = 0; k < db->cards[i].nab; k++)
			if ((cond == LC_NONE || db->cards[i].ab[k].cond == cond) &&
			    (when == LW_NWHEN || db->cards[i].ab[k].when == when))
				return 1;
	return 0;
}

/* The standing choices offered in every mail of a seat. */
static void
standing_lines(struct strbuf *sb, const struct rules_game *g)
{
	strbuf_addstr(sb, "coordinate ask\ncoordinate auto\ncoordinate never\n");
	if (data_uses(g->db, E_CANCEL_DISCARD, 1))
		strbuf_addstr(sb, "cancel never\ncancel always\n");
	if (data_uses(g->db, E_DISCARD_HAND, 1))
		strbuf_addstr(sb, "discards cheapest\ndiscards dearest\n");
	if (data_uses(g->db, E_ADVANCE, 2))
		strbuf_addstr(sb, "timing nearest\ntiming farthest\n");
	if (data_asks(g->db, LC_SHOW, LW_NWHEN))
		strbuf_addstr(sb, "show any\nshow never\n");
	if (data_asks(g->db, LC_NONE, LW_COVER))
		strbuf_addstr(sb, "cover never\ncover always\n");
}

char *
lg_legal(const struct rules_game *g, size_t seat)
{
	const struct lg_db *db = g->db;
	const struct lg_seat *s = &g->s[seat];
	struct strbuf sb = STRBUF_INIT;
	int i, k, cost;

	if (g->mode == LG_PREDATORS)
		return pd_legal(g, seat);
	if (g->phase == LP_OVER || (g->phase == LP_ACTION && (int)seat != g->active) ||
	    (g->phase == LP_COORDINATE && g->answered[seat]))
		return xstrdup("");
	strbuf_addstr(&sb, "pass\n");
	if (g->phase == LP_COORDINATE) {
		distinct(&sb, db, &s->hand, "coordinate", KW_COORDINATE);
		standing_lines(&sb, g);
		return strbuf_detach(&sb, NULL);
	}
	distinct(&sb, db, &s->hand, "play", 0);
	for (i = 0; i < g->nseats; i++)
		if (g->coord_card[i] >= 0 && !g->coord_used[i])
			strbuf_addf(&sb, "copy %s\n", g->s[i].name);
	for (i = 0; i < g->nplayed; i++)
		for (k = 0; k < db->cards[g->played[i].card].nab; k++)
			if (!g->played[i].used && db->cards[g->played[i].card].ab[k].when == LW_USE) {
				strbuf_addf(&sb, "use %s\n", db->cards[g->played[i].card].slug);
				break;
			}
	for (i = 0; i < LG_SPACES; i++) {	/* a goal attached, any player's to use */
		const struct lg_card *c;

		if (g->attached[i] == 0 || lg_usable_goal(g, g->attached[i] - 1, NULL) < 0)
			continue;
		c = &db->cards[g->attached[i] - 1];
		for (k = 0; k < c->nab && c->ab[k].when != LW_USE; k++)
			;
		if (k < c->nab && c->ab[k].pay_recruit <= g->recruit &&
		    c->ab[k].pay_attack <= g->attack)
			strbuf_addf(&sb, "use %s\n", c->slug);
	}
	for (i = 0; i < LG_HQ; i++)
		if (g->hq[i] >= 0 && db->cards[g->hq[i]].cost <= g->recruit)
			strbuf_addf(&sb, "recruit %d\n", i + 1);
	if (g->recruit >= 3 && g->commanders.n > 0)
		strbuf_addstr(&sb, "recruit commander\n");
	for (i = 0; i < LG_HQ; i++)
		if (g->hq[i] >= 0 && g->gains > 0 && db->cards[g->hq[i]].cost <= g->gain_max)
			strbuf_addf(&sb, "gain %d\n", i + 1);
	cost = lg_ongoing(g, E_SCAN_COST);
	for (i = 0; i < LG_SPACES; i++) {
		if (g->wilds[i] < 0)
			continue;
		if (!g->up[i] && g->attack >= db->scan[i] + cost)
			strbuf_addf(&sb, "scan %s\n", db->space[i]);
		if (!g->up[i] && g->free_scans > 0)
			strbuf_addf(&sb, "scan %s free\n", db->space[i]);
		if (g->up[i] && db->cards[g->wilds[i]].kind == LG_ENEMY &&
		    lg_enemy_attack(g, g->wilds[i]) <= g->attack &&
		    lg_may_fight(g, g->wilds[i], NULL) == 0)
			strbuf_addf(&sb, "fight %s\n", db->space[i]);
	}
	for (i = 0; i < g->cz.n; i++)
		if (lg_enemy_attack(g, g->cz.v[i]) <= g->attack &&
		    lg_may_fight(g, g->cz.v[i], NULL) == 0)
			strbuf_addf(&sb, "fight %s\n", db->cards[g->cz.v[i]].slug);
	for (i = 0; i < s->front.n; i++) {	/* the enemies in front of you */
		k = s->front.v[i];
		if (lg_enemy_attack(g, k) <= g->attack && lg_may_fight(g, k, NULL) == 0)
			strbuf_addf(&sb, "fight %s\n", db->cards[k].slug);
		if (g->kill_enemies > 0 && lg_may_fight(g, k, NULL) == 0)
			strbuf_addf(&sb, "kill %s\n", db->cards[k].slug);
	}
	for (i = 0; g->kill_enemies > 0 && i < LG_SPACES + g->cz.n; i++) {
		/* "kill any enemy": each a fight could take, no Attack needed */
		k = i < LG_SPACES ? g->wilds[i] : g->cz.v[i - LG_SPACES];
		if (k >= 0 && (i >= LG_SPACES || g->up[i]) && db->cards[k].kind == LG_ENEMY &&
		    lg_may_fight(g, k, NULL) == 0)
			strbuf_addf(&sb, "kill %s\n", i < LG_SPACES ? db->space[i] :
			    db->cards[k].slug);
	}
	if (g->kill_own > 0) {
		distinct(&sb, db, &s->hand, "kill", 0);
		for (i = 0; i < g->nplayed; i++) {
			if (!killable(&g->played[i]))
				continue;
			for (k = 0; k < i && (g->played[k].card != g->played[i].card ||
			    !killable(&g->played[k])); k++)
				;
			if (k == i)
				strbuf_addf(&sb, "kill %s played\n",
				    db->cards[g->played[i].card].slug);
		}
	}
	if (g->discards > 0)
		distinct(&sb, db, &s->hand, "discard", 0);
	for (i = 0; g->swaps > 0 && i < g->nplayed; i++) {
		const struct lg_card *c = &db->cards[g->played[i].card];

		for (k = 0; k < i && (g->played[k].card != g->played[i].card ||
		    lg_swapped(g, k)); k++)
			;
		if (k == i && !lg_swapped(g, i) && c->attack != c->recruit &&
		    g->attack + c->recruit - c->attack >= 0 &&
		    g->recruit + c->attack - c->recruit >= 0)
			strbuf_addf(&sb, "swap %s\n", c->slug);
	}
	if (may_avoid(g, s))	/* which enemy's strike an Avoid skips */
		distinct(&sb, db, &g->cz, "avoid", 0);
	strbuf_addstr(&sb, "continue\nend\n");
	standing_lines(&sb, g);
	return strbuf_detach(&sb, NULL);
}

/* The slot a verb's argument stands in, for the template's patterns. */
static const struct { const char *verb, *slot; } slots[] = {
	{ "play", "CARD" }, { "copy", "SEAT" }, { "use", "CARD" }, { "recruit", "HQ" },
	{ "gain", "HQ" }, { "scan", "SPACE" }, { "fight", "TARGET" }, { "kill", "CARD" },
	{ "avoid", "ENEMY" }, { "discard", "CARD" }, { "swap", "PLAYED" },
	{ "coordinate", "CARD" }, { "avert", "DANGER" }, { "disable", "TRAP" },
	{ "heal", "STRIKE" }, { "restore", "STRIKE" }, { "duel", "SEAT" },
};

/* The words a legal line may end in after its argument ("scan hills free"). */
static const char *const tails[] = { " free", " played", NULL };

/* Does the line p (len bytes) end in tail (""): in none of tails[]? */
static int
ends_in(const char *p, size_t len, const char *tail)
{
	size_t n;
	int i;

	if (*tail == '\0') {
		for (i = 0; tails[i] != NULL; i++)
			if (ends_in(p, len, tails[i]))
				return 0;
		return 1;
	}
	n = strlen(tail);
	return len > n && strncmp(p + len - n, tail, n) == 0;
}

/* "# VERB SLOT[TAIL]" and its choices folded under it. */
static void
pattern(struct strbuf *sb, const char *legal, const char *verb, const char *slot,
    const char *tail)
{
	struct strbuf vals = STRBUF_INIT;
	const char *p, *nl, *arg;
	size_t n = strlen(verb), col = 0, len;
	int count = 0;

	for (p = legal; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		len = (size_t)(nl - p);
		if (len <= n + 1 || strncmp(p, verb, n) != 0 || p[n] != ' ' ||
		    !ends_in(p, len, tail))
			continue;
		arg = p + n + 1;
		len = (size_t)(nl - arg) - strlen(tail);
		if (strncmp(verb, "coordinate", 10) == 0 && (strncmp(arg, "ask\n", 4) == 0 ||
		    strncmp(arg, "auto\n", 5) == 0 || strncmp(arg, "never\n", 6) == 0))
			continue;
		if (col + len + 2 > 68) {
			strbuf_addstr(&vals, "\n#  ");
			col = 0;
		}
		strbuf_addf(&vals, " %.*s", (int)len, arg);
		col += len + 1;
		count++;
	}
	if (count > 0)
		strbuf_addf(sb, "# %s %s%s\n#   %s:%s\n", verb, slot, tail, slot,
		    strbuf_str(&vals));
	strbuf_free(&vals);
}

char *
lg_template(const struct rules_game *g, size_t seat)
{
	struct strbuf sb = STRBUF_INIT;
	char *legal = lg_legal(g, seat);
	size_t i;

	if (*legal == '\0') {
		free(legal);
		return xstrdup("");
	}
	strbuf_addstr(&sb, g->phase == LP_COORDINATE ?
	    "# the coordinate window: offer one Coordinate card, or pass\n" :
	    "# your turn: orders apply in order; end (or pass) ends the turn,\n"
	    "# continue asks for a follow-up view and mail in this turn\n");
	for (i = 0; i < sizeof slots / sizeof slots[0]; i++) {
		pattern(&sb, legal, slots[i].verb, slots[i].slot, "");
		if (strcmp(slots[i].verb, "scan") == 0)
			pattern(&sb, legal, "scan", "SPACE", " free");
		if (strcmp(slots[i].verb, "kill") == 0)
			pattern(&sb, legal, "kill", "CARD", " played");
	}
	if (g->phase == LP_ACTION)
		strbuf_addstr(&sb, "# continue\n# end\n");
	if (g->mode != LG_PREDATORS) {
		strbuf_addstr(&sb, "# coordinate ask|auto|never\n");
		if (data_uses(g->db, E_CANCEL_DISCARD, 1))
			strbuf_addstr(&sb, "# cancel never|always|CARD (a strike you may cancel "
			    "by a discard)\n");
		if (data_uses(g->db, E_DISCARD_HAND, 1))
			strbuf_addstr(&sb, "# discards cheapest|dearest|CARD (when a card makes "
			    "you discard)\n");
		if (data_uses(g->db, E_ADVANCE, 2))
			strbuf_addstr(&sb, "# timing nearest|farthest (which of the cards moved "
			    "together turns up first)\n");
		if (data_asks(g->db, LC_SHOW, LW_NWHEN))
			strbuf_addstr(&sb, "# show any|never|CARD (a card a card lets you show)\n");
		if (data_asks(g->db, LC_NONE, LW_COVER))
			strbuf_addstr(&sb, "# cover never|always|GOAL (a goal's cover in any "
			    "turn)\n");
	}
	strbuf_addstr(&sb, "pass\n");
	free(legal);
	return strbuf_detach(&sb, NULL);
}
