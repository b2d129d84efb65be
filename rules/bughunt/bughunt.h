/*
 * bughunt.h — Aliens: Bug Hunt, the cooperative game behind struct rules
 * (rules/rules.h): the component data (doc/muthur-bughunt.5), the state
 * and the functions each rulebook section's file provides
 * (doc/bughunt-rules-map.md says which file holds which section).
 *
 * The complex is a grid of BH_COLS sectors (columns, Sectors 1..5) by
 * BH_ROWS rows (tile 1 nearest the APC .. 6); cell i = row * BH_COLS +
 * col, named "SECTOR/TILE" ("3/1"; the old "c1" still parses).
 * The APC lies below row 1: squads reach it from Sector 3's first cell
 * only, Xenomorphs from any cell of row 1. Directions: n (away from the
 * APC), e, s (toward the APC), w.
 *
 * Randomness: dice from rng->uniform; every hidden ordering (phase deck,
 * tracking deck, tile stack, wound token faces) from rng->hidden (bh_hid()).
 * Secrets, one per hidden thing, known to no seat (seat -1): the phase
 * deck's undrawn cards ("phase:G:I", G the shuffle, I the position), the
 * undrawn tracking cards ("tracking:I"), the tile stack ("tile:I") and
 * each wound token's face not yet flipped ("wound:K"). An event opens the
 * id when the thing becomes known.
 *
 * Ownership: the data belongs to whoever loaded it and outlives its games;
 * strings in the data belong to it. A game (struct rules_game) owns
 * nothing but its own arrays.
 */
#ifndef MUTHUR_RULES_BUGHUNT_H
#define MUTHUR_RULES_BUGHUNT_H

#include "rules/rules.h"

#define BH_COLS		5
#define BH_ROWS		6
#define BH_CELLS	(BH_COLS * BH_ROWS)
#define BH_APC		(-1)		/* a squad's position on the APC tile */
#define BH_APC_SECTOR	3		/* squads use Sector 3 only */
#define BH_SEATS	4
#define BH_SQUAD	3		/* characters per squad */
#define BH_MP		3		/* movement points a turn */
#define BH_MISSIONS	3		/* missions in play */
#define BH_MISSION_TOKENS 3		/* objective tokens that complete one */
#define BH_MAX_ARMOR	8
#define BH_MAX_CHARS	40
#define BH_MAX_TILES	60
#define BH_MAX_TRACK	120
#define BH_MAX_MISSIONS	30
#define BH_MAX_HIVE	24
#define BH_MAX_WOUNDS	120
#define BH_MAX_DICE	60
#define BH_MAX_PHASE	40		/* cards in the phase deck and discard */

/* Sides of a tile. */
enum bh_side { BH_WALL, BH_EXIT, BH_BARRIER };
/* Directions. */
enum bh_dir { BH_N, BH_E, BH_S, BH_W };

/* Character abilities (the data's "ability"). */
enum bh_ability {
	BH_AB_NONE,
	BH_AB_DESPERATE,	/* +amount firepower while the squad has <= 2 left */
	BH_AB_SCOUT,		/* +amount movement points while this one lives */
	BH_AB_STEADY		/* +amount firepower */
};
/* Mission abilities, used by flipping one of the mission's tokens. */
enum bh_mission_ability {
	BH_MA_FIREPOWER,	/* +amount firepower to this turn's shot */
	BH_MA_MOVE,		/* +amount movement points this turn */
	BH_MA_PATCH,		/* one face-down wound token off a character */
	BH_MA_PURGE		/* kill up to amount Xenomorphs on the squad's tile */
};
/* A step of a tracking card's text (the data's "effect"), after the blips. */
enum bh_track_effect {
	BH_TE_NONE,
	BH_TE_HIVE,		/* advance the hive counter one space */
	BH_TE_STIR,		/* the Xenomorphs move once more */
	BH_TE_ATTACK,		/* the Xenomorphs attack once more */
	BH_TE_SPAWN		/* n more Xenomorphs deployed in Sector sector */
};
#define BH_MAX_STEPS	4
/* Hive track icons. */
enum bh_icon { BH_ICON_NONE, BH_ICON_XENO, BH_ICON_GAME_OVER };
/* Xenomorph die faces. */
enum bh_face { BH_FACE_BLANK, BH_FACE_HEAD, BH_FACE_CLAW };

