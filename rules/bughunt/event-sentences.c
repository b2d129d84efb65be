/*
 * event-sentences.c — Bug Hunt's events as sentences a player reads
 * (struct rules events_text, issue 16): one template per event type
 * (lib/sentence.h) over a copy of the payload whose members read as
 * words (seats by name, cells as "4/1", characters, tiles and missions by
 * their names in the component data, never anything from the state),
 * and like events in a row told together ("Xenomorphs appear: 1 at A1,
 * 2 at D1").
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/sentence.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

/*
 * Per type, the sentence over the payload as prepare() reads it: the
 * members it adds are "xenos" ("2 Xenomorphs"), "many" and "none" (the
 * count is more than 1, is 0), "kills", "movers" and "escapers" (a
 * roll's), "of" (the tokens that complete a mission) and "optnames"
 * (setup's options: "easy", "hard").
 */
static const struct bh_sentence {
	const char	*type, *text;
} sentences[] = {
	{ "breach", "{seat} breaches the barrier on the {side} side of {cell}" },
	{ "capture", "{seat} captures the objective at {cell} for {mission} "
	    "({tokens} of {of})" },
	{ "hive-counter", "The hive counter moves to space {space}[ ({icon})]" },
	{ "killed", "{seat}'s {character} is killed" },
	{ "lost", "{reason}" },
	{ "mission-used", "{seat} flips a token of {mission}" },
	{ "missions", "Missions: {missions}" },
	{ "move", "{seat} moves to {to}" },
	{ "objective-token", "An objective token lies at {cell}" },
	{ "order-failed", "{seat}'s order on line {line} ({order}) fails: {why}" },
	{ "phase-card", "Phase card: {card}" },
	{ "phase-deck-shuffled", "The phase deck is shuffled: {cards#card}" },
	{ "player-turn", "Turn {turn} begins: {seat}'s {lt_command?Lt. Command "
	    "turn|turn}" },
	{ "purge", "The purge kills {killed#Xenomorph} at {cell}" },
	{ "reload", "{seat} reloads: {readied#character} readied" },
	{ "roll", "The dice at {cell} show {faces}: {kills}[, {movers}]"
	    "[, {escapers}]" },
	{ "setup", "Setup[ ({optnames})]: {phase_deck#phase card}[ "
	    "({extra_xenomorph_cards} extra Xenomorph)], {tiles#tile}, "
	    "{tracking#tracking card}, {wound_tokens#wound token}" },
	{ "shoot", "{seat} shoots with firepower {firepower}" },
	{ "squad", "{seat}'s squad: {characters}" },
	{ "squad-order", "{seat} arranges the squad: {characters}" },
	{ "tile", "New tile at {cell}: {tile}{objective?, with an objective "
	    "token|}" },
	{ "tracking-card", "Tracking card {card}: {blips}" },
	{ "tracking-text", "Tracking card {card} reads{sample? (sample text)|}: {text}" },
	{ "victory", "{condition}" },
	{ "wound", "{seat}'s {character} takes a wound{past_armor? past the "
	    "armor|}[ ({face_down} face down)]" },
	{ "wound-flipped", "{seat}'s {character} flips a wound token: {face}" },
	{ "xenomorph-card-added", "A Xenomorph card goes to the phase discards "
	    "({set_aside} set aside)" },
	{ "xenomorph-phase", "A Xenomorph Phase begins{spawn_only? (spawn only)|}" },
	{ "xenomorphs-attack", "The Xenomorphs at {cell} attack: {wounds#wound}" },
	{ "xenomorphs-escape", "{xenos} {many?escape|escapes} the complex from "
	    "{from}" },
	{ "xenomorphs-move", "{xenos} {many?move|moves} from {from} to {to}" },
	{ "xenomorphs-placed", "{xenos} {many?appear|appears} at {cell}{none? "
	    "(the pool is empty)|}" },
};

static const struct bh_sentence *
sentence_of(const char *type)
{
	size_t i;

	for (i = 0; type != NULL && i < sizeof sentences / sizeof sentences[0]; i++)
		if (strcmp(sentences[i].type, type) == 0)
			return &sentences[i];
	return NULL;
}

/* ---- the members as words ---- */

static const char *
str(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

/* A member that may be absent, as {k} reads it. */
static const char *
dash(const char *s)
{
	return s != NULL ? s : "-";
}

static int
num(const cJSON *o, const char *k, int *v)
{
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(n))
		return 0;
	*v = n->valueint;
	return 1;
}

