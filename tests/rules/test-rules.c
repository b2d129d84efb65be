/*
 * test-rules.c — the game interface (rules/rules.h) as the daemon and the
 * auditor use it, on the CCG: creating, owing and legal orders, checking,
 * resolving (a refused resolve changes nothing), events' visibility,
 * secrets, save/load, and the secrecy promise (a seat's view does not
 * change when only what it may not know changes). Ends with random games
 * played from the legal-order lists.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/movement.h"
#include "tests/rules/state-edit.h"
#include "rules/rules.h"
#include "tests/rules/test-util.h"
#include "tests/tap.h"

static const char *factions[4] = { "aliens", "predator", "marines", "rogue" };
static struct rules_seat rseats[4];	/* the sample decks, by faction */

static void
load_decks(const struct ccg_carddb *db, const char *top)
{
	size_t f;

	for (f = 0; f < 4; f++) {
		char *path = xasprintf("%s/rules/ccg/data/%s.deck", top, factions[f]);
		char *text, *cause = NULL;
		size_t len;

		if (fs_read_file(path, 1 << 20, &text, &len, &cause) != 0 ||
		    ccg_decklist_seat(db, path, factions[f], factions[f], text, len,
		    &rseats[f], &cause) != 0) {
			printf("Bail out! %s\n", cause);
			exit(1);
		}
		free(text);
		free(path);
	}
}

static struct rules_game *
new_game(const struct rules *R, const struct ccg_carddb *db, uint64_t seed,
    struct rules_events *ev, char **cause)
{
	struct rules_setup su;
	struct test_ctr c = { seed, 0 };
	struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };

	su.scenario = "contact";
	su.seats = rseats;
	su.nseats = 4;
	su.data = db;
	su.places = 1;
	su.await_legal = 0;
	su.options = NULL;
	su.noptions = 0;
	return R->create(&su, &rng, ev, cause);
}

/* The secrecy promise: change what seat o hides (one hand card swapped
 * with a different deck card, the deck's order reversed) and compare. */
static void
secrecy(const struct rules *R, const struct ccg_carddb *db,
    const struct rules_game *g, const char *when)
{
	size_t o, s, k, n = R->nseats(g);
	char *bytes = R->save(g, NULL);

	for (o = 0; o < n; o++) {
		struct rules_game *v = R->load(db, bytes, strlen(bytes), NULL);
		struct ccg_seat *st = &v->seats[o];
		int same = 1, changed;

		for (k = 0; k < st->deck.n && st->hand.n > 0; k++)
			if (st->deck.v[k] != st->hand.v[0]) {
				const struct ccg_card *t = st->deck.v[k];

				st->deck.v[k] = st->hand.v[0];
				st->hand.v[0] = t;
				break;
			}
		for (k = 0; k < st->deck.n / 2; k++) {
			const struct ccg_card *t = st->deck.v[k];

			st->deck.v[k] = st->deck.v[st->deck.n - 1 - k];
			st->deck.v[st->deck.n - 1 - k] = t;
		}
		for (s = 0; s <= n; s++) {
			int seat = s == n ? -1 : (int)s;
			char *a, *b;

			if (seat == (int)o)
				continue;
			a = test_view_str(R, g, seat);
			b = test_view_str(R, v, seat);
			if (strcmp(a, b) != 0) {
				same = 0;
				diag("seat %d sees a change in %s's hidden cards", seat,
				    R->seat_name(g, o));
			}
			free(a);
			free(b);
		}
		ok(same, "%s: views of the others do not change with %s's hand "
		    "and deck", when, R->seat_name(g, o));
		{
			char *a = test_view_str(R, g, (int)o), *b = test_view_str(R, v, (int)o);

			changed = strcmp(a, b) != 0;
			free(a);
			free(b);
		}
		ok(changed, "%s: %s's own view shows its changed hand", when,
		    R->seat_name(g, o));
		R->free(v);
	}
	free(bytes);
}

/* Orders for seat in the current phase, chosen with c from the legal list:
 * a few lines, or (locations) a greedy set of plays the Contact rule likes. */
static char *
choose(const struct rules *R, const struct rules_game *g, size_t seat,
    struct test_ctr *c)
{
	char *legal = R->legal(g, seat), *p, *nl, *lines[512];
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0, i, picks;

