/*
 * orders.c — "Player Turn Sequence" as orders (doc/muthur-orders.5, "Bug
 * Hunt"): the active seat's one mail holds at most one `move D...` line,
 * then at most one action (`shoot C... [at SECTOR/TILE...] [wounds
 * C...]`, `capture MISSION`, `breach D`, `reload`), `use MISSION [C]`
 * lines before what they help, standing `prefer lt-command SEAT|next`,
 * `prefer shared-wounds first|even|last|N` and `prefer adjacent-xenos
 * here|even|elsewhere|N` lines (choices.c), and in the squad's first turn
 * (still on the APC, where nothing can wound it: the Pre-Mission
 * Checklist's arrangement) one `order C C C` line, its Point Man first;
 * `pass` alone does nothing. The same code checks (dry, on a
 * copy) and applies them; once the game ends (the last squad reaching
 * the APC wins at once), the lines after are not applied.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

#define MAX_WORDS 24

_Static_assert(BH_PREF_MAX_N == 60, "the reasons below say a count 0 to 60");

char *
bh_char_slug(const struct rules_game *g, int seat, int ci)
{
	const struct bh_char *c = &g->sq[seat].c[ci];

	if (c->copy > 0)
		return xasprintf("%s-%d", g->d->chars[c->def].id, c->copy);
	return xstrdup(g->d->chars[c->def].id);
}

int
bh_char_find(const struct rules_game *g, int seat, const char *slug)
{
	char *s;
	int ci, same;

	for (ci = 0; ci < g->sq[seat].nchar; ci++) {
		s = bh_char_slug(g, seat, ci);
		same = strcmp(s, slug) == 0;
		free(s);
		if (same)
			return ci;
	}
	return -1;
}

/* What one run keeps between lines. */
struct run {
	struct rules_game	*g;
	int			 seat, dry, lineno;
	int			 moved, acted, passed, unknown, ordered;
	int			 mp_bonus, shot_bonus;
	struct rules_rng	*rng;
	struct rules_events	*ev;
	char			**cause;
	const char		*line;
};

/* A line that cannot be carried out: -1 (dry) or an event, 0 (applying). */
static int
fail(struct run *r, const char *why, const char *expected)
{
	char *esc, *wesc, *p;

	if (r->dry)
		return cause_set(r->cause, "line %d: \"%s\": %s%s%s", r->lineno, r->line, why,
		    expected != NULL ? "; expected " : "", expected != NULL ? expected : "");
	esc = xstrdup(r->line);
	for (p = esc; *p != '\0'; p++)
		if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20)
			*p = '?';
	wesc = xstrdup(why);	/* a reason may quote a word: JSON-safe as well */
	for (p = wesc; *p != '\0'; p++)
		if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20)
			*p = '\'';
	bh_event(r->ev, "{\"type\":\"order-failed\",\"seat\":\"%s\",\"line\":%d,"
	    "\"order\":\"%s\",\"why\":\"%s\"}", bh_colours[r->g->sq[r->seat].colour],
	    r->lineno, esc, wesc);
	free(wesc);
	free(esc);
	return 0;
}