static int
is_type(const cJSON *p, const char *type)
{
	const char *t = str(p, "type");

	return t != NULL && strcmp(t, type) == 0;
}

static void
set_str(cJSON *o, const char *k, const char *v)
{
	if (cJSON_GetObjectItemCaseSensitive(o, k) != NULL)
		cJSON_ReplaceItemInObjectCaseSensitive(o, k, cJSON_CreateString(v));
	else
		cJSON_AddStringToObject(o, k, v);
}

static void
set_own(cJSON *o, const char *k, char *v)
{
	set_str(o, k, v);
	free(v);
}

/* "blue" -> "Blue", "k30" -> "K30": the first letter made uppercase. */
static char *
capital(const char *s)
{
	char *c = xstrdup(s);

	c[0] = (char)toupper((unsigned char)c[0]);
	return c;
}

/* A cell: "4/1" (or an old event's "d1") -> "4/1", "apc" -> "the APC". */
static char *
cell_word(const char *s)
{
	int cell;

	if (strcmp(s, "apc") == 0)
		return xstrdup("the APC");
	return (cell = bh_cell_parse(s)) >= 0 ? xstrdup(bh_cell_name(cell)) : xstrdup(s);
}

static const struct bh_data *
data_of(const struct rules_game *g)
{
	return g != NULL ? g->d : NULL;
}

static char *
char_word(const struct bh_data *d, const char *id)
{
	int i;

	for (i = 0; d != NULL && i < d->nchars; i++)
		if (strcmp(d->chars[i].id, id) == 0)
			return xstrdup(d->chars[i].name);
	return capital(id);
}

static char *
mission_word(const struct bh_data *d, const char *id)
{
	int i;

	for (i = 0; d != NULL && i < d->nmissions; i++)
		if (strcmp(d->missions[i].id, id) == 0)
			return xstrdup(d->missions[i].name);
	return xstrdup(id);
}

/* A tile: "Junction (T14)". */
static char *
tile_word(const struct bh_data *d, const char *id)
{
	char *up = capital(id), *s;
	int i;

	for (i = 0; d != NULL && i < d->ntiles; i++)
		if (strcmp(d->tiles[i].id, id) == 0) {
			s = xasprintf("%s (%s)", d->tiles[i].name, up);
			free(up);
			return s;
		}
	return up;
}

/* A phase card: a seat's colour, "Xenomorph" or "Lt. Command". */
static char *
card_word(const char *id)
{
	if (strcmp(id, "lt-command") == 0)
		return xstrdup("Lt. Command");
	return capital(id);
}

/* "blank", "head", "claw" as they are; a wound token's "kia" as "KIA". */
static char *
face_word(const char *id)
{
	return xstrdup(strcmp(id, "kia") == 0 ? "KIA" : id);
}

static const char *
side_word(const char *id)
{
	static const char *const words[4] = { "north", "east", "south", "west" };
	int d = bh_dir_parse(id);

	return d >= 0 ? words[d] : id;
}

/*
 * The blips of a tracking card: "2 blips in Sector 4", "blips in Sectors
 * 1 (1) and 4 (2)".
 */
static char *
blips_word(const cJSON *blips)
{
	struct strbuf sb = STRBUF_INIT;
	int v[BH_COLS], n = 0, i, k = 0, one = -1;

	for (i = 0; i < BH_COLS; i++) {
		const cJSON *b = cJSON_GetArrayItem(blips, i);

		v[i] = cJSON_IsNumber(b) ? b->valueint : 0;
		if (v[i] > 0)
			n++, one = i;
	}
	if (n == 0)
		return xstrdup("no blips");
	if (n == 1)
		return xasprintf("%d blip%s in Sector %d", v[one], v[one] == 1 ? "" : "s",
		    one + 1);
	strbuf_addstr(&sb, "blips in Sectors ");
	for (i = 0; i < BH_COLS; i++) {
		if (v[i] <= 0)
			continue;
		if (k > 0)
			strbuf_addstr(&sb, ++k == n ? " and " : ", ");
		else
			k++;
		strbuf_addf(&sb, "%d (%d)", i + 1, v[i]);
	}
	return strbuf_detach(&sb, NULL);
}

