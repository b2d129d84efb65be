/*
 * demo-player.c — the CCG's scripted demo player (struct rules
 * demo_orders and demo_plan; the demo, the end-to-end tests and the
 * benchmark play with it): deterministic orders chosen from
 * rules->legal() by a fixed preference. The Marines aim at the rescue:
 * they play their locations, search for supporting characters, walk
 * everyone towards a Docking Bay and evacuate there (a Main Character
 * last, once the quota is met), discarding what is not a supporting
 * character, and never attack: they would rather rescue than fight. The
 * other seats attack whoever they can. The Predator hunts: he
 * cycles his hand for a Camouflage Suit and finds it at his ship, then
 * hides (hidden movement: the real marker towards the nearest enemy, a
 * decoy elsewhere), reveals his real marker where an enemy stands and
 * fights, until a kill or two has won him honor; then he leaves the
 * others be. The Aliens hunt too from turn 6 until someone is killed,
 * then leave the others be;
 * the Rogue keeps home (an enemy at the Docking Bay would stop the
 * evacuation) and searches. Where the rules insist on
 * more (the location plays), the order their refusal suggests is added.
 * The plan (ccg_demo_plan) is turn-plan.c's: the rest of the turn
 * played through on a copy.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "rules/ccg/ccg.h"
#include "rules/ccg/table.h"
#include "rules/ccg/turn.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"

/* Most order lines tried, and most lines written, per seat and phase. */
#define POLICY_TRIES	16
#define POLICY_LINES	6
#define POLICY_HINTS	20
#define POLICY_NODES	64
#define POLICY_FAR	1000
#define HUNT_HONOR	2	/* the Predator hunts until he has this */
#define ALIENS_HUNT_FROM 6	/* the Aliens hunt from this turn, until a kill */

/* The battleground as the seat sees it: locations and their neighbours. */
struct policy_map {
	const char	*id[POLICY_NODES];
	int		 adj[POLICY_NODES][POLICY_NODES];
	int		 dist[POLICY_NODES];	/* steps to a Docking Bay */
	int		 sdist[POLICY_NODES];	/* steps to where a card in hand
						   can be found */
	int		 pdist[POLICY_NODES];	/* steps from the seat's own
						   characters */
	int		 edist[POLICY_NODES];	/* steps to an enemy character
						   or marker */
	int		 hdist[POLICY_NODES];	/* steps to a Predator ship */
	int		 fdist[POLICY_NODES];	/* steps to the seat's own
						   supporting characters left
						   uncontrolled */
	int		 searching;	/* the party still looks for more */
	int		 fetching;	/* a Main Character goes back for
					   one left uncontrolled */
	size_t		 n;
	cJSON		*view;
};

static int
map_node(struct policy_map *m, const char *id)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->id[i], id) == 0)
			return (int)i;
	if (m->n == POLICY_NODES)
		return -1;
	m->id[m->n] = id;
	return (int)m->n++;
}

/* Distances from the nodes q[0..n) over the adjacency. */
static void
map_bfs(struct policy_map *m, int *q, int qt, int *dist)
{
	int qh = 0, a;
	size_t k;

	for (k = 0; k < m->n; k++)
		dist[k] = POLICY_FAR;
	for (a = 0; a < qt; a++)
		dist[q[a]] = 0;
	while (qh < qt) {
		a = q[qh++];
		for (k = 0; k < m->n; k++)
			if (m->adj[a][k] && dist[k] == POLICY_FAR) {
				dist[k] = dist[a] + 1;
				q[qt++] = (int)k;
			}
	}
}

/*
 * Where the Marines' supporting characters can be found (the sample
 * cards' restrictions against the locations' resources).
 */
static const struct {
	const char	*card;
	const char	*where[4];
} finds[] = {
	{ "medic", { "barracks", "medical-lab", NULL } },
	{ "technician", { "operations", NULL } },
	{ "mechanic", { "engineering", "processor-sublevel", NULL } },
	{ "colonist", { "main-corridor", "cargo-bay", "tavern", NULL } },
	{ "newt", { "air-ducts", "isolated-corridor", "sewer-tunnels", NULL } },
};

