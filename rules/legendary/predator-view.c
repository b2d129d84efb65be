/*
 * predator-view.c — a seat's view of Playing as Predators and its legal
 * orders. Public: the Wilds (face up, with Gear and arrested Prey), the
 * Combat Zone (a card an effect turned face down shows as hidden), the HQ, the Testing Ground, every Predator's Role, damage,
 * strikes, Traps in front and Trophy count. Only the reader's own: its
 * hand, its Trophy Room and Honor ("other players can't" look through a
 * Trophy Room) and its Challenge (every Challenge with visible-challenges
 * and once the game is over). Never a deck's order.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

static cJSON *
slugs(const struct lg_db *db, const int *v, int n)
{
	cJSON *a = cJSON_CreateArray();
	int i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i] >= 0 ? db->cards[v[i]].slug :
		    "empty"));
	return a;
}

/* A Prey (or Danger) of the Wilds or the Combat Zone as the view shows it. */
static cJSON *
prey(const struct rules_game *g, int card, int id, const char *space, int hidden_ok,
    int scan_space)
{
	const struct lg_db *db = g->db;
	cJSON *x = cJSON_CreateObject(), *a;
	int i, k;

	if (space != NULL)
		cJSON_AddStringToObject(x, "space", space);
	if (card < 0) {
		cJSON_AddNullToObject(x, "card");
		return x;
	}
	if (space != NULL && !hidden_ok) {
		cJSON_AddStringToObject(x, "card", "hidden");
		cJSON_AddNumberToObject(x, "scan", db->scan[scan_space]);
		return x;
	}
	cJSON_AddStringToObject(x, "card", db->cards[card].slug);
	cJSON_AddStringToObject(x, "kind", db->cards[card].kind == LG_DANGER ? "danger" :
	    "prey");
	cJSON_AddNumberToObject(x, "attack", db->cards[card].kind == LG_DANGER ?
	    db->cards[card].attack : pd_prey_attack(g, card, id));
	cJSON_AddNumberToObject(x, "honor", db->cards[card].honor);
	a = cJSON_AddArrayToObject(x, "gear");
	for (i = 0; i < g->ngears; i++)
		if (g->gear_host[i] == id)
			cJSON_AddItemToArray(a, cJSON_CreateString(db->cards[g->gear_card[i]].slug));
	if ((k = pd_arrested(g, id)) >= 0)
		cJSON_AddStringToObject(x, "arrested", db->cards[g->arrest_card[k]].slug);
	return x;
}

