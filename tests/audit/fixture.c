/*
 * fixture.c — writes a game's record as doc/game-record.md says (see
 * fixture.h). Each numbered step of the page is marked here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "daemon/audit.h"
#include "lib/cause.h"
#include "lib/fsutil.h"
#include "lib/keyfile.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "mail/block.h"
#include "mail/pubkey.h"
#include "mail/sig.h"
#include "rules/ccg/deck.h"
#include "rules/rules.h"
#include "store/commitments.h"
#include "store/events.h"
#include "store/gamefiles.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/orders.h"
#include "store/phases.h"
#include "store/random.h"
#include "tests/audit/fixture.h"

#define NSEATS 4
#define SECRET_DOMAIN "muthur.secret"
#define DECK_DOMAIN "muthur.decklist"

static const char *const factions[NSEATS] = { "marines", "aliens", "predator", "rogue" };

struct afix_seat {
	const char	*name;
	int64_t		 id;
	unsigned char	 pk[32], sk[64];
	unsigned char	 keyid[8];
	int		 minisign;
	char		*deck;
};

struct known {
	char		*id;
	unsigned char	*bytes;
	size_t		 len;
};

struct afix {
	struct store		*st;
	const struct rules	*R;
	struct rules_game	*g;
	struct ccg_carddb	*db;
	char			*name;
	int64_t			 game_id;
	int64_t			 now;
	uint64_t		 rng;		/* the fixture's own generator */
	struct afix_seat	 seats[NSEATS];	/* seat order */
	struct rules_seat	 rseats[NSEATS];
	struct known		*known;
	size_t			 nknown;
	int64_t			 phase_id;	/* the open phase */
	uint64_t		 phase_seq;
	int			 over;
	int			 endless;	/* afix_endless() */
	size_t			 forced;	/* afix_forced() */
};

static struct server_key server_key;

const struct server_key *
afix_server_key(void)
{
	unsigned char seed[32];

	memset(seed, 0x42, sizeof seed);
	crypto_sign_ed25519_seed_keypair(server_key.pk, server_key.sk, seed);
	return &server_key;
}

static uint64_t
next(struct afix *f)
{
	f->rng ^= f->rng << 13;
	f->rng ^= f->rng >> 7;
	f->rng ^= f->rng << 17;
	return f->rng;
}

static void
fill(struct afix *f, unsigned char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(next(f) >> 24);
}

/* ---- signing ---- */

static char *
minisign_sign(const struct afix_seat *s, const char *msg, size_t len)
{
	unsigned char h[64], line[2 + 8 + 64], global[64];
	struct strbuf sb = STRBUF_INIT, gl = STRBUF_INIT;
	const char *trusted = "timestamp:1700000000\tfile:orders.txt\thashed";
	char *b64;

	crypto_generichash(h, sizeof h, (const unsigned char *)msg, len, NULL, 0);
	memcpy(line, "ED", 2);
	memcpy(line + 2, s->keyid, 8);
	crypto_sign_detached(line + 10, NULL, h, sizeof h, s->sk);
	strbuf_add(&gl, line + 10, 64);
	strbuf_addstr(&gl, trusted);
	crypto_sign_detached(global, NULL, (const unsigned char *)gl.s, gl.len, s->sk);
	strbuf_free(&gl);
	strbuf_addstr(&sb, "untrusted comment: signature from minisign secret key\n");
	b64 = mail_b64_encode(line, sizeof line);
	strbuf_addf(&sb, "%s\ntrusted comment: %s\n", b64, trusted);
	free(b64);
	b64 = mail_b64_encode(global, sizeof global);
	strbuf_addf(&sb, "%s\n", b64);
	free(b64);
	return strbuf_detach(&sb, NULL);
}

