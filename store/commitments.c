/* commitments.c — stored commitments and phase seeds (see commitments.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/test-seed.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/db-internal.h"
#include "store/gamefiles.h"
#include "store/games.h"
#include "store/phases.h"

/*
 * A row whose secret_of is set holds no secret bytes of its own: they are
 * those of row secret_of, an earlier renewal of the same secret with the
 * same bytes (schema migration 12; store_secret_renew). Reads take them
 * from there, so every caller sees each commitment's secret whole.
 */
#define COMMIT_COLUMNS "c.id, c.game_id, c.domain, c.secret_id, c.commitment, " \
	"c.signature, coalesce(b.secret, c.secret), c.nonce, c.created_phase, " \
	"c.revealed_phase "
#define COMMIT_FROM "FROM commitments c LEFT JOIN commitments b ON b.id = c.secret_of "

static void
commitments_free_all(void *v, size_t n)
{
	store_commitments_free(v, n);
}

/* The secret a secret-id names: up to its last '@' (schema 13's secret_name). */
static size_t
secret_name_len(const char *secret_id)
{
	const char *at = strrchr(secret_id, '@');

	return at != NULL ? (size_t)(at - secret_id) : strlen(secret_id);
}

/* store_commitment_add, the bytes kept in row secret_of when it is not 0. */
static int
commitment_insert(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *secret_id, const void *secret, size_t secret_len,
    int64_t secret_of, uint64_t phase_seq, const unsigned char nonce[COMMIT_NONCE_BYTES],
    int64_t *id, unsigned char c[COMMIT_BYTES], unsigned char sig[COMMIT_SIG_BYTES],
    char **cause)
{
	struct store_game *g;
	unsigned char n[COMMIT_NONCE_BYTES], cc[COMMIT_BYTES], ss[COMMIT_SIG_BYTES];
	struct db_stmt *s;
	int rc = -1;

	if (*domain == '\0' || *secret_id == '\0')
		return cause_set(cause, "a commitment needs a domain and a secret-id");
	if ((g = store_game_get_id(st, game_id, cause)) == NULL)
		return -1;
	if (sodium_memcmp(g->server_pk, key->pk, sizeof g->server_pk) != 0) {
		cause_set(cause, "game %s: the server key given is not the one the game "
		    "was created with", g->name);
		goto out;
	}
	if (nonce != NULL)
		memcpy(n, nonce, sizeof n);
	else
		randombytes_buf(n, sizeof n);
	commit_hash(domain, g->name, secret_id, secret, secret_len, n, cc);
	commit_sign(key->sk, domain, g->name, secret_id, cc, ss);
	if ((s = db_prepare(st, "INSERT INTO commitments (game_id, domain, secret_id, "
	    "commitment, signature, secret, nonce, created_phase, secret_of, "
	    "secret_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", cause)) == NULL)
		goto out;
	db_bind_text_n(s, 10, secret_id, secret_name_len(secret_id));
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, domain);
	db_bind_text(s, 3, secret_id);
	db_bind_blob(s, 4, cc, sizeof cc);
	db_bind_blob(s, 5, ss, sizeof ss);
	if (secret_of > 0)
		db_bind_blob(s, 6, NULL, 0);
	else
		db_bind_blob(s, 6, secret, secret_len);
	db_bind_blob(s, 7, n, sizeof n);
	db_bind_int64(s, 8, (int64_t)phase_seq);
	if (secret_of > 0)
		db_bind_int64(s, 9, secret_of);
	else
		db_bind_null(s, 9);
	if (db_step_done(st, s, "cannot store the commitment", cause) == -1) {
		cause_prefix(cause, "commitment %s/%s", domain, secret_id);
		goto out;
	}
	if (id != NULL)
		*id = db_last_id(st);
	if (c != NULL)
		memcpy(c, cc, sizeof cc);
	if (sig != NULL)
		memcpy(sig, ss, sizeof ss);
	rc = 0;
out:
	sodium_memzero(n, sizeof n);
	store_game_free(g);
	return rc;
}

int
store_commitment_add(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *secret_id, const void *secret, size_t secret_len,
    uint64_t phase_seq, const unsigned char nonce[COMMIT_NONCE_BYTES], int64_t *id,
    unsigned char c[COMMIT_BYTES], unsigned char sig[COMMIT_SIG_BYTES], char **cause)
{
	return commitment_insert(st, key, game_id, domain, secret_id, secret, secret_len,
	    0, phase_seq, nonce, id, c, sig, cause);
}

