/*
 * hidden-movement.c — rulebook "Hidden Movement": a character able to move
 * hidden (the Camouflage Suit, or a card printing it) is replaced by N
 * identical markers at its location, one of them the real character; each
 * marker moves as the character could; at least one marker must leave the
 * character's location every Movement Step (and no marker passes a
 * Barrier the character could not); markers of one character that
 * end the step at one location merge; new decoys may be added (and the
 * markers at one location shuffled) before any marker moves; the owner
 * may reveal a marker at any time; interacting with the location
 * (searching, finding, picking up, evacuating ...) reveals the character;
 * a revealed decoy leaves the battleground and a revealed character takes
 * all his decoys with him. An effect that lets one opponent "view" a
 * marker shows its truth to that seat alone. The overview: hidden movement
 * stops at a Submerged location (the markers there are revealed), and no
 * outnumbering rule applies during it (a marker pays no extra point;
 * outnumbering.c). Entering a Submerged location ends a character's
 * movement, except a Synthetic's carrying data (ccg_submerged_free()).
 *
 * Secrecy: which marker is real is a secret per marker (secret id
 * "marker:SEAT:PIECE:MARKER", bytes "MARKER real|decoy EPOCH\n"); the
 * epoch of every marker of a character changes whenever they are placed,
 * shuffled or merged, so a new commitment never tells which truth moved.
 * Every reveal event lists in "opens" the secret ids it makes public.
 * The real piece keeps its true node in the state; views show it only to
 * its controller (view.c asks ccg_piece_hidden_from()).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "rules/ccg/items.h"
#include "rules/ccg/movement.h"
#include "rules/ccg/orders.h"
#include "rules/ccg/setup.h"

static int	 ccg_submerged_free(const struct rules_game *g, int pi);

/* Markers piece pi may use (Camouflage Suit, printed), 0 none. */
static int
ccg_hidden_capacity(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];
	int best = p->card->chr.hidden_markers;
	size_t i, k;

	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *it = &g->pieces[i];

		if (it->carrier != pi || it->zone != CCG_Z_PLAY ||
		    ccg_item_usable(g, pi, it->card, NULL) != 0)
			continue;	/* items.c: a Marine's Camouflage Suit */
		for (k = 0; k < it->card->neffects; k++) {
			const struct ccg_effect *e = &it->card->effects[k];

			if (e->kind == CCG_EFFECT_HIDDEN_MOVEMENT &&
			    e->amount > best)
				best = e->amount;
		}
	}
	return best;
}

int
ccg_marker_find(const struct rules_game *g, const char *id)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++)
		if (strcmp(g->markers[i].id, id) == 0)
			return (int)i;
	return -1;
}

static int
hider(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return p->controller >= 0 ? p->controller : p->owner;
}

int
ccg_piece_hidden_from(const struct rules_game *g, int pi, int seat)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return p->hidden && p->zone == CCG_Z_PLAY && seat != hider(g, pi);
}

static char *
secret_id(const struct rules_game *g, int mi)
{
	const struct ccg_marker *m = &g->markers[mi];

	return xasprintf("marker:%s:%s:%s", g->seats[hider(g, m->piece)].name,
	    g->pieces[m->piece].id, m->id);
}

/* Give every marker of piece pi a new epoch (placing, shuffle, merge). */
static void
new_epoch(struct rules_game *g, int pi)
{
	size_t i;
	int e = ++g->marker_seq;

	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].piece == pi) {
			g->markers[i].epoch = e;
			g->markers[i].viewed = 0;	/* what was viewed is stale */
		}
}

static void
marker_drop(struct rules_game *g, int mi)
{
	free(g->markers[mi].id);
	memmove(&g->markers[mi], &g->markers[mi + 1],
	    (g->nmarkers - (size_t)mi - 1) * sizeof *g->markers);
	g->nmarkers--;
}

static int
marker_add(struct rules_game *g, int pi, int node, int real, int mp)
{
	struct ccg_marker *m;

	g->markers = xreallocarray(g->markers, g->nmarkers + 1,
	    sizeof *g->markers);
	m = &g->markers[g->nmarkers];
	memset(m, 0, sizeof *m);
	m->id = xasprintf("%s-marker-%d", g->pieces[pi].id, ++g->marker_seq);
	m->piece = pi;
	m->node = node;
	m->start = node;
	m->real = real;
	m->mp = mp;
	return (int)g->nmarkers++;
}

