/*
 * view.c — a seat's view model (doc/product.md §6): the board, every
 * public fact, the reader's own hand in full, and for the others only hand
 * sizes, deck counts and their face-up discards. Deck order is never shown
 * (not even one's own), hands are listed sorted, and nothing here depends
 * on what the reader may not know except through public counts.
 *
 * The model (keys in this order):
 *   game "ccg", scenario, turn, phase, seat (the reader, null for a
 *   spectator), awaiting [seats that owe orders],
 *   seats [{seat, faction, hand (count), hand_size, deck (count), discard
 *     [slugs, sorted], out_of_play [...], events_in_play [...], cycles,
 *     combat_pool,
 *     research_points, rescued + rescue_quota (Marines), abducted +
 *     data_downloaded (Rogue), honor + honor_goal (Predator),
 *     breeding_chamber_warriors (Aliens), evacuated, place,
 *     hud {ground [ids], high [id|null per gap], low [...]}}],
 *   locations [{id, name, adjacent [ids], hive_of [seats]}] (and
 *     "replaced", the name of the location a made Breeding Chamber took
 *     the place of),
 *   pieces [{id, name, type, owner, controller|null, at|carried_by,
 *     rotated, and for characters speed, power, damage, tokens,
 *     movement_points (in movement.move); data, hostage, searching,
 *     bound (binding strength), captive (the character a Predator holds),
 *     riding (the vehicle a passenger rides) when set; attack {target, type, weapon,
 *     mode} once declared (declarations are public), gore (the Newborn's
 *     Gore tokens) when any, more_attacks [{target, type, weapon, mode}]
 *     (further attacks, free-attacks.c) and gore_attacks (the Newborn's
 *     bought close attacks) when any, a vehicle's damage with armor_left
 *     and hull_left once it is damaged}] — cards in play only,
 *   ammo shows "loaded_in" (its weapon), an attachment "attached_to"
 *     (its item), a weapon whose own ammunition is spent "empty": true;
 *   a permanent event in play is a piece of type "event" carried_by
 *     its character (events-rules.c),
 *   a hidden character shows "hidden": true and, to all but its
 *     controller, neither "at" nor "movement_points",
 *   a concealed item shows to all but its holder as {id "concealed-N",
 *     name "Concealed item", ...}, to its holder with "concealed": true,
 *   markers [{id, piece, seat, at, movement_points (in movement.move),
 *     real (to the marker's seat and to seats that viewed it)}],
 *   hand [slugs, sorted] and legal_orders [lines] for the reader only,
 *   result [{seat, place}], over.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/discard-draw.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/search.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/victory.h"

static cJSON *
sorted_pile(const struct ccg_cards *c)
{
	const char **v = xcalloc(c->n ? c->n : 1, sizeof *v);
	cJSON *a = cJSON_CreateArray();
	size_t i, j;

	for (i = 0; i < c->n; i++)
		v[i] = c->v[i]->slug;
	for (i = 1; i < c->n; i++)
		for (j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			const char *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (i = 0; i < c->n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
	free(v);
	return a;
}

static cJSON *
piece_json(const struct rules_game *g, size_t i)
{
	const struct ccg_piece *p = &g->pieces[i];
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "id", p->id);
	cJSON_AddStringToObject(o, "name", p->card->name);
	cJSON_AddStringToObject(o, "type", ccg_card_type_name(p->card->type));
	cJSON_AddStringToObject(o, "owner", g->seats[p->owner].name);
	if (p->controller >= 0)
		cJSON_AddStringToObject(o, "controller", g->seats[p->controller].name);
	else
		cJSON_AddNullToObject(o, "controller");
	if (p->carrier >= 0)
		cJSON_AddStringToObject(o, "carried_by", g->pieces[p->carrier].id);
	else if (p->node >= 0)
		cJSON_AddStringToObject(o, "at", g->nodes[p->node].id);
	cJSON_AddBoolToObject(o, "rotated", p->rotated);
	if (ccg_is_character(p)) {
		cJSON_AddNumberToObject(o, "speed", p->card->chr.speed);
		cJSON_AddNumberToObject(o, "power", p->card->chr.power);
		cJSON_AddNumberToObject(o, "damage", p->damage);
		cJSON_AddNumberToObject(o, "tokens", p->tokens);
		if (g->phase == CCG_PH_MOVE)
			cJSON_AddNumberToObject(o, "movement_points", p->mp);
	}
	if (p->data)
		cJSON_AddNumberToObject(o, "data", p->data);
	if (p->hostage)
		cJSON_AddBoolToObject(o, "hostage", 1);
	if (p->searching)
		cJSON_AddBoolToObject(o, "searching", 1);
	if (p->bound)
		cJSON_AddNumberToObject(o, "bound", p->bound);
	if (ccg_is_character(p) && ccg_captive_of(g, (int)i) >= 0)
		cJSON_AddStringToObject(o, "captive",
		    g->pieces[ccg_captive_of(g, (int)i)].id);
	if (p->atk_kind && p->atk_target >= 0)	/* declared openly */
		cJSON_AddItemToObject(o, "attack", ccg_attack_json(g,
		    ccg_attack_target_id(g, (int)i),	/* marker-attacks.c */
		    p->atk_kind, p->atk_weapon, p->atk_mode));
	return o;
}

