/*
 * event-sentences.c — Legendary's events as sentences a player reads (struct
 * rules events_text, PRODUCT.md §6, issue 16): one template per event type
 * (lib/sentence.h) of both games, Playing as Humans and Playing as
 * Predators; card, location, objective, role and space names from the card
 * data (never from the game state), seats by their names ("Jungle Hunter"),
 * and like events in a row told in one sentence ("Lieutenant plays 3 Brute
 * Strength and Position and Situation").
 *
 * Secrecy: a sentence is made of the payloads given (the reader's, already
 * filtered) and the public card data alone. A seat's private events (its
 * draws, trophies, failed orders) carry no seat: only that seat sees them,
 * so they read "You draw ...".
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sentence.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

/*
 * Per type, in order of preference: the sentence when the member `when`
 * is present and true (a string not empty; "!k": absent or false), or
 * always (when NULL). Members that name seats read as the seat's name;
 * {k*} reads a card's, location's, objective's, role's or space's name.
 */
static const struct sentence {
	const char	*type, *when, *text;
} sentences[] = {
	{ "legendary.arrest", NULL, "{officer*} arrests {prey*}" },
	{ "legendary.averted", NULL, "{seat} averts {card*}" },
	{ "legendary.discard-draw", NULL, "{seat} discards {card*} to draw a card" },
	{ "legendary.swap", NULL, "{seat} swaps the Attack and Recruit of {card*}: "
	    "{attack} Attack, {recruit} Recruit" },
	{ "legendary.character-killed", "played", "{seat} kills their own {card*}, "
	  "played this turn" },
	{ "legendary.character-killed", NULL, "{seat} kills their own {card*}" },
	{ "legendary.combat-zone", "card", "{card*} moves into the Combat Zone" },
	{ "legendary.combat-zone", NULL, "A face-down card moves into the Combat Zone" },
	{ "legendary.coordinate", NULL, "{seat} coordinates {card*} to {to}" },
	{ "legendary.danger-sprung", NULL, "The Danger {card*} springs" },
	{ "legendary.disabled", NULL, "{seat} disables the Trap {card*}" },
	{ "legendary.disarming", NULL, "{card*} disarms: hands over 4 cards are cut "
	    "to 4" },
	{ "legendary.discard", NULL, "{seat} discards {cards}" },
	{ "legendary.discard-top", NULL, "{seat} discards {card*} from the top of "
	    "the deck" },
	{ "legendary.discarded", NULL, "{card*} leaves the Combat Zone" },
	{ "legendary.drawn", NULL, "You draw {cards}" },
	{ "legendary.duel", NULL, "{seat} duels {target}" },
	{ "legendary.enemy-deck-reshuffled", NULL, "The Enemy deck is shuffled "
	    "again ({cards#card})" },
	{ "legendary.enters", NULL, "A face-down card enters the {space*}" },
	{ "legendary.escaped", NULL, "{card*} escapes" },
	{ "legendary.gain", "hq", "{seat} gains {card*}; {hq*} fills the HQ" },
	{ "legendary.gain", NULL, "{seat} gains {card*}" },
	{ "legendary.game-over", "honors", "The game is over: {why}; honor: {honors}" },
	{ "legendary.game-over", NULL, "The game is over: {why}" },
	{ "legendary.gear", NULL, "{prey*} takes up the Gear {gear*}" },
	{ "legendary.gear-waits", NULL, "The Gear {gear*} waits for a Prey" },
	{ "legendary.goal-ignored", NULL, "{card*} waits: a goal of another "
	    "objective than the current one" },
	{ "legendary.healed", "whole", "{seat} heals {strike*}" },
	{ "legendary.healed", "strike", "{seat} heals {strike*} in part" },
	{ "legendary.healed", NULL, "{seat} heals {card*}" },
	{ "legendary.honor", NULL, "{seat} gains {honor} honor" },
	{ "legendary.killed", "cards", "{seat} kills {cards}" },
	{ "legendary.killed", NULL, "{seat} kills {card*}" },
	{ "legendary.lost", NULL, "The game is lost: {why}" },
	{ "legendary.mark", NULL, "{seat} is marked ({marks#mark} now)" },
	{ "legendary.no-strikes", NULL, "No Strikes this turn" },
	{ "legendary.not-expressed", "card", "An ability of {card*} is skipped (not "
	    "expressed)" },
	{ "legendary.not-expressed", NULL, "An ability of the objective is skipped "
	    "(not expressed)" },
	{ "legendary.not-killed", NULL, "{card*} stands: {seat}'s Attack clears a Mark "
	    "instead of killing it" },
	{ "legendary.objective-completed", NULL, "Objective {objective*} is "
	    "completed (stage {stage})" },
	{ "legendary.objective-progress", NULL, "The objective: {progress} of "
	    "{needed} done" },
	{ "legendary.operations", NULL, "{card*} goes to Operations ({events#Event} "
	    "there, every Scan Cost +{scan})" },
	{ "legendary.operations-cleared", NULL, "The Events in Operations leave with "
	    "the objective" },
	{ "legendary.order-dropped", NULL, "Your order on line {line} is dropped: "
	    "{why}" },
	{ "legendary.order-failed", NULL, "Your order on line {line} ({order}) "
	    "failed: {why}" },
	{ "legendary.play", "copy", "{seat} plays {cards}, coordinated" },
	{ "legendary.play", NULL, "{seat} plays {cards}" },
	{ "legendary.player-died", NULL, "{seat} dies" },
	{ "legendary.predator-died", "by", "{seat} dies, killed by {by}" },
	{ "legendary.predator-died", NULL, "{seat} dies" },
	{ "legendary.preparation-turn", NULL, "A preparation turn: no Enemy phase" },
	{ "legendary.prey-deck", NULL, "The Mercenaries make a new Prey deck "
	    "({mercenaries#card})" },
	{ "legendary.in-front", NULL, "{card*} moves in front of {seat}" },
	{ "legendary.hand-discarded", NULL, "{seat} discards {card*} from the hand" },
	{ "legendary.shown", NULL, "{seat} shows {card*} ({from}) for {for*}" },
	{ "legendary.goal-cover", NULL, "{seat} uses {goal*} to cancel {card*}, drawn by "
	    "{for}, discarding {discarded*}" },
	{ "legendary.armory-revealed", NULL, "{seat} reveals {card*} (cost {cost}) from "
	    "the Armory{gained? and gains it|; it goes back on top}" },
	{ "legendary.hazard-to-enemy-deck", NULL, "{card*} goes back into the Enemy deck "
	    "({cards#card})" },
	{ "legendary.recruit", "hq", "{seat} recruits {card*}; {hq*} fills the HQ" },
	{ "legendary.recruit", "cards", "{seat} recruits {cards}" },
	{ "legendary.recruit", NULL, "{seat} recruits {card*}" },
	{ "legendary.released", NULL, "{prey*} is released" },
	{ "legendary.reshuffle", NULL, "{seat} shuffles the discards into a new deck" },
	{ "legendary.restored", "whole", "{seat} restores {strike*}" },
	{ "legendary.restored", NULL, "{seat} restores {strike*} in part" },
	{ "legendary.revealed", "named", "{card*} ({kind}) is revealed" },
	{ "legendary.revealed", NULL, "{article} {card*} is revealed" },
	{ "legendary.role", NULL, "{seat} is the {role*} (initiative "
	    "{initiative})" },
	{ "legendary.runner", NULL, "{card*} runs ahead" },
	{ "legendary.scan", NULL, "{seat} scans the {space*}" },
	{ "legendary.setup", "chosen", "Playing as Predators: the Prey mini-decks "
	    "{prey_decks*}, the Armory of {armory_groups*}, a Prey deck of {prey_deck}" },
	{ "legendary.setup", "mode", "Playing as Predators: {movie*}, a Prey deck "
	    "of {prey_deck}" },
	{ "legendary.setup", NULL, "{movie*} in {location*}: objectives "
	    "{objectives*}" },
	{ "legendary.attached", NULL, "{card*} is attached to the {space*}" },
	{ "legendary.timing", NULL, "Cards move into the Combat Zone together ({moved}); "
	    "{seat} turns up the {first} first" },
	{ "legendary.strike-cancelled", NULL, "{seat} cancels {card*}, discarding "
	    "{discarded*}" },
	{ "legendary.strike", "dishonor", "{seat} takes the Strike {card*}, {damage} "
	    "damage, {dishonor} dishonor{lethal?, lethal|}" },
	{ "legendary.strike", "lethal", "{seat} takes the Strike {card*}, {damage} "
	    "damage, lethal" },
	{ "legendary.strike", "enemy", "{enemy*} strikes {seat}: {card*}, {damage} "
	    "damage" },
	{ "legendary.strike", NULL, "{seat} takes the Strike {card*}, {damage} "
	    "damage" },
	{ "legendary.strike-avoided", NULL, "{seat} avoids a Strike" },
	{ "legendary.strike-shown", NULL, "The Strike {card*} is shown: +{damage} "
	    "Attack" },
	{ "legendary.strikes-reshuffled", NULL, "The Strike deck is shuffled again "
	    "({cards#card})" },
	{ "legendary.test", NULL, "A Test is set: {card*}" },
	{ "legendary.test-passed", NULL, "{seat} passes the Test {card*}" },
	{ "legendary.trap", NULL, "{seat} gets the Trap {trap*}" },
	{ "legendary.trophy", NULL, "You take {card*} as a trophy ({honor} honor)" },
	{ "legendary.turn", "preparation", "Turn {turn}: {seat}'s turn, to prepare" },
	{ "legendary.turn", "hunt_only", "Turn {turn}: {seat}'s turn, a hunt only" },
	{ "legendary.turn", NULL, "Turn {turn}: {seat}'s turn" },
	{ "legendary.unmarked", NULL, "{seat} clears a Mark ({marks#mark} left)" },
	{ "legendary.use", NULL, "{seat} uses {card*}" },
	{ "legendary.wilds-face-down", NULL, "Every card in the Wilds turns face "
	    "down" },
	{ "legendary.won", NULL, "The players win a {victory} victory (score "
	    "{score})" },
	{ "victory", "ultimate", "{seats} {win} by killing the Ultimate Prey" },
	{ "victory", NULL, "{seats} {win} on honor" },
};