/*
 * The row holding the bytes of commitment (domain, prev_id) of the game
 * when they equal secret: *row is its id, or 0 when there is no such
 * commitment or its bytes differ.
 */
static int
same_secret_row(struct store *st, int64_t game_id, const char *domain,
    const char *prev_id, const void *secret, size_t secret_len, int64_t *row,
    char **cause)
{
	struct db_stmt *s;
	const void *b;
	int rc;

	*row = 0;
	if ((s = db_prepare(st, "SELECT coalesce(c.secret_of, c.id), "
	    "coalesce(b.secret, c.secret) " COMMIT_FROM "WHERE c.game_id = ? AND "
	    "c.domain = ? AND c.secret_id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, domain);
	db_bind_text(s, 3, prev_id);
	if ((rc = db_step(s)) == DB_ROW) {
		b = db_column_blob(s, 1);
		if ((size_t)db_column_bytes(s, 1) == secret_len &&
		    (secret_len == 0 || (b != NULL && memcmp(b, secret, secret_len) == 0)))
			*row = db_column_int64(s, 0);
	}
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(st, "cannot read commitments", cause);
	return 0;
}

int
store_secret_renew(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *name, const void *secret, size_t secret_len,
    uint64_t phase_seq, char **cause)
{
	char *sid = xasprintf("%s@%llu", name, (unsigned long long)phase_seq), *prev;
	int64_t row = 0;
	int rc = 0;

	/* the previous phase's renewal ("NAME@P-1"): its bytes, if the same */
	if (phase_seq > 0 && secret_len > 0) {
		prev = xasprintf("%s@%llu", name, (unsigned long long)(phase_seq - 1));
		rc = same_secret_row(st, game_id, domain, prev, secret, secret_len, &row,
		    cause);
		free(prev);
	}
	if (rc == 0)
		rc = commitment_insert(st, key, game_id, domain, sid, secret, secret_len,
		    row, phase_seq, NULL, NULL, NULL, NULL, cause);
	free(sid);
	return rc;
}

/*
 * The secret-id of the latest commitment of secret name ("NAME@P") made
 * before phase before, or NULL (*cause untouched) when there is none;
 * *open tells whether it is opened.
 */
static char *
latest_of(struct store *st, int64_t game_id, const char *domain, const char *name,
    uint64_t before, int *open, char **cause)
{
	struct db_stmt *s;
	char *sid = NULL;
	int rc;

	/* "NAME@P": the range holds NAME's renewals only ('A' follows '@');
	 * by secret name, the latest is found in the index (commitments_name) */
	if ((s = db_prepare(st, "SELECT secret_id, revealed_phase IS NOT NULL FROM "
	    "commitments WHERE game_id = ?1 AND domain = ?2 AND secret_name = ?3 AND "
	    "secret_id >= ?3 || '@' AND secret_id < ?3 || 'A' AND created_phase < ?4 "
	    "ORDER BY created_phase DESC, id DESC LIMIT 1", cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, domain);
	db_bind_text(s, 3, name);
	db_bind_int64(s, 4, (int64_t)before);
	if ((rc = db_step(s)) == DB_ROW) {
		sid = db_col_text(s, 0);
		*open = db_column_int(s, 1);
	}
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		db_fail(st, "cannot read commitments", cause);
	return sid;
}

int
store_secret_keep(struct store *st, const struct server_key *key, int64_t game_id,
    const char *domain, const char *name, const void *secret, size_t secret_len,
    uint64_t phase_seq, char **cause)
{
	char *sid, *prev, *why = NULL;
	int64_t row = 0;
	int open = 0, rc;

	if ((prev = latest_of(st, game_id, domain, name, phase_seq, &open, &why)) == NULL &&
	    why != NULL) {
		cause_set(cause, "%s", why);
		free(why);
		return -1;
	}
	if (prev != NULL && !open && same_secret_row(st, game_id, domain, prev, secret,
	    secret_len, &row, cause) == -1) {
		free(prev);
		return -1;
	}
	free(prev);
	if (row > 0)
		return 0;	/* still covered by that commitment */
	sid = xasprintf("%s@%llu", name, (unsigned long long)phase_seq);
	rc = commitment_insert(st, key, game_id, domain, sid, secret, secret_len, 0,
	    phase_seq, NULL, NULL, NULL, NULL, cause);
	free(sid);
	return rc == -1 ? -1 : 1;
}

int
store_commitment_reveal(struct store *st, int64_t game_id, const char *domain,
    const char *secret_id, uint64_t phase_seq, char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "UPDATE commitments SET revealed_phase = ? WHERE "
	    "game_id = ? AND domain = ? AND secret_id = ? AND revealed_phase IS NULL",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, (int64_t)phase_seq);
	db_bind_int64(s, 2, game_id);
	db_bind_text(s, 3, domain);
	db_bind_text(s, 4, secret_id);
	if (db_step_done(st, s, "cannot reveal the commitment", cause) == -1)
		return -1;
	if (db_changes(st) == 0)
		return cause_set(cause, "commitment %s/%s: none such, or already revealed",
		    domain, secret_id);
	return 0;
}

int
store_secret_open_latest(struct store *st, int64_t game_id, const char *domain,
    const char *name, uint64_t phase_seq, char **cause)
{
	char *sid, *why = NULL;
	int open = 0, rc;

	if ((sid = latest_of(st, game_id, domain, name, phase_seq, &open, &why)) == NULL) {
		if (why == NULL)
			return 0;	/* never committed */
		cause_set(cause, "%s", why);
		free(why);
		return -1;
	}
	rc = open ? 0 : store_commitment_reveal(st, game_id, domain, sid, phase_seq,
	    cause);
	if (rc == 0 && !open)
		rc = 1;
	free(sid);
	return rc;
}

static void
commitment_row(struct db_stmt *s, void *elem)
{
	struct store_commitment *c = elem;

	memset(c, 0, sizeof *c);
	c->id = db_column_int64(s, 0);
	c->game_id = db_column_int64(s, 1);
	c->domain = db_col_text(s, 2);
	c->secret_id = db_col_text(s, 3);
	/* Wrong-sized values stay zero and fail verification. */
	db_col_fixed(s, 4, c->c, sizeof c->c);
	db_col_fixed(s, 5, c->sig, sizeof c->sig);
	c->secret = db_col_blob(s, 6, &c->secret_len);
	db_col_fixed(s, 7, c->nonce, sizeof c->nonce);
	c->created_phase = (uint64_t)db_column_int64(s, 8);
	c->revealed = !db_column_is_null(s, 9);
	c->revealed_phase = (uint64_t)db_column_int64(s, 9);
}

struct store_commitment *
store_commitment_get(struct store *st, int64_t game_id, const char *domain,
    const char *secret_id, char **cause)
{
	struct store_commitment *c = NULL;
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT " COMMIT_COLUMNS COMMIT_FROM "WHERE "
	    "c.game_id = ? AND c.domain = ? AND c.secret_id = ?", cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, domain);
	db_bind_text(s, 3, secret_id);
	if ((rc = db_step(s)) == DB_ROW) {
		c = xmalloc(sizeof *c);
		commitment_row(s, c);
	} else if (rc == DB_DONE)
		cause_set(cause, "no commitment %s/%s in this game", domain, secret_id);
	else
		db_fail(st, "cannot read commitments", cause);
	db_finish(st, s);
	return c;
}

int
store_commitments(struct store *st, int64_t game_id,
    struct store_commitment **v, size_t *n, char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*v = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT " COMMIT_COLUMNS COMMIT_FROM "WHERE "
	    "c.game_id = ? ORDER BY c.id", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	rc = db_collect(st, s, sizeof **v, commitment_row, commitments_free_all, &out, n,
	    "cannot read commitments", cause);
	*v = out;
	return rc;
}

/* Add the ids the query s gives (its first column) to *ids. */
static int
ids_add(struct store *st, struct db_stmt *s, int64_t **ids, size_t *n, char **cause)
{
	int64_t *more = NULL;
	size_t nmore = 0;

	if (db_collect_ids(st, s, &more, &nmore, "cannot read commitments", cause) == -1)
		return -1;
	*ids = xreallocarray(*ids, *n + nmore + 1, sizeof **ids);
	memcpy(*ids + *n, more, nmore * sizeof *more);
	*n += nmore;
	free(more);
	return 0;
}

/*
 * One probe of latest_unopened(): the latest unopened commitment of the
 * last secret before (dom, name) in the index (commitments_unopened),
 * first within dom (name NULL: any name of a domain before dom; dom NULL:
 * any). Row values, (domain, secret_name) < (?, ?), would walk the index
 * back over every renewal of the secrets after the bound: each column is
 * bounded on its own instead. 1 with *id, *d, *n (caller frees), 0 none.
 */
static int
unopened_before(struct store *st, int64_t game_id, const char *dom, const char *name,
    int64_t *id, char **d, char **n, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, dom == NULL ?
	    "SELECT id, domain, secret_name FROM commitments WHERE game_id = ?1 AND "
	    "revealed_phase IS NULL AND CAST(?2 AS TEXT) IS NULL AND CAST(?3 AS TEXT) IS NULL "
	    "ORDER BY domain DESC, "
	    "secret_name DESC, id DESC LIMIT 1" : name == NULL ?
	    "SELECT id, domain, secret_name FROM commitments WHERE game_id = ?1 AND "
	    "revealed_phase IS NULL AND domain < ?2 AND CAST(?3 AS TEXT) IS NULL ORDER BY "
	    "domain DESC, "
	    "secret_name DESC, id DESC LIMIT 1" :
	    "SELECT id, domain, secret_name FROM commitments WHERE game_id = ?1 AND "
	    "revealed_phase IS NULL AND domain = ?2 AND secret_name < ?3 ORDER BY "
	    "domain DESC, secret_name DESC, id DESC LIMIT 1", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, dom);
	db_bind_text(s, 3, name);
	if ((rc = db_step(s)) == DB_ROW) {
		*id = db_column_int64(s, 0);
		*d = db_col_text(s, 1);
		*n = db_col_text(s, 2);
	}
	db_finish(st, s);
	if (rc != DB_ROW && rc != DB_DONE)
		return db_fail(st, "cannot read commitments", cause);
	return rc == DB_ROW;
}

/*
 * The latest unopened commitment of each secret but the seeds: an index
 * probe or two a secret, from the last secret down, never a renewal read.
 */
static int
latest_unopened(struct store *st, int64_t game_id, int64_t **ids, size_t *n,
    char **cause)
{
	char *dom = NULL, *name = NULL, *d, *nm;
	int64_t id = 0;
	int r = 1, first = 1;

	while (r == 1) {
		d = nm = NULL;
		if ((r = unopened_before(st, game_id, first ? NULL : dom, name, &id, &d,
		    &nm, cause)) == 0 && name != NULL) {
			free(name);	/* none left in dom: the domains before it */
			name = NULL;
			r = 1;
			continue;
		}
		first = 0;
		free(dom);
		free(name);
		dom = d;
		name = nm;
		if (r != 1)
			break;
		if (dom == NULL) {	/* unopened_before() names what it found */
			r = 0;
			break;
		}
		if (strcmp(dom, RAND_SEED_DOMAIN) == 0) {
			free(name);	/* seeds: one secret each, skipped whole */
			name = NULL;
		} else {
			*ids = xreallocarray(*ids, *n + 2, sizeof **ids);
			(*ids)[(*n)++] = id;
		}
	}
	free(dom);
	free(name);
	return r;
}

static int
cmp_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

int
store_commitments_current(struct store *st, int64_t game_id, uint64_t phase_seq,
    uint64_t opened_since, struct store_commitment **v, size_t *n, char **cause)
{
	struct db_stmt *s;
	int64_t *ids = NULL;
	size_t nids = 0, i;
	char *seed_id = rand_seed_secret_id(phase_seq);
	int rc = -1;

	*v = NULL;
	*n = 0;
	if (latest_unopened(st, game_id, &ids, &nids, cause) == -1)
		goto out;
	/* the phase's seed while unopened, the last opened seed */
	if ((s = db_prepare(st, "SELECT id FROM commitments WHERE game_id = ? AND "
	    "domain = ? AND secret_id = ? AND revealed_phase IS NULL", cause)) == NULL)
		goto out;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, RAND_SEED_DOMAIN);
	db_bind_text(s, 3, seed_id);
	if (ids_add(st, s, &ids, &nids, cause) == -1)
		goto out;
	if ((s = db_prepare(st, "SELECT id FROM commitments WHERE game_id = ? AND "
	    "domain = ? AND revealed_phase IS NOT NULL ORDER BY created_phase DESC, "
	    "id DESC LIMIT 1", cause)) == NULL)
		goto out;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, RAND_SEED_DOMAIN);
	if (ids_add(st, s, &ids, &nids, cause) == -1)
		goto out;
	/* opened in the phases reported: the seeds among them are not shown */
	if (opened_since != UINT64_MAX) {
		if ((s = db_prepare(st, "SELECT id FROM commitments WHERE game_id = ? AND "
		    "revealed_phase IS NOT NULL AND revealed_phase >= ? AND domain <> ?",
		    cause)) == NULL)
			goto out;
		db_bind_int64(s, 1, game_id);
		db_bind_int64(s, 2, (int64_t)opened_since);
		db_bind_text(s, 3, RAND_SEED_DOMAIN);
		if (ids_add(st, s, &ids, &nids, cause) == -1)
			goto out;
	}
	qsort(ids, nids, sizeof *ids, cmp_id);
	*v = xcalloc(nids + 1, sizeof **v);
	for (i = 0; i < nids; i++) {
		if (i > 0 && ids[i] == ids[i - 1])
			continue;
		if ((s = db_prepare(st, "SELECT " COMMIT_COLUMNS COMMIT_FROM
		    "WHERE c.id = ?", cause)) == NULL)
			goto out;
		db_bind_int64(s, 1, ids[i]);
		if ((rc = db_step(s)) == DB_ROW)
			commitment_row(s, &(*v)[(*n)++]);
		db_finish(st, s);
		if (rc != DB_ROW) {
			rc = -1;
			db_fail(st, "cannot read commitments", cause);
			goto out;
		}
	}
	rc = 0;
out:
	if (rc == -1) {
		store_commitments_free(*v, *n);
		*v = NULL;
		*n = 0;
	}
	free(ids);
	free(seed_id);
	return rc;
}

