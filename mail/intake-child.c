/* intake-child.c — the intake parse in a child process (intake-child.h). */
#include "config.h"

#include <sys/resource.h>
#include <sys/socket.h>
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

/* Mails one process parses before it is retired for a fresh one (what a
 * parse leaks stays bounded). */
#define CHILD_MAILS	1000
/* A mail bigger than this retires its process after it (the memory it
 * took is given back). */
#define CHILD_BIG	(1024 * 1024)

struct intake_child {
	intake_parse_fn	 parse;
	pid_t		 pid;		/* 0: none running */
	int		 fd;		/* our end of the socket pair */
	size_t		 served;	/* mails the running process parsed */
	size_t		 starts;	/* processes started */
};

/* Read exactly n bytes (the child's side: no deadline). 0, -1 at EOF or error. */
static int
read_full(int fd, void *p, size_t n)
{
	ssize_t k;

	while (n > 0) {
		if ((k = read(fd, p, n)) == -1 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p = (char *)p + k;
		n -= (size_t)k;
	}
	return 0;
}

static int
write_full(int fd, const void *p, size_t n)
{
	ssize_t k;

	while (n > 0) {
		if ((k = send(fd, p, n, MSG_NOSIGNAL)) == -1 && errno == EINTR)
			continue;
		if (k <= 0)
			return -1;
		p = (const char *)p + k;
		n -= (size_t)k;
	}
	return 0;
}

/* A request: the limits, the time limit and the raw mail, one order for
 * writing and reading. */
static void
wire_request(struct wire *w, struct intake_limits *lim, char **own, uint64_t *seconds,
    char **raw, size_t *len)
{
	W_INT(w, lim->max_message_size, size_t);
	W_INT(w, lim->max_orders_size, size_t);
	W_INT(w, lim->size, size_t);
	w_str(w, own);
	w_u64(w, seconds);
	w_bytes(w, raw, len);
}

/* One framed message: its length (8 bytes, little-endian), then it. */
static int
send_framed(int fd, const char *p, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	struct wire w = { &sb, NULL, 0, 0, 0 };
	uint64_t len = n;
	int rc;

	w_u64(&w, &len);
	rc = write_full(fd, sb.s, sb.len) == -1 || write_full(fd, p, n) == -1 ? -1 : 0;
	strbuf_free(&sb);
	return rc;
}

/* The child's CPU seconds so far (user and system, rounded up). */
static rlim_t
cpu_used(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (rlim_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + 1);
}

/*
 * The child: for each request, parse under its limits (alarm() for the
 * wall clock, RLIMIT_CPU's soft limit moved on for the CPU) and answer
 * the wire form or "!" and the reason; exit at EOF. It keeps nothing of
 * one mail for the next.
 */
static void __attribute__((noreturn))
child_serve(int fd, intake_parse_fn parse)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL };
	struct intake_limits lim;
	struct intake_mail *m;
	struct rlimit rl;
	unsigned char hdr[8];
	struct wire w;
	char *req, *cause, *buf, *own, *raw;
	uint64_t n, seconds;
	size_t i, blen, rlen;
	int maxfd;

	/* nothing of the daemon's but the socket: its database and mailbox
	 * descriptors are closed, its signal handlers gone; the daemon's
	 * SIGTERM or Ctrl-C is the daemon's to act on (we exit at EOF) */
	maxfd = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur < 65536 ? (int)rl.rlim_cur : 65536;
	for (i = 3; i < (size_t)maxfd; i++)
		if ((int)i != fd)
			close((int)i);
	for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		signal(fatal[i], SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGALRM, SIG_DFL);
	signal(SIGXCPU, SIG_DFL);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	for (;;) {
		if (read_full(fd, hdr, sizeof hdr) == -1)
			_exit(0);
		w = (struct wire){ NULL, (const char *)hdr, sizeof hdr, 0, 0 };
		w_u64(&w, &n);
		req = xmalloc((size_t)n + 1);
		if (read_full(fd, req, (size_t)n) == -1)
			_exit(0);
		memset(&lim, 0, sizeof lim);
		w = (struct wire){ NULL, req, (size_t)n, 0, 0 };
		wire_request(&w, &lim, &own, &seconds, &raw, &rlen);
		free(req);
		if (w.bad || raw == NULL)
			_exit(3);
		lim.own_address = own;
		if (getrlimit(RLIMIT_CPU, &rl) == 0) {
			rl.rlim_cur = cpu_used() + (rlim_t)seconds;
			if (rl.rlim_max != RLIM_INFINITY && rl.rlim_cur > rl.rlim_max)
				rl.rlim_cur = rl.rlim_max;
			setrlimit(RLIMIT_CPU, &rl);
		}
		alarm((unsigned)seconds);
		m = NULL;
		cause = NULL;
		if (parse(raw, rlen, &lim, &m, &cause) == -1) {
			buf = xasprintf("!%s", cause);
			blen = strlen(buf);
		} else
			buf = intake_mail_pack(m, &blen);
		alarm(0);
		intake_mail_free(m);
		free(cause);
		free(raw);
		free(own);
		if (send_framed(fd, buf, blen) == -1)
			_exit(2);
		free(buf);
	}
}

