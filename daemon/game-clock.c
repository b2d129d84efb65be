/*
 * game-clock.c — deadlines, reminders, late notices and NMR handling
 * (daemon/game-clock.h, doc/product.md §8). The organiser's commands are in
 * game-organiser.c, the notice mails in game-notice.c.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "daemon/game-batch.h"
#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/view-int.h"
#include "lib/cause.h"
#include "lib/log.h"
#include "lib/timetext.h"
#include "lib/xmalloc.h"
#include "store/events.h"
#include "store/orders.h"

/* The seat's registered address. */
static const char *
seat_email(const struct game_live *l, const char *seat)
{
	size_t i;

	for (i = 0; i < l->nseats; i++)
		if (strcmp(l->seats[i].name, seat) == 0)
			return l->seats[i].email;
	return NULL;
}

/* Append a game event (visible to all) with payload o (freed) at phase seq. */
int
game_clock_event(const struct game_ctx *c, struct game_live *l, uint64_t seq,
    cJSON *o, uint64_t *event_seq, char **cause)
{
	const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "type");
	char *payload = cJSON_PrintUnformatted(o);
	int rc;

	rc = store_event_append(c->st, l->game->id, seq, t->valuestring, "all", payload,
	    strlen(payload), event_seq, cause);
	cJSON_free(payload);
	cJSON_Delete(o);
	return rc;
}

/* {"type":type, key: iso time or null}, the start of most payloads. */
cJSON *
game_clock_payload(const char *type, const char *key, int64_t t)
{
	cJSON *o = cJSON_CreateObject();
	char iso[32];

	cJSON_AddStringToObject(o, "type", type);
	if (key != NULL && t > 0) {
		clock_time_iso(t, iso, sizeof iso);
		cJSON_AddStringToObject(o, key, iso);
	} else if (key != NULL)
		cJSON_AddNullToObject(o, key);
	return o;
}

/*
 * One more late for seat, unless it is absent at ph's deadline, or the
 * deadline has not passed (the organiser adjudicating early: nobody was
 * late), or there is none.
 */
static int
late_add(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    const char *seat, char **cause)
{
	int64_t until;

	if (ph->deadline <= 0 || c->now < ph->deadline)
		return 0;
	if (game_absent_until(c, l->game->id, seat, ph->deadline > 0 ? ph->deadline :
	    c->now, &until, cause) == -1)
		return -1;
	return until > 0 ? 0 : store_late_add(c->st, l->game->id, seat, cause);
}

int
game_clock_default(const struct game_ctx *c, struct game_live *l,
    const struct store_phase *ph, char *const *missing, size_t nmissing,
    const char *policy, const char *by, int *advanced, char **cause)
{
	cJSON *o = game_clock_payload("game.nmr", NULL, 0), *a;
	char iso[32];
	size_t i;
	int marks = 0;

	cJSON_AddStringToObject(o, "policy", policy);
	cJSON_AddStringToObject(o, "by", by);
	if (ph->deadline > 0) {
		clock_time_iso(ph->deadline, iso, sizeof iso);
		cJSON_AddStringToObject(o, "deadline", iso);
	} else
		cJSON_AddNullToObject(o, "deadline");
	a = cJSON_AddArrayToObject(o, "defaulted");
	for (i = 0; i < nmissing; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(missing[i]));
	if (game_clock_event(c, l, ph->seq, o, NULL, cause) == -1)
		return -1;
	/* a phase held under NMR hold counted its late seats when held */
	if (store_phase_marks(c->st, ph->id, &marks, cause) == -1)
		return -1;
	for (i = 0; i < nmissing && !(marks & CLOCK_HELD); i++)
		if (late_add(c, l, ph, missing[i], cause) == -1)
			return -1;
	if (nmissing > 0)
		log_info("game %s: phase %llu: no orders from %zu seat%s by the deadline; "
		    "they pass (%s, by the %s)", l->game->name, (unsigned long long)ph->seq,
		    nmissing, nmissing == 1 ? "" : "s", policy, by);
	return game_resolve_now(c, l, advanced, cause);
}

/* The reminder to seat, still owing orders of ph. */
static int
remind(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    const struct store_clock *ck, const char *seat, char **cause)
{
	const char *to = seat_email(l, seat), *lines[3];
	char *key, *l0, *l2;
	int rc;

	if (to == NULL)
		return 0;
	key = xasprintf("reminder/%s/%llu/%s", l->game->name,
	    (unsigned long long)ph->seq, seat);
	l0 = xasprintf("Your orders for turn %d, phase %s are not in yet.", ph->turn,
	    ph->name);
	l2 = strcmp(ck->nmr, "hold") == 0 ?
	    xstrdup("Without them the game waits for the organiser.") :
	    xasprintf("Without them you pass at the deadline (NMR policy %s).", ck->nmr);
	lines[0] = l0;
	lines[1] = "The view mailed for this phase holds your orders template.";
	lines[2] = l2;
	rc = game_notice_queue(c, l->game, key, to, seat, "your orders are due", lines, 3,
	    ph->deadline, cause);
	if (rc == 0)
		log_info("game %s: phase %llu: reminder to %s", l->game->name,
		    (unsigned long long)ph->seq, seat);
	free(l2);
	free(l0);
	free(key);
	return rc;
}