int
store_commitments_reveal_all(struct store *st, int64_t game_id, uint64_t phase_seq,
    char **cause)
{
	struct db_stmt *s;

	if ((s = db_prepare(st, "UPDATE commitments SET revealed_phase = ? WHERE "
	    "game_id = ? AND revealed_phase IS NULL", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, (int64_t)phase_seq);
	db_bind_int64(s, 2, game_id);
	return db_step_done(st, s, "cannot reveal the commitments", cause);
}

void
store_commitments_free(struct store_commitment *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].domain);
		free(v[i].secret_id);
		if (v[i].secret != NULL)
			sodium_memzero(v[i].secret, v[i].secret_len);
		free(v[i].secret);
	}
	free(v);
}

static int
seed_insert(struct store *st, const struct server_key *key, struct store_phase *ph,
    const unsigned char *seed, char **cause)
{
	struct db_stmt *s;
	char *sid = rand_seed_secret_id(ph->seq);
	int64_t cid;
	int rc;

	rc = store_commitment_add(st, key, ph->game_id, RAND_SEED_DOMAIN, sid, seed,
	    RAND_SEED_BYTES, ph->seq, NULL, &cid, NULL, NULL, cause);
	free(sid);
	if (rc == -1)
		return -1;
	if ((s = db_prepare(st, "INSERT INTO seeds (phase_id, commitment_id) VALUES (?, ?)",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, ph->id);
	db_bind_int64(s, 2, cid);
	return db_step_done(st, s, "cannot store the seed", cause);
}

int
store_server_seed(struct store *st, int64_t game_id, const char *label,
    unsigned char out[RAND_SEED_BYTES], char **cause)
{
	struct store_game *g;
	unsigned char *file;
	size_t len;
	int has;

	if ((has = store_game_file_has(st, game_id, TEST_SEED_FILE, cause)) == -1)
		return -1;
	if (has == 0) {
		randombytes_buf(out, RAND_SEED_BYTES);
		return 0;
	}
	if ((g = store_game_get_id(st, game_id, cause)) == NULL)
		return -1;
	if (store_game_file_get(st, game_id, TEST_SEED_FILE, &file, &len, NULL,
	    cause) == -1) {
		store_game_free(g);
		return -1;
	}
	test_seed_derive(file, len, g->name, label, strlen(label), out,
	    RAND_SEED_BYTES);
	free(file);
	store_game_free(g);
	return 0;
}

int
store_seed_commit(struct store *st, const struct server_key *key, int64_t phase_id,
    const unsigned char *seed, unsigned char seed_out[RAND_SEED_BYTES], char **cause)
{
	struct store_phase *ph;
	unsigned char sd[RAND_SEED_BYTES];
	int ok, rc;

	if ((ph = store_phase_get(st, phase_id, cause)) == NULL)
		return -1;
	if (seed != NULL)
		memcpy(sd, seed, sizeof sd);
	else {
		char *label = xasprintf("phase seed %llu", (unsigned long long)ph->seq);

		rc = store_server_seed(st, ph->game_id, label, sd, cause);
		free(label);
		if (rc == -1) {
			store_phase_free(ph);
			return -1;
		}
	}
	if (db_tx_enter(st, cause) == -1) {
		store_phase_free(ph);
		return -1;
	}
	ok = seed_insert(st, key, ph, sd, cause) == 0;
	if (!ok)
		cause_prefix(cause, "seed of phase %llu", (unsigned long long)ph->seq);
	store_phase_free(ph);
	if (db_tx_leave(st, ok, cause) == -1) {
		sodium_memzero(sd, sizeof sd);
		return -1;
	}
	if (seed_out != NULL)
		memcpy(seed_out, sd, sizeof sd);
	sodium_memzero(sd, sizeof sd);
	return 0;
}

/* The seed's commitment row (secret = the seed) and the phase seq. */
static struct store_commitment *
seed_commitment(struct store *st, int64_t phase_id, char **cause)
{
	struct store_commitment *c = NULL;
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT " COMMIT_COLUMNS "FROM seeds d JOIN "
	    "commitments c ON c.id = d.commitment_id LEFT JOIN commitments b ON "
	    "b.id = c.secret_of WHERE d.phase_id = ?", cause)) == NULL)
		return NULL;
	db_bind_int64(s, 1, phase_id);
	if ((rc = db_step(s)) == DB_ROW) {
		c = xmalloc(sizeof *c);
		commitment_row(s, c);
	} else if (rc == DB_DONE)
		cause_set(cause, "phase #%lld has no seed", (long long)phase_id);
	else
		db_fail(st, "cannot read the seed", cause);
	db_finish(st, s);
	return c;
}

