/*
 * card.h — card data of the Aliens Predator CCG: the card types of the
 * rulebook (section 2, "The Cards") as C structs, and the card database
 * loaded from JSON files (format: doc/ccg-card-data.md, muthur-cards(5)).
 *
 * A database is built by adding JSON documents (ccg_carddb_add_json(), which
 * does no I/O) or files (ccg_carddb_add_file()), then sealed with
 * ccg_carddb_seal(), which checks references between cards and computes the
 * hash games record. After sealing the database is read-only and may be
 * shared by any number of games. All strings and cards belong to the
 * database and live until ccg_carddb_free().
 *
 * Identifiers: every card has a stable id chosen by the data file (letters,
 * digits, '.', '_', '-'; at most 32 characters; unique in a database) and a
 * slug made from its name by ccg_slugify() ("Pvt Hudson" -> "pvt-hudson";
 * unique in a database too). Orders name cards by slug.
 */
#ifndef MUTHUR_CCG_CARD_H
#define MUTHUR_CCG_CARD_H

#include <stddef.h>

/* Factions in R-M-P-A order (rulebook "R-M-P-A Order"), so that sorting by
 * faction value gives the order of play. CCG_FACTION_HUMAN marks cards any
 * Human player (Rogue or Marines) may use; NEUTRAL marks cards of no side. */
enum ccg_faction {
	CCG_FACTION_NEUTRAL = 0,
	CCG_FACTION_ROGUE = 1,
	CCG_FACTION_MARINES = 2,
	CCG_FACTION_PREDATOR = 3,
	CCG_FACTION_ALIENS = 4,
	CCG_FACTION_HUMAN = 5,
};
#define CCG_NPLAYER_FACTIONS 4	/* Rogue .. Aliens */

/* Species (rulebook section 4; a character's kind of creature). */
enum ccg_species {
	CCG_SPECIES_NONE = 0,	/* not a character */
	CCG_SPECIES_HUMAN,
	CCG_SPECIES_SYNTHETIC,
	CCG_SPECIES_PREDATOR,
	CCG_SPECIES_ALIEN,
	CCG_SPECIES_OTHER,	/* pets and other non-human beings */
};

enum ccg_card_type {
	CCG_CARD_MAIN_CHARACTER = 0,
	CCG_CARD_SUPPORTING_CHARACTER,
	CCG_CARD_LOCATION,
	CCG_CARD_ITEM,
	CCG_CARD_VEHICLE,
	CCG_CARD_EVENT,
	CCG_CARD_BATTLE_CONDITION,
	CCG_CARD_BARRIER,
};
#define CCG_NCARD_TYPES 8

/*
 * Keywords (bit flags in ccg_card.keywords). UNIQUE .. DISTINCT are
 * written in the data ("keywords": [...]); LEADER .. EDGED the loader
 * derives from the card's resources and name (ccg_card_has_resource()).
 * Scenario overrides (Contact's Unique Hand Welder, ...) are not applied
 * here: see deck.h.
 */
#define CCG_KW_UNIQUE		0x0001u	/* one copy per deck */
#define CCG_KW_LIMITED		0x0002u	/* at most 3 copies per deck */
#define CCG_KW_PROHIBITED	0x0004u	/* only Rogue characters may use it */
#define CCG_KW_CONCEALABLE	0x0008u	/* a Rogue may conceal it (face down) */
#define CCG_KW_PERMANENT	0x0010u	/* event stays on the table */
#define CCG_KW_MOLTED		0x0020u	/* molted Alien: up to 5 copies, no groups */
#define CCG_KW_DISTINCT		0x0040u	/* location never merges with same name */
#define CCG_KW_LEADER		0x0100u	/* derived: resource Leader (+1 hand size) */
#define CCG_KW_ADAPTABLE	0x0200u	/* derived: resource Adaptable (+1 hand size) */
#define CCG_KW_QUEEN		0x0400u	/* derived: Alien whose name holds "Queen" */
#define CCG_KW_ENCLOSED		0x0800u	/* derived: vehicle resource Enclosed */
#define CCG_KW_EDGED		0x1000u	/* derived: item resource Edged (blade) */

/* The rounds an event card may be played in (card "timing", bit i is
 * ccg_timing_names[i]); events-rounds.c. */
#define CCG_TIMING_COMBAT	0x1u	/* the Combat Round (the default) */
#define CCG_TIMING_MOVEMENT	0x2u	/* the Movement Round's Movement Step */
#define CCG_TIMING_SEARCH	0x4u	/* the Search Round, as searches are declared */

