/*
 * picture-png.c — a picture (picture.h) as a PNG, drawn with cairo and
 * deflated with zlib in strips that are kept (picture-cache.h), so that a
 * board drawn again draws and deflates only the rows that changed.
 *
 * Why cairo: it is Debian's well-kept 2D library (used by GTK, Firefox's
 * print path, poppler) and sets text through fontconfig and FreeType, so
 * muthur carries no rasteriser of its own. Everything is drawn without
 * antialiasing, in the items' own colours: the picture has a few dozen
 * colours at most and is written as an indexed PNG (four bits a pixel for
 * up to 16 colours, no filter, deflate level 6), which is both small and
 * quick — cairo's own PNG writer (RGB, adaptive filters) took 40 ms a
 * board.
 *
 * Strips. The image is cut into bands of STRIP_ROWS rows. A strip's
 * pixels are a function of its rows, the palette and the items that reach
 * into it (an item's extent below, with a margin), so each strip is drawn
 * alone (the items that reach it, shifted up by its first row: whole
 * pixels, the same pixels as in the whole image) and its rows deflated
 * alone as raw deflate ending in a sync flush (byte-aligned, no final
 * block, nothing looked up before it). The IDAT stream is the zlib header,
 * the strips in order, a final empty block and the Adler-32 of all the
 * rows (adler32_combine of the strips'): one valid zlib stream. A strip
 * already encoded under the same key (every byte it depends on) is taken
 * from the cache: the four seats' boards of a phase differ in a line or
 * two, and most phases move nothing. A strip deflated alone cannot refer
 * to the glyphs of the strips above it, so a board is some 10% larger
 * than deflated whole.
 *
 * The palette is the background, then the items' colours in their order
 * (then any other colour the drawing shows, which with antialiasing off it
 * does not): a function of the items alone, like every byte written.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <zlib.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/picture/picture-cache.h"
#include "rules/picture/picture.h"

#define STRIP_ROWS	32	/* rows of a strip (the last may be fewer) */
#define IDAT_SIZE	8192	/* bytes of an IDAT chunk (libpng's) */

static int strip_rows = STRIP_ROWS;

static void
colour(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xff) / 255.0,
	    ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0);
}

/* Fill, then stroke, the current path. */
static void
paint(cairo_t *cr, const struct pic_item *it)
{
	if (it->fill != PIC_NONE) {
		colour(cr, it->fill);
		if (it->stroke != PIC_NONE)
			cairo_fill_preserve(cr);
		else
			cairo_fill(cr);
	}
	if (it->stroke != PIC_NONE) {
		static const double dash[] = { 4.0, 3.0 };

		colour(cr, it->stroke);
		cairo_set_dash(cr, dash, it->dashed ? 2 : 0, 0);
		cairo_stroke(cr);
	}
	cairo_new_path(cr);
}

/* A PNG chunk (length, type, data, CRC) appended to out. */
static void
chunk(struct strbuf *out, const char *type, const unsigned char *data, size_t len)
{
	unsigned char b[4];
	uLong crc;

	b[0] = (unsigned char)(len >> 24);
	b[1] = (unsigned char)(len >> 16);
	b[2] = (unsigned char)(len >> 8);
	b[3] = (unsigned char)len;
	strbuf_add(out, b, 4);
	strbuf_add(out, type, 4);
	if (len > 0)
		strbuf_add(out, data, len);
	crc = crc32(0L, (const Bytef *)type, 4);
	if (len > 0)
		crc = crc32(crc, data, (uInt)len);
	b[0] = (unsigned char)(crc >> 24);
	b[1] = (unsigned char)(crc >> 16);
	b[2] = (unsigned char)(crc >> 8);
	b[3] = (unsigned char)crc;
	strbuf_add(out, b, 4);
}

/*
 * The image surfaces of the last pictures drawn, kept for the next of the
 * same size: a board's surface is megabytes that the system would
 * otherwise zero (and fault in) for every picture, and the background
 * painted first covers every pixel of it anyway. Up to KEEP of them (the
 * views of a phase are drawn by two threads at once), shared by every
 * thread: a thread that ends leaves nothing behind.
 */
#define KEEP 2
static cairo_surface_t *kept[KEEP];
static pthread_mutex_t kept_mu = PTHREAD_MUTEX_INITIALIZER;

