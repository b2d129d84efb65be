/*
 * game-status.c — one line saying where a game stands, for `muthur
 * status` and the organiser's digest (daemon/game-clock.h): status,
 * rules, turn and phase, who is awaited, the deadline (or, paused, the
 * time left), the late counts and the absences still to come; of a
 * game that ended, its result.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/view-int.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/events.h"
#include "store/orders.h"

/*
 * ": marines won", ": blue and red won together", ": no winner" — the
 * result of an ended game, from its last game.result event (among its
 * last events); nothing when there is none.
 */
static void
result_part(struct store *st, const struct store_game *g, struct strbuf *sb)
{
	struct store_event *ev = NULL;
	const cJSON *places, *p, *w;
	cJSON *o = NULL;
	size_t n = 0, i, firsts = 0, k = 0;
	char *err = NULL;

	if (store_events(st, g->id, g->event_count > 8 ? g->event_count - 8 : 1, &ev, &n,
	    &err) == -1) {
		free(err);
		return;
	}
	for (i = n; i-- > 0 && o == NULL;)
		if (strcmp(ev[i].type, "game.result") == 0)
			o = cJSON_ParseWithLength((const char *)ev[i].payload, ev[i].payload_len);
	store_events_free(ev, n);
	if (o == NULL)
		return;
	places = cJSON_GetObjectItemCaseSensitive(o, "places");
	w = cJSON_GetObjectItemCaseSensitive(o, "winner");
	cJSON_ArrayForEach(p, places)
		firsts += cJSON_IsNumber(p) && p->valueint == 1;
	if (!cJSON_IsString(w))
		strbuf_addstr(sb, ": no winner");
	else if (firsts > 1) {
		strbuf_addstr(sb, ": ");
		cJSON_ArrayForEach(p, places)
			if (cJSON_IsNumber(p) && p->valueint == 1)
				strbuf_add_listed(sb, k++, firsts, p->string);
		strbuf_addstr(sb, " won together");
	} else
		strbuf_addf(sb, ": %s won", w->valuestring);
	cJSON_Delete(o);
}

/* "; late aliens 2, marines 1" (seats with a late count), if any. */
static int
late_part(struct store *st, const struct store_game *g, struct strbuf *sb, char **cause)
{
	struct store_seat *seats = NULL;
	size_t n = 0, i, k = 0;
	int64_t late;

	if (store_seats(st, g->id, &seats, &n, cause) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if (store_late_count(st, g->id, seats[i].name, &late, cause) == -1) {
			store_seats_free(seats, n);
			return -1;
		}
		if (late > 0)
			strbuf_addf(sb, "%s%s %lld", k++ == 0 ? "; late " : ", ",
			    seats[i].name, (long long)late);
	}
	store_seats_free(seats, n);
	return 0;
}

/* "; absent aliens 2026-12-02 00:00 to 2026-12-09 00:00 UTC" (not over). */
static int
absent_part(struct store *st, const struct store_game *g, int64_t now,
    struct strbuf *sb, char **cause)
{
	struct store_absence *v = NULL;
	char a[64], b[64];
	size_t n = 0, i, k = 0;

	if (store_absences(st, g->id, NULL, &v, &n, cause) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if (v[i].until <= now || view_time_text(v[i].start, a, sizeof a) == -1 ||
		    view_time_text(v[i].until, b, sizeof b) == -1)
			continue;
		/* "2026-12-02 00:00 UTC": drop the first " UTC" */
		if (strlen(a) > 4 && strcmp(a + strlen(a) - 4, " UTC") == 0)
			a[strlen(a) - 4] = '\0';
		strbuf_addf(sb, "%s%s %s to %s", k++ == 0 ? "; absent " : ", ", v[i].seat, a,
		    b);
	}
	store_absences_free(v, n);
	return 0;
}

/*
 * The status word: a running game whose phase is held under NMR hold is
 * "held" (the game stands still until the organiser acts), else the
 * game's status.
 */
