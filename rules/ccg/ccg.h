/*
 * ccg.h — the Aliens Predator CCG engine's state and internal functions.
 *
 * The engine implements struct rules (rules/rules.h) as `rules_ccg`
 * (rules/ccg/engine.c). Each rule of the rulebook lives in the file named
 * after its section; doc/ccg-rules-map.md lists them all, in the
 * rulebook's order (setup-contact.c, turn-sequence.c, ready.c, ...,
 * combat-declare.c, ..., victory-contact.c), with orders-parse.c (the
 * orders language), legal-orders.c, view.c, state-serial.c and
 * state-edit.c (scenario tests) besides. This header declares them
 * section by section, in the same order as the files came.
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
	int			 pass_combat;	/* turn of a standing "pass combat"
						 * (standing-pass.c), 0 none */
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
};

enum ccg_verb {
	CCG_V_PASS = 0,
	CCG_V_EVACUATE,
	CCG_V_DOWNLOAD,
	CCG_V_PLAY,
	CCG_V_MOVE,
	CCG_V_PICKUP,
	CCG_V_TRANSFER,
	CCG_V_DROP,
	CCG_V_DISCARD,
	CCG_V_SEARCH,
	CCG_V_FIND,
	CCG_V_ATTACK,
	CCG_V_BOOST,
	CCG_V_HEAL,
	CCG_V_RELEASE,
	CCG_V_FREE,
	CCG_V_UNLOAD,
	CCG_V_ATTACH,
	CCG_V_DETACH,
	CCG_V_HIDE,
	CCG_V_DECOY,
	CCG_V_REVEAL,
	CCG_V_HIVE,
	CCG_V_CONCEAL,
	CCG_V_STEAL,
	CCG_V_MATURE,
	CCG_V_GROW,
	CCG_V_MOVE_TOKEN,
	CCG_V_MOLT,
	CCG_V_CHAMBER,
	CCG_V_UPGRADE,
	CCG_V_GORE,
	CCG_V_BARRIER,
	CCG_V_BACKSTAB,
	CCG_V_BOARD,
	CCG_V_ALIGHT,
	CCG_NVERBS
};

enum ccg_side { CCG_LEFT = 0, CCG_RIGHT, CCG_BETWEEN,
	CCG_ON };		/* play EVENT on CHARACTER */

/* One parsed order line. Identifiers are lowercased copies. */
struct ccg_order {
	int	 verb;			/* enum ccg_verb */
	int	 line;			/* line number in the orders text */
	char	*text;			/* the line as written (trimmed) */
	char	*who[CCG_MAX_GROUP];	/* characters */
	size_t	 nwho;
	char	*what;			/* card or item */
	char	*to;			/* location or receiving character */
	char	*drag;			/* dragged character */
	char	*a, *b;			/* play ... between a and b */
	int	 side;			/* enum ccg_side */
	int	 rotate;		/* "rotating" given */
	int	 attack;		/* attack: CCG_ATTACK_CLOSE or RANGED */
	int	 mode;			/* attack: enum ccg_atk_mode */
	int	 boost;			/* boost: CCG_STAT_DAMAGE or RESISTANCE */
};

