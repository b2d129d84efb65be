/*
 * card-json.c — read one JSON card file into cards (format:
 * doc/ccg-card-data.md). Every check names the file, the card and the field.
 */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card-names.h"
#include "rules/ccg/card-priv.h"
#include "rules/ccg/card.h"

#define CARD_FORMAT	"muthur-ccg-cards"
#define CARD_VERSION	1
#define MAX_CARDS	5000
#define MAX_LIST	32
#define MAX_NAME	64
#define MAX_TERM	40
#define MAX_TEXT	400
#define MAX_ID		32

struct pctx {
	const char	*file;
	char		*card;		/* "card \"NAME\"" or "card #N" */
	char		**cause;
	int		 type;		/* enum ccg_card_type once known */
};

/* "a main character", "an item", "an event". */
static const char *
a_type(int t)
{
	static const char *const a[] = {
		"a main character", "a supporting character", "a location",
		"an item", "a vehicle", "an event", "a battle condition", "a barrier"
	};

	return (t >= 0 && t < CCG_NCARD_TYPES) ? a[t] : "a card";
}

/* How a JSON value looks in a message: "fast", 3, true, null, an array. */
static char *
got(const cJSON *v)
{
	char buf[48];
	size_t i;

	if (v == NULL)
		return xstrdup("nothing");
	if (cJSON_IsString(v)) {
		for (i = 0; v->valuestring[i] != '\0' && i < sizeof(buf) - 4; i++) {
			unsigned char ch = (unsigned char)v->valuestring[i];
			buf[i] = (ch < 0x20 || ch == 0x7f || ch == '"') ? '?' : (char)ch;
		}
		buf[i] = '\0';
		return xasprintf("\"%s%s\"", buf, v->valuestring[i] != '\0' ? "..." : "");
	}
	if (cJSON_IsNumber(v))
		return xasprintf("%.15g", v->valuedouble);
	if (cJSON_IsTrue(v))
		return xstrdup("true");
	if (cJSON_IsFalse(v))
		return xstrdup("false");
	if (cJSON_IsNull(v))
		return xstrdup("null");
	if (cJSON_IsArray(v))
		return xstrdup("an array");
	return xstrdup("an object");
}

static int __attribute__((format(printf, 3, 4)))
fail(struct pctx *px, const char *field, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	if (px->card != NULL && field != NULL)
		cause_set(px->cause, "%s: %s: field \"%s\": %s", px->file, px->card, field, msg);
	else if (px->card != NULL)
		cause_set(px->cause, "%s: %s: %s", px->file, px->card, msg);
	else if (field != NULL)
		cause_set(px->cause, "%s: field \"%s\": %s", px->file, field, msg);
	else
		cause_set(px->cause, "%s: %s", px->file, msg);
	free(msg);
	return -1;
}

/* scan-build does not follow a variadic call: to it too, fail() is -1 */
#ifdef __clang_analyzer__
#define fail(...)	(fail(__VA_ARGS__), -1)
#endif

static int
fail_got(struct pctx *px, const char *field, const char *expected, const cJSON *v)
{
	char *g = got(v);

	fail(px, field, "expected %s, got %s", expected, g);
	free(g);
	return -1;
}

static int
get_int(struct pctx *px, const cJSON *v, const char *field, int lo, int hi, int *out)
{
	char expected[64];

	snprintf(expected, sizeof(expected), "an integer %d..%d", lo, hi);
	if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) ||
	    v->valuedouble != floor(v->valuedouble) ||
	    v->valuedouble < lo || v->valuedouble > hi)
		return fail_got(px, field, expected, v);
	*out = (int)v->valuedouble;
	return 0;
}

