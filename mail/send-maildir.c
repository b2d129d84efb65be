/*
 * send-maildir.c — outgoing mail written into a local Maildir (the embedded
 * default) with LF line ends (CRLF is for the SMTP wire), exactly once:
 * tmp/NAME written and fsync'd, linked to
 * new/NAME, new/ fsync'd. NAME follows the Maildir convention,
 * SECONDS.MUSECPPIDHKEY.HOST, where KEY (32 hex digits) is derived from the
 * recipient and the mail's Message-ID: a mail whose KEY is already in
 * new/ or cur/ (delivered before a crash, not yet marked sent) is not
 * written again. The KEYs there are read once, at the first mail.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/time.h>

#include <dirent.h>
#include <fcntl.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/mime-text.h"
#include "mail/send.h"

#define KEY_BYTES	16
#define KEY_CONTEXT	"muthur-maildir-key-v1"

/* The KEYs in the Maildir: an open-addressing set of KEY_BYTES keys. */
struct keyset {
	unsigned char	*slot;		/* cap * KEY_BYTES; all zero: empty */
	size_t		 cap;		/* a power of two, or 0 */
	size_t		 n;
};

/* A mail written into tmp/ and not yet flushed (send_defer()). */
struct pending {
	char		*tmp, *new;
	unsigned char	 key[KEY_BYTES];
};

