/*
 * free-attacks.c — rulebook "Free Attacks" and "Newborn": more than one
 * attack by one character in a Combat Round.
 *
 * A character declares one attack a round, rotating for it ("Step 1:
 * Declare Attacks"). A card may allow more:
 *
 * - a free attack (an event, events-play.c) needs no rotation; it may be
 *   granted to a character that has already declared its attack, and is
 *   then declared as a further attack in any later declare segment of the
 *   round (the ready character without one declares as usual);
 * - the Newborn's "+1 close combat attack" (8 Gore tokens, newborn.c) is
 *   permanent: each round, once the Newborn has declared its attack, it
 *   may declare one further close attack per such bonus (it is rotated
 *   already, so nothing more is rotated);
 * - the Newborn declares no more than 4 attacks in one turn, free and
 *   extra attacks included.
 *
 * Each further attack is resolved exactly like the first: its own to-hit
 * roll in Segment 1 of its step, its own damage worked out in Segment 2,
 * and all the step's damage still lands at once at its end
 * (combat-resolve.c). The first attack lives in the piece's atk_* fields,
 * the further ones in xatk[]; the code that reads the atk_* fields
 * (to hit, damage, ammo, markers) sees a further attack by swapping it in
 * with ccg_xatk_swap() and back.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/json-print.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"

#define NEWBORN_MAX_ATTACKS	4	/* "Newborn": at most 4 a turn */

/* Attacks pi has declared this turn. */
static int
declared_this_turn(const struct rules_game *g, const struct ccg_piece *p)
{
	return p->atk_turn == g->turn ? p->atk_count : 0;
}

/* Further attacks of p that were Gore attacks (not free ones). */
static int
gore_attacks_used(const struct ccg_piece *p)
{
	int k, n = 0;

	for (k = 0; k < p->nxatk; k++)
		n += !p->xatk[k].free;
	return n;
}

int
ccg_attack_slot_ok(const struct rules_game *g, int pi, int kind, char **cause)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int newborn = ccg_is_newborn(p->card);

	if (newborn && declared_this_turn(g, p) >= NEWBORN_MAX_ATTACKS)
		return cause_set(cause, "%s has declared %d attacks this turn: "
		    "the Newborn declares at most %d", p->id,
		    declared_this_turn(g, p), NEWBORN_MAX_ATTACKS);
	if (p->atk_kind == 0) {
		if (p->rotated && !p->free_atk)
			return cause_set(cause, "%s is rotated; only a ready "
			    "character rotates to attack", p->id);
		return 0;
	}
	if (p->nxatk >= CCG_MAX_XATK)
		return cause_set(cause, "%s has declared %d attacks this round, "
		    "the most one character declares", p->id, 1 + p->nxatk);
	if (p->free_atk)
		return 0;
	if (newborn && kind == CCG_ATTACK_CLOSE &&
	    gore_attacks_used(p) < p->gore_atk)
		return 0;
	return cause_set(cause, "%s has declared an attack this round%s",
	    p->id, newborn && p->gore_atk > 0 ? " and used its Gore close "
	    "combat attacks" : "");
}

int
ccg_free_attack_room(const struct rules_game *g, int ti, char **cause)
{
	const struct ccg_piece *t = &g->pieces[ti];

	if (ccg_is_newborn(t->card) &&
	    declared_this_turn(g, t) >= NEWBORN_MAX_ATTACKS)
		return cause_set(cause, "%s has declared %d attacks this turn: "
		    "the Newborn declares at most %d", t->id,
		    declared_this_turn(g, t), NEWBORN_MAX_ATTACKS);
	if (t->atk_kind != 0 && t->nxatk >= CCG_MAX_XATK)
		return cause_set(cause, "%s has declared %d attacks this round, "
		    "the most one character declares", t->id, 1 + t->nxatk);
	return 0;
}

static void
count_attack(struct rules_game *g, struct ccg_piece *p)
{
	if (p->atk_turn != g->turn) {
		p->atk_turn = g->turn;
		p->atk_count = 0;
	}
	p->atk_count++;
}

