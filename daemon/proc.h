/*
 * proc.h — running as a daemon: detaching, the pid file, and signals.
 *
 * SIGTERM and SIGINT set a flag that the loop checks between mails, so the
 * current mail is finished before the daemon exits; SIGHUP sets a flag that
 * makes the loop reload the config and the templates.
 */
#ifndef MUTHUR_PROC_H
#define MUTHUR_PROC_H

#include <signal.h>

extern volatile sig_atomic_t proc_stop;		/* SIGTERM/SIGINT seen */
extern volatile sig_atomic_t proc_reload;	/* SIGHUP seen */

/* Install the handlers above (no SA_RESTART, so waits are interrupted). */
void proc_signals(void);
/* Detach from the terminal: fork, setsid, chdir("/"), stdio to /dev/null. */
int proc_detach(char **cause);
/*
 * Write our pid to path, refusing when another live process holds it
 * (a stale file of a dead process is replaced).
 */
int proc_pidfile_write(const char *path, char **cause);
void proc_pidfile_remove(const char *path);
/*
 * The lock of the database at store_path: the file STORE_PATH.lock beside
 * it (mode 0600), flock'ed by whoever runs passes on the database (muthurd,
 * muthur demo) for as long as it runs, so that two never fetch, resolve or
 * send for one database at once. Does not wait. 0 and *fd (keep it open;
 * exiting releases the lock), 1 when another process holds it, -1 with a
 * reason.
 */
int proc_store_lock(const char *store_path, int *fd, char **cause);
/*
 * Tune the C library's allocator for passes (glibc; nothing elsewhere):
 * freed memory up to 16 MiB stays in the heap instead of going back to
 * the system after every phase, and blocks up to 4 MiB (a board picture,
 * a view mail, a state) come from the heap instead of a mapping of their
 * own. Each return and remapping costs page faults and, with the render
 * thread, a TLB flush on both cores: some 15% of a phase-completing mail.
 * Process-wide; call once before the first pass (loop_open() does).
 */
void proc_malloc_tune(void);
/* Sleep up to seconds, returning early when a signal flag is set. */
void proc_sleep(unsigned seconds);

#endif
