/*
 * data-load.c — "Components": the Bug Hunt component data, one JSON file
 * (doc/muthur-bughunt.5), checked member by member (every error names the
 * file, the member and what was expected), its canonical bytes and hash.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

#define BH_FORMAT "muthur-bughunt-1"

static const char *const side_names[] = { "wall", "exit", "barrier" };
static const char *const ability_names[] = { "none", "desperate", "scout", "steady" };
static const char *const mability_names[] = { "firepower", "move", "patch", "purge" };
static const char *const effect_names[] = { "none", "hive", "stir" };
static const char *const icon_names[] = { "", "xenomorph", "game-over" };

/* Where an error is: the file and the member's path. */
struct where {
	const char	*file;
	char		 path[64];
};

static int
bad(const struct where *w, const char *member, const char *expected, char **cause)
{
	return cause_set(cause, "%s: %s%s%s: expected %s", w->file, w->path,
	    *w->path != '\0' && member != NULL ? "." : "", member != NULL ? member : "",
	    expected);
}

static int
get_int(const struct where *w, const cJSON *o, const char *m, int lo, int hi, int dflt,
    int *out, char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, m);
	char exp[64];

	if (v == NULL && dflt != -1) {
		*out = dflt;
		return 0;
	}
	snprintf(exp, sizeof exp, "a whole number %d..%d", lo, hi);
	if (v == NULL || !cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint ||
	    v->valueint < lo || v->valueint > hi)
		return bad(w, m, exp, cause);
	*out = v->valueint;
	return 0;
}

static int
get_str(const struct where *w, const cJSON *o, const char *m, int slug, char **out,
    char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, m);
	const char *p;

	if (v == NULL || !cJSON_IsString(v) || *v->valuestring == '\0' ||
	    strlen(v->valuestring) > 200)
		return bad(w, m, slug ? "a slug (a-z, 0-9, '-')" : "a string of 1..200 "
		    "characters", cause);
	if (slug)
		for (p = v->valuestring; *p != '\0'; p++)
			if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
				return bad(w, m, "a slug (a-z, 0-9, '-')", cause);
	*out = xstrdup(v->valuestring);
	return 0;
}

/* A member naming one of names[0..n-1]. */
static int
get_enum(const struct where *w, const cJSON *o, const char *m, const char *const *names,
    int n, int dflt, int *out, char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, m);
	char exp[160];
	size_t len = 0;
	int i;

	if (v == NULL && dflt >= 0) {
		*out = dflt;
		return 0;
	}
	for (i = 0; v != NULL && cJSON_IsString(v) && i < n; i++)
		if (strcmp(v->valuestring, names[i]) == 0) {
			*out = i;
			return 0;
		}
	exp[0] = '\0';
	for (i = 0; i < n && len + 24 < sizeof exp; i++)
		len += (size_t)snprintf(exp + len, sizeof exp - len, "%s\"%s\"",
		    i == 0 ? "one of " : i == n - 1 ? " or " : ", ", names[i]);
	return bad(w, m, exp, cause);
}

/* The array member m of o, 1..max entries. */
static const cJSON *
get_array(const struct where *w, const cJSON *o, const char *m, int min, int max,
    char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, m);
	char exp[64];

	snprintf(exp, sizeof exp, "an array of %d..%d entries", min, max);
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) < min || cJSON_GetArraySize(v) > max) {
		bad(w, m, exp, cause);
		return NULL;
	}
	return v;
}

static void
at(struct where *w, const char *m, int i)
{
	snprintf(w->path, sizeof w->path, "%s[%d]", m, i);
}

