/*
 * test-hidden-game.c — issue #6's acceptance test at the game level: a
 * game in which a Predator moves hidden for several turns, played through
 * the game interface (rules/rules.h: create, resolve, view, secrets) the
 * way the daemon plays it, three times over with the same orders and
 * dice, once with each of the three markers real.
 *
 * - At every step (after each resolve) the Marines' view and a
 *   spectator's are byte-identical in the three games, and the public
 *   events too: nobody else can tell which marker is real. The Predator's
 *   own view differs (the test could fail).
 * - In those views the Predator's card shows no location and no movement
 *   points (only "hidden": true); the places are the markers'.
 * - After every step the secrets are committed as the daemon does
 *   (store/commit.h, domain "muthur.secret", secret-id "ID@STEP", one new
 *   commitment whenever a secret's bytes change), with a server key made
 *   here. When the Predator reveals its real marker, the public
 *   marker-reveal event lists in "opens" every marker's secret; each
 *   opening (the committed bytes and nonce) verifies against its signed
 *   commitment, and the bytes say which marker was real: the one revealed.
 *
 * The Predator's HUD is laid out with a test edit (ccg_edit()) before
 * play: the sample decks play no locations.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/fsutil.h"
#include "lib/xmalloc.h"
#include "rules/ccg/ccg.h"
#include "tests/rules/state-edit.h"
#include "rules/rules.h"
#include "store/commit.h"
#include "tests/rules/test-util.h"
#include "tests/tap.h"

#define NGAMES		3
#define DOMAIN		"muthur.secret"
#define GAME		"hidden-game"
#define MAXSTEPS	80

/* One commitment made by the "daemon" of one game. */
struct commitment {
	char		*id;		/* the rules' secret id */
	char		*sid;		/* ID@STEP */
	unsigned char	*bytes;
	size_t		 len;
	unsigned char	 nonce[COMMIT_NONCE_BYTES], c[COMMIT_BYTES];
	unsigned char	 sig[COMMIT_SIG_BYTES];
};

struct play {
	struct rules_game	*g;
	struct test_ctr		 ctr;
	struct rules_rng	 rng;
	struct rules_events	 ev;		/* of the last step */
	struct commitment	*cm;
	size_t			 ncm;
};

static unsigned char pk[32], sk[64];

/* The latest commitment of secret id, or NULL. */
static const struct commitment *
latest(const struct play *p, const char *id)
{
	size_t i;

	for (i = p->ncm; i-- > 0;)
		if (strcmp(p->cm[i].id, id) == 0)
			return &p->cm[i];
	return NULL;
}

/* The daemon's game_secrets_commit(): commit what is new or changed. */
static void
commit_secrets(const struct rules *R, struct play *p, int step)
{
	struct rules_secret *sec;
	size_t n, i;

	R->secrets(p->g, &sec, &n);
	for (i = 0; i < n; i++) {
		const struct commitment *l = latest(p, sec[i].id);
		struct commitment *c;

		if (l != NULL && l->len == sec[i].len &&
		    memcmp(l->bytes, sec[i].bytes, l->len) == 0)
			continue;
		p->cm = xreallocarray(p->cm, p->ncm + 1, sizeof *p->cm);
		c = &p->cm[p->ncm++];
		c->id = xstrdup(sec[i].id);
		c->sid = xasprintf("%s@%d", sec[i].id, step);
		c->bytes = xmalloc(sec[i].len ? sec[i].len : 1);
		memcpy(c->bytes, sec[i].bytes, sec[i].len);
		c->len = sec[i].len;
		commit_create(sk, DOMAIN, GAME, c->sid, c->bytes, c->len,
		    c->nonce, c->c, c->sig);
	}
	rules_secrets_free(sec, n);
}

/* Are a and b the same text? Frees both. */
static int
same_str(char *a, char *b)
{
	int same = strcmp(a, b) == 0;

	free(a);
	free(b);
	return same;
}

