/*
 * vehicle-attacks.c — rulebook "Special Rules for Vehicles" (a vehicle is
 * a target of attacks) and "Vehicles" (an Enclosed vehicle is a location
 * of its own for characters being together).
 *
 * Vehicles as targets (design): the vehicle piece is named as the target
 * ("attack CHAR at VEHICLE ..."); it stands where its driver is (or where
 * it lies when nobody drives it), and reach is counted from there as for
 * a character. One's own vehicle (the one one's character drives) is not
 * attacked. It is never captured or spared, never bound. The rulebook
 * ("Vehicles": speed is its "MPs and Defense value"; "Special Rules for
 * Vehicles": Armor and Hull are like two Power attributes) gives its
 * defense, its speed less its hull damage, and its resistance: its armor
 * while any is left, then its hull (combat-damage.c). The points of a hit
 * beyond that wear the armor first and then the hull (vehicles.c; each
 * hull point lowers its speed; at hull 0 it is destroyed, its riders left
 * standing unharmed). Its driver and riders take nothing; the driver's
 * speed, and so his defense, is the vehicle's.
 *
 * Enclosed vehicles and close combat (design): characters aboard an
 * Enclosed vehicle are together only with each other (ccg_together()), so
 * close combat, which needs attacker and target together, reaches neither
 * from inside to outside nor from outside in; a vehicle's hull is outside
 * (a character aboard does not hit its own or another vehicle in close
 * combat). Ranged attacks are not about being together: they reach as
 * usual, by location.
 *
 * Outnumbering by compartment: a character leaving a location counts only
 * the characters in its own compartment (outnumbering.c): those outside
 * for a character outside, those aboard with it for the driver of an
 * Enclosed vehicle.
 */
#include "config.h"

#include "lib/cause.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"

int
ccg_is_vehicle_target(const struct rules_game *g, int ti)
{
	const struct ccg_piece *t = &g->pieces[ti];

	return t->zone == CCG_Z_PLAY && t->card->type == CCG_CARD_VEHICLE &&
	    ccg_piece_at(g, ti) >= 0;
}

int
ccg_target_seat(const struct rules_game *g, int ti)
{
	const struct ccg_piece *t = &g->pieces[ti];

	if (t->card->type == CCG_CARD_VEHICLE && t->carrier >= 0)
		return g->pieces[t->carrier].controller;
	return t->controller;
}

int
ccg_vehicle_target_ok(const struct rules_game *g, int pi, int ti,
    char **cause)
{
	const struct ccg_piece *t = &g->pieces[ti];

	(void)pi;
	if (t->carrier >= 0 && g->pieces[t->carrier].hidden)
		return cause_set(cause, "%s moves hidden with its driver and "
		    "cannot be named as a target", t->id);
	return 0;
}

int
ccg_close_reach(const struct rules_game *g, int pi, int ti)
{
	return ccg_vehicle_compartment(g, pi) == ccg_vehicle_compartment(g, ti);
}

void
ccg_vehicle_view(const struct rules_game *g, int pi, cJSON *o)
{
	const struct ccg_piece *v = &g->pieces[pi];
	int armor;

	if (v->card->type != CCG_CARD_VEHICLE || v->damage <= 0)
		return;
	armor = v->card->veh.armor - v->damage;
	cJSON_AddNumberToObject(o, "damage", v->damage);
	cJSON_AddNumberToObject(o, "armor_left", armor > 0 ? armor : 0);
	cJSON_AddNumberToObject(o, "hull_left", ccg_eff_power(v));
}