static char *
seat_key_text(const struct afix_seat *s)
{
	unsigned char raw[42];
	struct pubkey pk;
	char *text, *b64;

	if (!s->minisign) {
		text = key_public_format(s->pk, NULL);
	} else {
		memcpy(raw, "Ed", 2);
		memcpy(raw + 2, s->keyid, 8);
		memcpy(raw + 10, s->pk, 32);
		b64 = mail_b64_encode(raw, sizeof raw);
		text = xasprintf("untrusted comment: minisign public key\n%s\n", b64);
		free(b64);
	}
	if (pubkey_parse(text, strlen(text), &pk, NULL) == -1)
		abort();
	free(text);
	return pubkey_format(&pk);
}

/* ---- secrets (doc/game-record.md "Secrets") ---- */

static int
commit_secrets(struct afix *f, const struct rules_events *ev, char **cause)
{
	struct rules_secret *s;
	size_t n, i, k;
	unsigned char nonce[COMMIT_NONCE_BYTES];
	char *sid;
	int rc = 0;

	f->R->secrets(f->g, &s, &n);
	for (i = 0; i < n && rc == 0; i++) {
		for (k = 0; k < f->nknown; k++)
			if (strcmp(f->known[k].id, s[i].id) == 0)
				break;
		/*
		 * renewed every phase, changed or not (doc/product.md §5),
		 * unless fixed or, by the phase's public events, unchanged
		 * (rules.h "watch word"): then kept while its bytes are the
		 * same (a change all the same is committed, and counted)
		 */
		if (k < f->nknown && (s[i].fixed || !rules_secret_may_change(&s[i], ev))) {
			if (f->known[k].len == s[i].len &&
			    memcmp(f->known[k].bytes, s[i].bytes, s[i].len) == 0) {
				/* the nonce drawn all the same: the fixture's
				 * generator, and so each seed's game, stay
				 * what they were when every secret was renewed */
				fill(f, nonce, sizeof nonce);
				continue;
			}
			f->forced++;
		}
		if (k == f->nknown) {
			f->known = xreallocarray(f->known, ++f->nknown, sizeof *f->known);
			f->known[k].id = xstrdup(s[i].id);
		} else
			free(f->known[k].bytes);
		f->known[k].bytes = xmemdup(s[i].bytes, s[i].len + 1);
		f->known[k].len = s[i].len;
		sid = xasprintf("%s@%llu", s[i].id, (unsigned long long)f->phase_seq);
		fill(f, nonce, sizeof nonce);
		rc = store_commitment_add(f->st, afix_server_key(), f->game_id, SECRET_DOMAIN,
		    sid, s[i].bytes, s[i].len, f->phase_seq, nonce, NULL, NULL, NULL, cause);
		free(sid);
	}
	rules_secrets_free(s, n);
	return rc;
}

/* ---- phases ---- */

static int
append_events(struct afix *f, const struct rules_events *ev, char **cause)
{
	size_t i, s, n = f->R->nseats(f->g);
	cJSON *o;
	char *type;
	int rc = 0;

	for (i = 0; i < ev->n && rc == 0; i++) {
		struct strbuf vis = STRBUF_INIT;

		if (ev->v[i].vis == RULES_VIS_PUBLIC)
			strbuf_addstr(&vis, "all");
		else
			for (s = 0; s < n; s++)
				if (ev->v[i].seats & ((uint64_t)1 << s)) {
					if (vis.len > 0)
						strbuf_addc(&vis, ',');
					strbuf_addstr(&vis, f->R->seat_name(f->g, s));
				}
		if (vis.len == 0)
			strbuf_addstr(&vis, "none");
		o = cJSON_Parse(ev->v[i].json);
		type = xstrdup(cJSON_GetStringValue(cJSON_GetObjectItem(o, "type")));
		cJSON_Delete(o);
		rc = store_event_append(f->st, f->game_id, f->phase_seq, type, vis.s,
		    ev->v[i].json, strlen(ev->v[i].json), NULL, cause);
		free(type);
		strbuf_free(&vis);
	}
	return rc;
}

