/*
 * test-intake-child.c — intake_parse_child() hands back what intake_parse()
 * makes (all but the parts) for every sample mail, and the wire form
 * refuses a cut or damaged answer.
 */
#include "config.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

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
	return done_testing();
}
