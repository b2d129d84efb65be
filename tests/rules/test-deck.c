/*
 * test-deck.c — decklists against the sample card set: the four sample
 * decks are legal under Contact, and a table of illegal decks, each with
 * its exact violation lines (general rules, Contact additions and
 * overrides, starting cards, parse errors).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"
#include "tests/tap.h"

static struct ccg_carddb *db;

static char *
srcpath(const char *rel)
{
	const char *top = getenv("top_srcdir");

	return xasprintf("%s/%s", top != NULL ? top : ".", rel);
}

/* Parse and check text; the problems joined by newlines ("" when legal). */
static char *
check(const char *text, const char *scenario, int faction)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	dl = ccg_decklist_parse(db, "t.deck", text, strlen(text), &p);
	ccg_deck_validate(dl, ccg_deck_rules_find(scenario), faction, &p);
	for (i = 0; i < p.n; i++)
		strbuf_addf(&sb, "%s%s", i ? "\n" : "", p.lines[i]);
	ccg_problems_free(&p);
	ccg_decklist_free(dl);
	return strbuf_detach(&sb, NULL);
}

/* Lines 1-9 of every Marines case; the draw deck starts on line 10. */
#define M_HEAD "faction marines\n[start]\n1 Pvt Hudson\n1 Cpl Hicks\n1 Sgt Apone\n" \
	"1 Pvt Vasquez\n1 Barracks\n1 Weapons Locker\n[deck]\n"
/* Lines 10-18: a legal 40-card draw deck for the Marines in Contact. */
#define M_SUP "3 Colonist\n1 Mechanic\n1 Medic\n"
#define M_LOC "2 Operations\n2 Docking Bay\n1 Kitchen\n1 Engineering\n"
#define M_ITEMS "20 Pulse Rifle\n9 Body Armor\n"
#define M_LEGAL M_HEAD M_SUP M_LOC M_ITEMS

/* Rogue: lines 1-10, then the same draw deck from line 11. */
#define R_HEAD "faction rogue\n[start]\n1 Capt Mara Voss\n1 Kessler\n1 Dix\n1 Rook\n" \
	"4 Lacrima 99\n1 Airlock\n1 Cargo Bay\n[deck]\n"
#define R_LEGAL R_HEAD M_SUP M_LOC M_ITEMS

/* Aliens: lines 1-7, draw deck from line 8 to 24. */
#define A_HEAD "faction aliens\n[start]\n1 Alien Queen\n3 Alien Warrior\n" \
	"1 Breeding Chamber\n1 Hive Tunnels\n[deck]\n"
#define A_REST "3 Chest Burster\n3 Face Hugger\n3 Royal Guard\n3 Protect The Queen\n" \
	"3 Defend The Hive\n3 Royal Jelly\n3 Acid Splash\n3 Resin Wall\n2 Adrenaline Rush\n"
#define A_LEGAL A_HEAD "3 Alien Warrior\n" M_SUP M_LOC A_REST

/* Cloned Aliens (general rules): lines 1-21, a legal 40-card deck. */
#define C_LEGAL "faction aliens\n[deck]\n3 Cloned Alien Warrior\n3 Chest Burster\n" \
	"3 Face Hugger\n1 Young Queen\n1 Cloned Queen\n1 Newborn\n" M_SUP M_LOC \
	"3 Protect The Queen\n3 Defend The Hive\n3 Royal Jelly\n3 Acid Splash\n" \
	"3 Resin Wall\n2 Adrenaline Rush\n"

/* Predator: lines 1-8, draw deck from line 9. */
#define P_HEAD "faction predator\n[start]\n1 Young Tusk\n1 Melee Claws\n1 Mask\n" \
	"1 Predator Shuttle\n1 Landing Field\n[deck]\n"
#define P_LEGAL P_HEAD M_SUP M_LOC M_ITEMS