#define NSENTENCES	(sizeof sentences / sizeof sentences[0])

/* The members that name a seat. */
static const char *const seat_keys[] = { "seat", "by", "to", "target" };

static const char *
str(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

static int
is_type(const cJSON *p, const char *type)
{
	const char *t = str(p, "type");

	return t != NULL && strcmp(t, type) == 0;
}

/* Do a and b agree on member k (both absent counts)? */
static int
same(const cJSON *a, const cJSON *b, const char *k)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(a, k),
	    *y = cJSON_GetObjectItemCaseSensitive(b, k);

	return (x == NULL && y == NULL) || (x != NULL && y != NULL &&
	    cJSON_Compare(x, y, 1));
}

/* A slug as words: "predator-2" reads "Predator 2". */
static char *
title_case(const char *slug)
{
	char *s = xstrdup(slug), *p;
	int start = 1;

	for (p = s; *p != '\0'; p++) {
		if (*p == '-' || *p == '_')
			*p = ' ';
		if (start && islower((unsigned char)*p))
			*p = (char)toupper((unsigned char)*p);
		start = *p == ' ';
	}
	return s;
}

/*
 * A name from the public card data: a card's, an objective's, a
 * location's, an avatar's, a Predator role's, a Prey mini-deck's or an
 * Armory group's; else the slug as words (a movie, a space of the Wilds).
 */
