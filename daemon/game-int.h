/*
 * game-int.h — what the game service's files (game.c, game-live.c,
 * game-mail.c, game-resolve.c, game-views.c) share. Not for other callers: use game.h.
 * Every function here runs inside the caller's transaction.
 */
#ifndef MUTHUR_DAEMON_GAME_INT_H
#define MUTHUR_DAEMON_GAME_INT_H

#include <string.h>

#include "daemon/game.h"
#include "rules/rules.h"
#include "store/phases.h"
#include "store/random.h"

#define GAME_SECRET_DOMAIN	"muthur.secret"
#define GAME_DECKLIST_DOMAIN	"muthur.decklist"
/* The component data file as loaded; cards.json holds its canonical bytes. */
#define GAME_CARDS_SOURCE	"cards/source.json"

/*
 * The component data of game (rules r) from its GAME_CARDS_SOURCE, checked
 * against its card hash; NULL with a reason. Shared with every game made
 * from the same data (game-live.c's table): the caller holds a reference
 * and gives it back with game_data_release(r, data), never frees it; held
 * data is never freed under the holder.
 */
void *game_data(struct store *st, const struct store_game *game, const struct rules *r,
    char **cause);
void game_data_release(const struct rules *r, void *data);
/* How many component data sets are loaded (held or kept): for tests. */
size_t game_data_loaded(void);

/* The domain of muthur's From address (after '@'), borrowed from c. */
static inline const char *
game_mail_domain(const struct game_ctx *c)
{
	const char *at = strrchr(c->from, '@');

	return at != NULL ? at + 1 : c->from;
}

/*
 * Append the rules events ev as stored events of phase phase_seq
 * (type from the payload, visibility "all" or the seat names in play
 * order).
 */
int game_events_store(struct store *st, struct game_live *l, uint64_t phase_seq,
    const struct rules_events *ev, char **cause);

/*
 * The game's shuffle seed (store/random.h RAND_SHUFFLE_DOMAIN) into seed:
 * 1; 0 when a running game has none (started by a muthur before it: its
 * shuffles come from the phase streams); -1 with *cause on a database
 * error. A game still in setup without one gets one now.
 */
int game_shuffle_seed(const struct game_ctx *c, struct game_live *l,
    unsigned char seed[RAND_SEED_BYTES], char **cause);
/*
 * Commit anew to every secret of the live state (fresh nonces), at phase
 * P, ev being the events of the create or resolve that made the state:
 * a fixed secret, and one that by ev's public events cannot have changed
 * (rules_secret_may_change()), keeps its commitment while its bytes are
 * the committed ones.
 */
int game_secrets_commit(const struct game_ctx *c, struct game_live *l, uint64_t phase_seq,
    const struct rules_events *ev, char **cause);

/*
 * Open the next phase for the live state (turn, phase, owing seats) and
 * commit its seed; *phase_id and *seq of the new phase.
 */
int game_phase_open(const struct game_ctx *c, struct game_live *l, int64_t *phase_id,
    uint64_t *seq, char **cause);

/*
 * Record the end of the game after phase P: the game.result event, every
 * unopened commitment opened, status finished.
 */
int game_finish(const struct game_ctx *c, struct game_live *l, uint64_t phase_seq,
    char **cause);

/*
 * Queue one view mail per seat for the game's current state (key
 * "view/GAME/SEQ/SEAT"; seq is the open phase's, or the last one's when the
 * game is over).
 */
int game_views_queue(const struct game_ctx *c, struct game_live *l, char **cause);

/*
 * An organiser's block (game-org-mail.c; the block's seat is
 * ORGANISER_SEAT, its signature verified with the game's organiser key):
 * carry out its command lines and `set views` settings in one unit,
 * adding one receipt line per command to receipt. 1 done; 0 refused with
 * *why (new; nothing changed: the block for another phase, a nonce used
 * before, no command, a line that fails); -1 with *cause.
 */
#define ORGANISER_SEAT "organiser"
struct strbuf;
struct orders;
int game_organiser_commands(const struct game_ctx *c, struct game_live *l,
    const struct orders *o, struct strbuf *receipt, char **why, char **cause);

/*
 * game-absence.c: a seat's `absent FROM to TO` lines (struct orders
 * absences). game_absence_parse: one line's times (FROM a date: its 00:00
 * UTC; TO a date: the end of that day; or times YYYY-MM-DDTHH:MM), -1
 * with what was expected. game_absences_check: the lines of o for seat are
 * readable, not over, and within the game's cap (store/club.h) with the
 * seat's earlier absences: 0, with *why (new) when not; -1 on a database
 * error. game_absences_store records them (checked before).
 * game_absent_until: the end of the latest absence of seat covering t
 * (start <= t < end) in *until, 0 when none.
 */
int game_absence_parse(const char *line, int64_t *start, int64_t *until, char **cause);
int game_absences_check(const struct game_ctx *c, struct game_live *l, const char *seat,
    const struct orders *o, char **why, char **cause);
