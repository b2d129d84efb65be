/*
 * difficulty.c — "Adjusting Game Difficulty" as scenario options
 * (`muthur new-game --option`): easier, a Named Character for a Grunt and
 * no set-up spawn; harder, extra Xenomorph Phase cards ("one or more": as
 * many as the data has cards beyond the one a player) and a second
 * set-up spawn; difficulty=easy|normal|hard names both of a side at once.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "rules/bughunt/bughunt.h"

#define BH_OPTIONS "difficulty=easy|normal|hard, named-for-grunt, no-setup-spawn, " \
	"extra-setup-spawn, extra-xenomorph-cards=N (N 1 or more, as many as the data's " \
	"Xenomorph Phase cards allow)"

/* The option's bits and extra cards; -1 if it is not one. */
static int
option_parse(const char *name, int *bits, int *extra)
{
	char tail;
	int n;

	*bits = *extra = 0;
	if (strcmp(name, "difficulty=easy") == 0)
		*bits = BH_OPT_NAMED_FOR_GRUNT | BH_OPT_NO_SETUP_SPAWN;
	else if (strcmp(name, "difficulty=hard") == 0) {
		*bits = BH_OPT_EXTRA_SPAWN;
		*extra = 1;
	} else if (strcmp(name, "difficulty=normal") == 0)
		;
	else if (strcmp(name, "named-for-grunt") == 0)
		*bits = BH_OPT_NAMED_FOR_GRUNT;
	else if (strcmp(name, "no-setup-spawn") == 0)
		*bits = BH_OPT_NO_SETUP_SPAWN;
	else if (strcmp(name, "extra-setup-spawn") == 0)
		*bits = BH_OPT_EXTRA_SPAWN;
	else if (sscanf(name, "extra-xenomorph-cards=%d%c", &n, &tail) == 1 && n >= 1 &&
	    n <= 999)	/* the data's count is checked at set-up */
		*extra = n;
	else
		return -1;
	return 0;
}

int
bh_option_check(const char *name, char **cause)
{
	int bits, extra;

	if (option_parse(name, &bits, &extra) == -1)
		return cause_set(cause, "unknown option \"%s\" (Bug Hunt has %s)", name,
		    BH_OPTIONS);
	return 0;
}

int
bh_options_apply(struct rules_game *g, const char *const *opts, size_t n, char **cause)
{
	int bits, extra;
	size_t i;

	for (i = 0; i < n; i++) {
		if (option_parse(opts[i], &bits, &extra) == -1)
			return bh_option_check(opts[i], cause);
		g->options |= bits;
		g->extra_xeno += extra;
	}
	if ((g->options & BH_OPT_NO_SETUP_SPAWN) && (g->options & BH_OPT_EXTRA_SPAWN))
		return cause_set(cause, "no-setup-spawn and extra-setup-spawn (or "
		    "difficulty=easy and =hard) contradict each other");
	return 0;
}