/* The events of the step that seat may see, one per line. */
static char *
events_str(const struct rules_events *ev, int seat)
{
	char *out = xstrdup(""), *t;
	size_t i;

	for (i = 0; i < ev->n; i++)
		if (rules_event_visible(&ev->v[i], seat)) {
			t = xasprintf("%s%s\n", out, ev->v[i].json);
			free(out);
			out = t;
		}
	return out;
}

/* Does seat's view place piece id anywhere ("at" or movement points)? */
static int
view_places(const struct rules *R, const struct rules_game *g, int seat,
    const char *id)
{
	cJSON *v = R->view(g, seat), *o;
	int found = 0;

	cJSON_ArrayForEach(o, cJSON_GetObjectItem(v, "pieces")) {
		const cJSON *pid = cJSON_GetObjectItem(o, "id");

		if (cJSON_IsString(pid) && strcmp(pid->valuestring, id) == 0 &&
		    (cJSON_HasObjectItem(o, "at") ||
		    cJSON_HasObjectItem(o, "movement_points") ||
		    !cJSON_IsTrue(cJSON_GetObjectItem(o, "hidden"))))
			found = 1;
	}
	cJSON_Delete(v);
	return found;
}

/* Number of markers in seat's view. */
static int
view_markers(const struct rules *R, const struct rules_game *g, int seat)
{
	cJSON *v = R->view(g, seat);
	int n = cJSON_GetArraySize(cJSON_GetObjectItem(v, "markers"));

	cJSON_Delete(v);
	return n;
}

/*
 * Check the marker-reveal events of p's last step: each "opens" id has a
 * commitment whose opening verifies, and the opened bytes name the real
 * marker. Returns the number of verified openings; *real_seen set to the
 * marker the openings say was real ("" when none).
 */
static int
check_openings(struct play *p, char *real_seen, size_t cap, int *bad)
{
	size_t i;
	int nopen = 0;

	real_seen[0] = '\0';
	for (i = 0; i < p->ev.n; i++) {
		cJSON *e, *o;
		const cJSON *type;

		if (p->ev.v[i].vis != RULES_VIS_PUBLIC)
			continue;
		e = cJSON_Parse(p->ev.v[i].json);
		type = cJSON_GetObjectItem(e, "type");
		if (!cJSON_IsString(type) ||
		    strcmp(type->valuestring, "marker-reveal") != 0) {
			cJSON_Delete(e);
			continue;
		}
		cJSON_ArrayForEach(o, cJSON_GetObjectItem(e, "opens")) {
			const struct commitment *c = latest(p, o->valuestring);
			char *cause = NULL, *txt, *sp;

			if (c == NULL || commit_open_verify(DOMAIN, GAME, c->sid,
			    c->bytes, c->len, c->nonce, c->c, &cause) != 0 ||
			    commit_sig_verify(pk, DOMAIN, GAME, c->sid, c->c,
			    c->sig) != 0) {
				diag("opening of %s does not verify: %s",
				    o->valuestring, cause ? cause : "no commitment");
				free(cause);
				(*bad)++;
				continue;
			}
			nopen++;
			txt = xmalloc(c->len + 1);
			memcpy(txt, c->bytes, c->len);
			txt[c->len] = '\0';
			if ((sp = strstr(txt, " real ")) != NULL) {
				*sp = '\0';
				snprintf(real_seen, cap, "%s", txt);
			}
			free(txt);
		}
		cJSON_Delete(e);
	}
	return nopen;
}

static void
play_free(const struct rules *R, struct play *p)
{
	size_t i;

	for (i = 0; i < p->ncm; i++) {
		free(p->cm[i].id);
		free(p->cm[i].sid);
		free(p->cm[i].bytes);
	}
	free(p->cm);
	rules_events_free(&p->ev);
	R->free(p->g);
}

