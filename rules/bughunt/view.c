/*
 * view.c — what a seat may know: the game's options, everything on the
 * table (tiles, sides,
 * breaches, Xenomorphs, squads, wound tokens as face-down and flipped
 * counts, the hive track, missions, the phase cards played) and the sizes
 * of the face-down stacks, never their order or faces; the legal orders
 * for the seat whose turn it is.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/xmalloc.h"
#include "rules/bughunt/bughunt.h"

static const char *const side_names[] = { "wall", "exit", "barrier" };

static void
squads_at(const struct rules_game *g, cJSON *o, int cell)
{
	int seats[BH_SEATS], n = bh_squads_at(g, cell, seats), i;
	cJSON *a = cJSON_AddArrayToObject(o, "squads");

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(bh_colours[g->sq[seats[i]].colour]));
}

static void
cells(const struct rules_game *g, cJSON *o)
{
	cJSON *a = cJSON_AddArrayToObject(o, "cells"), *c, *s, *b;
	int i, d;

	for (i = 0; i < BH_CELLS; i++) {
		if (g->tile[i] < 0 && g->xenos[i] == 0)
			continue;
		c = cJSON_CreateObject();
		cJSON_AddStringToObject(c, "cell", bh_cell_name(i));
		if (g->tile[i] >= 0) {
			cJSON_AddStringToObject(c, "tile", g->d->tiles[g->tile[i]].id);
			cJSON_AddStringToObject(c, "name", g->d->tiles[g->tile[i]].name);
			s = cJSON_AddObjectToObject(c, "sides");
			b = cJSON_AddArrayToObject(c, "breached");
			for (d = 0; d < 4; d++) {
				cJSON_AddStringToObject(s, bh_dir_names[d],
				    side_names[g->side[i][d]]);
				if (g->breach[i] & (1 << d))
					cJSON_AddItemToArray(b, cJSON_CreateString(bh_dir_names[d]));
			}
			cJSON_AddNumberToObject(c, "hive", g->d->tiles[g->tile[i]].hive);
		}
		cJSON_AddNumberToObject(c, "xenos", g->xenos[i]);
		cJSON_AddBoolToObject(c, "objective", g->objective[i]);
		squads_at(g, c, i);
		cJSON_AddItemToArray(a, c);
	}
	c = cJSON_AddObjectToObject(o, "apc");
	squads_at(g, c, BH_APC);
}

static void
squads(const struct rules_game *g, cJSON *o)
{
	cJSON *a = cJSON_AddArrayToObject(o, "squads"), *s, *ca, *c;
	const struct bh_squad *sq;
	const struct bh_chardef *cd;
	char *slug, word[12];
	int i, k;

	for (i = 0; i < g->nseats; i++) {
		sq = &g->sq[i];
		s = cJSON_CreateObject();
		cJSON_AddStringToObject(s, "seat", bh_colours[sq->colour]);
		cJSON_AddStringToObject(s, "at", bh_cell_name(sq->pos));
		cJSON_AddNumberToObject(s, "movement_points", bh_mp(g, i));
		cJSON_AddStringToObject(s, "lt_command_to", sq->lt_pref >= 0 ?
		    bh_colours[g->sq[sq->lt_pref].colour] : "next");
		cJSON_AddNumberToObject(s, "turns", sq->turns);
		cJSON_AddStringToObject(s, "shared_wounds",
		    bh_pref_word(bh_wound_pref_names, sq->wound_pref, word));
		cJSON_AddStringToObject(s, "adjacent_xenos",
		    bh_pref_word(bh_xeno_pref_names, sq->xeno_pref, word));
		if (sq->xeno_stop)	/* `set stops xenomorph` (choices.c) */
			cJSON_AddTrueToObject(s, "stop_xenomorph");
		if (sq->asked)
			cJSON_AddTrueToObject(s, "asked");
		ca = cJSON_AddArrayToObject(s, "characters");
		for (k = 0; k < sq->nchar; k++) {
			cd = &g->d->chars[sq->c[k].def];
			c = cJSON_CreateObject();
			slug = bh_char_slug(g, i, k);
			cJSON_AddStringToObject(c, "id", slug);
			free(slug);
			cJSON_AddStringToObject(c, "name", cd->name);
			cJSON_AddBoolToObject(c, "point_man", k == 0);
			cJSON_AddNumberToObject(c, "firepower", bh_firepower(g, i, k));
			cJSON_AddNumberToObject(c, "armor", cd->armor);
			cJSON_AddBoolToObject(c, "ready", sq->c[k].ready);
			cJSON_AddNumberToObject(c, "wounds_face_down", bh_wounds_down(&sq->c[k]));
			cJSON_AddNumberToObject(c, "wounds_flipped", sq->c[k].ntok -
			    bh_wounds_down(&sq->c[k]));
			if (cd->text != NULL)
				cJSON_AddStringToObject(c, "ability", cd->text);
			cJSON_AddItemToArray(ca, c);
		}
		cJSON_AddItemToArray(a, s);
	}
}

