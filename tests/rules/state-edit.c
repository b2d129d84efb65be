/*
 * state-edit.c — building test positions and asking questions about a
 * game, for the scenario tests (the .scn files of tests/rules/scenarios) and for
 * debugging. Edits bypass the rules on purpose (they put pieces where a
 * rulebook example needs them); queries answer with plain strings.
 * See tests/rules/README for the list of edits and queries.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "tests/rules/state-edit.h"
#include "rules/ccg/table.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/victory.h"

#define MAXW 64

static size_t
split(char *buf, char **w)
{
	size_t n = 0;
	char *p;

	for (p = strtok(buf, " \t"); p != NULL && n < MAXW; p = strtok(NULL, " \t"))
		w[n++] = p;
	return n;
}

static int
seat_of(const struct rules_game *g, const char *name, char **cause)
{
	size_t i;

	for (i = 0; i < g->nseats; i++)
		if (strcmp(g->seats[i].name, name) == 0)
			return (int)i;
	return cause_set(cause, "no seat %s", name);
}

static int
piece_of(const struct rules_game *g, const char *id, char **cause)
{
	int i = ccg_piece_find(g, id);

	if (i < 0)
		return cause_set(cause, "no piece %s", id);
	return i;
}

static int
node_of(const struct rules_game *g, const char *id, char **cause)
{
	int i = ccg_node_find(g, id);

	if (i < 0)
		return cause_set(cause, "no location %s in play", id);
	return i;
}

static const struct ccg_card *
card_of(const struct rules_game *g, const char *slug, char **cause)
{
	const struct ccg_card *c = ccg_carddb_find_slug(g->db, slug);

	if (c == NULL)
		cause_set(cause, "no card %s in the card database", slug);
	return c;
}

static int *
seat_field(struct ccg_seat *s, const char *f)
{
	static const struct { const char *name; size_t off; } fields[] = {
		{ "pool", offsetof(struct ccg_seat, pool) },
		{ "rp", offsetof(struct ccg_seat, rp) },
		{ "honor", offsetof(struct ccg_seat, honor) },
		{ "honor-goal", offsetof(struct ccg_seat, honor_goal) },
		{ "cycles", offsetof(struct ccg_seat, cycles) },
		{ "rescued", offsetof(struct ccg_seat, rescued) },
		{ "quota", offsetof(struct ccg_seat, quota) },
		{ "abducted", offsetof(struct ccg_seat, abducted) },
		{ "downloaded", offsetof(struct ccg_seat, downloaded) },
		{ "evacuated", offsetof(struct ccg_seat, evac_mains) },
		{ "bc-warriors", offsetof(struct ccg_seat, bc_warriors) },
		{ "base-hand", offsetof(struct ccg_seat, base_hand) },
	};
	size_t i;

	for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (strcmp(fields[i].name, f) == 0)
			return (int *)((char *)s + fields[i].off);
	return NULL;
}

static int *
piece_field(struct ccg_piece *p, const char *f)
{
	static const struct { const char *name; size_t off; } fields[] = {
		{ "rotated", offsetof(struct ccg_piece, rotated) },
		{ "damage", offsetof(struct ccg_piece, damage) },
		{ "tokens", offsetof(struct ccg_piece, tokens) },
		{ "data", offsetof(struct ccg_piece, data) },
		{ "mp", offsetof(struct ccg_piece, mp) },
		{ "moved", offsetof(struct ccg_piece, moved) },
		{ "hostage", offsetof(struct ccg_piece, hostage) },
		{ "liberated", offsetof(struct ccg_piece, liberated) },
		{ "hidden", offsetof(struct ccg_piece, hidden) },
		{ "bound", offsetof(struct ccg_piece, bound) },
		{ "searching", offsetof(struct ccg_piece, searching) },
		{ "found-turn", offsetof(struct ccg_piece, found_turn) },
	};
	size_t i;

	for (i = 0; i < sizeof fields / sizeof fields[0]; i++)
		if (strcmp(fields[i].name, f) == 0)
			return (int *)((char *)p + fields[i].off);
	return NULL;
}

static int
set_pile(struct rules_game *g, struct ccg_cards *pile, char **w, size_t n,
    char **cause)
{
	size_t i;

	ccg_cards_clear(pile);
	for (i = 0; i < n; i++) {
		const struct ccg_card *c = card_of(g, w[i], cause);

		if (c == NULL)
			return -1;
		ccg_cards_push(pile, c);
	}
	return 0;
}

static int
edit_hud(struct rules_game *g, int s, char **w, size_t n, char **cause)
{
	struct ccg_hud *h = &g->seats[s].hud;
	size_t i;

	if (n >= 1 && strcmp(w[0], "ground") == 0) {
		int nodes[MAXW];

		for (i = 1; i < n; i++) {
			const struct ccg_card *c;

			/* a location on the board by its id, or a card's */
			if ((nodes[i] = ccg_node_find(g, w[i])) >= 0)
				continue;
			if ((c = card_of(g, w[i], cause)) == NULL)
				return -1;
			if (c->type != CCG_CARD_LOCATION)
				return cause_set(cause, "%s is not a location", w[i]);
			nodes[i] = ccg_node_for(g, c);
		}
		h->n = 0;
		for (i = 1; i < n; i++)
			ccg_hud_place(g, s, nodes[i], CCG_RIGHT, 0, 0);
		return 0;
	}
	if (n == 4 && (strcmp(w[0], "high") == 0 || strcmp(w[0], "low") == 0)) {
		int a = node_of(g, w[1], cause), b, k;
		const struct ccg_card *c;

		if (a < 0 || (b = node_of(g, w[2], cause)) < 0 ||
		    (c = card_of(g, w[3], cause)) == NULL)
			return -1;
		for (k = 0; k + 1 < (int)h->n; k++)
			if (h->ground[k] == a && h->ground[k + 1] == b) {
				ccg_hud_place(g, s, ccg_node_for(g, c), CCG_BETWEEN,
				    k, w[0][0] == 'h');
				return 0;
			}
		return cause_set(cause, "%s and %s are not neighbours in the HUD",
		    w[1], w[2]);
	}
	return cause_set(cause, "hud: expected \"ground LOC...\" or "
	    "\"high|low A B LOC\"");
}

