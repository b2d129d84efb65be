/*
 * movement.h — the Movement Round: evacuation, locations, movement,
 * outnumbering, hidden movement (markers, their attacks) and control. The
 * functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_MOVEMENT_H
#define MUTHUR_RULES_CCG_MOVEMENT_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* evacuation.c */
/* The evacuate and download orders. */
int	 ccg_evacuate(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
int	 ccg_download(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/*
 * Is an evacuation by seat at node blocked (the Note of "Step 1"): an
 * unhidden character of another seat there, or another seat's marker
 * (real or decoy, never told apart)? Then *cause (may be NULL) says so.
 */
int	 ccg_evacuation_blocked(const struct rules_game *g, int seat, int node,
	    char **cause);
/* Feed try() the evacuate and download lines of seat. */
void	 ccg_evacuate_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* locations.c */
/* Are nodes a and b adjacent in any seat's HUD? */
int	 ccg_adjacent(const struct rules_game *g, int a, int b);
/* mark[b] set to 1 for every node b that ccg_adjacent(g, a, b) finds (mark
 * has g->nnodes entries, the caller's, cleared by it): one walk of each
 * seat's HUD where asking each b walked them once per b. */
void	 ccg_adjacent_mark(const struct rules_game *g, int a, unsigned char *mark);
/* Is node in seat's HUD? */
int	 ccg_in_hud(const struct rules_game *g, int seat, int node);
/* Put node into seat's HUD at an end (side LEFT/RIGHT) or into gap `gap`
 * above (high) or below; no rule is checked. */
void	 ccg_hud_place(struct rules_game *g, int seat, int node, int side,
	    int gap, int high);
/* The play order (movement.locations). */
int	 ccg_play_location(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Every legal "play" line for loc from seat's hand (new strings in
 * *lines, caller frees each and the array); 1 if there is one. */
int	 ccg_location_placeable(const struct rules_game *g, int seat,
	    const struct ccg_card *loc, char ***lines, size_t *n);
/* Is node part of seat's Hive: hived by it, or (Aliens) a printed Hive
 * location in play no opposing Aliens player played (locations.c)? */
int	 ccg_node_hived_for(const struct rules_game *g, int node, int seat);
/* The effect of kind a location node's card carries, NULL when it has none
 * or the location is Damaged (its effect text is ignored; locations.c). */
const struct ccg_effect *ccg_node_effect(const struct rules_game *g, int node,
	    int kind);
/* An event damaging or repairing location node (its "damage location" or
 * "repair location" effect e), already paid; events-rounds.c checks. */
int	 ccg_node_damage_check(const struct rules_game *g, int node,
	    const struct ccg_effect *e, char **cause);
void	 ccg_node_damage_apply(struct rules_game *g, int node,
	    const struct ccg_effect *e, const char *by, struct rules_events *ev);
/* Feed try() the places of the location cards in seat's hand. */
void	 ccg_location_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* movement.c */
/* Movement points of every character := its speed, permanent events'
 * speed changes included (step start). */
void	 ccg_movement_begin(struct rules_game *g);
/* The movement points piece pi starts a Movement Step with: speed after
 * damage, permanent events' speed changes and the Battle Conditions'
 * movement change; 0 when bound. Its hidden markers and new decoys start
 * with the same (hidden-movement.c). */
int	 ccg_movement_points(const struct rules_game *g, int pi);
/* Basic cost of one step (1; 0 high-high Predator / low-low Alien; 2 by
 * Hive Movement), or -1 with a reason when to is out of reach. */
int	 ccg_move_cost(const struct rules_game *g, int seat, int pi, int from,
	    int to, char **cause);
/* The move order, with groups, dragging and outnumbering. */
int	 ccg_move(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Feed try() the move lines of seat. */
void	 ccg_move_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* outnumbering.c: extra movement points seat pays to leave node. */
int	 ccg_outnumber_penalty(const struct rules_game *g, int seat, int node);

/* hidden-movement.c ("Hidden Movement"; markers in g->markers) */
/* Is node a Submerged location (movement ends on entering; no hidden
 * movement)? Water locations are not. */
int	 ccg_node_submerged(const struct rules_game *g, int node);
/* Has piece pi's movement ended this Movement Step by entering a
 * Submerged location (the overview: extra movement from events is void
 * too)? Not for a data-carrying Synthetic, nor one that began the step
 * there and has not moved. */
int	 ccg_submerged_stopped(const struct rules_game *g, int pi);
/* Marker by id, or -1; is marker mi a decoy? */
int	 ccg_marker_find(const struct rules_game *g, const char *id);
/* Is piece pi moving hidden from seat (its place and movement points
 * must not be shown to seat)? */
int	 ccg_piece_hidden_from(const struct rules_game *g, int pi, int seat);
/* An attack hits marker mi: revealed; returns the character that takes
 * the damage, or -1 for a decoy (removed, damage ignored). */
int	 ccg_marker_hit(struct rules_game *g, int mi, struct rules_events *ev);
/* A "view" effect: seat alone learns whether mi is real (its view and a
 * private event); nothing is revealed. */
void	 ccg_marker_view(struct rules_game *g, int mi, int seat,
	    struct rules_events *ev);
/* Reveal the hidden character pi (no-op when it is not hidden). */
void	 ccg_hidden_reveal_piece(struct rules_game *g, int pi,
	    struct rules_events *ev);
/* End hidden movement of characters out of play, without the means, or
 * at a Submerged location. */
void	 ccg_hidden_tidy(struct rules_game *g, struct rules_events *ev);
/* Movement Step start (points, marks) and end (merging). */
void	 ccg_markers_begin(struct rules_game *g);
/* A change of amount to the movement points of piece pi in the Movement
 * Step (a speed event) reaches each of its markers too (not below 0). */
void	 ccg_markers_add_mp(struct rules_game *g, int pi, int amount);
void	 ccg_markers_merge(struct rules_game *g, struct rules_events *ev);
void	 ccg_markers_free(struct rules_game *g);
/* The move order (markers, else movement.c's ccg_move) and the hide,
 * decoy and reveal orders. */
int	 ccg_hidden_move(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
int	 ccg_hidden_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* The hidden character of seat that order o makes interact with its
 * location (so it must reveal itself first), or -1. */
int	 ccg_hidden_interacting(const struct rules_game *g, int seat,
	    const struct ccg_order *o);
/* 0, or -1 naming a hidden character of seat none of whose markers left
 * its location this Movement Step though one could. */
int	 ccg_hidden_moves_done(const struct rules_game *g, int seat, char **cause);
/* Feed try() every candidate hide/decoy/marker-move line of seat. */
void	 ccg_hidden_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);
/* "reveal MARKER\n" lines for seat's markers; caller frees. */
char	*ccg_hidden_reveal_lines(const struct rules_game *g, int seat);

/* hidden-state.c: markers in the saved state, secrets, views */
struct strbuf;
void	 ccg_markers_write(const struct rules_game *g, struct strbuf *out);
int	 ccg_markers_load(struct rules_game *g, const cJSON *root, char **cause);
/* Append one secret per marker ("marker:SEAT:PIECE:MARKER"). */
void	 ccg_markers_secrets(const struct rules_game *g,
	    struct rules_secret **out, size_t *n);
/* The "markers" array of seat's view. */
cJSON	*ccg_markers_view(const struct rules_game *g, int seat);

/* marker-attacks.c ("Hidden Movement" markers as targets in "The Combat
 * Round") */
/* The id a declared attack of pi names: its marker's or its target's. */
const char *ccg_attack_target_id(const struct rules_game *g, int pi);
/* Segment 1 for an attack of pi on a marker: 0 when pi's attack is not
 * (or no longer) a marker attack, so the caller rolls as usual; else 1
 * after rolling against the marker (+1 defense), atk_hit set on a hit
 * (nothing revealed yet); an attack on a vanished decoy is lost. */
int	 ccg_marker_attack_roll(struct rules_game *g, int pi,
	    struct rules_rng *rng, struct rules_events *ev);
/* Segment 2 for a hit of pi (atk_hit) that may be on a marker: 1 when it
 * damages the character (a marker hit reveals it now: the real one, or
 * one revealed real since the roll), 0 when the marker was a decoy (it is
 * revealed and removed, or was already: no damage). */
int	 ccg_marker_attack_lands(struct rules_game *g, int pi,
	    struct rules_events *ev);
/* Feed try() the attack lines of seat at other seats' markers. */
void	 ccg_marker_attack_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* control.c */
/* Give each supporting character the controller its location allows. */
void	 ccg_control_update(struct rules_game *g, struct rules_events *ev);
/* Does seat control piece pi on the board? */
int	 ccg_controls(const struct rules_game *g, int seat, int pi);
/* Index of character id if seat controls it on the board, else -1 with
 * a reason. */
int	 ccg_own_character(const struct rules_game *g, int seat, const char *id,
	    char **cause);
/* The characters o->who, each one seat controls and each named once,
 * into who[0..o->nwho-1]; 0, or -1 with a reason. */
int	 ccg_own_group(const struct rules_game *g, int seat,
	    const struct ccg_order *o, int *who, char **cause);
/* Is a character of another seat at node? */
int	 ccg_enemy_present(const struct rules_game *g, int seat, int node);

#endif
