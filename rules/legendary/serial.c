/*
 * serial.c — the canonical bytes of a Legendary state (save/load: one JSON
 * object, members in a fixed order, cards by index into the game's card
 * data) and its secrets: every personal deck's order, every hand, the
 * Enemy deck, the Barracks, the Commander stack, the Strike deck and the
 * face-down cards of the Wilds.
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

static void
add_pile(cJSON *o, const char *k, const struct lg_pile *p)
{
	cJSON_AddItemToObject(o, k, cJSON_CreateIntArray(p->v, p->n));
}

static void
add_ints(cJSON *o, const char *k, const int *v, int n)
{
	cJSON_AddItemToObject(o, k, cJSON_CreateIntArray(v, n));
}

/* The scalar members, in order: name, offset. */
#define F(x) { #x, offsetof(struct rules_game, x) }
static const struct { const char *k; size_t off; } scalars[] = {
	F(nseats), F(turn), F(active), F(phase), F(options), F(movie), F(location),
	F(done), F(progress), F(need), F(hazards), F(reshuffled), F(prep_left),
	F(last_turns), F(result), F(attack), F(recruit), F(free_scans), F(kill_own),
	F(gain_max), F(gains), F(avoid), F(discount), F(no_strikes), F(gain_top), F(end_turn),
	F(nplayed), F(entered), F(followups), F(avoid_on),
	/* Playing as Predators */
	F(mode), F(heal_pts), F(restore_pts), F(duels), F(dead_seat), F(ultimate_dead),
	F(merc_deck), F(hunt_only), F(ngears), F(gear_wait), F(narrests),
};
#define NSCALARS (sizeof scalars / sizeof scalars[0])
#define P(x) { #x, offsetof(struct rules_game, x) }
static const struct { const char *k; size_t off; } piles[] = {
	P(enemy), P(barracks), P(commanders), P(strike), P(strike_discard),
	P(dead_enemies), P(discarded), P(dead_characters), P(cz),
	P(gear), P(traps), P(mercs), P(testing),
};
#define NPILES (sizeof piles / sizeof piles[0])