/* Opening a phase: the engine's turn, phase and owing seats; its seed. */
static int
open_phase(struct afix *f, char **cause)
{
	const char *owing[NSEATS];
	unsigned char seed[RAND_SEED_BYTES];
	size_t i, n = 0;

	for (i = 0; i < f->R->nseats(f->g); i++)
		if (f->R->owes(f->g, i))
			owing[n++] = f->R->seat_name(f->g, i);
	fill(f, seed, sizeof seed);
	if (store_phase_open(f->st, f->game_id, f->R->turn(f->g), f->R->phase(f->g), owing,
	    n, 0, f->now, &f->phase_id, &f->phase_seq, cause) == -1 ||
	    store_seed_commit(f->st, afix_server_key(), f->phase_id, seed, NULL, cause) == -1)
		return -1;
	return 0;
}

/* new-game step 3: phase 1, setup, turn 0, owed by nobody, and its seed. */
static int
open_phase_setup(struct afix *f, char **cause)
{
	unsigned char seed[RAND_SEED_BYTES];

	fill(f, seed, sizeof seed);
	if (store_phase_open(f->st, f->game_id, 0, "setup", NULL, 0, 0, f->now,
	    &f->phase_id, &f->phase_seq, cause) == -1 ||
	    store_seed_commit(f->st, afix_server_key(), f->phase_id, seed, NULL, cause) == -1)
		return -1;
	fill(f, seed, sizeof seed);
	if (store_shuffle_seed_commit(f->st, afix_server_key(), f->game_id, 0, seed,
	    cause) == -1)
		return -1;
	return 0;
}

/* The end of a game: every commitment opened, the status. */
static int
end_game(struct afix *f, const char *status, char **cause)
{
	struct store_commitment *cs;
	size_t i, n;
	int rc = 0;

	if (store_commitments(f->st, f->game_id, &cs, &n, cause) == -1)
		return -1;
	for (i = 0; i < n && rc == 0; i++)
		if (!cs[i].revealed)
			rc = store_commitment_reveal(f->st, f->game_id, cs[i].domain,
			    cs[i].secret_id, f->phase_seq, cause);
	store_commitments_free(cs, n);
	if (rc == -1)
		return -1;
	return store_game_set_status(f->st, f->game_id, status, cause);
}

/* Close the phase (steps 3–5 of resolving): events, seed, state, secrets, end. */
static int
close_phase(struct afix *f, const struct rules_events *ev, char **cause)
{
	struct rules_result res;
	cJSON *o, *places;
	char *bytes, *payload;
	size_t len, i;
	int rc;

	if (append_events(f, ev, cause) == -1 ||
	    store_seed_reveal(f->st, f->phase_id, f->phase_seq, cause) == -1)
		return -1;
	bytes = f->R->save(f->g, &len);
	rc = store_state_put(f->st, f->game_id, f->phase_seq, bytes, len, cause);
	free(bytes);
	if (rc == -1 || store_phase_close(f->st, f->phase_id, f->now, cause) == -1 ||
	    commit_secrets(f, ev, cause) == -1)
		return -1;
	f->R->result(f->g, &res);
	f->over = res.over;
	if (!res.over) {
		rules_result_free(&res);
		return open_phase(f, cause);
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "type", "game.result");
	cJSON_AddItemToObject(o, "places", places = cJSON_CreateObject());
	for (i = 0; i < res.nseats; i++)
		cJSON_AddNumberToObject(places, f->R->seat_name(f->g, i), res.place[i]);
	if (res.winner >= 0)
		cJSON_AddStringToObject(o, "winner", f->R->seat_name(f->g, (size_t)res.winner));
	else
		cJSON_AddNullToObject(o, "winner");
	payload = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	rules_result_free(&res);
	rc = store_event_append(f->st, f->game_id, f->phase_seq, "game.result", "all",
	    payload, strlen(payload), NULL, cause);
	cJSON_free(payload);
	if (rc == -1)
		return -1;
	return end_game(f, "finished", cause);
}

/* ---- new-game, seat, start ---- */