int
ccg_xatk_begin(struct rules_game *g, int pi)
{
	struct ccg_piece *p = &g->pieces[pi];
	struct ccg_xatk *x;
	int k;

	count_attack(g, p);
	if (p->atk_kind == 0 || p->nxatk >= CCG_MAX_XATK)
		return -1;
	k = p->nxatk++;
	x = &p->xatk[k];
	memset(x, 0, sizeof *x);
	x->target = x->weapon = x->ammo = -1;
	x->free = p->free_atk;
	ccg_xatk_swap(p, k);
	return k;
}

void
ccg_xatk_end(struct rules_game *g, int pi, int k)
{
	ccg_xatk_swap(&g->pieces[pi], k);
}

#define SWAP(a, b) do { int t_ = (a); (a) = (b); (b) = t_; } while (0)

void
ccg_xatk_swap(struct ccg_piece *p, int k)
{
	struct ccg_xatk *x;

	if (k < 0)
		return;
	x = &p->xatk[k];
	SWAP(p->atk_kind, x->kind);
	SWAP(p->atk_target, x->target);
	SWAP(p->atk_weapon, x->weapon);
	SWAP(p->atk_mode, x->mode);
	SWAP(p->atk_ammo, x->ammo);
	SWAP(p->atk_marker, x->marker);
	SWAP(p->atk_real, x->real);
	SWAP(p->atk_hit, x->hit);
}

void
ccg_xatk_clear(struct ccg_piece *p)
{
	memset(p->xatk, 0, sizeof p->xatk);
	p->nxatk = 0;
}

void
ccg_xatk_hits_clear(struct ccg_piece *p)
{
	int k;

	for (k = 0; k < p->nxatk; k++)
		p->xatk[k].hit = 0;
}

static int
one_matches(int akind, int atarget, int aweapon, int ahit, int kind,
    int target, int weapon, int hit)
{
	return akind != 0 && (kind == 0 || akind == kind) &&
	    (target < 0 || atarget == target) &&
	    (weapon < 0 || aweapon == weapon) && (!hit || ahit);
}

int
ccg_attack_matches(const struct rules_game *g, int pi, int kind, int target,
    int weapon, int hit)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int k;

	if (one_matches(p->atk_kind, p->atk_target, p->atk_weapon, p->atk_hit,
	    kind, target, weapon, hit))
		return 1;
	for (k = 0; k < p->nxatk; k++)
		if (one_matches(p->xatk[k].kind, p->xatk[k].target,
		    p->xatk[k].weapon, p->xatk[k].hit, kind, target, weapon,
		    hit))
			return 1;
	return 0;
}

void
ccg_xatk_cancel_weapon(struct rules_game *g, int pi, int wi,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	int k, step;

	for (k = 0; k < p->nxatk; k++) {
		struct ccg_xatk *x = &p->xatk[k];

		if (x->kind == 0 || x->weapon != wi)
			continue;
		step = x->kind == CCG_ATTACK_RANGED ? CCG_PH_RESOLVE_RANGED :
		    CCG_PH_RESOLVE_CLOSE;
		if (g->phase >= step)
			continue;	/* rolled already */
		ccg_event(ev, -1, "{\"type\":\"attack-cancelled\",\"attacker\":"
		    "\"%s\",\"weapon\":\"%s\",\"reason\":\"ammo depleted\"}",
		    p->id, g->pieces[wi].id);
		x->kind = 0;	/* the entry stays used: it was declared */
		x->target = -1;
		x->hit = 0;
	}
}

