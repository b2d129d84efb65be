/*
 * event-sentences.c — the CCG's events as sentences a player reads (struct
 * rules events_text, PRODUCT.md §6): one template per event type
 * (lib/sentence.h), card and location names from the card data (never
 * from the game state), like events in a row told in one sentence
 * ("Dix, Rook and Kessler search the Airlock").
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/sentence.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/table.h"

/*
 * Per type: the sentence, and for types told together when in a row the
 * member that becomes a list, the members that must agree (and "seat";
 * same2 may name several, "a b"),
 * and the sentence for several (which may also name "last", the last of
 * the list, and "before", how many came before it).
 */
static const struct sentence {
	const char	*type, *text;
	const char	*list, *same1, *same2, *plural;
} sentences[] = {
	{ "alight", "{piece*} gets out of {vehicle*} at the {at*}", 0, 0, 0, 0 },
	{ "ammo-depleted", "{ammo*} in {weapon*} is used up", 0, 0, 0, 0 },
	{ "ammo-parted", "{piece*} comes off {from*}", 0, 0, 0, 0 },
	{ "attach", "{seat} attaches {attachment*} to {to*}", 0, 0, 0, 0 },
	{ "attachment-parted", "{piece*} comes off {from*}", 0, 0, 0, 0 },
	{ "attack", "{attacker*} declares a {attack} attack[ on {target*}][ with "
	    "{weapon*}] ({mode} mode{forced?, forced|})", "attacker", "target",
	    "attack mode weapon forced", "{attacker*} each declare a {attack} "
	    "attack[ on {target*}] ({mode} mode{forced?, forced|})" },
	{ "attack-cancelled", "{attacker*}'s attack[ with {weapon*}] is "
	    "cancelled: {reason}", 0, 0, 0, 0 },
	{ "attack-lost", "{attacker*}'s attack is lost: {reason}", 0, 0, 0, 0 },
	{ "backstab", "{attacker*} backstabs {target*} with {weapon*} ({attack} "
	    "attack)", 0, 0, 0, 0 },
	{ "barrier", "{seat} puts {piece*} up with {by*} between {between*}", 0, 0, 0, 0 },
	{ "barrier-destroyed", "{piece*} is destroyed", 0, 0, 0, 0 },
	{ "barrier-discarded", "{piece*} between {between*} is discarded: {reason}",
	    0, 0, 0, 0 },
	{ "battle-condition", "{seat} puts the battle condition {piece*} in play",
	    0, 0, 0, 0 },
	{ "battle-condition-pool", "{piece*} gives {seat} {gain} for the combat "
	    "pool (now {pool})", 0, 0, 0, 0 },
	{ "board", "{piece*} boards {vehicle*} at the {at*}", 0, 0, 0, 0 },
	{ "boost", "{seat} boosts the {stat} of {piece*} from the combat pool "
	    "(pool now {pool})", 0, 0, 0, 0 },
	{ "bound", "{piece*} is bound (strength {strength})", 0, 0, 0, 0 },
	{ "break-free", "{piece*} tries to break free: {total} against strength "
	    "{strength}, {freed?free|still bound}", 0, 0, 0, 0 },
	{ "break-roll", "{piece*} rolls {roll} to break free: {freed?free|still "
	    "bound}", 0, 0, 0, 0 },
	{ "breeding-chamber-made", "{seat} makes {location*} a Breeding Chamber "
	    "in place of {replaced*}", 0, 0, 0, 0 },
	{ "burst-roll", "{piece*} rolls {roll} for the Chest Burster", 0, 0, 0, 0 },
	{ "captive-evacuated", "{seat} evacuates the captive {piece*} with {by*}: "
	    "{honor} honor ({total} in all)", 0, 0, 0, 0 },
	{ "capture-failed", "{seat} cannot capture {piece*}: {reason}", 0, 0, 0, 0 },
	{ "captured", "{seat} captures {piece*}[ at the {at*}][ with {by*}]", 0, 0, 0, 0 },
	{ "chest-burster", "{born?A Chest Burster bursts from|No Chest Burster "
	    "bursts from} {host*}[ for {seat}]", 0, 0, 0, 0 },
	{ "conceal", "{seat} conceals an item on {carrier*}", 0, 0, 0, 0 },
	{ "conceal-item", "The concealed item is {item*}", 0, 0, 0, 0 },
	{ "conceal-reveal", "{seat} reveals the concealed item: {item*}", 0, 0, 0, 0 },
	{ "consumed", "{by*} consumes {piece*}: {gore} Gore ({total} in all)", 0, 0, 0, 0 },
	{ "control", "{piece*} is now controlled by {seat/nobody}", "piece",
	    "seat", 0, "{piece*} are now controlled by {seat/nobody}" },
	{ "cycle", "{seat} shuffles the discards into a new deck of {deck} "
	    "(cycle {cycles}; hand size now {hand_size})", 0, 0, 0, 0 },
	{ "damage", "{piece*} takes {points#damage point} ({damage} in all, "
	    "power now {power+})", 0, 0, 0, 0 },
	{ "data-lost", "{piece*} loses {tokens#data token}", 0, 0, 0, 0 },
	{ "decoy", "{seat} places a decoy marker for {piece*} at the {at*}", 0, 0, 0, 0 },
	{ "decoy-hit", "{attacker*} strikes a decoy marker", 0, 0, 0, 0 },
	{ "detach", "{seat} detaches {attachment*} from {from*}", 0, 0, 0, 0 },
	{ "discard", "{seat} discards {card*}", "card", "seat", 0,
	    "{seat} discards {card*}" },
	{ "download", "{piece*} downloads {tokens} data ({total} in all for {seat})",
	    0, 0, 0, 0 },
	{ "drag", "{by*} drags {piece*} to the {to*}", 0, 0, 0, 0 },
	{ "draw", "{seat} draws {cards#card} (hand {hand}, deck {deck})", 0, 0, 0, 0 },
	{ "draw-card", "{seat} draws {card*}", "card", "seat", 0,
	    "{seat} draws {card*}" },
	{ "drop", "{by*} drops {item*} at the {at*}", 0, 0, 0, 0 },
	{ "drowning-roll", "{piece*} rolls {roll} against drowning at the {at*}: "
	    "{damage} damage", 0, 0, 0, 0 },
	{ "duplicate-location", "{seat} discards {card*}: that location is in "
	    "play already", 0, 0, 0, 0 },
	{ "env-damage", "The {kind} deals {piece*} {points#damage point} "
	    "({damage} in all, power now {power+})", 0, 0, 0, 0 },
	{ "env-immune", "{piece*} is immune to the {kind}", 0, 0, 0, 0 },
	{ "evacuate", "{seat} evacuates {piece*} from the {at*}{counts?| (it "
	    "does not count)}", "piece", "at", "counts", "{seat} evacuates "
	    "{piece*} from the {at*}{counts?| (they do not count)}" },
	{ "event-cancelled", "{by*} cancels {card*}[ played by {played_by}] "
	    "(combat pool now {pool})", 0, 0, 0, 0 },
	{ "event-discarded", "{seat}'s event {card*} is discarded", "card", 0, 0,
	    "{seat}'s events {card*} are discarded" },
	{ "event-played", "{seat} plays {card*}[ on {on*}][ at the {at*}] "
	    "(combat pool now {pool})", 0, 0, 0, 0 },
	{ "find", "{by*} finds {card*} at the {at*}", 0, 0, 0, 0 },
	{ "freed", "{piece*} is freed from {from*} at the {at*}", 0, 0, 0, 0 },
	{ "game-over", "The game is over", 0, 0, 0, 0 },
	{ "gore-spent", "{piece*} spends {cost} Gore on {bonus} ({left} left)",
	    0, 0, 0, 0 },
	{ "healed", "{piece*} is healed by {by*}: {points} points (damage now "
	    "{damage})", 0, 0, 0, 0 },
	{ "hide", "{seat} hides {piece*} at the {at*} under {markers} markers",
	    0, 0, 0, 0 },
	{ "hide-real", "{piece*} is under marker {marker}", 0, 0, 0, 0 },
	{ "hive-construction", "{seat} builds a hive at the {at*} with "
	    "{builders*} ({aliens} Aliens)", 0, 0, 0, 0 },
	{ "hive-failed", "{seat} fails to make the {at*} a hive ({aliens} "
	    "Aliens)", 0, 0, 0, 0 },
	{ "hived", "{seat} makes the {at*} a hive ({aliens} Aliens)", 0, 0, 0, 0 },
	{ "honor", "{seat} gains {honor} honor for {for*} ({total} in all)", 0, 0, 0, 0 },
	{ "honor-goal", "{seat} needs {honor} more honor to win, {goal} in all: "
	    "{by*} uses {item*}", 0, 0, 0, 0 },
	{ "hostage", "{seat} takes {piece*} hostage at the {at*}", 0, 0, 0, 0 },
	{ "item-destroyed", "{piece*} is destroyed by {by*}", 0, 0, 0, 0 },
	{ "killed", "{piece*} is killed[ at the {at*}] ({to})", 0, 0, 0, 0 },
	{ "liberated", "{piece*} is liberated from {seat} at the {at*}", 0, 0, 0, 0 },
	{ "location-damaged", "The {at*} is damaged by {by*}", 0, 0, 0, 0 },
	{ "location-repaired", "The {at*} is repaired by {by*}", 0, 0, 0, 0 },
	{ "marker-merge", "The markers of {piece*} at the {at*} merge into "
	    "{kept} ({removed} removed)", 0, 0, 0, 0 },
	{ "marker-move", "{seat} moves marker {marker} of {piece*} from the "
	    "{from*} to the {to*} ({cost} MP)", 0, 0, 0, 0 },
	{ "marker-reveal", "{seat} reveals marker {marker} of {piece*} at the "
	    "{at*}: {real?the real one|a decoy}", 0, 0, 0, 0 },
	{ "marker-view", "{seat} looks at marker {marker} of {piece*}: "
	    "{real?the real one|a decoy}", 0, 0, 0, 0 },
	{ "mature-to-card", "{seat}'s token from the {from*} matures into "
	    "{piece*} at the {at*}", 0, 0, 0, 0 },
	{ "mature-to-token", "{piece*} returns to the {onto*} as a token", 0, 0, 0, 0 },
	{ "mature-tokens", "{seat}'s tokens mature: {chest_bursters} Chest "
	    "Bursters, {alien_warriors} Alien Warriors", 0, 0, 0, 0 },
	{ "molt", "{seat}'s {from*}{token? token|} molts into {piece*} at the "
	    "{at*}", 0, 0, 0, 0 },
	{ "move", "{piece*} moves from the {from*} to the {to*}", "piece", "from",
	    "to", "{piece*} move from the {from*} to the {to*}" },
	{ "movement-points", "{piece*} has {mp} movement points", 0, 0, 0, 0 },
	{ "order-failed", "{seat}'s order on line {line}[ ({order})] failed: "
	    "{reason}", 0, 0, 0, 0 },
	{ "permanent", "{seat} plays {piece*} on {on*}; it stays in play", 0, 0, 0, 0 },
	{ "permanent-ends", "{piece*} on {on*} ends: {reason}", 0, 0, 0, 0 },
	{ "pet-hybrid", "{seat} makes {piece*} a pet hybrid at the {at*}", 0, 0, 0, 0 },
	{ "phase", "Turn {turn}, phase {phase}", "phase", "turn", 0,
	    "Turn {turn}, phase {last} (after {before} more with nothing you "
	    "could see)" },
	{ "pickup", "{by*} picks up {item*}", 0, 0, 0, 0 },
	{ "play-location", "{seat} plays {location*}[ between {between*}][ on the "
	    "{side}]", 0, 0, 0, 0 },
	{ "prefer", "{seat} sets a standing choice: {choice} {value}", 0, 0, 0, 0 },
	{ "queen-created", "{seat}'s {from*}{token? token|} becomes {piece*} at "
	    "the {at*}", 0, 0, 0, 0 },
	{ "queen-upgrade", "{seat} upgrades {from*} into {piece*} at the {at*} "
	    "with {by*}", 0, 0, 0, 0 },
	{ "reaction-ready", "{seat} holds {card*} ready against {on*}", 0, 0, 0, 0 },
	{ "reaction-unused", "{seat} does not use {card*} against {on*}", 0, 0, 0, 0 },
	{ "readied", "{piece*} is readied", "piece", 0, 0, "{piece*} are readied" },
	{ "ready", "Turn {turn} begins: {readied#card} readied", 0, 0, 0, 0 },
	{ "release", "{seat} releases {predator*}", 0, 0, 0, 0 },
	{ "ride", "{piece*} rides {vehicle*} from the {from*} to the {to*}", 0, 0, 0, 0 },
	{ "search", "{piece*} searches the {at*}", "piece", "at", 0,
	    "{piece*} search the {at*}" },
	{ "seat", "{seat} is number {order} in the play order[ (roll "
	    "{roll})]", 0, 0, 0, 0 },
	{ "seat-gains", "{seat} gains {card*} (combat pool {pool}, research "
	    "{research_points})", 0, 0, 0, 0 },
	/* no round: a pass of the days when only the Combat Round had one */
	{ "standing-pass", "{seat} passes for the rest of the {round/combat} "
	    "round", 0, 0, 0, 0 },
	{ "start-card", "{seat} starts with {piece*}[ at the {at*}][ carried by "
	    "{carried_by*}]", "piece", "at", "carried_by",
	    "{seat} starts with {piece*}[ at the {at*}][ carried by {carried_by*}]" },
	{ "start-locations", "{seat} starts at the {start*}, next to the {next*}",
	    0, 0, 0, 0 },
	{ "steal-data", "{piece*} steals {tokens} data from {store*} at the "
	    "{at*}", 0, 0, 0, 0 },
	{ "to-hit", "{attacker*} attacks {target*}: roll {roll} against {to_hit} "
	    "to hit (defense {defense}), {hit?hit|miss}{backstab?, from behind|}",
	    0, 0, 0, 0 },
	{ "hit", "{attacker*} hits {target*}: {damage} damage against resistance "
	    "{resistance}: {points#damage point}", 0, 0, 0, 0 },
	{ "token-move", "{seat} moves a token from the {from*} to the {to*}", 0, 0, 0, 0 },
	{ "tokens-fight", "{seat}'s tokens fight at the {at*}: {pieces*}", 0, 0, 0, 0 },
	{ "tokens-return", "{seat}'s tokens return: {warriors} Alien Warriors, "
	    "{bursters} Chest Bursters, {healed} healed", 0, 0, 0, 0 },
	{ "transfer", "{seat} passes {item*} from {from*} to {to*}", 0, 0, 0, 0 },
	{ "turn", "Turn {turn} begins", 0, 0, 0, 0 },
	{ "unload", "{seat} unloads {ammo*} from {weapon*} (combat pool now "
	    "{pool})", 0, 0, 0, 0 },
	{ "vehicle-destroyed", "{piece*} is destroyed[ with {rider*} aboard]",
	    0, 0, 0, 0 },
	{ "victory", "{seat} finishes in place {place} ({condition})", 0, 0, 0, 0 },
	{ "weapon-empty", "{weapon*} is empty", 0, 0, 0, 0 },
	{ "weapon-replenished", "{weapon*} is loaded again", 0, 0, 0, 0 },
};

