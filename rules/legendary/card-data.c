/*
 * card-data.c — the Legendary card data and its effect language
 * (muthur-legendary(5) section 6): parsed, validated with one error naming
 * the card, the member and what was expected.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

static const char *const kinds[] = { "character", "starting", "commander", "role",
	"enemy", "goal", "event", "hazard", "strike", "armory", "prey", "danger", "gear-up",
	"gear", "trap", "prey-strike", "killer-instinct", "test", "challenge",
	"predator-role", NULL };
static const char *const whens[] = { "play", "use", "kill", "reveal", "death",
	"strike", "ongoing", "coordinated", "fight", "event", "drawn", "cover", NULL };
static const char *const timess[] = { "once", "other-characters", "same-character",
	"coordinations", "marks", "classes-played", NULL };
static const char *const conds[] = { "", "played_class", "not_played_class",
	"played_team", "objective", "not_objective", "visible", "scanned", "revealed",
	"marked", "clear", "show", NULL };
/* The verbs, in enum lg_verb order; 'b' takes true, 'n' a number, 'o' an object. */
static const struct { const char *name; char arg; } verbs[E_NVERBS] = {
	{ "attack", 'n' }, { "recruit", 'n' }, { "draw", 'n' }, { "heal", 'n' },
	{ "avoid", 'n' }, { "free_scan", 'n' }, { "kill_own", 'n' }, { "gain", 'n' },
	{ "strike", 'n' }, { "mark", 'n' }, { "kill_discount", 'n' }, { "no_strikes", 'b' },
	{ "double_attack", 'b' }, { "gain_to_top", 'b' }, { "discard_top", 'n' },
	{ "discard_to_top", 'n' }, { "enemy_enters", 'n' }, { "enter_hills", 'n' },
	{ "advance", 'n' }, { "end_turn", 'b' }, { "flip_back", 'b' },
	{ "flip_all_down", 'b' }, { "strike_attack", 'n' }, { "goal_need", 'n' },
	{ "goal_progress", 'n' }, { "discard_self", 'b' }, { "heal_first", 'b' },
	{ "scan_cost", 'n' }, { "enemy_attack", 'o' }, { "self_attack", 'o' },
	{ "close_call_redraw", 'b' }, { "no_coordinate_draw", 'b' }, { "protect_final", 'b' },
	{ "restore", 'n' }, { "duel", 'n' }, { "trap", 'n' }, { "honor", 'n' },
	{ "discard_draw", 'n' }, { "swap_values", 'n' }, { "unmark", 'n' },
	{ "not_killed", 'b' }, { "to_operations", 'n' }, { "cancel_discard", 'n' },
	{ "kill_enemy", 'n' }, { "discard_hand", 'n' },
	{ "attach", 'b' }, { "to_front", 'b' }, { "reveal_armory", 'n' },
	{ "to_enemy_deck", 'b' },
};

/*
 * Combining Predator with Aliens: a card written for Aliens names an
 * effect by its Aliens word; "Avoid the next Strike" is played as "Avoid
 * any one Strike" (the verb avoid, the order avoid ENEMY).
 */
static const struct { const char *aliens; enum lg_verb verb; } verb_aliases[] = {
	{ "avoid_next", E_AVOID },
};
static const char *const whos[] = { "you", "each-player", "next-player",
	"you-and-next-player", NULL };
/* The verbs that act on one seat, the only ones "who" may send to another. */
static const enum lg_verb seat_verbs[] = { E_DRAW, E_STRIKE, E_MARK, E_UNMARK,
	E_DISCARD_TOP, E_HEAL, E_DISCARD_HAND, E_TO_FRONT };
static const char *const keywords[] = { "coordinate", "brothers-in-arms", "showboat",
	"call-for-backup", "double-strike", "runner", "final-enemy", "minor-goal",
	"escape", "lethal", "disarming", "arrest", "worthy-prey", "ultimate-prey", "duel",
	"mercenary", "no-heal", "not-cooperative", NULL };
static const char *const classes[] = { "intel", "leadership", "strength", "survival",
	"tech", NULL };

static int
index_of(const char *const *v, const char *s)
{
	int i;

	for (i = 0; s != NULL && v[i] != NULL; i++)
		if (strcmp(v[i], s) == 0)
			return i;
	return -1;
}

static char *
joined(const char *const *v, int from)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	for (i = from; v[i] != NULL; i++)
		strbuf_addf(&sb, "%s%s", i > from ? ", " : "", v[i]);
	return strbuf_detach(&sb, NULL);
}

static char *
verb_names(void)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	for (i = 0; i < E_NVERBS; i++)
		strbuf_addf(&sb, "%s%s", i > 0 ? ", " : "", verbs[i].name);
	return strbuf_detach(&sb, NULL);
}

/* Where an error is: "NAME: WHAT: MEMBER: " is the prefix of every cause. */
struct where {
	const char	*file;
	char		 what[96];
};

