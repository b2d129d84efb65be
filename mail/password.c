/* password.c — read a password file (see password.h). */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "mail/password.h"

int
password_read(const char *path, char **password, char **cause)
{
	char buf[PASSWORD_FILE_MAX + 1];
	struct stat st;
	size_t len = 0;
	ssize_t n;
	int fd;

	/* O_NONBLOCK: a FIFO must not hang the daemon at open (refused below) */
	if ((fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK)) == -1)
		return cause_set(cause, "password file %s: %s", path, strerror(errno));
	if (fstat(fd, &st) == -1) {
		close(fd);
		return cause_set(cause, "password file %s: %s", path, strerror(errno));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return cause_set(cause, "password file %s: not a regular file", path);
	}
	if ((st.st_mode & 077) != 0) {
		close(fd);
		return cause_set(cause, "password file %s: mode %04o lets group or others "
		    "read or write it (expected 0600 or 0400: chmod 600 %s)", path,
		    (unsigned)(st.st_mode & 07777), path);
	}
	for (;;) {
		n = read(fd, buf + len, sizeof buf - len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			close(fd);
			explicit_bzero(buf, sizeof buf);
			return cause_set(cause, "password file %s: %s", path, strerror(errno));
		}
		if (n == 0)
			break;
		len += (size_t)n;
		if (len == sizeof buf) {
			close(fd);
			explicit_bzero(buf, sizeof buf);
			return cause_set(cause, "password file %s: larger than %d bytes "
			    "(expected the password on the first line)", path, PASSWORD_FILE_MAX);
		}
	}
	close(fd);
	buf[len] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (buf[0] == '\0') {
		explicit_bzero(buf, sizeof buf);
		return cause_set(cause, "password file %s: the first line is empty "
		    "(expected the password there)", path);
	}
	*password = xstrdup(buf);
	explicit_bzero(buf, sizeof buf);
	return 0;
}

void
password_free(char *password)
{
	if (password == NULL)
		return;
	explicit_bzero(password, strlen(password));
	free(password);
}