static const char *
lost_word(const char *reason)
{
	static const struct {
		const char *reason, *text;
	} why[] = {
		{ "overrun", "The complex is overrun: the Xenomorphs win" },
		{ "squad-lost", "A squad is lost: the Xenomorphs win" },
		{ "tracking-deck-empty", "The tracking deck is empty: the Xenomorphs "
		    "win" },
		{ "no-xenomorph-card", "No Xenomorph card is left to add: the "
		    "Xenomorphs win" },
	};
	size_t i;

	for (i = 0; reason != NULL && i < sizeof why / sizeof why[0]; i++)
		if (strcmp(why[i].reason, reason) == 0)
			return why[i].text;
	return NULL;
}

/* A slug's words: "missions-complete" -> "missions complete". */
static char *
slug_words(const char *s)
{
	char *w = xstrdup(s), *p;

	for (p = w; *p != '\0'; p++)
		if (*p == '-' || *p == '_')
			*p = ' ';
	return w;
}

/* "1 Xenomorph", "2 Xenomorphs", "No Xenomorph". */
static char *
xenos_word(int n, const char *noun)
{
	if (n == 0)
		return xasprintf("no %s", noun);
	return xasprintf("%d %s%s", n, noun, n == 1 ? "" : "s");
}

/* A string array's ids through f, in place. */
static void
map_array(cJSON *o, const char *k, const struct bh_data *d,
    char *(*f)(const struct bh_data *, const char *), int point_man)
{
	cJSON *a = cJSON_GetObjectItemCaseSensitive(o, k), *out;
	const cJSON *it;
	int i = 0;

	if (!cJSON_IsArray(a))
		return;
	out = cJSON_CreateArray();
	cJSON_ArrayForEach(it, a) {
		char *w = cJSON_IsString(it) ? f(d, it->valuestring) : xstrdup("-");

		if (point_man && i++ == 0) {
			char *pm = xasprintf("%s (Point Man)", w);

			free(w);
			w = pm;
		}
		cJSON_AddItemToArray(out, cJSON_CreateString(w));
		free(w);
	}
	cJSON_ReplaceItemInObjectCaseSensitive(o, k, out);
}

/* The payload as the templates read it: a copy, caller frees. */
static cJSON *
prepare(const struct bh_data *d, const cJSON *p)
{
	static const char *const cells[] = { "cell", "to", "from" };
	cJSON *o = cJSON_Duplicate(p, 1);
	const char *s;
	size_t i;
	int n;

	if (o == NULL)
		return cJSON_CreateObject();
	cJSON_DeleteItemFromObjectCaseSensitive(o, "opens");
	if ((s = str(p, "seat")) != NULL)
		set_own(o, "seat", capital(s));
	for (i = 0; i < sizeof cells / sizeof cells[0]; i++)
		if ((s = str(p, cells[i])) != NULL)
			set_own(o, cells[i], cell_word(s));
	if ((s = str(p, "character")) != NULL)
		set_own(o, "character", char_word(d, s));
	if ((s = str(p, "mission")) != NULL)
		set_own(o, "mission", mission_word(d, s));
	if ((s = str(p, "tile")) != NULL)
		set_own(o, "tile", tile_word(d, s));
	if ((s = str(p, "side")) != NULL)
		set_str(o, "side", side_word(s));
	if ((s = str(p, "face")) != NULL)
		set_own(o, "face", face_word(s));
	if ((s = str(p, "card")) != NULL)
		set_own(o, "card", is_type(p, "phase-card") ? card_word(s) : capital(s));
	map_array(o, "characters", d, char_word, 1);
	map_array(o, "missions", d, mission_word, 0);
	if (cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(o, "blips")))
		set_own(o, "blips", blips_word(cJSON_GetObjectItemCaseSensitive(o,
		    "blips")));
	if ((s = str(p, "icon")) != NULL) {
		cJSON_DeleteItemFromObjectCaseSensitive(o, "icon");
		if (strcmp(s, "xenomorph") == 0)
			cJSON_AddStringToObject(o, "icon", "Xenomorph icon");
		else if (strcmp(s, "game-over") == 0)
			cJSON_AddStringToObject(o, "icon", "GAME OVER MAN icon");
	}
	if (is_type(p, "lost")) {
		s = str(p, "reason");
		if (lost_word(s) != NULL)
			set_str(o, "reason", lost_word(s));
		else {
			char *w = slug_words(s != NULL ? s : "no reason given");

			set_own(o, "reason", xasprintf("The squads lose: %s", w));
			free(w);
		}
	}
	if (is_type(p, "victory")) {
		s = str(p, "condition");
		if (s != NULL && strcmp(s, "missions-complete") == 0)
			set_str(o, "condition", "Victory: every mission done, every squad "
			    "back at the APC");
		else {
			char *w = slug_words(s != NULL ? s : "the squads win");

			set_own(o, "condition", xasprintf("Victory: %s", w));
			free(w);
		}
	}
	if (num(p, "count", &n)) {
		set_own(o, "xenos", xenos_word(n, "Xenomorph"));
		cJSON_AddBoolToObject(o, "many", n > 1);
		cJSON_AddBoolToObject(o, "none", n == 0);
	}
	if (is_type(p, "roll") && num(p, "killed", &n))
		set_own(o, "kills", n > 0 ? xasprintf("%d killed", n) : xstrdup("none killed"));
	if (num(p, "moved_in", &n) && n > 0)
		set_own(o, "movers", xasprintf("%d move%s in", n, n == 1 ? "s" : ""));
	if (num(p, "escaped", &n) && n > 0)
		set_own(o, "escapers", xasprintf("%d escape%s", n, n == 1 ? "s" : ""));
	if (is_type(p, "capture"))
		cJSON_AddNumberToObject(o, "of", BH_MISSION_TOKENS);
	if (is_type(p, "setup") && num(p, "options", &n) && n != 0) {
		struct strbuf sb = STRBUF_INIT;

		if (n == (BH_OPT_NAMED_FOR_GRUNT | BH_OPT_NO_SETUP_SPAWN))
			strbuf_addstr(&sb, "easy");
		else if (n == BH_OPT_EXTRA_SPAWN)
			strbuf_addstr(&sb, "hard");
		else {
			if (n & BH_OPT_NAMED_FOR_GRUNT)
				strbuf_addstr(&sb, "Named for Grunt");
			if (n & BH_OPT_NO_SETUP_SPAWN)
				strbuf_addf(&sb, "%sno set-up spawn", sb.len > 0 ? ", " : "");
			if (n & BH_OPT_EXTRA_SPAWN)
				strbuf_addf(&sb, "%ssecond set-up spawn", sb.len > 0 ? ", " : "");
		}
		if (sb.len > 0)
			cJSON_AddStringToObject(o, "optnames", strbuf_str(&sb));
		strbuf_free(&sb);
	}
	return o;
}

