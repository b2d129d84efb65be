/*
 * data-report.c — `muthur cards --rules bughunt FILE [--deck SEAT-FILE]`:
 * what a component data file holds, or its first error, and whether a
 * seat file is the one line `squad`.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

extern const struct rules rules_bughunt;

int
bh_data_report(const struct rules_file *files, size_t nfiles, const char *scenario,
    const char *faction, const struct rules_file *deck, char **report, int *valid,
    char **cause)
{
	const struct rules *R = &rules_bughunt;
	struct strbuf sb = STRBUF_INIT;
	const struct bh_data *d;
	char *why = NULL;
	void *data;
	int i, text = 0, words = 0;

	if (scenario != NULL && R->scenario_check(scenario, cause) == -1)
		return -1;
	if (faction != NULL && R->faction_check(faction, faction, cause) == -1)
		return -1;
	if (files == NULL)
		return 0;
	*valid = 0;
	if ((data = R->data_load(files, nfiles, &why)) == NULL) {
		strbuf_addf(&sb, "card data: %s\n", why);
		free(why);
		*report = strbuf_detach(&sb, NULL);
		return 0;
	}
	d = data;
	strbuf_addf(&sb, "card data: %s is valid%s: %d characters, %d tiles, %d tracking "
	    "cards, %d missions, a hive track of %d spaces, %d Xenomorph dice, %d wound "
	    "tokens\n", files[0].name, d->sample ? " (sample data)" : "", d->nchars,
	    d->ntiles, d->ntrack, d->nmissions, d->nhive, d->dice,
	    d->wound_blank + d->wound_kia);
	for (i = 0; i < d->ntrack; i++) {
		text += d->track[i].nstep > 0 || d->track[i].printed != NULL;
		words += d->track[i].printed != NULL;
	}
	strbuf_addf(&sb, "tracking cards with text: %d, %d of them with the printed "
	    "words%s\n", text, words, d->sample ? " (sample words, not the published "
	    "cards')" : "");
	*valid = 1;
	if (deck != NULL) {
		if (R->deck_check(data, "bug-hunt", faction != NULL ? faction : "a squad", deck,
		    &why) == -1) {
			strbuf_addf(&sb, "%s\n", why);
			free(why);
			*valid = 0;
		} else
			strbuf_addf(&sb, "%s: a legal seat file\n", deck->name);
	}
	R->data_free(data);
	*report = strbuf_detach(&sb, NULL);
	return 0;
}
