/* copy.c — every row of one store into another (see copy.h). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "lib/cause.h"
#include "lib/strbuf.h"
#include "lib/xmalloc.h"
#include "store/copy.h"
#include "store/db-internal.h"

/*
 * The tables of the schema (STORE_SCHEMA_VERSION) in an order their foreign keys allow,
 * each with its columns and their types (i integer, t text, b bytes) and
 * the column its ids come from (restarted in the target after the copy),
 * if any. Rows go in key order, so that a row naming an earlier one of its
 * table (orders.block_of, commitments.secret_of) finds it there; a new
 * schema version adds its tables and columns here (test-migrate-pg.sh
 * checks that every table of a store is copied).
 */
static const struct copy_table {
	const char	*name;
	const char	*columns;
	const char	*types;
	const char	*order;
	const char	*id;
} tables[] = {
	{ "games", "id, name, rules, scenario, card_hash, server_pk, status, created, "
	  "event_count, head_hash", "itttbbtiib", "id", "id" },
	{ "seats", "id, game_id, seat_no, name, faction, email, key_type, public_key, deck",
	  "iiitttttt", "id", "id" },
	{ "phases", "id, game_id, seq, turn, name, owing, deadline, state, opened, closed",
	  "iiiittitii", "id", "id" },
	{ "orders", "id, phase_id, seat_id, block, signature, sig_type, nonce, message_id, "
	  "received, superseded_by, block_of", "iiibbtbtiii", "id", "id" },
	{ "events", "game_id, seq, phase_seq, type, visibility, payload, prev_hash, hash",
	  "iiittbbb", "game_id, seq", NULL },
	{ "event_seen", "game_id, seat, n", "iti", "game_id, seat", NULL },
	{ "commitments", "id, game_id, domain, secret_id, commitment, signature, secret, "
	  "nonce, created_phase, revealed_phase, secret_of, secret_name", "iittbbbbiiit",
	  "id", "id" },
	{ "seeds", "phase_id, commitment_id", "ii", "phase_id", NULL },
	{ "states", "game_id, after_phase, state, hash, deflated", "iibbi",
	  "game_id, after_phase", NULL },
	{ "mail_seen", "message_id, content_hash, game_id, outcome, received", "tbiti",
	  "message_id, content_hash", NULL },
	{ "outbox", "id, game_id, mail_key, message_id, recipients, mail, state, attempts, "
	  "next_attempt, created, sent, last_error, claims", "iitttbtiiiiti", "id", "id" },
	{ "outbox_digest", "id, mail_len, mail_hash", "iib", "id", NULL },
	{ "outbox_body", "id, mail", "ib", "id", NULL },
	{ "file_blobs", "hash, bytes, deflated", "bbi", "hash", NULL },
	{ "game_files", "game_id, name, hash", "itb", "game_id, name", NULL },
	{ "game_clocks", "game_id, deadline, kinds, grace, wait, reminder, nmr, organiser, "
	  "remaining", "iitiiitti", "game_id", NULL },
	{ "phase_clocks", "phase_id, marks", "ii", "phase_id", NULL },
	{ "seat_lates", "game_id, seat, late", "iti", "game_id, seat", NULL },
	{ "plan_drops", "seat_id, nonce, section, phase_id, reason", "ibiit",
	  "seat_id, nonce, section", NULL },
	{ "seat_settings", "seat_id, key, value", "itt", "seat_id, key", NULL },
	{ "game_club", "game_id, organiser_key, absence, absence_cap, digest", "ittii",
	  "game_id", NULL },
	{ "organiser_nonces", "game_id, nonce", "ib", "game_id, nonce", NULL },
	{ "absences", "id, game_id, seat, start, until", "iitii", "id", "id" },
	{ "leagues", "id, name, points, abandoned, created", "ittti", "id", "id" },
	{ "league_games", "league_id, game_id", "ii", "league_id, game_id", NULL },
};
#define NTABLES (sizeof tables / sizeof tables[0])

static int
count_rows(struct store *st, const char *table, int64_t *n, char **cause)
{
	char *sql = xasprintf("SELECT count(*) FROM %s", table);
	struct db_stmt *s = db_prepare_once(st, sql, cause);
	int rc = -1;

	if (s != NULL) {
		if (db_step(s) == DB_ROW) {
			*n = db_column_int64(s, 0);
			rc = 0;
		} else
			db_fail(st, "cannot count the rows", cause);
		db_finish(st, s);
	}
	free(sql);
	return rc;
}

