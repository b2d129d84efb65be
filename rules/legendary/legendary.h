/*
 * legendary.h — Legendary Encounters: Predator, Playing as Humans and
 * Playing as Predators (issue 20), behind struct rules (rules/rules.h).
 *
 * The card data (card-data.c, muthur-legendary(5) section 6) is a JSON file
 * whose cards carry their abilities in a small effect language: each
 * ability says when it fires ("when"), an optional condition ("if"), an
 * optional multiplier ("times") and a list of effects ("do"). The engine
 * (effects.c) interprets it. An ability the language cannot express is
 * written {"unexpressed": "why"}: the loader keeps the reason, `muthur
 * cards` lists it by card and every time such a card acts an event says
 * the ability was not applied.
 *
 * One file per rulebook section: setup.c (Game Setup; its options and
 * set-up choices, both modes', setup-options.c), enemy-phase.c (the
 * Enemy phase, the Wilds, pushing, revealing), action-phase.c (playing,
 * recruiting, scanning, fighting), keywords.c (Call for Backup, Brothers
 * in Arms, Showboat, class and team abilities), strike-phase.c, cleanup.c
 * (and Coordinate), objectives.c (objectives, the two ways to win,
 * scoring, All or Nothing); orders.c (the orders language), serial.c,
 * view.c, table.c (struct rules). Playing as Predators (g->mode
 * LG_PREDATORS) shares the struct and the effect language: predator-data.c
 * (its card data), predator-setup.c, predator-turn.c (Prey phase, orders,
 * Strike phase, Cleanup), prey-keywords.c, predator-strike.c (strikes,
 * healing), honor.c (trophies, the end, the count), challenges.c (Tests
 * and Challenges), predator-view.c. Below them all, calling no rule file:
 * pile.c (piles, random streams, events, drawing) and state.c (questions
 * on the state).
 * doc/legendary-rules-map.md maps every section to its file.
 *
 * Memory: the card db is read-only once loaded and shared by games; a
 * game's state is one struct rules_game with fixed-size piles (no pointers
 * but the db), so copying it with memcpy is a deep copy (orders.c checks
 * orders on such a copy).
 */
#ifndef MUTHUR_RULES_LEGENDARY_H
#define MUTHUR_RULES_LEGENDARY_H

#include <cjson/cJSON.h>

#include "rules/rules.h"

#define LG_SEATS	5
#define LG_PILE		160	/* the largest pile: a reshuffled Enemy deck */
#define LG_SPACES	5	/* the Wilds: underground .. hills */
#define LG_HQ		5
#define LG_EFFECTS	4	/* effects per ability */

enum lg_kind {
	LG_CHARACTER, LG_STARTING, LG_COMMANDER, LG_ROLE, LG_ENEMY, LG_GOAL,
	LG_EVENT, LG_HAZARD, LG_STRIKE,
	/* Playing as Predators (predator-data.c) */
	LG_ARMORY, LG_PREY, LG_DANGER, LG_GEAR_UP, LG_GEAR, LG_TRAP, LG_PREY_STRIKE,
	LG_INSTINCT, LG_TEST, LG_CHALLENGE, LG_PREDATOR_ROLE
};

/* When an ability fires. */
enum lg_when {
	LW_PLAY, LW_USE, LW_KILL, LW_REVEAL, LW_DEATH, LW_STRIKE, LW_ONGOING,
	LW_COORDINATED, LW_FIGHT, LW_EVENT, LW_DRAWN,
	/* a goal's ability any player may use in any player's turn, the moment
	   a strike is drawn (the standing `cover`, strike-phase.c) */
	LW_COVER, LW_NWHEN
};

/* How many times its effects apply. */
enum lg_times {
	LT_ONE, LT_OTHER_CHARACTERS, LT_SAME_CHARACTER, LT_COORDINATIONS, LT_MARKS,
	LT_CLASSES_PLAYED
};

enum lg_cond {
	LC_NONE, LC_PLAYED_CLASS, LC_NOT_PLAYED_CLASS, LC_PLAYED_TEAM, LC_OBJECTIVE,
	LC_NOT_OBJECTIVE, LC_VISIBLE, LC_SCANNED, LC_REVEALED, LC_MARKED,
	LC_CLEAR,	/* the space arg holds no card (an attached one aside) */
	LC_SHOW		/* "Show": the active player shows a card of class arg, in
			   its hand or played this turn (lg_show_pick) */
};