int game_absences_store(const struct game_ctx *c, struct game_live *l, const char *seat,
    const struct orders *o, char **cause);
int game_absent_until(const struct game_ctx *c, int64_t game_id, const char *seat,
    int64_t t, int64_t *until, char **cause);

/*
 * A player's key argument (a file or the key text, pubkey_from_arg) as
 * its type ("muthur", "minisign", "ssh") and canonical text, both new.
 */
int game_key_parse(const char *arg, char **type, char **text, char **cause);

/*
 * Queue the current view of seat alone, to its address in l, under outbox
 * key (a replaced seat's new player: daemon/game-replace.c).
 */
int game_view_queue_seat(const struct game_ctx *c, struct game_live *l, const char *seat,
    const char *key, char **cause);

/*
 * Resolve the open phase of l while its barrier is passed (in the caller's
 * transaction); *advanced counts the phases resolved.
 */
int game_resolve_ready(const struct game_ctx *c, struct game_live *l, int *advanced,
    char **cause);

/*
 * Resolve the open phase of l now, whoever is missing (they pass: the NMR
 * default), then the phases after it whose barrier is passed, and queue
 * the views; *advanced counts the phases resolved.
 */
int game_resolve_now(const struct game_ctx *c, struct game_live *l, int *advanced,
    char **cause);

/*
 * game-ready.c: the seats' entropy before the deal (doc/commitments.md,
 * "Seat entropy"). game_ready_commit, at `muthur start`: the game file
 * ENTROPY_FILE (daemon/phase-entropy.h) and the commitment to turn 1's
 * seed, made in phase 1, before any seat's nonce. game_ready_open: phase 1
 * (ph) owes a `ready` from every seat, under the clock's deadline, and each
 * seat is mailed the ready template (key ready/GAME/SEAT, notice.mustache).
 * game_ready_waits:
 * is the game in setup with phase ph waiting for ready blocks? 1 or 0.
 * game_ready_lines: *why (caller frees) when block o is no ready block
 * (its lines must be the one word `ready`, no settings, plans or
 * absences), else NULL. game_entropy_seats: does game l follow the seats'
 * scheme? 1, 0 or -1. game_deal (game-deal.c): the deal from phase 1's seed
 * and the ready nonces in, the game running after.
 */
struct orders;
int game_ready_commit(const struct game_ctx *c, struct game_live *l, char **cause);
int game_ready_open(const struct game_ctx *c, struct game_live *l,
    const struct store_phase *ph, char **cause);
int game_ready_waits(const struct game_live *l, const struct store_phase *ph);
/* The ready mail seat would get now (`muthur show`), *len bytes; or NULL
 * with *cause ("has not started" when the game waits for none). */
char *game_ready_show(const struct game_ctx *c, struct game_live *l, const char *seat,
    size_t *len, char **cause);
char *game_ready_lines(const struct orders *o);
int game_entropy_seats(struct store *st, int64_t game_id, char **cause);
/*
 * game-resolve.c. The latest nonces of the seats (seats[0..nseats), seat
 * order) without their own signed orders among ord[0..nord) (phase ph's
 * current orders), under the seats' scheme (daemon/phase-entropy.h): into
 * car (nseats entries; each borrows from *lat, which the caller frees with
 * store_orders_free(*lat, *nlat)), *ncar of them; none in a game made
 * before. 0 or -1.
 */
struct phase_order;
struct store_order;
int game_phase_carried(struct store *st, int64_t game_id,
    const struct store_seat *seats, size_t nseats, const struct store_phase *ph,
    const struct store_order *ord, size_t nord, struct store_order **lat,
    size_t *nlat, struct phase_order *car, size_t *ncar, char **cause);
/*
 * game-deal.c. game_deal: the deal (phase 1, which must be the open
 * phase) from phase 1's seed, the shuffle seed and the nonces of its
 * current orders (the ready blocks); the game running after, its first
 * phase open and its views queued. Called by `muthur start --deal-now`,
 * the last ready block, the ready deadline and the organiser. 0 or -1.
 * game_options_read: the game's scenario options (a vector for
 * game_options_free(), empty without GAME_OPTIONS_FILE), or NULL.
 * game_setup_seats: the decklists of l's seats as rules seats into
 * rs[0..nseats) (each for rules->seat_clear()). 0 or -1.
 */
struct rules_seat;
int game_deal(const struct game_ctx *c, struct game_live *l, char **cause);
char **game_options_read(const struct game_ctx *c, const struct game_live *l,
    size_t *n, char **cause);
int game_setup_seats(struct game_live *l, struct rules_seat *rs, char **cause);

