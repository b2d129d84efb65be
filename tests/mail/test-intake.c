/* test-intake.c — MIME intake of the sample mails in tests/data/mail/. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/fsutil.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/intake.h"
#include "mail/mime-text.h"
#include "tests/tap.h"

#define BLOCK \
	"-----BEGIN MUTHUR ORDERS-----\n" \
	"game: contact-17\n" \
	"seat: marines\n" \
	"turn: 3\n" \
	"phase: combat.declare.unhidden-ranged\n" \
	"nonce: 6f1d0c2a9b7e4f55a3c1d2e3f4a5b6c7\n" \
	"\n" \
	"attack hicks at alien-warrior-2 ranged with pulse-rifle\n" \
	"pass\n" \
	"-----END MUTHUR ORDERS-----\n"

#define MINISIG_FIRST "untrusted comment: signature from minisign secret key\n"
#define SSH_LAST "-----END SSH SIGNATURE-----\n"

static const struct intake_limits limits = { 10 * 1024 * 1024, 64 * 1024,
    "muthur@club.example", 0 };

static char *
load(const char *name, size_t *len)
{
	const char *top = getenv("top_srcdir");
	char *path, *data = NULL, *cause = NULL;

	path = xasprintf("%s/tests/data/mail/%s", top != NULL ? top : ".", name);
	if (fs_read_file(path, 1 << 24, &data, len, &cause) == -1) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	free(path);
	return data;
}

static struct intake_mail *
parse(const char *raw, size_t len, const struct intake_limits *lim)
{
	struct intake_mail *m = NULL;
	char *cause = NULL;

	if (intake_parse(raw, len, lim, &m, &cause) == -1) {
		printf("Bail out! intake_parse: %s\n", cause);
		exit(1);
	}
	return m;
}

static int
contains(const char *s, const char *sub)
{
	return s != NULL && sub != NULL && strstr(s, sub) != NULL;
}

/* The sample mails and what intake must make of them. */
static const struct sample {
	const char		*file;
	enum intake_class	 class;
	const char		*where;		/* in block_where, or in reason */
	enum sig_shape		 shape;
	const char		*sig_where;
	const char		*from_addr;
	const char		*from_name;
	const char		*subject;
} samples[] = {
	{ "plain-minisign.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_MINISIGN,
	  "after the orders block", "alice@example.org", "Alice Example", "Orders for turn 3" },
	{ "qp-latin1-ssh.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_SSH,
	  "after the orders block", "zoe@example.net", "Zo\xc3\xab \xc3\x9cnal",
	  "Ordres \xc3\xa0 jour\xe2\x9c\x93" },
	{ "base64-cr.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_MINISIGN,
	  "after the orders block", "alice@example.org", "Alice Example", "Befehle" },
	{ "alternative.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_MINISIGN,
	  "after the orders block", "alice@example.org", NULL, NULL },
	{ "html-only.eml", INTAKE_ORDERS, "(text/html) rendered as text", SIG_SHAPE_SSH,
	  "after the orders block", NULL, NULL, "HTML orders" },
	{ "attachments-minisig.eml", INTAKE_ORDERS, "attachment \"orders.txt\"",
	  SIG_SHAPE_MINISIGN, "attachment \"orders.txt.minisig\"", NULL, NULL, NULL },
	{ "flowed-ssh-attachment.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_SSH,
	  "attachment \"orders.txt.sig\"", NULL, NULL, NULL },
	{ "muthur-sig-part.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_MUTHUR,
	  "attachment \"signature.asc\"", NULL, NULL, NULL },
	{ "forwarded.eml", INTAKE_ORDERS, "part 2 (text/plain)", SIG_SHAPE_MINISIGN,
	  "after the orders block", NULL, NULL, "Fwd: Orders" },
	{ "reply-with-view.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_MINISIGN,
	  "after the orders block", NULL, NULL, NULL },
	{ "unknown-sig.eml", INTAKE_ORDERS, "part 1 (text/plain)", SIG_SHAPE_UNKNOWN,
	  "attachment \"orders.sig\"", NULL, NULL, NULL },
	{ "two-blocks.eml", INTAKE_MALFORMED, "two different orders blocks", SIG_SHAPE_NONE,
	  NULL, NULL, NULL, NULL },
	{ "broken-block.eml", INTAKE_MALFORMED, "line 3: \"-----BEGIN MUTHUR ORDERS-----\" has "
	  "no", SIG_SHAPE_NONE, NULL, NULL, NULL, NULL },
	{ "no-message-id.eml", INTAKE_NOT_ORDERS, "no orders block", SIG_SHAPE_NONE, NULL,
	  NULL, NULL, "Question" },
	{ "autoreply-vacation.eml", INTAKE_AUTOMATIC, "Auto-Submitted: auto-replied",
	  SIG_SHAPE_NONE, NULL, "bob@example.org", "Bob", NULL },
};

