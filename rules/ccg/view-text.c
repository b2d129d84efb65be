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

#include "rules/ccg/card.h"
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

/*
 * The view's pieces with the fields the text groups them by, read once:
 * every location and every piece looks through all of them (by name in the
 * cJSON objects that was most of a view's text).
 */
struct piece {
	const cJSON	*p;
	const char	*id, *at, *owner, *carried_by;
	int		 placed;	/* has "at" or "carried_by" */
};

struct pieces {
	struct piece	*v;
	size_t		 n;
};

static void
pieces_index(struct pieces *ps, const cJSON *pieces)
{
	const cJSON *it;
	size_t i = 0;

	ps->n = (size_t)cJSON_GetArraySize(pieces);
	ps->v = xcalloc(ps->n + 1, sizeof *ps->v);
	cJSON_ArrayForEach(it, pieces) {
		if (i == ps->n)
			break;
		ps->v[i].p = it;
		ps->v[i].id = str(it, "id");
		ps->v[i].at = str(it, "at");
		ps->v[i].owner = str(it, "owner");
		ps->v[i].carried_by = str(it, "carried_by");
		ps->v[i].placed = cJSON_GetObjectItemCaseSensitive(it, "at") != NULL ||
		    cJSON_GetObjectItemCaseSensitive(it, "carried_by") != NULL;
		i++;
	}
	ps->n = i;
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

/*
 * The same of an array of card names, a name given several times in a row
 * told once with its count: "acid-splash x3, chest-burster" (a hand or a
 * discard pile; not the HUD, whose places count).
 */
static void
add_cards(struct strbuf *sb, const cJSON *a, const char *none)
{
	const cJSON *it, *next;
	int first = 1, times = 1;

	cJSON_ArrayForEach(it, a) {
		const char *s = cJSON_IsString(it) ? it->valuestring : "-";

		next = it->next;
		if (next != NULL && cJSON_IsString(next) &&
		    strcmp(next->valuestring, s) == 0) {
			times++;
			continue;
		}
		if (!first)
			strbuf_addstr(sb, ", ");
		first = 0;
		strbuf_addstr(sb, s);
		if (times > 1)
			strbuf_addf(sb, " x%d", times);
		times = 1;
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

/*
 * The id only where the name does not give it: "Alien Warrior #2" for a
 * further copy, alien-warrior-2 (muthur-orders(5)), else "Name [id]".
 */
static void
add_name(struct strbuf *sb, const cJSON *p)
{
	char *slug = ccg_slugify(str(p, "name"));
	const char *id = str(p, "id");
	size_t n = strlen(slug);

	strbuf_addstr(sb, str(p, "name"));
	if (strcmp(slug, id) == 0)
		;
	else if (n > 0 && strncmp(slug, id, n) == 0 && id[n] == '-' &&
	    id[n + 1] != '\0' && strspn(id + n + 1, "0123456789") ==
	    strlen(id + n + 1))
		strbuf_addf(sb, " #%s", id + n + 1);
	else
		strbuf_addf(sb, " [%s]", id);
	free(slug);
}

/* One seat's public line: counts, scores, discard, the reader's own hand
 * and HUD, what it has in play not at a location (battle conditions,
 * mostly). */
static cJSON *
seat_text(const cJSON *st, const char *reader, const struct pieces *ps,
    const cJSON *hand)
{
	static const struct {
		const char *key, *label;
	} extra[] = {
		{ "rescued", "rescued" }, { "rescue_quota", "of" },
		{ "abducted", "abducted" }, { "data_downloaded", "data downloaded" },
		{ "honor", "honor" }, { "honor_goal", "of" },
		{ "breeding_chamber_warriors", "Breeding Chamber warriors" },
		{ "evacuated", "evacuated" }, { "place", "place" },
	};
	struct strbuf sb = STRBUF_INIT;
	const cJSON *hud = cJSON_GetObjectItemCaseSensitive(st, "hud"), *it;
	cJSON *o = cJSON_CreateObject();
	int a, b, gaps = 0;
	size_t i;

	strbuf_addstr(&sb, str(st, "seat"));
	if (strcmp(str(st, "faction"), str(st, "seat")) != 0)
		strbuf_addf(&sb, " (%s)", str(st, "faction"));
	if (strcmp(str(st, "seat"), reader) == 0)
		strbuf_addstr(&sb, " -- you");
	if (num(st, "hand", &a) && num(st, "hand_size", &b))
		strbuf_addf(&sb, ": hand %d/%d", a, b);
	if (strcmp(str(st, "seat"), reader) == 0 && cJSON_GetArraySize(hand) > 0) {
		/* the reader's own cards (a section of their own took two
		   lines more) */
		strbuf_addstr(&sb, " (");
		add_cards(&sb, hand, "");
		strbuf_addc(&sb, ')');
	}
	if (num(st, "deck", &a))
		strbuf_addf(&sb, ", deck %d", a);
	if (num(st, "cycles", &a) && a > 0)
		strbuf_addf(&sb, " (cycled %d)", a);
	if (num(st, "combat_pool", &a))
		strbuf_addf(&sb, ", pool %d", a);
	if (num(st, "research_points", &a) && a > 0)
		strbuf_addf(&sb, ", research %d", a);
	for (i = 0; i < sizeof extra / sizeof extra[0]; i++)
		if (num(st, extra[i].key, &a) && (a != 0 ||
		    strcmp(extra[i].key, "rescued") == 0 ||
		    strcmp(extra[i].key, "honor") == 0)) {
			if (strcmp(extra[i].label, "of") == 0)	/* "honor 2/7" */
				strbuf_addf(&sb, "/%d", a);
			else
				strbuf_addf(&sb, ", %s %d", extra[i].label, a);
		}
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(st, "standing_pass")))
		strbuf_addstr(&sb, ", passing the rest of this round");
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(st, "discard")) > 0)
		strbuf_addstr(&sb, "; discard ");
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(st, "discard")) > 0) {
		/* the cards when they are few and short, else how many */
		size_t mark = sb.len;

		add_cards(&sb, cJSON_GetObjectItemCaseSensitive(st, "discard"), "");
		if (sb.len - mark > 32) {
			sb.len = mark;
			sb.s[mark] = '\0';
			strbuf_addf(&sb, "%d cards", cJSON_GetArraySize(
			    cJSON_GetObjectItemCaseSensitive(st, "discard")));
		}
	}
	if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(st, "out_of_play")) > 0) {
		size_t mark;

		strbuf_addstr(&sb, "; out of play ");
		mark = sb.len;
		add_cards(&sb, cJSON_GetObjectItemCaseSensitive(st, "out_of_play"), "");
		if (sb.len - mark > 32) {	/* as the discard pile */
			sb.len = mark;
			sb.s[mark] = '\0';
			strbuf_addf(&sb, "%d cards", cJSON_GetArraySize(
			    cJSON_GetObjectItemCaseSensitive(st, "out_of_play")));
		}
	}
	if (strcmp(str(st, "seat"), reader) == 0) {	/* the others' in view.json */
		strbuf_addstr(&sb, "; HUD ");
		add_list(&sb, cJSON_GetObjectItemCaseSensitive(hud, "ground"), "-");
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(hud, "high"))
			gaps += cJSON_IsString(it);
		cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(hud, "low"))
			gaps += cJSON_IsString(it);
	}
	if (gaps > 0) {		/* the levels only when something is on them */
		strbuf_addstr(&sb, " (high: ");
		add_list(&sb, cJSON_GetObjectItemCaseSensitive(hud, "high"), "-");
		strbuf_addstr(&sb, "; low: ");
		add_list(&sb, cJSON_GetObjectItemCaseSensitive(hud, "low"), "-");
		strbuf_addc(&sb, ')');
	}
	for (i = 0; i < ps->n; i++)
		if (!ps->v[i].placed && strcmp(ps->v[i].owner, str(st, "seat")) == 0) {
			it = ps->v[i].p;
			strbuf_addstr(&sb, gaps >= 0 ? "; in play " : ", ");
			gaps = -1;
			add_name(&sb, it);
			if (strcmp(str(it, "type"), "battle condition") != 0)
				strbuf_addf(&sb, " (%s)", str(it, "type"));
		}
	add_text(o, "line", &sb);
	strbuf_free(&sb);
	return o;
}