/* The effect verbs (card-data.c lg_verbs[] names them). */
enum lg_verb {
	E_ATTACK, E_RECRUIT, E_DRAW, E_HEAL, E_AVOID, E_FREE_SCAN, E_KILL_OWN, E_GAIN,
	E_STRIKE, E_MARK, E_KILL_DISCOUNT, E_NO_STRIKES, E_DOUBLE_ATTACK, E_GAIN_TO_TOP,
	E_DISCARD_TOP, E_DISCARD_TO_TOP, E_ENEMY_ENTERS, E_ENTER_HILLS, E_ADVANCE,
	E_END_TURN, E_FLIP_BACK, E_FLIP_ALL_DOWN, E_STRIKE_ATTACK, E_GOAL_NEED,
	E_GOAL_PROGRESS, E_DISCARD_SELF, E_HEAL_FIRST, E_SCAN_COST, E_ENEMY_ATTACK,
	E_SELF_ATTACK, E_CLOSE_CALL_REDRAW, E_NO_COORDINATE_DRAW, E_PROTECT_FINAL,
	/* Playing as Predators (predator-turn.c) */
	E_RESTORE, E_DUEL, E_TRAP, E_HONOR,
	/* a discard from the hand the player chooses by order, then a draw */
	E_DISCARD_DRAW,
	/* a played card's Attack and Recruit swapped, the card by order */
	E_SWAP_VALUES,
	/* the active player loses Marks; a fight spends its Attack, the enemy stays */
	E_UNMARK, E_NOT_KILLED,
	/* the revealed Event goes to Operations: each there adds its n to Scan Costs */
	E_TO_OPERATIONS,
	/* a strike card its drawer may cancel by discarding n cards of the hand */
	E_CANCEL_DISCARD,
	/* kill any enemy, n times, by the order `kill ENEMY` (no Attack spent) */
	E_KILL_ENEMY,
	/* the seat discards n cards of its hand, each chosen by its standing
	   `discards` (lg_discard_pick): "each player discards" */
	E_DISCARD_HAND,
	/* the revealed card attaches to the space it was revealed in ("Attach") */
	E_ATTACH,
	/* the enemy goes in front of the seat ("Enemies in Front of Players") */
	E_TO_FRONT,
	/* Predators: reveal the top card of the Armory (a Test goes to the
	   Testing Ground and the next is revealed); gained when it costs n or
	   less, else back on top (predator-strike.c) */
	E_REVEAL_ARMORY,
	/* a Hazard of an Aliens Location put back into the Enemy deck (the
	   Hive) instead of Marking the player (enemy-phase.c, turned_up) */
	E_TO_ENEMY_DECK,
	E_NVERBS
};

#define KW_COORDINATE	0x01
#define KW_BROTHERS	0x02
#define KW_SHOWBOAT	0x04
#define KW_BACKUP	0x08
#define KW_DOUBLE	0x10
#define KW_RUNNER	0x20
#define KW_FINAL	0x40
#define KW_MINOR	0x80
/* Playing as Predators: keywords on Prey (prey-keywords.c) and Armory cards */
#define KW_ESCAPE	0x100
#define KW_LETHAL	0x200
#define KW_DISARMING	0x400
#define KW_ARREST	0x800
#define KW_WORTHY	0x1000
#define KW_ULTIMATE	0x2000
#define KW_DUEL		0x4000
#define KW_MERCENARY	0x8000
#define KW_NO_HEAL	0x10000	/* a Trap: no Healing or Restoring while it is in front */
#define KW_COOP_OUT	0x20000	/* a Trap removed for cooperative play */

struct lg_effect {
	enum lg_verb	 verb;
	int		 n;		/* the number (1 for true) */
	int		 card;		/* enemy_attack: the card; -1 */
	enum lg_times	 per;		/* self_attack: per what */
};

/*
 * Whom an ability's effects act on ("who"): the active player, or, by the
 * rulebook's Timing, the active player first and then clockwise: each
 * living player; the next player (the next living one, or the active
 * player when no other lives: "Next Player"); the active and the next.
 */