static int
bad(char **cause, const struct where *w, const char *member, const char *fmt,
    const char *got, const char *expected)
{
	/* fmt holds one "%s", replaced by got */
	const char *at = strstr(fmt, "%s");
	char *msg = at == NULL ? xstrdup(fmt) : xasprintf("%.*s%s%s", (int)(at - fmt), fmt,
	    got != NULL ? got : "", at + 2);

	cause_set(cause, "%s: %s: %s: %s; expected %s", w->file, w->what, member, msg,
	    expected);
	free(msg);
	return -1;
}

static const char *
str_member(const cJSON *o, const char *k)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, k));
}

/* A number member 0..max (absent: def); -1 on error. */
static int
num_member(const cJSON *o, const char *k, int def, int max, int *out, const struct where *w,
    char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
	char exp[32];

	if (v == NULL || cJSON_IsNull(v)) {
		*out = def;
		return 0;
	}
	snprintf(exp, sizeof exp, "a whole number 0..%d", max);
	if (!cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint ||
	    v->valueint < 0 || v->valueint > max)
		return bad(cause, w, k, "not %s", "a whole number in range", exp);
	*out = v->valueint;
	return 0;
}

static int
parse_effect(const struct lg_db *db, const cJSON *e, struct lg_effect *out,
    const struct where *w, const char *member, char **cause)
{
	const cJSON *v;
	char *names, m[200];
	int k, rc;

	if (!cJSON_IsObject(e) || cJSON_GetArraySize(e) != 1)
		return bad(cause, w, member, "not an object of one member%s", "",
		    "one effect such as {\"attack\": 2}");
	v = e->child;
	for (k = 0; k < E_NVERBS && strcmp(verbs[k].name, v->string) != 0; k++)
		;
	for (rc = 0; k == E_NVERBS && rc < (int)(sizeof verb_aliases /
	    sizeof verb_aliases[0]); rc++)
		if (strcmp(verb_aliases[rc].aliens, v->string) == 0)
			k = (int)verb_aliases[rc].verb;
	snprintf(m, sizeof m, "%.100s.%.40s", member, v->string);
	if (k == E_NVERBS) {
		names = verb_names();
		rc = cause_set(cause, "%s: %s: %s: unknown effect \"%s\"; expected one of %s",
		    w->file, w->what, member, v->string, names);
		free(names);
		return rc;
	}
	out->verb = (enum lg_verb)k;
	out->n = 1;
	out->card = -1;
	out->per = LT_ONE;
	switch (verbs[k].arg) {
	case 'b':
		if (!cJSON_IsTrue(v))
			return bad(cause, w, m, "not true%s", "", "true");
		break;
	case 'n':
		if (!cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint ||
		    v->valueint < -9 || v->valueint > 9 || v->valueint == 0)
			return bad(cause, w, m, "not a number -9..9 other than 0%s", "",
			    "a whole number -9..9, not 0");
		out->n = v->valueint;
		break;
	default:	/* enemy_attack {card, delta}; self_attack {per, delta} */
		if (!cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(v, "delta")))
			return bad(cause, w, m, "no \"delta\"%s", "", "{\"delta\": N, ...}");
		out->n = cJSON_GetObjectItemCaseSensitive(v, "delta")->valueint;
		if (k == E_ENEMY_ATTACK) {
			out->card = lg_card_find(db, str_member(v, "card"));
			if (out->card < 0)
				return bad(cause, w, m, "card \"%s\" is not in the data",
				    str_member(v, "card") ? str_member(v, "card") : "",
				    "the slug of a card listed before it");
		} else {
			k = index_of(timess, str_member(v, "per"));
			if (k < 1) {
				names = joined(timess, 1);
				rc = bad(cause, w, m, "\"per\" is not known%s", "", names);
				free(names);
				return rc;
			}
			out->per = (enum lg_times)k;
		}
	}
	return 0;
}

int
lg_space(const struct lg_db *db, const char *name)
{
	/* Combining Predator with Aliens: the Aliens room, the board's space */
	static const char *const aliens[][2] = { { "airlock", "hills" },
		{ "med-lab", "ruins" }, { "weapons-locker", "river" },
		{ "power-station", "graveyard" }, { "ventilation-shafts", "underground" } };
	size_t k;
	int i;

	for (k = 0; k < sizeof aliens / sizeof aliens[0]; k++)
		if (strcmp(aliens[k][0], name) == 0)
			name = aliens[k][1];
	for (i = 0; i < LG_SPACES; i++)
		if (strcmp(db->space[i], name) == 0)
			return i;
	return -1;
}

int
lg_card_find(const struct lg_db *db, const char *slug)
{
	/* Combining Predator with Aliens: the Aliens names of the starting cards */
	static const char *const aliens[][2] = { { "specialist", "experience" },
		{ "grunt", "brute-strength" } };
	size_t k;
	int i;

	for (i = 0; slug != NULL && i < db->ncards; i++)
		if (strcmp(db->cards[i].slug, slug) == 0)
			return i;
	for (k = 0; slug != NULL && k < sizeof aliens / sizeof aliens[0]; k++)
		if (strcmp(aliens[k][0], slug) == 0)
			return lg_card_find(db, aliens[k][1]);
	return -1;
}

