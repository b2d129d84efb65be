/*
 * table.c — Legendary Encounters: Predator as struct rules (rules/rules.h):
 * the turn's phases as the daemon sees them, seats (one Avatar each, named
 * by its slug), the card data, `muthur cards`, the demo player.
 *
 * The daemon sees two phases a turn: "coordinate" (the other living seats
 * whose standing setting is ask may set aside a Coordinate card for the
 * active seat; the window closes when each has answered) and "action" (the
 * active seat's orders for its turn). The Enemy phase before them and the
 * Strike and Cleanup phases after them wait for nobody: resolve() runs them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/legendary/legendary.h"

/* The Avatars of the box (the card data gives their Health and Role card). */
static const char *const avatars[] = { "lieutenant", "tracker", "guerilla", "cia-agent",
	"radioman", "detective", "swat-officer", "o-w-l-f-agent", "gangster", "reporter",
	NULL };

static void *
data_load(const struct rules_file *files, size_t nfiles, char **cause)
{
	if (nfiles != 1)
		return cause_set(cause, "the Legendary card data is one file, not %zu",
		    nfiles), NULL;
	return lg_db_load(files[0].name, files[0].bytes, files[0].len, cause);
}

static void
data_free(void *data)
{
	lg_db_free(data);
}

static char *
data_canonical(const void *data, size_t *len)
{
	char *s = cJSON_PrintUnformatted(((const struct lg_db *)data)->root);

	*len = strlen(s);
	return s;
}

static void
data_hash(const void *data, unsigned char hash[32])
{
	size_t len;
	char *s = data_canonical(data, &len);

	crypto_generichash(hash, 32, (const unsigned char *)s, len, NULL, 0);
	free(s);
}

static int
scenario_check(const char *scenario, char **cause)
{
	if (strcmp(scenario, "humans") != 0 && strcmp(scenario, "predators") != 0)
		return cause_set(cause, "unknown mode \"%s\" (the modes there are: humans, "
		    "predators)", scenario);
	return 0;
}

/* The Predator Roles of the box (Playing as Predators names a seat by one). */
static const char *const roles[] = { "jungle-hunter", "city-hunter", "elder-hunter",
	"young-blood-hunter", "tracker-hunter", NULL };

static struct rules_game *
l_create(const struct rules_setup *su, struct rules_rng *rng, struct rules_events *ev,
    char **cause)
{
	if (su->scenario != NULL && strcmp(su->scenario, "predators") == 0)
		return pd_setup(su, rng, ev, cause);
	return lg_setup(su, rng, ev, cause);
}

static int
faction_check(const char *seat, const char *faction, char **cause)
{
	int i;
	char *names;
	struct strbuf sb = STRBUF_INIT;

	for (i = 0; avatars[i] != NULL; i++)
		if (strcmp(avatars[i], faction) == 0)
			return 0;
	for (i = 0; roles[i] != NULL; i++)
		if (strcmp(roles[i], faction) == 0)
			return 0;
	for (i = 0; avatars[i] != NULL; i++)
		strbuf_addf(&sb, "%s%s", i ? ", " : "", avatars[i]);
	names = strbuf_detach(&sb, NULL);
	cause_set(cause, "seat \"%s\": \"%s\" is not an Avatar (a seat is named by its "
	    "Avatar: %s; or, Playing as Predators, by its Role: jungle-hunter, city-hunter, "
	    "elder-hunter, young-blood-hunter, tracker-hunter)", seat, faction, names);
	free(names);
	return -1;
}

/*
 * A personal deck: lines "CARD COUNT" ('#' comments); the cards as slugs,
 * one per copy, into v. -1 with *cause naming the line.
 */