static char *
data_name(void *ctx, const char *id)
{
	const struct lg_db *db = ctx;
	int i;

	if (db != NULL) {
		if ((i = lg_card_find(db, id)) >= 0 && db->cards[i].name != NULL)
			return xstrdup(db->cards[i].name);
		for (i = 0; i < db->nobjectives; i++)
			if (strcmp(db->objectives[i].slug, id) == 0)
				return xstrdup(db->objectives[i].name);
		for (i = 0; i < db->nlocations; i++)
			if (strcmp(db->locations[i].slug, id) == 0)
				return xstrdup(db->locations[i].name);
		for (i = 0; i < db->navatars; i++)
			if (strcmp(db->avatars[i].slug, id) == 0)
				return xstrdup(db->avatars[i].name);
		for (i = 0; i < db->pd.nroles; i++)
			if (strcmp(db->pd.roles[i].slug, id) == 0)
				return xstrdup(db->pd.roles[i].name);
		for (i = 0; i < db->pd.nprey; i++)
			if (strcmp(db->pd.prey_slug[i], id) == 0 && db->pd.prey_name[i] != NULL)
				return xstrdup(db->pd.prey_name[i]);
		for (i = 0; i < db->pd.narmory; i++)
			if (strcmp(db->pd.armory_slug[i], id) == 0 &&
			    db->pd.armory_name[i] != NULL)
				return xstrdup(db->pd.armory_name[i]);
	}
	return title_case(id);
}