/* The late notice to the organiser at the deadline. */
static int
late_notice(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    const struct store_clock *ck, char *const *missing, size_t nmissing, int marks,
    char **cause)
{
	const char *lines[3];
	char *key, *who, *l0, *l1, *l2, when[32];
	int rc;

	who = view_join((const char *const *)missing, nmissing, "nobody");
	key = xasprintf("late/%s/%llu", l->game->name, (unsigned long long)ph->seq);
	l0 = xasprintf("The deadline of turn %d, phase %s passed without orders from: "
	    "%s.", ph->turn, ph->name, who);
	if (strcmp(ck->nmr, "hold") == 0)
		l1 = xasprintf("The game waits for you (NMR policy hold): `muthur extend "
		    "%s 24h` gives them more time, `muthur adjudicate %s` resolves the "
		    "phase with them passing.", l->game->name, l->game->name);
	else if (strcmp(ck->nmr, "extend") == 0 && !(marks & CLOCK_EXTENDED))
		l1 = xstrdup("Their deadline is extended once (NMR policy extend).");
	else
		l1 = xasprintf("They pass (NMR policy %s).", ck->nmr);
	when[0] = '\0';
	if (ck->grace > 0)
		clock_time_iso(ph->deadline + ck->grace, when, sizeof when);
	l2 = when[0] != '\0' ? xasprintf("This applies when the grace period ends, at "
	    "%s.", when) : NULL;
	lines[0] = l0;
	lines[1] = l1;
	lines[2] = l2;
	rc = game_notice_queue(c, l->game, key, ck->organiser, NULL, "late seats", lines,
	    l2 != NULL ? 3 : 2, ph->deadline, cause);
	if (rc == 0)
		log_info("game %s: phase %llu: late notice to the organiser (%s)",
		    l->game->name, (unsigned long long)ph->seq, who);
	free(l2);
	free(l1);
	free(l0);
	free(key);
	free(who);
	return rc;
}

/* NMR extend: the deadline moved once by the phase's duration. */
static int
extend(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    const struct store_clock *ck, char *const *missing, size_t nmissing, char **cause)
{
	int64_t d = game_clock_duration(ck, ph->name), when;
	const char *lines[1];
	uint64_t evseq;
	cJSON *o;
	char *key;
	size_t i;
	int rc = 0;

	when = ph->deadline + (d > 0 ? d : 86400);
	o = game_clock_payload("game.deadline", "deadline", when);
	cJSON_AddStringToObject(o, "by", "clock");
	if (store_phase_set_deadline(c->st, ph->id, when, cause) == -1 ||
	    store_phase_mark(c->st, ph->id, CLOCK_EXTENDED, 0, cause) == -1 ||
	    game_clock_event(c, l, ph->seq, o, &evseq, cause) == -1)
		return -1;
	lines[0] = "Your orders were not in by the deadline: it is extended once "
	    "(NMR policy extend). Without orders by the new deadline you pass.";
	for (i = 0; i < nmissing && rc == 0; i++) {
		if (seat_email(l, missing[i]) == NULL)
			continue;
		key = xasprintf("extended/%s/%llu/%s", l->game->name,
		    (unsigned long long)ph->seq, missing[i]);
		rc = game_notice_queue(c, l->game, key, seat_email(l, missing[i]),
		    missing[i], "the deadline is extended", lines, 1, when, cause);
		free(key);
	}
	if (rc == 0)
		log_info("game %s: phase %llu: deadline extended once (NMR extend)",
		    l->game->name, (unsigned long long)ph->seq);
	return rc;
}

/*
 * A deadline reached with seats missing, some of them absent
 * (daemon/game-absence.c): under the absence policy extend the deadline
 * moves to the end of the latest absence and the phase's time after it
 * (a game.deadline event by
 * "absence"); under pass, when every missing seat is absent, they pass now
 * (a game.nmr event with policy "absent"). *handled 1 when one of those
 * happened, 0 when the NMR policy applies as usual.
 */
