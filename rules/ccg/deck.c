/*
 * deck.c — decklists: parsing, and checking them against the construction
 * rules of deck-rules.c (general rules; Contact's additions and starting
 * cards). Every problem is reported, one line each.
 */
#include "config.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/hunting-packs.h"

#define MAX_LINE 200

void
ccg_problems_add(struct ccg_problems *p, const char *fmt, ...)
{
	va_list ap;

	p->lines = xreallocarray(p->lines, p->n + 1, sizeof(*p->lines));
	va_start(ap, fmt);
	p->lines[p->n++] = xvasprintf(fmt, ap);
	va_end(ap);
}

void
ccg_problems_free(struct ccg_problems *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		free(p->lines[i]);
	free(p->lines);
	p->lines = NULL;
	p->n = 0;
}

void
ccg_decklist_free(struct ccg_decklist *dl)
{
	if (dl == NULL)
		return;
	free(dl->name);
	free(dl->draw);
	free(dl->start);
	free(dl);
}

static void
add_entry(struct ccg_deck_entry **v, size_t *n, const struct ccg_card *c,
    int count, unsigned line)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[*n].card = c;
	(*v)[*n].count = count;
	(*v)[*n].line = line;
	(*n)++;
}

/* A printable copy of s for messages (at most 60 bytes). */
static char *
shown(const char *s)
{
	char *out = xstrndup(s, 60), *p;

	for (p = out; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '"')
			*p = '?';
	return out;
}

static void
parse_line(const struct ccg_carddb *db, struct ccg_decklist *dl, char *s,
    unsigned line, int *section, struct ccg_problems *p)
{
	const struct ccg_card *c;
	char *end, *t, *q;
	long count;
	int f;

	if ((t = strchr(s, '#')) != NULL)
		*t = '\0';
	while (isspace((unsigned char)*s))
		s++;
	t = s + strlen(s);
	while (t > s && isspace((unsigned char)t[-1]))
		*--t = '\0';
	if (*s == '\0')
		return;
	if (strcasecmp(s, "[start]") == 0) {
		*section = 1;
		dl->has_start = 1;
		return;
	}
	if (strcasecmp(s, "[deck]") == 0) {
		*section = 0;
		return;
	}
	if (strncasecmp(s, "faction", 7) == 0 && (s[7] == '\0' || isspace((unsigned char)s[7]))) {
		for (t = s + 7; isspace((unsigned char)*t); t++)
			;
		q = shown(t);
		if (dl->faction != -1)
			ccg_problems_add(p, "%s:%u: faction given twice (first on line %u)",
			    dl->name, line, dl->faction_line);
		else if ((f = ccg_faction_parse(t)) < CCG_FACTION_ROGUE ||
		    f > CCG_FACTION_ALIENS)
			ccg_problems_add(p, "%s:%u: unknown faction \"%s\"; expected rogue, "
			    "marines, predator or aliens", dl->name, line, q);
		else {
			dl->faction = f;
			dl->faction_line = line;
		}
		free(q);
		return;
	}
	if (!isdigit((unsigned char)*s)) {
		q = shown(s);
		ccg_problems_add(p, "%s:%u: expected \"COUNT CARD NAME\", \"faction NAME\", "
		    "[start] or [deck], got \"%s\"", dl->name, line, q);
		free(q);
		return;
	}
	count = strtol(s, &end, 10);
	if (*end == 'x' || *end == 'X')
		end++;
	if (!isspace((unsigned char)*end)) {
		q = shown(s);
		ccg_problems_add(p, "%s:%u: expected a count, a space and a card name, "
		    "got \"%s\"", dl->name, line, q);
		free(q);
		return;
	}
	while (isspace((unsigned char)*end))
		end++;
	if (count < 1 || count > CCG_DECK_MAX_COUNT) {
		ccg_problems_add(p, "%s:%u: count must be 1..%d, got %ld", dl->name,
		    line, CCG_DECK_MAX_COUNT, count);
		return;
	}
	if ((c = ccg_carddb_find_name(db, end)) == NULL) {
		q = shown(end);
		ccg_problems_add(p, "%s:%u: no card named \"%s\"", dl->name, line, q);
		free(q);
		return;
	}
	if (dl->ndraw + dl->nstart >= CCG_DECK_MAX_LINES) {
		if (!dl->truncated)
			ccg_problems_add(p, "%s:%u: more than %d card lines; the rest "
			    "is not read", dl->name, line, CCG_DECK_MAX_LINES);
		dl->truncated = 1;
		return;
	}
	if (*section)
		add_entry(&dl->start, &dl->nstart, c, (int)count, line);
	else
		add_entry(&dl->draw, &dl->ndraw, c, (int)count, line);
}

