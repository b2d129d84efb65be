/*
 * game-guard.h — what the daemon was applying when it crashed.
 *
 * A mail whose orders crash the rules (a bug in a game's code: SIGSEGV,
 * SIGABRT, ...) would crash the daemon again on every pass, since its
 * transaction never commits and the mail stays waiting. So the daemon
 * keeps a small note beside the database, the file STORE_PATH.guard
 * (mode 0600): before applying a mail it writes the mail's content hash,
 * and before resolving a phase the game's id. A handler of the crash
 * signals (on its own stack, so a stack overflow is caught too) marks the
 * note "crashed"; so does a step that spends more than GUARD_CPU_SECONDS
 * of CPU (a rule that loops for ever). The next pass reads the note
 * (game_guard_open()): the mail it names is quarantined instead of
 * applied, and the game it names is held (paused) for the organiser; the
 * pass goes on with the other mails and games (daemon/loop.c).
 *
 * A process killed from outside (SIGKILL, power loss) marks nothing: the
 * mail it was applying is innocent and is handled again. The note needs
 * no fsync: a crash loses no written page, and a power loss is no crash.
 * Only the process that opened the note writes it (a forked parse child
 * that crashes blames nothing here: mail/intake-child.h quarantines it).
 * Without game_guard_open() (the muthur commands) every call is a no-op.
 */
#ifndef MUTHUR_DAEMON_GAME_GUARD_H
#define MUTHUR_DAEMON_GAME_GUARD_H

#include <stdint.h>

/* CPU seconds one guarded step may spend before it counts as a crash. */
#define GUARD_CPU_SECONDS 120

/* What the last process was doing when it crashed (game_guard_open()). */
struct guard_crash {
	int		 crashed;	/* 0: nothing to blame */
	int		 signo;		/* the signal (SIGXCPU: out of CPU time) */
	int		 has_mail;
	unsigned char	 mail[32];	/* the mail's content hash */
	int64_t		 game_id;	/* 0: no phase was being resolved */
};

/*
 * Open (creating) store_path's note, read what it says about the last
 * process into *last, reset it, and install the crash handlers. -1 with
 * a reason when the note cannot be opened.
 */
int game_guard_open(const char *store_path, struct guard_crash *last, char **cause);
/* Stop guarding (the handlers stay installed and do nothing). */
void game_guard_close(void);

/* Applying the mail with this content hash now (message_id for the hook). */
void game_guard_mail(const unsigned char hash[32], const char *message_id);
/* Resolving a phase of game game_id (named name, for the hook) now. */
void game_guard_game(int64_t game_id, const char *name);
/* The step is over (its transaction unit ended): nothing to blame. */
void game_guard_idle(void);

/* The name of signal signo ("SIGSEGV"), for log lines. */
const char *game_guard_signame(int signo);

/*
 * For tests only: called at the start of every guarded step with step
 * "mail" (what: the Message-ID) or "resolve" (what: the game's name). A
 * test binary sets it to inject a crash; nothing a mail can reach sets it.
 */
extern void (*game_guard_hook)(const char *step, const char *what);
/* CPU seconds a step may spend (GUARD_CPU_SECONDS; a test may lower it). */
extern int game_guard_cpu_seconds;

#endif