static int
absence_deadline(const struct game_ctx *c, struct game_live *l,
    const struct store_phase *ph, const struct store_clock *ck, char *const *missing,
    size_t nmissing, int *handled, int *advanced, char **cause)
{
	int64_t d = game_clock_duration(ck, ph->name);
	struct store_club cl;
	int64_t until, latest = 0;
	size_t i, nabsent = 0;
	char iso[32];
	cJSON *o, *a;
	int rc = 0;

	*handled = 0;
	for (i = 0; i < nmissing && rc == 0; i++) {
		if ((rc = game_absent_until(c, l->game->id, missing[i], ph->deadline,
		    &until, cause)) == 0 && until > 0) {
			nabsent++;
			latest = until > latest ? until : latest;
		}
	}
	if (rc == -1 || nabsent == 0)
		return rc;
	if (store_club_get(c->st, l->game->id, &cl, cause) == -1)
		return -1;
	if (strcmp(cl.absence, "extend") == 0) {
		/* back from the absence, the seat gets the phase's time */
		latest += d > 0 ? d : 86400;
		o = game_clock_payload("game.deadline", "deadline", latest);
		cJSON_AddStringToObject(o, "by", "absence");
		a = cJSON_AddArrayToObject(o, "absent");
		for (i = 0; i < nmissing; i++)
			if (game_absent_until(c, l->game->id, missing[i], ph->deadline, &until,
			    NULL) == 0 && until > 0)
				cJSON_AddItemToArray(a, cJSON_CreateString(missing[i]));
		rc = store_phase_set_deadline(c->st, ph->id, latest, cause);
		if (rc == 0)	/* a reminder and a late notice for the new one */
			rc = store_phase_mark(c->st, ph->id, 0, CLOCK_NOTICED | CLOCK_REMINDED,
			    cause);
		if (rc == 0)
			rc = game_clock_event(c, l, ph->seq, o, NULL, cause);
		else
			cJSON_Delete(o);
		clock_time_iso(latest, iso, sizeof iso);
		if (rc == 0)
			log_info("game %s: phase %llu: deadline moved to %s: %zu owing seat%s "
			    "absent", l->game->name, (unsigned long long)ph->seq, iso,
			    nabsent, nabsent == 1 ? "" : "s");
		*handled = rc == 0;
	} else if (nabsent == nmissing) {
		*handled = 1;
		rc = game_clock_default(c, l, ph, missing, nmissing, "absent", "clock",
		    advanced, cause);
	}
	store_club_clear(&cl);
	return rc;
}

/* One due phase, in the caller's unit. */
static int
tick(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    int *advanced, char **cause)
{
	struct store_clock ck;
	char **missing = NULL;
	size_t nmissing = 0, i;
	int marks, set = 0, rc = -1, handled;

	if (store_clock_get(c->st, l->game->id, &ck, cause) == -1)
		return -1;
	if (store_phase_marks(c->st, ph->id, &marks, cause) == -1 ||
	    store_phase_missing(c->st, ph->id, &missing, &nmissing, cause) == -1)
		goto out;
	if (c->now >= ph->deadline && nmissing > 0 && !(marks & CLOCK_HELD)) {
		if (absence_deadline(c, l, ph, &ck, missing, nmissing, &handled, advanced,
		    cause) == -1)
			goto out;
		if (handled) {
			rc = 0;
			goto out;
		}
	}
	if (!(marks & CLOCK_REMINDED) && ck.reminder > 0 &&
	    c->now >= ph->deadline - ck.reminder) {
		/* too late for a reminder when the deadline passed already */
		for (i = 0; i < nmissing && c->now < ph->deadline; i++)
			if (remind(c, l, ph, &ck, missing[i], cause) == -1)
				goto out;
		set |= CLOCK_REMINDED;
	}
	if (!(marks & CLOCK_NOTICED) && c->now >= ph->deadline) {
		if (nmissing > 0 && ck.organiser[0] != '\0' && late_notice(c, l, ph, &ck,
		    missing, nmissing, marks, cause) == -1)
			goto out;
		set |= CLOCK_NOTICED;
	}
	if (set != 0 && store_phase_mark(c->st, ph->id, set, 0, cause) == -1)
		goto out;
	rc = 0;
	if ((marks & CLOCK_HELD) || c->now < ph->deadline + ck.grace)
		goto out;
	if (nmissing == 0)		/* waited for the deadline */
		rc = game_resolve_ready(c, l, advanced, cause);
	else if (strcmp(ck.nmr, "hold") == 0) {
		cJSON *o = game_clock_payload("game.nmr", NULL, 0), *a;

		cJSON_AddStringToObject(o, "policy", "hold");
		cJSON_AddStringToObject(o, "by", "clock");
		a = cJSON_AddArrayToObject(o, "awaited");
		for (i = 0; i < nmissing; i++)
			cJSON_AddItemToArray(a, cJSON_CreateString(missing[i]));
		rc = game_clock_event(c, l, ph->seq, o, NULL, cause);
		for (i = 0; i < nmissing && rc == 0; i++)
			rc = late_add(c, l, ph, missing[i], cause);
		if (rc == 0)
			rc = store_phase_mark(c->st, ph->id, CLOCK_HELD, 0, cause);
		if (rc == 0)
			log_info("game %s: phase %llu: held for the organiser (NMR hold)",
			    l->game->name, (unsigned long long)ph->seq);
	} else if (strcmp(ck.nmr, "extend") == 0 && !(marks & CLOCK_EXTENDED))
		rc = extend(c, l, ph, &ck, missing, nmissing, cause);
	else
		rc = game_clock_default(c, l, ph, missing, nmissing, ck.nmr, "clock",
		    advanced, cause);
out:
	store_names_free(missing, nmissing);
	store_clock_clear(&ck);
	return rc;
}