/* A printable string of 1..max bytes (no control characters). */
static int
get_str(struct pctx *px, const cJSON *v, const char *field, size_t max, const char **out)
{
	char expected[64];
	const unsigned char *p;
	size_t len;

	snprintf(expected, sizeof(expected), "a string of 1..%zu characters", max);
	if (!cJSON_IsString(v))
		return fail_got(px, field, expected, v);
	len = strlen(v->valuestring);
	if (len == 0 || len > max)
		return fail_got(px, field, expected, v);
	for (p = (const unsigned char *)v->valuestring; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			return fail(px, field, "control characters are not allowed");
	if (isspace((unsigned char)v->valuestring[0]) ||
	    isspace((unsigned char)v->valuestring[len - 1]))
		return fail(px, field, "no spaces allowed at either end, got %s",
		    v->valuestring);
	*out = v->valuestring;
	return 0;
}

static int
get_enum(struct pctx *px, const cJSON *v, const char *field,
    const char *const *table, int *out)
{
	char *expected;
	size_t i, len = 0;
	int idx;

	if (cJSON_IsString(v) && (idx = ccg_name_index(table, v->valuestring)) != -1) {
		*out = idx;
		return 0;
	}
	for (i = 0; table[i] != NULL; i++)
		len += strlen(table[i]) + 4;
	expected = xcalloc(1, len + 16);
	strcat(expected, "one of ");
	for (i = 0; table[i] != NULL; i++) {
		if (i > 0)
			strcat(expected, ", ");
		strcat(expected, table[i]);
	}
	fail_got(px, field, expected, v);
	free(expected);
	return -1;
}

/* An optional enum value: 1 and *out set when v is present and valid, 0
 * when absent, -1 with the reason when invalid. */
static int
opt_enum(struct pctx *px, const cJSON *v, const char *field,
    const char *const *table, int *out)
{
	if (v == NULL)
		return 0;
	return get_enum(px, v, field, table, out) == -1 ? -1 : 1;
}

/* An array of distinct (case-insensitive) terms; *out gets new strings. */
static int
get_terms(struct pctx *px, const cJSON *v, const char *field, const char ***out, size_t *n)
{
	const cJSON *e;
	const char *s, **list;
	char sub[64];
	size_t i, k = 0;

	if (!cJSON_IsArray(v))
		return fail_got(px, field, "an array of strings", v);
	if (cJSON_GetArraySize(v) > MAX_LIST)
		return fail(px, field, "more than %d entries", MAX_LIST);
	list = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof(*list));
	cJSON_ArrayForEach(e, v) {
		snprintf(sub, sizeof(sub), "%s[%zu]", field, k);
		if (get_str(px, e, sub, MAX_TERM, &s) == -1)
			goto bad;
		for (i = 0; i < k; i++)
			if (strcasecmp(list[i], s) == 0) {
				fail(px, sub, "\"%s\" is listed twice", s);
				goto bad;
			}
		list[k++] = xstrdup(s);
	}
	*out = list;
	*n = k;
	return 0;
bad:
	for (i = 0; i < k; i++)
		free((char *)list[i]);
	free(list);
	return -1;
}

static int
valid_id(const char *s)
{
	size_t i;

	if (!isalnum((unsigned char)s[0]))
		return 0;
	for (i = 0; s[i] != '\0'; i++)
		if (!isalnum((unsigned char)s[i]) && strchr("._-", s[i]) == NULL)
			return 0;
	return i <= MAX_ID;
}

/* The fields each card type may have beyond the common ones. */
static const char *const common_fields[] = {
	"id", "name", "type", "faction", "resources", "restrictions", "keywords",
	"effects", "honor", "kill_honor", "cp_cost", "rarity", "text", "notes", NULL
};
static const char *const character_fields[] = {
	"speed", "power", "species", "rank", "to_hit_close", "to_hit_ranged",
	"damage_bonus", "defense_bonus", "hidden_markers", NULL
};
static const char *const location_fields[] = { "class", "environment", NULL };
static const char *const item_fields[] = {
	"kind", "range", "damage", "armor", "to_hit", "bind", NULL
};
static const char *const vehicle_fields[] = { "speed", "capacity", "armor", "hull", NULL };
static const char *const barrier_fields[] = { "power", NULL };
static const char *const event_fields[] = { "timing", NULL };
static const char *const no_fields[] = { NULL };

static const char *const *
type_fields(enum ccg_card_type t)
{
	switch (t) {
	case CCG_CARD_MAIN_CHARACTER:
	case CCG_CARD_SUPPORTING_CHARACTER:
		return character_fields;
	case CCG_CARD_LOCATION:
		return location_fields;
	case CCG_CARD_ITEM:
		return item_fields;
	case CCG_CARD_VEHICLE:
		return vehicle_fields;
	case CCG_CARD_BARRIER:
		return barrier_fields;
	case CCG_CARD_EVENT:
		return event_fields;
	default:
		return no_fields;
	}
}

/* Which keywords each card type may carry (bits of CCG_KW_*). */
static unsigned
type_keywords(enum ccg_card_type t)
{
	switch (t) {
	case CCG_CARD_ITEM:
	case CCG_CARD_VEHICLE:
		return CCG_KW_UNIQUE | CCG_KW_LIMITED | CCG_KW_PROHIBITED | CCG_KW_CONCEALABLE;
	case CCG_CARD_EVENT:
		return CCG_KW_UNIQUE | CCG_KW_LIMITED | CCG_KW_PERMANENT;
	case CCG_CARD_MAIN_CHARACTER:
		return CCG_KW_UNIQUE | CCG_KW_MOLTED;
	case CCG_CARD_LOCATION:
		return CCG_KW_UNIQUE | CCG_KW_LIMITED | CCG_KW_DISTINCT;
	default:
		return CCG_KW_UNIQUE | CCG_KW_LIMITED;
	}
}

