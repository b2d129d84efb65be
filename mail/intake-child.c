/* intake-child.c — the intake parse in a child process (intake-child.h). */
#include "config.h"

#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/intake-child.h"
#include "mail/mime-headers.h"

#define WIRE_NULL	UINT64_MAX	/* the length of a NULL string */
#define WIRE_MAGIC	"muthur-intake-1"
#define READ_STEP	65536

/* Writing (out set) or reading (in set) the wire form, field by field. */
struct wire {
	struct strbuf	*out;
	const char	*in;
	size_t		 len, off;
	int		 bad;
};

static void
w_u64(struct wire *w, uint64_t *v)
{
	unsigned char b[8];
	int i;

	if (w->out != NULL) {
		for (i = 0; i < 8; i++)
			b[i] = (unsigned char)(*v >> (8 * i));
		strbuf_add(w->out, b, 8);
		return;
	}
	*v = 0;
	if (w->bad || w->len - w->off < 8) {
		w->bad = 1;
		return;
	}
	for (i = 0; i < 8; i++)
		*v |= (uint64_t)(unsigned char)w->in[w->off + (size_t)i] << (8 * i);
	w->off += 8;
}

/* Bytes p[0..*n), NUL-terminated when read; NULL p travels as NULL. */
static void
w_bytes(struct wire *w, char **p, size_t *n)
{
	uint64_t len = w->out != NULL ? (*p == NULL ? WIRE_NULL : (uint64_t)*n) : 0;

	w_u64(w, &len);
	if (w->out != NULL) {
		if (*p != NULL)
			strbuf_add(w->out, *p, *n);
		return;
	}
	*p = NULL;
	*n = 0;
	if (w->bad || len == WIRE_NULL)
		return;
	if (len > w->len - w->off) {
		w->bad = 1;
		return;
	}
	*p = xmalloc((size_t)len + 1);
	memcpy(*p, w->in + w->off, (size_t)len);
	(*p)[len] = '\0';
	*n = (size_t)len;
	w->off += (size_t)len;
}

static void
w_str(struct wire *w, char **s)
{
	size_t n = w->out != NULL && *s != NULL ? strlen(*s) : 0;

	w_bytes(w, s, &n);
}

static void
w_strings(struct wire *w, char ***v, size_t *n)
{
	uint64_t count = *n;
	size_t i;

	w_u64(w, &count);
	if (w->out == NULL) {
		*v = NULL;
		*n = 0;
		if (w->bad || count > (w->len - w->off) / 8) {
			w->bad = 1;
			return;
		}
		*v = xcalloc((size_t)count, sizeof **v);
		*n = (size_t)count;
	}
	for (i = 0; i < *n; i++)
		w_str(w, &(*v)[i]);
}

/* An integer field of any type. */
#define W_INT(w, field, type) do {				\
	uint64_t v_ = (uint64_t)(int64_t)(field);		\
	w_u64((w), &v_);					\
	(field) = (type)(int64_t)v_;				\
} while (0)

/* Every field but the parts, in one order for writing and reading. */
static void
wire_mail(struct wire *w, struct intake_mail *m)
{
	char *hash = (char *)m->hash, *magic = WIRE_MAGIC;
	size_t hlen = sizeof m->hash, mlen = strlen(WIRE_MAGIC);

	w_bytes(w, &magic, &mlen);
	if (w->out == NULL) {
		if (magic == NULL || mlen != strlen(WIRE_MAGIC) ||
		    memcmp(magic, WIRE_MAGIC, mlen) != 0)
			w->bad = 1;
		free(magic);
	}
	w_bytes(w, &hash, &hlen);
	if (w->out == NULL) {
		if (hash == NULL || hlen != sizeof m->hash)
			w->bad = 1;
		else
			memcpy(m->hash, hash, sizeof m->hash);
		free(hash);
	}
	w_str(w, &m->message_id);
	W_INT(w, m->message_id_synthetic, int);
	w_str(w, &m->from_addr);
	w_str(w, &m->from_name);
	w_str(w, &m->reply_to);
	w_strings(w, &m->to, &m->nto);
	w_str(w, &m->subject);
	w_str(w, &m->date);
	W_INT(w, m->date_time, time_t);
	w_str(w, &m->in_reply_to);
	w_strings(w, &m->references, &m->nreferences);
	W_INT(w, m->class, enum intake_class);
	w_str(w, &m->reason);
	w_bytes(w, &m->block.signed_bytes, &m->block.signed_len);
	W_INT(w, m->block.begin_off, size_t);
	W_INT(w, m->block.end_off, size_t);
	W_INT(w, m->block.begin_line, int);
	w_str(w, &m->block_where);
	W_INT(w, m->sig_shape, enum sig_shape);
	w_bytes(w, &m->sig_text, &m->sig_len);
	w_str(w, &m->sig_where);
	W_INT(w, m->block_quoted, int);
	w_bytes(w, &m->alt_block.signed_bytes, &m->alt_block.signed_len);
	w_bytes(w, &m->alt_sig_text, &m->alt_sig_len);
	w_str(w, &m->near_block);
}