/* Can a card of the seat's hand be found at location id? */
static int
findable_here(const struct policy_map *m, const char *id)
{
	const cJSON *c;
	size_t i, k;

	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(m->view, "hand")) {
		if (!cJSON_IsString(c))
			continue;
		for (i = 0; i < sizeof finds / sizeof finds[0]; i++)
			if (strcmp(finds[i].card, c->valuestring) == 0)
				for (k = 0; finds[i].where[k] != NULL; k++)
					if (strncmp(id, finds[i].where[k],
					    strlen(finds[i].where[k])) == 0)
						return 1;
	}
	return 0;
}

/* Supporting characters the Marines still have to rescue (1 if unknown). */
static int
rescue_left(const struct policy_map *m)
{
	const cJSON *s, *f, *res, *quota;

	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(m->view, "seats")) {
		f = cJSON_GetObjectItemCaseSensitive(s, "faction");
		res = cJSON_GetObjectItemCaseSensitive(s, "rescued");
		quota = cJSON_GetObjectItemCaseSensitive(s, "rescue_quota");
		if (cJSON_IsString(f) && strcmp(f->valuestring, "marines") == 0 &&
		    cJSON_IsNumber(res) && cJSON_IsNumber(quota))
			return quota->valueint - res->valueint;
	}
	return 1;
}

/*
 * The Marines' own supporting character p in play: 1 when they control
 * it, 0 when it stands alone, uncontrolled (control.c: it cannot move
 * until a Human Main Character joins it), -1 when it is none of these
 * (another seat holds it hostage, or it is not theirs).
 */
static int
own_supporter(const cJSON *p)
{
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(p, "type");
	const cJSON *owner = cJSON_GetObjectItemCaseSensitive(p, "owner");
	const cJSON *ctl = cJSON_GetObjectItemCaseSensitive(p, "controller");

	if (!cJSON_IsString(type) || !cJSON_IsString(owner) ||
	    strcmp(type->valuestring, "supporting character") != 0 ||
	    strcmp(owner->valuestring, "marines") != 0 ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(p, "at")))
		return -1;
	if (cJSON_IsString(ctl))
		return strcmp(ctl->valuestring, "marines") == 0 ? 1 : -1;
	return 0;
}

/*
 * Have the Marines enough supporting characters in play (with those
 * rescued) to meet the quota? Then the party heads for the Docking Bay.
 * Only those they control count: one left alone cannot walk there (the
 * party fetches it first, m->fetching), and those another seat holds
 * hostage are gone.
 */
static int
enough_found(const struct policy_map *m)
{
	const cJSON *p;
	int n = 0, need = rescue_left(m);

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces"))
		if (own_supporter(p) == 1)
			n++;
	return n >= need;
}

/* Distances to the Marines' supporting characters left uncontrolled. */
static void
map_strays(struct policy_map *m)
{
	const cJSON *p, *at;
	int q[POLICY_NODES], qt = 0;
	size_t i;

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces")) {
		if (own_supporter(p) != 0)
			continue;
		at = cJSON_GetObjectItemCaseSensitive(p, "at");
		for (i = 0; i < m->n; i++)
			if (strcmp(m->id[i], at->valuestring) == 0 && qt < POLICY_NODES)
				q[qt++] = (int)i;
	}
	map_bfs(m, q, qt, m->fdist);
}

/* Can the party reach a supporting character left uncontrolled? */
static int
party_can_fetch(const struct policy_map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->fdist[i] == 0 && m->pdist[i] < POLICY_FAR)
			return 1;
	return 0;
}

/* Distances from where the seat's own characters stand (m->pdist). */
static void
map_party(struct policy_map *m)
{
	const cJSON *p, *at, *owner, *seat;
	int q[POLICY_NODES], qt = 0;
	size_t i;

	seat = cJSON_GetObjectItemCaseSensitive(m->view, "seat");
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces")) {
		at = cJSON_GetObjectItemCaseSensitive(p, "at");
		owner = cJSON_GetObjectItemCaseSensitive(p, "owner");
		if (!cJSON_IsString(at) || !cJSON_IsString(owner) ||
		    !cJSON_IsString(seat) ||
		    strcmp(owner->valuestring, seat->valuestring) != 0)
			continue;
		for (i = 0; i < m->n; i++)
			if (strcmp(m->id[i], at->valuestring) == 0 && qt < POLICY_NODES)
				q[qt++] = (int)i;
	}
	map_bfs(m, q, qt, m->pdist);
}

