/*
 * picture-png.c — a picture (picture.h) as a PNG, drawn with cairo and
 * written with zlib in the bytes libpng writes (libpng itself for small
 * images).
 *
 * Why cairo: it is Debian's well-kept 2D library (used by GTK, Firefox's
 * print path, poppler) and sets text through fontconfig and FreeType, so
 * muthur carries no rasteriser of its own. Everything is drawn without
 * antialiasing, in the items' own colours: the picture has a few dozen
 * colours at most, and libpng writes it as an indexed PNG (four bits a
 * pixel for up to 16 colours, no filter, deflate's full search), which is
 * both small and quick — cairo's own PNG writer (RGB, adaptive filters)
 * took 40 ms a board, this takes a few.
 * The output is a function of the items alone.
 */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <png.h>
#include <zlib.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "rules/picture/picture.h"

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

static void
png_sink(png_structp png, png_bytep data, size_t len)
{
	strbuf_add(png_get_io_ptr(png), data, len);
}

static void
png_fail(png_structp png, png_const_charp msg)
{
	(void)msg;
	png_longjmp(png, 1);
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
 * The PNG of the filtered rows raw (each row its filter byte, 0, and its
 * packed indices), w x h at depth bits with ncol colours of pal, written
 * as libpng 1.6 writes it with the settings of write_libpng(): signature,
 * IHDR, PLTE, the deflated rows (level 6, window 15, memory level 9, the
 * default strategy) in IDAT chunks of 8192 bytes (PNG_ZBUF_SIZE) and a
 * last shorter one, IEND; the same bytes, without libpng's row-by-row
 * transformations (a third of the work of a board). Only for images of
 * more than 16384 bytes of rows: libpng shrinks deflate's window for
 * smaller ones. -1 when zlib fails.
 */
static int
write_direct(const unsigned char *raw, size_t rawlen, int w, int h, int depth,
    const png_color *pal, size_t ncol, struct strbuf *out)
{
	static const unsigned char sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
	unsigned char ihdr[13], plte[3 * 256], zbuf[8192];
	z_stream z;
	size_t k;
	int ret;

	strbuf_add(out, sig, sizeof sig);
	ihdr[0] = (unsigned char)((unsigned)w >> 24);
	ihdr[1] = (unsigned char)((unsigned)w >> 16);
	ihdr[2] = (unsigned char)((unsigned)w >> 8);
	ihdr[3] = (unsigned char)w;
	ihdr[4] = (unsigned char)((unsigned)h >> 24);
	ihdr[5] = (unsigned char)((unsigned)h >> 16);
	ihdr[6] = (unsigned char)((unsigned)h >> 8);
	ihdr[7] = (unsigned char)h;
	ihdr[8] = (unsigned char)depth;
	ihdr[9] = PNG_COLOR_TYPE_PALETTE;
	ihdr[10] = ihdr[11] = ihdr[12] = 0;
	chunk(out, "IHDR", ihdr, sizeof ihdr);
	for (k = 0; k < ncol; k++) {
		plte[3 * k] = pal[k].red;
		plte[3 * k + 1] = pal[k].green;
		plte[3 * k + 2] = pal[k].blue;
	}
	chunk(out, "PLTE", plte, 3 * ncol);
	memset(&z, 0, sizeof z);
	if (deflateInit2(&z, 6, Z_DEFLATED, 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	z.next_in = (Bytef *)(uintptr_t)raw;
	z.avail_in = (uInt)rawlen;
	do {
		z.next_out = zbuf;
		z.avail_out = sizeof zbuf;
		ret = deflate(&z, Z_FINISH);
		if (ret != Z_OK && ret != Z_STREAM_END) {
			deflateEnd(&z);
			return -1;
		}
		if (sizeof zbuf - z.avail_out > 0)
			chunk(out, "IDAT", zbuf, sizeof zbuf - z.avail_out);
	} while (ret != Z_STREAM_END);
	deflateEnd(&z);
	chunk(out, "IEND", NULL, 0);
	return 0;
}

/* The same with libpng (the images of 16384 bytes of rows or fewer). */
static int
write_libpng(png_bytep *rowp, int w, int h, int depth, const png_color *pal,
    size_t ncol, struct strbuf *out)
{
	png_structp png;
	png_infop info;
	volatile int rc = -1;

	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, NULL);
	info = png != NULL ? png_create_info_struct(png) : NULL;
	if (info != NULL && setjmp(png_jmpbuf(png)) == 0) {
		png_set_write_fn(png, out, png_sink, NULL);
		png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, depth,
		    PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
		    PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
		png_set_PLTE(png, info, pal, (int)ncol);
		/* No filter (the rows are palette indices, the "up" filter
		 * makes them bigger), and deflate's search for matches: a
		 * board's text repeats the same glyph rows, which Z_RLE never
		 * finds. Four demo boards (callgrind, muthur show --png):
		 * Z_RLE at 6, 50.4 KB and 11 M instructions of deflate each;
		 * level 6, 31.6 KB and 26 M; level 9, 27.4 KB but 107 M. Level
		 * 6: a view mail 1 KB longer than at 9 for a quarter of the
		 * work, which every view mail pays. */
		png_set_filter(png, 0, PNG_FILTER_NONE);
		png_set_compression_level(png, 6);
		png_set_compression_strategy(png, Z_DEFAULT_STRATEGY);
		png_set_compression_mem_level(png, 9);
		png_write_info(png, info);
		png_write_image(png, rowp);
		png_write_end(png, info);
		rc = 0;
	}
	png_destroy_write_struct(&png, &info);
	return rc;
}

/*
 * The image of surface s as an indexed PNG into out; -1 when it has more
 * than 256 colours (it cannot, drawn as pic_png() draws) or libpng fails.
 * The palette is the colours in the order the rows first show them, and
 * each row is its filter byte (0, none) and its indices packed at the
 * fewest bits a pixel the colours need, as libpng packs them.
 */
static int
write_indexed(cairo_surface_t *s, struct strbuf *out)
{
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), x, y, depth, shift;
	const unsigned char *data = cairo_image_surface_get_data(s);
	png_color pal[256];
	uint32_t col[256], last = 0xffffffffu;
	unsigned char *idx, *raw;
	png_bytep *rowp;
	size_t ncol = 0, k, lastk = 0, rb, rawlen;
	int rc = -1;

	cairo_surface_flush(s);
	if (w <= 0 || h <= 0)
		return -1;
	idx = malloc((size_t)w * (size_t)h + 1);
	if (idx == NULL)
		return -1;
	for (y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(data + (size_t)y * (size_t)stride);
		unsigned char *o = idx + (size_t)y * (size_t)w;

		/*
		 * A row whose pixels are the row above's (most of a board's
		 * background) has its indices: no new colour, and the colour
		 * it ends in is the one last seen.
		 */
		if (y > 0 && memcmp(px, data + (size_t)(y - 1) * (size_t)stride,
		    (size_t)w * 4) == 0) {
			memcpy(o, o - w, (size_t)w);
			continue;
		}
		for (x = 0; x < w; ) {
			uint32_t raw32 = px[x], c = raw32 & 0xffffff;
			uint64_t pair;
			int e;

			if (c != last) {
				for (k = 0; k < ncol && col[k] != c; k++)
					;
				if (k == ncol) {
					if (ncol == 256) {
						free(idx);
						return -1;
					}
					col[ncol++] = c;
				}
				last = c;
				lastk = k;
			}
			/* the run of this very pixel value, at once: two
			 * pixels a step, then one */
			pair = (uint64_t)raw32 << 32 | raw32;
			for (e = x + 1; e + 2 <= w; e += 2) {
				uint64_t two;

				memcpy(&two, px + e, sizeof two);
				if (two != pair)
					break;
			}
			for (; e < w && px[e] == raw32; e++)
				;
			if (e - x >= 16) {
				memset(o + x, (int)lastk, (size_t)(e - x));
				x = e;
			} else
				while (x < e)
					o[x++] = (unsigned char)lastk;
		}
	}
	for (k = 0; k < ncol; k++) {
		pal[k].red = (col[k] >> 16) & 0xff;
		pal[k].green = (col[k] >> 8) & 0xff;
		pal[k].blue = col[k] & 0xff;
	}
	/* as few bits a pixel as the colours need */
	depth = ncol <= 2 ? 1 : ncol <= 4 ? 2 : ncol <= 16 ? 4 : 8;
	rb = ((size_t)w * (size_t)depth + 7) / 8;
	rawlen = (size_t)h * (rb + 1);
	raw = malloc(rawlen);
	rowp = malloc(sizeof *rowp * ((size_t)h + 1));
	if (raw == NULL || rowp == NULL)
		goto done;
	for (y = 0; y < h; y++) {
		const unsigned char *in = idx + (size_t)y * (size_t)w;
		unsigned char *o = raw + (size_t)y * (rb + 1), acc;

		o[0] = 0;		/* filter: none */
		rowp[y] = o + 1;
		if (y > 0 && memcmp(in, in - w, (size_t)w) == 0) {
			memcpy(o, o - (rb + 1), rb + 1);
			continue;
		}
		o++;
		if (depth == 8) {
			memcpy(o, in, (size_t)w);
			continue;
		}
		/* the first pixel in the high bits, the last byte padded
		 * with zeros (libpng's png_do_pack) */
		if (depth == 4) {
			for (x = 0; x + 1 < w; x += 2)
				*o++ = (unsigned char)(in[x] << 4 | in[x + 1]);
			if (x < w)
				*o = (unsigned char)(in[x] << 4);
			continue;
		}
		acc = 0;
		shift = 8 - depth;
		for (x = 0; x < w; x++) {
			acc |= (unsigned char)(in[x] << shift);
			if (shift == 0) {
				*o++ = acc;
				acc = 0;
				shift = 8 - depth;
			} else
				shift -= depth;
		}
		if (shift != 8 - depth)
			*o = acc;
	}
	if (rawlen > 16384)
		rc = write_direct(raw, rawlen, w, h, depth, pal, ncol, out);
	else
		rc = write_libpng(rowp, w, h, depth, pal, ncol, out);
done:
	free(idx);
	free(raw);
	free(rowp);
	return rc;
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

int
pic_png(const struct picture *p, unsigned char **png, size_t *len, char **cause)
{
	cairo_surface_t *s;
	cairo_font_options_t *fo;
	cairo_font_face_t *face[2];
	cairo_status_t st;
	struct strbuf out = STRBUF_INIT;
	cairo_t *cr;
	size_t i;

	s = surface_take((int)(p->w + 0.5), (int)(p->h + 0.5));
	cr = cairo_create(s);
	/* Hinted glyphs on whole pixels, without grey edges: only the items'
	 * colours, and every "a" the same few pixels, which deflate finds
	 * again; a demo game's board is some 10 KB (50 KB antialiased). */
	fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_NONE);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_FULL);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_ON);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	/* looked up once: fontconfig is slow to ask */
	face[0] = cairo_toy_font_face_create("DejaVu Sans Mono",
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	face[1] = cairo_toy_font_face_create("DejaVu Sans Mono",
	    CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	colour(cr, p->background);
	cairo_paint(cr);
	cairo_set_line_width(cr, 1.0);
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	for (i = 0; i < p->n; i++) {
		const struct pic_item *it = &p->v[i];

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
			cairo_set_font_face(cr, face[it->bold != 0]);
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
	cairo_font_face_destroy(face[0]);
	cairo_font_face_destroy(face[1]);
	if (st != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return cause_set(cause, "cannot draw the picture: %s",
		    cairo_status_to_string(st));
	}
	if (write_indexed(s, &out) != 0) {
		cairo_surface_destroy(s);
		strbuf_free(&out);
		return cause_set(cause, "cannot write the picture as a PNG");
	}
	surface_keep(s);
	*png = (unsigned char *)strbuf_detach(&out, len);
	return 0;
}
