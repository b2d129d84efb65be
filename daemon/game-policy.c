/*
 * game-policy.c — a deterministic scripted player (the demo, the end-to-end
 * tests and the benchmark): orders chosen from rules->legal() by a fixed
 * preference that aims at the Contact victories the rules can reach:
 * evacuations first (the Marines' rescue, the Rogues' abduction), then new
 * cards in play, searches, moves towards a Docking Bay, other moves. Where
 * the rules insist on more (the Contact scenario's location plays), the
 * order their refusal suggests is added.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "daemon/game.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

/* Most order lines tried, and most lines written, per seat and phase. */
#define POLICY_TRIES	12
#define POLICY_LINES	4
#define POLICY_HINTS	20

static int
preference(const char *line, const char *phase)
{
	if (strncmp(line, "evacuate ", 9) == 0)
		return 6;
	if (strncmp(line, "play ", 5) == 0)
		return strcmp(phase, "movement.locations") == 0 ? 6 :
		    strstr(line, "docking-bay") != NULL ? 5 : 3;
	if (strncmp(line, "download ", 9) == 0)
		return 6;
	if (strncmp(line, "search ", 7) == 0)
		return 4;
	if (strncmp(line, "move ", 5) == 0)
		return strstr(line, "docking-bay") != NULL ? 5 : 2;
	return 1;
}

char *
game_policy_orders(const struct rules *r, const struct rules_game *g, size_t seat)
{
	char *legal = r->legal(g, seat), *p, *nl, *why, *q, *e;
	const char *phase = r->phase(g);
	struct strbuf sb = STRBUF_INIT;
	char **lines = NULL;
	size_t n = 0, i, keep, tries = 0, written = 0;
	int level, t;

	for (p = legal; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			break;
		*nl = '\0';
		if (*p != '#' && strcmp(p, "pass") != 0) {
			lines = xreallocarray(lines, n + 1, sizeof *lines);
			lines[n++] = p;
		}
	}
	strbuf_addstr(&sb, "");
	for (level = 6; level > 0; level--)
		for (i = 0; i < n && tries < POLICY_TRIES && written < POLICY_LINES; i++) {
			if (lines[i] == NULL || preference(lines[i], phase) != level)
				continue;
			keep = sb.len;
			why = NULL;
			strbuf_addstr(&sb, lines[i]);
			strbuf_addc(&sb, '\n');
			tries++;
			if (r->check(g, seat, strbuf_str(&sb), &why) != 0 &&
			    strstr(why, "can still be placed") == NULL) {
				sb.len = keep;
				sb.s[keep] = '\0';
			} else
				written++;
			lines[i] = NULL;
			free(why);
		}
	/* what the rules still ask for, as their refusal suggests it */
	for (t = 0; t < POLICY_HINTS; t++) {
		why = NULL;
		if (r->check(g, seat, strbuf_str(&sb), &why) == 0) {
			free(why);
			break;
		}
		q = why != NULL ? strstr(why, "expected an order such as \"") : NULL;
		e = q != NULL ? strchr(q + 27, '"') : NULL;
		if (e == NULL) {
			free(why);
			strbuf_reset(&sb);
			strbuf_addstr(&sb, "");
			break;
		}
		strbuf_add(&sb, q + 27, (size_t)(e - (q + 27)));
		strbuf_addc(&sb, '\n');
		free(why);
	}
	free(lines);
	free(legal);
	return strbuf_detach(&sb, NULL);
}