/*
 * The member key of o, one word of v: its index into *out (absent: 0);
 * -1 with the error naming member.key and the words.
 */
static int
word_member(const cJSON *o, const char *key, const char *const *v, const char *member,
    int *out, const struct where *w, char **cause)
{
	char m[200], *names;
	int rc;

	*out = 0;
	if (cJSON_GetObjectItemCaseSensitive(o, key) == NULL)
		return 0;
	if ((*out = index_of(v, str_member(o, key))) >= 0)
		return 0;
	snprintf(m, sizeof m, "%s.%s", member, key);
	names = joined(v, 0);
	rc = bad(cause, w, m, "unknown \"%s\"", str_member(o, key), names);
	free(names);
	return rc;
}

/* One ability object; allow_when NULL: any. */
static int
parse_ability(const struct lg_db *db, const cJSON *o, struct lg_ability *a,
    const struct where *w, const char *member, char **cause)
{
	const cJSON *iff, *dos, *e, *pay;
	char m[200], *names;
	int k, rc;

	memset(a, 0, sizeof *a);
	if (!cJSON_IsObject(o))
		return bad(cause, w, member, "not an object%s", "", "an ability object");
	if ((a->unexpressed = str_member(o, "unexpressed")) != NULL) {
		if (cJSON_GetArraySize(o) != 1 || a->unexpressed[0] == '\0')
			return bad(cause, w, member, "\"unexpressed\" with other members%s", "",
			    "{\"unexpressed\": \"why\"} alone");
		return 0;
	}
	for (e = o->child; e != NULL; e = e->next)
		if (index_of((const char *const[]){ "when", "if", "times", "where", "do",
		    "pay", "sample", "who", NULL }, e->string) < 0) {
			snprintf(m, sizeof m, "%s.%s", member, e->string);
			return bad(cause, w, m, "unknown member%s", "",
			    "when, if, times, where, pay, do, sample, who (or unexpressed "
			    "alone)");
		}
	if (word_member(o, "who", whos, member, &k, w, cause) == -1)
		return -1;
	a->who = (enum lg_who)k;
	if (cJSON_GetObjectItemCaseSensitive(o, "sample") != NULL &&
	    ((a->sample = str_member(o, "sample")) == NULL || a->sample[0] == '\0')) {
		snprintf(m, sizeof m, "%s.sample", member);
		return bad(cause, w, m, "not a string%s", "", "which value of the ability is "
		    "ours, as words");
	}
	snprintf(m, sizeof m, "%s.when", member);
	if ((k = index_of(whens, str_member(o, "when"))) < 0) {
		names = joined(whens, 0);
		rc = bad(cause, w, m, "missing or unknown \"%s\"", str_member(o, "when"), names);
		free(names);
		return rc;
	}
	a->when = (enum lg_when)k;
	if (word_member(o, "times", timess, member, &k, w, cause) == -1)
		return -1;
	a->times = (enum lg_times)k;
	if (cJSON_GetObjectItemCaseSensitive(o, "where") != NULL) {
		snprintf(m, sizeof m, "%s.where", member);
		if (str_member(o, "where") == NULL || strcmp(str_member(o, "where"),
		    "combat-zone") != 0)
			return bad(cause, w, m, "not \"combat-zone\"%s", "", "\"combat-zone\"");
		a->in_cz = 1;
	}
	if ((pay = cJSON_GetObjectItemCaseSensitive(o, "pay")) != NULL) {
		/* "Pay X": {"recruit": N} or {"attack": N}, for an ability used later */
		snprintf(m, sizeof m, "%s.pay", member);
		if (!cJSON_IsObject(pay) || a->when != LW_USE ||
		    num_member(pay, "recruit", 0, 20, &a->pay_recruit, w, cause) == -1 ||
		    num_member(pay, "attack", 0, 20, &a->pay_attack, w, cause) == -1 ||
		    a->pay_recruit + a->pay_attack == 0 || cJSON_GetArraySize(pay) !=
		    (a->pay_recruit > 0) + (a->pay_attack > 0))
			return bad(cause, w, m, "not a cost of a \"use\" ability%s", "",
			    "{\"recruit\": N} and/or {\"attack\": N}, N 1..20, with \"when\": "
			    "\"use\"");
	}
	if ((iff = cJSON_GetObjectItemCaseSensitive(o, "if")) != NULL) {
		snprintf(m, sizeof m, "%s.if", member);
		if (!cJSON_IsObject(iff) || cJSON_GetArraySize(iff) != 1 ||
		    (k = index_of(conds, iff->child->string)) < 1) {
			names = joined(conds, 1);
			rc = bad(cause, w, m, "not one known condition%s", "", names);
			free(names);
			return rc;
		}
		a->cond = (enum lg_cond)k;
		if (k == LC_SCANNED || k == LC_MARKED) {
			if (!cJSON_IsTrue(iff->child))
				return bad(cause, w, m, "not true%s", "", "true");
		} else if ((a->arg = cJSON_GetStringValue(iff->child)) == NULL)
			return bad(cause, w, m, "not a string%s", "", "a class, team or slug");
		else if ((k == LC_PLAYED_CLASS || k == LC_NOT_PLAYED_CLASS || k == LC_SHOW) &&
		    index_of(classes, a->arg) < 0) {
			names = joined(classes, 0);
			rc = bad(cause, w, m, "unknown class \"%s\"", a->arg, names);
			free(names);
			return rc;
		}
	}
	dos = cJSON_GetObjectItemCaseSensitive(o, "do");
	snprintf(m, sizeof m, "%s.do", member);
	if (!cJSON_IsArray(dos) || cJSON_GetArraySize(dos) < 1 ||
	    cJSON_GetArraySize(dos) > LG_EFFECTS)
		return bad(cause, w, m, "missing or not 1..4 effects%s", "",
		    "an array of 1 to 4 effects");
	cJSON_ArrayForEach(e, dos) {
		snprintf(m, sizeof m, "%s.do[%d]", member, a->neff);
		if (parse_effect(db, e, &a->eff[a->neff], w, m, cause) == -1)
			return -1;
		for (k = 0; a->who != LWH_YOU && k < (int)(sizeof seat_verbs /
		    sizeof seat_verbs[0]) && seat_verbs[k] != a->eff[a->neff].verb; k++)
			;
		if (a->who != LWH_YOU && k == (int)(sizeof seat_verbs / sizeof seat_verbs[0]))
			return bad(cause, w, m, "\"%s\" acts on the turn, not on a player, so "
			    "\"who\" cannot send it to another", verbs[a->eff[a->neff].verb].name,
			    "with \"who\" only draw, strike, mark, unmark, discard_top, heal, "
			    "discard_hand, to_front");
		a->neff++;
	}
	return 0;
}

