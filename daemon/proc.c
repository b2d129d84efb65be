/* proc.c — detaching, the pid file, and signals for muthurd. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "daemon/proc.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/xmalloc.h"

volatile sig_atomic_t proc_stop;
volatile sig_atomic_t proc_reload;

static void
on_signal(int sig)
{
	if (sig == SIGHUP)
		proc_reload = 1;
	else
		proc_stop = 1;
}

void
proc_malloc_tune(void)
{
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
	mallopt(M_TRIM_THRESHOLD, 16 * 1024 * 1024);
	mallopt(M_MMAP_THRESHOLD, 4 * 1024 * 1024);
	mallopt(M_TOP_PAD, 1024 * 1024);
#endif
}

void
proc_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, NULL);
}

int
proc_detach(char **cause)
{
	pid_t pid;
	int fd;

	if ((pid = fork()) == -1)
		return cause_set(cause, "cannot fork: %s", strerror(errno));
	if (pid != 0)
		_exit(0);
	if (setsid() == -1)
		return cause_set(cause, "cannot start a session: %s", strerror(errno));
	if ((pid = fork()) == -1)
		return cause_set(cause, "cannot fork: %s", strerror(errno));
	if (pid != 0)
		_exit(0);
	if (chdir("/") == -1)
		return cause_set(cause, "cannot change to /: %s", strerror(errno));
	if ((fd = open("/dev/null", O_RDWR)) != -1) {
		dup2(fd, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		if (fd > STDERR_FILENO)
			close(fd);
	}
	return 0;
}

int
proc_store_lock(const char *store_path, int *fd, char **cause)
{
	char *path = xasprintf("%s.lock", store_path);
	int rc = fs_lock_try(path, fd, cause);

	free(path);
	return rc;
}

int
proc_pidfile_write(const char *path, char **cause)
{
	char *data = NULL, *text;
	size_t len;
	long other;
	int rc;

	if (fs_read_file(path, 64, &data, &len, NULL) == 0) {
		other = strtol(data, NULL, 10);
		free(data);
		if (other > 0 && other != (long)getpid() && kill((pid_t)other, 0) == 0)
			return cause_set(cause, "muthurd is already running as pid %ld (%s)",
			    other, path);
	}
	text = xasprintf("%ld\n", (long)getpid());
	rc = fs_write_file_atomic(path, text, strlen(text), 0644, cause);
	free(text);
	return rc;
}

void
proc_pidfile_remove(const char *path)
{
	if (path != NULL)
		unlink(path);
}

void
proc_sleep(unsigned seconds)
{
	struct timespec ts = { 1, 0 };
	unsigned i;

	for (i = 0; i < seconds && !proc_stop && !proc_reload; i++)
		nanosleep(&ts, NULL);
}
