/*
 * test-compose.c — outgoing mails: headers, folding, encodings, byte-for-
 * byte determinism, and that each composed mail parses back through the
 * intake with the same text and attachments.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/compose.h"
#include "mail/mime-encode.h"
#include "mail/mime-text.h"
#include "mail/intake.h"
#include "mail/mime-headers.h"
#include "tests/tap.h"

#define T0 1796053332	/* Mon, 30 Nov 2026 15:42:12 +0000 */

static const char *refs[] = { "<view-1.marines.contact-17@club.example>",
    "<orders-3@mail.example.org>" };

static const char json[] = "{\"game\": \"contact-17\", \"seat\": \"marines\", \"name\": \"Zo\xc3\xab\"}\n";

static struct compose_attachment view_json = { "view.json", "application/json", json,
    sizeof json - 1 };

static struct compose_mail
base_mail(void)
{
	struct compose_mail m;

	memset(&m, 0, sizeof m);
	m.date = T0;
	m.message_id = "<view-3.marines.contact-17@club.example>";
	m.from_addr = "muthur@club.example";
	m.from_name = "Muthur";
	m.to_addr = "alice@example.org";
	m.to_name = "Alice Example";
	m.subject = "contact-17: turn 3, combat";
	m.auto_submitted = COMPOSE_AUTO_GENERATED;
	m.text = "Your view of contact-17.\n\nPhase: combat.declare.unhidden-ranged\n";
	return m;
}

static char *
compose(const struct compose_mail *m, size_t *len)
{
	char *out = NULL, *cause = NULL;

	if (compose_mail(m, &out, len, &cause) == -1) {
		printf("# compose_mail: %s\n", cause);
		free(cause);
		return NULL;
	}
	return out;
}

/* CRLF only, every line at most 78 characters. */
static int
well_formed(const char *s, size_t len, size_t *longest)
{
	size_t i, col = 0;

	*longest = 0;
	for (i = 0; i < len; i++) {
		if (s[i] == '\r') {
			if (i + 1 >= len || s[i + 1] != '\n')
				return 0;
			if (col > *longest)
				*longest = col;
			col = 0;
			i++;
			continue;
		}
		if (s[i] == '\n' || s[i] == '\0' || (unsigned char)s[i] >= 128)
			return 0;
		col++;
	}
	if (col > *longest)
		*longest = col;
	return col == 0 && *longest <= 78;
}

static struct intake_mail *
parse_back(const char *mail, size_t len)
{
	struct intake_mail *m = NULL;
	char *cause = NULL;

	if (intake_parse(mail, len, NULL, &m, &cause) == -1) {
		printf("Bail out! intake: %s\n", cause);
		exit(1);
	}
	return m;
}

