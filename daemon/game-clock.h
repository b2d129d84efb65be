/*
 * game-clock.h — the game service's clock (doc/product.md §8): deadlines,
 * reminders, late notices, NMR handling, and the organiser's commands
 * (pause, resume, deadline, abandon, adjudicate). Time is c->now, always:
 * nothing here reads the clock.
 *
 * Every function that changes a game runs as one unit of work
 * (store_unit_begin) together with its events and the outbox rows it
 * causes, so a crash at any point fires a deadline once and sends a
 * reminder once. A failing call changes nothing.
 *
 * Events (visible to all, in the game's hash chain; their payloads name
 * only public facts — the owing seats and which of them have no orders):
 *   game.nmr       {"policy":"pass"|"hold"|"extend","by":"clock"|"organiser",
 *                   "deadline":"...","defaulted":[SEATS]} — SEATS had no
 *                   orders and the phase resolved with them passing; for
 *                   hold, "awaited":[SEATS] instead (nothing defaulted yet)
 *   game.deadline  {"deadline":"...","by":"clock"|"organiser"} (extend, or
 *                   `muthur deadline`; "deadline" null: none)
 *   game.paused    {"remaining":SECONDS|null}
 *   game.resumed   {"deadline":"..."|null}
 *   game.abandoned as doc/game-record.md has it
 *   seat.replaced  {"seat":S,"orders_before":N,"old_key_type":T,"old_key":K,
 *                   "key_type":T,"key":K,"sig":HEX} (game_replace())
 * Times in payloads are "YYYY-MM-DDTHH:MM:SSZ".
 */
#ifndef MUTHUR_DAEMON_GAME_CLOCK_H
#define MUTHUR_DAEMON_GAME_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "daemon/game.h"
#include "lib/timetext.h"
#include "store/club.h"
#include "store/deadlines.h"

struct game_batch;

/*
 * The deadline policy and the organiser's settings (key, absence policy
 * and cap, digest) of a new game (cmd-new-game.c: the config's [club]
 * defaults, then the options). Call in the transaction that created the
 * game (`muthur new-game`).
 */
int game_clock_new(const struct game_ctx *c, const char *name,
    const struct store_clock *ck, const struct store_club *club, char **cause);
/* A public key argument (a file or the key text) as its canonical text. */
int game_key_text(const char *arg, char **text, char **cause);

/*
 * The deadline a phase called phase_name of game gets when it opens now,
 * with nowing seats owing: 0 when nobody owes, the game has no deadlines
 * or is paused. The duration is that of the longest kind in the policy
 * that is the phase name or a dotted prefix of it, else the default.
 */
int game_clock_deadline(const struct game_ctx *c, int64_t game_id,
    const char *phase_name, size_t nowing, int64_t *deadline, char **cause);

/*
 * The time a phase called phase_name gets under the policy ck: that of the
 * longest kind that is the phase name or a dotted prefix of it, else the
 * default (0: no deadline).
 */
int64_t game_clock_duration(const struct store_clock *ck, const char *phase_name);

/*
 * Does the open phase ph wait for its deadline though every order is in
 * (policy wait-for-deadline, a deadline still ahead, someone owing)? 1
 * yes, 0 no, -1 with a reason.
 */
int game_clock_waits(const struct game_ctx *c, const struct store_phase *ph,
    char **cause);

/*
 * muthurd's clock step: every phase store_clock_due() names, each in a
 * unit of its own in the transactions of batch b (daemon/game-batch.h:
 * many games a commit; b is flushed before the organisers' digests): the reminder to the seats still owing (once per phase, key
 * "reminder/GAME/SEQ/SEAT"), the late notice to the organiser at the
 * deadline (key "late/GAME/SEQ"), and at deadline + grace the NMR policy
 * (or, waiting for the deadline with every order in, the resolve). One
 * log line each. b->resolved counts the phases resolved and committed.
 * -1 only when the store failed to list the due phases; a game that
 * fails is logged and left for the next pass.
 */
int game_clock_fire(const struct game_ctx *c, struct game_batch *b, char **cause);