/* Marine rank (rescue quota: each starting Marine of corporal rank or above,
 * and each irregular, adds one supporting character to rescue). */
enum ccg_rank {
	CCG_RANK_NONE = 0,	/* not a Marine, or no rank given */
	CCG_RANK_PRIVATE,
	CCG_RANK_CORPORAL,
	CCG_RANK_SERGEANT,
	CCG_RANK_LIEUTENANT,
	CCG_RANK_CAPTAIN,
	CCG_RANK_IRREGULAR,	/* serves with the Marines without rank */
};
/* Extra supporting characters a starting Marine of this rank adds to the
 * rescue quota: 1 for corporal or above and for irregulars, else 0. */
int ccg_rank_quota_extra(enum ccg_rank);

/* Characters: main and supporting (rulebook "Main Characters",
 * "Supporting Characters"). Printed, always-on bonuses are fields here;
 * everything conditional is an effect. */
struct ccg_character {
	int		 speed;		/* 0..9: movement points and defense */
	int		 power;		/* 0..20: close-combat damage and resistance */
	enum ccg_species species;	/* from "species", else derived */
	enum ccg_rank	 rank;		/* Marines only; NONE otherwise */
	int		 to_hit_close;	/* printed bonus to hit in close combat */
	int		 to_hit_ranged;	/* printed bonus to hit with ranged weapons */
	int		 damage_bonus;	/* added to hand-to-hand damage (Alien Warrior +3) */
	int		 defense_bonus;	/* added to defense (speed) when attacked */
	int		 hidden_markers; /* innate hidden movement: markers incl. the real one; 0 none */
};

/* Location class (rulebook "Locations": ground and cross locations, and
 * the ship and entry locations scenarios name). */
enum ccg_location_class {
	CCG_LOC_GROUND = 0,
	CCG_LOC_CROSS_HIGH,
	CCG_LOC_CROSS_LOW,
	CCG_LOC_SHIP,
	CCG_LOC_ENTRY,
};

enum ccg_environment {
	CCG_ENV_INDOOR = 0,
	CCG_ENV_OUTDOOR,
};

/* Special location kinds (bits of ccg_location.kinds), derived from the
 * card's resources and name: a location "is" an Operations when it has the
 * Operations resource or that is its name. */
#define CCG_LK_OPERATIONS	0x0001u
#define CCG_LK_DOCKING_BAY	0x0002u
#define CCG_LK_BREEDING_CHAMBER	0x0004u
#define CCG_LK_HIVE		0x0008u
#define CCG_LK_SUBMERGED	0x0010u	/* resource Submerged or Water */
#define CCG_LK_CONFINED		0x0020u
#define CCG_LK_COVER		0x0040u
#define CCG_LK_HI_TECH		0x0080u	/* Hi-Tech or Computers: data theft */
#define CCG_LK_PREDATOR_SHIP	0x0100u	/* Predator Shuttle/Ship/Mothership */

struct ccg_location {
	enum ccg_location_class	 cls;
	enum ccg_environment	 env;
	unsigned		 kinds;	/* CCG_LK_* */
};

enum ccg_item_kind {
	CCG_ITEM_WEAPON = 0,
	CCG_ITEM_ARMOR,
	CCG_ITEM_AMMO,
	CCG_ITEM_ATTACHMENT,
	CCG_ITEM_GEAR,		/* any other device (Medikit, Motion Tracker) */
};

enum ccg_range {
	CCG_RANGE_NONE = 0,	/* not a weapon */
	CCG_RANGE_CLOSE,	/* hand-to-hand: damage adds to Power */
	CCG_RANGE_SHORT,	/* ranged, same location; damage replaces Power */
	CCG_RANGE_LONG,		/* ranged, same or adjacent location */
};

/* Items (rulebook "Items"). Restrictions (ccg_card.restrictions) are the
 * resources a location needs for the item to be found there; "Predator
 * Item" and "Military Arms" also limit who may use it. */
struct ccg_item {
	enum ccg_item_kind kind;
	enum ccg_range	 range;
	int		 damage;	/* weapon damage (see range); ammo: change */
	int		 armor;		/* armor: added resistance */
	int		 to_hit;	/* printed to-hit modifier when used */
	int		 bind;		/* binding strength; 0 if not binding */
};

/* Vehicles (rulebook "Vehicles", "Special Rules for Vehicles"). */
struct ccg_vehicle {
	int		 speed;
	int		 capacity;	/* characters aboard, driver included */
	int		 armor;		/* worn down before the hull */
	int		 hull;		/* like Power; 0 destroys it */
};