/* What each effect kind needs: a stat, an amount in lo..hi, a term. */
struct effect_shape {
	int	need_stat;
	int	need_amount;
	int	lo, hi;
	int	need_term;
};
static const struct effect_shape effect_shapes[CCG_NEFFECT_KINDS] = {
	[CCG_EFFECT_MODIFY] =		{ 1, 1, -9, 9, 0 },
	[CCG_EFFECT_HIDDEN_MOVEMENT] =	{ 0, 1, 2, 9, 0 },
	[CCG_EFFECT_IMMUNE] =		{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_CANNOT_MOVE] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_NO_HONOR_WIN] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_SKIP_READY] =	{ 0, 1, 1, 6, 0 },
	[CCG_EFFECT_STOP_ATTACKS] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_HIVE_MOVEMENT] =	{ 0, 1, 1, 9, 0 },
	[CCG_EFFECT_MOLTS_FROM] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_MATURES_FROM] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_FORCE_UPGRADE] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_GORE] =		{ 0, 1, 1, 20, 0 },
	[CCG_EFFECT_DATA_STORE] =	{ 0, 1, 1, 99, 0 },
	[CCG_EFFECT_STARTS_WITH] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_DRAW] =		{ 0, 1, 1, 9, 0 },
	[CCG_EFFECT_GAIN_POOL] =	{ 0, 1, 1, 9, 0 },
	[CCG_EFFECT_HEAL] =		{ 0, 1, 1, 20, 0 },
	[CCG_EFFECT_READY] =		{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_CANCEL_EVENT] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_GAIN_RP] =		{ 0, 1, 1, 9, 0 },
	[CCG_EFFECT_SPEND_RP] =		{ 0, 1, 1, 9, 0 },
	[CCG_EFFECT_SHOTS] =		{ 0, 1, 1, 9, 0 },
	[CCG_EFFECT_DEPLETE] =		{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_ADD_RESOURCE] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_FREE_ATTACK] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_DESTROY_ITEM] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_ENV_DAMAGE] =	{ 0, 1, 1, 20, 1 },
	[CCG_EFFECT_REPLENISH] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_ATTACH_TO] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_LOADS_INTO] =	{ 0, 0, 0, 0, 1 },
	[CCG_EFFECT_EVACUATE] =		{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_SEARCH_DECK] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_CARRY_BARRIER] =	{ 0, 1, 1, 20, 0 },
	[CCG_EFFECT_DAMAGE_LOCATION] =	{ 0, 0, 0, 0, 0 },
	[CCG_EFFECT_REPAIR_LOCATION] =	{ 0, 0, 0, 0, 0 },
};

static const char *const effect_fields[] = {
	"kind", "when", "target", "until", "stat", "attack", "amount", "term",
	"requires", NULL
};

/* Every key of obj must be in one of the tables, and appear once. */
static int
check_keys(struct pctx *px, const cJSON *obj, const char *prefix,
    const char *const *a, const char *const *b, const char *what)
{
	const cJSON *k, *j;
	char field[80];

	cJSON_ArrayForEach(k, obj) {
		snprintf(field, sizeof(field), "%s%s", prefix, k->string);
		for (j = obj->child; j != k; j = j->next)
			if (strcmp(j->string, k->string) == 0)
				return fail(px, field, "given twice");
		if (ccg_name_index(a, k->string) != -1)
			continue;
		if (b != NULL && ccg_name_index(b, k->string) != -1)
			continue;
		return fail(px, field, "not a field of %s", what);
	}
	return 0;
}

static int
parse_effect(struct pctx *px, const cJSON *o, size_t i, struct ccg_card *c,
    struct ccg_effect *e)
{
	const struct effect_shape *sh;
	const cJSON *v;
	const char *s;
	char f[64];
	int x;

	snprintf(f, sizeof(f), "effects[%zu]", i);
	if (!cJSON_IsObject(o))
		return fail_got(px, f, "an object", o);
	snprintf(f, sizeof(f), "effects[%zu].", i);
	if (check_keys(px, o, f, effect_fields, NULL, "an effect") == -1)
		return -1;
	memset(e, 0, sizeof(*e));
	e->when = c->type == CCG_CARD_EVENT ? CCG_WHEN_PLAYED : CCG_WHEN_ALWAYS;
	e->until = (c->type == CCG_CARD_EVENT && !(c->keywords & CCG_KW_PERMANENT)) ?
	    CCG_UNTIL_END_OF_ROUND : CCG_UNTIL_REMOVED;
	e->target = CCG_TARGET_SELF;

#define FIELD(name) (snprintf(f, sizeof(f), "effects[%zu]." name, i), \
	cJSON_GetObjectItemCaseSensitive(o, name))
	if ((v = FIELD("kind")) == NULL)
		return fail(px, f, "missing");
	if (get_enum(px, v, f, ccg_effect_kind_names, &x) == -1)
		return -1;
	e->kind = (enum ccg_effect_kind)x;
	sh = &effect_shapes[e->kind];
	/* Stop at the first bad field: one reason, never overwritten. */