static const struct sentence *
sentence_of(const char *type)
{
	size_t i;

	for (i = 0; type != NULL && i < sizeof sentences / sizeof sentences[0]; i++)
		if (strcmp(sentences[i].type, type) == 0)
			return &sentences[i];
	return NULL;
}

int
ccg_event_sentence_known(const char *type)
{
	return sentence_of(type) != NULL;
}

/*
 * A card's or a location's name from the card data: the card whose slug is
 * the id, or the id less a "-N" suffix ("Alien Warrior #3" for
 * alien-warrior-3, as the Battleground names it; the id in brackets where
 * the name alone does not give it). NULL when no card is.
 */
static char *
card_name(void *ctx, const char *id)
{
	const struct ccg_carddb *db = ctx;
	const struct ccg_card *c = ccg_carddb_find_slug(db, id);
	const char *dash = strrchr(id, '-');

	if (strncmp(id, "concealed-", 10) == 0)
		return xstrdup("a concealed item");
	if (c == NULL && dash != NULL && dash[1] != '\0' &&
	    strspn(dash + 1, "0123456789") == strlen(dash + 1)) {
		char *base = xstrndup(id, (size_t)(dash - id));

		c = ccg_carddb_find_slug(db, base);
		free(base);
	}
	if (c == NULL)
		return NULL;
	if (strcmp(c->slug, id) == 0)
		return xstrdup(c->name);
	/* a further copy, alien-warrior-2: "Alien Warrior #2" */
	if (dash != NULL && (size_t)(dash - id) == strlen(c->slug) &&
	    strncmp(id, c->slug, (size_t)(dash - id)) == 0 && dash[1] != '\0' &&
	    strspn(dash + 1, "0123456789") == strlen(dash + 1))
		return xasprintf("%s #%s", c->name, dash + 1);
	return xasprintf("%s [%s]", c->name, id);
}