void
ccg_markers_free(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++)
		free(g->markers[i].id);
	free(g->markers);
	g->markers = NULL;
	g->nmarkers = 0;
}

/* Reveal marker mi to everyone: a decoy is removed; the real one ends
 * hidden movement and removes every decoy. Emits a public
 * "marker-reveal" event whose "opens" lists the secret ids made public. */
static void
ccg_marker_reveal(struct rules_game *g, int mi, struct rules_events *ev)
{
	struct strbuf opens = STRBUF_INIT;
	struct ccg_marker *m = &g->markers[mi];
	int pi = m->piece, real = m->real, node = m->node, seat = hider(g, pi);
	char *sid, *mid = xstrdup(m->id), *o;
	size_t i;

	if (!real) {
		sid = secret_id(g, mi);
		strbuf_addf(&opens, "\"%s\"", sid);
		free(sid);
		marker_drop(g, mi);
	} else {
		for (i = g->nmarkers; i-- > 0;) {
			if (g->markers[i].piece != pi)
				continue;
			sid = secret_id(g, (int)i);
			strbuf_addf(&opens, "%s\"%s\"", opens.len ? "," : "", sid);
			free(sid);
			marker_drop(g, (int)i);
		}
		g->pieces[pi].hidden = 0;
	}
	o = strbuf_detach(&opens, NULL);
	ccg_event(ev, -1, "{\"type\":\"marker-reveal\",\"seat\":\"%s\","
	    "\"piece\":\"%s\",\"marker\":\"%s\",\"at\":\"%s\",\"real\":%s,"
	    "\"opens\":[%s]}", g->seats[seat].name, g->pieces[pi].id, mid,
	    g->nodes[node].id, real ? "true" : "false", o);
	free(o);
	free(mid);
}

int
ccg_marker_hit(struct rules_game *g, int mi, struct rules_events *ev)
{
	int pi = g->markers[mi].piece, real = g->markers[mi].real;

	ccg_marker_reveal(g, mi, ev);
	return real ? pi : -1;
}

void
ccg_marker_view(struct rules_game *g, int mi, int seat,
    struct rules_events *ev)
{
	struct ccg_marker *m = &g->markers[mi];

	m->viewed |= ccg_seat_bit(seat);
	ccg_event(ev, seat, "{\"type\":\"marker-view\",\"seat\":\"%s\","
	    "\"marker\":\"%s\",\"piece\":\"%s\",\"real\":%s}",
	    g->seats[seat].name, m->id, g->pieces[m->piece].id,
	    m->real ? "true" : "false");
}

void
ccg_hidden_reveal_piece(struct rules_game *g, int pi, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].piece == pi && g->markers[i].real) {
			ccg_marker_reveal(g, (int)i, ev);
			return;
		}
	for (i = g->nmarkers; i-- > 0;)		/* no real one: none left */
		if (g->markers[i].piece == pi)
			marker_drop(g, (int)i);
	g->pieces[pi].hidden = 0;
}

void
ccg_hidden_tidy(struct rules_game *g, struct rules_events *ev)
{
	size_t i;

	for (i = 0; i < g->npieces; i++) {
		struct ccg_piece *p = &g->pieces[i];

		if (p->hidden && (p->zone != CCG_Z_PLAY || p->node < 0 ||
		    ccg_hidden_capacity(g, (int)i) < 1 ||
		    ccg_node_submerged(g, p->node)))
			ccg_hidden_reveal_piece(g, (int)i, ev);
	}
	/* markers of a character another rule revealed (p->hidden cleared) */
	for (i = 0; i < g->nmarkers; i++)
		if (!g->pieces[g->markers[i].piece].hidden) {
			g->pieces[g->markers[i].piece].hidden = 1;
			ccg_hidden_reveal_piece(g, g->markers[i].piece, ev);
			i = (size_t)-1;		/* the list changed: again */
		}
}

void
ccg_markers_begin(struct rules_game *g)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++) {
		struct ccg_marker *m = &g->markers[i];

		m->mp = ccg_movement_points(g, m->piece);	/* movement.c */
		m->moved = 0;
		m->start = m->node;
	}
}

