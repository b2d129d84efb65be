/* game-guard.c — what the daemon was applying when it crashed (game-guard.h). */
#include "config.h"

#include <sys/stat.h>
#include <sys/time.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "daemon/game-guard.h"
#include "lib/cause.h"
#include "lib/xmalloc.h"

/*
 * The note is one line of fixed width, rewritten in place:
 *   "S NN HASH GAME\n"   S: '-' idle, 'A' applying, 'C' crashed;
 *   NN the signal (two digits), HASH 64 hex digits or '-'s, GAME 20 digits.
 */
#define NOTE_LEN	(1 + 1 + 2 + 1 + 64 + 1 + 20 + 1)

void (*game_guard_hook)(const char *step, const char *what);
int game_guard_cpu_seconds = GUARD_CPU_SECONDS;

static int guard_fd = -1;
static volatile pid_t guard_pid;
static char note[NOTE_LEN + 1];
static int handlers_set;

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
    SIGSYS, SIGTRAP, SIGPROF };

const char *
game_guard_signame(int signo)
{
	switch (signo) {
	case SIGSEGV: return "SIGSEGV";
	case SIGBUS: return "SIGBUS";
	case SIGILL: return "SIGILL";
	case SIGFPE: return "SIGFPE";
	case SIGABRT: return "SIGABRT";
	case SIGSYS: return "SIGSYS";
	case SIGTRAP: return "SIGTRAP";
	case SIGXCPU: return "out of CPU time";
	default: return "a signal";
	}
}

/* Async-signal-safe: mark the note crashed, then die of the signal. */
static void
on_crash(int signo)
{
	char mark[4];
	int saved = errno, code = signo == SIGPROF ? SIGXCPU : signo;

	if (guard_fd != -1 && getpid() == guard_pid && note[0] == 'A') {
		mark[0] = 'C';
		mark[1] = ' ';
		mark[2] = (char)('0' + code / 10 % 10);
		mark[3] = (char)('0' + code % 10);
		(void)!pwrite(guard_fd, mark, sizeof mark, 0);
	}
	errno = saved;
	signal(signo, SIG_DFL);
	if (signo == SIGPROF)
		signo = SIGXCPU;
	raise(signo);
}

static void
handlers_install(void)
{
	static char altstack[65536];
	struct sigaction sa;
	stack_t ss;
	size_t i;

	if (handlers_set)
		return;
	handlers_set = 1;
	memset(&ss, 0, sizeof ss);
	ss.ss_sp = altstack;
	ss.ss_size = sizeof altstack;
	(void)sigaltstack(&ss, NULL);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_crash;
	sa.sa_flags = SA_ONSTACK | SA_RESETHAND | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++)
		(void)sigaction(crash_signals[i], &sa, NULL);
}

/* Write the note: state, mail hash (NULL: none), game. */
static void
note_write(char state, const unsigned char *hash, int64_t game_id)
{
	char hex[65];

	if (guard_fd == -1)
		return;
	if (hash != NULL)
		sodium_bin2hex(hex, sizeof hex, hash, 32);
	else
		memset(hex, '-', 64);
	hex[64] = '\0';
	snprintf(note, sizeof note, "%c 00 %s %020lld\n", state, hex, (long long)game_id);
	(void)!pwrite(guard_fd, note, NOTE_LEN, 0);
}

/* The CPU limit of a step (0: off). */
static void
cpu_limit(int seconds)
{
	struct itimerval it;

	memset(&it, 0, sizeof it);
	it.it_value.tv_sec = seconds;
	(void)setitimer(ITIMER_PROF, &it, NULL);
}

static void
note_parse(const char *buf, ssize_t n, struct guard_crash *last)
{
	size_t hl;

	memset(last, 0, sizeof *last);
	if (n != NOTE_LEN || buf[0] != 'C' || buf[1] != ' ' || buf[4] != ' ')
		return;
	last->crashed = 1;
	last->signo = (buf[2] - '0') * 10 + (buf[3] - '0');
	if (buf[5] != '-' && sodium_hex2bin(last->mail, 32, buf + 5, 64, NULL, &hl,
	    NULL) == 0 && hl == 32)
		last->has_mail = 1;
	last->game_id = strtoll(buf + 70, NULL, 10);
}

int
game_guard_open(const char *store_path, struct guard_crash *last, char **cause)
{
	char *path = xasprintf("%s.guard", store_path), buf[NOTE_LEN];
	ssize_t n;
	int fd;

	memset(last, 0, sizeof *last);
	game_guard_close();
	if ((fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) == -1) {
		cause_set(cause, "%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	free(path);
	n = pread(fd, buf, sizeof buf, 0);
	note_parse(buf, n, last);
	guard_fd = fd;
	guard_pid = getpid();
	handlers_install();
	note_write('-', NULL, 0);
	return 0;
}

void
game_guard_close(void)
{
	if (guard_fd == -1)
		return;
	cpu_limit(0);
	close(guard_fd);
	guard_fd = -1;
	note[0] = '\0';
}

void
game_guard_mail(const unsigned char hash[32], const char *message_id)
{
	if (guard_fd == -1)
		return;
	note_write('A', hash, 0);
	cpu_limit(game_guard_cpu_seconds);
	if (game_guard_hook != NULL)
		game_guard_hook("mail", message_id);
}

void
game_guard_game(int64_t game_id, const char *name)
{
	unsigned char hash[32];
	int has_mail;
	size_t hl;

	if (guard_fd == -1)
		return;
	/* the mail being applied, if any, stays named: the game is blamed */
	has_mail = note[0] == 'A' && note[5] != '-' &&
	    sodium_hex2bin(hash, sizeof hash, note + 5, 64, NULL, &hl, NULL) == 0;
	note_write('A', has_mail ? hash : NULL, game_id);
	cpu_limit(game_guard_cpu_seconds);
	if (game_guard_hook != NULL)
		game_guard_hook("resolve", name);
}

void
game_guard_idle(void)
{
	if (guard_fd == -1 || note[0] != 'A')
		return;
	cpu_limit(0);
	note_write('-', NULL, 0);
}