	for (p = legal; *p != '\0' && n < 512; p = nl + 1) {
		nl = strchr(p, '\n');
		*nl = '\0';
		if (*p != '#' && strcmp(p, "pass") != 0)
			lines[n++] = p;
	}
	if (strcmp(R->phase(g), "movement.locations") == 0) {
		for (i = 0; i < n; i++) {
			size_t keep = sb.len;
			char *why = NULL;

			strbuf_addstr(&sb, lines[i]);
			strbuf_addc(&sb, '\n');
			if (R->check(g, seat, strbuf_str(&sb), &why) != 0 &&
			    strstr(why, "can still be placed") == NULL) {
				sb.len = keep;
				sb.s[keep] = '\0';
			}
			free(why);
		}
	} else if (n > 0) {
		picks = 1 + test_ctr_uniform(c, 3);
		for (i = 0; i < picks; i++) {
			strbuf_addstr(&sb, lines[test_ctr_uniform(c, (uint32_t)n)]);
			strbuf_addc(&sb, '\n');
		}
	}
	free(legal);
	return strbuf_detach(&sb, NULL);
}

static void
random_game(const struct rules *R, const struct ccg_carddb *db, uint64_t seed)
{
	struct rules_events ev = { NULL, 0, 0 };
	struct test_ctr c = { seed, 0 }, dice = { seed + 1000, 0 };
	struct rules_rng rng = { test_ctr_uniform, &dice, NULL, NULL };
	struct rules_game *g = new_game(R, db, seed, &ev, NULL);
	int steps = 0, refused = 0, badload = 0, fails = 0, lonely = 0, tried = 0;
	int stale = 0, changed = 0, unreset = 0, adjbad = 0, adjpairs = 0;
	struct rules_game *scratch = NULL;
	size_t s;

	while (g != NULL && R->turn(g) <= 12 && steps < 400) {
		char *orders[4] = { NULL, NULL, NULL, NULL }, *cause = NULL;
		char *a, *b;
		struct rules_game *h;
		size_t la, lb;

		/* the legal orders remembered for the same g before this
		 * phase's resolve (legal_memo outlives legal_memo(NULL)) are
		 * never given for the state it resolved to */
		for (s = 0; s < 4; s++) {
			char *fresh = R->legal(g, s), *kept;

			R->legal_memo(g);
			kept = R->legal(g, s);
			R->legal_memo(NULL);
			stale += strcmp(fresh, kept) != 0;
			free(kept);
			R->legal_memo(g);
			kept = R->legal(g, s);
			R->legal_memo(NULL);
			stale += strcmp(fresh, kept) != 0;
			changed += steps > 0 && strcmp(fresh, "pass\n") != 0;
			free(kept);
			free(fresh);
		}

		for (s = 0; s < 4; s++) {
			char *why = NULL;

			if (!R->owes(g, s))
				continue;
			/* every legal line is accepted on its own (the Contact
			 * rule about playing every location aside) */
			if (strcmp(R->phase(g), "movement.locations") != 0) {
				char *legal = R->legal(g, s), *p, *nl;

				for (p = legal; *p != '\0'; p = nl + 1) {
					nl = strchr(p, '\n');
					*nl = '\0';
					tried++;
					if (R->check(g, s, p, &why) != 0) {
						diag("legal but refused: %s: %s", p, why);
						lonely++;
					}
					free(why);
					why = NULL;
				}
				free(legal);
			}
			orders[s] = choose(R, g, s, &c);
			/* one line could be undone by an earlier one of the same
			 * seat (two moves of a character out of points): drop the
			 * text then; what is left must be a legal pass */
			if (R->check(g, s, orders[s], &why) != 0) {
				fails++;
				free(orders[s]);
				orders[s] = NULL;
			}
			free(why);
		}
		/* every node's neighbours marked at once are those asked
		 * one by one */
		{
			unsigned char mark[256];
			size_t x, y;

			for (x = 0; x < g->nnodes && g->nnodes <= sizeof mark; x++) {
				memset(mark, 0, sizeof mark);
				ccg_adjacent_mark(g, (int)x, mark);
				for (y = 0; y < g->nnodes; y++) {
					adjbad += mark[y] != (ccg_adjacent(g, (int)x,
					    (int)y) != 0);
					adjpairs += mark[y];
				}
			}
		}
		/* one copy played on and set back each phase
		 * (ccg_game_reset, as the legal-order search uses it) saves
		 * the same as the game */
		if (scratch == NULL)
			scratch = ccg_game_clone(g);
		else
			ccg_game_reset(scratch, g);
		a = R->save(g, &la);
		b = R->save(scratch, &lb);
		unreset += la != lb || memcmp(a, b, la) != 0;
		free(a);
		free(b);
		{
			struct test_ctr d2 = dice;
			struct rules_rng rng2 = { test_ctr_uniform, &d2, NULL, NULL };
			struct rules_events ev2 = { NULL, 0, 0 };
			char *why = NULL;

			R->resolve(scratch, (const char *const *)orders, &rng2, &ev2, &why);
			free(why);
			rules_events_free(&ev2);
		}
		rules_events_free(&ev);
		if (R->resolve(g, (const char *const *)orders, &rng, &ev, &cause) != 0) {
			diag("resolve: %s", cause);
			refused++;
			free(cause);
		}
		for (s = 0; s < 4; s++)
			free(orders[s]);
		a = R->save(g, &la);
		h = R->load(db, a, la, NULL);
		b = h ? R->save(h, &lb) : NULL;
		if (b == NULL || la != lb || memcmp(a, b, la) != 0)
			badload++;
		free(a);
		free(b);
		if (h)
			R->free(h);
		steps++;
		if (R->result != NULL) {
			struct rules_result res;

			R->result(g, &res);
			s = (size_t)res.over;
			rules_result_free(&res);
			if (s)
				break;
		}
	}
	ok(g != NULL && refused == 0 && R->turn(g) > 3,
	    "random game %llu: %d phases resolved up to turn %d, none refused "
	    "(%d chosen texts dropped)", (unsigned long long)seed, steps,
	    g ? R->turn(g) : 0, fails);
	ok(badload == 0, "random game %llu: every state survives save/load",
	    (unsigned long long)seed);
	ok(unreset == 0 && steps > 3, "random game %llu: a copy played on and reset "
	    "to the game saves the same as the game, %d phases",
	    (unsigned long long)seed, steps);
	ccg_game_free(scratch);
	ok(adjbad == 0 && adjpairs > 0, "random game %llu: the neighbours marked at "
	    "once are those ccg_adjacent finds (%d adjacent pairs over the game)",
	    (unsigned long long)seed, adjpairs);
	ok(stale == 0 && changed > 0, "random game %llu: the legal orders remembered "
	    "of a state are never those of the state before it (%d seats with "
	    "orders besides pass)", (unsigned long long)seed, changed);
	ok(lonely == 0 && tried > 0, "random game %llu: each of %d legal lines "
	    "listed is accepted alone", (unsigned long long)seed, tried);
	rules_events_free(&ev);
	if (g)
		R->free(g);
}

