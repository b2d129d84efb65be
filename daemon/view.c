/*
 * view.c — the view model of one seat (daemon/view.h, doc/views.md): the
 * rules' view of that seat, the facts the daemon keeps (filtered again
 * here: events by visibility, commitments by whether they are revealed),
 * display-ready text for the templates, and the orders block.
 *
 * Nothing in the model comes from anything but the rules' view for the
 * seat, the seat's legal orders and the filtered facts; the secrecy tests
 * (tests/e2e/test-secrecy*) hold this file to it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "daemon/view.h"
#include "daemon/view-int.h"
#include "lib/cause.h"
#include "lib/sentence.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "store/random.h"

#define DECKLIST_DOMAIN	"muthur.decklist"

char *
view_hex(const void *p, size_t len)
{
	char *s = xmalloc(2 * len + 1);

	sodium_bin2hex(s, 2 * len + 1, p, len);
	return s;
}

static void
add_hex(cJSON *o, const char *k, const void *p, size_t len)
{
	char *s = view_hex(p, len);

	cJSON_AddStringToObject(o, k, s);
	free(s);
}

int
view_time_text(int64_t t, char *buf, size_t size)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (t <= 0 || gmtime_r(&tt, &tm) == NULL ||
	    strftime(buf, size, "%Y-%m-%d %H:%M UTC", &tm) == 0)
		return -1;
	return 0;
}

cJSON *
view_names(const char *const *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();
	size_t i;

	for (i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
	return a;
}

char *
view_join(const char *const *v, size_t n, const char *none)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	if (n == 0)
		return xstrdup(none);
	for (i = 0; i < n; i++) {
		if (i > 0)
			strbuf_addstr(&sb, ", ");
		strbuf_addstr(&sb, v[i]);
	}
	return strbuf_detach(&sb, NULL);
}

int
view_event_visible(const char *vis, const char *seat)
{
	size_t n = strlen(seat);
	const char *p;

	if (vis == NULL)
		return 0;
	if (strcmp(vis, "all") == 0)
		return 1;
	for (p = vis; *p != '\0';) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		if (len == n && strncmp(p, seat, n) == 0)
			return 1;
		if (e == NULL)
			break;
		p = e + 1;
	}
	return 0;
}

/*
 * The daemon's own events (game.*) as sentences (lib/sentence.h); other
 * types are the game's (struct rules events_text). The first row of the
 * type whose key (if any) holds that string value is used: a phase the
 * organiser resolved says so, not "by the deadline" (it may come before
 * it), and a phase held under NMR hold says it waits, not that the seats
 * passed.
 */
static const struct {
	const char *type, *key, *value, *text;
} daemon_sentences[] = {
	{ "game.result", NULL, NULL, "The result: {winner/nobody} wins" },
	{ "game.nmr", "by", "organiser", "The organiser resolved the phase[; "
	    "{defaulted} passed without orders] ({policy} policy)" },
	{ "game.nmr", "policy", "hold", "No orders from {awaited} by the "
	    "deadline: the game is held for the organiser (NMR policy hold)" },
	{ "game.nmr", NULL, NULL, "No orders from {defaulted} by the deadline[ "
	    "{deadline}]: they pass ({policy} policy, by the {by})" },
	{ "game.deadline", NULL, NULL, "The deadline is now {deadline/none}" },
	{ "game.paused", NULL, NULL, "The organiser paused the game" },
	{ "game.resumed", NULL, NULL, "The organiser resumed the game[; deadline "
	    "{deadline}]" },
	{ "game.abandoned", NULL, NULL, "The organiser abandoned the game" },
	{ "seat.passed", NULL, NULL, "{seat} passed in {phase}, not asked: pass was "
	    "its only legal order there" },
};

/*
 * One line saying what an event says when neither the game nor the
 * daemon has a sentence for its type: "SEAT: TYPE key value, key value"
 * (or "TYPE: key value, ..." when it names no seat).
 */
