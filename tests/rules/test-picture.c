/*
 * test-picture.c — the board picture (struct rules picture, for the CCG
 * rules/ccg/picture.c) shows nothing its view does not (issue 22).
 *
 * The hidden-movement game of test-hidden-game.c is played three times
 * with the same orders and dice, once with each of the Predator's three
 * markers real. At every step the PNG of the Marines' view and of a
 * spectator's view must be byte-identical in the three games: nobody
 * else can tell, from the picture either, where the Predator is. The
 * Predator's own PNG differs between the games (it knows which marker is
 * real), so the comparison can fail.
 *
 * Then one position drawn several ways: the PNG is a PNG of the size
 * expected, the SVG names the same locations, pieces and markers, and a
 * change the seat may see (damage, a rotated card, a piece moved) changes
 * both pictures, while a spectator's picture of two states that differ in
 * a hand alone is the same.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/rules.h"
#include "tests/rules/state-edit.h"
#include "tests/rules/test-util.h"
#include "tests/tap.h"

#define NGAMES		3
#define MAXSTEPS	80

struct pic {
	char	*bytes;
	size_t	 len;
};

/* seat's picture of g in format (seat -1: a spectator); bail out on error. */
static struct pic
draw(const struct rules *R, const struct rules_game *g, int seat,
    enum rules_picture format)
{
	cJSON *v = R->view(g, seat);
	struct pic p = { NULL, 0 };
	char *cause = NULL;

	if (R->picture(v, seat >= 0 ? R->seat_name(g, (size_t)seat) : NULL, format,
	    &p.bytes, &p.len, &cause) != 0) {
		printf("Bail out! picture: %s\n", cause);
		exit(1);
	}
	cJSON_Delete(v);
	return p;
}

/* Are the two pictures the same bytes? Frees both. */
static int
same(struct pic a, struct pic b)
{
	int r = a.len == b.len && memcmp(a.bytes, b.bytes, a.len) == 0;

	free(a.bytes);
	free(b.bytes);
	return r;
}

static uint32_t
be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static struct rules_game *
edited(const struct rules *R, const struct rules_game *g, const void *db,
    const char *edit)
{
	char *bytes = R->save(g, NULL), *cause = NULL;
	struct rules_game *h = R->load(db, bytes, strlen(bytes), &cause);

	free(bytes);
	if (h == NULL || ccg_edit(h, edit, &cause) != 0) {
		printf("Bail out! %s: %s\n", edit, cause);
		exit(1);
	}
	return h;
}

/* An edit giving seat a hand as large as its own of other cards. */
static const char *
other_hand(const struct rules *R, const struct rules_game *g, int seat,
    char **edit)
{
	cJSON *v = R->view(g, seat), *c;
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "hand %s", R->seat_name(g, (size_t)seat));
	cJSON_ArrayForEach(c, cJSON_GetObjectItem(v, "hand"))
		strbuf_addstr(&sb, strcmp(c->valuestring, "medic") == 0 ?
		    " colonist" : " medic");
	cJSON_Delete(v);
	return *edit = strbuf_detach(&sb, NULL);
}