/*
 * Hidden movement (rulebook "Hidden Movement"): the same Predator moves
 * hidden with its three markers moving alike, once with each marker real.
 * Every other seat's view and events must be byte-identical in the three
 * games, for several phases on; its own view must differ. The markers are
 * secrets of the Predator's seat, and their bytes say which is real.
 */
static void
hidden_secrecy(const struct rules *R, const struct ccg_carddb *db)
{
	struct rules_game *base = new_game(R, db, 11, NULL, NULL), *g[3];
	struct rules_events ev[3];
	struct rules_secret *sec;
	char *edit, *text, *a, *b, *orders[4] = { NULL, NULL, NULL, NULL };
	int ps = R->seat_index(base, "predator"), pi = -1, to = -1, k, same = 1;
	int step, resolved = 1, own_differs = 0, nsec = 0, truth = 0;
	size_t i, n, s;

	for (i = 0; i < base->npieces && pi < 0; i++)
		if (base->pieces[i].owner == ps && ccg_is_main(&base->pieces[i]))
			pi = (int)i;
	edit = xasprintf("add predator camouflage-suit on %s", base->pieces[pi].id);
	ok(ccg_edit(base, edit, NULL) == 0, "hidden: the Predator gets a "
	    "Camouflage Suit");
	free(edit);
	ccg_edit(base, "phase movement.move", NULL);
	for (i = 0; i < base->nnodes && to < 0; i++)
		if (ccg_move_cost(base, ps, pi, base->pieces[pi].node, (int)i,
		    NULL) == 1)
			to = (int)i;
	for (k = 0; k < 3; k++) {
		struct test_ctr c = { 5, 0 };
		struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };

		memset(&ev[k], 0, sizeof ev[k]);
		g[k] = ccg_game_clone(base);
		text = xasprintf("hide %s real %d\nmove %s-marker-1 to %s\n",
		    base->pieces[pi].id, k + 1, base->pieces[pi].id,
		    base->nodes[to].id);
		orders[ps] = text;
		if (R->resolve(g[k], (const char *const *)orders, &rng, &ev[k],
		    NULL) != 0)
			resolved = 0;
		free(text);
	}
	ok(resolved, "hidden: hide and move a marker, with marker 1, 2 or 3 real");
	for (step = 0; step < 6; step++) {
		for (s = 0; s <= 4; s++) {
			int seat = s == 4 ? -1 : (int)s;

			for (k = 1; k < 3; k++) {
				a = test_view_str(R, g[0], seat);
				b = test_view_str(R, g[k], seat);
				if (seat == ps)
					own_differs += strcmp(a, b) != 0;
				else if (strcmp(a, b) != 0) {
					same = 0;
					diag("step %d: seat %d sees which marker is "
					    "real", step, seat);
				}
				free(a);
				free(b);
				for (i = 0; seat != ps && i < ev[0].n; i++)
					if (rules_event_visible(&ev[0].v[i], seat) &&
					    (i >= ev[k].n ||
					    strcmp(ev[0].v[i].json, ev[k].v[i].json) != 0 ||
					    !rules_event_visible(&ev[k].v[i], seat)))
						same = 0;
			}
		}
		for (k = 0; k < 3; k++) {
			struct test_ctr c = { 6 + (uint64_t)step, 0 };
			struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };

			rules_events_free(&ev[k]);
			if (R->phase(g[k])[0] != 'o' &&
			    R->resolve(g[k], NULL, &rng, &ev[k], NULL) != 0)
				resolved = 0;
		}
	}
	ok(same && resolved, "hidden: no other seat (nor a spectator) sees "
	    "which marker is real, in views or events, for six phases");
	ok(own_differs > 0, "hidden: the Predator's own view shows the truth");
	R->secrets(g[1], &sec, &n);
	for (i = 0; i < n; i++)
		if (strncmp(sec[i].id, "marker:predator:", 16) == 0) {
			nsec++;
			if (sec[i].seat == ps && sec[i].len > 0 &&
			    memmem(sec[i].bytes, sec[i].len, "-marker-2 real ", 15))
				truth = 1;
		}
	rules_secrets_free(sec, n);
	ok(nsec >= 2 && truth, "hidden: one secret per marker, the Predator's, "
	    "naming the real one (%d)", nsec);
	for (k = 0; k < 3; k++) {
		rules_events_free(&ev[k]);
		R->free(g[k]);
	}
	R->free(base);
}