char *
intake_mail_pack(const struct intake_mail *m, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	struct intake_mail copy = *m;
	struct wire w = { &sb, NULL, 0, 0, 0 };

	wire_mail(&w, &copy);
	return strbuf_detach(&sb, len);
}

struct intake_mail *
intake_mail_unpack(const char *buf, size_t len)
{
	struct intake_mail *m = xcalloc(1, sizeof *m);
	struct wire w = { NULL, buf, len, 0, 0 };

	wire_mail(&w, m);
	if (w.bad || w.off != len || m->message_id == NULL) {
		intake_mail_free(m);
		return NULL;
	}
	sodium_bin2hex(m->hash_hex, sizeof m->hash_hex, m->hash, sizeof m->hash);
	return m;
}

/* The child: parse, write the wire form (or "!" and the reason), exit. */
static void __attribute__((noreturn))
child(int fd, const char *raw, size_t len, const struct intake_limits *lim, int seconds)
{
	struct rlimit rl;
	struct intake_mail *m = NULL;
	char *cause = NULL, *buf;
	size_t n, off = 0;
	ssize_t k;

	signal(SIGPIPE, SIG_DFL);
	signal(SIGALRM, SIG_DFL);
	rl.rlim_cur = rl.rlim_max = (rlim_t)seconds;
	setrlimit(RLIMIT_CPU, &rl);
	alarm((unsigned)seconds);
	if (intake_parse(raw, len, lim, &m, &cause) == -1) {
		buf = xasprintf("!%s", cause);
		n = strlen(buf);
	} else
		buf = intake_mail_pack(m, &n);
	while (off < n) {
		if ((k = write(fd, buf + off, n - off)) == -1 && errno == EINTR)
			continue;
		if (k <= 0)
			_exit(2);
		off += (size_t)k;
	}
	_exit(0);
}

static long
ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* Read the child's answer until EOF or the deadline; 0, or -1 at the deadline. */
static int
read_answer(int fd, long limit_ms, struct strbuf *sb)
{
	struct timespec t0;
	struct pollfd pfd;
	char buf[READ_STEP];
	long left;
	ssize_t k;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		if ((left = limit_ms - ms_since(&t0)) <= 0)
			return -1;
		if (poll(&pfd, 1, (int)left) == -1) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if ((k = read(fd, buf, sizeof buf)) == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return 0;
		}
		if (k == 0)
			return 0;
		strbuf_add(sb, buf, (size_t)k);
	}
}

int
intake_parse_child(const char *raw, size_t len, const struct intake_limits *lim,
    int seconds, struct intake_mail **out, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	int fds[2], status = 0, late;
	pid_t pid;

	*out = NULL;
	if (seconds <= 0)
		seconds = INTAKE_CHILD_SECONDS;
	if (pipe(fds) == -1) {
		cause_set(cause, "cannot make a pipe for the intake parser: %s",
		    strerror(errno));
		return -2;
	}
	if ((pid = fork()) == -1) {
		cause_set(cause, "cannot start the intake parser: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -2;
	}
	if (pid == 0) {
		close(fds[0]);
		child(fds[1], raw, len, lim, seconds);
	}
	close(fds[1]);
	late = read_answer(fds[0], (long)seconds * 1000 + 1000, &sb) == -1;
	close(fds[0]);
	if (late)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	if (late || (WIFSIGNALED(status) && (WTERMSIG(status) == SIGALRM ||
	    WTERMSIG(status) == SIGXCPU))) {
		strbuf_free(&sb);
		return cause_set(cause, "the intake parser took more than %d seconds", seconds);
	}
	if (WIFSIGNALED(status)) {
		strbuf_free(&sb);
		return cause_set(cause, "the intake parser crashed (signal %d)",
		    WTERMSIG(status));
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		strbuf_free(&sb);
		return cause_set(cause, "the intake parser failed (exit status %d; out "
		    "of memory?)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	if (sb.len > 0 && sb.s[0] == '!') {
		cause_set(cause, "%s", sb.s + 1);
		strbuf_free(&sb);
		return -1;
	}
	if ((*out = intake_mail_unpack(sb.s, sb.len)) == NULL) {
		strbuf_free(&sb);
		return cause_set(cause, "the intake parser's answer is incomplete");
	}
	strbuf_free(&sb);
	return 0;
}