/* ---- like events in a row, told together ---- */

static int
same_str(const cJSON *a, const cJSON *b, const char *k)
{
	const char *x = str(a, k), *y = str(b, k);

	return x != NULL && y != NULL && strcmp(x, y) == 0;
}

/*
 * The run of events of p's type from i on (and, with k, agreeing on k):
 * its end. Runs of xenomorphs-placed, -move and -escape and of one squad's
 * moves read as one sentence.
 */
static int
run_end(const cJSON *payloads, int n, int i, const char *k)
{
	const cJSON *p = cJSON_GetArrayItem(payloads, i);
	int j;

	for (j = i + 1; j < n; j++) {
		const cJSON *q = cJSON_GetArrayItem(payloads, j);

		if (!same_str(p, q, "type") || (k != NULL && !same_str(p, q, k)))
			break;
	}
	return j;
}

/* A told line's length the views are read at, ideally (phones). */
#define SHORT	75

/*
 * "Xenomorphs appear: 1 at A1, 2 at D1" and the like, for events i up to
 * end, as many as keep the sentence within SHORT (one at least): *told
 * the end of those told.
 */
static char *
run_told(const struct bh_data *d, const cJSON *payloads, int i, int end, int *told)
{
	const cJSON *p = cJSON_GetArrayItem(payloads, i);
	struct strbuf sb = STRBUF_INIT, item = STRBUF_INIT;
	int j, c, placed = is_type(p, "xenomorphs-placed"), moved = is_type(p,
	    "xenomorphs-move"), squad = is_type(p, "move");

	for (j = i; j < end; j++) {
		cJSON *o = prepare(d, cJSON_GetArrayItem(payloads, j));

		strbuf_reset(&item);
		c = 0;
		num(o, "count", &c);
		if (squad && j == i)
			strbuf_addf(&item, "%s moves to %s", dash(str(o, "seat")),
			    dash(str(o, "to")));
		else if (squad)
			strbuf_addf(&item, ", then %s", dash(str(o, "to")));
		else {
			if (j == i)
				strbuf_addstr(&item, placed ? "Xenomorphs appear: " : moved ?
				    "Xenomorphs move: " : "Xenomorphs escape the complex: ");
			strbuf_addf(&item, "%s%d", j > i ? ", " : "", c);
			if (placed)
				strbuf_addf(&item, " at %s", dash(str(o, "cell")));
			else
				strbuf_addf(&item, " from %s", dash(str(o, "from")));
			if (moved)
				strbuf_addf(&item, " to %s", dash(str(o, "to")));
		}
		cJSON_Delete(o);
		if (j > i && sb.len + item.len > SHORT)
			break;
		strbuf_addstr(&sb, strbuf_str(&item));
	}
	strbuf_free(&item);
	*told = j;
	return strbuf_detach(&sb, NULL);
}