static char *
event_text(const cJSON *payload)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *it, *type = cJSON_GetObjectItemCaseSensitive(payload, "type");
	const cJSON *seat = cJSON_GetObjectItemCaseSensitive(payload, "seat");
	int first = 1;
	size_t i;

	for (i = 0; cJSON_IsString(type) &&
	    i < sizeof daemon_sentences / sizeof daemon_sentences[0]; i++) {
		const cJSON *k = daemon_sentences[i].key == NULL ? NULL :
		    cJSON_GetObjectItemCaseSensitive(payload, daemon_sentences[i].key);

		if (strcmp(daemon_sentences[i].type, type->valuestring) != 0 ||
		    (daemon_sentences[i].key != NULL && (!cJSON_IsString(k) ||
		    strcmp(k->valuestring, daemon_sentences[i].value) != 0)))
			continue;
		return sentence_render(daemon_sentences[i].text, payload, NULL, NULL);
	}
	if (cJSON_IsString(seat))
		strbuf_addf(&sb, "%s: ", seat->valuestring);
	strbuf_addstr(&sb, cJSON_IsString(type) ? type->valuestring : "event");
	cJSON_ArrayForEach(it, payload) {
		if (it->string == NULL || strcmp(it->string, "type") == 0 ||
		    (it == seat && cJSON_IsString(seat)))
			continue;
		strbuf_addstr(&sb, first ? (cJSON_IsString(seat) ? " " : ": ") : ", ");
		first = 0;
		strbuf_addstr(&sb, it->string);
		strbuf_addc(&sb, ' ');
		if (cJSON_IsString(it))
			strbuf_addstr(&sb, it->valuestring);
		else {
			char *v = cJSON_PrintUnformatted(it);

			strbuf_addstr(&sb, v);
			cJSON_free(v);
		}
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * The events the seat may see, each with its sentence: the game's
 * (events_text) where it has one, "" for one told in another one's
 * sentence, else the daemon's.
 */
static int
add_events(cJSON *m, const struct rules *r, const struct rules_game *g,
    const struct view_facts *f, char **cause)
{
	cJSON *a = cJSON_AddArrayToObject(m, "events"), *payloads, *texts = NULL;
	const cJSON *o;
	uint64_t no = f->seen_before;
	size_t i;
	int k = 0;

	payloads = cJSON_CreateArray();
	for (i = 0; i < f->nevents; i++) {
		const struct store_event *e = &f->events[i];
		cJSON *p;

		if (!view_event_visible(e->visibility, f->seat))
			continue;
		p = cJSON_ParseWithLength((const char *)e->payload, e->payload_len);
		if (!cJSON_IsObject(p)) {
			cJSON_Delete(p);
			cJSON_Delete(payloads);
			return cause_set(cause, "event %llu: the payload is not a "
			    "JSON object", (unsigned long long)e->seq);
		}
		o = cJSON_CreateObject();
		cJSON_AddNumberToObject((cJSON *)o, "no", (double)++no);
		cJSON_AddNumberToObject((cJSON *)o, "phase_seq", (double)e->phase_seq);
		cJSON_AddStringToObject((cJSON *)o, "type", e->type);
		cJSON_AddItemToArray(a, (cJSON *)o);
		cJSON_AddItemToArray(payloads, p);
	}
	if (r->events_text != NULL)
		texts = r->events_text(g, payloads);
	cJSON_ArrayForEach(o, a) {
		const cJSON *t = cJSON_GetArrayItem(texts, k++);
		cJSON *p = cJSON_DetachItemFromArray(payloads, 0);
		char *text = cJSON_IsString(t) ? NULL : event_text(p);

		cJSON_AddStringToObject((cJSON *)o, "text", text ? text : t->valuestring);
		free(text);
		cJSON_AddItemToObject((cJSON *)o, "payload", p);	/* moves */
	}
	cJSON_Delete(payloads);
	cJSON_Delete(texts);
	cJSON_AddBoolToObject(m, "has_events", cJSON_GetArraySize(a) > 0);
	return 0;
}

/* The name of the secret a commitment covers: its secret-id up to '@'. */
static size_t
secret_name_len(const char *id)
{
	const char *at = strrchr(id, '@');

	return at ? (size_t)(at - id) : strlen(id);
}

static int
same_secret(const struct store_commitment *a, const struct store_commitment *b)
{
	size_t la = secret_name_len(a->secret_id), lb = secret_name_len(b->secret_id);

	return strcmp(a->domain, b->domain) == 0 && la == lb &&
	    strncmp(a->secret_id, b->secret_id, la) == 0;
}

/* Commitment fields anyone may see: never the secret nor the nonce. */
static cJSON *
commitment_public(const struct store_commitment *c)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "domain", c->domain);
	cJSON_AddStringToObject(o, "secret_id", c->secret_id);
	add_hex(o, "commitment", c->c, sizeof c->c);
	add_hex(o, "signature", c->sig, sizeof c->sig);
	cJSON_AddNumberToObject(o, "phase_seq", (double)c->created_phase);
	return o;
}

