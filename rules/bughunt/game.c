/*
 * game.c — the Bug Hunt table (struct rules): seats are the squads'
 * colours, a seat's "decklist" the one line `squad` (the checklist deals
 * its characters), the scenario bug-hunt, and the phases that wait:
 * "turn", the seat whose Phase Deck card is up owes one orders mail;
 * "xenomorph", a Xenomorph Phase waits for the squads that asked to be
 * asked (`set stops xenomorph`, choices.c) and have a choice in it: each
 * owes one mail of `prefer` lines (or pass), then the phase is played and
 * the Phase Deck goes on.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

static void
bh_free(struct rules_game *g)
{
	free(g);
}

static size_t
bh_nseats(const struct rules_game *g)
{
	return (size_t)g->nseats;
}

static const char *
bh_seat_name(const struct rules_game *g, size_t seat)
{
	return seat < (size_t)g->nseats ? bh_colours[g->sq[seat].colour] : NULL;
}

static int
bh_seat_index(const struct rules_game *g, const char *name)
{
	int s;

	for (s = 0; s < g->nseats; s++)
		if (strcmp(bh_colours[g->sq[s].colour], name) == 0)
			return s;
	return -1;
}

static int
bh_turn(const struct rules_game *g)
{
	return g->turn > 0 ? g->turn : 1;
}

static const char *
bh_phase(const struct rules_game *g)
{
	return g->phase == BH_PH_OVER ? "over" : g->phase == BH_PH_XENO ? "xenomorph" :
	    "turn";
}

static const char *const bh_phases[] = { "turn", "xenomorph", "over", NULL };

static int
bh_owes(const struct rules_game *g, size_t seat)
{
	if (g->phase == BH_PH_XENO)
		return seat < (size_t)g->nseats && g->sq[seat].asked;
	return g->phase != BH_PH_OVER && (int)seat == g->active;
}

/* In the Xenomorph Phase's wait: only `prefer` lines and pass. */
static int
xeno_lines_check(const char *orders, char **cause)
{
	const char *p = orders != NULL ? orders : "", *nl;
	size_t len;
	int lineno = 0;

	for (; *p != '\0'; p = *nl != '\0' ? nl + 1 : nl) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		lineno++;
		p += strspn(p, " \t");
		len = (size_t)(nl - p);
		if (len == 0 || *p == '#' || *p == '\r' || strncmp(p, "prefer ", 7) == 0 ||
		    (len >= 4 && strncmp(p, "pass", 4) == 0 &&
		    strspn(p + 4, " \t\r") == len - 4))
			continue;
		return cause_set(cause, "line %d: \"%.*s\": a Xenomorph Phase is waiting "
		    "for your choices; expected prefer shared-wounds first|even|last|N, "
		    "prefer adjacent-xenos here|even|elsewhere|N or pass", lineno,
		    (int)(len > 60 ? 60 : len), p);
	}
	return 0;
}

static int
bh_check(const struct rules_game *g, size_t seat, const char *orders, char **cause)
{
	struct rules_game *copy;
	int rc;

	if (g->phase == BH_PH_OVER)
		return cause_set(cause, "the game is over");
	if (g->phase == BH_PH_XENO && !bh_owes(g, seat))
		return cause_set(cause, "the Xenomorph Phase waits for other squads, not %s",
		    bh_colours[g->sq[seat].colour]);
	if (g->phase == BH_PH_XENO && xeno_lines_check(orders, cause) == -1)
		return -1;
	if (g->phase != BH_PH_XENO && (int)seat != g->active)
		return cause_set(cause, "it is %s's turn, not %s's",
		    bh_colours[g->sq[g->active].colour], bh_colours[g->sq[seat].colour]);
	copy = xmemdup(g, sizeof *g);
	rc = bh_orders_run(copy, (int)seat, orders, 1, NULL, NULL, cause);
	free(copy);
	return rc;
}

/* The asked squads' choices, then the Xenomorph Phase and the next card. */
static int
xeno_resolve(struct rules_game *g, const char *const *orders, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	const char *text;
	int s;

	for (s = 0; s < g->nseats; s++) {
		text = orders != NULL && g->sq[s].asked ? orders[s] : NULL;
		if (text != NULL && bh_check(g, (size_t)s, text, cause) == -1)
			return cause_prefix(cause, "seat %s", bh_colours[g->sq[s].colour]);
	}
	for (s = 0; s < g->nseats; s++) {
		text = orders != NULL && g->sq[s].asked ? orders[s] : NULL;
		if (text != NULL)
			bh_orders_run(g, s, text, 0, rng, ev, NULL);
		g->sq[s].asked = 0;
	}
	g->phase = BH_PH_TURN;
	bh_xeno_phase(g, rng, ev, 0);
	if (g->phase != BH_PH_OVER)
		bh_next_turn(g, rng, ev);
	return 0;
}

static int
bh_resolve(struct rules_game *g, const char *const *orders, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	const char *text;
	int seat = g->active;

	if (g->phase == BH_PH_OVER)
		return cause_set(cause, "the game is over");
	if (g->phase == BH_PH_XENO)
		return xeno_resolve(g, orders, rng, ev, cause);
	text = orders != NULL ? orders[seat] : NULL;
	if (bh_check(g, (size_t)seat, text, cause) == -1)
		return cause_prefix(cause, "seat %s", bh_colours[g->sq[seat].colour]);
	bh_orders_run(g, seat, text, 0, rng, ev, NULL);
	g->sq[seat].turns++;	/* after: `order` is for the first turn (orders.c) */
	if (g->phase != BH_PH_OVER)
		bh_next_turn(g, rng, ev);
	return 0;
}