void
ccg_markers_add_mp(struct rules_game *g, int pi, int amount)
{
	size_t i;

	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].piece == pi) {
			g->markers[i].mp += amount;
			if (g->markers[i].mp < 0)
				g->markers[i].mp = 0;
		}
}

void
ccg_markers_merge(struct rules_game *g, struct rules_events *ev)
{
	size_t i, j;

	for (i = 0; i < g->nmarkers; i++) {
		struct strbuf gone = STRBUF_INIT;
		int merged = 0;
		char *s;

		for (j = g->nmarkers; j-- > i + 1;) {
			if (g->markers[j].piece != g->markers[i].piece ||
			    g->markers[j].node != g->markers[i].node)
				continue;
			g->markers[i].real |= g->markers[j].real;
			strbuf_addf(&gone, "%s\"%s\"", gone.len ? "," : "",
			    g->markers[j].id);
			marker_drop(g, (int)j);
			merged = 1;
		}
		s = strbuf_detach(&gone, NULL);
		if (merged) {
			new_epoch(g, g->markers[i].piece);
			ccg_event(ev, -1, "{\"type\":\"marker-merge\",\"piece\":"
			    "\"%s\",\"at\":\"%s\",\"kept\":\"%s\",\"removed\":"
			    "[%s]}", g->pieces[g->markers[i].piece].id,
			    g->nodes[g->markers[i].node].id, g->markers[i].id, s);
		}
		free(s);
	}
}

/* The cost for marker mi (or piece pi standing at from, mi < 0) to enter
 * to, or -1 with a reason. */
static int
step_cost(const struct rules_game *g, int seat, int pi, int from, int mp,
    int to, int marker, char **cause)
{
	int base, extra;

	if ((base = ccg_move_cost(g, seat, pi, from, to, cause)) < 0)
		return -1;
	if (base == 0 && mp < 1)
		base = 1;
	/* the overview: no outnumbering rule applies during hidden
	 * movement (a marker never pays; outnumbering.c) */
	extra = marker ? 0 : ccg_outnumber_penalty(g, seat, from);
	if (mp < base + extra)
		return cause_set(cause, "%s has %d movement point%s and needs %d "
		    "to reach %s", marker ? "the marker" : g->pieces[pi].id, mp,
		    mp == 1 ? "" : "s", base + extra, g->nodes[to].id);
	return base + extra;
}

static int
can_step(const struct rules_game *g, int seat, int pi, int from, int mp,
    int marker)
{
	size_t n;

	for (n = 0; n < g->nnodes; n++)
		if ((int)n != from && step_cost(g, seat, pi, from, mp, (int)n,
		    marker, NULL) >= 0)
			return 1;
	return 0;
}

/* The overview's Submerged Locations (resource Submerged; a Water
 * location is not one: it only washes data away). */
int
ccg_node_submerged(const struct rules_game *g, int node)
{
	return ccg_card_has_resource(g->nodes[node].card, "Submerged");
}

static int
own_marker(const struct rules_game *g, int seat, const char *id, char **cause)
{
	int mi = ccg_marker_find(g, id);

	if (mi < 0)
		return cause_set(cause, "no hidden marker %s", id);
	if (hider(g, g->markers[mi].piece) != seat)
		return cause_set(cause, "marker %s is not yours", id);
	return mi;
}

static int
move_marker(struct rules_game *g, int seat, const struct ccg_order *o,
    int mi, struct rules_events *ev, char **cause)
{
	struct ccg_marker *m = &g->markers[mi];
	struct ccg_piece *p = &g->pieces[m->piece];
	int to, cost, from = m->node;
	char *why = NULL;

	if (o->nwho != 1 || o->drag != NULL)
		return cause_set(cause, "a hidden marker moves alone; expected "
		    "\"move MARKER to LOCATION\"");
	if ((to = ccg_node_find(g, o->to)) < 0)
		return cause_set(cause, "no location %s in play; expected a "
		    "location of the battleground", o->to);
	if (ccg_barrier_blocks(g, &m->piece, 1, from, to, cause) != 0 ||
	    ccg_vehicle_blocks(g, &m->piece, 1, to, cause) != 0)
		return -1;
	if ((cost = step_cost(g, seat, m->piece, from, m->mp, to, 1, &why)) < 0) {
		cause_set(cause, "%s: %s", m->id, why);
		free(why);
		return -1;
	}
	m->mp -= cost;
	m->node = to;
	m->moved = 1;
	if (m->real) {
		p->node = to;
		p->mp = m->mp;
		p->moved = 1;
	}
	ccg_event(ev, -1, "{\"type\":\"marker-move\",\"seat\":\"%s\","
	    "\"piece\":\"%s\",\"marker\":\"%s\",\"from\":\"%s\",\"to\":\"%s\","
	    "\"cost\":%d}", g->seats[seat].name, p->id, m->id,
	    g->nodes[from].id, g->nodes[to].id, cost);
	if (ccg_node_submerged(g, to)) {
		if (m->real)
			p->mp = 0;
		ccg_marker_reveal(g, mi, ev);
	}
	return 0;
}

