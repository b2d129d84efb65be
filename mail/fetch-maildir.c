/*
 * fetch-maildir.c — incoming mail from a local Maildir, with libetpan's
 * maildir API (maildir_update, maildir_message_get). A mail in new/, or in
 * cur/ without the S flag, is pending; marking moves it, with the S flag,
 * into the Maildir++ subfolder .Processed/ (its cur/), out of the folders
 * each pass scans, so that a pass costs the same however much mail was
 * handled before it.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libetpan/libetpan.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/log.h"
#include "lib/xmalloc.h"
#include "mail/fetch.h"

#define MAILDIR_WAIT_STEP_MS	200	/* how often wait looks at new/ and cur/ */
#define MAILDIR_PROCESSED	".Processed"	/* where handled mail goes */

struct fetch_state {
	char		*path;
	struct maildir	*md;
	size_t		 max_size;
	long		 poll_interval;
	char		**pending;	/* unique names of this pass, oldest first */
	size_t		 npending;
	size_t		 next;
	int		 scanned;	/* this pass has scanned already */
	int		 had_marker;	/* "maildirfolder" was there before us */
	int		 moves_done;	/* finish_moves() ran since the open */
	int		 processed_ok;	/* .Processed/ exists (made by us or found) */
	int		 moved;		/* MOVED_FROM_*: moves not synced yet */
};

#define MOVED_FROM_NEW	1
#define MOVED_FROM_CUR	2

static const char *
maildir_error(int r)
{
	switch (r) {
	case MAILDIR_ERROR_CREATE:	return "cannot create";
	case MAILDIR_ERROR_DIRECTORY:	return "cannot read the folder";
	case MAILDIR_ERROR_MEMORY:	return "out of memory";
	case MAILDIR_ERROR_FILE:	return "file error";
	case MAILDIR_ERROR_NOT_FOUND:	return "no such mail";
	case MAILDIR_ERROR_FOLDER:	return "cannot move the file";
	default:			return "unknown error";
	}
}

/* Rescan new/ and cur/; libetpan skips a rescan when their mtimes (whole
 * seconds) look unchanged, which would miss mail arriving within a second. */
static int
maildir_rescan(struct fetch_state *st, char **cause)
{
	int r;

	st->md->mdir_mtime_new = (time_t)-1;
	st->md->mdir_mtime_cur = (time_t)-1;
	if ((r = maildir_update(st->md)) != MAILDIR_NO_ERROR)
		return cause_set(cause, "maildir %s: %s", st->path, maildir_error(r));
	/*
	 * maildir_update() creates a "maildirfolder" file, which marks a
	 * Maildir++ subfolder; an inbox must not get one from us.
	 */
	if (!st->had_marker) {
		char *marker = xasprintf("%s/maildirfolder", st->path);

		unlink(marker);
		free(marker);
	}
	return 0;
}

static struct maildir_msg *
maildir_find(struct fetch_state *st, const char *id)
{
	chashdatum key, value;

	key.data = (void *)id;
	key.len = (unsigned int)strlen(id);
	if (chash_get(st->md->mdir_msg_hash, &key, &value) < 0)
		return NULL;
	return value.data;
}