static int
parse_card(struct lg_db *db, const cJSON *o, struct lg_card *c, struct where *w,
    char **cause)
{
	const cJSON *kw, *abs, *e;
	char m[32], *names;
	int k, rc;

	memset(c, 0, sizeof *c);
	c->objective = -1;
	if (!cJSON_IsObject(o) || (c->slug = str_member(o, "slug")) == NULL ||
	    (c->name = str_member(o, "name")) == NULL)
		return bad(cause, w, "slug", "missing%s", "", "\"slug\" and \"name\" strings");
	snprintf(w->what, sizeof w->what, "card \"%.60s\"", c->slug);
	if (lg_card_find(db, c->slug) >= 0)
		return bad(cause, w, "slug", "listed twice%s", "", "each slug once");
	if ((k = index_of(kinds, str_member(o, "kind"))) < 0) {
		names = joined(kinds, 0);
		rc = bad(cause, w, "kind", "missing or unknown%s", "", names);
		free(names);
		return rc;
	}
	c->kind = (enum lg_kind)k;
	c->character = str_member(o, "character");
	c->team = str_member(o, "team");
	c->cls = str_member(o, "class");
	if (c->cls != NULL && index_of(classes, c->cls) < 0) {
		names = joined(classes, 0);
		rc = bad(cause, w, "class", "unknown \"%s\"", c->cls, names);
		free(names);
		return rc;
	}
	if (c->kind == LG_CHARACTER && (c->character == NULL || c->cls == NULL))
		return bad(cause, w, "character", "a character without a pool or class%s", "",
		    "\"character\" and \"class\"");
	if (num_member(o, "cost", 0, 20, &c->cost, w, cause) == -1 ||
	    num_member(o, "attack", 0, 20, &c->attack, w, cause) == -1 ||
	    num_member(o, "recruit", 0, 20, &c->recruit, w, cause) == -1 ||
	    num_member(o, "damage", 0, 9, &c->damage, w, cause) == -1 ||
	    num_member(o, "copies", 1, 24, &c->copies, w, cause) == -1 ||
	    num_member(o, "honor", 0, 9, &c->honor, w, cause) == -1 ||
	    num_member(o, "dishonor", 0, 9, &c->dishonor, w, cause) == -1)
		return -1;
	/* a Test's or Challenge's condition: {"what": W, "n": N} */
	if ((e = cJSON_GetObjectItemCaseSensitive(o, "goal")) != NULL) {
		c->goal_what = pd_goal_what(str_member(e, "what"));
		if (c->goal_what < 0 || num_member(e, "n", 1, 9, &c->goal_n, w, cause) == -1)
			return c->goal_what < 0 ? bad(cause, w, "goal.what", "unknown%s", "",
			    "kills, worthy, duels, recruits, healed, gear, dangers, armory or "
			    "trophies") : -1;
	} else if (c->kind == LG_TEST || c->kind == LG_CHALLENGE)
		return bad(cause, w, "goal", "missing%s", "", "{\"what\": W, \"n\": N}");
	c->sample = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "sample"));
	kw = cJSON_GetObjectItemCaseSensitive(o, "keywords");
	if (kw != NULL && !cJSON_IsArray(kw))
		return bad(cause, w, "keywords", "not an array%s", "", "an array of keywords");
	cJSON_ArrayForEach(e, kw) {
		if ((k = index_of(keywords, cJSON_GetStringValue(e))) < 0) {
			names = joined(keywords, 0);
			rc = bad(cause, w, "keywords", "unknown keyword \"%s\"",
			    cJSON_GetStringValue(e), names);
			free(names);
			return rc;
		}
		c->kw |= 1u << k;
	}
	abs = cJSON_GetObjectItemCaseSensitive(o, "abilities");
	if (abs != NULL && (!cJSON_IsArray(abs) || cJSON_GetArraySize(abs) > 4))
		return bad(cause, w, "abilities", "not an array of at most 4%s", "",
		    "an array of ability objects");
	c->nab = abs != NULL ? cJSON_GetArraySize(abs) : 0;
	c->ab = xcalloc((size_t)c->nab + 1, sizeof *c->ab);
	k = 0;
	cJSON_ArrayForEach(e, abs) {
		snprintf(m, sizeof m, "abilities[%d]", k);
		if (parse_ability(db, e, &c->ab[k++], w, m, cause) == -1)
			return -1;
		/* Playing as Predators' effects act on the active Predator alone */
		if (c->ab[k - 1].who != LWH_YOU && c->kind >= LG_ARMORY) {
			snprintf(m, sizeof m, "abilities[%d].who", k - 1);
			return bad(cause, w, m, "on a card of Playing as Predators%s", "",
			    "\"who\" on a card of Playing as Humans only");
		}
	}
	return 0;
}