/* The move order: hidden markers, else characters (movement.c); a
 * character moving hidden moves only through its markers. Entering a
 * Submerged location ends a character's movement; a Barrier stops a group
 * none of whom may pass it (barriers.c). */
int
ccg_hidden_move(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	size_t i;
	int mi, pi, to;

	if ((mi = ccg_marker_find(g, o->who[0])) >= 0) {
		if (own_marker(g, seat, o->who[0], cause) < 0)
			return -1;
		return move_marker(g, seat, o, mi, ev, cause);
	}
	for (i = 0; i < o->nwho + (o->drag != NULL); i++) {
		const char *id = i < o->nwho ? o->who[i] : o->drag;

		if ((pi = ccg_piece_find(g, id)) >= 0 && g->pieces[pi].hidden &&
		    hider(g, pi) == seat)
			return cause_set(cause, "%s is moving hidden; expected "
			    "\"move MARKER to LOCATION\" for its markers", id);
	}
	if ((to = ccg_node_find(g, o->to)) >= 0 &&
	    (pi = ccg_piece_find(g, o->who[0])) >= 0 && g->pieces[pi].node >= 0) {
		int who[CCG_MAX_GROUP + 1], from = g->pieces[pi].node;
		size_t n = 0;

		for (i = 0; i < o->nwho + (o->drag != NULL); i++)
			if ((who[n] = ccg_piece_find(g, i < o->nwho ? o->who[i] :
			    o->drag)) >= 0)
				n++;
		if (from != to &&
		    (ccg_barrier_blocks(g, who, n, from, to, cause) != 0 ||
		    ccg_vehicle_blocks(g, who, n, to, cause) != 0))
			return -1;
	}
	if (ccg_move(g, seat, o, ev, cause) != 0)
		return -1;
	if ((to = ccg_node_find(g, o->to)) >= 0 && ccg_node_submerged(g, to))
		for (i = 0; i < o->nwho; i++)
			if ((pi = ccg_piece_find(g, o->who[i])) >= 0 &&
			    !ccg_submerged_free(g, pi))
				g->pieces[pi].mp = 0;
	return 0;
}

/*
 * The overview's Rogue data theft: a Synthetic carrying data tokens moves
 * through Submerged locations without restriction (the rulebook: she
 * "safely traverse"s them with her data). Only Rogue Synthetics hold data
 * of their own (data-theft.c). Entering one does not end her movement.
 */
static int
ccg_submerged_free(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return p->card->chr.species == CCG_SPECIES_SYNTHETIC && p->data > 0;
}

int
ccg_submerged_stopped(const struct rules_game *g, int pi)
{
	const struct ccg_piece *p = &g->pieces[pi];

	return g->phase == CCG_PH_MOVE && p->moved && p->node >= 0 &&
	    ccg_node_submerged(g, p->node) && !ccg_submerged_free(g, pi);
}

