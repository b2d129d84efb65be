/*
 * state-serial.c — the canonical serialisation of a CCG game (compact
 * JSON, every field always present and always in the same order, cards by
 * slug), loading it back, and the list of the state's secrets (each deck's
 * order and each hand) for the store to commit to.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/json-print.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/aliens.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/search.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/turn.h"

#define STATE_FORMAT "muthur-ccg-state-1"

#define SEAT_INTS(X) X(faction) X(roll) X(pool) X(rp) X(base_hand) X(cycles) \
	X(honor) X(honor_goal) X(quota) X(rescued) X(evac_mains) X(abducted) \
	X(downloaded) X(bc_warriors) X(bc_bursters) X(start_node) X(place)
/* the Alien life cycle's seat fields (molting.c) and a standing "pass
 * combat" (standing-pass.c), optional on load */
#define SEAT_LIFE_INTS(X) X(bc_pet) X(shuffle_due) X(pass_combat) \
	X(pass_rounds) X(pass_mark) X(pass_stops)
#define PIECE_INTS(X) X(owner) X(controller) X(zone) X(node) X(carrier) \
	X(rotated) X(damage) X(tokens) X(data) X(mp) X(moved) X(dragger) \
	X(found_turn) X(searching) X(found) X(hostage) X(liberated) X(hidden) \
	X(bound) X(starting)
/* combat fields (part 2); optional on load for states saved before them */
#define PIECE_COMBAT_INTS(X) X(atk_kind, 0) X(atk_target, -1) X(atk_weapon, -1) \
	X(atk_mode, 0) X(atk_hit, 0) X(boost, 0) X(boost_kind, 0) \
	X(atk_ammo, -1) X(free_atk, 0) \
	X(ev_hit_close, 0) X(ev_hit_ranged, 0) X(ev_def, 0) X(ev_dmg, 0) \
	X(ev_res, 0) X(ev_speed, 0) X(ev_power, 0) X(ev_up, 0)
/* part 3's fields (infection.c, hive.c, concealed.c), optional too */
#define PIECE_PART3_INTS(X) X(infected, 0) X(hive_work, -1) X(concealed, 0) \
	X(matured, 0) X(barrier_to, -1) \
	X(bs_target, -1) X(bs_weapon, -1) X(bs_turn, 0) X(riding, -1)
/* the Alien life cycle's fields (molting.c, newborn.c), optional too */
#define PIECE_LIFE_INTS(X) X(queen_made, 0) X(gore, 0) X(gore_dmg, 0) \
	X(gore_mv, 0) X(gore_hit, 0) X(gore_def, 0) X(gore_res, 0) X(gore_turn, 0)
/* the species combat rules' fields (marker-attacks.c, breeding-tokens.c) */
#define PIECE_SPECIES_INTS(X) X(atk_marker, 0) X(atk_real, 0) X(bc_token, 0)
/* ammo and attachments (ammo.c, attachments.c), optional too */
#define PIECE_GEAR_INTS(X) X(loaded_in, -1) X(shots, 0) X(depleted, 0) \
	X(empty, 0) X(attached_to, -1) X(attach_turn, 0) X(goal_counted, 0)

/*
 * Member f of the open object, an int: what json_w_num(out, "f", v) wrote,
 * the key quoted at compile time (a field that is not an int does not
 * compile).
 */