static const char *
status_word(const struct store_game *g, int marks)
{
	if (strcmp(g->status, GAME_RUNNING) == 0 && (marks & CLOCK_HELD))
		return "held";
	return g->status;
}

/* ", deadline ...", or held since when, or a paused game's time left. */
static int
deadline_part(struct store *st, const struct store_game *g, const struct store_phase *ph,
    int marks, int64_t now, struct strbuf *sb, char **cause)
{
	struct store_clock ck;
	char when[64];

	if ((marks & CLOCK_HELD) && view_time_text(ph->deadline, when, sizeof when) == 0)
		strbuf_addf(sb, ", since its deadline %s passed (NMR policy hold): "
		    "waiting for the organiser (muthur deadline, extend or adjudicate)",
		    when);
	else if (view_time_text(ph->deadline, when, sizeof when) == 0) {
		strbuf_addf(sb, ", deadline %s", when);
		if (!ph->open || ph->deadline > now)
			return 0;
		/* gone by, and muthurd has not acted on it yet */
		if (store_clock_get(st, g->id, &ck, cause) == -1)
			return -1;
		if (ph->deadline + ck.grace > now &&
		    view_time_text(ph->deadline + ck.grace, when, sizeof when) == 0)
			strbuf_addf(sb, " passed, in its grace period until %s (then NMR "
			    "policy %s)", when, ck.nmr);
		else
			strbuf_addf(sb, " passed (NMR policy %s at muthurd's next pass)",
			    ck.nmr);
		store_clock_clear(&ck);
	} else if (strcmp(g->status, GAME_PAUSED) == 0) {
		if (store_clock_get(st, g->id, &ck, cause) == -1)
			return -1;
		if (ck.remaining >= 0)
			strbuf_addf(sb, ", paused with %lldh%02lldm of its deadline left",
			    (long long)(ck.remaining / 3600),
			    (long long)(ck.remaining % 3600 / 60));
		else
			strbuf_addstr(sb, ", no deadline");
		store_clock_clear(&ck);
	} else
		strbuf_addstr(sb, ", no deadline");
	return 0;
}

char *
game_status_line(struct store *st, const char *name, int64_t now, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	struct store_game *g;
	struct store_phase *ph;
	char **missing = NULL, *err = NULL;
	size_t n = 0, i;
	int rc = 0, marks = 0;

	if ((g = store_game_get(st, name, cause)) == NULL)
		return NULL;
	if ((ph = store_phase_current(st, g->id, &err)) == NULL) {
		free(err);
		strbuf_addf(&sb, "%s: %s, %s/%s", g->name, g->status, g->rules,
		    g->scenario);
		if (strcmp(g->status, GAME_FINISHED) == 0)
			result_part(st, g, &sb);
		store_game_free(g);
		return strbuf_detach(&sb, NULL);
	}
	if (ph->open && store_phase_marks(st, ph->id, &marks, cause) == -1)
		rc = -1;
	strbuf_addf(&sb, "%s: %s, %s/%s", g->name, status_word(g, marks), g->rules,
	    g->scenario);
	if (strcmp(g->status, GAME_FINISHED) == 0)
		result_part(st, g, &sb);
	strbuf_addf(&sb, ", turn %d, phase %s (%llu)", ph->turn, ph->name,
	    (unsigned long long)ph->seq);
	if (rc == 0 && ph->open && store_phase_missing(st, ph->id, &missing, &n,
	    cause) == 0) {
		strbuf_addstr(&sb, ", awaiting ");
		if (n == 0)
			strbuf_addstr(&sb, "nobody");
		for (i = 0; i < n; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", missing[i]);
		store_names_free(missing, n);
	} else if (ph->open)
		rc = -1;
	if (rc == 0)
		rc = deadline_part(st, g, ph, marks, now, &sb, cause);
	if (rc == 0)
		rc = late_part(st, g, &sb, cause);
	if (rc == 0)
		rc = absent_part(st, g, now, &sb, cause);
	store_phase_free(ph);
	store_game_free(g);
	if (rc == -1) {
		strbuf_free(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}
