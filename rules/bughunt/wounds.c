/*
 * wounds.c — "How to Place Wounds": a wound is the next token of the pool
 * put on the character wound side up, its blank or KIA face unseen ("face
 * down" here and in the view; a secret "wound:K" known to no seat), up to
 * the character's Armor; past it a wound flips one of its
 * tokens (opening the secret): blank, it lives; KIA, it dies. All flipped
 * and none KIA: the next wound kills. The dead leave the squad, the rest
 * shift so that it keeps a Point Man; their face-down tokens return to the
 * end of the pool, still unseen. A wound with the pool empty counts as
 * one past Armor.
 */
#include "config.h"

#include <string.h>

#include "rules/bughunt/bughunt.h"

int
bh_wounds_down(const struct bh_char *c)
{
	int i, n = 0;

	for (i = 0; i < c->ntok; i++)
		n += !c->flipped[i];
	return n;
}

static void
kill(struct rules_game *g, int seat, int ci, struct rules_events *ev)
{
	struct bh_squad *sq = &g->sq[seat];
	struct bh_char *c = &sq->c[ci];
	int i;

	for (i = 0; i < c->ntok; i++)
		if (!c->flipped[i])
			g->pool[g->npool++] = c->tok[i];
	bh_event(ev, "{\"type\":\"killed\",\"seat\":\"%s\",\"character\":\"%s\"}",
	    bh_colours[sq->colour], g->d->chars[c->def].id);
	memmove(&sq->c[ci], &sq->c[ci + 1], (size_t)(sq->nchar - ci - 1) * sizeof *c);
	sq->nchar--;
	memset(&sq->c[sq->nchar], 0, sizeof *c);
	if (sq->nchar == 0)
		bh_lose(g, "squad-lost", ev);
}

void
bh_wound(struct rules_game *g, int seat, int ci, struct rules_events *ev)
{
	struct bh_squad *sq = &g->sq[seat];
	struct bh_char *c = &sq->c[ci];
	const struct bh_chardef *def = &g->d->chars[c->def];
	int i, tok;

	if (c->ntok < def->armor && g->npool > 0) {
		tok = g->pool[0];
		memmove(g->pool, g->pool + 1, (size_t)--g->npool * sizeof *g->pool);
		c->tok[c->ntok] = tok;
		c->flipped[c->ntok++] = 0;
		bh_event(ev, "{\"type\":\"wound\",\"seat\":\"%s\",\"character\":\"%s\","
		    "\"face_down\":%d}", bh_colours[sq->colour], def->id, bh_wounds_down(c));
		return;
	}
	for (i = 0; i < c->ntok && c->flipped[i]; i++)
		;
	if (i == c->ntok) {
		bh_event(ev, "{\"type\":\"wound\",\"seat\":\"%s\",\"character\":\"%s\","
		    "\"past_armor\":true}", bh_colours[sq->colour], def->id);
		kill(g, seat, ci, ev);
		return;
	}
	c->flipped[i] = 1;
	g->wopen[c->tok[i]] = 1;
	bh_event(ev, "{\"type\":\"wound-flipped\",\"seat\":\"%s\",\"character\":\"%s\","
	    "\"face\":\"%s\",\"opens\":[\"wound:%d\"]}", bh_colours[sq->colour], def->id,
	    g->wface[c->tok[i]] ? "kia" : "blank", c->tok[i]);
	if (g->wface[c->tok[i]])
		kill(g, seat, ci, ev);
}