static const struct {
	const char	*what;
	const char	*scenario;
	int		 faction;	/* -1: the decklist's own */
	const char	*text;
	const char	*want;
} cases[] = {
	{ "legal Marines", "contact", -1, M_LEGAL, "" },
	{ "legal Rogue", "contact", -1, R_LEGAL, "" },
	{ "legal Aliens", "contact", -1, A_LEGAL, "" },
	{ "legal Predator", "contact", -1, P_LEGAL, "" },
	{ "legal under the general rules without [start]", "general", CCG_FACTION_MARINES,
	  M_SUP M_LOC M_ITEMS, "" },
	{ "too small", "contact", -1, M_HEAD M_SUP M_LOC "19 Pulse Rifle\n9 Body Armor\n",
	  "t.deck: the draw deck has 39 cards; at least 40 are needed" },
	{ "copy limit summed over lines, reported at the first", "contact", -1,
	  M_LEGAL "1 Colonist\n",
	  "t.deck:10: 4 Colonist: at most 3 copies (copy limit)" },
	{ "unique", "contact", -1, M_LEGAL "2 Newt\n",
	  "t.deck:19: 2 Newt: at most 1 copy (unique)" },
	{ "limited", "contact", -1, M_LEGAL "4 Smart Gun\n",
	  "t.deck:19: 4 Smart Gun: at most 3 copies (limited)" },
	{ "items otherwise unlimited", "contact", -1, M_LEGAL "7 Medikit\n", "" },
	{ "Contact: Hand Welder and Hull Breach unique, Sentry Gun limited", "contact", -1,
	  M_LEGAL "2 Hand Welder\n2 Hull Breach\n4 UA 571C Sentry Gun\n",
	  "t.deck:19: 2 Hand Welder: at most 1 copy (unique in this scenario)\n"
	  "t.deck:20: 2 Hull Breach: at most 1 copy (unique in this scenario)\n"
	  "t.deck:21: 4 UA 571C Sentry Gun: at most 3 copies (limited in this scenario)" },
	{ "general rules: no Contact overrides", "general", -1,
	  M_LEGAL "2 Hand Welder\n2 Hull Breach\n4 UA 571C Sentry Gun\n", "" },
	{ "Emergency Escape Vehicle unique for the Rogue only", "contact", -1,
	  R_LEGAL "2 Emergency Escape Vehicle\n",
	  "t.deck:20: 2 Emergency Escape Vehicle: at most 1 copy (unique in this scenario)" },
	{ "Emergency Escape Vehicle: 2 allowed for the Marines", "contact", -1,
	  M_LEGAL "2 Emergency Escape Vehicle\n", "" },
	{ "molted Aliens up to 5", "contact", -1, A_LEGAL "5 Elite Guard\n", "" },
	{ "molted Aliens not 6", "contact", -1, A_LEGAL "6 Elite Guard\n",
	  "t.deck:25: 6 Elite Guard: at most 5 copies (molted Alien)" },
	/* "Cloned Aliens" (deck-cloned.c) */
	{ "a Cloned Aliens deck", "general", -1, C_LEGAL, "" },
	{ "a Cloned Aliens deck: only Cloned Alien main characters", "general", -1,
	  C_LEGAL "1 Alien Warrior\n1 Elite Guard\n1 Warrior Queen\n",
	  "t.deck:22: Alien Warrior is never in a Cloned Aliens deck (this deck "
	  "holds Cloned Aliens from line 3, and a Hive Aliens deck never does)\n"
	  "t.deck:23: Elite Guard lacks the Cloned resource: a Cloned Aliens deck "
	  "(Cloned Aliens from line 3) uses only Cloned Alien main characters "
	  "besides Face Hugger, Chest Burster and Young Queen\n"
	  "t.deck:24: Warrior Queen is never in a Cloned Aliens deck (this deck "
	  "holds Cloned Aliens from line 3, and a Hive Aliens deck never does)" },
	{ "a Hive Aliens deck holds no Cloned Alien", "contact", -1,
	  A_LEGAL "1 Cloned Alien Warrior\n",
	  "t.deck:3: Alien Queen lacks the Cloned resource: a Cloned Aliens deck "
	  "(Cloned Aliens from line 25) uses only Cloned Alien main characters "
	  "besides Face Hugger, Chest Burster and Young Queen\n"
	  "t.deck:4: Alien Warrior is never in a Cloned Aliens deck (this deck "
	  "holds Cloned Aliens from line 25, and a Hive Aliens deck never does)\n"
	  "t.deck:8: Alien Warrior is never in a Cloned Aliens deck (this deck "
	  "holds Cloned Aliens from line 25, and a Hive Aliens deck never does)\n"
	  "t.deck:18: Royal Guard is never in a Cloned Aliens deck (this deck "
	  "holds Cloned Aliens from line 25, and a Hive Aliens deck never does)" },
	{ "starting Alien Warriors do not count against the deck's 3", "contact", -1,
	  A_LEGAL "1 Alien Warrior\n",
	  "t.deck:8: 4 Alien Warrior: at most 3 copies (copy limit)" },
	{ "main characters only in an Aliens deck, only Alien ones", "contact", -1,
	  M_LEGAL "1 Ripley\n1 Alien Warrior\n",
	  "t.deck:19: Ripley: a main character cannot be in the draw deck (only Alien "
	  "main characters, in an Aliens deck)\n"
	  "t.deck:20: Alien Warrior: a main character cannot be in the draw deck (only "
	  "Alien main characters, in an Aliens deck)" },
	{ "no Predator main character in an Aliens deck", "contact", -1,
	  A_LEGAL "1 Young Tusk\n",
	  "t.deck:25: Young Tusk: a main character cannot be in the draw deck (only "
	  "Alien main characters, in an Aliens deck)" },
	{ "battle conditions only among the starting cards", "contact", -1,
	  M_LEGAL "1 Lockdown\n",
	  "t.deck:19: Lockdown: a battle condition cannot be in the draw deck, only "
	  "among the starting cards" },
	{ "a starting location is not in the draw deck", "contact", -1,
	  M_LEGAL "1 Barracks\n",
	  "t.deck:19: Barracks is one of the starting cards (line 7); it cannot also "
	  "be in the draw deck" },
	{ "fewer than 4 supporting characters", "contact", -1,
	  M_HEAD "1 Colonist\n1 Mechanic\n1 Medic\n" M_LOC "22 Pulse Rifle\n9 Body Armor\n",
	  "t.deck: the draw deck has 3 supporting characters; Contact needs at least 4" },
	{ "fewer than 3 kinds of supporting characters", "contact", -1,
	  M_HEAD "3 Colonist\n2 Mechanic\n" M_LOC M_ITEMS,
	  "t.deck: the draw deck has 2 different supporting characters; Contact needs at least 3" },
	{ "fewer than 6 locations", "contact", -1,
	  M_HEAD M_SUP "2 Operations\n2 Docking Bay\n1 Kitchen\n" "21 Pulse Rifle\n9 Body Armor\n",
	  "t.deck: the draw deck has 5 locations; Contact needs at least 6\n"
	  "t.deck: the draw deck has 3 different locations; Contact needs at least 4" },
	{ "fewer than 4 kinds of locations", "contact", -1,
	  M_HEAD M_SUP "3 Operations\n2 Docking Bay\n1 Kitchen\n" M_ITEMS,
	  "t.deck: the draw deck has 3 different locations; Contact needs at least 4" },
	{ "no Operations", "contact", -1,
	  M_HEAD M_SUP "2 Tavern\n2 Docking Bay\n1 Kitchen\n1 Engineering\n" M_ITEMS,
	  "t.deck: the draw deck has no Operations location; Contact needs one" },
	{ "Marines need a Docking Bay", "contact", -1,
	  M_HEAD M_SUP "2 Operations\n2 Tavern\n1 Kitchen\n1 Engineering\n" M_ITEMS,
	  "t.deck: the draw deck has no Docking Bay location; in Contact the Marines need one" },
	{ "the Predator needs no Docking Bay", "contact", -1,
	  P_HEAD M_SUP "2 Operations\n2 Tavern\n1 Kitchen\n1 Engineering\n" M_ITEMS, "" },
	{ "no [start] section", "contact", -1, "faction aliens\n" "3 Alien Warrior\n" M_SUP M_LOC
	  A_REST,
	  "t.deck: no [start] section: in Contact the Aliens start with Alien Queen, 3 Alien "
	  "Warriors, Breeding Chamber, Hive location" },
	{ "Marines starting cards: 3 characters, Ripley twice, no Weapons Locker", "contact", -1,
	  "faction marines\n[start]\n1 Pvt Hudson\n2 Ripley\n1 Barracks\n1 Kitchen\n[deck]\n"
	  M_SUP M_LOC M_ITEMS,
	  "t.deck:13: Kitchen is one of the starting cards (line 6); it cannot also be in "
	  "the draw deck\n"
	  "t.deck:4: 2 Ripley: at most one among the starting cards\n"
	  "t.deck:6: Kitchen is not a starting card of the Marines in Contact\n"
	  "t.deck: [start] has 0 Weapons Locker; Contact needs 1\n"
	  "t.deck: [start] has 3 Marines main characters; Contact needs 4" },
	{ "Rogue starting cards: two Leaders, three weapons", "contact", -1,
	  "faction rogue\n[start]\n1 Capt Mara Voss\n1 Brandt\n1 Dix\n1 Rook\n"
	  "3 Lacrima 99\n1 Pulse Rifle\n1 Airlock\n1 Cargo Bay\n[deck]\n" M_SUP M_LOC M_ITEMS,
	  "t.deck:8: Pulse Rifle is not a starting card of the Rogue in Contact\n"
	  "t.deck: [start] has 3 Prohibited weapons; Contact needs 4\n"
	  "t.deck: [start] has 2 main characters with Leader; Contact needs exactly 1" },
	{ "Predator starting cards: no Entry location, two battle conditions", "contact", -1,
	  "faction predator\n[start]\n1 Young Tusk\n1 Melee Claws\n1 Mask\n"
	  "1 Predator Shuttle\n1 Lockdown\n1 Power Failure\n[deck]\n" M_SUP M_LOC M_ITEMS,
	  "t.deck: 2 battle conditions among the starting cards; at most 1\n"
	  "t.deck: [start] has 0 Entry location; Contact needs 1" },
	{ "Aliens starting cards: 2 Warriors, a Hive location that is not one", "contact", -1,
	  "faction aliens\n[start]\n1 Alien Queen\n2 Alien Warrior\n1 Breeding Chamber\n"
	  "1 Operations\n[deck]\n" "3 Alien Warrior\n" M_SUP M_LOC A_REST,
	  "t.deck:12: Operations is one of the starting cards (line 6); it cannot also be "
	  "in the draw deck\n"
	  "t.deck:6: Operations is not a starting card of the Aliens in Contact\n"
	  "t.deck: [start] has 2 Alien Warriors; Contact needs 3\n"
	  "t.deck: [start] has 0 Hive location; Contact needs 1" },
	{ "parse problems, each with its line", "contact", -1,
	  "faction marines\nfaction aliens\n[start]\n1 Pvt Hudson\n1 Cpl Hicks\n1 Sgt Apone\n"
	  "1 Pvt Vasquez\n1 Barracks\n1 Weapons Locker\n[deck]\n" M_SUP M_LOC M_ITEMS
	  "0 Kitchen\n2 Pvt Hicks\nthree Colonists\n3Colonist\n[side]\n",
	  "t.deck:2: faction given twice (first on line 1)\n"
	  "t.deck:20: count must be 1..99, got 0\n"
	  "t.deck:21: no card named \"Pvt Hicks\"\n"
	  "t.deck:22: expected \"COUNT CARD NAME\", \"faction NAME\", [start] or [deck], got "
	  "\"three Colonists\"\n"
	  "t.deck:23: expected a count, a space and a card name, got \"3Colonist\"\n"
	  "t.deck:24: expected \"COUNT CARD NAME\", \"faction NAME\", [start] or [deck], got "
	  "\"[side]\"" },
	{ "names by slug, any case, comments and a 3x count", "contact", -1,
	  "# comment\nfaction MARINES\n[START]\n1 pvt-hudson # the loud one\n1 CPL HICKS\n"
	  "1 sgt apone\n1 Pvt Vasquez\n1 barracks\n1 weapons-locker\n[deck]\n"
	  "3x colonist\n1 Mechanic\n1 Medic\n" M_LOC M_ITEMS, "" },
	{ "no faction", "contact", -1, "3 Colonist\n",
	  "t.deck: no faction: add a \"faction NAME\" line (rogue, marines, predator or aliens)\n"
	  "t.deck: the draw deck has 3 cards; at least 40 are needed\n"
	  "t.deck: the draw deck has 3 supporting characters; Contact needs at least 4\n"
	  "t.deck: the draw deck has 1 different supporting characters; Contact needs at least 3\n"
	  "t.deck: the draw deck has 0 locations; Contact needs at least 6\n"
	  "t.deck: the draw deck has 0 different locations; Contact needs at least 4\n"
	  "t.deck: the draw deck has no Operations location; Contact needs one" },
	{ "unknown faction", "general", -1, "faction klingon\n" M_SUP M_LOC M_ITEMS,
	  "t.deck:1: unknown faction \"klingon\"; expected rogue, marines, predator or aliens\n"
	  "t.deck: no faction: add a \"faction NAME\" line (rogue, marines, predator or aliens)" },
	{ "--faction disagrees with the decklist", "contact", CCG_FACTION_ROGUE, M_LEGAL,
	  "t.deck:1: the decklist is for the Marines, not the Rogue\n"
	  "t.deck:3: Pvt Hudson is not a starting card of the Rogue in Contact\n"
	  "t.deck:4: Cpl Hicks is not a starting card of the Rogue in Contact\n"
	  "t.deck:5: Sgt Apone is not a starting card of the Rogue in Contact\n"
	  "t.deck:6: Pvt Vasquez is not a starting card of the Rogue in Contact\n"
	  "t.deck:7: Barracks is not a starting card of the Rogue in Contact\n"
	  "t.deck:8: Weapons Locker is not a starting card of the Rogue in Contact\n"
	  "t.deck: [start] has 0 Airlock; Contact needs 1\n"
	  "t.deck: [start] has 0 Cargo Bay; Contact needs 1\n"
	  "t.deck: [start] has 0 Rogue main characters; Contact needs 4\n"
	  "t.deck: [start] has 0 Prohibited weapons; Contact needs 4\n"
	  "t.deck: [start] has 0 main characters with Leader; Contact needs exactly 1" },
};