struct send_state {
	char		*path;
	char		*host;		/* hostname with '/' and ':' escaped */
	int		 scanned;	/* keys holds new/ and cur/ */
	struct keyset	 keys;
	int		 defer;		/* send_defer() on */
	struct pending	*pend;
	size_t		 npend;
	struct keyset	 pkeys;		/* the keys of pend */
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

static size_t
keyset_pos(const struct keyset *ks, const unsigned char *key)
{
	uint64_t h;

	memcpy(&h, key, sizeof h);	/* the key is a hash already */
	return (size_t)h & (ks->cap - 1);
}

static int
keyset_has(const struct keyset *ks, const unsigned char *key)
{
	size_t i;

	if (ks->cap == 0)
		return 0;
	for (i = keyset_pos(ks, key);; i = (i + 1) & (ks->cap - 1)) {
		if (sodium_is_zero(ks->slot + i * KEY_BYTES, KEY_BYTES))
			return 0;
		if (memcmp(ks->slot + i * KEY_BYTES, key, KEY_BYTES) == 0)
			return 1;
	}
}

static void
keyset_add(struct keyset *ks, const unsigned char *key)
{
	struct keyset old = *ks;
	size_t i;

	if (sodium_is_zero(key, KEY_BYTES) || keyset_has(ks, key))
		return;
	if ((ks->n + 1) * 2 > ks->cap) {
		ks->cap = old.cap == 0 ? 1024 : old.cap * 2;
		ks->slot = xcalloc(ks->cap, KEY_BYTES);
		ks->n = 0;
		for (i = 0; i < old.cap; i++)
			if (!sodium_is_zero(old.slot + i * KEY_BYTES, KEY_BYTES))
				keyset_add(ks, old.slot + i * KEY_BYTES);
		free(old.slot);
	}
	for (i = keyset_pos(ks, key); !sodium_is_zero(ks->slot + i * KEY_BYTES, KEY_BYTES);
	    i = (i + 1) & (ks->cap - 1))
		;
	memcpy(ks->slot + i * KEY_BYTES, key, KEY_BYTES);
	ks->n++;
}

/* The KEY in a file name SECONDS.M...HKEY.HOST[:2,FLAGS]; -1 if none. */
static int
name_key(const char *name, unsigned char *key)
{
	const char *mid = strchr(name, '.'), *end;

	if (mid == NULL || (end = strchr(mid + 1, '.')) == NULL ||
	    end - (mid + 1) < 2 * KEY_BYTES + 1 || end[-2 * KEY_BYTES - 1] != 'H')
		return -1;
	return sodium_hex2bin(key, KEY_BYTES, end - 2 * KEY_BYTES, 2 * KEY_BYTES, NULL,
	    NULL, NULL) == 0 ? 0 : -1;
}

/*
 * Remove our files left in tmp/ for more than an hour: written by a
 * process killed before its send_flush() (their rows are still pending
 * and are written again), or linked before it could unlink them.
 */
static void
tmp_clean(struct send_state *st)
{
	unsigned char key[KEY_BYTES];
	struct dirent *de;
	struct stat sb;
	char *dir = xasprintf("%s/tmp", st->path), *f;
	time_t old = time(NULL) - 3600;
	DIR *d;

	if ((d = opendir(dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.' || name_key(de->d_name, key) == -1)
				continue;
			f = xasprintf("%s/%s", dir, de->d_name);
			if (lstat(f, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_mtime < old)
				unlink(f);
			free(f);
		}
		closedir(d);
	}
	free(dir);
}

/* Add the KEYs of path/sub's files. */
static int
scan_keys(struct send_state *st, const char *sub, char **cause)
{
	unsigned char key[KEY_BYTES];
	struct dirent *de;
	char *dir = xasprintf("%s/%s", st->path, sub);
	DIR *d;

	if ((d = opendir(dir)) == NULL) {
		cause_set(cause, "maildir: cannot read %s: %s", dir, strerror(errno));
		free(dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && name_key(de->d_name, key) == 0)
			keyset_add(&st->keys, key);
	closedir(d);
	free(dir);
	return 0;
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

/* The value of the header's first Message-ID field (its first line), or
 * NULL; *n its length. */
static const char *
message_id(const char *data, size_t len, size_t *n)
{
	const char *p = data, *end = data + len, *nl, *v, *e;

	while (p < end) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (nl == p || (nl == p + 1 && *p == '\r'))
			break;		/* the end of the header */
		if (nl - p > 11 && strncasecmp(p, "Message-ID:", 11) == 0) {
			for (v = p + 11; v < nl && (*v == ' ' || *v == '\t'); v++)
				;
			for (e = nl; e > v && (e[-1] == '\r' || e[-1] == ' ' ||
			    e[-1] == '\t'); e--)
				;
			*n = (size_t)(e - v);
			return e > v ? v : NULL;
		}
		p = nl + 1;
	}
	return NULL;
}

/* KEY: BLAKE2b-128 of the context, rcpt, and the Message-ID (or, for a
 * mail without one, the whole mail). */
static void
mail_key(const char *data, size_t len, const char *rcpt, unsigned char *key)
{
	crypto_generichash_state h;
	const char *id;
	size_t idlen;

	crypto_generichash_init(&h, NULL, 0, KEY_BYTES);
	crypto_generichash_update(&h, (const unsigned char *)KEY_CONTEXT,
	    sizeof KEY_CONTEXT);
	crypto_generichash_update(&h, (const unsigned char *)rcpt, strlen(rcpt) + 1);
	if ((id = message_id(data, len, &idlen)) != NULL) {
		crypto_generichash_update(&h, (const unsigned char *)"I", 1);
		crypto_generichash_update(&h, (const unsigned char *)id, idlen);
	} else {
		crypto_generichash_update(&h, (const unsigned char *)"B", 1);
		crypto_generichash_update(&h, (const unsigned char *)data, len);
	}
	crypto_generichash_final(&h, key, KEY_BYTES);
}

/* path made with data, not synced (send_flush() syncs it). */
static int
write_unsynced(const char *path, const void *data, size_t len, char **cause)
{
	const char *p = data;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) == -1)
		return cause_set(cause, "maildir: cannot create %s: %s", path,
		    strerror(errno));
	while (len > 0) {
		if ((n = write(fd, p, len)) == -1) {
			if (errno == EINTR)
				continue;
			cause_set(cause, "maildir: cannot write %s: %s", path,
			    strerror(errno));
			close(fd);
			unlink(path);
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	if (close(fd) == -1) {
		cause_set(cause, "maildir: cannot write %s: %s", path, strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
}

static enum send_result
maildir_send(struct send_state *st, const char *data, size_t len, const char *from,
    const char *rcpt, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	struct timeval tv;
	unsigned char key[KEY_BYTES];
	char hex[2 * KEY_BYTES + 1];
	char *name, *tmp, *new;
	enum send_result res;

	if (strpbrk(from, "\r\n") != NULL || strpbrk(rcpt, "\r\n") != NULL) {
		cause_set(cause, "maildir %s: line break in the envelope address", st->path);
		return SEND_PERMFAIL;
	}
	if (!st->scanned) {
		/* new/ before cur/: a file a reader moves meanwhile is seen */
		if (scan_keys(st, "new", cause) == -1 || scan_keys(st, "cur", cause) == -1)
			return SEND_TEMPFAIL;
		tmp_clean(st);
		st->scanned = 1;
	}
	mail_key(data, len, rcpt, key);
	if (keyset_has(&st->keys, key) || keyset_has(&st->pkeys, key))
		return SEND_OK;		/* delivered before, not written again */
	sodium_bin2hex(hex, sizeof hex, key, sizeof key);
	/* a Maildir file has LF line ends; CRLF is for the SMTP wire */
	strbuf_addf(&sb, "Return-Path: <%s>\nDelivered-To: %s\n", from, rcpt);
	{
		size_t lflen;
		char *lf = mime_lf(data, len, &lflen);

		strbuf_add(&sb, lf, lflen);
		free(lf);
	}
	gettimeofday(&tv, NULL);
	name = xasprintf("%lld.M%06ldP%ldH%s.%s", (long long)tv.tv_sec, (long)tv.tv_usec,
	    (long)getpid(), hex, st->host);
	tmp = xasprintf("%s/tmp/%s", st->path, name);
	new = xasprintf("%s/new/%s", st->path, name);
	free(name);
	res = SEND_TEMPFAIL;
	unlink(tmp);	/* only this very mail can have had the name */
	if (st->defer) {	/* synced, linked and known at send_flush() */
		if (write_unsynced(tmp, sb.s, sb.len, cause) == -1)
			goto out;
		st->pend = xreallocarray(st->pend, st->npend + 1, sizeof *st->pend);
		st->pend[st->npend].tmp = tmp;
		st->pend[st->npend].new = new;
		memcpy(st->pend[st->npend++].key, key, KEY_BYTES);
		keyset_add(&st->pkeys, key);
		tmp = new = NULL;
		res = SEND_OK;
		goto out;
	}
	if (fs_write_file_excl_data(tmp, sb.s, sb.len, 0600, cause) == -1)
		goto out;
	if (link(tmp, new) == -1 && errno != EEXIST) {
		cause_set(cause, "maildir: cannot link %s to %s: %s", tmp, new,
		    strerror(errno));
		unlink(tmp);
		goto out;
	}
	unlink(tmp);
	if (fs_sync_parent(new, cause) == -1) {
		unlink(new);	/* not known to be there: written again later */
		goto out;
	}
	keyset_add(&st->keys, key);
	res = SEND_OK;
out:
	free(tmp);
	free(new);
	strbuf_free(&sb);
	return res;
}

/* Forget the pending mails (their tmp/ files removed when drop). */
static void
pending_clear(struct send_state *st, int drop)
{
	size_t i;

	for (i = 0; i < st->npend; i++) {
		if (drop)
			unlink(st->pend[i].tmp);
		free(st->pend[i].tmp);
		free(st->pend[i].new);
	}
	free(st->pend);
	st->pend = NULL;
	st->npend = 0;
	free(st->pkeys.slot);
	memset(&st->pkeys, 0, sizeof st->pkeys);
}

static void
maildir_defer(struct send_state *st, int on)
{
	if (!on)
		pending_clear(st, 1);	/* never flushed: their rows are still pending */
	st->defer = on;
}

static int
maildir_flush(struct send_state *st, char **cause)
{
	size_t i, linked = 0;
	int fd, rc = -1;

	if (st->npend == 0)
		return 0;
	/* every file's data durable at once, before any is in new/ */
	if ((fd = open(st->path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1 ||
	    syncfs(fd) == -1) {
		cause_set(cause, "maildir %s: cannot sync: %s", st->path, strerror(errno));
		if (fd != -1)
			close(fd);
		pending_clear(st, 1);
		return -1;
	}
	close(fd);
	for (i = 0; i < st->npend; i++, linked++)
		if (link(st->pend[i].tmp, st->pend[i].new) == -1 && errno != EEXIST) {
			cause_set(cause, "maildir: cannot link %s to %s: %s", st->pend[i].tmp,
			    st->pend[i].new, strerror(errno));
			break;
		}
	if (i == st->npend && fs_sync_parent(st->pend[0].new, cause) == 0)
		rc = 0;
	for (i = 0; i < st->npend; i++) {
		unlink(st->pend[i].tmp);
		if (rc == 0)
			keyset_add(&st->keys, st->pend[i].key);
		else if (i < linked)
			unlink(st->pend[i].new);	/* not known to be there */
	}
	pending_clear(st, 0);
	return rc;
}

/* The KEYs are read again at the next mail (send_recheck()). */
static void
maildir_recheck(struct send_state *st)
{
	st->scanned = 0;
}

static void
maildir_close(struct send_state *st)
{
	if (st == NULL)
		return;
	pending_clear(st, 1);	/* never flushed: their rows are still pending */
	free(st->path);
	free(st->host);
	free(st->keys.slot);
	free(st);
}

const struct send send_maildir = {
	.name = "maildir",
	.idempotent = 1,
	.open = maildir_open,
	.send = maildir_send,
	.close = maildir_close,
	.defer = maildir_defer,
	.flush = maildir_flush,
	.recheck = maildir_recheck,
};
