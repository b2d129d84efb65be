/*
 * send-maildir.c — outgoing mail written into a local Maildir (the embedded
 * default): tmp/NAME written and fsync'd, linked to new/NAME, new/ fsync'd.
 * NAME follows the Maildir convention: SECONDS.MUSECSPPIDQCOUNT.HOST.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/time.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/send.h"

#define NAME_TRIES	64

struct send_state {
	char		*path;
	char		*host;		/* hostname with '/' and ':' escaped */
	unsigned	 count;		/* deliveries by this process */
};

static char *
maildir_hostname(void)
{
	struct strbuf sb = STRBUF_INIT;
	char host[256];
	const char *p;

	if (gethostname(host, sizeof host) == -1 || host[0] == '\0')
		strcpy(host, "localhost");
	host[sizeof host - 1] = '\0';
	for (p = host; *p != '\0'; p++) {
		if (*p == '/')
			strbuf_addstr(&sb, "\\057");
		else if (*p == ':')
			strbuf_addstr(&sb, "\\072");
		else
			strbuf_addc(&sb, *p);
	}
	return strbuf_detach(&sb, NULL);
}

static struct send_state *
maildir_open(const struct mail_url *url, const struct send_options *opts, char **cause)
{
	static const char *subdirs[] = { "cur", "new", "tmp" };
	struct send_state *st;
	char *p;
	size_t i;
	int r;

	(void)opts;
	for (i = 0; i < 3; i++) {
		p = xasprintf("%s/%s", url->path, subdirs[i]);
		r = fs_mkdir_p(p, 0700, cause);
		free(p);
		if (r == -1)
			return NULL;
	}
	st = xcalloc(1, sizeof *st);
	st->path = xstrdup(url->path);
	st->host = maildir_hostname();
	return st;
}

/* The line ending the mail uses, so the added lines match it. */
static const char *
line_end(const char *data, size_t len)
{
	const char *nl = memchr(data, '\n', len);

	return nl != NULL && nl > data && nl[-1] == '\r' ? "\r\n" : "\n";
}

static enum send_result
maildir_send(struct send_state *st, const char *data, size_t len, const char *from,
    const char *rcpt, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	struct timeval tv;
	const char *eol = line_end(data, len);
	char *name, *tmp, *new;
	int i, r;

	if (strpbrk(from, "\r\n") != NULL || strpbrk(rcpt, "\r\n") != NULL) {
		cause_set(cause, "maildir %s: line break in the envelope address", st->path);
		return SEND_PERMFAIL;
	}
	strbuf_addf(&sb, "Return-Path: <%s>%sDelivered-To: %s%s", from, eol, rcpt, eol);
	strbuf_add(&sb, data, len);
	for (i = 0; i < NAME_TRIES; i++) {
		gettimeofday(&tv, NULL);
		name = xasprintf("%lld.M%06ldP%ldQ%u.%s", (long long)tv.tv_sec,
		    (long)tv.tv_usec, (long)getpid(), ++st->count, st->host);
		tmp = xasprintf("%s/tmp/%s", st->path, name);
		new = xasprintf("%s/new/%s", st->path, name);
		free(name);
		if (access(tmp, F_OK) == 0 || access(new, F_OK) == 0) {
			free(tmp);
			free(new);
			continue;
		}
		if (fs_write_file_excl_data(tmp, sb.s, sb.len, 0600, cause) == -1) {
			free(tmp);
			free(new);
			strbuf_free(&sb);
			return SEND_TEMPFAIL;
		}
		r = link(tmp, new);
		if (r == -1 && errno == EEXIST) {
			unlink(tmp);
			free(tmp);
			free(new);
			continue;
		}
		if (r == -1) {
			cause_set(cause, "maildir: cannot link %s to %s: %s", tmp, new,
			    strerror(errno));
			unlink(tmp);
			free(tmp);
			free(new);
			strbuf_free(&sb);
			return SEND_TEMPFAIL;
		}
		unlink(tmp);
		r = fs_sync_parent(new, cause);
		free(tmp);
		free(new);
		strbuf_free(&sb);
		return r == 0 ? SEND_OK : SEND_TEMPFAIL;
	}
	strbuf_free(&sb);
	cause_set(cause, "maildir %s: no unique file name after %d tries", st->path, NAME_TRIES);
	return SEND_TEMPFAIL;
}

static void
maildir_close(struct send_state *st)
{
	if (st == NULL)
		return;
	free(st->path);
	free(st->host);
	free(st);
}

const struct send send_maildir = {
	.name = "maildir",
	.open = maildir_open,
	.send = maildir_send,
	.close = maildir_close,
};