/*
 * The organiser's commands on game name, each an event in the chain and a
 * notice to the seats concerned:
 * pause  — a running game stops its clock (the time left is kept) and
 *          takes no orders;
 * resume — a paused game runs again, its deadline the time left from now;
 * deadline — the open phase's deadline set to when (relative 0) or moved
 *          by when seconds (relative 1: from the deadline, or from now
 *          when there is none or it has passed, as in a phase held under
 *          NMR hold); a paused game keeps it as time left;
 *          the late notice and NMR may come again for the new deadline;
 * abandon — a running or paused game ends without a result: its open
 *          phase closed unresolved, every commitment opened;
 * adjudicate — resolve the open phase now, the seats still owing passing
 *          (a game.nmr event by the organiser); *advanced the phases.
 * Each refuses a game in the wrong status with a reason naming it.
 */
int game_pause(const struct game_ctx *c, const char *name, char **cause);
int game_resume(const struct game_ctx *c, const char *name, char **cause);
int game_deadline(const struct game_ctx *c, const char *name, int64_t when,
    int relative, int64_t *deadline, char **cause);
int game_abandon(const struct game_ctx *c, const char *name, char **cause);
int game_adjudicate(const struct game_ctx *c, const char *name, int *advanced,
    char **cause);
/*
 * replace — seat of a running or paused game gets a new player: address
 * email and key (a key file or its text, pubkey_from_arg). The change is a
 * seat.replaced event signed by the server (store/seat-keys.h) with the
 * old and new keys and how many orders of the seat the open phase held;
 * the old player is told (key "replaced/GAME/EVENT/SEAT/old"), the new
 * one gets the current view ("replaced/GAME/EVENT/SEAT"). by names who
 * did it in the notice and the log ("organiser"). daemon/game-replace.c.
 */
int game_replace(const struct game_ctx *c, const char *name, const char *seat,
    const char *email, const char *key, const char *by, char **cause);

/*
 * One line on where game name stands (`muthur status`, the organiser's
 * digest; daemon/game-status.c): "NAME: STATUS, RULES/SCENARIO, turn T,
 * phase P (SEQ), awaiting SEATS, deadline YYYY-MM-DD HH:MM UTC" (or "no
 * deadline", or paused "paused with 23h59m of its deadline left"; a
 * deadline gone by says "passed" and what comes next; a phase held under
 * NMR hold has STATUS "held" and says "since its deadline ... passed
 * (NMR policy hold): waiting for the organiser ..."), then
 * "; late SEAT N, ..." for the seats with late orders and "; absent SEAT
 * FROM to TO" for the absences not over at now. Caller frees; NULL with
 * a reason.
 */
char *game_status_line(struct store *st, const char *name, int64_t now, char **cause);

/*
 * The organisers' daily digests (daemon/game-digest.c), from
 * game_clock_fire(): for each organiser address with a game whose
 * organiser asked for it (`set views digest`), once per UTC day, one mail
 * with a status line per such game (outbox key "digest/ADDRESS/DATE").
 */
int game_digests_send(const struct game_ctx *c, char **cause);

/*
 * Queue a notice mail (notice.mustache) to address to under key (outbox
 * row of game): subject "GAME: headline", the lines, and the deadline
 * when not 0. Used by the clock and the organiser's commands.
 */
int game_notice_queue(const struct game_ctx *c, const struct store_game *game,
    const char *key, const char *to, const char *seat, const char *headline,
    const char *const *lines, size_t nlines, int64_t deadline, char **cause);
/* The same notice composed (Message-ID msgid), not queued: the RFC 5322
 * bytes, *len long (caller frees), or NULL with *cause. */
char *game_notice_compose(const struct game_ctx *c, const struct store_game *game,
    const char *msgid, const char *to, const char *seat, const char *headline,
    const char *const *lines, size_t nlines, int64_t deadline, size_t *len,
    char **cause);

/*
 * Shared by game-clock.c and game-organiser.c (in the caller's unit):
 * game_clock_payload() starts a payload {"type":type, key: the ISO time t
 * or null} (key NULL: none); game_clock_event() appends it (and frees o)
 * as an event of phase seq visible to all; game_clock_default() records
 * the game.nmr event of ph by by ("clock", "organiser") under policy,
 * counts the seats missing late, and resolves ph with them passing.
 */
cJSON *game_clock_payload(const char *type, const char *key, int64_t t);
int game_clock_event(const struct game_ctx *c, struct game_live *l, uint64_t seq,
    cJSON *o, uint64_t *event_seq, char **cause);
int game_clock_default(const struct game_ctx *c, struct game_live *l,
    const struct store_phase *ph, char *const *missing, size_t nmissing,
    const char *policy, const char *by, int *advanced, char **cause);

#endif