static cairo_surface_t *
surface_take(int w, int h)
{
	cairo_surface_t *s = NULL;
	size_t i;

	pthread_mutex_lock(&kept_mu);
	for (i = 0; i < KEEP; i++)
		if (kept[i] != NULL && cairo_image_surface_get_width(kept[i]) == w &&
		    cairo_image_surface_get_height(kept[i]) == h) {
			s = kept[i];
			kept[i] = NULL;
			break;
		}
	pthread_mutex_unlock(&kept_mu);
	return s != NULL ? s : cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
}

static void
surface_keep(cairo_surface_t *s)
{
	cairo_surface_t *old = NULL;
	size_t i;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return;
	}
	pthread_mutex_lock(&kept_mu);
	for (i = 0; i < KEEP && kept[i] != NULL; i++)
		;
	if (i == KEEP) {	/* all taken: the oldest makes room */
		old = kept[0];
		memmove(kept, kept + 1, (KEEP - 1) * sizeof *kept);
		i = KEEP - 1;
	}
	kept[i] = s;
	pthread_mutex_unlock(&kept_mu);
	if (old != NULL)
		cairo_surface_destroy(old);
}

/*
 * What encoding a strip needs beyond the picture: a deflate stream (some
 * 400 KB of tables, which a fresh one zeroes and faults in) and the rows.
 * Kept between pictures like the surfaces, up to KEEP of them.
 */
struct kit {
	z_stream	 z;
	int		 zinit;
	unsigned char	*raw;		/* a strip's PNG rows */
	size_t		 rawcap;
	unsigned char	*idx;		/* a row's palette indices */
	size_t		 idxcap;
};
static struct kit *kits[KEEP];

static struct kit *
kit_take(void)
{
	struct kit *k = NULL;
	size_t i;

	pthread_mutex_lock(&kept_mu);
	for (i = 0; i < KEEP && k == NULL; i++)
		if (kits[i] != NULL) {
			k = kits[i];
			kits[i] = NULL;
		}
	pthread_mutex_unlock(&kept_mu);
	return k != NULL ? k : xcalloc(1, sizeof *k);
}

static void
kit_keep(struct kit *k)
{
	size_t i;

	pthread_mutex_lock(&kept_mu);
	for (i = 0; i < KEEP && k != NULL; i++)
		if (kits[i] == NULL) {
			kits[i] = k;
			k = NULL;
		}
	pthread_mutex_unlock(&kept_mu);
	if (k != NULL) {	/* all places taken */
		if (k->zinit)
			deflateEnd(&k->z);
		free(k->raw);
		free(k->idx);
		free(k);
	}
}

/* One picture being encoded. */
struct enc {
	const struct picture	*p;
	int			 w, h, depth;
	size_t			 rb;		/* bytes of a row's indices */
	uint32_t		 col[256];	/* the palette */
	size_t			 ncol;
	double			*top, *bot;	/* each item's rows, with a margin */
	cairo_surface_t		*s;		/* w x strip_rows, when drawing */
	cairo_font_face_t	*face[2];
	struct kit		*k;		/* when encoding */
	struct strbuf		 items;		/* each item's part of a key, */
	size_t			*ioff;		/* item i's from ioff[i] to ioff[i + 1] */
	struct strbuf		 key;
	size_t			 rawlen;	/* bytes of k->raw in use */
};

/* Add c to the palette unless it is there; -1 when it is full. */
static int
pal_add(struct enc *e, uint32_t c)
{
	size_t k;

	if (c == PIC_NONE)
		return 0;
	c &= 0xffffff;
	for (k = 0; k < e->ncol; k++)
		if (e->col[k] == c)
			return 0;
	if (e->ncol == 256)
		return -1;
	e->col[e->ncol++] = c;
	return 0;
}

/* The background, then the items' colours in their order. */
static int
pal_of_items(struct enc *e)
{
	const struct picture *p = e->p;
	size_t i;

	e->ncol = 0;
	if (pal_add(e, p->background) != 0)
		return -1;
	for (i = 0; i < p->n; i++)
		if (pal_add(e, p->v[i].fill) != 0 || (p->v[i].kind != PIC_TEXT &&
		    pal_add(e, p->v[i].stroke) != 0))
			return -1;
	return 0;
}