struct bh_chardef {
	char	*id, *name, *text;
	int	 named;			/* 1 named, 0 grunt */
	int	 copies;
	int	 firepower, armor;
	int	 ability, amount;	/* enum bh_ability */
};

struct bh_tiledef {
	char	*id, *name;
	int	 side[3];		/* left, ahead, right of the entrance */
	int	 hive;			/* Xenomorphs placed when revealed, 0 none */
	int	 objective;		/* 1: an objective icon */
};

struct bh_trackstep {
	int	 op;			/* enum bh_track_effect, not BH_TE_NONE */
	int	 sector, n;		/* BH_TE_SPAWN: Sector 1..5, 1..9 Xenomorphs */
};

struct bh_trackdef {
	char	*id;
	int	 blips[BH_COLS];
	char	*printed;		/* the card's text as printed, NULL none */
	struct bh_trackstep step[BH_MAX_STEPS];	/* what the text does, in order */
	int	 nstep;
};

struct bh_missiondef {
	char	*id, *name, *text;
	int	 ability, amount;	/* enum bh_mission_ability */
};

/* The component data: one JSON file (doc/muthur-bughunt.5). */
struct bh_data {
	int			 sample;	/* 1: the project's sample data */
	int			 die[3];	/* faces: blank, head, claw */
	int			 dice;		/* Xenomorph dice in the box */
	int			 wound_blank, wound_kia;
	int			 breach;	/* breach tokens */
	int			 objectives;	/* objective tokens */
	int			 xeno_cards;	/* Xenomorph phase cards */
	int			 hive[BH_MAX_HIVE];	/* enum bh_icon per space */
	int			 nhive;
	struct bh_chardef	 chars[BH_MAX_CHARS];
	int			 nchars;
	struct bh_tiledef	 tiles[BH_MAX_TILES];
	int			 ntiles;
	struct bh_trackdef	 track[BH_MAX_TRACK];
	int			 ntrack;
	struct bh_missiondef	 missions[BH_MAX_MISSIONS];
	int			 nmissions;
};

/*
 * A squad's standing choice where the rulebook lets the players decide
 * (Xenomorph Phase 1 and 2): its Point Man takes a shared tile's wounds
 * first, evenly or last (`prefer shared-wounds first|even|last`);
 * Xenomorphs adjacent to its tile and another squad's come here first,
 * evenly or go elsewhere first (`prefer adjacent-xenos here|even|
 * elsewhere`). BH_PREF_EVEN, the default, is the rule the game played
 * before the choice existed. A count N (`prefer shared-wounds N`,
 * `prefer adjacent-xenos N`, 0..BH_PREF_MAX_N), kept as BH_PREF_COUNT +
 * N, names the players' split exactly: up to N of a shared tile's
 * wounds in one attack (of one space's Xenomorphs in one move) come to
 * this squad first, as with first|here, any more only after every squad
 * that said last|elsewhere.
 */
enum bh_pref { BH_PREF_EVEN, BH_PREF_FIRST, BH_PREF_LAST, BH_PREF_COUNT };
#define BH_PREF_MAX_N	BH_MAX_DICE

/* Phase cards: 0..BH_SEATS-1 a seat's card, then these. */
#define BH_CARD_LT	BH_SEATS
#define BH_CARD_XENO	(BH_SEATS + 1)

struct bh_char {
	int		 def;		/* index in data chars */
	int		 copy;		/* 1, 2: grunt-1, grunt-2; 0 the only one */
	int		 ready;
	int		 ntok;		/* wound tokens on it */
	int		 tok[BH_MAX_ARMOR];	/* token numbers */
	int		 flipped[BH_MAX_ARMOR];	/* 1: face up (revealed) */
};

struct bh_squad {
	int		 colour;	/* index in bh_colours */
	int		 pos;		/* cell, or BH_APC */
	int		 nchar;		/* c[0] is the Point Man */
	struct bh_char	 c[BH_SQUAD];
	int		 lt_pref;	/* `prefer lt-command SEAT`; -1 next seat */
	int		 wound_pref;	/* `prefer shared-wounds`: enum bh_pref */
	int		 xeno_pref;	/* `prefer adjacent-xenos`: enum bh_pref */
	int		 turns;		/* turns taken */
	int		 xeno_stop;	/* `set stops xenomorph`: asked before a
					 * Xenomorph Phase with its choices */
	int		 asked;		/* owes an answer in BH_PH_XENO */
};

