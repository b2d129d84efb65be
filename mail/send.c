/* send.c — pick a send driver by scheme and call it (see send.h). */
#include "config.h"

#include <stdlib.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "mail/send.h"

#define RETRY_FIRST	60		/* seconds after the first failure */
#define RETRY_MAX	(6 * 3600)	/* the longest gap between attempts */

struct sender {
	const struct send	*drv;
	struct send_state	*st;
};

const struct send *
send_driver(enum mail_scheme scheme)
{
	switch (scheme) {
	case MAIL_MAILDIR:
		return &send_maildir;
	case MAIL_SMTP:
	case MAIL_SMTPS:
	case MAIL_SMTP_STARTTLS:
		return &send_smtp;
	default:
		return NULL;
	}
}

struct sender *
send_open(const struct mail_url *url, const struct send_options *opts, char **cause)
{
	const struct send *drv;
	struct send_state *st;
	struct sender *s;

	if ((drv = send_driver(url->scheme)) == NULL) {
		cause_set(cause, "%s is not an outgoing transport (expected maildir:, "
		    "smtp://, smtps:// or smtp+starttls://)", mail_scheme_name(url->scheme));
		return NULL;
	}
	if ((st = drv->open(url, opts, cause)) == NULL)
		return NULL;
	s = xmalloc(sizeof *s);
	s->drv = drv;
	s->st = st;
	return s;
}

enum send_result
send_mail(struct sender *s, const char *data, size_t len, const char *from,
    const char *rcpt, char **cause)
{
	return s->drv->send(s->st, data, len, from, rcpt, cause);
}

void
send_close(struct sender *s)
{
	if (s == NULL)
		return;
	s->drv->close(s->st);
	free(s);
}

void
send_defer(struct sender *s, int on)
{
	if (s->drv->defer != NULL)
		s->drv->defer(s->st, on);
}

int
send_flush(struct sender *s, char **cause)
{
	return s->drv->flush != NULL ? s->drv->flush(s->st, cause) : 0;
}

void
send_recheck(struct sender *s)
{
	if (s->drv->recheck != NULL)
		s->drv->recheck(s->st);
}

const char *
send_name(const struct sender *s)
{
	return s->drv->name;
}

int
send_idempotent(const struct sender *s)
{
	return s->drv->idempotent;
}

time_t
send_retry_at(unsigned attempts, time_t now)
{
	time_t delay = RETRY_FIRST;

	while (attempts > 1 && delay < RETRY_MAX) {
		delay *= 2;
		attempts--;
	}
	if (delay > RETRY_MAX)
		delay = RETRY_MAX;
	return now + delay;
}