/*
 * The first and last rows item can colour, with a margin: a stroke is a
 * pixel either side of its path; a glyph of DejaVu Sans Mono, hinted,
 * stays within 1.11 ems above its baseline and 0.3 below (measured at 8 to
 * 14 pixels over ASCII, Latin-1 and the ellipsis), taken as 1.5 and 0.6
 * plus two rows. (A glyph of a fallback font taller than that would be cut
 * at a strip's edge, the same way in every view.)
 */
static void
extent(const struct pic_item *it, double *top, double *bot)
{
	double a, b, r;

	switch (it->kind) {
	case PIC_RECT:
		a = (int)it->y;
		b = a + (int)it->h;
		break;
	case PIC_LINE:
		a = it->y;
		b = it->y + it->h;
		break;
	case PIC_DOT:
		r = it->w < 0 ? -it->w : it->w;
		a = it->y - r;
		b = it->y + r;
		break;
	case PIC_TEXT:
	default:
		a = (int)(it->y + 0.5) - 1.5 * it->size;
		b = (int)(it->y + 0.5) + 0.6 * it->size;
		break;
	}
	*top = (a < b ? a : b) - 2;
	*bot = (a < b ? b : a) + 2;
}

/* Item it's part of a key: every field that bears on its pixels. */
static void
item_key(struct strbuf *k, const struct pic_item *it)
{
	size_t n = it->text != NULL ? strlen(it->text) + 1 : 0;
	int v[3];

	v[0] = (int)it->kind, v[1] = it->dashed, v[2] = it->bold;
	strbuf_add(k, v, sizeof v);
	strbuf_add(k, &it->x, sizeof it->x);
	strbuf_add(k, &it->y, sizeof it->y);
	strbuf_add(k, &it->w, sizeof it->w);
	strbuf_add(k, &it->h, sizeof it->h);
	strbuf_add(k, &it->size, sizeof it->size);
	strbuf_add(k, &it->fill, sizeof it->fill);
	strbuf_add(k, &it->stroke, sizeof it->stroke);
	strbuf_add(k, &n, sizeof n);
	if (n > 0)
		strbuf_add(k, it->text, n);
}

/*
 * The key of the strip of rows [y0, y0 + rows) into e->key: every byte
 * its pixels and its encoding depend on (the picture's width, the rows,
 * the palette, the background, each item that reaches the rows, in order).
 */
static void
strip_key(struct enc *e, int y0, int rows)
{
	static const char tag[] = "muthur-pic-strip-1";
	const struct picture *p = e->p;
	size_t i, from = 0, to = 0;
	int v[5];

	strbuf_reset(&e->key);
	strbuf_add(&e->key, tag, sizeof tag);
	v[0] = e->w, v[1] = y0, v[2] = rows, v[3] = e->depth, v[4] = (int)e->ncol;
	strbuf_add(&e->key, v, sizeof v);
	strbuf_add(&e->key, e->col, e->ncol * sizeof e->col[0]);
	strbuf_add(&e->key, &p->background, sizeof p->background);
	/* the items' parts, a run of neighbours at a time */
	for (i = 0; i < p->n; i++) {
		if (e->bot[i] < y0 || e->top[i] >= y0 + rows)
			continue;
		if (e->ioff[i] != to) {
			strbuf_add(&e->key, e->items.s + from, to - from);
			from = e->ioff[i];
		}
		to = e->ioff[i + 1];
	}
	strbuf_add(&e->key, e->items.s + from, to - from);
}

/* Draw the items that reach rows [y0, y0 + rows) into e->s, shifted up
 * by y0. -1 with a reason when cairo fails. */
