/* picture-svg.c — a picture (picture.h) as SVG text. */
#include "config.h"

#include <string.h>

#include "lib/strbuf.h"
#include "rules/picture/picture.h"

static void
add_colour(struct strbuf *out, const char *attr, uint32_t c)
{
	if (c == PIC_NONE)
		strbuf_addf(out, " %s=\"none\"", attr);
	else
		strbuf_addf(out, " %s=\"#%06x\"", attr, (unsigned)c);
}

static void
add_escaped(struct strbuf *out, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&': strbuf_addstr(out, "&amp;"); break;
		case '<': strbuf_addstr(out, "&lt;"); break;
		case '>': strbuf_addstr(out, "&gt;"); break;
		case '"': strbuf_addstr(out, "&quot;"); break;
		default: strbuf_addc(out, *s); break;
		}
}

void
pic_svg(const struct picture *p, struct strbuf *out)
{
	size_t i;

	strbuf_addf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" "
	    "height=\"%g\" viewBox=\"0 0 %g %g\" font-family=\"DejaVu Sans Mono, "
	    "monospace\"><rect width=\"100%%\" height=\"100%%\"", p->w, p->h,
	    p->w, p->h);
	add_colour(out, "fill", p->background);
	strbuf_addstr(out, "/>\n");
	for (i = 0; i < p->n; i++) {
		const struct pic_item *it = &p->v[i];

		switch (it->kind) {
		case PIC_RECT:
			strbuf_addf(out, "<rect x=\"%d.5\" y=\"%d.5\" width=\"%d\" "
			    "height=\"%d\"", (int)it->x, (int)it->y, (int)it->w,
			    (int)it->h);
			break;
		case PIC_LINE:
			strbuf_addf(out, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\"",
			    it->x, it->y, it->x + it->w, it->y + it->h);
			break;
		case PIC_DOT:
			strbuf_addf(out, "<circle cx=\"%g\" cy=\"%g\" r=\"%g\"",
			    it->x, it->y, it->w);
			break;
		case PIC_TEXT:
			strbuf_addf(out, "<text x=\"%g\" y=\"%g\" font-size=\"%g\"%s",
			    it->x, it->y, it->size, it->bold ?
			    " font-weight=\"bold\"" : "");
			add_colour(out, "fill", it->fill);
			strbuf_addc(out, '>');
			add_escaped(out, it->text);
			strbuf_addstr(out, "</text>\n");
			continue;
		}
		add_colour(out, "fill", it->fill);
		add_colour(out, "stroke", it->stroke);
		if (it->dashed)
			strbuf_addstr(out, " stroke-dasharray=\"4 3\"");
		strbuf_addstr(out, "/>\n");
	}
	strbuf_addstr(out, "</svg>\n");
}