/*
 * The deadline of the ready blocks (daemon/game-ready.c): passed, the deal
 * comes without the missing ones (the audit names them); before it, no
 * reminder (the ready mail said the deadline), only the mark.
 */
static int
ready_tick(const struct game_ctx *c, struct game_live *l, const struct store_phase *ph,
    int *advanced, char **cause)
{
	if (c->now < ph->deadline)
		return store_phase_mark(c->st, ph->id, CLOCK_REMINDED, 0, cause);
	log_info("game %s: the ready deadline passed; dealt without the missing "
	    "seats' nonces", l->game->name);
	if (game_deal(c, l, cause) == -1)
		return -1;
	*advanced = 1;
	return 0;
}

/* One due phase in its own unit; *advanced the phases resolved. */
static int
tick_phase(const struct game_ctx *c, int64_t phase_id, int *advanced, char **cause)
{
	struct store_phase *ph;
	struct game_live *l = NULL;
	int rc = 0;

	*advanced = 0;
	if ((ph = store_phase_get(c->st, phase_id, cause)) == NULL)
		return -1;
	if (!ph->open || ph->deadline <= 0)
		goto out;
	if ((l = game_live_load_id(c->st, ph->game_id, cause)) == NULL) {
		rc = -1;
		goto out;
	}
	/* read again now that the game is locked: another worker may have
	 * fired it, or taken the orders that resolved it, since */
	store_phase_free(ph);
	if ((ph = store_phase_get(c->st, phase_id, cause)) == NULL) {
		rc = -1;
		goto out;
	}
	if (!ph->open || ph->deadline <= 0 || (strcmp(l->game->status, GAME_RUNNING) != 0 &&
	    !game_ready_waits(l, ph)))
		goto out;
	if ((rc = store_unit_begin(c->st, cause)) == -1)
		goto out;
	rc = game_ready_waits(l, ph) ? ready_tick(c, l, ph, advanced, cause) :
	    tick(c, l, ph, advanced, cause);
	rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
out:
	game_live_free(l);
	store_phase_free(ph);
	return rc;
}

int
game_clock_fire(const struct game_ctx *c, struct game_batch *b, char **cause)
{
	int64_t *ids = NULL;
	char *why = NULL;
	size_t n = 0, i;
	int adv, rc;

	if (store_clock_due(c->st, c->now, &ids, &n, cause) == -1)
		return -1;
	for (i = 0; i < n; i++) {
		if (game_batch_begin(b, &why) == -1) {
			log_warnx("deadlines: %s (left for the next pass)", why);
			free(why);
			why = NULL;
			break;
		}
		store_busy_take(c->st);
		if ((rc = tick_phase(c, ids[i], &adv, &why)) == -1) {
			if (store_busy_take(c->st))	/* its worker fires it */
				log_debug("deadline of phase #%lld: %s", (long long)ids[i],
				    why);
			else
				log_warnx("deadline of phase #%lld: %s", (long long)ids[i],
				    why);
			free(why);
			why = NULL;
		}
		game_batch_end(b, rc, rc == 0 ? adv : 0);
	}
	game_batch_flush(b);
	free(ids);
	/* one worker at a time sends them (each once a day) */
	if ((rc = store_claim(c->st, STORE_CLAIM_DIGESTS, 0, &why)) == 0) {
		if (game_digests_send(c, &why) == -1) {
			log_warnx("the organisers' digests: %s", why);
			free(why);
			why = NULL;
		}
		store_release(c->st, STORE_CLAIM_DIGESTS, 0);
	} else if (rc == -1) {
		log_warnx("the organisers' digests: %s", why);
		free(why);
	}
	return 0;
}