/* Is the secret text: UTF-8 without control characters but LF and tab? */
static int
printable(const unsigned char *p, size_t len)
{
	size_t i = 0, k, n;

	while (i < len) {
		unsigned char b = p[i];

		if (b < 0x80) {
			if ((b < 0x20 && b != '\n' && b != '\t') || b == 0x7f)
				return 0;
			i++;
			continue;
		}
		if (b >= 0xc2 && b <= 0xdf)
			n = 1;
		else if (b >= 0xe0 && b <= 0xef)
			n = 2;
		else if (b >= 0xf0 && b <= 0xf4)
			n = 3;
		else
			return 0;
		if (i + n >= len)
			return 0;
		for (k = 1; k <= n; k++)
			if ((p[i + k] & 0xc0) != 0x80)
				return 0;
		i += n + 1;
	}
	return 1;
}

/* An opened commitment: the public fields plus secret and nonce. */
static cJSON *
commitment_opened(const struct store_commitment *c)
{
	cJSON *o = commitment_public(c);

	if (!c->revealed)	/* never: callers check; kept as a guard */
		return o;
	add_hex(o, "secret_hex", c->secret, c->secret_len);
	if (printable(c->secret, c->secret_len)) {
		char *s = xmalloc(c->secret_len + 1);

		memcpy(s, c->secret, c->secret_len);
		s[c->secret_len] = '\0';
		cJSON_AddStringToObject(o, "secret_text", s);
		free(s);
	}
	add_hex(o, "nonce", c->nonce, sizeof c->nonce);
	cJSON_AddNumberToObject(o, "revealed_phase_seq", (double)c->revealed_phase);
	return o;
}

/*
 * Has a later commitment of the same secret been seen already? seen[0..*n)
 * holds the latest of each secret met walking backwards; c joins them
 * when it is the first of its secret.
 */
static int
seen_before(const struct store_commitment *c, const struct store_commitment **seen,
    size_t *n)
{
	size_t k;

	for (k = 0; k < *n; k++)
		if (same_secret(c, seen[k]))
			return 1;
	seen[(*n)++] = c;
	return 0;
}

/*
 * The summary of the commitments shown, for the body: their count and one
 * digest, BLAKE2b-256 over their commitments (hex, one per line with LF,
 * in the order of view.json), which anyone can recompute from view.json.
 */
static void
add_digest(cJSON *m, cJSON *hidden)
{
	crypto_generichash_state st;
	unsigned char d[32];
	const cJSON *it;

	crypto_generichash_init(&st, NULL, 0, sizeof d);
	cJSON_ArrayForEach(it, hidden) {
		const char *c = cJSON_GetStringValue(cJSON_GetObjectItem(it, "commitment"));

		if (c != NULL) {
			crypto_generichash_update(&st, (const unsigned char *)c, strlen(c));
			crypto_generichash_update(&st, (const unsigned char *)"\n", 1);
		}
	}
	crypto_generichash_final(&st, d, sizeof d);
	cJSON_AddNumberToObject(m, "commitments_count", cJSON_GetArraySize(hidden));
	add_hex(m, "commitments_digest", d, sizeof d);
}