char *
ccg_event_sentence(const struct ccg_carddb *db, const cJSON *payload)
{
	const struct sentence *s = sentence_of(cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(payload, "type")));

	return s != NULL ? sentence_render(s->text, payload, card_name, (void *)db) :
	    NULL;
}

/* Do a and b agree on member k (both absent counts)? */
static int
same(const cJSON *a, const cJSON *b, const char *k)
{
	return k == NULL || cJSON_Compare(cJSON_GetObjectItemCaseSensitive(a, k),
	    cJSON_GetObjectItemCaseSensitive(b, k), 1) ||
	    (cJSON_GetObjectItemCaseSensitive(a, k) == NULL &&
	    cJSON_GetObjectItemCaseSensitive(b, k) == NULL);
}

/* Do a and b agree on each member ks names ("a b": a and b)? */
static int
agree(const cJSON *a, const cJSON *b, const char *ks)
{
	char k[64];
	size_t n;

	while (ks != NULL && *ks != '\0') {
		n = strcspn(ks, " ");
		if (n >= sizeof k)
			return 0;
		memcpy(k, ks, n);
		k[n] = '\0';
		if (!same(a, b, k))
			return 0;
		ks += n;
		ks += strspn(ks, " ");
	}
	return 1;
}

/* A to-hit roll that hit and the hit it made, told as one (the hit next,
   or after the other attackers' rolls). */
