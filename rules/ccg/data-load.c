/*
 * data-load.c — the CCG's component data behind struct rules: card data
 * files loaded into a sealed card database (rules/ccg/card.h), its
 * canonical bytes and hash, and the `muthur cards` report.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/table.h"

void *
ccg_data_load(const struct rules_file *files, size_t nfiles, char **cause)
{
	struct ccg_carddb *db = ccg_carddb_new();
	size_t i;

	for (i = 0; i < nfiles; i++)
		if (ccg_carddb_add_json(db, files[i].name, files[i].bytes, files[i].len,
		    cause) == -1)
			goto bad;
	if (ccg_carddb_seal(db, cause) == -1)
		goto bad;
	return db;
bad:
	ccg_carddb_free(db);
	return NULL;
}

void
ccg_data_free(void *data)
{
	ccg_carddb_free(data);
}

char *
ccg_data_canonical(const void *data, size_t *len)
{
	return ccg_carddb_canonical(data, len);
}

void
ccg_data_hash(const void *data, unsigned char hash[32])
{
	const struct ccg_carddb *db = data;

	memcpy(hash, db->hash, 32);
}

/* A decklist's problems, or that it is legal; 1 when it is not. */
static int
report_deck(struct strbuf *sb, const struct ccg_carddb *db, const struct rules_file *deck,
    const struct ccg_deck_rules *r, int faction)
{
	struct ccg_problems p = CCG_PROBLEMS_INIT;
	struct ccg_decklist *dl;
	size_t i;
	int f;

	dl = ccg_decklist_parse(db, deck->name, deck->bytes, deck->len, &p);
	ccg_deck_validate(dl, r, faction, &p);
	for (i = 0; i < p.n; i++)
		strbuf_addf(sb, "%s\n", p.lines[i]);
	if (p.n == 0) {
		f = faction >= 0 ? faction : dl->faction;
		strbuf_addf(sb, "%s: a legal %s deck under %s (%d cards, %d starting "
		    "cards)\n", deck->name, ccg_faction_name(f), r->title,
		    ccg_decklist_draw_size(dl), ccg_decklist_start_size(dl));
	}
	ccg_decklist_free(dl);
	f = p.n == 0 ? 0 : 1;
	ccg_problems_free(&p);
	return f;
}

int
ccg_data_report(const struct rules_file *files, size_t nfiles, const char *scenario,
    const char *faction, const struct rules_file *deck, char **report, int *valid,
    char **cause)
{
	const struct ccg_deck_rules *r;
	struct ccg_carddb *db;
	struct strbuf sb = STRBUF_INIT;
	char *why = NULL;
	int f = -1;

	if (scenario == NULL)
		scenario = "general";
	if (faction != NULL) {
		f = ccg_faction_parse(faction);
		if (f < CCG_FACTION_ROGUE || f > CCG_FACTION_ALIENS)
			return cause_set(cause, "unknown faction \"%s\" (rogue, marines, "
			    "predator or aliens)", faction);
	}
	if ((r = ccg_deck_rules_find(scenario)) == NULL)
		return cause_set(cause, "unknown scenario \"%s\" (general, contact, "
		    "training-hunt)", scenario);
	if (files == NULL)
		return 0;
	*valid = 0;
	if ((db = ccg_data_load(files, nfiles, &why)) == NULL) {
		strbuf_addf(&sb, "%s\n", why);
		free(why);
		*report = strbuf_detach(&sb, NULL);
		return 0;
	}
	strbuf_addf(&sb, "card data: %zu cards in %zu file%s%s, hash %s\n", db->ncards,
	    db->nfiles, db->nfiles == 1 ? "" : "s", db->sample ? " (sample data)" : "",
	    db->hash_hex);
	*valid = deck != NULL ? !report_deck(&sb, db, deck, r, f) : 1;
	ccg_carddb_free(db);
	*report = strbuf_detach(&sb, NULL);
	return 0;
}