static int
deck_read(const struct lg_db *db, const char *text, size_t len, char ***v, size_t *n,
    char **cause)
{
	char *s = xmemdup(text, len), *line, *save = NULL, slug[64];
	int lineno = 0, count, k, c;
	size_t cap = 16;

	*v = xcalloc(cap, sizeof **v);
	*n = 0;
	s = xreallocarray(s, len + 1, 1);
	s[len] = '\0';
	for (line = strtok_r(s, "\n", &save); line != NULL; line = strtok_r(NULL, "\n",
	    &save)) {
		lineno++;
		if (*line == '#' || *line == '\0')
			continue;
		count = 1;
		if (sscanf(line, "%63s %d", slug, &count) < 1 || count < 1 || count > 14 ||
		    (c = lg_card_find(db, slug)) < 0) {
			cause_set(cause, "line %d: \"%s\"; expected \"CARD COUNT\" with a card "
			    "of the data", lineno, line);
			free(s);
			return -1;
		}
		for (k = 0; k < count && *n < 40; k++) {
			if (*n == cap)
				*v = xreallocarray(*v, cap *= 2, sizeof **v);
			(*v)[(*n)++] = xstrdup(db->cards[c].slug);
		}
	}
	free(s);
	return 0;
}

static void
slugs_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Is the word the card slug (or its Aliens name: specialist, grunt)? */
static int
same(const struct lg_db *db, const char *word, const char *slug)
{
	int c = lg_card_find(db, slug);

	return c >= 0 && lg_card_find(db, word) == c;
}

/* Is the deck the Avatar's personal deck (7 Experience, 5 Brute Strength,
 * Role; Combining Predator with Aliens: 7 Specialists, 5 Grunts)? */
static int
personal(const struct lg_db *db, const char *faction, char **v, size_t n, char **cause)
{
	int a, counts[3] = { 0, 0, 0 };
	size_t i;

	if ((a = pd_role_of(db, faction)) >= 0) {
		for (i = 0; i < n; i++) {
			counts[0] += same(db, v[i], "experience");
			counts[1] += same(db, v[i], "brute-strength");
			counts[2] += strcmp(v[i], db->cards[db->pd.roles[a].role].slug) == 0;
		}
		if (counts[0] != 7 || counts[1] != 5 || counts[2] != 1 || n != 13)
			return cause_set(cause, "a Predator's personal deck is experience 7, "
			    "brute-strength 5 and the role card %s 1",
			    db->cards[db->pd.roles[a].role].slug);
		return 0;
	}
	for (a = 0; a < db->navatars && strcmp(db->avatars[a].slug, faction) != 0; a++)
		;
	if (a == db->navatars)
		return cause_set(cause, "the card data has no avatar %s", faction);
	for (i = 0; i < n; i++) {
		if (same(db, v[i], "experience"))
			counts[0]++;
		else if (same(db, v[i], "brute-strength"))
			counts[1]++;
		else if (strcmp(v[i], db->cards[db->avatars[a].role].slug) == 0)
			counts[2]++;
		else
			counts[2] += 10;
	}
	if (counts[0] != 7 || counts[1] != 5 || counts[2] != 1)
		return cause_set(cause, "a personal deck is experience 7, brute-strength 5 and "
		    "the role card %s 1", db->cards[db->avatars[a].role].slug);
	return 0;
}

static int
deck_check(const void *data, const char *scenario, const char *faction,
    const struct rules_file *deck, char **cause)
{
	char **v, *why = NULL;
	size_t n;
	int rc;

	if (scenario != NULL && strcmp(scenario, "predators") != 0 &&
	    pd_role_of(data, faction) >= 0)
		return cause_set(cause, "%s is a Predator Role: it plays only in --mode "
		    "predators (Playing as Humans seats an Avatar)", faction);
	rc = deck_read(data, deck->bytes, deck->len, &v, &n, &why);
	if (rc == 0)
		rc = personal(data, faction, v, n, &why);
	slugs_free(v, n);
	if (rc == -1)
		cause_set(cause, "the decklist is not legal for %s (1 problem):\n%s: %s",
		    faction, deck->name, why);
	free(why);
	return rc;
}

static int
seat_build(const void *data, const char *seat, const char *faction, const char *deck,
    size_t len, struct rules_seat *out, char **cause)
{
	char **v;
	size_t n;
	int rc;

	memset(out, 0, sizeof *out);
	out->name = seat;
	out->faction = faction;
	rc = deck_read(data, deck, len, &v, &n, cause);
	out->deck = (const char *const *)v;
	out->ndeck = n;
	return rc;
}

