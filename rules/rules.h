/*
 * rules.h — the game interface every game implements (doc/adding-a-game.md).
 *
 * A game is a `struct rules`: a named table of function pointers over an
 * opaque `struct rules_game` (one game's whole state). The daemon, the store
 * and the auditor only ever talk to a game through this table:
 *
 *   create  — deal a new game from a scenario, seats, decks and randomness;
 *   owes    — which seats owe orders in the current phase;
 *   legal   — the legal order lines of a seat now (for the view's template);
 *   check   — parse and check a seat's order lines (precise error per line);
 *   resolve — apply every seat's orders with a random stream: the state moves
 *             on to the next phase that waits for someone, emitting events;
 *   view    — a seat's view model as cJSON (only what that seat may know);
 *   save/load — canonical serialisation (same state, same bytes);
 *   secrets — the hidden parts of the state, to be committed to.
 *
 * Rules code does no I/O, reads no clock and has no global random state:
 * given the same state, orders and random stream it always produces the
 * same new state, events and bytes. Randomness enters only through
 * struct rules_rng.
 *
 * Seats are numbered 0..nseats-1 in play order (for the CCG: R-M-P-A, with
 * duplicate factions ordered by a die roll at creation); the order given in
 * struct rules_setup is NOT necessarily the play order — use seat_name() and
 * seat_index() to map. All memory returned belongs to the caller unless a
 * comment says otherwise; strings returned as `const char *` belong to the
 * game and stay valid until the next call that changes the game.
 */
#ifndef MUTHUR_RULES_H
#define MUTHUR_RULES_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

/*
 * The only source of randomness: uniform(ctx, bound) returns an unbiased
 * integer in [0, bound), bound >= 1. The store implements it from the
 * phase's committed seed and the seats' nonces; tests use a counter-based
 * stream. A game may call it any number of times (including zero).
 *
 * Two streams, because their openings differ (doc/product.md §5, "Hidden
 * outcomes stay hidden"): uniform/ctx is for draws whose outcome is public
 * (dice), and its seed is opened when the phase resolves; hidden/hidden_ctx
 * is for every draw that orders something hidden (a deck's shuffle, the
 * deal), and its seed is opened only when the game is over. A game must
 * take every hidden ordering from hidden(), whatever the state, so that
 * which stream a phase used says nothing. hidden NULL (rules tests): the
 * hidden draws come from uniform/ctx too.
 */
struct rules_rng {
	uint32_t	(*uniform)(void *ctx, uint32_t bound);
	void		*ctx;
	uint32_t	(*hidden)(void *ctx, uint32_t bound);
	void		*hidden_ctx;
};

/* One seat of a new game. Pointers are borrowed for the create() call only. */
struct rules_seat {
	const char		*name;		/* seat id, a slug: "marines", "aliens-2" */
	const char		*faction;	/* CCG: rogue, marines, predator, aliens */
	const char *const	*deck;		/* draw deck, one card slug per entry */
	size_t			 ndeck;
	const char *const	*start;		/* chosen starting cards (slugs) */
	size_t			 nstart;
};
/*
 * CCG starting cards (a decklist's [start] section, rules/ccg/deck.h), in
 * any order except for items: the starting location and the one next to
 * it (Airlock/Cargo Bay, Barracks/Weapons Locker, Predator Shuttle/an
 * Entry, Breeding Chamber/a Hive location; the engine knows which is
 * which), the main characters, at most one battle condition, and the
 * items: the i-th item is carried by the i-th main character (the
 * Rogues' one Prohibited weapon each), the Predator carries all of his.
 * Construction rules (counts, Leader, copies) are deck.h's to check.
 */

/* What create() needs besides randomness. */
struct rules_setup {
	const char		*scenario;	/* CCG: "contact" */
	const struct rules_seat	*seats;		/* in any order */
	size_t			 nseats;
	const void		*data;		/* the game's component data, as
						   data_load() made it (CCG: const
						   struct ccg_carddb *), borrowed: it
						   must outlive the game */
	int			 places;	/* places to decide before the game
						   ends: 1 = stop at the first winner,
						   2 = play on for second place, ... */
	int			 await_legal;	/* 0 (every real game): a phase also
						   waits for seats that, for all the
						   others can tell, might have a choice
						   (a hand, a deck); 1 (rules tests
						   only): only for seats that have one */
	const char *const	*options;	/* noptions scenario options by name,
						   as `muthur new-game --option` gave
						   them (CCG: "no-combat-pool"); the
						   rules refuse unknown ones */
	size_t			 noptions;
};

/*
 * Who may see an event: everyone, or only the seats whose bit is set in
 * `seats` (bit i = seat i in play order).
 */
