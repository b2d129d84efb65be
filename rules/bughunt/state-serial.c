/*
 * state-serial.c — the canonical bytes of a game (save/load: JSON with its
 * members in one fixed order, every number range-checked on load) and its
 * secrets: the undrawn phase cards, tiles and tracking cards, and every
 * wound token's face not yet flipped, each known to no seat (-1).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

static void
put(cJSON *o, const char *k, const int *v, int n)
{
	cJSON_AddItemToObject(o, k, cJSON_CreateIntArray(v, n));
}

char *
bh_save(const struct rules_game *g, size_t *len)
{
	cJSON *o = cJSON_CreateObject(), *a, *s, *c, *ca;
	int i, k, side[BH_CELLS * 4];
	char *txt, *out;

	cJSON_AddNumberToObject(o, "v", 1);
	cJSON_AddNumberToObject(o, "options", g->options);
	cJSON_AddNumberToObject(o, "extra_xeno", g->extra_xeno);
	a = cJSON_AddArrayToObject(o, "squads");
	for (i = 0; i < g->nseats; i++) {
		s = cJSON_CreateObject();
		cJSON_AddNumberToObject(s, "colour", g->sq[i].colour);
		cJSON_AddNumberToObject(s, "pos", g->sq[i].pos);
		cJSON_AddNumberToObject(s, "lt_pref", g->sq[i].lt_pref);
		cJSON_AddNumberToObject(s, "turns", g->sq[i].turns);
		/* only when chosen: a game that never chose keeps its bytes */
		if (g->sq[i].wound_pref != BH_PREF_EVEN)
			cJSON_AddNumberToObject(s, "wound_pref", g->sq[i].wound_pref);
		if (g->sq[i].xeno_pref != BH_PREF_EVEN)
			cJSON_AddNumberToObject(s, "xeno_pref", g->sq[i].xeno_pref);
		if (g->sq[i].xeno_stop)	/* written only when set */
			cJSON_AddNumberToObject(s, "xeno_stop", 1);
		if (g->sq[i].asked)
			cJSON_AddNumberToObject(s, "asked", 1);
		ca = cJSON_AddArrayToObject(s, "chars");
		for (k = 0; k < g->sq[i].nchar; k++) {
			c = cJSON_CreateObject();
			cJSON_AddNumberToObject(c, "def", g->sq[i].c[k].def);
			cJSON_AddNumberToObject(c, "copy", g->sq[i].c[k].copy);
			cJSON_AddNumberToObject(c, "ready", g->sq[i].c[k].ready);
			put(c, "tok", g->sq[i].c[k].tok, g->sq[i].c[k].ntok);
			put(c, "flipped", g->sq[i].c[k].flipped, g->sq[i].c[k].ntok);
			cJSON_AddItemToArray(ca, c);
		}
		cJSON_AddItemToArray(a, s);
	}
	for (i = 0; i < BH_CELLS; i++)
		for (k = 0; k < 4; k++)
			side[i * 4 + k] = g->side[i][k];
	put(o, "tile", g->tile, BH_CELLS);
	put(o, "side", side, BH_CELLS * 4);
	put(o, "breach", g->breach, BH_CELLS);
	put(o, "xenos", g->xenos, BH_CELLS);
	put(o, "objective", g->objective, BH_CELLS);
	put(o, "mission", g->mission, BH_MISSIONS);
	put(o, "mtok", g->mtok, BH_MISSIONS);
	put(o, "mup", g->mup, BH_MISSIONS);
	put(o, "deck", g->deck, g->ndeck);
	put(o, "discard", g->discard, g->ndiscard);
	put(o, "tiles", g->tiles, g->ntiles);
	put(o, "track", g->track, g->ntrack);
	put(o, "wface", g->wface, g->nwounds);
	put(o, "wopen", g->wopen, g->nwounds);
	put(o, "pool", g->pool, g->npool);
	{
		int n[] = { g->escaped, g->breaches_left, g->objectives_left, g->dpos, g->gen,
		    g->xeno_left, g->tpos, g->kpos, g->last_track, g->hive, g->pending_xeno,
		    g->turn, g->phase, g->active, g->lt_turn, g->last_active, g->won };

		put(o, "n", n, (int)(sizeof n / sizeof n[0]));
	}
	cJSON_AddStringToObject(o, "reason", g->reason);
	txt = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	*len = strlen(txt);
	out = xmemdup(txt, *len + 1);
	cJSON_free(txt);
	return out;
}

/* Read int array k of o into v: *n entries (exact when want >= 0, else at
 * most max), each lo..hi. -1 when it is not so. */
static int
get(const cJSON *o, const char *k, int *v, int want, int max, int *n, int lo, int hi)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, k), *e;
	int i = 0;

	if (!cJSON_IsArray(a))
		return -1;
	cJSON_ArrayForEach(e, a) {
		if (i == max || !cJSON_IsNumber(e) || e->valueint < lo || e->valueint > hi)
			return -1;
		v[i++] = e->valueint;
	}
	if (want >= 0 && i != want)
		return -1;
	if (n != NULL)
		*n = i;
	return 0;
}

