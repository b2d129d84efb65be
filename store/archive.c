/*
 * archive.c — the archive's canonical JSON text, writing and reading
 * (doc/muthur-archive.5). The JSON is cJSON's compact printing of the
 * members in the fixed order below; the parser re-prints what it read and
 * refuses any byte that differs. A spectator archive has fewer members
 * (archive.h); which ones is decided in one place each for writing (build)
 * and reading (the *_keys lists).
 */
#include "config.h"

#include <sys/mman.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <sodium.h>

#include "lib/cause.h"
#include "lib/json-print.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/archive.h"
#include "store/hashenc.h"

/* ---- writing ---- */

/*
 * The text is written straight into one buffer (lib/json-print.h's
 * writer: the bytes cJSON would print for the tree the same members
 * make), never a tree of the whole archive.
 */
static void
put_str(struct strbuf *o, const char *k, const char *v)
{
	json_w_str(o, k, v);
}

static void
put_u64(struct strbuf *o, const char *k, uint64_t v)
{
	json_w_num(o, k, (double)v);
}

static void
put_bool(struct strbuf *o, const char *k, int v)
{
	if (v)
		json_w_true(o, k);
	else
		json_w_false(o, k);
}

static void
put_hex(struct strbuf *o, const char *k, const unsigned char *p, size_t len)
{
	char *h = hashenc_hex(p, len);

	put_str(o, k, h);
	free(h);
}

static int
put_text(struct strbuf *o, const char *k, const char *p, size_t len, const char *where,
    char **cause)
{
	if (memchr(p, '\0', len) != NULL)
		return cause_set(cause, "%s: field \"%s\" holds a NUL byte", where, k);
	put_str(o, k, p);
	return 0;
}

const char *
archive_scope_name(enum archive_scope scope)
{
	return scope == ARCHIVE_SPECTATOR ? ARCHIVE_SCOPE_SPECTATOR : ARCHIVE_SCOPE_FULL;
}

