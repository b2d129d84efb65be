/*
 * test-secrecy.c — the secrecy promise of doc/product.md §6 as a
 * noninterference test, and a canary test.
 *
 * A scripted four-seat CCG game is played phase by phase. At every phase
 * and for every seat S, the complete outgoing view mail of S (fixed clock
 * and Message-ID) is rendered from the real state and record, and again
 * from variants that differ only in what S may not know:
 *
 *   shuffle  the other seats' hands and decks dealt again from the same
 *            cards (other hand contents, other deck orders);
 *   canary   the other seats' hand and deck cards replaced by canary cards
 *            (a card database whose names carry a marker), the payloads of
 *            the events S may not see replaced, the secrets and nonces of
 *            every unrevealed commitment replaced (the commitment values
 *            and signatures shown stay the same) and the unopened seed too.
 *
 * Variants are built through the engine's own state: save(), edit the
 * hidden parts of the canonical JSON, load(). The mails must be byte
 * identical. Controls show the comparison can fail: changing S's own hand,
 * showing S an event it could not see, or changing an opened seed each
 * change S's mail.
 *
 * The canary test: in the canary variant, the marker strings must appear
 * in none of S's mails — the view (raw bytes and every decoded part), an
 * acknowledgement of S's orders, refusals of crafted bad orders of S
 * (the rules' reason quoted) — nor in any log line written meanwhile.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "daemon/view.h"
#include "lib/fsutil.h"
#include "lib/log.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/intake.h"
#include "tests/daemon/test-view-fixture.h"
#include "tests/tap.h"

#define CANARY		"zqcanary"		/* in card names, slugs, payloads, secrets */
#define NONCE_CANARY	0xc3			/* unrevealed commitments' nonces */
#define SEED_CANARY	0xa5			/* the unopened seed */

static struct strbuf logged = STRBUF_INIT;

static void
log_sink(enum log_level level, const char *line, void *arg)
{
	(void)level;
	(void)arg;
	strbuf_addstr(&logged, line);
	strbuf_addc(&logged, '\n');
}

/* Write the canary card file: a copy of every sample card, id "zq-ID",
 * name "Zqcanary NAME". Returns its path (caller frees). */