#define INT_MEMBER(out, f, v) do { \
	_Static_assert(_Generic((v), int: 1, default: 0), #f " is an int"); \
	JSON_W_INT(out, #f, v); \
} while (0)

/* A pile's cards by slug, as an array member k of the open object. */
static void
pile_write(struct strbuf *out, const char *k, const struct ccg_cards *c)
{
	size_t i;

	json_w_open(out, k, '[');
	for (i = 0; i < c->n; i++)
		json_w_str(out, NULL, c->v[i]->slug);
	json_w_close(out, ']');
}

static void
ints_write(struct strbuf *out, const char *k, const int *v, size_t n)
{
	size_t i;

	json_w_open(out, k, '[');
	for (i = 0; i < n; i++)
		json_w_int(out, "", 0, v[i]);
	json_w_close(out, ']');
}

/*
 * The state written straight out as compact JSON (lib/json-print.h): the
 * bytes cJSON_PrintUnformatted() printed for the tree this built before
 * (members in this order, a NULL string left out), which the recorded
 * state hashes of every game played so far are hashes of.
 */
char *
ccg_save(const struct rules_game *g, size_t *len)
{
	struct strbuf sb = STRBUF_INIT, *out = &sb;
	size_t i;

	json_w_open(out, NULL, '{');
	json_w_str(out, "format", STATE_FORMAT);
	json_w_str(out, "cards", g->db->hash_hex);
	json_w_str(out, "scenario", g->scenario);
	json_w_num(out, "turn", g->turn);
	json_w_str(out, "phase", ccg_phase_name(g->phase));
	json_w_num(out, "places", g->places);
	if (g->options != 0) {	/* scenarios.c; absent without options */
		unsigned b;

		json_w_open(out, "options", '[');
		for (b = 1; b != 0 && b <= g->options; b <<= 1)
			if ((g->options & b) && ccg_option_name(b) != NULL)
				json_w_str(out, NULL, ccg_option_name(b));
		json_w_close(out, ']');
	}
	if (g->await_legal)	/* absent in every real game's state */
		json_w_true(out, "await_legal");
	json_w_open(out, "nodes", '[');
	for (i = 0; i < g->nnodes; i++) {
		json_w_open(out, NULL, '{');
		json_w_str(out, "id", g->nodes[i].id);
		json_w_str(out, "card", g->nodes[i].card->slug);
		json_w_num(out, "hived", (double)g->nodes[i].hived);
		if (g->nodes[i].damaged)	/* locations.c; absent when not */
			json_w_true(out, "damaged");
		if (g->nodes[i].replaced != NULL)	/* molting.c */
			json_w_str(out, "replaced", g->nodes[i].replaced->slug);
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	json_w_open(out, "seats", '[');
	for (i = 0; i < g->nseats; i++) {
		const struct ccg_seat *s = &g->seats[i];

		json_w_open(out, NULL, '{');
		json_w_str(out, "name", s->name);
#define X(f) INT_MEMBER(out, f, s->f);
		SEAT_INTS(X)
		SEAT_LIFE_INTS(X)
#undef X
		if (s->no_warrior_queen)	/* written only when chosen */
			INT_MEMBER(out, no_warrior_queen, s->no_warrior_queen);
		pile_write(out, "hand", &s->hand);
		pile_write(out, "deck", &s->deck);
		pile_write(out, "discard", &s->discard);
		pile_write(out, "removed", &s->removed);
		pile_write(out, "matured", &s->matured);
		pile_write(out, "table", &s->table);
		ints_write(out, "ground", s->hud.ground, s->hud.n);
		ints_write(out, "high", s->hud.high, s->hud.n);
		ints_write(out, "low", s->hud.low, s->hud.n);
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	json_w_open(out, "pieces", '[');
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		json_w_open(out, NULL, '{');
		json_w_str(out, "id", p->id);
		json_w_str(out, "card", p->card->slug);
#define X(f) INT_MEMBER(out, f, p->f);
		PIECE_INTS(X)
#undef X
#define X(f, d) INT_MEMBER(out, f, p->f);
		PIECE_COMBAT_INTS(X)
		PIECE_PART3_INTS(X)
		PIECE_LIFE_INTS(X)
		PIECE_SPECIES_INTS(X)
		PIECE_GEAR_INTS(X)
#undef X
		ccg_xatk_write(p, out);	/* free-attacks.c */
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	ccg_markers_write(g, out);	/* hidden-state.c */
	json_w_close(out, '}');
	return strbuf_detach(&sb, len);
}

static int
get_int(const cJSON *o, const char *k, int lo, int hi, int *out, const char *where,
    char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsNumber(v) || v->valuedouble < lo || v->valuedouble > hi ||
	    v->valuedouble != (double)(int)v->valuedouble)
		return cause_set(cause, "%s: field \"%s\": expected an integer "
		    "%d..%d", where, k, lo, hi);
	*out = (int)v->valuedouble;
	return 0;
}

static const char *
get_str(const cJSON *o, const char *k, const char *where, char **cause)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);

	if (!cJSON_IsString(v) || v->valuestring == NULL) {
		cause_set(cause, "%s: field \"%s\": expected a string", where, k);
		return NULL;
	}
	return v->valuestring;
}

static const struct ccg_card *
get_card(const struct ccg_carddb *db, const char *slug, const char *where,
    char **cause)
{
	const struct ccg_card *c = slug ? ccg_carddb_find_slug(db, slug) : NULL;

	if (c == NULL && slug != NULL)
		cause_set(cause, "%s: unknown card \"%s\"", where, slug);
	return c;
}