/* Distances to where other seats' characters (or their markers) stand. */
static void
map_enemies(struct policy_map *m)
{
	static const char *const lists[] = { "pieces", "markers" };
	const cJSON *p, *at, *who, *seat, *type;
	int q[POLICY_NODES], qt = 0;
	size_t i, l;

	seat = cJSON_GetObjectItemCaseSensitive(m->view, "seat");
	for (l = 0; l < 2; l++)
		cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, lists[l])) {
			at = cJSON_GetObjectItemCaseSensitive(p, "at");
			who = cJSON_GetObjectItemCaseSensitive(p, l == 0 ? "controller" :
			    "seat");
			type = cJSON_GetObjectItemCaseSensitive(p, "type");
			if (!cJSON_IsString(at) || !cJSON_IsString(who) ||
			    !cJSON_IsString(seat) ||
			    strcmp(who->valuestring, seat->valuestring) == 0 ||
			    (l == 0 && (!cJSON_IsString(type) ||
			    strstr(type->valuestring, "character") == NULL)))
				continue;
			for (i = 0; i < m->n; i++)
				if (strcmp(m->id[i], at->valuestring) == 0 &&
				    qt < POLICY_NODES)
					q[qt++] = (int)i;
		}
	map_bfs(m, q, qt, m->edist);
}

/*
 * Can the party reach a location where card slug can be found? (A
 * Colonist findable only at another HUD's Cargo Bay, across no path, must
 * neither hold the party back from the Docking Bay nor stay in hand.)
 */
static int
findable_within_reach(const struct policy_map *m, const char *slug)
{
	size_t i, k, n;

	for (i = 0; i < sizeof finds / sizeof finds[0]; i++) {
		if (strcmp(finds[i].card, slug) != 0)
			continue;
		for (k = 0; finds[i].where[k] != NULL; k++)
			for (n = 0; n < m->n; n++)
				if (m->pdist[n] < POLICY_FAR &&
				    strncmp(m->id[n], finds[i].where[k],
				    strlen(finds[i].where[k])) == 0)
					return 1;
	}
	return 0;
}

/* Can the party reach a place where a card of the hand can be found? */
static int
party_can_reach(const struct policy_map *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->sdist[i] < POLICY_FAR && m->pdist[i] < POLICY_FAR)
			return 1;
	return 0;
}

/* HUD ground rows: neighbours in a row are adjacent; ids shared by rows
 * (the Kitchen of two HUDs) join them. */
static void
map_build(struct policy_map *m, const struct rules *r, const struct rules_game *g,
    size_t seat)
{
	const cJSON *seats, *s, *row, *c;
	int a, b, q[POLICY_NODES], qt = 0, findable;
	size_t i;

	memset(m, 0, sizeof *m);
	m->view = r->view(g, (int)seat);
	seats = cJSON_GetObjectItemCaseSensitive(m->view, "seats");
	cJSON_ArrayForEach(s, seats) {
		row = cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(s, "hud"), "ground");
		b = -1;
		cJSON_ArrayForEach(c, row) {
			a = cJSON_IsString(c) ? map_node(m, c->valuestring) : -1;
			if (a >= 0 && b >= 0)
				m->adj[a][b] = m->adj[b][a] = 1;
			b = a;
		}
	}
	for (i = 0; i < m->n; i++)
		if (strstr(m->id[i], "docking-bay") != NULL)
			q[qt++] = (int)i;
	map_bfs(m, q, qt, m->dist);
	qt = 0;
	for (i = 0; i < m->n; i++)
		if (findable_here(m, m->id[i]))
			q[qt++] = (int)i;
	map_bfs(m, q, qt, m->sdist);
	findable = qt;
	map_party(m);
	map_enemies(m);
	map_strays(m);
	qt = 0;
	for (i = 0; i < m->n; i++)
		if (strncmp(m->id[i], "predator-shuttle", 16) == 0)
			q[qt++] = (int)i;
	map_bfs(m, q, qt, m->hdist);
	/* one left alone is nearer than one still to be found */
	m->fetching = !enough_found(m) && party_can_fetch(m);
	m->searching = !m->fetching && findable > 0 && !enough_found(m) &&
	    party_can_reach(m);
}