static int
num(const cJSON *o, const char *k, int lo, int hi, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(v) || v->valueint < lo || v->valueint > hi)
		return -1;
	*out = v->valueint;
	return 0;
}

/* num() of a member that may be absent (then 0, the default). */
static int
opt_num(const cJSON *o, const char *k, int lo, int hi, int *out)
{
	if (cJSON_GetObjectItemCaseSensitive(o, k) == NULL) {
		*out = 0;
		return 0;
	}
	return num(o, k, lo, hi, out);
}

static int
load_squads(struct rules_game *g, const cJSON *o)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, "squads"), *s, *c, *chars;
	const struct bh_data *d = g->d;
	struct bh_char *ch;
	int n;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > BH_SEATS)
		return -1;
	cJSON_ArrayForEach(s, a) {
		struct bh_squad *sq = &g->sq[g->nseats++];

		if (num(s, "colour", 0, BH_SEATS - 1, &sq->colour) == -1 ||
		    num(s, "pos", BH_APC, BH_CELLS - 1, &sq->pos) == -1 ||
		    num(s, "lt_pref", -1, BH_SEATS - 1, &sq->lt_pref) == -1 ||
		    num(s, "turns", 0, 1 << 30, &sq->turns) == -1 ||
		    opt_num(s, "wound_pref", BH_PREF_EVEN, BH_PREF_COUNT + BH_PREF_MAX_N,
		    &sq->wound_pref) == -1 ||
		    opt_num(s, "xeno_pref", BH_PREF_EVEN, BH_PREF_COUNT + BH_PREF_MAX_N,
		    &sq->xeno_pref) == -1 ||
		    opt_num(s, "xeno_stop", 0, 1, &sq->xeno_stop) == -1 ||
		    opt_num(s, "asked", 0, 1, &sq->asked) == -1)
			return -1;
		chars = cJSON_GetObjectItemCaseSensitive(s, "chars");
		if (!cJSON_IsArray(chars) || cJSON_GetArraySize(chars) > BH_SQUAD)
			return -1;
		cJSON_ArrayForEach(c, chars) {
			ch = &sq->c[sq->nchar++];
			if (num(c, "def", 0, d->nchars - 1, &ch->def) == -1 ||
			    num(c, "copy", 0, BH_SQUAD, &ch->copy) == -1 ||
			    num(c, "ready", 0, 1, &ch->ready) == -1 ||
			    get(c, "tok", ch->tok, -1, BH_MAX_ARMOR, &ch->ntok, 0,
			    BH_MAX_WOUNDS - 1) == -1 ||
			    get(c, "flipped", ch->flipped, ch->ntok, BH_MAX_ARMOR, &n, 0, 1) == -1)
				return -1;
		}
	}
	return 0;
}

/* Is every wound token in the pool or on one character, exactly once? */
static int
tokens_once(const struct rules_game *g)
{
	int seen[BH_MAX_WOUNDS] = { 0 }, i, s, c, n = g->npool;

	for (i = 0; i < g->npool; i++)
		if (seen[g->pool[i]]++)
			return 0;
	for (s = 0; s < g->nseats; s++)
		for (c = 0; c < g->sq[s].nchar; c++)
			for (i = 0; i < g->sq[s].c[c].ntok; i++, n++)
				if (seen[g->sq[s].c[c].tok[i]]++)
					return 0;
	return n <= g->nwounds;
}

