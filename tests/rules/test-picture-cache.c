/*
 * test-picture-cache.c — a board drawn in kept strips (rules/picture/
 * picture-png.c, picture-cache.h) is the board an uncached render draws,
 * never a stale one nor another seat's.
 *
 * A hand-made board and variants of it (a text changed, a colour changed,
 * an item across a strip's edge changed): each render after the others
 * differs from them where the board does and is byte for byte what an
 * uncached render (an empty cache, or none at all) gives. The PNG decodes
 * (libpng) to the pixels of the board drawn whole, at any strip height.
 * Then the four seats' and a spectator's boards of the scripted Contact
 * game of the view tests (tests/daemon/test-view-fixture.h), step by step
 * with the cache on, are the bytes of the same game replayed with the
 * cache off, and the cache was used. Last, the cache stays within its
 * limit.
 * Boards of 1, 2, 4 and 8 bits a pixel decode to their colours. Two
 * threads drawing at once get the uncached bytes.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <pthread.h>

#include "rules/picture/picture-cache.h"
#include "rules/picture/picture.h"
#include "tests/daemon/test-view-fixture.h"
#include "tests/tap.h"

#define STEPS	30
#define NVIEWS	5	/* four seats and a spectator */

struct png {
	unsigned char	*b;
	size_t		 len;
};

static struct png
png_of(const struct picture *p)
{
	struct png r = { NULL, 0 };
	char *cause = NULL;

	if (pic_png(p, &r.b, &r.len, &cause) != 0) {
		printf("Bail out! pic_png: %s\n", cause);
		exit(1);
	}
	return r;
}

static int
same(struct png a, struct png b)
{
	return a.len == b.len && memcmp(a.b, b.b, a.len) == 0;
}

/* The picture's PNG with an empty cache (what it is drawn as uncached). */
static struct png
png_uncached(const struct picture *p)
{
	pic_cache_clear();
	return png_of(p);
}

/*
 * A board of three bands, each a header text and boxes with lines of
 * text, like a game's; variant 1 changes a text of the second band,
 * 2 a colour there, 3 the text at the first strip's lower edge.
 */
static void
board(struct picture *p, int variant)
{
	static const char *const names[] = { "rogue", "marines", "aliens" };
	char line[64];
	int b, k, i;
	double y;

	pic_init(p, 560, 300, 0xfdfcf8u);
	pic_text(p, 10, 20, 12, 1, 0x202020u, "contact, turn 3: seen by marines", 200);
	pic_text(p, 10, 33, 10, 0, 0x707070u, variant == 3 ? "edge: changed" :
	    "edge: as it was", 200);
	for (b = 0, y = 40; b < 3; b++, y += 85) {
		pic_line(p, 10, y, 550, y, 0xc8c8c8u);
		snprintf(line, sizeof line, "%s  hand %d", names[b],
		    b == 1 && variant == 1 ? 7 : 4);
		pic_text(p, 20, y + 13, 11, 1, 0x1f5f1fu, line, 100);
		for (k = 0; k < 3; k++) {
			pic_rect(p, 10 + k * 180, y + 20, 164, 55, 0xffffffu,
			    0x202020u, k == 2);
			for (i = 0; i < 3; i++) {
				snprintf(line, sizeof line, "Pvt %c%d", 'A' + k, i);
				pic_rect(p, 16 + k * 180, y + 27 + i * 13, 5, 9,
				    b == 1 && k == 1 && i == 1 && variant == 2 ?
				    0xc01818u : 0x1f5f1fu, PIC_NONE, 0);
				pic_text(p, 26 + k * 180, y + 35 + i * 13, 10, i == 0,
				    0x202020u, line, 26);
			}
			if (k > 0)
				pic_line(p, k * 180 - 6, y + 40, k * 180 + 10, y + 40,
				    0x202020u);
		}
		pic_dot(p, 540, y + 10, 4, 0xc01818u, 0x202020u);
	}
}

/* The RGB pixels of a PNG (libpng's simplified reader); NULL if not one. */
static unsigned char *
pixels(struct png p, unsigned *w, unsigned *h)
{
	png_image im;
	unsigned char *px;

	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&im, p.b, p.len))
		return NULL;
	im.format = PNG_FORMAT_RGB;
	px = malloc(PNG_IMAGE_SIZE(im));
	if (px == NULL || !png_image_finish_read(&im, NULL, px, 0, NULL)) {
		free(px);
		png_image_free(&im);
		return NULL;
	}
	*w = im.width;
	*h = im.height;
	return px;
}