int
main(int argc, char **argv)
{
	const struct rules *R = rules_find("ccg");
	struct ccg_carddb *db = ccg_carddb_new();
	const char *top = argc > 1 ? argv[1] : getenv("top_srcdir");
	const char *mst[] = { "pvt-hudson", "cpl-hicks", "sgt-apone",
	    "pvt-vasquez", "barracks", "weapons-locker" };
	const char *pst[] = { "young-tusk", "melee-claws", "mask",
	    "camouflage-suit", "predator-shuttle", "airlock" };
	const char *deck[] = { "colonist", "colonist", "medic", "medic" };
	struct rules_seat seats[2] = {
		{ "marines", "marines", deck, 4, mst, 6 },
		{ "predator", "predator", deck, 4, pst, 6 },
	};
	struct rules_setup su = { "contact", seats, 2, NULL, 1, 0, NULL, 0 };
	/* the Predator's orders in each Movement Step, the same in every
	 * game (the first after "hide young-tusk real K"): every marker
	 * leaves its place (so the real one does), none meets another (no
	 * merge) */
	static const char *const moves[] = {
		"move young-tusk-marker-1 to airlock\n"
		"move young-tusk-marker-1 to main-corridor\n"
		"move young-tusk-marker-1 to tavern\n"
		"move young-tusk-marker-2 to airlock\n"
		"move young-tusk-marker-2 to main-corridor\n"
		"move young-tusk-marker-3 to airlock\n",
		"move young-tusk-marker-3 to predator-shuttle\n"
		"move young-tusk-marker-2 to airlock\n"
		"move young-tusk-marker-1 to main-corridor\n",
		"move young-tusk-marker-1 to tavern\n"
		"move young-tusk-marker-2 to main-corridor\n"
		"move young-tusk-marker-3 to airlock\n",
		"move young-tusk-marker-3 to predator-shuttle\n"
		"move young-tusk-marker-2 to airlock\n"
		"move young-tusk-marker-1 to main-corridor\n",
	};
	struct play p[NGAMES];
	char *path, *text, *cause = NULL, real_seen[64];
	size_t len, turn;
	int k, ps, ms, step = 0, same = 1, own = 0, placed = 0, marks = 1;
	int resolved = 1, bad = 0, nopen, moved = 0;

	if (top == NULL)
		top = ".";
	if (sodium_init() < 0)
		skip_all("libsodium does not initialise");
	crypto_sign_keypair(pk, sk);
	path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	if (fs_read_file(path, 1 << 22, &text, &len, &cause) != 0 ||
	    ccg_carddb_add_json(db, "sample-cards.json", text, len, &cause) != 0 ||
	    ccg_carddb_seal(db, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	free(text);
	free(path);
	su.data = db;

	for (k = 0; k < NGAMES; k++) {
		memset(&p[k], 0, sizeof p[k]);
		p[k].ctr.seed = 17;
		p[k].rng.uniform = test_ctr_uniform;
		p[k].rng.ctx = &p[k].ctr;
		p[k].g = R->create(&su, &p[k].rng, &p[k].ev, &cause);
		if (p[k].g == NULL) {
			printf("Bail out! create: %s\n", cause);
			return 1;
		}
		if (ccg_edit(p[k].g, "hud predator ground predator-shuttle "
		    "airlock main-corridor tavern", &cause) != 0) {
			printf("Bail out! %s\n", cause);
			return 1;
		}
		commit_secrets(R, &p[k], step);
	}
	ps = R->seat_index(p[0].g, "predator");
	ms = R->seat_index(p[0].g, "marines");
	ok(ps >= 0 && ms >= 0, "a Marines and a Predator seat");

	/* several turns of hidden movement */
	for (turn = 0; turn < sizeof moves / sizeof moves[0]; turn++) {
		int inmove = 0;

		while (!inmove && step < MAXSTEPS) {
			char *orders[2] = { NULL, NULL };
			const char *ph = R->phase(p[0].g);

			inmove = strcmp(ph, "movement.move") == 0;
			step++;
			for (k = 0; k < NGAMES; k++) {
				rules_events_free(&p[k].ev);
				if (inmove)
					orders[ps] = turn == 0 ? xasprintf("hide "
					    "young-tusk real %d\n%s", k + 1,
					    moves[turn]) : xstrdup(moves[turn]);
				if (R->resolve(p[k].g, (const char *const *)orders,
				    &p[k].rng, &p[k].ev, &cause) != 0) {
					diag("step %d game %d: %s", step, k, cause);
					free(cause);
					cause = NULL;
					resolved = 0;
				}
				free(orders[ps]);
				orders[ps] = NULL;
				commit_secrets(R, &p[k], step);
			}
			moved += inmove;
			/* what the others see, whichever marker is real */
			for (k = 1; k < NGAMES; k++) {
				int seat, s;

				for (s = 0; s < 2; s++) {
					seat = s == 0 ? ms : -1;
					if (!same_str(test_view_str(R, p[0].g, seat),
					    test_view_str(R, p[k].g, seat)) ||
					    !same_str(events_str(&p[0].ev, seat),
					    events_str(&p[k].ev, seat))) {
						same = 0;
						diag("step %d: seat %d tells game 1 "
						    "from game %d", step, seat, k + 1);
					}
				}
				own += !same_str(test_view_str(R, p[0].g, ps),
				    test_view_str(R, p[k].g, ps));
			}
			for (k = 0; moved > 0 && k < NGAMES; k++) {	/* once hidden */
				placed += view_places(R, p[k].g, ms, "young-tusk");
				placed += view_places(R, p[k].g, -1, "young-tusk");
				if ((view_markers(R, p[k].g, ms) != 3 ||
				    view_markers(R, p[k].g, -1) != 3))
					marks = 0;
			}
		}
	}
	ok(resolved && moved == (int)(sizeof moves / sizeof moves[0]),
	    "the Predator moves hidden through %d Movement Steps (%d steps "
	    "resolved, turn %d)", moved, step, R->turn(p[0].g));
	ok(same, "at every one of %d steps the Marines' and a spectator's "
	    "views and events are byte-identical whichever marker is real",
	    step);
	ok(placed == 0 && marks, "their views never place the Predator: no "
	    "location nor movement points of young-tusk, three markers only");
	ok(own > 0, "the Predator's own view differs between the games (%d "
	    "steps)", own);

	/* the reveal: each game reveals its real marker in the next
	 * Movement Step; the openings prove which one it was */
	for (k = 0; k < NGAMES; k++) {
		char *orders[2] = { NULL, NULL };
		char want[64];
		int guard = 0;

		while (strcmp(R->phase(p[k].g), "movement.move") != 0 &&
		    guard++ < 20) {
			rules_events_free(&p[k].ev);
			R->resolve(p[k].g, NULL, &p[k].rng, &p[k].ev, NULL);
			commit_secrets(R, &p[k], ++step);
		}
		rules_events_free(&p[k].ev);
		orders[ps] = xasprintf("reveal young-tusk-marker-%d\n", k + 1);
		ok(R->resolve(p[k].g, (const char *const *)orders, &p[k].rng,
		    &p[k].ev, &cause) == 0, "game %d: the Predator reveals "
		    "marker %d", k + 1, k + 1);
		free(orders[ps]);
		nopen = check_openings(&p[k], real_seen, sizeof real_seen, &bad);
		snprintf(want, sizeof want, "young-tusk-marker-%d", k + 1);
		ok(nopen == 3 && bad == 0, "game %d: the public marker-reveal "
		    "opens all three markers' commitments, each verified "
		    "(%d)", k + 1, nopen);
		is_str(real_seen, want, "game %d: the openings prove marker %d "
		    "was the real one", k + 1, k + 1);
		ok(view_markers(R, p[k].g, ms) == 0 &&
		    view_places(R, p[k].g, ms, "young-tusk"),
		    "game %d: the Marines now see young-tusk itself and no "
		    "marker", k + 1);
	}
	for (k = 0; k < NGAMES; k++)
		play_free(R, &p[k]);
	ccg_carddb_free(db);
	return done_testing();
}
