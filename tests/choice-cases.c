/*
 * choice-cases.c — the rulebook choices' cases of a game's harness,
 * played both ways (choice-cases.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "tests/choice-cases.h"

void
choice_cases_run(const struct choice_case *v, size_t n, const char *only,
    void (*report)(int cond, const char *what))
{
	size_t i, found = 0;
	char *a, *b, *what;

	for (i = 0; i < n; i++) {
		if (only != NULL && strcmp(only, v[i].id) != 0)
			continue;
		found++;
		a = v[i].run(1, v[i].arg);
		b = v[i].run(0, v[i].arg);
		what = xasprintf("choice %s: the order changes the outcome (%s; by default "
		    "%s)", v[i].id, a, b);
		report(strcmp(a, b) != 0 && strncmp(a, "refused", 7) != 0, what);
		free(what);
		free(a);
		free(b);
	}
	if (only != NULL && found != 1) {
		what = xasprintf("choice %s: no scenario of this harness", only);
		report(0, what);
		free(what);
	}
}
