/* test-orders.c — the CCG orders-line parser (rules/ccg/orders-parse.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "rules/ccg/ccg.h"
#include "rules/ccg/orders.h"
#include "tests/tap.h"

static void
good(const char *line, int verb, const char *first, const char *desc)
{
	struct ccg_order o;
	char *cause = NULL;
	int r = ccg_order_parse_line(line, 7, &o, &cause);

	ok(r == 1 && o.verb == verb && o.line == 7, "parses: %s", desc);
	if (first != NULL)
		is_str(o.nwho ? o.who[0] : o.what, first, "first identifier of %s", desc);
	if (r == 1)
		ccg_order_clear(&o);
	free(cause);
}

static void
bad(const char *line, const char *want, const char *desc)
{
	struct ccg_order o;
	char *cause = NULL;
	int r = ccg_order_parse_line(line, 3, &o, &cause);

	ok(r == -1 && cause != NULL && strncmp(cause, "line 3: ", 8) == 0 &&
	    strstr(cause, want) != NULL, "refused: %s", desc);
	if (cause != NULL && strstr(cause, want) == NULL)
		diag("got: %s", cause);
	free(cause);
}

int
main(void)
{
	struct ccg_orders os;
	struct ccg_order o;
	char *cause = NULL;

	good("pass", CCG_V_PASS, NULL, "pass");
	good("  PASS   # nothing to do", CCG_V_PASS, NULL, "case and comment");
	good("move Pvt-Hudson, cpl-hicks and sgt-apone to Kitchen", CCG_V_MOVE,
	    "pvt-hudson", "group move");
	good("move cpl-hicks to docking-bay dragging pvt-vasquez", CCG_V_MOVE,
	    "cpl-hicks", "drag");
	good("pick up pulse-rifle-2 with pvt-hudson rotating", CCG_V_PICKUP,
	    "pvt-hudson", "pick up in two words");
	good("transfer smart-gun to pvt-vasquez", CCG_V_TRANSFER, "pvt-vasquez",
	    "transfer");
	good("play kitchen left", CCG_V_PLAY, "kitchen", "play left");
	good("play air-ducts between barracks and weapons-locker", CCG_V_PLAY,
	    "air-ducts", "play between");
	good("find medikit with cpl-hicks", CCG_V_FIND, "cpl-hicks", "find");
	good("discard stay-frosty", CCG_V_DISCARD, "stay-frosty", "discard");
	good("evacuate newt", CCG_V_EVACUATE, "newt", "evacuate");

	bad("mvoe hicks to kitchen", "unknown order \"mvoe\"", "unknown verb");
	bad("move hicks kitchen", "expected \"to\"", "missing to");
	bad("move to kitchen", "no character to move", "no mover");
	bad("play kitchen up", "expected left, right or between", "bad side");
	bad("pickup rifle with", "character missing", "missing character");
	bad("search hicks now", "unexpected \"now\"", "trailing word");
	bad("drop pulse_rifle", "not a item identifier", "bad identifier");
	bad("pass \x01", "control character", "control character");
	bad(",,,", "no order", "punctuation only");
	bad("evacuate -x", "not a character identifier", "leading dash");

	ok(ccg_orders_parse("# my orders\n\nmove a to b\r\npass\n", &os, &cause) == 0 &&
	    os.n == 2 && os.v[0].line == 3 && os.v[1].line == 4,
	    "a whole text: comments and blank lines skipped, lines counted");
	ccg_orders_free(&os);
	ok(ccg_orders_parse("pass\nfly away\n", &os, &cause) == -1 &&
	    strncmp(cause, "line 2:", 7) == 0, "the bad line is named: %s", cause);
	free(cause);
	ok(ccg_order_parse_line("   # only a comment", 1, &o, NULL) == 0,
	    "a comment line is no order");
	return done_testing();
}
