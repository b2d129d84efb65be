/*
 * seat-setup.c — the CCG's scenarios and seats behind struct rules: which
 * scenarios a game may be made under, which factions a seat may take,
 * decklists checked for a seat and turned into the rules seats of create().
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/suggest.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/table.h"

int
ccg_scenario_check(const char *scenario, char **cause)
{
	if (ccg_scenario_find(scenario) == NULL ||
	    strcmp(ccg_scenario_find(scenario)->scenario, scenario) != 0)
		return cause_set(cause, "unknown scenario \"%s\" (contact, "
		    "training-hunt)", scenario);
	return 0;
}

int
ccg_option_check(const char *name, char **cause)
{
	if (ccg_option_bit(name) == 0)
		return cause_set(cause, "unknown scenario option \"%s\" (no-combat-pool)",
		    name);
	return 0;
}

int
ccg_faction_check(const char *seat, const char *faction, char **cause)
{
	int f = ccg_faction_parse(faction);

	/* a seat is named by the faction's own name ("marine" is card text) */
	if (f < CCG_FACTION_ROGUE || f > CCG_FACTION_ALIENS ||
	    strcmp(ccg_faction_name((enum ccg_faction)f), faction) != 0) {
		static const char *const names[] = { "rogue", "marines", "predator",
		    "aliens" };
		char *near = suggest_nearest(faction, names, 4);
		int rc = cause_set(cause, "seat \"%s\": the faction \"%s\" is not "
		    "rogue, marines, predator or aliens%s%s%s (name a seat by its "
		    "faction, with -2, -3 for duplicates)", seat, faction,
		    near ? "; did you mean " : "", near ? near : "", near ? "?" : "");

		free(near);
		return rc;
	}
	return 0;
}

int
ccg_deck_check(const void *data, const char *scenario, const char *faction,
    const struct rules_file *deck, char **cause)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	dl = ccg_decklist_parse(data, deck->name, deck->bytes, deck->len, &p);
	ccg_deck_validate(dl, ccg_deck_rules_find(scenario), ccg_faction_parse(faction), &p);
	ccg_decklist_free(dl);
	if (p.n == 0) {
		ccg_problems_free(&p);
		return 0;
	}
	strbuf_addf(&sb, "the decklist is not legal for %s (%zu problem%s):", faction,
	    p.n, p.n == 1 ? "" : "s");
	for (i = 0; i < p.n; i++)
		strbuf_addf(&sb, "\n%s", p.lines[i]);
	ccg_problems_free(&p);
	if (cause != NULL) {
		free(*cause);
		*cause = strbuf_detach(&sb, NULL);
	} else
		strbuf_free(&sb);
	return -1;
}

int
ccg_seat_build(const void *data, const char *seat, const char *faction, const char *deck,
    size_t len, struct rules_seat *out, char **cause)
{
	return ccg_decklist_seat(data, seat, seat, faction, deck, len, out, cause);
}

void
ccg_seat_clear(struct rules_seat *out)
{
	ccg_decklist_seat_clear(out);
}