static void
tables(const struct rules_game *g, cJSON *o)
{
	static const char *const icons[] = { "", "xenomorph", "game-over" };
	cJSON *h, *a, *m, *p;
	const struct bh_missiondef *md;
	const struct bh_trackdef *t;
	char *text;
	int i;

	h = cJSON_AddObjectToObject(o, "hive_track");
	a = cJSON_AddArrayToObject(h, "spaces");
	for (i = 0; i < g->d->nhive; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(icons[g->d->hive[i]]));
	cJSON_AddNumberToObject(h, "counter", g->hive + 1);
	a = cJSON_AddArrayToObject(o, "missions");
	for (i = 0; i < BH_MISSIONS; i++) {
		md = &g->d->missions[g->mission[i]];
		m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "id", md->id);
		cJSON_AddStringToObject(m, "name", md->name);
		cJSON_AddStringToObject(m, "ability", md->text);
		cJSON_AddNumberToObject(m, "tokens", g->mtok[i]);
		cJSON_AddNumberToObject(m, "face_up", g->mup[i]);
		cJSON_AddItemToArray(a, m);
	}
	p = cJSON_AddObjectToObject(o, "phase_deck");
	cJSON_AddNumberToObject(p, "left", g->ndeck - g->dpos);
	a = cJSON_AddArrayToObject(p, "discard");
	for (i = 0; i < g->ndiscard; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(g->discard[i] < g->nseats ?
		    bh_colours[g->sq[g->discard[i]].colour] : bh_card_name(g->discard[i])));
	cJSON_AddNumberToObject(p, "xenomorph_cards_set_aside", g->xeno_left);
	cJSON_AddNumberToObject(o, "tile_stack", g->ntiles - g->tpos);
	cJSON_AddNumberToObject(o, "tracking_deck", g->ntrack - g->kpos);
	if (g->last_track >= 0) {
		t = &g->d->track[g->last_track];
		m = cJSON_AddObjectToObject(o, "last_tracking_card");
		cJSON_AddStringToObject(m, "id", t->id);
		cJSON_AddItemToObject(m, "blips", cJSON_CreateIntArray(t->blips, BH_COLS));
		if ((text = bh_track_text(t)) != NULL) {
			cJSON_AddStringToObject(m, "text", text);
			cJSON_AddBoolToObject(m, "sample_text", g->d->sample);
			free(text);
		}
	}
	cJSON_AddNumberToObject(o, "wound_pool", g->npool);
	cJSON_AddNumberToObject(o, "dice_pool", bh_dice_left(g));
	cJSON_AddNumberToObject(o, "escaped", g->escaped);
	cJSON_AddNumberToObject(o, "breach_tokens", g->breaches_left);
	cJSON_AddNumberToObject(o, "objective_tokens", g->objectives_left);
}

/*
 * The game's options (difficulty.c), public from the start: the named
 * difficulty when the options are exactly one of its sides, else
 * "custom"; what each option changed.
 */
static void
options(const struct rules_game *g, cJSON *o)
{
	cJSON *p = cJSON_AddObjectToObject(o, "options");
	int easy = BH_OPT_NAMED_FOR_GRUNT | BH_OPT_NO_SETUP_SPAWN;
	const char *level = "custom";

	if (g->options == 0 && g->extra_xeno == 0)
		level = "normal";
	else if (g->options == easy && g->extra_xeno == 0)
		level = "easy";
	else if (g->options == BH_OPT_EXTRA_SPAWN && g->extra_xeno == 1)
		level = "hard";
	cJSON_AddStringToObject(p, "difficulty", level);
	cJSON_AddBoolToObject(p, "named_for_grunt", g->options & BH_OPT_NAMED_FOR_GRUNT);
	cJSON_AddNumberToObject(p, "setup_spawns", (g->options & BH_OPT_NO_SETUP_SPAWN) ? 0 :
	    (g->options & BH_OPT_EXTRA_SPAWN) ? 2 : 1);
	cJSON_AddNumberToObject(p, "extra_xenomorph_cards", g->extra_xeno);
}

cJSON *
bh_view(const struct rules_game *g, int seat)
{
	cJSON *o = cJSON_CreateObject(), *r, *a;
	char *legal, *p, *nl;

	cJSON_AddStringToObject(o, "game", "bughunt");
	cJSON_AddNumberToObject(o, "turn", g->turn > 0 ? g->turn : 1);
	cJSON_AddStringToObject(o, "phase", g->phase == BH_PH_OVER ? "over" :
	    g->phase == BH_PH_XENO ? "xenomorph" : "turn");
	if (g->active >= 0)
		cJSON_AddStringToObject(o, "active", bh_colours[g->sq[g->active].colour]);
	else
		cJSON_AddNullToObject(o, "active");
	cJSON_AddBoolToObject(o, "lt_command", g->lt_turn);
	options(g, o);
	cells(g, o);
	squads(g, o);
	tables(g, o);
	r = cJSON_AddObjectToObject(o, "result");
	cJSON_AddBoolToObject(r, "over", g->phase == BH_PH_OVER);
	cJSON_AddBoolToObject(r, "won", g->phase == BH_PH_OVER && g->won);
	cJSON_AddStringToObject(r, "reason", g->reason);
	if (seat >= 0 && (seat == g->active || (g->phase == BH_PH_XENO &&
	    g->sq[seat].asked))) {
		a = cJSON_AddArrayToObject(o, "legal_orders");
		legal = bh_legal(g, (size_t)seat);
		for (p = legal; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
			*nl = '\0';
			cJSON_AddItemToArray(a, cJSON_CreateString(p));
		}
		free(legal);
	}
	return o;
}