static int
do_move(struct run *r, char **w, int nw)
{
	struct rules_game *g = r->g;
	struct bh_squad *sq = &g->sq[r->seat];
	int mp = bh_mp(g, r->seat) + r->mp_bonus, i, d, cost, nb;
	const char *why;
	char buf[96];

	if (r->moved)
		return fail(r, "a second move", "one move line a turn");
	if (r->acted)
		return fail(r, "the move comes after the action", "move first, then the action");
	if (nw < 2 || nw > 9)
		return fail(r, "no directions or too many", "move D [D ...], D one of n e s w");
	r->moved = 1;
	for (i = 1; i < nw && g->phase != BH_PH_OVER; i++) {
		if ((d = bh_dir_parse(w[i])) < 0)
			return fail(r, "not a direction", "n, e, s or w");
		if (r->unknown)
			return fail(r, "movement ends on a newly drawn tile", NULL);
		if ((cost = bh_step_cost(g, r->seat, d, &why)) < 0)
			return fail(r, why, NULL);
		if (cost > mp) {
			snprintf(buf, sizeof buf, "%d movement point%s left, %s needs %d", mp,
			    mp == 1 ? "" : "s", w[i], cost);
			return fail(r, buf, NULL);
		}
		mp -= cost;
		nb = bh_neighbour(sq->pos, d);
		sq->pos = nb;
		if (nb >= 0 && g->tile[nb] < 0) {
			if (r->dry)
				r->unknown = 1;
			else {
				bh_event(r->ev, "{\"type\":\"move\",\"seat\":\"%s\",\"to\":\"%s\"}",
				    bh_colours[sq->colour], bh_cell_name(nb));
				bh_reveal_tile(g, nb, d, r->rng, r->ev);
				r->unknown = 1;
			}
		} else if (!r->dry) {
			bh_event(r->ev, "{\"type\":\"move\",\"seat\":\"%s\",\"to\":\"%s\"}",
			    bh_colours[sq->colour], bh_cell_name(nb));
			/* the last squad on the APC: the game ends there and then */
			if (nb == BH_APC)
				bh_check_win(g, r->ev);
		}
	}
	return 0;
}

#define SHOOT_FORM "shoot C [C ...] [at SECTOR/TILE ...] [wounds C ...]"

/*
 * Shooting 1a: the squad's own tile is targeted first. When its Xenomorphs
 * take the whole firepower, no die of a tile named after "at" can be
 * targeted: the reason (static), or NULL when some firepower is left.
 */
static const char *
home_takes_all(struct run *r, const struct bh_shot *s)
{
	static char buf[200];
	const struct rules_game *g = r->g;
	int pos = g->sq[r->seat].pos, fp = s->bonus, i;

	if (pos == BH_APC)
		return NULL;
	for (i = 0; i < s->nchars; i++)
		fp += bh_firepower(g, r->seat, s->chars[i]);
	if (fp > g->xenos[pos])
		return NULL;
	snprintf(buf, sizeof buf, "the squad's own tile is targeted first (Shooting 1a): "
	    "its %d Xenomorph%s take%s all %d firepower, none is left for %s", g->xenos[pos],
	    g->xenos[pos] == 1 ? "" : "s", g->xenos[pos] == 1 ? "s" : "", fp,
	    bh_cell_name(s->at[0]));
	return buf;
}

