/*
 * audit-int.h — shared by the auditor's files (audit.c: signatures,
 * commitments, chain; audit-replay.c: the replay). Not a public header.
 */
#ifndef MUTHUR_AUDIT_INT_H
#define MUTHUR_AUDIT_INT_H

#include "daemon/audit.h"
#include "store/archive.h"

/* Add a failure: record as given, message from fmt. */
void audit_fail(struct audit_report *r, const char *record, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "phase 5 (turn 2, movement.move)"; caller frees. */
char *audit_phase_record(const struct archive_phase *ph);
/* Replay the game (audit.h) and add what differs to r; step as in
 * audit_archive_observe() (NULL: none). */
void audit_replay(const struct archive *a, struct audit_report *r,
    audit_step_fn *step, void *arg);
/* audit_replay() with the draws of phase seq told to obs (phase-resolve.h). */
struct phase_observer;
void audit_replay_observed(const struct archive *a, struct audit_report *r,
    uint64_t seq, const struct phase_observer *obs);

/*
 * Events of the clock and the organiser (daemon/game-clock.h), which the
 * replay passes over: 1 for such a type. audit_clock() checks the game.nmr
 * events (audit-clock.c).
 */
int audit_clock_event(const char *type);
void audit_clock(const struct archive *a, struct audit_report *r);

/*
 * audit-keys.c: the seats' key history (seat.replaced events).
 * audit_keys_load() checks each change (the server's signature, that it
 * follows on from the key before, that the last gives the seat's listed
 * key) and adds what fails to r; audit_keys_at() is the key of seat in
 * force for its nth order (0, 1, ... among the seat's orders there) of
 * phase phase (borrowed).
 */
struct audit_keys;
struct audit_keys *audit_keys_load(const struct archive *a, struct audit_report *r);
const char *audit_keys_at(const struct audit_keys *k, const struct archive_seat *seat,
    uint64_t phase, size_t nth);
void audit_keys_free(struct audit_keys *k);

/*
 * audit-plans.c. audit_plan_order: the checks of an order of phase ph
 * whose block o was sent in an earlier phase of the turn (a plan
 * section): the section covers ph, the phase it was sent in came before,
 * and ph's seed comes from a turn seed committed no later. audit_turn_seeds:
 * each turn seed committed when its turn's first phase opened, opened only
 * once its last phase resolved, and every opened phase seed of the turn
 * the one it gives (store/random.h RAND_TURN_DOMAIN).
 */
struct orders;
void audit_plan_order(const struct archive *a, const struct archive_phase *ph,
    const struct orders *o, const char *rec, struct audit_report *r);
void audit_turn_seeds(const struct archive *a, struct audit_report *r);

/*
 * audit-explain.c (doc/commitments.md, "Seat entropy"). audit_entropy_seats:
 * does the archive's game follow the seats' scheme (daemon/phase-entropy.h)?
 * audit_commit_phase: the phase whose commitment fixed ph's seed.
 * audit_carried: the latest nonces of the seats without their own signed
 * orders of ph, into car (a->nseats entries; borrowed from a), each
 * from[i] the phase whose orders carried it (from may be NULL); how many.
 * audit_entropy_count: r's server_only and the phases lacking a seat's
 * nonce. audit_explain: print what fed phase seq and recompute its draws.
 */
struct phase_order;
int audit_entropy_seats(const struct archive *a);
uint64_t audit_commit_phase(const struct archive *a, const struct archive_phase *ph);
size_t audit_carried(const struct archive *a, const struct archive_phase *ph,
    struct phase_order *car, uint64_t *from);
void audit_entropy_count(const struct archive *a, struct audit_report *r);
/*
 * Under the seats' scheme: was turn's seed c committed when the turn
 * before began (turn 1's: at start, in phase 1), ahead of the orders of
 * both turns? Also for the turn after the game's last one. 1 or 0.
 */
/* Does phase 1 (ph) owe a ready block of every seat, in seat order? 1 or 0. */
int audit_ready_owing(const struct archive *a, const struct archive_phase *ph);
int audit_turn_seed_ahead(const struct archive *a, long turn,
    const struct archive_commitment *c);

/* Domains of the commitments doc/game-record.md makes. */
#define AUDIT_DECKLIST_DOMAIN	"muthur.decklist"
#define AUDIT_SECRET_DOMAIN	"muthur.secret"

#endif