static void
test_board(void)
{
	struct picture p[4];
	struct png first[4], again, cold, whole, cut;
	unsigned char *pw, *pc;
	unsigned ww = 0, wh = 0, cw = 0, ch = 0;
	struct pic_cache_stats st;
	int v, u, rows[] = { 1, 7, 32, 299 }, ok_px = 1;
	size_t i;

	for (v = 0; v < 4; v++)
		board(&p[v], v);
	pic_cache_clear();
	for (v = 0; v < 4; v++)		/* one after the other, cache on */
		first[v] = png_of(&p[v]);
	for (v = 1; v < 4; v++)
		ok(!same(first[0], first[v]), "board variant %d, drawn after the "
		    "others, gives other bytes than the board", v);
	for (v = 0; v < 4; v++) {
		cold = png_uncached(&p[v]);
		ok(same(first[v], cold), "board variant %d: the bytes of an "
		    "uncached render", v);
		free(cold.b);
	}
	/* each again, after all the others are kept: no stale strip */
	for (v = 3; v >= 0; v--)
		for (u = 0; u < 4; u++) {
			struct png o = png_of(&p[u]);

			again = png_of(&p[v]);
			if (!same(again, first[v]))
				ok(0, "variant %d drawn after %d differs", v, u);
			free(o.b);
			free(again.b);
		}
	pic_cache_usage(&st);
	ok(st.hits > 0 && st.entries > 0, "the strips were kept and found "
	    "(%zu entries, %zu hits)", st.entries, st.hits);
	pic_cache_limit(0);
	pic_cache_usage(&st);
	again = png_of(&p[1]);
	ok(st.entries == 0 && st.bytes == 0 && same(again, first[1]),
	    "with no cache at all: nothing kept, the same bytes");
	free(again.b);
	pic_cache_limit(PIC_CACHE_DEFAULT_BYTES);

	/* strips of any height are the board drawn whole */
	pic_png_strip_rows(1 << 20);
	whole = png_uncached(&p[2]);
	pw = pixels(whole, &ww, &wh);
	ok(pw != NULL && ww == 560 && wh == 300, "the PNG drawn whole decodes "
	    "(%u x %u)", ww, wh);
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		pic_png_strip_rows(rows[i]);
		cut = png_uncached(&p[2]);
		pc = pixels(cut, &cw, &ch);
		if (pc == NULL || pw == NULL || cw != ww || ch != wh ||
		    memcmp(pc, pw, (size_t)ww * wh * 3) != 0)
			ok_px = 0;
		if (rows[i] == 32)
			ok(same(cut, first[2]), "strips of 32 rows are the default");
		free(pc);
		free(cut.b);
	}
	ok(ok_px, "in strips of 1, 7, 32 or 299 rows it decodes to the same "
	    "pixels as drawn whole");
	pic_png_strip_rows(0);
	free(pw);
	free(whole.b);
	for (v = 0; v < 4; v++) {
		free(first[v].b);
		pic_free(&p[v]);
	}
}