enum lg_who { LWH_YOU, LWH_EACH, LWH_NEXT, LWH_YOU_AND_NEXT };

struct lg_ability {
	enum lg_when	 when;
	enum lg_who	 who;		/* only with the verbs of a seat (card-data.c) */
	enum lg_times	 times;
	enum lg_cond	 cond;
	const char	*arg;		/* the condition's class, team, slug */
	int		 in_cz;		/* "where": "combat-zone" */
	int		 pay_recruit, pay_attack;	/* "pay": the cost of using it */
	int		 neff;
	struct lg_effect eff[LG_EFFECTS];
	const char	*unexpressed;	/* non-NULL: not expressed, why */
	const char	*sample;	/* non-NULL: a value of it is ours, which */
};

struct lg_card {
	const char	*slug, *name;
	enum lg_kind	 kind;
	const char	*character;	/* a Barracks pool ("dutch"), or NULL */
	const char	*team;		/* "predator", "predator-2", or NULL */
	const char	*cls;		/* intel, leadership, ... or NULL */
	int		 cost, attack, recruit, damage, copies;
	int		 honor, dishonor;	/* Predators: worth, a strike's dishonor */
	int		 goal_what, goal_n;	/* a Test's or Challenge's condition */
	unsigned	 kw;
	int		 objective;	/* a goal's objective, -1 */
	int		 sample;	/* written for the project */
	int		 nab;
	struct lg_ability *ab;
};

struct lg_objective {
	const char	*slug, *name, *film;
	int		 stage;
	int		 reveal[4], nreveal;	/* goal cards to reveal */
	int		 kill, count;		/* then kill count of this card */
	int		 final;			/* kill the Final Enemy */
	int		 minor;			/* the Minor Goal card, -1 */
	struct lg_ability event;
};

struct lg_avatar {
	const char	*slug, *name, *film;
	int		 health, defense, role;
};

struct lg_location {
	const char	*slug, *name;
	int		 aliens;	/* "game": "aliens": Combining Predator with
					   Aliens, its Hazards Mark the active player
					   once followed, unless sent elsewhere */
	struct lg_ability hazard[3];
};

struct lg_movie {
	const char	*slug;
	int		 location, objective[3];
	const char	*character[4];
};

/* Playing as Predators: a Predator Role (its Avatar) */
struct lg_role {
	const char	*slug, *name, *film;
	int		 health, defense, honor, initiative, role;
};

/* What a Test or Challenge counts (challenges.c); PG_NWHAT ends the list. */
enum lg_goal_what {
	PG_KILLS, PG_WORTHY, PG_DUELS, PG_RECRUITS, PG_HEALED, PG_GEAR, PG_DANGERS,
	PG_ARMORY, PG_TROPHIES, PG_NWHAT
};

#define PD_DECK	16
struct lg_pdb {
	int		 present;
	int		 chart[LG_SEATS][3];		/* the Mercenary chart */
	int		 nroles, narmory, nprey, nmovies;
	struct lg_role	 roles[LG_SEATS];
	const char	*armory_slug[8], *armory_film[8], *armory_name[8];
	int		 armory[8][PD_DECK], narmory_cards[8];
	const char	*prey_slug[6], *prey_film[6], *prey_name[6];
	int		 prey_stage[6], prey[6][PD_DECK], nprey_cards[6];
	int		 mercs[24], nmercs, gear[20], ngear, traps[20], ntraps;
	int		 instinct[8], ninstinct, strikes[60], nstrikes;
	int		 tests[20], ntests, challenges[20], nchallenges;
	struct { const char *slug; int prey[3], armory[4], role; } movie[2];
};

struct lg_db {
	cJSON		*root;		/* the parsed file, strings point into it */
	int		 scan[LG_SPACES];
	const char	*space[LG_SPACES];
	int		 chart[LG_SEATS][3];
	int		 hand, ncards, navatars, nlocations, nobjectives, nmovies;
	struct lg_card	*cards;
	struct lg_avatar *avatars;
	struct lg_location *locations;
	struct lg_objective *objectives;
	struct lg_movie	*movies;
	int		 mini[6][24], nmini[6];	/* per objective: card per copy */
	int		 young[40], nyoung;
	struct lg_pdb	 pd;		/* "predators": Playing as Predators */
};