static int
map_dist(const struct policy_map *m, const int *dist, const char *id)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (strcmp(m->id[i], id) == 0)
			return dist[i];
	return POLICY_FAR;
}

/* Where a piece is now, or NULL. */
static const char *
piece_at(const struct policy_map *m, const char *piece, size_t len)
{
	const cJSON *p, *id, *at;

	static const char *const lists[] = { "pieces", "markers" };
	size_t l;

	for (l = 0; l < 2; l++)
		cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view,
		    lists[l])) {
			id = cJSON_GetObjectItemCaseSensitive(p, "id");
			at = cJSON_GetObjectItemCaseSensitive(p, "at");
			if (cJSON_IsString(id) && cJSON_IsString(at) &&
			    strlen(id->valuestring) == len &&
			    strncmp(id->valuestring, piece, len) == 0)
				return at->valuestring;
		}
	return NULL;
}

static int is_main(const struct policy_map *, const char *, size_t);
static int quota_met(const struct policy_map *);

/*
 * A move line that brings its mover where it is wanted: a supporting
 * character (or, once the quota is met, anyone) to a Docking Bay, a Main
 * Character to where a card of the hand can be found. One mover a line.
 */
static int
move_closer(struct policy_map *m, const char *line)
{
	const char *to = strstr(line, " to "), *who = line + 5, *at;
	size_t len = strcspn(who, " ,");
	const int *dist;

	if (to == NULL || who[len] != ' ' || (at = piece_at(m, who, len)) == NULL)
		return 0;
	if (m->fetching)	/* a Main Character goes back for a stray */
		dist = is_main(m, who, len) ? m->fdist : m->dist;
	else
		dist = m->searching ? m->sdist : m->dist;
	if (map_dist(m, dist, to + 4) >= map_dist(m, dist, at))
		return 0;
	return is_main(m, who, len) ? 4 : 5;	/* the escorted move first */
}

/* A move line that brings a hunter (or one of its markers) closer to an
 * enemy. */
static int
hunt_closer(struct policy_map *m, const char *line)
{
	const char *to = strstr(line, " to "), *who = line + 5, *at;
	size_t len = strcspn(who, " ,");

	if (to == NULL || who[len] != ' ' || strchr(to + 4, ' ') != NULL ||
	    (at = piece_at(m, who, len)) == NULL)
		return 0;
	return map_dist(m, m->edist, to + 4) < map_dist(m, m->edist, at) ? 3 : 0;
}

/* A move line that brings its mover closer to the Predator's ship. */
static int
go_home(struct policy_map *m, const char *line)
{
	const char *to = strstr(line, " to "), *who = line + 5, *at;
	size_t len = strcspn(who, " ,");

	if (to == NULL || who[len] != ' ' || strchr(to + 4, ' ') != NULL ||
	    (at = piece_at(m, who, len)) == NULL)
		return 0;
	return map_dist(m, m->hdist, to + 4) < map_dist(m, m->hdist, at) ? 5 : 0;
}

/* A move line that takes its mover away from the enemies. */
static int
leave(struct policy_map *m, const char *line)
{
	const char *to = strstr(line, " to "), *who = line + 5, *at;
	size_t len = strcspn(who, " ,");

	if (to == NULL || who[len] != ' ' || strchr(to + 4, ' ') != NULL ||
	    (at = piece_at(m, who, len)) == NULL)
		return 0;
	return map_dist(m, m->edist, to + 4) > map_dist(m, m->edist, at) ? 3 : 0;
}