/* Barriers (rulebook "Barriers"): defense is always 0. Who may play or
 * pass is in the card's restrictions (a species or faction name). */
struct ccg_barrier {
	int		 power;
};

/* Effects: structured, never free text. The kinds the data may use. */
enum ccg_effect_kind {
	CCG_EFFECT_MODIFY = 0,	/* stat += amount (attack, target, duration apply) */
	CCG_EFFECT_HIDDEN_MOVEMENT, /* target may use hidden movement with amount markers */
	CCG_EFFECT_IMMUNE,	/* target immune to environmental damage `term` ("gas", "acid", "all") */
	CCG_EFFECT_CANNOT_MOVE,	/* the card never moves, not even dragged */
	CCG_EFFECT_NO_HONOR_WIN, /* a Predator that can never win by honor */
	CCG_EFFECT_SKIP_READY,	/* after rolling `amount` in combat, skip the next Ready */
	CCG_EFFECT_STOP_ATTACKS, /* rotate: no other character at the location attacks */
	CCG_EFFECT_HIVE_MOVEMENT, /* Aliens move Hive <-> here for `amount` MPs */
	CCG_EFFECT_MOLTS_FROM,	/* Royal Jelly on an Alien `term` (name) in the
				 * Mature Step replaces it with this card */
	CCG_EFFECT_MATURES_FROM, /* this card replaces an Alien `term` (name) of
				 * its player: from the hand in a Mature Step, or
				 * (when "combat") as soon as `term` takes damage,
				 * searched from hand, deck or discard */
	CCG_EFFECT_FORCE_UPGRADE, /* event: the Alien `term` (name) is replaced
				 * by its damage upgrade though undamaged */
	CCG_EFFECT_GORE,	/* the Newborn gains `amount` Gore tokens when it
				 * consumes this Alien (card or token) */
	CCG_EFFECT_DATA_STORE,	/* holds up to `amount` data tokens */
	CCG_EFFECT_STARTS_WITH,	/* when a starting card, begins with card `term` (name) */
	CCG_EFFECT_DRAW,	/* owner draws `amount` cards */
	CCG_EFFECT_GAIN_POOL,	/* owner gains `amount` Combat Pool */
	CCG_EFFECT_HEAL,	/* remove `amount` damage from the target */
	CCG_EFFECT_READY,	/* ready the target */
	CCG_EFFECT_CANCEL_EVENT, /* cancel an event (`term`: "permanent" or NULL for any) */
	CCG_EFFECT_GAIN_RP,	/* owner gains `amount` Research Points */
	CCG_EFFECT_SPEND_RP,	/* playing it costs `amount` Research Points */
	CCG_EFFECT_SHOTS,	/* ammo: depleted after `amount` attacks */
	CCG_EFFECT_DEPLETE,	/* empties a weapon: its loaded ammo, else its own */
	CCG_EFFECT_ADD_RESOURCE, /* target gains resource `term` */
	CCG_EFFECT_FREE_ATTACK,	/* target makes a free attack (no rotation) */
	CCG_EFFECT_DESTROY_ITEM, /* discard the targeted item */
	CCG_EFFECT_ENV_DAMAGE,	/* `amount` environmental damage of kind `term` */
	CCG_EFFECT_REPLENISH,	/* restore a weapon's basic ammunition */
	CCG_EFFECT_ATTACH_TO,	/* attachment fits items with resource `term` */
	CCG_EFFECT_LOADS_INTO,	/* ammo fits weapons with resource `term` */
	CCG_EFFECT_EVACUATE,	/* evacuation allowed here (for `term` faction or any) */
	CCG_EFFECT_SEARCH_DECK,	/* searching here may find cards from the draw deck */
	CCG_EFFECT_CARRY_BARRIER, /* item used on a location makes a barrier of power `amount` */
	CCG_EFFECT_DAMAGE_LOCATION, /* event: the location becomes Damaged (its effect text is ignored) */
	CCG_EFFECT_REPAIR_LOCATION, /* event: a Damaged location is repaired */
};
#define CCG_NEFFECT_KINDS 35

/* Attributes and abilities an effect can change (rulebook "Events"). */
enum ccg_stat {
	CCG_STAT_NONE = 0,
	CCG_STAT_SPEED,		/* attribute */
	CCG_STAT_POWER,		/* attribute */
	CCG_STAT_TO_HIT,	/* ability */
	CCG_STAT_DAMAGE,	/* ability */
	CCG_STAT_RESISTANCE,	/* ability */
	CCG_STAT_DEFENSE,	/* ability */
	CCG_STAT_MOVEMENT,	/* ability */
	CCG_STAT_HAND_SIZE,	/* player */
	CCG_STAT_COMBAT_POOL,	/* player */
};