/* A seat's name: its avatar's or role's when the seat is named for one. */
static char *
seat_name(const struct lg_db *db, const char *seat)
{
	int i;

	for (i = 0; db != NULL && i < db->navatars; i++)
		if (strcmp(db->avatars[i].slug, seat) == 0)
			return xstrdup(db->avatars[i].name);
	for (i = 0; db != NULL && i < db->pd.nroles; i++)
		if (strcmp(db->pd.roles[i].slug, seat) == 0)
			return xstrdup(db->pd.roles[i].name);
	return title_case(seat);
}

static void
set_string(cJSON *m, const char *k, const char *v)
{
	if (cJSON_GetObjectItemCaseSensitive(m, k) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(m, k, cJSON_CreateString(v));
	else
		cJSON_AddStringToObject(m, k, v);
}

/*
 * The cards of a list as read: "3 Brute Strength, Experience and Position
 * and Situation" (like cards counted, in the order first met).
 */
static char *
cards_told(const struct lg_db *db, const cJSON *slugs)
{
	struct strbuf sb = STRBUF_INIT;
	int n = cJSON_GetArraySize(slugs), i, j, groups = 0, told = 0, *count;
	const char *a, *b;
	char *name;

	count = xcalloc((size_t)n + 1, sizeof *count);
	for (i = 0; i < n; i++) {
		a = cJSON_GetStringValue(cJSON_GetArrayItem(slugs, i));
		for (j = 0; j < i; j++) {
			b = cJSON_GetStringValue(cJSON_GetArrayItem(slugs, j));
			if (count[j] > 0 && a != NULL && b != NULL && strcmp(a, b) == 0)
				break;
		}
		if (j < i)
			count[j]++;
		else {
			count[i] = 1;
			groups++;
		}
	}
	for (i = 0; i < n; i++) {
		if (count[i] == 0)
			continue;
		a = cJSON_GetStringValue(cJSON_GetArrayItem(slugs, i));
		if (told > 0)
			strbuf_addstr(&sb, told + 1 == groups ? " and " : ", ");
		told++;
		if (count[i] > 1)
			strbuf_addf(&sb, "%d ", count[i]);
		name = data_name((void *)db, a != NULL ? a : "a card");
		strbuf_addstr(&sb, name);
		free(name);
	}
	free(count);
	return strbuf_detach(&sb, NULL);
}

/*
 * A reason from the rules with the cards it quotes by name: "\"mac-sample-2\"
 * is not in your hand" reads "Mac Sample 2 is not in your hand".
 */
static char *
names_unquoted(const struct lg_db *db, const char *why)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = why, *q, *e;
	char *slug;
	int i;

	while ((q = strchr(p, '"')) != NULL && (e = strchr(q + 1, '"')) != NULL) {
		strbuf_add(&sb, p, (size_t)(q - p));
		slug = xstrndup(q + 1, (size_t)(e - q - 1));
		if (db != NULL && (i = lg_card_find(db, slug)) >= 0 &&
		    db->cards[i].name != NULL)
			strbuf_addstr(&sb, db->cards[i].name);
		else
			strbuf_add(&sb, q, (size_t)(e - q + 1));
		free(slug);
		p = e + 1;
	}
	strbuf_addstr(&sb, p);
	return strbuf_detach(&sb, NULL);
}

/*
 * The payload as the templates read it: seats by name, the words that
 * stand for no card ("hidden", "empty", "objective", "") gone, and what
 * the templates ask besides (a revealed card's article, game-over's
 * honors).
 */
