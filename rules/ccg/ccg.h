/*
 * ccg.h — the Aliens Predator CCG engine's state: the game, its seats,
 * pieces, nodes and markers, and the basic helpers every rule file uses
 * (game.c: piles, pieces, nodes, events; game-life.c: a game's lifetime).
 *
 * The engine implements struct rules (rules/rules.h) as `rules_ccg`
 * (rules/ccg/engine.c). Each rule of the rulebook lives in the file named
 * after its section; doc/ccg-rules-map.md lists them all, in the
 * rulebook's order, and names the header of each family of rules:
 * setup.h, turn.h, movement.h, items.h, aliens.h, discard-draw.h,
 * combat.h, events.h, search.h, victory.h; the orders language is
 * orders.h, what the struct rules table hands over to engine.h, the
 * scenario tests' edits state-edit.h. Each file includes the headers of
 * what it uses.
 *
 * Pieces are the cards in play (characters, items, battle conditions);
 * they are never deleted, only moved to another zone, so their index and
 * their id stay stable for the whole game. Nodes are the locations of the
 * battleground: same-named location cards in different HUDs are one node.
 */
#ifndef MUTHUR_CCG_CCG_H
#define MUTHUR_CCG_CCG_H

#include <stddef.h>
#include <stdint.h>

#include "rules/ccg/card.h"
#include "rules/rules.h"

#define CCG_MAX_SEATS	9	/* the overview: 2 to 9 players */
#define CCG_MAX_GROUP	16	/* characters moving together in one order */

enum ccg_phase {
	CCG_PH_READY = 0,
	CCG_PH_EVACUATE,
	CCG_PH_LOCATIONS,
	CCG_PH_MOVE,
	CCG_PH_MATURE,
	CCG_PH_DRAW,
	CCG_PH_DECLARE_UC,
	CCG_PH_DECLARE_UR,
	CCG_PH_DECLARE_HC,
	CCG_PH_DECLARE_HR,
	CCG_PH_RESOLVE_RANGED,
	CCG_PH_RESOLVE_CLOSE,
	CCG_PH_SEARCH_DECLARE,
	CCG_PH_SEARCH_FIND,
	CCG_PH_END,
	CCG_PH_OVER,
	CCG_NPHASES
};

enum ccg_zone {
	CCG_Z_PLAY = 0,		/* on the battleground */
	CCG_Z_EVACUATED,	/* left the game by evacuation */
	CCG_Z_DEAD,		/* killed (removed from play or discarded) */
	CCG_Z_REMOVED,		/* out of play for another reason */
	CCG_Z_CAPTURED,		/* captured: at a Breeding Chamber (node) or
				 * carried by a Predator (carrier) */
};

struct ccg_cards {		/* a pile of cards: hand, deck, discard */
	const struct ccg_card	**v;
	size_t			  n, cap;
};

