/*
 * missions.c — "Missions and Objectives": three missions, each complete
 * with 3 objective tokens (no more); a mission's ability is used by
 * flipping one of its face-up tokens face down (`use MISSION`), during
 * the squad's turn: firepower for this turn's shot, movement points,
 * a face-down wound token off a character, or Xenomorphs killed on the
 * squad's tile.
 */
#include "config.h"

#include <string.h>

#include "rules/bughunt/bughunt.h"

int
bh_mission_find(const struct rules_game *g, const char *slug)
{
	int m;

	for (m = 0; m < BH_MISSIONS; m++)
		if (strcmp(g->d->missions[g->mission[m]].id, slug) == 0)
			return m;
	return -1;
}

int
bh_missions_done(const struct rules_game *g)
{
	int m;

	for (m = 0; m < BH_MISSIONS; m++)
		if (g->mtok[m] < BH_MISSION_TOKENS)
			return 0;
	return 1;
}

const char *
bh_use_why(const struct rules_game *g, int seat, int m, int ci)
{
	const struct bh_missiondef *md = &g->d->missions[g->mission[m]];

	if (g->mup[m] == 0)
		return "the mission has no face-up objective token";
	if (md->ability == BH_MA_PATCH && (ci < 0 || bh_wounds_down(&g->sq[seat].c[ci]) == 0))
		return "patching names a character of the squad with a face-down wound";
	if (md->ability != BH_MA_PATCH && ci >= 0)
		return "only a patching mission names a character";
	if (md->ability == BH_MA_PURGE && g->sq[seat].pos == BH_APC)
		return "there are no Xenomorphs on the APC";
	return NULL;
}

void
bh_use(struct rules_game *g, int seat, int m, int ci, struct rules_rng *rng,
    struct rules_events *ev)
{
	const struct bh_missiondef *md = &g->d->missions[g->mission[m]];
	struct bh_char *c;
	int i, n, pos = g->sq[seat].pos;

	(void)rng;
	g->mup[m]--;
	bh_event(ev, "{\"type\":\"mission-used\",\"seat\":\"%s\",\"mission\":\"%s\"}",
	    bh_colours[g->sq[seat].colour], md->id);
	if (md->ability == BH_MA_PATCH) {
		c = &g->sq[seat].c[ci];
		for (i = c->ntok - 1; i >= 0 && c->flipped[i]; i--)
			;
		g->pool[g->npool++] = c->tok[i];
		memmove(&c->tok[i], &c->tok[i + 1], (size_t)(c->ntok - i - 1) * sizeof *c->tok);
		memmove(&c->flipped[i], &c->flipped[i + 1], (size_t)(c->ntok - i - 1) *
		    sizeof *c->flipped);
		c->ntok--;
	} else if (md->ability == BH_MA_PURGE) {
		n = g->xenos[pos] < md->amount ? g->xenos[pos] : md->amount;
		g->xenos[pos] -= n;
		bh_event(ev, "{\"type\":\"purge\",\"cell\":\"%s\",\"killed\":%d}",
		    bh_cell_name(pos), n);
	}
}
