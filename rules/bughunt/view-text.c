/*
 * view-text.c — the view as display text, built from the view model
 * alone: a header of the turn and the game's options, the complex as a
 * map (rows 6 down to 1, Sectors 1..5, the APC below; a row without a
 * tile takes one line), then the squads, the hive track, the missions,
 * the last tracking card and its text, the decks and how many legal
 * orders there are (the mail's orders block lists them). In the map
 * each tile is a box whose sides show an exit as a gap, a barrier as
 * '#', a breached barrier as '=', a wall as '-' or '|'; inside, the tile,
 * '*' for an objective token, xN for N Xenomorphs and the squads'
 * initials.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/strbuf.h"
#include "rules/bughunt/bughunt.h"

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

static const cJSON *
cell_of(const cJSON *rv, const char *name)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(rv, "cells"))
		if (strcmp(str(c, "cell"), name) == 0)
			return c;
	return NULL;
}

/* The border character of side d of cell c. */
static char
side_char(const cJSON *c, const char *d, int vertical)
{
	const char *s = str(cJSON_GetObjectItemCaseSensitive(c, "sides"), d);
	const cJSON *b;

	if (strcmp(s, "exit") == 0)
		return ' ';
	if (strcmp(s, "barrier") == 0) {
		cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(c, "breached"))
			if (strcmp(cJSON_GetStringValue(b), d) == 0)
				return '=';
		return '#';
	}
	return vertical ? '|' : '-';
}

static void
initials(const cJSON *o, char *buf, size_t len)
{
	const cJSON *s;
	size_t n = 0;

	buf[0] = '\0';
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(o, "squads"))
		if (n + 1 < len && cJSON_GetStringValue(s) != NULL) {
			buf[n++] = (char)(cJSON_GetStringValue(s)[0] - 'a' + 'A');
			buf[n] = '\0';
		}
}

static void
map(const cJSON *rv, struct strbuf *sb)
{
	const cJSON *c;
	char in[16], sq[8], line[4][BH_COLS * 9 + 1];
	int row, col, k;
	size_t n;

	for (row = BH_ROWS - 1; row >= 0; row--) {
		for (k = 0; k < 4; k++)
			line[k][0] = '\0';
		for (col = 0; col < BH_COLS; col++) {
			c = cell_of(rv, bh_cell_name(row * BH_COLS + col));
			if (c == NULL || cJSON_GetObjectItemCaseSensitive(c, "tile") == NULL) {
				snprintf(in, sizeof in, num(c, "xenos") > 0 ? "x%d" : ".",
				    num(c, "xenos"));
				strcat(line[0], "         ");
				snprintf(line[1] + strlen(line[1]), 10, "   %-6.6s", in);
				strcat(line[2], "         ");
				strcat(line[3], "         ");
				continue;
			}
			initials(c, sq, sizeof sq);
			snprintf(line[0] + strlen(line[0]), 10, "+---%c---+",
			    side_char(c, "n", 0));
			snprintf(in, sizeof in, "%s%s", str(c, "tile"),
			    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "objective")) ?
			    " *" : "");
			snprintf(line[1] + strlen(line[1]), 10, "%c%-7.7s%c",
			    side_char(c, "w", 1), in, side_char(c, "e", 1));
			if (num(c, "xenos") > 0)
				snprintf(in, sizeof in, "x%d %s", num(c, "xenos"), sq);
			else
				snprintf(in, sizeof in, "%s", sq);
			snprintf(line[2] + strlen(line[2]), 10, "%c%-7.7s%c",
			    side_char(c, "w", 1), in, side_char(c, "e", 1));
			snprintf(line[3] + strlen(line[3]), 10, "+---%c---+",
			    side_char(c, "s", 0));
		}
		for (k = 0; k < 4; k++) {
			n = strlen(line[k]);
			while (n > 0 && line[k][n - 1] == ' ')
				line[k][--n] = '\0';
			if (k != 1 && n == 0)
				continue;	/* a row with no tile: its label line only */
			else
				strbuf_addf(sb, "%c %s\n", k == 1 ? '1' + row : ' ', line[k]);
		}
	}
	strbuf_addstr(sb, "      1        2        3        4        5   Sectors\n");
	initials(cJSON_GetObjectItemCaseSensitive(rv, "apc"), sq, sizeof sq);
	strbuf_addf(sb, "  A tile is named SECTOR/TILE: 3/1 is Sector 3's first.\n"
	    "  APC (squads enter and leave by Sector 3): %s\n",
	    *sq != '\0' ? sq : "no squad");
}

static void
squads(const cJSON *rv, const char *seat, struct strbuf *sb)
{
	const cJSON *s, *c;

	strbuf_addstr(sb, "Squads (* the Point Man; fp firepower):\n");
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(rv, "squads")) {
		strbuf_addf(sb, "%s%s at %s, %d MP, Lt. Command to %s:\n", str(s, "seat"),
		    strcmp(str(s, "seat"), seat) == 0 ? " (you)" : "", str(s, "at"),
		    num(s, "movement_points"), str(s, "lt_command_to"));
		if (*str(s, "shared_wounds") != '\0')	/* views before the choices: none */
			strbuf_addf(sb, "   choices: shared wounds %s, adjacent Xenomorphs %s\n",
			    str(s, "shared_wounds"), str(s, "adjacent_xenos"));
		cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(s, "characters"))
			strbuf_addf(sb, " %c %-12s %-11s fp %d armor %d %-8s wounds %d down, "
			    "%d flipped\n", cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c,
			    "point_man")) ? '*' : ' ', str(c, "id"), str(c, "name"),
			    num(c, "firepower"), num(c, "armor"),
			    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "ready")) ? "READY" :
			    "DEPLETED", num(c, "wounds_face_down"), num(c, "wounds_flipped"));
	}
}

