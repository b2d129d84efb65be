/*
 * game-absence.c — a seat's absences (PRODUCT.md §8; doc/muthur-orders.5
 * "Absences"): the `absent FROM to TO` lines of its blocks, checked
 * against the game's cap and recorded when the block is accepted, and
 * whether a seat is absent at a time (what the clock does then, under the
 * game's absence policy, is game-clock.c's).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/club.h"

/* One side of an absence: a date (whole days: its start, or with end its
 * end) or a time YYYY-MM-DDTHH:MM. */
static int
side_parse(const char *s, int end, int64_t *t)
{
	char *full;
	int rc;

	if (strlen(s) == 10) {
		full = xasprintf("%s 00:00", s);
		rc = clock_time_parse(full, t, NULL);
		free(full);
		if (rc == 0 && end)
			*t += 86400;
		return rc;
	}
	return clock_time_parse(s, t, NULL);
}

int
game_absence_parse(const char *line, int64_t *start, int64_t *until, char **cause)
{
	char from[32], to[32], word[8], extra;
	int n = sscanf(line, "%*s %31s %7s %31s %c", from, word, to, &extra);

	if (n != 3 || strcasecmp(word, "to") != 0)
		return cause_set(cause, "expected absent FROM to TO, dates in UTC "
		    "(absent 2026-12-20 to 2026-12-27: whole days; or times such as "
		    "2026-12-20T18:00)");
	if (side_parse(from, 0, start) == -1 || side_parse(to, 1, until) == -1)
		return cause_set(cause, "\"%s\" or \"%s\" is not a date YYYY-MM-DD or a "
		    "time YYYY-MM-DDTHH:MM (UTC)", from, to);
	if (*until <= *start)
		return cause_set(cause, "the absence ends before it starts");
	return 0;
}

static char *
days_text(int64_t secs)
{
	if (secs % 86400 == 0)
		return xasprintf("%lld day%s", (long long)(secs / 86400),
		    secs == 86400 ? "" : "s");
	return xasprintf("%.1f days", (double)secs / 86400);
}

/* Check (store 0) or record (store 1) the absence lines of o for seat. */
static int
absences(const struct game_ctx *c, struct game_live *l, const char *seat,
    const struct orders *o, int store, char **why, char **cause)
{
	struct store_absence *v = NULL;
	struct store_club cl;
	char *err = NULL, *a, *b;
	int64_t start, until, used = 0;
	size_t nv = 0, i;
	int rc = 0;

	*why = NULL;
	if (o->nabsences == 0)
		return 0;
	if (store_club_get(c->st, l->game->id, &cl, cause) == -1)
		return -1;
	if (store_absences(c->st, l->game->id, seat, &v, &nv, cause) == -1) {
		store_club_clear(&cl);
		return -1;
	}
	for (i = 0; i < nv; i++)
		used += v[i].until - v[i].start;
	for (i = 0; i < o->nabsences && rc == 0 && *why == NULL; i++) {
		const struct orders_line *ln = &o->absences[i];

		if (game_absence_parse(ln->text, &start, &until, &err) == -1) {
			*why = xasprintf("line %d (\"%s\"): %s", ln->lineno, ln->text, err);
			free(err);
			err = NULL;
			continue;
		}
		if (until <= c->now) {
			*why = xasprintf("line %d (\"%s\"): the absence is over already",
			    ln->lineno, ln->text);
			continue;
		}
		used += until - start;
		if (used > cl.absence_cap) {
			a = days_text(used);
			b = days_text(cl.absence_cap);
			*why = xasprintf("line %d (\"%s\"): seat %s would be absent %s in game "
			    "%s, more than the game's cap of %s (muthur new-game "
			    "--absence-cap)", ln->lineno, ln->text, seat, a, l->game->name, b);
			free(b);
			free(a);
			continue;
		}
		if (store)
			rc = store_absence_add(c->st, l->game->id, seat, start, until, cause);
	}
	store_absences_free(v, nv);
	store_club_clear(&cl);
	return rc;
}

int
game_absences_check(const struct game_ctx *c, struct game_live *l, const char *seat,
    const struct orders *o, char **why, char **cause)
{
	return absences(c, l, seat, o, 0, why, cause);
}

int
game_absences_store(const struct game_ctx *c, struct game_live *l, const char *seat,
    const struct orders *o, char **cause)
{
	char *why = NULL;
	int rc = absences(c, l, seat, o, 1, &why, cause);

	if (rc == 0 && why != NULL) {	/* checked before: cannot happen */
		rc = cause_set(cause, "%s", why);
		free(why);
	}
	return rc;
}

int
game_absent_until(const struct game_ctx *c, int64_t game_id, const char *seat,
    int64_t t, int64_t *until, char **cause)
{
	struct store_absence *v = NULL;
	size_t nv = 0, i;

	*until = 0;
	if (store_absences(c->st, game_id, seat, &v, &nv, cause) == -1)
		return -1;
	for (i = 0; i < nv; i++)
		if (v[i].start <= t && t < v[i].until && v[i].until > *until)
			*until = v[i].until;
	store_absences_free(v, nv);
	return 0;
}