#define HIT_TOLD	"{attacker*} attacks {target*}: roll {roll} against " \
	"{to_hit} to hit (defense {defense}), hit; {damage} damage against " \
	"resistance {resistance}: {points#damage point}"

static int
is_type(const cJSON *p, const char *type)
{
	const char *t = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(p,
	    "type"));

	return t != NULL && strcmp(t, type) == 0;
}

static int
hit_follows(const cJSON *a, const cJSON *b)
{
	return is_type(a, "to-hit") &&
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(a, "hit")) &&
	    cJSON_GetObjectItemCaseSensitive(a, "backstab") == NULL &&
	    same(a, b, "attacker") && same(a, b, "target") &&
	    is_type(b, "hit");
}

static int
is_told(const cJSON *slot)
{
	const char *s = cJSON_GetStringValue(slot);

	return s != NULL && s[0] != '\0';
}

/* Is the event told in another's sentence (its slot "")? */
static int
is_blank(const cJSON *slot)
{
	const char *s = cJSON_GetStringValue(slot);

	return s != NULL && s[0] == '\0';
}

/* A slot's sentence ("" when it tells nothing). */
static const char *
told_text(const cJSON *slot)
{
	const char *s = cJSON_GetStringValue(slot);

	return s != NULL ? s : "";
}

/* "rogue" as a seat's name reads: "Rogue". */
static void
add_seat(struct strbuf *sb, const char *seat)
{
	strbuf_addf(sb, "%c%s", seat[0] >= 'a' && seat[0] <= 'z' ?
	    seat[0] - 'a' + 'A' : seat[0], seat[0] != '\0' ? seat + 1 : "");
}

/*
 * The seats of mask: "everyone" when they are every seat of the game. Is
 * what it wrote one (a verb after it singular)?
 */
static int
add_seats(struct strbuf *sb, const struct rules_game *g, const char *const *seat,
    int nseat, unsigned mask)
{
	int i, k, in = 0, told = 0, all = g != NULL && g->nseats > 0;

	for (i = 0; i < nseat; i++)
		in += (mask >> i & 1) != 0;
	for (k = 0; all && k < (int)g->nseats; k++) {
		for (i = 0; i < nseat && (!(mask >> i & 1) || g->seats[k].name == NULL ||
		    strcmp(g->seats[k].name, seat[i]) != 0); i++)
			;
		all = i < nseat;
	}
	if (all && in == (int)g->nseats) {
		strbuf_addstr(sb, "everyone");
		return 1;
	}
	for (i = 0; i < nseat; i++) {
		if (!(mask >> i & 1))
			continue;
		if (told > 0)
			strbuf_addstr(sb, told + 1 == in ? " and " : ", ");
		add_seat(sb, seat[i]);
		told++;
	}
	return in == 1;
}

#define MAX_PASS_SEATS	16
#define MAX_PASS_ROUNDS	32

/*
 * Every standing pass of the list told as one sentence, where the last of
 * them is: "Rogue and Aliens pass for the rest of the movement and combat
 * rounds", or when the seats differ from round to round "Standing passes:
 * everyone (movement and combat); Rogue, Predator and Aliens (search)"
 * (rounds with the same seats passing told together, the seats in the
 * game's order; "Standing passes, turn 4: ...; turn 5: ..." when the list
 * holds more than one turn's). A
 * demo game's views told a quarter of their events as passes, a line or
 * two each.
 */
