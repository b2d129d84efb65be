/*
 * mime-parts.h — the leaf parts of a mail parsed by libetpan's mailmime,
 * decoded (quoted-printable, base64), text converted to UTF-8 with LF line
 * endings and format=flowed undone. Used by mail/intake.c.
 */
#ifndef MUTHUR_MAIL_MIME_PARTS_H
#define MUTHUR_MAIL_MIME_PARTS_H

#include <stddef.h>

#include <libetpan/libetpan.h>

#include "mail/intake.h"

struct mime_parts {
	struct intake_part	*v;
	size_t			 n;
	char			*automatic;	/* reason, when a part outside an
						   attached message is a report */
};

/*
 * Collect the leaf parts under body (the root's mm_msg_mime, which may be
 * NULL) in document order into *out (zeroed first). Returns 0, or -1 with
 * a reason when the mail has more than INTAKE_MAX_PARTS parts or nests
 * deeper than INTAKE_MAX_DEPTH (*out is then still valid and freed by the
 * caller), or when libetpan runs out of memory (*nomem set).
 */
int mime_parts_collect(struct mailmime *body, struct mime_parts *out, int *nomem,
    char **cause);
void mime_parts_clear(struct mime_parts *p);

/*
 * "part N (type)" or "part N (type, attachment "name")", type and name cut
 * at 60 bytes (one-line reasons stay short); a new string.
 */
char *mime_part_where(const struct intake_part *parts, size_t i);

/*
 * The value of parameter name from a list of name/value pairs, with the
 * RFC 2231 forms (name*=charset'lang'pct-text, name*0=, name*1*=, ...)
 * joined and decoded, and RFC 2047 encoded words decoded; UTF-8, a new
 * string, or NULL when absent. Exposed for the tests.
 */
char *mime_param_get(const char *const *names, const char *const *values, size_t n,
    const char *name);

#endif