static void
add_commitments(cJSON *m, const struct view_facts *f)
{
	cJSON *hidden = cJSON_AddArrayToObject(m, "commitments");
	cJSON *opened = cJSON_AddArrayToObject(m, "openings");
	const struct store_commitment *seed = NULL, *last_seed = NULL, **seen_h, **seen_o;
	char *seed_id = rand_seed_secret_id(f->phase_seq), *show;
	uint64_t since = UINT64_MAX;
	size_t i, nh = 0, no = 0, older = 0, total = 0, n = f->ncommitments;

	for (i = 0; i < f->nevents; i++)
		if (f->events[i].phase_seq < since)
			since = f->events[i].phase_seq;
	/*
	 * Walking from the latest: of each secret the latest unrevealed
	 * commitment is shown, and of the commitments revealed in the
	 * reported phases the latest of each secret (a secret opened several
	 * times at once, at the end of the game, has its older openings
	 * counted: they are for the auditor, muthur export).
	 */
	show = xcalloc(n + 1, 1);
	seen_h = xcalloc(n + 1, sizeof *seen_h);
	seen_o = xcalloc(n + 1, sizeof *seen_o);
	for (i = n; i > 0; i--) {
		const struct store_commitment *c = &f->commitments[i - 1];

		if (strcmp(c->domain, RAND_SEED_DOMAIN) == 0) {
			if (strcmp(c->secret_id, seed_id) == 0 && !c->revealed)
				seed = c;
			else if (c->revealed && (last_seed == NULL ||
			    c->created_phase > last_seed->created_phase))
				last_seed = c;
		} else if (!c->revealed) {
			show[i - 1] = !seen_before(c, seen_h, &nh);
			total += show[i - 1];
			if (c->created_phase < f->since_phase)
				show[i - 1] = 0;	/* in an earlier view */
		}
		else if (since != UINT64_MAX && c->revealed_phase >= since) {
			show[i - 1] = !seen_before(c, seen_o, &no);
			older += !show[i - 1];
		}
	}
	for (i = 0; i < n; i++)
		if (show[i])
			cJSON_AddItemToArray(f->commitments[i].revealed ? opened : hidden,
			    f->commitments[i].revealed ?
			    commitment_opened(&f->commitments[i]) :
			    commitment_public(&f->commitments[i]));
	add_digest(m, hidden);
	cJSON_AddNumberToObject(m, "commitments_total", (double)total);
	cJSON_AddBoolToObject(m, "has_hidden", total > 0);
	cJSON_AddBoolToObject(m, "has_new", cJSON_GetArraySize(hidden) > 0);
	free(show);
	free(seen_h);
	free(seen_o);
	cJSON_AddBoolToObject(m, "has_openings", cJSON_GetArraySize(opened) > 0);
	cJSON_AddNumberToObject(m, "openings_count", cJSON_GetArraySize(opened));
	cJSON_AddNumberToObject(m, "older_openings", (double)older);
	cJSON_AddBoolToObject(m, "has_older_openings", older > 0);
	if (seed != NULL)
		cJSON_AddItemToObject(m, "seed", commitment_public(seed));
	else
		cJSON_AddNullToObject(m, "seed");
	if (last_seed != NULL) {
		cJSON *o = commitment_public(last_seed);

		add_hex(o, "seed", last_seed->secret, last_seed->secret_len);
		add_hex(o, "nonce", last_seed->nonce, sizeof last_seed->nonce);
		cJSON_AddItemToObject(m, "last_seed", o);
	} else
		cJSON_AddNullToObject(m, "last_seed");
	free(seed_id);
}