/*
 * Concealed weapons ("Prohibited Concealable Weapons"): once a Rogue has
 * concealed a weapon, no other seat's view changes when the face-down
 * card is another one; the Rogue's own view and the secret do.
 */
static void
concealed_secrecy(const struct rules *R, const struct ccg_carddb *db)
{
	struct rules_game *g = new_game(R, db, 13, NULL, NULL), *h;
	struct test_ctr c = { 3, 0 };
	struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };
	struct rules_secret *sa, *sb;
	char *orders[4] = { NULL, NULL, NULL, NULL }, *a, *b;
	int rs = R->seat_index(g, "rogue"), it = -1, same = 1, own, sdiff = 0;
	const struct ccg_card *other;
	size_t i, na, nb, s;

	for (i = 0; i < g->npieces && it < 0; i++)
		if (g->pieces[i].owner == rs && g->pieces[i].carrier >= 0 &&
		    (g->pieces[i].card->keywords & CCG_KW_CONCEALABLE))
			it = (int)i;
	ccg_edit(g, "phase search.declare", NULL);
	orders[rs] = xasprintf("conceal %s\n", g->pieces[it].id);
	ok(R->resolve(g, (const char *const *)orders, &rng, NULL, NULL) == 0 &&
	    g->pieces[it].concealed > 0, "concealed: the Rogue conceals %s",
	    g->pieces[it].id);
	free(orders[rs]);
	other = ccg_carddb_find_slug(db, strcmp(g->pieces[it].card->slug,
	    "switchblade") == 0 ? "holdout-pistol" : "switchblade");
	h = ccg_game_clone(g);
	h->pieces[it].card = other;
	free(h->pieces[it].id);
	h->pieces[it].id = xstrdup("another-weapon");
	for (s = 0; s <= 4; s++) {
		int seat = s == 4 ? -1 : (int)s;

		if (seat == rs)
			continue;
		a = test_view_str(R, g, seat);
		b = test_view_str(R, h, seat);
		if (strcmp(a, b) != 0) {
			same = 0;
			diag("seat %d sees which weapon is concealed", seat);
		}
		free(a);
		free(b);
	}
	ok(same, "concealed: no other seat's view depends on the face-down card");
	a = test_view_str(R, g, rs);
	b = test_view_str(R, h, rs);
	own = strcmp(a, b) != 0;
	free(a);
	free(b);
	ok(own, "concealed: the Rogue's own view shows the card");
	R->secrets(g, &sa, &na);
	R->secrets(h, &sb, &nb);
	for (i = 0; i < na && i < nb; i++)
		if (strncmp(sa[i].id, "concealed:rogue:", 16) == 0 &&
		    strcmp(sa[i].id, sb[i].id) == 0 && sa[i].seat == rs &&
		    (sa[i].len != sb[i].len ||
		    memcmp(sa[i].bytes, sb[i].bytes, sa[i].len) != 0))
			sdiff = 1;
	ok(na == nb && sdiff, "concealed: the Rogue's secret names the card");
	rules_secrets_free(sa, na);
	rules_secrets_free(sb, nb);
	R->free(h);
	R->free(g);
}