static void
seat_clear(struct rules_seat *out)
{
	slugs_free((char **)out->deck, out->ndeck);
	out->deck = NULL;
	out->ndeck = 0;
}

static int
data_report(const struct rules_file *files, size_t nfiles, const char *scenario,
    const char *faction, const struct rules_file *deck, char **report, int *valid,
    char **cause)
{
	struct lg_db *db;
	struct strbuf sb = STRBUF_INIT;
	char *why = NULL, *un;
	int i, n, expressed = 0, total = 0, k, ok;

	if (scenario != NULL && scenario_check(scenario, cause) == -1)
		return -1;
	if (faction != NULL && faction_check("-", faction, cause) == -1)
		return -1;
	if (files == NULL)
		return 0;
	*valid = 1;
	if ((db = data_load(files, nfiles, &why)) == NULL) {
		*valid = 0;
		strbuf_addf(&sb, "%s\n", why);
		free(why);
		*report = strbuf_detach(&sb, NULL);
		return 0;
	}
	for (i = 0; i < db->ncards; i++) {
		total++;
		for (ok = 1, k = 0; k < db->cards[i].nab; k++)
			ok &= db->cards[i].ab[k].unexpressed == NULL;
		expressed += ok;
	}
	un = lg_db_unexpressed(db, &n);
	strbuf_addf(&sb, "%s: %d cards, %d of them with every ability expressed; %d "
	    "abilities not expressed:\n%s", files[0].name, total, expressed, n, un);
	free(un);
	un = lg_db_sample_abilities(db, &n);
	if (n > 0)
		strbuf_addf(&sb, "%d expressed abilities with a SAMPLE value (the sources "
		    "do not record it):\n%s", n, un);
	free(un);
	if (deck != NULL && faction != NULL && deck_check(db, "humans", faction, deck,
	    &why) == -1) {
		*valid = 0;
		strbuf_addf(&sb, "%s\n", why);
		free(why);
	} else if (deck != NULL)
		strbuf_addf(&sb, "%s: a legal personal deck\n", deck->name);
	lg_db_free(db);
	*report = strbuf_detach(&sb, NULL);
	return 0;
}

/* ---- play ---- */

static size_t
l_nseats(const struct rules_game *g)
{
	return (size_t)g->nseats;
}

static const char *
l_seat_name(const struct rules_game *g, size_t seat)
{
	return seat < (size_t)g->nseats ? g->s[seat].name : NULL;
}

static int
l_seat_index(const struct rules_game *g, const char *name)
{
	int i;

	for (i = 0; i < g->nseats; i++)
		if (strcmp(g->s[i].name, name) == 0)
			return i;
	return -1;
}

static int
l_turn(const struct rules_game *g)
{
	return g->turn;
}

/* A turn's follow-ups (`continue`) are phases of their own names. */
#define LG_FOLLOWUPS 9
static const char *const followup[LG_FOLLOWUPS + 1] = { "action", "action.follow-up-1",
	"action.follow-up-2", "action.follow-up-3", "action.follow-up-4",
	"action.follow-up-5", "action.follow-up-6", "action.follow-up-7",
	"action.follow-up-8", "action.follow-up-9" };

static const char *const phase_list[] = { "coordinate", "action",
	"action.follow-up-1", "action.follow-up-2", "action.follow-up-3",
	"action.follow-up-4", "action.follow-up-5", "action.follow-up-6",
	"action.follow-up-7", "action.follow-up-8", "action.follow-up-9", "over", NULL };

static const char *
l_phase(const struct rules_game *g)
{
	if (g->phase == LP_ACTION)
		return followup[g->followups >= 0 && g->followups <= LG_FOLLOWUPS ?
		    g->followups : 0];
	return g->phase == LP_COORDINATE ? "coordinate" : "over";
}

static int
l_owes(const struct rules_game *g, size_t seat)
{
	if (seat >= (size_t)g->nseats || g->phase == LP_OVER)
		return 0;
	if (g->phase == LP_COORDINATE)
		return !g->answered[seat];
	return (int)seat == g->active;
}

