/*
 * picture.c — the CCG's board as a picture (struct rules picture): one
 * band per seat in play order, its HUD as the rulebook lays it out (the
 * ground row of locations, the high and low rows in the gaps between
 * them), and at each location the pieces there — characters by name (by
 * the id orders name them with, "alien-warrior-2", when another piece of
 * the view has the same name; a label cut to its box keeps that "-2")
 * with a card glyph lying down when rotated and their damage, what each
 * one carries indented under it, markers as dots ("M2 Young Tusk": marker
 * 2 of that character, named as the character is, "M2 young-tusk" when
 * another Young Tusk is in view; "real" or "decoy" where the view tells).
 *
 * Drawn from the rules view alone (rules/ccg/view.c), which shows only
 * what the reader may know: a hidden character is where the view puts it
 * (to others, nowhere: it is named in its seat's header, its marker is on
 * the board), a concealed item is the view's "Concealed item". A location
 * that two HUDs share is drawn with its pieces in the first band that has
 * it and dashed, pointing there, in the others.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/table.h"
#include "rules/picture/picture.h"

#define FS	10.0		/* font size */
#define LH	13.0		/* line height */
#define BW	164.0		/* a location's box */
#define GAP	24.0		/* between two ground locations */
#define M	10.0		/* margin */
#define CHARS(w)	((size_t)((w) / (FS * PIC_CHAR_W)))

#define INK	0x202020u
#define GREY	0x707070u
#define PAPER	0xfdfcf8u
#define BOX	0xffffffu
#define RED	0xc01818u

/* What the layout asks of each piece, read from the view once. */
struct pc {
	const cJSON	*j;
	const char	*id, *at, *parent;
};

struct board {
	const cJSON	*rv;
	struct pc	*pc;		/* the view's pieces, in its order */
	size_t		 npc;
	const char	*reader;	/* seat name, or NULL */
	struct picture	 pic;
	const char	**cseat;	/* the seats' names and colours, */
	uint32_t	 *ccol;		/* in the view's order */
	size_t		  ncs;
	const char	**drawn;	/* location ids drawn with their pieces, */
	const char	**drawn_in;	/* in that seat's band */
	size_t		 ndrawn;
};