/* The archive without archive_sig, into the empty buffer out. */
static int
build(const struct archive *a, struct strbuf *out, char **cause)
{
	char where[96];
	size_t i, j;
	int full = a->scope == ARCHIVE_FULL, format_1 = a->format_1 && full;

	json_w_open(out, NULL, '{');
	put_str(out, "format", format_1 ? ARCHIVE_FORMAT_1 : ARCHIVE_FORMAT);
	put_str(out, "game", a->game);
	put_str(out, "rules", a->rules);
	put_str(out, "rules_version", a->rules_version);
	put_str(out, "scenario", a->scenario);
	put_str(out, "status", a->status);
	if (!format_1)
		put_str(out, "scope", archive_scope_name(a->scope));
	put_hex(out, "server_key", a->server_key, 32);
	put_hex(out, "card_hash", a->card_hash, 32);

	json_w_open(out, "files", '[');
	for (i = 0; i < a->nfiles; i++) {
		json_w_open(out, NULL, '{');
		put_str(out, "name", a->files[i].name);
		put_hex(out, "hash", a->files[i].hash, 32);
		snprintf(where, sizeof where, "files[%zu]", i);
		if (put_text(out, "bytes", a->files[i].bytes, a->files[i].len, where,
		    cause) == -1)
			return -1;
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	json_w_open(out, "seats", '[');
	for (i = 0; i < a->nseats; i++) {
		json_w_open(out, NULL, '{');
		put_u64(out, "no", a->seats[i].no);
		put_str(out, "name", a->seats[i].name);
		put_str(out, "faction", a->seats[i].faction);
		put_str(out, "key_type", a->seats[i].key_type);
		put_str(out, "key", a->seats[i].key);
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	json_w_open(out, "phases", '[');
	for (i = 0; i < a->nphases; i++) {
		const struct archive_phase *ph = &a->phases[i];

		json_w_open(out, NULL, '{');
		put_u64(out, "seq", ph->seq);
		put_u64(out, "turn", ph->turn);
		put_str(out, "name", ph->name);
		json_w_open(out, "owing", '[');
		for (j = 0; j < ph->nowing; j++)
			put_str(out, NULL, ph->owing[j]);
		json_w_close(out, ']');
		put_bool(out, "open", ph->open);
		if (!full) {
			json_w_close(out, '}');
			continue;
		}
		json_w_open(out, "orders", '[');
		for (j = 0; j < ph->norders; j++) {
			const struct archive_order *or = &ph->orders[j];

			json_w_open(out, NULL, '{');
			snprintf(where, sizeof where, "phases[%zu].orders[%zu]", i, j);
			put_str(out, "seat", or->seat);
			put_str(out, "sig_type", or->sig_type);
			put_bool(out, "current", or->current);
			put_hex(out, "nonce", or->nonce, or->nonce_len);
			if (put_text(out, "block", or->block, or->block_len, where,
			    cause) == -1 ||
			    put_text(out, "signature", or->signature, or->sig_len, where,
			    cause) == -1)
				return -1;
			json_w_close(out, '}');
		}
		json_w_close(out, ']');
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	json_w_open(out, "commitments", '[');
	for (i = 0; i < a->ncommitments; i++) {
		const struct archive_commitment *c = &a->commitments[i];

		json_w_open(out, NULL, '{');
		put_str(out, "domain", c->domain);
		put_str(out, "secret_id", c->secret_id);
		put_u64(out, "created_phase", c->created_phase);
		put_hex(out, "c", c->c, COMMIT_BYTES);
		put_hex(out, "sig", c->sig, COMMIT_SIG_BYTES);
		put_bool(out, "opened", c->opened);
		if (c->opened) {
			put_u64(out, "revealed_phase", c->revealed_phase);
			put_hex(out, "secret", c->secret, c->secret_len);
			put_hex(out, "nonce", c->nonce, COMMIT_NONCE_BYTES);
		}
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	if (full) {
		json_w_open(out, "states", '[');
		for (i = 0; i < a->nstates; i++) {
			json_w_open(out, NULL, '{');
			put_u64(out, "after_phase", a->states[i].after_phase);
			put_hex(out, "hash", a->states[i].hash, 32);
			json_w_close(out, '}');
		}
		json_w_close(out, ']');
	}
	json_w_open(out, "events", '[');
	for (i = 0; i < a->nevents; i++) {
		const struct archive_event *e = &a->events[i];

		json_w_open(out, NULL, '{');
		put_u64(out, "seq", e->seq);
		put_u64(out, "phase", e->phase);
		put_str(out, "type", e->type);
		put_str(out, "visibility", e->visibility);
		snprintf(where, sizeof where, "events[%zu]", i);
		if (put_text(out, "payload", e->payload, e->payload_len, where, cause) == -1)
			return -1;
		if (full) {
			put_hex(out, "prev", e->prev, 32);
			put_hex(out, "hash", e->hash, 32);
		}
		json_w_close(out, '}');
	}
	json_w_close(out, ']');
	if (full) {
		json_w_open(out, "head", '{');
		put_u64(out, "count", a->head_count);
		put_hex(out, "hash", a->head_hash, 32);
		json_w_close(out, '}');
	}
	json_w_close(out, '}');
	return 0;
}

/* BLAKE2b-256 of the compact printing of root. */
static void
digest_of(const cJSON *root, unsigned char digest[32])
{
	size_t len;
	char *s = json_print(root, &len);	/* cJSON_PrintUnformatted()'s bytes */

	if (s == NULL)
		abort();	/* nothing in an archive cJSON cannot print */
	hashenc_blake2b256(digest, s, len);
	free(s);
}

static void
sig_message(const unsigned char digest[32], unsigned char msg[sizeof ARCHIVE_SIG_CONTEXT - 1 + 32])
{
	memcpy(msg, ARCHIVE_SIG_CONTEXT, sizeof ARCHIVE_SIG_CONTEXT - 1);
	memcpy(msg + sizeof ARCHIVE_SIG_CONTEXT - 1, digest, 32);
}

int
archive_format(struct archive *a, const unsigned char sk[64], char **out, size_t *len,
    char **cause)
{
	unsigned char msg[sizeof ARCHIVE_SIG_CONTEXT - 1 + 32];
	struct strbuf sb = STRBUF_INIT;

	if (build(a, &sb, cause) == -1) {
		strbuf_free(&sb);
		return -1;
	}
	hashenc_blake2b256(a->digest, sb.s, sb.len);
	sig_message(a->digest, msg);
	crypto_sign_detached(a->sig, NULL, msg, sizeof msg, sk);
	sb.s[--sb.len] = '\0';		/* the closing brace, after archive_sig */
	put_hex(&sb, "archive_sig", a->sig, 64);
	json_w_close(&sb, '}');
	strbuf_addc(&sb, '\n');
	*out = strbuf_detach(&sb, len);
	return 0;
}

int
archive_sig_verify(const struct archive *a)
{
	unsigned char msg[sizeof ARCHIVE_SIG_CONTEXT - 1 + 32];

	sig_message(a->digest, msg);
	return crypto_sign_verify_detached(a->sig, msg, sizeof msg, a->server_key) == 0 ?
	    0 : -1;
}

/* ---- reading ---- */

/*
 * A streamed archive (archive_parse()): the text with its big arrays cut
 * out (the skeleton, where each is "[]") is parsed as one cJSON tree, and
 * each item of those arrays on its own from the text, one at a time.
 */
#define STREAM_ARRAYS 8
struct stream {
	const char	*text;
	struct archive	*a;			/* being read (its seats first) */
	unsigned	 flags;			/* archive_parse_flags()'s */
	size_t		 item_b, item_e;	/* the item being read */
	struct strbuf	 print;			/* an item's canonical bytes */
	struct {
		const char	*key;
		size_t		 start, end;	/* the items, between [ and ] */
		size_t		 n;		/* how many */
	}		 arrays[STREAM_ARRAYS];
	size_t		 narrays;
	/* ARCHIVE_ORDERS_LATER: where the recurring strings this reader
	 * meets are kept (one of a->names, a table per thread) */
	struct archive_names *names;
};

struct rd {
	const char	*where;		/* "phases[3]" */
	char		**cause;
	int		 full;		/* a full archive (not a spectator one) */
	struct stream	*sm;		/* of a streamed archive, or NULL */
};

/* The object o has exactly the n members named in keys (NULL-terminated). */
static int
rd_members(const struct rd *r, const cJSON *o, const char *const *keys)
{
	const cJSON *it;
	size_t n = 0, k;

	if (!cJSON_IsObject(o))
		return cause_set(r->cause, "%s: expected an object", r->where);
	for (it = o->child; it != NULL; it = it->next) {
		for (k = 0; keys[k] != NULL; k++)
			if (strcmp(it->string, keys[k]) == 0)
				break;
		if (keys[k] == NULL)
			return cause_set(r->cause, "%s: unknown field \"%s\"", r->where,
			    it->string);
		n++;
	}
	for (k = 0; keys[k] != NULL; k++)
		if (cJSON_GetObjectItemCaseSensitive(o, keys[k]) == NULL)
			return cause_set(r->cause, "%s: field \"%s\" is missing", r->where,
			    keys[k]);
	if (n != k)
		return cause_set(r->cause, "%s: a field is repeated", r->where);
	return 0;
}

static const cJSON *
rd_get(const cJSON *o, const char *k)
{
	return cJSON_GetObjectItemCaseSensitive(o, k);
}

static int
rd_str(const struct rd *r, const cJSON *o, const char *k, char **out, size_t *len)
{
	const cJSON *v = rd_get(o, k);

	if (!cJSON_IsString(v))
		return cause_set(r->cause, "%s: field \"%s\": expected a string", r->where, k);
	*out = xstrdup(v->valuestring);
	if (len != NULL)
		*len = strlen(*out);
	return 0;
}

/* The string s of t, added when t has room; NULL when it has none. */
static const char *
names_get(struct archive_names *t, const char *s)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->v[i], s) == 0)
			return t->v[i];
	if (t->n == ARCHIVE_NAMES_MAX)
		return NULL;
	return t->v[t->n++] = xstrdup(s);
}

/*
 * rd_str() of a recurring string: read with ARCHIVE_ORDERS_LATER, *out
 * is borrowed from the reader's names (bit set in *borrowed) when they
 * have it or room for it; otherwise a copy.
 */
static int
rd_name(const struct rd *r, const cJSON *o, const char *k, char **out,
    unsigned char *borrowed, unsigned char bit)
{
	const cJSON *v = rd_get(o, k);
	const char *s;

	if (r->sm == NULL || !(r->sm->flags & ARCHIVE_ORDERS_LATER) || r->sm->names == NULL)
		return rd_str(r, o, k, out, NULL);
	if (!cJSON_IsString(v))
		return cause_set(r->cause, "%s: field \"%s\": expected a string", r->where, k);
	if ((s = names_get(r->sm->names, v->valuestring)) == NULL)
		*out = xstrdup(v->valuestring);
	else {
		*out = (char *)s;
		*borrowed |= bit;
	}
	return 0;
}

static int
rd_u64(const struct rd *r, const cJSON *o, const char *k, uint64_t *out)
{
	const cJSON *v = rd_get(o, k);

	if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 9007199254740992.0 ||
	    v->valuedouble != (double)(uint64_t)v->valuedouble)
		return cause_set(r->cause, "%s: field \"%s\": expected a whole number >= 0",
		    r->where, k);
	*out = (uint64_t)v->valuedouble;
	return 0;
}

static int
rd_bool(const struct rd *r, const cJSON *o, const char *k, int *out)
{
	const cJSON *v = rd_get(o, k);

	if (!cJSON_IsBool(v))
		return cause_set(r->cause, "%s: field \"%s\": expected true or false",
		    r->where, k);
	*out = cJSON_IsTrue(v);
	return 0;
}

/* Hex of min..max bytes into out (room for max); *len may be NULL when
 * min == max. */
static int
rd_hex(const struct rd *r, const cJSON *o, const char *k, unsigned char *out,
    size_t min, size_t max, size_t *len)
{
	const cJSON *v = rd_get(o, k);
	size_t n, i;

	if (!cJSON_IsString(v))
		goto bad;
	n = strlen(v->valuestring);
	if (n % 2 != 0 || n / 2 < min || n / 2 > max)
		goto bad;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)v->valuestring[i];

		if ((c < '0' || c > '9') && (c < 'a' || c > 'f'))
			goto bad;
	}
	for (i = 0; i < n; i += 2) {	/* lower-case hex digits, n / 2 <= max */
		unsigned char h = (unsigned char)v->valuestring[i],
		    l = (unsigned char)v->valuestring[i + 1];

		out[i / 2] = (unsigned char)(((h <= '9' ? h - '0' : h - 'a' + 10) << 4) |
		    (l <= '9' ? l - '0' : l - 'a' + 10));
	}
	if (len != NULL)
		*len = n / 2;
	return 0;