/* "reveal MARKER": the real marker, where an enemy stands (to fight). */
static int
reveal_to_fight(const struct policy_map *m, const char *marker)
{
	const cJSON *p, *id, *real, *at;

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "markers")) {
		id = cJSON_GetObjectItemCaseSensitive(p, "id");
		real = cJSON_GetObjectItemCaseSensitive(p, "real");
		at = cJSON_GetObjectItemCaseSensitive(p, "at");
		if (cJSON_IsString(id) && strcmp(id->valuestring, marker) == 0 &&
		    cJSON_IsTrue(real) && cJSON_IsString(at))
			return map_dist(m, m->edist, at->valuestring) == 0;
	}
	return 0;
}

/* The Marines' supporting characters: the ones they rescue. */
static int
rescuable(const char *slug)
{
	static const char *const keep[] = { "colonist", "mechanic", "medic", "newt",
	    "technician", NULL };
	size_t i;

	for (i = 0; keep[i] != NULL; i++)
		if (strcmp(slug, keep[i]) == 0)
			return 1;
	return 0;
}

/* The Marines' rescue count has reached the quota? */
static int
quota_met(const struct policy_map *m)
{
	return rescue_left(m) <= 0;
}

/* Is the piece a main character? */
static int
is_main(const struct policy_map *m, const char *piece, size_t len)
{
	const cJSON *p, *id, *type;

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces")) {
		id = cJSON_GetObjectItemCaseSensitive(p, "id");
		type = cJSON_GetObjectItemCaseSensitive(p, "type");
		if (cJSON_IsString(id) && strlen(id->valuestring) == len &&
		    strncmp(id->valuestring, piece, len) == 0)
			return cJSON_IsString(type) &&
			    strcmp(type->valuestring, "main character") == 0;
	}
	return 0;
}

/* Is a card of the hand findable where piece stands? */
static int
findable_here_of(const struct policy_map *m, const char *piece)
{
	const char *at = piece_at(m, piece, strlen(piece));

	return at != NULL && findable_here(m, at);
}

/* Has anyone's character been killed yet (out of play)? */
static int
blood_drawn(const struct policy_map *m)
{
	const cJSON *s;

	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(m->view, "seats"))
		if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(s,
		    "out_of_play")) > 0)
			return 1;
	return 0;
}

/* Do the seat's characters seek out the others? The Predator does, until
 * a kill or two has won him some honor (a Predator who kills everyone
 * leaves nobody to win the game); the Aliens do from turn
 * ALIENS_HUNT_FROM on while no character has been killed yet (so that
 * every game sees a fight); the Rogue keeps home and fights whoever
 * comes. */
static int
hunter(const struct policy_map *m)
{
	const cJSON *seat = cJSON_GetObjectItemCaseSensitive(m->view, "seat");

	const cJSON *s, *name, *honor;

	if (cJSON_IsString(seat) && strncmp(seat->valuestring, "aliens", 6) == 0)
		return !blood_drawn(m) && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(
		    m->view, "turn")) && cJSON_GetObjectItemCaseSensitive(m->view,
		    "turn")->valueint >= ALIENS_HUNT_FROM;
	if (!cJSON_IsString(seat) || strncmp(seat->valuestring, "predator", 8) != 0)
		return 0;
	cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(m->view, "seats")) {
		name = cJSON_GetObjectItemCaseSensitive(s, "seat");
		honor = cJSON_GetObjectItemCaseSensitive(s, "honor");
		if (cJSON_IsString(name) && strcmp(name->valuestring,
		    seat->valuestring) == 0 && cJSON_IsNumber(honor))
			return honor->valueint < HUNT_HONOR;
	}
	return 1;
}

/* The Aliens after their hunt (someone killed): they leave the others be. */
static int
aliens_done(const struct policy_map *m)
{
	const cJSON *seat = cJSON_GetObjectItemCaseSensitive(m->view, "seat");

	return cJSON_IsString(seat) && strncmp(seat->valuestring, "aliens", 6) == 0 &&
	    blood_drawn(m);
}

/* Is a card of slug in the seat's hand? */
static int
hand_has(const struct policy_map *m, const char *slug)
{
	const cJSON *c;

	cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(m->view, "hand"))
		if (cJSON_IsString(c) && strcmp(c->valuestring, slug) == 0)
			return 1;
	return 0;
}

