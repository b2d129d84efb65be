/*
 * view-text.c — display-ready text of the CCG's rules view for the view
 * templates (struct rules view_text) (Mustache is logic-less: grouping pieces by location, naming
 * the reader's own seat and writing counts as phrases happen here). Built
 * from the rules view alone (rules/ccg/view.c), which shows only what the
 * reader may know; nothing else is read.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rules/ccg/table.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

static const char *
str(const cJSON *o, const char *k)
{
	const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));

	return s != NULL ? s : "";
}

static int
num(const cJSON *o, const char *k, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(v))
		return 0;
	*out = v->valueint;
	return 1;
}

/* "a, b, c" of an array of strings, or none. */
static void
add_list(struct strbuf *sb, const cJSON *a, const char *none)
{
	const cJSON *it;
	int first = 1;

	cJSON_ArrayForEach(it, a) {
		if (!first)
			strbuf_addstr(sb, ", ");
		first = 0;
		strbuf_addstr(sb, cJSON_IsString(it) ? it->valuestring : "-");
	}
	if (first)
		strbuf_addstr(sb, none);
}

static void
add_text(cJSON *o, const char *k, struct strbuf *sb)
{
	cJSON_AddStringToObject(o, k, strbuf_str(sb));
	strbuf_reset(sb);
}

/* One seat's public line: counts, scores, discard. */
static cJSON *
seat_text(const cJSON *st, const char *reader)
{
	static const struct {
		const char *key, *label;
	} extra[] = {
		{ "rescued", "rescued" }, { "rescue_quota", "of quota" },
		{ "abducted", "abducted" }, { "data_downloaded", "data downloaded" },
		{ "honor", "honor" }, { "honor_goal", "honor goal" },
		{ "breeding_chamber_warriors", "warriors in the Breeding Chamber" },
		{ "evacuated", "evacuated" }, { "place", "place" },
	};
	struct strbuf sb = STRBUF_INIT;
	cJSON *o = cJSON_CreateObject();
	int a, b;
	size_t i;

	cJSON_AddStringToObject(o, "seat", str(st, "seat"));
	cJSON_AddStringToObject(o, "faction", str(st, "faction"));
	cJSON_AddBoolToObject(o, "you", strcmp(str(st, "seat"), reader) == 0);
	if (num(st, "hand", &a) && num(st, "hand_size", &b))
		strbuf_addf(&sb, "hand %d (size %d)", a, b);
	if (num(st, "deck", &a))
		strbuf_addf(&sb, ", deck %d", a);
	if (num(st, "cycles", &a) && a > 0)
		strbuf_addf(&sb, " (cycled %d)", a);
	if (num(st, "combat_pool", &a))
		strbuf_addf(&sb, ", combat pool %d", a);
	if (num(st, "research_points", &a))
		strbuf_addf(&sb, ", research %d", a);
	for (i = 0; i < sizeof extra / sizeof extra[0]; i++)
		if (num(st, extra[i].key, &a) && (a != 0 ||
		    strcmp(extra[i].key, "rescued") == 0 ||
		    strcmp(extra[i].key, "honor") == 0))
			strbuf_addf(&sb, ", %s %d", extra[i].label, a);
	add_text(o, "counts", &sb);
	add_list(&sb, cJSON_GetObjectItemCaseSensitive(st, "discard"), "empty");
	add_text(o, "discard", &sb);
	add_list(&sb, cJSON_GetObjectItemCaseSensitive(st, "out_of_play"), "none");
	add_text(o, "out_of_play", &sb);
	{
		const cJSON *hud = cJSON_GetObjectItemCaseSensitive(st, "hud");

		add_list(&sb, cJSON_GetObjectItemCaseSensitive(hud, "ground"), "-");
		strbuf_addstr(&sb, " (high: ");
		add_list(&sb, cJSON_GetObjectItemCaseSensitive(hud, "high"), "-");
		strbuf_addstr(&sb, "; low: ");
		add_list(&sb, cJSON_GetObjectItemCaseSensitive(hud, "low"), "-");
		strbuf_addc(&sb, ')');
		add_text(o, "hud", &sb);
	}
	strbuf_free(&sb);
	return o;
}