static int
start_game(struct afix *f, char **cause)
{
	struct rules_events ev = { NULL, 0, 0 };
	struct rules_setup su;
	struct rand_stream rs, hs;
	struct rules_rng rng = { rand_uniform, &rs, rand_uniform, &hs };
	unsigned char seed[RAND_SEED_BYTES], shuffle[RAND_SEED_BYTES];
	unsigned char nonce[COMMIT_NONCE_BYTES];
	cJSON *o, *arr, *s;
	char *setup;
	size_t i;
	int rc;

	/* 1. setup.json */
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "rules", f->R->name);
	cJSON_AddStringToObject(o, "rules_version", f->R->version);
	cJSON_AddStringToObject(o, "scenario", "contact");
	cJSON_AddNumberToObject(o, "places", 1);
	cJSON_AddItemToObject(o, "seats", arr = cJSON_CreateArray());
	for (i = 0; i < NSEATS; i++) {
		cJSON_AddItemToArray(arr, s = cJSON_CreateObject());
		cJSON_AddStringToObject(s, "name", f->seats[i].name);
		cJSON_AddStringToObject(s, "faction", f->seats[i].name);
	}
	setup = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	rc = store_game_file_put(f->st, f->game_id, "setup.json", setup, strlen(setup), cause);
	cJSON_free(setup);
	if (rc == -1)
		return -1;
	/* 2. decklist commitments; 3. decks and create */
	for (i = 0; i < NSEATS; i++) {
		fill(f, nonce, sizeof nonce);
		if (store_commitment_add(f->st, afix_server_key(), f->game_id, DECK_DOMAIN,
		    f->seats[i].name, f->seats[i].deck, strlen(f->seats[i].deck), 1, nonce,
		    NULL, NULL, NULL, cause) == -1 || ccg_decklist_seat(f->db,
		    f->seats[i].name, f->seats[i].name, f->seats[i].name, f->seats[i].deck, strlen(f->seats[i].deck), &f->rseats[i],
		    cause) == -1)
			return -1;
	}
	su.scenario = "contact";
	su.seats = f->rseats;
	su.nseats = NSEATS;
	su.data = f->db;
	su.places = 1;
	su.await_legal = 0;
	su.options = NULL;
	su.noptions = 0;
	if (store_seed_get(f->st, f->phase_id, seed, cause) == -1 ||
	    store_shuffle_seed_get(f->st, f->game_id, shuffle, cause) != 1)
		return -1;
	rand_stream_init(&rs, seed, NULL, 0);
	rand_hidden_stream_init(&hs, shuffle, f->phase_seq, NULL, 0);
	if ((f->g = f->R->create(&su, &rng, &ev, cause)) == NULL)
		return -1;
	/* 4.–5. events, seed, state, close, secrets, next phase */
	rc = close_phase(f, &ev, cause);
	rules_events_free(&ev);
	if (rc == -1)
		return -1;
	return store_game_set_status(f->st, f->game_id, "running", cause);
}

static int
new_game(struct afix *f, const char *top, char **cause)
{
	char *path, *canon, *file;
	size_t len, flen, i;
	unsigned char seed[32];
	const char *paths[1];
	int rc;

	path = xasprintf("%s/rules/ccg/data/sample-cards.json", top);
	paths[0] = path;
	f->db = ccg_carddb_load(paths, 1, cause);
	if (f->db == NULL || fs_read_file(path, 1 << 24, &file, &flen, cause) == -1) {
		free(path);
		return -1;
	}
	free(path);
	canon = ccg_carddb_canonical(f->db, &len);
	rc = store_game_create(f->st, f->name, "ccg", "contact", f->db->hash,
	    afix_server_key()->pk, f->now, &f->game_id, cause) == -1 ||
	    store_game_file_put(f->st, f->game_id, "cards.json", canon, len, cause) == -1 ||
	    store_game_file_put(f->st, f->game_id, "cards/sample-cards.json", file, flen,
	    cause) == -1;
	free(file);
	free(canon);
	if (rc || open_phase_setup(f, cause) == -1)
		return -1;
	for (i = 0; i < NSEATS; i++) {
		struct afix_seat *s = &f->seats[i];
		char *key;

		s->name = factions[i];
		s->minisign = strcmp(s->name, "predator") == 0;
		fill(f, seed, sizeof seed);
		crypto_sign_ed25519_seed_keypair(s->pk, s->sk, seed);
		fill(f, s->keyid, sizeof s->keyid);
		path = xasprintf("%s/rules/ccg/data/%s.deck", top, s->name);
		rc = fs_read_file(path, 1 << 20, &s->deck, &len, cause);
		free(path);
		if (rc == -1)
			return -1;
		key = seat_key_text(s);
		rc = store_seat_add(f->st, f->game_id, s->name, s->name, "player@example.org",
		    s->minisign ? "minisign" : "muthur", key, s->deck, &s->id, cause);
		free(key);
		if (rc == -1)
			return -1;
	}
	return 0;
}