static void
passes_told(const struct rules_game *g, const cJSON *payloads, int n,
    cJSON **slot)
{
	const char *seat[MAX_PASS_SEATS];
	struct {
		int		 turn, told;
		const char	*round;
		unsigned	 mask;
	} r[MAX_PASS_ROUNDS];
	struct strbuf sb = STRBUF_INIT;
	int nseat = 0, nr = 0, npass = 0, last = -1, turns = 0, one, multi, i, j,
	    k, m;

	/* the seats in the game's order, then any other a pass names */
	for (i = 0; g != NULL && i < (int)g->nseats && i < MAX_PASS_SEATS / 2; i++)
		if (g->seats[i].name != NULL)
			seat[nseat++] = g->seats[i].name;

	for (j = 0; j < n; j++) {
		const cJSON *q = cJSON_GetArrayItem(payloads, j);
		const cJSON *t = cJSON_GetObjectItemCaseSensitive(q, "turn");
		const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(q,
		    "seat")), *round = cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(q, "round"));
		int turn = cJSON_IsNumber(t) ? t->valueint : -1;

		if (slot[j] != NULL || !is_type(q, "standing-pass") || s == NULL)
			continue;
		if (round == NULL)
			round = "combat";	/* a pass of the days of one round */
		for (i = 0; i < nseat && strcmp(seat[i], s) != 0; i++)
			;
		for (k = 0; k < nr && (r[k].turn != turn ||
		    strcmp(r[k].round, round) != 0); k++)
			;
		if ((i == nseat && nseat == MAX_PASS_SEATS) ||
		    (k == nr && nr == MAX_PASS_ROUNDS))
			return;	/* more than a game holds: told one by one */
		if (i == nseat)
			seat[nseat++] = s;
		if (k == nr) {
			r[nr].turn = turn;
			r[nr].round = round;
			r[nr].mask = 0;
			r[nr++].told = 0;
		}
		r[k].mask |= 1u << i;
		turns |= r[k].turn != r[0].turn;
		last = j;
		npass++;
	}
	if (npass < 2)
		return;
	for (k = 1; k < nr && r[k].turn == r[0].turn && r[k].mask == r[0].mask; k++)
		;
	multi = k < nr;
	if (multi)
		strbuf_addstr(&sb, turns ? "Standing passes, " : "Standing passes: ");
	for (k = 0; k < nr; k++) {
		if (r[k].told)
			continue;
		if (sb.len > 0 && k > 0)
			strbuf_addstr(&sb, "; ");
		if (turns && (k == 0 || r[k - 1].turn != r[k].turn))
			strbuf_addf(&sb, "turn %d: ", r[k].turn);
		one = add_seats(&sb, g, seat, nseat, r[k].mask);
		if (!multi)
			strbuf_addstr(&sb, one ? " passes for the rest of the " :
			    " pass for the rest of the ");
		else
			strbuf_addstr(&sb, " (");
		for (m = k, i = 0; m < nr; m++) {
			if (r[m].told || r[m].turn != r[k].turn || r[m].mask != r[k].mask)
				continue;
			r[m].told = 1;
			i++;
		}
		for (m = k, j = 0; m < nr; m++) {
			if (r[m].told != 1 || r[m].turn != r[k].turn ||
			    r[m].mask != r[k].mask)
				continue;
			r[m].told = 2;
			if (j > 0)
				strbuf_addstr(&sb, j + 1 == i ? " and " : ", ");
			strbuf_addstr(&sb, r[m].round);
			j++;
		}
		strbuf_addstr(&sb, multi ? ")" : i > 1 ? " rounds" : " round");
	}
	for (j = 0; j < n; j++)
		if (slot[j] == NULL && is_type(cJSON_GetArrayItem(payloads, j),
		    "standing-pass") && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetArrayItem(payloads, j), "seat")))
			slot[j] = cJSON_CreateString("");
	if (sb.len > 0 && sb.s[0] >= 'a' && sb.s[0] <= 'z')
		sb.s[0] = (char)(sb.s[0] - 'a' + 'A');
	cJSON_Delete(slot[last]);
	slot[last] = cJSON_CreateString(strbuf_str(&sb));
	strbuf_free(&sb);
}

/*
 * A reaction held ready and in the end not used (its card back in the
 * hand): one sentence where it was first readied, "Rogue holds Not So Fast
 * ready against Calculated Risk but does not use it"; held so phase after
 * phase, "... in 8 phases but does not use it" (a demo's Rogue did in
 * every phase of a turn, two lines each), ", and holds it ready again"
 * when it is readied once more at the end. A reaction that was used reads
 * as before (the cancelled event tells it).
 */