enum rules_vis {
	RULES_VIS_PUBLIC,
	RULES_VIS_SEATS
};

/*
 * A public event that makes secrets public (a hidden marker revealed)
 * carries "opens": ["SECRET-ID", ...] in its payload: the ids, as
 * secrets() names them, whose latest commitment the daemon must open now
 * (in the log and the views). An id that was never committed (created and
 * revealed within one resolve) has nothing to open.
 */
struct rules_event {
	enum rules_vis	 vis;
	uint64_t	 seats;		/* with RULES_VIS_SEATS */
	char		*json;		/* payload: one JSON object, compact; it
					   always has "type"; owned by the list */
};

/* A growing list of events; rules_events_free() releases the payloads. */
struct rules_events {
	struct rules_event	*v;
	size_t			 n;
	size_t			 cap;
};

/*
 * A hidden part of the state (a deck's order, a hand, a hidden marker).
 * The daemon commits to every secret anew in each phase, changed or not
 * (doc/commitments.md "Renewals"), unless it is fixed: a secret whose
 * bytes can never change while its id exists (Bug Hunt's tile at place 7
 * of the stack: the id names the place, and the stack is never
 * reordered; a reshuffle makes new ids) is committed once, when it first
 * appears, and that commitment covers it until it is opened. Whether a
 * secret is fixed must depend on its kind only, never on what it holds.
 *
 * A secret with a watch word (the CCG's hand and deck of a seat: the
 * seat's name) is renewed only in a phase whose resolve made a public
 * event holding that word as a JSON string ("seat":"marines"): by the
 * game's rules such a secret can change only through an action the rules
 * announce publicly, naming the word, so when the renewals fall follows
 * from the public events alone and tells nothing more
 * (rules_secret_may_change()). In any other phase it keeps its latest
 * commitment as a fixed secret does, as long as its bytes are those
 * committed; should they have changed all the same (a rules engine that
 * failed its promise), the daemon commits again, so every commitment
 * still binds what it covers.
 */
struct rules_secret {
	char		*id;		/* stable name: "deck:marines", "hand:aliens" */
	int		 seat;		/* the seat that may know it, -1 for nobody */
	unsigned char	*bytes;		/* canonical bytes of the secret */
	size_t		 len;
	int		 fixed;		/* 1: never changes while it exists */
	char		*watch;		/* NULL: renewed in every phase; else the
					   word of the public events that may
					   change it (owned; rules_secrets_free) */
	const char *const *still;	/* with watch: the types of public event
					   that hold the word yet never change
					   the secret (a payload starting
					   {"type":"T"); NULL-terminated,
					   static; NULL: none */
};

/* The result of a finished game (or the places decided so far). */
struct rules_result {
	int		 over;		/* 1 when the game has ended */
	int		 winner;	/* seat of first place, -1 if none yet */
	int		*place;		/* place[seat]: 1, 2, ... or 0 = not placed */
	size_t		 nseats;
};

struct rules_game;

/* A named file of bytes (component data, a decklist), borrowed. */
struct rules_file {
	const char	*name;		/* "source.json", "marines.deck" */
	const char	*bytes;		/* need not be NUL-terminated */
	size_t		 len;
};

/*
 * The game `muthur demo` plays: scenario, seats (at most RULES_DEMO_SEATS,
 * seated in this order, each played by demo_orders()), each seat's
 * decklist (a data file of the game, game_data_file(), or NULL for the
 * sample deck), and a phase at whose opening every 10th turn is shown
 * (NULL: none).
 */
#define RULES_DEMO_SEATS 8
struct rules_demo {
	const char		*scenario;
	const char *const	*seats;
	const char *const	*decks;
	size_t			 nseats;
	const char		*progress_phase;
};

/* What struct rules' picture() draws into. */
enum rules_picture {
	RULES_PICTURE_PNG,
	RULES_PICTURE_SVG
};

struct rules {
	const char	*name;		/* "ccg" */
	const char	*version;	/* rules version recorded in archives */

	/*
	 * Create a game: validate the setup (factions, starting cards, that
	 * every card slug exists), order the seats, deal, shuffle, and move on
	 * to the first phase that waits for a seat. Events of the setup are
	 * appended to ev (ev may be NULL here and in resolve(): the events are
	 * then dropped). Returns NULL with *cause set on bad setup.
	 */
	struct rules_game *(*create)(const struct rules_setup *setup,
			    struct rules_rng *rng, struct rules_events *ev,
			    char **cause);
	void		 (*free)(struct rules_game *g);

