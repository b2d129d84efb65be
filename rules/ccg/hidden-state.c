/*
 * hidden-state.c — the hidden-movement markers (hidden-movement.c) in the
 * canonical state ("marker_seq" and "markers", after "pieces"), as
 * secrets (one per marker: which marker is the real character), in the
 * views (markers without their truth, except for their owner and for
 * seats that viewed them).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/json-print.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/movement.h"

#define MARKER_INTS(X) X(piece) X(node) X(real) X(mp) X(moved) X(start) \
	X(epoch)

static int
marker_seat(const struct rules_game *g, const struct ccg_marker *m)
{
	const struct ccg_piece *p = &g->pieces[m->piece];

	return p->controller >= 0 ? p->controller : p->owner;
}

void
ccg_markers_write(const struct rules_game *g, struct strbuf *out)
{
	size_t i;

	json_w_num(out, "marker_seq", g->marker_seq);
	json_w_open(out, "markers", '[');
	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *m = &g->markers[i];

		json_w_open(out, NULL, '{');
		json_w_str(out, "id", m->id);
#define X(f) json_w_num(out, #f, m->f);
		MARKER_INTS(X)
#undef X
		json_w_num(out, "viewed", (double)m->viewed);
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
}

static int
load_int(const cJSON *o, const char *k, int lo, int hi, int *out,
    const char *where, char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi ||
	    v->valuedouble != (double)(int)v->valuedouble)
		return cause_set(cause, "%s: field \"%s\": expected an integer "
		    "%d..%d", where, k, lo, hi);
	*out = (int)v->valuedouble;
	return 0;
}

int
ccg_markers_load(struct rules_game *g, const cJSON *root, char **cause)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "markers"), *o, *id;
	int np = (int)g->npieces, nn = (int)g->nnodes, viewed;
	char where[64];

	if (a == NULL)		/* saved before hidden movement existed */
		return 0;
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > 10000 ||
	    load_int(root, "marker_seq", 0, 1000000000, &g->marker_seq,
	    "state", cause))
		return cause_set(cause, "state: fields \"marker_seq\" and "
		    "\"markers\": expected an integer and an array");
	g->markers = xcalloc((size_t)cJSON_GetArraySize(a) + 1,
	    sizeof *g->markers);
	cJSON_ArrayForEach(o, a) {
		struct ccg_marker *m = &g->markers[g->nmarkers];

		snprintf(where, sizeof where, "marker %zu", g->nmarkers + 1);
		id = cJSON_GetObjectItemCaseSensitive(o, "id");
		if (!cJSON_IsString(id) || id->valuestring == NULL)
			return cause_set(cause, "%s: field \"id\": expected a "
			    "string", where);
		m->id = xstrdup(id->valuestring);
		g->nmarkers++;
#define X(f) if (load_int(o, #f, 0, 1000000000, &m->f, where, cause)) return -1;
		MARKER_INTS(X)
#undef X
		if (load_int(o, "viewed", 0, (1 << CCG_MAX_SEATS) - 1, &viewed,
		    where, cause))
			return -1;
		m->viewed = (uint64_t)viewed;
		if (m->piece >= np || m->node >= nn || m->start >= nn ||
		    m->real > 1 || !g->pieces[m->piece].hidden)
			return cause_set(cause, "%s: piece or location out of "
			    "range, or its character is not hidden", where);
	}
	return 0;
}

void
ccg_markers_secrets(const struct rules_game *g, struct rules_secret **out,
    size_t *n)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *m = &g->markers[i];
		int seat = marker_seat(g, m);
		struct rules_secret *s;
		char *b;

		*out = xreallocarray(*out, *n + 1, sizeof **out);
		s = &(*out)[(*n)++];
		s->id = xasprintf("marker:%s:%s:%s", g->seats[seat].name,
		    g->pieces[m->piece].id, m->id);
		s->seat = seat;
		s->fixed = 0;	/* the epoch moves when markers are placed */
		s->watch = NULL;	/* renewed in every phase */
		s->still = NULL;
		b = xasprintf("%s %s %d\n", m->id, m->real ? "real" : "decoy",
		    m->epoch);
		s->len = strlen(b);
		s->bytes = (unsigned char *)b;
	}
}

cJSON *
ccg_markers_view(const struct rules_game *g, int seat)
{
	cJSON *a = cJSON_CreateArray(), *o;
	size_t i;

	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *m = &g->markers[i];
		int ms = marker_seat(g, m);

		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", m->id);
		cJSON_AddStringToObject(o, "piece", g->pieces[m->piece].id);
		cJSON_AddStringToObject(o, "seat", g->seats[ms].name);
		cJSON_AddStringToObject(o, "at", g->nodes[m->node].id);
		if (g->phase == CCG_PH_MOVE)
			cJSON_AddNumberToObject(o, "movement_points", m->mp);
		if (seat >= 0 && (seat == ms ||
		    (m->viewed & ccg_seat_bit(seat)) != 0))
			cJSON_AddBoolToObject(o, "real", m->real);
		cJSON_AddItemToArray(a, o);
	}
	return a;
}
