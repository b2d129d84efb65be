/*
 * game-organiser.c — the organiser's commands on a game
 * (daemon/game-clock.h): pause, resume, deadline, abandon, adjudicate.
 * Each is one unit of work with its event and its notices.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/game-league.h"
#include "daemon/view-int.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/orders.h"
#include "store/random.h"

/* One organiser command under way: the game, its open phase, its policy. */
struct org {
	const struct game_ctx	*c;
	struct game_live	*l;
	struct store_phase	*ph;
	struct store_clock	 ck;
	char			*done;	/* the log line, once the unit is kept */
};

/*
 * Load game name, which must be in one of the statuses ok (a
 * comma-separated list), with its open phase and policy, and open a unit.
 */
static int
org_begin(struct org *o, const struct game_ctx *c, const char *name, const char *ok,
    const char *verb, char **cause)
{
	const char *st;

	memset(o, 0, sizeof *o);
	o->c = c;
	o->ck.remaining = -1;
	if ((o->l = game_live_load(c->st, name, cause)) == NULL)
		return -1;
	st = o->l->game->status;
	if (strstr(ok, st) == NULL) {
		cause_set(cause, "game %s is %s: it cannot be %s", name, st, verb);
		goto fail;
	}
	if ((o->ph = store_phase_current(c->st, o->l->game->id, cause)) == NULL ||
	    store_clock_get(c->st, o->l->game->id, &o->ck, cause) == -1 ||
	    store_unit_begin(c->st, cause) == -1)
		goto fail;
	return 0;
fail:
	store_clock_clear(&o->ck);
	store_phase_free(o->ph);
	game_live_free(o->l);
	return -1;
}

/*
 * End the unit (ok) and free o. o->done is logged when the unit's changes
 * are durable; inside an enclosing transaction (an organiser's mail) they
 * are not yet, and the caller logs what it carried out once it commits.
 */
static int
org_end(struct org *o, int ok, char **cause)
{
	int rc = store_unit_end(o->c->st, ok, ok ? cause : NULL);

	if (ok && rc == 0 && o->done != NULL && !store_in_transaction(o->c->st))
		log_info("%s", o->done);
	free(o->done);

	store_clock_clear(&o->ck);
	store_phase_free(o->ph);
	game_live_free(o->l);
	return rc;
}

/* Notice to every seat (all) or to those still owing the open phase. */
static int
org_notify(struct org *o, const char *what, uint64_t evseq, int all,
    const char *headline, const char *line, int64_t deadline, char **cause)
{
	char **missing = NULL, *key;
	size_t nmissing = 0, i, j;
	int rc = 0, want;

	if (!all && store_phase_missing(o->c->st, o->ph->id, &missing, &nmissing,
	    cause) == -1)
		return -1;
	for (i = 0; i < o->l->nseats && rc == 0; i++) {
		want = all;
		for (j = 0; j < nmissing; j++)
			if (strcmp(missing[j], o->l->seats[i].name) == 0)
				want = 1;
		if (!want)
			continue;
		key = xasprintf("%s/%s/%llu/%s", what, o->l->game->name,
		    (unsigned long long)evseq, o->l->seats[i].name);
		rc = game_notice_queue(o->c, o->l->game, key, o->l->seats[i].email,
		    o->l->seats[i].name, headline, &line, 1, deadline, cause);
		free(key);
	}
	store_names_free(missing, nmissing);
	return rc;
}

/* The policy row kept with the time left (a game made without one gets one). */
static int
keep_remaining(struct org *o, int64_t remaining, char **cause)
{
	o->ck.remaining = remaining;
	return store_clock_set(o->c->st, o->l->game->id, &o->ck, cause);
}

static cJSON *
pause_payload(int64_t left)
{
	cJSON *p = game_clock_payload("game.paused", NULL, 0);

	if (left >= 0)
		cJSON_AddNumberToObject(p, "remaining", (double)left);
	else
		cJSON_AddNullToObject(p, "remaining");
	return p;
}