static void
tables(const cJSON *rv, struct strbuf *sb)
{
	const cJSON *h = cJSON_GetObjectItemCaseSensitive(rv, "hive_track"), *s, *m, *p;
	int i = 1, at = num(h, "counter");

	strbuf_addstr(sb, "Hive track:");
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(h, "spaces")) {
		const char *v = cJSON_GetStringValue(s);

		strbuf_addf(sb, " %s%s%s", i == at ? "[" : "", *v == 'x' ? "X" : *v == 'g' ?
		    "GAME-OVER" : ".", i == at ? "]" : "");
		i++;
	}
	strbuf_addstr(sb, "  (X: Xenomorph Phase)\nMissions:\n");
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(rv, "missions"))
		strbuf_addf(sb, "  %-18s %d/3 objective tokens, %d face up: %s\n",
		    str(m, "id"), num(m, "tokens"), num(m, "face_up"), str(m, "ability"));
	if ((p = cJSON_GetObjectItemCaseSensitive(rv, "last_tracking_card")) != NULL) {
		strbuf_addf(sb, "Last tracking card %s, blips by Sector:", str(p, "id"));
		cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(p, "blips"))
			strbuf_addf(sb, " %d", s->valueint);
		if (*str(p, "text") != '\0')
			strbuf_addf(sb, "; it reads%s: %s", cJSON_IsTrue(
			    cJSON_GetObjectItemCaseSensitive(p, "sample_text")) ?
			    " (sample text)" : "", str(p, "text"));
		strbuf_addstr(sb, "\n");
	}
	p = cJSON_GetObjectItemCaseSensitive(rv, "phase_deck");
	strbuf_addf(sb, "Phase deck: %d cards left; %d Xenomorph cards set aside; "
	    "discard:", num(p, "left"), num(p, "xenomorph_cards_set_aside"));
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(p, "discard"))
		strbuf_addf(sb, " %s", cJSON_GetStringValue(s));
	strbuf_addf(sb, "\nTiles left %d, tracking cards left %d, wound tokens in the "
	    "pool %d, Xenomorph dice in the pool %d (escaped %d), breach tokens %d, "
	    "objective tokens %d\n", num(rv, "tile_stack"), num(rv, "tracking_deck"),
	    num(rv, "wound_pool"), num(rv, "dice_pool"), num(rv, "escaped"),
	    num(rv, "breach_tokens"), num(rv, "objective_tokens"));
}

/* The header's second line: the game's options. */
static void
header_options(const cJSON *rv, struct strbuf *sb)
{
	const cJSON *p = cJSON_GetObjectItemCaseSensitive(rv, "options");
	int spawns = num(p, "setup_spawns"), extra = num(p, "extra_xenomorph_cards");

	if (p == NULL)
		return;
	strbuf_addf(sb, "Options: difficulty %s; %d set-up spawn%s; %d extra Xenomorph "
	    "card%s%s\n", str(p, "difficulty"), spawns, spawns == 1 ? "" : "s", extra,
	    extra == 1 ? "" : "s",
	    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "named_for_grunt")) ?
	    "; a Named Character for a Grunt" : "");
}

/* Does one of the legal orders l begin with prefix? */
static int
offers(const cJSON *l, const char *prefix)
{
	const cJSON *lo;
	const char *v;

	cJSON_ArrayForEach(lo, l)
		if ((v = cJSON_GetStringValue(lo)) != NULL && strncmp(v, prefix, strlen(prefix)) == 0)
			return 1;
	return 0;
}

cJSON *
bh_view_text(const cJSON *rv, const char *seat)
{
	cJSON *o = cJSON_CreateObject();
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(rv, "result"), *l;
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "Aliens: Bug Hunt, turn %d: ", num(rv, "turn"));
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "over")))
		strbuf_addf(&sb, "the game is over, the Marines %s (%s)\n",
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "won")) ? "won" : "lost",
		    str(r, "reason"));
	else if (strcmp(str(rv, "phase"), "xenomorph") == 0)
		strbuf_addstr(&sb, "a Xenomorph Phase waits for the choices of the squads "
		    "that asked to be asked\n");
	else
		strbuf_addf(&sb, "%s's %sturn\n", str(rv, "active"),
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rv, "lt_command")) ?
		    "Lt. Command " : "");
	header_options(rv, &sb);
	map(rv, &sb);
	squads(rv, seat, &sb);
	tables(rv, &sb);
	/* the legal orders themselves are the orders block's (rules template) */
	if ((l = cJSON_GetObjectItemCaseSensitive(rv, "legal_orders")) != NULL) {
		strbuf_addf(&sb, "Your orders: at most one move, then one action (%d "
		    "legal order%s, in the orders block below).\n", cJSON_GetArraySize(l),
		    cJSON_GetArraySize(l) == 1 ? "" : "s");
		if (offers(l, "shoot "))	/* the choice Shooting 2 gives, not listed per line */
			strbuf_addstr(&sb, "A shoot line may end \"wounds C ...\": who takes "
			    "each head wound in your tile (else the firers in turn).\n");
		if (offers(l, "order "))	/* Pre-Mission Checklist 2, in the first turn only */
			strbuf_addstr(&sb, "This first turn only, an order line arranges your "
			    "squad: the first named is the Point Man.\n");
	}
	cJSON_AddStringToObject(o, "text", strbuf_str(&sb));
	strbuf_free(&sb);
	return o;
}