static void
test_view_mail(void)
{
	struct compose_mail cm = base_mail();
	struct intake_mail *m;
	char *a, *b;
	size_t alen, blen, longest = 0;

	cm.attachments = &view_json;
	cm.nattachments = 1;
	a = compose(&cm, &alen);
	b = compose(&cm, &blen);
	ok(a != NULL && b != NULL, "view mail composed");
	if (a == NULL || b == NULL)
		return;
	ok(alen == blen && memcmp(a, b, alen) == 0, "same input, byte-identical mail");
	ok(well_formed(a, alen, &longest), "CRLF, 7-bit, lines <= 78 (longest %zu)", longest);
	ok(strncmp(a, "Date: Mon, 30 Nov 2026 15:42:12 +0000\r\n", 39) == 0, "Date first, in UTC");
	ok(strstr(a, "\r\nFrom: Muthur <muthur@club.example>\r\n") != NULL, "From with name");
	ok(strstr(a, "\r\nTo: Alice Example <alice@example.org>\r\n") != NULL, "To with name");
	ok(strstr(a, "\r\nMessage-ID: <view-3.marines.contact-17@club.example>\r\n") != NULL,
	    "Message-ID as given");
	ok(strstr(a, "\r\nAuto-Submitted: auto-generated\r\n") != NULL, "auto-generated");
	ok(strstr(a, "In-Reply-To:") == NULL && strstr(a, "References:") == NULL,
	    "no In-Reply-To or References on a view");
	ok(strstr(a, "\r\nMIME-Version: 1.0\r\n") != NULL, "MIME-Version");
	ok(strstr(a, "multipart/mixed;\r\n boundary=\"=_muthur_") != NULL, "multipart/mixed "
	    "with a derived boundary");
	ok(strstr(a, "Content-Transfer-Encoding: 7bit") != NULL, "plain ASCII text as 7bit");
	ok(strstr(a, "8bit") == NULL, "never 8bit");

	m = parse_back(a, alen);
	is_str(intake_class_name(m->class), "automatic", "our own view is automatic to intake");
	is_str(m->message_id, cm.message_id, "Message-ID reads back");
	is_str(m->subject, cm.subject, "subject reads back");
	is_str(m->from_name, "Muthur", "From name reads back");
	is_int(m->nparts, 2, "two parts");
	if (m->nparts == 2) {
		is_str(m->parts[0].type, "text/plain", "text part first");
		is_str(m->parts[0].data, cm.text, "text reads back");
		is_str(m->parts[1].filename, "view.json", "attachment file name");
		is_str(m->parts[1].type, "application/json", "attachment type");
		ok(m->parts[1].attachment, "Content-Disposition: attachment");
		/* JSON text travels as text: its LF comes back as CRLF */
		ok(m->parts[1].len == sizeof json && memcmp(m->parts[1].data, json,
		    sizeof json - 2) == 0 && memcmp(m->parts[1].data + sizeof json - 2,
		    "\r\n", 2) == 0 && strstr(a, "Content-Transfer-Encoding: base64") ==
		    NULL, "attachment bytes read back, sent as text, not base64");
	}
	intake_mail_free(m);
	free(b);

	/* Another attachment content gives another boundary. */
	view_json.len--;
	b = compose(&cm, &blen);
	view_json.len++;
	ok(b != NULL && strstr(b, "boundary=") != NULL && memcmp(strstr(a, "boundary="),
	    strstr(b, "boundary="), 50) != 0, "the boundary follows the content");
	free(a);
	free(b);
}