int
store_seed_get(struct store *st, int64_t phase_id, unsigned char seed[RAND_SEED_BYTES],
    char **cause)
{
	struct store_commitment *c;
	int rc = 0;

	if ((c = seed_commitment(st, phase_id, cause)) == NULL)
		return -1;
	if (c->secret_len != RAND_SEED_BYTES)
		rc = cause_set(cause, "the seed of phase #%lld has %zu bytes, expected %d",
		    (long long)phase_id, c->secret_len, RAND_SEED_BYTES);
	else
		memcpy(seed, c->secret, RAND_SEED_BYTES);
	store_commitments_free(c, 1);
	return rc;
}

int
store_seed_reveal(struct store *st, int64_t phase_id, uint64_t at_phase_seq,
    char **cause)
{
	struct store_commitment *c;
	int rc;

	if ((c = seed_commitment(st, phase_id, cause)) == NULL)
		return -1;
	rc = store_commitment_reveal(st, c->game_id, c->domain, c->secret_id,
	    at_phase_seq, cause);
	store_commitments_free(c, 1);
	return rc;
}

int
store_shuffle_seed_commit(struct store *st, const struct server_key *key,
    int64_t game_id, uint64_t phase_seq, const unsigned char *seed, char **cause)
{
	unsigned char sd[RAND_SEED_BYTES];
	int rc;

	if (seed != NULL)
		memcpy(sd, seed, sizeof sd);
	else {
		char *label = xasprintf("shuffle seed %llu", (unsigned long long)phase_seq);

		rc = store_server_seed(st, game_id, label, sd, cause);
		free(label);
		if (rc == -1)
			return -1;
	}
	rc = store_commitment_add(st, key, game_id, RAND_SHUFFLE_DOMAIN,
	    RAND_SHUFFLE_SECRET_ID, sd, sizeof sd, phase_seq, NULL, NULL, NULL, NULL,
	    cause);
	sodium_memzero(sd, sizeof sd);
	return rc;
}

int
store_shuffle_seed_get(struct store *st, int64_t game_id,
    unsigned char seed[RAND_SEED_BYTES], char **cause)
{
	struct store_commitment c;
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT " COMMIT_COLUMNS COMMIT_FROM "WHERE "
	    "c.game_id = ? AND c.domain = ? AND c.secret_id = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, RAND_SHUFFLE_DOMAIN);
	db_bind_text(s, 3, RAND_SHUFFLE_SECRET_ID);
	if ((rc = db_step(s)) == DB_ROW) {
		commitment_row(s, &c);
		if (c.secret_len != RAND_SEED_BYTES)
			rc = cause_set(cause, "the shuffle seed has %zu bytes, expected %d",
			    c.secret_len, RAND_SEED_BYTES);
		else {
			memcpy(seed, c.secret, RAND_SEED_BYTES);
			rc = 1;
		}
		free(c.domain);
		free(c.secret_id);
		if (c.secret != NULL)
			sodium_memzero(c.secret, c.secret_len);
		free(c.secret);
	} else if (rc == DB_DONE)
		rc = 0;
	else
		rc = db_fail(st, "cannot read commitments", cause);
	db_finish(st, s);
	return rc;
}