static int
do_shoot(struct run *r, char **w, int nw)
{
	struct rules_game *g = r->g;
	struct bh_shot s;
	const char *why;
	int i, k, ci, cell, cells[4], nt, at = 0, d, ok, wounds = 0;

	memset(&s, 0, sizeof s);
	s.bonus = r->shot_bonus;
	for (i = 1; i < nw; i++) {
		if (strcmp(w[i], "at") == 0) {
			if (at || wounds)
				return fail(r, at ? "\"at\" twice" : "\"at\" after \"wounds\"",
				    SHOOT_FORM);
			at = 1;
			continue;
		}
		if (strcmp(w[i], "wounds") == 0) {
			if (wounds || s.nchars == 0)
				return fail(r, wounds ? "\"wounds\" twice" :
				    "\"wounds\" before the characters that fire", SHOOT_FORM);
			wounds = 1;
			continue;
		}
		if (wounds) {	/* Shooting 2: who takes each head wound */
			if ((ci = bh_char_find(g, r->seat, w[i])) < 0)
				return fail(r, "not a character of the squad",
				    "characters of the shot after \"wounds\"");
			for (k = 0; k < s.nchars && s.chars[k] != ci; k++)
				;
			if (k == s.nchars)
				return fail(r, "only a character that fired takes a head wound "
				    "(Shooting 2)", "characters of the shot after \"wounds\"");
			if (s.nwound == BH_SHOT_WOUNDS)
				return fail(r, "too many names after \"wounds\"", "at most 8");
			s.wound[s.nwound++] = ci;
			continue;
		}
		if (at) {
			if ((cell = bh_cell_parse(w[i])) < 0 || s.nat == 4)
				return fail(r, "not a cell of the complex",
				    "SECTOR/TILE such as 3/2 (Sector 3's second tile)");
			s.only = 1;	/* the shooter picks the tiles (Shooting 1b: "may") */
			if (cell == g->sq[r->seat].pos)
				continue;	/* its own tile: targeted first anyway */
			if (r->unknown) {	/* the new tile's sides are not known yet */
				for (ok = 0, d = 0; d < 4; d++)
					ok |= bh_neighbour(g->sq[r->seat].pos, d) == cell;
			} else {
				nt = bh_targets(g, r->seat, cells);
				for (ok = 0, k = 0; k < nt; k++)
					ok |= cells[k] == cell;
			}
			if (!ok)
				return fail(r, "not a tile the squad may shoot into",
				    "an adjacent tile through a passage without a barrier");
			s.at[s.nat++] = cell;
			continue;
		}
		if ((ci = bh_char_find(g, r->seat, w[i])) < 0)
			return fail(r, "not a character of the squad", "the squad's characters");
		for (k = 0; k < s.nchars; k++)
			if (s.chars[k] == ci)
				return fail(r, "a character named twice", NULL);
		if (!g->sq[r->seat].c[ci].ready)
			return fail(r, "a depleted character cannot shoot", "ready characters");
		s.chars[s.nchars++] = ci;
	}
	if (s.nchars == 0)
		return fail(r, "nobody shoots", SHOOT_FORM);
	if (wounds && s.nwound == 0)
		return fail(r, "nobody after \"wounds\"", SHOOT_FORM);
	if (s.nat > 0 && !(r->dry && r->unknown) && (why = home_takes_all(r, &s)) != NULL)
		return fail(r, why, "more firepower than the Xenomorphs on the squad's own "
		    "tile, or no tile after \"at\"");
	if (r->dry) {
		for (k = 0; k < s.nchars; k++)
			bh_deplete(g, r->seat, s.chars[k]);
		return 0;
	}
	bh_shoot(g, r->seat, &s, r->rng, r->ev);
	return 0;
}

static int
do_action(struct run *r, char **w, int nw)
{
	struct rules_game *g = r->g;
	const char *why;
	int m, d;

	if (r->acted)
		return fail(r, "a second action", "one action a turn");
	r->acted = 1;
	if (strcmp(w[0], "shoot") == 0)
		return do_shoot(r, w, nw);
	if (strcmp(w[0], "reload") == 0) {
		if (nw != 1)
			return fail(r, "reload takes nothing", "reload");
		if (!r->dry)
			bh_reload(g, r->seat, r->ev);
		else
			for (m = 0; m < g->sq[r->seat].nchar; m++)
				g->sq[r->seat].c[m].ready = 1;
		return 0;
	}
	if (strcmp(w[0], "capture") == 0) {
		if (nw != 2 || (m = bh_mission_find(g, w[1])) < 0)
			return fail(r, "not a mission in play", "capture MISSION");
		if (!r->unknown && (why = bh_capture_why(g, r->seat, m)) != NULL)
			return fail(r, why, NULL);
		if (r->dry) {
			g->mtok[m]++;
			g->mup[m]++;
		} else if (g->sq[r->seat].pos != BH_APC && g->objective[g->sq[r->seat].pos] &&
		    g->mtok[m] < BH_MISSION_TOKENS)
			bh_capture(g, r->seat, m, r->ev);
		else
			return fail(r, bh_capture_why(g, r->seat, m), NULL);
		return 0;
	}
	/* breach */
	if (nw != 2 || (d = bh_dir_parse(w[1])) < 0)
		return fail(r, "not a side", "breach D, D one of n e s w");
	if (r->unknown && r->dry)
		return 0;
	if ((why = bh_breach_why(g, r->seat, d)) != NULL)
		return fail(r, why, NULL);
	if (!r->dry)
		bh_breach(g, r->seat, d, r->ev);
	else {
		g->breach[g->sq[r->seat].pos] |= 1 << d;
		g->breaches_left--;
	}
	return 0;
}

