/*
 * picture.c — Bug Hunt's board as a picture (struct rules picture): the
 * complex as the 5×6 grid of rules/bughunt/view-text.c (row 6 at the
 * top, Sectors 1..5 left to right), the APC below Sector 3. A placed tile
 * is a box with its name; each side shows what the tile has there: a
 * wall as a line, an exit as a gap in it, a barrier as a thick bar, a
 * breached barrier as a dashed box. Inside: a dot per squad in its seat
 * colour with the seat's name and character count, "xN" in red for N
 * Xenomorphs, a gold star box for an objective token. An empty cell with
 * Xenomorphs shows just its count.
 *
 * Drawn from the rules view alone (rules/bughunt/view.c), which shows
 * the tile stack, the tracking deck and the wound faces only as counts,
 * so two states differing in those give the same bytes.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "rules/bughunt/bughunt.h"
#include "rules/picture/picture.h"

#define FS	11.0		/* font size */
#define LH	14.0		/* line height */
#define CW	132.0		/* a cell */
#define CH	84.0
#define M	10.0		/* margin */
#define TOP	(M + 2 * LH + 8)
#define CHARS(w)	((size_t)((w) / (FS * PIC_CHAR_W)))

#define INK	0x202020u
#define GREY	0x909090u
#define PAPER	0xfdfcf8u
#define BOX	0xffffffu
#define RED	0xc01818u
#define BAR	0x7a4a10u
#define GOLD	0xe0b000u

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

static uint32_t
colour(const char *seat)
{
	if (strcmp(seat, "blue") == 0)
		return 0x1f4e8cu;
	if (strcmp(seat, "red") == 0)
		return 0xb01c1cu;
	if (strcmp(seat, "green") == 0)
		return 0x2f7a2fu;
	if (strcmp(seat, "yellow") == 0)
		return 0xd0a000u;
	return INK;
}

/* The characters left in seat's squad, by the view's squads list. */
static int
characters(const cJSON *rv, const char *seat)
{
	const cJSON *s;

	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(rv, "squads"))
		if (strcmp(str(s, "seat"), seat) == 0)
			return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(s,
			    "characters"));
	return 0;
}

/* Side d ("n", "e", "s", "w") of the box at (x, y) as the cell has it. */
static void
side(struct picture *p, const cJSON *c, const char *d, double x, double y)
{
	const char *s = str(cJSON_GetObjectItemCaseSensitive(c, "sides"), d);
	int vert = d[0] == 'e' || d[0] == 'w', breached = 0;
	double x0 = x + (d[0] == 'e' ? CW : 0), y0 = y + (d[0] == 's' ? CH : 0);
	double len = vert ? CH : CW, gap = len / 3;
	const cJSON *b;

	cJSON_ArrayForEach(b, cJSON_GetObjectItemCaseSensitive(c, "breached"))
		if (strcmp(cJSON_GetStringValue(b) ? cJSON_GetStringValue(b) : "", d) == 0)
			breached = 1;
	if (strcmp(s, "exit") == 0) {
		if (vert) {
			pic_line(p, x0, y0, x0, y0 + gap, INK);
			pic_line(p, x0, y0 + 2 * gap, x0, y0 + len, INK);
		} else {
			pic_line(p, x0, y0, x0 + gap, y0, INK);
			pic_line(p, x0 + 2 * gap, y0, x0 + len, y0, INK);
		}
	} else if (strcmp(s, "barrier") == 0) {
		if (vert)
			pic_rect(p, x0 - 3, y0 + 4, 6, len - 8, breached ? BOX : BAR, BAR,
			    breached);
		else
			pic_rect(p, x0 + 4, y0 - 3, len - 8, 6, breached ? BOX : BAR, BAR,
			    breached);
	} else if (vert)
		pic_line(p, x0, y0, x0, y0 + len, INK);
	else
		pic_line(p, x0, y0, x0 + len, y0, INK);
}

/* The squads of o (a cell or the APC), one line each from y down. */
static void
squad_lines(struct picture *p, const cJSON *rv, const cJSON *o, double x, double y)
{
	const cJSON *s;

	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(o, "squads")) {
		const char *seat = cJSON_GetStringValue(s);
		char line[32];

		if (seat == NULL)
			continue;
		snprintf(line, sizeof line, "%s %d", seat, characters(rv, seat));
		pic_dot(p, x + 5, y - 4, 4.5, colour(seat), INK);
		pic_text(p, x + 13, y, FS, 0, colour(seat), line, CHARS(CW - 20));
		y += LH - 2;
	}
}

