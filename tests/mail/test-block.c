/* test-block.c — the orders block: finding, normalising, parsing. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "mail/block.h"
#include "tests/tap.h"

#define GOOD \
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

static void
test_normalise(void)
{
	static const struct { const char *in, *out; } cases[] = {
		{ "a\r\nb\r\n", "a\nb\n" },
		{ "a\rb\r", "a\nb\n" },
		{ "a  \t\nb", "a\nb\n" },
		{ "a\n\n\nb\n", "a\n\n\nb\n" },
		{ "a\r\n\r\nb", "a\n\nb\n" },
		{ "a\r\r\nb", "a\n\nb\n" },
		{ "", "" },
		{ " x \n", " x\n" },
	};
	size_t i, len;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *out = orders_normalise(cases[i].in, strlen(cases[i].in), &len);
		is_str(out, cases[i].out, "normalise case %zu", i);
		is_int(len, strlen(cases[i].out), "normalise case %zu length", i);
		free(out);
	}
}

static void
test_find(void)
{
	struct orders_block b;
	char *cause = NULL, *crlf, *p;
	const char *text = "Hello,\nmy orders:\n\n" GOOD "-----BEGIN SSH SIGNATURE-----\n";


	is_int(orders_block_find(text, strlen(text), &b, &cause), 1, "block found in a body");
	is_str(b.signed_bytes, GOOD, "signed bytes are the block");
	is_int(b.begin_line, 4, "BEGIN line number");
	ok(strncmp(text + b.end_off, "-----BEGIN SSH", 14) == 0, "end_off is just past END");
	orders_block_clear(&b);

	/* The same block with CRLF and trailing blanks gives the same bytes. */
	crlf = xmalloc(strlen(GOOD) * 3 + 1);
	p = crlf;
	for (const char *q = GOOD; *q; q++) {
		if (*q == '\n') { *p++ = ' '; *p++ = '\r'; }
		*p++ = *q;
	}
	*p = '\0';
	is_int(orders_block_find(crlf, strlen(crlf), &b, &cause), 1, "CRLF block found");
	is_str(b.signed_bytes, GOOD, "CRLF + trailing blanks normalise to the same bytes");
	orders_block_clear(&b);
	free(crlf);

	is_int(orders_block_find("no orders here\n", 15, &b, &cause), 0, "no block: 0");
	text = "x\n-----BEGIN MUTHUR ORDERS-----\ngame: a\n";
	is_int(orders_block_find(text, strlen(text), &b, &cause), -1, "BEGIN without END");
	is_str(cause, "line 2: \"-----BEGIN MUTHUR ORDERS-----\" has no "
	    "\"-----END MUTHUR ORDERS-----\" after it", "and says so");
	free(cause);
	cause = NULL;
	text = GOOD GOOD;
	is_int(orders_block_find(text, strlen(text), &b, &cause), -1, "two blocks refused");
	is_str(cause, "line 11: a second orders block (expected one orders block per mail)",
	    "and says where");
	free(cause);
	cause = NULL;
}

static void
test_parse(void)
{
	struct orders *o;
	char *cause = NULL;

	o = orders_parse(GOOD, strlen(GOOD), &cause);
	ok(o != NULL, "the doc/product.md example parses%s%s", cause ? ": " : "", cause ? cause : "");
	if (o == NULL)
		return;
	is_str(o->game, "contact-17", "game");
	is_str(o->seat, "marines", "seat");
	is_int(o->turn, 3, "turn");
	is_str(o->phase, "combat.declare.unhidden-ranged", "phase");
	is_int(o->nonce_len, 16, "nonce bytes");
	ok(o->nonce[0] == 0x6f && o->nonce[15] == 0xc7, "nonce decoded");
	is_int(o->nlines, 2, "two order lines");
	is_int(o->lines[0].lineno, 8, "first order on line 8");
	is_str(o->lines[1].text, "pass", "second order");
	orders_free(o);
}

