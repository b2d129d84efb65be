/*
 * scenario.c — the CCG scenario language (tests/rules/README): reads a
 * scenario, builds the game through the rules interface with a
 * counter-based random stream, applies edits and orders, and reports each
 * expectation through a callback. Used by test-scenarios (TAP) and by the
 * scenario fuzz harness.
 */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "tests/rules/state-edit.h"
#include "rules/rules.h"
#include "tests/rules/scenario.h"

/* splitmix64 over a counter: a small deterministic stream for tests */
struct test_rng {
	uint64_t	seed;
	uint64_t	n;
};

static uint64_t
splitmix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

static uint32_t
test_uniform(void *ctx, uint32_t bound)
{
	struct test_rng *r = ctx;
	uint32_t x, lim;

	if (bound <= 1)
		return 0;
	lim = UINT32_MAX - UINT32_MAX % bound;
	do
		x = (uint32_t)(splitmix(r->seed * 1000003 + r->n++) >> 32);
	while (x >= lim);
	return x % bound;
}

#define MAXSEATS 9

struct seatdef {
	char		*name, *faction;
	char		**deck, **start;
	size_t		 ndeck, nstart;
};

struct run {
	const struct rules	*R;
	const struct ccg_carddb	*db;
	const char		*file;
	const struct scenario_opts *opts;
	int			 checks;
	struct test_rng		 rs;
	struct rules_rng	 rng;
	struct seatdef		 seats[MAXSEATS];
	size_t			 nseats;
	int			 places;
	int			 await_public;	/* "await public": real games' awaiting */
	char			*scenario;	/* "scenario NAME"; NULL: contact */
	char		       **options;	/* "option NAME" lines */
	size_t			 noptions;
	struct rules_game	*g;
	char			*orders[MAXSEATS];
	struct rules_events	 ev;
	struct strbuf		 trace;	/* every saved state, in order */
	char			*choice;	/* "choice ID" */
	struct strbuf		 outcome;	/* "outcome QUERY" answers */
	int			 roundtrip_bad;
	int			 failures;
};

static void
check(struct run *r, int cond, int line, const char *what, const char *detail)
{
	r->checks++;
	if (!cond)
		r->failures++;
	if (r->opts->report != NULL)
		r->opts->report(r->opts->arg, cond, r->file, line, what, detail);
}

static void
trace_state(struct run *r)
{
	char *a, *b, *cause = NULL;
	size_t la, lb;
	struct rules_game *c;

	a = r->R->save(r->g, &la);
	strbuf_add(&r->trace, a, la);
	strbuf_addc(&r->trace, '\n');
	c = r->R->load(r->db, a, la, &cause);
	if (c == NULL) {
		r->roundtrip_bad++;
		free(cause);
	} else {
		b = r->R->save(c, &lb);
		if (la != lb || memcmp(a, b, la) != 0)
			r->roundtrip_bad++;
		free(b);
		r->R->free(c);
	}
	/* ccg_game_clone() copies field by field: it must give the same game */
	c = ccg_game_clone(r->g);
	b = r->R->save(c, &lb);
	if (la != lb || memcmp(a, b, la) != 0)
		r->roundtrip_bad++;
	free(b);
	r->R->free(c);
	free(a);
}

static int
seat_index(struct run *r, const char *name)
{
	return r->g ? r->R->seat_index(r->g, name) : -1;
}

static char **
words(char *s, size_t *n)
{
	char **w = NULL, *p;

	*n = 0;
	for (p = strtok(s, " \t"); p != NULL; p = strtok(NULL, " \t")) {
		w = xreallocarray(w, *n + 1, sizeof *w);
		w[(*n)++] = p;
	}
	return w;
}

static void
add_slugs(char ***v, size_t *n, char **w, size_t nw)
{
	size_t i;
	int count = 1, k;

	for (i = 0; i < nw; i++) {
		char *end;
		long c = strtol(w[i], &end, 10);

		if (*end == '\0' && c > 0 && c < 100) {
			count = (int)c;
			continue;
		}
		for (k = 0; k < count; k++) {
			*v = xreallocarray(*v, *n + 1, sizeof **v);
			(*v)[(*n)++] = xstrdup(w[i]);
		}
		count = 1;
	}
}