/* A phrase for each fact a piece shows when set (flags first, then numbers). */
static void
add_facts(struct strbuf *sb, const cJSON *p, int *first)
{
	static const struct {
		const char *key, *label;
	} facts[] = {
		{ "damage", "damage" }, { "tokens", "tokens" },
		{ "movement_points", "MP left" }, { "data", "data" },
		{ "bound", "bound" }, { "gore", "Gore" },
	}, flags[] = {
		{ "rotated", "rotated" }, { "hostage", "hostage" },
		{ "searching", "searching" }, { "hidden", "hidden" },
		{ "concealed", "concealed" }, { "empty", "empty" },
	};
	size_t i;
	int a;

	for (i = 0; i < sizeof facts / sizeof facts[0]; i++)
		if (num(p, facts[i].key, &a) && a > 0) {
			strbuf_addstr(sb, *first ? "" : ", ");
			strbuf_addf(sb, "%s %d", facts[i].label, a);
			*first = 0;
		}
	for (i = 0; i < sizeof flags / sizeof flags[0]; i++)
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(p, flags[i].key))) {
			strbuf_addstr(sb, *first ? "" : ", ");
			strbuf_addstr(sb, flags[i].label);
			*first = 0;
		}
}

/*
 * "Kessler (3/5, rotated, carries Holdout Pistol)": speed/power for a
 * character, then what is set, what it carries and whom it attacks.
 */
