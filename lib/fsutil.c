/* fsutil.c — careful file-system helpers. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

int
fs_check_private(const char *path, const char *what, int missing_ok, char **cause)
{
	struct stat st;

	if (stat(path, &st) == -1) {
		if (missing_ok && errno == ENOENT)
			return 0;
		return cause_set(cause, "cannot open %s %s: %s", what, path,
		    strerror(errno));
	}
	if ((st.st_mode & 077) != 0)
		return cause_set(cause, "%s %s has mode %04o: it must not be readable "
		    "or writable by group or others (chmod 600 %s)", what, path,
		    (unsigned)(st.st_mode & 07777), path);
	return 0;
}

int
fs_lock_try(const char *path, int *fd, char **cause)
{
	int f;

	*fd = -1;
	if ((f = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) == -1)
		return cause_set(cause, "cannot open lock file %s: %s", path,
		    strerror(errno));
	while (flock(f, LOCK_EX | LOCK_NB) == -1) {
		if (errno == EINTR)
			continue;
		if (errno == EWOULDBLOCK) {
			close(f);
			return 1;
		}
		cause_set(cause, "cannot lock %s: %s", path, strerror(errno));
		close(f);
		return -1;
	}
	*fd = f;
	return 0;
}

int
fs_mkdir_p(const char *path, mode_t mode, char **cause)
{
	char *copy = xstrdup(path), *p;
	struct stat st;

	for (p = copy + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		char saved = *p;
		*p = '\0';
		if (mkdir(copy, mode) == -1 && errno != EEXIST) {
			cause_set(cause, "cannot create folder %s: %s", copy, strerror(errno));
			free(copy);
			return -1;
		}
		if (stat(copy, &st) == -1 || !S_ISDIR(st.st_mode)) {
			cause_set(cause, "%s exists and is not a folder", copy);
			free(copy);
			return -1;
		}
		*p = saved;
		if (saved == '\0')
			break;
	}
	free(copy);
	return 0;
}

int
fs_read_file(const char *path, size_t max, char **data, size_t *len, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	char chunk[65536];
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return cause_set(cause, "cannot open %s: %s", path, strerror(errno));
	for (;;) {
		n = read(fd, chunk, sizeof chunk);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			cause_set(cause, "cannot read %s: %s", path, strerror(errno));
			goto fail;
		}
		if (n == 0)
			break;
		if (sb.len + (size_t)n > max) {
			cause_set(cause, "%s is larger than %zu bytes", path, max);
			goto fail;
		}
		strbuf_add(&sb, chunk, (size_t)n);
	}
	close(fd);
	*data = strbuf_detach(&sb, len);
	return 0;
fail:
	close(fd);
	strbuf_free(&sb);
	return -1;
}

static int
write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

char *
fs_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}

char *
fs_path_join(const char *dir, const char *rel)
{
	if (rel[0] == '/' || dir == NULL || dir[0] == '\0' || strcmp(dir, ".") == 0)
		return xstrdup(rel);
	return xasprintf("%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", rel);
}

int
fs_sync_parent(const char *path, char **cause)
{
	char *dir = fs_dirname(path);
	int fd, rc = 0;

	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) == -1 || fsync(fd) == -1)
		rc = cause_set(cause, "cannot sync folder %s: %s", dir, strerror(errno));
	if (fd != -1)
		close(fd);
	free(dir);
	return rc;
}

int
fs_write_file_excl_data(const char *path, const void *data, size_t len, mode_t mode,
    char **cause)
{
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)) == -1)
		return cause_set(cause, "cannot create %s: %s", path, strerror(errno));
	if (fchmod(fd, mode) == -1 || write_all(fd, data, len) == -1 || fsync(fd) == -1) {
		cause_set(cause, "cannot write %s: %s", path, strerror(errno));
		close(fd);
		unlink(path);
		return -1;
	}
	if (close(fd) == -1) {
		unlink(path);
		return cause_set(cause, "cannot write %s: %s", path, strerror(errno));
	}
	return 0;
}

int
fs_write_file_excl(const char *path, const void *data, size_t len, mode_t mode, char **cause)
{
	if (fs_write_file_excl_data(path, data, len, mode, cause) == -1)
		return -1;
	return fs_sync_parent(path, cause);
}

int
fs_write_file_atomic(const char *path, const void *data, size_t len, mode_t mode, char **cause)
{
	char *tmp = xasprintf("%s.tmp.%ld", path, (long)getpid());
	int fd;

	unlink(tmp);
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)) == -1) {
		cause_set(cause, "cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	if (fchmod(fd, mode) == -1 || write_all(fd, data, len) == -1 || fsync(fd) == -1 ||
	    close(fd) == -1) {
		cause_set(cause, "cannot write %s: %s", tmp, strerror(errno));
		close(fd);
		goto fail;
	}
	if (rename(tmp, path) == -1) {
		cause_set(cause, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
		goto fail;
	}
	free(tmp);
	return fs_sync_parent(path, cause);
fail:
	unlink(tmp);
	free(tmp);
	return -1;
}