#define OPT_ENUM(name, table, dst, type) do {				\
	int r_ = opt_enum(px, FIELD(name), f, table, &x);		\
	if (r_ == -1)							\
		return -1;						\
	if (r_ == 1)							\
		dst = (type)x;						\
} while (0)
	OPT_ENUM("when", ccg_trigger_names, e->when, enum ccg_trigger);
	OPT_ENUM("target", ccg_target_names, e->target, enum ccg_target);
	OPT_ENUM("until", ccg_duration_names, e->until, enum ccg_duration);
	OPT_ENUM("attack", ccg_attack_names, e->attack, enum ccg_attack);
#undef OPT_ENUM
	if ((v = FIELD("stat")) != NULL) {
		if (!sh->need_stat)
			return fail(px, f, "a \"%s\" effect takes no stat",
			    ccg_effect_kind_names[e->kind]);
		if (get_enum(px, v, f, ccg_stat_names, &x) == -1)
			return -1;
		if (x == CCG_STAT_NONE)
			return fail(px, f, "expected a stat other than none");
		e->stat = (enum ccg_stat)x;
	} else if (sh->need_stat)
		return fail(px, f, "missing (a \"%s\" effect needs it)",
		    ccg_effect_kind_names[e->kind]);
	if ((v = FIELD("amount")) != NULL) {
		if (!sh->need_amount)
			return fail(px, f, "a \"%s\" effect takes no amount",
			    ccg_effect_kind_names[e->kind]);
		if (get_int(px, v, f, sh->lo, sh->hi, &e->amount) == -1)
			return -1;
		if (e->amount == 0)
			return fail(px, f, "expected a non-zero amount, got 0");
	} else if (sh->need_amount)
		return fail(px, f, "missing (a \"%s\" effect needs it)",
		    ccg_effect_kind_names[e->kind]);
	if ((v = FIELD("term")) != NULL) {
		if (get_str(px, v, f, MAX_TERM, &s) == -1)
			return -1;
		e->term = xstrdup(s);
	} else if (sh->need_term)
		return fail(px, f, "missing (a \"%s\" effect needs it)",
		    ccg_effect_kind_names[e->kind]);
	if ((v = FIELD("requires")) != NULL) {
		if (get_str(px, v, f, MAX_TERM, &s) == -1)
			return -1;
		e->requires = xstrdup(s);
	}
#undef FIELD
	return 0;
}

static const cJSON *
item(const cJSON *o, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(o, name);
}

/* An optional integer field; *out untouched when absent. */
static int
opt_int(struct pctx *px, const cJSON *o, const char *name, int lo, int hi, int *out)
{
	const cJSON *v = item(o, name);

	if (v == NULL)
		return 0;
	return get_int(px, v, name, lo, hi, out);
}

static int
need_int(struct pctx *px, const cJSON *o, const char *name, int lo, int hi, int *out)
{
	if (item(o, name) == NULL)
		return fail(px, name, "missing (%s needs it)", a_type(px->type));
	return opt_int(px, o, name, lo, hi, out);
}

static int
parse_character(struct pctx *px, const cJSON *o, struct ccg_card *c)
{
	struct ccg_character *ch = &c->chr;
	const cJSON *v;
	int x;

	if (need_int(px, o, "speed", 0, 9, &ch->speed) == -1 ||
	    need_int(px, o, "power", 0, 20, &ch->power) == -1 ||
	    opt_int(px, o, "to_hit_close", -5, 9, &ch->to_hit_close) == -1 ||
	    opt_int(px, o, "to_hit_ranged", -5, 9, &ch->to_hit_ranged) == -1 ||
	    opt_int(px, o, "damage_bonus", -5, 9, &ch->damage_bonus) == -1 ||
	    opt_int(px, o, "defense_bonus", -5, 9, &ch->defense_bonus) == -1 ||
	    opt_int(px, o, "hidden_markers", 0, 9, &ch->hidden_markers) == -1)
		return -1;
	if (ch->hidden_markers == 1)
		return fail(px, "hidden_markers",
		    "expected 0 (none) or 2..9 markers, got 1");
	if ((v = item(o, "species")) != NULL) {
		if (get_enum(px, v, "species", ccg_species_names, &x) == -1)
			return -1;
		if (x == CCG_SPECIES_NONE)
			return fail(px, "species", "a character needs a species other than none");
		ch->species = (enum ccg_species)x;
	} else if (c->faction == CCG_FACTION_ALIENS || ccg_card_has_resource(c, "Alien"))
		ch->species = CCG_SPECIES_ALIEN;
	else if (c->faction == CCG_FACTION_PREDATOR || ccg_card_has_resource(c, "Predator"))
		ch->species = CCG_SPECIES_PREDATOR;
	else if (ccg_card_has_resource(c, "Synthetic"))
		ch->species = CCG_SPECIES_SYNTHETIC;
	else
		ch->species = CCG_SPECIES_HUMAN;
	if ((v = item(o, "rank")) != NULL) {
		if (c->faction != CCG_FACTION_MARINES)
			return fail(px, "rank", "only Marines characters have a rank");
		if (get_enum(px, v, "rank", ccg_rank_names, &x) == -1)
			return -1;
		if (x == CCG_RANK_NONE)
			return fail(px, "rank", "expected a rank other than none");
		ch->rank = (enum ccg_rank)x;
	} else if (c->faction == CCG_FACTION_MARINES && c->type == CCG_CARD_MAIN_CHARACTER)
		return fail(px, "rank", "missing (a Marines main character needs one: "
		    "private, corporal, sergeant, lieutenant, captain or irregular)");
	return 0;
}