	/* Seats in play order: count, id, and id -> index (-1 if unknown). */
	size_t		 (*nseats)(const struct rules_game *g);
	const char	*(*seat_name)(const struct rules_game *g, size_t seat);
	int		 (*seat_index)(const struct rules_game *g, const char *name);

	/* Current turn (from 1) and phase, a dotted slug ("movement.move"). */
	int		 (*turn)(const struct rules_game *g);
	const char	*(*phase)(const struct rules_game *g);
	/*
	 * Every name phase() may give (NULL-terminated), so that the names a
	 * player writes in `set stops` and plan sections are checked: a word
	 * names a phase, or a round that is the part of some before a '.'
	 * ("combat" for "combat.declare.hidden-close"). NULL member: any
	 * name is taken.
	 */
	const char *const *phase_names;

	/* Does seat owe orders in the current phase? (0 when the game is over) */
	int		 (*owes)(const struct rules_game *g, size_t seat);

	/*
	 * The legal order lines of seat in the current phase, one per line
	 * with a final LF, for the view's order template: every line is an
	 * order that is legal now, alternatives listed (lines starting with
	 * '#' are hints, not orders). check() accepts each line on its own,
	 * except where a phase asks for more than one (the CCG Contact
	 * scenario's movement.locations: every location that has a place must
	 * be played). The first line is "pass" whenever passing is legal
	 * (there it is not). Caller frees.
	 */
	char		*(*legal)(const struct rules_game *g, size_t seat);
	/*
	 * Remember legal()'s answers for g from now (g non-NULL) until
	 * legal_memo(NULL): the caller changes nothing of g in between, so
	 * that legal() and what calls it inside the rules (view(), template())
	 * compute each seat's legal orders once. The rules may keep the
	 * answers past legal_memo(NULL) for a later legal_memo(g) of the same
	 * unchanged state (the CCG numbers each state of a game: the barrier
	 * of a new phase and its views ask once). Per thread; the answers are
	 * the same bytes either way. NULL member: nothing is remembered.
	 */
	void		 (*legal_memo)(const struct rules_game *g);

	/*
	 * Check a seat's whole orders text (one order per line, '#' comments
	 * and blank lines ignored) against the current state as if the seat's
	 * orders were applied alone and in order. Returns 0, or -1 with
	 * *cause = "line N: what is wrong; expected what".
	 */
	int		 (*check)(const struct rules_game *g, size_t seat,
			    const char *orders, char **cause);

	/*
	 * Resolve the current phase. orders[seat] is each seat's orders text
	 * (orders itself NULL, or an entry NULL or "" = pass: the NMR default);
	 * only seats that owe are read. Each text must
	 * pass check() first — if one does not, nothing changes and -1 is
	 * returned with *cause naming the seat and line. Otherwise the orders
	 * are applied the way the rulebook orders the phase (an order made
	 * impossible by an earlier seat's action fails alone, reported in an
	 * event visible to its seat), automatic phases that wait for nobody
	 * are run through, events are appended to ev and 0 is returned with
	 * the game in the next phase that waits for someone (or over). Should
	 * a whole turn pass in which nobody can act, the game stops in a phase
	 * nobody owes; calling resolve() again (all NULL) moves it on. The
	 * random stream is drawn from only for shuffles and dice of this phase
	 * and of the automatic phases run through. -1 also when the game is
	 * over.
	 */
	int		 (*resolve)(struct rules_game *g,
			    const char *const *orders, struct rules_rng *rng,
			    struct rules_events *ev, char **cause);

	/*
	 * The view model of seat (0..nseats-1), or of a spectator who sees
	 * only public facts when seat is -1. Two states that differ only in
	 * what seat may not know give identical JSON (for the CCG: "hand",
	 * "legal_orders" only for the reader; others' hand and deck as counts;
	 * deck order never). Caller frees (cJSON_Delete).
	 */
	cJSON		*(*view)(const struct rules_game *g, int seat);

	/*
	 * Canonical serialisation: the same state always gives the same bytes.
	 * save() returns a NUL-terminated buffer (length in *len), caller frees.
	 * load() rebuilds a game from those bytes and the same component data;
	 * NULL with *cause on bad input.
	 */
	char		*(*save)(const struct rules_game *g, size_t *len);
	struct rules_game *(*load)(const void *data, const char *bytes,
			    size_t len, char **cause);

	/*
	 * The secrets of the current state, to commit to. *out is a new array
	 * of *n entries; free with rules_secrets_free().
	 */
	void		 (*secrets)(const struct rules_game *g,
			    struct rules_secret **out, size_t *n);

	/* The result so far; free with rules_result_free(). */
	void		 (*result)(const struct rules_game *g,
			    struct rules_result *res);