/*
 * All the secrets at once (issue #6): a state with a hidden Predator's
 * markers, a concealed Rogue weapon and every seat's hand. For each seat
 * (and a spectator) a copy differs in everything that seat may not know:
 * which marker is real (unless it is the Predator), which card is face
 * down (unless it is the Rogue) and the cards of every other seat's hand
 * (same counts). The seat's view must be byte-identical in the two; and
 * changing its own hand must change it (the comparison can fail).
 */
static void
all_secrecy(const struct rules *R, const struct ccg_carddb *db)
{
	struct rules_game *g = new_game(R, db, 19, NULL, NULL), *h;
	struct test_ctr c = { 9, 0 };
	struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };
	char *orders[4] = { NULL, NULL, NULL, NULL }, *edit, *a, *b;
	int rs = R->seat_index(g, "rogue"), ps = R->seat_index(g, "predator");
	int pi = -1, it = -1, to = -1, same = 1, own = 1, varied = 1, setup;
	const struct ccg_card *medic = ccg_carddb_find_slug(db, "medic");
	const struct ccg_card *colonist = ccg_carddb_find_slug(db, "colonist");
	size_t i, s, t, k;

	for (i = 0; i < g->npieces; i++) {
		if (pi < 0 && g->pieces[i].owner == ps && ccg_is_main(&g->pieces[i]))
			pi = (int)i;
		if (it < 0 && g->pieces[i].owner == rs && g->pieces[i].carrier >= 0 &&
		    (g->pieces[i].card->keywords & CCG_KW_CONCEALABLE))
			it = (int)i;
	}
	setup = 0;
	edit = xasprintf("add predator camouflage-suit on %s", g->pieces[pi].id);
	setup |= ccg_edit(g, edit, NULL);
	free(edit);
	ccg_edit(g, "phase movement.move", NULL);
	for (i = 0; i < g->nnodes && to < 0; i++)
		if (ccg_move_cost(g, ps, pi, g->pieces[pi].node, (int)i, NULL) == 1)
			to = (int)i;
	orders[ps] = xasprintf("hide %s real 1\nmove %s-marker-1 to %s\n",
	    g->pieces[pi].id, g->pieces[pi].id, g->nodes[to].id);
	{
		char *why = NULL;

		if (R->resolve(g, (const char *const *)orders, &rng, NULL,
		    &why) != 0) {
			diag("%s", why);
			setup = -1;
		}
		free(why);
	}
	free(orders[ps]);
	orders[ps] = NULL;
	ccg_edit(g, "phase search.declare", NULL);
	orders[rs] = xasprintf("conceal %s\n", g->pieces[it].id);
	setup |= R->resolve(g, (const char *const *)orders, &rng, NULL, NULL);
	free(orders[rs]);
	ok(setup == 0 && g->nmarkers >= 2 && g->pieces[it].concealed > 0,
	    "all secrets: %zu markers, a concealed %s, hands", g->nmarkers,
	    g->pieces[it].id);
	for (s = 0; s <= 4; s++) {
		int seat = s == 4 ? -1 : (int)s;

		h = ccg_game_clone(g);
		if (seat != ps)		/* another marker is the real one */
			for (k = 0; k < h->nmarkers; k++)
				h->markers[k].real = !h->markers[k].real &&
				    k == (h->markers[0].real ? 1 : 0);
		if (seat != rs) {	/* another card face down */
			h->pieces[it].card = ccg_carddb_find_slug(db,
			    strcmp(g->pieces[it].card->slug, "switchblade") == 0 ?
			    "holdout-pistol" : "switchblade");
			free(h->pieces[it].id);
			h->pieces[it].id = xstrdup("another-weapon");
		}
		for (t = 0; t < h->nseats; t++) {	/* other hands */
			struct ccg_cards *hand = &h->seats[t].hand;

			if ((int)t == seat)
				continue;
			for (k = 0; k < hand->n; k++)
				hand->v[k] = hand->v[k] == medic ? colonist : medic;
		}
		a = R->save(g, &k);
		b = R->save(h, &k);
		varied &= strcmp(a, b) != 0;
		free(a);
		free(b);
		a = test_view_str(R, g, seat);
		b = test_view_str(R, h, seat);
		if (strcmp(a, b) != 0) {
			same = 0;
			diag("seat %d's view changes with what it may not know",
			    seat);
		}
		free(a);
		free(b);
		if (seat >= 0 && h->seats[seat].hand.n > 0) {
			h->seats[seat].hand.v[0] = h->seats[seat].hand.v[0] ==
			    medic ? colonist : medic;
			a = test_view_str(R, g, seat);
			b = test_view_str(R, h, seat);
			own &= strcmp(a, b) != 0;
			free(a);
			free(b);
		}
		R->free(h);
	}
	ok(varied, "all secrets: every copy's state differs");
	ok(same, "all secrets: no seat's view (nor a spectator's) depends on "
	    "the real marker, the face-down card or the others' hands");
	ok(own, "all secrets: each seat's view shows its own hand");
	R->free(g);
}