bad:
	if (min == max)
		return cause_set(r->cause, "%s: field \"%s\": expected %zu lower-case hex "
		    "digits", r->where, k, 2 * min);
	return cause_set(r->cause, "%s: field \"%s\": expected %zu to %zu lower-case hex "
	    "digits", r->where, k, 2 * min, 2 * max);
}

static const cJSON *
rd_array(const struct rd *r, const cJSON *o, const char *k, size_t *n)
{
	const cJSON *v = rd_get(o, k);

	if (!cJSON_IsArray(v)) {
		cause_set(r->cause, "%s: field \"%s\": expected an array", r->where, k);
		return NULL;
	}
	*n = (size_t)cJSON_GetArraySize(v);
	return v;
}

static const char *const format_1_top_keys[] = { "format", "game", "rules",
	"rules_version", "scenario", "status", "server_key", "card_hash", "files", "seats",
	"phases", "commitments", "states", "events", "head", "archive_sig", NULL };
static const char *const top_keys[] = { "format", "game", "rules", "rules_version",
	"scenario", "status", "scope", "server_key", "card_hash", "files", "seats", "phases",
	"commitments", "states", "events", "head", "archive_sig", NULL };
/* A spectator archive: no states, no head. */
static const char *const spectator_top_keys[] = { "format", "game", "rules",
	"rules_version", "scenario", "status", "scope", "server_key", "card_hash", "files",
	"seats", "phases", "commitments", "events", "archive_sig", NULL };
static const char *const file_keys[] = { "name", "hash", "bytes", NULL };
static const char *const seat_keys[] = { "no", "name", "faction", "key_type", "key", NULL };
static const char *const phase_keys[] = { "seq", "turn", "name", "owing", "open", "orders",
	NULL };
static const char *const spectator_phase_keys[] = { "seq", "turn", "name", "owing",
	"open", NULL };
static const char *const order_keys[] = { "seat", "sig_type", "current", "nonce", "block",
	"signature", NULL };
static const char *const commit_keys[] = { "domain", "secret_id", "created_phase", "c",
	"sig", "opened", NULL };
static const char *const opened_keys[] = { "domain", "secret_id", "created_phase", "c",
	"sig", "opened", "revealed_phase", "secret", "nonce", NULL };
static const char *const state_keys[] = { "after_phase", "hash", NULL };
static const char *const event_keys[] = { "seq", "phase", "type", "visibility", "payload",
	"prev", "hash", NULL };
static const char *const spectator_event_keys[] = { "seq", "phase", "type", "visibility",
	"payload", NULL };
static const char *const head_keys[] = { "count", "hash", NULL };

/* The length of the string member k, which is not copied (*len). */
static int
rd_strlen(const struct rd *r, const cJSON *o, const char *k, size_t *len)
{
	const cJSON *v = rd_get(o, k);

	if (!cJSON_IsString(v))
		return cause_set(r->cause, "%s: field \"%s\": expected a string", r->where, k);
	*len = strlen(v->valuestring);
	return 0;
}

/* The signature types an order has, borrowed by rd_order_names(). */
static const char *const sig_types[] = { "muthur", "minisign", "ssh", "server", NULL };

/*
 * ARCHIVE_ORDERS_LATER: an order's seat and sig_type, borrowed where they
 * can be (a seat's name among the first 16 seats, a known signature
 * type), otherwise copied (or->borrowed says which).
 */
static int
rd_order_names(const struct rd *r, const cJSON *o, struct archive_order *or)
{
	const cJSON *seat = rd_get(o, "seat"), *type = rd_get(o, "sig_type");
	const struct archive *a = r->sm->a;
	size_t i;

	if (!cJSON_IsString(seat) || !cJSON_IsString(type))
		return cause_set(r->cause, "%s: field \"%s\": expected a string", r->where,
		    cJSON_IsString(seat) ? "sig_type" : "seat");
	for (i = 0; i < a->nseats && i < 16; i++)
		if (strcmp(a->seats[i].name, seat->valuestring) == 0)
			break;
	if (i < a->nseats && i < 16) {
		or->seat = a->seats[i].name;
		or->borrowed |= ORDER_SEAT_BORROWED;
	} else
		or->seat = xstrdup(seat->valuestring);
	for (i = 0; sig_types[i] != NULL; i++)
		if (strcmp(sig_types[i], type->valuestring) == 0)
			break;
	if (sig_types[i] != NULL) {
		or->sig_type = (char *)sig_types[i];
		or->borrowed |= ORDER_TYPE_BORROWED;
	} else
		or->sig_type = xstrdup(type->valuestring);
	return 0;
}

static int
rd_order(struct rd *r, const cJSON *o, struct archive_order *or)
{
	if (r->sm != NULL && (r->sm->flags & ARCHIVE_ORDERS_LATER))	/* orders_later() */
		return rd_members(r, o, order_keys) == -1 ||
		    rd_order_names(r, o, or) == -1 ||
		    rd_bool(r, o, "current", &or->current) == -1 ||
		    rd_hex(r, o, "nonce", or->nonce, RAND_NONCE_MIN, RAND_NONCE_MAX,
		    &or->nonce_len) == -1 ||
		    rd_strlen(r, o, "block", &or->block_len) == -1 ||
		    rd_strlen(r, o, "signature", &or->sig_len) == -1 ? -1 : 0;
	if (rd_members(r, o, order_keys) == -1 ||
	    rd_str(r, o, "seat", &or->seat, NULL) == -1 ||
	    rd_str(r, o, "sig_type", &or->sig_type, NULL) == -1 ||
	    rd_bool(r, o, "current", &or->current) == -1 ||
	    rd_hex(r, o, "nonce", or->nonce, RAND_NONCE_MIN, RAND_NONCE_MAX,
	    &or->nonce_len) == -1 ||
	    rd_str(r, o, "block", &or->block, &or->block_len) == -1 ||
	    rd_str(r, o, "signature", &or->signature, &or->sig_len) == -1)
		return -1;
	return 0;
}

static size_t value_end(const char *t, size_t len, size_t i);

/*
 * ARCHIVE_ORDERS_LATER: the orders of ph, read from the phase's item (the
 * stream's, in its canonical form) without their block and signature
 * (rd_order()), keep where their text is and its hash instead
 * (archive_order_text()).
 */
static int
orders_later(struct rd *r, struct archive_phase *ph)
{
	const char *t = r->sm->text, *q;
	size_t b = r->sm->item_b, e = r->sm->item_e, pos, end, j;
	static const char key[] = "\"orders\":[";

	if ((q = memmem(t + b, e - b, key, sizeof key - 1)) == NULL)
		return cause_set(r->cause, "%s: orders not found", r->where);
	pos = (size_t)(q - t) + sizeof key - 1;
	for (j = 0; j < ph->norders; j++) {
		struct archive_order *or = &ph->orders[j];

		if (j > 0 && t[pos++] != ',')
			return cause_set(r->cause, "%s: orders not found", r->where);
		if ((end = value_end(t, e, pos)) == 0)
			return cause_set(r->cause, "%s: orders not found", r->where);
		or->src_at = pos;
		or->src_len = end - pos;
		crypto_generichash(or->src_hash, sizeof or->src_hash,
		    (const unsigned char *)t + pos, end - pos, NULL, 0);
		pos = end;
	}
	return 0;
}

/*
 * ARCHIVE_ORDERS_LATER: ph's owing names (owing, every item a string) as
 * the seats' names, when each is a seat's: 1, PHASE_OWING_BORROWED set;
 * 0 (nothing set) otherwise, and the caller copies them.
 */