static void
reactions_told(const struct rules_game *g, const cJSON *payloads, int n,
    cJSON **slot)
{
	int i, j, pairs, open, again = 0;

	for (i = 0; i < n; i++) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i);
		cJSON *m;
		char *s;

		if (slot[i] != NULL || !is_type(p, "reaction-ready"))
			continue;
		/* ready, unused, ready, unused, ... of the same card */
		for (pairs = 0, open = 1, again = -1, j = i + 1; j < n; j++) {
			const cJSON *q = cJSON_GetArrayItem(payloads, j);

			if (slot[j] != NULL || !same(p, q, "seat") ||
			    !same(p, q, "card") || !same(p, q, "on"))
				continue;
			if (open && is_type(q, "reaction-unused")) {
				slot[j] = cJSON_CreateString("");
				open = 0;
				pairs++;
				again = 0;
			} else if (!open && is_type(q, "reaction-ready")) {
				slot[j] = cJSON_CreateString("");
				open = 1;
				again = 1;
			} else if (is_type(q, "reaction-ready") ||
			    is_type(q, "reaction-unused"))
				break;
		}
		if (pairs == 0)
			continue;
		m = cJSON_Duplicate(p, 1);
		cJSON_AddNumberToObject(m, "phases", pairs);
		if (again)
			cJSON_AddTrueToObject(m, "again");
		s = sentence_render(pairs > 1 ? "{seat} holds {card*} ready against "
		    "{on*} in {phases} phases but does not use it{again?, and holds "
		    "it ready again|}" : "{seat} holds {card*} ready against {on*} "
		    "but does not use it{again?, and holds it ready again|}", m,
		    card_name, (void *)g->db);
		slot[i] = cJSON_CreateString(s);
		free(s);
		cJSON_Delete(m);
	}
}

/*
 * The reader's own draw, card by card, then the count everyone sees: one
 * sentence, "Marines draws Pulse Rifle and Reinforcements (hand 4, deck
 * 23)".
 */
static void
draws_told(const cJSON *payloads, int n, cJSON **slot)
{
	int i, j, cards;

	for (j = 1; j < n; j++) {
		const cJSON *d = cJSON_GetArrayItem(payloads, j);
		char *s, *t;

		if (!is_type(d, "draw") || !is_told(slot[j]))
			continue;
		/* past the cards told with the first, and a location drawn
		   that is in play already (discarded, not counted) */
		for (cards = 0, i = j - 1; i >= 0 && same(cJSON_GetArrayItem(payloads,
		    i), d, "seat") && ((is_blank(slot[i]) && is_type(
		    cJSON_GetArrayItem(payloads, i), "draw-card")) ||
		    is_type(cJSON_GetArrayItem(payloads, i), "duplicate-location"));
		    i--)
			cards += is_type(cJSON_GetArrayItem(payloads, i), "draw-card");
		if (i < 0 || !is_told(slot[i]) ||
		    !is_type(cJSON_GetArrayItem(payloads, i), "draw-card") ||
		    !same(cJSON_GetArrayItem(payloads, i), d, "seat") ||
		    !cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(d, "cards")) ||
		    cJSON_GetObjectItemCaseSensitive(d, "cards")->valueint != cards + 1)
			continue;
		t = sentence_render("hand {hand}, deck {deck}", d, NULL, NULL);
		t[0] = 'h';
		s = xasprintf("%s (%s)", told_text(slot[i]), t);
		cJSON_Delete(slot[i]);
		slot[i] = cJSON_CreateString(s);
		cJSON_Delete(slot[j]);
		slot[j] = cJSON_CreateString("");
		free(s);
		free(t);
	}
}

/*
 * A piece's control changed twice in one phase (a neutral character
 * dragged along: "nobody", then the seat again): only where it ended
 * (before the sentences are made, so that the others of a run are told
 * together: "Colonist and Technician are now controlled by marines").
 */
static void
controls_told(const cJSON *payloads, int n, cJSON **slot)
{
	int i, j;

	for (i = 0; i < n; i++) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i), *q;

		if (!is_type(p, "control") || slot[i] != NULL)
			continue;
		for (j = i + 1; j < n; j++) {
			q = cJSON_GetArrayItem(payloads, j);
			if (is_type(q, "phase") || is_type(q, "turn") ||
			    (is_type(q, "control") && same(p, q, "piece")))
				break;
		}
		if (j < n && is_type(q, "control") && slot[j] == NULL)
			slot[i] = cJSON_CreateString("");
	}
}

/* Is the event of those whose sentences are joined in a row in a phase? */
static int
joins(const cJSON *p)
{
	static const char *const types[] = {
		"attack", "battle-condition", "battle-condition-pool", "captured",
		"control", "damage", "discard", "draw", "draw-card",
		"duplicate-location", "evacuate", "event-discarded",
		"event-played", "find", "killed", "move", "play-location",
		"readied", "search", "seat", "start-card", "start-locations",
		"to-hit",
	};
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (is_type(p, types[i]))
			return 1;
	return 0;
}

#define JOIN_MAX	400	/* five or six lines at most */

/* Are phase events a and b of the same turn and round ("movement.move")? */
static int
same_round(const cJSON *a, const cJSON *b)
{
	const char *x = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(a,
	    "phase")), *y = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(b,
	    "phase"));

	return x != NULL && y != NULL && same(a, b, "turn") &&
	    strcspn(x, ".") == strcspn(y, ".") &&
	    strncmp(x, y, strcspn(x, ".")) == 0;
}

/*
 * The sentences of one round's moves, draws, discards, searches and the
 * like in a row, joined as one with semicolons: "Marines discards Pulse
 * Rifle; Rogue draws 1 card (hand 4, deck 33); Marines draws 2 cards
 * (hand 4, deck 19)", "Kessler and Dix search the Airlock; Young Tusk
 * searches the Cargo Bay" (a line each, most of them short, they filled a
 * view). A sentence holding a semicolon of its own stays as it is.
 */
