/*
 * view.c — a seat's view of Playing as Humans (only what it may know: its
 * own hand, every discard pile and the played cards, counts of decks and
 * hands, never an order) and its display text for the view mail.
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

static const char *const phases[] = { "coordinate", "action", "over" };

cJSON *
lg_view(const struct rules_game *g, int seat)
{
	const struct lg_db *db = g->db;
	cJSON *o = cJSON_CreateObject(), *a, *x, *c;
	char *legal;
	int i, k, dmg;

	if (g->mode == LG_PREDATORS) {
		cJSON_Delete(o);
		return pd_view(g, seat);
	}
	cJSON_AddStringToObject(o, "mode", "humans");
	cJSON_AddNumberToObject(o, "turn", g->turn);
	cJSON_AddStringToObject(o, "phase", phases[g->phase]);
	cJSON_AddStringToObject(o, "active", g->active >= 0 ? g->s[g->active].name : "");
	cJSON_AddStringToObject(o, "movie", db->movies[g->movie].slug);
	cJSON_AddStringToObject(o, "location", db->locations[g->location].slug);
	cJSON_AddNumberToObject(o, "hazards_revealed", g->hazards);
	a = cJSON_AddArrayToObject(o, "objectives");
	for (i = 0; i < 3; i++) {
		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "objective", db->objectives[g->objective[i]].slug);
		cJSON_AddBoolToObject(x, "completed", i < g->done);
		cJSON_AddBoolToObject(x, "current", i == g->done);
		cJSON_AddItemToArray(a, x);
	}
	if (g->done < 3) {
		const struct lg_objective *ob = &db->objectives[g->objective[g->done]];

		x = cJSON_AddObjectToObject(o, "progress");
		c = cJSON_AddArrayToObject(x, "to_reveal");
		for (i = 0; i < ob->nreveal; i++)
			if (!g->revealed[i])
				cJSON_AddItemToArray(c, cJSON_CreateString(db->cards[ob->reveal[i]].slug));
		if (ob->kill >= 0) {
			cJSON_AddStringToObject(x, "kill", db->cards[ob->kill].slug);
			cJSON_AddNumberToObject(x, "killed", g->progress);
			cJSON_AddNumberToObject(x, "needed", ob->count + g->need);
		}
		cJSON_AddBoolToObject(x, "final_enemy", ob->final);
	}
	a = cJSON_AddArrayToObject(o, "wilds");
	for (i = 0; i < LG_SPACES; i++) {
		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "space", db->space[i]);
		cJSON_AddNumberToObject(x, "scan", db->scan[i] + lg_ongoing(g, E_SCAN_COST));
		if (g->wilds[i] < 0)
			cJSON_AddNullToObject(x, "card");
		else if (!g->up[i])
			cJSON_AddStringToObject(x, "card", "hidden");
		else {
			cJSON_AddStringToObject(x, "card", db->cards[g->wilds[i]].slug);
			cJSON_AddNumberToObject(x, "attack", lg_enemy_attack(g, g->wilds[i]));
		}
		if (g->attached[i] != 0)	/* attached under it: public */
			cJSON_AddStringToObject(x, "attached", db->cards[g->attached[i] - 1].slug);
		cJSON_AddItemToArray(a, x);
	}
	a = cJSON_AddArrayToObject(o, "combat_zone");
	for (i = 0; i < g->cz.n; i++) {
		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "card", db->cards[g->cz.v[i]].slug);
		cJSON_AddNumberToObject(x, "attack", lg_enemy_attack(g, g->cz.v[i]));
		cJSON_AddItemToArray(a, x);
	}
	cJSON_AddItemToObject(o, "hq", slugs(db, g->hq, LG_HQ));
	cJSON_AddItemToObject(o, "options", lg_options_view(g));
	x = cJSON_AddObjectToObject(o, "counts");
	cJSON_AddNumberToObject(x, "enemy_deck", g->enemy.n);
	cJSON_AddNumberToObject(x, "barracks", g->barracks.n);
	cJSON_AddNumberToObject(x, "commanders", g->commanders.n);
	cJSON_AddNumberToObject(x, "strike_deck", g->strike.n);
	cJSON_AddNumberToObject(x, "strike_discard", g->strike_discard.n);
	cJSON_AddItemToObject(o, "dead_enemies", slugs(db, g->dead_enemies.v, g->dead_enemies.n));
	cJSON_AddItemToObject(o, "discarded", slugs(db, g->discarded.v, g->discarded.n));
	if (g->operations.n > 0) {	/* Events an objective sent there (to_operations) */
		cJSON_AddItemToObject(o, "operations", slugs(db, g->operations.v,
		    g->operations.n));
		cJSON_AddNumberToObject(x, "operations_scan", g->ops_scan);
	}
	cJSON_AddItemToObject(o, "dead_characters", slugs(db, g->dead_characters.v,
	    g->dead_characters.n));
	a = cJSON_AddArrayToObject(o, "seats");
	for (i = 0; i < g->nseats; i++) {
		const struct lg_seat *s = &g->s[i];

		x = cJSON_CreateObject();
		cJSON_AddStringToObject(x, "seat", s->name);
		cJSON_AddStringToObject(x, "avatar", db->avatars[s->avatar].slug);
		cJSON_AddNumberToObject(x, "health", lg_health(g, i));
		for (dmg = 0, k = 0; k < s->strikes.n; k++)
			dmg += db->cards[s->strikes.v[k]].damage;
		cJSON_AddNumberToObject(x, "damage", dmg);
		cJSON_AddItemToObject(x, "strikes", slugs(db, s->strikes.v, s->strikes.n));
		cJSON_AddNumberToObject(x, "marks", s->marks);
		cJSON_AddBoolToObject(x, "dead", s->dead);
		cJSON_AddNumberToObject(x, "hand", s->hand.n);
		cJSON_AddNumberToObject(x, "deck", s->deck.n);
		cJSON_AddItemToObject(x, "discard", slugs(db, s->discard.v, s->discard.n));
		if (s->front.n > 0)	/* enemies in front of it */
			cJSON_AddItemToObject(x, "front", slugs(db, s->front.v, s->front.n));
		cJSON_AddStringToObject(x, "coordinate", s->coord == LGC_ASK ? "ask" :
		    s->coord == LGC_AUTO ? "auto" : "never");
		if (g->coord_card[i] >= 0)
			cJSON_AddStringToObject(x, "coordinated", db->cards[g->coord_card[i]].slug);
		cJSON_AddItemToArray(a, x);
	}
	x = cJSON_AddObjectToObject(o, "this_turn");
	cJSON_AddNumberToObject(x, "attack", g->attack);
	cJSON_AddNumberToObject(x, "recruit", g->recruit);
	cJSON_AddNumberToObject(x, "free_scans", g->free_scans);
	cJSON_AddNumberToObject(x, "avoid", g->avoid);
	c = cJSON_AddArrayToObject(x, "played");
	for (i = 0; i < g->nplayed; i++)
		cJSON_AddItemToArray(c, cJSON_CreateString(db->cards[g->played[i].card].slug));
	if (g->result != 0) {
		cJSON_AddStringToObject(o, "result", g->result == 1 ? "major victory" :
		    g->result == 2 ? "minor victory" : "lost");
		cJSON_AddNumberToObject(o, "score", lg_score(g));
	}
	if (seat >= 0 && seat < g->nseats) {
		cJSON_AddStringToObject(o, "reader", g->s[seat].name);
		cJSON_AddItemToObject(o, "hand", slugs(db, g->s[seat].hand.v, g->s[seat].hand.n));
		/* the reader's standing `cancel` choice (orders.c), its own */
		k = g->s[seat].cancel;
		cJSON_AddStringToObject(o, "cancel", k == LGX_NEVER ? "never" : k == LGX_ALWAYS ?
		    "always" : db->cards[k - LGX_CARD].slug);
		/* its standing `discards` and `timing` choices, its own too */
		k = g->s[seat].discards;
		cJSON_AddStringToObject(o, "discards", k == LGD_CHEAPEST ? "cheapest" :
		    k == LGD_DEAREST ? "dearest" : db->cards[k - LGD_CARD].slug);
		cJSON_AddStringToObject(o, "timing", g->s[seat].timing == LGT_FARTHEST ?
		    "farthest" : "nearest");
		/* its standing `show` and `cover` choices */
		k = g->s[seat].show;
		cJSON_AddStringToObject(o, "show", k == LGS_ANY ? "any" : k == LGS_NEVER ?
		    "never" : db->cards[k - LGS_CARD].slug);
		k = g->s[seat].cover;
		cJSON_AddStringToObject(o, "cover", k == LGV_NEVER ? "never" : k == LGV_ALWAYS ?
		    "always" : db->cards[k - LGV_CARD].slug);
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

cJSON *
lg_view_text(const cJSON *rv, const char *seat)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *e, *p = cJSON_GetObjectItemCaseSensitive(rv, "progress");
	cJSON *o;

	if (strcmp(str(rv, "mode"), "predators") == 0)
		return pd_view_text(rv, seat);
	o = cJSON_CreateObject();
	strbuf_addf(&sb, "Legendary Encounters: Predator, Playing as Humans -- turn %d, %s "
	    "(%s's turn)\n", num(rv, "turn"), str(rv, "phase"), str(rv, "active"));
	strbuf_addstr(&sb, "Options: ");
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(rv, "options")) == 0)
		strbuf_addstr(&sb, "none");
	else
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "options"));
	strbuf_addf(&sb, "\nLocation: %s (hazards revealed: %d)\nObjectives:",
	    str(rv, "location"), num(rv, "hazards_revealed"));
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "objectives"))
		strbuf_addf(&sb, " %s%s", str(e, "objective"), cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(e, "completed")) ? " (done)" : cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(e, "current")) ? " (current)" : "");
	strbuf_addstr(&sb, "\n");
	if (p != NULL) {
		strbuf_addstr(&sb, "Progress: to reveal ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(p, "to_reveal"));
		if (*str(p, "kill") != '\0')
			strbuf_addf(&sb, "; killed %d of %d %s", num(p, "killed"),
			    num(p, "needed"), str(p, "kill"));
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "final_enemy")))
			strbuf_addstr(&sb, "; kill the Final Enemy (or reveal the Minor Goal)");
		strbuf_addstr(&sb, "\n");
	}
	strbuf_addstr(&sb, "The Wilds:\n");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "wilds")) {
		const char *c = str(e, "card");

		strbuf_addf(&sb, "  %-12s scan %d  %s", str(e, "space"), num(e, "scan"),
		    *c == '\0' ? "(clear)" : c);
		if (cJSON_GetObjectItemCaseSensitive(e, "attack") != NULL)
			strbuf_addf(&sb, " (attack %d)", num(e, "attack"));
		if (*str(e, "attached") != '\0')
			strbuf_addf(&sb, ", attached: %s", str(e, "attached"));
		strbuf_addstr(&sb, "\n");
	}
	strbuf_addstr(&sb, "Combat Zone (strikes right to left):");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "combat_zone"))
		strbuf_addf(&sb, " %s (attack %d)", str(e, "card"), num(e, "attack"));
	strbuf_addstr(&sb, "\nHQ: ");
	list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "hq"));
	e = cJSON_GetObjectItemCaseSensitive(rv, "counts");
	strbuf_addf(&sb, "\nDecks: enemy %d, barracks %d, commanders %d, strikes %d "
	    "(discarded %d)\n", num(e, "enemy_deck"), num(e, "barracks"), num(e, "commanders"),
	    num(e, "strike_deck"), num(e, "strike_discard"));
	if (cJSON_GetObjectItemCaseSensitive(rv, "operations") != NULL) {
		strbuf_addstr(&sb, "Operations: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "operations"));
		strbuf_addf(&sb, " (every Scan Cost %+d)\n", num(e, "operations_scan"));
	}
	strbuf_addstr(&sb, "Players:\n");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(rv, "seats")) {
		strbuf_addf(&sb, "  %s%s: %s, damage %d of %d, marks %d, hand %d, deck %d%s%s\n"
		    "    strikes: ", str(e, "seat"), strcmp(str(e, "seat"), seat) == 0 ?
		    " (you)" : "", str(e, "avatar"), num(e, "damage"), num(e, "health"),
		    num(e, "marks"), num(e, "hand"), num(e, "deck"), cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(e, "dead")) ? ", dead" : "",
		    *str(e, "coordinated") ? ", coordinating" : "");
		list(&sb, cJSON_GetObjectItemCaseSensitive(e, "strikes"));
		strbuf_addstr(&sb, "\n    discard: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(e, "discard"));
		if (cJSON_GetObjectItemCaseSensitive(e, "front") != NULL) {
			strbuf_addstr(&sb, "\n    in front: ");
			list(&sb, cJSON_GetObjectItemCaseSensitive(e, "front"));
		}
		strbuf_addstr(&sb, "\n");
	}
	e = cJSON_GetObjectItemCaseSensitive(rv, "this_turn");
	strbuf_addf(&sb, "This turn: attack %d, recruit %d, free scans %d; played: ",
	    num(e, "attack"), num(e, "recruit"), num(e, "free_scans"));
	list(&sb, cJSON_GetObjectItemCaseSensitive(e, "played"));
	strbuf_addstr(&sb, "\n");
	if (*str(rv, "result") != '\0')
		strbuf_addf(&sb, "Result: %s, score %d\n", str(rv, "result"), num(rv, "score"));
	if (cJSON_GetObjectItemCaseSensitive(rv, "hand") != NULL) {
		strbuf_addstr(&sb, "Your hand: ");
		list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "hand"));
		strbuf_addstr(&sb, "\n");
	}
	if (*str(rv, "cancel") != '\0' && strcmp(str(rv, "cancel"), "never") != 0)
		strbuf_addf(&sb, "A strike you may cancel: cancel %s\n", str(rv, "cancel"));
	if (*str(rv, "discards") != '\0' && strcmp(str(rv, "discards"), "cheapest") != 0)
		strbuf_addf(&sb, "When a card makes you discard: discards %s\n",
		    str(rv, "discards"));
	if (*str(rv, "show") != '\0' && strcmp(str(rv, "show"), "any") != 0)
		strbuf_addf(&sb, "When a card lets you show one: show %s\n", str(rv, "show"));
	if (*str(rv, "cover") != '\0' && strcmp(str(rv, "cover"), "never") != 0)
		strbuf_addf(&sb, "A goal's cover in any turn: cover %s\n", str(rv, "cover"));
	if (strcmp(str(rv, "timing"), "farthest") == 0)
		strbuf_addstr(&sb, "Cards moved into the Combat Zone together turn up: "
		    "timing farthest\n");
	/* the orders themselves are the orders block's (the rules template) */
	if (*str(rv, "legal_orders") != '\0')
		strbuf_addstr(&sb, "Your orders: in the orders block below.\n");
	cJSON_AddStringToObject(o, "text", strbuf_str(&sb));
	strbuf_free(&sb);
	return o;
}