static int
hide(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	struct strbuf ids = STRBUF_INIT;
	struct ccg_piece *p;
	int pi, n, k, i, mi, real = -1;
	char *s;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	n = ccg_hidden_capacity(g, pi);
	k = atoi(o->what);
	if (n < 2)
		return cause_set(cause, "%s cannot move hidden (it needs a card "
		    "such as the Camouflage Suit)", p->id);
	if (p->hidden)
		return cause_set(cause, "%s is already moving hidden", p->id);
	if (k < 1 || k > n)
		return cause_set(cause, "real %s: expected a number 1..%d (which "
		    "of the %d markers is %s)", o->what, n, n, p->id);
	if (ccg_node_submerged(g, p->node))
		return cause_set(cause, "hidden movement does not work at the "
		    "Submerged %s", g->nodes[p->node].id);
	if (p->bound || p->hostage || !can_step(g, seat, pi, p->node, p->mp, 0))
		return cause_set(cause, "%s cannot move now, so it cannot move "
		    "hidden", p->id);
	p->hidden = 1;
	for (i = 1; i <= n; i++) {
		mi = marker_add(g, pi, p->node, i == k, p->mp);
		if (i == k)
			real = mi;
		strbuf_addf(&ids, "%s\"%s\"", i > 1 ? "," : "", g->markers[mi].id);
	}
	new_epoch(g, pi);
	s = strbuf_detach(&ids, NULL);
	ccg_event(ev, -1, "{\"type\":\"hide\",\"seat\":\"%s\",\"piece\":\"%s\","
	    "\"at\":\"%s\",\"markers\":[%s]}", g->seats[seat].name, p->id,
	    g->nodes[p->node].id, s);
	ccg_event(ev, seat, "{\"type\":\"hide-real\",\"piece\":\"%s\","
	    "\"marker\":\"%s\"}", p->id, g->markers[real].id);
	free(s);
	return 0;
}

static int
decoy(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int pi, at, count = 0, here = 0, mi, realto = -1, cur = -1, mp;
	struct ccg_piece *p;
	size_t i;

	if ((pi = ccg_own_character(g, seat, o->who[0], cause)) < 0)
		return -1;
	p = &g->pieces[pi];
	if (!p->hidden)
		return cause_set(cause, "%s is not moving hidden", p->id);
	if ((at = ccg_node_find(g, o->to)) < 0)
		return cause_set(cause, "no location %s in play", o->to);
	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *m = &g->markers[i];

		if (m->piece != pi)
			continue;
		count++;
		if (m->moved)
			return cause_set(cause, "a marker of %s has moved this "
			    "step: decoys are added before any marker moves",
			    p->id);
		if (m->node == at)
			here = 1;
		if (m->real)
			cur = (int)i;
	}
	if (count >= ccg_hidden_capacity(g, pi))
		return cause_set(cause, "%s already has all %d of its markers "
		    "on the battleground", p->id, count);
	if (!here)
		return cause_set(cause, "%s has no marker at %s; new decoys start "
		    "where one of its markers is", p->id, o->to);
	mp = ccg_movement_points(g, pi);	/* as the others began */
	mi = marker_add(g, pi, at, 0, mp);
	if (o->a != NULL) {	/* the shuffle, which may pick the new one */
		const char *why = NULL;

		if ((realto = ccg_marker_find(g, o->a)) < 0 ||
		    g->markers[realto].piece != pi)
			why = "there is no marker of that name";
		else if (g->markers[realto].node != at ||
		    g->markers[cur].node != at)
			why = "only the markers at the location of the new "
			    "decoy can be shuffled, and the character is not "
			    "among them";
		if (why != NULL) {
			marker_drop(g, mi);
			g->marker_seq--;
			return cause_set(cause, "real %s: %s", o->a, why);
		}
	}
	if (realto >= 0) {
		g->markers[cur].real = 0;
		g->markers[realto].real = 1;
	}
	new_epoch(g, pi);
	ccg_event(ev, -1, "{\"type\":\"decoy\",\"seat\":\"%s\",\"piece\":\"%s\","
	    "\"marker\":\"%s\",\"at\":\"%s\"}", g->seats[seat].name, p->id,
	    g->markers[mi].id, g->nodes[at].id);
	for (i = 0; i < g->nmarkers; i++)
		if (g->markers[i].piece == pi && g->markers[i].real)
			ccg_event(ev, seat, "{\"type\":\"hide-real\",\"piece\":"
			    "\"%s\",\"marker\":\"%s\"}", p->id, g->markers[i].id);
	return 0;
}

/* The hide, decoy and reveal orders. */
int
ccg_hidden_order(struct rules_game *g, int seat, const struct ccg_order *o,
    struct rules_events *ev, char **cause)
{
	int mi;

