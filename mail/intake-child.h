/*
 * intake-child.h — intake_parse() (mail/intake.h) in a child process, so
 * that a mail which still crashes the parser (a libetpan bug the pre-scan
 * of mail/mime-limits.h does not foresee), runs too long or exhausts the
 * memory takes the child down, not the daemon and its open transaction.
 * The child gets nothing but the raw bytes and the limits and writes the
 * result back over a socket; it closes every other descriptor it
 * inherited and keeps none of the daemon's signal handlers.
 *
 * intake_parse_child() starts a process for one mail; a struct
 * intake_child keeps one for many mails (the daemon's passes), so that a
 * mail costs no fork: a mail that crashes, hangs or exhausts it ends that
 * process only, and the next mail gets a new one.
 */
#ifndef MUTHUR_MAIL_INTAKE_CHILD_H
#define MUTHUR_MAIL_INTAKE_CHILD_H

#include <stddef.h>

#include "mail/intake.h"

#define INTAKE_CHILD_SECONDS 60		/* wall-clock and CPU limit of one parse */

/*
 * Parse raw[0..len) under limits in a child process, waiting at most
 * seconds (<= 0: INTAKE_CHILD_SECONDS) of wall-clock and CPU time. On 0,
 * *out is a new intake_mail as intake_parse() makes it, except that its
 * leaf parts are not handed back (nparts 0). -1 with a one-line reason
 * when the child crashed ("the intake parser crashed (signal 11)"), was
 * killed at the time limit or ran out of memory: the mail is the trouble.
 * -2 with a reason when no child could be started (pipe, fork): the
 * system is. *out is NULL on failure. The caller must not hold locks other processes wait
 * for across a fork it cannot afford (the child touches nothing but the
 * bytes and exits with _exit()).
 */
int intake_parse_child(const char *raw, size_t len, const struct intake_limits *limits,
    int seconds, struct intake_mail **out, char **cause);

/* The parse a child runs (intake_parse(), or a test's). */
typedef int (*intake_parse_fn)(const char *raw, size_t len,
    const struct intake_limits *limits, struct intake_mail **out, char **cause);

/*
 * A parser process kept between mails, running parse (NULL:
 * intake_parse()); none is started until the first mail. Free with
 * intake_child_free(), which ends the process.
 */
struct intake_child *intake_child_new(intake_parse_fn parse);
/*
 * intake_parse_child()'s contract, in ic's process (started when there is
 * none). A process that fails on a mail (a crash, the time limit, its
 * memory) is ended and the next mail starts another; when the process had
 * parsed other mails before, a failure other than the time limit is tried
 * again once in a fresh process, so that a mail is blamed only for what
 * it does to a process of its own. A process is retired after 1,000 mails
 * or one mail over 1 MiB, so what parses leave behind stays bounded.
 */
int intake_child_parse(struct intake_child *ic, const char *raw, size_t len,
    const struct intake_limits *limits, int seconds, struct intake_mail **out,
    char **cause);
/* Processes ic has started so far (for the tests). */
size_t intake_child_starts(const struct intake_child *ic);
void intake_child_free(struct intake_child *ic);

/*
 * The wire form of m (all but its parts) into a new buffer, and back.
 * intake_mail_unpack() returns NULL when the bytes are not a whole wire
 * form. Exposed for the tests.
 */
char *intake_mail_pack(const struct intake_mail *m, size_t *len);
struct intake_mail *intake_mail_unpack(const char *buf, size_t len);

#endif