static int
parse_type_fields(struct pctx *px, const cJSON *o, struct ccg_card *c)
{
	const cJSON *v;
	int x;

	switch (c->type) {
	case CCG_CARD_MAIN_CHARACTER:
	case CCG_CARD_SUPPORTING_CHARACTER:
		return parse_character(px, o, c);
	case CCG_CARD_LOCATION:
		if ((v = item(o, "class")) == NULL)
			return fail(px, "class", "missing (a location needs it)");
		if (get_enum(px, v, "class", ccg_location_class_names, &x) == -1)
			return -1;
		c->loc.cls = (enum ccg_location_class)x;
		if ((v = item(o, "environment")) == NULL)
			return fail(px, "environment", "missing (a location needs it)");
		if (get_enum(px, v, "environment", ccg_environment_names, &x) == -1)
			return -1;
		c->loc.env = (enum ccg_environment)x;
		return 0;
	case CCG_CARD_ITEM:
		if ((v = item(o, "kind")) == NULL)
			return fail(px, "kind", "missing (an item needs it)");
		if (get_enum(px, v, "kind", ccg_item_kind_names, &x) == -1)
			return -1;
		c->item.kind = (enum ccg_item_kind)x;
		if ((v = item(o, "range")) != NULL) {
			if (get_enum(px, v, "range", ccg_range_names, &x) == -1)
				return -1;
			c->item.range = (enum ccg_range)x;
		}
		if (c->item.kind == CCG_ITEM_WEAPON && c->item.range == CCG_RANGE_NONE)
			return fail(px, "range", "a weapon needs a range: close, short or long");
		if (c->item.kind != CCG_ITEM_WEAPON && c->item.kind != CCG_ITEM_AMMO &&
		    c->item.range != CCG_RANGE_NONE)
			return fail(px, "range", "only weapons and ammo have a range");
		if (opt_int(px, o, "damage", -9, 20, &c->item.damage) == -1 ||
		    opt_int(px, o, "armor", 0, 20, &c->item.armor) == -1 ||
		    opt_int(px, o, "to_hit", -5, 5, &c->item.to_hit) == -1 ||
		    opt_int(px, o, "bind", 0, 20, &c->item.bind) == -1)
			return -1;
		if (c->item.damage < 0 && c->item.kind != CCG_ITEM_AMMO)
			return fail(px, "damage", "only ammo may lower damage, got %d",
			    c->item.damage);
		return 0;
	case CCG_CARD_VEHICLE:
		return (need_int(px, o, "speed", 0, 9, &c->veh.speed) == -1 ||
		    need_int(px, o, "capacity", 1, 9, &c->veh.capacity) == -1 ||
		    need_int(px, o, "armor", 0, 20, &c->veh.armor) == -1 ||
		    need_int(px, o, "hull", 1, 20, &c->veh.hull) == -1) ? -1 : 0;
	case CCG_CARD_BARRIER:
		return need_int(px, o, "power", 1, 20, &c->barrier.power);
	default:
		return 0;
	}
}

/* Honor for killing a card, from the rulebook's table, when not given. */
static int
default_kill_honor(const struct ccg_card *c)
{
	int h;

	switch (c->type) {
	case CCG_CARD_MAIN_CHARACTER:
		if (c->faction == CCG_FACTION_ROGUE || c->faction == CCG_FACTION_MARINES)
			return 2;
		return -1;
	case CCG_CARD_SUPPORTING_CHARACTER:
		return (c->keywords & CCG_KW_UNIQUE) ? 2 : 1;
	case CCG_CARD_ITEM:
		if (ccg_card_has_restriction(c, "Military Arms"))
			h = 4;
		else if (ccg_card_has_restriction(c, "Weaponry") ||
		    ccg_card_has_resource(c, "Weaponry"))
			h = 2;
		else
			return -1;
		if (c->keywords & CCG_KW_PROHIBITED)
			h += 2;
		if ((c->keywords & CCG_KW_UNIQUE) && (c->item.kind == CCG_ITEM_AMMO ||
		    c->item.kind == CCG_ITEM_ATTACHMENT))
			h += 1;
		return h;
	default:
		return -1;
	}
}

