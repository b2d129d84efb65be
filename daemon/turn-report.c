/*
 * turn-report.c — which mails a seat is sent (PRODUCT.md §6, `set views
 * due|every|digest`, doc/muthur-orders.5 "SETTINGS", doc/views.md "Turn
 * reports"): the mode a seat chose, whether a view goes to it when views
 * are queued, and the turn reports of the turns that ended since its last.
 *
 * Bookkeeping lives in the seat's settings under keys no `set` line can
 * name ("last-view": the phase seq of its last view mail; "last-report":
 * the last turn reported, "report-seq": the phase seq its report was
 * queued at, where the next one starts; "last-digest": the Unix time of
 * its last digest mail), written in the transaction that queues the mail.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon/game-int.h"
#include "lib/xmalloc.h"
#include "store/plans.h"

#define DIGEST_EVERY	(24 * 60 * 60)	/* one digest mail a day */

/* An integer setting of the seat: 1 with *out, 0 unset, -1. */
static int
setting_int(const struct game_ctx *c, const struct store_seat *seat, const char *key,
    long long *out, char **cause)
{
	char *v, *end;
	int r;

	if ((r = store_seat_setting_get(c->st, seat->id, key, &v, cause)) != 1)
		return r;
	*out = strtoll(v, &end, 10);
	r = *end == '\0' && end != v;
	free(v);
	return r;
}

static int
setting_put_int(const struct game_ctx *c, const struct store_seat *seat,
    const char *key, long long v, char **cause)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	return store_seat_setting_put(c->st, seat->id, key, buf, cause);
}

int
turn_views_mode(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode *mode, char **cause)
{
	char *v;
	int r;

	*mode = VIEWS_DUE;
	if ((r = store_seat_setting_get(c->st, seat->id, "views", &v, cause)) != 1)
		return r;
	if (strcmp(v, "every") == 0)
		*mode = VIEWS_EVERY;
	else if (strcmp(v, "digest") == 0)
		*mode = VIEWS_DIGEST;
	free(v);
	return 0;
}

int
turn_view_wanted(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode mode, int owes, int over, char **cause)
{
	long long last = 0;
	int r;

	switch (mode) {
	case VIEWS_EVERY:
		return 1;
	case VIEWS_DUE:
		return owes || over;
	case VIEWS_DIGEST:
		if (over)
			return 1;
		if ((r = setting_int(c, seat, "last-digest", &last, cause)) == -1)
			return -1;
		return r != 1 || c->now - last >= DIGEST_EVERY;
	}
	return 1;
}

int
turn_view_sent(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode mode, uint64_t phase_seq, char **cause)
{
	if (setting_put_int(c, seat, "last-view", (long long)phase_seq, cause) == -1)
		return -1;
	return mode == VIEWS_DIGEST ? setting_put_int(c, seat, "last-digest", c->now,
	    cause) : 0;
}

int
turn_view_since(const struct game_ctx *c, const struct store_seat *seat,
    uint64_t *phase_seq, char **cause)
{
	long long v;
	int r;

	if ((r = setting_int(c, seat, "last-view", &v, cause)) == 1)
		*phase_seq = (uint64_t)v;
	return r;
}

int
turn_reports_due(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode mode, int ended, int *first, uint64_t *from, char **cause)
{
	long long last, seq;
	int r;

	*first = 1;
	*from = 1;
	if (mode != VIEWS_DUE || ended < 1)
		return 0;
	if ((r = setting_int(c, seat, "last-report", &last, cause)) != 1)
		return r == -1 ? -1 : 1;	/* none yet: from the start */
	if ((r = setting_int(c, seat, "report-seq", &seq, cause)) != 1)
		return r == -1 ? -1 : 1;
	*first = (int)last + 1;
	*from = (uint64_t)seq;
	return *first <= ended;
}

int
turn_report_sent(const struct game_ctx *c, const struct store_seat *seat, int turn,
    uint64_t phase_seq, char **cause)
{
	if (setting_put_int(c, seat, "last-report", turn, cause) == -1)
		return -1;
	return setting_put_int(c, seat, "report-seq", (long long)phase_seq, cause);
}

void
turn_report_mark(cJSON *model, int turn, int last_turn)
{
	char *s;

	cJSON_AddNumberToObject(model, "report_turn", turn);
	s = turn == last_turn ? xasprintf("turn %d", turn) :
	    xasprintf("turns %d to %d", turn, last_turn);
	cJSON_AddStringToObject(model, "report", s);
	free(s);
}