static void
test_samples(void)
{
	const struct sample *s;
	struct intake_mail *m;
	struct orders *o;
	char *raw, *cause = NULL;
	size_t i, len;

	for (i = 0; i < sizeof samples / sizeof samples[0]; i++) {
		s = &samples[i];
		raw = load(s->file, &len);
		m = parse(raw, len, &limits);
		is_str(intake_class_name(m->class), intake_class_name(s->class), "%s: class",
		    s->file);
		if (s->class == INTAKE_ORDERS) {
			ok(m->reason == NULL, "%s: no reason for orders", s->file);
			is_str(m->block.signed_bytes, BLOCK, "%s: signed bytes are the block",
			    s->file);
			ok(contains(m->block_where, s->where), "%s: block in %s (%s)", s->file,
			    s->where, m->block_where);
			o = orders_parse(m->block.signed_bytes, m->block.signed_len, &cause);
			ok(o != NULL && strcmp(o->game, "contact-17") == 0, "%s: block parses",
			    s->file);
			orders_free(o);
		} else {
			ok(contains(m->reason, s->where), "%s: reason says \"%s\" (%s)", s->file,
			    s->where, m->reason);
			ok(m->block.signed_bytes == NULL, "%s: no block handed on", s->file);
		}
		is_str(sig_shape_name(m->sig_shape), sig_shape_name(s->shape), "%s: signature "
		    "shape", s->file);
		if (s->sig_where != NULL)
			ok(contains(m->sig_where, s->sig_where), "%s: signature %s (%s)", s->file,
			    s->sig_where, m->sig_where);
		if (s->from_addr != NULL)
			is_str(m->from_addr, s->from_addr, "%s: From address", s->file);
		if (s->from_name != NULL)
			is_str(m->from_name, s->from_name, "%s: From name", s->file);
		if (s->subject != NULL)
			is_str(m->subject, s->subject, "%s: Subject", s->file);
		intake_mail_free(m);
		free(raw);
	}
}

static void
test_signature_texts(void)
{
	struct intake_mail *m;
	char *raw;
	size_t len;

	raw = load("plain-minisign.eml", &len);
	m = parse(raw, len, &limits);
	ok(m->sig_text != NULL && strncmp(m->sig_text, MINISIG_FIRST,
	    strlen(MINISIG_FIRST)) == 0, "minisign text starts with its untrusted comment");
	ok(m->sig_text != NULL && strstr(m->sig_text, "trusted comment: timestamp:") != NULL &&
	    strstr(m->sig_text, "\n-- ") == NULL, "minisign text is four lines, not the "
	    "mail's signature separator");
	is_int(m->sig_len, strlen(m->sig_text), "sig_len is the text length");
	intake_mail_free(m);
	free(raw);

	raw = load("qp-latin1-ssh.eml", &len);
	m = parse(raw, len, &limits);
	ok(m->sig_text != NULL && strncmp(m->sig_text, "-----BEGIN SSH SIGNATURE-----\n", 30) == 0 &&
	    strlen(m->sig_text) > strlen(SSH_LAST) && strcmp(m->sig_text + strlen(m->sig_text) -
	    strlen(SSH_LAST), SSH_LAST) == 0, "SSH signature from BEGIN through END, LF");
	ok(strstr(m->sig_text, "QM=\n") != NULL, "quoted-printable =3D decoded in the signature");
	ok(strstr(m->parts[0].data, "Voil\xc3\xa0 mes ordres, caf\xc3\xa9") != NULL,
	    "ISO-8859-1 body converted to UTF-8");
	intake_mail_free(m);
	free(raw);
}

