/*
 * marker-attacks.c — attacks on hidden-movement markers (rulebook
 * "Hidden Movement" with "The Combat Round").
 *
 * A marker may be named as the target of an attack wherever the character
 * it stands for could be attacked from (combat-declare.c checks the reach
 * from the marker's location, never the character's). The attack records
 * the marker's number (atk_marker) and, secretly, whether it was the real
 * one (atk_real). In Segment 1 of its step the attack rolls against the
 * character's defense with the hidden +1 (ccg_defense()). A hit is
 * revealed "when it would take damage": in Segment 2, after the players
 * have had their say (Combat Pool, events: the owner may play his cards
 * on a decoy as on the real one), every hit marker is revealed to
 * everyone (ccg_marker_hit(): the commitment openings are published in
 * the "marker-reveal" event): a decoy is removed and the hit does
 * nothing; the real one ends the character's hidden movement and the hit
 * damages it like any other. A marker that vanished before the roll or
 * the damage because its character revealed itself was the real one when
 * atk_real says so: the attack goes on against the character; an attack
 * on a decoy that vanished is lost.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/combat.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"

/* The number N of a marker id PIECE-marker-N. */
static int
marker_number(const char *id)
{
	const char *d = strrchr(id, '-');

	return d != NULL ? atoi(d + 1) : 0;
}

/* The marker piece pi's declared attack aims at, or -1 (not a marker
 * attack, or the marker is gone). */
static int
ccg_attack_marker(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	size_t i;

	if (p->atk_kind == 0 || p->atk_marker == 0 || p->atk_target < 0)
		return -1;
	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].piece == p->atk_target &&
		    marker_number(g->markers[i].id) == p->atk_marker)
			return (int)i;
	return -1;
}

const char *
ccg_attack_target_id(const struct rules_game *g, int pi)
{
	int mi = ccg_attack_marker(g, pi);

	return mi >= 0 ? g->markers[mi].id : g->pieces[g->pieces[pi].atk_target].id;
}

/* Why pi's attack on marker mi cannot go on, or NULL. */
static const char *
marker_attack_lost(const struct rules_game *g, int pi, int mi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int node = g->markers[mi].node, range = CCG_RANGE_CLOSE;

	if (p->zone != CCG_Z_PLAY || p->node < 0)
		return "attacker gone";
	if (p->bound)
		return "attacker bound";
	if (p->atk_weapon >= 0) {
		if (g->pieces[p->atk_weapon].carrier != pi ||
		    g->pieces[p->atk_weapon].zone != CCG_Z_PLAY)
			return "weapon gone";
		range = g->pieces[p->atk_weapon].card->item.range;
	}
	if (node != p->node && !(range == CCG_RANGE_LONG &&
	    ccg_adjacent(g, node, p->node)))
		return "target out of reach";
	return NULL;
}

static void
lost(struct rules_game *g, int pi, const char *why, struct rules_events *ev)
{
	g->pieces[pi].atk_hit = 0;
	ccg_event(ev, -1, "{\"type\":\"attack-lost\",\"attacker\":\"%s\","
	    "\"reason\":\"%s\"}", g->pieces[pi].id, why);
}

int
ccg_marker_attack_roll(struct rules_game *g, int pi, struct rules_rng *rng,
    struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	const char *why;
	int mi, ti = p->atk_target, roll, th, def, hit;

	if (p->atk_marker == 0 || ti < 0)
		return 0;
	if ((mi = ccg_attack_marker(g, pi)) < 0) {
		if (p->atk_real && !g->pieces[ti].hidden) {
			p->atk_marker = 0;	/* it showed itself there */
			p->atk_real = 0;
			return 0;
		}
		lost(g, pi, "marker gone", ev);
		return 1;
	}
	if ((why = marker_attack_lost(g, pi, mi)) != NULL) {
		lost(g, pi, why, ev);
		return 1;
	}
	roll = (int)rng->uniform(rng->ctx, 6) + 1;
	th = roll + ccg_to_hit_bonus(g, pi);
	def = ccg_defense(g, ti);	/* the hidden +1 included */
	hit = th > def;
	ccg_event(ev, -1, "{\"type\":\"to-hit\",\"attacker\":\"%s\","
	    "\"target\":\"%s\",\"roll\":%d,\"to_hit\":%d,\"defense\":%d,"
	    "\"hit\":%s}", p->id, g->markers[mi].id, roll, th, def,
	    hit ? "true" : "false");
	p->atk_hit = hit;	/* revealed in Segment 2 */
	ccg_ammo_fired(g, pi, ev);	/* ammo.c: a shot like any other */
	return 1;
}

int
ccg_marker_attack_lands(struct rules_game *g, int pi, struct rules_events *ev)
{
	struct ccg_piece *p = &g->pieces[pi];
	int mi;
	char *mid;

	if (p->atk_marker == 0)
		return 1;
	if ((mi = ccg_attack_marker(g, pi)) >= 0) {
		mid = xstrdup(g->markers[mi].id);
		if (ccg_marker_hit(g, mi, ev) < 0) {
			ccg_event(ev, -1, "{\"type\":\"decoy-hit\",\"attacker\":"
			    "\"%s\",\"marker\":\"%s\"}", p->id, mid);
			free(mid);
			p->atk_hit = 0;
			return 0;
		}
		free(mid);
	} else if (!p->atk_real || g->pieces[p->atk_target].hidden) {
		lost(g, pi, "marker gone", ev);	/* a decoy, revealed since */
		return 0;
	}
	p->atk_marker = 0;	/* the character takes the damage */
	p->atk_real = 0;
	return 1;
}

/* One attack line of attacker pi at marker mi, with weapon wi or none. */
static void
try_attack(const struct rules_game *g, int pi, int mi, int wi, int ranged,
    void (*try)(void *, const char *), void *ctx)
{
	char *line;

	if (wi < 0)
		line = xasprintf("attack %s at %s close", g->pieces[pi].id,
		    g->markers[mi].id);
	else
		line = xasprintf("attack %s at %s %s with %s", g->pieces[pi].id,
		    g->markers[mi].id, ranged ? "ranged" : "close",
		    g->pieces[wi].id);
	try(ctx, line);
	free(line);
}

void
ccg_marker_attack_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	int ranged = g->phase == CCG_PH_DECLARE_UR || g->phase == CCG_PH_DECLARE_HR;
	size_t i, m, w;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (!ccg_controls(g, seat, (int)i) || !ccg_is_character(p) ||
		    p->rotated)
			continue;
		for (m = 0; m < g->nmarkers; m++) {
			const struct ccg_marker *mk = &g->markers[m];

			if (g->pieces[mk->piece].controller == seat ||
			    (mk->node != p->node &&
			    !ccg_adjacent(g, mk->node, p->node)))
				continue;
			if (!ranged)
				try_attack(g, (int)i, (int)m, -1, 0, try, ctx);
			for (w = 0; w < g->npieces; w++)
				if (g->pieces[w].carrier == (int)i &&
				    g->pieces[w].zone == CCG_Z_PLAY &&
				    g->pieces[w].card->type == CCG_CARD_ITEM &&
				    g->pieces[w].card->item.kind == CCG_ITEM_WEAPON)
					try_attack(g, (int)i, (int)m, (int)w,
					    ranged, try, ctx);
		}
	}
}
