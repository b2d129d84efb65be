/*
 * clock-policy.c — a game's deadline policy as the game service reads it
 * when a phase opens or its barrier passes (daemon/game-clock.h): what
 * deadline a phase gets and whether it waits for it. Apart from
 * game-clock.c so that resolving (game-resolve.c) and the clock step,
 * which resolves, do not call each other.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "daemon/game-clock.h"
#include "daemon/game-int.h"
#include "mail/pubkey.h"
#include "store/games.h"

int
game_clock_new(const struct game_ctx *c, const char *name,
    const struct store_clock *ck, const struct store_club *club, char **cause)
{
	struct store_game *g;
	int rc;

	if ((g = store_game_get(c->st, name, cause)) == NULL)
		return -1;
	rc = store_clock_set(c->st, g->id, ck, cause);
	if (rc == 0)
		rc = store_club_set(c->st, g->id, club, cause);
	store_game_free(g);
	return rc;
}

int
game_key_text(const char *arg, char **text, char **cause)
{
	struct pubkey pk;

	if (pubkey_from_arg(arg, &pk, cause) == -1)
		return -1;
	*text = pubkey_format(&pk);
	return 0;
}

int64_t
game_clock_duration(const struct store_clock *ck, const char *phase_name)
{
	cJSON *o = cJSON_Parse(ck->kinds), *k;
	int64_t d = ck->deadline;
	size_t best = 0, len;

	cJSON_ArrayForEach(k, o) {
		len = strlen(k->string);
		if (!cJSON_IsNumber(k) || len <= best || strncmp(phase_name, k->string,
		    len) != 0 || (phase_name[len] != '\0' && phase_name[len] != '.'))
			continue;
		best = len;
		d = (int64_t)k->valuedouble;
	}
	cJSON_Delete(o);
	return d;
}

int
game_clock_deadline(const struct game_ctx *c, int64_t game_id,
    const char *phase_name, size_t nowing, int64_t *deadline, char **cause)
{
	struct store_clock ck;
	int64_t d;

	*deadline = 0;
	if (nowing == 0)
		return 0;
	if (store_clock_get(c->st, game_id, &ck, cause) == -1)
		return -1;
	d = game_clock_duration(&ck, phase_name);
	store_clock_clear(&ck);
	if (d > 0)
		*deadline = c->now + d;
	return 0;
}

int
game_clock_waits(const struct game_ctx *c, const struct store_phase *ph,
    char **cause)
{
	struct store_clock ck;
	int wait;

	if (ph->nowing == 0 || ph->deadline <= 0 || ph->deadline <= c->now)
		return 0;
	if (store_clock_get(c->st, ph->game_id, &ck, cause) == -1)
		return -1;
	wait = ck.wait;
	store_clock_clear(&ck);
	return wait;
}
