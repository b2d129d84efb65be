/*
 * objectives.c — Completing Objectives in order (goal cards, kills; a goal
 * card of a later objective revealed early waits, in the discarded
 * Hazards/Events, and counts once its objective is the current one), the
 * Final Enemy (fought only once Objective 2 is completed: a Major Victory)
 * and the Minor Goal (a Minor Victory), losing, and Scoring.
 */
#include "config.h"

#include <string.h>

#include "lib/cause.h"
#include "rules/legendary/legendary.h"

static const struct lg_objective *
current(const struct rules_game *g)
{
	return g->done < 3 ? &g->db->objectives[g->objective[g->done]] : NULL;
}

static void
win(struct rules_game *g, int how, struct rules_events *ev)
{
	if (g->result != 0)
		return;
	g->result = how;
	lg_event(ev, "{\"type\":\"legendary.won\",\"victory\":\"%s\",\"score\":%d}",
	    how == 1 ? "major" : "minor", lg_score(g));
}

static void goal_counts(struct rules_game *g, int card, struct rules_events *ev);

/*
 * The objective just became the current one: its goal cards revealed
 * while an earlier objective was open (the rulebook ignores them only
 * until then) count now, in the order they were revealed.
 */
static void
waiting_goals(struct rules_game *g, struct rules_events *ev)
{
	int i, stage = g->done, c;

	for (i = 0; i < g->discarded.n && g->done == stage && g->result == 0; i++) {
		c = g->discarded.v[i];
		if (g->db->cards[c].kind == LG_GOAL &&
		    g->db->cards[c].objective == g->objective[stage])
			goal_counts(g, c, ev);
	}
	/* and those attached to a space of the Wilds, Underground first */
	for (i = 0; i < LG_SPACES && g->done == stage && g->result == 0; i++) {
		c = g->attached[i] - 1;
		if (c >= 0 && g->db->cards[c].kind == LG_GOAL &&
		    g->db->cards[c].objective == g->objective[stage])
			goal_counts(g, c, ev);
	}
}

void
lg_check_objective(struct rules_game *g, struct rules_events *ev)
{
	const struct lg_objective *o = current(g);
	int i;

	if (o == NULL || o->final || g->result != 0)
		return;
	for (i = 0; i < o->nreveal; i++)
		if (!g->revealed[i])
			return;
	if (o->kill >= 0 && g->progress < o->count + g->need)
		return;
	lg_event(ev, "{\"type\":\"legendary.objective-completed\",\"objective\":\"%s\","
	    "\"stage\":%d}", o->slug, o->stage);
	g->done++;
	g->progress = g->need = 0;
	/* the Events it sent to Operations leave with it */
	if (g->operations.n > 0) {
		while (g->operations.n > 0)
			lg_push(&g->discarded, lg_remove_at(&g->operations, 0));
		g->ops_scan = 0;
		lg_event(ev, "{\"type\":\"legendary.operations-cleared\"}");
	}
	memset(g->revealed, 0, sizeof g->revealed);
	waiting_goals(g, ev);
}

/* A goal card of the current objective counts. */
static void
goal_counts(struct rules_game *g, int card, struct rules_events *ev)
{
	const struct lg_objective *o = current(g);
	int i;

	if (card == o->minor) {
		win(g, 2, ev);
		return;
	}
	for (i = 0; i < o->nreveal; i++)
		if (o->reveal[i] == card)
			g->revealed[i] = 1;
	lg_check_objective(g, ev);
}

void
lg_goal_revealed(struct rules_game *g, int card, struct rules_events *ev)
{
	/* a goal of another objective than the current one waits (or is spent) */
	if (current(g) == NULL || g->db->cards[card].objective != g->objective[g->done]) {
		lg_event(ev, "{\"type\":\"legendary.goal-ignored\",\"card\":\"%s\"}",
		    g->db->cards[card].slug);
		return;
	}
	goal_counts(g, card, ev);
}

void
lg_killed_for_goal(struct rules_game *g, int card, struct rules_events *ev)
{
	const struct lg_objective *o = current(g);
	int i;

	if (o == NULL || o->kill != card)
		return;
	for (i = 0; i < o->nreveal; i++)
		if (!g->revealed[i])
			return;
	g->progress++;
	lg_event(ev, "{\"type\":\"legendary.objective-progress\",\"progress\":%d,"
	    "\"needed\":%d}", g->progress, o->count + g->need);
	lg_check_objective(g, ev);
}

int
lg_may_fight(const struct rules_game *g, int card, char **cause)
{
	if (!(g->db->cards[card].kw & KW_FINAL))
		return 0;
	if (g->done < 2)
		return cause_set(cause, "the Final Enemy can be fought only once Objective 2 "
		    "is completed");
	if (lg_ongoing(g, E_PROTECT_FINAL) > 0)
		return cause_set(cause, "the Final Enemy cannot be killed while a card that "
		    "protects it is visible");
	return 0;
}

void
lg_final_killed(struct rules_game *g, struct rules_events *ev)
{
	g->done = 3;
	win(g, 1, ev);
}

int
lg_score(const struct rules_game *g)
{
	if (g->result == 1)
		return 5 + lg_living(g);
	if (g->result == 2)
		return lg_living(g);
	return 0;
}