/* ---- orders ---- */

/* Does check() accept text for seat? On refusal, the order it suggests
 * ("expected an order such as \"X\"") in *hint, when there is one. */
static int
accepts(struct afix *f, size_t seat, const char *text, char **hint)
{
	char *cause = NULL, *p, *q;

	*hint = NULL;
	if (f->R->check(f->g, seat, text, &cause) == 0)
		return 1;
	if ((p = strstr(cause, "such as \"")) != NULL) {
		p += strlen("such as \"");
		if ((q = strchr(p, '"')) != NULL)
			*hint = xstrndup(p, (size_t)(q - p));
	}
	free(cause);
	return 0;
}

/*
 * The policy: one legal line at random (hints skipped), completed with
 * the orders check() asks for; else the first legal line accepted alone;
 * else "pass". Endless (afix_endless()): "pass", else only the orders
 * check() asks for.
 */
static char *
choose(struct afix *f, size_t seat)
{
	char *legal = f->R->legal(f->g, seat), *p, *eol, **lines = NULL, *out = NULL, *hint;
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0, i;
	int tries;

	for (p = legal; *p != '\0'; p = eol + (*eol != '\0')) {
		eol = strchr(p, '\n');
		if (eol == NULL)
			eol = p + strlen(p);
		if (eol > p && *p != '#') {
			lines = xreallocarray(lines, n + 1, sizeof *lines);
			lines[n++] = xstrndup(p, (size_t)(eol - p));
		}
	}
	/* Evacuating is how a Contact game is won without combat. */
	for (i = 0; i < n; i++)
		if (strncmp(lines[i], "evacuate ", 9) == 0) {
			strbuf_addf(&sb, "%s\n", lines[i]);
			break;
		}
	if (f->endless) {	/* "pass", or only what the rules require */
		strbuf_reset(&sb);
		strbuf_addstr(&sb, "pass\n");
		if (!accepts(f, seat, sb.s, &hint)) {
			strbuf_reset(&sb);	/* keeps its buffer */
			if (hint != NULL)
				strbuf_addf(&sb, "%s\n", hint);
		}
		free(hint);
	} else if (i == n && n > 0)
		strbuf_addf(&sb, "%s\n", lines[next(f) % n]);
	for (tries = 0; n > 0 && tries < 12; tries++) {
		if (accepts(f, seat, sb.s, &hint)) {
			out = strbuf_detach(&sb, NULL);
			break;
		}
		if (hint == NULL)
			break;
		strbuf_addf(&sb, "%s\n", hint);
		free(hint);
	}
	for (i = 0; out == NULL && i < n; i++) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s\n", lines[i]);
		if (accepts(f, seat, sb.s, &hint))
			out = strbuf_detach(&sb, NULL);
		free(hint);
	}
	if (out == NULL)
		out = xstrdup("pass\n");
	strbuf_free(&sb);
	while (n > 0)
		free(lines[--n]);
	free(lines);
	free(legal);
	return out;
}