static void
bh_result(const struct rules_game *g, struct rules_result *res)
{
	int s;

	res->over = g->phase == BH_PH_OVER;
	res->nseats = (size_t)g->nseats;
	res->place = xcalloc((size_t)g->nseats, sizeof *res->place);
	res->winner = res->over && g->won ? 0 : -1;
	for (s = 0; s < g->nseats && res->winner == 0; s++)
		res->place[s] = 1;	/* cooperative: all win, or none */
}

/* ---- seats ---- */

static int
bh_scenario_check(const char *scenario, char **cause)
{
	if (strcmp(scenario, "bug-hunt") != 0)
		return cause_set(cause, "unknown scenario \"%s\" (Bug Hunt has bug-hunt)",
		    scenario);
	return 0;
}

static int
bh_faction_check(const char *seat, const char *faction, char **cause)
{
	int c;

	for (c = 0; c < BH_SEATS; c++)
		if (strcmp(faction, bh_colours[c]) == 0 && strcmp(seat, faction) == 0)
			return 0;
	return cause_set(cause, "seat \"%s\": Bug Hunt seats are the squads' colours "
	    "blue, red, green and yellow, each once", seat);
}

/* Is the decklist the one line "squad" (comments and blank lines aside)? */
static int
squad_line(const char *text, size_t len, int *lineno)
{
	size_t i = 0, e;
	int n = 0, ln = 0;

	*lineno = 0;
	while (i < len) {
		for (e = i; e < len && text[e] != '\n'; e++)
			;
		ln++;
		while (i < e && (text[i] == ' ' || text[i] == '\t'))
			i++;
		if (i < e && text[i] != '#') {
			if (e - i < 5 || strncmp(text + i, "squad", 5) != 0 ||
			    strspn(text + i + 5, " \t\r") < e - i - 5 || ++n > 1) {
				*lineno = ln;
				return -1;
			}
		}
		i = e + 1;
	}
	*lineno = ln + 1;
	return n == 1 ? 0 : -1;
}

static int
bh_deck_check(const void *data, const char *scenario, const char *faction,
    const struct rules_file *deck, char **cause)
{
	int ln;

	(void)data;
	(void)scenario;
	if (squad_line(deck->bytes, deck->len, &ln) == -1)
		return cause_set(cause, "the decklist is not legal for %s (1 problem):\n"
		    "%s: line %d: expected the one line \"squad\" (the pre-mission "
		    "checklist deals the characters)", faction, deck->name, ln);
	return 0;
}

static int
bh_seat_build(const void *data, const char *seat, const char *faction, const char *deck,
    size_t len, struct rules_seat *out, char **cause)
{
	int ln;

	(void)data;
	memset(out, 0, sizeof *out);
	out->name = seat;
	out->faction = faction;
	if (squad_line(deck, len, &ln) == -1)
		return cause_set(cause, "line %d: expected the one line \"squad\"", ln);
	return 0;
}

static void
bh_seat_clear(struct rules_seat *out)
{
	out->deck = NULL;
	out->ndeck = 0;
}

static const char *const demo_seats[] = { "blue", "red" };

static const struct rules_demo bh_demo = {
	.scenario = "bug-hunt",
	.seats = demo_seats,
	.decks = NULL,
	.nseats = 2,
	.progress_phase = "turn",
};

const struct rules rules_bughunt = {
	.name = "bughunt",
	/*
	 * bughunt-2: a squad held by Xenomorphs may move onto the APC where
	 * another squad is; "shoot ... at CELL" targets only the cells named
	 * (the own cell alone: no adjacent tile); a head with no character
	 * that fired left alive wounds nobody; the game is won as the last
	 * squad reaches the APC, before the action after the move. Games
	 * of bughunt-1 audit without replay (daemon/audit-replay.c).
	 */
	.version = "bughunt-2",
	.create = bh_create,
	.free = bh_free,
	.nseats = bh_nseats,
	.seat_name = bh_seat_name,
	.seat_index = bh_seat_index,
	.turn = bh_turn,
	.phase = bh_phase,
	.phase_names = bh_phases,
	.owes = bh_owes,
	.setting = bh_setting,		/* choices.c: `set stops xenomorph` */
	.legal = bh_legal,
	.check = bh_check,
	.resolve = bh_resolve,
	.view = bh_view,
	.save = bh_save,
	.load = bh_load,
	.secrets = bh_secrets,
	.result = bh_result,
	.data_file = "bughunt-components.json",
	.data_max = 1 << 20,
	.data_load = bh_data_load,
	.data_free = bh_data_free,
	.data_canonical = bh_data_canonical,
	.data_hash = bh_data_hash,
	.deck_max = 4096,
	.scenario_check = bh_scenario_check,
	.option_check = bh_option_check,
	.faction_check = bh_faction_check,
	.deck_check = bh_deck_check,
	.seat_build = bh_seat_build,
	.seat_clear = bh_seat_clear,
	.data_report = bh_data_report,
	.demo_orders = bh_demo_orders,
	.demo = &bh_demo,
	.demo_turns = 1000,	/* a turn is one player's; the tracking deck ends a game */
	.view_text = bh_view_text,
	.events_text = bh_events_text,
	.data_events_text = bh_data_events_text,
	.picture = bh_picture,
};