struct ccg_decklist *
ccg_decklist_parse(const struct ccg_carddb *db, const char *name, const char *text,
    size_t len, struct ccg_problems *p)
{
	struct ccg_decklist *dl = xcalloc(1, sizeof(*dl));
	char buf[MAX_LINE + 2] = "";	/* all defined, for scan-build too */
	size_t i = 0, j;
	unsigned line = 0;
	int section = 0;

	dl->name = xstrdup(name);
	dl->faction = -1;
	if (len > CCG_DECKLIST_MAX) {
		ccg_problems_add(p, "%s: longer than %u bytes", name, CCG_DECKLIST_MAX);
		return dl;
	}
	while (i < len) {
		line++;
		for (j = i; j < len && text[j] != '\n'; j++)
			;
		if (j - i > MAX_LINE)
			ccg_problems_add(p, "%s:%u: line longer than %d characters",
			    name, line, MAX_LINE);
		else if (memchr(text + i, '\0', j - i) != NULL)
			ccg_problems_add(p, "%s:%u: holds a NUL byte", name, line);
		else {
			memcpy(buf, text + i, j - i);
			buf[j - i] = '\0';
			parse_line(db, dl, buf, line, &section, p);
		}
		i = j + 1;
	}
	return dl;
}

static int
total(const struct ccg_deck_entry *v, size_t n)
{
	int t = 0;
	size_t i;

	for (i = 0; i < n; i++)
		t += v[i].count;
	return t;
}

int
ccg_decklist_draw_size(const struct ccg_decklist *dl)
{
	return total(dl->draw, dl->ndraw);
}

int
ccg_decklist_start_size(const struct ccg_decklist *dl)
{
	return total(dl->start, dl->nstart);
}

/* Keywords of c as the rules see it, scenario overrides included. */
static unsigned
keywords(const struct ccg_deck_rules *r, const struct ccg_card *c, int faction)
{
	unsigned kw = c->keywords;
	size_t i;

	for (i = 0; i < r->noverrides; i++)
		if (strcmp(r->overrides[i].slug, c->slug) == 0 &&
		    (r->overrides[i].faction == -1 || r->overrides[i].faction == faction)) {
			kw &= ~(CCG_KW_UNIQUE | CCG_KW_LIMITED);
			kw |= r->overrides[i].keyword;
		}
	return kw;
}

/* The first entry of card c in v at or before index k, and the sum of its
 * copies over all of v. */
static int
first_of(const struct ccg_deck_entry *v, size_t n, size_t k, int *sum)
{
	size_t i;
	int first = 1;

	*sum = 0;
	for (i = 0; i < n; i++)
		if (v[i].card == v[k].card) {
			if (i < k)
				first = 0;
			*sum += v[i].count;
		}
	return first;
}

static const char *
faction_title(int f)
{
	static const char *const t[] = { "neutral", "Rogue", "Marines", "Predator", "Aliens" };

	return (f >= 0 && f <= CCG_FACTION_ALIENS) ? t[f] : "?";
}

static int
slot_matches(const struct ccg_start_slot *s, const struct ccg_card *c)
{
	if (s->slug != NULL)
		return strcmp(s->slug, c->slug) == 0;
	if ((int)c->type != s->type)
		return 0;
	if (s->faction != -1 && (int)c->faction != s->faction)
		return 0;
	if (s->keyword != 0 && !(c->keywords & s->keyword))
		return 0;
	if (s->lkind != 0 && !(c->loc.kinds & s->lkind))
		return 0;
	if (s->lclass != -1 && (int)c->loc.cls != s->lclass)
		return 0;
	if (s->item_kind != -1 && (int)c->item.kind != s->item_kind)
		return 0;
	return 1;
}

