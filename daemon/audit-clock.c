/*
 * audit-clock.c — the auditor's check of the clock's and the organiser's
 * events (daemon/game-clock.h): they are no rules events, so the replay
 * passes over them; here every game.nmr event must name seats that owed
 * orders in its phase, and the seats it defaulted must have sent no
 * orders of that phase (a full archive holds every order).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "daemon/audit-int.h"

int
audit_clock_event(const char *type)
{
	static const char *const types[] = { "game.nmr", "game.deadline", "game.paused",
	    "game.resumed", "seat.replaced", "seat.passed" };
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strcmp(type, types[i]) == 0)
			return 1;
	return 0;
}

/* Check the seats of list (an array) of e against its phase ph. */
static void
check_seats(const struct archive *a, const struct archive_phase *ph,
    const cJSON *list, int defaulted, const char *rec, struct audit_report *r)
{
	const cJSON *s;
	size_t j;

	cJSON_ArrayForEach(s, list) {
		if (!cJSON_IsString(s)) {
			audit_fail(r, rec, "names a seat that is not a string");
			continue;
		}
		for (j = 0; j < ph->nowing; j++)
			if (strcmp(ph->owing[j], s->valuestring) == 0)
				break;
		if (j == ph->nowing)
			audit_fail(r, rec, "names %s, which owed no orders in phase %llu",
			    s->valuestring, (unsigned long long)ph->seq);
		if (!defaulted || a->scope != ARCHIVE_FULL)
			continue;
		for (j = 0; j < ph->norders; j++)
			if (strcmp(ph->orders[j].seat, s->valuestring) == 0)
				audit_fail(r, rec, "defaults %s, yet the archive holds its "
				    "orders of phase %llu", s->valuestring,
				    (unsigned long long)ph->seq);
	}
}

void
audit_clock(const struct archive *a, struct audit_report *r)
{
	const struct archive_phase *ph;
	const cJSON *d, *w;
	cJSON *o;
	char rec[64];
	size_t i;

	for (i = 0; i < a->nevents; i++) {
		const struct archive_event *e = &a->events[i];

		if (strcmp(e->type, "game.nmr") != 0)
			continue;
		snprintf(rec, sizeof rec, "event %llu", (unsigned long long)e->seq);
		o = cJSON_ParseWithLength(e->payload, e->payload_len);
		d = cJSON_GetObjectItemCaseSensitive(o, "defaulted");
		w = cJSON_GetObjectItemCaseSensitive(o, "awaited");
		if ((ph = archive_phase_find(a, e->phase)) == NULL)
			audit_fail(r, rec, "belongs to no phase of the game");
		else if (!cJSON_IsArray(d) && !cJSON_IsArray(w))
			audit_fail(r, rec, "names no seats defaulted or awaited");
		else if (strcmp(e->visibility, "all") != 0)
			audit_fail(r, rec, "is not visible to all");
		else {
			if (cJSON_IsArray(d))
				check_seats(a, ph, d, 1, rec, r);
			if (cJSON_IsArray(w))
				check_seats(a, ph, w, 0, rec, r);
			if (cJSON_IsArray(d) && ph->open)
				audit_fail(r, rec, "defaults seats of a phase still open");
		}
		cJSON_Delete(o);
	}
}