static void
pending_clear(struct fetch_state *st)
{
	size_t i;

	for (i = 0; i < st->npending; i++)
		free(st->pending[i]);
	free(st->pending);
	st->pending = NULL;
	st->npending = st->next = 0;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static struct fetch_state *
maildir_open(const struct mail_url *url, const struct fetch_options *opts, char **cause)
{
	static const char *subdirs[] = { "cur", "new", "tmp" };
	struct fetch_state *st;
	struct stat sb;
	char *p;
	size_t i;

	for (i = 0; i < 3; i++) {
		p = xasprintf("%s/%s", url->path, subdirs[i]);
		if (stat(p, &sb) == -1 || !S_ISDIR(sb.st_mode)) {
			cause_set(cause, "maildir %s: no folder %s/ (expected cur/, new/ "
			    "and tmp/; `muthur init` makes them)", url->path, subdirs[i]);
			free(p);
			return NULL;
		}
		free(p);
	}
	if (strlen(url->path) >= PATH_MAX - 64) {
		cause_set(cause, "maildir %s: path too long", url->path);
		return NULL;
	}
	st = xcalloc(1, sizeof *st);
	st->path = xstrdup(url->path);
	p = xasprintf("%s/maildirfolder", st->path);
	st->had_marker = access(p, F_OK) == 0;
	free(p);
	st->max_size = opts->max_message_size;
	st->poll_interval = opts->poll_interval > 0 ? opts->poll_interval : 60;
	if ((st->md = maildir_new(st->path)) == NULL) {
		cause_set(cause, "maildir %s: out of memory", st->path);
		free(st->path);
		free(st);
		return NULL;
	}
	return st;
}

/* The unique names (file names without ":2,FLAGS") in dir, sorted. */
static char **
unique_names(const char *dir, size_t *n)
{
	struct dirent *de;
	char **v = NULL;
	DIR *d = opendir(dir);

	*n = 0;
	while (d != NULL && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = xstrndup(de->d_name, strcspn(de->d_name, ":"));
	}
	if (d != NULL)
		closedir(d);
	if (*n > 1)
		qsort(v, *n, sizeof *v, name_cmp);
	return v;
}

/*
 * A file in new/ whose unique name is in cur/ too was being moved (link
 * into cur/, then unlink from new/) when the process died: finish the move.
 */
static void
finish_moves(struct fetch_state *st)
{
	char *newdir = xasprintf("%s/new", st->path), *curdir = xasprintf("%s/cur", st->path);
	char **cur, *p, *key;
	struct dirent *de;
	size_t ncur, i, removed = 0;
	DIR *d;

	cur = unique_names(curdir, &ncur);
	if (ncur > 0 && (d = opendir(newdir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (de->d_name[0] == '.')
				continue;
			key = xstrndup(de->d_name, strcspn(de->d_name, ":"));
			if (bsearch(&key, cur, ncur, sizeof *cur, name_cmp) != NULL) {
				p = xasprintf("%s/%s", newdir, de->d_name);
				if (unlink(p) == 0)
					removed++;
				free(p);
			}
			free(key);
		}
		closedir(d);
	}
	if (removed > 0) {
		p = xasprintf("%s/x", newdir);
		fs_sync_parent(p, NULL);
		free(p);
	}
	for (i = 0; i < ncur; i++)
		free(cur[i]);
	free(cur);
	free(newdir);
	free(curdir);
}

static size_t maildir_mark_many(struct fetch_state *, const char *const *, size_t,
    char **);

static int
maildir_scan(struct fetch_state *st, char **cause)
{
	struct maildir_msg *m;
	char **seen = NULL, **why;
	size_t nseen = 0, k;
	unsigned int i;

	pending_clear(st);
	/*
	 * Once a process: a half-done move is left by a process that died
	 * (this one's moves finish or fail in maildir_move_seen()), and
	 * reading cur/ every pass would cost more the more mail it holds.
	 */
	if (!st->moves_done) {
		finish_moves(st);
		st->moves_done = 1;
	}
	if (maildir_rescan(st, cause) == -1)
		return -1;
	for (i = 0; i < carray_count(st->md->mdir_msg_list); i++) {
		m = carray_get(st->md->mdir_msg_list, i);
		if (m->msg_flags & MAILDIR_FLAG_SEEN) {
			/* handled (by an older muthur, or marked read by a
			 * mail client): out of the scanned folders too */
			if (!(m->msg_flags & MAILDIR_FLAG_NEW)) {
				seen = xreallocarray(seen, nseen + 1, sizeof *seen);
				seen[nseen++] = xstrdup(m->msg_uid);
			}
			continue;
		}
		st->pending = xreallocarray(st->pending, st->npending + 1,
		    sizeof *st->pending);
		st->pending[st->npending++] = xstrdup(m->msg_uid);
	}
	/* Unique names begin with the delivery time: sorting gives arrival order. */
	if (st->npending > 1)
		qsort(st->pending, st->npending, sizeof *st->pending, name_cmp);
	if (nseen > 0) {
		why = xcalloc(nseen, sizeof *why);
		if (maildir_mark_many(st, (const char *const *)seen, nseen, why) > 0)
			for (k = 0; k < nseen; k++)
				if (why[k] != NULL)
					log_warnx("%s", why[k]);
		for (k = 0; k < nseen; k++) {
			free(why[k]);
			free(seen[k]);
		}
		free(why);
		free(seen);
	}
	return 0;
}

/* Read at most max bytes (0: all) of path into msg. */
static int
read_mail(const char *path, size_t max, struct fetch_msg *msg, char **cause)
{
	struct stat sb;
	size_t want, got = 0;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return cause_set(cause, "%s: %s", path, strerror(errno));
	if (fstat(fd, &sb) == -1) {
		close(fd);
		return cause_set(cause, "%s: %s", path, strerror(errno));
	}
	msg->size = (size_t)sb.st_size;
	want = msg->size;
	if (max != 0 && want > max) {
		want = max;
		msg->truncated = 1;
	}
	msg->data = xmalloc(want + 1);
	while (got < want) {
		n = read(fd, msg->data + got, want - got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			close(fd);
			return cause_set(cause, "%s: %s", path, strerror(errno));
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	msg->data[got] = '\0';
	msg->len = got;
	if (!msg->truncated)
		msg->size = got;
	return 0;
}

static enum fetch_result
maildir_next(struct fetch_state *st, struct fetch_msg *msg, char **cause)
{
	char *path;

	if (!st->scanned) {
		st->scanned = 1;
		if (maildir_scan(st, cause) == -1)
			return FETCH_ERROR;
	}
	while (st->next < st->npending) {
		const char *id = st->pending[st->next++];
		struct maildir_msg *m = maildir_find(st, id);

		/* Gone or marked (by another reader) since the scan. */
		if (m == NULL || (path = maildir_message_get(st->md, id)) == NULL)
			continue;
		if (read_mail(path, st->max_size, msg, cause) == -1) {
			free(path);
			fetch_msg_clear(msg);
			if (maildir_rescan(st, NULL) == 0 && maildir_find(st, id) == NULL)
				continue;	/* moved away meanwhile */
			return FETCH_ERROR;
		}
		free(path);
		msg->id = xstrdup(id);
		return FETCH_OK;
	}
	return FETCH_NONE;
}

/* The subfolder .Processed/ (a Maildir++ folder: cur/, new/, tmp/ and the
 * maildirfolder marker), made when missing; its parent synced once. */
static int
processed_folder(struct fetch_state *st, char **cause)
{
	static const char *subs[] = { "", "/cur", "/new", "/tmp" };
	char *p;
	size_t i;
	int fd, made = 0;

	if (st->processed_ok)
		return 0;
	for (i = 0; i < 4; i++) {
		p = xasprintf("%s/" MAILDIR_PROCESSED "%s", st->path, subs[i]);
		if (mkdir(p, 0700) == 0)
			made = 1;
		else if (errno != EEXIST) {
			cause_set(cause, "maildir %s: %s", p, strerror(errno));
			free(p);
			return -1;
		}
		free(p);
	}
	p = xasprintf("%s/" MAILDIR_PROCESSED "/maildirfolder", st->path);
	if ((fd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) == -1) {
		cause_set(cause, "maildir %s: %s", p, strerror(errno));
		free(p);
		return -1;
	}
	close(fd);
	free(p);
	if (made) {
		p = xasprintf("%s/" MAILDIR_PROCESSED "/cur", st->path);
		if (fs_sync_parent(p, cause) == -1) {
			free(p);
			return -1;
		}
		free(p);
		p = xasprintf("%s/" MAILDIR_PROCESSED, st->path);
		if (fs_sync_parent(p, cause) == -1) {
			free(p);
			return -1;
		}
		free(p);
	}
	st->processed_ok = 1;
	return 0;
}

/* The file name in .Processed/cur/ of a mail whose name in the inbox is
 * base: its unique name and its flags with S added (in ASCII order). */
static char *
processed_name(const char *base)
{
	const char *info = strstr(base, ":2,");
	char flags[64];
	size_t n = 0, len;

	len = info != NULL ? (size_t)(info - base) : strcspn(base, ":");
	if (info != NULL)
		for (info += 3; *info != '\0' && n < sizeof flags - 2; info++)
			if (*info != 'S')
				flags[n++] = *info;
	flags[n] = '\0';
	/* insert S after the flags that sort before it */
	{
		size_t k = 0;

		while (k < n && flags[k] < 'S')
			k++;
		memmove(flags + k + 1, flags + k, n - k + 1);
		flags[k] = 'S';
	}
	return xasprintf("%.*s:2,%s", (int)len, base, flags);
}

/* Whether the mail id is in .Processed/cur/ already (marked before). */
static int
processed_has(struct fetch_state *st, const char *id)
{
	char *p = xasprintf("%s/" MAILDIR_PROCESSED "/cur", st->path);
	size_t len = strlen(id);
	struct dirent *de;
	struct stat sb;
	int found = 0;
	DIR *d;

	/* a mail marked from new/ has no other flags: one stat then */
	{
		char *f = xasprintf("%s/%s:2,S", p, id);

		found = stat(f, &sb) == 0;
		free(f);
	}
	if (!found && (d = opendir(p)) != NULL) {
		while (!found && (de = readdir(d)) != NULL)
			found = strncmp(de->d_name, id, len) == 0 &&
			    (de->d_name[len] == ':' || de->d_name[len] == '\0');
		closedir(d);
	}
	free(p);
	return found;
}

/*
 * Move mail id, with the S flag, into .Processed/cur/ (one rename: the
 * mail is in the inbox or in .Processed/, never in both nor in neither);
 * the folders are not synced. A mail found in .Processed/ already is
 * marked.
 */
static int
maildir_move_seen(struct fetch_state *st, const char *id, char **cause)
{
	struct maildir_msg *m;
	char *path, *to, *name;
	const char *base;
	chashdatum key;
	int r, from_new;

	/*
	 * The scan that found the mail knows where it is: no rescan (which
	 * reads the whole folder) unless it has gone from where it was.
	 */
	if ((m = maildir_find(st, id)) == NULL) {
		if (maildir_rescan(st, cause) == -1)
			return -1;
		if ((m = maildir_find(st, id)) == NULL) {
			if (processed_has(st, id))
				return 0;
			return cause_set(cause, "maildir %s: no mail %s to mark", st->path,
			    id);
		}
	}
	if (processed_folder(st, cause) == -1)
		return -1;
	from_new = (m->msg_flags & MAILDIR_FLAG_NEW) != 0;
	if ((path = maildir_message_get(st->md, id)) == NULL)
		return cause_set(cause, "maildir %s: marking %s: %s", st->path, id,
		    maildir_error(MAILDIR_ERROR_MEMORY));
	base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	name = processed_name(base);
	to = xasprintf("%s/" MAILDIR_PROCESSED "/cur/%s", st->path, name);
	r = rename(path, to);
	if (r == -1 && errno == ENOENT && processed_has(st, id))
		r = 0;		/* moved by an earlier mark (or another reader) */
	else if (r == -1)
		cause_set(cause, "maildir %s: marking %s: moving it to "
		    MAILDIR_PROCESSED "/cur/: %s", st->path, id, strerror(errno));
	else
		st->moved |= from_new ? MOVED_FROM_NEW : MOVED_FROM_CUR;
	free(to);
	free(name);
	free(path);
	if (r == 0) {
		/* gone from the inbox: forget it (the list still owns it) */
		key.data = (void *)id;
		key.len = (unsigned int)strlen(id);
		chash_delete(st->md->mdir_msg_hash, &key, NULL);
	}
	return r;
}

/* fsync .Processed/cur/ and the folders mail moved out of, making the
 * moves durable. */
static int
maildir_sync_moves(struct fetch_state *st, char **cause)
{
	static const char *const dirs[3] = { MAILDIR_PROCESSED "/cur", "new", "cur" };
	char *dir;
	size_t i;
	int r = 0;

	for (i = 0; i < 3 && r == 0; i++) {
		if ((i == 1 && !(st->moved & MOVED_FROM_NEW)) ||
		    (i == 2 && !(st->moved & MOVED_FROM_CUR)))
			continue;
		dir = xasprintf("%s/%s/x", st->path, dirs[i]);
		r = fs_sync_parent(dir, cause);
		free(dir);
	}
	if (r == 0)
		st->moved = 0;
	return r;
}

static int
maildir_mark(struct fetch_state *st, const char *id, char **cause)
{
	if (maildir_move_seen(st, id, cause) == -1)
		return -1;
	return maildir_sync_moves(st, cause);
}

/* Every mail moved first, the two folders synced once for them all. */
static size_t
maildir_mark_many(struct fetch_state *st, const char *const *ids, size_t n, char **why)
{
	size_t i, failed = 0, moved = 0;
	char *err = NULL;

	for (i = 0; i < n; i++) {
		why[i] = NULL;
		if (maildir_move_seen(st, ids[i], &why[i]) == -1)
			failed++;
		else
			moved++;
	}
	if (moved > 0 && maildir_sync_moves(st, &err) == -1)
		failed += fetch_fail_rest(why, n, err);
	return failed;
}

static int
maildir_quarantine(struct fetch_state *st, const char *id, char **cause)
{
	char *path, *dir, *to, *base;
	int r;

	if (maildir_rescan(st, cause) == -1)
		return -1;
	if (maildir_find(st, id) == NULL || (path = maildir_message_get(st->md, id)) == NULL)
		return cause_set(cause, "maildir %s: no mail %s to quarantine", st->path, id);
	dir = xasprintf("%s/quarantine", st->path);
	if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
		cause_set(cause, "maildir %s: %s", dir, strerror(errno));
		free(dir);
		free(path);
		return -1;
	}
	base = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
	to = xasprintf("%s/%s", dir, base);
	if ((r = rename(path, to)) == -1)
		cause_set(cause, "maildir %s: moving %s to quarantine/: %s", st->path, id,
		    strerror(errno));
	else if ((r = fs_sync_parent(to, cause)) == 0)
		r = fs_sync_parent(path, cause);
	free(to);
	free(dir);
	free(path);
	return r;
}

static int
dir_stamp(const char *path, const char *sub, struct timespec *ts)
{
	struct stat sb;
	char *p = xasprintf("%s/%s", path, sub);
	int r = stat(p, &sb);

	free(p);
	if (r == -1)
		return -1;
	*ts = sb.st_mtim;
	return 0;
}

static int
same_time(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

static int
maildir_wait(struct fetch_state *st, long timeout, char **cause)
{
	struct timespec new0, cur0, new1, cur1, step;
	long waited_ms = 0, limit_ms;

	st->scanned = 0;
	pending_clear(st);
	if (timeout <= 0)
		timeout = st->poll_interval;
	limit_ms = timeout * 1000;
	if (dir_stamp(st->path, "new", &new0) == -1 || dir_stamp(st->path, "cur", &cur0) == -1)
		return cause_set(cause, "maildir %s: %s", st->path, strerror(errno));
	step.tv_sec = 0;
	step.tv_nsec = MAILDIR_WAIT_STEP_MS * 1000000L;
	while (waited_ms < limit_ms) {
		if (nanosleep(&step, NULL) == -1)
			return 0;	/* a signal */
		waited_ms += MAILDIR_WAIT_STEP_MS;
		if (dir_stamp(st->path, "new", &new1) == -1 ||
		    dir_stamp(st->path, "cur", &cur1) == -1)
			return cause_set(cause, "maildir %s: %s", st->path, strerror(errno));
		if (!same_time(&new0, &new1) || !same_time(&cur0, &cur1))
			return 0;
	}
	return 0;
}

static void
maildir_close(struct fetch_state *st)
{
	if (st == NULL)
		return;
	pending_clear(st);
	maildir_free(st->md);
	free(st->path);
	free(st);
}

const struct fetch fetch_maildir = {
	.name = "maildir",
	.open = maildir_open,
	.next = maildir_next,
	.mark = maildir_mark,
	.mark_many = maildir_mark_many,
	.quarantine = maildir_quarantine,
	.wait = maildir_wait,
	.close = maildir_close,
};