static void
add_piece(struct strbuf *sb, const struct piece *pc, const struct pieces *ps)
{
	const cJSON *p = pc->p, *atk = cJSON_GetObjectItemCaseSensitive(p, "attack");
	const char *owner = pc->owner, *ctl = str(p, "controller");
	int a, b, first = 1, carried = 0;
	size_t mark, k;

	add_name(sb, p);
	strbuf_addstr(sb, " (");
	mark = sb->len;
	if (num(p, "speed", &a) && num(p, "power", &b)) {
		strbuf_addf(sb, "%d/%d", a, b);
		first = 0;
	} else if (!cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(p, "type")) &&
	    strcmp(str(p, "type"), "main character") != 0) {
		strbuf_addstr(sb, str(p, "type"));
		first = 0;
	}
	if (*ctl != '\0' && strcmp(ctl, owner) != 0) {
		strbuf_addf(sb, "%scontrolled by %s", first ? "" : ", ", ctl);
		first = 0;
	}
	add_facts(sb, p, &first);
	for (k = 0; k < ps->n; k++)
		if (strcmp(ps->v[k].carried_by, pc->id) == 0) {
			strbuf_addstr(sb, carried ? ", " : first ? "carries " : ", carries ");
			carried = 1;
			first = 0;
			add_name(sb, ps->v[k].p);
		}
	if (cJSON_IsObject(atk)) {
		strbuf_addf(sb, "%sattacks %s", first ? "" : ", ", str(atk, "target"));
		first = 0;
	}
	if (first) {		/* nothing to say in brackets */
		sb->len = mark - 2;
		sb->s[sb->len] = '\0';
	}
	else
		strbuf_addc(sb, ')');
}

/*
 * The pieces of one owner at a location, "rogue: A (...), B (...)", the
 * owners in the order their first piece comes.
 */