static int
draw_strip(struct enc *e, int y0, int rows, char **cause)
{
	const struct picture *p = e->p;
	cairo_font_options_t *fo;
	cairo_status_t st;
	cairo_t *cr;
	size_t i;

	if (e->s == NULL) {
		e->s = surface_take(e->w, strip_rows < e->h ? strip_rows : e->h);
		/* looked up once a picture: fontconfig is slow to ask */
		e->face[0] = cairo_toy_font_face_create("DejaVu Sans Mono",
		    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
		e->face[1] = cairo_toy_font_face_create("DejaVu Sans Mono",
		    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	}
	cr = cairo_create(e->s);
	/* Hinted glyphs on whole pixels, without grey edges: only the items'
	 * colours, and every "a" the same few pixels, which deflate finds
	 * again; a demo game's board is some 10 KB (50 KB antialiased). */
	fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_NONE);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_FULL);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_ON);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	colour(cr, p->background);
	cairo_paint(cr);
	cairo_translate(cr, 0, -y0);
	cairo_set_line_width(cr, 1.0);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	for (i = 0; i < p->n; i++) {
		const struct pic_item *it = &p->v[i];

		if (e->bot[i] < y0 || e->top[i] >= y0 + rows)
			continue;
		switch (it->kind) {
		case PIC_RECT:
			/* on the half pixel: one-pixel lines stay sharp */
			cairo_rectangle(cr, (int)it->x + 0.5, (int)it->y + 0.5,
			    (int)it->w, (int)it->h);
			paint(cr, it);
			break;
		case PIC_LINE:
			cairo_move_to(cr, it->x, it->y);
			cairo_line_to(cr, it->x + it->w, it->y + it->h);
			paint(cr, it);
			break;
		case PIC_DOT:
			cairo_arc(cr, it->x, it->y, it->w, 0, 6.283185307179586);
			paint(cr, it);
			break;
		case PIC_TEXT:
			cairo_set_font_face(cr, e->face[it->bold != 0]);
			cairo_set_font_size(cr, it->size);
			colour(cr, it->fill);
			cairo_move_to(cr, (int)(it->x + 0.5), (int)(it->y + 0.5));
			cairo_show_text(cr, it->text);
			cairo_new_path(cr);
			break;
		}
	}
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st != CAIRO_STATUS_SUCCESS)
		return cause_set(cause, "cannot draw the picture: %s",
		    cairo_status_to_string(st));
	cairo_surface_flush(e->s);
	return 0;
}

/*
 * The first rows of e->s as PNG rows into e->raw: each its filter byte
 * (0, none) and its palette indices packed at e->depth bits, the first
 * pixel in the high bits, the last byte padded with zeros. 0, or 1 with
 * *missing a colour the palette lacks.
 */
static int
index_rows(struct enc *e, int rows, uint32_t *missing)
{
	const unsigned char *data = cairo_image_surface_get_data(e->s);
	int stride = cairo_image_surface_get_stride(e->s), x, y, end, shift;
	uint32_t last = e->col[0];
	unsigned char *o, *row, *in, lastk = 0, acc;
	size_t k, n = e->rb + 1;

	if (e->k->rawcap < (size_t)rows * n) {
		e->k->rawcap = (size_t)rows * n;
		e->k->raw = xreallocarray(e->k->raw, e->k->rawcap, 1);
	}
	if (e->k->idxcap < (size_t)e->w) {
		e->k->idxcap = (size_t)e->w;
		e->k->idx = xreallocarray(e->k->idx, e->k->idxcap, 1);
	}
	in = e->k->idx;
	e->rawlen = (size_t)rows * n;
	for (y = 0; y < rows; y++) {
		const uint32_t *px = (const uint32_t *)(data + (size_t)y * (size_t)stride);

		row = e->k->raw + (size_t)y * n;
		/* a row as the row above (most of a board's background) */
		if (y > 0 && memcmp(px, data + (size_t)(y - 1) * (size_t)stride,
		    (size_t)e->w * 4) == 0) {
			memcpy(row, row - n, n);
			continue;
		}
		/* the indices, a run of one pixel value at a time */
		for (x = 0; x < e->w; x = end) {
			uint32_t v = px[x], c = v & 0xffffff;

			if (c != last) {
				for (k = 0; k < e->ncol && e->col[k] != c; k++)
					;
				if (k == e->ncol) {
					*missing = c;
					return 1;
				}
				last = c;
				lastk = (unsigned char)k;
			}
			for (end = x + 1; end < e->w && px[end] == v; end++)
				;
			memset(in + x, lastk, (size_t)(end - x));
		}
		/* packed, the first pixel in the high bits, the last byte
		 * padded with zeros; row[0]: filter none */
		row[0] = 0;
		o = row + 1;
		if (e->depth == 8) {
			memcpy(o, in, (size_t)e->w);
			continue;
		}
		if (e->depth == 4) {
			for (x = 0; x + 1 < e->w; x += 2)
				*o++ = (unsigned char)(in[x] << 4 | in[x + 1]);
			if (x < e->w)
				*o = (unsigned char)(in[x] << 4);
			continue;
		}
		acc = 0;
		shift = 8 - e->depth;
		for (x = 0; x < e->w; x++) {
			acc |= (unsigned char)(in[x] << shift);
			if (shift == 0) {
				*o++ = acc;
				acc = 0;
				shift = 8 - e->depth;
			} else
				shift -= e->depth;
		}
		if (shift != 8 - e->depth)
			*o = acc;
	}
	return 0;
}