static void
derive(struct ccg_card *c)
{
	static const struct { const char *r; unsigned bit; } lk[] = {
		{ "Operations", CCG_LK_OPERATIONS },
		{ "Docking Bay", CCG_LK_DOCKING_BAY },
		{ "Breeding Chamber", CCG_LK_BREEDING_CHAMBER },
		{ "Hive", CCG_LK_HIVE },
		{ "Submerged", CCG_LK_SUBMERGED },
		{ "Water", CCG_LK_SUBMERGED },
		{ "Confined", CCG_LK_CONFINED },
		{ "Cover", CCG_LK_COVER },
		{ "Hi-Tech", CCG_LK_HI_TECH },
		{ "Computers", CCG_LK_HI_TECH },
		{ "Predator Shuttle", CCG_LK_PREDATOR_SHIP },
		{ "Predator Ship", CCG_LK_PREDATOR_SHIP },
		{ "Predator Mothership", CCG_LK_PREDATOR_SHIP },
	};
	size_t i;

	if (ccg_card_has_resource(c, "Leader"))
		c->keywords |= CCG_KW_LEADER;
	if (ccg_card_has_resource(c, "Adaptable"))
		c->keywords |= CCG_KW_ADAPTABLE;
	if (c->type == CCG_CARD_MAIN_CHARACTER && c->faction == CCG_FACTION_ALIENS &&
	    ccg_card_has_resource(c, "Queen"))
		c->keywords |= CCG_KW_QUEEN;
	if (c->type == CCG_CARD_VEHICLE && ccg_card_has_resource(c, "Enclosed"))
		c->keywords |= CCG_KW_ENCLOSED;
	if (c->type == CCG_CARD_ITEM && ccg_card_has_resource(c, "Edged"))
		c->keywords |= CCG_KW_EDGED;
	if (c->type == CCG_CARD_LOCATION)
		for (i = 0; i < sizeof(lk) / sizeof(lk[0]); i++)
			if (ccg_card_has_resource(c, lk[i].r))
				c->loc.kinds |= lk[i].bit;
}

/* An event's "timing": the rounds it may be played in (default: combat). */
static int
parse_timing(struct pctx *px, const cJSON *o, struct ccg_card *c)
{
	const cJSON *v, *e;
	char f[32];
	size_t i = 0;
	int x;

	if ((v = item(o, "timing")) == NULL) {
		c->timing = CCG_TIMING_COMBAT;
		return 0;
	}
	if (!cJSON_IsArray(v))
		return fail_got(px, "timing", "an array of rounds (combat, "
		    "movement, search)", v);
	if (cJSON_GetArraySize(v) == 0)
		return fail(px, "timing", "empty; expected one or more rounds "
		    "(combat, movement, search)");
	cJSON_ArrayForEach(e, v) {
		snprintf(f, sizeof(f), "timing[%zu]", i++);
		if (get_enum(px, e, f, ccg_timing_names, &x) == -1)
			return -1;
		if (c->timing & (1u << x))
			return fail(px, f, "\"%s\" is listed twice",
			    ccg_timing_names[x]);
		c->timing |= 1u << x;
	}
	return 0;
}

