/* rules.c — the registry of compiled-in games and the event/secret helpers. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/rules.h"

extern const struct rules rules_ccg;
extern const struct rules rules_legendary;
extern const struct rules rules_bughunt;

static const struct rules *const rules_all[] = {
	&rules_ccg,
	&rules_legendary,
	&rules_bughunt,
};

/* Games registered at run time (rules_register()). */
#define RULES_EXTRA 8
static const struct rules *rules_extra[RULES_EXTRA];
static size_t rules_nextra;

const struct rules *
rules_find(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof rules_all / sizeof rules_all[0]; i++)
		if (strcasecmp(rules_all[i]->name, name) == 0)
			return rules_all[i];
	for (i = 0; i < rules_nextra; i++)
		if (strcasecmp(rules_extra[i]->name, name) == 0)
			return rules_extra[i];
	return NULL;
}

int
rules_register(const struct rules *r)
{
	if (rules_find(r->name) != NULL || rules_nextra == RULES_EXTRA)
		return -1;
	rules_extra[rules_nextra++] = r;
	return 0;
}

const struct rules *
rules_at(size_t i)
{
	size_t n = sizeof rules_all / sizeof rules_all[0];

	if (i < n)
		return rules_all[i];
	return i - n < rules_nextra ? rules_extra[i - n] : NULL;
}

char *
rules_names(void)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < sizeof rules_all / sizeof rules_all[0]; i++)
		strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", rules_all[i]->name);
	for (i = 0; i < rules_nextra; i++)
		strbuf_addf(&sb, ", %s", rules_extra[i]->name);
	return strbuf_detach(&sb, NULL);
}

void
rules_events_add(struct rules_events *ev, enum rules_vis vis, uint64_t seats,
    const char *json)
{
	struct rules_event *e;

	if (ev->n == ev->cap) {
		ev->cap = ev->cap ? ev->cap * 2 : 16;
		ev->v = xreallocarray(ev->v, ev->cap, sizeof *ev->v);
	}
	e = &ev->v[ev->n++];
	e->vis = vis;
	e->seats = vis == RULES_VIS_PUBLIC ? 0 : seats;
	e->json = xstrdup(json);
}

int
rules_event_visible(const struct rules_event *e, int seat)
{
	if (e->vis == RULES_VIS_PUBLIC)
		return 1;
	if (seat < 0 || seat >= 64)
		return 0;
	return (e->seats >> seat) & 1;
}

void
rules_events_free(struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < ev->n; i++)
		free(ev->v[i].json);
	free(ev->v);
	ev->v = NULL;
	ev->n = ev->cap = 0;
}

void
rules_secrets_free(struct rules_secret *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(s[i].id);
		free(s[i].bytes);
		free(s[i].watch);
	}
	free(s);
}

/* Does the payload json start {"type":"T" for a T of still? */
static int
still_type(const char *const *still, const char *json)
{
	size_t k, n;

	if (still == NULL || strncmp(json, "{\"type\":\"", 9) != 0)
		return 0;
	for (k = 0; still[k] != NULL; k++) {
		n = strlen(still[k]);
		if (strncmp(json + 9, still[k], n) == 0 && json[9 + n] == '"')
			return 1;
	}
	return 0;
}

int
rules_secret_may_change(const struct rules_secret *s, const struct rules_events *ev)
{
	char *q;
	size_t i;
	int hit = 0;

	if (s->watch == NULL || ev == NULL)
		return 1;
	q = xasprintf("\"%s\"", s->watch);
	for (i = 0; i < ev->n && !hit; i++)
		hit = ev->v[i].vis == RULES_VIS_PUBLIC && strstr(ev->v[i].json, q) != NULL &&
		    !still_type(s->still, ev->v[i].json);
	free(q);
	return hit;
}

void
rules_result_free(struct rules_result *res)
{
	free(res->place);
	res->place = NULL;
	res->nseats = 0;
}