static void
finish_turn(struct rules_game *g, struct rules_rng *rng, struct rules_events *ev)
{
	if (g->mode == LG_PREDATORS) {
		if (g->result == 0)
			pd_strike_phase(g, rng, ev);
		if (g->result == 0)
			pd_cleanup(g, rng, ev);
		pd_next_turn(g, rng, ev);
		return;
	}
	if (g->result == 0)
		lg_strike_phase(g, rng, ev);
	if (g->result == 0)
		lg_cleanup(g, rng, ev);
	lg_next_turn(g, rng, ev);
}

static int
l_resolve(struct rules_game *g, const char *const *orders, struct rules_rng *rng,
    struct rules_events *ev, char **cause)
{
	int i, more = 0;

	if (g->phase == LP_OVER)
		return cause_set(cause, "the game is over");
	for (i = 0; i < g->nseats; i++)
		if (l_owes(g, (size_t)i) && orders != NULL && orders[i] != NULL &&
		    lg_check(g, (size_t)i, orders[i], cause) == -1)
			return cause_prefix(cause, "seat %s", g->s[i].name);
	if (g->phase == LP_COORDINATE) {
		for (i = 0; i < g->nseats; i++)
			if (!g->answered[i]) {
				lg_apply_orders(g, (size_t)i, orders != NULL ? orders[i] : NULL,
				    rng, ev, &more);
				g->answered[i] = 1;
			}
		g->phase = LP_ACTION;
		if (g->end_turn || g->result != 0 || g->s[g->active].dead)
			finish_turn(g, rng, ev);
		return 0;
	}
	lg_apply_orders(g, (size_t)g->active, orders != NULL ? orders[g->active] : NULL, rng,
	    ev, &more);
	if (g->result != 0) {
		if (g->mode != LG_PREDATORS)
			lg_next_turn(g, rng, ev);
		return 0;
	}
	if (more && !g->end_turn && !g->s[g->active].dead && g->followups < LG_FOLLOWUPS) {
		g->followups++;
		return 0;	/* the follow-up: the same turn, a new view */
	}
	finish_turn(g, rng, ev);
	return 0;
}

static void
l_free(struct rules_game *g)
{
	free(g);
}

static void
l_result(const struct rules_game *g, struct rules_result *res)
{
	int i;

	res->over = g->phase == LP_OVER;
	res->nseats = (size_t)g->nseats;
	res->place = xcalloc((size_t)g->nseats, sizeof *res->place);
	res->winner = -1;
	if (g->mode == LG_PREDATORS) {
		int place[LG_SEATS];

		if (res->over) {
			pd_places(g, place, &res->winner);
			for (i = 0; i < g->nseats; i++)
				res->place[i] = place[i];
		}
		return;
	}
	/* a cooperative game: every seat shares a win; a loss places nobody */
	for (i = 0; g->result > 0 && i < g->nseats; i++) {
		res->place[i] = 1;
		if (res->winner < 0 && !g->s[i].dead)
			res->winner = i;
	}
	if (g->result > 0 && res->winner < 0)
		res->winner = 0;
}

/* ---- the demo player ---- */

static uint32_t
zero(void *ctx, uint32_t bound)
{
	(void)ctx;
	(void)bound;
	return 0;
}

/* The first legal line starting with prefix (the last with last), or NULL. */
static char *
pick(const char *legal, const char *prefix, int last)
{
	const char *p = legal, *nl;
	char *found = NULL;
	size_t n = strlen(prefix);

	for (; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (strncmp(p, prefix, n) == 0) {
			free(found);
			found = xstrndup(p, (size_t)(nl - p));
			if (!last)
				break;
		}
	}
	return found;
}

/* The demo recruits for Attack first, then cost; a Commander last. */
static char *
best_recruit(const struct rules_game *g, const char *legal)
{
	int i, best = -1, worth, most = -1;
	char what[16];

	for (i = 0; i < LG_HQ; i++) {
		snprintf(what, sizeof what, "recruit %d\n", i + 1);
		if (strstr(legal, what) == NULL)
			continue;
		worth = 3 * g->db->cards[g->hq[i]].attack + g->db->cards[g->hq[i]].cost;
		if (worth > most) {
			most = worth;
			best = i;
		}
	}
	if (best >= 0)
		return xasprintf("recruit %d", best + 1);
	if (strstr(legal, "recruit instinct\n") != NULL)
		return xstrdup("recruit instinct");
	return strstr(legal, "recruit commander\n") != NULL ? xstrdup("recruit commander") :
	    NULL;
}