struct intake_child *
intake_child_new(intake_parse_fn parse)
{
	struct intake_child *ic = xcalloc(1, sizeof *ic);

	ic->parse = parse != NULL ? parse : intake_parse;
	ic->fd = -1;
	return ic;
}

size_t
intake_child_starts(const struct intake_child *ic)
{
	return ic->starts;
}

/* End the running process (killed first when kill_it); its wait status. */
static int
child_end(struct intake_child *ic, int kill_it)
{
	int status = 0;

	if (ic->pid == 0)
		return 0;
	close(ic->fd);
	ic->fd = -1;
	if (kill_it)
		kill(ic->pid, SIGKILL);
	while (waitpid(ic->pid, &status, 0) == -1 && errno == EINTR)
		;
	ic->pid = 0;
	ic->served = 0;
	return status;
}

static int
child_start(struct intake_child *ic, char **cause)
{
	int sv[2];
	pid_t pid;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1)
		return cause_set(cause, "cannot make a socket for the intake parser: %s",
		    strerror(errno));
	if ((pid = fork()) == -1) {
		cause_set(cause, "cannot start the intake parser: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		child_serve(sv[1], ic->parse);
	}
	close(sv[1]);
	ic->pid = pid;
	ic->fd = sv[0];
	ic->served = 0;
	ic->starts++;
	return 0;
}

static long
ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * Read n bytes into sb before the deadline (limit_ms from t0): 0; -1 at
 * the deadline; -2 at EOF or error (the child is gone).
 */
static int
read_timed(int fd, const struct timespec *t0, long limit_ms, size_t n, struct strbuf *sb)
{
	struct pollfd pfd;
	char buf[READ_STEP];
	long left;
	ssize_t k;

	pfd.fd = fd;
	pfd.events = POLLIN;
	while (n > 0) {
		if ((left = limit_ms - ms_since(t0)) <= 0)
			return -1;
		if (poll(&pfd, 1, (int)left) == -1) {
			if (errno == EINTR)
				continue;
			return -2;
		}
		if (pfd.revents == 0)
			continue;
		if ((k = read(fd, buf, n < sizeof buf ? n : sizeof buf)) == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			return -2;
		}
		if (k == 0)
			return -2;
		strbuf_add(sb, buf, (size_t)k);
		n -= (size_t)k;
	}
	return 0;
}