/* e->raw deflated alone, ending in a sync flush, appended to out. */
static int
deflate_strip(struct enc *e, struct strbuf *out, char **cause)
{
	unsigned char buf[16384];
	int ret;

	z_stream *z = &e->k->z;

	if (!e->k->zinit) {
		memset(z, 0, sizeof *z);
		if (deflateInit2(z, 6, Z_DEFLATED, -15, 8,
		    Z_DEFAULT_STRATEGY) != Z_OK)
			return cause_set(cause, "cannot deflate the picture");
		e->k->zinit = 1;
	} else if (deflateReset(z) != Z_OK)
		return cause_set(cause, "cannot deflate the picture");
	z->next_in = e->k->raw;
	z->avail_in = (uInt)e->rawlen;
	do {
		z->next_out = buf;
		z->avail_out = sizeof buf;
		ret = deflate(z, Z_SYNC_FLUSH);
		if (ret != Z_OK && ret != Z_BUF_ERROR)
			return cause_set(cause, "cannot deflate the picture");
		strbuf_add(out, buf, sizeof buf - z->avail_out);
	} while (z->avail_out == 0);
	return 0;
}

/*
 * The zlib data of every strip into zdata and their Adler-32 into *adler:
 * 0, 1 with *missing a colour the palette lacks, -1 with a reason.
 */
static int
encode_strips(struct enc *e, struct strbuf *zdata, uLong *adler,
    uint32_t *missing, char **cause)
{
	static const unsigned char zhead[2] = { 0x78, 0x9c };
	struct strbuf seg = STRBUF_INIT;
	uint32_t a;
	size_t rawlen;
	int y0, rows, rc;

	strbuf_reset(zdata);
	strbuf_add(zdata, zhead, sizeof zhead);
	*adler = adler32(0L, Z_NULL, 0);
	for (y0 = 0; y0 < e->h; y0 += strip_rows) {
		rows = e->h - y0 < strip_rows ? e->h - y0 : strip_rows;
		strip_key(e, y0, rows);
		if (!pic_cache_get(e->key.s, e->key.len, zdata, &a, &rawlen)) {
			if (e->k == NULL)
				e->k = kit_take();
			if (draw_strip(e, y0, rows, cause) != 0) {
				strbuf_free(&seg);
				return -1;
			}
			if ((rc = index_rows(e, rows, missing)) != 0) {
				strbuf_free(&seg);
				return rc;
			}
			strbuf_reset(&seg);
			if (deflate_strip(e, &seg, cause) != 0) {
				strbuf_free(&seg);
				return -1;
			}
			rawlen = e->rawlen;
			a = (uint32_t)adler32(adler32(0L, Z_NULL, 0), e->k->raw,
			    (uInt)e->rawlen);
			pic_cache_put(e->key.s, e->key.len, seg.s, seg.len, a, rawlen);
			strbuf_add(zdata, seg.s, seg.len);
		}
		*adler = adler32_combine(*adler, a, (z_off_t)rawlen);
	}
	strbuf_free(&seg);
	return 0;
}