struct lg_pile {
	int	n;
	int	v[LG_PILE];	/* v[n-1] is the top */
};

/* A card played this turn (or a virtual copy). */
struct lg_played {
	int	card;
	int	from;		/* -1 own; a coordinator's seat: a virtual copy */
	int	used;		/* its "use" ability was activated */
	int	killed;		/* killed after play: in the Dead Characters */
};

enum lg_coord { LGC_ASK, LGC_AUTO, LGC_NEVER };

/* A seat's standing choice on a strike it may cancel ("Cancel a Strike"). */
#define LGX_NEVER	0	/* the default: the strike takes effect */
#define LGX_ALWAYS	1	/* with the cheapest cards of the hand */
#define LGX_CARD	2	/* LGX_CARD + c: only by discarding card c */

/* A seat's standing choice of the card it discards when an effect makes
 * it discard from its hand, in its turn or another's ("each player
 * discards"; orders.c `discards cheapest|dearest|CARD`). */
#define LGD_CHEAPEST	0	/* the default: the lowest Cost, the first among equals */
#define LGD_DEAREST	1	/* the highest Cost, the first among equals */
#define LGD_CARD	2	/* LGD_CARD + c: card c while the hand holds it, then the
				   cheapest */

/* A seat's standing choice of the card it shows when an ability says it
 * may show one ("Show"; orders.c `show any|never|CARD`). */
#define LGS_ANY		0	/* the default: a card played this turn (already seen),
				   else the first of the hand */
#define LGS_NEVER	1	/* shows nothing: the ability does not apply */
#define LGS_CARD	2	/* LGS_CARD + c: only card c */

/* A seat's standing choice on a goal's cover ability, used in any
 * player's turn the moment a strike is drawn (orders.c `cover
 * never|always|GOAL`). */
#define LGV_NEVER	0	/* the default: not used */
#define LGV_ALWAYS	1	/* any attached goal's that can be used */
#define LGV_CARD	2	/* LGV_CARD + c: only goal c's */

/* The active seat's standing choice of the order in which cards an effect
 * moves into the Combat Zone together turn face up (Timing; orders.c
 * `timing nearest|farthest`). */
#define LGT_NEAREST	0	/* the default: the card nearest the Combat Zone first */
#define LGT_FARTHEST	1	/* the farthest of them first */

struct lg_seat {
	char		 name[32];
	int		 avatar, dead, marks, coord;
	int		 cancel;	/* LGX_*: saved only when not LGX_NEVER */
	int		 discards;	/* LGD_*: saved only when not LGD_CHEAPEST */
	int		 timing;	/* LGT_*: saved only when not LGT_NEAREST */
	int		 show;		/* LGS_*: saved only when not LGS_ANY */
	int		 cover;		/* LGV_*: saved only when not LGV_NEVER */
	struct lg_pile	 deck, hand, discard, strikes;
	/* enemies in front of the player (to_front): no effect moves them; they
	   strike it in its Strike phase, and only it fights them (saved only
	   when not empty) */
	struct lg_pile	 front;
	/* Playing as Predators */
	struct lg_pile	 trophies, traps;	/* the Trophy Room; Traps in front */
	int		 role, challenge, killer, worthy, preys, prey_killed_ultimate;
	int		 extra_turn, healed_bits, restored_bits, bonus;
};

enum lg_phase { LP_COORDINATE, LP_ACTION, LP_OVER };

#define OPT_ALL_OR_NOTHING	0x01
#define OPT_DEFENSE_HEALTH	0x02
#define OPT_PREPARATION		0x04
#define OPT_EASIER		0x08
#define OPT_HARDER		0x10
#define OPT_HARDER_WILDS	0x20

#define LG_HUMANS	0
#define LG_PREDATORS	1
#define OPT_TESTS	0x40
#define OPT_CHALLENGES	0x80
#define OPT_VISIBLE_CHALLENGES 0x100
#define OPT_COOPERATIVE	0x200