static const char *
str(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

static int
num(const cJSON *o, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	return cJSON_IsNumber(v) ? v->valueint : 0;
}

static int
streq(const char *a, const char *b)
{
	return a != NULL && b != NULL && strcmp(a, b) == 0;
}

static uint32_t
faction_colour(const char *f)
{
	if (streq(f, "rogue"))
		return 0xb35c00u;
	if (streq(f, "marines"))
		return 0x2f6b2fu;
	if (streq(f, "predator"))
		return 0x8b1a1au;
	if (streq(f, "aliens"))
		return 0x1f4e8cu;
	return INK;
}

/* The seats' colours (by faction), read from the view once. */
static void
seat_colours(struct board *b)
{
	const cJSON *s, *seats = cJSON_GetObjectItemCaseSensitive(b->rv, "seats");
	size_t n = 0;

	cJSON_ArrayForEach(s, seats)
		n++;
	b->cseat = xcalloc(n + 1, sizeof *b->cseat);
	b->ccol = xcalloc(n + 1, sizeof *b->ccol);
	cJSON_ArrayForEach(s, seats) {
		b->cseat[b->ncs] = str(s, "seat");
		b->ccol[b->ncs++] = faction_colour(str(s, "faction"));
	}
}

/* The colour of seat's faction (the last seat of that name has it). */
static uint32_t
seat_colour(const struct board *b, const char *seat)
{
	size_t i;

	for (i = b->ncs; i-- > 0; )
		if (streq(b->cseat[i], seat))
			return b->ccol[i];
	return INK;
}

static const char *
location_name(const struct board *b, const char *id)
{
	const cJSON *l;

	cJSON_ArrayForEach(l, cJSON_GetObjectItemCaseSensitive(b->rv, "locations"))
		if (streq(str(l, "id"), id) && str(l, "name") != NULL)
			return str(l, "name");
	return id;
}

static const char *
drawn_in(const struct board *b, const char *loc)
{
	size_t i;

	for (i = 0; i < b->ndrawn; i++)
		if (strcmp(b->drawn[i], loc) == 0)
			return b->drawn_in[i];
	return NULL;
}

/*
 * What piece p is labelled: its name, unless another piece of the view has
 * that name too; then its id, the word orders name it by (copies of one
 * card differ only by their "-2" suffix).
 */
static const char *
piece_label(const struct board *b, const cJSON *p)
{
	const char *name = str(p, "name"), *id = str(p, "id"), *other;
	size_t i;

	if (name == NULL)
		return id != NULL ? id : "?";
	for (i = 0; i < b->npc; i++) {
		other = str(b->pc[i].j, "name");
		if (b->pc[i].j != p && other != NULL && streq(other, name) && id != NULL)
			return id;
	}
	return name;
}

/* The label of piece id (piece_label()), or id when the view lacks it. */
static const char *
piece_label_of(const struct board *b, const char *id)
{
	size_t i;

	for (i = 0; i < b->npc; i++)
		if (streq(b->pc[i].id, id))
			return piece_label(b, b->pc[i].j);
	return id != NULL ? id : "?";
}

/*
 * label cut to max characters so that its copy suffix ("-2"), which tells
 * it from the other copies, stays: "colonial-mar…-2". A label that fits,
 * or has no suffix, is left to pic_text() to cut. Caller frees.
 */
static char *
label_fit(const char *label, size_t max)
{
	size_t len = strlen(label), d = len, keep;

	while (d > 0 && label[d - 1] >= '0' && label[d - 1] <= '9')
		d--;
	if (len <= max || d == len || d < 2 || label[d - 1] != '-' ||
	    max < len - d + 3)
		return xstrdup(label);
	d--;	/* the suffix is label + d: "-2" */
	keep = max - 1 - (len - d);
	return xasprintf("%.*s\xe2\x80\xa6%s", (int)keep, label, label + d);
}

/* The piece a piece hangs on (carried by, loaded in, attached to), or NULL. */
static const char *
parent(const cJSON *p)
{
	const char *s;

	if ((s = str(p, "carried_by")) != NULL || (s = str(p, "loaded_in")) != NULL ||
	    (s = str(p, "attached_to")) != NULL || (s = str(p, "riding")) != NULL)
		return s;
	return NULL;
}

/* b->pc from the view's pieces. */
static void
pieces_index(struct board *b)
{
	const cJSON *p, *pieces = cJSON_GetObjectItemCaseSensitive(b->rv, "pieces");
	size_t n = 0;

	cJSON_ArrayForEach(p, pieces)
		n++;
	b->pc = xcalloc(n + 1, sizeof *b->pc);
	cJSON_ArrayForEach(p, pieces) {
		struct pc *c = &b->pc[b->npc++];

		c->j = p;
		c->id = str(p, "id");
		c->at = str(p, "at");
		c->parent = parent(p);
	}
}

/*
 * One piece's line at (x, y) and the lines of what hangs on it, depth
 * levels in; draw 0 only counts. Returns the lines used.
 */
static int
piece_lines(struct board *b, const struct pc *pp, double x, double y, int depth,
    int draw)
{
	const cJSON *p = pp->j;
	size_t i;
	int n = 1;

	if (draw) {	/* counting needs none of the line's looks */
		uint32_t c = seat_colour(b, str(p, "controller") != NULL ?
		    str(p, "controller") : str(p, "owner"));
		double ind = 12.0 * depth, room = BW - 22 - ind;
		double gx = x + 6 + ind, gy = y - 9;
		int dmg = num(p, "damage");
		char tail[48] = "", *name;
		size_t max;

		if (dmg > 0)
			snprintf(tail, sizeof tail, " dmg %d", dmg);
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "hidden")))
			strcat(tail, " (hidden)");
		/* the card: upright when ready, lying down when rotated */
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "rotated")))
			pic_rect(&b->pic, gx, gy + 3, 10, 7, c, INK, 0);
		else
			pic_rect(&b->pic, gx + 2, gy, 7, 10, depth ? BOX : c, c, 0);
		max = CHARS(room) > strlen(tail) + 4 ? CHARS(room) - strlen(tail) : 4;
		name = label_fit(piece_label(b, p), max);
		pic_text(&b->pic, x + 20 + ind, y, FS, depth == 0, c, name, max);
		free(name);
		if (tail[0] != '\0')
			pic_text(&b->pic, x + BW - 4 - FS * PIC_CHAR_W * strlen(tail), y,
			    FS, 0, dmg > 0 ? RED : GREY, tail, sizeof tail);
	}
	if (depth >= 3)
		return n;
	for (i = 0; i < b->npc; i++)
		if (streq(b->pc[i].parent, pp->id))
			n += piece_lines(b, &b->pc[i], x, y + LH * n, depth + 1, draw);
	return n;
}

