/*
 * game.h — the game service: everything that changes a game, exactly as
 * doc/game-record.md records it (new-game, seat, start, orders by mail,
 * the seat barrier and resolving, secrets, the end of a game), and the
 * outbox sender. The `muthur` verbs, muthurd's loop, the demo, the tests
 * and the benchmark all go through here.
 *
 * Every function that changes the database runs one transaction
 * (store_begin ... store_commit) together with the outbox rows it causes,
 * and rolls it back on any failure: a failing call changes nothing.
 * Times come in through struct game_ctx (now), never from the clock.
 */
#ifndef MUTHUR_DAEMON_GAME_H
#define MUTHUR_DAEMON_GAME_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "rules/rules.h"
#include "store/games.h"
#include "store/phases.h"
#include "store/serverkey.h"
#include "store/store.h"
#include "templates/tmpl.h"

struct sender;

/* What the service works with; everything is borrowed. */
struct game_ctx {
	struct store		*st;
	const struct server_key	*key;		/* signs commitments */
	const struct tmpl_set	*tmpl;		/* view, ack and refusal templates */
	const char		*from;		/* muthur's address (config [mail] from) */
	int64_t			 now;		/* seconds since the epoch */
	size_t			 max_message_size;	/* intake limits; 0: none */
	size_t			 max_orders_size;
};

/* One game loaded from the store: rules, component data and the latest state. */
struct game_live {
	struct store_game	*game;
	const struct rules	*rules;
	void			*data;		/* rules->data_load()'s, shared by the
						   games made from the same data: the
						   caller never frees it */
	struct rules_game	*g;		/* latest recorded state */
	struct store_seat	*seats;		/* seat order */
	size_t			 nseats;
	/* g is the recorded state (after phase state_seq, BLAKE2b-256
	 * state_hash) when state_known: game_live_free() then keeps g for the
	 * next load of that state (daemon/game-live.c); whoever changes g
	 * (rules->resolve) clears state_known, or sets it again to the state
	 * it recorded */
	int			 state_known;
	uint64_t		 state_seq;
	unsigned char		 state_hash[32];
};

/*
 * A data file of game r's installation: FILE under $MUTHUR_DATADIR or the
 * installed data folder, looked for as DIR/NAME/FILE, DIR/NAME/data/FILE
 * and DIR/FILE (NAME: r->name). A new string, or NULL with a reason
 * naming the folders.
 */
char *game_data_file(const struct rules *r, const char *file, char **cause);
/* The same under dir (`muthur cards --data DIR`), or as above when NULL. */
char *game_data_file_in(const char *dir, const struct rules *r, const char *file,
    char **cause);

/*
 * `muthur new-game`: create game name under rules and scenario, snapshot
 * the installed component data (rules->data_file) with its canonical bytes
 * as cards.json, open phase 1 (setup) and commit its seed. Refuses unknown
 * rules or scenario (rules->scenario_check) and an existing name. One
 * unit of work: inside the caller's transaction (new-game adds the
 * game's deadline policy, daemon/game-clock.h) it commits with it.
 */
int game_new(const struct game_ctx *c, const char *name, const char *rules,
    const char *scenario, const char *const *options, size_t noptions,
    char **cause);

/*
 * Scenario options (`muthur new-game --option NAME`): new-game records
 * them as game file GAME_OPTIONS_FILE, a JSON array of names, only when
 * there are some; start passes them to the rules (struct
 * rules_setup.options) and writes them into setup.json as "options".
 * game_options_parse() reads such an array: a new vector of *n names
 * (free with game_options_free()), or NULL with a reason.
 */
#define GAME_OPTIONS_FILE "options.json"
char **game_options_parse(const char *json, size_t len, size_t *n, char **cause);
void game_options_free(char **v, size_t n);