enum ccg_attack {
	CCG_ATTACK_ANY = 0,
	CCG_ATTACK_CLOSE,
	CCG_ATTACK_RANGED,
};

/* What the effect acts on. */
enum ccg_target {
	CCG_TARGET_SELF = 0,	/* the card itself */
	CCG_TARGET_CARRIER,	/* the character carrying the item */
	CCG_TARGET_CHARACTER,	/* one character the player picks */
	CCG_TARGET_OWN_CHARACTER,
	CCG_TARGET_ENEMY_CHARACTER,
	CCG_TARGET_AT_LOCATION,	/* every character at the card's location */
	CCG_TARGET_LOCATION,
	CCG_TARGET_ITEM,
	CCG_TARGET_PLAYER,	/* the card's owner */
	CCG_TARGET_OPPONENTS,
	CCG_TARGET_ALL_PLAYERS,
};

/* When the effect applies. */
enum ccg_trigger {
	CCG_WHEN_ALWAYS = 0,	/* while in play (default for non-events) */
	CCG_WHEN_PLAYED,	/* as the card is played (default for events) */
	CCG_WHEN_ROTATED,	/* rotate the card (a main action) to use it */
	CCG_WHEN_START,		/* at the start of the game */
	CCG_WHEN_COMBAT,	/* during combat */
	CCG_WHEN_SEARCH,	/* during the Search Round */
};

enum ccg_duration {
	CCG_UNTIL_INSTANT = 0,	/* resolves at once */
	CCG_UNTIL_END_OF_ROUND,
	CCG_UNTIL_END_OF_TURN,
	CCG_UNTIL_REMOVED,	/* permanent, or while the card is in play */
};

struct ccg_effect {
	enum ccg_effect_kind	 kind;
	enum ccg_trigger	 when;
	enum ccg_target		 target;
	enum ccg_duration	 until;
	enum ccg_stat		 stat;		/* MODIFY */
	enum ccg_attack		 attack;	/* applies only to this kind of attack */
	int			 amount;
	const char		*term;		/* resource, damage kind, slug or NULL */
	const char		*requires;	/* resource the target needs, or NULL */
};

/* One card. Only the member matching type is meaningful (others zero). */
struct ccg_card {
	const char		*id;
	const char		*name;
	const char		*slug;
	const char		*set;		/* the set name from the file */
	const char		*file;		/* the name the file was added under */
	size_t			 index;		/* position in ccg_carddb.cards */
	enum ccg_card_type	 type;
	enum ccg_faction	 faction;
	unsigned		 keywords;	/* CCG_KW_* */
	const char	       **resources;	/* white; nresources entries */
	size_t			 nresources;
	const char	       **restrictions;	/* yellow; nrestrictions entries */
	size_t			 nrestrictions;
	struct ccg_effect	*effects;
	size_t			 neffects;
	int			 honor;		/* printed honor value; -1 none */
	int			 kill_honor;	/* honor for killing/carrying it; -1 none */
	int			 cp_cost;	/* Combat Pool to play or use; 0 none */
	const char		*rarity;	/* or NULL */
	const char		*text;		/* short paraphrase for views, or NULL */
	unsigned		 timing;	/* event: CCG_TIMING_* rounds it may be
						 * played in ("timing"; default combat) */

	struct ccg_character	 chr;		/* MAIN/SUPPORTING_CHARACTER */
	struct ccg_location	 loc;		/* LOCATION */
	struct ccg_item		 item;		/* ITEM */
	struct ccg_vehicle	 veh;		/* VEHICLE */
	struct ccg_barrier	 barrier;	/* BARRIER */
};

#define CCG_HASH_LEN 32		/* BLAKE2b-256 */

struct ccg_carddb {
	struct ccg_card	**cards;	/* once sealed: sorted by id, cards[i]->index == i */
	size_t		  ncards;
	char		**files;	/* names the files were added under, in order */
	size_t		  nfiles;
	int		  sample;	/* every file says "sample": true */
	int		  sealed;
	unsigned char	  hash[CCG_HASH_LEN];	/* valid once sealed */
	char		  hash_hex[2 * CCG_HASH_LEN + 1];
	struct ccg_carddb_priv *priv;	/* loader state; not for callers */
};

/* Largest card data file accepted (bytes). */
#define CCG_CARDDB_MAX_FILE (4u * 1024 * 1024)