static int
load_chars(struct bh_data *d, struct where *w, const cJSON *root, char **cause)
{
	const cJSON *a = get_array(w, root, "characters", 2, BH_MAX_CHARS, cause), *e;
	struct bh_chardef *c;
	int i = 0, named = 0, grunts = 0, k;

	if (a == NULL)
		return -1;
	cJSON_ArrayForEach(e, a) {
		c = &d->chars[d->nchars++];
		at(w, "characters", i++);
		if (!cJSON_IsObject(e))
			return bad(w, NULL, "an object", cause);
		if (get_str(w, e, "id", 1, &c->id, cause) == -1 ||
		    get_str(w, e, "name", 0, &c->name, cause) == -1 ||
		    get_enum(w, e, "kind", (const char *const[]){ "grunt", "named" }, 2, -1,
		    &c->named, cause) == -1 ||
		    get_int(w, e, "copies", 1, 12, 1, &c->copies, cause) == -1 ||
		    get_int(w, e, "firepower", 0, 9, -1, &c->firepower, cause) == -1 ||
		    get_int(w, e, "armor", 1, BH_MAX_ARMOR, -1, &c->armor, cause) == -1 ||
		    get_enum(w, e, "ability", ability_names, 4, 0, &c->ability, cause) == -1 ||
		    get_int(w, e, "amount", 0, 9, 0, &c->amount, cause) == -1)
			return -1;
		if (cJSON_GetObjectItemCaseSensitive(e, "text") != NULL &&
		    get_str(w, e, "text", 0, &c->text, cause) == -1)
			return -1;
		for (k = 0; k < d->nchars - 1; k++)
			if (strcmp(d->chars[k].id, c->id) == 0)
				return bad(w, "id", "an id no other character has", cause);
		if (c->named)
			named += c->copies;
		else
			grunts += c->copies;
	}
	w->path[0] = '\0';
	if (named < BH_SEATS * 2 || grunts < BH_SEATS * 2)
		return bad(w, "characters", "named characters and grunts for four squads "
		    "(8 of each, counting copies, for the easy option)", cause);
	return 0;
}

static int
load_tiles(struct bh_data *d, struct where *w, const cJSON *root, char **cause)
{
	const cJSON *a = get_array(w, root, "tiles", 1, BH_MAX_TILES, cause), *e, *o;
	struct bh_tiledef *t;
	int i = 0, k;

	if (a == NULL)
		return -1;
	cJSON_ArrayForEach(e, a) {
		t = &d->tiles[d->ntiles++];
		at(w, "tiles", i++);
		if (!cJSON_IsObject(e))
			return bad(w, NULL, "an object", cause);
		if (get_str(w, e, "id", 1, &t->id, cause) == -1 ||
		    get_str(w, e, "name", 0, &t->name, cause) == -1 ||
		    get_enum(w, e, "left", side_names, 3, -1, &t->side[0], cause) == -1 ||
		    get_enum(w, e, "ahead", side_names, 3, -1, &t->side[1], cause) == -1 ||
		    get_enum(w, e, "right", side_names, 3, -1, &t->side[2], cause) == -1 ||
		    get_int(w, e, "hive", 0, 9, 0, &t->hive, cause) == -1)
			return -1;
		o = cJSON_GetObjectItemCaseSensitive(e, "objective");
		if (o != NULL && !cJSON_IsBool(o))
			return bad(w, "objective", "true or false", cause);
		t->objective = cJSON_IsTrue(o);
		for (k = 0; k < d->ntiles - 1; k++)
			if (strcmp(d->tiles[k].id, t->id) == 0)
				return bad(w, "id", "an id no other tile has", cause);
	}
	return 0;
}

/*
 * A tracking card's text: "effect", an array of up to BH_MAX_STEPS steps
 * ("hive", "stir", "attack", "spawn S N"), with "printed", the card's
 * words; or the older "text": "none"|"hive"|"stir", one step or none.
 */
