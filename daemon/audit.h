/*
 * audit.h — the offline audit of a game archive (`muthur audit`,
 * doc/muthur-archive.5, doc/game-record.md "Replay").
 *
 * Needs nothing but the archive: no database, no server, no secret key.
 * Checks the server's signature over the archive, every file's hash and
 * the card hash, setup.json, every seat key, every player signature and
 * orders header, every commitment's server signature and opening, every
 * phase seed (its commitment, made when its phase opened, opened once it
 * resolved), the event hash chain and head; then replays the game with the
 * rules engine named in the archive from the opened decklists: create with
 * phase 1's stream, resolve phase by phase with the recorded current
 * orders and each phase's re-derived stream, comparing every phase's turn,
 * name and owing seats, every event, every recorded state hash, every
 * secret commitment and the result.
 * A spectator archive (a game still running, store/archive.h) is checked
 * as far as it goes: the archive's signature, files, seats, phases, every
 * commitment's server signature and every opening in it, the seeds and
 * the shuffle seed's life, and that its events are public and numbered
 * 1, 2, ...; the rest (orders, private events, chain, states, replay) is
 * "not yet open", which the note says. The scope must go with the status:
 * full once the game is over (finished, abandoned), spectator before.
 */
#ifndef MUTHUR_AUDIT_H
#define MUTHUR_AUDIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct audit_failure {
	char	*record;	/* "event 17", "phase 5 (turn 2, movement.move)" */
	char	*message;	/* "hash does not chain" */
};

struct audit_report {
	char			*game;		/* NULL when the archive did not parse */
	char			*status;	/* the game's status in the archive */
	char			*scope;		/* "full" or "spectator"; NULL when
						   the archive did not parse */
	struct audit_failure	*failures;
	size_t			 nfailures;
	/* What was checked (counts of records that were examined). */
	size_t			 player_sigs;
	size_t			 server_sigs;	/* commitments' and the archive's */
	size_t			 openings;
	size_t			 seeds;
	size_t			 events;
	size_t			 phases;	/* phases replayed */
	size_t			 states;	/* state hashes compared */
	size_t			 server_only;	/* resolved phases whose randomness no
						   player nonce entered (the deal;
						   phases without orders) */
	size_t			 entropy_missing; /* resolved phases some seat's
						   nonce did not enter (seats'
						   scheme, daemon/phase-entropy.h) */
	char			*entropy_note;	/* which, and why; or NULL */
	size_t			 plan_orders;	/* orders of a phase sent in an
						   earlier one (plan sections) */
	int			 legacy_shuffles; /* no shuffle seed: a game
						   made before it */
	int			 replayed;	/* the replay ran to the last phase */
	char			*note;		/* why it did not, or NULL; of a
						   spectator archive: what is not
						   yet open */
};

/*
 * Audit the archive text (len bytes). Fills *r (zeroed first; release
 * with audit_report_clear()); returns 0 when everything holds, -1 when
 * there is at least one failure. Never fails otherwise.
 * With AUDIT_STOP_EARLY the replay is skipped when an earlier check has
 * already failed (same verdict, fewer failures named: for tests that only
 * need the verdict).
 */
#define AUDIT_STOP_EARLY 0x1
/*
 * AUDIT_SRC_MAPPED: text is a private read-only mapping of the archive
 * file (mmap) that stays mapped through the call: its pages are given
 * back to the kernel behind the reading and read again from the file
 * when needed (store/archive.h ARCHIVE_SRC_MAPPED), so that the audit's
 * memory does not grow with the file. Either way the orders' blocks and
 * signatures are not copied out of text but read again from it, checked
 * against the hash taken when the archive was parsed.
 */
#define AUDIT_SRC_MAPPED 0x2
int audit_archive(const char *text, size_t len, unsigned flags, struct audit_report *r);
/*
 * The same audit, showing the caller the replay as it goes: step() is
 * called after the setup (phase 0) and after every phase replayed with
 * the index of that phase in the archive's phases and the state then
 * (borrowed for the call). A spectator archive is not replayed: no call.
 */
struct rules;
struct rules_game;
typedef void audit_step_fn(void *arg, const struct rules *R,
    const struct rules_game *g, size_t phase);
int audit_archive_observe(const char *text, size_t len, unsigned flags,
    audit_step_fn *step, void *arg, struct audit_report *r);
/*
 * The replay alone of an archive already read (struct archive, store/
 * archive.h), for `muthur fsck`, which builds it from the database
 * (store_export_server()): r (zeroed first; audit_report_clear()) gets
 * what the replay finds differing from the record; step as in
 * audit_archive_observe(). States recorded in a are compared as by
 * audit_archive(); none need be (fsck compares them itself in step).
 */
struct archive;
void audit_archive_replay(const struct archive *a, audit_step_fn *step, void *arg,
    struct audit_report *r);
/*
 * The game's component data from archive a (its files "cards/NAME", whose
 * canonical bytes must be its cards.json), loaded by R->data_load(): free
 * with R->data_free(). NULL with *cause when it is not there or differs.
 */
struct archive;
void *audit_data_load(const struct rules *R, const struct archive *a, char **cause);
/* One line per failure ("RECORD: MESSAGE") and a summary line, to out. */
void audit_report_print(const struct audit_report *r, FILE *out);
/* The report as one JSON object with a final LF; caller frees. */
char *audit_report_json(const struct audit_report *r);
void audit_report_clear(struct audit_report *r);

/*
 * `muthur audit --explain PHASE` (daemon/audit-explain.c): print to out the
 * commitments, seeds and nonces that fed phase seq of the full archive
 * text, and its draws recomputed by the replay. 0 when the replay of the
 * phase matches its record, 1 when not, -1 with *cause (no such phase, a
 * spectator archive, unreadable).
 */
int audit_explain(const char *text, size_t len, uint64_t seq, FILE *out, char **cause);

#endif
