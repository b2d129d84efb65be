/*
 * game-digest.c — the organiser's daily digest (PRODUCT.md §6: "Organisers
 * may ask for a digest of all their games"; game-clock.h): one mail a UTC
 * day to each organiser address, a status line per game of theirs whose
 * organiser asked for it with `set views digest`.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "daemon/game-clock.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/club.h"
#include "store/outbox.h"

/* The digest of address to, over the games ids[0..n) (those it organises). */
static int
digest_one(const struct game_ctx *c, const char *to, const int64_t *ids, size_t n,
    char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	struct store_game *g, *first = NULL;
	const char *lines[2];
	char day[32], *key, *line, *l0;
	size_t i, k = 0;
	int rc = 0, has;

	clock_time_iso(c->now, day, sizeof day);
	day[10] = '\0';
	key = xasprintf("digest/%s/%s", to, day);
	if ((has = store_outbox_has(c->st, key, cause)) != 0) {
		free(key);
		return has == 1 ? 0 : -1;
	}
	for (i = 0; i < n && rc == 0; i++) {
		if ((g = store_game_get_id(c->st, ids[i], cause)) == NULL) {
			rc = -1;
			break;
		}
		if ((line = game_status_line(c->st, g->name, c->now, cause)) == NULL)
			rc = -1;
		else
			strbuf_addf(&sb, "%s\n", line);
		free(line);
		k++;
		if (first == NULL)
			first = g;
		else
			store_game_free(g);
	}
	l0 = xasprintf("Your %zu game%s on %s:", k, k == 1 ? "" : "s", day);
	lines[0] = l0;
	lines[1] = strbuf_str(&sb);
	if (rc == 0 && first != NULL &&
	    (rc = game_notice_queue(c, first, key, to, NULL, "your daily digest", lines,
	    2, 0, cause)) == 0)
		log_info("digest of %zu game%s to %s", k, k == 1 ? "" : "s", to);
	store_game_free(first);
	free(l0);
	strbuf_free(&sb);
	free(key);
	return rc;
}

int
game_digests_send(const struct game_ctx *c, char **cause)
{
	struct store_clock ck;
	int64_t *ids = NULL, *mine;
	char **addrs;
	size_t n = 0, i, j, k;
	int rc = 0;

	if (store_club_digests(c->st, &ids, &n, cause) == -1)
		return -1;
	addrs = xcalloc(n + 1, sizeof *addrs);
	for (i = 0; i < n && rc == 0; i++) {
		if ((rc = store_clock_get(c->st, ids[i], &ck, cause)) == -1)
			break;
		rc = 0;
		addrs[i] = ck.organiser;	/* "" for none */
		ck.organiser = NULL;
		store_clock_clear(&ck);
	}
	mine = xcalloc(n + 1, sizeof *mine);
	for (i = 0; i < n && rc == 0; i++) {
		if (addrs[i] == NULL || addrs[i][0] == '\0')
			continue;
		for (j = 0; j < i; j++)
			if (addrs[j] != NULL && strcasecmp(addrs[j], addrs[i]) == 0)
				break;
		if (j < i)
			continue;	/* done with the first of its games */
		for (j = i, k = 0; j < n; j++)
			if (addrs[j] != NULL && strcasecmp(addrs[j], addrs[i]) == 0)
				mine[k++] = ids[j];
		if (store_unit_begin(c->st, cause) == -1) {
			rc = -1;
			break;
		}
		rc = digest_one(c, addrs[i], mine, k, cause);
		rc = store_unit_end(c->st, rc == 0, rc == 0 ? cause : NULL);
	}
	for (i = 0; i < n; i++)
		free(addrs[i]);
	free(addrs);
	free(mine);
	free(ids);
	return rc;
}