static int
load_effect(struct bh_trackdef *t, struct where *w, const cJSON *e, char **cause)
{
	const cJSON *fx = cJSON_GetObjectItemCaseSensitive(e, "effect"), *x;
	const cJSON *pr = cJSON_GetObjectItemCaseSensitive(e, "printed");
	struct bh_trackstep *st;
	const char *v;
	char tail;
	int old;

	if (cJSON_GetObjectItemCaseSensitive(e, "text") != NULL) {
		if (fx != NULL || pr != NULL)
			return bad(w, "text", "no \"text\" (the older form) beside "
			    "\"effect\" or \"printed\"", cause);
		if (get_enum(w, e, "text", effect_names, 3, 0, &old, cause) == -1)
			return -1;
		if (old != BH_TE_NONE)
			t->step[t->nstep++].op = old;
		return 0;
	}
	if (pr != NULL && get_str(w, e, "printed", 0, &t->printed, cause) == -1)
		return -1;
	if (fx == NULL)
		return 0;
	if (!cJSON_IsArray(fx) || cJSON_GetArraySize(fx) > BH_MAX_STEPS)
		return bad(w, "effect", "an array of 0..4 steps", cause);
	cJSON_ArrayForEach(x, fx) {
		st = &t->step[t->nstep++];
		v = cJSON_GetStringValue(x);
		if (v == NULL)
			v = "";
		if (strcmp(v, "hive") == 0)
			st->op = BH_TE_HIVE;
		else if (strcmp(v, "stir") == 0)
			st->op = BH_TE_STIR;
		else if (strcmp(v, "attack") == 0)
			st->op = BH_TE_ATTACK;
		else if (sscanf(v, "spawn %d %d%c", &st->sector, &st->n, &tail) == 2 &&
		    st->sector >= 1 && st->sector <= BH_COLS && st->n >= 1 && st->n <= 9)
			st->op = BH_TE_SPAWN;
		else
			return bad(w, "effect", "steps \"hive\", \"stir\", \"attack\" or "
			    "\"spawn S N\" (Sector 1..5, 1..9 Xenomorphs)", cause);
	}
	return 0;
}

static int
load_track(struct bh_data *d, struct where *w, const cJSON *root, char **cause)
{
	const cJSON *a = get_array(w, root, "tracking", 1, BH_MAX_TRACK, cause), *e, *b, *x;
	struct bh_trackdef *t;
	int i = 0, k;

	if (a == NULL)
		return -1;
	cJSON_ArrayForEach(e, a) {
		t = &d->track[d->ntrack++];
		at(w, "tracking", i++);
		if (!cJSON_IsObject(e))
			return bad(w, NULL, "an object", cause);
		if (get_str(w, e, "id", 1, &t->id, cause) == -1 ||
		    load_effect(t, w, e, cause) == -1)
			return -1;
		b = cJSON_GetObjectItemCaseSensitive(e, "blips");
		if (!cJSON_IsArray(b) || cJSON_GetArraySize(b) != BH_COLS)
			return bad(w, "blips", "an array of 5 numbers, Sectors 1..5", cause);
		k = 0;
		cJSON_ArrayForEach(x, b) {
			if (!cJSON_IsNumber(x) || x->valuedouble != (double)x->valueint ||
			    x->valueint < 0 || x->valueint > 9)
				return bad(w, "blips", "whole numbers 0..9", cause);
			t->blips[k++] = x->valueint;
		}
		for (k = 0; k < d->ntrack - 1; k++)
			if (strcmp(d->track[k].id, t->id) == 0)
				return bad(w, "id", "an id no other tracking card has", cause);
	}
	return 0;
}

static int
load_missions(struct bh_data *d, struct where *w, const cJSON *root, char **cause)
{
	const cJSON *a = get_array(w, root, "missions", BH_MISSIONS, BH_MAX_MISSIONS, cause);
	const cJSON *e;
	struct bh_missiondef *m;
	int i = 0, k;

	if (a == NULL)
		return -1;
	cJSON_ArrayForEach(e, a) {
		m = &d->missions[d->nmissions++];
		at(w, "missions", i++);
		if (!cJSON_IsObject(e))
			return bad(w, NULL, "an object", cause);
		if (get_str(w, e, "id", 1, &m->id, cause) == -1 ||
		    get_str(w, e, "name", 0, &m->name, cause) == -1 ||
		    get_str(w, e, "text", 0, &m->text, cause) == -1 ||
		    get_enum(w, e, "ability", mability_names, 4, -1, &m->ability, cause) == -1 ||
		    get_int(w, e, "amount", 1, 9, -1, &m->amount, cause) == -1)
			return -1;
		for (k = 0; k < d->nmissions - 1; k++)
			if (strcmp(d->missions[k].id, m->id) == 0)
				return bad(w, "id", "an id no other mission has", cause);
	}
	return 0;
}

