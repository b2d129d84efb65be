/* verify.c — checking a game's records (see verify.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/deflate.h"
#include "lib/xmalloc.h"
#include "store/commitments.h"
#include "store/db-internal.h"
#include "store/events.h"
#include "store/games.h"
#include "store/hashenc.h"
#include "store/phases.h"
#include "store/verify.h"

static int
verify_commitments(struct store *st, const struct store_game *g, char **cause)
{
	struct store_commitment *v;
	size_t n, i;
	int rc = 0;

	if (store_commitments(st, g->id, &v, &n, cause) == -1)
		return -1;
	for (i = 0; i < n && rc == 0; i++) {
		if (commit_sig_verify(g->server_pk, v[i].domain, g->name, v[i].secret_id,
		    v[i].c, v[i].sig) == -1)
			rc = cause_set(cause, "game %s: commitment %lld (%s/%s): the server "
			    "signature does not verify", g->name, (long long)v[i].id,
			    v[i].domain, v[i].secret_id);
		else if (commit_open_verify(v[i].domain, g->name, v[i].secret_id,
		    v[i].secret, v[i].secret_len, v[i].nonce, v[i].c, NULL) == -1)
			rc = cause_set(cause, "game %s: commitment %lld (%s/%s): the "
			    "secret and nonce do not open it", g->name, (long long)v[i].id,
			    v[i].domain, v[i].secret_id);
	}
	store_commitments_free(v, n);
	return rc;
}

static int
verify_seeds(struct store *st, const struct store_game *g, char **cause)
{
	struct db_stmt *s;
	char *want, *domain, *sid;
	uint64_t seq;
	int rc = 0, closed, revealed, len;

	if ((s = db_prepare(st, "SELECT p.seq, p.state = 'closed', c.domain, c.secret_id, "
	    "length(c.secret), c.revealed_phase IS NOT NULL FROM phases p LEFT JOIN seeds d "
	    "ON d.phase_id = p.id LEFT JOIN commitments c ON c.id = d.commitment_id "
	    "WHERE p.game_id = ? ORDER BY p.seq", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, g->id);
	while (rc == 0 && db_step(s) == DB_ROW) {
		seq = (uint64_t)db_column_int64(s, 0);
		closed = db_column_int(s, 1);
		if (db_column_is_null(s, 2)) {
			rc = cause_set(cause, "game %s: phase %llu has no seed commitment",
			    g->name, (unsigned long long)seq);
			break;
		}
		domain = db_col_text(s, 2);
		sid = db_col_text(s, 3);
		len = db_column_int(s, 4);
		revealed = db_column_int(s, 5);
		want = rand_seed_secret_id(seq);
		if (strcmp(domain, RAND_SEED_DOMAIN) != 0 || strcmp(sid, want) != 0)
			rc = cause_set(cause, "game %s: the seed of phase %llu is committed "
			    "as %s/%s, expected %s/%s", g->name, (unsigned long long)seq,
			    domain, sid, RAND_SEED_DOMAIN, want);
		else if (len != RAND_SEED_BYTES)
			rc = cause_set(cause, "game %s: the seed of phase %llu has %d bytes, "
			    "expected %d", g->name, (unsigned long long)seq, len,
			    RAND_SEED_BYTES);
		else if (closed && !revealed)
			rc = cause_set(cause, "game %s: phase %llu is closed but its seed "
			    "was never opened", g->name, (unsigned long long)seq);
		free(want);
		free(domain);
		free(sid);
	}
	db_finish(st, s);
	return rc;
}

/*
 * Are the stored bytes z (zlen) what deflating raw (over dict when a
 * delta) gives again? A changed bit of a stream can still inflate to the
 * same state (an unused code of a Huffman table, say); compressing the
 * state again, as store_state_put does, finds it.
 */
static int
same_deflate(const void *z, size_t zlen, const unsigned char *raw, size_t len,
    const unsigned char *dict, size_t dictlen)
{
	unsigned char *again;
	size_t n = 0;
	int same;

	again = dict != NULL ? deflate_buf_dict(raw, len, dict, dictlen, &n, NULL) :
	    deflate_buf(raw, len, &n, NULL);
	same = again != NULL && n == zlen && memcmp(again, z, n) == 0;
	free(again);
	return same;
}

static int
verify_states(struct store *st, const struct store_game *g, char **cause)
{
	struct db_stmt *s;
	unsigned char want[32], *raw, *key = NULL;
	const void *p;
	size_t len, keylen = 0;
	int rc = 0, delta;

	if ((s = db_prepare(st, "SELECT after_phase, state, hash, deflated FROM states "
	    "WHERE game_id = ? ORDER BY after_phase", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, g->id);
	while (rc == 0 && db_step(s) == DB_ROW) {
		p = db_column_blob(s, 1);
		len = (size_t)db_column_bytes(s, 1);
		raw = NULL;
		delta = db_column_int(s, 3) && deflate_has_dict(p, len);
		/* a delta is over the nearest keyframe before it (store/phases.c) */
		if (db_column_int(s, 3) && (raw = inflate_buf_dict(p, len,
		    delta ? key : NULL, keylen, STORE_STATE_MAX, &len, NULL)) == NULL)
			memset(want, 0, sizeof want);	/* unreadable: fails below */
		else {
			hashenc_blake2b256(want, raw != NULL ? raw : p, len);
			if (raw != NULL && !same_deflate(p,
			    (size_t)db_column_bytes(s, 1), raw, len,
			    delta ? key : NULL, keylen))
				memset(want, 0, sizeof want);	/* fails below */
		}
		if (!delta) {
			free(key);
			key = raw != NULL ? raw : xmemdup(p, len);
			keylen = len;
		} else
			free(raw);
		if (db_column_bytes(s, 2) != 32 ||
		    sodium_memcmp(want, db_column_blob(s, 2), 32) != 0)
			rc = cause_set(cause, "game %s: the state after phase %lld does "
			    "not match its hash", g->name,
			    (long long)db_column_int64(s, 0));
	}
	db_finish(st, s);
	free(key);
	return rc;
}

int
store_game_verify(struct store *st, int64_t game_id, char **cause)
{
	struct store_game *g;
	int rc;

	if ((g = store_game_get_id(st, game_id, cause)) == NULL)
		return -1;
	rc = store_events_verify(st, game_id, NULL, cause);
	if (rc == 0)
		rc = verify_commitments(st, g, cause);
	if (rc == 0)
		rc = verify_seeds(st, g, cause);
	if (rc == 0)
		rc = verify_states(st, g, cause);
	store_game_free(g);
	return rc;
}
