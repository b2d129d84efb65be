/*
 * events.h — "Events": research points, playing events in and outside the
 * Combat Round, their restrictions and costs, reactions. The functions
 * follow the conventions of rules/ccg/ccg.h; doc/ccg-rules-map.md says
 * which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_EVENTS_H
#define MUTHUR_RULES_CCG_EVENTS_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* research.c ("Research Points", events played on a player) */
/* "play EVENT on SEAT": Combat Pool and Research Points gained. */
int	 ccg_player_event(struct rules_game *g, int seat, int hi,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Research Points card c costs (its SPEND_RP effects). */
int	 ccg_rp_cost(const struct ccg_card *c);

/* events-play.c ("Events", event rules of "The Combat Round") */
/* The play order: "play EVENT on CHAR" (ccg_event_play()) in the Combat
 * Round, else a location (ccg_play_location()). */
int	 ccg_play_card(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* End of the Combat Round: event modifiers end, played events are
 * discarded (permanent ones stay on the table). */
void	 ccg_events_round_end(struct rules_game *g, struct rules_events *ev);
/* Feed try() the play lines of seat in the current phase (locations,
 * events, reactions). */
void	 ccg_play_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* events-rounds.c ("Events" outside the Combat Round: the card's timing) */
/* Is phase one where events are played outside combat (movement.move,
 * search.declare)? */
int	 ccg_round_event_phase(int phase);
/* May event c be played in the current phase by its timing
 * (CCG_TIMING_*)? 0, or -1 with a reason naming its rounds. */
int	 ccg_event_timing_ok(const struct rules_game *g,
	    const struct ccg_card *c, char **cause);
/* Seat plays event card hi of its hand outside combat on o->to (its own
 * player, a location, an item or a character); every check, then
 * reactions, costs, effects; the card goes to the discard pile (a
 * permanent one stays on its character). 0, or -1 with a reason and
 * nothing changed. */
int	 ccg_round_event(struct rules_game *g, int seat, int hi,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Event card hi destroys item o->to at a location where seat has a
 * character (any phase an event is played in). 0 or -1 with a reason. */
int	 ccg_destroy_item_event(struct rules_game *g, int seat, int hi,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Seat draws up to n cards off the top of its deck (an event's draw; an
 * empty deck ends it): private "draw-card", public "draw" events. */
void	 ccg_event_draw(struct rules_game *g, int seat, int n,
	    struct rules_events *ev);
/* Is piece pi an item seat may name as an event's target (in play, face
 * up, not carried by a hidden enemy)? */
int	 ccg_event_item_seen(const struct rules_game *g, int seat, int pi);
/* Is pi a Predator's captive (an item for item-destroying events)? */
int	 ccg_predator_captive(const struct rules_game *g, int pi);
/* Feed try() the "play EVENT on LOCATION|CHARACTER" lines of seat's
 * events whose timing names the current round, never on a hidden enemy
 * (the lines on players and items: ccg_reaction_candidates()). */
void	 ccg_round_event_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* events-rules.c ("Events": restrictions, permanent events) */
/* May seat play event c on a target card (character, item or location)?
 * The species and faction restrictions (Human, Rogue, Marine(s),
 * Predator, Alien(s)) and the card's faction are about the player, a
 * Marine one reading as Human (the Premiere errata); every other
 * restriction is a resource the target must have (not checked when
 * target is NULL: only who may play it). 0, or -1 with a reason. */
/* Does effect e of event card c, played by seat, fit character ti: one's
 * own or an enemy as the effect says, with the resource it requires? 0,
 * or -1 with a reason. */
int	 ccg_event_target_ok(const struct rules_game *g, int seat, int ti,
	    const struct ccg_card *c, const struct ccg_effect *e, char **cause);
int	 ccg_event_restrictions(const struct rules_game *g, int seat,
	    const struct ccg_card *c, const struct ccg_card *target,
	    char **cause);
/* Has the die that MODIFY effect e on piece ti would change (its own
 * to-hit roll; for speed and defense, the rolls against it) been rolled
 * already? Every roll once the close step has begun; in the ranged step
 * those of its ranged attacks, the close ones are still to come. */
int	 ccg_roll_made(const struct rules_game *g, int ti,
	    const struct ccg_effect *e);
/* Can seat pay c's Combat Pool and Research Point costs? 0 or -1 with a
 * reason; ccg_event_pay() pays them. */
int	 ccg_event_costs(const struct rules_game *g, int seat,
	    const struct ccg_card *c, char **cause);
void	 ccg_event_pay(struct rules_game *g, int seat, const struct ccg_card *c);
/* Seat plays card hi of its hand, every check passed: 1 when a reaction
 * cancels it (reactions.c); else 0 after its costs are paid, the card is
 * put on the table and the public "event-played" event names where it
 * went ("KEY":"ON", KEY "on" or "at"). */
int	 ccg_event_commit(struct rules_game *g, int seat, int hi,
	    const char *key, const char *on, struct rules_events *ev);
/* The modifier field of p that MODIFY effect e changes, or NULL
 * (events-play.c; a to-hit of any attack also changes ev_hit_ranged). */
int	*ccg_event_mod_of(struct ccg_piece *p, const struct ccg_effect *e);
/* Add sign * e's modifier to p (a to-hit of any attack to both kinds). */
void	 ccg_event_mod_add(struct ccg_piece *p, const struct ccg_effect *e,
	    int sign);
/* A permanent event c of seat, applied to character ti, stays in play as
 * a piece carried by ti; returns the piece. */
int	 ccg_permanent_place(struct rules_game *g, int seat,
	    const struct ccg_card *c, int ti, struct rules_events *ev);
/* Is piece pi a permanent event in play? */
int	 ccg_is_permanent_event(const struct rules_game *g, int pi);
/* Take permanent event piece pi out of play (cancelled, or its character
 * gone): its modifiers end, the card goes to its owner's discard pile. */
void	 ccg_permanent_remove(struct rules_game *g, int pi, const char *why,
	    struct rules_events *ev);
/* End of the Combat Round, after the round's modifiers are cleared: the
 * permanent events in play give theirs again. */
void	 ccg_permanent_restore(struct rules_game *g);
/* Permanent events whose character left play are discarded. */
void	 ccg_permanent_tidy(struct rules_game *g, struct rules_events *ev);

/* reactions.c ("Timing Issues": Not So Fast and other cancel cards) */
/* Is c a cancel card (a CANCEL_EVENT effect)? */
int	 ccg_is_cancel_card(const struct ccg_card *c);
/* Is o, of seat, a reaction that waits for an event (a cancel card from
 * the hand played on an event card's name, not on an event in play)?
 * ccg_resolve() applies these before every other order of the resolve. */
int	 ccg_order_is_reaction(const struct rules_game *g, int seat,
	    const struct ccg_order *o);
/* "play CANCEL on EVENT": cancel the permanent event piece EVENT now, or
 * stand ready to cancel the next EVENT card another seat plays in this
 * resolve (the cost is paid when it cancels). */
int	 ccg_reaction_play(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Seat is about to play event c (every check passed): when a reaction of
 * another seat waits for it (the first in R-M-P-A order that can pay),
 * the reaction is paid and discarded, c goes from seat's hand to its
 * discard pile with no result, and 1 is returned; else 0. */
int	 ccg_reaction_cancels(struct rules_game *g, int seat,
	    const struct ccg_card *c, struct rules_events *ev);
/* End of a resolve: reactions nothing triggered go back to the hand. */
void	 ccg_reactions_disarm(struct rules_game *g, struct rules_events *ev);
/* Feed try() seat's candidate reaction, item-event and player-event lines
 * (Combat Round, and events-rounds.c's movement.move and search.declare). */
void	 ccg_reaction_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

#endif