static void
add_location_pieces(struct strbuf *sb, const cJSON *loc, const struct pieces *ps)
{
	const char *id = str(loc, "id");
	size_t *here = xcalloc(ps->n + 1, sizeof *here), nhere = 0, i, j, k;
	int owners = 0;

	for (i = 0; i < ps->n; i++)
		if (strcmp(ps->v[i].at, id) == 0)
			here[nhere++] = i;
	for (i = 0; i < nhere; i++) {
		const char *owner = ps->v[here[i]].owner;
		int first = 1;

		for (j = 0; j < i; j++)		/* owner done? */
			if (strcmp(ps->v[here[j]].owner, owner) == 0)
				break;
		if (j < i)
			continue;
		strbuf_addf(sb, "%s%s ", owners++ ? "; " : " -- ", owner);
		for (k = i; k < nhere; k++)
			if (strcmp(ps->v[here[k]].owner, owner) == 0) {
				strbuf_addstr(sb, first ? "" : ", ");
				first = 0;
				add_piece(sb, &ps->v[here[k]], ps);
			}
	}
	free(here);
}

cJSON *
ccg_view_text(const cJSON *rv, const char *seat)
{
	const cJSON *it;
	struct pieces ps;
	cJSON *o = cJSON_CreateObject(), *a;
	struct strbuf sb = STRBUF_INIT, empty = STRBUF_INIT, told = STRBUF_INIT;
	int nempty = 0, ntold = 0;

	pieces_index(&ps, cJSON_GetObjectItemCaseSensitive(rv, "pieces"));
	a = cJSON_AddArrayToObject(o, "seats");
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(rv, "seats"))
		cJSON_AddItemToArray(a, seat_text(it, seat, &ps,
		    cJSON_GetObjectItemCaseSensitive(rv, "hand")));
	a = cJSON_AddArrayToObject(o, "locations");
	cJSON_ArrayForEach(it, cJSON_GetObjectItemCaseSensitive(rv, "locations")) {
		const cJSON *hive = cJSON_GetObjectItemCaseSensitive(it, "hive_of");
		size_t mark;

		strbuf_addstr(&sb, str(it, "name"));
		if (strcmp(str(it, "id"), "") != 0) {
			char *slug = ccg_slugify(str(it, "name"));

			if (strcmp(slug, str(it, "id")) != 0)
				strbuf_addf(&sb, " [%s]", str(it, "id"));
			free(slug);
		}
		if (cJSON_GetArraySize(hive) > 0) {
			strbuf_addstr(&sb, " (hive of ");
			add_list(&sb, hive, "");
			strbuf_addc(&sb, ')');
		}
		if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(it, "damaged")))
			strbuf_addstr(&sb, " (damaged)");
		mark = sb.len;
		add_location_pieces(&sb, it, &ps);
		if (sb.len == mark) {	/* nobody there: one line for them all */
			strbuf_addstr(&empty, nempty > 0 ? ", " : "");
			strbuf_add(&empty, strbuf_str(&sb), sb.len);
			nempty++;
			if (mark > strlen(str(it, "name"))) {	/* a hive, damaged */
				strbuf_addstr(&told, ntold > 0 ? ", " : "");
				strbuf_add(&told, strbuf_str(&sb), sb.len);
				ntold++;
			}
			strbuf_reset(&sb);
			continue;
		}
		cJSON_AddItemToArray(a, cJSON_CreateString(strbuf_str(&sb)));
		strbuf_reset(&sb);
	}
	/*
	 * Many: those a fact is told of by name (a hive, damaged), the others
	 * counted, as view.png draws them and view.json lists them (a due
	 * view gave three or four lines to their names).
	 */
	if (nempty - ntold > 3 && ntold == 0) {
		/* only counted: the section's heading says it (one line less) */
		strbuf_reset(&empty);
		strbuf_addf(&empty, "%d empty, see view.png", nempty);
		add_text(o, "empty_count", &empty);
		strbuf_reset(&empty);
	} else if (nempty - ntold > 3) {
		strbuf_reset(&empty);
		strbuf_addf(&empty, "%s and %d others (see view.png)", strbuf_str(&told),
		    nempty - ntold);
	}
	add_text(o, "empty", &empty);
	add_cards(&sb, cJSON_GetObjectItemCaseSensitive(rv, "hand"), "empty");
	add_text(o, "hand", &sb);
	strbuf_free(&sb);
	strbuf_free(&empty);
	strbuf_free(&told);
	free(ps.v);
	return o;
}