static int
load_root(struct bh_data *d, struct where *w, const cJSON *root, char **cause)
{
	const cJSON *v, *a, *e;
	int i = 0, k;

	v = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, BH_FORMAT) != 0)
		return bad(w, "format", "\"" BH_FORMAT "\"", cause);
	v = cJSON_GetObjectItemCaseSensitive(root, "sample");
	if (v != NULL && !cJSON_IsBool(v))
		return bad(w, "sample", "true or false", cause);
	d->sample = cJSON_IsTrue(v);
	v = cJSON_GetObjectItemCaseSensitive(root, "die");
	if (!cJSON_IsObject(v))
		return bad(w, "die", "an object {\"blank\", \"head\", \"claw\"}", cause);
	snprintf(w->path, sizeof w->path, "die");
	if (get_int(w, v, "blank", 1, 12, -1, &d->die[BH_FACE_BLANK], cause) == -1 ||
	    get_int(w, v, "head", 0, 12, -1, &d->die[BH_FACE_HEAD], cause) == -1 ||
	    get_int(w, v, "claw", 0, 12, -1, &d->die[BH_FACE_CLAW], cause) == -1)
		return -1;
	v = cJSON_GetObjectItemCaseSensitive(root, "wound_tokens");
	w->path[0] = '\0';
	if (!cJSON_IsObject(v))
		return bad(w, "wound_tokens", "an object {\"blank\", \"kia\"}", cause);
	snprintf(w->path, sizeof w->path, "wound_tokens");
	if (get_int(w, v, "blank", 0, BH_MAX_WOUNDS, -1, &d->wound_blank, cause) == -1 ||
	    get_int(w, v, "kia", 0, BH_MAX_WOUNDS, -1, &d->wound_kia, cause) == -1)
		return -1;
	w->path[0] = '\0';
	if (d->wound_blank + d->wound_kia < 1 || d->wound_blank + d->wound_kia > BH_MAX_WOUNDS)
		return bad(w, "wound_tokens", "1..120 tokens in all", cause);
	if (get_int(w, root, "xenomorph_dice", 1, BH_MAX_DICE, -1, &d->dice, cause) == -1 ||
	    get_int(w, root, "breach_tokens", 0, 60, -1, &d->breach, cause) == -1 ||
	    get_int(w, root, "objective_tokens", BH_MISSIONS * BH_MISSION_TOKENS, 60, -1,
	    &d->objectives, cause) == -1 ||
	    get_int(w, root, "xenomorph_phase_cards", BH_SEATS, BH_MAX_PHASE - 4 * BH_SEATS,
	    -1, &d->xeno_cards, cause) == -1)
		return -1;
	if ((a = get_array(w, root, "hive_track", 1, BH_MAX_HIVE, cause)) == NULL)
		return -1;
	cJSON_ArrayForEach(e, a) {
		snprintf(w->path, sizeof w->path, "hive_track[%d]", i);
		if (!cJSON_IsString(e))
			return bad(w, NULL, "\"\", \"xenomorph\" or \"game-over\"", cause);
		for (d->hive[i] = -1, k = 0; k < 3; k++)
			if (strcmp(e->valuestring, icon_names[k]) == 0)
				d->hive[i] = k;
		if (d->hive[i] < 0)
			return bad(w, NULL, "\"\", \"xenomorph\" or \"game-over\"", cause);
		i++;
	}
	d->nhive = i;
	w->path[0] = '\0';
	if (d->hive[0] != BH_ICON_XENO)
		return bad(w, "hive_track[0]", "\"xenomorph\" (the first space starts the "
		    "set-up Xenomorph Phase)", cause);
	return 0;
}