cJSON *
pd_view(const struct rules_game *g, int seat)
{
	const struct lg_db *db = g->db;
	cJSON *o = cJSON_CreateObject(), *a, *x;
	char *legal;
	int i, over = g->phase == LP_OVER, mine;

	cJSON_AddStringToObject(o, "mode", "predators");
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddStringToObject(o, "phase", over ? "over" : "action");
	cJSON_AddStringToObject(o, "active", g->active >= 0 ? g->s[g->active].name : "");
	cJSON_AddStringToObject(o, "movie", db->pd.movie[g->movie].slug);
	/* the set-up: the movie's, or chosen over it (armory=, prey=) */
	a = cJSON_AddArrayToObject(o, "prey_decks");
	for (i = 0; i < 3; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(db->pd.prey_slug[
		    (g->pd_custom & LG_CUSTOM_PREY) ? g->pd_prey[i] :
		    db->pd.movie[g->movie].prey[i]]));
	a = cJSON_AddArrayToObject(o, "armory_groups");
	for (i = 0; i < 4; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(db->pd.armory_slug[
		    (g->pd_custom & LG_CUSTOM_ARMORY) ? g->pd_armory[i] :
		    db->pd.movie[g->movie].armory[i]]));
	cJSON_AddBoolToObject(o, "cooperative", (g->options & OPT_COOPERATIVE) != 0);
	cJSON_AddItemToObject(o, "options", lg_options_view(g));
	a = cJSON_AddArrayToObject(o, "wilds");
	for (i = 0; i < LG_SPACES; i++)
		cJSON_AddItemToArray(a, prey(g, g->wilds[i], g->wid[i], db->space[i],
		    g->up[i], i));
	if (g->gear_wait >= 0)
		cJSON_AddStringToObject(o, "gear_waiting", db->cards[g->gear_wait].slug);
	a = cJSON_AddArrayToObject(o, "combat_zone");
	for (i = 0; i < g->cz.n; i++)
		cJSON_AddItemToArray(a, prey(g, g->cz.v[i], g->cz_id.v[i], NULL, 1, 0));
	cJSON_AddItemToObject(o, "hq", slugs(db, g->hq, LG_HQ));
	cJSON_AddItemToObject(o, "testing_ground", slugs(db, g->testing.v, g->testing.n));
	x = cJSON_AddObjectToObject(o, "counts");
	cJSON_AddNumberToObject(x, "prey_deck", g->enemy.n);
	cJSON_AddNumberToObject(x, "mercenaries_left", g->mercs.n);
	cJSON_AddNumberToObject(x, "armory", g->barracks.n);
	cJSON_AddNumberToObject(x, "killer_instinct", g->commanders.n);
	cJSON_AddNumberToObject(x, "prey_strikes", g->strike.n);
	cJSON_AddNumberToObject(x, "strike_discard", g->strike_discard.n);
	cJSON_AddNumberToObject(x, "gear", g->gear.n);
	cJSON_AddNumberToObject(x, "traps", g->traps.n);
	a = cJSON_AddArrayToObject(o, "seats");
	for (i = 0; i < g->nseats; i++) {
		const struct lg_seat *s = &g->s[i];
		const struct lg_role *r = &db->pd.roles[s->role];

		mine = i == seat;
		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "seat", s->name);
		cJSON_AddStringToObject(x, "role", r->slug);
		cJSON_AddNumberToObject(x, "initiative", r->initiative);
		cJSON_AddNumberToObject(x, "health", r->health);
		cJSON_AddNumberToObject(x, "defense", r->defense);
		cJSON_AddNumberToObject(x, "damage", pd_damage(g, i));
		cJSON_AddItemToObject(x, "strikes", slugs(db, s->strikes.v, s->strikes.n));
		cJSON_AddItemToObject(x, "traps", slugs(db, s->traps.v, s->traps.n));
		cJSON_AddBoolToObject(x, "dead", s->dead);
		cJSON_AddNumberToObject(x, "trophies", s->trophies.n);
		if (mine || over) {
			cJSON_AddItemToObject(x, "trophy_room", slugs(db, s->trophies.v,
			    s->trophies.n));
			cJSON_AddNumberToObject(x, "honor", pd_honor(g, i));
		}
		if (s->challenge >= 0 && (mine || over || (g->options & OPT_VISIBLE_CHALLENGES)))
			cJSON_AddStringToObject(x, "challenge", db->cards[s->challenge].slug);
		if (over)
			cJSON_AddNumberToObject(x, "challenge_honor", pd_challenge_honor(g, i));
		cJSON_AddNumberToObject(x, "hand", s->hand.n);
		cJSON_AddNumberToObject(x, "deck", s->deck.n);
		cJSON_AddItemToObject(x, "discard", slugs(db, s->discard.v, s->discard.n));
		cJSON_AddItemToArray(a, x);
	}
	x = cJSON_AddObjectToObject(o, "this_turn");
	cJSON_AddNumberToObject(x, "attack", g->attack);
	cJSON_AddNumberToObject(x, "recruit", g->recruit);
	cJSON_AddNumberToObject(x, "heal", g->heal_pts);
	cJSON_AddNumberToObject(x, "restore", g->restore_pts);
	cJSON_AddNumberToObject(x, "duels", g->duels);
	a = cJSON_AddArrayToObject(x, "played");
	for (i = 0; i < g->nplayed; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(db->cards[g->played[i].card].slug));
	if (over) {
		int place[LG_SEATS], winner;

		pd_places(g, place, &winner);
		a = cJSON_AddArrayToObject(o, "places");
		for (i = 0; i < g->nseats; i++)
			cJSON_AddItemToArray(a, cJSON_CreateNumber(place[i]));
	}
	if (seat >= 0 && seat < g->nseats) {
		cJSON_AddStringToObject(o, "reader", g->s[seat].name);
		cJSON_AddItemToObject(o, "hand", slugs(db, g->s[seat].hand.v, g->s[seat].hand.n));
		legal = lg_template(g, (size_t)seat);
		cJSON_AddStringToObject(o, "legal_orders", legal);
		free(legal);
	}
	return o;
}

static const char *
str(const cJSON *o, const char *k)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));

	return s != NULL ? s : "";
}

static int
num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) ? v->valueint : 0;
}

static void
list(struct strbuf *sb, const cJSON *a)
{
	const cJSON *e;
	int first = 1;

	cJSON_ArrayForEach(e, a) {
		strbuf_addf(sb, "%s%s", first ? "" : ", ", cJSON_GetStringValue(e));
		first = 0;
	}
	if (first)
		strbuf_addstr(sb, "-");
}