static void
test_reply(void)
{
	struct compose_mail cm = base_mail();
	struct intake_mail *m;
	char *a, **r;
	size_t alen, n, i;

	cm.message_id = "<reply-17.contact-17@club.example>";
	cm.in_reply_to = "<orders-3@mail.example.org>";
	cm.references = refs;
	cm.nreferences = 2;
	cm.auto_submitted = COMPOSE_AUTO_REPLIED;
	cm.subject = "Re: Orders for turn 3";
	cm.text = "Your orders for turn 3 were accepted.\n";
	a = compose(&cm, &alen);
	ok(a != NULL && strstr(a, "\r\nAuto-Submitted: auto-replied\r\n") != NULL,
	    "a reply is auto-replied");
	ok(a != NULL && strstr(a, "\r\nIn-Reply-To: <orders-3@mail.example.org>\r\n") != NULL,
	    "In-Reply-To");
	ok(a != NULL && strstr(a, "X-Auto-Response-Suppress: OOF, AutoReply") != NULL,
	    "asks Exchange not to answer");
	ok(a != NULL && strstr(a, "Content-Type: text/plain; charset=utf-8\r\n") != NULL &&
	    strstr(a, "multipart") == NULL, "without attachments a single text part");
	if (a == NULL)
		return;
	m = parse_back(a, alen);
	is_str(m->in_reply_to, cm.in_reply_to, "In-Reply-To reads back");
	is_int(m->nreferences, 2, "References read back");
	ok(strstr(m->reason, "auto-replied") != NULL, "intake never answers our answers (%s)",
	    m->reason);
	is_str(m->nparts == 1 ? m->parts[0].data : NULL, cm.text, "text reads back");
	intake_mail_free(m);
	free(a);

	n = compose_reply_references("<c@x>", refs, 2, "<ignored@x>", &r);
	is_int(n, 3, "reply References: theirs plus the Message-ID");
	is_str(n == 3 ? r[2] : NULL, "<c@x>", "the Message-ID last");
	mail_strings_free(r, n);
	n = compose_reply_references("<c@x>", NULL, 0, "<p@x>", &r);
	ok(n == 2 && strcmp(r[0], "<p@x>") == 0, "without References, In-Reply-To is used");
	mail_strings_free(r, n);
	{
		const char *many[80];
		char *ids[80];

		for (i = 0; i < 80; i++) {
			ids[i] = xasprintf("<id%zu@x>", i);
			many[i] = ids[i];
		}
		n = compose_reply_references("<last@x>", many, 80, NULL, &r);
		ok(n == MAIL_MSGIDS_MAX && strcmp(r[0], "<id0@x>") == 0 &&
		    strcmp(r[n - 1], "<last@x>") == 0, "long References trimmed, first kept");
		mail_strings_free(r, n);
		for (i = 0; i < 80; i++)
			free(ids[i]);
	}
	a = compose_reply_subject("Orders");
	is_str(a, "Re: Orders", "reply subject");
	free(a);
	a = compose_reply_subject("RE: Orders");
	is_str(a, "RE: Orders", "no second Re:");
	free(a);
	a = compose_reply_subject(NULL);
	is_str(a, "Re: your mail", "reply subject for none");
	free(a);
}

/* Compose, check the form, parse back and compare subject, names, text. */
static void
roundtrip(const char *what, struct compose_mail *cm, const char *want_subject,
    const char *want_text)
{
	struct intake_mail *m;
	char *a;
	size_t alen, longest = 0;

	a = compose(cm, &alen);
	ok(a != NULL, "%s: composed", what);
	if (a == NULL)
		return;
	ok(well_formed(a, alen, &longest), "%s: CRLF, 7-bit, lines <= 78 (longest %zu)", what,
	    longest);
	m = parse_back(a, alen);
	is_str(m->subject, want_subject, "%s: subject reads back", what);
	is_str(m->from_name, cm->from_name, "%s: From name reads back", what);
	is_str(m->nparts > 0 ? m->parts[0].data : NULL, want_text, "%s: text reads back", what);
	intake_mail_free(m);
	free(a);
}