static cJSON *
readable(const struct lg_db *db, const cJSON *p)
{
	static const struct { const char *key, *none; } nothing[] = {
		{ "card", "hidden" }, { "card", "objective" }, { "hq", "empty" },
		{ "enemy", "" },
	};
	cJSON *m = cJSON_Duplicate(p, 1), *it;
	const char *v, *kind, *card;
	size_t i;
	char *s;

	for (i = 0; i < sizeof nothing / sizeof nothing[0]; i++)
		if ((v = str(m, nothing[i].key)) != NULL && strcmp(v, nothing[i].none) == 0)
			cJSON_DeleteItemFromObjectCaseSensitive(m, nothing[i].key);
	for (i = 0; i < sizeof seat_keys / sizeof seat_keys[0]; i++)
		if ((v = str(m, seat_keys[i])) != NULL) {
			s = seat_name(db, v);
			set_string(m, seat_keys[i], s);
			free(s);
		}
	if ((is_type(p, "legendary.order-failed") || is_type(p,
	    "legendary.order-dropped")) && (v = str(p, "why")) != NULL) {
		s = names_unquoted(db, v);
		set_string(m, "why", s);
		free(s);
	}
	if (is_type(p, "legendary.revealed") && (card = str(p, "card")) != NULL &&
	    (kind = str(p, "kind")) != NULL) {
		/* "an Event is revealed", "Val Verde Guerilla (enemy) is revealed" */
		if (strcmp(card, kind) != 0)
			cJSON_AddTrueToObject(m, "named");
		else {
			s = data_name((void *)db, card);
			cJSON_AddStringToObject(m, "article", strchr("AEIOUaeiou", s[0]) !=
			    NULL && s[0] != '\0' ? "an" : "a");
			free(s);
		}
	}
	if (is_type(p, "legendary.game-over") &&
	    !cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "cooperative"))) {
		struct strbuf sb = STRBUF_INIT;
		int n = 0;

		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(p, "scores")) {
			const cJSON *h = cJSON_GetObjectItemCaseSensitive(it, "honor");

			if ((v = str(it, "seat")) == NULL || !cJSON_IsNumber(h))
				continue;
			s = seat_name(db, v);
			strbuf_addf(&sb, "%s%s %d", n++ ? ", " : "", s, h->valueint);
			free(s);
		}
		if (n > 0)
			cJSON_AddStringToObject(m, "honors", strbuf_str(&sb));
		strbuf_free(&sb);
	}
	if (is_type(p, "victory") && (v = str(p, "condition")) != NULL &&
	    strcmp(v, "ultimate-prey") == 0)
		cJSON_AddTrueToObject(m, "ultimate");
	return m;
}

static const struct sentence *
sentence_for(const cJSON *m)
{
	const char *type = str(m, "type"), *w;
	const cJSON *v;
	size_t i;
	int neg;

	for (i = 0; type != NULL && i < NSENTENCES; i++) {
		if (strcmp(sentences[i].type, type) != 0)
			continue;
		if ((w = sentences[i].when) == NULL)
			return &sentences[i];
		neg = w[0] == '!';
		v = cJSON_GetObjectItemCaseSensitive(m, w + neg);
		if ((cJSON_IsTrue(v) || (cJSON_IsString(v) && v->valuestring[0] != '\0') ||
		    (cJSON_IsNumber(v) && v->valuedouble != 0)) != neg)
			return &sentences[i];
	}
	return NULL;
}

/*
 * The sentence of m (a readable() payload, with "cards" or "seats" made
 * for the types told as lists). NULL: no sentence for its type.
 */
static char *
render(const struct lg_db *db, const cJSON *m)
{
	const struct sentence *s = sentence_for(m);

	return s != NULL ? sentence_render(s->text, m, data_name, (void *)db) : NULL;
}

/*
 * Does q join the run that p starts? Draws with draws; plays, discards,
 * kills and recruits by the same seat (plays: copies with copies; recruits
 * with no HQ slot to tell of); victories with victories.
 */
static int
joins(const cJSON *p, const cJSON *q)
{
	if (!same(p, q, "type"))
		return 0;
	if (is_type(p, "legendary.drawn"))
		return 1;
	if (is_type(p, "legendary.play"))
		return same(p, q, "seat") && (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p,
		    "copy")) == cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "copy")));
	if (is_type(p, "legendary.discard") || is_type(p, "legendary.killed"))
		return same(p, q, "seat");
	if (is_type(p, "legendary.recruit"))	/* Predators': no HQ to fill */
		return same(p, q, "seat") && str(p, "hq") == NULL && str(q, "hq") == NULL;
	if (is_type(p, "victory"))
		return same(p, q, "condition");
	return 0;
}