struct rules_game {
	const struct lg_db *db;
	int		 mode;		/* LG_HUMANS, LG_PREDATORS */
	int		 nseats, turn, active, phase, options, movie;
	struct lg_seat	 s[LG_SEATS];
	int		 location, objective[3], done;	/* objectives completed */
	int		 progress, need, revealed[4];	/* current objective */
	struct lg_pile	 enemy, barracks, commanders, strike, strike_discard,
			 dead_enemies, discarded, dead_characters;
	int		 wilds[LG_SPACES], up[LG_SPACES];	/* -1: empty */
	int		 wid[LG_SPACES], entered;	/* each card entering the
						   Wilds is secret "wilds:N" */
	int		 followups;	/* `continue` mails this turn */
	struct lg_pile	 cz;			/* v[0] leftmost, face up */
	int		 hq[LG_HQ];
	int		 hazards, reshuffled, prep_left, last_turns;
	int		 result;	/* 0 playing, 1 major, 2 minor, -1 lost */
	/* the turn */
	int		 attack, recruit, free_scans, kill_own, gain_max, gains, avoid,
			 discount;
	int		 avoid_on;	/* `avoid ENEMY`: its card + 1; 0: the first strike */
	int		 no_strikes, gain_top, end_turn, scanned;
	int		 discards;	/* `discard CARD` allowed: discard, then draw one
					   (saved only when not 0) */
	int		 swaps;		/* `swap CARD` allowed (saved only when not 0) */
	int		 kill_enemies;	/* `kill ENEMY` allowed (saved only when not 0) */
	int		 swapped[2];	/* bit i%24 of [i/24]: played[i] was swapped
					   (saved only when not 0) */
	int		 spared;	/* not_killed during the fight under way (not saved) */
	int		 attached[LG_SPACES];	/* "Attach": the card attached to each
					   space + 1, 0: none; it stays there, under the
					   cards that enter (saved only when one is) */
	int		 goal_used;	/* bit sp: the goal attached to space sp was used
					   this turn (`use GOAL`; saved only when not 0) */
	int		 revealing;	/* the space + 1 of the card being turned up in
					   the Wilds, 0: none (not saved) */
	struct lg_pile	 operations;	/* Events an objective sent to Operations */
	int		 ops_scan;	/* what they add to every Scan Cost (both saved
					   only when not empty) */
	int		 coord_card[LG_SEATS], coord_used[LG_SEATS], answered[LG_SEATS];
	int		 nplayed;
	struct lg_played played[48];
	/* Playing as Predators (predator-*.c, prey-keywords.c, honor.c, challenges.c) */
	struct lg_pile	 gear, traps, mercs, testing, cz_id;	/* cz_id parallels cz */
	int		 heal_pts, restore_pts, duels, dead_seat, ultimate_dead, merc_deck,
			 hunt_only;
	int		 gear_card[24], gear_host[24], ngears, gear_wait;
	int		 arrest_card[8], arrest_by[8], arrest_id[8], narrests;
	int		 count[PG_NWHAT], test_base[20][PG_NWHAT];
	/* the set-up chosen over the movie's (armory=, prey=; saved only when
	   chosen, so the movies' states are as before the options) */
	int		 pd_custom, pd_armory[4], pd_prey[3];
	/* the valued options given (both modes): lg_choices' wilds, extra,
	   preparation, first + 1, each 0 when not given (saved only when one
	   was), for the views */
	int		 setup[4];
};

/* card-data.c */
struct lg_db	*lg_db_load(const char *name, const char *bytes, size_t len, char **cause);
void		 lg_db_free(struct lg_db *db);
/* The card of slug, or of its Aliens name (specialist, grunt), or -1. */
int		 lg_card_find(const struct lg_db *db, const char *slug);
/* The space named, by the board's name or its Aliens equivalent (Combining
 * Predator with Aliens: airlock, med-lab, weapons-locker, power-station,
 * ventilation-shafts), or -1. */
int		 lg_space(const struct lg_db *db, const char *name);
/* Lines "card SLUG: ability N not expressed: WHY", LF-ended; caller frees. */
char		*lg_db_unexpressed(const struct lg_db *db, int *count);
/* Lines "card SLUG: ability N has a SAMPLE value: WHICH" (an expressed
 * ability whose number the sources do not record), LF-ended; caller frees. */