int
game_pause(const struct game_ctx *c, const char *name, char **cause)
{
	struct org o;
	int64_t left = -1;
	uint64_t ev;
	int rc = -1;

	if (org_begin(&o, c, name, GAME_RUNNING, "paused", cause) == -1)
		return -1;
	if (o.ph->deadline > 0)
		left = o.ph->deadline > c->now ? o.ph->deadline - c->now : 0;
	if (keep_remaining(&o, left, cause) == 0 &&
	    store_phase_set_deadline(c->st, o.ph->id, 0, cause) == 0 &&
	    store_game_set_status(c->st, o.l->game->id, GAME_PAUSED, cause) == 0 &&
	    game_clock_event(c, o.l, o.ph->seq, pause_payload(left), &ev, cause) == 0)
		rc = org_notify(&o, "paused", ev, 1, "the game is paused",
		    "The organiser paused the game: its clock stands still and it takes "
		    "no orders until it resumes.", 0, cause);
	if (rc == 0)
		o.done = xasprintf("game %s: paused by the organiser", name);
	return org_end(&o, rc == 0, cause);
}

int
game_resume(const struct game_ctx *c, const char *name, char **cause)
{
	struct org o;
	int64_t deadline = 0;
	uint64_t ev;
	int rc = -1;

	if (org_begin(&o, c, name, GAME_PAUSED, "resumed", cause) == -1)
		return -1;
	if (o.ck.remaining >= 0)
		deadline = c->now + o.ck.remaining;
	if (keep_remaining(&o, -1, cause) == 0 &&
	    store_phase_set_deadline(c->st, o.ph->id, deadline, cause) == 0 &&
	    store_game_set_status(c->st, o.l->game->id, GAME_RUNNING, cause) == 0 &&
	    game_clock_event(c, o.l, o.ph->seq, game_clock_payload("game.resumed",
	    "deadline", deadline), &ev, cause) == 0)
		rc = org_notify(&o, "resumed", ev, 1, "the game resumes",
		    "The organiser resumed the game: it takes orders again.", deadline,
		    cause);
	if (rc == 0)
		o.done = xasprintf("game %s: resumed by the organiser", name);
	return org_end(&o, rc == 0, cause);
}

int
game_deadline(const struct game_ctx *c, const char *name, int64_t when,
    int relative, int64_t *deadline, char **cause)
{
	struct org o;
	int64_t d;
	uint64_t ev;
	int rc = -1, paused;
	cJSON *p;

	if (org_begin(&o, c, name, GAME_RUNNING "," GAME_PAUSED, "given a deadline",
	    cause) == -1)
		return -1;
	paused = strcmp(o.l->game->status, GAME_PAUSED) == 0;
	if (paused)	/* kept as the time left */
		d = c->now + (relative ? (o.ck.remaining > 0 ? o.ck.remaining : 0) + when :
		    when - c->now);
	else	/* a deadline gone by (a phase held, its grace) counts from now */
		d = relative ? (o.ph->deadline > c->now ? o.ph->deadline : c->now) + when :
		    when;
	if (d <= c->now) {	/* a slip of the month would fire it at once */
		char t[64], now[64];

		if (view_time_text(d, t, sizeof t) != 0)
			snprintf(t, sizeof t, "a time gone by");
		if (view_time_text(c->now, now, sizeof now) != 0)
			snprintf(now, sizeof now, "the daemon's clock");
		cause_set(cause, "the deadline would be %s, not after now (%s): give a "
		    "later time, or adjudicate to resolve the phase now", t, now);
		return org_end(&o, 0, NULL);
	}
	*deadline = d;
	p = game_clock_payload("game.deadline", "deadline", d);
	cJSON_AddStringToObject(p, "by", "organiser");
	if (paused)
		rc = keep_remaining(&o, d - c->now, cause);
	else
		rc = store_phase_set_deadline(c->st, o.ph->id, d, cause);
	/* a new deadline ahead: its late notice and NMR may come again */
	if (rc == 0 && d > c->now)
		rc = store_phase_mark(c->st, o.ph->id, 0, CLOCK_NOTICED | CLOCK_HELD, cause);
	if (rc == 0)
		rc = game_clock_event(c, o.l, o.ph->seq, p, &ev, cause);
	else
		cJSON_Delete(p);
	if (rc == 0)
		rc = org_notify(&o, "deadline", ev, 0, "the deadline has moved",
		    "The organiser moved the deadline of this phase.", d, cause);
	if (rc == 0)
		o.done = xasprintf("game %s: phase %llu: deadline set by the organiser", name,
		    (unsigned long long)o.ph->seq);
	return org_end(&o, rc == 0, cause);
}