static int
owing_borrow(const struct rd *r, const cJSON *owing, struct archive_phase *ph)
{
	const struct archive *a;
	const cJSON *it;
	size_t i, j = 0;

	if (r->sm == NULL || !(r->sm->flags & ARCHIVE_ORDERS_LATER))
		return 0;
	a = r->sm->a;
	cJSON_ArrayForEach(it, owing) {
		for (i = 0; i < a->nseats; i++)
			if (strcmp(a->seats[i].name, it->valuestring) == 0)
				break;
		if (i == a->nseats)
			return 0;
	}
	cJSON_ArrayForEach(it, owing) {
		for (i = 0; strcmp(a->seats[i].name, it->valuestring) != 0; i++)
			;
		ph->owing[j++] = a->seats[i].name;
	}
	ph->borrowed |= PHASE_OWING_BORROWED;
	return 1;
}

static int
rd_phase(struct rd *r, const cJSON *o, struct archive_phase *ph, size_t index)
{
	const cJSON *owing, *orders, *it;
	char where[96];
	struct rd sub = { where, r->cause, r->full, r->sm };
	size_t j;

	if (rd_members(r, o, r->full ? phase_keys : spectator_phase_keys) == -1 ||
	    rd_u64(r, o, "seq", &ph->seq) == -1 ||
	    rd_u64(r, o, "turn", &ph->turn) == -1 ||
	    rd_name(r, o, "name", &ph->name, &ph->borrowed, PHASE_NAME_BORROWED) == -1 ||
	    (owing = rd_array(r, o, "owing", &ph->nowing)) == NULL ||
	    rd_bool(r, o, "open", &ph->open) == -1)
		return -1;
	ph->norders = 0;
	orders = NULL;
	if (r->full && (orders = rd_array(r, o, "orders", &ph->norders)) == NULL)
		return -1;
	ph->owing = xcalloc(ph->nowing, sizeof *ph->owing);
	cJSON_ArrayForEach(it, owing)
		if (!cJSON_IsString(it))
			return cause_set(r->cause, "%s: field \"owing\": expected seat names",
			    r->where);
	if (owing_borrow(r, owing, ph) == 0) {
		j = 0;
		cJSON_ArrayForEach(it, owing)
			ph->owing[j++] = xstrdup(it->valuestring);
	}
	ph->orders = xcalloc(ph->norders, sizeof *ph->orders);
	j = 0;
	for (it = orders != NULL ? orders->child : NULL; it != NULL; it = it->next) {
		snprintf(where, sizeof where, "phases[%zu].orders[%zu]", index, j);
		if (rd_order(&sub, it, &ph->orders[j++]) == -1)
			return -1;
	}
	if (r->sm != NULL && (r->sm->flags & ARCHIVE_ORDERS_LATER) && ph->norders > 0 &&
	    orders_later(r, ph) == -1)
		return -1;
	return 0;
}

static int
rd_commitment(struct rd *r, const cJSON *o, struct archive_commitment *c)
{
	size_t n;

	if (!cJSON_IsObject(o))
		return cause_set(r->cause, "%s: expected an object", r->where);
	c->opened = cJSON_IsTrue(rd_get(o, "opened"));
	if (rd_members(r, o, c->opened ? opened_keys : commit_keys) == -1 ||
	    rd_name(r, o, "domain", &c->domain, &c->borrowed, 1) == -1 ||
	    rd_str(r, o, "secret_id", &c->secret_id, NULL) == -1 ||
	    rd_u64(r, o, "created_phase", &c->created_phase) == -1 ||
	    rd_hex(r, o, "c", c->c, COMMIT_BYTES, COMMIT_BYTES, NULL) == -1 ||
	    rd_hex(r, o, "sig", c->sig, COMMIT_SIG_BYTES, COMMIT_SIG_BYTES, NULL) == -1 ||
	    rd_bool(r, o, "opened", &c->opened) == -1)
		return -1;
	if (!c->opened)
		return 0;
	if (rd_u64(r, o, "revealed_phase", &c->revealed_phase) == -1 ||
	    rd_hex(r, o, "nonce", c->nonce, COMMIT_NONCE_BYTES, COMMIT_NONCE_BYTES,
	    NULL) == -1)
		return -1;
	n = strlen(rd_get(o, "secret")->valuestring == NULL ? "" :
	    rd_get(o, "secret")->valuestring) / 2;
	c->secret = xmalloc(n + 1);
	if (rd_hex(r, o, "secret", c->secret, 0, n, &c->secret_len) == -1)
		return -1;
	c->secret[c->secret_len] = '\0';
	return 0;
}

static int
rd_event(struct rd *r, const cJSON *o, struct archive_event *e)
{
	if (rd_members(r, o, r->full ? event_keys : spectator_event_keys) == -1 ||
	    rd_u64(r, o, "seq", &e->seq) == -1 ||
	    rd_u64(r, o, "phase", &e->phase) == -1 ||
	    rd_name(r, o, "type", &e->type, &e->borrowed, EVENT_TYPE_BORROWED) == -1 ||
	    rd_name(r, o, "visibility", &e->visibility, &e->borrowed,
	    EVENT_VIS_BORROWED) == -1 ||
	    rd_str(r, o, "payload", &e->payload, &e->payload_len) == -1)
		return -1;
	if (r->full && (rd_hex(r, o, "prev", e->prev, 32, 32, NULL) == -1 ||
	    rd_hex(r, o, "hash", e->hash, 32, 32, NULL) == -1))
		return -1;
	return 0;
}

/* ARCHIVE_SRC_MAPPED: the pages of the text wholly within [from, to) given
 * back to the kernel (read again from the file when touched). */
static void
map_drop(const char *text, size_t from, size_t to)
{
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), b, e;

	b = ((uintptr_t)text + from + pg - 1) / pg * pg;
	e = ((uintptr_t)text + to) / pg * pg;
	if (e > b)
		(void)madvise((void *)b, e - b, MADV_DONTNEED);
}

static void
src_drop(const struct stream *sm, size_t from, size_t to)
{
	if (sm->flags & ARCHIVE_SRC_MAPPED)
		map_drop(sm->text, from, to);
}

/*
 * Where the JSON value at t[i] ends (the offset after it), scanning
 * strings and brackets only (the item's parse checks the rest); 0 when it
 * does not end within len bytes.
 */
static size_t
value_end(const char *t, size_t len, size_t i)
{
	const char *q;
	size_t depth = 0, b;

	if (i >= len)
		return 0;
	if (t[i] != '"' && t[i] != '{' && t[i] != '[') {
		while (i < len && t[i] != ',' && t[i] != ']' && t[i] != '}')
			i++;
		return i;
	}
	for (; i < len; i++) {
		if (t[i] == '"') {
			/* the quote that ends the string: the first after an even
			 * run of backslashes (the opening quote bounds the run) */
			do {
				if ((q = memchr(t + i + 1, '"', len - i - 1)) == NULL)
					return 0;
				i = (size_t)(q - t);
				for (b = 0; t[i - 1 - b] == '\\'; b++)
					;
			} while (b % 2 == 1);
			if (depth == 0)
				return i + 1;
		} else if (t[i] == '{' || t[i] == '[')
			depth++;
		else if ((t[i] == '}' || t[i] == ']') && --depth == 0)
			return i + 1;
	}
	return 0;
}

/* The next item of sm's array k from *pos (its end in *pos), parsed; NULL
 * when it is not there or not in its canonical form. */
