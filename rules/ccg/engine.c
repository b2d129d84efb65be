/*
 * engine.c — the CCG as a struct rules (rules/rules.h): the table the
 * daemon and the auditor call, each entry handing over to the rule file
 * that does the work (setup-contact.c, turn-sequence.c, legal-orders.c,
 * view.c, state-serial.c, data-load.c, seat-setup.c, demo-player.c,
 * view-text.c, order-template.c). Nothing in rules/ccg/ calls this file.
 */
#include "config.h"

#include <stdlib.h>
#include <strings.h>

#include "lib/cause.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/deck.h"
#include "rules/ccg/engine.h"
#include "rules/ccg/setup.h"
#include "rules/ccg/table.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/turn.h"
#include "rules/ccg/victory.h"


static struct rules_game *
game_create(const struct rules_setup *setup, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	if (ccg_scenario_find(setup->scenario) == NULL) {
		cause_set(cause, "unknown scenario \"%s\"; expected contact or "
		    "training-hunt", setup->scenario ? setup->scenario : "");
		return NULL;
	}
	return ccg_setup_contact(setup, rng, ev, cause);
}

static size_t
game_nseats(const struct rules_game *g)
{
	return g->nseats;
}

static const char *
game_seat_name(const struct rules_game *g, size_t seat)
{
	return seat < g->nseats ? g->seats[seat].name : NULL;
}

static int
game_seat_index(const struct rules_game *g, const char *name)
{
	size_t i;

	for (i = 0; i < g->nseats; i++)
		if (strcasecmp(g->seats[i].name, name) == 0)
			return (int)i;
	return -1;
}

static int
game_turn(const struct rules_game *g)
{
	return g->turn;
}

static const char *
game_phase(const struct rules_game *g)
{
	return ccg_phase_name(g->phase);
}

static int
game_owes(const struct rules_game *g, size_t seat)
{
	return seat < g->nseats && ccg_seat_owes(g, (int)seat);
}

static char *
game_legal(const struct rules_game *g, size_t seat)
{
	return ccg_legal(g, (int)seat);
}

static int
game_check(const struct rules_game *g, size_t seat, const char *orders,
    char **cause)
{
	if (seat >= g->nseats)
		return cause_set(cause, "no seat %zu in this game", seat);
	return ccg_check(g, (int)seat, orders, cause);
}

static cJSON *
game_view(const struct rules_game *g, int seat)
{
	return ccg_view(g, seat);
}

static char *
game_save(const struct rules_game *g, size_t *len)
{
	return ccg_save(g, len);
}

static struct rules_game *
game_load(const void *data, const char *bytes, size_t len, char **cause)
{
	return ccg_load(data, bytes, len, cause);
}

static void
game_result(const struct rules_game *g, struct rules_result *res)
{
	size_t i;

	res->over = ccg_game_over(g);
	res->winner = -1;
	res->nseats = g->nseats;
	res->place = xcalloc(g->nseats ? g->nseats : 1, sizeof *res->place);
	for (i = 0; i < g->nseats; i++) {
		res->place[i] = g->seats[i].place;
		if (g->seats[i].place == 1 && res->winner < 0)
			res->winner = (int)i;
	}
}

/* `muthur demo`: the Marines play the demo deck (rescue quota 4). */
static const char *const demo_seats[] = { "rogue", "marines", "predator", "aliens" };
static const char *const demo_decks[] = { NULL, "demo-marines.deck", NULL, NULL };
static const struct rules_demo demo = {
	"contact", demo_seats, demo_decks, 4, "movement.evacuate"
};

const struct rules rules_ccg = {
	.name = "ccg",
	/*
	 * ccg-4: a character lives while its Power with this round's
	 * events is above 0 (Protect The Queen keeps an Alien alive) and
	 * dies as they expire at the round's end if its Power without them
	 * is 0 or less. Games of ccg-3 audit without replay.
	 */
	.version = "ccg-4",
	.create = game_create,
	.free = ccg_game_free,
	.nseats = game_nseats,
	.seat_name = game_seat_name,
	.seat_index = game_seat_index,
	.turn = game_turn,
	.phase = game_phase,
	.phase_names = ccg_phase_names,	/* phases.c */
	.owes = game_owes,
	.legal = game_legal,
	.legal_memo = ccg_legal_memo,
	.check = game_check,
	.resolve = ccg_resolve,
	.view = game_view,
	.save = game_save,
	.load = game_load,
	.secrets = ccg_secrets,
	.result = game_result,
	/* what the daemon and the auditor need besides play (table.h) */
	.data_file = "sample-cards.json",
	.data_max = CCG_CARDDB_MAX_FILE,
	.data_load = ccg_data_load,
	.data_free = ccg_data_free,
	.data_canonical = ccg_data_canonical,
	.data_hash = ccg_data_hash,
	.scenario_check = ccg_scenario_check,
	.option_check = ccg_option_check,
	.faction_check = ccg_faction_check,
	.deck_check = ccg_deck_check,
	.deck_max = CCG_DECKLIST_MAX,
	.seat_build = ccg_seat_build,
	.seat_clear = ccg_seat_clear,
	.data_report = ccg_data_report,
	.demo_orders = ccg_demo_orders,
	.demo_plan = ccg_demo_plan,
	.setting = ccg_setting,		/* standing-pass.c */
	.demo = &demo,
	.view_text = ccg_view_text,
	.events_text = ccg_events_text,
	.data_events_text = ccg_data_events_text,
	.template = ccg_template,
	.picture = ccg_picture,
};