static void
prey_text(struct strbuf *sb, const cJSON *e)
{
	if (*str(e, "card") == '\0') {
		strbuf_addstr(sb, "(clear)");
		return;
	}
	if (strcmp(str(e, "card"), "hidden") == 0) {
		strbuf_addf(sb, "hidden (scan %d)", num(e, "scan"));
		return;
	}
	strbuf_addf(sb, "%s (%s, attack %d, honor %d", str(e, "card"), str(e, "kind"),
	    num(e, "attack"), num(e, "honor"));
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(e, "gear")) > 0) {
		strbuf_addstr(sb, ", gear ");
		list(sb, cJSON_GetObjectItemCaseSensitive(e, "gear"));
	}
	if (*str(e, "arrested") != '\0')
		strbuf_addf(sb, ", has arrested %s", str(e, "arrested"));
	strbuf_addstr(sb, ")");
}

cJSON *
pd_view_text(const cJSON *rv, const char *seat)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *e;
	cJSON *o = cJSON_CreateObject();

	strbuf_addf(&sb, "Legendary Encounters: Predator, Playing as Predators%s -- turn %d, "
	    "%s (%s's turn)\n", cJSON_IsTrue(
	    cJSON_GetObjectItemCaseSensitive(rv, "cooperative")) ? " (cooperative)" : "",
	    num(rv, "turn"), str(rv, "phase"), str(rv, "active"));
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(rv, "prey_decks")) > 0) {
		strbuf_addstr(&sb, "Prey mini-decks: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "prey_decks"));
		strbuf_addstr(&sb, "; Armory: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "armory_groups"));
		strbuf_addstr(&sb, "\n");
	}
	strbuf_addstr(&sb, "Options: ");
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(rv, "options")) == 0)
		strbuf_addstr(&sb, "none");
	else
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "options"));
	strbuf_addstr(&sb, "\n");
	strbuf_addstr(&sb, "The Wilds (Prey enter face up):\n");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "wilds")) {
		strbuf_addf(&sb, "  %-12s ", str(e, "space"));
		prey_text(&sb, e);
		strbuf_addstr(&sb, "\n");
	}
	strbuf_addstr(&sb, "Combat Zone (strikes right to left):");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "combat_zone")) {
		strbuf_addstr(&sb, " ");
		prey_text(&sb, e);
	}
	strbuf_addstr(&sb, "\nHQ: ");
	list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "hq"));
	strbuf_addstr(&sb, "\nTesting Ground: ");
	list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "testing_ground"));
	e = cJSON_GetObjectItemCaseSensitive(rv, "counts");
	strbuf_addf(&sb, "\nDecks: prey %d (mercenaries left %d), armory %d, killer instinct "
	    "%d, prey strikes %d, gear %d, traps %d\nPredators:\n", num(e, "prey_deck"),
	    num(e, "mercenaries_left"), num(e, "armory"), num(e, "killer_instinct"),
	    num(e, "prey_strikes"), num(e, "gear"), num(e, "traps"));
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "seats")) {
		strbuf_addf(&sb, "  %s%s: %s (initiative %d), damage %d of %d, defense %d, "
		    "trophies %d, hand %d, deck %d%s\n    strikes: ", str(e, "seat"),
		    strcmp(str(e, "seat"), seat) == 0 ? " (you)" : "", str(e, "role"),
		    num(e, "initiative"), num(e, "damage"), num(e, "health"), num(e, "defense"),
		    num(e, "trophies"), num(e, "hand"), num(e, "deck"), cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(e, "dead")) ? ", dead" : "");
		list(&sb, cJSON_GetObjectItemCaseSensitive(e, "strikes"));
		strbuf_addstr(&sb, "\n    traps: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(e, "traps"));
		if (cJSON_GetObjectItemCaseSensitive(e, "trophy_room") != NULL) {
			strbuf_addf(&sb, "\n    honor %d; trophy room: ", num(e, "honor"));
			list(&sb, cJSON_GetObjectItemCaseSensitive(e, "trophy_room"));
		}
		if (*str(e, "challenge") != '\0')
			strbuf_addf(&sb, "\n    challenge: %s", str(e, "challenge"));
		strbuf_addstr(&sb, "\n");
	}
	e = cJSON_GetObjectItemCaseSensitive(rv, "this_turn");
	strbuf_addf(&sb, "This turn: attack %d, recruit %d, heal %d, restore %d, duels %d; "
	    "played: ", num(e, "attack"), num(e, "recruit"), num(e, "heal"),
	    num(e, "restore"), num(e, "duels"));
	list(&sb, cJSON_GetObjectItemCaseSensitive(e, "played"));
	strbuf_addstr(&sb, "\n");
	if (cJSON_GetObjectItemCaseSensitive(rv, "hand") != NULL) {
		strbuf_addstr(&sb, "Your hand: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "hand"));
		strbuf_addstr(&sb, "\n");
	}
	/* the orders themselves are the orders block's (the rules template) */
	if (*str(rv, "legal_orders") != '\0')
		strbuf_addstr(&sb, "Your orders: in the orders block below.\n");
	cJSON_AddStringToObject(o, "text", strbuf_str(&sb));
	strbuf_free(&sb);
	return o;
}