/*
 * The sample set plus the test cards in extra (a card data document), or
 * NULL after a failed test line naming what.
 */
static struct ccg_carddb *
db_with(const char *cards, const char *extra, size_t elen, const char *what)
{
	struct ccg_carddb *db = ccg_carddb_new();
	char *cause = NULL, *text = NULL;
	size_t len;

	if (fs_read_file(cards, 1 << 22, &text, &len, &cause) != 0 ||
	    ccg_carddb_add_json(db, "sample-cards.json", text, len, &cause) != 0 ||
	    ccg_carddb_add_json(db, "test.json", extra, elen, &cause) != 0 ||
	    ccg_carddb_seal(db, &cause) != 0) {
		ok(0, "%s: %s", what, cause);
		free(cause);
		free(text);
		ccg_carddb_free(db);
		return NULL;
	}
	free(text);
	return db;
}

/*
 * The overview's cross-location rule for Predators (high to high for no
 * point while one is left) needs two high locations; the sample set has
 * one, so a test card joins it here.
 */
static void
predator_high_to_high(const char *cards)
{
	static const char extra[] = "{\"format\":\"muthur-ccg-cards\","
	    "\"version\":1,\"set\":\"test\",\"cards\":[{\"id\":\"t-001\","
	    "\"name\":\"Roof Vents\",\"type\":\"location\",\"resources\":"
	    "[\"Confined\"],\"class\":\"cross high\",\"environment\":"
	    "\"indoor\"}]}";
	const struct rules *R = rules_find("ccg");
	struct ccg_carddb *db;
	const char *m[] = { "pvt-hudson", "cpl-hicks", "barracks", "weapons-locker" };
	const char *p[] = { "young-tusk", "melee-claws", "mask", "predator-shuttle",
	    "landing-field" };
	const char *deck[] = { "colonist", "medic" };
	struct rules_seat seats[2] = {
		{ "marines", "marines", deck, 2, m, 4 },
		{ "predator", "predator", deck, 2, p, 5 },
	};
	struct rules_setup su = { "contact", seats, 2, NULL, 1, 0, NULL, 0 };
	struct test_ctr c = { 5, 0 };
	struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };
	const char *orders[2] = { NULL, "move young-tusk to roof-vents\n"
	    "move young-tusk to air-ducts\nmove young-tusk to roof-vents\n" };
	struct rules_game *g;
	char *cause = NULL, *mp;

	if ((db = db_with(cards, extra, sizeof extra - 1,
	    "a card database with a second high location")) == NULL)
		return;
	su.data = db;
	g = R->create(&su, &rng, NULL, &cause);
	ok(g != NULL && ccg_edit(g, "hud marines ground barracks weapons-locker "
	    "kitchen tavern", NULL) == 0 &&
	    ccg_edit(g, "hud marines high weapons-locker kitchen air-ducts",
	    NULL) == 0 &&
	    ccg_edit(g, "hud marines high kitchen tavern roof-vents", NULL) == 0 &&
	    ccg_edit(g, "place young-tusk at air-ducts", NULL) == 0 &&
	    ccg_edit(g, "phase movement.move", NULL) == 0,
	    "two high locations side by side");
	ok(R->resolve(g, orders, &rng, NULL, &cause) == 0,
	    "the Predator moves between them");
	mp = ccg_query(g, "at young-tusk", NULL);
	is_str(mp, "roof-vents", "he ends on Roof Vents");
	free(mp);
	free(cause);
	R->free(g);
	g = R->create(&su, &rng, NULL, NULL);
	ccg_edit(g, "hud marines ground barracks weapons-locker kitchen tavern", NULL);
	ccg_edit(g, "hud marines high weapons-locker kitchen air-ducts", NULL);
	ccg_edit(g, "hud marines high kitchen tavern roof-vents", NULL);
	ccg_edit(g, "place young-tusk at air-ducts", NULL);
	ccg_edit(g, "phase movement.move", NULL);
	ccg_edit(g, "set young-tusk mp 1", NULL);
	ok(R->check(g, 1, orders[1], NULL) == 0,
	    "three high-to-high steps with one point left cost nothing");
	ccg_edit(g, "set young-tusk mp 0", NULL);
	ok(R->check(g, 1, "move young-tusk to roof-vents\n", NULL) != 0,
	    "with no point left the free step is not possible");
	R->free(g);
	ccg_carddb_free(db);
}