char *
lg_save(const struct rules_game *g, size_t *len)
{
	cJSON *o = cJSON_CreateObject(), *a, *s;
	char *out;
	size_t i;
	int k, pl[48 * 4];

	for (i = 0; i < NSCALARS; i++)
		cJSON_AddNumberToObject(o, scalars[i].k,
		    *(const int *)((const char *)g + scalars[i].off));
	for (i = 0; i < NPILES; i++)
		add_pile(o, piles[i].k, (const struct lg_pile *)((const char *)g + piles[i].off));
	add_ints(o, "objective", g->objective, 3);
	add_ints(o, "revealed", g->revealed, 4);
	add_ints(o, "wilds", g->wilds, LG_SPACES);
	add_ints(o, "up", g->up, LG_SPACES);
	add_ints(o, "wid", g->wid, LG_SPACES);
	add_ints(o, "hq", g->hq, LG_HQ);
	add_ints(o, "coord_card", g->coord_card, LG_SEATS);
	add_ints(o, "coord_used", g->coord_used, LG_SEATS);
	add_ints(o, "answered", g->answered, LG_SEATS);
	for (k = 0; k < g->nplayed; k++) {
		pl[4 * k] = g->played[k].card;
		pl[4 * k + 1] = g->played[k].from;
		pl[4 * k + 2] = g->played[k].used;
		pl[4 * k + 3] = g->played[k].killed;
	}
	add_ints(o, "played", pl, 4 * g->nplayed);
	add_ints(o, "cz_id", g->cz_id.v, g->cz_id.n);
	add_ints(o, "gear_card", g->gear_card, g->ngears);
	add_ints(o, "gear_host", g->gear_host, g->ngears);
	add_ints(o, "arrest_card", g->arrest_card, g->narrests);
	add_ints(o, "arrest_by", g->arrest_by, g->narrests);
	add_ints(o, "arrest_id", g->arrest_id, g->narrests);
	add_ints(o, "count", g->count, PG_NWHAT);
	add_ints(o, "test_base", &g->test_base[0][0], g->testing.n * PG_NWHAT);
	/* absent from states that never had one */
	if (g->discards != 0)
		cJSON_AddNumberToObject(o, "discards", g->discards);
	if (g->swaps != 0)
		cJSON_AddNumberToObject(o, "swaps", g->swaps);
	if (g->kill_enemies != 0)
		cJSON_AddNumberToObject(o, "kill_enemies", g->kill_enemies);
	if (g->goal_used != 0)	/* attached goals used this turn (use GOAL) */
		cJSON_AddNumberToObject(o, "goal_used", g->goal_used);
	if (g->swapped[0] != 0 || g->swapped[1] != 0)
		add_ints(o, "swapped", g->swapped, 2);
	for (k = 0; k < LG_SPACES && g->attached[k] == 0; k++)
		;
	if (k < LG_SPACES)	/* a card attached to a space (attach) */
		add_ints(o, "attached", g->attached, LG_SPACES);
	if (g->operations.n > 0) {	/* Events in Operations (to_operations) */
		add_pile(o, "operations", &g->operations);
		cJSON_AddNumberToObject(o, "ops_scan", g->ops_scan);
	}
	if (g->setup[0] != 0 || g->setup[1] != 0 || g->setup[2] != 0 || g->setup[3] != 0)
		add_ints(o, "setup", g->setup, 4);	/* the valued options given */
	if (g->pd_custom != 0) {	/* absent from the movies' states */
		int cs[8] = { g->pd_custom, g->pd_armory[0], g->pd_armory[1],
			g->pd_armory[2], g->pd_armory[3], g->pd_prey[0], g->pd_prey[1],
			g->pd_prey[2] };

		add_ints(o, "custom_setup", cs, 8);
	}
	a = cJSON_AddArrayToObject(o, "seats");
	for (k = 0; k < g->nseats; k++) {
		const struct lg_seat *st = &g->s[k];

		s = cJSON_CreateObject();
		cJSON_AddStringToObject(s, "name", st->name);
		cJSON_AddNumberToObject(s, "avatar", st->avatar);
		cJSON_AddNumberToObject(s, "dead", st->dead);
		cJSON_AddNumberToObject(s, "marks", st->marks);
		cJSON_AddNumberToObject(s, "coord", st->coord);
		if (st->cancel != LGX_NEVER)	/* absent from states that never set one */
			cJSON_AddNumberToObject(s, "cancel", st->cancel);
		if (st->discards != LGD_CHEAPEST)	/* the same */
			cJSON_AddNumberToObject(s, "discards", st->discards);
		if (st->timing != LGT_NEAREST)
			cJSON_AddNumberToObject(s, "timing", st->timing);
		if (st->show != LGS_ANY)
			cJSON_AddNumberToObject(s, "show", st->show);
		if (st->cover != LGV_NEVER)
			cJSON_AddNumberToObject(s, "cover", st->cover);
		add_pile(s, "deck", &st->deck);
		add_pile(s, "hand", &st->hand);
		add_pile(s, "discard", &st->discard);
		add_pile(s, "strikes", &st->strikes);
		add_pile(s, "trophies", &st->trophies);
		add_pile(s, "traps", &st->traps);
		if (st->front.n > 0)	/* enemies in front of it (to_front) */
			add_pile(s, "front", &st->front);
		{
			int pv[10] = { st->role, st->challenge, st->killer, st->worthy,
				st->preys, st->prey_killed_ultimate, st->extra_turn,
				st->healed_bits, st->restored_bits, st->bonus };

			add_ints(s, "predator", pv, 10);
		}
		cJSON_AddItemToArray(a, s);
	}
	out = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	*len = strlen(out);
	return out;
}

/* An array of card indices (or -1 where allow_empty) into v; -1 on error. */
static int
get_ints(const cJSON *o, const char *k, int *v, int max, int lo, int hi, int *n)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, k), *e;
	int i = 0;

	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > max)
		return -1;
	cJSON_ArrayForEach(e, a) {
		if (!cJSON_IsNumber(e) || e->valueint < lo || e->valueint > hi)
			return -1;
		v[i++] = e->valueint;
	}
	if (n != NULL)
		*n = i;
	else if (i != max)
		return -1;
	return 0;
}

/* A count saved only when not 0: absent, 0; else 1..99. */
static int
optional(const cJSON *o, const char *k, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	*out = 0;
	if (v == NULL)
		return 0;
	if (!cJSON_IsNumber(v) || v->valueint < 1 || v->valueint > 99)
		return -1;
	*out = v->valueint;
	return 0;
}

/* A seat's standing choice saved only when not its default 0: absent, 0;
 * else 1..end-1. */
static int
pref_member(const cJSON *o, const char *k, int end, int *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	*out = 0;
	if (v == NULL)
		return 0;
	if (!cJSON_IsNumber(v) || v->valuedouble != (double)v->valueint ||
	    v->valueint < 1 || v->valueint >= end)
		return -1;
	*out = v->valueint;
	return 0;
}