static void
joins_told(const cJSON *payloads, int n, cJSON **slot)
{
	int i, j, k;

	for (i = 0; i < n; i++) {
		struct strbuf sb = STRBUF_INIT;

		if (!is_told(slot[i]) || !joins(cJSON_GetArrayItem(payloads, i)) ||
		    strchr(told_text(slot[i]), ';') != NULL)
			continue;
		strbuf_addstr(&sb, told_text(slot[i]));
		for (k = i - 1; k >= 0 && !is_type(cJSON_GetArrayItem(payloads, k),
		    "phase"); k--)
			;	/* the phase it is in */
		for (j = i + 1; j < n; j++) {
			const cJSON *q = cJSON_GetArrayItem(payloads, j);

			if (is_type(q, "turn") || (is_type(q, "phase") && (k < 0 ||
			    !same_round(cJSON_GetArrayItem(payloads, k), q))))
				break;	/* on to another round */
			if (is_type(q, "phase"))
				continue;	/* the round's next: no line */
			if (is_blank(slot[j]) || is_type(q, "standing-pass") ||
			    is_type(q, "reaction-ready"))
				continue;	/* told elsewhere, or a whole view's */
			if (!is_told(slot[j]) || !joins(q) ||
			    strchr(told_text(slot[j]), ';') != NULL ||
			    sb.len + 2 + strlen(told_text(slot[j])) > JOIN_MAX)
				break;
			strbuf_addf(&sb, "; %s", told_text(slot[j]));
			cJSON_Delete(slot[j]);
			slot[j] = cJSON_CreateString("");
		}
		cJSON_Delete(slot[i]);
		slot[i] = cJSON_CreateString(strbuf_str(&sb));
		strbuf_free(&sb);
		i = j - 1;
	}
}

/*
 * Fewer lines for the phases: a phase's line is told as the start of its
 * first event's, by its round, with the turn when no line before said it
 * ("Turn 4, movement: Pvt Hudson moves ...", then "Search: ...", not again
 * for the round's next phase), the end
 * phase and the turn's start where the ready step tells it ("Turn 5
 * begins: 9 cards readied"), the phase the view opens not at all (the
 * view's first line names it) unless nothing else is told.
 */
static void
phases_told(const cJSON *payloads, int n, cJSON **slot)
{
	int i, j, k, last, turn = -1;
	const cJSON *t;
	const char *round, *said = NULL;	/* the round the last line named */

	for (i = 0; i < n; i++) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i);

		if (!is_type(p, "turn") || !is_told(slot[i]))
			continue;
		for (k = i + 1; k < n; k++)
			if (is_type(cJSON_GetArrayItem(payloads, k), "ready") &&
			    same(p, cJSON_GetArrayItem(payloads, k), "turn"))
				break;
		if (k < n) {
			cJSON_Delete(slot[i]);
			slot[i] = cJSON_CreateString("");
		}
	}
	for (i = 0; i < n; i++) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i), *q;
		char *s, *told;

		if ((is_type(p, "ready") || is_type(p, "turn")) && is_told(slot[i]) &&
		    cJSON_IsNumber(t = cJSON_GetObjectItemCaseSensitive(p, "turn"))) {
			turn = t->valueint;	/* "Turn 5 begins" says it */
			said = NULL;
		}
		if (!is_type(p, "phase") || !is_told(slot[i]))
			continue;
		/*
		 * its first event: past the run told with it ("after N more"),
		 * what is told in another event's sentence and the standing
		 * passes (told together, passes_told)
		 */
		for (last = i, j = i + 1; j < n; j++) {
			q = cJSON_GetArrayItem(payloads, j);
			if (is_type(q, "phase") ? !is_blank(slot[j]) :
			    is_type(q, "turn") || is_type(q, "ready") ||
			    (!is_blank(slot[j]) && !is_type(q, "standing-pass") &&
			    !is_type(q, "reaction-ready")))
				break;
			if (is_type(q, "phase"))
				last = j;
		}
		if (j >= n) {
			/* the phase the view opens: its first line says it */
			for (k = 0; k < i && !is_told(slot[k]); k++)
				;
			if (k < i) {
				cJSON_Delete(slot[i]);
				slot[i] = cJSON_CreateString("");
			}
			continue;
		}
		q = cJSON_GetArrayItem(payloads, j);
		if (is_type(q, "ready") || is_type(q, "turn") || is_type(q, "phase")) {
			/* nothing told in it but where else it is */
			cJSON_Delete(slot[i]);
			slot[i] = cJSON_CreateString("");
			continue;
		}
		if (!is_told(slot[j]))
			continue;
		/*
		 * the round of the phase, its turn when not said before; none
		 * when the line before told the same round
		 */
		q = cJSON_GetArrayItem(payloads, last);
		t = cJSON_GetObjectItemCaseSensitive(q, "turn");
		round = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(q,
		    "phase"));
		if (round == NULL || round[0] == '\0')
			round = "-";
		cJSON_Delete(slot[i]);
		slot[i] = cJSON_CreateString("");
		if (said != NULL && (!cJSON_IsNumber(t) || t->valueint == turn) &&
		    strcspn(round, ".") == strcspn(said, ".") &&
		    strncmp(round, said, strcspn(round, ".")) == 0)
			continue;
		said = round;
		if (cJSON_IsNumber(t) && t->valueint != turn) {
			s = xasprintf("Turn %d, %.*s", t->valueint,
			    (int)strcspn(round, "."), round);
			turn = t->valueint;
		} else
			s = xasprintf("%c%.*s", round[0] >= 'a' && round[0] <= 'z' ?
			    round[0] - 'a' + 'A' : round[0],
			    (int)strcspn(round + 1, "."), round + 1);
		told = xasprintf("%s: %s", s, told_text(slot[j]));
		cJSON_Delete(slot[j]);
		slot[j] = cJSON_CreateString(told);
		free(told);
		free(s);
	}
}