/* Does the phase card at p say only what the player-turn after it says? */
static int
card_told_by_turn(const cJSON *p, const cJSON *q)
{
	const char *card = str(p, "card"), *seat = str(q, "seat");
	int lt = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "lt_command"));

	if (!is_type(p, "phase-card") || !is_type(q, "player-turn") || card == NULL ||
	    seat == NULL)
		return 0;
	return lt ? strcmp(card, "lt-command") == 0 : strcmp(card, seat) == 0;
}

static char *
render(const struct bh_sentence *st, const struct bh_data *d, const cJSON *p,
    int objective)
{
	cJSON *o = prepare(d, p);
	char *s;

	if (objective)
		cJSON_AddTrueToObject(o, "objective");
	s = sentence_render(st->text, o, NULL, NULL);
	cJSON_Delete(o);
	return s;
}

cJSON *
bh_events_text(const struct rules_game *g, const cJSON *payloads)
{
	const struct bh_data *d = data_of(g);
	int n = cJSON_GetArraySize(payloads), i, j, end;
	cJSON *out = cJSON_CreateArray();
	char *s;

	for (i = 0; i < n; i = end) {
		const cJSON *p = cJSON_GetArrayItem(payloads, i);
		const cJSON *q = cJSON_GetArrayItem(payloads, i + 1);
		const struct bh_sentence *st = sentence_of(str(p, "type"));

		end = i + 1;
		if (st == NULL) {
			cJSON_AddItemToArray(out, cJSON_CreateNull());
			continue;
		}
		if (is_type(p, "xenomorphs-placed") || is_type(p, "xenomorphs-move") ||
		    is_type(p, "xenomorphs-escape") || is_type(p, "move"))
			end = run_end(payloads, n, i, is_type(p, "move") ? "seat" : NULL);
		if (end > i + 1)
			s = run_told(d, payloads, i, end, &end);
		else if (card_told_by_turn(p, q)) {
			s = render(sentence_of("player-turn"), d, q, 0);
			end = i + 2;
		} else if (is_type(p, "phase-card") && str(p, "card") != NULL &&
		    strcmp(str(p, "card"), "xenomorph") == 0 &&
		    is_type(q, "hive-counter")) {
			char *h = render(sentence_of("hive-counter"), d, q, 0);

			h[0] = (char)tolower((unsigned char)h[0]);
			s = xasprintf("Xenomorph card: %s", h);
			free(h);
			end = i + 2;
		} else if (is_type(p, "lost") && i > 0 && str(p, "reason") != NULL &&
		    strcmp(str(p, "reason"), "squad-lost") == 0 &&
		    is_type(cJSON_GetArrayItem(payloads, i - 1), "killed") &&
		    str(cJSON_GetArrayItem(payloads, i - 1), "seat") != NULL) {
			/* the squad whose last character the event before killed */
			char *seat = capital(str(cJSON_GetArrayItem(payloads, i - 1), "seat"));

			s = xasprintf("%s's squad is lost: the Xenomorphs win", seat);
			free(seat);
		} else if (is_type(p, "tile") && is_type(q, "objective-token") &&
		    same_str(p, q, "cell")) {
			s = render(st, d, p, 1);
			end = i + 2;
		} else
			s = render(st, d, p, 0);
		cJSON_AddItemToArray(out, cJSON_CreateString(s));
		free(s);
		for (j = i + 1; j < end; j++)
			cJSON_AddItemToArray(out, cJSON_CreateString(""));
	}
	return out;
}

cJSON *
bh_data_events_text(const void *data, const cJSON *payloads)
{
	struct rules_game *g = xcalloc(1, sizeof *g);	/* the data alone */
	cJSON *out;

	g->d = data;
	out = bh_events_text(g, payloads);
	free(g);
	return out;
}