/* Seat definitions from a decklist file (the sample decks). */
static int
load_deckfile(struct run *r, struct seatdef *sd, const char *path, char **cause)
{
	struct rules_seat rs;
	char *full, *text;
	size_t len;
	int rc;

	if (r->opts->topdir == NULL)
		return cause_set(cause, "deckfile lines are not allowed here");
	if (strstr(path, "..") != NULL)
		return cause_set(cause, "deckfile %s: no \"..\" in paths", path);
	full = xasprintf("%s/%s", r->opts->topdir, path);
	if (fs_read_file(full, 1 << 20, &text, &len, cause) != 0) {
		free(full);
		return -1;
	}
	free(full);
	rc = ccg_decklist_seat(r->db, path, sd->name, sd->faction, text, len,
	    &rs, cause);
	free(text);
	if (rc == 0) {
		add_slugs(&sd->start, &sd->nstart, (char **)rs.start, rs.nstart);
		add_slugs(&sd->deck, &sd->ndeck, (char **)rs.deck, rs.ndeck);
	}
	ccg_decklist_seat_clear(&rs);
	return rc;
}

static int
events_match(struct run *r, const char *seat, const char *sub)
{
	size_t i;
	int s = strcmp(seat, "public") == 0 ? -1 : seat_index(r, seat);

	for (i = 0; i < r->ev.n; i++)
		if (rules_event_visible(&r->ev.v[i], s) &&
		    strstr(r->ev.v[i].json, sub) != NULL)
			return 1;
	return 0;
}

static char *
dump_events(struct run *r)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < r->ev.n && i < 60; i++)
		strbuf_addf(&sb, "%sevent: %s", i ? "\n" : "", r->ev.v[i].json);
	return strbuf_detach(&sb, NULL);
}

/*
 * A line of a choice scenario (tests/rules/README): "chosen LINE" is LINE
 * in the run as written and nothing in the default run, "default LINE"
 * the other way round. Returns the line to run, or NULL to skip it; sets
 * *forced for a "default" line (checked in the default run).
 */
static const char *
variant(const struct run *r, const char *line, int *forced)
{
	*forced = 0;
	if (strncmp(line, "chosen ", 7) == 0)
		return r->opts->by_default ? NULL : line + 7;
	if (strncmp(line, "default ", 8) == 0) {
		*forced = 1;
		return r->opts->by_default ? line + 8 : NULL;
	}
	return line;
}

/* Read lines up to "end"; returns the block (caller frees). */
static char *
read_block(const struct run *r, char **lines, size_t n, size_t *i)
{
	struct strbuf sb = STRBUF_INIT;
	const char *l, *t;
	int forced;

	while (++*i < n && strcmp(lines[*i], "end") != 0) {
		t = lines[*i] + strspn(lines[*i], " \t");
		if ((l = variant(r, t, &forced)) == NULL)
			continue;
		strbuf_addstr(&sb, l == t ? lines[*i] : l);
		strbuf_addc(&sb, '\n');
	}
	return strbuf_detach(&sb, NULL);
}

/* Expectations, which the default run of a choice scenario skips. */
static int
is_expectation(const char *verb)
{
	static const char *const v[] = { "expect", "event", "noevent", "legal",
		"notlegal", "view", "noview", "accept", "reject", NULL };
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		if (strcmp(v[i], verb) == 0)
			return 1;
	return 0;
}

