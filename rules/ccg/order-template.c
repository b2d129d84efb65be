/*
 * order-template.c — the orders part of a seat's view template (struct
 * rules template): the legal orders of legal-orders.c shown compactly as
 * patterns with their choices ("move CHARACTER to LOCATION [dragging
 * CHARACTER]" and the characters and locations it takes), all comments,
 * followed by the orders a seat that signs the template as mailed gives:
 * "pass" where passing is legal, and in the Contact scenario's
 * movement.locations (which refuses pass while a location can be played)
 * a play of every location that can be placed, each tried in turn on a
 * copy of the game so that one placeable only next to another is in too;
 * where the scripted player (demo-player.c) has orders that check() takes,
 * those instead. Then the rest of the turn as a plan (turn-plan.c): a
 * seat that sends the template as it is has a whole-turn plan (issue 33).
 * ccg_check() accepts the uncommented lines as they stand.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/table.h"
#include "rules/ccg/turn.h"

#define TEMPLATE_WIDTH	72	/* comment lines fold here */
#define MAX_TOKENS	16
#define MAX_SUFFIXES	8

/* One pattern: a line's words with identifiers as slots. */
struct pattern {
	char	*tok[MAX_TOKENS];	/* a word, or the kind of a slot */
	int	 slot[MAX_TOKENS];	/* 1: tok[i] is a kind (CHARACTER ...) */
	size_t	 ntok;
	char	**val[MAX_TOKENS];	/* the values each slot took */
	size_t	 nval[MAX_TOKENS];
	size_t	 lines;			/* legal lines it stands for */
	struct pattern *suffix[MAX_SUFFIXES];	/* optional endings */
	size_t	 nsuffix;
	int	 merged;		/* is another's suffix */
};

/* What kind of identifier word is for seat: NULL when it is none. */
static const char *
kind_of(const struct rules_game *g, int seat, const char *word)
{
	const struct ccg_cards *h = &g->seats[seat].hand;
	size_t i;

	for (i = 0; i < g->npieces; i++)
		if (strcmp(g->pieces[i].id, word) == 0) {
			if (ccg_is_character(&g->pieces[i]))
				return "CHARACTER";
			switch (g->pieces[i].card->type) {
			case CCG_CARD_ITEM:
			case CCG_CARD_VEHICLE:
				return "ITEM";
			case CCG_CARD_BARRIER:
				return "BARRIER";
			default:
				return "CARD";
			}
		}
	for (i = 0; i < g->nnodes; i++)
		if (strcmp(g->nodes[i].id, word) == 0)
			return "LOCATION";
	for (i = 0; i < h->n; i++)
		if (strcmp(h->v[i]->slug, word) == 0)
			return "CARD";
	return NULL;
}

static void
add_value(struct pattern *p, size_t i, const char *v)
{
	size_t k;

	for (k = 0; k < p->nval[i]; k++)
		if (strcmp(p->val[i][k], v) == 0)
			return;
	p->val[i] = xreallocarray(p->val[i], p->nval[i] + 1, sizeof *p->val[i]);
	p->val[i][p->nval[i]++] = xstrdup(v);
}

static void
pattern_free(struct pattern *p)
{
	size_t i, k;

	for (i = 0; i < p->ntok; i++) {
		free(p->tok[i]);
		for (k = 0; k < p->nval[i]; k++)
			free(p->val[i][k]);
		free(p->val[i]);
	}
	free(p);
}

/* The words of line as a pattern; NULL when it has too many words. */
static struct pattern *
pattern_of(const struct rules_game *g, int seat, const char *line)
{
	struct pattern *p = xcalloc(1, sizeof *p);
	char *copy = xstrdup(line), *w, *save = NULL;

	for (w = strtok_r(copy, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save)) {
		const char *k = kind_of(g, seat, w);

		if (p->ntok == MAX_TOKENS) {
			free(copy);
			pattern_free(p);
			return NULL;
		}
		p->slot[p->ntok] = k != NULL;
		p->tok[p->ntok] = xstrdup(k != NULL ? k : w);
		if (k != NULL)
			add_value(p, p->ntok, w);
		p->ntok++;
	}
	p->lines = 1;
	free(copy);
	return p;
}

