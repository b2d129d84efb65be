/*
 * scenarios.c — the scenarios a game can be created for. Each is a row of
 * deck-rules.c's scenario data: a scenario whose rules name a setup
 * ("contact") is dealt by that setup (setup-contact.c) with the scenario's
 * own starting hands, Combat Pools and starting-card slots, and, when it
 * has one, its Predator Hunting Pack (rulebook "Predator Hunting Packs",
 * hunting-packs.h): several different Predators, never The Outcast, the
 * Predator Items it grants, and its own honor goal.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/hunting-packs.h"
#include "rules/ccg/setup.h"

const struct ccg_deck_rules *
ccg_scenario_find(const char *name)
{
	const struct ccg_deck_rules *r;

	if (name == NULL || (r = ccg_deck_rules_find(name)) == NULL ||
	    r->setup == NULL)
		return NULL;
	return r;
}

/*
 * Scenario options, chosen when the game is created. "no-combat-pool": the
 * rulebook's "Combat Pool" section lets players play a simpler game,
 * ignoring every Combat Pool play and symbol on the cards. Every seat
 * starts with no pool and gains none; costs in Combat Pool (cards' and
 * the ammo unloading's) are not paid; the boost, which is bought only
 * with Combat Pool, is not there (combat-pool.c, events-rules.c,
 * research.c, ammo.c).
 */
static const struct {
	const char	*name;
	unsigned	 bit;
} options[] = {
	{ "no-combat-pool", CCG_OPT_NO_POOL },
};

unsigned
ccg_option_bit(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof options / sizeof options[0]; i++)
		if (name != NULL && strcmp(options[i].name, name) == 0)
			return options[i].bit;
	return 0;
}

const char *
ccg_option_name(unsigned bit)
{
	size_t i;

	for (i = 0; i < sizeof options / sizeof options[0]; i++)
		if (options[i].bit == bit)
			return options[i].name;
	return NULL;
}

int
ccg_options_parse(const struct rules_setup *su, unsigned *out, char **cause)
{
	size_t i;
	unsigned b;

	*out = 0;
	for (i = 0; i < su->noptions; i++) {
		const char *o = su->options[i];

		if ((b = ccg_option_bit(o)) == 0)
			return cause_set(cause, "unknown scenario option \"%s\"; "
			    "expected no-combat-pool", o != NULL ? o : "");
		if (*out & b)
			return cause_set(cause, "scenario option %s given twice",
			    o);
		*out |= b;
	}
	return 0;
}

int
ccg_scenario_is_contact(const struct rules_game *g)
{
	const struct ccg_deck_rules *r = ccg_scenario_find(g->scenario);

	return r != NULL && strcmp(r->setup, "contact") == 0;
}

/* Add one copy of the card named slug to the entries v (one per card). */
static void
entry_add(const struct ccg_carddb *db, struct ccg_deck_entry *v, size_t *n,
    const char *slug)
{
	const struct ccg_card *c = ccg_carddb_find_slug(db, slug);
	size_t i;

	if (c == NULL && (c = ccg_carddb_find_name(db, slug)) == NULL)
		return;
	for (i = 0; i < *n; i++)
		if (v[i].card == c) {
			v[i].count++;
			return;
		}
	v[*n].card = c;
	v[*n].count = 1;
	v[*n].line = (unsigned)*n + 1;
	(*n)++;
}

int
ccg_scenario_pack_check(const struct ccg_carddb *db,
    const struct ccg_deck_rules *r, const struct rules_seat *rs, char **cause)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist dl;
	struct strbuf sb = STRBUF_INIT;
	size_t i, pre;
	char *text;

	if (r == NULL || r->pack == NULL)
		return 0;
	memset(&dl, 0, sizeof dl);
	dl.name = xstrdup(rs->name);
	dl.faction = CCG_FACTION_PREDATOR;
	dl.start = xcalloc(rs->nstart + 1, sizeof *dl.start);
	dl.draw = xcalloc(rs->ndeck + 1, sizeof *dl.draw);
	for (i = 0; i < rs->nstart; i++)
		entry_add(db, dl.start, &dl.nstart, rs->start[i]);
	for (i = 0; i < rs->ndeck; i++)
		entry_add(db, dl.draw, &dl.ndraw, rs->deck[i]);
	dl.has_start = 1;
	ccg_hunting_pack_validate(&dl, r->pack, &p);
	/* the lines read "NAME:N: ..." or "NAME: ..."; a seat's cards have
	 * no line numbers, so keep only the problem itself */
	pre = strlen(dl.name) + 1;
	for (i = 0; i < p.n; i++) {
		const char *s = p.lines[i] + pre;

		if (*s != ' ')
			s += strspn(s, "0123456789") + 1;
		strbuf_addf(&sb, "%sseat %s:%s", i > 0 ? "\n" : "", rs->name, s);
	}
	free(dl.start);
	free(dl.draw);
	free(dl.name);
	text = strbuf_detach(&sb, NULL);
	if (p.n > 0)
		cause_set(cause, "%s", text);
	i = p.n;
	ccg_problems_free(&p);
	free(text);
	return i > 0 ? -1 : 0;
}