static void
run_scenario(struct run *r, char *text)
{
	char **lines = NULL, *p, *cause = NULL;
	size_t n = 0, i, k, last;

	for (p = text; p != NULL && *p != '\0';) {
		char *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		lines = xreallocarray(lines, n + 1, sizeof *lines);
		lines[n++] = p;
		p = nl ? nl + 1 : NULL;
	}
	r->rs.seed = 1;
	r->rs.n = 0;
	r->rng.uniform = test_uniform;
	r->rng.ctx = &r->rs;
	r->places = 1;
	r->await_public = 0;
	last = n;
	for (i = 0; r->opts->by_default && i < n; i++)
		if (strncmp(lines[i] + strspn(lines[i], " \t"), "outcome ", 8) == 0)
			last = i + 1;	/* the default run ends there */
	for (i = 0; i < last; i++) {
		const char *line = lines[i], *rest;
		char *copy, **w;
		size_t nw;
		int ln = (int)i + 1, forced;

		while (*line == ' ' || *line == '\t')
			line++;
		if (*line == '#' || *line == '\0' ||
		    (line = variant(r, line, &forced)) == NULL || *line == '\0')
			continue;
		copy = xstrdup(line);
		w = words(copy, &nw);
		rest = line + strlen(w[0]);
		while (*rest == ' ')
			rest++;
		if (r->opts->by_default && !forced && is_expectation(w[0])) {
			if (strcmp(w[0], "accept") == 0 || strcmp(w[0], "reject") == 0)
				free(read_block(r, lines, n, &i));
			free(w);
			free(copy);
			continue;
		}
		if (strcmp(w[0], "choice") == 0 && nw == 2) {
			free(r->choice);
			r->choice = xstrdup(w[1]);
		} else if (strcmp(w[0], "outcome") == 0 && nw == 3 && r->g != NULL &&
		    strcmp(w[1], "view") == 0) {
			int s = strcmp(w[2], "public") == 0 ? -1 : seat_index(r, w[2]);
			cJSON *v = r->R->view(r->g, s);
			char *js = cJSON_PrintUnformatted(v);

			strbuf_addf(&r->outcome, "%s = %s\n", rest, js);
			cJSON_free(js);
			cJSON_Delete(v);
		} else if (strcmp(w[0], "outcome") == 0 && nw >= 2 && r->g != NULL) {
			char *got = ccg_query(r->g, rest, &cause);

			strbuf_addf(&r->outcome, "%s = %s\n", rest,
			    got != NULL ? got : cause);
			free(got);
			free(cause);
			cause = NULL;
		} else if (strcmp(w[0], "seed") == 0 && nw == 2)
			r->rs.seed = strtoull(w[1], NULL, 10);
		else if (strcmp(w[0], "places") == 0 && nw == 2)
			r->places = atoi(w[1]);
		else if (strcmp(w[0], "scenario") == 0 && nw == 2) {
			free(r->scenario);
			r->scenario = xstrdup(w[1]);
		} else if (strcmp(w[0], "option") == 0 && nw == 2) {
			r->options = xreallocarray(r->options, r->noptions + 1,
			    sizeof *r->options);
			r->options[r->noptions++] = xstrdup(w[1]);
		} else if (strcmp(w[0], "await") == 0 && nw == 2 &&
		    strcmp(w[1], "public") == 0)
			r->await_public = 1;
		else if (strcmp(w[0], "seat") == 0 && nw >= 3 && r->nseats < MAXSEATS) {
			struct seatdef *sd = &r->seats[r->nseats++];

			memset(sd, 0, sizeof *sd);
			sd->name = xstrdup(w[1]);
			sd->faction = xstrdup(w[2]);
			if (nw == 5 && strcmp(w[3], "deckfile") == 0 &&
			    load_deckfile(r, sd, w[4], &cause) != 0) {
				check(r, 0, ln, "deckfile loads", cause);
				free(cause);
				cause = NULL;
			}
		} else if ((strcmp(w[0], "start") == 0 || strcmp(w[0], "deck") == 0) &&
		    nw >= 2) {
			for (k = 0; k < r->nseats; k++)
				if (strcmp(r->seats[k].name, w[1]) == 0)
					break;
			if (k == r->nseats)
				check(r, 0, ln, "known seat", w[1]);
			else if (w[0][0] == 's')
				add_slugs(&r->seats[k].start, &r->seats[k].nstart,
				    w + 2, nw - 2);
			else
				add_slugs(&r->seats[k].deck, &r->seats[k].ndeck,
				    w + 2, nw - 2);
		} else if (strcmp(w[0], "create") == 0 ||
		    strcmp(w[0], "create-fails") == 0) {
			struct rules_seat rs[MAXSEATS];
			struct rules_setup su;

			for (k = 0; k < r->nseats; k++) {
				rs[k].name = r->seats[k].name;
				rs[k].faction = r->seats[k].faction;
				rs[k].deck = (const char *const *)r->seats[k].deck;
				rs[k].ndeck = r->seats[k].ndeck;
				rs[k].start = (const char *const *)r->seats[k].start;
				rs[k].nstart = r->seats[k].nstart;
			}
			su.scenario = r->scenario ? r->scenario : "contact";
			su.seats = rs;
			su.nseats = r->nseats;
			su.data = r->db;
			su.places = r->places;
			su.await_legal = !r->await_public;
			su.options = (const char *const *)r->options;
			su.noptions = r->noptions;
			rules_events_free(&r->ev);
			if (r->g != NULL)	/* a second create starts over */
				r->R->free(r->g);
			r->g = r->R->create(&su, &r->rng, &r->ev, &cause);
			if (w[0][6] == '-') {
				check(r, r->g == NULL && cause != NULL &&
				    strstr(cause, rest) != NULL, ln,
				    "create fails as expected", cause);
				if (r->g)
					r->R->free(r->g);
				r->g = NULL;
			} else {
				check(r, r->g != NULL, ln, "create", cause);
				if (r->g == NULL) {
					free(cause);
					free(w);
					free(copy);
					break;
				}
				trace_state(r);
			}
			free(cause);
			cause = NULL;
		} else if (r->g == NULL) {
			check(r, 0, ln, "game created before this line", line);
		} else if (strcmp(w[0], "edit") == 0) {
			int e = ccg_edit(r->g, rest, &cause);

			if (e != 0)
				check(r, 0, ln, "edit", cause);
			free(cause);
			cause = NULL;
		} else if (strcmp(w[0], "orders") == 0 && nw == 2) {
			int s = seat_index(r, w[1]);
			char *block = read_block(r, lines, n, &i);

			if (s < 0) {
				check(r, 0, ln, "orders for a known seat", w[1]);
				free(block);
			} else {
				free(r->orders[s]);
				r->orders[s] = block;
			}
		} else if ((strcmp(w[0], "reject") == 0 ||
		    strcmp(w[0], "accept") == 0) && nw >= 2) {
			int s = seat_index(r, w[1]), c;
			char *block = read_block(r, lines, n, &i), *what;
			const char *sub = rest + strlen(w[1]);

			while (*sub == ' ')
				sub++;
			c = s < 0 ? 0 : r->R->check(r->g, (size_t)s, block, &cause) == 0;
			if (w[0][0] == 'a') {
				what = xasprintf("%s's orders are accepted", w[1]);
				check(r, c, ln, what, cause);
			} else {
				what = xasprintf("%s's orders are refused: %s", w[1], sub);
				check(r, !c && cause != NULL && strstr(cause, sub) != NULL,
				    ln, what, cause ? cause : "accepted");
			}
			free(what);
			free(block);
			free(cause);
			cause = NULL;
		} else if (strcmp(w[0], "resolve") == 0) {
			int e;

			rules_events_free(&r->ev);
			e = r->R->resolve(r->g, (const char *const *)r->orders,
			    &r->rng, &r->ev, &cause);
			check(r, e == 0, ln, "resolve", cause);
			free(cause);
			cause = NULL;
			for (k = 0; k < MAXSEATS; k++) {
				free(r->orders[k]);
				r->orders[k] = NULL;
			}
			trace_state(r);
		} else if (strcmp(w[0], "expect") == 0) {
			char *eq = strstr(rest, " = "), *q, *got, *what;
			const char *want;

			if (eq == NULL) {
				check(r, 0, ln, "expect QUERY = VALUE", line);
			} else {
				q = xstrndup(rest, (size_t)(eq - rest));
				want = eq + 3;
				got = ccg_query(r->g, q, &cause);
				what = xasprintf("%s = %s", q, want);
				if (got != NULL && cause == NULL)
					cause = xasprintf("got \"%s\"", got);
				check(r, got != NULL && strcmp(got, want) == 0, ln,
				    what, cause);
				free(what);
				free(got);
				free(q);
				free(cause);
				cause = NULL;
			}
		} else if ((strcmp(w[0], "event") == 0 ||
		    strcmp(w[0], "noevent") == 0) && nw >= 3) {
			const char *sub = rest + strlen(w[1]);
			int has, want = w[0][0] == 'e';
			char *what, *dump;

			while (*sub == ' ')
				sub++;
			has = events_match(r, w[1], sub);
			what = xasprintf("%s event for %s: %s", want ? "an" : "no",
			    w[1], sub);
			dump = has != want ? dump_events(r) : NULL;
			check(r, has == want, ln, what, dump);
			free(dump);
			free(what);
		} else if ((strcmp(w[0], "legal") == 0 ||
		    strcmp(w[0], "notlegal") == 0) && nw >= 3) {
			int s = seat_index(r, w[1]), want = w[0][0] == 'l', has = 0;
			const char *sub = rest + strlen(w[1]);
			char *legal = NULL, *what, *needle;

			while (*sub == ' ')
				sub++;
			if (s >= 0) {
				legal = r->R->legal(r->g, (size_t)s);
				needle = xasprintf("\n%s\n", sub);
				p = xasprintf("\n%s", legal);
				has = strstr(p, needle) != NULL;
				free(p);
				free(needle);
			}
			what = xasprintf("%s %s legal for %s", sub,
			    want ? "is" : "is not", w[1]);
			check(r, has == want, ln, what, legal);
			free(what);
			free(legal);
		} else if ((strcmp(w[0], "view") == 0 ||
		    strcmp(w[0], "noview") == 0) && nw >= 3) {
			int s = strcmp(w[1], "public") == 0 ? -1 : seat_index(r, w[1]);
			int want = w[0][0] == 'v';
			const char *sub = rest + strlen(w[1]);
			cJSON *v = r->R->view(r->g, s);
			char *js = cJSON_PrintUnformatted(v), *what;

			while (*sub == ' ')
				sub++;
			what = xasprintf("view of %s %s %s", w[1],
			    want ? "shows" : "does not show", sub);
			check(r, (strstr(js, sub) != NULL) == want, ln, what, js);
			free(what);
			cJSON_free(js);
			cJSON_Delete(v);
		} else
			check(r, 0, ln, "known scenario command", line);
		free(w);
		free(copy);
	}
	free(lines);
}