/*
 * Section 3, "Starting Cards": a starting card's "starts with" term is a
 * card name; one that names no card that can come along (here a location)
 * fails the create with the reason, never a silent skip.
 */
static void
starts_with_errors(const char *cards)
{
	static const char extra[] = "{\"format\":\"muthur-ccg-cards\","
	    "\"version\":1,\"set\":\"test\",\"cards\":[{\"id\":\"t-002\","
	    "\"name\":\"Pvt Test\",\"type\":\"main character\","
	    "\"faction\":\"marines\",\"rank\":\"private\",\"speed\":3,\"power\":4,"
	    "\"resources\":[\"Marine\",\"Human\"],\"effects\":[{\"kind\":"
	    "\"starts with\",\"when\":\"start\",\"term\":\"Kitchen\"}]}]}";
	const struct rules *R = rules_find("ccg");
	struct ccg_carddb *db;
	const char *m[] = { "pvt-test", "cpl-hicks", "barracks", "weapons-locker" };
	const char *a[] = { "alien-queen", "alien-warrior", "breeding-chamber",
	    "hive-tunnels" };
	const char *deck[] = { "colonist", "medic" };
	struct rules_seat seats[2] = {
		{ "marines", "marines", deck, 2, m, 4 },
		{ "aliens", "aliens", deck, 2, a, 4 },
	};
	struct rules_setup su = { "contact", seats, 2, NULL, 1, 0, NULL, 0 };
	struct test_ctr c = { 5, 0 };
	struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };
	struct rules_game *g;
	char *cause = NULL;

	if ((db = db_with(cards, extra, sizeof extra - 1,
	    "a card database with a bad starts-with term")) == NULL)
		return;
	su.data = db;
	g = R->create(&su, &rng, NULL, &cause);
	ok(g == NULL, "a starting card that starts with a location: no game");
	is_str(cause, "seat marines: pvt-test starts with kitchen, a location: "
	    "only an item or a character comes along with a starting card",
	    "the reason names the seat, the card and the term");
	free(cause);
	if (g != NULL)
		R->free(g);
	ccg_carddb_free(db);
}