static void
test_headers(void)
{
	struct intake_mail *m;
	char *raw;
	size_t len;

	raw = load("plain-minisign.eml", &len);
	m = parse(raw, len, &limits);
	is_str(m->message_id, "<plain-minisign@mail.example.org>", "Message-ID with brackets");
	ok(!m->message_id_synthetic, "Message-ID is not synthetic");
	is_str(m->in_reply_to, "<view-3.marines.contact-17@club.example>", "In-Reply-To");
	is_int(m->nreferences, 2, "two References (folded header)");
	if (m->nreferences == 2)
		is_str(m->references[1], "<view-3.marines.contact-17@club.example>",
		    "References in order");
	is_int(m->nto, 1, "one To address");
	if (m->nto == 1)
		is_str(m->to[0], "muthur@club.example", "To address");
	is_str(m->date, "Mon, 30 Nov 2026 14:05:00 +0100", "Date as written");
	is_int(m->date_time, 1796043900, "Date in UTC seconds");
	is_str(intake_answer_address(m), "alice@example.org", "answers go to From");
	ok(m->reply_to == NULL, "no Reply-To");
	intake_mail_free(m);
	free(raw);

	raw = load("no-message-id.eml", &len);
	m = parse(raw, len, &limits);
	ok(m->message_id_synthetic, "missing Message-ID flagged synthetic");
	ok(strlen(m->message_id) == 1 + 64 + 1 + strlen(INTAKE_SYNTHETIC_DOMAIN) + 1 &&
	    strncmp(m->message_id + 1, m->hash_hex, 64) == 0, "synthetic id is <hash@%s> (%s)",
	    INTAKE_SYNTHETIC_DOMAIN, m->message_id);
	intake_mail_free(m);
	free(raw);
}

/* LF, CRLF and bare-CR copies of a mail give the same result. */
static void
line_endings(const char *file)
{
	struct intake_mail *m[3];
	char *raw, *crlf, *cr, *p;
	size_t len, clen, k;
	unsigned char h[32];
	int i;

	raw = load(file, &len);
	crlf = mime_crlf(raw, len, &clen);
	cr = xstrdup(raw);
	for (p = cr; *p != '\0'; p++)
		if (*p == '\n')
			*p = '\r';
	m[0] = parse(raw, len, &limits);
	m[1] = parse(crlf, clen, &limits);
	m[2] = parse(cr, len, &limits);
	for (i = 1; i < 3; i++) {
		const char *what = i == 1 ? "CRLF" : "bare CR";

		is_str(intake_class_name(m[i]->class), "orders", "%s, %s: orders", file, what);
		is_str(m[i]->block.signed_bytes, m[0]->block.signed_bytes, "%s, %s: same signed "
		    "bytes", file, what);
		is_str(m[i]->sig_text, m[0]->sig_text, "%s, %s: same signature text", file, what);
		is_str(m[i]->subject, m[0]->subject, "%s, %s: same subject", file, what);
		is_str(m[i]->message_id, m[0]->message_id, "%s, %s: same Message-ID", file, what);
		is_int(m[i]->nreferences, 2, "%s, %s: folded References unfolded", file, what);
		is_int(m[i]->nparts, m[0]->nparts, "%s, %s: same parts", file, what);
		for (k = 0; k < m[0]->nparts && k < m[i]->nparts; k++)
			ok(m[i]->parts[k].len == m[0]->parts[k].len && memcmp(m[i]->parts[k].data,
			    m[0]->parts[k].data, m[0]->parts[k].len) == 0, "%s, %s: part %zu "
			    "decodes the same", file, what, k + 1);
		ok(strcmp(m[i]->hash_hex, m[0]->hash_hex) != 0, "%s, %s: the content hash "
		    "differs", file, what);
	}
	crypto_generichash(h, sizeof h, (const unsigned char *)raw, len, NULL, 0);
	ok(memcmp(h, m[0]->hash, 32) == 0, "%s: hash is BLAKE2b-256 of the raw bytes", file);
	for (i = 0; i < 3; i++)
		intake_mail_free(m[i]);
	free(raw);
	free(crlf);
	free(cr);
}

static void
test_line_endings(void)
{
	line_endings("plain-minisign.eml");
	line_endings("attachments-minisig.eml");
	line_endings("html-only.eml");
	line_endings("alternative.eml");
}