static int
get_pile(const cJSON *o, const char *k, struct lg_pile *p, int ncards)
{
	return get_ints(o, k, p->v, LG_PILE, 0, ncards - 1, &p->n);
}

struct rules_game *
lg_load(const void *data, const char *bytes, size_t len, char **cause)
{
	const struct lg_db *db = data;
	struct rules_game *g = xcalloc(1, sizeof *g);
	cJSON *o = cJSON_ParseWithLength(bytes, len);
	const cJSON *v, *s;
	size_t i;
	int k, n, pl[48 * 4], nc = db->ncards;

	g->db = db;
	if (o == NULL)
		goto bad;
	for (i = 0; i < NSCALARS; i++) {
		v = cJSON_GetObjectItemCaseSensitive(o, scalars[i].k);
		if (v == NULL && strcmp(scalars[i].k, "avoid_on") == 0)
			continue;	/* saved before the avoid order: 0 */
		if (v == NULL || !cJSON_IsNumber(v) || v->valueint < -1 ||
		    v->valueint > 100000)
			goto bad;
		*(int *)((char *)g + scalars[i].off) = v->valueint;
	}
	if (g->nseats < 1 || g->nseats > LG_SEATS || g->nplayed < 0 || g->nplayed > 48 ||
	    g->active >= g->nseats || g->done < 0 || g->done > 3 || g->location < 0 ||
	    g->location >= db->nlocations || g->phase < 0 || g->phase > LP_OVER)
		goto bad;
	for (i = 0; i < NPILES; i++)
		if (get_pile(o, piles[i].k, (struct lg_pile *)((char *)g + piles[i].off),
		    nc) == -1)
			goto bad;
	if (get_ints(o, "objective", g->objective, 3, 0, db->nobjectives - 1, NULL) == -1 ||
	    get_ints(o, "revealed", g->revealed, 4, 0, 1, NULL) == -1 ||
	    get_ints(o, "wilds", g->wilds, LG_SPACES, -1, nc - 1, NULL) == -1 ||
	    get_ints(o, "up", g->up, LG_SPACES, 0, 1, NULL) == -1 ||
	    get_ints(o, "wid", g->wid, LG_SPACES, 0, 1000000, NULL) == -1 ||
	    get_ints(o, "hq", g->hq, LG_HQ, -1, nc - 1, NULL) == -1 ||
	    get_ints(o, "coord_card", g->coord_card, LG_SEATS, -1, nc - 1, NULL) == -1 ||
	    get_ints(o, "coord_used", g->coord_used, LG_SEATS, 0, 1, NULL) == -1 ||
	    get_ints(o, "answered", g->answered, LG_SEATS, 0, 1, NULL) == -1 ||
	    get_ints(o, "played", pl, 48 * 4, -1, nc - 1, &n) == -1 || n != 4 * g->nplayed)
		goto bad;
	if (g->mode < 0 || g->mode > LG_PREDATORS || (g->mode == LG_PREDATORS &&
	    (!db->pd.present || g->movie < 0 || g->movie >= db->pd.nmovies)) ||
	    g->ngears < 0 || g->ngears > 24 || g->narrests < 0 || g->narrests > 8 ||
	    g->gear_wait >= nc || g->dead_seat >= g->nseats || g->testing.n > 20 ||
	    get_ints(o, "cz_id", g->cz_id.v, LG_PILE, 0, 1000000, &g->cz_id.n) == -1 ||
	    (g->mode == LG_PREDATORS && g->cz_id.n != g->cz.n) ||
	    get_ints(o, "gear_card", g->gear_card, 24, 0, nc - 1, &n) == -1 || n != g->ngears ||
	    get_ints(o, "gear_host", g->gear_host, 24, 0, 1000000, &n) == -1 ||
	    n != g->ngears ||
	    get_ints(o, "arrest_card", g->arrest_card, 8, 0, nc - 1, &n) == -1 ||
	    n != g->narrests ||
	    get_ints(o, "arrest_by", g->arrest_by, 8, 0, 1000000, &n) == -1 ||
	    n != g->narrests ||
	    get_ints(o, "arrest_id", g->arrest_id, 8, 0, 1000000, &n) == -1 ||
	    n != g->narrests ||
	    get_ints(o, "count", g->count, PG_NWHAT, 0, 100000, NULL) == -1 ||
	    get_ints(o, "test_base", &g->test_base[0][0], 20 * PG_NWHAT, 0, 100000, &n) == -1 ||
	    n != g->testing.n * PG_NWHAT)
		goto bad;
	if (optional(o, "discards", &g->discards) == -1 ||
	    optional(o, "swaps", &g->swaps) == -1 ||
	    optional(o, "kill_enemies", &g->kill_enemies) == -1 ||
	    optional(o, "goal_used", &g->goal_used) == -1 || g->goal_used > 31 ||
	    (cJSON_GetObjectItemCaseSensitive(o, "swapped") != NULL &&
	    get_ints(o, "swapped", g->swapped, 2, 0, (1 << 24) - 1, NULL) == -1))
		goto bad;
	if (cJSON_GetObjectItemCaseSensitive(o, "attached") != NULL) {
		if (get_ints(o, "attached", g->attached, LG_SPACES, 0, nc, NULL) == -1)
			goto bad;
		for (n = 0; n < LG_SPACES && g->attached[n] == 0; n++)
			;
		if (n == LG_SPACES)
			goto bad;
	}
	if (cJSON_GetObjectItemCaseSensitive(o, "operations") != NULL) {
		v = cJSON_GetObjectItemCaseSensitive(o, "ops_scan");
		if (get_pile(o, "operations", &g->operations, nc) == -1 ||
		    g->operations.n == 0 || !cJSON_IsNumber(v) || v->valueint < -99 ||
		    v->valueint > 99)
			goto bad;
		g->ops_scan = v->valueint;
	}
	if (cJSON_GetObjectItemCaseSensitive(o, "setup") != NULL &&
	    (get_ints(o, "setup", g->setup, 4, -8, 8, NULL) == -1 ||
	    g->setup[3] < 0 || g->setup[3] > g->nseats))
		goto bad;
	if (cJSON_GetObjectItemCaseSensitive(o, "custom_setup") != NULL) {
		int cs[8];

		if (g->mode != LG_PREDATORS ||
		    get_ints(o, "custom_setup", cs, 8, 0, 1000, NULL) == -1 || cs[0] < 1 ||
		    cs[0] > (LG_CUSTOM_ARMORY | LG_CUSTOM_PREY))
			goto bad;
		for (k = 0; k < 4; k++)
			if (cs[1 + k] >= db->pd.narmory)
				goto bad;
		for (k = 0; k < 3; k++)
			if (cs[5 + k] >= db->pd.nprey)
				goto bad;
		g->pd_custom = cs[0];
		memcpy(g->pd_armory, cs + 1, sizeof g->pd_armory);
		memcpy(g->pd_prey, cs + 5, sizeof g->pd_prey);
	}
	for (k = 0; k < g->nplayed; k++) {
		g->played[k].card = pl[4 * k];
		g->played[k].from = pl[4 * k + 1];
		g->played[k].used = pl[4 * k + 2];
		g->played[k].killed = pl[4 * k + 3];
		if (g->played[k].card < 0 || g->played[k].from >= g->nseats)
			goto bad;
	}
	s = cJSON_GetObjectItemCaseSensitive(o, "seats");
	if (cJSON_GetArraySize(s) != g->nseats)
		goto bad;
	k = 0;
	cJSON_ArrayForEach(v, s) {
		struct lg_seat *st = &g->s[k++];
		const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v,
		    "name"));
		int sc[4];
		const char *keys[4] = { "avatar", "dead", "marks", "coord" };

		for (n = 0; n < 4; n++) {
			const cJSON *x = cJSON_GetObjectItemCaseSensitive(v, keys[n]);

			if (!cJSON_IsNumber(x) || x->valueint < 0 || x->valueint > 99)
				goto bad;
			sc[n] = x->valueint;
		}
		if (name == NULL || strlen(name) >= sizeof st->name || sc[0] >= db->navatars ||
		    sc[3] > LGC_NEVER || get_pile(v, "deck", &st->deck, nc) == -1 ||
		    get_pile(v, "hand", &st->hand, nc) == -1 ||
		    get_pile(v, "discard", &st->discard, nc) == -1 ||
		    get_pile(v, "strikes", &st->strikes, nc) == -1 ||
		    get_pile(v, "trophies", &st->trophies, nc) == -1 ||
		    get_pile(v, "traps", &st->traps, nc) == -1 ||
		    (cJSON_GetObjectItemCaseSensitive(v, "front") != NULL &&
		    (get_pile(v, "front", &st->front, nc) == -1 || st->front.n == 0)))
			goto bad;
		{
			int pv[10];

			if (get_ints(v, "predator", pv, 10, -1, 1 << 30, NULL) == -1 ||
			    (g->mode == LG_PREDATORS && (pv[0] < 0 || pv[0] >= db->pd.nroles ||
			    pv[1] >= nc || pv[2] >= g->nseats)))
				goto bad;
			st->role = pv[0];
			st->challenge = pv[1];
			st->killer = pv[2];
			st->worthy = pv[3];
			st->preys = pv[4];
			st->prey_killed_ultimate = pv[5];
			st->extra_turn = pv[6];
			st->healed_bits = pv[7];
			st->restored_bits = pv[8];
			st->bonus = pv[9];
		}
		snprintf(st->name, sizeof st->name, "%s", name);
		st->avatar = sc[0];
		st->dead = sc[1];
		st->marks = sc[2];
		st->coord = sc[3];
		if (pref_member(v, "cancel", LGX_CARD + nc, &st->cancel) == -1 ||
		    pref_member(v, "discards", LGD_CARD + nc, &st->discards) == -1 ||
		    pref_member(v, "timing", LGT_FARTHEST + 1, &st->timing) == -1 ||
		    pref_member(v, "show", LGS_CARD + nc, &st->show) == -1 ||
		    pref_member(v, "cover", LGV_CARD + nc, &st->cover) == -1)
			goto bad;
	}
	if (g->active < 0 && g->phase != LP_OVER)
		goto bad;
	cJSON_Delete(o);
	return g;