/* BH_PH_XENO: a Xenomorph Phase waits for the squads that asked to be
 * asked (choices.c: bh_xeno_ask()) */
enum bh_phase { BH_PH_TURN, BH_PH_OVER, BH_PH_XENO };

struct rules_game {
	const struct bh_data	*d;
	int			 options;	/* BH_OPT_* bits */
	int			 extra_xeno;	/* option: extra Xenomorph cards */
	int			 nseats;
	struct bh_squad		 sq[BH_SEATS];
	/* the complex */
	int			 tile[BH_CELLS];	/* tile def, -1 empty space */
	int			 side[BH_CELLS][4];	/* placed sides, enum bh_side */
	int			 breach[BH_CELLS];	/* bit d: side d breached */
	int			 xenos[BH_CELLS];
	int			 objective[BH_CELLS];	/* objective token lying there */
	int			 escaped;	/* Xenomorph dice gone to the box */
	int			 breaches_left, objectives_left;
	/* missions */
	int			 mission[BH_MISSIONS];	/* mission defs */
	int			 mtok[BH_MISSIONS];	/* tokens on it */
	int			 mup[BH_MISSIONS];	/* of them face up */
	/* the phase deck: deck[dpos..ndeck-1] undrawn, dpos the top */
	int			 deck[BH_MAX_PHASE], ndeck, dpos, gen;
	int			 discard[BH_MAX_PHASE], ndiscard;
	int			 xeno_left;	/* Xenomorph cards set aside */
	/* hidden stacks: undrawn from *pos on */
	int			 tiles[BH_MAX_TILES], ntiles, tpos;
	int			 track[BH_MAX_TRACK], ntrack, kpos;
	int			 last_track;	/* tracking card last played, -1 */
	int			 wface[BH_MAX_WOUNDS], nwounds;	/* token faces: 1 KIA */
	int			 wopen[BH_MAX_WOUNDS];	/* 1: face known to all */
	int			 pool[BH_MAX_WOUNDS], npool;	/* tokens to take, in order */
	int			 hive;		/* hive counter's space */
	int			 pending_xeno;	/* Xenomorph phases to run */
	/* the turn */
	int			 turn;		/* player turns played, from 1 */
	int			 phase;		/* enum bh_phase */
	int			 active;	/* seat whose turn it is, -1 none */
	int			 lt_turn;	/* 1: the turn is the Lt. Command card's */
	int			 last_active;	/* the last player card's seat */
	int			 won;		/* 1 won, 0 lost (when over) */
	char			 reason[32];	/* how it ended */
};

#define BH_OPT_NAMED_FOR_GRUNT	0x01	/* easy: a Named Character for a Grunt */
#define BH_OPT_NO_SETUP_SPAWN	0x02	/* easy: skip the set-up spawn */
#define BH_OPT_EXTRA_SPAWN	0x04	/* hard: a second set-up spawn */

extern const char *const bh_colours[BH_SEATS];
extern const char *const bh_dir_names[4];
/* The words of enum bh_pref for shared-wounds and adjacent-xenos. */
extern const char *const bh_wound_pref_names[3];
extern const char *const bh_xeno_pref_names[3];
/* Sorting rank of a preference, got already given to the squad (tile) in
 * this attack (from this space): first 0, even 1, last 2; a count N 0
 * while got < N, else 3. */
int	 bh_pref_rank(int pref, int got);
/* A preference's word (names[pref], or the count's digits) in buf. */
const char *bh_pref_word(const char *const names[3], int pref, char buf[12]);
/* The word w of names or a count 0..BH_PREF_MAX_N: enum bh_pref, else -1. */
int	 bh_pref_parse(const char *const names[3], const char *w);
/* The choices a squad at cell has in a Xenomorph Phase now: the wounds
 * of its tile when shared with another squad (returned, else 0), and in
 * *adjacent the largest group of Xenomorphs next to its tile and another
 * squad's (0 none). */
