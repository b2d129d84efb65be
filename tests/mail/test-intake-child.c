/*
 * test-intake-child.c — intake_parse_child() hands back what intake_parse()
 * makes (all but the parts) for every sample mail, and the wire form
 * refuses a cut or damaged answer. A kept child (struct intake_child)
 * parses many mails in one process, closes what it inherited, and ends
 * only for the mail that crashes or hangs it: the next mail gets a new
 * process, and a mail is not blamed for the harm a mail before it did to
 * the process (it is tried again in a fresh one).
 */
#include "config.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "mail/intake-child.h"
#include "tests/tap.h"

static int
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

static int
same(const struct intake_mail *a, const struct intake_mail *b)
{
	size_t i;

	if (memcmp(a->hash, b->hash, 32) != 0 || strcmp(a->hash_hex, b->hash_hex) != 0 ||
	    !same_str(a->message_id, b->message_id) || !same_str(a->from_addr, b->from_addr) ||
	    !same_str(a->from_name, b->from_name) || !same_str(a->reply_to, b->reply_to) ||
	    !same_str(a->subject, b->subject) || !same_str(a->date, b->date) ||
	    a->date_time != b->date_time || !same_str(a->in_reply_to, b->in_reply_to) ||
	    a->class != b->class || !same_str(a->reason, b->reason) ||
	    a->block.signed_len != b->block.signed_len || a->sig_len != b->sig_len ||
	    a->sig_shape != b->sig_shape || !same_str(a->block_where, b->block_where) ||
	    !same_str(a->sig_where, b->sig_where) || a->nto != b->nto ||
	    a->nreferences != b->nreferences || a->block.end_off != b->block.end_off)
		return 0;
	if (a->block.signed_len > 0 && memcmp(a->block.signed_bytes, b->block.signed_bytes,
	    a->block.signed_len) != 0)
		return 0;
	if (a->sig_len > 0 && memcmp(a->sig_text, b->sig_text, a->sig_len) != 0)
		return 0;
	for (i = 0; i < a->nto; i++)
		if (strcmp(a->to[i], b->to[i]) != 0)
			return 0;
	for (i = 0; i < a->nreferences; i++)
		if (strcmp(a->references[i], b->references[i]) != 0)
			return 0;
	return 1;
}

static int inherited_fd = -1;	/* must be closed in the child */
static int armed;		/* a mail left the process broken */

/* intake_parse(), but a "Subject: crash" mail crashes, "hang" loops, "arm"
 * breaks the process for the next mail, and any mail is refused when the
 * child still holds inherited_fd. */
static int
test_parse(const char *raw, size_t len, const struct intake_limits *lim,
    struct intake_mail **out, char **cause)
{
	if (armed || strstr(raw, "Subject: crash") != NULL)
		raise(SIGSEGV);
	if (strstr(raw, "Subject: hang") != NULL)
		for (;;)
			;
	if (strstr(raw, "Subject: arm") != NULL)
		armed = 1;
	if (fcntl(inherited_fd, F_GETFD) != -1) {
		*cause = xstrdup("the child holds the daemon's descriptor");
		return -1;
	}
	return intake_parse(raw, len, lim, out, cause);
}

static char *
mail_with(const char *subject, size_t pad, size_t *len)
{
	char *p = xasprintf("From: a@players.example\nTo: muthur@club.example\n"
	    "Subject: %s\nMessage-ID: <%s@players.example>\n\n%*s\n", subject, subject,
	    (int)pad, "");

	*len = strlen(p);
	return p;
}

/* One mail through ic: 0 parsed, -1 with the reason in *why. */
static int
through(struct intake_child *ic, const char *subject, size_t pad, int seconds,
    char **why)
{
	const struct intake_limits lim = { INTAKE_DEFAULT_MAX_MESSAGE_SIZE,
	    INTAKE_DEFAULT_MAX_ORDERS_SIZE, "muthur@club.example", 0 };
	struct intake_mail *m = NULL;
	size_t len;
	char *raw = mail_with(subject, pad, &len);
	int rc;

	free(*why);
	*why = NULL;
	rc = intake_child_parse(ic, raw, len, &lim, seconds, &m, why);
	if (rc == 0 && strcmp(m->subject, subject) != 0)
		rc = -3;
	intake_mail_free(m);
	free(raw);
	return rc;
}