static int
parse_card(struct pctx *px, const cJSON *o, struct ccg_card *c)
{
	const cJSON *v, *e;
	const char *s;
	size_t i;
	int x;

	if ((v = item(o, "type")) == NULL)
		return fail(px, "type", "missing");
	if (get_enum(px, v, "type", ccg_card_type_names, &x) == -1)
		return -1;
	c->type = (enum ccg_card_type)x;
	px->type = x;
	if (check_keys(px, o, "", common_fields, type_fields(c->type),
	    a_type(c->type)) == -1)
		return -1;

	if ((v = item(o, "id")) == NULL)
		return fail(px, "id", "missing");
	if (get_str(px, v, "id", MAX_ID, &s) == -1)
		return -1;
	if (!valid_id(s))
		return fail_got(px, "id", "letters, digits, '.', '_' or '-', starting "
		    "with a letter or digit", v);
	c->id = xstrdup(s);

	c->faction = CCG_FACTION_NEUTRAL;
	if ((v = item(o, "faction")) != NULL) {
		if (get_enum(px, v, "faction", ccg_faction_names, &x) == -1)
			return -1;
		c->faction = (enum ccg_faction)x;
	}
	if (c->type == CCG_CARD_MAIN_CHARACTER && (c->faction == CCG_FACTION_NEUTRAL ||
	    c->faction == CCG_FACTION_HUMAN))
		return fail_got(px, "faction", "rogue, marines, predator or aliens "
		    "(a main character belongs to one player's faction)", item(o, "faction"));

	if ((v = item(o, "resources")) != NULL &&
	    get_terms(px, v, "resources", &c->resources, &c->nresources) == -1)
		return -1;
	if ((v = item(o, "restrictions")) != NULL &&
	    get_terms(px, v, "restrictions", &c->restrictions, &c->nrestrictions) == -1)
		return -1;
	if ((v = item(o, "keywords")) != NULL) {
		char f[32];

		if (!cJSON_IsArray(v))
			return fail_got(px, "keywords", "an array of keywords", v);
		i = 0;
		cJSON_ArrayForEach(e, v) {
			snprintf(f, sizeof(f), "keywords[%zu]", i++);
			if (get_enum(px, e, f, ccg_keyword_names, &x) == -1)
				return -1;
			if (c->keywords & (1u << x))
				return fail(px, f, "\"%s\" is listed twice", ccg_keyword_names[x]);
			if (!(type_keywords(c->type) & (1u << x)))
				return fail(px, f, "%s is not a keyword of %s",
				    ccg_keyword_names[x], a_type(c->type));
			c->keywords |= 1u << x;
		}
		if ((c->keywords & CCG_KW_UNIQUE) && (c->keywords & CCG_KW_LIMITED))
			return fail(px, "keywords", "a card is unique or limited, not both");
	}
	if (parse_type_fields(px, o, c) == -1)
		return -1;
	if (c->type == CCG_CARD_EVENT && parse_timing(px, o, c) == -1)
		return -1;
	derive(c);

	c->honor = -1;
	if ((v = item(o, "honor")) != NULL && !cJSON_IsNull(v) &&
	    get_int(px, v, "honor", 0, 99, &c->honor) == -1)
		return -1;
	if ((v = item(o, "kill_honor")) == NULL)
		c->kill_honor = default_kill_honor(c);
	else if (cJSON_IsNull(v))
		c->kill_honor = -1;
	else if (get_int(px, v, "kill_honor", 0, 99, &c->kill_honor) == -1)
		return -1;
	if (opt_int(px, o, "cp_cost", 0, 20, &c->cp_cost) == -1)
		return -1;
	if ((v = item(o, "rarity")) != NULL) {
		if (get_str(px, v, "rarity", MAX_TERM, &s) == -1)
			return -1;
		c->rarity = xstrdup(s);
	}
	if ((v = item(o, "text")) != NULL) {
		if (get_str(px, v, "text", MAX_TEXT, &s) == -1)
			return -1;
		c->text = xstrdup(s);
	}
	if ((v = item(o, "notes")) != NULL && !cJSON_IsString(v))
		return fail_got(px, "notes", "a string", v);

	if ((v = item(o, "effects")) != NULL) {
		if (!cJSON_IsArray(v))
			return fail_got(px, "effects", "an array of effects", v);
		if (cJSON_GetArraySize(v) > MAX_LIST)
			return fail(px, "effects", "more than %d entries", MAX_LIST);
		c->effects = xcalloc((size_t)cJSON_GetArraySize(v) + 1, sizeof(*c->effects));
		cJSON_ArrayForEach(e, v) {
			if (parse_effect(px, e, c->neffects, c, &c->effects[c->neffects]) == -1) {
				free((char *)c->effects[c->neffects].term);
				free((char *)c->effects[c->neffects].requires);
				return -1;
			}
			c->neffects++;
		}
	}
	return 0;
}

void
ccg_card_free(struct ccg_card *c)
{
	size_t i;

	if (c == NULL)
		return;
	free((char *)c->id);
	free((char *)c->name);
	free((char *)c->slug);
	free((char *)c->set);
	free((char *)c->file);
	for (i = 0; i < c->nresources; i++)
		free((char *)c->resources[i]);
	free(c->resources);
	for (i = 0; i < c->nrestrictions; i++)
		free((char *)c->restrictions[i]);
	free(c->restrictions);
	for (i = 0; i < c->neffects; i++) {
		free((char *)c->effects[i].term);
		free((char *)c->effects[i].requires);
	}
	free(c->effects);
	free((char *)c->rarity);
	free((char *)c->text);
	free(c);
}

void
ccg_cardfile_clear(struct ccg_cardfile *f)
{
	size_t i;

	for (i = 0; i < f->ncards; i++)
		ccg_card_free(f->cards[i]);
	free(f->cards);
	memset(f, 0, sizeof(*f));
}