char		*lg_db_sample_abilities(const struct lg_db *db, int *count);

/* pile.c: the random streams (hidden falls back to uniform), piles. */
uint32_t	 lg_hidden(struct rules_rng *rng, uint32_t bound);
void		 lg_shuffle(struct lg_pile *p, struct rules_rng *rng);
int		 lg_pop(struct lg_pile *p);
void		 lg_push(struct lg_pile *p, int card);
int		 lg_remove_at(struct lg_pile *p, int i);
int		 lg_find(const struct lg_pile *p, int card);

/* Events (ev may be NULL). */
void		 lg_event(struct rules_events *ev, const char *fmt, ...)
		    __attribute__((format(printf, 2, 3)));
void		 lg_event_seat(struct rules_events *ev, int seat, const char *fmt, ...)
		    __attribute__((format(printf, 3, 4)));
/* Draws n cards, reshuffling the discard pile into an empty deck. */
void		 lg_draw(struct rules_game *g, int seat, int n, struct rules_rng *rng,
		    struct rules_events *ev);

/* state.c: questions on the state every section asks */
int		 lg_visible(const struct rules_game *g, int card);
int		 lg_ongoing(const struct rules_game *g, enum lg_verb verb);
int		 lg_health(const struct rules_game *g, int seat);
int		 lg_living(const struct rules_game *g);
/* The index in p (a hand, not empty) of the card pref (LGD_*) picks. */
int		 lg_discard_pick(const struct rules_game *g, const struct lg_pile *p,
		    int pref);
/* "Show": the card of class cls the active seat shows for card's ability
 * by its standing `show` (a card played this turn first, card's own play
 * aside, else the hand's), or -1; *played says where it is. */
int		 lg_show_pick(const struct rules_game *g, const char *cls, int card,
		    int *played);
int		 pd_health(const struct rules_game *g, int seat);
int		 pd_defense(const struct rules_game *g, int seat);
void		 lg_lose(struct rules_game *g, const char *why, struct rules_events *ev);

/* setup-options.c: the options; the set-up choices of a game being created */
#define LG_CUSTOM_ARMORY	0x01
#define LG_CUSTOM_PREY		0x02
struct lg_choices {
	int	 options, movie;	/* the OPT_* flags, the movie */
	int	 wilds;		/* Humans: Enemy cards to start face down in the Wilds */
	int	 extra;		/* Young Bloods (Mercenaries) per mini-deck beyond the
				   chart, or fewer: easier +1, harder -1 */
	int	 custom;	/* Predators: LG_CUSTOM_*, chosen over the movie's */
	int	 armory[4], prey[3];	/* Predators: the groups, the mini-decks 1..3 */
	int	 first;		/* Humans: the seat that takes the first turn */
	int	 preparation;	/* Humans: preparation turns each beyond the chart's */
	int	 given;		/* LG_GIVEN_*: which of them a valued option gave */
};
#define LG_GIVEN_WILDS		0x01	/* harder-wilds=N */
#define LG_GIVEN_EXTRA		0x02	/* young-bloods=, mercenaries= */
#define LG_GIVEN_PREPARATION	0x04	/* preparation-turns=N */
#define LG_GIVEN_FIRST		0x08	/* first=SEAT */
int		 lg_option_check(const char *name, char **cause);
/* The game's options as given ("harder-wilds=3", "all-or-nothing", ...),
 * for the views: a new array (empty: the movie's set-up as the rulebook
 * gives it). */
cJSON		*lg_options_view(const struct rules_game *g);
int		 lg_option_flag(const char *name);
/* The options of su for mode (LG_HUMANS, LG_PREDATORS) read against db
 * into c (armory=random and prey=random draw from the public stream of
 * rng); -1 with *cause naming the option, its value, what was expected. */
int		 lg_choices(const struct lg_db *db, int mode, const struct rules_setup *su,
		    struct rules_rng *rng, struct lg_choices *c, char **cause);

/* setup.c */
struct rules_game *lg_setup(const struct rules_setup *su, struct rules_rng *rng,
		    struct rules_events *ev, char **cause);