static void
start_summary(const struct ccg_start_rules *sr, char *buf, size_t len)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < sr->nslots && o < len; i++) {
		if (sr->slots[i].count > 1)
			o += (size_t)snprintf(buf + o, len - o, "%s%d %s", i ? ", " : "",
			    sr->slots[i].count, sr->slots[i].what);
		else
			o += (size_t)snprintf(buf + o, len - o, "%s%s", i ? ", " : "",
			    sr->slots[i].what);
	}
}

static size_t
check_start(const struct ccg_decklist *dl, const struct ccg_deck_rules *r, int faction,
    struct ccg_problems *p)
{
	const struct ccg_start_rules *sr = ccg_deck_start_rules(r, faction);
	int have[16] = { 0 }, battle = 0, leaders = 0, sum;
	size_t i, k, n0 = p->n;
	char summary[256];

	for (i = 0; i < dl->nstart; i++) {
		const struct ccg_deck_entry *e = &dl->start[i];
		const struct ccg_card *c = e->card;

		if (c->type == CCG_CARD_BATTLE_CONDITION) {
			battle += e->count;
			continue;
		}
		if (sr == NULL)
			continue;
		if (c->type == CCG_CARD_MAIN_CHARACTER && (int)c->faction == faction &&
		    (c->keywords & CCG_KW_LEADER))
			leaders += e->count;
		for (k = 0; k < sr->nslots; k++)
			if (slot_matches(&sr->slots[k], c))
				break;
		if (k == sr->nslots)
			ccg_problems_add(p, "%s:%u: %s is not a starting card of the %s "
			    "in %s", dl->name, e->line, c->name, faction_title(faction),
			    r->title);
		else
			have[k] += e->count;
		if (sr->one_each != NULL && first_of(dl->start, dl->nstart, i, &sum) &&
		    sum > 1)
			for (k = 0; sr->one_each[k] != NULL; k++)
				if (strcmp(sr->one_each[k], c->slug) == 0)
					ccg_problems_add(p, "%s:%u: %d %s: at most one "
					    "among the starting cards", dl->name, e->line,
					    sum, c->name);
	}
	if (battle > 1)
		ccg_problems_add(p, "%s: %d battle conditions among the starting cards; "
		    "at most 1", dl->name, battle);
	if (sr == NULL)
		return p->n - n0;
	if (!dl->has_start && r->need_start) {
		start_summary(sr, summary, sizeof(summary));
		ccg_problems_add(p, "%s: no [start] section: in %s the %s start with %s",
		    dl->name, r->title, faction_title(faction), summary);
		return p->n - n0;
	}
	for (k = 0; k < sr->nslots; k++)
		if (have[k] != sr->slots[k].count)
			ccg_problems_add(p, "%s: [start] has %d %s; %s needs %d", dl->name,
			    have[k], sr->slots[k].what, r->title, sr->slots[k].count);
	if (sr->leaders >= 0 && leaders != sr->leaders)
		ccg_problems_add(p, "%s: [start] has %d main characters with Leader; "
		    "%s needs exactly %d", dl->name, leaders, r->title, sr->leaders);
	return p->n - n0;
}

