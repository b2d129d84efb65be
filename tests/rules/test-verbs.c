/*
 * test-verbs.c — the verb table of the CCG orders language
 * (rules/ccg/verbs.c): one row per verb, each found by its word, each
 * with a way to read its words and a rule that carries it out, and each
 * usage read back by its own row: the usage with every placeholder a slug,
 * every optional part left out and the first of each choice taken is an
 * order of that verb. The phase check reads the table.
 */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/verbs.h"
#include "tests/tap.h"

/* The shortest order of a usage: "find CARD with CHAR" -> "find slug-1
 * with slug-2"; N a number, "[...]" dropped, "a|b" -> "a", "CHAR[, CHAR ...]" -> one. */
static char *
shortest(const char *usage)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = usage;
	int depth = 0, n = 0;

	strbuf_addstr(&sb, "");
	/* the molt and play usages give several forms: the first */
	while (*p != '\0' && (depth > 0 || *p != ',' || p[1] != ' ' ||
	    !islower((unsigned char)p[2]))) {
		if (*p == '[') {
			depth++;
			p++;
		} else if (*p == ']') {
			depth--;
			p++;
		} else if (depth > 0) {
			p++;
		} else if (*p == '|') {
			while (*p != '\0' && *p != ' ' && *p != ',' && *p != '[')
				p++;
		} else if (*p == 'N' && !isupper((unsigned char)p[1])) {
			strbuf_addstr(&sb, "1");	/* a number */
			p++;
		} else if (isupper((unsigned char)*p)) {
			while (isupper((unsigned char)*p))
				p++;
			strbuf_addf(&sb, "slug-%d", ++n);
		} else
			strbuf_addc(&sb, *p++);
	}
	while (sb.len > 0 && sb.s[sb.len - 1] == ' ')
		sb.s[--sb.len] = '\0';
	return strbuf_detach(&sb, NULL);
}

int
main(void)
{
	int v, seen[CCG_NVERBS] = { 0 }, p;
	size_t i;

	for (i = 0; i < CCG_NVERBS; i++) {
		const struct ccg_verb_row *r = &ccg_verbs[i];
		struct ccg_order o;
		char *line, *cause = NULL;
		int got;

		ok(r->verb >= 0 && r->verb < CCG_NVERBS && !seen[r->verb]++,
		    "%s: a verb of its own", r->name);
		ok(ccg_verb_find(r->name) == r && ccg_verb(r->verb) == r,
		    "%s: found by its word and its number", r->name);
		ok(strncmp(r->usage, r->name, strlen(r->name)) == 0,
		    "%s: its usage starts with its word", r->name);
		ok((r->pattern != NULL) != (r->parse != NULL),
		    "%s: a pattern or a parse function", r->name);
		ok(r->apply != NULL || r->verb == CCG_V_PASS,
		    "%s: a rule carries it out", r->name);
		line = shortest(r->usage);
		got = ccg_order_parse_line(line, 1, &o, &cause);
		ok(got == 1 && o.verb == r->verb, "%s: \"%s\" reads back (%s)",
		    r->name, line, cause ? cause : "ok");
		if (got == 1)
			ccg_order_clear(&o);
		free(cause);
		free(line);
	}
	for (v = 0; v < CCG_NVERBS; v++)
		ok(seen[v] == 1, "verb %d (%s) has one row", v, ccg_verb_name(v));
	for (p = 0; p < CCG_NPHASES; p++)
		ok(ccg_phase_allows(p, CCG_V_PASS), "pass in phase %d", p);
	ok(ccg_phase_allows(CCG_PH_EVACUATE, CCG_V_EVACUATE) &&
	    !ccg_phase_allows(CCG_PH_MOVE, CCG_V_EVACUATE) &&
	    !ccg_phase_allows(CCG_PH_READY, CCG_V_DROP) &&
	    ccg_phase_allows(CCG_PH_DECLARE_HR, CCG_V_DROP),
	    "the phases of a row are its phases");
	{
		char *s = ccg_phase_verbs(CCG_PH_EVACUATE);

		is_str(s, "evacuate, download, drop, reveal, prefer or pass",
		    "a phase's verbs as messages list them");
		free(s);
	}
	return done_testing();
}