int	 bh_choice_sizes(const struct rules_game *g, int cell, int *adjacent);
/* A Xenomorph Phase is due: mark asked each squad with `set stops
 * xenomorph` that has a choice in it (its tile shared with another squad
 * and Xenomorphs; Xenomorphs next to its tile and another squad's).
 * Returns how many are asked. */
int	 bh_xeno_ask(struct rules_game *g);
/* struct rules setting: `set stops ...` naming xenomorph sets xeno_stop. */
void	 bh_setting(struct rules_game *g, size_t seat, const char *key,
	    const char *value);

/* rules/bughunt/data-load.c: the component data (doc/muthur-bughunt.5). */
void	*bh_data_load(const struct rules_file *files, size_t nfiles, char **cause);
void	 bh_data_free(void *data);
char	*bh_data_canonical(const void *data, size_t *len);
void	 bh_data_hash(const void *data, unsigned char hash[32]);
/* rules/bughunt/data-report.c: `muthur cards --rules bughunt`. */
int	 bh_data_report(const struct rules_file *files, size_t nfiles,
	    const char *scenario, const char *faction, const struct rules_file *deck,
	    char **report, int *valid, char **cause);

/* rules/bughunt/complex.c: the grid. */
const char *bh_cell_name(int cell);		/* "3/1", "apc" (static) */
int	 bh_cell_parse(const char *s);		/* "3/1" or "c1": cell, BH_APC, or -2 */
int	 bh_dir_parse(const char *s);		/* enum bh_dir or -1 */
int	 bh_neighbour(int cell, int dir);	/* cell, BH_APC, or -2 off grid */
/* Can a squad pass from cell a toward dir? 0 no, 1 yes, 2 through a barrier. */
int	 bh_passage(const struct rules_game *g, int cell, int dir);
/* An open passage with no barrier (shooting, the Xenomorph exceptions). */
int	 bh_open(const struct rules_game *g, int cell, int dir);
int	 bh_squads_at(const struct rules_game *g, int cell, int *seats);
int	 bh_dice_left(const struct rules_game *g);

/* rules/bughunt/setup.c: the pre-mission checklist. */
struct rules_game *bh_create(const struct rules_setup *su, struct rules_rng *rng,
	    struct rules_events *ev, char **cause);
uint32_t bh_hid(struct rules_rng *rng, uint32_t bound);
void	 bh_shuffle(struct rules_rng *rng, int *v, int n);

/* rules/bughunt/difficulty.c: the options. */
int	 bh_option_check(const char *name, char **cause);
int	 bh_options_apply(struct rules_game *g, const char *const *opts, size_t n,
	    char **cause);

/* rules/bughunt/phase-deck.c: the turn governed by the Phase Deck. */
void	 bh_next_turn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev);
void	 bh_hive_advance(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev, int in_phase);
const char *bh_card_name(int card);

/* rules/bughunt/movement.c */
int	 bh_mp(const struct rules_game *g, int seat);
/* One step of seat's squad toward dir with mp left: its cost, or -1 (*why). */
int	 bh_step_cost(const struct rules_game *g, int seat, int dir, const char **why);
void	 bh_reveal_tile(struct rules_game *g, int cell, int from_dir,
	    struct rules_rng *rng, struct rules_events *ev);

/* rules/bughunt/ready.c */
int	 bh_firepower(const struct rules_game *g, int seat, int ci);
int	 bh_deplete(struct rules_game *g, int seat, int ci);
void	 bh_reload(struct rules_game *g, int seat, struct rules_events *ev);

/*
 * rules/bughunt/shooting.c. A head face in the own tile wounds one of the
 * characters that fired, as the players choose (Shooting 2): the n-th
 * head goes to wound[n] (past the list, its last name) while that one
 * lives; else, the default, to the characters that fired in turn, as
 * listed.
 */
#define BH_SHOT_WOUNDS	8
struct bh_shot {
	int	 chars[BH_SQUAD], nchars;	/* characters firing, as listed */
	int	 at[4], nat;			/* adjacent cells in the order asked */
	int	 only;				/* 1: "at" given: no other adjacent cell */
	int	 bonus;				/* mission firepower */
	int	 wound[BH_SHOT_WOUNDS], nwound;	/* `wounds C...`: who takes each head */
};
void	 bh_shoot(struct rules_game *g, int seat, const struct bh_shot *s,
	    struct rules_rng *rng, struct rules_events *ev);