/* A deck list [{card, copies}] into v (at most max entries). */
static int
parse_list(const struct lg_db *db, const cJSON *a, int *v, int *n, int max,
    const struct where *w, const char *member, char **cause)
{
	const cJSON *e;
	int c, k, copies;

	*n = 0;
	if (!cJSON_IsArray(a))
		return bad(cause, w, member, "missing%s", "", "an array of {card, copies}");
	cJSON_ArrayForEach(e, a) {
		c = lg_card_find(db, str_member(e, "card"));
		copies = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(e, "copies")) ?
		    cJSON_GetObjectItemCaseSensitive(e, "copies")->valueint : 0;
		if (c < 0)
			return bad(cause, w, member, "card \"%s\" is not in the data",
			    str_member(e, "card") ? str_member(e, "card") : "?",
			    "slugs of cards of the file");
		if (copies < 1 || *n + copies > max)
			return bad(cause, w, member, "copies of \"%s\" out of range",
			    str_member(e, "card"), "copies 1.. within the deck's size");
		for (k = 0; k < copies; k++)
			v[(*n)++] = c;
	}
	return 0;
}

static int
parse_objective(struct lg_db *db, const cJSON *o, struct lg_objective *ob, struct where *w,
    char **cause)
{
	const cJSON *goal, *e, *ev;
	int k;

	memset(ob, 0, sizeof *ob);
	ob->kill = ob->minor = -1;
	if ((ob->slug = str_member(o, "slug")) == NULL || (ob->name = str_member(o, "name"))
	    == NULL)
		return bad(cause, w, "slug", "missing%s", "", "\"slug\" and \"name\"");
	snprintf(w->what, sizeof w->what, "objective \"%.60s\"", ob->slug);
	ob->film = str_member(o, "film");
	if (num_member(o, "stage", 0, 3, &ob->stage, w, cause) == -1)
		return -1;
	if (ob->stage < 1)
		return bad(cause, w, "stage", "missing%s", "", "1, 2 or 3");
	goal = cJSON_GetObjectItemCaseSensitive(o, "goal");
	if (!cJSON_IsObject(goal))
		return bad(cause, w, "goal", "missing%s", "", "an object");
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(goal, "reveal")) {
		if ((k = lg_card_find(db, cJSON_GetStringValue(e))) < 0 || ob->nreveal == 4)
			return bad(cause, w, "goal.reveal", "\"%s\" is not a card (or more "
			    "than 4)", cJSON_GetStringValue(e), "up to 4 goal card slugs");
		ob->reveal[ob->nreveal++] = k;
	}
	if (str_member(goal, "kill") != NULL) {
		if ((ob->kill = lg_card_find(db, str_member(goal, "kill"))) < 0)
			return bad(cause, w, "goal.kill", "\"%s\" is not a card",
			    str_member(goal, "kill"), "an enemy's slug");
		if (num_member(goal, "count", 1, 9, &ob->count, w, cause) == -1)
			return -1;
	}
	ob->final = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(goal, "final"));
	if (str_member(goal, "minor") != NULL &&
	    (ob->minor = lg_card_find(db, str_member(goal, "minor"))) < 0)
		return bad(cause, w, "goal.minor", "\"%s\" is not a card",
		    str_member(goal, "minor"), "a goal card's slug");
	if (ob->nreveal == 0 && ob->kill < 0 && !ob->final)
		return bad(cause, w, "goal", "nothing to do%s", "", "reveal, kill or final");
	ev = cJSON_GetObjectItemCaseSensitive(o, "event");
	if (!cJSON_IsArray(ev) || cJSON_GetArraySize(ev) != 1)
		return bad(cause, w, "event", "not one ability%s", "", "[ability]");
	return parse_ability(db, ev->child, &ob->event, w, "event[0]", cause);
}