struct ccg_piece {
	char			*id;		/* unique: slug, slug-2, slug-3 ... */
	const struct ccg_card	*card;
	int			 owner;		/* seat whose card it is */
	int			 controller;	/* seat controlling it, -1 none */
	int			 zone;		/* enum ccg_zone */
	int			 node;		/* location, -1 when carried or off board */
	int			 carrier;	/* piece carrying this item, or -1 */
	int			 rotated;
	int			 damage;
	int			 tokens;	/* Alien tokens on the card */
	int			 data;		/* data tokens */
	int			 mp;		/* movement points left this round */
	int			 moved;		/* moved this turn */
	int			 dragger;	/* piece dragging it this turn, -1 */
	int			 found_turn;	/* turn it was found, 0 = never */
	int			 searching;	/* declared a search this turn */
	int			 found;		/* its search has found a card */
	int			 hostage;	/* a Rogue hostage (part 3 takes them) */
	int			 liberated;	/* a liberated hostage */
	int			 hidden;	/* moving hidden (part 3) */
	int			 bound;		/* bound (part 2) */
	int			 starting;	/* a starting card */
	/* combat (part 2): the attack declared this Combat Round */
	int			 atk_kind;	/* 0 none, CCG_ATTACK_CLOSE/RANGED */
	int			 atk_target;	/* piece attacked, -1 */
	int			 atk_weapon;	/* weapon piece used, -1 none */
	int			 atk_mode;	/* enum ccg_atk_mode */
	int			 atk_ammo;	/* ammo item loaded for it, -1 none */
	int			 free_atk;	/* may attack without rotating (an event) */
	int			 atk_hit;	/* its to-hit roll of this step hit */
	int			 boost;		/* Combat Pool bought +1: CCG_STAT_DAMAGE
						 * or CCG_STAT_RESISTANCE, 0 none */
	int			 boost_kind;	/* in the step of this attack kind */
	/* species combat rules (marker-attacks.c, breeding-tokens.c) */
	int			 atk_marker;	/* number N of the marker PIECE-marker-N
						 * attacked, 0 when a piece is */
	int			 atk_real;	/* that marker was the real one (secret) */
	int			 bc_token;	/* a Breeding Chamber token fighting as a
						 * character: 1 warrior, 2 burster, 0 a card */
	/* event modifiers for this Combat Round (events-play.c) */
	int			 ev_hit_close, ev_hit_ranged, ev_def, ev_dmg;
	int			 ev_res, ev_speed, ev_power;
	int			 ev_up;		/* abilities raised: 1 << stat */
	/* ammo and attachments (ammo.c, attachments.c) */
	int			 loaded_in;	/* ammo: weapon it is loaded in, -1 */
	int			 shots;		/* ammo: attacks made with it */
	int			 depleted;	/* weapon: turn its ammo ran out, 0 */
	int			 empty;		/* weapon: basic ammunition spent */
	int			 attached_to;	/* attachment: its item, -1 none */
	int			 attach_turn;	/* attachment: turn last attached, 0 */
	int			 goal_counted;	/* item: its printed honor added to its
						 * user's honor goal (honor.c) */
	/* the Alien life cycle (part 3) */
	int			 infected;	/* carries an embryo: burst roll in Ready */
	int			 hive_work;	/* node it rotated to hive this turn, -1 */
	int			 concealed;	/* face down as concealed-N (concealed.c) */
	int			 matured;	/* turn it came into play from a token */
	/* the Alien life cycle: Queens and the Newborn (queens.c, newborn.c) */
	int			 queen_made;	/* turn a Young Queen was created */
	int			 gore;		/* Newborn: Gore tokens on it */
	int			 gore_dmg;	/* bought: +damage (permanent) */
	int			 gore_mv;	/* bought: +movement (permanent) */
	int			 gore_hit;	/* bought: +to hit (permanent) */
	int			 gore_def;	/* bought: +defense in turn gore_turn */
	int			 gore_res;	/* bought: +resistance in turn gore_turn */
	int			 gore_turn;
	int			 barrier_to;	/* a Barrier: its other location, -1 */
	int			 bs_target;	/* backstab.c: target of the backstab
						 * declared this Movement Step, -1 */
	int			 bs_weapon;	/* its concealed weapon, -1 */
	int			 bs_turn;	/* turn of its last backstab, 0 never */
	int			 riding;	/* vehicles.c: vehicle it rides as a
						 * passenger, -1 */
	/* free-attacks.c: the attacks declared this Combat Round after the
	 * first (atk_* above), each like it; the Newborn's attack count */
#define CCG_MAX_XATK	3	/* the Newborn: at most 4 attacks a turn */
	struct ccg_xatk {
		int	 kind, target, weapon, mode, ammo, marker, real, hit;
		int	 free;		/* a free attack (else a Gore attack) */
	}			 xatk[CCG_MAX_XATK];
	int			 nxatk;		/* entries of xatk used */
	int			 atk_turn;	/* turn atk_count counts */
	int			 atk_count;	/* attacks declared in atk_turn */
	int			 gore_atk;	/* Newborn: bought extra close attacks */
};

enum ccg_atk_mode { CCG_ATK_NORMAL = 0, CCG_ATK_CAPTURE, CCG_ATK_KILL };