static void
test_encodings(void)
{
	struct compose_mail cm = base_mail();
	struct strbuf sb = STRBUF_INIT;
	char *a, *longline;
	size_t alen, i;

	cm.subject = "contact-17 turn 3 phase combat.declare.unhidden-ranged: waiting for "
	    "marines, aliens, predator and rogue; deadline Tuesday 1 December 2026 at noon UTC";
	roundtrip("long ASCII subject", &cm, cm.subject, cm.text);
	a = compose(&cm, &alen);
	ok(a != NULL && strstr(a, "for\r\n marines,") != NULL, "long subject folded at a space");
	free(a);

	cm = base_mail();
	cm.subject = "\xe3\x83\x9e\xe3\x82\xb6\xe3\x83\xbc\xe3\x81\x8b\xe3\x82\x89\xe3\x81\xae"
	    "\xe3\x81\x8a\xe7\x9f\xa5\xe3\x82\x89\xe3\x81\x9b: contact-17 \xe3\x82\xbf\xe3\x83\xbc"
	    "\xe3\x83\xb3 3 \xe2\x80\x94 Zo\xc3\xab's move, \xc3\xa0 bient\xc3\xb4t, a long one "
	    "to fold into several encoded words";
	cm.from_name = "M\xc3\xbcthur R\xc3\xa9" "f\xc3\xa9ree";
	cm.to_name = "Zo\xc3\xab \xc3\x9cnal";
	roundtrip("non-ASCII subject and names", &cm, cm.subject, cm.text);
	a = compose(&cm, &alen);
	ok(a != NULL && strstr(a, "From: =?UTF-8?Q?M=C3=BCthur_R=C3=A9f=C3=A9ree?= "
	    "<muthur@club.example>") != NULL, "non-ASCII From name as an encoded word");
	ok(a != NULL && strstr(a, "Subject: =?UTF-8?Q?") != NULL, "subject encoded");
	free(a);

	cm = base_mail();
	cm.subject = "literal =?utf-8?q?not_encoded?= text";
	roundtrip("subject with a literal =?", &cm, cm.subject, cm.text);
	cm.subject = "tabs\tand   spaces  ";
	roundtrip("white space in the subject", &cm, "tabs and spaces", cm.text);
	cm.subject = "";
	roundtrip("empty subject", &cm, "", cm.text);

	cm = base_mail();
	cm.from_name = "Muthur \"the\" Referee, Esq.";
	roundtrip("name needing quotes", &cm, cm.subject, cm.text);

	/* Bodies that need quoted-printable. */
	for (i = 0; i < 300; i++)
		strbuf_addc(&sb, (char)('a' + i % 26));
	longline = xasprintf("start\n%s\nend\n", strbuf_str(&sb));
	cm = base_mail();
	cm.text = longline;
	roundtrip("a 300-character line", &cm, cm.subject, longline);
	a = compose(&cm, &alen);
	ok(a != NULL && strstr(a, "quoted-printable") != NULL, "long line: quoted-printable");
	free(a);
	free(longline);

	cm.text = "From the start\n.\n. dot\ntrailing \t\nequals = and =_muthur_ here\n"
	    "caf\xc3\xa9 \xe2\x80\x94 \xe3\x81\x82\n";
	roundtrip("From, dots, trailing blanks, non-ASCII", &cm, cm.subject, cm.text);
	a = compose(&cm, &alen);
	ok(a != NULL && strstr(a, "\r\n=46rom the start\r\n") != NULL, "\"From \" protected");
	ok(a != NULL && strstr(a, "trailing =09\r\n") != NULL, "trailing blanks kept visible");
	free(a);

	cm.text = "no final line break";
	roundtrip("text without a final line break", &cm, cm.subject, "no final line break\n");
	cm.text = "crlf\r\nand cr\rlines\r\n";
	roundtrip("CRLF and CR in the text", &cm, cm.subject, "crlf\nand cr\nlines\n");

	/* The block in a view survives composing and intake unchanged. */
	cm.text = "Sign and send back:\n\n-----BEGIN MUTHUR ORDERS-----\ngame: contact-17\n"
	    "seat: marines\nturn: 3\nphase: combat.declare.unhidden-ranged\n"
	    "nonce: 00112233445566778899aabbccddeeff\n\npass\n-----END MUTHUR ORDERS-----\n";
	roundtrip("an orders template", &cm, cm.subject, cm.text);
	strbuf_free(&sb);
}

