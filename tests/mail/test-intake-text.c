/*
 * test-intake-text.c — the helpers of the intake: header fields and their
 * decoding, charsets, format=flowed, HTML rendering, signature shapes and
 * MIME parameters.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mail/mime-headers.h"
#include "mail/mime-parts.h"
#include "mail/mime-sigtext.h"
#include "mail/mime-text.h"
#include "tests/tap.h"

static void
test_headers_parse(void)
{
	static const char *text = "From alice@example.org Mon Nov 30 12:00:00 2026\n"
	    "From: Alice\n  <alice@example.org>\nSubject:  Hello \r\n\tworld  \r\n"
	    "X-Empty:\nBad header line\nMore: x\n";
	struct mail_headers h;

	mail_headers_parse(text, strlen(text), &h);
	is_int(h.n, 3, "three fields before the line that is no field");
	is_str(mail_headers_get(&h, "from"), "Alice  <alice@example.org>", "folded From unfolded");
	is_str(mail_headers_get(&h, "SUBJECT"), "Hello \tworld", "mixed line ends, trimmed");
	is_str(mail_headers_get(&h, "X-Empty"), "", "empty value");
	ok(mail_headers_get(&h, "More") == NULL, "fields after the body started are not read");
	is_int(h.body_off, strstr(text, "Bad header") - text, "the body starts at the bad line");
	mail_headers_clear(&h);

	mail_headers_parse("A: 1\r\n\r\nbody", 13, &h);
	is_int(h.body_off, 8, "body after the empty CRLF line");
	mail_headers_clear(&h);
	mail_headers_parse("A: 1\r\rbody", 10, &h);
	is_int(h.body_off, 6, "body after the empty bare-CR line");
	mail_headers_clear(&h);
}

static void
test_decode(void)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "plain text", "plain text" },
		{ "=?utf-8?q?caf=C3=A9?=", "caf\xc3\xa9" },
		{ "=?ISO-8859-1?Q?caf=E9?= au =?utf-8?b?bGFpdA==?=", "caf\xc3\xa9 au lait" },
		{ "=?utf-8?q?a?= =?utf-8?q?b?=", "ab" },
		{ "raw caf\xe9", "raw caf\xc3\xa9" },
		{ "raw caf\xc3\xa9", "raw caf\xc3\xa9" },
		{ "tab\tand\r\nbreak", "tab and break" },
		{ "=?utf-8?q?nul=00byte?=", "nul" },
		{ "=?x-unknown?q?abc?=", "abc" },
		{ "  spaced   out  ", "spaced out" },
	};
	size_t i;
	char *s;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = mail_header_decode(cases[i].in);
		is_str(s, cases[i].out, "decode case %zu", i);
		ok(mime_utf8_valid(s, strlen(s)), "decode %zu is UTF-8", i);
		free(s);
	}
}

static void
test_mailbox(void)
{
	static const struct { const char *in, *addr, *name; int rc; } cases[] = {
		{ "Alice <Alice@Example.ORG>", "alice@example.org", "Alice", 0 },
		{ "\"Example, Alice\" <alice@example.org>", "alice@example.org", "Example, Alice", 0 },
		{ "=?utf-8?q?Zo=C3=AB?= <zoe@example.net>", "zoe@example.net", "Zo\xc3\xab", 0 },
		{ "alice@example.org (Alice)", "alice@example.org", NULL, 0 },
		{ "<alice@example.org>", "alice@example.org", NULL, 0 },
		{ "a@b.example, c@d.example", "a@b.example", NULL, 0 },
		{ "<>", "", NULL, 0 },
		{ "Mailer Daemon <>", "", "Mailer Daemon", 0 },
		{ "", NULL, NULL, -1 },
		{ "(only a comment)", NULL, NULL, -1 },
	};
	char *addr, *name;
	size_t i;
	int rc;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		rc = mail_header_mailbox(cases[i].in, &addr, &name);
		is_int(rc, cases[i].rc, "mailbox \"%s\": result", cases[i].in);
		is_str(addr, cases[i].addr, "mailbox \"%s\": address", cases[i].in);
		is_str(name, cases[i].name, "mailbox \"%s\": name", cases[i].in);
		free(addr);
		free(name);
	}
}

static void
test_lists(void)
{
	char **v;
	size_t n, i;
	char big[64 * 100 + 1], *p = big;

	n = mail_header_addresses("A <a@x.example>, group: b@y.example, C <C@Z.example>;, d@w", &v);
	is_int(n, 4, "address list with a group");
	if (n == 4) {
		is_str(v[2], "c@z.example", "group members flattened and lowercased");
		is_str(v[3], "d@w", "last address");
	}
	mail_strings_free(v, n);

	n = mail_header_msgids("<a@x> (comment) <b@y>\n <bad id> <c@z>", &v);
	is_int(n, 3, "message ids, one with a space skipped");
	if (n == 3)
		is_str(v[2], "<c@z>", "ids keep their brackets");
	mail_strings_free(v, n);

	for (i = 0; i < 100; i++)
		p += sprintf(p, "<id%zu@x> ", i);
	n = mail_header_msgids(big, &v);
	is_int(n, MAIL_MSGIDS_MAX, "References trimmed to %d ids", MAIL_MSGIDS_MAX);
	is_str(v[0], "<id0@x>", "the first id is kept");
	is_str(v[1], "<id37@x>", "then the latest ones");
	is_str(v[n - 1], "<id99@x>", "up to the last");
	mail_strings_free(v, n);

	is_int(mail_header_date("Mon, 30 Nov 2026 14:05:00 +0100"), 1796043900, "date with zone");
	is_int(mail_header_date("30 Nov 2026 13:05:00 GMT"), 1796043900, "date in GMT");
	is_int(mail_header_date("yesterday"), -1, "unreadable date");
}

static void
test_charsets(void)
{
	char *s;
	size_t n;

	ok(mime_utf8_valid("caf\xc3\xa9", 5), "valid UTF-8");
	ok(!mime_utf8_valid("caf\xe9", 4), "Latin-1 is not UTF-8");
	ok(!mime_utf8_valid("\xc0\xaf", 2), "overlong refused");
	ok(!mime_utf8_valid("\xed\xa0\x80", 3), "surrogate refused");
	ok(!mime_utf8_valid("\xe2\x82", 2), "truncated refused");
	s = mime_to_utf8("iso-8859-15", "\xa4", 1, &n);
	is_str(s, "\xe2\x82\xac", "ISO-8859-15 euro sign");
	free(s);
	s = mime_to_utf8("UTF-8", "a\xffz", 3, &n);
	is_str(s, "a\xc3\xbfz", "invalid UTF-8 read as Latin-1");
	free(s);
	s = mime_to_utf8("iso-2022-jp", "\x1b$B$3$s\x1b(B", 9, &n);
	is_str(s, "\xe3\x81\x93\xe3\x82\x93", "ISO-2022-JP");
	free(s);
	s = mime_lf("a\r\nb\rc\n", 7, &n);
	is_str(s, "a\nb\nc\n", "line endings to LF");
	free(s);
	s = mime_crlf("a\nb\r\nc\r", 7, &n);
	is_str(s, "a\r\nb\r\nc\r\n", "line endings to CRLF");
	free(s);
}

static void
test_flowed(void)
{
	static const struct { const char *in; int delsp; const char *out; } cases[] = {
		{ "one \ntwo\n", 0, "one two\n" },
		{ "one \ntwo\n", 1, "onetwo\n" },
		{ " From here\n", 0, "From here\n" },
		{ "fixed\nline\n", 0, "fixed\nline\n" },
		{ "-- \nsig\n", 0, "-- \nsig\n" },
		{ "> quoted \n> more\nplain\n", 0, "> quoted more\nplain\n" },
		{ "> a \n>> b\n", 0, "> a \n>> b\n" },
		{ "open \n", 0, "open \n" },
		{ "no newline", 0, "no newline" },
	};
	size_t i, n;
	char *s;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = mime_unflow(cases[i].in, strlen(cases[i].in), cases[i].delsp, &n);
		is_str(s, cases[i].out, "unflow case %zu", i);
		free(s);
	}
}

static void
test_html(void)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "<div>a</div><div><br></div><div>b</div>", "a\n\nb\n" },
		{ "<p>one\n two</p><p>three</p>", "one two\nthree\n" },
		{ "x<br>y<br/>z", "x\ny\nz\n" },
		{ "&lt;a&gt; &amp; &quot;b&quot; &#65;&#x42; &unknown;", "<a> & \"b\" AB &unknown;\n" },
		{ "<pre>  keep\n  this</pre>", "  keep\n  this\n" },
		{ "<head><title>T</title><style>p{}</style></head><script>x<y</script>ok",
		  "ok\n" },
		{ "a<!-- <br> -->b", "ab\n" },
		{ "<a href=\"x>y\">link</a>", "link\n" },
		{ "<p>&nbsp;</p>", " \n" },
		{ "1 < 2", "1 < 2\n" },
		{ "<td>a</td><td>b</td>", "a b\n" },
	};
	size_t i, n;
	char *s;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = mime_html_text(cases[i].in, strlen(cases[i].in), &n);
		is_str(s, cases[i].out, "html case %zu", i);
		free(s);
	}
}

static enum sig_shape
at(const char *t, char **s)
{
	size_t n;

	return sigtext_at(t, strlen(t), s, &n);
}

static void
test_sigtext(void)
{
	char *s;
	size_t n;
	const char *t;

	is_str(sig_shape_name(at("\n  \nuntrusted comment: x\na\ntrusted comment: t\nb\nc\n",
	    &s)), "minisign", "minisign after blank lines");
	is_str(s, "untrusted comment: x\na\ntrusted comment: t\nb\n", "four minisign lines");
	free(s);
	is_str(sig_shape_name(at("untrusted comment: c\n"
	    "RUT4MTOuIkqE6i8lgMc37vREZfMQR0Pwno5Y+0awW4vFsMJA9pXXoUgC8JU2xHQW/ilJQg6aJ61P\n"
	    "oWpbAMXB7vQh9jXyn2Neewg=\r\n"
	    "trusted comment: timestamp:1796053844\tfile:orders.txt\thashed\n"
	    "WYLqbQ/xocm8xqh2vYgHkZZVjpJ3aV6HjRRwfmkITrAsbQ49YV9RWb3isJvKateqyebPjI+Df1prV\n"
	    "cHnQ9jyDA==\nAlice\n", &s)), "minisign", "minisign wrapped at 76 columns");
	is_str(s, "untrusted comment: c\n"
	    "RUT4MTOuIkqE6i8lgMc37vREZfMQR0Pwno5Y+0awW4vFsMJA9pXXoUgC8JU2xHQW/ilJQg6aJ61Po"
	    "WpbAMXB7vQh9jXyn2Neewg=\n"
	    "trusted comment: timestamp:1796053844\tfile:orders.txt\thashed\n"
	    "WYLqbQ/xocm8xqh2vYgHkZZVjpJ3aV6HjRRwfmkITrAsbQ49YV9RWb3isJvKateqyebPjI+Df1prV"
	    "cHnQ9jyDA==\n", "wrapped lines joined, the text after them left out");
	free(s);
	is_str(sig_shape_name(at("untrusted comment: c\nRUT4\ntrusted comment: t\n"
	    "-- not base64 --\n", &s)), "minisign", "minisign with a bad global line");
	is_str(s, "untrusted comment: c\nRUT4\ntrusted comment: t\n-- not base64 --\n",
	    "a line that is no base64 is kept as it is, for the verifier to refuse");
	free(s);
	is_str(sig_shape_name(at("-----BEGIN SSH SIGNATURE-----  \r\nAA\r\n"
	    "-----END SSH SIGNATURE-----\r\ntrailer\r\n", &s)), "ssh", "SSH, CRLF");
	is_str(s, "-----BEGIN SSH SIGNATURE-----\nAA\n-----END SSH SIGNATURE-----\n",
	    "SSH through END, normalised");
	free(s);
	is_str(sig_shape_name(at("-----BEGIN MUTHUR SIGNATURE-----\nAA\n", &s)),
	    "muthur", "muthur without END (truncated)");
	is_str(s, "-----BEGIN MUTHUR SIGNATURE-----\nAA\n", "truncated text handed on");
	free(s);
	is_str(sig_shape_name(at("Thanks!\nuntrusted comment: x\n", &s)), "none",
	    "other text first: none");
	ok(s == NULL, "no text for none");
	t = "Hello\n> -----BEGIN SSH SIGNATURE-----\n"
	    "-----BEGIN SSH SIGNATURE-----\nX\n-----END SSH SIGNATURE-----\n";
	is_str(sig_shape_name(sigtext_find(t, strlen(t), &s, &n)), "ssh",
	    "find: at a line start only");
	is_str(s, "-----BEGIN SSH SIGNATURE-----\nX\n-----END SSH SIGNATURE-----\n", "found text");
	free(s);
}

static void
test_params(void)
{
	const char *names[] = { "name", "filename*0*", "filename*1", "filename*2*", "x*" };
	const char *values[] = { "\"plain.txt\"", "utf-8'en'%C3%A4", "\"-b\"", "%21.txt",
	    "iso-8859-1''caf%E9" };
	char *s;

	s = mime_param_get(names, values, 5, "name");
	is_str(s, "plain.txt", "quoted parameter");
	free(s);
	s = mime_param_get(names, values, 5, "FILENAME");
	is_str(s, "\xc3\xa4-b!.txt", "RFC 2231 segments joined in order");
	free(s);
	s = mime_param_get(names, values, 5, "x");
	is_str(s, "caf\xc3\xa9", "RFC 2231 charset converted");
	free(s);
	ok(mime_param_get(names, values, 5, "missing") == NULL, "absent parameter");
}

int
main(void)
{
	test_headers_parse();
	test_decode();
	test_mailbox();
	test_lists();
	test_charsets();
	test_flowed();
	test_html();
	test_sigtext();
	test_params();
	return done_testing();
}