/* Every view's board of STEPS steps of the fixture game, in order. */
static int
game_pictures(struct png *out, size_t *n)
{
	struct vfx x;
	char *cause = NULL;
	int step, seat;

	if (vfx_init(&x, NULL, 7, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	*n = 0;
	for (step = 0; step < STEPS && vfx_step(&x) == 1; step++)
		for (seat = -1; seat < 4; seat++) {
			cJSON *rv = x.R->view(x.g, seat);
			struct png *p = &out[(*n)++];

			if (x.R->picture(rv, seat >= 0 ? x.R->seat_name(x.g,
			    (size_t)seat) : NULL, RULES_PICTURE_PNG,
			    (char **)&p->b, &p->len, &cause) != 0) {
				printf("Bail out! picture: %s\n", cause);
				exit(1);
			}
			cJSON_Delete(rv);
		}
	vfx_free(&x);
	return step;
}

static void
test_game(void)
{
	static struct png warm[STEPS * NVIEWS], cold[STEPS * NVIEWS];
	struct pic_cache_stats a, b;
	size_t nw, nc, i, bad = 0, shared = 0;
	int steps;

	pic_cache_clear();
	pic_cache_usage(&a);
	steps = game_pictures(warm, &nw);
	pic_cache_usage(&b);
	ok(b.hits - a.hits > (b.misses - a.misses) / 2, "the game's boards "
	    "were drawn mostly from kept strips (%zu found, %zu drawn)",
	    b.hits - a.hits, b.misses - a.misses);
	pic_cache_limit(0);
	game_pictures(cold, &nc);
	pic_cache_limit(PIC_CACHE_DEFAULT_BYTES);
	for (i = 0; i < nw && i < nc; i++) {
		if (!same(warm[i], cold[i]))
			bad++;
		/* two seats of a step with the same board bytes would make
		 * the comparison weak: each view says who reads it */
		if (i % NVIEWS > 0 && same(warm[i], warm[i - 1]))
			shared++;
		free(warm[i].b);
		free(cold[i].b);
	}
	ok(nw == nc && nw == (size_t)steps * NVIEWS && bad == 0, "%zu boards "
	    "(%d steps, four seats and a spectator), drawn with the cache on, "
	    "are the bytes drawn with it off (%zu differ)", nw, steps, bad);
	ok(shared == 0, "no two views of a step have the same board (%zu)",
	    shared);
}

/*
 * Boards of 2, 3, 5 and 40 colours (1, 2, 4 and 8 bits a pixel): each
 * filled box decodes to its colour, the paper around to the background.
 */
static void
test_depths(void)
{
	static const int ncol[] = { 2, 3, 5, 40 }, bits[] = { 1, 2, 4, 8 };
	struct picture p;
	struct png r;
	unsigned char *px;
	unsigned w = 0, h = 0;
	size_t i;
	int k, good;

	for (i = 0; i < sizeof ncol / sizeof ncol[0]; i++) {
		pic_init(&p, 13 * 41 + 4, 50, 0xfdfcf8u);	/* odd: a padded last byte */
		for (k = 1; k < ncol[i]; k++)
			pic_rect(&p, 3 + 13 * (k - 1), 5 + k % 3, 9, 37, 0x010203u *
			    (uint32_t)k + 0x400000u, PIC_NONE, 0);
		r = png_uncached(&p);
		px = pixels(r, &w, &h);
		good = px != NULL && r.len > 25 && r.b[24] == bits[i];
		for (k = 1; good && k < ncol[i]; k++) {
			uint32_t c = 0x010203u * (uint32_t)k + 0x400000u;
			const unsigned char *q = px + 3 * ((size_t)(25 + k % 3) * w +
			    (size_t)(3 + 13 * (k - 1) + 5));

			good = q[0] == (c >> 16) && q[1] == ((c >> 8) & 0xff) &&
			    q[2] == (c & 0xff);
		}
		good = good && px[0] == 0xfd && px[1] == 0xfc && px[2] == 0xf8 &&
		    px[3 * ((size_t)h * w - 1)] == 0xfd;
		ok(good, "a board of %d colours is %d bit%s a pixel and decodes to "
		    "its colours", ncol[i], bits[i], bits[i] > 1 ? "s" : "");
		free(px);
		free(r.b);
		pic_free(&p);
	}
}

/* Two threads draw the board variants at once, as the daemon draws two
 * views at once (daemon/game-views.c), through one small cache. */
struct racer {
	struct picture	*p;
	struct png	*want;
	int		 from, bad;
};

static void *
race(void *arg)
{
	struct racer *r = arg;
	struct png got;
	int i, v;

	for (i = 0; i < 60; i++) {
		v = (r->from + i * (r->from + 1)) % 4;
		got = png_of(&r->p[v]);
		r->bad += !same(got, r->want[v]);
		free(got.b);
	}
	return NULL;
}

static void
test_threads(void)
{
	struct picture p[4];
	struct png want[4];
	struct racer r[2];
	pthread_t t[2];
	int v, started = 0;

	for (v = 0; v < 4; v++) {
		board(&p[v], v);
		want[v] = png_uncached(&p[v]);
	}
	pic_cache_clear();
	pic_cache_limit(30000);		/* small: entries come and go */
	for (v = 0; v < 2; v++) {
		r[v].p = p;
		r[v].want = want;
		r[v].from = v;
		r[v].bad = 0;
		started += pthread_create(&t[v], NULL, race, &r[v]) == 0;
	}
	for (v = 0; v < started; v++)
		pthread_join(t[v], NULL);
	ok(started == 2 && r[0].bad == 0 && r[1].bad == 0, "two threads drawing "
	    "boards at once through one cache get the uncached bytes (%d and %d "
	    "differ)", r[0].bad, r[1].bad);
	pic_cache_limit(PIC_CACHE_DEFAULT_BYTES);
	for (v = 0; v < 4; v++) {
		free(want[v].b);
		pic_free(&p[v]);
	}
}

static void
test_bound(void)
{
	struct picture p;
	struct png r;
	struct pic_cache_stats st;
	size_t most = 0;
	int v;

	pic_cache_clear();
	pic_cache_limit(20000);
	for (v = 0; v < 40; v++) {
		char t[32];

		board(&p, v % 4);
		snprintf(t, sizeof t, "board %d", v);
		pic_text(&p, 300, 20, 12, 1, 0x202020u, t, 20);
		r = png_of(&p);
		free(r.b);
		pic_free(&p);
		pic_cache_usage(&st);
		if (st.bytes > most)
			most = st.bytes;
	}
	ok(most <= 20000 && st.entries > 0, "40 boards with a limit of 20000 "
	    "bytes: at most %zu held, %zu entries now", most, st.entries);
	pic_cache_limit(PIC_CACHE_DEFAULT_BYTES);
}

int
main(void)
{
	test_board();
	test_game();
	test_depths();
	test_threads();
	test_bound();
	return done_testing();
}
