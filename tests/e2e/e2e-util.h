/*
 * e2e-util.h — what the end-to-end tests share: the programs run as a
 * player and an organiser would (muthur, muthurd --once), players' signed
 * orders mails chosen by the scripted policy (daemon/game.h), and counting
 * mails in a Maildir.
 */
#ifndef MUTHUR_TESTS_E2E_UTIL_H
#define MUTHUR_TESTS_E2E_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

extern char *e2e_dir;		/* the test's folder (config, var/) */
extern char *e2e_bin;		/* where muthur and muthurd are */
extern char *e2e_conf;		/* the config file */
extern char *e2e_in;		/* where players' mail is delivered (a Maildir) */
extern const char *e2e_game;	/* the game's name */
extern const char *e2e_seats[2];	/* marines, aliens */
extern const char *e2e_addr[2];	/* their addresses */
extern unsigned char e2e_sk[2][64];	/* their muthur secret keys */
struct sender;
extern struct sender *e2e_sender;	/* deliver by SMTP when set */
extern const char *e2e_rcpt;		/* muthur's address */

/* Run a shell command (printf format); its exit status, -1 if killed. */
int e2e_sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* muthurd --once, its log appended to DIR/muthurd.log. */
int e2e_daemon_once(void);
/* Mails in Maildir folder path (its new/ and cur/) holding text, QP soft
 * breaks and line ends undone (text NULL: all). */
size_t e2e_count(const char *path, const char *text);
/* Deliver a mail into e2e_in, or by SMTP to e2e_rcpt with e2e_sender. */
void e2e_deliver(const char *mail, size_t len);
/* Seat k's signed orders mail (signed with key ks) for the open phase,
 * turn shifted by turn_shift, orders text (NULL: the scripted policy). */
char *e2e_orders_mail(struct store *st, int k, int ks, int turn_shift,
    const char *text, size_t *len);
/* `muthur start GAME`, then both seats' signed ready blocks delivered (the
 * next muthurd pass deals); 0 or the exit status of muthur start. */
int e2e_start(const char *game);
/* Mail the policy's orders of every awaited seat; how many. */
int e2e_round(struct store *st);
/* The seq of the game's open phase (0: none). */
uint64_t e2e_phase_seq(struct store *st);
/* Close st and open the database again. */
struct store *e2e_reopen(struct store *st);
/* Set up e2e_dir for a game: programs find templates and card data under
 * top; the config file e2e_conf gets conftext; then `muthur init`, the two
 * players' public keys (DIR/SEAT.pub from e2e_sk) and `muthur new-game`
 * for e2e_game. 0, or the exit status of the first command that failed. */
int e2e_init_game(const char *top, const char *conftext);
/* For a game over Maildirs in the new folder dir (var/mail/in, out):
 * set e2e_dir, e2e_bin (build), e2e_conf and e2e_in. */
void e2e_maildir_paths(char *dir, const char *build);
/* `muthur seat e2e SEAT --email ADDR --key DIR/SEAT.pub` for seat k of
 * e2e_seats; its exit status. */
int e2e_seat(int k);

/* Skip the test unless run under make check with libsodium; make the test
 * folder from tmpl ("/tmp/NAME-XXXXXX") and set e2e_dir, e2e_bin (from
 * $MUTHUR_BIN, else top_builddir), e2e_conf and e2e_in. top_srcdir. */
const char *e2e_setup(char *tmpl);
/* Files in e2e_in's sub folder ("new", "cur"). */
size_t e2e_files_in(const char *sub);
/* Seconds on the monotonic clock. */
double e2e_now(void);
/* The value of header name (case-insensitive) in mail data, unfolded
 * lines only, up to the blank line; NULL if absent. The caller frees it. */
char *e2e_header(const char *data, const char *name);

#endif