static cJSON *
hud_json(const struct rules_game *g, const struct ccg_hud *h)
{
	cJSON *o = cJSON_CreateObject(), *gr, *hi, *lo;
	size_t k;

	gr = cJSON_AddArrayToObject(o, "ground");
	hi = cJSON_AddArrayToObject(o, "high");
	lo = cJSON_AddArrayToObject(o, "low");
	for (k = 0; k < h->n; k++) {
		cJSON_AddItemToArray(gr, cJSON_CreateString(g->nodes[h->ground[k]].id));
		if (k + 1 < h->n) {
			cJSON_AddItemToArray(hi, h->high[k] >= 0 ?
			    cJSON_CreateString(g->nodes[h->high[k]].id) :
			    cJSON_CreateNull());
			cJSON_AddItemToArray(lo, h->low[k] >= 0 ?
			    cJSON_CreateString(g->nodes[h->low[k]].id) :
			    cJSON_CreateNull());
		}
	}
	return o;
}

cJSON *
ccg_view(const struct rules_game *g, int seat)
{
	cJSON *v = cJSON_CreateObject(), *a, *o;
	unsigned char *adj;	/* the nodes adjacent to node i */
	size_t i, s;

	cJSON_AddStringToObject(v, "game", "ccg");
	cJSON_AddStringToObject(v, "scenario", g->scenario);
	if (g->options & CCG_OPT_NO_POOL)	/* scenarios.c; absent otherwise */
		cJSON_AddItemToArray(cJSON_AddArrayToObject(v, "options"),
		    cJSON_CreateString(ccg_option_name(CCG_OPT_NO_POOL)));
	cJSON_AddNumberToObject(v, "turn", g->turn);
	cJSON_AddStringToObject(v, "phase", ccg_phase_name(g->phase));
	if (seat >= 0 && (size_t)seat < g->nseats)
		cJSON_AddStringToObject(v, "seat", g->seats[seat].name);
	else
		cJSON_AddNullToObject(v, "seat");
	a = cJSON_AddArrayToObject(v, "awaiting");
	for (s = 0; s < g->nseats; s++)
		if (ccg_seat_owes(g, (int)s))
			cJSON_AddItemToArray(a, cJSON_CreateString(g->seats[s].name));
	a = cJSON_AddArrayToObject(v, "seats");
	for (s = 0; s < g->nseats; s++) {
		const struct ccg_seat *st = &g->seats[s];

		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "seat", st->name);
		cJSON_AddStringToObject(o, "faction", ccg_faction_name(st->faction));
		cJSON_AddNumberToObject(o, "hand", (double)st->hand.n);
		cJSON_AddNumberToObject(o, "hand_size", ccg_hand_size(g, (int)s));
		cJSON_AddNumberToObject(o, "deck", (double)st->deck.n);
		cJSON_AddItemToObject(o, "discard", sorted_pile(&st->discard));
		cJSON_AddItemToObject(o, "out_of_play", sorted_pile(&st->removed));
		cJSON_AddItemToObject(o, "events_in_play", sorted_pile(&st->table));
		cJSON_AddNumberToObject(o, "cycles", st->cycles);
		cJSON_AddNumberToObject(o, "combat_pool", st->pool);
		cJSON_AddNumberToObject(o, "research_points", st->rp);
		if (st->faction == CCG_FACTION_MARINES) {
			cJSON_AddNumberToObject(o, "rescued", st->rescued);
			cJSON_AddNumberToObject(o, "rescue_quota", st->quota);
		}
		if (st->faction == CCG_FACTION_ROGUE) {
			cJSON_AddNumberToObject(o, "abducted", st->abducted);
			cJSON_AddNumberToObject(o, "data_downloaded", st->downloaded);
		}
		if (st->faction == CCG_FACTION_PREDATOR) {
			cJSON_AddNumberToObject(o, "honor", st->honor);
			cJSON_AddNumberToObject(o, "honor_goal", st->honor_goal);
		}
		if (st->faction == CCG_FACTION_ALIENS)
			cJSON_AddNumberToObject(o, "breeding_chamber_warriors",
			    st->bc_warriors);
		cJSON_AddNumberToObject(o, "evacuated", st->evac_mains);
		cJSON_AddNumberToObject(o, "place", st->place);
		if (st->no_warrior_queen)	/* queens.c */
			cJSON_AddFalseToObject(o, "warrior_queen");
		if (ccg_standing_pass(g, (int)s))	/* standing-pass.c */
			cJSON_AddTrueToObject(o, "standing_pass");
		cJSON_AddItemToObject(o, "hud", hud_json(g, &st->hud));
		cJSON_AddItemToArray(a, o);
	}
	a = cJSON_AddArrayToObject(v, "locations");
	adj = xcalloc(g->nnodes + 1, 1);
	for (i = 0; i < g->nnodes; i++) {
		cJSON *h;

		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "id", g->nodes[i].id);
		cJSON_AddStringToObject(o, "name", g->nodes[i].card->name);
		if (g->nodes[i].replaced != NULL)	/* molting.c */
			cJSON_AddStringToObject(o, "replaced",
			    g->nodes[i].replaced->name);
		h = cJSON_AddArrayToObject(o, "adjacent");
		memset(adj, 0, g->nnodes);
		ccg_adjacent_mark(g, (int)i, adj);
		for (s = 0; s < g->nnodes; s++)
			if (adj[s])
				cJSON_AddItemToArray(h,
				    cJSON_CreateString(g->nodes[s].id));
		if (g->nodes[i].damaged)	/* locations.c; absent when not */
			cJSON_AddTrueToObject(o, "damaged");
		h = cJSON_AddArrayToObject(o, "hive_of");
		for (s = 0; s < g->nseats; s++)
			if (ccg_node_hived_for(g, (int)i, (int)s))
				cJSON_AddItemToArray(h,
				    cJSON_CreateString(g->seats[s].name));
		cJSON_AddItemToArray(a, o);
	}
	free(adj);
	a = cJSON_AddArrayToObject(v, "pieces");
	for (i = 0; i < g->npieces; i++)
		if (g->pieces[i].zone == CCG_Z_PLAY) {
			o = piece_json(g, i);
			if (ccg_piece_hidden_from(g, (int)i, seat)) {
				cJSON_DeleteItemFromObject(o, "at");
				cJSON_DeleteItemFromObject(o, "movement_points");
			}
			if (g->pieces[i].hidden)
				cJSON_AddBoolToObject(o, "hidden", 1);
			if (g->pieces[i].gore > 0)	/* newborn.c */
				cJSON_AddNumberToObject(o, "gore",
				    g->pieces[i].gore);
			if (g->pieces[i].barrier_to >= 0)	/* barriers.c */
				cJSON_AddStringToObject(o, "to",
				    g->nodes[g->pieces[i].barrier_to].id);
			if (g->pieces[i].riding >= 0)	/* vehicles.c */
				cJSON_AddStringToObject(o, "riding",
				    g->pieces[g->pieces[i].riding].id);
			ccg_xatk_view(g, (int)i, o);	/* free-attacks.c */
			ccg_vehicle_view(g, (int)i, o);	/* vehicle-attacks.c */
			if (g->pieces[i].loaded_in >= 0)	/* ammo.c */
				cJSON_AddStringToObject(o, "loaded_in",
				    g->pieces[g->pieces[i].loaded_in].id);
			if (g->pieces[i].attached_to >= 0)	/* attachments.c */
				cJSON_AddStringToObject(o, "attached_to",
				    g->pieces[g->pieces[i].attached_to].id);
			if (g->pieces[i].empty)			/* ammo.c */
				cJSON_AddBoolToObject(o, "empty", 1);
			if (ccg_concealed_from(g, (int)i, seat)) {
				char *al = ccg_concealed_alias(g, (int)i);

				cJSON_ReplaceItemInObject(o, "id",
				    cJSON_CreateString(al));
				free(al);
				cJSON_ReplaceItemInObject(o, "name",
				    cJSON_CreateString("Concealed item"));
			} else if (g->pieces[i].concealed)
				cJSON_AddBoolToObject(o, "concealed", 1);
			cJSON_AddItemToArray(a, o);
		}
	cJSON_AddItemToObject(v, "markers", ccg_markers_view(g, seat));
	if (seat >= 0 && (size_t)seat < g->nseats) {
		char *legal = ccg_legal(g, seat), *p, *nl;

		cJSON_AddItemToObject(v, "hand", sorted_pile(&g->seats[seat].hand));
		a = cJSON_AddArrayToObject(v, "legal_orders");
		for (p = legal; *p != '\0'; p = nl + 1) {
			nl = strchr(p, '\n');
			*nl = '\0';
			cJSON_AddItemToArray(a, cJSON_CreateString(p));
		}
		free(legal);
	}
	a = cJSON_AddArrayToObject(v, "result");
	for (s = 0; s < g->nseats; s++)
		if (g->seats[s].place > 0) {
			o = cJSON_CreateObject();
			cJSON_AddStringToObject(o, "seat", g->seats[s].name);
			cJSON_AddNumberToObject(o, "place", g->seats[s].place);
			cJSON_AddItemToArray(a, o);
		}
	cJSON_AddBoolToObject(v, "over", ccg_game_over(g));
	return v;
}