static void
test_attachments(void)
{
	struct compose_mail cm = base_mail();
	struct compose_attachment at[3];
	struct intake_mail *m;
	unsigned char bytes[256];
	char *a, *longname;
	size_t alen, i, longest = 0;

	for (i = 0; i < sizeof bytes; i++)
		bytes[i] = (unsigned char)i;
	longname = xstrdup("carte de la bataille \xe2\x80\x94 contact-17 tour 3 "
	    "(vue des marines, version compl\xc3\xa8te).png");
	at[0] = (struct compose_attachment){ "view.json", "application/json", json,
	    sizeof json - 1 };
	at[1] = (struct compose_attachment){ longname, "image/png", bytes, sizeof bytes };
	at[2] = (struct compose_attachment){ "notes \"1\".txt", "text/plain", "a\nb\n", 4 };
	cm.attachments = at;
	cm.nattachments = 3;
	a = compose(&cm, &alen);
	ok(a != NULL && well_formed(a, alen, &longest), "three attachments, lines <= 78 "
	    "(longest %zu)", longest);
	if (a == NULL)
		return;
	ok(strstr(a, "filename*0*=utf-8''") != NULL, "long non-ASCII file name in RFC 2231 "
	    "segments");
	ok(strstr(a, "Content-Type: text/plain; charset=utf-8; name=\"notes \\\"1\\\".txt\"") !=
	    NULL, "text attachment gets a charset, quoted name");
	m = parse_back(a, alen);
	is_int(m->nparts, 4, "four parts read back");
	if (m->nparts == 4) {
		is_str(m->parts[2].filename, longname, "long file name reads back");
		ok(m->parts[2].len == sizeof bytes && memcmp(m->parts[2].data, bytes,
		    sizeof bytes) == 0, "all 256 byte values read back");
		is_str(m->parts[3].filename, "notes \"1\".txt", "quoted file name reads back");
		is_str(m->parts[3].data, "a\nb\n", "text attachment reads back");
	}
	intake_mail_free(m);
	free(a);
	free(longname);
}

static void
test_refusals(void)
{
	static const struct { int field; const char *value; const char *reason; } bad[] = {
		{ 0, "muthur", "From address \"muthur\" is not an addr-spec" },
		{ 1, "Alice <alice@example.org>", "To address" },
		{ 1, "al ice@example.org", "To address" },
		{ 1, "al\xef" "ce@example.org", "To address" },
		{ 1, "\"open@example.org", "To address" },
		{ 1, "a@[1.2.3.4", "To address" },
		{ 1, "@relay.example:a@example.org", "To address" },
		{ 2, "view-3@club.example", "Message-ID \"view-3@club.example\" is not a message id" },
		{ 2, "<view 3@club.example>", "is not a message id" },
		{ 2, "<nodomain>", "is not a message id" },
		{ 3, "line\nbreak", "the subject holds the control character 0x0a" },
		{ 3, "caf\xe9", "the subject is not valid UTF-8" },
		{ 4, "Bad\x01Name", "the From name holds the control character 0x01" },
		{ 5, "bell\a", "the text holds the control character 0x07" },
		{ 6, "application", "attachment type \"application\" is not a MIME type" },
		{ 6, "text/plain; charset=x", "is not a MIME type" },
		{ 7, "", "attachment 1 has no file name" },
		{ 8, "<in reply>", "In-Reply-To" },
		{ 9, "bad", "a References id \"bad\"" },
	};
	struct compose_attachment at;
	struct compose_mail cm;
	const char *one[1];
	char *out, *cause;
	size_t i, len;
	int rc;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cm = base_mail();
		at = view_json;
		cm.attachments = &at;
		cm.nattachments = 1;
		switch (bad[i].field) {
		case 0: cm.from_addr = bad[i].value; break;
		case 1: cm.to_addr = bad[i].value; break;
		case 2: cm.message_id = bad[i].value; break;
		case 3: cm.subject = bad[i].value; break;
		case 4: cm.from_name = bad[i].value; break;
		case 5: cm.text = bad[i].value; break;
		case 6: at.type = bad[i].value; break;
		case 7: at.filename = bad[i].value; break;
		case 8: cm.in_reply_to = bad[i].value; break;
		case 9: one[0] = bad[i].value; cm.references = one; cm.nreferences = 1; break;
		}
		out = cause = NULL;
		rc = compose_mail(&cm, &out, &len, &cause);
		ok(rc == -1 && out == NULL && cause != NULL && strstr(cause, bad[i].reason) != NULL,
		    "refused: %s", cause != NULL ? cause : "(accepted)");
		free(cause);
		free(out);
	}

	/* RFC 5322 and 6532 addresses that are answered */
	{
		static const char *good[] = { "\"john doe\"@players.example",
		    "j\xc3\xb6rg@players.example", "user@[127.0.0.1]",
		    "\"a\\\"b\"@players.example", "jane@b\xc3\xbc" "cher.example" };

		for (i = 0; i < sizeof good / sizeof good[0]; i++) {
			cm = base_mail();
			cm.to_addr = good[i];
			out = cause = NULL;
			ok(compose_mail(&cm, &out, &len, &cause) == 0 && strstr(out, good[i]) != NULL,
			    "To %s accepted and written as it is%s%s", good[i],
			    cause != NULL ? ": " : "", cause != NULL ? cause : "");
			free(cause);
			free(out);
		}
	}

	cm = base_mail();
	cm.date = -1;
	cause = NULL;
	ok(compose_mail(&cm, &out, &len, &cause) == -1 && strstr(cause, "out of range") != NULL,
	    "a date before 1970 refused");
	free(cause);
	cause = NULL;
	out = compose_message_id("outbox-42.contact-17", "Muthur@Club.Example", &cause);
	is_str(out, "<outbox-42.contact-17@Club.Example>", "message id from an outbox id");
	free(out);
	ok(compose_message_id("two words", "muthur@club.example", &cause) == NULL &&
	    strstr(cause, "not a dot-atom") != NULL, "message id with a space refused");
	free(cause);
	cause = NULL;
	ok(compose_message_id("a..b", "muthur@club.example", &cause) == NULL, "double dot "
	    "refused");
	free(cause);
	cause = NULL;
	ok(compose_message_id("ok", "muthur@", &cause) == NULL && strstr(cause, "no domain") !=
	    NULL, "From without a domain refused");
	free(cause);
	cause = NULL;
	ok(compose_message_id("ok", "localhost", &cause) == NULL, "an undotted domain refused");
	free(cause);
	cause = NULL;
	out = compose_message_id("r-7", "club.example", &cause);
	is_str(out, "<r-7@club.example>", "message id from a bare domain");
	free(out);
}

