/*
 * game-org-mail.c — organiser commands by signed mail (PRODUCT.md §8): the
 * order lines of a block with `seat: organiser` whose signature the
 * caller (game-mail.c) verified with the game's organiser key. Each line
 * is one command, carried out with the same functions as the CLI verbs
 * (daemon/game-clock.h), all in one unit: a line that fails undoes the
 * ones before it. doc/muthur-orders.5 "Organiser commands".
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "daemon/view-int.h"
#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/club.h"

#define ORG_USAGE "pause, resume, extend DURATION, deadline WHEN|+DURATION, " \
	"replace SEAT ADDRESS KEY, abandon, adjudicate, or set views digest|due"

/* The deadline text of a receipt line. */
static char *
deadline_line(const char *what, int64_t d)
{
	char when[64];

	if (view_time_text(d, when, sizeof when) == 0)
		return xasprintf("%s: the deadline is now %s", what, when);
	return xasprintf("%s: done", what);
}

/* `set views digest|due|every` of the organiser. */
static int
org_setting(const struct game_ctx *c, struct game_live *l, const struct orders_line *ln,
    char **done, char **cause)
{
	struct store_club cl;
	char w1[16], w2[16], w3[16], extra;
	int rc, n = sscanf(ln->text, "%15s %15s %15s %c", w1, w2, w3, &extra);

	if (n != 3 || strcasecmp(w2, "views") != 0 || (strcasecmp(w3, "digest") != 0 &&
	    strcasecmp(w3, "due") != 0 && strcasecmp(w3, "every") != 0))
		return cause_set(cause, "the organiser's setting is set views digest (a "
		    "daily digest of the game) or set views due (none)");
	if (store_club_get(c->st, l->game->id, &cl, cause) == -1)
		return -1;
	cl.digest = strcasecmp(w3, "digest") == 0;
	rc = store_club_set(c->st, l->game->id, &cl, cause);
	store_club_clear(&cl);
	if (rc == 0)
		*done = xasprintf("set views %s: %s", w3, strcasecmp(w3, "digest") == 0 ?
		    "a digest of the game comes once a day" : "no digest");
	return rc;
}

/* One command line; *done says what it did (for the receipt). */
static int
org_command(const struct game_ctx *c, const char *name, const char *line, char **done,
    char **cause)
{
	char *copy = xstrdup(line), *save = NULL, *verb, *a1, *a2, *rest;
	int64_t when, d;
	int rc = -1, n;

	verb = strtok_r(copy, " \t", &save);
	a1 = strtok_r(NULL, " \t", &save);
	if (strcasecmp(verb, "pause") == 0 && a1 == NULL) {
		if ((rc = game_pause(c, name, cause)) == 0)
			*done = xstrdup("pause: the game is paused");
	} else if (strcasecmp(verb, "resume") == 0 && a1 == NULL) {
		if ((rc = game_resume(c, name, cause)) == 0)
			*done = xstrdup("resume: the game runs again");
	} else if (strcasecmp(verb, "abandon") == 0 && a1 == NULL) {
		if ((rc = game_abandon(c, name, cause)) == 0)
			*done = xstrdup("abandon: the game is abandoned");
	} else if (strcasecmp(verb, "adjudicate") == 0 && a1 == NULL) {
		if ((rc = game_adjudicate(c, name, &n, cause)) == 0)
			*done = xasprintf("adjudicate: %d phase%s resolved", n,
			    n == 1 ? "" : "s");
	} else if ((strcasecmp(verb, "extend") == 0 || strcasecmp(verb, "deadline") == 0) &&
	    a1 != NULL) {
		rest = save != NULL ? save + strspn(save, " \t") : NULL;
		if (strcasecmp(verb, "extend") == 0 || a1[0] == '+') {
			if (rest != NULL && *rest != '\0')
				cause_set(cause, "expected %s DURATION (+24h)", verb);
			else if (clock_duration_parse(a1 + (a1[0] == '+'), &when, cause) == 0)
				rc = game_deadline(c, name, when, 1, &d, cause);
		} else {	/* deadline YYYY-MM-DD HH:MM */
			char *t = rest != NULL && *rest != '\0' ? xasprintf("%s %s", a1, rest) :
			    xstrdup(a1);

			if (clock_time_parse(t, &when, cause) == 0)
				rc = game_deadline(c, name, when, 0, &d, cause);
			free(t);
		}
		if (rc == 0)
			*done = deadline_line(verb, d);
	} else if (strcasecmp(verb, "replace") == 0 && a1 != NULL &&
	    (a2 = strtok_r(NULL, " \t", &save)) != NULL && save != NULL &&
	    *(rest = save + strspn(save, " \t")) != '\0') {
		if ((rc = game_replace(c, name, a1, a2, rest, "organiser", cause)) == 0)
			*done = xasprintf("replace: seat %s is played by %s", a1, a2);
	} else
		cause_set(cause, "unknown organiser command \"%s\" (expected " ORG_USAGE ")",
		    line);
	free(copy);
	return rc;
}

int
game_organiser_commands(const struct game_ctx *c, struct game_live *l,
    const struct orders *o, struct strbuf *receipt, char **why, char **cause)
{
	struct store_phase *ph;
	char *done = NULL, *err = NULL;
	const struct orders_line *ln = NULL;
	size_t i;
	int r, rc = 0;

	*why = NULL;
	if (o->nlines == 0 && o->nsettings == 0) {
		*why = xstrdup("the organiser's block holds no command (expected "
		    ORG_USAGE ", one per line)");
		return 0;
	}
	if (o->nsections > 0 || o->nabsences > 0) {
		*why = xstrdup("the organiser's block holds plan sections or absences, "
		    "which are for seats");
		return 0;
	}
	/* bound to the game's current turn and phase, as a seat's orders */
	if ((ph = store_phase_current(c->st, l->game->id, &err)) != NULL &&
	    (ph->turn != o->turn || strcmp(ph->name, o->phase) != 0))
		*why = xasprintf("game %s is in turn %d, phase %s, not turn %ld, phase "
		    "%s", l->game->name, ph->turn, ph->name, o->turn, o->phase);
	store_phase_free(ph);
	free(err);
	if (*why != NULL)
		return 0;
	if (store_unit_begin(c->st, cause) == -1)
		return -1;
	if ((r = store_organiser_nonce(c->st, l->game->id, o->nonce, o->nonce_len,
	    cause)) != 0) {
		store_unit_end(c->st, 0, NULL);
		if (r == -1)
			return -1;
		*why = xasprintf("the organiser has sent a block with this nonce before in "
		    "game %s: a block is carried out once (sign it again with a fresh "
		    "nonce)", l->game->name);
		return 0;
	}
	for (i = 0; i < o->nlines + o->nsettings && rc == 0; i++) {
		ln = i < o->nlines ? &o->lines[i] : &o->settings[i - o->nlines];
		err = NULL;
		rc = i < o->nlines ? org_command(c, l->game->name, ln->text, &done, &err) :
		    org_setting(c, l, ln, &done, &err);
		if (rc == 0) {
			strbuf_addf(receipt, "line %d (\"%s\"): %s\n", ln->lineno, ln->text,
			    done);
			free(done);
			done = NULL;
		}
	}
	if (rc == 0)
		return store_unit_end(c->st, 1, cause) == -1 ? -1 : 1;
	store_unit_end(c->st, 0, NULL);
	*why = xasprintf("line %d (\"%s\"): %s; nothing was carried out", ln->lineno,
	    ln->text, err != NULL ? err : "failed");
	free(err);
	return 0;
}
