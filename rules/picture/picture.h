/*
 * picture.h — a game's board as a list of drawing items (boxes, lines,
 * dots, text), laid out once by the game (for the CCG rules/ccg/picture.c)
 * and written either as a PNG (picture-png.c, with cairo) or as SVG
 * (picture-svg.c, plain text for the HTML archive viewer). Both writers
 * draw exactly the items given, so the two pictures of one list agree.
 *
 * Text is set in one monospace face (DejaVu Sans Mono, a dependency of
 * fontconfig on Debian) so that a layout can count characters: a glyph is
 * PIC_CHAR_W times the font size wide. Colours are 0xRRGGBB. The same list
 * always gives the same bytes (no clock, no host name, no randomness).
 */
#ifndef MUTHUR_RULES_PICTURE_H
#define MUTHUR_RULES_PICTURE_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

#define PIC_CHAR_W	0.6	/* advance of a DejaVu Sans Mono glyph, per em */
#define PIC_NONE	0xffffffffu	/* no fill / no stroke */

enum pic_kind {
	PIC_RECT,	/* x, y, w, h; fill and stroke (dashed: a dashed stroke) */
	PIC_LINE,	/* from x, y to x + w, y + h; stroke */
	PIC_DOT,	/* a disc of radius w at x, y; fill and stroke */
	PIC_TEXT,	/* text with its baseline at x, y; size, bold, fill */
};

struct pic_item {
	enum pic_kind	 kind;
	double		 x, y, w, h;
	uint32_t	 fill, stroke;
	int		 dashed;
	double		 size;
	int		 bold;
	char		*text;		/* PIC_TEXT: UTF-8, owned by the list */
};

struct picture {
	double		 w, h;		/* canvas size in pixels */
	uint32_t	 background;
	struct pic_item	*v;
	size_t		 n, cap;
};

void	pic_init(struct picture *p, double w, double h, uint32_t background);
void	pic_free(struct picture *p);
void	pic_rect(struct picture *p, double x, double y, double w, double h,
	    uint32_t fill, uint32_t stroke, int dashed);
void	pic_line(struct picture *p, double x0, double y0, double x1, double y1,
	    uint32_t stroke);
void	pic_dot(struct picture *p, double x, double y, double r, uint32_t fill,
	    uint32_t stroke);
/* Text cut to at most max characters (an ellipsis ends a cut text). */
void	pic_text(struct picture *p, double x, double y, double size, int bold,
	    uint32_t colour, const char *text, size_t max);

/*
 * An indexed PNG (a palette of the picture's colours, 1 to 8 bits a pixel)
 * into *png (caller frees); -1 with a reason (more than 256 colours, cairo
 * or zlib failing). Drawn and deflated in strips of rows, each kept
 * (picture-cache.h) under every byte it depends on and taken from there
 * when drawn again: the bytes are the same whether or not it was.
 */
int	pic_png(const struct picture *p, unsigned char **png, size_t *len,
	    char **cause);
/*
 * Rows a strip of pic_png() from now on (0: the default, 32). For tests: a
 * strip as tall as the picture draws it whole, as one strip; every height
 * gives the same pixels.
 */
void	pic_png_strip_rows(int rows);
/* SVG 1.1, one <svg> element without XML declaration, appended to out. */
void	pic_svg(const struct picture *p, struct strbuf *out);

#endif