/* The lines of a location's box (title, pieces, markers); draw 0 counts. */
static int
box_lines(struct board *b, const char *loc, const char *seat, double x,
    double y, int draw)
{
	const cJSON *p;
	const char *first = drawn_in(b, loc);
	size_t i;
	int n = 1;

	if (draw)
		pic_text(&b->pic, x + 5, y + LH, FS, 1, INK, location_name(b, loc),
		    CHARS(BW - 10));
	if (first != NULL && !streq(first, seat)) {
		if (draw) {
			char *s = xasprintf("shared: see %s", first);

			pic_text(&b->pic, x + 5, y + 2 * LH, FS, 0, GREY, s, CHARS(BW - 10));
			free(s);
		}
		return 2;
	}
	for (i = 0; i < b->npc; i++)
		if (streq(b->pc[i].at, loc) && b->pc[i].parent == NULL)
			n += piece_lines(b, &b->pc[i], x, y + LH * (n + 1), 0, draw);
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(b->rv, "markers")) {
		if (!streq(str(p, "at"), loc))
			continue;
		if (draw) {
			const cJSON *real = cJSON_GetObjectItemCaseSensitive(p, "real");
			const char *id = str(p, "id") ? str(p, "id") : "?";
			const char *suf = strstr(id, "-marker-");
			char *s = xasprintf("M%s %s%s", suf ? suf + 8 : id,
			    piece_label_of(b, str(p, "piece")), cJSON_IsBool(real) ?
			    (cJSON_IsTrue(real) ? " real" : " decoy") : "");
			uint32_t c = seat_colour(b, str(p, "seat"));

			pic_dot(&b->pic, x + 11, y + LH * (n + 1) - 4, 4.5, c, INK);
			pic_text(&b->pic, x + 20, y + LH * (n + 1), FS, 0, c, s,
			    CHARS(BW - 24));
			free(s);
		}
		n++;
	}
	return n;
}

static double
box_height(int lines)
{
	return LH * lines + 7;
}

/* The box of loc at (x, y), with the height of its band. */
static void
box(struct board *b, const char *loc, const char *seat, double x, double y)
{
	const char *first = drawn_in(b, loc);
	int n = box_lines(b, loc, seat, x, y, 0);

	pic_rect(&b->pic, x, y, BW, box_height(n), BOX,
	    first != NULL && !streq(first, seat) ? GREY : INK,
	    first != NULL && !streq(first, seat));
	box_lines(b, loc, seat, x, y, 1);
	if (first == NULL) {
		b->drawn = xreallocarray(b->drawn, b->ndrawn + 1, sizeof *b->drawn);
		b->drawn_in = xreallocarray(b->drawn_in, b->ndrawn + 1,
		    sizeof *b->drawn_in);
		b->drawn[b->ndrawn] = loc;
		b->drawn_in[b->ndrawn++] = seat;
	}
}

/* The tallest box of a row of the HUD (0 when the row is empty). */
static double
band_height(struct board *b, const cJSON *row, const char *seat)
{
	const cJSON *l;
	double h = 0, bh;

	cJSON_ArrayForEach(l, row)
		if (cJSON_IsString(l) &&
		    (bh = box_height(box_lines(b, l->valuestring, seat, 0, 0, 0))) > h)
			h = bh;
	return h;
}

static double
ground_x(size_t i)
{
	return M + i * (BW + GAP);
}

/* A seat's header and HUD from y down; returns the y below it. */
static double
seat_band(struct board *b, const cJSON *s, double y)
{
	const cJSON *hud = cJSON_GetObjectItemCaseSensitive(s, "hud"), *l, *p;
	const cJSON *ground = cJSON_GetObjectItemCaseSensitive(hud, "ground");
	const cJSON *high = cJSON_GetObjectItemCaseSensitive(hud, "high");
	const cJSON *low = cJSON_GetObjectItemCaseSensitive(hud, "low");
	const char *seat = str(s, "seat");
	uint32_t c = seat_colour(b, seat);
	struct strbuf sb = STRBUF_INIT;
	double hh, gh, lh, gy;
	size_t i;

	strbuf_addf(&sb, "%s%s  hand %d, deck %d, discard %d", seat ? seat : "?",
	    streq(seat, b->reader) ? " (you)" : "", num(s, "hand"), num(s, "deck"),
	    cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(s, "discard")));
	if (num(s, "place") > 0)
		strbuf_addf(&sb, ", place %d", num(s, "place"));
	pic_rect(&b->pic, M - 4, y + 3, 8, LH - 4, c, PIC_NONE, 0);
	pic_text(&b->pic, M + 10, y + LH, FS + 1, 1, c, strbuf_str(&sb), 200);
	y += LH + 4;
	/* in play without a place: battle conditions, hidden characters */
	strbuf_reset(&sb);
	for (i = 0; i < b->npc; i++)
		if ((p = b->pc[i].j) != NULL && b->pc[i].at == NULL &&
		    b->pc[i].parent == NULL && streq(str(p, "owner"), seat))
			strbuf_addf(&sb, "%s%s%s", sb.len ? ", " : "in play: ",
			    piece_label(b, p),
			    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "hidden")) ?
			    " (hidden)" : "");
	if (sb.len) {
		pic_text(&b->pic, M + 10, y + LH - 2, FS, 0, GREY, strbuf_str(&sb), 200);
		y += LH;
	}
	strbuf_free(&sb);
	y += 4;
	hh = band_height(b, high, seat);
	gh = band_height(b, ground, seat);
	lh = band_height(b, low, seat);
	gy = y + (hh > 0 ? hh + 14 : 0);
	/* adjacency along the ground row, and up and down to the gaps */
	for (i = 0; i + 1 < (size_t)cJSON_GetArraySize(ground); i++)
		pic_line(&b->pic, ground_x(i) + BW, gy + 12, ground_x(i + 1), gy + 12,
		    GREY);
	i = 0;
	cJSON_ArrayForEach(l, high) {
		if (cJSON_IsString(l)) {
			double cx = ground_x(i) + BW + GAP / 2;

			pic_line(&b->pic, cx, y + hh, cx, gy + 12, GREY);
			box(b, l->valuestring, seat, cx - BW / 2, y);
		}
		i++;
	}
	i = 0;
	cJSON_ArrayForEach(l, ground) {
		if (cJSON_IsString(l))
			box(b, l->valuestring, seat, ground_x(i), gy);
		i++;
	}
	i = 0;
	cJSON_ArrayForEach(l, low) {
		if (cJSON_IsString(l)) {
			double cx = ground_x(i) + BW + GAP / 2;

			pic_line(&b->pic, cx, gy + 12, cx, gy + gh + 14, GREY);
			box(b, l->valuestring, seat, cx - BW / 2, gy + gh + 14);
		}
		i++;
	}
	return gy + gh + (lh > 0 ? lh + 14 : 0) + 10;
}