static int
do_use(struct run *r, char **w, int nw)
{
	struct rules_game *g = r->g;
	const struct bh_missiondef *md;
	const char *why;
	int m, ci = -1;

	if (r->acted)
		return fail(r, "a mission is used before the action", NULL);
	if (nw < 2 || nw > 3 || (m = bh_mission_find(g, w[1])) < 0)
		return fail(r, "not a mission in play", "use MISSION [CHARACTER]");
	md = &g->d->missions[g->mission[m]];
	if (nw == 3 && (ci = bh_char_find(g, r->seat, w[2])) < 0)
		return fail(r, "not a character of the squad", "the squad's characters");
	if (md->ability == BH_MA_MOVE && r->moved)
		return fail(r, "movement points are used before the move", NULL);
	if ((why = bh_use_why(g, r->seat, m, ci)) != NULL)
		return fail(r, why, NULL);
	if (md->ability == BH_MA_FIREPOWER)
		r->shot_bonus += md->amount;
	if (md->ability == BH_MA_MOVE)
		r->mp_bonus += md->amount;
	if (r->dry) {
		g->mup[m]--;
		/* the purge is sure: a shot after it is checked against what is left */
		if (md->ability == BH_MA_PURGE && !r->unknown && g->sq[r->seat].pos >= 0) {
			int pos = g->sq[r->seat].pos;

			g->xenos[pos] -= g->xenos[pos] < md->amount ? g->xenos[pos] : md->amount;
		}
	} else
		bh_use(g, r->seat, m, ci, r->rng, r->ev);
	return 0;
}

static int
do_prefer(struct run *r, char **w, int nw)
{
	struct bh_squad *sq = &r->g->sq[r->seat];
	int s;

	if (nw == 3 && strcmp(w[1], "shared-wounds") == 0) {
		if ((s = bh_pref_parse(bh_wound_pref_names, w[2])) < 0)
			return fail(r, "not a choice for shared wounds",
			    "first, even, last or a count 0 to 60");
		sq->wound_pref = s;
		return 0;
	}
	if (nw == 3 && strcmp(w[1], "adjacent-xenos") == 0) {
		if ((s = bh_pref_parse(bh_xeno_pref_names, w[2])) < 0)
			return fail(r, "not a choice for adjacent Xenomorphs",
			    "here, even, elsewhere or a count 0 to 60");
		sq->xeno_pref = s;
		return 0;
	}
	if (nw != 3 || strcmp(w[1], "lt-command") != 0)
		return fail(r, "not a preference", "prefer lt-command SEAT|next, "
		    "prefer shared-wounds first|even|last|N or prefer adjacent-xenos "
		    "here|even|elsewhere|N");
	if (strcmp(w[2], "next") == 0) {
		r->g->sq[r->seat].lt_pref = -1;
		return 0;
	}
	for (s = 0; s < r->g->nseats; s++)
		if (strcmp(w[2], bh_colours[r->g->sq[s].colour]) == 0) {
			r->g->sq[r->seat].lt_pref = s;
			return 0;
		}
	return fail(r, "not a seat of the game", "a seat's colour or next");
}

/*
 * `order C C C`: the squad's characters, each once, the Point Man first
 * (the Pre-Mission Checklist's arrangement). Only in the squad's first
 * turn, once: until then it stands on the APC, where no Xenomorph
 * attacks, so the arrangement comes before anything it could change.
 */