void
ccg_xatk_write(const struct ccg_piece *p, struct strbuf *out)
{
	int k;

	if (p->atk_count != 0 || p->atk_turn != 0) {
		json_w_num(out, "atk_turn", p->atk_turn);
		json_w_num(out, "atk_count", p->atk_count);
	}
	if (p->gore_atk != 0)
		json_w_num(out, "gore_atk", p->gore_atk);
	if (p->nxatk == 0)
		return;
	json_w_open(out, "xatk", '[');
	for (k = 0; k < p->nxatk; k++) {
		const struct ccg_xatk *x = &p->xatk[k];
		const int v[9] = { x->kind, x->target, x->weapon, x->mode,
		    x->ammo, x->marker, x->real, x->hit, x->free };
		int j;

		json_w_open(out, NULL, '[');
		for (j = 0; j < 9; j++)
			json_w_num(out, NULL, v[j]);
		json_w_close(out, ']');
	}
	json_w_close(out, ']');
}

/* An optional integer field of o within lo..hi. */
static int
get_opt(const cJSON *o, const char *key, int lo, int hi, int *out,
    const char *where, char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	if (v == NULL)
		return 0;
	if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi ||
	    v->valuedouble != (double)(int)v->valuedouble)
		return cause_set(cause, "%s: field \"%s\": expected an integer "
		    "%d..%d", where, key, lo, hi);
	*out = (int)v->valuedouble;
	return 0;
}

int
ccg_xatk_load(struct ccg_piece *p, const cJSON *o, int np, const char *where,
    char **cause)
{
	const cJSON *a, *e;
	int k = 0, j, v[9];
	/* kind, target, weapon, mode, ammo, marker, real, hit, free */
	const int lo[9] = { 0, -1, -1, 0, -1, 0, 0, 0, 0 };
	const int hi[9] = { CCG_ATTACK_RANGED, np - 1, np - 1, CCG_ATK_KILL,
	    np - 1, 1000000, 1, 1, 1 };

	if (get_opt(o, "atk_turn", 0, 1000000, &p->atk_turn, where, cause) ||
	    get_opt(o, "atk_count", 0, 1000, &p->atk_count, where, cause) ||
	    get_opt(o, "gore_atk", 0, 1000, &p->gore_atk, where, cause))
		return -1;
	if ((a = cJSON_GetObjectItemCaseSensitive(o, "xatk")) == NULL)
		return 0;
	if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > CCG_MAX_XATK)
		return cause_set(cause, "%s: field \"xatk\": expected an array of "
		    "at most %d attacks", where, CCG_MAX_XATK);
	cJSON_ArrayForEach(e, a) {
		if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) != 9)
			return cause_set(cause, "%s: xatk entry %d: expected 9 "
			    "integers", where, k + 1);
		for (j = 0; j < 9; j++) {
			const cJSON *n = cJSON_GetArrayItem(e, j);

			if (!cJSON_IsNumber(n) || n->valuedouble < lo[j] ||
			    n->valuedouble > hi[j] ||
			    n->valuedouble != (double)(int)n->valuedouble)
				return cause_set(cause, "%s: xatk entry %d, value "
				    "%d: expected an integer %d..%d", where,
				    k + 1, j + 1, lo[j], hi[j]);
			v[j] = (int)n->valuedouble;
		}
		if (v[0] != 0 && v[1] < 0)
			return cause_set(cause, "%s: xatk entry %d: a declared "
			    "attack needs a target", where, k + 1);
		p->xatk[k] = (struct ccg_xatk){ v[0], v[1], v[2], v[3], v[4],
		    v[5], v[6], v[7], v[8] };
		k++;
	}
	p->nxatk = k;
	return 0;
}

cJSON *
ccg_attack_json(const struct rules_game *g, const char *target, int kind,
    int weapon, int mode)
{
	cJSON *at = cJSON_CreateObject();

	cJSON_AddStringToObject(at, "target", target);
	cJSON_AddStringToObject(at, "type", kind == CCG_ATTACK_CLOSE ?
	    "close" : "ranged");
	if (weapon >= 0)
		cJSON_AddStringToObject(at, "weapon", g->pieces[weapon].id);
	if (mode != CCG_ATK_NORMAL)
		cJSON_AddStringToObject(at, "mode", mode == CCG_ATK_CAPTURE ?
		    "capture" : "kill");
	return at;
}