/*
 * game-plans.c. game_phase_seed: commit the seed of the new phase
 * phase_id (seq, of turn turn): from the turn's seed (store/random.h
 * RAND_TURN_DOMAIN), committed now when this is the turn's first phase;
 * a fresh one in setup (turn 0). game_turn_seed_open: open turn's seed at
 * phase seq, once its last phase resolved (nothing for a turn without
 * one). game_plans_apply: for each owing seat whose latest block of the
 * turn has a plan section covering the open phase (not stopped by its
 * `set stops`, not dropped before), store that block as its orders, or
 * drop the section with the rules' reason when it is no longer legal.
 * game_settings_check/store: a block's `set` lines (-1 with "line N: ...";
 * the check refuses a stop that names no phase or round of R's game, the
 * store takes what the check took).
 * game_plan_sections_check: *why ("line N: ...", caller frees) when a plan
 * section of o names no phase or round of R's game or covers only phases
 * the open phase cur's turn has played already, else NULL; -1 on a
 * database error.
 */
int game_phase_seed(const struct game_ctx *c, struct game_live *l, int64_t phase_id,
    uint64_t seq, int turn, char **cause);
int game_turn_seed_open(const struct game_ctx *c, struct game_live *l, int turn,
    uint64_t seq, char **cause);
int game_plans_apply(const struct game_ctx *c, struct game_live *l, int64_t phase_id,
    const char *const *owing, size_t nowing, char **cause);
/* Does one of the seat's stops (`set stops`) cover phase? 1, 0 or -1. */
int game_seat_stopped(const struct game_ctx *c, const struct store_seat *seat,
    const char *phase, char **cause);
/*
 * seat-notes.c: lines a seat is told in its next view or turn report
 * (view_facts.notes) instead of a mail of their own. seat_note_add
 * appends one (LF added); seat_notes_get: 1 with *notes (caller frees),
 * 0 none, -1; seat_notes_clear once a mail carries them.
 */
int seat_note_add(const struct game_ctx *c, int64_t seat_id, const char *line,
    char **cause);
/*
 * The internal seat setting that keeps the addresses a seat had before
 * it was given to another player (game-replace.c), LF-terminated lines:
 * a mail from one of them is told that the seat is no longer its
 * sender's (game-mail.c).
 */
#define GAME_FORMER_EMAILS	"former_emails"

int seat_notes_get(const struct game_ctx *c, int64_t seat_id, char **notes,
    char **cause);
int seat_notes_clear(const struct game_ctx *c, int64_t seat_id, char **cause);
/*
 * game-pass.c: enter `pass` (signed by the server) for each seat still
 * without orders in the open phase phase_id (seq) whose only legal order
 * is pass (daemon/phase-resolve.h phase_only_pass()) and whose stops do
 * not name the phase, with a seat.passed event only it sees.
 */
int game_passes_enter(const struct game_ctx *c, struct game_live *l, int64_t phase_id,
    uint64_t seq, char **cause);
struct orders;
struct rules;
int game_settings_check(const struct rules *R, const struct orders *o, char **cause);
struct store_phase;
int game_plan_sections_check(const struct game_ctx *c, const struct rules *R,
    const struct store_phase *cur, const struct orders *o, char **why, char **cause);
int game_settings_store(const struct game_ctx *c, const struct store_seat *seat,
    const struct orders *o, char **cause);

/*
 * Which mails a seat is sent (daemon/turn-report.c; PRODUCT.md §6):
 * turn_views_mode: its `set views` (VIEWS_DUE when unset).
 * turn_view_wanted: 1 when a view goes to it now (owes: it is awaited in
 * the open phase; over: the game ended), 0 not, -1.
 * turn_view_sent: note a view queued at phase_seq (and a digest's time).
 * turn_view_since: 1 with the phase seq of its last view, 0 none, -1.
 * turn_reports_due: 1 when turns first..ended want a report (ended: the
 * last turn that ended), its events from phase seq *from on; 0 not; -1.
 * turn_report_sent: note the report of turns up to turn, queued at phase_seq.
 * turn_report_mark: the model's "report" ("turn 3", "turns 3 to 4") and
 * "report_turn" fields.
 */
enum views_mode { VIEWS_DUE, VIEWS_EVERY, VIEWS_DIGEST };
int turn_views_mode(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode *mode, char **cause);
int turn_view_wanted(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode mode, int owes, int over, char **cause);
int turn_view_sent(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode mode, uint64_t phase_seq, char **cause);
int turn_view_since(const struct game_ctx *c, const struct store_seat *seat,
    uint64_t *phase_seq, char **cause);
int turn_reports_due(const struct game_ctx *c, const struct store_seat *seat,
    enum views_mode mode, int ended, int *first, uint64_t *from, char **cause);
int turn_report_sent(const struct game_ctx *c, const struct store_seat *seat, int turn,
    uint64_t phase_seq, char **cause);
void turn_report_mark(cJSON *model, int turn, int last_turn);

/* The names of seats owing in the live state, in seat order (store's). */
size_t game_owing(struct game_live *l, const char **out);

/*
 * Rewrite "line K: ..." of rules->check for orders text built from o's
 * lines as "line N ("TEXT"): ...", N the line of the mail's text part
 * (the block's BEGIN line is first_line there; 0 or 1: the block's own
 * line numbers). Caller frees.
 */
struct orders;
char *game_check_reason(const struct orders *o, const char *why, int first_line);

#endif