static void
kept_child(void)
{
	struct intake_child *ic = intake_child_new(test_parse);
	char *why = NULL;
	int i, rc = 0;

	inherited_fd = open("/dev/null", O_RDONLY);
	for (i = 0; i < 20 && rc == 0; i++)
		rc = through(ic, "orders", 0, 0, &why);
	ok(rc == 0 && intake_child_starts(ic) == 1, "20 mails, one process (%zu started; %s)",
	    intake_child_starts(ic), why != NULL ? why : "parsed");
	rc = through(ic, "crash", 0, 0, &why);
	ok(rc == -1 && why != NULL && strstr(why, "the intake parser crashed (signal 11)")
	    != NULL, "a crashing mail fails alone: %s", why != NULL ? why : "parsed");
	ok(intake_child_starts(ic) == 2, "it was tried again in a fresh process before "
	    "it was blamed (%zu started)", intake_child_starts(ic));
	ok(through(ic, "after-crash", 0, 0, &why) == 0 && intake_child_starts(ic) == 3,
	    "the next mail is parsed by a new process");
	rc = through(ic, "hang", 0, 1, &why);
	ok(rc == -1 && why != NULL && strstr(why, "took more than 1 seconds") != NULL &&
	    intake_child_starts(ic) == 3, "a hanging mail is stopped at its time limit, "
	    "not tried again: %s", why != NULL ? why : "parsed");
	ok(through(ic, "after-hang", 0, 0, &why) == 0 && intake_child_starts(ic) == 4,
	    "the next mail is parsed by a new process");
	ok(through(ic, "arm", 0, 0, &why) == 0, "a mail that breaks the process for the next");
	ok(through(ic, "innocent", 0, 0, &why) == 0 && intake_child_starts(ic) == 5,
	    "the next mail is not blamed: parsed again in a fresh process (%s)",
	    why != NULL ? why : "parsed");
	ok(through(ic, "big", 1100 * 1024, 0, &why) == 0 &&
	    through(ic, "after-big", 0, 0, &why) == 0 && intake_child_starts(ic) == 6,
	    "a mail over 1 MiB retires its process (%zu started)", intake_child_starts(ic));
	for (i = 0, rc = 0; i < 1000 && rc == 0; i++)
		rc = through(ic, "many", 0, 0, &why);
	ok(rc == 0 && intake_child_starts(ic) == 7, "1,000 mails retire a process (%zu "
	    "started)", intake_child_starts(ic));
	intake_child_free(ic);
	close(inherited_fd);
	free(why);
}

int
main(void)
{
	static const char *files[] = { "plain-minisign.eml", "qp-latin1-ssh.eml",
	    "attachments-minisig.eml", "forwarded.eml", "two-blocks.eml", "html-only.eml" };
	const struct intake_limits lim = { INTAKE_DEFAULT_MAX_MESSAGE_SIZE,
	    INTAKE_DEFAULT_MAX_ORDERS_SIZE, "muthur@club.example", 0 };
	const char *top = getenv("top_srcdir");
	struct intake_mail *a, *b;
	char *path, *raw, *cause, *wire;
	size_t len, wlen, i, cut;

	if (top == NULL)
		skip_all("run under make check (top_srcdir)");
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < sizeof files / sizeof files[0]; i++) {
		path = xasprintf("%s/tests/data/mail/%s", top, files[i]);
		if (fs_read_file(path, 1 << 22, &raw, &len, NULL) == -1) {
			ok(0, "read %s", path);
			free(path);
			continue;
		}
		free(path);
		cause = NULL;
		a = b = NULL;
		ok(intake_parse(raw, len, &lim, &a, &cause) == 0 &&
		    intake_parse_child(raw, len, &lim, 0, &b, &cause) == 0 && same(a, b) &&
		    b->nparts == 0, "%s: the child's answer is the parse (%s)", files[i],
		    a != NULL ? intake_class_name(a->class) : cause != NULL ? cause : "?");
		intake_mail_free(b);
		b = NULL;
		wire = intake_mail_pack(a, &wlen);
		for (cut = 0; cut < wlen && b == NULL; cut += 1 + wlen / 40)
			b = intake_mail_unpack(wire, cut);
		ok(b == NULL, "%s: every cut answer is refused", files[i]);
		intake_mail_free(b);
		free(wire);
		intake_mail_free(a);
		free(cause);
		free(raw);
	}
	kept_child();
	return done_testing();
}