bad:
	cJSON_Delete(o);
	free(g);
	cause_set(cause, "not a Legendary state of this card data");
	return NULL;
}

static void
secret(struct rules_secret *s, const struct lg_db *db, const char *id, int seat,
    const int *v, int n)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%s", i > 0 ? "," : "", v[i] >= 0 ? db->cards[v[i]].slug :
		    "-");
	s->id = xstrdup(id);
	s->seat = seat;
	s->bytes = (unsigned char *)strbuf_detach(&sb, &s->len);
}

void
lg_secrets(const struct rules_game *g, struct rules_secret **out, size_t *n)
{
	struct rules_secret *s = xcalloc(3 * LG_SEATS + 7 + LG_SPACES, sizeof *s);
	int i;
	char id[48];

	*n = 0;
	for (i = 0; i < g->nseats; i++) {
		snprintf(id, sizeof id, "deck:%s", g->s[i].name);
		secret(&s[(*n)++], g->db, id, -1, g->s[i].deck.v, g->s[i].deck.n);
		snprintf(id, sizeof id, "hand:%s", g->s[i].name);
		secret(&s[(*n)++], g->db, id, i, g->s[i].hand.v, g->s[i].hand.n);
	}
	secret(&s[(*n)++], g->db, "enemy-deck", -1, g->enemy.v, g->enemy.n);
	secret(&s[(*n)++], g->db, "barracks", -1, g->barracks.v, g->barracks.n);
	secret(&s[(*n)++], g->db, "commanders", -1, g->commanders.v, g->commanders.n);
	secret(&s[(*n)++], g->db, "strike-deck", -1, g->strike.v, g->strike.n);
	if (g->mode == LG_PREDATORS) {
		/* the Gear and Trap stacks, the Mercenaries set aside, each Challenge */
		secret(&s[(*n)++], g->db, "gear-stack", -1, g->gear.v, g->gear.n);
		secret(&s[(*n)++], g->db, "trap-stack", -1, g->traps.v, g->traps.n);
		secret(&s[(*n)++], g->db, "mercenaries", -1, g->mercs.v, g->mercs.n);
		for (i = 0; i < g->nseats; i++)
			if (g->s[i].challenge >= 0 && !(g->options & OPT_VISIBLE_CHALLENGES) &&
			    g->phase != LP_OVER) {
				snprintf(id, sizeof id, "challenge:%s", g->s[i].name);
				secret(&s[(*n)++], g->db, id, i, &g->s[i].challenge, 1);
			}
	}
	/* each face-down card of the Wilds, by the number it entered with */
	for (i = 0; i < LG_SPACES; i++)
		if (g->wilds[i] >= 0 && !g->up[i]) {
			snprintf(id, sizeof id, "wilds:%d", g->wid[i]);
			secret(&s[*n], g->db, id, -1, &g->wilds[i], 1);
			/* the card never changes under its number (rules.h) */
			s[(*n)++].fixed = 1;
		}
	*out = s;
}