static int
get_pile(const struct ccg_carddb *db, const cJSON *o, const char *k,
    struct ccg_cards *pile, const char *where, char **cause)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, k), *e;

	if (!cJSON_IsArray(a))
		return cause_set(cause, "%s: field \"%s\": expected an array", where, k);
	cJSON_ArrayForEach(e, a) {
		const struct ccg_card *c;

		if (!cJSON_IsString(e))
			return cause_set(cause, "%s: field \"%s\": expected card "
			    "slugs", where, k);
		if ((c = get_card(db, e->valuestring, where, cause)) == NULL)
			return -1;
		ccg_cards_push(pile, c);
	}
	return 0;
}

static int
get_ints(const cJSON *o, const char *k, int **out, size_t n, int lo, int hi,
    const char *where, char **cause)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(o, k), *e;
	size_t i = 0;

	if (!cJSON_IsArray(a) || (size_t)cJSON_GetArraySize(a) != n)
		return cause_set(cause, "%s: field \"%s\": expected an array of "
		    "%zu integers", where, k, n);
	*out = xcalloc(n ? n : 1, sizeof **out);
	cJSON_ArrayForEach(e, a) {
		if (!cJSON_IsNumber(e) || e->valuedouble < lo || e->valuedouble > hi)
			return cause_set(cause, "%s: field \"%s\": entry %zu out "
			    "of range", where, k, i + 1);
		(*out)[i++] = (int)e->valuedouble;
	}
	return 0;
}