static cJSON *
stream_item(struct stream *sm, size_t k, size_t *pos)
{
	size_t b = *pos, e;
	cJSON *o;

	if (b > sm->arrays[k].start && sm->text[b++] != ',')
		return NULL;
	if ((e = value_end(sm->text, sm->arrays[k].end, b)) == 0 ||
	    (o = cJSON_ParseWithLength(sm->text + b, e - b)) == NULL)
		return NULL;
	strbuf_reset(&sm->print);
	if (json_print_add(&sm->print, o) == -1 || sm->print.len != e - b ||
	    memcmp(sm->print.s, sm->text + b, e - b) != 0) {
		cJSON_Delete(o);
		return NULL;
	}
	*pos = e;
	return o;
}

/* Read the array k of root into *v (n entries of size bytes) with fn; of a
 * streamed archive (sm), its items from the text. */
static int
rd_list(char **cause, int full, const cJSON *root, struct stream *sm, const char *k,
    void **v, size_t *n, size_t size, int (*fn)(struct rd *, const cJSON *, void *, size_t))
{
	struct rd top = { "archive", cause, full, sm };
	char where[64];
	struct rd r = { where, cause, full, sm };
	const cJSON *arr, *it;
	cJSON *o;
	size_t i = 0, j, pos;

	if ((arr = rd_array(&top, root, k, n)) == NULL)
		return -1;
	for (j = 0; sm != NULL && j < sm->narrays; j++)
		if (strcmp(sm->arrays[j].key, k) == 0)
			break;
	if (sm == NULL || j == sm->narrays) {
		*v = xcalloc(*n + 1, size);
		cJSON_ArrayForEach(it, arr) {
			snprintf(where, sizeof where, "%s[%zu]", k, i);
			if (fn(&r, it, (char *)*v + i * size, i) == -1)
				return -1;
			i++;
		}
		return 0;
	}
	*n = sm->arrays[j].n;
	*v = xcalloc(*n + 1, size);
	for (pos = sm->arrays[j].start, i = 0; i < *n; i++) {
		sm->item_b = pos + (pos > sm->arrays[j].start);	/* after its comma */
		if ((o = stream_item(sm, j, &pos)) == NULL)
			return cause_set(cause, "%s[%zu]: not in the canonical form", k, i);
		sm->item_e = pos;
		if (i % 256 == 255)
			src_drop(sm, 0, pos);
		snprintf(where, sizeof where, "%s[%zu]", k, i);
		if (fn(&r, o, (char *)*v + i * size, i) == -1) {
			cJSON_Delete(o);
			return -1;
		}
		cJSON_Delete(o);
	}
	return 0;
}

static int
fn_file(struct rd *r, const cJSON *o, void *p, size_t i)
{
	struct archive_file *f = p;

	(void)i;
	if (rd_members(r, o, file_keys) == -1 || rd_str(r, o, "name", &f->name, NULL) == -1 ||
	    rd_hex(r, o, "hash", f->hash, 32, 32, NULL) == -1 ||
	    rd_str(r, o, "bytes", &f->bytes, &f->len) == -1)
		return -1;
	return 0;
}

static int
fn_seat(struct rd *r, const cJSON *o, void *p, size_t i)
{
	struct archive_seat *s = p;

	(void)i;
	if (rd_members(r, o, seat_keys) == -1 || rd_u64(r, o, "no", &s->no) == -1 ||
	    rd_str(r, o, "name", &s->name, NULL) == -1 ||
	    rd_str(r, o, "faction", &s->faction, NULL) == -1 ||
	    rd_str(r, o, "key_type", &s->key_type, NULL) == -1 ||
	    rd_str(r, o, "key", &s->key, NULL) == -1)
		return -1;
	return 0;
}

static int
fn_phase(struct rd *r, const cJSON *o, void *p, size_t i)
{
	return rd_phase(r, o, p, i);
}

static int
fn_commitment(struct rd *r, const cJSON *o, void *p, size_t i)
{
	(void)i;
	return rd_commitment(r, o, p);
}

static int
fn_state(struct rd *r, const cJSON *o, void *p, size_t i)
{
	struct archive_state *s = p;

	(void)i;
	if (rd_members(r, o, state_keys) == -1 ||
	    rd_u64(r, o, "after_phase", &s->after_phase) == -1 ||
	    rd_hex(r, o, "hash", s->hash, 32, 32, NULL) == -1)
		return -1;
	return 0;
}

static int
fn_event(struct rd *r, const cJSON *o, void *p, size_t i)
{
	(void)i;
	return rd_event(r, o, p);
}

/*
 * The phases of a streamed archive read on a thread of their own while
 * rd_archive() reads the rest (a long game's archive is mostly its phases'
 * orders): its own copy of the stream (its print buffer and item), the
 * same text and root, read only by both.
 */
struct phases_job {
	const cJSON	*root;
	struct stream	 sm;
	struct archive	*a;
	int		 full;
	int		 rc;
	char		*why;
};

static void *
phases_run(void *arg)
{
	struct phases_job *j = arg;

	j->rc = rd_list(&j->why, j->full, j->root, &j->sm, "phases", (void **)&j->a->phases,
	    &j->a->nphases, sizeof *j->a->phases, fn_phase);
	return NULL;
}

/* A thread is worth its start from this many phases. */
#define PHASES_THREADED 32