struct rules_game *
bh_load(const void *data, const char *bytes, size_t len, char **cause)
{
	const struct bh_data *d = data;
	struct rules_game *g = xcalloc(1, sizeof *g);
	cJSON *o = cJSON_ParseWithLength(bytes, len);
	const cJSON *r;
	int side[BH_CELLS * 4], n[17], i, k, bad;

	g->d = d;
	bad = o == NULL || num(o, "v", 1, 1, &i) == -1 ||
	    num(o, "options", 0, 7, &g->options) == -1 ||
	    num(o, "extra_xeno", 0, 16, &g->extra_xeno) == -1 ||
	    load_squads(g, o) == -1 ||
	    get(o, "tile", g->tile, BH_CELLS, BH_CELLS, NULL, -1, d->ntiles - 1) == -1 ||
	    get(o, "side", side, BH_CELLS * 4, BH_CELLS * 4, NULL, 0, 2) == -1 ||
	    get(o, "breach", g->breach, BH_CELLS, BH_CELLS, NULL, 0, 15) == -1 ||
	    get(o, "xenos", g->xenos, BH_CELLS, BH_CELLS, NULL, 0, BH_MAX_DICE) == -1 ||
	    get(o, "objective", g->objective, BH_CELLS, BH_CELLS, NULL, 0, 1) == -1 ||
	    get(o, "mission", g->mission, BH_MISSIONS, BH_MISSIONS, NULL, 0,
	    d->nmissions - 1) == -1 ||
	    get(o, "mtok", g->mtok, BH_MISSIONS, BH_MISSIONS, NULL, 0, BH_MISSION_TOKENS) == -1 ||
	    get(o, "mup", g->mup, BH_MISSIONS, BH_MISSIONS, NULL, 0, BH_MISSION_TOKENS) == -1 ||
	    get(o, "deck", g->deck, -1, BH_MAX_PHASE, &g->ndeck, 0, BH_CARD_XENO) == -1 ||
	    get(o, "discard", g->discard, -1, BH_MAX_PHASE, &g->ndiscard, 0, BH_CARD_XENO) == -1 ||
	    get(o, "tiles", g->tiles, d->ntiles, BH_MAX_TILES, &g->ntiles, 0, d->ntiles - 1) == -1 ||
	    get(o, "track", g->track, d->ntrack, BH_MAX_TRACK, &g->ntrack, 0, d->ntrack - 1) == -1 ||
	    get(o, "wface", g->wface, -1, BH_MAX_WOUNDS, &g->nwounds, 0, 1) == -1 ||
	    get(o, "wopen", g->wopen, g->nwounds, BH_MAX_WOUNDS, NULL, 0, 1) == -1 ||
	    get(o, "pool", g->pool, -1, BH_MAX_WOUNDS, &g->npool, 0, g->nwounds - 1) == -1 ||
	    get(o, "n", n, 17, 17, NULL, -1, 1 << 30) == -1 ||
	    !cJSON_IsString(r = cJSON_GetObjectItemCaseSensitive(o, "reason")) ||
	    strlen(r->valuestring) >= sizeof g->reason;
	if (!bad) {
		for (i = 0; i < BH_CELLS; i++)
			for (k = 0; k < 4; k++)
				g->side[i][k] = side[i * 4 + k];
		g->escaped = n[0];
		g->breaches_left = n[1];
		g->objectives_left = n[2];
		g->dpos = n[3];
		g->gen = n[4];
		g->xeno_left = n[5];
		g->tpos = n[6];
		g->kpos = n[7];
		g->last_track = n[8];
		g->hive = n[9];
		g->pending_xeno = n[10];
		g->turn = n[11];
		g->phase = n[12];
		g->active = n[13];
		g->lt_turn = n[14];
		g->last_active = n[15];
		g->won = n[16];
		snprintf(g->reason, sizeof g->reason, "%s", r->valuestring);
		bad = g->dpos > g->ndeck || g->tpos > g->ntiles || g->kpos > g->ntrack ||
		    g->hive >= d->nhive || g->last_track >= d->ntrack ||
		    (g->phase != BH_PH_TURN && g->phase != BH_PH_OVER &&
		    g->phase != BH_PH_XENO) ||
		    g->active >= g->nseats || g->last_active >= g->nseats ||
		    (g->phase == BH_PH_TURN && g->active < 0) || g->escaped > d->dice ||
		    bh_dice_left(g) < 0;
		for (i = 0; i < g->nseats && !bad; i++)
			bad = g->sq[i].lt_pref >= g->nseats;
		for (i = 0; i < BH_MISSIONS && !bad; i++)
			bad = g->mup[i] > g->mtok[i];
		bad = bad || g->ndeck - g->dpos + g->ndiscard > BH_MAX_PHASE ||
		    !tokens_once(g);
	}
	cJSON_Delete(o);
	if (bad) {
		free(g);
		return cause_set(cause, "not a Bug Hunt state of this data"), NULL;
	}
	return g;
}

static void
secret(struct rules_secret *s, char *id, const char *bytes)
{
	s->id = id;
	s->seat = -1;
	/*
	 * Each id names one place of a pile that is never reordered (a
	 * reshuffled phase deck has a new generation in its ids) or one
	 * wound token: its bytes never change while it exists (rules.h).
	 */
	s->fixed = 1;
	s->bytes = (unsigned char *)xstrdup(bytes);
	s->len = strlen(bytes);
}

void
bh_secrets(const struct rules_game *g, struct rules_secret **out, size_t *n)
{
	const struct bh_data *d = g->d;
	size_t k = 0;
	int i;

	*out = xcalloc((size_t)(g->ndeck + g->ntiles + g->ntrack + g->nwounds) + 1,
	    sizeof **out);
	for (i = g->dpos; i < g->ndeck; i++)
		secret(&(*out)[k++], xasprintf("phase:%d:%d", g->gen, i),
		    g->deck[i] < g->nseats ? bh_colours[g->sq[g->deck[i]].colour] :
		    bh_card_name(g->deck[i]));
	for (i = g->tpos; i < g->ntiles; i++)
		secret(&(*out)[k++], xasprintf("tile:%d", i), d->tiles[g->tiles[i]].id);
	for (i = g->kpos; i < g->ntrack; i++)
		secret(&(*out)[k++], xasprintf("tracking:%d", i), d->track[g->track[i]].id);
	for (i = 0; i < g->nwounds; i++)
		if (!g->wopen[i])
			secret(&(*out)[k++], xasprintf("wound:%d", i), g->wface[i] ? "kia" :
			    "blank");
	*n = k;
}
