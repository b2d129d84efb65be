/* picture.c — the list of drawing items (picture.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/picture/picture.h"

void
pic_init(struct picture *p, double w, double h, uint32_t background)
{
	memset(p, 0, sizeof *p);
	p->w = w;
	p->h = h;
	p->background = background;
}

void
pic_free(struct picture *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->v[i].text);
	free(p->v);
	memset(p, 0, sizeof *p);
}

static struct pic_item *
add(struct picture *p, enum pic_kind kind)
{
	struct pic_item *it;

	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		p->v = xreallocarray(p->v, p->cap, sizeof *p->v);
	}
	it = &p->v[p->n++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	it->fill = it->stroke = PIC_NONE;
	return it;
}

void
pic_rect(struct picture *p, double x, double y, double w, double h,
    uint32_t fill, uint32_t stroke, int dashed)
{
	struct pic_item *it = add(p, PIC_RECT);

	it->x = x, it->y = y, it->w = w, it->h = h;
	it->fill = fill, it->stroke = stroke, it->dashed = dashed;
}

void
pic_line(struct picture *p, double x0, double y0, double x1, double y1,
    uint32_t stroke)
{
	struct pic_item *it = add(p, PIC_LINE);

	it->x = x0, it->y = y0, it->w = x1 - x0, it->h = y1 - y0;
	it->stroke = stroke;
}

void
pic_dot(struct picture *p, double x, double y, double r, uint32_t fill,
    uint32_t stroke)
{
	struct pic_item *it = add(p, PIC_DOT);

	it->x = x, it->y = y, it->w = r;
	it->fill = fill, it->stroke = stroke;
}

void
pic_text(struct picture *p, double x, double y, double size, int bold,
    uint32_t colour, const char *text, size_t max)
{
	struct pic_item *it = add(p, PIC_TEXT);
	size_t n = 0, bytes = 0;
	const unsigned char *s = (const unsigned char *)text;

	/* Count characters (UTF-8 lead bytes), cut at max - 1 plus "…". */
	while (s[bytes] != '\0') {
		if ((s[bytes] & 0xc0) != 0x80) {
			if (n == max)
				break;
			n++;
		}
		bytes++;
	}
	it->x = x, it->y = y, it->size = size, it->bold = bold;
	it->fill = colour;
	if (s[bytes] == '\0')
		it->text = xstrdup(text);
	else {
		/* back up one character for the ellipsis */
		do
			bytes--;
		while (bytes > 0 && (s[bytes] & 0xc0) == 0x80);
		it->text = xasprintf("%.*s\xe2\x80\xa6", (int)bytes, text);
	}
}