static int
rd_archive(const cJSON *root, struct stream *sm, struct archive *a, char **cause)
{
	struct rd top = { "archive", cause, 1, sm };
	struct rd head = { "archive: head", cause, 1, sm };
	struct phases_job job;
	pthread_t t;
	char *format = NULL, *scope = NULL;
	size_t k;
	int rc, full, threaded = 0;

	if (!cJSON_IsObject(root))
		return cause_set(cause, "archive: expected an object");
	if (rd_str(&top, root, "format", &format, NULL) == -1)
		return -1;
	rc = strcmp(format, ARCHIVE_FORMAT);
	a->format_1 = strcmp(format, ARCHIVE_FORMAT_1) == 0;
	free(format);
	if (rc != 0 && !a->format_1)
		return cause_set(cause, "archive: field \"format\": expected \"%s\"",
		    ARCHIVE_FORMAT);
	/* The scope says which members there are (format 1: all). */
	if (a->format_1)
		scope = xstrdup(ARCHIVE_SCOPE_FULL);
	else if (rd_str(&top, root, "scope", &scope, NULL) == -1)
		return -1;
	if (strcmp(scope, ARCHIVE_SCOPE_FULL) == 0)
		a->scope = ARCHIVE_FULL;
	else if (strcmp(scope, ARCHIVE_SCOPE_SPECTATOR) == 0)
		a->scope = ARCHIVE_SPECTATOR;
	else {
		free(scope);
		return cause_set(cause, "archive: field \"scope\": expected \"%s\" or "
		    "\"%s\"", ARCHIVE_SCOPE_FULL, ARCHIVE_SCOPE_SPECTATOR);
	}
	free(scope);
	full = a->scope == ARCHIVE_FULL;
	top.full = full;
	if (rd_members(&top, root, a->format_1 ? format_1_top_keys : full ? top_keys :
	    spectator_top_keys) == -1)
		return -1;
	if (rd_str(&top, root, "game", &a->game, NULL) == -1 ||
	    rd_str(&top, root, "rules", &a->rules, NULL) == -1 ||
	    rd_str(&top, root, "rules_version", &a->rules_version, NULL) == -1 ||
	    rd_str(&top, root, "scenario", &a->scenario, NULL) == -1 ||
	    rd_str(&top, root, "status", &a->status, NULL) == -1 ||
	    rd_hex(&top, root, "server_key", a->server_key, 32, 32, NULL) == -1 ||
	    rd_hex(&top, root, "card_hash", a->card_hash, 32, 32, NULL) == -1 ||
	    rd_list(cause, full, root, sm, "files", (void **)&a->files, &a->nfiles,
	    sizeof *a->files, fn_file) == -1 ||
	    rd_list(cause, full, root, sm, "seats", (void **)&a->seats, &a->nseats,
	    sizeof *a->seats, fn_seat) == -1)
		return -1;
	memset(&job, 0, sizeof job);
	for (k = 0; sm != NULL && k < sm->narrays; k++)
		if (strcmp(sm->arrays[k].key, "phases") == 0 &&
		    sm->arrays[k].n >= PHASES_THREADED)
			break;
	if (sm != NULL && k < sm->narrays) {
		job.root = root;
		job.sm = *sm;
		job.sm.print = (struct strbuf)STRBUF_INIT;
		job.sm.names = &a->names[0];
		job.a = a;
		job.full = full;
		threaded = pthread_create(&t, NULL, phases_run, &job) == 0;
		if (!threaded)
			strbuf_free(&job.sm.print);
	}
	rc = threaded ? 0 : rd_list(cause, full, root, sm, "phases", (void **)&a->phases,
	    &a->nphases, sizeof *a->phases, fn_phase);
	if (rc == 0 && (rd_list(cause, full, root, sm, "commitments", (void **)&a->commitments,
	    &a->ncommitments, sizeof *a->commitments, fn_commitment) == -1 ||
	    (full && rd_list(cause, full, root, sm, "states", (void **)&a->states,
	    &a->nstates, sizeof *a->states, fn_state) == -1) ||
	    rd_list(cause, full, root, sm, "events", (void **)&a->events, &a->nevents,
	    sizeof *a->events, fn_event) == -1 ||
	    rd_hex(&top, root, "archive_sig", a->sig, 64, 64, NULL) == -1))
		rc = -1;
	if (threaded) {
		pthread_join(t, NULL);
		strbuf_free(&job.sm.print);
		if (job.rc == -1 && rc == 0)	/* the phases come first */
			rc = cause_set(cause, "%s", job.why != NULL ? job.why :
			    "archive: phases unreadable");
		free(job.why);
	}
	if (rc == -1)
		return -1;
	if (full && (rd_members(&head, rd_get(root, "head"), head_keys) == -1 ||
	    rd_u64(&head, rd_get(root, "head"), "count", &a->head_count) == -1 ||
	    rd_hex(&head, rd_get(root, "head"), "hash", a->head_hash, 32, 32, NULL) == -1))
		return -1;
	return 0;
}

static const struct archive *order_of;	/* for commit_cmp() */