struct ccg_node {
	char			*id;		/* slug of the name (unique) */
	const struct ccg_card	*card;		/* the first card placed */
	uint64_t		 hived;		/* seats that hived it (Hive Construction) */
	int			 damaged;	/* Damaged: effect text ignored (locations.c) */
	/* a Breeding Chamber made by creating a Queen (molting.c): the
	 * location card it replaced, and card, a copy of the Breeding
	 * Chamber owned by the game with the replaced card's class and
	 * environment; both NULL otherwise */
	const struct ccg_card	*replaced;
	struct ccg_card		*made;
};

/* A seat's HUD: a row of ground locations; cross locations sit in the gaps
 * (gap k lies between ground[k] and ground[k+1]). Entries are node indexes. */
struct ccg_hud {
	int	*ground;
	int	*high;		/* high[k]: node above gap k, -1 none */
	int	*low;
	size_t	 n;		/* ground entries; gaps are 0..n-2 */
};

struct ccg_seat {
	char			*name;
	int			 faction;	/* enum ccg_faction */
	int			 roll;		/* die roll ordering duplicate factions */
	struct ccg_cards	 hand, deck, discard, removed;
	struct ccg_cards	 matured;	/* Alien cards gone to the hand by
						 * maturing this turn (alien-groups.c) */
	struct ccg_cards	 table;		/* events played, not yet discarded */
	/* reactions.c: cancel cards standing ready in this resolve and the
	 * event card each waits for (never in a saved state) */
	struct ccg_cards	 armed, armed_on;
	int			 pool;		/* Combat Pool */
	int			 rp;		/* Research Points */
	int			 base_hand;	/* the scenario's hand size */
	int			 cycles;	/* times the deck was cycled */
	int			 honor;
	int			 honor_goal;	/* Predator: honor needed, -1 none */
	int			 quota;		/* Marines: supporting characters to rescue */
	int			 rescued;	/* Marines: weighted rescued count */
	int			 evac_mains;	/* own main characters evacuated */
	int			 abducted;	/* Rogue: weighted abducted count */
	int			 downloaded;	/* Rogue: data tokens downloaded */
	int			 bc_warriors;	/* Alien Warrior tokens on the Breeding Chamber */
	int			 bc_pet;	/* of bc_bursters: from Pet hosts (molting.c) */
	int			 shuffle_due;	/* deck searched: shuffle at the phase end */
	int			 bc_bursters;	/* Chest Burster tokens there */
	int			 start_node;	/* starting location */
	int			 place;		/* 0, or the place won */
	int			 pass_combat;	/* turn of the standing passes
						 * ("pass ROUND", standing-pass.c), 0 none */
	int			 pass_rounds;	/* their rounds, 1 << round */
	int			 pass_mark;	/* public concern mark when given */
	int			 pass_stops;	/* `set stops`: 1 << phase not covered */
	int			 no_warrior_queen;	/* `prefer warrior-queen no`:
						 * a damaged Alien Queen stays
						 * (queens.c) */
	struct ccg_hud		 hud;
};

/* A hidden-movement marker (hidden-movement.c). */
struct ccg_marker {
	char			*id;		/* PIECE-marker-N */
	int			 piece;		/* the character it stands for */
	int			 node;
	int			 real;		/* the actual character (secret) */
	int			 mp;		/* movement points left this step */
	int			 moved;		/* moved this step */
	int			 start;		/* node at the start of the step */
	int			 epoch;		/* changes on placing, shuffle, merge */
	uint64_t		 viewed;	/* seats shown its truth */
};

/* Scenario options (struct rules_setup.options; scenarios.c). */
#define CCG_OPT_NO_POOL	0x1u	/* "no-combat-pool": the rulebook's optional
				 * simpler game without the Combat Pool */