struct ccg_orders {
	struct ccg_order	*v;
	size_t			 n;
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
/* A deep copy (its own strings, piles and arrays); free with ccg_game_free(). */
struct rules_game *ccg_game_clone(const struct rules_game *g);
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

/* battle-conditions.c (section 2, "Battle Conditions") */
/* What the battle conditions in play add to every character's stat
 * (CCG_STAT_TO_HIT, MOVEMENT, ...) for an attack of this kind (0 none):
 * each card once, however many copies. */
int	 ccg_battle_mod(const struct rules_game *g, int stat, int kind);
/* As the game begins: the conditions' "start" effects (Combat Pool for
 * their player), each card once per player. */
void	 ccg_battle_start(struct rules_game *g, struct rules_events *ev);

/* turn-sequence.c */
/* Phase name ("movement.move") and back (-1 if unknown). */
const char *ccg_phase_name(int phase);
int	 ccg_phase_parse(const char *name);
/* Is phase one of the Combat Round (a declare segment or a resolve step)? */
int	 ccg_combat_phase(int phase);
/* May orders of this verb be given in this phase? */
int	 ccg_phase_allows(int phase, int verb);
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
/* Does seat stand passed now: "pass combat" given this turn, a combat
 * phase, and no attack declared at one of its characters? */
int	 ccg_standing_pass(const struct rules_game *g, int seat);
/* Is o the order "pass combat" (not a plain pass)? */
int	 ccg_order_is_pass_combat(const struct ccg_order *o);
/* The "pass combat" order: pass now and in the rest of this Combat Round
 * until attacked. */
int	 ccg_pass_combat(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);

/* ready.c: ready every rotated card but the bound; clear per-turn marks. */
void	 ccg_ready_round(struct rules_game *g, struct rules_events *ev);

/* locations.c */
/* Are nodes a and b adjacent in any seat's HUD? */
int	 ccg_adjacent(const struct rules_game *g, int a, int b);
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

/* outnumbering.c: extra movement points seat pays to leave node. */
int	 ccg_outnumber_penalty(const struct rules_game *g, int seat, int node);

/* movement.c */
/* Movement points of every character := its speed, permanent events'
 * speed changes included (step start). */
void	 ccg_movement_begin(struct rules_game *g);
/* Basic cost of one step (1; 0 high-high Predator / low-low Alien; 2 by
 * Hive Movement), or -1 with a reason when to is out of reach. */
int	 ccg_move_cost(const struct rules_game *g, int seat, int pi, int from,
	    int to, char **cause);
/* The move order, with groups, dragging and outnumbering. */
int	 ccg_move(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);

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

/* evacuation.c */
/* May seat's characters evacuate at node? */
int	 ccg_evacuation_site(const struct rules_game *g, int seat, int node);
/* The evacuate and download orders. */
int	 ccg_evacuate(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
int	 ccg_download(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);

/* discard-draw.c */
/* Seat's current legal hand size (>= 0). */
int	 ccg_hand_size(const struct rules_game *g, int seat);
/* The discard order. */
int	 ccg_discard(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Draw up to upto cards (< 0: the hand size), cycling the deck. */
void	 ccg_draw_up(struct rules_game *g, int seat, int upto,
	    struct rules_rng *rng, struct rules_events *ev);
/* The refill at the end of the Discard and Draw Round, R-M-P-A. */
void	 ccg_draw_round(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);

/* search.c */
/* The search and find orders. */
int	 ccg_search_declare(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
int	 ccg_search_find(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* May the character pi find card where it stands? 0 or -1 with a reason. */
int	 ccg_findable(const struct rules_game *g, int pi,
	    const struct ccg_card *card, char **cause);
/* End of the Search Round: searches are over. */
void	 ccg_search_end(struct rules_game *g);

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
void	 ccg_xatk_save(const struct ccg_piece *p, cJSON *o);
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

/* combat-damage.c ("Rolling To Hit", "Attack Resolution", "The Effects
 * of Damage"); the totals use the attack piece pi has declared. */
/* Effective power (printed minus the damage Alien tokens do not cancel),
 * may be <= 0: the character dies at 0. */
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

/* events-play.c ("Events", event rules of "The Combat Round") */
/* The play order: "play EVENT on CHAR" (ccg_event_play()) in the Combat
 * Round, else a location (ccg_play_location()). */
int	 ccg_play_card(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
int	 ccg_event_play(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* End of the Combat Round: event modifiers end, played events are
 * discarded (permanent ones stay on the table). */
void	 ccg_events_round_end(struct rules_game *g, struct rules_events *ev);

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

/* ammo.c ("Ammo Item cards") */
/* The ammo loaded in weapon wi, or -1. */
int	 ccg_ammo_loaded(const struct rules_game *g, int wi);
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

/* research.c ("Research Points", events played on a player) */
/* "play EVENT on SEAT": Combat Pool and Research Points gained. */
int	 ccg_player_event(struct rules_game *g, int seat, int hi,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Research Points card c costs (its SPEND_RP effects). */
int	 ccg_rp_cost(const struct ccg_card *c);

/* combat-pool.c ("Increasing Damage or Resistance With Combat Pool") */
/* The boost order: 2 Combat Pool for +1 damage (an attacker that hit)
 * or +1 resistance (a character hit) in this step, once per character per
 * Combat Round. */
int	 ccg_boost(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);

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

/* marker-attacks.c ("Hidden Movement" markers as targets in "The Combat
 * Round") */
/* The marker piece pi's declared attack aims at, or -1 (not a marker
 * attack, or the marker is gone). */
int	 ccg_attack_marker(const struct rules_game *g, int pi);
/* The id a declared attack of pi names: its marker's or its target's. */
const char *ccg_attack_target_id(const struct rules_game *g, int pi);
/* Segment 1 for an attack of pi on a marker: 0 when pi's attack is not
 * (or no longer) a marker attack, so the caller rolls as usual; else 1
 * after rolling against the marker (+1 defense): a hit on a decoy removes
 * it with no damage, a hit on the real one reveals the character, who
 * takes the damage (atk_hit set); an attack on a vanished decoy is lost. */
int	 ccg_marker_attack_roll(struct rules_game *g, int pi,
	    struct rules_rng *rng, struct rules_events *ev);
/* Feed try() the attack lines of seat at other seats' markers. */
void	 ccg_marker_attack_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* healing.c (the heal effects of cards; "Synthetic": never healed) */
/* The "heal TARGET with SOURCE" order: SOURCE, a character or an item
 * with a rotated heal effect, rotates to remove damage from TARGET. */
int	 ccg_heal_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Feed try() the candidate heal lines of seat. */
void	 ccg_heal_candidates(const struct rules_game *g, int seat,
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

/* predator-release.c ("Predator Capturing Rules": release by choice) */
/* The "release PREDATOR" order: his captive is freed where he is with
 * power 1 (ccg_capture_free()). */
int	 ccg_release_order(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Feed try() the candidate release lines of seat. */
void	 ccg_release_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* environmental.c ("Environmental Damage") */
/* Is piece pi immune to environmental damage of kind (its card's or a
 * carried item's IMMUNE effect naming kind or "all")? */
int	 ccg_env_immune(const struct rules_game *g, int pi, const char *kind);
/* amount points of kind to pi, ignoring defense, armor and resistance,
 * unless immune; it dies at power 0. */
void	 ccg_env_damage(struct rules_game *g, int pi, int amount,
	    const char *kind, struct rules_events *ev);

/* binding.c ("Binding") */
/* The Break Rolls at the start of the Discard and Draw Round. */
void	 ccg_binding_break_rolls(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);
/* The "free BOUND [with HELPER, ...]" order (Discard and Draw Round). */
int	 ccg_binding_free(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);

/* honor.c (the honor table of "Special Rules for Predators") */
/* Honor for killing piece pi with what it carries. */
int	 ccg_kill_honor(const struct rules_game *g, int pi);
/* Honor for one item (0 for items the table does not list). */
int	 ccg_item_honor(const struct ccg_card *item);

/* hidden-movement.c ("Hidden Movement"; markers in g->markers) */
/* Is node a Submerged location (movement ends on entering; no hidden
 * movement)? Water locations are not. */
int	 ccg_node_submerged(const struct rules_game *g, int node);
/* May piece pi go on after entering a Submerged location (a Synthetic
 * carrying data tokens, the overview)? */
int	 ccg_submerged_free(const struct rules_game *g, int pi);
/* Markers piece pi may use (Camouflage Suit, printed), 0 none. */
int	 ccg_hidden_capacity(const struct rules_game *g, int pi);
/* Marker by id, or -1; is marker mi a decoy? */
int	 ccg_marker_find(const struct rules_game *g, const char *id);
int	 ccg_marker_is_decoy(const struct rules_game *g, int mi);
/* Is piece pi moving hidden from seat (its place and movement points
 * must not be shown to seat)? */
int	 ccg_piece_hidden_from(const struct rules_game *g, int pi, int seat);
/* Reveal marker mi to everyone: a decoy is removed; the real one ends
 * hidden movement and removes every decoy. Emits a public
 * "marker-reveal" event whose "opens" lists the secret ids made public. */
void	 ccg_marker_reveal(struct rules_game *g, int mi, struct rules_events *ev);
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
void	 ccg_markers_save(const struct rules_game *g, cJSON *root);
int	 ccg_markers_load(struct rules_game *g, const cJSON *root, char **cause);
/* Append one secret per marker ("marker:SEAT:PIECE:MARKER"). */
void	 ccg_markers_secrets(const struct rules_game *g,
	    struct rules_secret **out, size_t *n);
/* The "markers" array of seat's view. */
cJSON	*ccg_markers_view(const struct rules_game *g, int seat);

/* mature.c: the automatic start of the Aliens Mature Step (Chest Burster
 * tokens become Alien Warrior tokens; captives at a Breeding Chamber die
 * and leave Chest Burster tokens). */
void	 ccg_mature_begin(struct rules_game *g, struct rules_events *ev);

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

/* concealed.c ("Prohibited Concealable Weapons") */
/* The "conceal ITEM" order of the Search Round. */
int	 ccg_conceal(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* Is item it face down for seat (shown as its alias)? */
int	 ccg_concealed_from(const struct rules_game *g, int it, int seat);
/* "concealed-N" for item it; caller frees. */
char	*ccg_concealed_alias(const struct rules_game *g, int it);
/* Turn item it face up for everyone (public event with "opens"). */
void	 ccg_concealed_reveal(struct rules_game *g, int it,
	    struct rules_events *ev);
/* Reveal concealed items that were used in an attack, fell or left play. */
void	 ccg_concealed_tidy(struct rules_game *g, struct rules_events *ev);
/* The concealed item a drop or transfer order shows, or -1. */
int	 ccg_concealed_touched(const struct rules_game *g,
	    const struct ccg_order *o);
/* Append one secret per concealed item. */
void	 ccg_concealed_secrets(const struct rules_game *g,
	    struct rules_secret **out, size_t *n);
/* Feed try() the candidate conceal lines of seat (Search Round). */
void	 ccg_concealed_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* data-theft.c ("Rogues And Data Theft") */
/* The "steal CHAR" order of the Search Round. */
int	 ccg_steal_data(struct rules_game *g, int seat,
	    const struct ccg_order *o, struct rules_events *ev, char **cause);
/* Drives in Water/Submerged locations and dead Synthetics lose data. */
void	 ccg_data_tidy(struct rules_game *g, struct rules_events *ev);
/* Feed try() the candidate steal lines of seat (Search Round). */
void	 ccg_data_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* hostages.c ("Rogues And Hostages", "Hostages and Liberation") */
/* Take hostages (Rogue control, or an armed Rogue main and no Marine main
 * with them; their items drop) and liberate them (no Rogue main left, a
 * Marine main there). */
void	 ccg_hostages_update(struct rules_game *g, struct rules_events *ev);
/* Does move order o of seat take along an armed Rogue main character, so
 * the hostages in it may follow? */
int	 ccg_hostage_escorted(const struct rules_game *g, int seat,
	    const struct ccg_order *o);

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
/* After every order and phase: a damaged Queen whose damage upgrade
 * ("matures from", when "combat") the player has in hand, deck or
 * discard is replaced by it. */
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

/* vehicles.c ("Vehicles": a character carrying a vehicle rides it) */
/* The vehicle piece pi rides, or -1. */
int	 ccg_vehicle_of(const struct rules_game *g, int pi);
/* Movement Step start: riders move at the vehicle's speed less its hull
 * damage. */
void	 ccg_vehicles_begin(struct rules_game *g);
/* 0, or -1 with a reason when one of who[0..n-1] rides a vehicle and to is
 * Confined, Cover, Submerged or a cross location. */
int	 ccg_vehicle_blocks(const struct rules_game *g, const int *who, size_t n,
	    int to, char **cause);
/* Vehicles whose hull is gone are destroyed (riders unharmed). */
void	 ccg_vehicles_tidy(struct rules_game *g, struct rules_events *ev);

/* backstab.c ("Prohibited Concealable Weapons": the Rogues' backstab) */
/* The "backstab TARGET with ITEM" order of the Movement Step: the Rogue
 * carrying the concealed Concealable weapon ITEM (its id, or the alias
 * concealed-N) declares its once-a-turn free attack on TARGET; the item
 * is revealed at once (public event with the commitment's opening). */
int	 ccg_backstab(struct rules_game *g, int seat, const struct ccg_order *o,
	    struct rules_events *ev, char **cause);
/* End of seat's segment of the Movement Step: its declared backstabs
 * roll to hit and deal damage (free attacks resolve as they are made);
 * with rng NULL they are dropped unrolled. */
void	 ccg_backstab_resolve(struct rules_game *g, int seat,
	    struct rules_rng *rng, struct rules_events *ev);
/* Feed try() the candidate backstab lines of seat (Movement Step). */
void	 ccg_backstab_candidates(const struct rules_game *g, int seat,
	    void (*try)(void *, const char *), void *ctx);

/* submerged.c (the overview's Submerged Locations, the firing part) */
/* 0 when a ranged attack may be fired from node from at node to, else -1
 * with a reason: no firing into, out of or within a Submerged location. */
int	 ccg_fire_blocked(const struct rules_game *g, int from, int to,
	    char **cause);

/* data-theft.c: a damaged drive keeps its tokens but yields none */
/* A damaged drive piece pi carries that holds data tokens, or -1. */
int	 ccg_data_damaged_drive(const struct rules_game *g, int pi);

/* barriers.c: a location moved or destroyed */
/* Discard every Barrier standing by node (a rule that moves, replaces or
 * destroys a location calls it; ccg_barriers_tidy() also discards a
 * Barrier whose two locations are no longer adjacent). */
void	 ccg_barriers_location_changed(struct rules_game *g, int node,
	    struct rules_events *ev);

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

/* submerged.c: the drowning rolls at Submerged locations (Ready Round). */
void	 ccg_drowning_roll(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);

/* infection.c: the burst rolls of infected characters (Ready Round). */
void	 ccg_infection_roll(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev);

/* state-edit-extra.c: the scenario tests' edits and queries for hidden
 * movement and the Alien life cycle (list there): 1 when handled (*r or
 * *out set), 0 when not one of them. */
int	 ccg_edit_extra(struct rules_game *g, char **w, size_t n, int *r,
	    char **cause);
int	 ccg_query_extra(const struct rules_game *g, char **w, size_t n,
	    char **out);

/* victory-contact.c */
/* Give places to seats that fulfil their Contact conditions now. */
void	 ccg_victory_check(struct rules_game *g, struct rules_events *ev);
/* Has the game ended (enough places decided)? */
int	 ccg_game_over(const struct rules_game *g);

/*
 * scenarios.c: which scenarios a game can be created for, from the
 * scenario data of deck-rules.c (struct ccg_deck_rules.setup and .pack).
 */
struct ccg_deck_rules;
struct ccg_hunting_pack;
/* The rules of scenario name (any case) when a game of it can be created,
 * else NULL (unknown, or a deck-building rule set only such as "general"). */
const struct ccg_deck_rules *ccg_scenario_find(const char *name);
/* The CCG_OPT_* bit of option name, 0 when there is none; the name of
 * bit (NULL when none). */
unsigned ccg_option_bit(const char *name);
const char *ccg_option_name(unsigned bit);
/* The options of a setup as CCG_OPT_* bits in *out; -1 with a reason
 * naming an unknown option (or one given twice). */
int	 ccg_options_parse(const struct rules_setup *su, unsigned *out,
	    char **cause);
/* Does game g follow the Contact scenario's setup and turn rules (Contact
 * itself and the scenarios built on it, such as Training Hunt)? */
int	 ccg_scenario_is_contact(const struct rules_game *g);
/* The Hunting Pack of g's scenario, or NULL when it has none. */
const struct ccg_hunting_pack *ccg_scenario_pack(const struct rules_game *g);
/*
 * Check the starting cards and deck of a Predator seat rs
 * against the Hunting Pack of scenario r: its Predators all different, never
 * The Outcast, only the Predator Items it grants, up to its count. 0 when
 * r has no pack or all holds; else -1 with every problem, "seat NAME: ...",
 * one per line in *cause. Slugs not in db are left to the caller.
 */
int	 ccg_scenario_pack_check(const struct ccg_carddb *db,
	    const struct ccg_deck_rules *r, const struct rules_seat *rs,
	    char **cause);

/* setup-contact.c: struct rules create() for the Contact scenario. */
struct rules_game *ccg_setup_contact(const struct rules_setup *setup,
	    struct rules_rng *rng, struct rules_events *ev, char **cause);

/* orders-parse.c */
/* Parse a whole orders text into out (free with ccg_orders_free()); -1
 * with "line N: ..." at the first bad line, out then empty. */
int	 ccg_orders_parse(const char *text, struct ccg_orders *out, char **cause);
/* One line: 1 with *o filled (clear with ccg_order_clear()), 0 for a
 * blank or comment line, -1 with a reason. */
int	 ccg_order_parse_line(const char *line, int lineno, struct ccg_order *o,
	    char **cause);
void	 ccg_order_clear(struct ccg_order *o);
void	 ccg_orders_free(struct ccg_orders *os);
/* The verb's word ("move"). */
const char *ccg_verb_name(int verb);

/* legal-orders.c */
/* struct rules legal(): new string, caller frees. */
char	*ccg_legal(const struct rules_game *g, int seat);
/* 0 when seat has no legal order besides pass (stops at the first). */
size_t	 ccg_legal_count(const struct rules_game *g, int seat);

/* view.c: struct rules view() (keys listed in view.c). */
cJSON	*ccg_view(const struct rules_game *g, int seat);

/* state-serial.c: struct rules save(), load() and secrets(). */
char	*ccg_save(const struct rules_game *g, size_t *len);
struct rules_game *ccg_load(const struct ccg_carddb *db, const char *bytes,
	    size_t len, char **cause);
void	 ccg_secrets(const struct rules_game *g, struct rules_secret **out,
	    size_t *n);

/* state-edit.c: test positions and questions (tests/rules/README) */
/* Apply one edit line, bypassing the rules; -1 with a reason. */
int	 ccg_edit(struct rules_game *g, const char *line, char **cause);
/* Answer a query as a new string, or NULL with a reason. */
char	*ccg_query(const struct rules_game *g, const char *q, char **cause);

#endif
