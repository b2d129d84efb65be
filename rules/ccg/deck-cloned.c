/*
 * deck-cloned.c — rulebook "Cloned Aliens" as a deck construction rule.
 * An Aliens deck holding any Alien main character with the Cloned
 * resource is a Cloned Aliens deck: its Alien main characters must all be
 * Cloned, except Face Hugger, Chest Burster and Young Queen (taken as
 * Cloned until Cloned printings exist); Alien Warrior, Royal Guard, Pet
 * Hybrid, Predator Hybrid and Warrior Queen are never in it. Any other
 * Aliens deck is a Hive Aliens deck, which never holds a Cloned Alien: a
 * deck mixing the two breaks one rule or the other on every line that
 * does not fit the Cloned Aliens deck, and each such line is reported.
 */
#include "config.h"

#include <string.h>

#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"

static const char *const as_cloned[] = {
	"face-hugger", "chest-burster", "young-queen", NULL
};
static const char *const never_cloned[] = {
	"alien-warrior", "royal-guard", "pet-hybrid", "predator-hybrid",
	"warrior-queen", NULL
};

static int
listed(const char *const *v, const char *slug)
{
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		if (strcmp(v[i], slug) == 0)
			return 1;
	return 0;
}

static int
alien_main(const struct ccg_card *c)
{
	return c->type == CCG_CARD_MAIN_CHARACTER &&
	    c->chr.species == CCG_SPECIES_ALIEN;
}

static int
cloned(const struct ccg_card *c)
{
	return alien_main(c) && ccg_card_has_resource(c, "Cloned");
}

/* The first line holding a Cloned Alien, 0 when none. */
static unsigned
first_cloned(const struct ccg_decklist *dl)
{
	unsigned line = 0;
	size_t i;

	for (i = 0; i < dl->nstart; i++)
		if (cloned(dl->start[i].card) && (line == 0 ||
		    dl->start[i].line < line))
			line = dl->start[i].line;
	for (i = 0; i < dl->ndraw; i++)
		if (cloned(dl->draw[i].card) && (line == 0 ||
		    dl->draw[i].line < line))
			line = dl->draw[i].line;
	return line;
}

static void
check_entries(const struct ccg_decklist *dl, const struct ccg_deck_entry *v,
    size_t n, unsigned first, struct ccg_problems *p)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct ccg_card *c = v[i].card;

		if (!alien_main(c) || cloned(c) || listed(as_cloned, c->slug))
			continue;
		if (listed(never_cloned, c->slug))
			ccg_problems_add(p, "%s:%u: %s is never in a Cloned Aliens "
			    "deck (this deck holds Cloned Aliens from line %u, and "
			    "a Hive Aliens deck never does)", dl->name, v[i].line,
			    c->name, first);
		else
			ccg_problems_add(p, "%s:%u: %s lacks the Cloned resource: "
			    "a Cloned Aliens deck (Cloned Aliens from line %u) uses "
			    "only Cloned Alien main characters besides Face Hugger, "
			    "Chest Burster and Young Queen", dl->name, v[i].line,
			    c->name, first);
	}
}

size_t
ccg_deck_cloned_check(const struct ccg_decklist *dl, int faction,
    struct ccg_problems *p)
{
	size_t n0 = p->n;
	unsigned first;

	if (faction != CCG_FACTION_ALIENS || (first = first_cloned(dl)) == 0)
		return 0;
	check_entries(dl, dl->start, dl->nstart, first, p);
	check_entries(dl, dl->draw, dl->ndraw, first, p);
	return p->n - n0;
}
