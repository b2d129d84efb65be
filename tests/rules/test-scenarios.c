/*
 * test-scenarios.c — runs the CCG scenario tests (tests/rules/scenarios,
 * format in tests/rules/README) as TAP. Every scenario is played twice:
 * both runs must give byte-identical state serialisations at every step,
 * and every state must survive save -> load -> save unchanged.
 */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/card.h"
#include "tests/rules/scenario.h"
#include "tests/tap.h"

static void
tap_report(void *arg, int cond, const char *file, int line, const char *what,
    const char *detail)
{
	(void)arg;
	if (!ok(cond, "%s:%d: %s", file, line, what) && detail != NULL)
		diag("%s", detail);
}

/*
 * A choice scenario ("choice ID", doc/rulebook-choices.tsv) played again
 * by default: without its "chosen" lines, with its "default" lines. The
 * default run must play through and its "outcome" answers must differ
 * from the chosen run's. tests/rules/test-choices.sh reads this line.
 */
static void
choice_differs(struct scenario_opts *o, const char *text,
    const struct scenario_outcome *a)
{
	struct scenario_outcome c;

	o->report = tap_report;
	o->by_default = 1;
	scenario_run(o, text, &c);
	o->by_default = 0;
	if (!ok(c.failures == 0 && a->outcome[0] != '\0' &&
	    strcmp(a->outcome, c.outcome) != 0, "%s: choice %s: the order changes "
	    "the outcome", o->file, a->choice))
		diag("chosen:\n%s\ndefault:\n%s", a->outcome, c.outcome);
	scenario_outcome_free(&c);
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char *dir = xasprintf("%s/tests/rules/scenarios", top), *cause = NULL;
	char *cards = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	const char *paths[1] = { cards };
	struct ccg_carddb *db;
	char **names = NULL;
	size_t nnames = 0, i;
	struct dirent *de;
	DIR *d;

	db = ccg_carddb_load(paths, 1, &cause);
	if (db == NULL) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	if (argc > 1) {
		for (i = 1; i < (size_t)argc; i++) {
			names = xreallocarray(names, nnames + 1, sizeof *names);
			names[nnames++] = xstrdup(argv[i]);
		}
	} else if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			size_t l = strlen(de->d_name);

			if (l > 4 && strcmp(de->d_name + l - 4, ".scn") == 0) {
				names = xreallocarray(names, nnames + 1, sizeof *names);
				names[nnames++] = xasprintf("%s/%s", dir, de->d_name);
			}
		}
		closedir(d);
	}
	if (nnames == 0) {
		printf("Bail out! no scenarios in %s\n", dir);
		return 1;
	}
	qsort(names, nnames, sizeof *names, cmp_names);
	for (i = 0; i < nnames; i++) {
		struct scenario_opts o;
		struct scenario_outcome a, b;
		char *text, *base = strrchr(names[i], '/');
		size_t len;

		if (fs_read_file(names[i], 1 << 20, &text, &len, &cause) != 0) {
			ok(0, "%s: read: %s", names[i], cause);
			free(cause);
			cause = NULL;
			continue;
		}
		o.db = db;
		o.file = base ? base + 1 : names[i];
		o.topdir = top;
		o.report = tap_report;
		o.arg = NULL;
		o.by_default = 0;
		scenario_run(&o, text, &a);
		o.report = NULL;		/* the second run only counts */
		scenario_run(&o, text, &b);
		ok(a.checks > 0, "%s: has expectations", o.file);
		ok(a.tracelen == b.tracelen &&
		    memcmp(a.trace, b.trace, a.tracelen) == 0 &&
		    a.failures == b.failures,
		    "%s: two runs give byte-identical states", o.file);
		ok(a.roundtrip_bad == 0, "%s: every state survives save/load "
		    "and clone unchanged", o.file);
		if (a.choice != NULL)
			choice_differs(&o, text, &a);
		scenario_outcome_free(&a);
		scenario_outcome_free(&b);
		free(text);
		free(names[i]);
	}
	free(names);
	ccg_carddb_free(db);
	free(dir);
	free(cards);
	return done_testing();
}