/* A seat mails signed orders for the open phase (doc: "Orders"). */
static int
mail_orders(struct afix *f, size_t play_seat, const char *line, char **cause)
{
	const char *name = f->R->seat_name(f->g, play_seat);
	struct afix_seat *s = NULL;
	unsigned char nonce[16];
	char *hex, *block, *sig, *msgid;
	size_t i;
	int rc;

	for (i = 0; i < NSEATS; i++)
		if (strcmp(f->seats[i].name, name) == 0)
			s = &f->seats[i];
	fill(f, nonce, sizeof nonce);
	hex = hashenc_hex(nonce, sizeof nonce);
	block = xasprintf("%s\ngame: %s\nseat: %s\nturn: %d\nphase: %s\nnonce: %s\n\n"
	    "# chosen by the fixture\n%s%s\n", ORDERS_BEGIN, f->name, name,
	    f->R->turn(f->g), f->R->phase(f->g), hex, line, ORDERS_END);
	sig = s->minisign ? minisign_sign(s, block, strlen(block)) :
	    sig_muthur_sign(s->sk, block, strlen(block));
	msgid = xasprintf("<%s-%llu-%s@players.example>", f->name,
	    (unsigned long long)f->phase_seq, hex);
	f->now++;
	rc = store_order_put(f->st, f->phase_id, s->id, block, strlen(block), sig,
	    strlen(sig), s->minisign ? "minisign" : "muthur", nonce, sizeof nonce, msgid,
	    f->now, NULL, cause);
	free(msgid);
	free(sig);
	free(block);
	free(hex);
	return rc;
}

/* Resolving a phase (the barrier), steps 1–2, then close_phase(). */
static int
resolve(struct afix *f, char **cause)
{
	struct store_order *o;
	struct rand_nonce *nonces;
	struct rules_events ev = { NULL, 0, 0 };
	struct rand_stream rs, hs;
	struct rules_rng rng = { rand_uniform, &rs, rand_uniform, &hs };
	unsigned char seed[RAND_SEED_BYTES], shuffle[RAND_SEED_BYTES];
	char *text[NSEATS] = { NULL };
	size_t n, i, k;
	int rc = -1, idx;

	if (store_orders_current(f->st, f->phase_id, &o, &n, cause) == -1)
		return -1;
	store_orders_nonces(o, n, &nonces);
	for (i = 0; i < n; i++) {
		struct orders *parsed = orders_parse((const char *)o[i].block,
		    o[i].block_len, cause);
		struct strbuf sb = STRBUF_INIT;

		if (parsed == NULL)
			goto done;
		for (k = 0; k < parsed->nlines; k++) {
			strbuf_addstr(&sb, parsed->lines[k].text);
			strbuf_addc(&sb, '\n');
		}
		idx = f->R->seat_index(f->g, o[i].seat);
		free(text[idx]);
		text[idx] = strbuf_detach(&sb, NULL);
		orders_free(parsed);
	}
	if (store_seed_get(f->st, f->phase_id, seed, cause) == -1 ||
	    store_shuffle_seed_get(f->st, f->game_id, shuffle, cause) != 1)
		goto done;
	rand_stream_init(&rs, seed, nonces, n);
	rand_hidden_stream_init(&hs, shuffle, f->phase_seq, nonces, n);
	if (f->R->resolve(f->g, (const char *const *)text, &rng, &ev, cause) == -1)
		goto done;
	rc = close_phase(f, &ev, cause);
done:
	rules_events_free(&ev);
	for (i = 0; i < NSEATS; i++)
		free(text[i]);
	free(nonces);
	store_orders_free(o, n);
	return rc;
}

void
afix_endless(struct afix *f)
{
	f->endless = 1;
}

int
afix_play(struct afix *f, int max_phases, char **cause)
{
	size_t s;
	char *line;
	int played = 0, rc;

	while (!f->over && played < max_phases) {
		if (store_begin(f->st, cause) == -1)
			return -1;
		rc = 0;
		for (s = 0; s < f->R->nseats(f->g) && rc == 0; s++) {
			if (!f->R->owes(f->g, s))
				continue;
			if (next(f) % 8 == 0)	/* a first mail, superseded below */
				rc = mail_orders(f, s, "pass\n", cause);
			line = choose(f, s);
			if (rc == 0)
				rc = mail_orders(f, s, line, cause);
			free(line);
		}
		if (rc == 0)
			rc = resolve(f, cause);
		if (rc == -1) {
			store_rollback(f->st);
			return -1;
		}
		if (store_commit(f->st, cause) == -1)
			return -1;
		played++;
	}
	return played;
}