void *
bh_data_load(const struct rules_file *files, size_t nfiles, char **cause)
{
	struct bh_data *d;
	struct where w;
	cJSON *root;
	int rc;

	if (nfiles != 1)
		return cause_set(cause, "Bug Hunt data is one file, not %zu", nfiles), NULL;
	memset(&w, 0, sizeof w);
	w.file = files[0].name;
	if ((root = cJSON_ParseWithLength(files[0].bytes, files[0].len)) == NULL ||
	    !cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return cause_set(cause, "%s: not a JSON object (doc/muthur-bughunt.5)",
		    files[0].name), NULL;
	}
	d = xcalloc(1, sizeof *d);
	rc = load_root(d, &w, root, cause);
	if (rc == 0)
		rc = load_chars(d, &w, root, cause);
	if (rc == 0)
		rc = load_tiles(d, &w, root, cause);
	if (rc == 0)
		rc = load_track(d, &w, root, cause);
	if (rc == 0)
		rc = load_missions(d, &w, root, cause);
	cJSON_Delete(root);
	if (rc == -1) {
		bh_data_free(d);
		return NULL;
	}
	return d;
}

void
bh_data_free(void *data)
{
	struct bh_data *d = data;
	int i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nchars; i++) {
		free(d->chars[i].id);
		free(d->chars[i].name);
		free(d->chars[i].text);
	}
	for (i = 0; i < d->ntiles; i++) {
		free(d->tiles[i].id);
		free(d->tiles[i].name);
	}
	for (i = 0; i < d->ntrack; i++) {
		free(d->track[i].id);
		free(d->track[i].printed);
	}
	for (i = 0; i < d->nmissions; i++) {
		free(d->missions[i].id);
		free(d->missions[i].name);
		free(d->missions[i].text);
	}
	free(d);
}

/*
 * A tracking card's text, canonical: a card the older form says fully (no
 * printed words, at most a hive or stir step) keeps it, so data made
 * before "effect" keeps its bytes and hash.
 */
static void
track_canonical(const struct bh_trackdef *t, cJSON *e)
{
	cJSON *a;
	char buf[32];
	int i;

	if (t->printed == NULL && t->nstep <= 1 && (t->nstep == 0 ||
	    t->step[0].op == BH_TE_HIVE || t->step[0].op == BH_TE_STIR)) {
		cJSON_AddStringToObject(e, "text", effect_names[t->nstep == 0 ? BH_TE_NONE :
		    t->step[0].op]);
		return;
	}
	a = cJSON_AddArrayToObject(e, "effect");
	for (i = 0; i < t->nstep; i++) {
		if (t->step[i].op == BH_TE_SPAWN)
			snprintf(buf, sizeof buf, "spawn %d %d", t->step[i].sector, t->step[i].n);
		else
			snprintf(buf, sizeof buf, "%s", t->step[i].op == BH_TE_HIVE ? "hive" :
			    t->step[i].op == BH_TE_STIR ? "stir" : "attack");
		cJSON_AddItemToArray(a, cJSON_CreateString(buf));
	}
	if (t->printed != NULL)
		cJSON_AddStringToObject(e, "printed", t->printed);
}