/* Do a's first n words read as b's? */
static int
same_words(const struct pattern *a, const struct pattern *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a->slot[i] != b->slot[i] || strcmp(a->tok[i], b->tok[i]) != 0)
			return 0;
	return 1;
}

/* Fold q (same words) into p: its values join p's. */
static void
absorb(struct pattern *p, const struct pattern *q, size_t from, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < q->nval[from + i]; k++)
			add_value(p, i, q->val[from + i][k]);
	p->lines += q->lines;
}

/* The ending of q past p's words, as a pattern of its own. */
static struct pattern *
ending(const struct pattern *q, size_t from)
{
	struct pattern *s = xcalloc(1, sizeof *s);
	size_t i;

	for (i = from; i < q->ntok; i++) {
		s->slot[s->ntok] = q->slot[i];
		s->tok[s->ntok] = xstrdup(q->tok[i]);
		s->ntok++;
	}
	absorb(s, q, from, s->ntok);
	return s;
}

static void
fold_add(struct strbuf *sb, size_t *col, const char *word, const char *cont)
{
	size_t n = strlen(word);

	if (*col + 1 + n > TEMPLATE_WIDTH && *col > strlen(cont)) {
		strbuf_addc(sb, '\n');
		strbuf_addstr(sb, cont);
		*col = strlen(cont);
	} else if (*col > 0) {
		strbuf_addc(sb, ' ');
		(*col)++;
	}
	strbuf_addstr(sb, word);
	*col += n;
}

/* "#   KIND: a, b, c" for each slot of p with more than one value. */
static void
choices(struct strbuf *sb, const struct pattern *p, const char *suffix_of)
{
	size_t i, k, col;

	for (i = 0; i < p->ntok; i++) {
		if (!p->slot[i] || p->nval[i] < 2)
			continue;
		strbuf_addstr(sb, "#   ");
		col = 4;
		if (suffix_of != NULL) {
			strbuf_addf(sb, "%s ", suffix_of);
			col += strlen(suffix_of) + 1;
		}
		strbuf_addf(sb, "%s:", p->tok[i]);
		col += strlen(p->tok[i]) + 1;
		for (k = 0; k < p->nval[i]; k++) {
			char *w = xasprintf("%s%s", p->val[i][k],
			    k + 1 < p->nval[i] ? "," : "");

			fold_add(sb, &col, w, "#     ");
			free(w);
		}
		strbuf_addc(sb, '\n');
	}
}

/* The words of p: a slot with one value is that value. */
static void
words(struct strbuf *line, const struct pattern *p)
{
	size_t i;

	for (i = 0; i < p->ntok; i++) {
		if (i > 0)
			strbuf_addc(line, ' ');
		strbuf_addstr(line, p->slot[i] && p->nval[i] == 1 ? p->val[i][0] :
		    p->tok[i]);
	}
}

static void
render(struct strbuf *sb, const struct pattern *p)
{
	struct strbuf line = STRBUF_INIT;
	char *w, *save = NULL;
	size_t i, col = 0;

	words(&line, p);
	if (p->nsuffix > 0) {
		strbuf_addstr(&line, " [");
		for (i = 0; i < p->nsuffix; i++) {
			if (i > 0)
				strbuf_addc(&line, '|');
			words(&line, p->suffix[i]);
		}
		strbuf_addc(&line, ']');
	}
	/* fold the pattern itself at spaces */
	strbuf_addstr(sb, "#");
	col = 1;
	for (w = strtok_r(line.s, " ", &save); w != NULL; w = strtok_r(NULL, " ", &save))
		fold_add(sb, &col, w, "#    ");
	strbuf_addc(sb, '\n');
	strbuf_free(&line);
	choices(sb, p, NULL);
	for (i = 0; i < p->nsuffix; i++)
		choices(sb, p->suffix[i], p->suffix[i]->tok[0]);
}