/* A small deterministic generator for the random round trips. */
static unsigned long long rng = 0x9e3779b97f4a7c15ULL;

static unsigned
rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void
random_text(struct strbuf *sb, size_t max, int lines)
{
	static const char *pool[] = { "a", "Z", "7", " ", " ", "  ", "\t", "=", "=?", "?=",
	    "=_", "_", "\"", "\\", "(", ")", "<", ">", "@", ",", ";", ":", ".", "From ",
	    "caf\xc3\xa9", "\xe2\x80\x94", "\xe3\x81\x82", "\xf0\x9f\x98\x80", "-----BEGIN ",
	    "x", "y", "word" };
	size_t n = rnd((unsigned)max), i;

	strbuf_reset(sb);
	for (i = 0; i < n; i++) {
		if (lines && rnd(12) == 0)
			strbuf_addstr(sb, rnd(3) == 0 ? "\r\n" : "\n");
		else if (lines && rnd(50) == 0)
			strbuf_addstr(sb, "\n.\n");
		else
			strbuf_addstr(sb, pool[rnd(sizeof pool / sizeof pool[0])]);
	}
}

/* What the intake gives back for a header text: its words, one space apart. */
static char *
folded(const char *s)
{
	char *copy = xstrdup(s), *word, *save = NULL, *out = xstrdup(""), *next;

	for (word = strtok_r(copy, " \t", &save); word != NULL; word = strtok_r(NULL, " \t",
	    &save)) {
		next = xasprintf("%s%s%s", out, *out != '\0' ? " " : "", word);
		free(out);
		out = next;
	}
	free(copy);
	return out;
}