static void
test_limits(void)
{
	struct intake_limits lim = limits;
	struct intake_mail *m;
	char *raw;
	size_t len;

	raw = load("plain-minisign.eml", &len);
	lim.max_message_size = len - 1;
	m = parse(raw, len, &lim);
	is_str(intake_class_name(m->class), "too-big", "mail over max_message_size");
	ok(contains(m->reason, "max_message_size") && contains(m->reason, "more than the limit"),
	    "reason names the limit (%s)", m->reason);
	ok(m->nparts == 0, "a mail too big is not decoded");
	is_str(m->from_addr, "alice@example.org", "its sender is still known for the answer");
	intake_mail_free(m);

	lim.max_message_size = len;
	m = parse(raw, len, &lim);
	is_str(intake_class_name(m->class), "orders", "a mail of exactly the limit passes");
	intake_mail_free(m);

	lim.max_orders_size = strlen(BLOCK) - 1;
	m = parse(raw, len, &lim);
	is_str(intake_class_name(m->class), "too-big", "block over max_orders_size");
	ok(contains(m->reason, "orders block is 237 bytes") && contains(m->reason,
	    "max_orders_size"), "reason gives the size and the limit (%s)", m->reason);
	ok(m->block.signed_bytes == NULL && m->sig_text == NULL, "no block handed on");
	intake_mail_free(m);
	free(raw);

	raw = load("autoreply-vacation.eml", &len);
	lim.max_message_size = 10;
	m = parse(raw, len, &lim);
	is_str(intake_class_name(m->class), "automatic", "an automatic mail too big stays "
	    "automatic (never answered)");
	intake_mail_free(m);
	free(raw);
}

static struct intake_mail *
parse_str(const char *s)
{
	return parse(s, strlen(s), &limits);
}

#define HDR "From: Alice <alice@example.org>\nTo: muthur@club.example\n" \
	"Subject: t\nMessage-ID: <t@x>\n"