/* enemy-phase.c */
void		 lg_enemy_phase(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
/* The top Enemy card to add (the dead enemies reshuffled into an empty deck
 * once); -1 when there is none: the game is lost. */
int		 lg_enemy_card(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 lg_enter(struct rules_game *g, int space, int card, struct rules_rng *rng,
		    struct rules_events *ev);
void		 lg_to_cz(struct rules_game *g, int card, int up, int id,
		    struct rules_rng *rng, struct rules_events *ev);
void		 lg_runners(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 lg_reveal(struct rules_game *g, int space, int scanned,
		    struct rules_rng *rng, struct rules_events *ev);
int		 lg_enemy_attack(const struct rules_game *g, int card);

/* action-phase.c: one order line applied; -1 with *cause when impossible. */
int		 lg_play(struct rules_game *g, int card, int from, struct rules_rng *rng,
		    struct rules_events *ev, char **cause);
int		 lg_order(struct rules_game *g, const char *line, struct rules_rng *rng,
		    struct rules_events *ev, char **cause);
/* The space of the goal card attached there whose "use" ability the
 * active player may use now (its objective the current one, not used this
 * turn), or -1 (with *cause when cause is not NULL). */
int		 lg_usable_goal(const struct rules_game *g, int card, char **cause);
/* Was played[i] swapped (`swap CARD`, The Highest Tech)? */
int		 lg_swapped(const struct rules_game *g, int i);
void		 lg_enemy_dies(struct rules_game *g, int card, struct rules_rng *rng,
		    struct rules_events *ev);

/* effects.c */
int		 lg_cond_holds(const struct rules_game *g, const struct lg_ability *a,
		    int scanned);
int		 lg_times(const struct rules_game *g, const struct lg_ability *a, int card);
void		 lg_apply(struct rules_game *g, const struct lg_ability *a, int card,
		    int scanned, struct rules_rng *rng, struct rules_events *ev);
void		 lg_fire(struct rules_game *g, int card, enum lg_when when, int scanned,
		    struct rules_rng *rng, struct rules_events *ev);

/* keywords.c */
int		 lg_played_class(const struct rules_game *g, const char *cls, int before);
int		 lg_played_team(const struct rules_game *g, const char *team, int before);
int		 lg_other_characters(const struct rules_game *g, int card);
int		 lg_same_character(const struct rules_game *g, int card);
int		 lg_coordinations(const struct rules_game *g);

/* strike-phase.c */
void		 lg_strike_phase(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 lg_strike(struct rules_game *g, int seat, int enemy, struct rules_rng *rng,
		    struct rules_events *ev);
void		 lg_heal(struct rules_game *g, int seat, struct rules_events *ev);
/* The top Strike card (-1: none); the moment the deck runs out the discarded
 * strikes are shuffled into a new one (both modes). */
int		 lg_strike_card(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);

/* cleanup.c */
void		 lg_cleanup(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 lg_next_turn(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
int		 lg_coordinate(struct rules_game *g, int seat, int card, struct rules_rng *rng,
		    struct rules_events *ev, char **cause);

/* objectives.c */
void		 lg_goal_revealed(struct rules_game *g, int card, struct rules_events *ev);
void		 lg_killed_for_goal(struct rules_game *g, int card, struct rules_events *ev);
void		 lg_check_objective(struct rules_game *g, struct rules_events *ev);
int		 lg_may_fight(const struct rules_game *g, int card, char **cause);
void		 lg_final_killed(struct rules_game *g, struct rules_events *ev);
int		 lg_score(const struct rules_game *g);

/* orders.c */
int		 lg_check(const struct rules_game *g, size_t seat, const char *orders,
		    char **cause);
int		 lg_apply_orders(struct rules_game *g, size_t seat, const char *orders,
		    struct rules_rng *rng, struct rules_events *ev, int *more);
char		*lg_legal(const struct rules_game *g, size_t seat);
char		*lg_template(const struct rules_game *g, size_t seat);

/* serial.c */
char		*lg_save(const struct rules_game *g, size_t *len);
struct rules_game *lg_load(const void *data, const char *bytes, size_t len, char **cause);
void		 lg_secrets(const struct rules_game *g, struct rules_secret **out, size_t *n);

/* view.c */
cJSON		*lg_view(const struct rules_game *g, int seat);
cJSON		*lg_view_text(const cJSON *rv, const char *seat);

/* event-sentences.c: the events as sentences (struct rules events_text). */
cJSON		*lg_events_text(const struct rules_game *g, const cJSON *payloads);
cJSON		*lg_data_events_text(const void *data, const cJSON *payloads);

/* ---- Playing as Predators (doc/legendary-rules-map.md) ---- */
/* predator-data.c: the "predators" member of the card data */
int		 pd_data_load(struct lg_db *db, const cJSON *root, const char *file,
		    char **cause);
int		 pd_goal_what(const char *name);
int		 pd_role_of(const struct lg_db *db, const char *slug);
/* predator-setup.c */
struct rules_game *pd_setup(const struct rules_setup *su, struct rules_rng *rng,
		    struct rules_events *ev, char **cause);
/* predator-turn.c */
void		 pd_prey_phase(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
int		 pd_order(struct rules_game *g, const char *line, struct rules_rng *rng,
		    struct rules_events *ev, char **cause);
int		 pd_form(const char *line, char **cause);
void		 pd_strike_phase(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 pd_cleanup(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 pd_next_turn(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
void		 pd_enter(struct rules_game *g, int space, int card, int id,
		    struct rules_rng *rng, struct rules_events *ev);
void		 pd_push_cz(struct rules_game *g, int card, int id, struct rules_rng *rng,
		    struct rules_events *ev);
int		 pd_prey_attack(const struct rules_game *g, int card, int id);
/* prey-keywords.c: Runner, Escape, Lethal, Disarming, Arrest */
unsigned	 pd_keywords(const struct rules_game *g, int card, int id);
void		 pd_runners(struct rules_game *g, struct rules_rng *rng,
		    struct rules_events *ev);
int		 pd_escapes(struct rules_game *g, int card, int id, struct rules_events *ev);
void		 pd_disarming(struct rules_game *g, int card, struct rules_rng *rng,
		    struct rules_events *ev);
void		 pd_arrest(struct rules_game *g, int space, struct rules_events *ev);
int		 pd_arrested(const struct rules_game *g, int id);
void		 pd_release(struct rules_game *g, int id, int space, struct rules_rng *rng,
		    struct rules_events *ev);
/* predator-strike.c */
void		 pd_effect(struct rules_game *g, const struct lg_effect *e, int card,
		    struct rules_rng *rng, struct rules_events *ev);
void		 pd_strike(struct rules_game *g, int seat, int lethal, int by,
		    struct rules_rng *rng, struct rules_events *ev);
int		 pd_damage(const struct rules_game *g, int seat);
/* Does a Trap in front of seat (Poison, Snare) forbid it Heal and Restore? */
int		 pd_no_heal(const struct rules_game *g, int seat);
int		 pd_heal(struct rules_game *g, int seat, int k, int restore,
		    struct rules_events *ev, char **cause);
/* honor.c: Honor and trophies, the end of the game, scoring */
int		 pd_honor(const struct rules_game *g, int seat);
/* The Predators seat killed in a Duel (their Avatars are in its Trophy Room). */
int		 pd_predators_killed(const struct rules_game *g, int seat);
void		 pd_trophy(struct rules_game *g, int seat, int card, struct rules_events *ev);
void		 pd_predator_dies(struct rules_game *g, int seat, int by,
		    struct rules_events *ev);
void		 pd_end(struct rules_game *g, const char *why, struct rules_events *ev);
void		 pd_places(const struct rules_game *g, int *place, int *winner);
/* predator-view.c */
cJSON		*pd_view(const struct rules_game *g, int seat);
cJSON		*pd_view_text(const cJSON *rv, const char *seat);
char		*pd_legal(const struct rules_game *g, size_t seat);
/* challenges.c: Tests and Challenges */
void		 pd_test_revealed(struct rules_game *g, int card, struct rules_events *ev);
void		 pd_count(struct rules_game *g, enum lg_goal_what what, int n,
		    struct rules_events *ev);
int		 pd_challenge_honor(const struct rules_game *g, int seat);
int		 pd_armory_fill(struct rules_game *g, struct rules_events *ev);

#endif