static void
test_random_roundtrips(void)
{
	struct strbuf subj = STRBUF_INIT, name = STRBUF_INIT, text = STRBUF_INIT;
	struct compose_mail cm;
	struct intake_mail *m;
	char *a, *want_subj, *want_name, *want_text, *p;
	size_t alen, longest, i, good = 0, n = 300;

	for (i = 0; i < n; i++) {
		random_text(&subj, 60, 0);
		random_text(&name, 12, 0);
		random_text(&text, 400, 1);
		cm = base_mail();
		cm.subject = strbuf_str(&subj);
		cm.from_name = strbuf_str(&name);
		cm.text = strbuf_str(&text);
		cm.attachments = i % 2 ? &view_json : NULL;
		cm.nattachments = i % 2;
		want_subj = folded(cm.subject);
		want_name = folded(cm.from_name);
		want_text = xstrdup(cm.text);
		for (p = want_text; (p = strstr(p, "\r\n")) != NULL; )
			memmove(p, p + 1, strlen(p));
		if (*want_text != '\0' && want_text[strlen(want_text) - 1] != '\n') {
			p = want_text;
			want_text = xasprintf("%s\n", p);
			free(p);
		}
		a = compose(&cm, &alen);
		m = a != NULL ? parse_back(a, alen) : NULL;
		if (a != NULL && well_formed(a, alen, &longest) && m->subject != NULL &&
		    strcmp(m->subject, want_subj) == 0 &&
		    (*want_name == '\0' ? m->from_name == NULL : (m->from_name != NULL &&
		    strcmp(m->from_name, want_name) == 0)) && m->nparts >= 1 &&
		    strcmp(m->parts[0].data, want_text) == 0)
			good++;
		else if (i + 1 - good <= 3)
			diag("round trip %zu failed: subject \"%s\" -> \"%s\", name \"%s\" -> "
			    "\"%s\"", i, want_subj, m != NULL ? m->subject : "", want_name,
			    m != NULL && m->from_name ? m->from_name : "");
		intake_mail_free(m);
		free(a);
		free(want_subj);
		free(want_name);
		free(want_text);
	}
	is_int(good, n, "random subjects, names and texts read back unchanged");
	strbuf_free(&subj);
	strbuf_free(&name);
	strbuf_free(&text);
}

/* mime_body_base64() is libsodium's base64, in lines of 76 and CRLF. */
static void
test_base64(void)
{
	unsigned char data[700];
	char ref[1000];
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;
	size_t len, i, bad = 0;

	for (i = 0; i < sizeof data; i++)
		data[i] = (unsigned char)(i * 151 + 7 * (i >> 3));
	for (len = 0; len <= sizeof data; len++) {
		strbuf_reset(&out);
		strbuf_reset(&want);
		mime_body_base64(&out, data, len);
		sodium_bin2base64(ref, sizeof ref, data, len, sodium_base64_VARIANT_ORIGINAL);
		for (i = 0; i < strlen(ref); i += 76) {
			strbuf_add(&want, ref + i, strlen(ref) - i > 76 ? 76 : strlen(ref) - i);
			strbuf_add(&want, "\r\n", 2);
		}
		bad += out.len != want.len || memcmp(strbuf_str(&out), strbuf_str(&want),
		    out.len) != 0;
	}
	ok(bad == 0, "base64 bodies of 0 to %zu bytes are libsodium's, in lines of 76",
	    sizeof data);
	strbuf_free(&out);
	strbuf_free(&want);
}

/* Quoted-printable the plain way, a byte at a time: what mime_body_qp()
 * must give (lines of at most 76 with their soft breaks). */
static void
naive_qp(struct strbuf *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t i = 0, start, end, col, k;
	unsigned char c;

	while (i < len) {
		for (start = i; i < len && s[i] != '\n'; i++)
			;
		end = i;
		if (i < len)
			i++;
		for (col = 0, k = start; k < end; k++) {
			c = (unsigned char)s[k];
			if (c == '=' || c >= 127 || (c < 32 && c != '\t') ||
			    ((c == ' ' || c == '\t') && k + 1 == end) ||
			    (k == start && c == '.') ||
			    (k == start && end - k >= 5 && memcmp(s + k, "From ", 5) == 0)) {
				if (col + 3 > 75) {
					strbuf_addstr(out, "=\r\n");
					col = 0;
				}
				strbuf_addf(out, "=%c%c", hex[c >> 4], hex[c & 15]);
				col += 3;
			} else {
				if (col + 1 > 75) {
					strbuf_addstr(out, "=\r\n");
					col = 0;
				}
				strbuf_addc(out, (char)c);
				col++;
			}
		}
		strbuf_addstr(out, "\r\n");
	}
}