#define HDR(g, s, t, p, n) \
	"-----BEGIN MUTHUR ORDERS-----\n" g s t p n "\npass\n-----END MUTHUR ORDERS-----\n"
#define G "game: contact-17\n"
#define S "seat: marines\n"
#define T "turn: 3\n"
#define P "phase: movement.move\n"
#define N "nonce: 00112233445566778899aabbccddeeff\n"

static const struct { const char *text, *error; } bad[] = {
	{ HDR(G, S, "turn: three\n", P, N),
	  "line 4: turn \"three\" is not a turn number (expected a number such as 3)" },
	{ HDR(G, S, "turn: -1\n", P, N),	/* 0 is the ready block's */
	  "line 4: turn \"-1\" is not a turn number (expected a number such as 3)" },
	{ HDR(G, S, T, P, "nonce: abcd\n"),
	  "line 6: nonce \"abcd\" is not 16 to 64 bytes in hex (expected at least 32 hex "
	  "digits of your own random choice)" },
	{ HDR(G, S, T, P, "nonce: 00112233445566778899aabbccddeefg\n"),
	  "line 6: nonce \"00112233445566778899aabbccddeefg\" is not 16 to 64 bytes in hex "
	  "(expected at least 32 hex digits of your own random choice)" },
	{ HDR(G, S, T, P, ""),
	  "the header has no \"nonce:\" line (expected game, seat, turn, phase and nonce "
	  "before the orders)" },
	{ HDR(G, S, T, P, N "colour: red\n"),
	  "line 7: unknown header \"colour\" (expected game, seat, turn, phase and nonce)" },
	{ HDR(G, S, T, P, N "seat: aliens\n"),
	  "line 7: header \"seat\" given twice (first on line 3)" },
	{ HDR(G, "seat: the marines\n", T, P, N),
	  "line 3: seat \"the marines\" is not a name (expected letters, digits and '-', "
	  "such as contact-17)" },
	{ HDR(G, S, T, "phase: movement..move\n", N),
	  "line 5: phase \"movement..move\" is not a phase name (expected a dotted name such "
	  "as movement.move)" },
	{ HDR(G, S, T, P, "nonce:\n"), "line 6: header \"nonce\" has no value" },
	{ HDR(G, S, T, P, "just words\n"),
	  "line 6: \"just words\" is not a header line (expected key: value, then an empty "
	  "line before the orders)" },
	{ "-----BEGIN MUTHUR ORDERS-----\n" G S T P N "\npass\n",
	  "line 9: expected \"-----END MUTHUR ORDERS-----\"" },
};

static void
test_bad(void)
{
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *cause = NULL;
		struct orders *o = orders_parse(bad[i].text, strlen(bad[i].text), &cause);

		ok(o == NULL, "bad block %zu refused", i);
		is_str(cause, bad[i].error, "bad block %zu: exact reason", i);
		orders_free(o);
		free(cause);
	}
}