/* A run told at once, from payloads i .. end-1: its sentence. */
static char *
run_told(const struct lg_db *db, const cJSON *payloads, int i, int end)
{
	cJSON *m = readable(db, cJSON_GetArrayItem(payloads, i)), *slugs;
	struct strbuf sb = STRBUF_INIT;
	char *s, *list;
	int j;

	if (is_type(m, "victory")) {
		for (j = i; j < end; j++) {
			const char *seat = str(cJSON_GetArrayItem(payloads, j), "seat");

			s = seat_name(db, seat != NULL ? seat : "nobody");
			if (j > i)
				strbuf_addstr(&sb, j + 1 == end ? " and " : ", ");
			strbuf_addstr(&sb, s);
			free(s);
		}
		set_string(m, "seats", strbuf_str(&sb));
		set_string(m, "win", end - i > 1 ? "win" : "wins");
		strbuf_free(&sb);
	} else {
		slugs = cJSON_CreateArray();
		for (j = i; j < end; j++)
			cJSON_AddItemToArray(slugs, cJSON_Duplicate(
			    cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(payloads, j),
			    "card"), 1));
		list = cards_told(db, slugs);
		set_string(m, "cards", list);
		free(list);
		cJSON_Delete(slugs);
	}
	s = render(db, m);
	cJSON_Delete(m);
	return s;
}

/*
 * A scan and the card it turned up, told as one: "Lieutenant scans the
 * River: Val Verde Guerilla (enemy) is revealed".
 */
static char *
scan_told(const struct lg_db *db, const cJSON *scan, const cJSON *rev)
{
	cJSON *a = readable(db, scan), *b = readable(db, rev);
	char *x = render(db, a), *y = render(db, b), *s = NULL;

	if (x != NULL && y != NULL) {
		/* the card's sentence goes on after a colon, lowercase if "A"/"An" */
		if ((strncmp(y, "A ", 2) == 0 || strncmp(y, "An ", 3) == 0))
			y[0] = 'a';
		s = xasprintf("%s: %s", x, y);
	}
	free(x);
	free(y);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return s;
}

cJSON *
lg_events_text(const struct rules_game *g, const cJSON *payloads)
{
	const struct lg_db *db = g != NULL ? g->db : NULL;
	int n = cJSON_GetArraySize(payloads), i, j, end;
	cJSON *out = cJSON_CreateArray();

	for (i = 0; i < n; i = end) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i), *q;
		char *s = NULL;
		cJSON *m;

		end = i + 1;
		if (is_type(p, "legendary.drawn") || is_type(p, "legendary.play") ||
		    is_type(p, "legendary.discard") || is_type(p, "victory")) {
			while (end < n && joins(p, cJSON_GetArrayItem(payloads, end)))
				end++;
			s = run_told(db, payloads, i, end);
		} else if ((is_type(p, "legendary.killed") || is_type(p,
		    "legendary.recruit")) && i + 1 < n &&
		    joins(p, cJSON_GetArrayItem(payloads, i + 1))) {
			while (end < n && joins(p, cJSON_GetArrayItem(payloads, end)))
				end++;
			s = run_told(db, payloads, i, end);
		} else if (is_type(p, "legendary.scan") && i + 1 < n &&
		    is_type(q = cJSON_GetArrayItem(payloads, i + 1), "legendary.revealed") &&
		    str(p, "seat") != NULL && str(q, "by") != NULL &&
		    strcmp(str(p, "seat"), str(q, "by")) == 0) {
			s = scan_told(db, p, q);
			if (s != NULL)
				end = i + 2;
		}
		if (s == NULL) {
			m = readable(db, p);
			s = render(db, m);
			cJSON_Delete(m);
		}
		if (s == NULL)
			cJSON_AddItemToArray(out, cJSON_CreateNull());
		else
			cJSON_AddItemToArray(out, cJSON_CreateString(s));
		for (j = i + 1; j < end; j++)
			cJSON_AddItemToArray(out, cJSON_CreateString(""));
		free(s);
	}
	return out;
}

cJSON *
lg_data_events_text(const void *data, const cJSON *payloads)
{
	struct rules_game *g = xcalloc(1, sizeof *g);	/* the data alone */
	cJSON *out;

	g->db = data;
	out = lg_events_text(g, payloads);
	free(g);
	return out;
}