	/*
	 * ---- What the daemon and the auditor need besides play ----
	 *
	 * The game's component data (the CCG's cards). The daemon snapshots
	 * the installed file data_file (at most data_max bytes, looked for
	 * under the data folder's NAME/ and NAME/data/, NAME the game's name)
	 * into a new game, records data_canonical()'s bytes as cards.json and
	 * data_hash() as the game's card hash; the auditor loads the archived
	 * files the same way. data_load() builds the data from files (in the
	 * order given, at least one) and returns it read-only: it may be
	 * shared by any number of games and is released with data_free().
	 * NULL with *cause when a file is not valid data. data_canonical()
	 * returns a new buffer (*len bytes, NUL-terminated); data_hash() is
	 * BLAKE2b-256 of it.
	 */
	const char	*data_file;	/* "sample-cards.json" */
	size_t		 data_max;
	void		*(*data_load)(const struct rules_file *files, size_t nfiles,
			    char **cause);
	void		 (*data_free)(void *data);
	char		*(*data_canonical)(const void *data, size_t *len);
	void		 (*data_hash)(const void *data, unsigned char hash[32]);

	/*
	 * Seats from decklists. A seat is named by its faction, with -2, -3
	 * for duplicates; decklists are text with LF line ends (the daemon
	 * normalises them). scenario_check: may a game be made under
	 * scenario? (0, or -1 with *cause listing the scenarios.)
	 * faction_check: is faction (seat's name without its suffix) one the
	 * game has? deck_check: is deck (a decklist file, its name in the
	 * messages) legal for faction under scenario? -1 with every problem,
	 * one per line after a first line that counts them, in *cause.
	 * seat_build: the rules seat of a decklist for create(): fills *out,
	 * whose slugs belong to data and arrays to out, seat and faction
	 * borrowed; -1 with the first problem in *cause (out holds what could
	 * be read either way). seat_clear() releases what seat_build() made.
	 * A decklist file is at most deck_max bytes.
	 */
	size_t		 deck_max;
	int		 (*scenario_check)(const char *scenario, char **cause);
	/*
	 * Is name a scenario option of the game (`muthur new-game --option`,
	 * handed to create() in rules_setup.options)? 0, or -1 with *cause
	 * listing the options there are.
	 */
	int		 (*option_check)(const char *name, char **cause);
	int		 (*faction_check)(const char *seat, const char *faction,
			    char **cause);
	int		 (*deck_check)(const void *data, const char *scenario,
			    const char *faction, const struct rules_file *deck,
			    char **cause);
	int		 (*seat_build)(const void *data, const char *seat,
			    const char *faction, const char *deck, size_t len,
			    struct rules_seat *out, char **cause);
	void		 (*seat_clear)(struct rules_seat *out);

	/*
	 * `muthur cards` (muthur-cards(5)): check the data files and, with
	 * deck, a decklist under scenario (NULL: the game's general rules)
	 * for faction (NULL: the one the decklist names). Usage errors (an
	 * unknown scenario or faction) give -1 with *cause before anything is
	 * read: files NULL checks the arguments alone. Otherwise 0 with the
	 * findings, one per line with LF, in *report (caller frees) and
	 * *valid 1 when everything is valid.
	 */
	int		 (*data_report)(const struct rules_file *files, size_t nfiles,
			    const char *scenario, const char *faction,
			    const struct rules_file *deck, char **report, int *valid,
			    char **cause);

	/*
	 * The scripted player of the demo, the end-to-end tests and the
	 * benchmark: deterministic orders for seat now, chosen from legal()
	 * (one line each, LF-terminated; "" to pass). Caller frees. NULL: the
	 * game has none (its seats pass).
	 */
	char		*(*demo_orders)(const struct rules_game *g, size_t seat);
	/*
	 * What the scripted player of `muthur demo` adds after demo_orders()
	 * to make its mail a plan (doc/product.md §3): plan sections (`phase:
	 * PHASE` and their orders) for later phases of the turn and `set`
	 * lines, LF-terminated; "" for none. Caller frees. NULL: the demo's
	 * seats send no plans.
	 */
	char		*(*demo_plan)(const struct rules_game *g, size_t seat);
	/* `muthur demo`'s game (the first game known that has one); NULL: none. */
	const struct rules_demo *demo;
	/*
	 * The turns `muthur demo` plays at most unless --turns says; 0: 40.
	 * A game whose turn is one player's (Bug Hunt) needs more.
	 */
	int		 demo_turns;