/* The PNG of zlib data zdata (without its final block and Adler-32). */
static void
write_png(struct enc *e, struct strbuf *zdata, uLong adler, struct strbuf *out)
{
	static const unsigned char sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
	static const unsigned char last[2] = { 0x03, 0x00 };	/* final, empty */
	unsigned char ihdr[13], plte[3 * 256], b[4];
	size_t k, n;

	strbuf_add(zdata, last, sizeof last);
	b[0] = (unsigned char)(adler >> 24);
	b[1] = (unsigned char)(adler >> 16);
	b[2] = (unsigned char)(adler >> 8);
	b[3] = (unsigned char)adler;
	strbuf_add(zdata, b, 4);
	strbuf_add(out, sig, sizeof sig);
	ihdr[0] = (unsigned char)((unsigned)e->w >> 24);
	ihdr[1] = (unsigned char)((unsigned)e->w >> 16);
	ihdr[2] = (unsigned char)((unsigned)e->w >> 8);
	ihdr[3] = (unsigned char)e->w;
	ihdr[4] = (unsigned char)((unsigned)e->h >> 24);
	ihdr[5] = (unsigned char)((unsigned)e->h >> 16);
	ihdr[6] = (unsigned char)((unsigned)e->h >> 8);
	ihdr[7] = (unsigned char)e->h;
	ihdr[8] = (unsigned char)e->depth;
	ihdr[9] = 3;		/* colour type: palette */
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	chunk(out, "IHDR", ihdr, sizeof ihdr);
	for (k = 0; k < e->ncol; k++) {
		plte[3 * k] = (unsigned char)(e->col[k] >> 16);
		plte[3 * k + 1] = (unsigned char)(e->col[k] >> 8);
		plte[3 * k + 2] = (unsigned char)e->col[k];
	}
	chunk(out, "PLTE", plte, 3 * e->ncol);
	for (k = 0; k < zdata->len; k += n) {
		n = zdata->len - k < IDAT_SIZE ? zdata->len - k : IDAT_SIZE;
		chunk(out, "IDAT", (const unsigned char *)zdata->s + k, n);
	}
	chunk(out, "IEND", NULL, 0);
}

void
pic_png_strip_rows(int rows)
{
	strip_rows = rows > 0 ? rows : STRIP_ROWS;
}

int
pic_png(const struct picture *p, unsigned char **png, size_t *len, char **cause)
{
	struct strbuf zdata = STRBUF_INIT, out = STRBUF_INIT;
	struct enc e;
	uint32_t missing;
	uLong adler;
	size_t i;
	int rc = -1;

	memset(&e, 0, sizeof e);
	e.p = p;
	e.w = (int)(p->w + 0.5);
	e.h = (int)(p->h + 0.5);
	if (e.w <= 0 || e.h <= 0)
		return cause_set(cause, "cannot write the picture as a PNG");
	if (pal_of_items(&e) != 0)
		return cause_set(cause, "the picture has more than 256 colours");
	e.top = xreallocarray(NULL, p->n + 1, sizeof *e.top);
	e.bot = xreallocarray(NULL, p->n + 1, sizeof *e.bot);
	e.ioff = xreallocarray(NULL, p->n + 1, sizeof *e.ioff);
	strbuf_add(&e.items, NULL, 0);
	for (i = 0; i < p->n; i++) {
		extent(&p->v[i], &e.top[i], &e.bot[i]);
		e.ioff[i] = e.items.len;
		item_key(&e.items, &p->v[i]);
	}
	e.ioff[p->n] = e.items.len;
	for (;;) {
		/* as few bits a pixel as the colours need */
		e.depth = e.ncol <= 2 ? 1 : e.ncol <= 4 ? 2 : e.ncol <= 16 ? 4 : 8;
		e.rb = ((size_t)e.w * (size_t)e.depth + 7) / 8;
		rc = encode_strips(&e, &zdata, &adler, &missing, cause);
		if (rc != 1)
			break;
		/* a colour drawn that no item names: again, with it */
		if (pal_add(&e, missing) != 0) {
			rc = cause_set(cause, "the picture has more than 256 colours");
			break;
		}
	}
	if (rc == 0) {
		write_png(&e, &zdata, adler, &out);
		*png = (unsigned char *)strbuf_detach(&out, len);
	}
	if (e.s != NULL) {
		surface_keep(e.s);
		cairo_font_face_destroy(e.face[0]);
		cairo_font_face_destroy(e.face[1]);
	}
	if (e.k != NULL)
		kit_keep(e.k);
	strbuf_free(&e.key);
	strbuf_free(&zdata);
	free(e.top);
	free(e.bot);
	free(e.ioff);
	strbuf_free(&e.items);
	return rc;
}