void
ccg_xatk_view(const struct rules_game *g, int pi, cJSON *o)
{
	const struct ccg_piece *p = &g->pieces[pi];
	cJSON *a = NULL;
	char *id;
	int k;

	if (p->gore_atk > 0)
		cJSON_AddNumberToObject(o, "gore_attacks", p->gore_atk);
	for (k = 0; k < p->nxatk; k++) {
		const struct ccg_xatk *x = &p->xatk[k];

		if (x->kind == 0 || x->target < 0)
			continue;	/* cancelled */
		if (a == NULL)
			a = cJSON_AddArrayToObject(o, "more_attacks");
		/* a marker attacked is named by its id, never its truth */
		id = x->marker > 0 ? xasprintf("%s-marker-%d",
		    g->pieces[x->target].id, x->marker) :
		    xstrdup(g->pieces[x->target].id);
		cJSON_AddItemToArray(a, ccg_attack_json(g, id, x->kind,
		    x->weapon, x->mode));
		free(id);
	}
}

/* The attack lines of attacker ai at target t (a piece or marker id)
 * in the current segment, with no weapon and with each weapon ai
 * carries, in each mode (modes: 3 for a character, 1 normal only). */
static void
target_lines(const struct rules_game *g, int ai, const char *t, size_t nm,
    void (*try)(void *, const char *), void *ctx)
{
	static const char *const modes[] = { "", " capture", " kill" };
	int ranged = g->phase == CCG_PH_DECLARE_UR ||
	    g->phase == CCG_PH_DECLARE_HR;
	size_t w, m;
	const char *a = g->pieces[ai].id;
	char *line;

	for (m = 0; m < nm; m++) {
		if (!ranged) {
			line = xasprintf("attack %s at %s close%s", a, t,
			    modes[m]);
			try(ctx, line);
			free(line);
		}
		for (w = 0; w < g->npieces; w++) {
			const struct ccg_piece *wp = &g->pieces[w];

			if (wp->carrier != ai || wp->zone != CCG_Z_PLAY ||
			    wp->card->type != CCG_CARD_ITEM ||
			    wp->card->item.kind != CCG_ITEM_WEAPON)
				continue;
			line = xasprintf("attack %s at %s %s with %s%s", a, t,
			    ranged ? "ranged" : "close", wp->id, modes[m]);
			try(ctx, line);
			free(line);
		}
	}
}

void
ccg_xatk_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, j;

	if (g->phase < CCG_PH_DECLARE_UC || g->phase > CCG_PH_DECLARE_HR)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];
		int extra, an = p->node;

		if (!ccg_controls(g, seat, (int)i) || !ccg_is_character(p) ||
		    an < 0)
			continue;
		/* legal-orders.c lists the ready characters' lines at
		 * characters and Barriers; here the rest */
		extra = p->rotated && ccg_attack_slot_ok(g, (int)i,
		    g->phase == CCG_PH_DECLARE_UR ||
		    g->phase == CCG_PH_DECLARE_HR ? CCG_ATTACK_RANGED :
		    CCG_ATTACK_CLOSE, NULL) == 0;
		for (j = 0; j < g->npieces; j++) {
			const struct ccg_piece *t = &g->pieces[j];
			int tn = ccg_piece_at(g, (int)j), veh;

			if (t->zone != CCG_Z_PLAY || tn < 0 ||
			    (tn != an && !ccg_adjacent(g, tn, an)))
				continue;
			veh = ccg_is_vehicle_target(g, (int)j);
			if (!veh && !(extra && (ccg_is_character(t) ||
			    t->card->type == CCG_CARD_BARRIER)))
				continue;
			if (ccg_target_seat(g, (int)j) == seat)
				continue;
			target_lines(g, (int)i, t->id, ccg_is_character(t) ? 3 : 1,
			    try, ctx);
		}
		for (j = 0; extra && j < g->nmarkers; j++) {
			const struct ccg_marker *mk = &g->markers[j];

			if (g->pieces[mk->piece].controller != seat &&
			    (mk->node == an || ccg_adjacent(g, mk->node, an)))
				target_lines(g, (int)i, mk->id, 1, try, ctx);
		}
	}
}