/* An empty, unsealed database. Never NULL. Free with ccg_carddb_free(). */
struct ccg_carddb *ccg_carddb_new(void);
void ccg_carddb_free(struct ccg_carddb *db);

/*
 * Parse one JSON card file held in memory (len bytes, need not be
 * NUL-terminated) and add its cards. name is the file name used in
 * messages and in card->file. On bad data returns -1 with one line in
 * *cause naming file, card and field, e.g.
 *   marines.json: card "Pvt Hudson": field "speed": expected an integer 0..9, got "fast"
 * and leaves the database unchanged. Fails on a sealed database.
 */
int ccg_carddb_add_json(struct ccg_carddb *db, const char *name,
    const char *data, size_t len, char **cause);
/*
 * Check references between cards (STARTS_WITH slugs), require at least one
 * card, and compute the hash: BLAKE2b-256 of ccg_carddb_canonical(). After
 * this the database is read-only. Returns -1 with a reason on failure.
 */
int ccg_carddb_seal(struct ccg_carddb *db, char **cause);
/*
 * Add every file in paths and seal: the usual way to load. Returns NULL
 * with a reason naming the bad file on failure.
 */
struct ccg_carddb *ccg_carddb_load(const char *const *paths, size_t npaths,
    char **cause);
/*
 * The canonical bytes of the loaded cards (every card, sorted by id, every
 * field in a fixed order, as compact JSON): the same cards give the same
 * bytes whatever the files' layout, key order or order of loading. Returns
 * a new string (caller frees) and its length in *len if len != NULL.
 */
char *ccg_carddb_canonical(const struct ccg_carddb *db, size_t *len);

/* Lookups; NULL when absent. The returned card belongs to db. */
const struct ccg_card *ccg_carddb_find_id(const struct ccg_carddb *db, const char *id);
const struct ccg_card *ccg_carddb_find_slug(const struct ccg_carddb *db, const char *slug);
/* By name (case-insensitive, spaces and punctuation as ccg_slugify()) or by
 * slug: ccg_carddb_find_slug(ccg_slugify(s)). */
const struct ccg_card *ccg_carddb_find_name(const struct ccg_carddb *db, const char *s);

/*
 * The slug of a name: lowercase ASCII letters and digits kept, every run of
 * spaces, '-', '_' or '/' becomes one '-', other punctuation dropped, no '-'
 * at either end. "Pvt Hudson" -> "pvt-hudson", "P.T.V." -> "ptv",
 * "UA 571C Sentry Gun" -> "ua-571c-sentry-gun". A new string; "" if nothing
 * is left.
 */
char *ccg_slugify(const char *name);

/*
 * Does the card have resource r (case-insensitive)? Its resources list
 * counts, and so do the words of its name (rulebook: "words located in the
 * card names ... count as resources"): r matches when it is a whole-word
 * run inside the name ("Docking Bay" in "Docking Bay", "Alien" in "Alien
 * Warrior").
 */
int ccg_card_has_resource(const struct ccg_card *c, const char *r);
/* Does the card list restriction r (case-insensitive)? */
int ccg_card_has_restriction(const struct ccg_card *c, const char *r);
/* May card c (item, vehicle or supporting character) be found by searching
 * location loc? Yes when one of c's place restrictions is a resource of loc
 * (ccg_card_has_resource()). Restrictions naming who may use the card
 * (Human, Rogue, Marine(s), Predator, Alien(s), Synthetic, Predator Item,
 * Military Arms) are not place restrictions. A card with no place
 * restriction is found nowhere. Hived locations are the engine's concern. */
int ccg_card_findable_at(const struct ccg_card *c, const struct ccg_card *loc);
/* May a player of faction f use/play card c (its faction is f, HUMAN for
 * Rogue or Marines, or NEUTRAL)? */
int ccg_faction_may_use(enum ccg_faction card, enum ccg_faction player);

/* Names as the data spells them ("main character", "Marines", "cross high",
 * ...); never NULL (unknown values give "?"). */
const char *ccg_card_type_name(enum ccg_card_type);
const char *ccg_faction_name(enum ccg_faction);
const char *ccg_species_name(enum ccg_species);
const char *ccg_location_class_name(enum ccg_location_class);
const char *ccg_effect_kind_name(enum ccg_effect_kind);
const char *ccg_stat_name(enum ccg_stat);
/* Parse a faction name ("rogue", "Marines", "marine", "predator", "aliens",
 * "alien", "human", "neutral"; case-insensitive). -1 when unknown. */
int ccg_faction_parse(const char *s);

#endif