/* An integer lo..1000000 (the range a saved state accepts). */
static int
number(const char *w, int lo, int *out, char **cause)
{
	char *end;
	long v = strtol(w, &end, 10);

	if (*w == '\0' || *end != '\0' || v < lo || v > 1000000)
		return cause_set(cause, "\"%s\" is not an integer %d..1000000",
		    w, lo);
	*out = (int)v;
	return 0;
}

int
ccg_edit(struct rules_game *g, const char *line, char **cause)
{
	char *buf = xstrdup(line), *w[MAXW];
	size_t n = split(buf, w);
	int r = -1, s, pi, node, *f, v;

	if (n == 0) {
		free(buf);
		return cause_set(cause, "empty edit");
	}
	if (strcmp(w[0], "phase") == 0 && n == 2) {
		int ph = ccg_phase_parse(w[1]);

		if (ph < 0 || ph == CCG_PH_OVER)
			cause_set(cause, "unknown phase %s", w[1]);
		else {
			g->phase = ph;
			ccg_phase_enter(g, NULL, NULL);
			r = 0;
		}
	} else if (strcmp(w[0], "turn") == 0 && n == 2) {
		if (number(w[1], 1, &v, cause) == 0) {
			g->turn = v;
			r = 0;
		}
	} else if (strcmp(w[0], "add") == 0 && n == 5) {
		const struct ccg_card *c;

		if ((s = seat_of(g, w[1], cause)) < 0 ||
		    (c = card_of(g, w[2], cause)) == NULL)
			goto out;
		if (strcmp(w[3], "at") == 0) {
			if ((node = node_of(g, w[4], cause)) < 0)
				goto out;
			pi = ccg_piece_add(g, c, s);
			g->pieces[pi].node = node;
		} else if (strcmp(w[3], "on") == 0) {
			int carrier = piece_of(g, w[4], cause);

			if (carrier < 0)
				goto out;
			pi = ccg_piece_add(g, c, s);
			g->pieces[pi].carrier = carrier;
		} else {
			cause_set(cause, "add: expected at LOCATION or on PIECE");
			goto out;
		}
		if (g->phase == CCG_PH_MOVE && ccg_is_character(&g->pieces[pi]))
			g->pieces[pi].mp = ccg_eff_speed(&g->pieces[pi]);
		r = 0;
	} else if (strcmp(w[0], "place") == 0 && n == 4) {
		if ((pi = piece_of(g, w[1], cause)) < 0 ||
		    (node = node_of(g, w[3], cause)) < 0)
			goto out;
		g->pieces[pi].node = node;
		g->pieces[pi].carrier = -1;
		r = 0;
	} else if (strcmp(w[0], "remove") == 0 && n == 2) {
		if ((pi = piece_of(g, w[1], cause)) < 0)
			goto out;
		ccg_items_drop_all(g, pi, CCG_Z_PLAY);
		g->pieces[pi].zone = CCG_Z_DEAD;
		g->pieces[pi].node = -1;
		r = 0;
	} else if (strcmp(w[0], "set") == 0 && n == 4) {
		if ((pi = piece_of(g, w[1], cause)) < 0)
			goto out;
		if ((f = piece_field(&g->pieces[pi], w[2])) == NULL) {
			cause_set(cause, "set: unknown field %s", w[2]);
			goto out;
		}
		if (number(w[3], 0, &v, cause) == 0) {
			*f = v;
			r = 0;
		}
	} else if (strcmp(w[0], "seat") == 0 && n == 4) {
		if ((s = seat_of(g, w[1], cause)) < 0)
			goto out;
		if ((f = seat_field(&g->seats[s], w[2])) == NULL) {
			cause_set(cause, "seat: unknown field %s", w[2]);
			goto out;
		}
		if (number(w[3], -1, &v, cause) == 0) {
			*f = v;
			r = 0;
		}
	} else if ((strcmp(w[0], "hand") == 0 || strcmp(w[0], "deck") == 0 ||
	    strcmp(w[0], "discard") == 0) && n >= 2) {
		struct ccg_seat *st;

		if ((s = seat_of(g, w[1], cause)) < 0)
			goto out;
		st = &g->seats[s];
		r = set_pile(g, w[0][0] == 'h' ? &st->hand : w[0][0] == 'd' &&
		    w[0][1] == 'e' ? &st->deck : &st->discard, w + 2, n - 2, cause);
	} else if (strcmp(w[0], "hud") == 0 && n >= 3) {
		if ((s = seat_of(g, w[1], cause)) < 0)
			goto out;
		r = edit_hud(g, s, w + 2, n - 2, cause);
	} else if (strcmp(w[0], "hive") == 0 && n == 3) {
		if ((s = seat_of(g, w[1], cause)) < 0 ||
		    (node = node_of(g, w[2], cause)) < 0)
			goto out;
		g->nodes[node].hived |= ccg_seat_bit(s);
		r = 0;
	} else if (strcmp(w[0], "start") == 0 && n == 3) {
		if ((s = seat_of(g, w[1], cause)) < 0 ||
		    (node = node_of(g, w[2], cause)) < 0)
			goto out;
		g->seats[s].start_node = node;
		r = 0;
	} else if (ccg_edit_extra(g, w, n, &r, cause))	/* state-edit-extra.c */
		;
	else
		cause_set(cause, "unknown edit \"%s\" (or wrong number of words)",
		    line);
	if (r == 0)
		ccg_control_update(g, NULL);
out:
	free(buf);
	return r;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted, space-separated list of strings. */
static char *
joined(const char **v, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	qsort(v, n, sizeof *v, cmp_str);
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addc(&sb, ' ');
		strbuf_addstr(&sb, v[i]);
	}
	free(v);
	return strbuf_detach(&sb, NULL);
}