static int
commit_cmp(const void *x, const void *y)
{
	const struct archive_commitment *a = &order_of->commitments[*(const size_t *)x];
	const struct archive_commitment *b = &order_of->commitments[*(const size_t *)y];
	int c;

	if ((c = strcmp(a->domain, b->domain)) != 0 ||
	    (c = strcmp(a->secret_id, b->secret_id)) != 0)
		return c;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

static int
turn_cmp(const void *x, const void *y)
{
	const struct archive_phase *a = &order_of->phases[*(const size_t *)x];
	const struct archive_phase *b = &order_of->phases[*(const size_t *)y];

	if (a->turn != b->turn)
		return a->turn < b->turn ? -1 : 1;
	return *(const size_t *)x < *(const size_t *)y ? -1 : 1;
}

/* 0, 1, ..., n - 1 sorted with cmp over a (NULL when n is 0). */
static size_t *
sorted_indexes(struct archive *a, size_t n, int (*cmp)(const void *, const void *))
{
	size_t i, *v;

	if (n == 0)
		return NULL;
	v = xreallocarray(NULL, n, sizeof *v);
	for (i = 0; i < n; i++)
		v[i] = i;
	order_of = a;	/* archive_index is not called from two threads at once */
	qsort(v, n, sizeof *v, cmp);
	order_of = NULL;
	return v;
}

void
archive_index(struct archive *a)
{
	size_t i;

	free(a->commit_order);
	free(a->turn_order);
	a->commit_order = sorted_indexes(a, a->ncommitments, commit_cmp);
	a->turn_order = sorted_indexes(a, a->nphases, turn_cmp);
	a->phases_numbered = 1;
	for (i = 0; i < a->nphases; i++)
		if (a->phases[i].seq != i + 1)
			a->phases_numbered = 0;
}

const struct archive_phase *
archive_phase_find(const struct archive *a, uint64_t seq)
{
	size_t i;

	if (a->phases_numbered)
		return seq >= 1 && seq <= a->nphases ? &a->phases[seq - 1] : NULL;
	for (i = 0; i < a->nphases; i++)
		if (a->phases[i].seq == seq)
			return &a->phases[i];
	return NULL;
}

const size_t *
archive_turn_phases(const struct archive *a, uint64_t turn, size_t *n)
{
	size_t lo = 0, hi = a->turn_order != NULL ? a->nphases : 0, mid, first;

	while (lo < hi) {	/* the first of the sorted of this turn */
		mid = lo + (hi - lo) / 2;
		if (a->phases[a->turn_order[mid]].turn < turn)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	hi = a->turn_order != NULL ? a->nphases : 0;
	while (lo < hi && a->phases[a->turn_order[lo]].turn == turn)
		lo++;
	*n = lo - first;
	return *n > 0 ? &a->turn_order[first] : NULL;
}

/* The items of an array of the text (between start and end): how many, or
 * -1 when they are not values separated by commas. */
/*
 * The items of the array whose items start at start (after its "["): how
 * many, its "]" in *close; -1 when they are not values separated by
 * commas and closed within len bytes. Read an item at a time, the text
 * given back behind it (src_drop()).
 */
static long
stream_count(const struct stream *sm, size_t len, size_t start, size_t *close)
{
	const char *text = sm->text;
	size_t pos = start, last = start;
	long n = 0;

	while (pos < len && text[pos] != ']') {
		if (n > 0 && text[pos++] != ',')
			return -1;
		if ((pos = value_end(text, len, pos)) == 0)
			return -1;
		n++;
		if (pos - last >= (1u << 20)) {
			src_drop(sm, 0, pos);
			last = pos;
		}
	}
	if (pos >= len)
		return -1;
	*close = pos;
	return n;
}

/* The arrays archive_parse() streams. */
static const char *const streamed[] = { "files", "seats", "phases", "commitments",
	"states", "events", NULL };

/*
 * Cut the text (len bytes, without the final LF) into sm's arrays and the
 * skeleton (every other member as it is, those arrays "[]"); *sig_at is
 * where the last member, archive_sig, starts. -1 when the text is not laid
 * out as archive_format() writes it (no space, archive_sig last).
 */
static int
stream_cut(struct stream *sm, const char *text, size_t len, struct strbuf *skel,
    size_t *sig_at)
{
	size_t i = 1, ke, e, k, at, close;
	long n;

	if (len < 2 || text[0] != '{')
		return -1;
	strbuf_addc(skel, '{');
	for (;;) {
		at = i;
		if (text[i] != '"' || (ke = value_end(text, len, i)) == 0 || ke >= len ||
		    text[ke] != ':')
			return -1;
		for (k = 0; streamed[k] != NULL; k++)
			if (strlen(streamed[k]) == ke - i - 2 &&
			    memcmp(streamed[k], text + i + 1, ke - i - 2) == 0)
				break;
		if (streamed[k] != NULL && ke + 1 < len && text[ke + 1] == '[' &&
		    sm->narrays < STREAM_ARRAYS) {
			if ((n = stream_count(sm, len, ke + 2, &close)) < 0)
				return -1;
			e = close + 1;
			sm->arrays[sm->narrays].key = streamed[k];
			sm->arrays[sm->narrays].start = ke + 2;
			sm->arrays[sm->narrays].end = e - 1;
			sm->arrays[sm->narrays++].n = (size_t)n;
			strbuf_add(skel, text + i, ke + 1 - i);
			strbuf_addstr(skel, "[]");
		} else if ((e = value_end(text, len, ke + 1)) == 0)
			return -1;
		else
			strbuf_add(skel, text + i, e - i);
		if ((i = e) >= len)
			return -1;
		if (text[i] == '}')
			break;
		if (text[i++] != ',')
			return -1;
		strbuf_addc(skel, ',');
	}
	strbuf_addc(skel, '}');
	*sig_at = at;
	return i + 1 == len && text[at - 1] == ',' && ke - at == 13 &&
	    memcmp(text + at, "\"archive_sig\"", 13) == 0 ? 0 : -1;
}

/*
 * The archive read a part at a time (struct stream), or NULL when that
 * does not read it (archive_parse() then reads it whole, which says why):
 * never more than one item of the big arrays in cJSON at once, the
 * canonical form checked item by item, the digest hashed from the text.
 */
static struct archive *
parse_streamed(const char *text, size_t len, unsigned flags)
{
	struct stream sm;
	struct strbuf skel = STRBUF_INIT;
	crypto_generichash_state hs;
	struct archive *a = NULL;
	cJSON *root = NULL;
	char *why = NULL;
	size_t sig_at = 0;

	size_t at;

	memset(&sm, 0, sizeof sm);
	sm.text = text;
	sm.flags = flags;
	if (stream_cut(&sm, text, len, &skel, &sig_at) == -1 ||
	    (root = cJSON_ParseWithLength(skel.s, skel.len)) == NULL ||
	    json_print_add(&sm.print, root) == -1 || sm.print.len != skel.len ||
	    memcmp(sm.print.s, skel.s, skel.len) != 0)
		goto out;
	a = xcalloc(1, sizeof *a);
	sm.a = a;
	sm.names = &a->names[1];
	if (rd_archive(root, &sm, a, &why) == -1) {
		archive_free(a);
		a = NULL;
		goto out;
	}
	/* the compact printing without archive_sig, the last member */
	crypto_generichash_init(&hs, NULL, 0, sizeof a->digest);
	for (at = 0; at < sig_at - 1; at += 1u << 20) {
		crypto_generichash_update(&hs, (const unsigned char *)text + at,
		    sig_at - 1 - at < (1u << 20) ? sig_at - 1 - at : 1u << 20);
		src_drop(&sm, 0, at);
	}
	crypto_generichash_update(&hs, (const unsigned char *)"}", 1);
	src_drop(&sm, 0, len);
	if (flags & ARCHIVE_ORDERS_LATER) {
		a->src = text;
		a->src_len = len;
		a->src_mapped = (flags & ARCHIVE_SRC_MAPPED) != 0;
	}
	crypto_generichash_final(&hs, a->digest, sizeof a->digest);
	archive_index(a);
out:
	free(why);
	cJSON_Delete(root);
	strbuf_free(&skel);
	strbuf_free(&sm.print);
	return a;
}

/*
 * Of a text that ends before its document does (len bytes, the final LF
 * left out): the member it ends in, and of an array the item ("phases[17]"),
 * into where (n bytes); "" when that cannot be told.
 */
static void
cut_where(const char *text, size_t len, char *where, size_t n)
{
	size_t i = 1, ke, e, pos, k;

	where[0] = '\0';
	if (len < 2 || text[0] != '{')
		return;
	while (i < len && text[i] == '"' && (ke = value_end(text, len, i)) != 0 &&
	    ke < len && text[ke] == ':') {
		if ((e = value_end(text, len, ke + 1)) != 0 && e < len) {
			if (text[e] != ',')
				return;
			i = e + 1;
			continue;
		}
		/* the value of this member does not end */
		snprintf(where, n, "%.*s", (int)(ke - i - 2 < 40 ? ke - i - 2 : 40), text + i + 1);
		if (ke + 1 >= len || text[ke + 1] != '[')
			return;
		for (pos = ke + 2, k = 0; pos < len && text[pos] != ']'; k++) {
			if (k > 0 && text[pos++] != ',')
				return;
			if ((e = value_end(text, len, pos)) == 0 || e >= len)
				break;
			pos = e;
		}
		snprintf(where + strlen(where), n - strlen(where), "[%zu]", k);
		return;
	}
}

/* The text as one cJSON tree: what archive_parse() falls back on, and the
 * reasons it gives. */
static struct archive *
parse_whole(const char *text, size_t len, char **cause)
{
	struct archive *a;
	cJSON *root, *sig;
	char *canon;
	size_t i, n;

	if ((root = cJSON_ParseWithLength(text, len - 1)) == NULL) {
		const char *at = cJSON_GetErrorPtr();
		char where[64];

		/* its strings and brackets do not close: the text is cut short */
		if (len > 1 && text[0] == '{' && value_end(text, len - 1, 0) == 0) {
			cut_where(text, len - 1, where, sizeof where);
			cause_set(cause, "archive: cut short: the text ends (byte %zu) before "
			    "the document does%s%s", len - 1, where[0] != '\0' ?
			    ", inside " : "", where);
			return NULL;
		}
		cause_set(cause, "archive: not a JSON document (near byte %zu)",
		    (size_t)(at != NULL && at >= text && at <= text + len ? at - text : 0));
		return NULL;
	}
	if ((canon = json_print(root, &n)) == NULL)	/* cJSON_PrintUnformatted()'s */
		abort();
	for (i = 0; i < n && i < len - 1 && canon[i] == text[i]; i++)
		;
	free(canon);
	if (i != n || n != len - 1) {
		cJSON_Delete(root);
		cause_set(cause, "archive: byte %zu differs from the canonical form", i + 1);
		return NULL;
	}
	a = xcalloc(1, sizeof *a);
	if (rd_archive(root, NULL, a, cause) == -1) {
		cJSON_Delete(root);
		archive_free(a);
		return NULL;
	}
	sig = cJSON_DetachItemFromObjectCaseSensitive(root, "archive_sig");
	cJSON_Delete(sig);
	digest_of(root, a->digest);
	cJSON_Delete(root);
	archive_index(a);
	return a;
}

struct archive *
archive_parse(const char *text, size_t len, char **cause)
{
	return archive_parse_flags(text, len, 0, cause);
}

struct archive *
archive_parse_flags(const char *text, size_t len, unsigned flags, char **cause)
{
	struct archive *a;

	if (len > ARCHIVE_MAX) {
		cause_set(cause, "archive: larger than %u bytes", ARCHIVE_MAX);
		return NULL;
	}
	if (len == 0 || text[len - 1] != '\n') {
		cause_set(cause, "archive: does not end with a line feed");
		return NULL;
	}
	if (!(flags & ARCHIVE_ORDERS_LATER))
		flags = 0;
	if ((a = parse_streamed(text, len - 1, flags)) != NULL)
		return a;
	return parse_whole(text, len, cause);
}

void
archive_free(struct archive *a)
{
	size_t i, j, k;

	if (a == NULL)
		return;
	free(a->game);
	free(a->rules);
	free(a->rules_version);
	free(a->scenario);
	free(a->status);
	for (i = 0; a->files != NULL && i < a->nfiles; i++) {
		free(a->files[i].name);
		free(a->files[i].bytes);
	}
	free(a->files);
	for (i = 0; a->seats != NULL && i < a->nseats; i++) {
		free(a->seats[i].name);
		free(a->seats[i].faction);
		free(a->seats[i].key_type);
		free(a->seats[i].key);
	}
	free(a->seats);
	for (i = 0; a->phases != NULL && i < a->nphases; i++) {
		struct archive_phase *ph = &a->phases[i];

		if (!(ph->borrowed & PHASE_NAME_BORROWED))
			free(ph->name);
		for (j = 0; ph->owing != NULL && j < ph->nowing &&
		    !(ph->borrowed & PHASE_OWING_BORROWED); j++)
			free(ph->owing[j]);
		free(ph->owing);
		for (j = 0; ph->orders != NULL && j < ph->norders; j++) {
			if (!(ph->orders[j].borrowed & ORDER_SEAT_BORROWED))
				free(ph->orders[j].seat);
			if (!(ph->orders[j].borrowed & ORDER_TYPE_BORROWED))
				free(ph->orders[j].sig_type);
			free(ph->orders[j].block);
			free(ph->orders[j].signature);
		}
		free(ph->orders);
	}
	free(a->phases);
	for (i = 0; a->commitments != NULL && i < a->ncommitments; i++) {
		if (!a->commitments[i].borrowed)
			free(a->commitments[i].domain);
		free(a->commitments[i].secret_id);
		free(a->commitments[i].secret);
	}
	free(a->commitments);
	free(a->commit_order);
	free(a->turn_order);
	free(a->states);
	for (i = 0; a->events != NULL && i < a->nevents; i++) {
		if (!(a->events[i].borrowed & EVENT_TYPE_BORROWED))
			free(a->events[i].type);
		if (!(a->events[i].borrowed & EVENT_VIS_BORROWED))
			free(a->events[i].visibility);
		free(a->events[i].payload);
	}
	free(a->events);
	for (k = 0; k < 2; k++)
		for (i = 0; i < a->names[k].n; i++)
			free(a->names[k].v[i]);
	free(a);
}

const struct archive_file *
archive_file_find(const struct archive *a, const char *name)
{
	size_t i;

	for (i = 0; a->files != NULL && i < a->nfiles; i++)
		if (strcmp(a->files[i].name, name) == 0)
			return &a->files[i];
	return NULL;
}

const struct archive_commitment *
archive_commitment_find(const struct archive *a, const char *domain, const char *secret_id)
{
	const struct archive_commitment *c;
	size_t i, lo = 0, hi = a->ncommitments, mid;
	int d;

	if (a->commit_order == NULL) {
		for (i = 0; a->commitments != NULL && i < a->ncommitments; i++)
			if (strcmp(a->commitments[i].domain, domain) == 0 &&
			    strcmp(a->commitments[i].secret_id, secret_id) == 0)
				return &a->commitments[i];
		return NULL;
	}
	while (lo < hi) {	/* the first of the sorted with this name */
		mid = lo + (hi - lo) / 2;
		c = &a->commitments[a->commit_order[mid]];
		if ((d = strcmp(c->domain, domain)) == 0)
			d = strcmp(c->secret_id, secret_id);
		if (d < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == a->ncommitments)
		return NULL;
	c = &a->commitments[a->commit_order[lo]];
	return strcmp(c->domain, domain) == 0 && strcmp(c->secret_id, secret_id) == 0 ?
	    c : NULL;
}

/* ---- the orders read later (ARCHIVE_ORDERS_LATER) ---- */

static int
hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	    c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * The string member key of the order text t (n bytes, an object in its
 * canonical form): its bytes unescaped, NUL-terminated, into *out (the
 * caller's), their length in *len; -1 when it is not there.
 */
static int
order_member(const char *t, size_t n, const char *key, char **out, size_t *len)
{
	const char *q;
	size_t b, e, i, klen = strlen(key);
	struct strbuf sb = STRBUF_INIT;
	int h[4], k;
	unsigned u;

	for (q = t; (q = memmem(q, n - (size_t)(q - t), key, klen)) != NULL; q++)
		if (q > t && q[-1] == '"' && (size_t)(q - t) + klen + 2 < n &&
		    q[klen] == '"' && q[klen + 1] == ':' && q[klen + 2] == '"')
			break;
	if (q == NULL)
		return -1;
	b = (size_t)(q - t) + klen + 2;
	if ((e = value_end(t, n, b)) == 0)
		return -1;
	for (i = b + 1; i + 1 < e; i++) {
		if (t[i] != '\\') {	/* the run up to the next escape */
			const char *bs = memchr(t + i, '\\', e - 1 - i);
			size_t run = bs != NULL ? (size_t)(bs - t) - i : e - 1 - i;

			strbuf_add(&sb, t + i, run);
			i += run - 1;
			continue;
		}
		switch (t[++i]) {
		case 'b': strbuf_addc(&sb, '\b'); break;
		case 'f': strbuf_addc(&sb, '\f'); break;
		case 'n': strbuf_addc(&sb, '\n'); break;
		case 'r': strbuf_addc(&sb, '\r'); break;
		case 't': strbuf_addc(&sb, '\t'); break;
		case 'u':
			for (k = 0; k < 4; k++)
				if (i + 1 + (size_t)k >= e - 1 ||
				    (h[k] = hexval(t[i + 1 + (size_t)k])) < 0) {
					strbuf_free(&sb);
					return -1;
				}
			u = (unsigned)(h[0] << 12 | h[1] << 8 | h[2] << 4 | h[3]);
			i += 4;
			if (u == 0 || u >= 0x80) {	/* cJSON prints only controls so */
				strbuf_free(&sb);
				return -1;
			}
			strbuf_addc(&sb, (char)u);
			break;
		default:	/* '"', '\\', '/' */
			strbuf_addc(&sb, t[i]);
		}
	}
	*out = strbuf_detach(&sb, len);
	return 0;
}

int
archive_order_text(const struct archive *a, const struct archive_order *o,
    struct archive_order_text *t, char **cause)
{
	unsigned char h[sizeof o->src_hash];
	const char *p;

	memset(t, 0, sizeof *t);
	if (o->block != NULL) {
		t->block = o->block;
		t->block_len = o->block_len;
		t->signature = o->signature;
		t->sig_len = o->sig_len;
		return 0;
	}
	if (a->src == NULL || o->src_at > a->src_len || o->src_len > a->src_len - o->src_at)
		return cause_set(cause, "archive: the orders' text is not at hand");
	p = a->src + o->src_at;
	crypto_generichash(h, sizeof h, (const unsigned char *)p, o->src_len, NULL, 0);
	if (sodium_memcmp(h, o->src_hash, sizeof h) != 0 ||
	    order_member(p, o->src_len, "block", &t->owned[0], &t->block_len) == -1 ||
	    order_member(p, o->src_len, "signature", &t->owned[1], &t->sig_len) == -1 ||
	    t->block_len != o->block_len || t->sig_len != o->sig_len) {
		archive_order_text_clear(t);
		return cause_set(cause, "archive: an order's bytes are no longer those "
		    "read (the file changed while it was read)");
	}
	t->block = t->owned[0];
	t->signature = t->owned[1];
	return 0;
}

void
archive_order_text_clear(struct archive_order_text *t)
{
	free(t->owned[0]);
	free(t->owned[1]);
	memset(t, 0, sizeof *t);
}

void
archive_src_release(const struct archive *a)
{
	if (a->src != NULL && a->src_mapped)
		map_drop(a->src, 0, a->src_len);
}