struct afix *
afix_new(struct store *st, const char *top, const char *name, uint64_t seed, char **cause)
{
	struct afix *f = xcalloc(1, sizeof *f);

	f->st = st;
	f->R = rules_find("ccg");
	f->name = xstrdup(name);
	f->now = 1700000000;
	f->rng = seed * 2654435761u + 88172645463325252ULL;
	if (store_begin(st, cause) == -1) {
		afix_free(f);
		return NULL;
	}
	if (new_game(f, top, cause) == -1 || start_game(f, cause) == -1 ||
	    store_commit(st, cause) == -1) {
		store_rollback(st);
		afix_free(f);
		return NULL;
	}
	return f;
}

int
afix_abandon(struct afix *f, char **cause)
{
	static const char payload[] = "{\"type\":\"game.abandoned\"}";

	if (f->over)
		return cause_set(cause, "game %s is over", f->name);
	if (store_begin(f->st, cause) == -1)
		return -1;
	if (store_seed_reveal(f->st, f->phase_id, f->phase_seq, cause) == -1 ||
	    store_phase_close(f->st, f->phase_id, f->now, cause) == -1 ||
	    store_event_append(f->st, f->game_id, f->phase_seq, "game.abandoned", "all",
	    payload, sizeof payload - 1, NULL, cause) == -1 ||
	    end_game(f, "abandoned", cause) == -1 || store_commit(f->st, cause) == -1) {
		store_rollback(f->st);
		return -1;
	}
	f->over = 1;
	return 0;
}

int
afix_over(const struct afix *f)
{
	return f->over;
}

int
afix_turn(const struct afix *f)
{
	return f->R->turn(f->g);
}

size_t
afix_forced(const struct afix *f)
{
	return f->forced;
}

void
afix_free(struct afix *f)
{
	size_t i;

	if (f == NULL)
		return;
	if (f->g != NULL)
		f->R->free(f->g);
	for (i = 0; i < NSEATS; i++) {
		free(f->seats[i].deck);
		ccg_decklist_seat_clear(&f->rseats[i]);
	}
	for (i = 0; i < f->nknown; i++) {
		free(f->known[i].id);
		free(f->known[i].bytes);
	}
	free(f->known);
	ccg_carddb_free(f->db);
	free(f->name);
	free(f);
}

char *
afix_config_write(const char *dir)
{
	char *conf = xasprintf("%s/muthur.conf", dir), *key = xasprintf("%s/server.key", dir);
	FILE *fp;

	if ((fp = fopen(conf, "w")) == NULL)
		abort();
	fprintf(fp, "[store]\npath = muthur.db\n[mail]\nin = maildir:in\nout = maildir:out\n"
	    "from = muthur@club.example\n[server]\nkey = server.key\n");
	fclose(fp);
	if (key_secret_write(key, afix_server_key()->sk, NULL, NULL) == -1)
		abort();
	free(key);
	return conf;
}

void
afix_config_remove(const char *dir)
{
	char *p;

	p = xasprintf("%s/muthur.conf", dir);
	unlink(p);
	free(p);
	p = xasprintf("%s/server.key", dir);
	unlink(p);
	free(p);
}

int
afix_report_has(const struct audit_report *r, const char *rec, const char *msg)
{
	size_t i;

	for (i = 0; i < r->nfailures; i++)
		if (strncmp(r->failures[i].record, rec, strlen(rec)) == 0 &&
		    strstr(r->failures[i].message, msg) != NULL)
			return 1;
	return 0;
}

void
afix_report_show(const struct audit_report *r)
{
	size_t i;

	for (i = 0; i < r->nfailures && i < 8; i++)
		printf("#   %s: %s\n", r->failures[i].record, r->failures[i].message);
	if (r->note != NULL)
		printf("#   note: %s\n", r->note);
}

void
afix_store_remove(const char *dir)
{
	static const char *const names[] = { "muthur.db", "muthur.db-wal", "muthur.db-shm" };
	char *path;
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		unlink(path);
		free(path);
	}
	rmdir(dir);
}