/*
 * The legal order lines (not pass, not hints) as patterns: lines of the
 * same words join, and one whose words extend another's (a mode, a
 * "dragging CHARACTER") becomes an optional ending of it.
 */
static void
patterns(struct strbuf *sb, const struct rules_game *g, int seat, const char *legal)
{
	struct pattern **v = NULL;
	size_t n = 0, i, k;
	char *all = xstrdup(legal), *line, *save = NULL;

	for (line = strtok_r(all, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		struct pattern *q;

		if (*line == '#') {
			strbuf_addf(sb, "%s\n", line);
			continue;
		}
		if (*line == '\0' || strcmp(line, "pass") == 0 ||
		    (q = pattern_of(g, seat, line)) == NULL) {
			if (*line != '\0' && strcmp(line, "pass") != 0)
				strbuf_addf(sb, "# %s\n", line);
			continue;
		}
		for (i = 0; i < n; i++)
			if (v[i]->ntok == q->ntok && same_words(v[i], q, q->ntok))
				break;
		if (i < n) {
			absorb(v[i], q, 0, q->ntok);
			pattern_free(q);
			continue;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		v[n++] = q;
	}
	/* endings: a longer pattern that starts with a shorter one's words */
	for (i = 0; i < n; i++) {
		struct pattern *q = v[i], *s;

		for (k = 0; k < n; k++) {
			struct pattern *a = v[k];
			size_t j;

			if (k == i || a->merged || a->ntok >= q->ntok ||
			    !same_words(a, q, a->ntok) || a->nsuffix == MAX_SUFFIXES)
				continue;
			s = ending(q, a->ntok);
			for (j = 0; j < a->nsuffix; j++)
				if (a->suffix[j]->ntok == s->ntok &&
				    same_words(a->suffix[j], s, s->ntok))
					break;
			if (j < a->nsuffix) {
				absorb(a->suffix[j], s, 0, s->ntok);
				pattern_free(s);
			} else
				a->suffix[a->nsuffix++] = s;
			absorb(a, q, 0, a->ntok);
			q->merged = 1;
			break;
		}
	}
	for (i = 0; i < n; i++) {
		if (!v[i]->merged)
			render(sb, v[i]);
		for (k = 0; k < v[i]->nsuffix; k++)
			pattern_free(v[i]->suffix[k]);
		pattern_free(v[i]);
	}
	free(v);
	free(all);
}

/*
 * The plays the Contact scenario asks for now: each location of the hand
 * with a place, tried in turn on a copy (turn-sequence.c's
 * locations_all_played() refuses orders that leave one).
 */
static void
location_plays(struct strbuf *sb, const struct rules_game *g, int seat)
{
	struct rules_game *c = ccg_game_clone(g);
	int played = 1;

	while (played) {
		const struct ccg_cards *h = &c->seats[seat].hand;
		size_t i, k, n;

		played = 0;
		for (i = 0; i < h->n && !played; i++) {
			char **lines;
			struct ccg_order o;

			if (h->v[i]->type != CCG_CARD_LOCATION ||
			    !ccg_location_placeable(c, seat, h->v[i], &lines, &n))
				continue;
			for (k = 0; k < n && !played; k++) {
				if (ccg_order_parse_line(lines[k], 1, &o, NULL) != 1)
					continue;
				if (ccg_apply(c, seat, &o, NULL, NULL) == 0) {
					strbuf_addf(sb, "%s\n", lines[k]);
					played = 1;
				}
				ccg_order_clear(&o);
			}
			for (k = 0; k < n; k++)
				free(lines[k]);
			free(lines);
		}
	}
	ccg_game_free(c);
}

/*
 * The orders of a seat that signs the template as mailed, for the open
 * phase: the scripted player's (demo-player.c) when check() takes them,
 * else "pass" where it is legal, else (Contact's movement.locations) the
 * location plays.
 */
static void
defaults(struct strbuf *sb, const struct rules_game *g, int seat, int pass)
{
	char *o = ccg_demo_orders(g, (size_t)seat), *why = NULL;

	if (*o != '\0' && ccg_check(g, seat, o, &why) == 0)
		strbuf_addstr(sb, o);
	else if (pass)
		strbuf_addstr(sb, "pass\n");
	else if (g->phase == CCG_PH_LOCATIONS && ccg_scenario_is_contact(g))
		location_plays(sb, g, seat);
	free(why);
	free(o);
}

/*
 * The rest of the turn after the orders now (issue 33): turn-plan.c's
 * sections, under a note. When the seat passes now and would stand
 * passed in the rest of this round (the plan's first section is the
 * round's standing pass), the orders now become that standing pass and
 * the section goes: two lines fewer.
 */
static void
rest_of_turn(struct strbuf *sb, const struct rules_game *g, int seat, struct strbuf *now)
{
	char *plan = ccg_turn_plan(g, (size_t)seat, strbuf_str(now), 1), *rest = plan;
	struct strbuf stand = STRBUF_INIT, sec = STRBUF_INIT;
	const char *round = ccg_round_name(ccg_phase_round(g->phase));

	ccg_standing_pass_legal(g, seat, &stand);
	strbuf_addf(&sec, "phase: %s\npass %s\n", round, round);
	if (strcmp(strbuf_str(now), "pass\n") == 0 && stand.len > 0 &&
	    strncmp(plan, strbuf_str(&sec), sec.len) == 0) {
		rest = plan + sec.len;
		strbuf_reset(now);
		strbuf_addstr(now, strbuf_str(&stand));
	}
	strbuf_addstr(sb, strbuf_str(now));
	if (*rest != '\0')
		strbuf_addf(sb, "# The rest of your turn as muthur would play it: edit or delete.\n"
		    "# set stops combat\n%s", rest);
	strbuf_free(&sec);
	strbuf_free(&stand);
	free(plan);
}

/*
 * Append to sb the comment lines of pat but those that only repeat a line
 * the orders give ("# pass combat" over "pass combat"): a line less.
 */
static void
comments_not_given(struct strbuf *sb, const char *pat, const char *orders)
{
	const char *p, *eol, *o, *oe;
	size_t n;
	int given;

	for (p = pat; *p != '\0'; p = *eol != '\0' ? eol + 1 : eol) {
		eol = strchr(p, '\n');
		if (eol == NULL)
			eol = p + strlen(p);
		n = (size_t)(eol - p);
		given = 0;
		for (o = orders; n > 2 && p[0] == '#' && p[1] == ' ' && *o != '\0' && !given;
		    o = *oe != '\0' ? oe + 1 : oe) {
			oe = strchr(o, '\n');
			if (oe == NULL)
				oe = o + strlen(o);
			given = (size_t)(oe - o) == n - 2 && strncmp(o, p + 2, n - 2) == 0;
		}
		if (!given) {
			strbuf_add(sb, p, n);
			strbuf_addc(sb, '\n');
		}
	}
}

char *
ccg_template(const struct rules_game *g, size_t seat)
{
	struct strbuf sb = STRBUF_INIT, pat = STRBUF_INIT, now = STRBUF_INIT,
	    tail = STRBUF_INIT;
	char *legal = ccg_legal(g, (int)seat);
	int pass = strncmp(legal, "pass\n", 5) == 0;

	if (seat >= g->nseats) {
		free(legal);
		return xstrdup("");
	}
	strbuf_addstr(&sb, "");
	strbuf_addstr(&pat, "");
	strbuf_addstr(&tail, "");
	patterns(&pat, g, (int)seat, legal);
	strbuf_addstr(&now, "");
	defaults(&now, g, (int)seat, pass);
	if (ccg_seat_owes(g, (int)seat))
		rest_of_turn(&tail, g, (int)seat, &now);
	else
		strbuf_addstr(&tail, strbuf_str(&now));
	comments_not_given(&sb, strbuf_str(&pat), strbuf_str(&now));
	strbuf_addstr(&sb, strbuf_str(&tail));
	strbuf_free(&tail);
	strbuf_free(&pat);
	strbuf_free(&now);
	free(legal);
	return strbuf_detach(&sb, NULL);
}