	/*
	 * Display-ready text of view(g, seat) (rv) for the reader seat, for
	 * the view mail's template: built from rv alone, so it shows nothing
	 * rv does not. The view model carries it under the game's name.
	 * Never NULL; caller frees. NULL member: no display text.
	 */
	cJSON		*(*view_text)(const cJSON *rv, const char *seat);
	/*
	 * The events a seat is shown as sentences a player reads (PRODUCT.md
	 * §6): payloads is the array of their payloads, in order; returns an
	 * array of as many items: each event's sentence, "" for an event told
	 * in another one's sentence (like events in a row told together, a
	 * view's standing passes told where the last of them is),
	 * or null for one the game has no sentence for (the daemon's own).
	 * Names come from the game's public component data only, never from
	 * what g hides. Caller frees. NULL member: the daemon's lines.
	 */
	cJSON		*(*events_text)(const struct rules_game *g,
			    const cJSON *payloads);
	/*
	 * The same sentences with no game, from the component data alone
	 * (data_load()'s): for an archive that cannot be replayed, a running
	 * game's spectator archive (`muthur view`). Words that need the
	 * seats ("everyone") read as the seats named. NULL member: none.
	 */
	cJSON		*(*data_events_text)(const void *data, const cJSON *payloads);

	/*
	 * The orders part of seat's order template in its view (doc/product.md
	 * §3, "The template is signable as mailed"): comment lines ('#')
	 * showing the legal orders now, compactly if the game likes
	 * (patterns with their choices; legal() stays the full list), then
	 * uncommented the orders a seat gives that signs the template as
	 * mailed, which check() must accept as they stand ("pass" where
	 * passing is legal). LF-terminated; caller frees. NULL member: the
	 * legal lines as comments and "pass" uncommented when legal() lists
	 * it.
	 */
	char		*(*template)(const struct rules_game *g, size_t seat);

	/*
	 * A seat's standing setting from a `set KEY VALUE` line of the orders
	 * resolved for it (PRODUCT.md §3 "Settings by mail"): called before
	 * resolve(), in block order, for every such line of each seat's
	 * block, by the game service and the auditor alike, so that the rules
	 * may keep what bears on who is awaited (the CCG: `set stops`, the
	 * phases a standing pass does not cover). Keys the game does not use
	 * are ignored. NULL member: no setting bears on the rules.
	 */
	void		 (*setting)(struct rules_game *g, size_t seat, const char *key,
			    const char *value);

	/*
	 * The board as a picture, drawn from view(g, seat) (rv) alone for the
	 * reader seat (NULL: a spectator), like view_text: two views that
	 * are equal give the same bytes. RULES_PICTURE_PNG: a PNG for the
	 * view mail and `muthur show --png`; RULES_PICTURE_SVG: the same
	 * drawing as one NUL-terminated <svg> element (`muthur view`). 0 with
	 * a new buffer in *out (*len bytes; caller frees), or -1 with *cause.
	 * NULL member: the game has no picture (its mails go without).
	 */
	int		 (*picture)(const cJSON *rv, const char *seat,
			    enum rules_picture format, char **out, size_t *len,
			    char **cause);
};

/* The games compiled in and registered, by name ("ccg"); NULL if unknown. */
const struct rules *rules_find(const char *name);
/*
 * Add a game to the registry for the life of the process (a test's toy
 * game, tests/toy/): rules_find() knows it from now on. r is borrowed and
 * must outlive every use. -1 when a game of that name is known already or
 * the registry is full.
 */
int	rules_register(const struct rules *r);
/* The i-th game known (compiled in first, then registered); NULL past the end. */
const struct rules *rules_at(size_t i);
/* The names of the games known, ", "-joined ("ccg"); caller frees. */
char	*rules_names(void);

/* Append an event (payload copied); seats is ignored for PUBLIC. */
void	rules_events_add(struct rules_events *ev, enum rules_vis vis,
	    uint64_t seats, const char *json);
/* Is event e visible to seat (-1 = spectator: public only)? */
int	rules_event_visible(const struct rules_event *e, int seat);
/* Release every payload and the array; the list becomes empty. */
void	rules_events_free(struct rules_events *ev);
void	rules_secrets_free(struct rules_secret *s, size_t n);
/*
 * May secret s have changed in the resolve (or create) that made the
 * events ev? 1 when s has no watch word, when ev is NULL (not known: a
 * game loaded, not resolved) or when a public event of ev, not of a type
 * in s->still, holds s->watch as a JSON string; 0 otherwise: the public
 * events alone decide, never the secret's bytes.
 */
int	rules_secret_may_change(const struct rules_secret *s,
	    const struct rules_events *ev);
void	rules_result_free(struct rules_result *res);

#endif