/* A plan: sections for later phases, a round name, settings anywhere. */
static void
test_plan(void)
{
	static const char plan[] = "-----BEGIN MUTHUR ORDERS-----\n" G S T P N "\n"
	    "move hicks to cargo-bay\n"
	    "set stops search\n"
	    "Phase: search.declare\n"
	    "search hicks\n"
	    "phase : combat\n"
	    "pass\n"
	    "SET views every\n"
	    "-----END MUTHUR ORDERS-----\n";
	static const char twice[] = "-----BEGIN MUTHUR ORDERS-----\n" G S T P N "\n"
	    "pass\nphase: combat\npass\nphase: combat\npass\n"
	    "-----END MUTHUR ORDERS-----\n";
	static const char header[] = "-----BEGIN MUTHUR ORDERS-----\n" G S T P N "\n"
	    "pass\nphase: movement.move\npass\n-----END MUTHUR ORDERS-----\n";
	const struct orders_line *l;
	struct orders *o;
	char *cause = NULL, *s;
	size_t n;
	int sec;

	o = orders_parse(plan, strlen(plan), &cause);
	ok(o != NULL, "a plan parses%s%s", cause ? ": " : "", cause ? cause : "");
	if (o == NULL)
		return;
	is_int(o->nlines, 1, "one order for the header's phase");
	is_int(o->nsections, 2, "two plan sections");
	is_str(o->sections[0].phase, "search.declare", "the first section's phase");
	is_int(o->sections[0].lineno, 10, "on line 10");
	is_str(o->sections[1].phase, "combat", "a round name, spaces before the colon");
	is_int(o->nsettings, 2, "two settings, kept out of the orders");
	is_str(o->settings[1].text, "SET views every", "the second setting");
	l = orders_lines_for(o, "movement.move", &n, &sec);
	ok(l == o->lines && n == 1 && sec == -1, "the header's phase: its orders");
	l = orders_lines_for(o, "combat.declare.hidden-close", &n, &sec);
	ok(l != NULL && n == 1 && sec == 1 && strcmp(l[0].text, "pass") == 0,
	    "a combat phase: the round's section");
	ok(orders_lines_for(o, "search.find", &n, &sec) == NULL && n == 0 && sec == -1,
	    "a phase no section covers: none");
	ok(!orders_phase_covers("combat", "combatant") &&
	    orders_phase_covers("search", "search.find"), "a round covers its phases only");
	s = orders_applies_to(o);
	is_str(s, "movement.move, search.declare, combat", "the phases it applies to");
	free(s);
	orders_free(o);
	o = orders_parse(twice, strlen(twice), &cause);
	ok(o == NULL, "a section given twice is refused");
	is_str(cause, "line 11: plan section combat given twice (first on line 9)",
	    "with the first one's line");
	free(cause);
	cause = NULL;
	o = orders_parse(header, strlen(header), &cause);
	ok(o == NULL, "a section for the header's phase is refused");
	is_str(cause, "line 9: plan section movement.move is the header's phase "
	    "(expected a later phase of the turn)", "saying so");
	free(cause);
}

/* The headers of a block orders_parse() refuses, as far as they read. */
static void
test_peek(void)
{
	static const char placeholder[] = ORDERS_BEGIN "\n"
	    "game: Contact-17\nseat: marines\nturn: 3\nphase: combat.declare\n"
	    "nonce: REPLACE-WITH-YOUR-OWN-RANDOM-HEX\n\npass\n" ORDERS_END "\n";
	static const char illformed[] = ORDERS_BEGIN "\n"
	    "game: no good!\nseat: aliens\nturn: x\nphase: movement.move\n";
	struct orders_peek pk;
	char *cause = NULL;

	ok(orders_parse(placeholder, strlen(placeholder), &cause) == NULL,
	    "a block with the placeholder nonce is refused");
	free(cause);
	orders_peek(placeholder, strlen(placeholder), &pk);
	ok(pk.game != NULL && strcmp(pk.game, "contact-17") == 0 && pk.seat != NULL &&
	    strcmp(pk.seat, "marines") == 0 && pk.turn == 3 && pk.phase != NULL &&
	    strcmp(pk.phase, "combat.declare") == 0, "its headers read all the same");
	orders_peek_clear(&pk);
	orders_peek(illformed, strlen(illformed), &pk);
	ok(pk.game == NULL && pk.seat != NULL && strcmp(pk.seat, "aliens") == 0 &&
	    pk.turn == 0 && pk.phase != NULL, "a header not well formed is left out, "
	    "the others read");
	orders_peek_clear(&pk);
	orders_peek("game: x\n", 8, &pk);
	ok(pk.game == NULL && pk.seat == NULL, "no BEGIN line: nothing");
	orders_peek_clear(&pk);
}

int
main(void)
{
	test_normalise();
	test_find();
	test_parse();
	test_bad();
	test_plan();
	test_peek();
	return done_testing();
}