static void
run_clear(struct run *r)
{
	size_t k, j;

	for (k = 0; k < r->nseats; k++) {
		for (j = 0; j < r->seats[k].ndeck; j++)
			free(r->seats[k].deck[j]);
		for (j = 0; j < r->seats[k].nstart; j++)
			free(r->seats[k].start[j]);
		free(r->seats[k].deck);
		free(r->seats[k].start);
		free(r->seats[k].name);
		free(r->seats[k].faction);
	}
	for (k = 0; k < MAXSEATS; k++)
		free(r->orders[k]);
	if (r->g)
		r->R->free(r->g);
	rules_events_free(&r->ev);
	strbuf_free(&r->trace);
	strbuf_free(&r->outcome);
	free(r->choice);
	free(r->scenario);
	while (r->noptions > 0)
		free(r->options[--r->noptions]);
	free(r->options);
}


void
scenario_run(const struct scenario_opts *o, const char *text,
    struct scenario_outcome *out)
{
	struct run r;
	char *copy = xstrdup(text);

	memset(&r, 0, sizeof r);
	memset(out, 0, sizeof *out);
	r.R = rules_find("ccg");
	r.db = o->db;
	r.file = o->file;
	r.opts = o;
	run_scenario(&r, copy);
	out->checks = r.checks;
	out->failures = r.failures;
	out->roundtrip_bad = r.roundtrip_bad;
	out->tracelen = r.trace.len;
	out->trace = strbuf_detach(&r.trace, NULL);
	out->choice = r.choice;
	r.choice = NULL;
	out->outcome = strbuf_detach(&r.outcome, NULL);
	run_clear(&r);
	free(copy);
}

void
scenario_outcome_free(struct scenario_outcome *out)
{
	free(out->trace);
	free(out->choice);
	free(out->outcome);
	out->trace = out->choice = out->outcome = NULL;
	out->tracelen = 0;
}