static char *
canary_cards(const char *dir)
{
	char *src = xasprintf("%s/rules/ccg/data/sample-cards.json", vfx_top());
	char *text = NULL, *out, *path, *cause = NULL;
	size_t len;
	cJSON *root, *cards, *c, *o;

	if (fs_read_file(src, 8 << 20, &text, &len, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	root = cJSON_Parse(text);
	cards = cJSON_GetObjectItem(root, "cards");
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "format", "muthur-ccg-cards");
	cJSON_AddNumberToObject(o, "version", 1);
	cJSON_AddStringToObject(o, "set", "secrecy test canaries");
	c = cJSON_AddArrayToObject(o, "cards");
	for (cJSON *it = cards->child; it != NULL; it = it->next) {
		cJSON *d = cJSON_Duplicate(it, 1);
		char *id = xasprintf("zq-%s", cJSON_GetStringValue(cJSON_GetObjectItem(it, "id")));
		char *name = xasprintf("Zqcanary %s",
		    cJSON_GetStringValue(cJSON_GetObjectItem(it, "name")));

		cJSON_ReplaceItemInObject(d, "id", cJSON_CreateString(id));
		cJSON_ReplaceItemInObject(d, "name", cJSON_CreateString(name));
		cJSON_AddItemToArray(c, d);
		free(id);
		free(name);
	}
	out = cJSON_PrintUnformatted(o);
	path = xasprintf("%s/canaries.json", dir);
	if (fs_write_file_atomic(path, out, strlen(out), 0644, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	cJSON_free(out);
	cJSON_Delete(o);
	cJSON_Delete(root);
	free(text);
	free(src);
	return path;
}

enum variant { V_SHUFFLE, V_CANARY, V_OWN_HAND };

static uint32_t
pick(uint64_t *c, uint32_t bound)
{
	uint64_t x = *c * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;

	*c = x;
	x ^= x >> 31;
	return (uint32_t)(x % bound);
}

/* The canary card's slug of a card slug. */
static const char *
canary_slug(const struct ccg_carddb *db, const char *slug)
{
	const struct ccg_card *c = ccg_carddb_find_slug(db, slug), *k;
	char *id;

	if (c == NULL)
		return slug;
	id = xasprintf("zq-%s", c->id);
	k = ccg_carddb_find_id(db, id);
	free(id);
	return k != NULL ? k->slug : slug;
}

/*
 * A variant of the state for reader seat: V_SHUFFLE and V_CANARY change the
 * other seats' hands and decks, V_OWN_HAND the reader's own hand (a leak, to
 * show the test can fail). NULL when the state cannot be varied that way.
 */
static struct rules_game *
vary_state(const struct vfx *x, size_t reader, enum variant v, uint64_t seed)
{
	char *bytes = x->R->save(x->g, NULL), *out, *cause = NULL;
	cJSON *root = cJSON_Parse(bytes), *seats = cJSON_GetObjectItem(root, "seats");
	struct rules_game *g = NULL;
	size_t s, i, nh, nd;
	int changed = 0;

	for (s = 0; s < (size_t)cJSON_GetArraySize(seats); s++) {
		cJSON *st = cJSON_GetArrayItem(seats, (int)s);
		cJSON *hand = cJSON_GetObjectItem(st, "hand"), *deck = cJSON_GetObjectItem(st, "deck");
		const char **pool;

		if ((v == V_OWN_HAND) != (s == reader))
			continue;
		nh = (size_t)cJSON_GetArraySize(hand);
		nd = (size_t)cJSON_GetArraySize(deck);
		pool = xcalloc(nh + nd + 1, sizeof *pool);
		for (i = 0; i < nh; i++)
			pool[i] = cJSON_GetArrayItem(hand, (int)i)->valuestring;
		for (i = 0; i < nd; i++)
			pool[nh + i] = cJSON_GetArrayItem(deck, (int)i)->valuestring;
		if (v == V_OWN_HAND) {
			/* one hand card swapped with a different deck card */
			for (i = nh; i < nh + nd && nh > 0; i++)
				if (strcmp(pool[i], pool[0]) != 0) {
					const char *t = pool[0];

					pool[0] = pool[i];
					pool[i] = t;
					changed = 1;
					break;
				}
		} else if (v == V_SHUFFLE) {
			for (i = nh + nd; i > 1; i--) {
				size_t j = pick(&seed, (uint32_t)i);
				const char *t = pool[i - 1];

				pool[i - 1] = pool[j];
				pool[j] = t;
			}
			changed = 1;
		} else {
			for (i = 0; i < nh + nd; i++)
				pool[i] = canary_slug(x->db, pool[i]);
			changed = 1;
		}
		cJSON *h2 = cJSON_CreateArray(), *d2 = cJSON_CreateArray();

		for (i = 0; i < nh; i++)
			cJSON_AddItemToArray(h2, cJSON_CreateString(pool[i]));
		for (i = 0; i < nd; i++)
			cJSON_AddItemToArray(d2, cJSON_CreateString(pool[nh + i]));
		free(pool);
		cJSON_ReplaceItemInObject(st, "hand", h2);
		cJSON_ReplaceItemInObject(st, "deck", d2);
	}
	out = cJSON_PrintUnformatted(root);
	if (changed) {
		g = x->R->load(x->db, out, strlen(out), &cause);
		if (g == NULL) {
			diag("variant does not load: %s", cause);
			free(cause);
		}
	}
	cJSON_free(out);
	cJSON_Delete(root);
	free(bytes);
	return g;
}

/* The record as the canary variant has it for reader: events it may not
 * see and every unrevealed secret, nonce and seed replaced. */
static void
vary_record(const struct vfx *x, const char *reader, struct store_event **ev,
    struct store_commitment **cm)
{
	size_t i;

	*ev = vfx_events_dup(x->ev, x->nev);
	*cm = vfx_commitments_dup(x->cm, x->ncm);
	for (i = 0; i < x->nev; i++) {
		struct store_event *e = &(*ev)[i];

		if (view_event_visible(e->visibility, reader))
			continue;
		free(e->payload);
		e->payload = (unsigned char *)xasprintf("{\"type\":\"%s\",\"card\":"
		    "\"" CANARY "-event-%zu\"}", e->type, i);
		e->payload_len = strlen((char *)e->payload);
	}
	for (i = 0; i < x->ncm; i++) {
		struct store_commitment *c = &(*cm)[i];

		if (c->revealed)
			continue;
		free(c->secret);
		if (strcmp(c->domain, "muthur.seed") == 0) {
			c->secret = xmalloc(33);
			memset(c->secret, SEED_CANARY, 32);
			c->secret[32] = '\0';
			c->secret_len = 32;
		} else {
			c->secret = (unsigned char *)xasprintf(CANARY "-secret-%zu", i);
			c->secret_len = strlen((char *)c->secret);
		}
		memset(c->nonce, NONCE_CANARY, sizeof c->nonce);
	}
}

static char *
render(const struct vfx *x, const struct rules_game *g, const struct tmpl_set *t,
    size_t seat, const struct store_event *ev, const struct store_commitment *cm,
    size_t *len)
{
	struct view_facts f;
	struct view_mail_ctx ctx;
	char *cause = NULL, *mail = NULL;
	cJSON *m;

	vfx_facts((struct vfx *)x, seat, 0, 1798800000, &f);
	if (ev != NULL)
		f.events = ev + (f.events - x->ev);
	if (cm != NULL)
		f.commitments = cm;
	vfx_ctx(seat, f.seat, &ctx);
	m = view_model_build(x->R, g, (int)seat, &f, &cause);
	if (m != NULL)
		mail = view_mail_render(t, m, &ctx, len, &cause);
	if (mail == NULL) {
		diag("render: %s", cause);
		free(cause);
		mail = xstrdup("");
		*len = 0;
	}
	cJSON_Delete(m);
	return mail;
}

static int
same(const char *a, size_t la, const char *b, size_t lb)
{
	return la == lb && memcmp(a, b, la) == 0;
}

/* Lowercase hex of n bytes all equal to b. */
static char *
hex_run(unsigned char b, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < n; i++)
		strbuf_addf(&sb, "%02x", b);
	return strbuf_detach(&sb, NULL);
}

static char *nonce_hex, *seed_hex;

/* Does text hold any canary (case-insensitively)? */
static int
has_canary(const char *text, size_t len)
{
	char *s = xmalloc(len + 1);
	size_t i;
	int r;

	for (i = 0; i < len; i++)
		s[i] = text[i] >= 'A' && text[i] <= 'Z' ? (char)(text[i] + 32) :
		    (text[i] == '\0' ? ' ' : text[i]);
	s[len] = '\0';
	r = strstr(s, CANARY) != NULL || strstr(s, nonce_hex) != NULL ||
	    strstr(s, seed_hex) != NULL || strstr(s, "zq-") != NULL;
	free(s);
	return r;
}

/* Has the mail (raw and every decoded part) a canary? */
static int
mail_has_canary(const char *mail, size_t len)
{
	struct intake_mail *im = NULL;
	size_t i;
	int r = has_canary(mail, len);

	if (intake_parse(mail, len, NULL, &im, NULL) != 0)
		return 1;
	for (i = 0; i < im->nparts; i++) {
		/*
		 * Not a picture's bytes: they are deflated, and a 3-byte
		 * canary ("zq-", either case) turns up in them by chance,
		 * about once in a few hundred views (CI saw it twice in one
		 * run). What a picture shows is held by the noninterference
		 * checks, which compare whole mails, view.png with them.
		 */
		if (im->parts[i].type != NULL &&
		    strncmp(im->parts[i].type, "image/", 6) == 0)
			continue;
		r |= has_canary(im->parts[i].data, im->parts[i].len);
	}
	if (im->subject != NULL)
		r |= has_canary(im->subject, strlen(im->subject));
	intake_mail_free(im);
	return r;
}

/*
 * Bad orders of seat: legal lines with their last word made unknown, and
 * every verb aimed at the other seats' pieces and at the cards that were
 * in their hands before the canaries came (names the reader may guess).
 */
static char **
bad_orders(const struct vfx *x, size_t seat, const struct rules_game *real, size_t *n)
{
	static const char *verbs[] = { "evacuate", "download", "play", "move",
	    "pickup", "transfer", "drop", "discard", "search", "find" };
	char **v = NULL, *legal = x->R->legal(real, seat), *p, *nl, *bytes;
	cJSON *root, *it, *seats;
	size_t k, s;

	*n = 0;
	for (p = legal; *p != '\0'; p = nl + 1) {
		char *sp;

		nl = strchr(p, '\n');
		*nl = '\0';
		if (*p == '#' || (sp = strrchr(p, ' ')) == NULL)
			continue;
		v = xreallocarray(v, *n + 1, sizeof *v);
		v[(*n)++] = xasprintf("%.*s nonesuch\n", (int)(sp - p), p);
		if (*n > 12)
			break;
	}
	free(legal);
	bytes = x->R->save(real, NULL);
	root = cJSON_Parse(bytes);
	seats = cJSON_GetObjectItem(root, "seats");
	for (s = 0; s < (size_t)cJSON_GetArraySize(seats); s++) {
		cJSON *hand = cJSON_GetObjectItem(cJSON_GetArrayItem(seats, (int)s), "hand");

		if (s == seat)
			continue;
		cJSON_ArrayForEach(it, hand)
			for (k = 0; k < sizeof verbs / sizeof verbs[0]; k++) {
				v = xreallocarray(v, *n + 1, sizeof *v);
				v[(*n)++] = xasprintf("%s %s to %s\n", verbs[k],
				    it->valuestring, it->valuestring);
			}
	}
	cJSON_ArrayForEach(it, cJSON_GetObjectItem(root, "pieces"))
		for (k = 0; k < 4; k++) {
			v = xreallocarray(v, *n + 1, sizeof *v);
			v[(*n)++] = xasprintf("%s %s to barracks\n", verbs[k + 3],
			    cJSON_GetStringValue(cJSON_GetObjectItem(it, "id")));
		}
	cJSON_Delete(root);
	free(bytes);
	return v;
}

struct tally {
	int	views, shuffle_bad, canary_bad, leak_found, leak_tried;
	int	event_leak_found, event_leak_tried, seed_leak_found, seed_leak_tried;
	int	canary_mails, canary_hits, refusals, acks;
	int	unloadable, owes_changed;
};

static void
replies(const struct vfx *x, const struct rules_game *canary_g,
    const struct tmpl_set *t, size_t seat, struct tally *ty)
{
	struct view_mail_ctx ctx;
	struct reply_facts f;
	char **bad, *mail, *cause, *orders;
	const char *awaited[1] = { "rogue" };
	size_t n, i, len;

	vfx_ctx(seat, x->R->seat_name(canary_g, seat), &ctx);
	ctx.in_reply_to = "<orders@players.example>";
	ctx.subject = "orders";
	memset(&f, 0, sizeof f);
	f.game = x->game;
	f.seat = x->R->seat_name(canary_g, seat);
	f.turn = x->R->turn(canary_g);
	f.phase = x->R->phase(canary_g);
	bad = bad_orders(x, seat, x->g, &n);
	for (i = 0; i < n; i++) {
		cause = NULL;
		if (x->R->check(canary_g, seat, bad[i], &cause) == 0) {
			free(bad[i]);
			continue;
		}
		f.reason = cause;
		mail = reply_mail_render(t, REPLY_REFUSAL, &f, &ctx, &len, NULL);
		ty->refusals++;
		ty->canary_mails++;
		if (mail == NULL || mail_has_canary(mail, len)) {
			ty->canary_hits++;
			diag("refusal to %s leaks: %s -> %s", f.seat, bad[i], cause);
		}
		free(mail);
		free(cause);
		free(bad[i]);
	}
	free(bad);
	f.reason = NULL;
	orders = x->R->owes(x->g, seat) ? vfx_choose((struct vfx *)x, seat) : xstrdup("");
	if (x->R->check(canary_g, seat, orders, NULL) == 0) {
		f.orders = orders;
		f.awaited = awaited;
		f.nawaited = 1;
		mail = reply_mail_render(t, REPLY_ACK, &f, &ctx, &len, NULL);
		ty->acks++;
		ty->canary_mails++;
		if (mail == NULL || mail_has_canary(mail, len))
			ty->canary_hits++;
		free(mail);
	}
	free(orders);
}

static void
one_phase(struct vfx *x, const struct tmpl_set *t, struct tally *ty, int phase_no)
{
	size_t seat, i, n = x->R->nseats(x->g), la, lb;
	char *a, *b;

	for (seat = 0; seat < n; seat++) {
		const char *name = x->R->seat_name(x->g, seat);
		struct rules_game *g;
		struct store_event *ev;
		struct store_commitment *cm;

		a = render(x, x->g, t, seat, NULL, NULL, &la);
		ty->views++;
		/*
		 * shuffle. Who owes orders is in every view (doc/product.md §6),
		 * so it must not follow from the others' hands either: a phase
		 * waits for every seat that might have a choice as far as the
		 * reader can tell (rules/ccg/turn-sequence.c).
		 */
		g = vary_state(x, seat, V_SHUFFLE,
		    (uint64_t)phase_no * 7919 + seat * 104729);
		for (i = 0; g != NULL && i < n; i++)
			if (x->R->owes(g, i) != x->R->owes(x->g, i)) {
				ty->owes_changed++;
				diag("phase %d: dealing %s's opponents again changes "
				    "whether %s owes orders", phase_no, name,
				    x->R->seat_name(x->g, i));
				break;
			}
		if (g == NULL)
			ty->unloadable++;
		else {
			b = render(x, g, t, seat, NULL, NULL, &lb);
			if (!same(a, la, b, lb)) {
				ty->shuffle_bad++;
				diag("phase %d: %s's mail changes with the others' hands "
				    "and decks", phase_no, name);
				if (getenv("SECRECY_DUMP")) {
					fwrite(a, 1, la, stderr);
					fwrite(b, 1, lb, stderr);
				}
			}
			free(b);
			x->R->free(g);
		}
		/* canary: state and record */
		g = vary_state(x, seat, V_CANARY, 0);
		vary_record(x, name, &ev, &cm);
		if (g == NULL)
			ty->unloadable++;
		else {
			b = render(x, g, t, seat, ev, cm, &lb);
			if (!same(a, la, b, lb)) {
				ty->canary_bad++;
				diag("phase %d: %s's mail changes with what it may not know",
				    phase_no, name);
			}
			ty->canary_mails++;
			if (mail_has_canary(b, lb)) {
				ty->canary_hits++;
				diag("phase %d: a canary in %s's view", phase_no, name);
			}
			free(b);
			replies(x, g, t, seat, ty);
			x->R->free(g);
		}
		/* control: the seat's own hand */
		g = vary_state(x, seat, V_OWN_HAND, 0);
		if (g != NULL) {
			ty->leak_tried++;
			b = render(x, g, t, seat, NULL, NULL, &lb);
			ty->leak_found += !same(a, la, b, lb);
			free(b);
			x->R->free(g);
		}
		/* control: an event it may not see made visible to it */
		for (i = x->prev_first_ev - 1; i < x->nev; i++)
			if (!view_event_visible(ev[i].visibility, name)) {
				free(ev[i].visibility);
				ev[i].visibility = xstrdup("all");
				ty->event_leak_tried++;
				b = render(x, x->g, t, seat, ev, NULL, &lb);
				ty->event_leak_found += !same(a, la, b, lb);
				free(b);
				break;
			}
		/* control: the opened seed changed */
		store_commitments_free(cm, x->ncm);
		cm = vfx_commitments_dup(x->cm, x->ncm);
		for (i = x->ncm; i > 0; i--)
			if (cm[i - 1].revealed && strcmp(cm[i - 1].domain, "muthur.seed") == 0) {
				cm[i - 1].secret[0] ^= 1;
				ty->seed_leak_tried++;
				b = render(x, x->g, t, seat, NULL, cm, &lb);
				ty->seed_leak_found += !same(a, la, b, lb);
				free(b);
				break;
			}
		store_events_free(ev, x->nev);
		store_commitments_free(cm, x->ncm);
		free(a);
	}
}

/*
 * Play the scripted game to turn 3 (40 phases at most), checking every
 * phase; standing: the scripted players also give standing passes ("pass
 * ROUND", rules/ccg/standing-pass.c), so who is awaited then hangs on
 * them too. 1 while the game goes on, 0 over, -1 failed.
 */
static int
play(const char *cards, const struct tmpl_set *t, struct tally *ty, int standing,
    int *phase, size_t *stood)
{
	struct vfx x;
	char *cause = NULL;
	size_t i;
	int rc = 1, n = 0;

	if (vfx_init(&x, cards, 11, &cause) != 0) {
		printf("Bail out! %s\n", cause);
		exit(1);
	}
	x.standing = standing;
	while (rc == 1 && x.R->turn(x.g) <= 3 && n < 40) {
		one_phase(&x, t, ty, ++*phase);
		n++;
		rc = vfx_step(&x);
	}
	if (rc == 0)
		one_phase(&x, t, ty, ++*phase);
	for (i = 0; i < x.nev; i++)
		*stood += strstr((const char *)x.ev[i].payload,
		    "\"type\":\"standing-pass\"") != NULL;
	vfx_free(&x);
	return rc;
}

int
main(void)
{
	char dir[] = "/tmp/muthur-secrecy-XXXXXX", *cards, *cause = NULL;
	struct tally ty;
	struct tmpl_set *t;
	int phase = 0, rc = 1, rc2;
	size_t stood0 = 0, stood = 0;

	memset(&ty, 0, sizeof ty);
	if (mkdtemp(dir) == NULL) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	cards = canary_cards(dir);
	nonce_hex = hex_run(NONCE_CANARY, 8);
	seed_hex = hex_run(SEED_CANARY, 8);
	log_set_level(LOG_LEVEL_DEBUG);
	log_set_sink(log_sink, NULL);
	if ((t = view_templates_new(NULL, &cause)) == NULL) {
		printf("Bail out! %s\n", cause);
		return 1;
	}
	rc = play(cards, t, &ty, 0, &phase, &stood0);
	rc2 = play(cards, t, &ty, 1, &phase, &stood);
	ok(rc2 != -1 && stood > 0, "the same checks with standing passes in use: "
	    "%zu given", stood);
	ok(rc != -1 && phase >= 16, "two scripted games: %d phases", phase);
	ok(ty.views == phase * 4 && ty.unloadable == 0,
	    "%d views, every variant loads (%d did not)", ty.views, ty.unloadable);
	ok(ty.shuffle_bad == 0, "noninterference: the other seats' hands and decks "
	    "dealt again change no seat's mail (%d of %d changed)",
	    ty.shuffle_bad, ty.views);
	ok(ty.owes_changed == 0, "noninterference: dealing the other seats again "
	    "never changes who owes orders (%d of %d views did)",
	    ty.owes_changed, ty.views);
	ok(ty.canary_bad == 0, "noninterference: hidden cards, unseen events, unrevealed "
	    "secrets, nonces and seed change no seat's mail (%d of %d changed)",
	    ty.canary_bad, ty.views);
	ok(ty.leak_tried > 0 && ty.leak_found == ty.leak_tried,
	    "control: a seat's own changed hand changes its mail (%d of %d)",
	    ty.leak_found, ty.leak_tried);
	ok(ty.event_leak_tried > 0 && ty.event_leak_found == ty.event_leak_tried,
	    "control: an event made visible to a seat changes its mail (%d of %d)",
	    ty.event_leak_found, ty.event_leak_tried);
	ok(ty.seed_leak_tried > 0 && ty.seed_leak_found == ty.seed_leak_tried,
	    "control: a changed opened seed changes the mail (%d of %d)",
	    ty.seed_leak_found, ty.seed_leak_tried);
	ok(ty.canary_hits == 0 && ty.refusals > 100 && ty.acks > 0,
	    "canaries: none in %d mails to other seats (views, %d refusals, %d acks)",
	    ty.canary_mails, ty.refusals, ty.acks);
	ok(!has_canary(strbuf_str(&logged), logged.len),
	    "canaries: none in the %zu bytes logged meanwhile", logged.len);
	{
		/* the canary check itself sees a canary where there is one */
		char *leak = xasprintf("x %s y", CANARY "-secret-1");

		ok(has_canary(leak, strlen(leak)) && has_canary(seed_hex, 16) &&
		    !has_canary("pulse-rifle", 11), "control: the canary check finds canaries");
		free(leak);
	}
	log_set_sink(NULL, NULL);
	tmpl_set_free(t);
	unlink(cards);
	rmdir(dir);
	free(cards);
	free(nonce_hex);
	free(seed_hex);
	strbuf_free(&logged);
	return done_testing();
}