static void
cell(struct picture *p, const cJSON *rv, const cJSON *c)
{
	int at = bh_cell_parse(str(c, "cell")), col = at % BH_COLS, row = at / BH_COLS;
	double x = M + 16 + col * CW, y = TOP + (BH_ROWS - 1 - row) * CH;
	char xn[16];

	if (at < 0)
		return;
	if (cJSON_GetObjectItemCaseSensitive(c, "tile") != NULL) {
		pic_rect(p, x + 1, y + 1, CW - 2, CH - 2, BOX, PIC_NONE, 0);
		side(p, c, "n", x, y);
		side(p, c, "e", x, y);
		side(p, c, "s", x, y);
		side(p, c, "w", x, y);
		pic_text(p, x + 6, y + LH, FS, 1, INK, *str(c, "name") ? str(c, "name") :
		    str(c, "tile"), CHARS(CW - 12));
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(c, "objective"))) {
			pic_rect(p, x + CW - 20, y + LH + 4, 12, 12, GOLD, INK, 0);
			pic_text(p, x + CW - 17.5, y + LH + 14, FS - 1, 1, INK, "*", 1);
		}
	}
	if (num(c, "xenos") > 0) {
		snprintf(xn, sizeof xn, "x%d", num(c, "xenos"));
		pic_text(p, x + 6, y + 2 * LH + 2, FS + 1, 1, RED, xn, 6);
	}
	squad_lines(p, rv, c, x + 4, y + 3 * LH + 4);
}

int
bh_picture(const cJSON *rv, const char *seat, enum rules_picture format,
    char **out, size_t *len, char **cause)
{
	const cJSON *cells = cJSON_GetObjectItemCaseSensitive(rv, "cells"), *c;
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(rv, "result");
	struct strbuf sb = STRBUF_INIT;
	struct picture p;
	double ay = TOP + BH_ROWS * CH + LH + 8;
	int i, rc = 0;
	char lab[4];

	if (!cJSON_IsObject(rv) || !cJSON_IsArray(cells))
		return cause_set(cause, "the view has no cells to draw");
	pic_init(&p, 2 * M + 16 + BH_COLS * CW, ay + 2 * LH + 3 * (LH - 2) + M + 8,
	    PAPER);
	strbuf_addf(&sb, "Aliens: Bug Hunt, turn %d: ", num(rv, "turn"));
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "over")))
		strbuf_addf(&sb, "game over, the Marines %s", cJSON_IsTrue(
		    cJSON_GetObjectItemCaseSensitive(r, "won")) ? "won" : "lost");
	else if (strcmp(str(rv, "phase"), "xenomorph") == 0)
		strbuf_addstr(&sb, "a Xenomorph Phase waits for choices");
	else
		strbuf_addf(&sb, "%s's %sturn", str(rv, "active"),
		    cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(rv, "lt_command")) ?
		    "Lt. Command " : "");
	strbuf_addf(&sb, "; seen by %s", seat != NULL ? seat : "a spectator");
	pic_text(&p, M, M + FS, FS + 2, 1, INK, strbuf_str(&sb), 120);
	strbuf_reset(&sb);
	strbuf_addf(&sb, "tiles left %d, tracking cards %d, Xenomorph dice %d, "
	    "objective tokens %d", num(rv, "tile_stack"), num(rv, "tracking_deck"),
	    num(rv, "dice_pool"), num(rv, "objective_tokens"));
	pic_text(&p, M, M + FS + LH + 2, FS, 0, GREY, strbuf_str(&sb), 120);
	/* the grid: faint cells, row and Sector labels */
	for (i = 0; i < BH_ROWS * BH_COLS; i++)
		pic_rect(&p, M + 16 + (i % BH_COLS) * CW + 3, TOP + (i / BH_COLS) * CH + 3,
		    CW - 6, CH - 6, PIC_NONE, 0xe4e2dcu, 1);
	for (i = 0; i < BH_ROWS; i++) {
		snprintf(lab, sizeof lab, "%d", BH_ROWS - i);
		pic_text(&p, M, TOP + i * CH + CH / 2 + 4, FS, 1, GREY, lab, 2);
	}
	for (i = 0; i < BH_COLS; i++) {
		snprintf(lab, sizeof lab, "%d", i + 1);
		pic_text(&p, M + 16 + i * CW + CW / 2 - 3, TOP + BH_ROWS * CH + LH, FS, 1,
		    GREY, lab, 2);
	}
	cJSON_ArrayForEach(c, cells)
		cell(&p, rv, c);
	/* the APC, below Sector 3, where squads enter and leave */
	pic_line(&p, M + 16 + 2.5 * CW, TOP + BH_ROWS * CH + LH + 3,
	    M + 16 + 2.5 * CW, ay, GREY);
	pic_rect(&p, M + 16 + 2 * CW, ay, CW, 2 * LH + 3 * (LH - 2), BOX, INK, 0);
	pic_text(&p, M + 16 + 2 * CW + 6, ay + LH, FS, 1, INK, "APC", 3);
	squad_lines(&p, rv, cJSON_GetObjectItemCaseSensitive(rv, "apc"),
	    M + 16 + 2 * CW + 4, ay + 2 * LH);
	if (format == RULES_PICTURE_PNG)
		rc = pic_png(&p, (unsigned char **)out, len, cause);
	else {
		strbuf_reset(&sb);
		pic_svg(&p, &sb);
		*out = strbuf_detach(&sb, len);
	}
	strbuf_free(&sb);
	pic_free(&p);
	return rc;
}