int
game_abandon(const struct game_ctx *c, const char *name, char **cause)
{
	static const char payload[] = "{\"type\":\"game.abandoned\"}";
	struct org o;
	uint64_t ev;
	int rc;

	if (org_begin(&o, c, name, GAME_RUNNING "," GAME_PAUSED, "abandoned",
	    cause) == -1)
		return -1;
	/* as doc/game-record.md: the open phase closed unresolved, every
	 * commitment opened, the game.abandoned event last */
	rc = store_seed_reveal(c->st, o.ph->id, o.ph->seq, cause);
	if (rc == 0)
		rc = store_phase_close(c->st, o.ph->id, c->now, cause);
	if (rc == 0)
		rc = store_commitments_reveal_all(c->st, o.l->game->id, o.ph->seq, cause);
	if (rc == 0)
		rc = store_event_append(c->st, o.l->game->id, o.ph->seq, "game.abandoned",
		    "all", payload, sizeof payload - 1, &ev, cause);
	if (rc == 0)
		rc = store_game_set_status(c->st, o.l->game->id, GAME_ABANDONED, cause);
	if (rc == 0)
		rc = game_league_game_over(c, o.l->game->id, cause);
	if (rc == 0)
		rc = org_notify(&o, "abandoned", ev, 1, "the game is abandoned",
		    "The organiser abandoned the game: it ends without a result. Its "
		    "full archive (muthur export) opens every secret.", 0, cause);
	if (rc == 0)
		o.done = xasprintf("game %s: abandoned by the organiser", name);
	return org_end(&o, rc == 0, cause);
}

int
game_adjudicate(const struct game_ctx *c, const char *name, int *advanced,
    char **cause)
{
	struct org o;
	char **missing = NULL;
	size_t nmissing = 0;
	int rc;

	*advanced = 0;
	if (org_begin(&o, c, name, GAME_RUNNING " " GAME_SETUP, "adjudicated",
	    cause) == -1)
		return -1;
	if (strcmp(o.l->game->status, GAME_SETUP) == 0) {	/* the ready wait */
		rc = game_ready_waits(o.l, o.ph) ? game_deal(c, o.l, cause) :
		    cause_set(cause, "game %s is setup: it cannot be "
		    "adjudicated before `muthur start`", name);
		if (rc == 0)
			*advanced = 1;
		if (rc == 0)
			o.done = xasprintf("game %s: dealt by the organiser without the "
			    "missing ready blocks", name);
		return org_end(&o, rc == 0, cause);
	}
	rc = store_phase_missing(c->st, o.ph->id, &missing, &nmissing, cause);
	if (rc == 0)
		rc = game_clock_default(c, o.l, o.ph, missing, nmissing, o.ck.nmr,
		    "organiser", advanced, cause);
	store_names_free(missing, nmissing);
	if (rc == 0)
		o.done = xasprintf("game %s: phase %llu adjudicated by the organiser", name,
		    (unsigned long long)o.ph->seq);
	return org_end(&o, rc == 0, cause);
}