/* Has the seat a Camouflage Suit in play (its characters may hide)? */
static int
suit_in_play(const struct policy_map *m)
{
	const cJSON *p, *id, *owner, *seat;

	seat = cJSON_GetObjectItemCaseSensitive(m->view, "seat");
	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces")) {
		id = cJSON_GetObjectItemCaseSensitive(p, "id");
		owner = cJSON_GetObjectItemCaseSensitive(p, "owner");
		if (cJSON_IsString(id) && cJSON_IsString(owner) && cJSON_IsString(seat) &&
		    strncmp(id->valuestring, "camouflage-suit", 15) == 0 &&
		    strcmp(owner->valuestring, seat->valuestring) == 0)
			return 1;
	}
	return 0;
}

/*
 * The Predator's way to hidden movement: a Camouflage Suit is found at
 * his ship, so while he holds none in play he cycles his hand for one
 * (Discard and Draw) and stays home to find it; with it he hides and
 * hunts.
 */
static int
predator_preference(struct policy_map *m, const char *line)
{
	int suited = suit_in_play(m);

	if (strncmp(line, "find camouflage-suit ", 21) == 0)
		return 6;
	if (!hunter(m) && strncmp(line, "attack ", 7) == 0)
		return 0;	/* honor enough: he leaves the others be */
	if (!hunter(m) && strncmp(line, "move ", 5) == 0)
		return leave(m, line);
	if (strncmp(line, "discard ", 8) == 0)
		return !suited && strcmp(line + 8, "camouflage-suit") != 0 ? 1 : 0;
	if (strncmp(line, "move ", 5) == 0 && !suited &&
	    hand_has(m, "camouflage-suit"))
		return go_home(m, line);	/* home, to find it */
	return -1;
}

static int
preference(struct policy_map *m, const char *line, const char *phase, int marines)
{
	const cJSON *seat = cJSON_GetObjectItemCaseSensitive(m->view, "seat");
	int r;

	if (cJSON_IsString(seat) && strncmp(seat->valuestring, "predator", 8) == 0 &&
	    (r = predator_preference(m, line)) >= 0)
		return r;
	if (strncmp(line, "play ", 5) == 0)
		return strcmp(phase, "movement.locations") == 0 ? 6 : 3;
	if (strncmp(line, "find ", 5) == 0)
		return 4;
	if (aliens_done(m) && strncmp(line, "attack ", 7) == 0)
		return 0;	/* blood drawn: they leave the others be */
	if (aliens_done(m) && strncmp(line, "move ", 5) == 0)
		return leave(m, line);
	if (strncmp(line, "attack ", 7) == 0)	/* the Marines would rather */
		return marines ? 0 : 5;		/* rescue than fight */
	if (strncmp(line, "reveal ", 7) == 0)
		return reveal_to_fight(m, line + 7) ? 6 : 0;
	if (!marines && strncmp(line, "hide ", 5) == 0)	/* hidden movement */
		return 5;
	if (!marines && strncmp(line, "move ", 5) == 0)	/* the hunters */
		return hunter(m) ? hunt_closer(m, line) : 0;
	if (!marines)
		return strncmp(line, "search ", 7) == 0 ? 4 : 0;
	if (strncmp(line, "search ", 7) == 0)
		return findable_here_of(m, line + 7) ? 4 : 0;
	if (strncmp(line, "evacuate ", 9) == 0)
		return !is_main(m, line + 9, strlen(line + 9)) ? 6 : quota_met(m) ? 6 : 0;
	if (strncmp(line, "discard ", 8) == 0)
		return strcmp(line + 8, "docking-bay") == 0 ? 0 :
		    !rescuable(line + 8) ? 2 :
		    !findable_within_reach(m, line + 8) ? 1 : 0;
	if (strncmp(line, "move ", 5) == 0)
		return move_closer(m, line);
	return 0;
}

/*
 * Hidden movement (rulebook "Hidden Movement"): "hide PIECE real 1" needs
 * a marker to leave in the same Movement Step, and the markers exist only
 * once hidden, so the legal list cannot offer their moves: the marker
 * that is real goes to the neighbour nearest an enemy, a decoy to another
 * neighbour. Appended to sb when the rules take it.
 */