/* One value of the row src stands on into parameter k+1 of dst. */
static void
copy_value(struct db_stmt *src, struct db_stmt *dst, int k, char type)
{
	if (db_column_is_null(src, k))
		db_bind_null(dst, k + 1);
	else if (type == 'i')
		db_bind_int64(dst, k + 1, db_column_int64(src, k));
	else if (type == 't')
		db_bind_text_n(dst, k + 1, db_column_text(src, k), db_column_bytes(src, k));
	else
		db_bind_blob(dst, k + 1, db_column_blob(src, k), db_column_bytes(src, k));
}

static int
copy_table(struct store *from, struct store *to, const struct copy_table *t,
    size_t *rows, char **cause)
{
	struct strbuf ins = STRBUF_INIT;
	struct db_stmt *src, *dst;
	char *sel;
	int k, n = (int)strlen(t->types), rc;

	sel = xasprintf("SELECT %s FROM %s ORDER BY %s", t->columns, t->name, t->order);
	strbuf_addf(&ins, "INSERT INTO %s (%s) VALUES (", t->name, t->columns);
	for (k = 0; k < n; k++)
		strbuf_addstr(&ins, k > 0 ? ", ?" : "?");
	strbuf_addstr(&ins, ")");
	src = db_prepare_once(from, sel, cause);
	dst = src != NULL ? db_prepare_once(to, ins.s, cause) : NULL;
	free(sel);
	strbuf_free(&ins);
	if (dst == NULL) {
		if (src != NULL)
			db_finish(from, src);
		return cause_prefix(cause, "table %s", t->name);
	}
	while ((rc = db_step(src)) == DB_ROW) {
		for (k = 0; k < n; k++)
			copy_value(src, dst, k, t->types[k]);
		rc = db_step(dst);
		to->drv->reset(dst);
		if (rc == DB_ERROR) {
			db_fail(to, "cannot copy a row", cause);
			break;
		}
		(*rows)++;
	}
	if (rc != DB_DONE && rc != DB_ERROR)
		rc = DB_ERROR;
	else if (rc == DB_ERROR && (cause == NULL || *cause == NULL))
		db_fail(from, "cannot read a row", cause);
	db_finish(from, src);
	db_finish(to, dst);
	if (rc == DB_ERROR)
		return cause_prefix(cause, "table %s", t->name);
	if (t->id != NULL && to->drv->restart_ids != NULL &&
	    to->drv->restart_ids(to, t->name, t->id, cause) == -1)
		return cause_prefix(cause, "table %s", t->name);
	return 0;
}

int
store_copy(struct store *from, struct store *to, struct store_copy_stats *stats,
    char **cause)
{
	int64_t n;
	size_t i;
	int ok = 0;

	memset(stats, 0, sizeof *stats);
	if (store_version(from) != STORE_SCHEMA_VERSION ||
	    store_version(to) != STORE_SCHEMA_VERSION)
		return cause_set(cause, "both stores must be at schema version %d",
		    STORE_SCHEMA_VERSION);
	for (i = 0; i < NTABLES; i++) {
		if (count_rows(to, tables[i].name, &n, cause) == -1)
			return -1;
		if (n > 0)
			return cause_set(cause, "%s is not empty (its table %s holds %lld "
			    "rows): muthur migrate copies into a new store only",
			    store_path(to), tables[i].name, (long long)n);
	}
	if (store_begin(from, cause) == -1)
		return -1;
	if (store_begin(to, cause) == -1) {
		store_rollback(from);
		return -1;
	}
	for (i = 0; i < NTABLES; i++) {
		if (copy_table(from, to, &tables[i], &stats->rows, cause) == -1)
			goto out;
		stats->tables++;
	}
	if (count_rows(to, "games", &n, cause) == -1)
		goto out;
	stats->games = (size_t)n;
	ok = 1;
out:
	store_rollback(from);
	if (!ok) {
		store_rollback(to);
		return -1;
	}
	return store_commit(to, cause);
}