int
main(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *cards = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	const char *paths[1] = { cards };
	const struct rules *R = rules_find("ccg");
	struct ccg_carddb *db;
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_game *g, *g2;
	struct rules_secret *sec;
	struct rules_result res;
	char *cause = NULL, *a, *b, *legal;
	size_t n, i, la, lb, s;
	int drawn_private = 1, found;

	db = ccg_carddb_load(paths, 1, &cause);
	if (db == NULL) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	load_decks(db, top);
	ok(R != NULL && rules_find("CCG") == R, "rules_find finds ccg in any case");
	ok(rules_find("chess") == NULL, "rules_find: unknown game");

	g = new_game(R, db, 7, &ev, &cause);
	ok(g != NULL, "create a four-seat Contact game");
	is_int(R->nseats(g), 4, "four seats");
	is_str(R->seat_name(g, 0), "rogue", "seat 0 is the Rogue (R-M-P-A)");
	is_str(R->seat_name(g, 3), "aliens", "seat 3 is the Aliens");
	is_int(R->seat_index(g, "marines"), 1, "seat_index");
	is_int(R->seat_index(g, "nobody"), -1, "seat_index of an unknown seat");
	is_int(R->turn(g), 1, "turn 1");
	is_str(R->phase(g), "movement.evacuate", "first phase that waits");
	for (i = 0; i < ev.n; i++)
		if (strstr(ev.v[i].json, "\"draw-card\"") != NULL &&
		    (ev.v[i].vis != RULES_VIS_SEATS ||
		    __builtin_popcountll(ev.v[i].seats) != 1))
			drawn_private = 0;
	ok(drawn_private, "every drawn card is an event for its seat only");
	ok(rules_event_visible(&ev.v[0], -1), "the first event is public");

	for (s = 0; s < 4; s++) {
		int lines = 0;

		legal = R->legal(g, s);
		for (a = legal; (b = strchr(a, '\n')) != NULL; a = b + 1)
			if (*a != '#' && strncmp(a, "pass\n", 5) != 0 &&
			    strncmp(a, "pass ", 5) != 0)	/* pass ROUND */
				lines++;
		ok((lines > 0) == (R->owes(g, s) != 0), "%s owes orders exactly "
		    "when it has a legal order besides pass (or pass ROUND)",
		    R->seat_name(g, s));
		ok(strncmp(legal, "pass\n", 5) == 0, "pass is legal and listed first");
		free(legal);
	}

	ok(R->check(g, 0, "pass\n", NULL) == 0, "pass is accepted");
	ok(R->check(g, 0, "pass\nevacuate nobody\n", &cause) == -1 &&
	    strncmp(cause, "line 2: ", 8) == 0, "a bad line is named: %s", cause ? cause : "");
	free(cause);
	cause = NULL;
	ok(R->check(g, 1, "move cpl-hicks to barracks\n", &cause) == -1 &&
	    strstr(cause, "owes no orders") != NULL,
	    "a seat that owes nothing may only pass: %s", cause ? cause : "");
	free(cause);
	cause = NULL;

	a = R->save(g, &la);
	{
		const char *bad[4] = { "evacuate nobody\n", NULL, NULL, NULL };
		struct test_ctr c = { 1, 0 };
		struct rules_rng rng = { test_ctr_uniform, &c, NULL, NULL };

		rules_events_free(&ev);
		ok(R->resolve(g, bad, &rng, &ev, &cause) == -1 &&
		    strstr(cause, "seat rogue: line 1:") != NULL,
		    "resolve refuses bad orders: %s", cause ? cause : "");
		free(cause);
		cause = NULL;
	}
	b = R->save(g, &lb);
	ok(la == lb && memcmp(a, b, la) == 0 && ev.n == 0,
	    "a refused resolve changes nothing and emits nothing");
	free(a);
	free(b);

	R->secrets(g, &sec, &n);
	is_int(n, 8, "a deck and a hand secret per seat");
	found = 0;
	for (i = 0; i < n; i++)
		if (strcmp(sec[i].id, "hand:marines") == 0 && sec[i].seat == 1 &&
		    sec[i].len > 0)
			found = 1;
	ok(found, "hand:marines is known to the Marines' seat");
	found = 0;
	for (i = 0; i < n; i++)
		if (strcmp(sec[i].id, "deck:aliens") == 0 && sec[i].seat == -1)
			found = 1;
	ok(found, "deck:aliens is known to nobody");
	rules_secrets_free(sec, n);

	R->result(g, &res);
	ok(!res.over && res.winner == -1 && res.nseats == 4 && res.place[0] == 0,
	    "no result yet");
	rules_result_free(&res);

	ok(R->load(db, "{", 1, &cause) == NULL && cause != NULL,
	    "load refuses broken JSON: %s", cause ? cause : "");
	free(cause);
	cause = NULL;
	ok(R->load(db, "{\"format\":\"x\"}", 14, &cause) == NULL &&
	    strstr(cause, "format") != NULL, "load refuses another format: %s",
	    cause ? cause : "");
	free(cause);
	cause = NULL;

	g2 = new_game(R, db, 7, NULL, NULL);
	a = R->save(g, &la);
	b = R->save(g2, &lb);
	ok(la == lb && memcmp(a, b, la) == 0, "the same seed deals the same game");
	free(b);
	R->free(g2);
	g2 = new_game(R, db, 8, NULL, NULL);
	b = R->save(g2, &lb);
	ok(la != lb || memcmp(a, b, la) != 0, "another seed deals another game");
	free(a);
	free(b);
	R->free(g2);

	a = test_view_str(R, g, -1);
	ok(strstr(a, "\"hand\":[") == NULL && strstr(a, "legal_orders") == NULL,
	    "a spectator sees no hand and no orders");
	free(a);
	a = test_view_str(R, g, 2);
	ok(strstr(a, "\"hand\":[") != NULL && strstr(a, "\"deck\":[") == NULL,
	    "a seat sees its hand but no deck order");
	free(a);

	secrecy(R, db, g, "movement.evacuate");
	ccg_edit(g, "phase movement.move", NULL);
	secrecy(R, db, g, "movement.move");
	ccg_edit(g, "phase discard-draw", NULL);
	secrecy(R, db, g, "discard-draw");
	R->free(g);
	rules_events_free(&ev);

	hidden_secrecy(R, db);
	concealed_secrecy(R, db);
	all_secrecy(R, db);
	random_game(R, db, 101);
	random_game(R, db, 202);
	random_game(R, db, 303);
	predator_high_to_high(cards);
	starts_with_errors(cards);

	for (s = 0; s < 4; s++)
		ccg_decklist_seat_clear(&rseats[s]);
	ccg_carddb_free(db);
	free(cards);
	return done_testing();
}