static int
parse_rest(struct lg_db *db, const cJSON *root, struct where *w, char **cause)
{
	const cJSON *a, *e, *h, *x;
	int i, k, n;
	char m[32];

	snprintf(w->what, sizeof w->what, "the board");
	a = cJSON_GetObjectItemCaseSensitive(root, "wilds");
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != LG_SPACES)
		return bad(cause, w, "wilds", "not five spaces%s", "", "5 {space, scan}");
	i = 0;
	cJSON_ArrayForEach(e, a) {
		if ((db->space[i] = str_member(e, "space")) == NULL ||
		    num_member(e, "scan", 0, 9, &db->scan[i], w, cause) == -1)
			return bad(cause, w, "wilds", "a space without a name%s", "",
			    "{space, scan}");
		i++;
	}
	a = cJSON_GetObjectItemCaseSensitive(root, "young_blood_chart");
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != LG_SEATS)
		return bad(cause, w, "young_blood_chart", "not five rows%s", "",
		    "5 rows of 3 numbers");
	i = 0;
	cJSON_ArrayForEach(e, a) {
		for (k = 0; k < 3; k++) {
			x = cJSON_GetArrayItem(e, k);
			if (!cJSON_IsNumber(x) || x->valueint < 0 || x->valueint > 8)
				return bad(cause, w, "young_blood_chart", "a row not of 3 "
				    "numbers%s", "", "3 numbers 0..8 a row");
			db->chart[i][k] = x->valueint;
		}
		i++;
	}
	if (num_member(root, "hand", 6, 9, &db->hand, w, cause) == -1)
		return -1;
	a = cJSON_GetObjectItemCaseSensitive(root, "avatars");
	n = cJSON_GetArraySize(a);
	if (!cJSON_IsArray(a) || n < 1 || n > 16)
		return bad(cause, w, "avatars", "missing%s", "", "1..16 avatars");
	db->avatars = xcalloc((size_t)n, sizeof *db->avatars);
	cJSON_ArrayForEach(e, a) {
		struct lg_avatar *av = &db->avatars[db->navatars];

		av->slug = str_member(e, "slug");
		av->name = str_member(e, "name");
		av->film = str_member(e, "film");
		snprintf(w->what, sizeof w->what, "avatar \"%.60s\"", av->slug ? av->slug : "?");
		if (av->slug == NULL || av->name == NULL)
			return bad(cause, w, "slug", "missing%s", "", "\"slug\" and \"name\"");
		if (num_member(e, "health", 0, 30, &av->health, w, cause) == -1 ||
		    num_member(e, "defense", 0, 9, &av->defense, w, cause) == -1)
			return -1;
		av->role = lg_card_find(db, str_member(e, "role_card"));
		if (av->health < 1 || av->role < 0 || db->cards[av->role].kind != LG_ROLE)
			return bad(cause, w, "role_card", "not a role card (or no health)%s", "",
			    "health 1.. and the slug of a role card");
		db->navatars++;
	}
	a = cJSON_GetObjectItemCaseSensitive(root, "locations");
	n = cJSON_GetArraySize(a);
	if (!cJSON_IsArray(a) || n < 1 || n > 8)
		return bad(cause, w, "locations", "missing%s", "", "1..8 locations");
	db->locations = xcalloc((size_t)n, sizeof *db->locations);
	cJSON_ArrayForEach(e, a) {
		struct lg_location *lo = &db->locations[db->nlocations];

		lo->slug = str_member(e, "slug");
		lo->name = str_member(e, "name");
		snprintf(w->what, sizeof w->what, "location \"%.60s\"", lo->slug ? lo->slug : "?");
		/* a Location of Aliens (Combining Predator with Aliens) */
		if (cJSON_GetObjectItemCaseSensitive(e, "game") != NULL) {
			if (str_member(e, "game") == NULL || (strcmp(str_member(e, "game"),
			    "aliens") != 0 && strcmp(str_member(e, "game"), "predator") != 0))
				return bad(cause, w, "game", "unknown \"%s\"",
				    str_member(e, "game"), "\"predator\" or \"aliens\"");
			lo->aliens = strcmp(str_member(e, "game"), "aliens") == 0;
		}
		h = cJSON_GetObjectItemCaseSensitive(e, "hazards");
		if (lo->slug == NULL || lo->name == NULL || cJSON_GetArraySize(h) != 3)
			return bad(cause, w, "hazards", "missing%s", "",
			    "slug, name and 3 hazards (lists of effects)");
		for (k = 0; k < 3; k++) {
			cJSON *ab = cJSON_CreateObject();
			int rc;

			cJSON_AddStringToObject(ab, "when", "reveal");
			cJSON_AddItemReferenceToObject(ab, "do", cJSON_GetArrayItem(h, k));
			snprintf(m, sizeof m, "hazards[%d]", k);
			rc = parse_ability(db, ab, &lo->hazard[k], w, m, cause);
			cJSON_Delete(ab);
			if (rc == -1)
				return -1;
		}
		db->nlocations++;
	}
	a = cJSON_GetObjectItemCaseSensitive(root, "objectives");
	n = cJSON_GetArraySize(a);
	if (!cJSON_IsArray(a) || n < 3 || n > 6)
		return bad(cause, w, "objectives", "missing%s", "", "3..6 objectives");
	db->objectives = xcalloc((size_t)n, sizeof *db->objectives);
	cJSON_ArrayForEach(e, a)
		if (parse_objective(db, e, &db->objectives[db->nobjectives++], w, cause) == -1)
			return -1;
	snprintf(w->what, sizeof w->what, "the enemy decks");
	a = cJSON_GetObjectItemCaseSensitive(root, "mini_decks");
	if (cJSON_GetArraySize(a) != db->nobjectives)
		return bad(cause, w, "mini_decks", "not one per objective%s", "",
		    "{objective, cards} for each objective, in their order");
	i = 0;
	cJSON_ArrayForEach(e, a) {
		snprintf(m, sizeof m, "mini_decks[%d]", i);
		if (parse_list(db, cJSON_GetObjectItemCaseSensitive(e, "cards"), db->mini[i],
		    &db->nmini[i], 24, w, m, cause) == -1)
			return -1;
		i++;
	}
	if (parse_list(db, cJSON_GetObjectItemCaseSensitive(root, "young_blood"), db->young,
	    &db->nyoung, 40, w, "young_blood", cause) == -1)
		return -1;
	a = cJSON_GetObjectItemCaseSensitive(root, "movies");
	n = cJSON_GetArraySize(a);
	db->movies = xcalloc((size_t)n + 1, sizeof *db->movies);
	cJSON_ArrayForEach(e, a) {
		struct lg_movie *mv = &db->movies[db->nmovies];

		mv->slug = str_member(e, "slug");
		snprintf(w->what, sizeof w->what, "movie \"%.60s\"", mv->slug ? mv->slug : "?");
		mv->location = -1;
		for (k = 0; k < db->nlocations; k++)
			if (str_member(e, "location") != NULL &&
			    strcmp(db->locations[k].slug, str_member(e, "location")) == 0)
				mv->location = k;
		for (i = 0; i < 3; i++) {
			const char *s = cJSON_GetStringValue(cJSON_GetArrayItem(
			    cJSON_GetObjectItemCaseSensitive(e, "objectives"), i));

			mv->objective[i] = -1;
			for (k = 0; s != NULL && k < db->nobjectives; k++)
				if (strcmp(db->objectives[k].slug, s) == 0 &&
				    db->objectives[k].stage == i + 1)
					mv->objective[i] = k;
			if (mv->objective[i] < 0)
				return bad(cause, w, "objectives", "objective %s is not of that "
				    "stage", s ? s : "?", "objectives of stages 1, 2, 3 in order");
		}
		for (i = 0; i < 4; i++) {
			mv->character[i] = cJSON_GetStringValue(cJSON_GetArrayItem(
			    cJSON_GetObjectItemCaseSensitive(e, "characters"), i));
			for (k = 0; mv->character[i] != NULL && k < db->ncards; k++)
				if (db->cards[k].character != NULL &&
				    strcmp(db->cards[k].character, mv->character[i]) == 0)
					break;
			if (mv->character[i] == NULL || k == db->ncards)
				return bad(cause, w, "characters", "not four Barracks characters%s",
				    "", "four pools named by cards' \"character\"");
		}
		if (mv->slug == NULL || mv->location < 0)
			return bad(cause, w, "location", "unknown%s", "", "a location's slug");
		db->nmovies++;
	}
	if (db->nmovies < 1)
		return bad(cause, w, "movies", "none%s", "", "at least one movie setup");
	return 0;
}