/*
 * `muthur seat`: add seat to a game in setup (faction: the seat name
 * without a -N suffix, rules->faction_check), or, when the seat exists,
 * replace its e-mail and key: in setup simply, in a running or paused game
 * as game_replace() (daemon/game-clock.h: the key change goes into the
 * chain), never once the game is over. key is a key file or
 * the key text (pubkey_from_arg). deck_path is a decklist file or NULL for
 * the scenario's sample deck (SCENARIO-FACTION.deck, else FACTION.deck,
 * game_data_file()); a new seat's decklist is validated (rules->deck_check)
 * and refused with every violation, one per line, in *cause. *replaced
 * (may be NULL) says which it was. 0; -1 with *cause; -2 with *cause when
 * the arguments are wrong (an address that is none, a seat name that is no
 * faction of the game: `muthur seat` misuse).
 */
int game_seat(const struct game_ctx *c, const char *name, const char *seat,
    const char *email, const char *key, const char *deck_path, int *replaced,
    char **cause);

/*
 * `muthur start`: setup.json, decklist commitments, the commitment to turn
 * 1's seed; then phase 1 waits for a signed `ready` block from every seat
 * (daemon/game-ready.c: each is mailed the template, the phase's deadline
 * is the clock's), and the deal comes when the last arrives or the
 * deadline passes (doc/commitments.md, "Seat entropy"). game_start_now
 * (`muthur start --deal-now`) deals at once with no seat's nonce: the audit
 * names every seat's entropy missing from the deal. Refuses a game not in
 * setup, started already, or with fewer than two seats.
 */
int game_start(const struct game_ctx *c, const char *name, char **cause);
int game_start_now(const struct game_ctx *c, const char *name, char **cause);

/*
 * Load a game with its latest state (free with game_live_free()). NULL
 * with a reason when the game, its card data or its state cannot be read,
 * or when the state is not believed (logged too: the game is held): its
 * bytes do not hash to its recorded hash, or, with a phase open, it is not
 * recorded after the phase before it or is not in it (turn and name). The
 * states are a cache of the log's replay (`muthur fsck`). In a transaction
 * the game is locked first (store_game_lock()): NULL when another worker
 * holds it and the store skips busy games (store_busy_take() says so).
 */
struct game_live *game_live_load(struct store *st, const char *name, char **cause);
struct game_live *game_live_load_id(struct store *st, int64_t game_id, char **cause);
void game_live_free(struct game_live *l);
/* l->g is now the state recorded after phase seq, these len bytes. */
void game_state_known(struct game_live *l, uint64_t seq, const void *state, size_t len);

/*
 * Handle one incoming mail (raw RFC 5322 bytes) as one unit of work
 * (store_unit_begin(): its own transaction, or a savepoint when the caller
 * has one open to group several mails): recognise a mail handled before
 * (nothing happens again), file automatic and non-orders mail without an
 * answer, refuse bad mail with a reply saying why, store valid orders with
 * an acknowledgement, and resolve every phase whose barrier this completes.
 * Returns 0 with a one-line *outcome (caller frees; "duplicate: ...",
 * "filed: ...", "refused: ...", "accepted: ..."): the caller may mark the
 * mail processed once the transaction holding it committed. -1 with a
 * reason when the database failed; nothing of this mail changed and it must
 * be handled again later. *advanced (may be NULL) gets the number of phases
 * resolved.
 */
int game_handle_mail(const struct game_ctx *c, const char *raw, size_t len,
    char **outcome, int *advanced, char **cause);
/*
 * The same for a mail parsed already (intake_parse() under
 * game_intake_limits(), e.g. in a child process before the transaction
 * opened: daemon/loop.c); takes m over and frees it, whatever happens.
 */
struct intake_mail;
struct intake_limits;
int game_handle_intake(const struct game_ctx *c, struct intake_mail *m, char **outcome,
    int *advanced, char **cause);