/* What a child's wait status says of the mail it was parsing. */
static int
failure(int status, int late, int seconds, char **cause)
{
	if (late || (WIFSIGNALED(status) && (WTERMSIG(status) == SIGALRM ||
	    WTERMSIG(status) == SIGXCPU)))
		return cause_set(cause, "the intake parser took more than %d seconds", seconds);
	if (WIFSIGNALED(status))
		return cause_set(cause, "the intake parser crashed (signal %d)",
		    WTERMSIG(status));
	return cause_set(cause, "the intake parser failed (exit status %d; out of "
	    "memory?)", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

/*
 * One request to the running child (started when none): 0 with the answer
 * in *answer; -1 the mail's trouble (reason in *cause, the child ended);
 * -2 no child could be started or written to.
 */
static int
ask(struct intake_child *ic, const char *raw, size_t len, const struct intake_limits *lim,
    int seconds, struct strbuf *answer, char **cause)
{
	struct strbuf req = STRBUF_INIT;
	struct intake_limits l = *lim;
	struct wire w = { &req, NULL, 0, 0, 0 }, h;
	struct timespec t0;
	char *own = (char *)lim->own_address, *bytes = (char *)raw;
	uint64_t secs = (uint64_t)seconds, n;
	size_t blen = len;
	int rc, late;

	if (ic->pid == 0 && child_start(ic, cause) == -1)
		return -2;
	wire_request(&w, &l, &own, &secs, &bytes, &blen);
	rc = send_framed(ic->fd, req.s, req.len);
	strbuf_free(&req);
	if (rc == -1) {		/* gone before it read the mail */
		cause_set(cause, "the intake parser could not be given the mail: %s",
		    strerror(errno));
		child_end(ic, 1);
		return -2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	strbuf_reset(answer);
	rc = read_timed(ic->fd, &t0, (long)seconds * 1000 + 1000, 8, answer);
	if (rc == 0) {
		h = (struct wire){ NULL, answer->s, 8, 0, 0 };
		w_u64(&h, &n);
		strbuf_reset(answer);
		rc = read_timed(ic->fd, &t0, (long)seconds * 1000 + 1000, (size_t)n, answer);
	}
	if (rc == 0) {
		ic->served++;
		return 0;
	}
	late = rc == -1;
	return failure(child_end(ic, 1), late, seconds, cause);
}

int
intake_child_parse(struct intake_child *ic, const char *raw, size_t len,
    const struct intake_limits *lim, int seconds, struct intake_mail **out, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	size_t served;
	int rc;

	*out = NULL;
	if (seconds <= 0)
		seconds = INTAKE_CHILD_SECONDS;
	if (ic->served >= CHILD_MAILS)
		child_end(ic, 0);
	served = ic->served;
	rc = ask(ic, raw, len, lim, seconds, &sb, cause);
	if (rc != 0 && served > 0 && (rc == -2 || strstr(*cause, "took more than") == NULL)) {
		/* a process that parsed other mails before failed (a time limit
		 * aside): the mail is blamed only if a fresh process fails on
		 * it too */
		free(*cause);
		*cause = NULL;
		rc = ask(ic, raw, len, lim, seconds, &sb, cause);
	}
	if (rc == 0 && sb.len > 0 && sb.s[0] == '!') {
		strbuf_addc(&sb, '\0');
		rc = cause_set(cause, "%s", sb.s + 1);
	} else if (rc == 0 && (*out = intake_mail_unpack(sb.s, sb.len)) == NULL) {
		child_end(ic, 1);	/* not to be believed again */
		rc = cause_set(cause, "the intake parser's answer is incomplete");
	}
	strbuf_free(&sb);
	if (ic->served >= CHILD_MAILS || len > CHILD_BIG)
		child_end(ic, 0);	/* its heap does not stay grown */
	return rc;
}

void
intake_child_free(struct intake_child *ic)
{
	if (ic == NULL)
		return;
	child_end(ic, 0);
	free(ic);
}

int
intake_parse_child(const char *raw, size_t len, const struct intake_limits *lim,
    int seconds, struct intake_mail **out, char **cause)
{
	struct intake_child *ic = intake_child_new(NULL);
	int rc = intake_child_parse(ic, raw, len, lim, seconds, out, cause);

	intake_child_free(ic);
	return rc;
}