static void
test_cases(void)
{
	size_t i;
	char *got;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		got = check(cases[i].text, cases[i].scenario, cases[i].faction);
		is_str(got, cases[i].want, "%s", cases[i].what);
		free(got);
	}
}

static void
test_samples(void)
{
	static const struct { const char *file; int faction, draw, start; } decks[] = {
		{ "rules/ccg/data/rogue.deck", CCG_FACTION_ROGUE, 46, 11 },
		{ "rules/ccg/data/marines.deck", CCG_FACTION_MARINES, 49, 6 },
		{ "rules/ccg/data/predator.deck", CCG_FACTION_PREDATOR, 43, 5 },
		{ "rules/ccg/data/aliens.deck", CCG_FACTION_ALIENS, 41, 7 },
	};
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	char *path, *text, *cause = NULL;
	size_t i, j, len;

	for (i = 0; i < sizeof(decks) / sizeof(decks[0]); i++) {
		path = srcpath(decks[i].file);
		if (fs_read_file(path, CCG_DECKLIST_MAX, &text, &len, &cause) == -1) {
			ok(0, "%s: %s", decks[i].file, cause);
			free(cause);
			cause = NULL;
			free(path);
			continue;
		}
		dl = ccg_decklist_parse(db, decks[i].file, text, len, &p);
		is_int(dl->faction, decks[i].faction, "%s: faction", decks[i].file);
		is_int(ccg_decklist_draw_size(dl), decks[i].draw, "%s: draw deck size",
		    decks[i].file);
		ok(ccg_decklist_draw_size(dl) >= 40, "%s: 40 or more cards", decks[i].file);
		is_int(ccg_decklist_start_size(dl), decks[i].start, "%s: starting cards",
		    decks[i].file);
		ccg_deck_validate(dl, ccg_deck_rules_find("contact"), -1, &p);
		ccg_deck_validate(dl, ccg_deck_rules_find("general"), -1, &p);
		is_int(p.n, 0, "%s: legal under Contact and the general rules", decks[i].file);
		for (j = 0; j < p.n; j++)
			diag("%s", p.lines[j]);
		ccg_problems_free(&p);
		ccg_decklist_free(dl);
		free(text);
		free(path);
	}
}