/* The data as canonical JSON: every member, in the order of the man page. */
char *
bh_data_canonical(const void *data, size_t *len)
{
	const struct bh_data *d = data;
	cJSON *o = cJSON_CreateObject(), *x, *a, *e;
	char *s, *out;
	int i;

	cJSON_AddStringToObject(o, "format", BH_FORMAT);
	cJSON_AddBoolToObject(o, "sample", d->sample);
	x = cJSON_AddObjectToObject(o, "die");
	cJSON_AddNumberToObject(x, "blank", d->die[BH_FACE_BLANK]);
	cJSON_AddNumberToObject(x, "head", d->die[BH_FACE_HEAD]);
	cJSON_AddNumberToObject(x, "claw", d->die[BH_FACE_CLAW]);
	cJSON_AddNumberToObject(o, "xenomorph_dice", d->dice);
	x = cJSON_AddObjectToObject(o, "wound_tokens");
	cJSON_AddNumberToObject(x, "blank", d->wound_blank);
	cJSON_AddNumberToObject(x, "kia", d->wound_kia);
	cJSON_AddNumberToObject(o, "breach_tokens", d->breach);
	cJSON_AddNumberToObject(o, "objective_tokens", d->objectives);
	cJSON_AddNumberToObject(o, "xenomorph_phase_cards", d->xeno_cards);
	a = cJSON_AddArrayToObject(o, "hive_track");
	for (i = 0; i < d->nhive; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(icon_names[d->hive[i]]));
	a = cJSON_AddArrayToObject(o, "characters");
	for (i = 0; i < d->nchars; i++) {
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "id", d->chars[i].id);
		cJSON_AddStringToObject(e, "name", d->chars[i].name);
		cJSON_AddStringToObject(e, "kind", d->chars[i].named ? "named" : "grunt");
		cJSON_AddNumberToObject(e, "copies", d->chars[i].copies);
		cJSON_AddNumberToObject(e, "firepower", d->chars[i].firepower);
		cJSON_AddNumberToObject(e, "armor", d->chars[i].armor);
		cJSON_AddStringToObject(e, "ability", ability_names[d->chars[i].ability]);
		cJSON_AddNumberToObject(e, "amount", d->chars[i].amount);
		if (d->chars[i].text != NULL)
			cJSON_AddStringToObject(e, "text", d->chars[i].text);
		cJSON_AddItemToArray(a, e);
	}
	a = cJSON_AddArrayToObject(o, "tiles");
	for (i = 0; i < d->ntiles; i++) {
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "id", d->tiles[i].id);
		cJSON_AddStringToObject(e, "name", d->tiles[i].name);
		cJSON_AddStringToObject(e, "left", side_names[d->tiles[i].side[0]]);
		cJSON_AddStringToObject(e, "ahead", side_names[d->tiles[i].side[1]]);
		cJSON_AddStringToObject(e, "right", side_names[d->tiles[i].side[2]]);
		cJSON_AddNumberToObject(e, "hive", d->tiles[i].hive);
		cJSON_AddBoolToObject(e, "objective", d->tiles[i].objective);
		cJSON_AddItemToArray(a, e);
	}
	a = cJSON_AddArrayToObject(o, "tracking");
	for (i = 0; i < d->ntrack; i++) {
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "id", d->track[i].id);
		cJSON_AddItemToObject(e, "blips", cJSON_CreateIntArray(d->track[i].blips,
		    BH_COLS));
		track_canonical(&d->track[i], e);
		cJSON_AddItemToArray(a, e);
	}
	a = cJSON_AddArrayToObject(o, "missions");
	for (i = 0; i < d->nmissions; i++) {
		e = cJSON_CreateObject();
		cJSON_AddStringToObject(e, "id", d->missions[i].id);
		cJSON_AddStringToObject(e, "name", d->missions[i].name);
		cJSON_AddStringToObject(e, "ability", mability_names[d->missions[i].ability]);
		cJSON_AddNumberToObject(e, "amount", d->missions[i].amount);
		cJSON_AddStringToObject(e, "text", d->missions[i].text);
		cJSON_AddItemToArray(a, e);
	}
	s = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	*len = strlen(s);
	out = xmemdup(s, *len + 1);
	cJSON_free(s);
	return out;
}

void
bh_data_hash(const void *data, unsigned char hash[32])
{
	size_t len;
	char *s = bh_data_canonical(data, &len);

	crypto_generichash(hash, 32, (const unsigned char *)s, len, NULL, 0);
	free(s);
}