size_t
ccg_deck_validate(const struct ccg_decklist *dl, const struct ccg_deck_rules *r,
    int faction, struct ccg_problems *p)
{
	int size, sum, nsup = 0, ksup = 0, nloc = 0, kloc = 0, max;
	unsigned kw, lkinds = 0, need;
	size_t i, j, n0 = p->n;

	if (faction >= 0 && dl->faction >= 0 && faction != dl->faction)
		ccg_problems_add(p, "%s:%u: the decklist is for the %s, not the %s",
		    dl->name, dl->faction_line, faction_title(dl->faction),
		    faction_title(faction));
	if (faction < 0)
		faction = dl->faction;
	if (faction < CCG_FACTION_ROGUE || faction > CCG_FACTION_ALIENS) {
		ccg_problems_add(p, "%s: no faction: add a \"faction NAME\" line "
		    "(rogue, marines, predator or aliens)", dl->name);
		faction = CCG_FACTION_NEUTRAL;
	}

	size = ccg_decklist_draw_size(dl);
	if (size < r->min_size)
		ccg_problems_add(p, "%s: the draw deck has %d cards; at least %d are needed",
		    dl->name, size, r->min_size);

	for (i = 0; i < dl->ndraw; i++) {
		const struct ccg_deck_entry *e = &dl->draw[i];
		const struct ccg_card *c = e->card;
		int first = first_of(dl->draw, dl->ndraw, i, &sum);

		if (c->type == CCG_CARD_SUPPORTING_CHARACTER) {
			nsup += e->count;
			ksup += first;
		}
		if (c->type == CCG_CARD_LOCATION) {
			nloc += e->count;
			kloc += first;
			lkinds |= c->loc.kinds;
		}
		if (!first)
			continue;
		if (c->type == CCG_CARD_BATTLE_CONDITION)
			ccg_problems_add(p, "%s:%u: %s: a battle condition cannot be in the "
			    "draw deck, only among the starting cards", dl->name, e->line,
			    c->name);
		if (c->type == CCG_CARD_MAIN_CHARACTER && (faction != CCG_FACTION_ALIENS ||
		    c->faction != CCG_FACTION_ALIENS))
			ccg_problems_add(p, "%s:%u: %s: a main character cannot be in the "
			    "draw deck (only Alien main characters, in an Aliens deck)",
			    dl->name, e->line, c->name);
		kw = keywords(r, c, faction);
		if (kw & CCG_KW_UNIQUE)
			max = 1;
		else if (kw & CCG_KW_LIMITED)
			max = r->max_limited;
		else if (c->type == CCG_CARD_ITEM)
			max = 0;	/* any number */
		else if (kw & CCG_KW_MOLTED)
			max = r->max_molted;
		else
			max = r->max_copies;
		if (max > 0 && sum > max)
			ccg_problems_add(p, "%s:%u: %d %s: at most %d %s (%s%s)", dl->name,
			    e->line, sum, c->name, max, max == 1 ? "copy" : "copies",
			    (kw & CCG_KW_UNIQUE) ? "unique" : (kw & CCG_KW_LIMITED) ?
			    "limited" : (kw & CCG_KW_MOLTED) ? "molted Alien" : "copy limit",
			    (kw & (CCG_KW_UNIQUE | CCG_KW_LIMITED)) !=
			    (c->keywords & (CCG_KW_UNIQUE | CCG_KW_LIMITED)) ?
			    " in this scenario" : "");
		if (c->type == CCG_CARD_LOCATION)
			for (j = 0; j < dl->nstart; j++)
				if (dl->start[j].card == c) {
					ccg_problems_add(p, "%s:%u: %s is one of the starting "
					    "cards (line %u); it cannot also be in the draw "
					    "deck", dl->name, e->line, c->name,
					    dl->start[j].line);
					break;
				}
	}

	if (nsup < r->min_supporting)
		ccg_problems_add(p, "%s: the draw deck has %d supporting characters; "
		    "%s needs at least %d", dl->name, nsup, r->title, r->min_supporting);
	if (ksup < r->min_supporting_kinds)
		ccg_problems_add(p, "%s: the draw deck has %d different supporting "
		    "characters; %s needs at least %d", dl->name, ksup, r->title,
		    r->min_supporting_kinds);
	if (nloc < r->min_locations)
		ccg_problems_add(p, "%s: the draw deck has %d locations; %s needs at "
		    "least %d", dl->name, nloc, r->title, r->min_locations);
	if (kloc < r->min_location_kinds)
		ccg_problems_add(p, "%s: the draw deck has %d different locations; %s "
		    "needs at least %d", dl->name, kloc, r->title, r->min_location_kinds);
	need = r->need_lkinds | r->need_lkinds_faction[faction];
	if ((need & CCG_LK_OPERATIONS) && !(lkinds & CCG_LK_OPERATIONS))
		ccg_problems_add(p, "%s: the draw deck has no Operations location; %s "
		    "needs one", dl->name, r->title);
	if ((need & CCG_LK_DOCKING_BAY) && !(lkinds & CCG_LK_DOCKING_BAY))
		ccg_problems_add(p, "%s: the draw deck has no Docking Bay location; in "
		    "%s the %s need one", dl->name, r->title, faction_title(faction));

	ccg_deck_cloned_check(dl, faction, p);
	check_start(dl, r, faction, p);
	if (r->pack != NULL && faction == CCG_FACTION_PREDATOR)
		ccg_hunting_pack_validate(dl, r->pack, p);	/* hunting-packs.c */
	return p->n - n0;
}