static char *
pile_str(const struct ccg_cards *c)
{
	const char **v = xcalloc(c->n + 1, sizeof *v);
	size_t i;

	for (i = 0; i < c->n; i++)
		v[i] = c->v[i]->slug;
	return joined(v, c->n);
}

static const char *const zone_names[] = { "play", "evacuated", "dead", "removed",
	"captured" };

char *
ccg_query(const struct rules_game *g, const char *q, char **cause)
{
	char *buf = xstrdup(q), *w[MAXW], *r = NULL;
	size_t n = split(buf, w), i, k = 0;
	int s = -1, pi = -1, node;
	const char **v;

	if (n == 2 && (s = ccg_piece_find(g, w[1])) >= 0)
		pi = s;
	if (n == 2)
		s = seat_of(g, w[1], NULL);
	if (n == 1 && strcmp(w[0], "turn") == 0)
		r = xasprintf("%d", g->turn);
	else if (n == 1 && strcmp(w[0], "phase") == 0)
		r = xstrdup(ccg_phase_name(g->phase));
	else if (n == 1 && strcmp(w[0], "over") == 0)
		r = xasprintf("%d", ccg_game_over(g));
	else if (n == 1 && strcmp(w[0], "owes") == 0) {
		v = xcalloc(g->nseats + 1, sizeof *v);
		for (i = 0; i < g->nseats; i++)
			if (ccg_seat_owes(g, (int)i))
				v[k++] = g->seats[i].name;
		r = joined(v, k);
	} else if (n == 1 && strcmp(w[0], "seats") == 0) {
		struct strbuf sb = STRBUF_INIT;

		for (i = 0; i < g->nseats; i++)
			strbuf_addf(&sb, "%s%s", i ? " " : "", g->seats[i].name);
		r = strbuf_detach(&sb, NULL);
	} else if (n == 1 && strcmp(w[0], "nodes") == 0) {
		v = xcalloc(g->nnodes + 1, sizeof *v);
		for (i = 0; i < g->nnodes; i++)
			v[k++] = g->nodes[i].id;
		r = joined(v, k);
	} else if (n == 2 && strcmp(w[0], "adjacent") == 0) {
		if ((node = node_of(g, w[1], cause)) >= 0) {
			v = xcalloc(g->nnodes + 1, sizeof *v);
			for (i = 0; i < g->nnodes; i++)
				if (ccg_adjacent(g, node, (int)i))
					v[k++] = g->nodes[i].id;
			r = joined(v, k);
		}
	} else if (n == 2 && strcmp(w[0], "pieces-at") == 0) {
		if ((node = node_of(g, w[1], cause)) >= 0) {
			v = xcalloc(g->npieces + 1, sizeof *v);
			for (i = 0; i < g->npieces; i++)
				if (g->pieces[i].zone == CCG_Z_PLAY &&
				    g->pieces[i].node == node &&
				    g->pieces[i].carrier < 0)
					v[k++] = g->pieces[i].id;
			r = joined(v, k);
		}
	} else if (n == 2 && pi >= 0 && strcmp(w[0], "at") == 0) {
		const struct ccg_piece *p = &g->pieces[pi];

		r = p->zone == CCG_Z_CAPTURED ? (p->carrier >= 0 ?
		    xasprintf("captured on %s", g->pieces[p->carrier].id) :
		    xasprintf("captured at %s", p->node >= 0 ?
		    g->nodes[p->node].id : "-")) :
		    p->zone != CCG_Z_PLAY ? xstrdup(zone_names[p->zone]) :
		    p->carrier >= 0 ? xasprintf("on %s", g->pieces[p->carrier].id) :
		    p->node >= 0 ? xstrdup(g->nodes[p->node].id) : xstrdup("-");
	} else if (n == 2 && pi >= 0 && strcmp(w[0], "zone") == 0)
		r = xstrdup(zone_names[g->pieces[pi].zone]);
	else if (n == 2 && pi >= 0 && strcmp(w[0], "controller") == 0)
		r = xstrdup(g->pieces[pi].controller >= 0 ?
		    g->seats[g->pieces[pi].controller].name : "-");
	else if (n == 2 && pi >= 0 && strcmp(w[0], "rotated") == 0)
		r = xasprintf("%d", g->pieces[pi].rotated);
	else if (n == 2 && pi >= 0 && strcmp(w[0], "mp") == 0)
		r = xasprintf("%d", g->pieces[pi].mp);
	else if (n == 2 && pi >= 0 && strcmp(w[0], "items") == 0) {
		v = xcalloc(g->npieces + 1, sizeof *v);
		for (i = 0; i < g->npieces; i++)
			if (g->pieces[i].carrier == pi &&
			    g->pieces[i].zone == CCG_Z_PLAY)
				v[k++] = g->pieces[i].id;
		r = joined(v, k);
	} else if (n == 2 && pi >= 0 &&
	    piece_field((struct ccg_piece *)&g->pieces[pi], w[0]) != NULL) {
		r = xasprintf("%d", *piece_field((struct ccg_piece *)&g->pieces[pi],
		    w[0]));		/* damage, tokens, bound, hidden ... */
	} else if (n == 2 && s >= 0) {
		const struct ccg_seat *st = &g->seats[s];

		if (strcmp(w[0], "hand") == 0)
			r = pile_str(&st->hand);
		else if (strcmp(w[0], "discard") == 0)
			r = pile_str(&st->discard);
		else if (strcmp(w[0], "removed") == 0)
			r = pile_str(&st->removed);
		else if (strcmp(w[0], "handcount") == 0)
			r = xasprintf("%zu", st->hand.n);
		else if (strcmp(w[0], "deckcount") == 0)
			r = xasprintf("%zu", st->deck.n);
		else if (strcmp(w[0], "handsize") == 0)
			r = xasprintf("%d", ccg_hand_size(g, s));
		else if (strcmp(w[0], "place") == 0)
			r = xasprintf("%d", st->place);
		else if (strcmp(w[0], "faction") == 0)
			r = xstrdup(ccg_faction_name(st->faction));
		else if (strcmp(w[0], "demo-orders") == 0) {
			/* the scripted demo player's orders, " / " between lines */
			char *o = ccg_demo_orders(g, (size_t)s), *e;
			struct strbuf sb = STRBUF_INIT;

			strbuf_addstr(&sb, "");
			for (e = o; *e != '\0'; e++)
				if (*e != '\n')
					strbuf_addc(&sb, *e);
				else if (e[1] != '\0')
					strbuf_addstr(&sb, " / ");
			r = strbuf_detach(&sb, NULL);
			free(o);
		}
		else if (strcmp(w[0], "hud") == 0) {
			struct strbuf sb = STRBUF_INIT;

			for (i = 0; i < st->hud.n; i++)
				strbuf_addf(&sb, "%s%s", i ? " " : "",
				    g->nodes[st->hud.ground[i]].id);
			r = strbuf_detach(&sb, NULL);
		} else {
			int *f = seat_field((struct ccg_seat *)st, w[0]);

			if (f != NULL)
				r = xasprintf("%d", *f);
		}
	}
	if (r == NULL)
		ccg_query_extra(g, w, n, &r);		/* state-edit-extra.c */
	if (r == NULL && (cause == NULL || *cause == NULL))
		cause_set(cause, "unknown query \"%s\" (or unknown seat, piece or "
		    "location)", q);
	free(buf);
	return r;
}