int
main(int argc, char **argv)
{
	const struct rules *R = rules_find("ccg");
	struct ccg_carddb *db = ccg_carddb_new();
	const char *top = argc > 1 ? argv[1] : getenv("top_srcdir");
	const char *mst[] = { "pvt-hudson", "cpl-hicks", "sgt-apone",
	    "pvt-vasquez", "barracks", "weapons-locker" };
	const char *pst[] = { "young-tusk", "melee-claws", "mask",
	    "camouflage-suit", "predator-shuttle", "airlock" };
	const char *deck[] = { "colonist", "colonist", "medic", "medic" };
	struct rules_seat seats[2] = {
		{ "marines", "marines", deck, 4, mst, 6 },
		{ "predator", "predator", deck, 4, pst, 6 },
	};
	struct rules_setup su = { "contact", seats, 2, NULL, 1, 0, NULL, 0 };
	/* test-hidden-game.c's moves: every marker leaves its place, none
	 * meets another */
	static const char *const moves[] = {
		"move young-tusk-marker-1 to airlock\n"
		"move young-tusk-marker-1 to main-corridor\n"
		"move young-tusk-marker-1 to tavern\n"
		"move young-tusk-marker-2 to airlock\n"
		"move young-tusk-marker-2 to main-corridor\n"
		"move young-tusk-marker-3 to airlock\n",
		"move young-tusk-marker-3 to predator-shuttle\n"
		"move young-tusk-marker-2 to airlock\n"
		"move young-tusk-marker-1 to main-corridor\n",
		"move young-tusk-marker-1 to tavern\n"
		"move young-tusk-marker-2 to main-corridor\n"
		"move young-tusk-marker-3 to airlock\n",
	};
	struct rules_game *g[NGAMES], *h;
	struct test_ctr ctr[NGAMES];
	struct rules_rng rng[NGAMES];
	struct pic png, svg;
	char *path, *text, *cause = NULL, *s;
	size_t len, turn;
	int k, ps, ms, step = 0, others = 1, own = 0, moved = 0, resolved = 1;

	if (top == NULL)
		top = ".";
	ok(R != NULL && R->picture != NULL, "the CCG draws a picture");
	path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	if (fs_read_file(path, 1 << 22, &text, &len, &cause) != 0 ||
	    ccg_carddb_add_json(db, "sample-cards.json", text, len, &cause) != 0 ||
	    ccg_carddb_seal(db, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	free(text);
	free(path);
	su.data = db;
	for (k = 0; k < NGAMES; k++) {
		ctr[k].seed = 17, ctr[k].n = 0;
		rng[k].uniform = test_ctr_uniform;
		rng[k].ctx = &ctr[k];
		rng[k].hidden = NULL;
		rng[k].hidden_ctx = NULL;
		if ((g[k] = R->create(&su, &rng[k], NULL, &cause)) == NULL ||
		    ccg_edit(g[k], "hud predator ground predator-shuttle airlock "
		    "main-corridor tavern", &cause) != 0) {
			printf("Bail out! %s\n", cause);
			return 1;
		}
	}
	ps = R->seat_index(g[0], "predator");
	ms = R->seat_index(g[0], "marines");

	for (turn = 0; turn < sizeof moves / sizeof moves[0]; turn++) {
		int inmove = 0;

		while (!inmove && step < MAXSTEPS) {
			char *orders[2] = { NULL, NULL };

			inmove = strcmp(R->phase(g[0]), "movement.move") == 0;
			step++;
			for (k = 0; k < NGAMES; k++) {
				if (inmove)
					orders[ps] = turn == 0 ? xasprintf("hide "
					    "young-tusk real %d\n%s", k + 1,
					    moves[turn]) : xstrdup(moves[turn]);
				if (R->resolve(g[k], (const char *const *)orders,
				    &rng[k], NULL, &cause) != 0) {
					diag("step %d game %d: %s", step, k, cause);
					free(cause);
					cause = NULL;
					resolved = 0;
				}
				free(orders[ps]);
				orders[ps] = NULL;
			}
			moved += inmove;
			for (k = 1; k < NGAMES; k++) {
				if (!same(draw(R, g[0], ms, RULES_PICTURE_PNG),
				    draw(R, g[k], ms, RULES_PICTURE_PNG)) ||
				    !same(draw(R, g[0], -1, RULES_PICTURE_PNG),
				    draw(R, g[k], -1, RULES_PICTURE_PNG))) {
					others = 0;
					diag("step %d: the picture tells game 1 "
					    "from game %d", step, k + 1);
				}
				own += !same(draw(R, g[0], ps, RULES_PICTURE_PNG),
				    draw(R, g[k], ps, RULES_PICTURE_PNG));
			}
		}
	}
	ok(resolved && moved == (int)(sizeof moves / sizeof moves[0]),
	    "the Predator moves hidden through %d Movement Steps (%d steps)",
	    moved, step);
	ok(others, "at every one of %d steps the Marines' and a spectator's "
	    "PNGs are byte-identical whichever marker is real", step);
	ok(own > 0, "the Predator's own PNG differs between the games (%d "
	    "comparisons): the test can fail", own);

	/* one position, drawn several ways */
	png = draw(R, g[0], ps, RULES_PICTURE_PNG);
	ok(png.len > 33 && memcmp(png.bytes, "\x89PNG\r\n\x1a\n", 8) == 0 &&
	    memcmp(png.bytes + 12, "IHDR", 4) == 0, "the picture is a PNG "
	    "(%zu bytes)", png.len);
	ok(png.len > 33 && be32((unsigned char *)png.bytes + 16) >= 600 &&
	    be32((unsigned char *)png.bytes + 20) >= 200, "of a board's size "
	    "(%u x %u)", png.len > 33 ? be32((unsigned char *)png.bytes + 16) : 0,
	    png.len > 33 ? be32((unsigned char *)png.bytes + 20) : 0);
	free(png.bytes);
	svg = draw(R, g[0], ps, RULES_PICTURE_SVG);
	ok(strncmp(svg.bytes, "<svg ", 5) == 0 && strlen(svg.bytes) == svg.len,
	    "the SVG is one <svg> element of text");
	ok(strstr(svg.bytes, ">Predator Shuttle<") != NULL &&
	    strstr(svg.bytes, ">Main Corridor<") != NULL &&
	    strstr(svg.bytes, ">Pvt Hudson<") != NULL,
	    "it names the locations and the pieces there");
	ok(strstr(svg.bytes, ">M1 Young Tusk real<") != NULL &&
	    strstr(svg.bytes, ">M2 Young Tusk decoy<") != NULL &&
	    strstr(svg.bytes, ">M3 Young Tusk decoy<") != NULL,
	    "the Predator's picture tells its real marker from its decoys");
	free(svg.bytes);
	svg = draw(R, g[0], ms, RULES_PICTURE_SVG);
	ok(strstr(svg.bytes, ">M1 Young Tusk<") != NULL &&
	    strstr(svg.bytes, ">M2 Young Tusk<") != NULL &&
	    strstr(svg.bytes, " real<") == NULL && strstr(svg.bytes, " decoy<") == NULL,
	    "the Marines' picture shows the markers and not which is real");
	free(svg.bytes);

	h = edited(R, g[0], db, "set pvt-hudson damage 2");
	s = draw(R, h, ms, RULES_PICTURE_SVG).bytes;
	ok(!same(draw(R, g[0], ms, RULES_PICTURE_PNG),
	    draw(R, h, ms, RULES_PICTURE_PNG)) && strstr(s, ">Pvt Hudson<") &&
	    strstr(s, "> dmg 2<") != NULL, "damage shows, in both pictures");
	free(s);
	R->free(h);
	h = edited(R, g[0], db, "set pvt-hudson rotated 1");
	ok(!same(draw(R, g[0], -1, RULES_PICTURE_PNG),
	    draw(R, h, -1, RULES_PICTURE_PNG)) &&
	    !same(draw(R, g[0], -1, RULES_PICTURE_SVG),
	    draw(R, h, -1, RULES_PICTURE_SVG)), "a rotated card is drawn lying down");
	R->free(h);
	h = edited(R, g[0], db, "place pvt-hudson at weapons-locker");
	ok(!same(draw(R, g[0], -1, RULES_PICTURE_PNG),
	    draw(R, h, -1, RULES_PICTURE_PNG)), "a piece moved moves in the picture");
	R->free(h);
	/* two copies of one card: each by the id orders name it with */
	h = edited(R, g[0], db, "add marines colonist at barracks");
	{
		struct rules_game *h2 = edited(R, h, db, "add marines colonist at barracks");

		s = draw(R, h2, ms, RULES_PICTURE_SVG).bytes;
		ok(strstr(s, ">colonist<") != NULL && strstr(s, ">colonist-2<") != NULL &&
		    strstr(s, ">Pvt Hudson<") != NULL, "two copies of a card are labelled "
		    "colonist and colonist-2, the names orders use; a card alone by its name");
		free(s);
		R->free(h2);
	}
	s = draw(R, h, ms, RULES_PICTURE_SVG).bytes;
	ok(strstr(s, ">Colonist<") != NULL, "one copy alone: by its name");
	free(s);
	R->free(h);
	/* a long id cut to its box keeps the suffix that tells the copies apart */
	h = edited(R, g[0], db, "add marines cloned-alien-warrior at barracks");
	{
		struct rules_game *h2 = edited(R, h, db,
		    "add marines cloned-alien-warrior at barracks");
		struct rules_game *h3 = edited(R, h2, db,
		    "set cloned-alien-warrior-2 damage 2");

		s = draw(R, h3, ms, RULES_PICTURE_SVG).bytes;
		ok(strstr(s, ">cloned-alien-warrior<") != NULL &&
		    strstr(s, "\xe2\x80\xa6-2<") != NULL && strstr(s, "> dmg 2<") != NULL,
		    "cloned-alien-warrior-2 with its damage, cut to its box, keeps its -2 "
		    "(\"cloned-alien-\xe2\x80\xa6-2\")");
		free(s);
		R->free(h3);
		R->free(h2);
	}
	R->free(h);
	/* another Young Tusk in view: the hidden one's markers by its id */
	h = edited(R, g[0], db, "add predator young-tusk at airlock");
	s = draw(R, h, ms, RULES_PICTURE_SVG).bytes;
	ok(strstr(s, ">M1 young-tusk<") != NULL && strstr(s, ">M2 young-tusk<") != NULL &&
	    strstr(s, ">young-tusk-2<") != NULL && strstr(s, "M1 Young Tusk") == NULL,
	    "two Young Tusks: the markers name young-tusk, the other is young-tusk-2");
	free(s);
	R->free(h);
	h = edited(R, g[0], db, other_hand(R, g[0], ms, &s));
	free(s);
	ok(same(draw(R, g[0], -1, RULES_PICTURE_PNG),
	    draw(R, h, -1, RULES_PICTURE_PNG)) &&
	    same(draw(R, g[0], ps, RULES_PICTURE_PNG),
	    draw(R, h, ps, RULES_PICTURE_PNG)),
	    "another hand of the Marines: the same PNG for a spectator and the "
	    "Predator");
	R->free(h);

	for (k = 0; k < NGAMES; k++)
		R->free(g[k]);
	ccg_carddb_free(db);
	return done_testing();
}
