/*
 * items.h — items and what is carried or built: items, ammo, attachments,
 * vehicles (and attacks on them), barriers. The functions follow the
 * conventions of rules/ccg/ccg.h; doc/ccg-rules-map.md says which rule
 * each file carries.
 */
#ifndef MUTHUR_RULES_CCG_ITEMS_H
#define MUTHUR_RULES_CCG_ITEMS_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* items.c */
/* May character pi use item card c: Predator Items only with the Predator
 * resource, never a Human Item for a Predator, nothing for an Alien? 0, or
 * -1 with a reason. Non-items: 0. */
int	 ccg_item_usable(const struct rules_game *g, int pi,
	    const struct ccg_card *c, char **cause);
/* May carrier take item (one weapon, one armor)? 0 or -1 with a reason. */
int	 ccg_item_slot_free(const struct rules_game *g, int carrier,
	    const struct ccg_card *item, char **cause);
/* The pickup, transfer and drop orders. */
int	 ccg_items_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Is phase one of the Movement or Search Round, where dropping is free
 * (elsewhere "drop ITEM rotating" rotates the carrier)? */
int	 ccg_free_drop_phase(int phase);
/* Items carried by pi fall at its node (zone PLAY) or leave with it. */
void	 ccg_items_drop_all(struct rules_game *g, int pi, int zone);
/* Feed try() the pickup, transfer and drop lines of seat. */
void	 ccg_item_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* ammo.c ("Ammo Item cards") */
/* Further checks of an attack of this kind declared with weapon wi (-1)
 * loading ammo ai (-1): one ammo per weapon, none after depletion this
 * turn, an empty weapon fires only loaded ammo. 0 or -1 with a reason. */
int	 ccg_ammo_attack_ok(const struct rules_game *g, int wi, int ai,
	    int kind, char **cause);
/* After pi's attack is declared: ammo named is loaded into the weapon;
 * ammo already loaded in it is used. */
void	 ccg_ammo_declared(struct rules_game *g, int pi);
/* After pi's to-hit roll: its ammo has made one more attack; ammo whose
 * shots are used up is depleted (discarded; the weapon's remaining
 * declared attacks are cancelled). */
void	 ccg_ammo_fired(struct rules_game *g, int pi, struct rules_events *ev);
/* "play EVENT on ITEM": deplete (loaded ammo first, else the weapon's
 * own) and replenish (a weapon's basic ammunition) effects. */
int	 ccg_item_event(struct rules_game *g, int seat, int hi,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* "unload AMMO": 1 Combat Pool, outside the Combat Round. */
int	 ccg_unload(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Ammo and attachments separated from their item (dropped, passed on,
 * gone) are no longer loaded or attached. */
void	 ccg_loadout_tidy(struct rules_game *g, struct rules_events *ev);

/* attachments.c ("Attachment Items") */
/* "attach ATTACHMENT to ITEM" and "detach ATTACHMENT". */
int	 ccg_attach_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Modifiers of stat from attachments working for pi: on the weapon of its
 * declared attack (to hit, damage) or on armor it carries (defense,
 * resistance); only on undamaged items. */
int	 ccg_attachment_mod(const struct rules_game *g, int pi, int stat,
	    int kind);
/* Feed try() seat's candidate attach, detach and unload lines. */
void	 ccg_gear_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* vehicles.c ("Vehicles": a character carrying a vehicle rides it) */
/* Movement Step start: riders move at the vehicle's speed less its hull
 * damage. */
void	 ccg_vehicles_begin(struct rules_game *g);
/* The speed of vehicle piece vi: printed, less its hull damage, >= 0; its
 * movement points and its defense ("Vehicles": "MPs and Defense value"),
 * and the Speed of the character driving it ("Special Rules for
 * Vehicles": it replaces the driver's Speed). */
int	 ccg_vehicle_speed(const struct rules_game *g, int vi);
/* The vehicle piece character pi carries (drives), or -1. */
int	 ccg_vehicle_driven(const struct rules_game *g, int pi);
/* 0, or -1 with a reason when one of who[0..n-1] rides a vehicle and to is
 * Confined, Cover, Submerged or a cross location. */
int	 ccg_vehicle_blocks(const struct rules_game *g, const int *who, size_t n,
	    int to, char **cause);
/* Vehicles whose hull is gone are destroyed (riders unharmed). */
void	 ccg_vehicles_tidy(struct rules_game *g, struct rules_events *ev);

/* vehicles.c: passengers and Enclosed vehicles */
/* The "board VEHICLE with CHAR, ..." and "alight CHAR" orders of the
 * Movement Step: characters at a driven vehicle's location climb aboard
 * (driver and riders together at most its capacity), or get off. */
int	 ccg_vehicle_board(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* The Enclosed vehicle piece pi drives or rides (a location of its own
 * for being together and control), or -1. */
int	 ccg_vehicle_compartment(const struct rules_game *g, int pi);
/* Are characters a and b together: the same location and the same
 * compartment (both outside, or aboard the same Enclosed vehicle)? */
int	 ccg_together(const struct rules_game *g, int a, int b);
/* Feed try() the candidate board and alight lines of seat. */
void	 ccg_vehicle_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* vehicle-attacks.c ("Special Rules for Vehicles": a vehicle may be
 * attacked; "Vehicles": an Enclosed one is a location of its own for
 * being together) */
/* Is piece ti a vehicle in play? */
int	 ccg_is_vehicle_target(const struct rules_game *g, int ti);
/* The seat a target stands for: a vehicle's driver's controller (its own
 * controller when nobody drives it), else the piece's controller. */
int	 ccg_target_seat(const struct rules_game *g, int ti);
/* 0 when vehicle ti may be attacked by pi (its driver not hidden), else
 * -1 with a reason. */
int	 ccg_vehicle_target_ok(const struct rules_game *g, int pi, int ti,
	    char **cause);
/* Add "damage", "armor_left" and "hull_left" to the view object o of
 * vehicle piece pi once it has taken damage (public, like a character's
 * damage). */
void	 ccg_vehicle_view(const struct rules_game *g, int pi, cJSON *o);
/* Close combat needs attacker and target together: both outside, or
 * aboard the same Enclosed vehicle (a vehicle itself is outside). */
int	 ccg_close_reach(const struct rules_game *g, int pi, int ti);
/* outnumbering.c by compartment: the extra movement points seat pays
 * to leave node from compartment comp (an Enclosed vehicle piece, or -1
 * outside): only characters in that compartment count. */
int	 ccg_outnumber_penalty_in(const struct rules_game *g, int seat,
	    int node, int comp);

/* barriers.c ("Barriers") */
/* The "barrier CARD with CHAR to LOCATION" order (Movement, Search). */
int	 ccg_barrier_play(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* The Barrier piece standing between nodes a and b, or -1. */
int	 ccg_barrier_between(const struct rules_game *g, int a, int b);
/* 0 when the characters who[0..n-1] moving together from one location to
 * the other may pass any Barrier between them, else -1 with a reason. */
int	 ccg_barrier_blocks(const struct rules_game *g, const int *who, size_t n,
	    int from, int to, char **cause);
/* Discard Barriers whose damage reached their power, or whose two
 * locations are no longer adjacent. */
void	 ccg_barriers_tidy(struct rules_game *g, struct rules_events *ev);
/* Feed try() the candidate barrier lines of seat. */
void	 ccg_barrier_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

#endif
