/* fetch.c — pick a fetch driver by scheme and call it (see fetch.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"

struct fetcher {
	const struct fetch	*drv;
	struct fetch_state	*st;
};

const struct fetch *
fetch_driver(enum mail_scheme scheme)
{
	switch (scheme) {
	case MAIL_MAILDIR:
		return &fetch_maildir;
	case MAIL_IMAP:
	case MAIL_IMAPS:
	case MAIL_IMAP_STARTTLS:
		return &fetch_imap;
	default:
		return NULL;
	}
}

struct fetcher *
fetch_open(const struct mail_url *url, const struct fetch_options *opts, char **cause)
{
	const struct fetch *drv;
	struct fetch_state *st;
	struct fetcher *f;

	if ((drv = fetch_driver(url->scheme)) == NULL) {
		cause_set(cause, "%s is not an incoming mailbox (expected maildir:, "
		    "imap://, imaps:// or imap+starttls://)", mail_scheme_name(url->scheme));
		return NULL;
	}
	if ((st = drv->open(url, opts, cause)) == NULL)
		return NULL;
	f = xmalloc(sizeof *f);
	f->drv = drv;
	f->st = st;
	return f;
}

enum fetch_result
fetch_next(struct fetcher *f, struct fetch_msg *msg, char **cause)
{
	memset(msg, 0, sizeof *msg);
	return f->drv->next(f->st, msg, cause);
}

int
fetch_mark(struct fetcher *f, const char *id, char **cause)
{
	return f->drv->mark(f->st, id, cause);
}

size_t
fetch_mark_many(struct fetcher *f, const char *const *ids, size_t n, char **why)
{
	size_t i, failed = 0;

	if (f->drv->mark_many != NULL)
		return f->drv->mark_many(f->st, ids, n, why);
	for (i = 0; i < n; i++) {
		why[i] = NULL;
		failed += f->drv->mark(f->st, ids[i], &why[i]) == -1;
	}
	return failed;
}

size_t
fetch_fail_rest(char **why, size_t n, char *err)
{
	size_t i, failed = 0;

	for (i = 0; i < n; i++)
		if (why[i] == NULL) {
			why[i] = xstrdup(err);
			failed++;
		}
	free(err);
	return failed;
}

int
fetch_quarantine(struct fetcher *f, const char *id, char **cause)
{
	return f->drv->quarantine(f->st, id, cause);
}

int
fetch_wait(struct fetcher *f, long timeout, char **cause)
{
	return f->drv->wait(f->st, timeout, cause);
}

void
fetch_close(struct fetcher *f)
{
	if (f == NULL)
		return;
	f->drv->close(f->st);
	free(f);
}

const char *
fetch_name(const struct fetcher *f)
{
	return f->drv->name;
}

void
fetch_msg_clear(struct fetch_msg *msg)
{
	free(msg->id);
	free(msg->data);
	memset(msg, 0, sizeof *msg);
}