static char *
demo_orders(const struct rules_game *g, size_t seat)
{
	static const struct { const char *prefix; int last; } prefs[] = {
		{ "play ", 0 }, { "copy ", 0 }, { "use ", 0 }, { "heal ", 0 },
		{ "restore ", 0 }, { "fight ", 1 }, { "avert ", 1 }, { "disable ", 0 },
		{ "duel ", 0 }, { "scan ", 1 }, { "gain ", 0 },
	};
	struct rules_game *c;
	struct rules_rng rng = { zero, NULL, zero, NULL };
	struct strbuf sb = STRBUF_INIT;
	char *legal, *line, *why = NULL;
	size_t k;
	int steps;

	if (!l_owes(g, seat))
		return xstrdup("");
	if (g->phase == LP_COORDINATE) {
		legal = lg_legal(g, seat);
		line = pick(legal, "coordinate ", 0);
		if (line != NULL && strcmp(line, "coordinate ask") != 0)
			strbuf_addf(&sb, "%s\n", line);
		free(line);
		free(legal);
		return strbuf_detach(&sb, NULL);
	}
	c = xmemdup(g, sizeof *g);
	for (steps = 0; steps < 60 && !c->end_turn && c->result == 0; steps++) {
		legal = lg_legal(c, seat);
		line = NULL;
		for (k = 0; k < sizeof prefs / sizeof prefs[0] && line == NULL; k++)
			line = pick(legal, prefs[k].prefix, prefs[k].last);
		if (line == NULL)
			line = best_recruit(c, legal);
		free(legal);
		if (line == NULL)
			break;
		if (lg_order(c, line, &rng, NULL, &why) == 0)
			strbuf_addf(&sb, "%s\n", line);
		free(why);
		why = NULL;
		free(line);
	}
	free(c);
	strbuf_addstr(&sb, "end\n");
	return strbuf_detach(&sb, NULL);
}

static const char *const demo_seats[] = { "lieutenant", "tracker" };
static const struct rules_demo demo = {
	.scenario = "humans",
	.seats = demo_seats,
	.decks = NULL,
	.nseats = 2,
	.progress_phase = "action",
};

static char *
l_legal(const struct rules_game *g, size_t seat)
{
	return lg_legal(g, seat);
}

static int
l_check(const struct rules_game *g, size_t seat, const char *orders, char **cause)
{
	return lg_check(g, seat, orders, cause);
}

static char *
l_template(const struct rules_game *g, size_t seat)
{
	return lg_template(g, seat);
}

const struct rules rules_legendary = {
	.name = "legendary",
	.version = "legendary-humans-5",
	.create = l_create,
	.free = l_free,
	.nseats = l_nseats,
	.seat_name = l_seat_name,
	.seat_index = l_seat_index,
	.turn = l_turn,
	.phase = l_phase,
	.phase_names = phase_list,
	.owes = l_owes,
	.legal = l_legal,
	.check = l_check,
	.resolve = l_resolve,
	.view = lg_view,
	.save = lg_save,
	.load = lg_load,
	.secrets = lg_secrets,
	.result = l_result,
	.data_file = "legendary-cards.json",
	.data_max = 1 << 20,
	.data_load = data_load,
	.data_free = data_free,
	.data_canonical = data_canonical,
	.data_hash = data_hash,
	.deck_max = 4096,
	.scenario_check = scenario_check,
	.option_check = lg_option_check,
	.faction_check = faction_check,
	.deck_check = deck_check,
	.seat_build = seat_build,
	.seat_clear = seat_clear,
	.data_report = data_report,
	.demo_orders = demo_orders,
	.demo = &demo,
	.demo_turns = 300,	/* a turn is one player's: 40 ended half the games early */
	.view_text = lg_view_text,
	.events_text = lg_events_text,
	.data_events_text = lg_data_events_text,
	.template = l_template,
};