char *
pd_legal(const struct rules_game *g, size_t seat)
{
	const struct lg_db *db = g->db;
	const struct lg_seat *s = &g->s[seat];
	struct strbuf sb = STRBUF_INIT;
	int i, k, t, c, seen;

	if (g->phase == LP_OVER || (int)seat != g->active)
		return xstrdup("");
	strbuf_addstr(&sb, "pass\n");
	for (i = 0; i < s->hand.n; i++) {
		for (seen = 0, k = 0; k < i; k++)
			seen |= s->hand.v[k] == s->hand.v[i];
		if (!seen)
			strbuf_addf(&sb, "play %s\n", db->cards[s->hand.v[i]].slug);
	}
	for (i = 0; i < LG_HQ; i++)
		if (g->hq[i] >= 0 && db->cards[g->hq[i]].cost <= g->recruit)
			strbuf_addf(&sb, "recruit %d\n", i + 1);
	for (i = 0, c = 0; i < db->pd.ninstinct; i++)
		c = db->cards[db->pd.instinct[i]].cost > c ? db->cards[db->pd.instinct[i]].cost : c;
	if (g->commanders.n > 0 && g->recruit >= c)
		strbuf_addstr(&sb, "recruit instinct\n");
	for (i = 0; i < LG_SPACES; i++) {
		if ((c = g->wilds[i]) < 0)
			continue;
		if (!g->up[i]) {
			if (g->attack >= db->scan[i])
				strbuf_addf(&sb, "scan %s\n", db->space[i]);
			continue;
		}
		if (db->cards[c].kind == LG_PREY && pd_prey_attack(g, c, g->wid[i]) <= g->attack)
			strbuf_addf(&sb, "fight %s\n", db->space[i]);
		if (db->cards[c].kind == LG_DANGER && db->cards[c].attack <= g->attack)
			strbuf_addf(&sb, "avert %s\n", db->space[i]);
	}
	for (i = 0; i < g->cz.n; i++)
		if (db->cards[g->cz.v[i]].kind == LG_PREY &&
		    pd_prey_attack(g, g->cz.v[i], g->cz_id.v[i]) <= g->attack)
			strbuf_addf(&sb, "fight %s\n", db->cards[g->cz.v[i]].slug);
	for (t = 0; t < g->nseats; t++) {
		if (t != (int)seat && !(g->options & OPT_COOPERATIVE))
			continue;
		for (i = 0; i < g->s[t].traps.n; i++)
			if (db->cards[g->s[t].traps.v[i]].attack <= g->attack)
				strbuf_addf(&sb, "disable %s%s%s\n", db->cards[g->s[t].traps.v[i]].slug,
				    t != (int)seat ? " " : "", t != (int)seat ? g->s[t].name : "");
		for (i = 0; i < g->s[t].strikes.n && i < 30 && !pd_no_heal(g, (int)seat); i++) {
			c = g->s[t].strikes.v[i];
			if (db->cards[c].damage > 0 && db->cards[c].damage <= g->heal_pts &&
			    !(g->s[t].healed_bits & (1 << i)))
				strbuf_addf(&sb, "heal %d%s%s\n", i + 1, t != (int)seat ? " " : "",
				    t != (int)seat ? g->s[t].name : "");
			if (db->cards[c].dishonor > 0 && db->cards[c].dishonor <= g->restore_pts &&
			    !(g->s[t].restored_bits & (1 << i)))
				strbuf_addf(&sb, "restore %d%s%s\n", i + 1, t != (int)seat ? " " :
				    "", t != (int)seat ? g->s[t].name : "");
		}
	}
	for (t = 0; g->duels > 0 && !(g->options & OPT_COOPERATIVE) && t < g->nseats; t++)
		if (t != (int)seat && !g->s[t].dead && pd_defense(g, t) <= g->attack)
			strbuf_addf(&sb, "duel %s\n", g->s[t].name);
	strbuf_addstr(&sb, "continue\nend\n");
	return strbuf_detach(&sb, NULL);
}