struct lg_db *
lg_db_load(const char *name, const char *bytes, size_t len, char **cause)
{
	struct lg_db *db = xcalloc(1, sizeof *db);
	struct where w;
	const cJSON *a, *e;
	int n;

	memset(&w, 0, sizeof w);
	w.file = name;
	snprintf(w.what, sizeof w.what, "the file");
	db->root = cJSON_ParseWithLength(bytes, len);
	if (db->root == NULL || !cJSON_IsObject(db->root)) {
		cause_set(cause, "%s: not a JSON object; expected the card data of "
		    "muthur-legendary(5)", name);
		goto fail;
	}
	if (str_member(db->root, "format") == NULL ||
	    strcmp(str_member(db->root, "format"), "muthur-legendary-1") != 0) {
		bad(cause, &w, "format", "missing or unknown%s", "", "\"muthur-legendary-1\"");
		goto fail;
	}
	a = cJSON_GetObjectItemCaseSensitive(db->root, "cards");
	n = cJSON_GetArraySize(a);
	if (!cJSON_IsArray(a) || n < 1 || n > 400) {
		bad(cause, &w, "cards", "missing%s", "", "an array of 1..400 cards");
		goto fail;
	}
	db->cards = xcalloc((size_t)n, sizeof *db->cards);
	cJSON_ArrayForEach(e, a) {
		if (parse_card(db, e, &db->cards[db->ncards], &w, cause) == -1) {
			db->ncards++;
			goto fail;
		}
		db->ncards++;
	}
	if (parse_rest(db, db->root, &w, cause) == -1 ||
	    pd_data_load(db, db->root, name, cause) == -1)
		goto fail;
	/* a "clear" condition names a space, known only now */
	for (n = 0; n < db->ncards; n++) {
		int k;

		for (k = 0; k < db->cards[n].nab; k++) {
			if (db->cards[n].ab[k].cond != LC_CLEAR)
				continue;
			if (lg_space(db, db->cards[n].ab[k].arg) < 0) {
				snprintf(w.what, sizeof w.what, "card \"%.60s\"",
				    db->cards[n].slug);
				bad(cause, &w, "if.clear", "no space \"%s\"",
				    db->cards[n].ab[k].arg, "a space of the Wilds");
				goto fail;
			}
		}
	}
	/* a goal card names its objective, known only now */
	n = 0;
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(db->root, "cards")) {
		const char *o = str_member(e, "objective");
		struct lg_card *c = &db->cards[n++];
		int k;

		for (k = 0; k < c->nab; k++)
			if (c->ab[k].when == LW_COVER && (c->kind != LG_GOAL ||
			    c->ab[k].neff != 1 || c->ab[k].eff[0].verb != E_CANCEL_DISCARD ||
			    c->ab[k].eff[0].n < 1 || c->ab[k].cond != LC_NONE)) {
				snprintf(w.what, sizeof w.what, "card \"%.60s\"", c->slug);
				bad(cause, &w, "abilities", "a \"cover\" ability not a goal's "
				    "one cancel_discard%s", "", "\"cover\" only on a goal, doing "
				    "{\"cancel_discard\": N}, N 1..9, with no condition");
				goto fail;
			}
		if (c->kind != LG_GOAL)
			continue;
		for (k = 0; o != NULL && k < db->nobjectives; k++)
			if (strcmp(db->objectives[k].slug, o) == 0)
				c->objective = k;
		if (c->objective < 0) {
			snprintf(w.what, sizeof w.what, "card \"%.60s\"", c->slug);
			bad(cause, &w, "objective", "missing or unknown%s", "",
			    "the slug of the goal's objective");
			goto fail;
		}
	}
	return db;