/* A huge decklist is cut at CCG_DECK_MAX_LINES card lines, with one problem. */
static void
test_long(void)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct ccg_decklist *dl;
	int i;

	strbuf_addstr(&sb, "faction aliens\n");
	for (i = 0; i < CCG_DECK_MAX_LINES + 50; i++)
		strbuf_addstr(&sb, "1 Pulse Rifle\n");
	dl = ccg_decklist_parse(db, "t.deck", sb.s, sb.len, &p);
	is_int(dl->ndraw, CCG_DECK_MAX_LINES, "card lines are capped");
	is_int(p.n, 1, "one problem for the rest");
	if (p.n > 0)
		is_str(p.lines[0], "t.deck:1002: more than 1000 card lines; the rest is not read",
		    "naming the first line left out");
	ccg_problems_free(&p);
	ccg_decklist_free(dl);
	strbuf_free(&sb);
}

static void
test_rules_tables(void)
{
	const struct ccg_deck_rules *r = ccg_deck_rules_find("Contact");
	const struct ccg_start_rules *s;

	ok(r != NULL && ccg_deck_rules_find("bughunt") == NULL, "scenarios by name");
	if (r == NULL)
		return;
	s = ccg_deck_start_rules(r, CCG_FACTION_ROGUE);
	ok(s != NULL && s->hand == 4 && s->combat_pool == 2, "Rogue: hand 4, pool 2");
	s = ccg_deck_start_rules(r, CCG_FACTION_MARINES);
	ok(s != NULL && s->hand == 4 && s->combat_pool == 2, "Marines: hand 4, pool 2");
	s = ccg_deck_start_rules(r, CCG_FACTION_PREDATOR);
	ok(s != NULL && s->hand == 5 && s->combat_pool == 2, "Predator: hand 5, pool 2");
	s = ccg_deck_start_rules(r, CCG_FACTION_ALIENS);
	ok(s != NULL && s->hand == 3 && s->combat_pool == 3, "Aliens: hand 3, pool 3");
	ok(ccg_deck_start_rules(r, CCG_FACTION_HUMAN) == NULL, "no start rules for Human");
	ok(ccg_deck_start_rules(ccg_deck_rules_find("general"), CCG_FACTION_ROGUE) == NULL,
	    "no start rules in general");
}

int
main(void)
{
	char *path = srcpath("rules/ccg/data/sample-cards.json"), *cause = NULL;

	db = ccg_carddb_load((const char *const *)&path, 1, &cause);
	ok(db != NULL, "the sample card set loads");
	if (db == NULL) {
		diag("%s", cause);
		return done_testing();
	}
	ok(db->sample, "it is marked sample data");
	test_samples();
	test_cases();
	test_long();
	test_rules_tables();
	ccg_carddb_free(db);
	free(path);
	return done_testing();
}
