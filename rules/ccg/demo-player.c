/*
 * demo-player.c — the CCG's scripted demo player (struct rules
 * demo_orders; the demo, the end-to-end tests and the benchmark play with
 * it): deterministic orders chosen from rules->legal() by a fixed
 * preference that aims at the one Contact victory the rules engine can
 * reach without combat, the Marines' rescue: the Marines play their
 * locations, search for supporting characters, walk everyone towards a
 * Docking Bay and evacuate there; the other seats play what the Contact
 * scenario makes them play and search, and keep their characters home
 * (an enemy at the Docking Bay would stop the evacuation). Only the
 * Marines discard, and only what is not a supporting character (a hand
 * drawn through shrinks); they evacuate a Main Character last, once the
 * quota is met. Where the rules insist on more
 * (the location plays), the order their refusal suggests is added.
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

/* The battleground as the seat sees it: locations and their neighbours. */
struct policy_map {
	const char	*id[POLICY_NODES];
	int		 adj[POLICY_NODES][POLICY_NODES];
	int		 dist[POLICY_NODES];	/* steps to a Docking Bay */
	int		 sdist[POLICY_NODES];	/* steps to where a card in hand
						   can be found */
	int		 pdist[POLICY_NODES];	/* steps from the seat's own
						   characters */
	int		 searching;	/* the party still looks for more */
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
 * Have the Marines enough supporting characters in play (with those
 * rescued) to meet the quota? Then the party heads for the Docking Bay.
 * Those another seat holds hostage do not count.
 */
static int
enough_found(const struct policy_map *m)
{
	const cJSON *p, *type, *owner, *ctl;
	int n = 0, need = rescue_left(m);

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces")) {
		type = cJSON_GetObjectItemCaseSensitive(p, "type");
		owner = cJSON_GetObjectItemCaseSensitive(p, "owner");
		ctl = cJSON_GetObjectItemCaseSensitive(p, "controller");
		if (cJSON_IsString(type) && cJSON_IsString(owner) &&
		    strcmp(type->valuestring, "supporting character") == 0 &&
		    strcmp(owner->valuestring, "marines") == 0 &&
		    (!cJSON_IsString(ctl) ||
		    strcmp(ctl->valuestring, "marines") == 0) &&
		    cJSON_GetObjectItemCaseSensitive(p, "at") != NULL)
			n++;
	}
	return n >= need;
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
	int a, b, q[POLICY_NODES], qt = 0;
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
	map_party(m);
	m->searching = qt > 0 && !enough_found(m) && party_can_reach(m);
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

	cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(m->view, "pieces")) {
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
	dist = m->searching ? m->sdist : m->dist;
	if (map_dist(m, dist, to + 4) >= map_dist(m, dist, at))
		return 0;
	return is_main(m, who, len) ? 4 : 5;	/* the escorted move first */
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

static int
preference(struct policy_map *m, const char *line, const char *phase, int marines)
{
	if (strncmp(line, "play ", 5) == 0)
		return strcmp(phase, "movement.locations") == 0 ? 6 : 3;
	if (strncmp(line, "find ", 5) == 0)
		return 4;
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

/*
 * The plan the demo's seats send with their orders, as a correspondent
 * who answers once per turn would: `pass` for every later phase of the
 * turn it has nothing to decide in (the Combat Round as one section: the
 * demo never attacks), none for its stops, the phases whose choices
 * depend on what happens first (the Marines: their movement, Discard and
 * Draw and search; the others: their location plays and search), which
 * it names once, in its first mail, with `set stops`.
 */
char *
ccg_demo_plan(const struct rules_game *g, size_t seat)
{
	const struct rules *r = &rules_ccg;
	int marines = strncmp(r->seat_name(g, seat), "marines", 7) == 0, p, combat = 0;
	const char *stops = marines ? "movement discard-draw search" :
	    "movement.locations search", *name, *s;
	struct strbuf sb = STRBUF_INIT;
	size_t n;

	strbuf_addstr(&sb, "");
	if (g->turn == 1)
		strbuf_addf(&sb, "set stops %s\n", stops);
	for (p = g->phase + 1; p < CCG_PH_END; p++) {
		name = ccg_phase_name(p);
		for (s = stops; *s != '\0'; s += n + (s[n] == ' ')) {
			n = strcspn(s, " ");
			if (strncmp(s, name, n) == 0 && (name[n] == '\0' || name[n] == '.'))
				break;
		}
		if (*s != '\0')
			continue;	/* a stop: asked there */
		if (ccg_combat_phase(p)) {
			if (!combat++)
				strbuf_addstr(&sb, "phase: combat\npass\n");
			continue;
		}
		strbuf_addf(&sb, "phase: %s\npass\n", name);
	}
	return strbuf_detach(&sb, NULL);
}