cJSON *
ccg_events_text(const struct rules_game *g, const cJSON *payloads)
{
	int n = cJSON_GetArraySize(payloads), i, j, k;
	cJSON *out = cJSON_CreateArray(), **slot = xcalloc((size_t)n + 1, sizeof *slot);
	const cJSON **at = xcalloc((size_t)n + 1, sizeof *at), *it;
	char *s;

	/* the items by index (cJSON_GetArrayItem() walks the list each time) */
	i = 0;
	cJSON_ArrayForEach(it, payloads)
		if (i < n)
			at[i++] = it;

	passes_told(g, payloads, n, slot);
	reactions_told(g, payloads, n, slot);
	controls_told(payloads, n, slot);
	/*
	 * The ready step is not told: every rotated card readies, and the
	 * turn it starts is named by the next line's label ("Turn 5,
	 * movement: ...") or, at the end, by the view's first line (the count
	 * stays in view.json). Alone (the archive viewer tells each event by
	 * itself) it is told.
	 */
	for (i = 0; i < n && n > 1; i++)
		if (slot[i] == NULL && is_type(at[i], "ready"))
			slot[i] = cJSON_CreateString("");
	for (i = 0; i < n; i++) {
		const cJSON *p = at[i];
		const struct sentence *st = sentence_of(cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(p, "type")));
		int end = i + 1, told = 0;

		if (slot[i] != NULL)
			continue;	/* told already */
		if (st == NULL) {
			slot[i] = cJSON_CreateNull();
			continue;
		}
		if (st->list != NULL)	/* the run of this type (passes, what is
					   told elsewhere, controls and locations
					   drawn twice between) */
			while (end < n && (same(at[end], p,
			    "type") || slot[end] != NULL || is_type(
			    at[end], "standing-pass") ||
			    is_type(at[end], "control") ||
			    is_type(at[end],
			    "duplicate-location")))
				end++;
		if (end > i + 1) {
			cJSON *m = cJSON_Duplicate(p, 1), *list = cJSON_CreateArray();

			for (j = i; j < end; j++) {
				const cJSON *q = at[j];

				if (slot[j] != NULL || !same(p, q, "type") ||
				    !same(p, q, st->same1) ||
				    !agree(p, q, st->same2) || !same(p, q, "seat"))
					continue;
				cJSON_AddItemToArray(list, cJSON_Duplicate(
				    cJSON_GetObjectItemCaseSensitive(q, st->list), 1));
				if (j > i)
					slot[j] = cJSON_CreateString("");
				told++;
			}
			/* for the sentence of several: how many, the last */
			cJSON_AddNumberToObject(m, "before", told - 1);
			cJSON_AddItemToObject(m, "last", cJSON_Duplicate(
			    cJSON_GetArrayItem(list, told - 1), 1));
			cJSON_ReplaceItemInObjectCaseSensitive(m, st->list, list);
			if (told > 1) {
				s = sentence_render(st->plural, m, card_name, (void *)g->db);
				slot[i] = cJSON_CreateString(s);
				free(s);
			}
			cJSON_Delete(m);
		}
		/* the hit of a roll that hit, next or after the others' rolls */
		for (j = i + 1; slot[i] == NULL && is_type(p, "to-hit") && j < n &&
		    !is_type(at[j], "phase") &&
		    !is_type(at[j], "turn") &&
		    !(is_type(at[j], "to-hit") &&
		    same(p, at[j], "attacker") &&
		    same(p, at[j], "target")) &&
		    (slot[j] != NULL || !hit_follows(p, at[j])); j++)
			;
		if (slot[i] == NULL && j < n && slot[j] == NULL &&
		    hit_follows(p, at[j])) {	/* one sentence */
			cJSON *m = cJSON_Duplicate(at[j], 1);

			cJSON_AddItemToObject(m, "roll", cJSON_Duplicate(
			    cJSON_GetObjectItemCaseSensitive(p, "roll"), 1));
			cJSON_AddItemToObject(m, "to_hit", cJSON_Duplicate(
			    cJSON_GetObjectItemCaseSensitive(p, "to_hit"), 1));
			cJSON_AddItemToObject(m, "defense", cJSON_Duplicate(
			    cJSON_GetObjectItemCaseSensitive(p, "defense"), 1));
			s = sentence_render(HIT_TOLD, m, card_name, (void *)g->db);
			slot[i] = cJSON_CreateString(s);
			slot[j] = cJSON_CreateString("");
			free(s);
			cJSON_Delete(m);
		}
		if (slot[i] == NULL) {
			s = sentence_render(st->text, p, card_name, (void *)g->db);
			slot[i] = cJSON_CreateString(s);
			free(s);
		}
	}
	draws_told(payloads, n, slot);
	joins_told(payloads, n, slot);
	phases_told(payloads, n, slot);
	for (k = 0; k < n; k++)
		cJSON_AddItemToArray(out, slot[k]);
	free(slot);
	free(at);
	return out;
}

cJSON *
ccg_data_events_text(const void *data, const cJSON *payloads)
{
	struct rules_game *g = xcalloc(1, sizeof *g);	/* no seats: names only */
	cJSON *out;

	g->db = data;
	out = ccg_events_text(g, payloads);
	free(g);
	return out;
}