/*
 * The orders part of a template made from legal lines alone (a game
 * without a template member): every order as a comment, hints as they
 * are, "pass" uncommented when it is legal.
 */
static char *
template_of_legal(const char *legal)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p, *nl;
	int pass = 0;

	for (p = legal; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		if (nl - p == 4 && strncmp(p, "pass", 4) == 0)
			pass = 1;
		else if (nl > p) {
			strbuf_addstr(&sb, *p == '#' ? "" : "# ");
			strbuf_add(&sb, p, (size_t)(nl - p));
			strbuf_addc(&sb, '\n');
		}
		if (*nl == '\0')
			break;
	}
	if (pass)
		strbuf_addstr(&sb, "pass\n");
	return strbuf_detach(&sb, NULL);
}

/*
 * The orders block the seat edits: the header, the nonce placeholder and
 * the game's template (rules.h): the legal orders as comments, then the
 * orders the block gives as mailed.
 */
static char *
orders_block(const struct view_facts *f, int turn, const char *phase,
    const char *body)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "-----BEGIN MUTHUR ORDERS-----\n"
	    "game: %s\nseat: %s\nturn: %d\nphase: %s\nnonce: %s\n\n",
	    f->game, f->seat, turn, phase, VIEW_NONCE_PLACEHOLDER);
	strbuf_addstr(&sb, body);
	strbuf_addstr(&sb, "-----END MUTHUR ORDERS-----\n");
	return strbuf_detach(&sb, NULL);
}

cJSON *
view_lines(const char *text)
{
	cJSON *a = cJSON_CreateArray();
	const char *p, *nl;

	for (p = text; *p != '\0'; p = nl + 1) {
		char *line;

		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		line = xmalloc((size_t)(nl - p) + 1);
		memcpy(line, p, (size_t)(nl - p));
		line[nl - p] = '\0';
		if (*line != '\0')
			cJSON_AddItemToArray(a, cJSON_CreateString(line));
		free(line);
		if (*nl == '\0')
			break;
	}
	return a;
}

static void
add_result(cJSON *m, const struct rules *r, const struct rules_game *g)
{
	struct rules_result res;
	cJSON *a = cJSON_AddArrayToObject(m, "places");
	size_t s;
	int place;

	r->result(g, &res);
	cJSON_AddBoolToObject(m, "over", res.over != 0);
	for (place = 1; place <= (int)res.nseats; place++)
		for (s = 0; s < res.nseats; s++)
			if (res.place[s] == place) {
				cJSON *o = cJSON_CreateObject();

				cJSON_AddNumberToObject(o, "place", place);
				cJSON_AddStringToObject(o, "seat", r->seat_name(g, s));
				cJSON_AddItemToArray(a, o);
			}
	if (res.winner >= 0)
		cJSON_AddStringToObject(m, "winner", r->seat_name(g, (size_t)res.winner));
	else
		cJSON_AddNullToObject(m, "winner");
	rules_result_free(&res);
}