/* "Cpl Hicks [cpl-hicks] marines: speed 3, power 5, ..." */
static char *
piece_text(const cJSON *p, const cJSON *pieces)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *q;
	const char *owner = str(p, "owner"), *ctl = str(p, "controller");
	int a, first = 1;

	strbuf_addf(&sb, "%s [%s] %s", str(p, "name"), str(p, "id"), str(p, "type"));
	strbuf_addf(&sb, ", %s", owner);
	if (*ctl != '\0' && strcmp(ctl, owner) != 0)
		strbuf_addf(&sb, " (controlled by %s)", ctl);
	if (num(p, "speed", &a))
		strbuf_addf(&sb, "; speed %d", a);
	if (num(p, "power", &a))
		strbuf_addf(&sb, ", power %d", a);
	if (num(p, "damage", &a) && a > 0)
		strbuf_addf(&sb, ", damage %d", a);
	if (num(p, "tokens", &a) && a > 0)
		strbuf_addf(&sb, ", tokens %d", a);
	if (num(p, "movement_points", &a))
		strbuf_addf(&sb, ", %d MP left", a);
	if (num(p, "data", &a))
		strbuf_addf(&sb, ", data %d", a);
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "rotated")))
		strbuf_addstr(&sb, ", rotated");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "hostage")))
		strbuf_addstr(&sb, ", hostage");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, "searching")))
		strbuf_addstr(&sb, ", searching");
	cJSON_ArrayForEach(q, pieces)
		if (strcmp(str(q, "carried_by"), str(p, "id")) == 0) {
			strbuf_addstr(&sb, first ? "; carries " : ", ");
			first = 0;
			strbuf_addf(&sb, "%s [%s]", str(q, "name"), str(q, "id"));
		}
	return strbuf_detach(&sb, NULL);
}

static void
add_piece(cJSON *a, const cJSON *p, const cJSON *pieces)
{
	char *s = piece_text(p, pieces);

	cJSON_AddItemToArray(a, cJSON_CreateString(s));
	free(s);
}

cJSON *
ccg_view_text(const cJSON *rv, const char *seat)
{
	const cJSON *pieces = cJSON_GetObjectItemCaseSensitive(rv, "pieces");
	const cJSON *it, *p;
	cJSON *o = cJSON_CreateObject(), *a, *l, *ps;
	struct strbuf sb = STRBUF_INIT;

	a = cJSON_AddArrayToObject(o, "seats");
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(rv, "seats"))
		cJSON_AddItemToArray(a, seat_text(it, seat));
	a = cJSON_AddArrayToObject(o, "locations");
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(rv, "locations")) {
		const cJSON *hive = cJSON_GetObjectItemCaseSensitive(it, "hive_of");

		l = cJSON_CreateObject();
		strbuf_addf(&sb, "%s [%s]", str(it, "name"), str(it, "id"));
		if (cJSON_GetArraySize(hive) > 0) {
			strbuf_addstr(&sb, " (hive of ");
			add_list(&sb, hive, "");
			strbuf_addc(&sb, ')');
		}
		add_text(l, "title", &sb);
		ps = cJSON_AddArrayToObject(l, "pieces");
		cJSON_ArrayForEach(p, pieces)
			if (strcmp(str(p, "at"), str(it, "id")) == 0)
				add_piece(ps, p, pieces);
		cJSON_AddBoolToObject(l, "empty", cJSON_GetArraySize(ps) == 0);
		cJSON_AddItemToArray(a, l);
	}
	a = cJSON_AddArrayToObject(o, "in_play");
	cJSON_ArrayForEach(p, pieces)
		if (cJSON_GetObjectItemCaseSensitive(p, "at") == NULL &&
		    cJSON_GetObjectItemCaseSensitive(p, "carried_by") == NULL)
			add_piece(a, p, pieces);
	cJSON_AddBoolToObject(o, "has_in_play", cJSON_GetArraySize(a) > 0);
	add_list(&sb, cJSON_GetObjectItemCaseSensitive(rv, "hand"), "empty");
	add_text(o, "hand", &sb);
	strbuf_free(&sb);
	return o;
}