fail:
	lg_db_free(db);
	return NULL;
}

void
lg_db_free(struct lg_db *db)
{
	int i;

	if (db == NULL)
		return;
	for (i = 0; i < db->ncards; i++)
		free(db->cards[i].ab);
	free(db->cards);
	free(db->avatars);
	free(db->locations);
	free(db->objectives);
	free(db->movies);
	cJSON_Delete(db->root);
	free(db);
}

/* The cards' abilities not expressed (sample 0) or with a SAMPLE value (1). */
static void
abilities_listed(const struct lg_db *db, int sample, struct strbuf *sb, int *count)
{
	const char *why;
	int i, k;

	*count = 0;
	for (i = 0; i < db->ncards; i++)
		for (k = 0; k < db->cards[i].nab; k++) {
			why = sample ? db->cards[i].ab[k].sample : db->cards[i].ab[k].unexpressed;
			if (why == NULL)
				continue;
			strbuf_addf(sb, "card %s: ability %d %s: %s\n", db->cards[i].slug, k + 1,
			    sample ? "has a SAMPLE value" : "not expressed", why);
			(*count)++;
		}
}

char *
lg_db_unexpressed(const struct lg_db *db, int *count)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	abilities_listed(db, 0, &sb, count);
	for (i = 0; i < db->nobjectives; i++)
		if (db->objectives[i].event.unexpressed != NULL) {
			strbuf_addf(&sb, "objective %s: event not expressed: %s\n",
			    db->objectives[i].slug, db->objectives[i].event.unexpressed);
			(*count)++;
		}
	return strbuf_detach(&sb, NULL);
}

char *
lg_db_sample_abilities(const struct lg_db *db, int *count)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	abilities_listed(db, 1, &sb, count);
	for (i = 0; i < db->nobjectives; i++)
		if (db->objectives[i].event.sample != NULL) {
			strbuf_addf(&sb, "objective %s: event has a SAMPLE value: %s\n",
			    db->objectives[i].slug, db->objectives[i].event.sample);
			(*count)++;
		}
	return strbuf_detach(&sb, NULL);
}