/* mime_body_qp() copies runs of plain characters: the same bytes as one
 * at a time, over lines of every length around the soft break and random
 * mixes of what must be encoded (a fixed stream: the same cases each run). */
static void
test_qp_runs(void)
{
	static const char alpha[] = "ab =.\t\nF\xc3\xa9rom ";
	unsigned char seed[randombytes_SEEDBYTES] = { 28 }, r[4096];
	char s[400];
	struct strbuf got = STRBUF_INIT, want = STRBUF_INIT;
	size_t len, k, bad = 0, tried = 0;
	int round;

	for (round = 0; round < 200; round++) {
		seed[1] = (unsigned char)round;
		randombytes_buf_deterministic(r, sizeof r, seed);
		len = (size_t)(round < 100 ? round + 60 : r[0] * 256 / 170 + r[1] % 50);
		if (len > sizeof s)
			len = sizeof s;
		for (k = 0; k < len; k++)	/* long plain lines, then mixes */
			s[k] = round < 100 ? (k % 37 == 36 && round % 3 == 0 ? '=' : 'x') :
			    alpha[r[k + 2] % (sizeof alpha - 1)];
		strbuf_reset(&got);
		strbuf_reset(&want);
		mime_body_qp(&got, s, len);
		naive_qp(&want, s, len);
		bad += got.len != want.len || memcmp(strbuf_str(&got), strbuf_str(&want),
		    got.len) != 0;
		tried++;
	}
	ok(bad == 0, "quoted-printable by runs is the byte-at-a-time encoding in all "
	    "%zu strings", tried);
	strbuf_free(&got);
	strbuf_free(&want);
}

/* Line endings the plain way: what mime_crlf() and mime_lf() must give. */
static char *
naive_eol(const char *s, size_t len, const char *eol, size_t *outlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < len; i++) {
		if (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n')
			i++;
		if (s[i] == '\r' || s[i] == '\n')
			strbuf_addstr(&sb, eol);
		else
			strbuf_addc(&sb, s[i]);
	}
	return strbuf_detach(&sb, outlen);
}

static void
test_line_endings(void)
{
	static const char alpha[] = { 'a', '\r', '\n', ' ' };
	char s[12], *a, *b, *c, *d;
	size_t len, n, k, la, lb, lc, ld, bad = 0, tried = 0;

	for (len = 0; len <= 8; len++) {	/* every string of these 4 bytes */
		for (n = 0; n < (size_t)1 << (2 * len); n++) {
			for (k = 0; k < len; k++)
				s[k] = alpha[(n >> (2 * k)) & 3];
			a = mime_crlf(s, len, &la);
			b = naive_eol(s, len, "\r\n", &lb);
			c = mime_lf(s, len, &lc);
			d = naive_eol(s, len, "\n", &ld);
			bad += la != lb || memcmp(a, b, la) != 0 || lc != ld ||
			    memcmp(c, d, lc) != 0;
			tried++;
			free(a);
			free(b);
			free(c);
			free(d);
		}
	}
	ok(bad == 0, "CR, LF and CRLF become one line ending in all %zu strings of "
	    "a, CR, LF and space up to 8 bytes", tried);
}

int
main(void)
{
	test_base64();
	test_qp_runs();
	test_line_endings();
	test_view_mail();
	test_reply();
	test_encodings();
	test_attachments();
	test_refusals();
	test_random_roundtrips();
	return done_testing();
}