/* Line number of p in data (1-based). */
static unsigned
line_of(const char *data, size_t len, const char *p)
{
	unsigned line = 1;
	size_t i;

	for (i = 0; i < len && data + i < p; i++)
		if (data[i] == '\n')
			line++;
	return line;
}

static const char *const file_fields[] = {
	"format", "version", "set", "sample", "note", "licence", "cards", NULL
};

int
ccg_cardfile_parse(const char *name, const char *data, size_t len,
    struct ccg_cardfile *out, char **cause)
{
	struct pctx px = { name, NULL, cause, -1 };
	struct ccg_cardfile f = { NULL, 0, 0 };
	const char *end = NULL, *set = NULL, *cname;
	const cJSON *v, *o;
	cJSON *root;
	char *slug;
	size_t i, n;
	int version;

	memset(out, 0, sizeof(*out));
	if (memchr(data, '\0', len) != NULL)
		return fail(&px, NULL, "holds a NUL byte; expected JSON text");
	if ((root = cJSON_ParseWithLengthOpts(data, len, &end, 0)) == NULL)
		return fail(&px, NULL, "not valid JSON (line %u)",
		    line_of(data, len, end != NULL ? end : cJSON_GetErrorPtr()));
	if (!cJSON_IsObject(root)) {
		fail(&px, NULL, "expected a JSON object at the top");
		goto bad;
	}
	if (check_keys(&px, root, "", file_fields, NULL, "a card file") == -1)
		goto bad;
	v = item(root, "format");
	if (!cJSON_IsString(v) || strcmp(v->valuestring, CARD_FORMAT) != 0) {
		fail_got(&px, "format", "\"" CARD_FORMAT "\"", v);
		goto bad;
	}
	if ((v = item(root, "version")) == NULL) {
		fail(&px, "version", "missing");
		goto bad;
	}
	if (get_int(&px, v, "version", CARD_VERSION, CARD_VERSION, &version) == -1)
		goto bad;
	if ((v = item(root, "set")) == NULL) {
		fail(&px, "set", "missing");
		goto bad;
	}
	if (get_str(&px, v, "set", MAX_NAME, &set) == -1)
		goto bad;
	if ((v = item(root, "sample")) != NULL) {
		if (!cJSON_IsBool(v)) {
			fail_got(&px, "sample", "true or false", v);
			goto bad;
		}
		f.sample = cJSON_IsTrue(v);
	}
	if (((v = item(root, "note")) != NULL && !cJSON_IsString(v)) ||
	    ((v = item(root, "licence")) != NULL && !cJSON_IsString(v))) {
		fail_got(&px, v->string, "a string", v);
		goto bad;
	}
	v = item(root, "cards");
	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0) {
		fail_got(&px, "cards", "a non-empty array of cards", v);
		goto bad;
	}
	n = (size_t)cJSON_GetArraySize(v);
	if (n > MAX_CARDS) {
		fail(&px, "cards", "more than %d cards", MAX_CARDS);
		goto bad;
	}
	f.cards = xcalloc(n, sizeof(*f.cards));
	i = 0;
	cJSON_ArrayForEach(o, v) {
		struct ccg_card *c;
		const cJSON *nm;
		size_t j;

		px.card = xasprintf("card #%zu", i + 1);
		px.type = -1;
		if (!cJSON_IsObject(o)) {
			fail_got(&px, NULL, "an object", o);
			goto bad;
		}
		nm = item(o, "name");
		if (nm == NULL) {
			fail(&px, "name", "missing");
			goto bad;
		}
		if (get_str(&px, nm, "name", MAX_NAME, &cname) == -1)
			goto bad;
		slug = ccg_slugify(cname);
		if (*slug == '\0') {
			free(slug);
			fail(&px, "name", "has no letter or digit, so no slug");
			goto bad;
		}
		free(px.card);
		px.card = xasprintf("card \"%s\"", cname);
		c = f.cards[f.ncards++] = xcalloc(1, sizeof(*c));
		c->name = xstrdup(cname);
		c->slug = slug;
		c->set = xstrdup(set);
		c->file = xstrdup(name);
		if (parse_card(&px, o, c) == -1)
			goto bad;
		for (j = 0; j + 1 < f.ncards; j++) {
			if (strcmp(f.cards[j]->id, c->id) == 0) {
				fail(&px, "id", "\"%s\" is already the id of \"%s\"",
				    c->id, f.cards[j]->name);
				goto bad;
			}
			if (strcmp(f.cards[j]->slug, c->slug) == 0) {
				fail(&px, "name", "same slug \"%s\" as card \"%s\"",
				    c->slug, f.cards[j]->name);
				goto bad;
			}
		}
		free(px.card);
		px.card = NULL;
		i++;
	}
	cJSON_Delete(root);
	*out = f;
	return 0;
bad:
	free(px.card);
	ccg_cardfile_clear(&f);
	cJSON_Delete(root);
	return -1;
}
