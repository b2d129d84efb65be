/*
 * view-json.c — view.json, the view for tools (daemon/view.h): the model
 * without what only the templates need, printed compactly in short lines.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/view.h"
#include "lib/json-print.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

#define JSON_WIDTH	320	/* a value printed whole fits in this */

/* Members of the model only the templates read (doc/views.md). */
static const char *const template_only[] = {
	"awaited_text", "has_events", "has_openings", "has_older_openings",
	"has_hidden", "has_new", "openings_count", "novice", "orders_in", "has_notes",
	"orders_block",		/* the body has it, to be signed as it stands */
};

/* Is v an array of nulls only (or empty)? */
static int
all_null(const cJSON *v)
{
	const cJSON *it;

	if (!cJSON_IsArray(v))
		return 0;
	cJSON_ArrayForEach(it, v)
		if (!cJSON_IsNull(it))
			return 0;
	return 1;
}

/*
 * Is v false, 0, null, "" or [] (or an array of nulls only, like an empty
 * row of a CCG HUD): what an absent member reads as?
 */
static int
is_default(const cJSON *v)
{
	return cJSON_IsFalse(v) || cJSON_IsNull(v) ||
	    (cJSON_IsNumber(v) && v->valuedouble == 0) ||
	    (cJSON_IsString(v) && *v->valuestring == '\0') || all_null(v);
}

/* Leave out rules' member k where it says what the model's k says. */
static void
drop_same(cJSON *rules, const cJSON *v, const char *k, const char *vk)
{
	if (cJSON_Compare(cJSON_GetObjectItemCaseSensitive(rules, k),
	    cJSON_GetObjectItemCaseSensitive(v, vk), 1))
		cJSON_DeleteItemFromObjectCaseSensitive(rules, k);
}

/* Leave out, at every depth, the object members whose value is a default. */
static void
drop_defaults(cJSON *v)
{
	cJSON *it, *next;

	for (it = v->child; it != NULL; it = next) {
		next = it->next;
		if (cJSON_IsObject(v) && is_default(it))
			cJSON_Delete(cJSON_DetachItemViaPointer(v, it));
		else
			drop_defaults(it);
	}
}

/* The model v made view.json's in place. */
static void
json_strip(cJSON *v)
{
	const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v,
	    "rules_name"));
	char *game = name != NULL ? xstrdup(name) : NULL;	/* v changes */
	cJSON *e;
	size_t i;

	for (i = 0; i < sizeof template_only / sizeof template_only[0]; i++)
		cJSON_DeleteItemFromObjectCaseSensitive(v, template_only[i]);
	/* the game's display text: the body has it, tools have "rules" */
	if (game != NULL && strcmp(game, "rules") != 0)
		cJSON_DeleteItemFromObjectCaseSensitive(v, game);
	/* an event's sentence is in the body; its payload says it all */
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(v, "events")) {
		cJSON_DeleteItemFromObjectCaseSensitive(e, "text");
		if (cJSON_Compare(cJSON_GetObjectItemCaseSensitive(e, "type"),
		    cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(e,
		    "payload"), "type"), 1))	/* said once, in the payload */
			cJSON_DeleteItemFromObjectCaseSensitive(e, "type");
	}
	/* the legal orders once: where the rules' view lists the same */
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(v, "rules"))
		if (cJSON_Compare(e, cJSON_GetObjectItemCaseSensitive(v, "legal"), 1)) {
			cJSON_DeleteItemFromObjectCaseSensitive(v, "legal");
			break;
		}
	/* the rules' view less what the model says already: its game, turn,
	 * phase and seat, and a piece's controller when it is its owner */
	if ((e = cJSON_GetObjectItemCaseSensitive(v, "rules")) != NULL) {
		cJSON *p;

		drop_same(e, v, "game", "rules_name");
		drop_same(e, v, "turn", "turn");
		drop_same(e, v, "phase", "phase");
		drop_same(e, v, "seat", "seat");
		cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(e, "pieces"))
			if (cJSON_IsObject(p))
				drop_same(p, p, "controller", "owner");
	}
	drop_defaults(v);
	free(game);
}

cJSON *
view_json_model(const cJSON *model)
{
	cJSON *v = cJSON_Duplicate(model, 1);

	json_strip(v);
	return v;
}

/*
 * Print v at depth: whole on one line when it fits in JSON_WIDTH from its
 * indentation, else an object's members or an array's items one a line.
 * The one-line text is printed at most once a level, and only as far as
 * it fits: a deep value is not printed whole at each of its depths.
 */
static void
print_value(struct strbuf *out, const cJSON *v, int depth, size_t lead)
{
	const cJSON *it;
	size_t start = out->len;
	int i;

	if ((!cJSON_IsObject(v) && !cJSON_IsArray(v)) || v->child == NULL) {
		json_print_add(out, v);		/* cJSON_PrintUnformatted()'s bytes */
		return;
	}
	if (json_print_add_max(out, v, lead < JSON_WIDTH ? JSON_WIDTH - lead : 0) == 0)
		return;
	out->len = start;	/* too long for one line: cut it off */
	out->s[start] = '\0';
	strbuf_addc(out, cJSON_IsObject(v) ? '{' : '[');
	for (it = v->child; it != NULL; it = it->next) {
		size_t col = (size_t)depth + 1, k;

		strbuf_addc(out, '\n');
		for (i = 0; i <= depth; i++)
			strbuf_addc(out, '\t');
		if (it->string != NULL) {	/* the key, quoted as JSON quotes it */
			k = out->len;
			json_print_string(out, it->string);
			strbuf_addc(out, ':');
			col += out->len - k;
		}
		print_value(out, it, depth + 1, col);
		if (it->next != NULL)
			strbuf_addc(out, ',');
	}
	strbuf_addc(out, '\n');
	for (i = 0; i < depth; i++)
		strbuf_addc(out, '\t');
	strbuf_addc(out, cJSON_IsObject(v) ? '}' : ']');
}

/* v printed as view.json prints it. */
static char *
view_print(const cJSON *v)
{
	struct strbuf sb = STRBUF_INIT;

	print_value(&sb, v, 0, 0);
	strbuf_addc(&sb, '\n');
	return strbuf_detach(&sb, NULL);
}

char *
view_json_text(const cJSON *model)
{
	cJSON *v = view_json_model(model);
	char *text = view_print(v);

	cJSON_Delete(v);
	return text;
}

char *
view_json_text_take(cJSON *model)
{
	char *text;

	json_strip(model);
	text = view_print(model);
	cJSON_Delete(model);
	return text;
}