static void
hide_and_go(struct policy_map *m, const struct rules *r, const struct rules_game *g,
    size_t seat, const char *hide, struct strbuf *sb)
{
	const char *who = hide + 5, *at;
	size_t len = strcspn(who, " "), keep = sb->len, k;
	int a, best = -1, other = -1;
	char *why = NULL;

	if ((at = piece_at(m, who, len)) == NULL)
		return;
	for (a = 0; (size_t)a < m->n && strcmp(m->id[a], at) != 0; a++)
		;
	for (k = 0; (size_t)a < m->n && k < m->n; k++) {
		if (!m->adj[a][k])
			continue;
		if (best < 0 || m->edist[k] < m->edist[best]) {
			other = best;
			best = (int)k;
		} else if (other < 0)
			other = (int)k;
	}
	if (best < 0)
		return;
	strbuf_addf(sb, "%s\nmove %.*s-marker-1 to %s\n", hide, (int)len, who,
	    m->id[best]);
	if (other >= 0 && strcmp(hide + strlen(hide) - 2, " 1") != 0)
		strbuf_addf(sb, "move %.*s-marker-2 to %s\n", (int)len, who,
		    m->id[other]);
	if (r->check(g, seat, strbuf_str(sb), &why) != 0) {
		sb->len = keep;
		sb->s[keep] = '\0';
	}
	free(why);
}

char *
ccg_demo_orders(const struct rules_game *g, size_t seat)
{
	const struct rules *r = &rules_ccg;
	char *legal = r->legal(g, seat), *p, *nl, *why, *q, *e;
	const char *phase = r->phase(g);
	int marines = strncmp(r->seat_name(g, seat), "marines", 7) == 0;
	struct strbuf sb = STRBUF_INIT;
	struct policy_map m;
	char **lines = NULL;
	size_t n = 0, i, keep, tries = 0, written = 0;
	int level, t;

	map_build(&m, r, g, seat);
	for (p = legal; *p != '\0'; p = nl + 1) {
		if ((nl = strchr(p, '\n')) == NULL)
			break;
		*nl = '\0';
		if (*p != '#' && strcmp(p, "pass") != 0) {
			lines = xreallocarray(lines, n + 1, sizeof *lines);
			lines[n++] = p;
		}
	}
	strbuf_addstr(&sb, "");
	for (i = 0; i < n; i++)
		if (strncmp(lines[i], "hide ", 5) == 0 &&
		    strcmp(lines[i] + strlen(lines[i]) - 7, " real 2") == 0 &&
		    preference(&m, lines[i], phase, marines) > 0) {
			hide_and_go(&m, r, g, seat, lines[i], &sb);
			break;
		}
	for (level = 6; level > 0; level--)
		for (i = 0; i < n && tries < POLICY_TRIES && written < POLICY_LINES; i++) {
			if (lines[i] == NULL ||
			    preference(&m, lines[i], phase, marines) != level)
				continue;
			keep = sb.len;
			why = NULL;
			strbuf_addstr(&sb, lines[i]);
			strbuf_addc(&sb, '\n');
			tries++;
			if (r->check(g, seat, strbuf_str(&sb), &why) != 0 &&
			    strstr(why, "can still be placed") == NULL) {
				sb.len = keep;
				sb.s[keep] = '\0';
			} else
				written++;
			lines[i] = NULL;
			free(why);
		}
	/* what the rules still ask for, as their refusal suggests it */
	for (t = 0; t < POLICY_HINTS; t++) {
		why = NULL;
		if (r->check(g, seat, strbuf_str(&sb), &why) == 0) {
			free(why);
			break;
		}
		q = why != NULL ? strstr(why, "expected an order such as \"") : NULL;
		e = q != NULL ? strchr(q + 27, '"') : NULL;
		if (e == NULL) {
			free(why);
			strbuf_reset(&sb);
			strbuf_addstr(&sb, "");
			break;
		}
		strbuf_add(&sb, q + 27, (size_t)(e - (q + 27)));
		strbuf_addc(&sb, '\n');
		free(why);
	}
	cJSON_Delete(m.view);
	free(lines);
	free(legal);
	return strbuf_detach(&sb, NULL);
}