/* Pieces at a location no HUD shows (none in a well-formed view). */
static double
elsewhere(struct board *b, double y)
{
	const cJSON *p;
	struct strbuf sb = STRBUF_INIT;

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(b->rv, "pieces"))
		if (str(p, "at") != NULL && drawn_in(b, str(p, "at")) == NULL)
			strbuf_addf(&sb, "%s%s at %s", sb.len ? ", " : "elsewhere: ",
			    piece_label(b, p),
			    location_name(b, str(p, "at")));
	if (sb.len) {
		pic_text(&b->pic, M, y + LH, FS, 0, INK, strbuf_str(&sb), 300);
		y += LH + 6;
	}
	strbuf_free(&sb);
	return y;
}

int
ccg_picture(const cJSON *rv, const char *seat, enum rules_picture format,
    char **out, size_t *len, char **cause)
{
	const cJSON *seats = cJSON_GetObjectItemCaseSensitive(rv, "seats"), *s;
	struct strbuf sb = STRBUF_INIT;
	struct board b;
	size_t most = 3;
	double y;
	int rc = 0;

	if (!cJSON_IsObject(rv) || !cJSON_IsArray(seats))
		return cause_set(cause, "the view has no seats to draw");
	cJSON_ArrayForEach(s, seats) {
		const cJSON *g = cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(s, "hud"), "ground");

		if ((size_t)cJSON_GetArraySize(g) > most)
			most = (size_t)cJSON_GetArraySize(g);
	}
	memset(&b, 0, sizeof b);
	b.rv = rv;
	b.reader = seat;
	pieces_index(&b);
	seat_colours(&b);
	pic_init(&b.pic, 2 * M + most * BW + (most - 1) * GAP, 0, PAPER);
	strbuf_addf(&sb, "%s, turn %d, %s: seen by %s",
	    str(rv, "scenario") ? str(rv, "scenario") : "ccg", num(rv, "turn"),
	    str(rv, "phase") ? str(rv, "phase") : "?", seat ? seat : "a spectator");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rv, "over")))
		strbuf_addstr(&sb, " (game over)");
	pic_text(&b.pic, M, M + FS, FS + 2, 1, INK, strbuf_str(&sb), 200);
	strbuf_free(&sb);
	y = M + LH + 8;
	cJSON_ArrayForEach(s, seats) {
		pic_line(&b.pic, M, y, b.pic.w - M, y, 0xc8c8c8u);
		y = seat_band(&b, s, y + 4);
	}
	b.pic.h = elsewhere(&b, y) + M;
	if (format == RULES_PICTURE_PNG)
		rc = pic_png(&b.pic, (unsigned char **)out, len, cause);
	else {
		pic_svg(&b.pic, &sb);
		*out = strbuf_detach(&sb, len);
	}
	pic_free(&b.pic);
	free(b.drawn);
	free(b.drawn_in);
	free(b.pc);
	free(b.cseat);
	free(b.ccol);
	return rc;
}
