/*
 * turn.h — "The Turn Sequence" (phases, who is awaited, "pass combat") and
 * the Ready Cards Round (readying, the infection and drowning rolls). The
 * functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_TURN_H
#define MUTHUR_RULES_CCG_TURN_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* phases.c: the names of the phases, the Combat Round's phases */
/* Phase name ("movement.move") and back (-1 if unknown). */
const char *ccg_phase_name(int phase);
/* Every phase's name, in turn order, NULL-terminated (struct rules phase_names). */
extern const char *const ccg_phase_names[];
int	 ccg_phase_parse(const char *name);
/* Is phase one of the Combat Round (a declare segment or a resolve step)? */
int	 ccg_combat_phase(int phase);

/* turn-sequence.c */
/* Does seat owe orders now (a legal choice besides pass, not yet placed)? */
int	 ccg_seat_owes(const struct rules_game *g, int seat);
/* The automatic start of the current phase (ready cards, movement points). */
void	 ccg_phase_enter(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);
/* Run through phases nobody owes until one waits or the game is over. */
void	 ccg_advance(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);
/* Apply one order of seat now (phase check, then the rule file's). */
int	 ccg_apply(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* struct rules check() and resolve() (see rules.h). */
int	 ccg_check(const struct rules_game *g, int seat, const char *text,
	    char **cause);
int	 ccg_resolve(struct rules_game *g, const char *const *orders,
	    struct rules_rng *rng, struct rules_events *ev, char **cause);

/* standing-pass.c ("pass combat", a convenience of play by mail) */
/* Does seat stand passed now: "pass ROUND" given this turn for the round
 * of this phase, and no public event concerning it since? */
int	 ccg_standing_pass(const struct rules_game *g, int seat);
/* Is o a standing pass "pass ROUND" (not a plain pass)? */
int	 ccg_order_is_pass_combat(const struct ccg_order *o);
/* The "pass ROUND" order: pass now and in the rest of this round until a
 * public event concerns the seat. */
int	 ccg_pass_combat(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);

/* ready.c: ready every rotated card but the bound; clear per-turn marks. */
void	 ccg_ready_round(struct rules_game *g, struct rules_events *ev);

/* infection.c: the burst rolls of infected characters (Ready Round). */
void	 ccg_infection_roll(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);

/* submerged.c (the overview's Submerged Locations, the firing part) */
/* 0 when a ranged attack may be fired from node from at node to, else -1
 * with a reason: no firing into, out of or within a Submerged location. */
int	 ccg_fire_blocked(const struct rules_game *g, int from, int to,
	    char **cause);

/* submerged.c: the drowning rolls at Submerged locations (Ready Round). */
void	 ccg_drowning_roll(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);

/* standing-pass.c: the rounds "pass ROUND" names (issue 14) */
struct strbuf;
/* Round index of a name ("movement", "discard-draw", "combat", "search"),
 * -1 if none; its name; the round of a phase (-1: ready, end, over). */
int	 ccg_round_parse(const char *name);
const char *ccg_round_name(int round);
int	 ccg_phase_round(int phase);
/* struct rules setting(): `set stops` bounds the standing passes. */
void	 ccg_setting(struct rules_game *g, size_t seat, const char *key,
	    const char *value);
/* Append "pass ROUND\n" for this phase's round when seat may give it. */
void	 ccg_standing_pass_legal(const struct rules_game *g, int seat,
	    struct strbuf *sb);

#endif
