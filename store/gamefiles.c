/* gamefiles.c — files snapshotted into a game (contract in gamefiles.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "lib/cause.h"
#include "lib/deflate.h"
#include "store/db-internal.h"
#include "store/gamefiles.h"
#include "store/games.h"
#include "store/hashenc.h"

int
store_game_file_put(struct store *st, int64_t game_id, const char *name,
    const void *bytes, size_t len, char **cause)
{
	unsigned char hash[32], *z;
	size_t zlen = 0;
	struct db_stmt *s;
	int zipped;

	hashenc_blake2b256(hash, bytes, len);
	/*
	 * The bytes once, however many games hold the same file, deflated
	 * when that is smaller (schema 12: the card data, 110 KB of JSON,
	 * takes some 15 KB).
	 */
	z = len > 0 ? deflate_buf(bytes, len, &zlen, NULL) : NULL;
	zipped = z != NULL && zlen < len;
	if ((s = db_prepare(st, "INSERT INTO file_blobs (hash, bytes, deflated) "
	    "VALUES (?, ?, ?) ON CONFLICT DO NOTHING", cause)) == NULL) {
		free(z);
		return -1;
	}
	db_bind_blob(s, 1, hash, sizeof hash);
	db_bind_blob(s, 2, zipped ? z : bytes, zipped ? zlen : len);
	db_bind_int64(s, 3, zipped);
	free(z);
	if (db_step_done(st, s, "cannot record the file", cause) == -1)
		return cause_prefix(cause, "game file %s", name);
	if ((s = db_prepare(st, "INSERT INTO game_files (game_id, name, hash) "
	    "VALUES (?, ?, ?)", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, name);
	db_bind_blob(s, 3, hash, sizeof hash);
	if (db_step_done(st, s, "cannot record the file", cause) == -1)
		return cause_prefix(cause, "game file %s", name);
	return 0;
}

int
store_game_file_get(struct store *st, int64_t game_id, const char *name,
    unsigned char **bytes, size_t *len, unsigned char hash[32], char **cause)
{
	unsigned char want[32], got[32];
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT b.bytes, f.hash, b.deflated FROM game_files f JOIN file_blobs b "
	    "ON b.hash = f.hash WHERE f.game_id = ? AND f.name = ?", cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, name);
	if ((rc = db_step(s)) != DB_ROW) {
		if (rc == DB_DONE)
			cause_set(cause, "the game has no file %s", name);
		else
			db_fail(st, "cannot read a game file", cause);
		db_finish(st, s);
		return -1;
	}
	if (db_column_int(s, 2))
		*bytes = inflate_buf(db_column_blob(s, 0),
		    (size_t)db_column_bytes(s, 0), STORE_FILE_MAX, len, cause);
	else
		*bytes = db_col_blob(s, 0, len);
	rc = db_col_fixed(s, 1, want, sizeof want);
	db_finish(st, s);
	if (*bytes == NULL)
		return cause_prefix(cause, "game file %s", name);
	hashenc_blake2b256(got, *bytes, *len);
	if (rc == -1 || sodium_memcmp(want, got, sizeof got) != 0) {
		free(*bytes);
		*bytes = NULL;
		return cause_set(cause, "game file %s does not match its recorded hash", name);
	}
	if (hash != NULL)
		memcpy(hash, want, sizeof want);
	return 0;
}

int
store_game_file_has(struct store *st, int64_t game_id, const char *name, char **cause)
{
	struct db_stmt *s;
	int rc;

	if ((s = db_prepare(st, "SELECT 1 FROM game_files WHERE game_id = ? AND name = ?",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	db_bind_text(s, 2, name);
	rc = db_step(s);
	if (rc == DB_ROW)
		rc = 1;
	else if (rc == DB_DONE)
		rc = 0;
	else
		rc = db_fail(st, "cannot read the game's files", cause);
	db_finish(st, s);
	return rc;
}

static void
name_row(struct db_stmt *s, void *elem)
{
	*(char **)elem = db_col_text(s, 0);
}

static void
names_free_all(void *v, size_t n)
{
	store_names_free(v, n);
}

int
store_game_file_names(struct store *st, int64_t game_id, char ***names, size_t *n,
    char **cause)
{
	struct db_stmt *s;
	void *out;
	int rc;

	*names = NULL;
	*n = 0;
	if ((s = db_prepare(st, "SELECT name FROM game_files WHERE game_id = ? ORDER BY name",
	    cause)) == NULL)
		return -1;
	db_bind_int64(s, 1, game_id);
	rc = db_collect(st, s, sizeof **names, name_row, names_free_all, &out, n,
	    "cannot list the game's files", cause);
	*names = out;
	return rc;
}