static int
load_into(struct rules_game *g, const cJSON *root, char **cause)
{
	const cJSON *a, *o;
	const char *s;
	int v, nn, np, ns;
	char where[64];

	s = get_str(root, "format", "state", cause);
	if (s == NULL)
		return -1;
	if (strcmp(s, STATE_FORMAT) != 0)
		return cause_set(cause, "state: format \"%s\"; expected %s", s,
		    STATE_FORMAT);
	if ((s = get_str(root, "cards", "state", cause)) == NULL)
		return -1;
	if (strcmp(s, g->db->hash_hex) != 0)
		return cause_set(cause, "state: made with card data %.16s..., "
		    "not with the loaded %.16s...", s, g->db->hash_hex);
	if ((s = get_str(root, "scenario", "state", cause)) == NULL)
		return -1;
	g->scenario = xstrdup(s);
	if (get_int(root, "turn", 1, 1000000, &g->turn, "state", cause) ||
	    get_int(root, "places", 1, CCG_MAX_SEATS, &g->places, "state", cause))
		return -1;
	g->await_legal = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root,
	    "await_legal"));
	if ((a = cJSON_GetObjectItemCaseSensitive(root, "options")) != NULL) {
		if (!cJSON_IsArray(a))
			return cause_set(cause, "state: field \"options\": "
			    "expected an array");
		cJSON_ArrayForEach(o, a) {
			unsigned b = cJSON_IsString(o) ?
			    ccg_option_bit(o->valuestring) : 0;

			if (b == 0)
				return cause_set(cause, "state: field "
				    "\"options\": unknown option");
			g->options |= b;
		}
	}
	if ((s = get_str(root, "phase", "state", cause)) == NULL)
		return -1;
	if ((g->phase = ccg_phase_parse(s)) < 0)
		return cause_set(cause, "state: unknown phase \"%s\"", s);
	a = cJSON_GetObjectItemCaseSensitive(root, "nodes");
	if (!cJSON_IsArray(a) || (nn = cJSON_GetArraySize(a)) > 4096)
		return cause_set(cause, "state: field \"nodes\": expected an array");
	g->nodes = xcalloc(nn ? (size_t)nn : 1, sizeof *g->nodes);
	cJSON_ArrayForEach(o, a) {
		struct ccg_node *n = &g->nodes[g->nnodes];
		int hv;

		snprintf(where, sizeof where, "node %zu", g->nnodes + 1);
		if ((s = get_str(o, "id", where, cause)) == NULL)
			return -1;
		n->id = xstrdup(s);
		g->nnodes++;
		if ((n->card = get_card(g->db, get_str(o, "card", where, cause),
		    where, cause)) == NULL ||
		    get_int(o, "hived", 0, (1 << CCG_MAX_SEATS) - 1, &hv, where,
		    cause))
			return -1;
		if (n->card->type != CCG_CARD_LOCATION)
			return cause_set(cause, "%s: %s is not a location", where,
			    n->card->slug);
		n->hived = (uint64_t)hv;
		n->damaged = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o,
		    "damaged"));
		if (cJSON_HasObjectItem(o, "replaced")) {	/* molting.c */
			const struct ccg_card *was = get_card(g->db, get_str(o,
			    "replaced", where, cause), where, cause);

			if (was == NULL)
				return -1;
			if (was->type != CCG_CARD_LOCATION ||
			    !(n->card->loc.kinds & CCG_LK_BREEDING_CHAMBER))
				return cause_set(cause, "%s: only a Breeding "
				    "Chamber replaces a location", where);
			ccg_chamber_build(n, n->card, was);
		}
	}
	a = cJSON_GetObjectItemCaseSensitive(root, "seats");
	if (!cJSON_IsArray(a) || (ns = cJSON_GetArraySize(a)) < 1 ||
	    ns > CCG_MAX_SEATS)
		return cause_set(cause, "state: field \"seats\": expected 1..%d "
		    "seats", CCG_MAX_SEATS);
	g->seats = xcalloc((size_t)ns, sizeof *g->seats);
	cJSON_ArrayForEach(o, a) {
		struct ccg_seat *st = &g->seats[g->nseats];
		size_t n;

		snprintf(where, sizeof where, "seat %zu", g->nseats + 1);
		g->nseats++;
		if ((s = get_str(o, "name", where, cause)) == NULL)
			return -1;
		st->name = xstrdup(s);
#define X(f) if (get_int(o, #f, -1, 1000000, &st->f, where, cause)) return -1;
		SEAT_INTS(X)
#undef X
#define X(f) if (cJSON_HasObjectItem(o, #f) && \
	    get_int(o, #f, 0, 1000000, &st->f, where, cause)) return -1;
		SEAT_LIFE_INTS(X)
		X(no_warrior_queen)
#undef X
		if (get_pile(g->db, o, "hand", &st->hand, where, cause) ||
		    get_pile(g->db, o, "deck", &st->deck, where, cause) ||
		    get_pile(g->db, o, "discard", &st->discard, where, cause) ||
		    get_pile(g->db, o, "removed", &st->removed, where, cause))
			return -1;
		if (cJSON_HasObjectItem(o, "matured") &&	/* part 3: optional */
		    get_pile(g->db, o, "matured", &st->matured, where, cause))
			return -1;
		if (cJSON_HasObjectItem(o, "table") &&	/* part 2: optional */
		    get_pile(g->db, o, "table", &st->table, where, cause))
			return -1;
		n = (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(o,
		    "ground"));
		st->hud.n = n;
		if (get_ints(o, "ground", &st->hud.ground, n, 0, nn - 1, where, cause) ||
		    get_ints(o, "high", &st->hud.high, n, -1, nn - 1, where, cause) ||
		    get_ints(o, "low", &st->hud.low, n, -1, nn - 1, where, cause))
			return -1;
		if (st->start_node >= nn)
			return cause_set(cause, "%s: start_node out of range", where);
		if (st->faction < CCG_FACTION_ROGUE ||
		    st->faction > CCG_FACTION_ALIENS)
			return cause_set(cause, "%s: faction %d; expected 1..4 "
			    "(Rogue..Aliens)", where, st->faction);
	}
	a = cJSON_GetObjectItemCaseSensitive(root, "pieces");
	if (!cJSON_IsArray(a) || (np = cJSON_GetArraySize(a)) > 100000)
		return cause_set(cause, "state: field \"pieces\": expected an array");
	g->pieces = xcalloc(np ? (size_t)np : 1, sizeof *g->pieces);
	cJSON_ArrayForEach(o, a) {
		struct ccg_piece *p = &g->pieces[g->npieces];

		snprintf(where, sizeof where, "piece %zu", g->npieces + 1);
		if ((s = get_str(o, "id", where, cause)) == NULL)
			return -1;
		p->id = xstrdup(s);
		g->npieces++;
		if ((p->card = get_card(g->db, get_str(o, "card", where, cause),
		    where, cause)) == NULL)
			return -1;
#define X(f) if (get_int(o, #f, -1, 1000000, &v, where, cause)) return -1; p->f = v;
		PIECE_INTS(X)
#undef X
/* fields defaulting to -1 are piece or node indexes; the others may hold
 * negative event modifiers (several events lowering one ability) */
#define X(f, d) p->f = d; if (cJSON_HasObjectItem(o, #f)) { \
		if (get_int(o, #f, d < 0 ? -1 : -99, 1000000, &v, where, \
		    cause)) return -1; \
		p->f = v; }
		PIECE_COMBAT_INTS(X)
		PIECE_PART3_INTS(X)
		PIECE_LIFE_INTS(X)
		PIECE_SPECIES_INTS(X)
		PIECE_GEAR_INTS(X)
#undef X
		if (ccg_xatk_load(p, o, np, where, cause) != 0)
			return -1;	/* free-attacks.c */
		if (p->loaded_in >= np || p->attached_to >= np)
			return cause_set(cause, "%s: loaded_in or attached_to out "
			    "of range", where);
		if (p->hive_work >= nn || p->barrier_to >= nn)
			return cause_set(cause, "%s: hive_work out of range", where);
		if (p->bs_target >= np || p->bs_weapon >= np || p->riding >= np)
			return cause_set(cause, "%s: a backstab piece out of range",
			    where);
		if (p->atk_target >= np || p->atk_weapon >= np ||
		    p->atk_ammo >= np ||
		    p->atk_kind < 0 || p->atk_kind > CCG_ATTACK_RANGED ||
		    p->atk_mode < 0 || p->atk_mode > CCG_ATK_KILL)
			return cause_set(cause, "%s: an attack value is out of "
			    "range", where);
		if (p->owner < 0 || p->owner >= ns || p->controller >= ns ||
		    p->node >= nn || p->carrier >= np || p->dragger >= np ||
		    p->carrier == (int)g->npieces - 1 || p->zone < CCG_Z_PLAY ||
		    p->zone > CCG_Z_CAPTURED)
			return cause_set(cause, "%s: a seat, node, piece or zone "
			    "value is out of range", where);
	}
	return ccg_markers_load(g, root, cause);	/* hidden-state.c */
}

