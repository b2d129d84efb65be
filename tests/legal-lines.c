/* legal-lines.c — every line legal() offers is accepted (tests/legal-lines.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/rules.h"
#include "tests/legal-lines.h"
#include "tests/tap.h"

int
legal_refused(const struct rules *R, const struct rules_game *g, size_t seat)
{
	char *legal = R->legal(g, seat), *line, *save = NULL, *text, *cause;
	int bad = 0;

	for (line = strtok_r(legal, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		text = xasprintf("%s\n", line);
		cause = NULL;
		if (R->check(g, seat, text, &cause) == -1 && bad++ < 3)
			diag("legal line refused: \"%s\": %s", line, cause);
		free(cause);
		free(text);
	}
	free(legal);
	return bad;
}