/* Cells seat's squad may shoot into beyond its own, in n e s w order. */
int	 bh_targets(const struct rules_game *g, int seat, int *cells);

/* rules/bughunt/actions.c: capture, breach, reload. */
const char *bh_capture_why(const struct rules_game *g, int seat, int m);
const char *bh_breach_why(const struct rules_game *g, int seat, int dir);
void	 bh_capture(struct rules_game *g, int seat, int m, struct rules_events *ev);
void	 bh_breach(struct rules_game *g, int seat, int dir, struct rules_events *ev);

/* rules/bughunt/xeno-attack.c, xeno-move.c, xeno-spawn.c */
void	 bh_xeno_phase(struct rules_game *g, struct rules_rng *rng,
	    struct rules_events *ev, int spawn_only);
void	 bh_xeno_attack(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev);
int	 bh_xeno_move(struct rules_game *g, struct rules_events *ev);
void	 bh_xeno_spawn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev);
/* A tracking card's text: the printed one, else the steps in words (xmalloc'd; NULL none). */
char	*bh_track_text(const struct bh_trackdef *t);

/* rules/bughunt/overrun.c: placing dice; 0, or -1 when the complex is overrun. */
int	 bh_place_xenos(struct rules_game *g, int cell, int n, struct rules_events *ev);

/* rules/bughunt/wounds.c */
void	 bh_wound(struct rules_game *g, int seat, int ci, struct rules_events *ev);
int	 bh_wounds_down(const struct bh_char *c);

/* rules/bughunt/missions.c */
int	 bh_mission_find(const struct rules_game *g, const char *slug);
const char *bh_use_why(const struct rules_game *g, int seat, int m, int ci);
void	 bh_use(struct rules_game *g, int seat, int m, int ci, struct rules_rng *rng,
	    struct rules_events *ev);
int	 bh_missions_done(const struct rules_game *g);

/* rules/bughunt/victory.c: winning and losing. */
void	 bh_lose(struct rules_game *g, const char *reason, struct rules_events *ev);
void	 bh_check_win(struct rules_game *g, struct rules_events *ev);

/*
 * rules/bughunt/orders.c: the orders of a player turn (doc/muthur-orders.5).
 * bh_orders_run() applies seat's orders text line by line to g; dry 1
 * (check(), on a copy): nothing hidden is drawn, no die rolled, and the
 * first illegal line gives -1 with *cause; dry 0 (resolve()): a line made
 * impossible by what a new tile showed fails alone, in an event.
 */
int	 bh_orders_run(struct rules_game *g, int seat, const char *text, int dry,
	    struct rules_rng *rng, struct rules_events *ev, char **cause);
char	*bh_legal(const struct rules_game *g, size_t seat);
int	 bh_char_find(const struct rules_game *g, int seat, const char *slug);
char	*bh_char_slug(const struct rules_game *g, int seat, int ci);

/* rules/bughunt/state-serial.c */
char	*bh_save(const struct rules_game *g, size_t *len);
struct rules_game *bh_load(const void *data, const char *bytes, size_t len, char **cause);
void	 bh_secrets(const struct rules_game *g, struct rules_secret **out, size_t *n);

/* rules/bughunt/view.c, view-text.c */
cJSON	*bh_view(const struct rules_game *g, int seat);
cJSON	*bh_view_text(const cJSON *rv, const char *seat);

/*
 * rules/bughunt/event-sentences.c: the events as sentences (struct rules
 * events_text), from the payloads and the component data only.
 */
cJSON	*bh_events_text(const struct rules_game *g, const cJSON *payloads);
cJSON	*bh_data_events_text(const void *data, const cJSON *payloads);

/* rules/bughunt/picture.c: the board as a PNG or SVG (struct rules picture). */
int	 bh_picture(const cJSON *rv, const char *seat, enum rules_picture format,
	    char **out, size_t *len, char **cause);

/* rules/bughunt/demo-player.c */
char	*bh_demo_orders(const struct rules_game *g, size_t seat);

/* rules/bughunt/events.c: a public event from printf-style JSON. */
void	 bh_event(struct rules_events *ev, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