struct rules_game *
ccg_load(const struct ccg_carddb *db, const char *bytes, size_t len,
    char **cause)
{
	struct rules_game *g;
	cJSON *root;

	if (db == NULL || !db->sealed) {
		cause_set(cause, "no sealed card database given");
		return NULL;
	}
	root = cJSON_ParseWithLength(bytes, len);
	if (root == NULL || !cJSON_IsObject(root)) {
		cJSON_Delete(root);
		cause_set(cause, "state: not a JSON object");
		return NULL;
	}
	g = ccg_game_new(db);
	if (load_into(g, root, cause) != 0) {
		ccg_game_free(g);
		g = NULL;
	}
	cJSON_Delete(root);
	return g;
}

/* The public events naming a seat that leave its hand and deck alone. */
static const char *const pile_still[] = { "standing-pass", NULL };

static void
add_secret(struct rules_secret **out, size_t *n, char *id, int seat,
    const char *owner, const struct ccg_cards *pile, int sorted)
{
	struct strbuf sb = STRBUF_INIT;
	const char **v = xcalloc(pile->n ? pile->n : 1, sizeof *v);
	struct rules_secret *s;
	size_t i, j, len;

	for (i = 0; i < pile->n; i++)
		v[i] = pile->v[i]->slug;
	if (sorted)		/* a hand is a set: its order is no secret */
		for (i = 1; i < pile->n; i++)
			for (j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
				const char *t = v[j];

				v[j] = v[j - 1];
				v[j - 1] = t;
			}
	for (i = 0; i < pile->n; i++) {
		strbuf_addstr(&sb, v[i]);
		strbuf_addc(&sb, '\n');
	}
	free(v);
	*out = xreallocarray(*out, *n + 1, sizeof **out);
	s = &(*out)[(*n)++];
	s->id = id;
	s->seat = seat;
	s->fixed = 0;	/* a hand or a deck changes in almost any phase */
	/*
	 * ... but only by an action the rules announce to everyone with the
	 * seat's name in it (rules.h "watch word"): a draw ("draw", with the
	 * counts), a discard, a cycle of the discards into the deck, a card
	 * played from the hand (a location, a character, an event, a
	 * barrier, an item), a card found in the deck, a token matured from
	 * or into the hand; every such event has "seat": the seat. Whether a
	 * seat's piles are renewed in a phase is then read off the public
	 * events of that phase, which every seat sees: a seat that only
	 * passed, moved or fought keeps the commitments of its piles, which
	 * says nothing anyone could not tell from the events. A standing
	 * pass (standing-pass.c: the seat passes, a public fact) is no such
	 * action: the seat does nothing in the phase.
	 */
	s->watch = xstrdup(owner);
	s->still = pile_still;
	s->bytes = (unsigned char *)strbuf_detach(&sb, &len);
	s->len = len;
}

void
ccg_secrets(const struct rules_game *g, struct rules_secret **out, size_t *n)
{
	size_t i;

	*out = NULL;
	*n = 0;
	for (i = 0; i < g->nseats; i++) {
		add_secret(out, n, xasprintf("deck:%s", g->seats[i].name), -1,
		    g->seats[i].name, &g->seats[i].deck, 0);
		add_secret(out, n, xasprintf("hand:%s", g->seats[i].name),
		    (int)i, g->seats[i].name, &g->seats[i].hand, 1);
	}
	ccg_markers_secrets(g, out, n);		/* hidden-state.c */
	ccg_concealed_secrets(g, out, n);	/* concealed.c */
}