static int
do_order(struct run *r, char **w, int nw)
{
	struct bh_squad *sq = &r->g->sq[r->seat];
	struct bh_char c[BH_SQUAD];
	int i, k, ci, used = 0;
	char *order;
	struct strbuf sb = STRBUF_INIT;

	if (sq->turns > 0 || sq->pos != BH_APC || r->moved || r->acted)
		return fail(r, "the squad's order is set in its first turn only, before "
		    "it moves", NULL);
	if (r->ordered)
		return fail(r, "one order line a turn", NULL);
	if (nw - 1 != sq->nchar)
		return fail(r, "name every character of the squad once", "order C C C, "
		    "the Point Man first");
	for (i = 1; i < nw; i++) {
		if ((ci = bh_char_find(r->g, r->seat, w[i])) < 0)
			return fail(r, "not a character of the squad", "order C C C, the Point "
			    "Man first");
		if (used & (1 << ci))
			return fail(r, "a character named twice", "each character once");
		used |= 1 << ci;
		c[i - 1] = sq->c[ci];
	}
	r->ordered = 1;
	if (r->dry)
		return 0;
	for (k = 0; k < sq->nchar; k++)
		sq->c[k] = c[k];
	for (k = 0; k < sq->nchar; k++) {
		order = bh_char_slug(r->g, r->seat, k);
		strbuf_addf(&sb, "%s\"%s\"", k > 0 ? "," : "", order);
		free(order);
	}
	bh_event(r->ev, "{\"type\":\"squad-order\",\"seat\":\"%s\",\"characters\":[%s]}",
	    bh_colours[sq->colour], strbuf_str(&sb));
	strbuf_free(&sb);
	return 0;
}

static int
one_line(struct run *r, char *line)
{
	char *w[MAX_WORDS], *p, *save = NULL;
	int nw = 0, k;

	for (p = strtok_r(line, " \t", &save); p != NULL; p = strtok_r(NULL, " \t", &save)) {
		if (nw == MAX_WORDS)
			return fail(r, "too many words", NULL);
		for (k = 0; p[k] != '\0'; k++)
			if (p[k] >= 'A' && p[k] <= 'Z')
				p[k] = (char)(p[k] | 0x20);
		w[nw++] = p;
	}
	if (nw == 0)
		return 0;
	if (strcmp(w[0], "pass") == 0) {
		if (nw != 1 || r->moved || r->acted)
			return fail(r, "pass goes alone", "pass, or orders");
		r->passed = 1;
		return 0;
	}
	if (r->passed && strcmp(w[0], "prefer") != 0 && strcmp(w[0], "order") != 0)
		return fail(r, "orders after pass", "pass, or orders");
	if (strcmp(w[0], "move") == 0)
		return do_move(r, w, nw);
	if (strcmp(w[0], "shoot") == 0 || strcmp(w[0], "capture") == 0 ||
	    strcmp(w[0], "breach") == 0 || strcmp(w[0], "reload") == 0)
		return do_action(r, w, nw);
	if (strcmp(w[0], "use") == 0)
		return do_use(r, w, nw);
	if (strcmp(w[0], "prefer") == 0)
		return do_prefer(r, w, nw);
	if (strcmp(w[0], "order") == 0)
		return do_order(r, w, nw);
	return fail(r, "unknown order", "move, shoot, capture, breach, reload, use, prefer, "
	    "order or pass");
}

int
bh_orders_run(struct rules_game *g, int seat, const char *text, int dry,
    struct rules_rng *rng, struct rules_events *ev, char **cause)
{
	struct run r;
	const char *p = text != NULL ? text : "", *nl;
	char *line, *orig;
	size_t len;
	int rc = 0;

	memset(&r, 0, sizeof r);
	r.g = g;
	r.seat = seat;
	r.dry = dry;
	r.rng = rng;
	r.ev = ev;
	r.cause = cause;
	for (; *p != '\0' && rc == 0 && g->phase != BH_PH_OVER; p = *nl != '\0' ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		len = (size_t)(nl - p);
		r.lineno++;
		while (len > 0 && (p[len - 1] == '\r' || p[len - 1] == ' ' || p[len - 1] == '\t'))
			len--;
		while (len > 0 && (*p == ' ' || *p == '\t')) {
			p++;
			len--;
		}
		if (len == 0 || *p == '#')
			continue;
		if (len > 200) {
			r.line = "...";
			rc = fail(&r, "the line is too long", "at most 200 characters");
			continue;
		}
		orig = xmemdup(p, len + 1);
		orig[len] = '\0';
		line = xstrdup(orig);	/* one_line() splits it in place */
		r.line = orig;
		rc = one_line(&r, line);
		free(line);
		free(orig);
	}
	if (!dry)
		bh_check_win(g, ev);
	return rc;
}