struct rules_game {
	const struct ccg_carddb	*db;
	char			*scenario;
	unsigned		 options;	/* CCG_OPT_* */
	int			 turn;
	int			 phase;		/* enum ccg_phase */
	int			 places;	/* places to decide */
	struct ccg_seat		*seats;
	size_t			 nseats;
	struct ccg_piece	*pieces;
	size_t			 npieces;
	struct ccg_node		*nodes;
	size_t			 nnodes;
	struct ccg_marker	*markers;	/* hidden-movement markers */
	size_t			 nmarkers;
	int			 marker_seq;	/* last marker number / epoch */
	int			 await_legal;	/* rules_setup.await_legal */
	uint64_t		 serial;	/* this state's number in the process:
						 * new at every change (ccg_game_touch) */
};

/*
 * Conventions: g belongs to the caller; functions that apply an order
 * (struct ccg_order) return 0 after changing the state and appending events
 * to ev (which may be NULL), or -1 with *cause (caller frees) and the state
 * unchanged. Seats, pieces and nodes are indexes; -1 means none.
 */

/* game-life.c: lifetime; game.c: piles, pieces, nodes, events */
/* An empty game over db (borrowed); free with ccg_game_free(). */
struct rules_game *ccg_game_new(const struct ccg_carddb *db);
void	 ccg_game_free(struct rules_game *g);
/* A deep copy (its own strings, piles and arrays, its own serial); free
 * with ccg_game_free(). */
struct rules_game *ccg_game_clone(const struct rules_game *g);
/* Give g a serial no state of the process has had (any thread): every
 * entry that changes a game calls it (ccg_apply, ccg_resolve, ccg_setting),
 * so that what is remembered of a serial (legal-orders.c) stays true. */
void	 ccg_game_touch(struct rules_game *g);
/* Make c (a game of the same seats, say a clone of g played on) equal to
 * g again, as ccg_game_clone(g) would, reusing c's memory: the legal-order
 * search tries every candidate on one copy (legal-orders.c). */
void	 ccg_game_reset(struct rules_game *c, const struct rules_game *g);
/* Piles: append; remove and return entry i; index of a slug or -1; empty. */
void	 ccg_cards_push(struct ccg_cards *c, const struct ccg_card *card);
const struct ccg_card *ccg_cards_take(struct ccg_cards *c, size_t i);
int	 ccg_cards_find(const struct ccg_cards *c, const char *slug);
void	 ccg_cards_clear(struct ccg_cards *c);
/* A new piece for card, owned (and controlled) by owner, off the board,
 * with the next free id (slug, slug-2, ...); returns its index. */
int	 ccg_piece_add(struct rules_game *g, const struct ccg_card *card, int owner);
/* Piece or node by id, or -1. */
int	 ccg_piece_find(const struct rules_game *g, const char *id);
int	 ccg_node_find(const struct rules_game *g, const char *id);
/* The node a location card stands for: the node of that name, or a new
 * one (always new for Distinct cards). */
int	 ccg_node_for(struct rules_game *g, const struct ccg_card *loc);
/* Is the piece a character / a main character? */
int	 ccg_is_character(const struct ccg_piece *p);
int	 ccg_is_main(const struct ccg_piece *p);
/* The node where piece pi is, following its carriers; -1 off the board. */
int	 ccg_piece_at(const struct rules_game *g, int pi);
/* Speed after damage (Alien tokens cancel damage penalties), >= 0. */
int	 ccg_eff_speed(const struct ccg_piece *p);
uint64_t ccg_seat_bit(int seat);
/* Append a JSON event: public when seat < 0, else for that seat only. */
void	 ccg_event(struct rules_events *ev, int seat, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* s as a quoted JSON string; caller frees. */
char	*ccg_json_str(const char *s);
/* Shuffle a pile with the random stream. */
void	 ccg_shuffle(struct ccg_cards *c, struct rules_rng *rng);
/* Is piece i a character of seat's on the battleground (one it gives
 * orders to)? */
int	 ccg_own_on_board(const struct rules_game *g, int seat, size_t i);
/* try(ctx, line) with the line formatted, for the candidates functions
 * of the verb table (verbs.h). */
void	 ccg_tryf(void (*try)(void *, const char *), void *ctx,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
