/*
 * intake-child.h — intake_parse() (mail/intake.h) in a child process, so
 * that a mail which still crashes the parser (a libetpan bug the pre-scan
 * of mail/mime-limits.h does not foresee), runs too long or exhausts the
 * memory takes the child down, not the daemon and its open transaction.
 * The child gets nothing but the raw bytes and the limits; it writes the
 * result back over a pipe and exits.
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

/*
 * The wire form of m (all but its parts) into a new buffer, and back.
 * intake_mail_unpack() returns NULL when the bytes are not a whole wire
 * form. Exposed for the tests.
 */
char *intake_mail_pack(const struct intake_mail *m, size_t *len);
struct intake_mail *intake_mail_unpack(const char *buf, size_t len);

#endif