static void
test_edge_cases(void)
{
	struct intake_mail *m;
	struct strbuf sb = STRBUF_INIT;
	int i;

	m = parse_str("");
	is_str(intake_class_name(m->class), "malformed", "empty input: malformed");
	ok(contains(m->reason, "no From address"), "empty input: no From (%s)", m->reason);
	intake_mail_free(m);

	m = parse_str("To: muthur@club.example\nSubject: x\n\n" BLOCK);
	is_str(intake_class_name(m->class), "malformed", "no From: malformed");
	intake_mail_free(m);

	m = parse_str("From: Muthur <MUTHUR@club.example>\nSubject: view\n\n" BLOCK);
	is_str(intake_class_name(m->class), "automatic", "mail from our own address");
	ok(contains(m->reason, "own address"), "reason: own address (%s)", m->reason);
	intake_mail_free(m);

	m = parse_str(HDR "\n" BLOCK);
	is_str(intake_class_name(m->class), "orders", "headers and a bare block");
	is_str(sig_shape_name(m->sig_shape), "none", "no signature: shape none");
	ok(m->sig_text == NULL && m->sig_where == NULL, "no signature: no text, no place");
	intake_mail_free(m);

	m = parse_str(HDR "\n" BLOCK "\n" MINISIG_FIRST "RUT4MTOu\n\n-- \nAlice\n");
	is_str(sig_shape_name(m->sig_shape), "minisign", "truncated minisign still handed on");
	is_str(m->sig_text, MINISIG_FIRST "RUT4MTOu\n", "truncated minisign cut at the empty "
	    "line");
	intake_mail_free(m);

	m = parse_str(HDR "\n" BLOCK "thanks!\n" MINISIG_FIRST "x\ny\nz\n");
	is_str(sig_shape_name(m->sig_shape), "none", "text between END and a signature: none "
	    "inline");
	intake_mail_free(m);

	m = parse_str(HDR "Content-Type: text/plain; charset=windows-1252\n\ncaf\xe9 \x80\n");
	ok(m->nparts == 1 && strcmp(m->parts[0].data, "caf\xc3\xa9 \xe2\x82\xac\n") == 0,
	    "windows-1252 converted by iconv");
	intake_mail_free(m);

	m = parse_str(HDR "Content-Type: text/plain; charset=x-no-such-charset\n\ncaf\xe9\n");
	ok(m->nparts == 1 && strcmp(m->parts[0].data, "caf\xc3\xa9\n") == 0,
	    "unknown charset: invalid UTF-8 read as ISO-8859-1");
	intake_mail_free(m);

	m = parse_str(HDR "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    "Content-Type: text/plain\nContent-Disposition: attachment;\n"
	    " filename*0*=utf-8''%C3%A4; filename*1=\"b.txt\"\n\nhello\n--b--\n");
	ok(m->nparts == 1 && m->parts[0].filename != NULL &&
	    strcmp(m->parts[0].filename, "\xc3\xa4" "b.txt") == 0 && m->parts[0].attachment,
	    "RFC 2231 continued file name decoded");
	intake_mail_free(m);

	m = parse_str(HDR "Content-Type: application/octet-stream;\n name=\"=?utf-8?q?=C3=B6rders?=.txt\"\n"
	    "Content-Transfer-Encoding: base64\n\nLS0tLS1CRUdJTiBNVVRIVVIgT1JERVJTLS0tLS0K\n");
	ok(m->nparts == 1 && m->parts[0].filename != NULL &&
	    strcmp(m->parts[0].filename, "\xc3\xb6rders.txt") == 0, "RFC 2047 in a name "
	    "parameter decoded");
	is_str(intake_class_name(m->class), "malformed", "an octet-stream *.txt attachment is "
	    "searched for the block");
	intake_mail_free(m);

	m = parse_str(HDR "Reply-To: Team <Team@Example.org>\n\nhi\n");
	is_str(intake_answer_address(m), "team@example.org", "answers go to Reply-To");
	intake_mail_free(m);

	/* Nesting deeper than the limit. */
	strbuf_addstr(&sb, HDR);
	for (i = 0; i <= INTAKE_MAX_DEPTH + 1; i++)
		strbuf_addf(&sb, "Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n", i, i);
	strbuf_addstr(&sb, "Content-Type: text/plain\n\n" BLOCK);
	for (i = INTAKE_MAX_DEPTH + 1; i >= 0; i--)
		strbuf_addf(&sb, "--b%d--\n", i);
	m = parse_str(strbuf_str(&sb));
	is_str(intake_class_name(m->class), "malformed", "MIME nested too deep");
	ok(contains(m->reason, "nested more than"), "reason: nested (%s)", m->reason);
	intake_mail_free(m);

	/* More parts than the limit. */
	strbuf_reset(&sb);
	strbuf_addstr(&sb, HDR "Content-Type: multipart/mixed; boundary=b\n\n");
	for (i = 0; i <= INTAKE_MAX_PARTS; i++)
		strbuf_addf(&sb, "--b\nContent-Type: text/plain\n\npart %d\n", i);
	strbuf_addstr(&sb, "--b--\n");
	m = parse_str(strbuf_str(&sb));
	is_str(intake_class_name(m->class), "malformed", "too many MIME parts");
	ok(contains(m->reason, "MIME parts"), "reason: parts (%s)", m->reason);
	intake_mail_free(m);

	/*
	 * Comments nested 200,000 deep where libetpan reads them but the
	 * pre-scan once did not look: before a field's colon, on a folded
	 * line before it, and in a part's header (found by fuzz-intake).
	 * libetpan recurses once a level: unchecked, these overflow the stack.
	 */
	for (i = 0; i < 3; i++) {
		int k;

		strbuf_reset(&sb);
		strbuf_addstr(&sb, i == 2 ? HDR "MIME-Version: 1.0\nContent-Type: multipart/"
		    "mixed; boundary=\"b\"\n\n--b\nContent-Type\n " :
		    i == 1 ? "From: Alice <alice@example.org>\nTo\n " :
		    "From: Alice <alice@example.org>\nTo");
		for (k = 0; k < 200000; k++)
			strbuf_addstr(&sb, "(");
		strbuf_addstr(&sb, i == 2 ? ": text/plain\n\n" BLOCK "--b--\n" :
		    ": muthur@club.example\n\n" BLOCK);
		m = parse_str(strbuf_str(&sb));
		is_str(intake_class_name(m->class), "malformed", "comments 200,000 deep %s: "
		    "refused, not parsed", i == 0 ? "before a colon" : i == 1 ?
		    "on a folded line before a colon" : "in a part's header");
		ok(contains(m->reason, "nests comments"), "reason: comments (%s)", m->reason);
		intake_mail_free(m);
	}
	strbuf_free(&sb);

	/* A delivery report wrapped in multipart/mixed is still automatic. */
	m = parse_str(HDR "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    "Content-Type: text/plain\n\n" BLOCK "--b\nContent-Type: message/delivery-status\n\n"
	    "Reporting-MTA: dns; mx.example.org\n--b--\n");
	is_str(intake_class_name(m->class), "automatic", "message/delivery-status part");
	ok(m->block.signed_bytes == NULL, "its block is not handed on");
	intake_mail_free(m);

	/* But a forwarded report inside message/rfc822 does not make the mail automatic. */
	m = parse_str(HDR "Content-Type: multipart/mixed; boundary=b\n\n--b\n"
	    "Content-Type: text/plain\n\n" BLOCK "--b\nContent-Type: message/rfc822\n\n"
	    "From: x@y\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; x\n--b--\n");
	is_str(intake_class_name(m->class), "orders", "a report inside an attached message");
	intake_mail_free(m);
}

int
main(void)
{
	test_samples();
	test_signature_texts();
	test_headers();
	test_line_endings();
	test_limits();
	test_edge_cases();
	return done_testing();
}
