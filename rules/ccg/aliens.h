/*
 * aliens.h — the Aliens Mature Step and the Alien life cycle: maturing,
 * Alien groups, molting, Queens, Newborn, the Hive and the Breeding
 * Chamber. The functions follow the conventions of rules/ccg/ccg.h;
 * doc/ccg-rules-map.md says which rule each file carries.
 */
#ifndef MUTHUR_RULES_CCG_ALIENS_H
#define MUTHUR_RULES_CCG_ALIENS_H

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"

/* mature.c: the automatic start of the Aliens Mature Step (Chest Burster
 * tokens become Alien Warrior tokens; captives at a Breeding Chamber die
 * and leave Chest Burster tokens). */
void	 ccg_mature_begin(struct rules_game *g, struct rules_events *ev);

/* alien-groups.c ("Alien Groups", maturing in the Aliens Mature Step) */
/* The orders "mature CARD [onto CARD]", "grow CARD from CARD|LOCATION"
 * and "move-token from CARD to CARD". */
int	 ccg_alien_group_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Ready Round: a new turn, everything may mature again. */
void	 ccg_alien_groups_ready(struct rules_game *g);
/* Feed try() the candidate maturing lines of seat (Mature Step). */
void	 ccg_alien_group_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* molting.c ("Alien Molting Process", "Alien Queens": creating a Queen,
 * "Creating a Breeding Chamber", the Pet host of "Step 4: Aliens Mature") */
/* The orders "molt CHAR into CARD" and "molt token from CHAR|LOCATION
 * into CARD" (Royal Jelly from the hand; CARD "molts from" the Alien it
 * replaces; a Queen so made is "created") and "chamber LOCATION" (the
 * location of a Queen created this step becomes a Breeding Chamber). */
int	 ccg_molt_order(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
int	 ccg_chamber_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Turn node into a Breeding Chamber (bc, a location card) replacing the
 * location card was: node->made is a new card owned by the game (freed by
 * ccg_chamber_free()); node->card points at it. Used by the order and by
 * state loading. */
void	 ccg_chamber_build(struct ccg_node *node, const struct ccg_card *bc,
	    const struct ccg_card *was);
void	 ccg_chamber_free(struct ccg_node *node);
/* Start of the Mature Step, before ccg_mature_begin(): Chest Burster
 * tokens of Pet hosts become Pet Hybrid cards from the hand (the rest
 * mature as usual); captives at the Breeding Chamber with the Pet
 * resource are counted as Pet hosts. */
void	 ccg_molting_begin(struct rules_game *g, struct rules_events *ev);
/* End of a phase (with the random stream): decks searched for a card
 * this phase are shuffled. */
void	 ccg_molting_shuffle(struct rules_game *g, struct rules_rng *rng);
/* Take the first card named slug from seat's hand, discard or deck (the
 * deck is then due a shuffle); NULL when none. */
const struct ccg_card *ccg_search_own(struct rules_game *g, int seat,
	    const char *slug);
/* Feed try() the candidate molt and chamber lines of seat. */
void	 ccg_molting_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* queens.c ("Alien Queens"): one Queen per player; Young Queen -> Alien
 * Queen from the hand; a damaged Alien Queen -> Warrior Queen; Egg Sack
 * Detachment; the Newborn replaces a Cloned Queen. */
/* Seat's Queen in play, or -1. */
int	 ccg_queen_of(const struct rules_game *g, int seat);
/* 0 when a Queen may come into play for seat (replacing piece old, or -1):
 * no other Queen in play and no Newborn; else -1 with a reason. */
int	 ccg_queen_may_enter(const struct rules_game *g, int seat, int old,
	    char **cause);
/* Replace piece old by a new piece of card c at its place: old leaves
 * (zone REMOVED, card to the hand when to_hand, else to the discard);
 * damage does not carry over. Returns the new piece. */
int	 ccg_replace_piece(struct rules_game *g, int old, const struct ccg_card *c,
	    int to_hand);
/* The order "upgrade CHAR into CARD [using EVENT]" of the Mature Step. */
int	 ccg_upgrade_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* The standing order "prefer warrior-queen yes|no" of any phase. */
int	 ccg_prefer_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* After every order and phase: a damaged Queen whose damage upgrade
 * ("matures from", when "combat") the player has in hand, deck or
 * discard is replaced by it, unless the player's standing preference is
 * "prefer warrior-queen no". */
void	 ccg_queens_tidy(struct rules_game *g, struct rules_events *ev);
void	 ccg_queens_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* newborn.c ("Newborn") */
/* Is the card the Newborn (the word in its name)? Seat's Newborn in play,
 * or -1. */
int	 ccg_is_newborn(const struct ccg_card *c);
int	 ccg_newborn_of(const struct rules_game *g, int seat);
/* Bringing the Newborn into play: base hand size 3, cycles forgotten. */
void	 ccg_newborn_enters(struct rules_game *g, int seat);
/* After every order and phase: each Newborn consumes the unhidden Aliens
 * of its player at its location (cards with their tokens, and the
 * Breeding Chamber's tokens there), gaining Gore tokens. */
void	 ccg_newborn_tidy(struct rules_game *g, struct rules_events *ev);
/* The order "gore NEWBORN damage|movement|defense|resistance|to-hit|
 * hand-size", and the phases that take it (before any die roll). */
int	 ccg_gore_order(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
int	 ccg_gore_phase(int phase);
/* What piece pi's bought Gore bonuses add to stat (CCG_STAT_TO_HIT,
 * DAMAGE, DEFENSE, RESISTANCE, MOVEMENT) now. */
int	 ccg_gore_mod(const struct rules_game *g, int pi, int stat);
/* Movement Step start: bought movement points. */
void	 ccg_gore_movement_begin(struct rules_game *g);
/* 0, or -1 when piece pi is the Newborn and mode asks to capture. */
int	 ccg_newborn_attack_ok(const struct rules_game *g, int pi, int mode,
	    char **cause);
void	 ccg_gore_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* hive.c ("Hive Construction") */
/* The "hive LOCATION with ALIEN, ..." order of the Mature Step. */
int	 ccg_hive_order(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* End of the Search Round: locations where four builders remain are
 * Hived; the builders' marks are cleared. */
void	 ccg_hive_end(struct rules_game *g, struct rules_events *ev);
/* Feed try() the candidate hive lines of seat (Mature Step). */
void	 ccg_hive_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* breeding-tokens.c ("Breeding Chamber": its tokens fight as characters) */
/* Combat Round start: Alien tokens on a Breeding Chamber where an enemy
 * is become token pieces (bc_token) that attack and can be attacked. */
void	 ccg_bc_tokens_enter(struct rules_game *g, struct rules_events *ev);
/* Combat Round end: surviving token pieces go back onto the chamber,
 * every injury healed. */
void	 ccg_bc_tokens_leave(struct rules_game *g, struct rules_events *ev);
/* A token piece dies: it leaves no card anywhere. */
void	 ccg_bc_token_kill(struct rules_game *g, int pi, struct rules_events *ev);

#endif
