/*
 * combat.h — "The Combat Round": declaring, resolving, damage, the Combat
 * Pool, free attacks, environmental damage, capture and release, healing,
 * honor. The functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_COMBAT_H
#define MUTHUR_RULES_CCG_COMBAT_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* combat-declare.c ("The Combat Round", "Step 1: Declare Attacks") */
/* The attack order: checks segment, attacker, target, range, weapon and
 * the species rules, then rotates the attacker and records the attack. */
int	 ccg_attack_declare(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* End of a close declare segment: every ready Alien that has a valid
 * unhidden target there but was given no attack attacks the first such
 * target in play order ("Special Rules for Aliens: Attacking"). */
void	 ccg_aliens_force(struct rules_game *g, struct rules_events *ev);
/* Can pi's attack with a weapon of this range (CCG_RANGE_*) reach piece
 * ti: same location, a Barrier from either side, adjacent when long? */
int	 ccg_attack_reach(const struct rules_game *g, int pi, int ti, int range);
/* Feed try() the attack lines of seat (at characters, markers, vehicles). */
void	 ccg_attack_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* combat-resolve.c ("Step 2/3: Resolve ranged/close combat Attacks") */
/* Segment 1 of the step g is in: every declared attack of its kind rolls
 * to hit (atk_hit set); run when the phase starts. */
void	 ccg_combat_roll(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);
/* Resolve every declared attack of the step (phase) g is in: to-hit rolls
 * first, then all damage applied at once; deaths, captures, honor. At the
 * end of the close step the round's declarations are cleared. */
void	 ccg_combat_resolve(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);

/* combat-damage.c ("Rolling To Hit", "Attack Resolution", "The Effects
 * of Damage"); the totals use the attack piece pi has declared. */
/* Effective power (printed minus the damage Alien tokens do not cancel,
 * plus this round's event modifiers), may be <= 0: the character dies at
 * 0. */
int	 ccg_eff_power(const struct ccg_piece *p);
/* What attacker pi adds to its die; target ti's defense; pi's damage;
 * ti's resistance (power plus armor). */
int	 ccg_to_hit_bonus(const struct rules_game *g, int pi);
int	 ccg_defense(const struct rules_game *g, int ti);
int	 ccg_attack_damage(const struct rules_game *g, int pi);
int	 ccg_resistance(const struct rules_game *g, int ti);
/* Forget p's declared attack. */
void	 ccg_attack_clear(struct ccg_piece *p);
/* Kill piece pi: its items fall where it died; Predator, Marine and Rogue
 * main characters are removed from play, Aliens and supporting characters
 * discarded; a character it held captive is freed. */
void	 ccg_kill(struct rules_game *g, int pi, struct rules_events *ev);

/* combat-pool.c ("Increasing Damage or Resistance With Combat Pool") */
/* The boost order: 2 Combat Pool for +1 damage (an attacker that hit)
 * or +1 resistance (a character hit) in this step, once per character per
 * Combat Round. */
int	 ccg_boost(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Feed try() the boost lines of seat. */
void	 ccg_boost_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* free-attacks.c ("Free Attacks", the Newborn's Gore attacks and its limit
 * of 4 attacks a turn): a character that has declared its attack this
 * Combat Round may declare more when a free attack was granted to it
 * (an event; no rotation) or, the Newborn, one per "+1 close combat
 * attack" bought with Gore tokens. The first attack stays in the atk_*
 * fields; the further ones sit in xatk[] and are swapped into the atk_*
 * fields (ccg_xatk_swap()) while the rules that read those fields work
 * on them. */
/* 0 when piece pi may declare (another) attack of this kind now: its
 * first, ready or with a free attack; a further one with a free attack or
 * a Gore attack left (close only), a free entry in xatk, and for the
 * Newborn fewer than 4 attacks this turn. Else -1 with a reason. */
int	 ccg_attack_slot_ok(const struct rules_game *g, int pi, int kind,
	    char **cause);
/* 0 when piece ti may be granted a free attack now (room for one more
 * attack: the xatk entries, the Newborn's 4 a turn), else -1 with a
 * reason. */
int	 ccg_free_attack_room(const struct rules_game *g, int ti, char **cause);
/* Before recording an attack of pi: -1 when it is pi's first this round
 * (nothing done), else the xatk entry k taken for it, already swapped in
 * (empty) so the caller fills the atk_* fields; ccg_xatk_end() swaps it
 * back. Also counts the attack for the Newborn's limit. */
int	 ccg_xatk_begin(struct rules_game *g, int pi);
void	 ccg_xatk_end(struct rules_game *g, int pi, int k);
/* Exchange p's atk_* fields with xatk[k] (no-op for k < 0); twice
 * restores. */
void	 ccg_xatk_swap(struct ccg_piece *p, int k);
/* Forget p's further attacks (the round is over) / their to-hit marks. */
void	 ccg_xatk_clear(struct ccg_piece *p);
void	 ccg_xatk_hits_clear(struct ccg_piece *p);
/* Has pi declared an attack (first or further) of kind (0 any) on target
 * (-1 any) with weapon (-1 any), that hit when hit is 1? */
int	 ccg_attack_matches(const struct rules_game *g, int pi, int kind,
	    int target, int weapon, int hit);
/* Ammo ran out for weapon wi: pi's further attacks with it not yet
 * rolled (phase before their step) are cancelled (public event). */
void	 ccg_xatk_cancel_weapon(struct rules_game *g, int pi, int wi,
	    struct rules_events *ev);
/* The further attacks and the attack count in a saved piece object, and
 * back (range checked against np pieces; absent keys leave defaults). */
struct strbuf;
void	 ccg_xatk_write(const struct ccg_piece *p, struct strbuf *out);
int	 ccg_xatk_load(struct ccg_piece *p, const cJSON *o, int np,
	    const char *where, char **cause);
/* A declared attack in a view: {target, type, weapon, mode} (weapon and
 * mode only when there is one / not normal); caller owns the object. */
cJSON	*ccg_attack_json(const struct rules_game *g, const char *target,
	    int kind, int weapon, int mode);
/* Add "more_attacks" (piece pi's further attacks declared this round,
 * public like the first) and "gore_attacks" to its view object o, when
 * any. */
void	 ccg_xatk_view(const struct rules_game *g, int pi, cJSON *o);
/* Feed try() the attack lines of seat's characters that only extra
 * attacks allow (rotated ones with a free or Gore attack left) and the
 * lines at vehicles. */
void	 ccg_xatk_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* environmental.c ("Environmental Damage") */
/* amount points of kind to pi, ignoring defense, armor and resistance,
 * unless immune; it dies at power 0. */
void	 ccg_env_damage(struct rules_game *g, int pi, int amount,
	    const char *kind, struct rules_events *ev);

/* capture.c ("Capturing and Infecting", "Predator Capturing Rules") */
/* The Breeding Chamber node of seat, or -1. */
int	 ccg_breeding_chamber(const struct rules_game *g, int seat);
/* The captive Predator piece pred carries, or -1. */
int	 ccg_captive_of(const struct rules_game *g, int pred);
/* Captured by an Alien of seat: to the Breeding Chamber, items dropped
 * there; killed instead when seat has none. */
void	 ccg_capture_alien(struct rules_game *g, int seat, int pi,
	    struct rules_events *ev);
/* Captured by Predator piece pred: carried with its items. */
void	 ccg_capture_predator(struct rules_game *g, int pred, int pi,
	    struct rules_events *ev);
/* Free the captive of Predator pred at pred's node with power 1. */
void	 ccg_capture_free(struct rules_game *g, int pred, struct rules_events *ev);

/* The evacuate order: a Predator's captive (at a Predator Ship, +1
 * honor), else ccg_evacuate(). */
int	 ccg_evacuate_any(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);

/* predator-release.c ("Predator Capturing Rules": release by choice) */
/* The "release PREDATOR" order: his captive is freed where he is with
 * power 1 (ccg_capture_free()). */
int	 ccg_release_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Feed try() the candidate release lines of seat. */
void	 ccg_release_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* healing.c (the heal effects of cards; "Synthetic": never healed) */
/* The "heal TARGET with SOURCE" order: SOURCE, a character or an item
 * with a rotated heal effect, rotates to remove damage from TARGET. */
int	 ccg_heal_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Feed try() the candidate heal lines of seat. */
void	 ccg_heal_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* honor.c (the honor table of "Special Rules for Predators") */
/* Honor for killing piece pi with what it carries. */
int	 ccg_kill_honor(const struct rules_game *g, int pi);
/*
 * The honor goal follows the items the Predator uses: each item with a
 * printed honor that a Predator of a seat with an honor goal (not a
 * Hunting Pack's own) carries and may use, not one of his starting cards,
 * adds its honor to the goal the first time he has it, once, with an
 * "honor-goal" event. Run after each phase's orders.
 */
void	 ccg_honor_goal_track(struct rules_game *g, struct rules_events *ev);

#endif