	switch (o->verb) {
	case CCG_V_HIDE:
		return hide(g, seat, o, ev, cause);
	case CCG_V_DECOY:
		return decoy(g, seat, o, ev, cause);
	case CCG_V_REVEAL:
		if ((mi = own_marker(g, seat, o->what, cause)) < 0)
			return -1;
		ccg_marker_reveal(g, mi, ev);
		return 0;
	}
	return cause_set(cause, "not a hidden-movement order");
}

/*
 * The hidden character an order makes interact with its location (search,
 * find, pick up, drop, transfer, evacuate, download), or -1.
 */
int
ccg_hidden_interacting(const struct rules_game *g, int seat,
    const struct ccg_order *o)
{
	int pi = -1, it;

	switch (o->verb) {
	case CCG_V_SEARCH:
	case CCG_V_FIND:
	case CCG_V_PICKUP:
	case CCG_V_EVACUATE:
	case CCG_V_DOWNLOAD:
	case CCG_V_STEAL:
		if (o->nwho > 0)
			pi = ccg_piece_find(g, o->who[0]);
		break;
	case CCG_V_DROP:
	case CCG_V_TRANSFER:
		if (o->what != NULL && (it = ccg_piece_find(g, o->what)) >= 0)
			pi = g->pieces[it].carrier;
		break;
	}
	if (pi < 0 || !g->pieces[pi].hidden || hider(g, pi) != seat)
		return -1;
	return pi;
}

/*
 * Rulebook: in each Movement Step at least one marker of a hidden
 * character leaves the character's location (unless none can move).
 */
int
ccg_hidden_moves_done(const struct rules_game *g, int seat, char **cause)
{
	size_t i, j;

	for (i = 0; i < g->nmarkers; i++) {
		const struct ccg_marker *r = &g->markers[i];
		int left = 0, able = 0;

		if (!r->real || hider(g, r->piece) != seat)
			continue;
		for (j = 0; j < g->nmarkers; j++) {
			const struct ccg_marker *m = &g->markers[j];

			if (m->piece != r->piece || m->start != r->start)
				continue;
			if (m->moved)
				left = 1;
			else if (m->node == r->start &&
			    can_step(g, seat, m->piece, m->node, m->mp, 1))
				able = 1;
		}
		if (!left && able)
			return cause_set(cause, "%s moves hidden: at least one of "
			    "its markers must leave %s this Movement Step",
			    g->pieces[r->piece].id, g->nodes[r->start].id);
	}
	return 0;
}

/* Candidate lines of the movement step for the legal-order list. */
void
ccg_hidden_candidates(const struct rules_game *g, int seat,
    void (*try)(void *, const char *), void *ctx)
{
	size_t i, n;
	int k, cap;
	char *line;

	if (g->phase != CCG_PH_MOVE)
		return;
	for (i = 0; i < g->npieces; i++) {
		const struct ccg_piece *p = &g->pieces[i];

		if (p->zone != CCG_Z_PLAY || !ccg_is_character(p) ||
		    p->controller != seat || p->node < 0)
			continue;
		cap = ccg_hidden_capacity(g, (int)i);
		if (!p->hidden) {
			for (k = 1; k <= cap && cap >= 2; k++) {
				line = xasprintf("hide %s real %d", p->id, k);
				try(ctx, line);
				free(line);
			}
			continue;
		}
		for (n = 0; n < g->nmarkers; n++)
			if (g->markers[n].piece == (int)i) {
				line = xasprintf("decoy %s at %s", p->id,
				    g->nodes[g->markers[n].node].id);
				try(ctx, line);
				free(line);
			}
	}
	for (i = 0; i < g->nmarkers; i++) {
		if (hider(g, g->markers[i].piece) != seat)
			continue;
		for (n = 0; n < g->nnodes; n++) {
			line = xasprintf("move %s to %s", g->markers[i].id,
			    g->nodes[n].id);
			try(ctx, line);
			free(line);
		}
	}
}

/* "reveal MARKER" lines of seat (new string, possibly empty). */
char *
ccg_hidden_reveal_lines(const struct rules_game *g, int seat)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < g->nmarkers; i++)
		if (hider(g, g->markers[i].piece) == seat)
			strbuf_addf(&sb, "reveal %s\n", g->markers[i].id);
	return strbuf_detach(&sb, NULL);
}