/*
 * A mail put aside without applying it (daemon/game-guard.h: applying it
 * crashed the daemon): in one unit, its registered sender (if any) is told
 * why (a refusal naming reason why) and the mail is recorded as handled,
 * nothing else. 0 with *outcome (caller frees) for the quarantine's log
 * line; -1 when the database failed. Takes m over.
 */
int game_handle_quarantined(const struct game_ctx *c, struct intake_mail *m,
    const char *why, char **outcome, char **cause);
/* The intake limits of c (max_message_size, max_orders_size, own address). */
void game_intake_limits(const struct game_ctx *c, struct intake_limits *lim);

/*
 * Resolve game's open phase if every owing seat has orders (and the
 * phases after it that nobody owes), in one transaction. *advanced gets
 * the phases resolved (0: the barrier is not passed yet).
 */
int game_advance(const struct game_ctx *c, int64_t game_id, int *advanced,
    char **cause);

/*
 * Send the outbox rows due now through s (at most limit; 0: all):
 * delivered rows are marked sent (and their bodies pruned), temporary
 * failures retried at send_retry_at(), permanent ones given up. The rows
 * are read a page at a time and each body alone, so memory does not grow
 * with the outbox. When s is idempotent (Maildir: send_idempotent()) the
 * marks of up to 64 mails (or of about a second) share one transaction: a
 * crash makes those go out again and the driver finds them delivered;
 * otherwise (SMTP) each mark is committed as soon as the server accepted
 * the mail, so a crash sends at most the one mail in flight twice
 * (doc/exactly-once.md). Then up to 256 sent mails of older versions that
 * still hold their bodies are pruned. *sent and *failed may be NULL. -1
 * only when the database fails (the marks of the open transaction are
 * lost: those mails go out again).
 */
int game_outbox_send(const struct game_ctx *c, struct sender *s, size_t limit,
    size_t *sent, size_t *failed, char **cause);

/*
 * The view model seat would get now (daemon/view.h), with the events since
 * its last view. For `muthur show --json`; caller frees.
 */
cJSON *game_view_model(const struct game_ctx *c, struct game_live *l,
    const char *seat, char **cause);
/* The same rendered as the whole mail (show), *len its length. */
char *game_view_mail(const struct game_ctx *c, struct game_live *l, const char *seat,
    size_t *len, char **cause);

/*
 * Orders for seat (play-order index) chosen by the game's scripted demo
 * player (rules->demo_orders; the demo, the tests and the benchmark play
 * with it): the order lines, each ending in LF, or "" to pass (also when
 * the game has no demo player). Caller frees.
 */
char *game_policy_orders(const struct rules *r, const struct rules_game *g,
    size_t seat);
/*
 * The same made a plan, as `muthur demo` sends it: game_policy_orders()
 * followed by rules->demo_plan()'s sections and settings (none when the
 * game has no demo_plan). Caller frees.
 */
char *game_policy_plan(const struct rules *r, const struct rules_game *g,
    size_t seat);

/*
 * A player's signed orders mail, as a mail client would send it: From
 * from, To to, the orders block for game, seat, turn and phase with a
 * fresh random nonce and the order lines orders ("" to pass), signed with
 * the muthur secret key sk (muthur sign) and the signature after the
 * block; Message-ID "<tag@HOST of from>". Returns the RFC 5322 bytes
 * (CRLF), *len their length; caller frees.
 */
char *game_orders_mail(const char *from, const char *to, const char *game,
    const char *seat, int turn, const char *phase, const char *orders,
    const unsigned char sk[64], const char *tag, int64_t date, size_t *len);
/* The seat's signed ready block before the deal (daemon/game-ready.c), as above. */
char *game_ready_mail(const char *from, const char *to, const char *game,
    const char *seat, const unsigned char sk[64], const char *tag, int64_t date,
    size_t *len);

/*
 * Deliver a mail into the Maildir folder dir (tmp/, then new/), as a
 * mail server does. -1 with a reason.
 */
int game_maildir_deliver(const char *dir, const char *mail, size_t len, char **cause);

#endif