static cJSON *
model_build(const struct rules *r, const struct rules_game *g,
    int seat_index, const struct view_facts *f, char **cause)
{
	cJSON *m, *rv;
	char deadline[64], *legal, *s;
	const char *phase;
	size_t k;
	int turn, due, in;

	if (seat_index < 0 || (size_t)seat_index >= r->nseats(g)) {
		cause_set(cause, "seat %d: no such seat (the game has %zu)",
		    seat_index, r->nseats(g));
		return NULL;
	}
	if (f->seat == NULL || strcmp(f->seat, r->seat_name(g, (size_t)seat_index)) != 0) {
		cause_set(cause, "seat %d is %s, not %s", seat_index,
		    r->seat_name(g, (size_t)seat_index), f->seat ? f->seat : "(none)");
		return NULL;
	}
	if (f->game == NULL || !orders_is_slug(f->game, 0)) {
		cause_set(cause, "game name \"%s\": expected a slug",
		    f->game ? f->game : "");
		return NULL;
	}
	rv = r->view(g, seat_index);
	if (!cJSON_IsObject(rv)) {
		cJSON_Delete(rv);
		cause_set(cause, "the %s rules gave no view object for seat %s",
		    r->name, f->seat);
		return NULL;
	}
	turn = r->turn(g);
	phase = r->phase(g);
	m = cJSON_CreateObject();
	cJSON_AddStringToObject(m, "game", f->game);
	cJSON_AddStringToObject(m, "rules_name", r->name);
	cJSON_AddStringToObject(m, "rules_version", r->version);
	cJSON_AddStringToObject(m, "seat", f->seat);
	cJSON_AddNumberToObject(m, "turn", turn);
	cJSON_AddStringToObject(m, "phase", phase);
	cJSON_AddNumberToObject(m, "phase_seq", (double)f->phase_seq);
	add_result(m, r, g);
	due = r->owes(g, (size_t)seat_index) != 0;
	cJSON_AddBoolToObject(m, "due", due);
	cJSON_AddBoolToObject(m, "novice", f->novice != 0);
	cJSON_AddItemToObject(m, "notes", view_lines(f->notes != NULL ? f->notes : ""));
	cJSON_AddBoolToObject(m, "has_notes", f->notes != NULL && *f->notes != '\0');
	/* the seat owes the phase but its orders are in (it is not awaited) */
	for (k = 0, in = due && f->nawaited > 0; in && k < f->nawaited; k++)
		if (strcmp(f->awaited[k], f->seat) == 0)
			in = 0;
	cJSON_AddBoolToObject(m, "orders_in", in);
	if (view_time_text(f->deadline, deadline, sizeof deadline) == 0)
		cJSON_AddStringToObject(m, "deadline", deadline);
	else
		cJSON_AddNullToObject(m, "deadline");
	cJSON_AddBoolToObject(m, "held", f->held != 0);
	cJSON_AddItemToObject(m, "awaited", view_names(f->awaited, f->nawaited));
	s = view_join(f->awaited, f->nawaited, "nobody");
	cJSON_AddStringToObject(m, "awaited_text", s);
	free(s);
	if (add_events(m, r, g, f, cause) != 0) {
		cJSON_Delete(m);
		cJSON_Delete(rv);
		return NULL;
	}
	add_commitments(m, f);
	if (f->server_key != NULL)
		cJSON_AddStringToObject(m, "server_key", f->server_key);
	else
		cJSON_AddNullToObject(m, "server_key");
	legal = r->legal(g, (size_t)seat_index);
	cJSON_AddItemToObject(m, "legal", view_lines(legal));
	if (due) {
		char *body = r->template != NULL ?
		    r->template(g, (size_t)seat_index) : template_of_legal(legal);

		s = orders_block(f, turn, phase, body);
		cJSON_AddStringToObject(m, "orders_block", s);
		free(body);
		free(s);
	} else
		cJSON_AddNullToObject(m, "orders_block");
	free(legal);
	/* the game's display text, under its name (doc/views.md) */
	if (r->view_text != NULL)
		cJSON_AddItemToObject(m, r->name, r->view_text(rv, f->seat));
	cJSON_AddItemToObject(m, "rules", rv);
	return m;
}

/* The legal orders of g are asked three times a view (the model, the
 * rules' view, the template): each seat's once (struct rules legal_memo). */
cJSON *
view_model_build(const struct rules *r, const struct rules_game *g,
    int seat_index, const struct view_facts *f, char **cause)
{
	cJSON *m;

	if (r->legal_memo != NULL)
		r->legal_memo(g);
	m = model_build(r, g, seat_index, f, cause);
	if (r->legal_memo != NULL)
		r->legal_memo(NULL);
	return m;
}

char *
view_event_text(const cJSON *payload)
{
	return event_text(payload);
}
